"""The parts of Small City's game page, one concern each; ``games.smallcity.page`` puts them together
(its ``context``) and keeps every name other code imports from it."""
