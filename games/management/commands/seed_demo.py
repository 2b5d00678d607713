"""Demo data for `make run`: two players who can log in, and a game of La Città
between them and a bot. Safe to run again (it adds nothing the second time)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.engines import registry
from games.models import Game

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
        try:
            registry.get("lacitta")
        except (KeyError, ImportError):
            self.stdout.write(self.style.WARNING("La Città engine not available: no demo game."))
            return
        game = services.game_create(
            creator=demo, game_type="lacitta",
            options={"edition": "modern", "expansion": "none", "setup": "beginner"},
            seats=[services.SeatSpec("me"), services.SeatSpec("invite", username=rival.username),
                   services.SeatSpec("bot", bot_level="random")],
        )
        services.game_join(game_id=game.pk, user=rival)
        services.game_create(
            creator=rival, game_type="lacitta",
            options={"edition": "classic", "expansion": "none", "setup": "beginner"},
            seats=[services.SeatSpec("me"), services.SeatSpec("open")],
        )
        self.stdout.write(self.style.SUCCESS(
            f"Demo users demo / rival / admin (password {DEMO_PASSWORD}); demo game #{game.pk}."
        ))
