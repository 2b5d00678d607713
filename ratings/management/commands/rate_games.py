"""Rate finished games that have no rating changes yet, oldest first (after an
outage of the task queue, or to rate games finished before ratings existed)."""

from django.core.management.base import BaseCommand

from play.models import Game
from ratings.models import RatingChange
from ratings.services import game_rate


class Command(BaseCommand):
    help = "Rate every finished game not rated yet, in the order the games finished."

    def handle(self, *args, **options):
        rated = RatingChange.objects.filter(game__isnull=False).values("game_id")
        todo = (
            Game.objects.filter(status=Game.Status.FINISHED)
            .exclude(pk__in=rated)
            .order_by("finished_at", "pk")
        )
        count = 0
        for game_id in todo.values_list("pk", flat=True).iterator():
            if game_rate(game_id=game_id):
                count += 1
        self.stdout.write(self.style.SUCCESS(f"{count} game(s) rated"))
