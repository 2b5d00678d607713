"""Demo data for `make run`: two players who can log in and, for each game whose
definition names demo options, a game between them and a bot (the first option
set), a solo game for the demo user when the game can be played alone, and an open game
for each other option set. Safe to run again (it adds nothing the second time)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from play import registry, services
from play.models import Game

DEMO_MOVES_MAX = 200  # a game's demo script that never says "stop" is cut here

DEMO_USERS = [("demo", "demo@example.com"), ("rival", "rival@example.com")]
DEMO_PASSWORD = "demo-password"


class Command(BaseCommand):
    help = "Create the demo users (password: demo-password) and a demo game."

    def handle(self, *args, **options):
        User = get_user_model()
        users = []
        for name, email in DEMO_USERS:
            user, created = User.objects.get_or_create(username=name, defaults={"email": email})
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            EmailAddress.objects.update_or_create(user=user, email=email,
                                                  defaults={"verified": True, "primary": True})
            users.append(user)
        if not User.objects.filter(username="admin").exists():
            User.objects.create_superuser("admin", "admin@example.com", DEMO_PASSWORD)
        # Every demo account logs in at once (sign-up confirmation is mandatory for new accounts).
        admin = User.objects.get(username="admin")
        EmailAddress.objects.update_or_create(user=admin, email=admin.email,
                                              defaults={"verified": True, "primary": True})
        demo, rival = users
        if Game.objects.filter(created_by=demo).exists():
            self.stdout.write("Demo data already present.")
            return
        demo_games = []
        for definition in registry.definitions():
            if not definition.demo_options:
                continue
            first, *more = definition.demo_options
            if definition.engine.min_players == 1:  # a game one can play alone: a solo game waits for demo
                solo = services.game_create(creator=demo, game_type=definition.slug, options=first,
                                            seats=[services.SeatSpec("me")])
                demo_games.append(solo.pk)
            if definition.engine.max_players < 2:
                continue
            seats = [services.SeatSpec("me"), services.SeatSpec("invite", username=rival.username)]
            if definition.engine.max_players > 2:
                seats.append(services.SeatSpec("bot", bot_level="random"))
            game = services.game_create(creator=demo, game_type=definition.slug, options=first, seats=seats)
            services.game_join(game_id=game.pk, user=rival)
            if definition.demo_moves is not None:
                play_demo_moves(definition, game.pk)
            demo_games.append(game.pk)
            for options in more:
                services.game_create(creator=rival, game_type=definition.slug, options=options,
                                     seats=[services.SeatSpec("me"), services.SeatSpec("open")])
        if not demo_games:
            self.stdout.write(self.style.WARNING("No installed game names demo options: no demo game."))
            return
        self.stdout.write(self.style.SUCCESS(
            f"Demo users demo / rival / admin (password {DEMO_PASSWORD}); demo game "
            + ", ".join(f"#{pk}" for pk in demo_games) + "."
        ))


def play_demo_moves(definition, game_id: int) -> None:
    """The game's demo script (``GameDefinition.demo_moves``): each move made by its seat's player
    through the services, as in play; bots answer in between as they would (Celery eager)."""
    engine = definition.engine
    for _ in range(DEMO_MOVES_MAX):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        humans = {s.index: s.user for s in game.seats.all() if s.user_id and s.kind == s.Kind.HUMAN}
        step = definition.demo_moves(engine, engine.load(game.state), set(humans))
        if step is None:
            return
        seat, move = step
        services.move_apply(game_id=game_id, user=humans[seat], move=move, expected_version=game.version)
