"""The race test game's bot level "slow", whose first move takes a long time, so a test can
kill the worker while it is choosing. Added to the race game's definition by ``SlowRaceConfig``
in the worker processes of the fault tests (tests/faults/worker_settings.py installs it), and by
the ``slow_bot`` fixture in the test process.

The first call writes its process id to ``$SLOW_BOT_MARKER`` and sleeps
``$SLOW_BOT_SECONDS``; any later call (the redelivered task) sees the marker
and answers at once."""

from __future__ import annotations

import dataclasses
import os
import time

from django.apps import AppConfig

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


def add_slow_level():
    """The race definition gains the level; returns the definition it had, for ``restore``."""
    from play import registry

    before = registry.definition("race")
    registry.unregister("race")
    registry.register(dataclasses.replace(before, bot_levels={**before.bot_levels, LEVEL: slow_move}))
    return before


def restore(before) -> None:
    from play import registry

    registry.unregister("race")
    registry.register(before)


class SlowRaceConfig(AppConfig):
    """Installed after the race game's app (its definition is registered by then)."""

    name = "tests.faults.slow_race"
    label = "slow_race"

    def ready(self):
        add_slow_level()
