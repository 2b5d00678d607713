"""Ratings: one (mu, sigma) per rating identity and game type.

An identity is a user, or a bot level (all bots of one level share one
rating per game type). ``ordinal`` = mu − 3·sigma, the conservative skill
estimate the leaderboard sorts by, is kept as a column so it can be indexed."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import skill


class Rating(models.Model):
    game_type = models.CharField(_("game"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    bot_level = models.CharField(_("bot level"), max_length=20, blank=True)
    mu = models.FloatField(default=skill.DEFAULT_MU)
    sigma = models.FloatField(default=skill.DEFAULT_SIGMA)
    ordinal = models.FloatField(_("rating"), default=skill.ordinal(skill.DEFAULT_MU, skill.DEFAULT_SIGMA))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model name", "rating")
        verbose_name_plural = pgettext_lazy("model name", "ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["game_type", "user"],
                condition=Q(user__isnull=False),
                name="one_rating_per_user_and_game",
            ),
            models.UniqueConstraint(
                fields=["game_type", "bot_level"],
                condition=Q(user__isnull=True),
                name="one_rating_per_bot_level_and_game",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, bot_level="") | Q(user__isnull=True) & ~Q(bot_level=""),
                name="rating_is_a_user_or_a_bot",
            ),
        ]
        indexes = [models.Index(fields=["game_type", "-ordinal"])]

    def __str__(self):
        return f"{self.game_type}: {self.label} {self.ordinal:.1f}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def label(self) -> str:
        if self.is_bot:
            return str(_("Bot (%(level)s)") % {"level": self.bot_level})
        return self.user.get_username()

    def set_skill(self, mu: float, sigma: float) -> None:
        self.mu, self.sigma, self.ordinal = mu, sigma, skill.ordinal(mu, sigma)


class RatingChange(models.Model):
    """One line of a rating's history: a rated game, or a moderator's reset."""

    class Reason(models.TextChoices):
        GAME = "game", _("Rated game")
        RESET = "reset", _("Reset by a moderator")
        ANNULLED = "annulled", _("Game annulled by a moderator")  # kept for the record; counts no more
        ABANDONED = "abandoned", _("Game abandoned (counted as finishing last)")

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_changes"
    )
    reason = models.CharField(max_length=9, choices=Reason.choices, default=Reason.GAME)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    # The part of the seat's moves this player was in charge of (a substitute who took the seat
    # over at move 14 of 40 is rated for 26/40 of the game's result).
    share = models.FloatField(default=1.0, db_default=1.0)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model name", "rating change")
        verbose_name_plural = pgettext_lazy("model name", "rating changes")
        ordering = ["-created_at", "-pk"]
        constraints = [
            # A game moves each rating once, however often its task runs.
            models.UniqueConstraint(
                fields=["rating", "game"],
                condition=Q(game__isnull=False),
                name="one_change_per_rating_and_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rating_id} {self.reason} {self.game_id or ''}: {self.mu_before:.1f} → {self.mu_after:.1f}"

    @property
    def delta(self) -> float:
        return skill.ordinal(self.mu_after, self.sigma_after) - skill.ordinal(
            self.mu_before, self.sigma_before
        )
