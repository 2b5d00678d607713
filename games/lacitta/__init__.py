"""La Città: one game, one Django app (engine, bots, texts, page, templates, static, translations)."""
