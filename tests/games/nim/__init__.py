"""Nim: a second test-only game, with its own texts, page, bots and French translations, added
to the test settings' INSTALLED_APPS and nowhere else (no platform file names it)."""
