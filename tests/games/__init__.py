"""Test-only games, each a Django app the test settings install (``TEST_GAME_APPS``): they plug
into the platform exactly as a real game does, through the registry and nothing else."""

# Installed by the test settings and by the settings of the worker processes tests start.
APPS = ["tests.games.race", "tests.games.nim", "tests.games.patience", "tests.games.market",
        "tests.games.bluff", "tests.games.hilo"]
