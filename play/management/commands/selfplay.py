"""Random legal games of any registered game, the engine's invariants checked after every move.

    python manage.py selfplay --game SLUG --players 4 [--option key=value …] --games 200 --seed 1
    python manage.py selfplay --game SLUG --players 2-6 --games 1000   # games cycle through 2…6 seats

Prints one JSON line (``kit.selfplay.run``)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from kit import selfplay
from play import registry

from .arena import parse_options


class Command(BaseCommand):
    help = "Play random legal games on an engine, checking its invariants; print one JSON line."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="A registered game's slug.")
        parser.add_argument("--players", required=True,
                            help="A count, or a range such as 2-6 that the games cycle through.")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="Any option of the game's engine, e.g. --option pile=21 (repeatable).")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--checks", choices=selfplay.CHECKS, default="invariants",
                            help="checked after every move: the engine's invariants (default), none, "
                                 "or all (the invariants and a JSON round trip of the state)")

    def handle(self, *args, **opts):
        try:
            engine = registry.get(opts["game"])
        except KeyError as exc:
            raise CommandError(str(exc)) from None
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1")
        try:
            summary = selfplay.run(engine, parse_options(opts["option"]), opts["players"], opts["games"],
                                   opts["seed"], opts["checks"])
        except ValueError as exc:  # options the engine refuses, a malformed --players
            raise CommandError(str(exc)) from None
        self.stdout.write(json.dumps(summary))
