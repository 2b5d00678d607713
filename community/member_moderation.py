"""Moderators' actions on a member's account: reset the display name, deactivate, reset a rating,
staff notes, appoint or demote staff (administrators only)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import NotAllowed, ServiceError

from . import tiers
from .models import StaffNote
from .moderation_base import Action, _user, log_action, require_moderator, require_reason


@transaction.atomic
def member_display_name_reset(*, moderator, user_id: int, reason: str):
    """An offensive display name goes back to the username; logged (the player may choose another)."""
    from .models import MemberSettings

    require_moderator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    tiers.require_higher_tier(moderator, user)
    member = MemberSettings.objects.select_for_update().filter(user=user).first()
    if member is None or not member.display_name:
        raise ServiceError(_("This player has no display name."))
    former, member.display_name = member.display_name, ""
    member.save(update_fields=["display_name"])
    return log_action(moderator=moderator, action=Action.RESET_NAME, reason=reason, target_user=user,
                      details={"former": former})


def member_deactivate(*, moderator, user_id: int, reason: str) -> None:
    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot deactivate yourself."))
    tiers.require_higher_tier(moderator, user)
    if not user.is_active:
        raise ServiceError(_("This account is already inactive."))
    game_services.user_deactivate(user=user, by_user=moderator)
    log_action(moderator=moderator, action=Action.DEACTIVATE, reason=reason, target_user=user)


@transaction.atomic
def member_rating_reset(*, moderator, rating_id: int, reason: str):
    from ratings.models import Rating
    from ratings.services import rating_reset

    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    rating = Rating.objects.filter(pk=rating_id).first()
    if rating is None:
        raise ServiceError(_("There is no such rating."))
    before = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games, "wins": rating.wins}
    rating = rating_reset(rating_id=rating.pk)
    log_action(
        moderator=moderator,
        action=Action.RESET_RATING,
        reason=reason,
        target_user_id=rating.user_id,
        details={"game_type": rating.game_type, "bot_level": rating.bot_level, "before": before},
    )
    return rating


def member_note_edit(*, moderator, note_id: int, text: str) -> StaffNote:
    """Correct a staff note: its author, or an administrator."""
    if moderator is None or not (moderator.is_active and moderator.is_staff):
        raise NotAllowed(_("Only moderators can do this."))
    note = StaffNote.objects.filter(pk=note_id).first()
    if note is None:
        raise ServiceError(_("There is no such note."))
    if note.author_id != moderator.pk and not tiers.may(moderator, tiers.ADMINISTER):
        raise NotAllowed(_("Only its author or an administrator changes a note."))
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Write the note first."))
    if len(text) > 2000:
        raise ServiceError(_("Keep it under 2000 characters."))
    note.text = text
    note.save(update_fields=["text"])
    return note


def member_note_add(*, moderator, user_id: int, text: str) -> StaffNote:
    """A note about a player for the other staff (any tier writes and reads them)."""
    if moderator is None or not (moderator.is_active and moderator.is_staff):
        raise NotAllowed(_("Only moderators can do this."))
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Write the note first."))
    if len(text) > 2000:
        raise ServiceError(_("Keep it under 2000 characters."))
    return StaffNote.objects.create(user=_user(user_id), author=moderator, text=text)


ROLES = {"": [], "moderator": ["Moderators"], "game_moderator": ["Game moderators"],
         "both": ["Moderators", "Game moderators"], "administrator": ["Administrators"]}


@transaction.atomic
def staff_role_set(*, moderator, user_id: int, role: str, reason: str):
    """An administrator appoints or demotes a moderator (the tiers' groups); only the superuser makes
    or demotes an administrator. Logged."""
    from django.contrib.auth.models import Group

    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    if role not in ROLES:
        raise ServiceError(_("Choose a role from the list."))
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot change your own role."))
    tiers.require_higher_tier(moderator, user)
    if role == "administrator" and not moderator.is_superuser:
        raise NotAllowed(_("Only the superuser appoints administrators."))
    before = sorted(user.groups.filter(name__in=tiers.GROUPS).values_list("name", flat=True))
    user.groups.remove(*Group.objects.filter(name__in=tiers.GROUPS))
    user.groups.add(*Group.objects.filter(name__in=ROLES[role]))
    user.is_staff = bool(ROLES[role])
    user.save(update_fields=["is_staff"])
    return log_action(moderator=moderator, action=Action.STAFF_ROLE, reason=reason, target_user=user,
                      details={"before": before, "after": ROLES[role]})
