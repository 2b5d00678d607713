"""Tiers of staff, as Django groups and permissions (made by a data migration):

- "Moderators": chat and reports (hide messages, warn, mute, suspend, ban, lift, appeals);
- "Game moderators": seats, rollback, adjudication, abort, a game's full state;
- "Administrators": both, and deactivating accounts, resetting ratings, annulling games,
  sanctioning moderators, the IP records of logins.

A tier is a rank: player 0 < moderator or game moderator 1 < administrator 2 < superuser 3.
Nobody sanctions someone of an equal or higher tier (a moderator cannot lock out the superuser)."""

from __future__ import annotations

from django.contrib.auth.models import Permission
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from play.errors import NotAllowed

MODERATE_CHAT = "community.moderate_chat"
MODERATE_GAMES = "community.moderate_games"
ADMINISTER = "community.administer_moderation"
VIEW_IP_RECORDS = "community.view_ip_records"

GROUPS = {
    "Moderators": ["moderate_chat"],
    "Game moderators": ["moderate_games"],
    "Administrators": ["moderate_chat", "moderate_games", "administer_moderation", "view_ip_records"],
}

PLAYER, MODERATOR, ADMINISTRATOR, SUPERUSER = 0, 1, 2, 3


def may(user, perm: str) -> bool:
    return bool(user is not None and user.is_active and user.is_staff and user.has_perm(perm))


def require(user, perm: str) -> None:
    if not may(user, perm):
        raise NotAllowed(_("Your moderator role does not allow this."))


def require_chat_moderator(user) -> None:
    require(user, MODERATE_CHAT)


def require_game_moderator(user) -> None:
    require(user, MODERATE_GAMES)


def require_administrator(user) -> None:
    require(user, ADMINISTER)


def tier(user) -> int:
    """The user's rank, whether or not the account is active now (``has_perm`` says
    False for inactive accounts, so the permissions are read from the tables)."""
    if user is None:
        return PLAYER
    if user.is_superuser:
        return SUPERUSER
    if not user.is_staff:
        return PLAYER
    administrator = Permission.objects.filter(
        Q(user=user) | Q(group__user=user), content_type__app_label="community",
        codename="administer_moderation",
    ).exists()
    return ADMINISTRATOR if administrator else MODERATOR


def require_higher_tier(moderator, user) -> None:
    if tier(user) >= tier(moderator):
        raise NotAllowed(_("You cannot act against someone of your own staff tier or above."))


IP_RECORDS = ["view_accessattempt", "view_accesslog", "view_accessfailurelog"]
GAME_LISTS = ["view_game", "view_seat", "view_move"]


def ensure_groups(**_kwargs) -> None:
    """The groups with their permissions (post_migrate: they survive a database flush, as in tests;
    the data migration 0004 made them first)."""
    from django.contrib.auth.models import Group

    for name, codenames in GROUPS.items():
        group, _created = Group.objects.get_or_create(name=name)
        perms = list(Permission.objects.filter(content_type__app_label="community", codename__in=codenames))
        if "view_ip_records" in codenames:
            perms += list(Permission.objects.filter(content_type__app_label="axes", codename__in=IP_RECORDS))
        # Every tier finds games and late seats in the admin lists (games' own admin).
        perms += list(Permission.objects.filter(content_type__app_label="games", codename__in=GAME_LISTS))
        group.permissions.add(*perms)
