"""Loaded by the worker processes of the fault tests through
``EXTRA_GAME_ENGINES="race=tests.faults.slow_race:ENGINE"``: the race test game
plus a bot level "slow" whose first move takes a long time, so a test can kill
the worker while it is choosing.

The first call writes its process id to ``$SLOW_BOT_MARKER`` and sleeps
``$SLOW_BOT_SECONDS``; any later call (the redelivered task) sees the marker
and answers at once."""

from __future__ import annotations

import os
import time

from games import bots
from tests.support.race_engine import ENGINE  # noqa: F401  (what EXTRA_GAME_ENGINES asks for)

LEVEL = "slow"


def slow_move(engine, view, legal, seat, rng):
    marker = os.environ.get("SLOW_BOT_MARKER", "")
    if marker:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass  # a later delivery: play now
        else:
            with os.fdopen(fd, "w") as f:
                f.write(str(os.getpid()))
            time.sleep(float(os.environ.get("SLOW_BOT_SECONDS", "60")))
    return legal[0]


bots.register_level("race", LEVEL, slow_move)
