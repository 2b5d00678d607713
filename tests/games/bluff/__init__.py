"""Bluff: the model game of docs/adding-a-game.md (``RulesEngine``, a hidden number per seat, a page)."""
