"""Hilo: a test game written by following docs/adding-a-game.md alone (issue 40's blind trial): every seat
chooses high or low at once, in secret, then a public die decides who scores."""
