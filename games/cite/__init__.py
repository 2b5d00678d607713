"""Cité (Guillaume Besançon, Le Joueur 2010/11): the introductory game with trading by post.

This session holds only the pure engine (``engine/``) and its bots (``bots/``); the Django app
(pages, texts, registration) comes on the platform's v2 contract."""
