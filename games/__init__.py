"""The games: one Django app per folder (games/<slug>/), each registered with the platform (``play``) by its
AppConfig. Nothing here is the platform's; the platform never imports a game (import-linter contract)."""
