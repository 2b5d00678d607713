"""The parts of La Città's game page, one concern each; ``games.lacitta.page`` puts them together
(its ``context``) and keeps every name other code imports from it."""
