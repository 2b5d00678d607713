"""Replay every game's log from its seed and compare with the stored snapshot.

The comparison is of what the rules decide, not of the storage format: the stored snapshot is read by the
engine of this release (which reads every ``schema_version`` it ever wrote) and written again, as the replay
is, so a backup taken before an upgrade that changed the format verifies after it."""

import json

from django.core.management.base import BaseCommand

from kit.base import IllegalMove, InvalidState
from play.models import Game
from play.replay import replay_final_state


def as_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


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
                reason = "snapshot differs from the replay"
                try:
                    stored = as_json(engine.dump(engine.load(game.state)))
                except (InvalidState, KeyError, ValueError, TypeError) as exc:
                    stored, reason = None, f"the stored snapshot cannot be read: {exc}"
                same = state is not None and stored is not None and as_json(engine.dump(state)) == stored
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
