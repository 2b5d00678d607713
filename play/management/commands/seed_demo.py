"""Demo data for `make run`: two players who can log in and, for each game whose
definition names demo options, a game between them and a bot (the first option
set) and an open game for each other option set. Safe to run again (it adds nothing the
second time)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from play import registry, services
from play.models import Game

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
            seats = [services.SeatSpec("me"), services.SeatSpec("invite", username=rival.username)]
            if definition.engine.max_players > 2:
                seats.append(services.SeatSpec("bot", bot_level="random"))
            game = services.game_create(creator=demo, game_type=definition.slug, options=first, seats=seats)
            services.game_join(game_id=game.pk, user=rival)
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
