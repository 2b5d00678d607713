"""Replay every game's log from its seed and compare with the stored snapshot."""

import json

from django.core.management.base import BaseCommand

from kit.base import IllegalMove
from play.models import Game
from play.replay import replay_final_state


class Command(BaseCommand):
    help = "Replay every started game from its seed and move log; exit 1 if any snapshot differs."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, action="append", help="Only this game id (repeatable).")

    def handle(self, *args, **options):
        games = Game.objects.exclude(state=None).order_by("pk")
        if options["game"]:
            games = games.filter(pk__in=options["game"])
        bad = checked = 0
        for game in games.iterator(chunk_size=100):
            checked += 1
            try:
                engine, state = replay_final_state(game)
                same = state is not None and json.loads(json.dumps(engine.dump(state))) == game.state
                reason = "snapshot differs from the replay"
            except (IllegalMove, KeyError, ValueError) as exc:
                same, reason = False, f"replay failed: {exc}"
            if not same:
                bad += 1
                self.stdout.write(self.style.ERROR(f"game {game.pk} ({game.game_type}): {reason}"))
        summary = f"{checked} game(s) replayed, {bad} differ"
        if bad:
            self.stdout.write(self.style.ERROR(summary))
            raise SystemExit(1)
        self.stdout.write(self.style.SUCCESS(summary))
