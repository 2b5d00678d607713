"""Player-side writes: privacy settings, chat, reports, appeals.

Refusals are ``play.errors`` (a message key and its parameters; the interface
words them and picks the HTTP answer) and leave nothing changed."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import events
from play import selectors as game_selectors
from play.errors import NotAllowed, ServiceError
from play.models import Game

from . import notices
from .models import CHAT_MAX_LENGTH, Block, ChatMessage, MemberSettings, Report, Sanction


def settings_of(user) -> MemberSettings:
    """The user's settings, unsaved defaults if they never changed them."""
    found = MemberSettings.objects.filter(user=user).first()
    return found or MemberSettings(user=user)


# --- settings -----------------------------------------------------------------------------------


def member_settings_update(
    *, user, display_name: str, country: str, invite_policy: str, visibility: str
) -> MemberSettings:
    display_name = " ".join((display_name or "").split())
    if len(display_name) > 40:
        raise ServiceError(_("A display name has at most 40 characters."))
    if invite_policy not in MemberSettings.InvitePolicy.values:
        raise ServiceError(_("Unknown invitation choice."))
    if visibility not in MemberSettings.Visibility.values:
        raise ServiceError(_("Unknown visibility choice."))
    member, _created = MemberSettings.objects.get_or_create(user=user)
    member.display_name, member.country = display_name, country or ""
    member.invite_policy, member.visibility = invite_policy, visibility
    member.full_clean(exclude=["user"])
    member.save()
    return member


# --- chat ---------------------------------------------------------------------------------------


def chat_block(user) -> Sanction | None:
    """The active mute, suspension or ban that keeps the user out of the chat
    longest (a sanction without end first), or None."""
    now = timezone.now()
    blocking = [
        s
        for s in Sanction.objects.filter(user=user, lifted_at__isnull=True).exclude(kind=Sanction.Kind.WARN)
        if s.is_active(now)
    ]
    if not blocking:
        return None
    return max(blocking, key=lambda s: (s.ends_at is None, s.ends_at or now))


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """A player of the game writes in its chat (spectators only read)."""
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Write something first."))
    if len(text) > CHAT_MAX_LENGTH:
        raise ServiceError(
            _("A message has at most %(n)d characters (this one has %(len)d)."),
            {"n": CHAT_MAX_LENGTH, "len": len(text)},
        )
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game_selectors.can_view(game, user):
        raise ServiceError(_("There is no such game."))
    seat = game_selectors.seat_of(game, user)
    if seat is None:
        raise NotAllowed(_("Only the players of this game can write in its chat."))
    if game.state is None or game.status == Game.Status.CANCELLED:
        raise ServiceError(_("The chat opens when the game starts."))
    block = chat_block(user)
    if block is not None:
        if block.ends_at is None:
            raise NotAllowed(_("You may not write in the chat."))
        raise NotAllowed(_("A moderator muted you until %(until)s (UTC)."),
                         {"until": block.ends_at.strftime("%Y-%m-%d %H:%M")})
    message = ChatMessage.objects.create(game=game, author=user, seat=seat.index, text=text)
    # The API's streams, once this commits: the other players, but not those who blocked the author.
    players = {s.user_id for s in game.seats.all() if s.user_id and s.kind == s.Kind.HUMAN} - {user.pk}
    blocking = set(Block.objects.filter(blocked=user, blocker_id__in=players)
                   .values_list("blocker_id", flat=True))
    events.chat_posted(message, players - blocking)
    return message


# --- reports ------------------------------------------------------------------------------------


def _clean_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Say what is wrong, in a few words."))
    if len(reason) > 1000:
        raise ServiceError(_("Keep it under 1000 characters."))
    return reason


def _filed(report: Report) -> Report:
    """A report is in the moderators' inbox; an urgent one (threats) mails the staff at once."""
    if report.urgent:
        notices.urgent_report(report)
    return report


def report_game(*, reporter, game_id: int, reason: str, urgent: bool = False) -> Report:
    """A problem with a game (a bug, a stuck game), for the game moderators: nobody is accused."""
    reason = _clean_reason(reason)
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game_selectors.can_view(game, reporter):
        raise ServiceError(_("There is no such game."))
    if Report.objects.filter(reporter=reporter, game=game, category=Report.Category.GAME,
                             status=Report.Status.OPEN).exists():
        raise ServiceError(_("You already reported a problem with this game; the moderators will look at it."))
    return _filed(Report.objects.create(reporter=reporter, game=game, category=Report.Category.GAME,
                                        reason=reason, urgent=bool(urgent)))


def report_message(*, reporter, message_id: int, reason: str, urgent: bool = False) -> Report:
    reason = _clean_reason(reason)
    message = ChatMessage.objects.select_related("game").filter(pk=message_id).first()
    if message is None or not game_selectors.can_view(message.game, reporter):
        raise ServiceError(_("There is no such message."))
    if message.author_id == reporter.pk:
        raise ServiceError(_("You cannot report your own message."))
    if Report.objects.filter(reporter=reporter, message=message).exists():
        raise ServiceError(_("You already reported this message; the moderators will look at it."))
    return _filed(Report.objects.create(
        reporter=reporter, message=message, reported_user_id=message.author_id, reason=reason,
        game_id=message.game_id, urgent=bool(urgent),
    ))


def report_user(*, reporter, user, reason: str, category: str = Report.Category.CHAT, urgent: bool = False) -> Report:
    reason = _clean_reason(reason)
    if user.pk == reporter.pk:
        raise ServiceError(_("You cannot report yourself."))
    if Report.objects.filter(
        reporter=reporter, reported_user=user, message=None, status=Report.Status.OPEN
    ).exists():
        raise ServiceError(_("You already reported this player; the moderators will look at it."))
    if category not in (Report.Category.CHAT, Report.Category.CHEATING):
        raise ServiceError(_("Choose what the report is about from the list."))
    return _filed(Report.objects.create(reporter=reporter, reported_user=user, reason=reason,
                                        category=category, urgent=bool(urgent)))


# --- appeals ------------------------------------------------------------------------------------


@transaction.atomic
def sanction_appeal(*, user, sanction_id: int, text: str) -> Sanction:
    sanction = Sanction.objects.select_for_update().filter(pk=sanction_id, user=user).first()
    if sanction is None:
        raise ServiceError(_("There is no such decision about you."))
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Say why the decision should change."))
    if len(text) > 2000:
        raise ServiceError(_("Keep it under 2000 characters."))
    if sanction.appealed_at is not None:
        raise ServiceError(_("You already appealed this decision."))
    sanction.appeal, sanction.appealed_at = text, timezone.now()
    sanction.save(update_fields=["appeal", "appealed_at"])
    return sanction


def staff_digest_set(*, user, wanted: bool) -> MemberSettings:
    """A staff member asks for (or stops) the daily moderation digest e-mail."""
    if not (user.is_active and user.is_staff):
        raise NotAllowed(_("Only staff members get the moderation digest."))
    member, _created = MemberSettings.objects.get_or_create(user=user)
    member.staff_digest = bool(wanted)
    member.save(update_fields=["staff_digest"])
    return member


def sanction_notices_seen(*, user) -> int:
    """The player opened their moderation notices: the notice on every page stops."""
    return Sanction.objects.filter(user=user, seen_at__isnull=True).update(seen_at=timezone.now())


# --- blocking another player ------------------------------------------------------------------------


def player_block(*, blocker, blocked) -> Block:
    """Hide the other's chat from the blocker; they can no longer invite the blocker."""
    if blocked.pk == blocker.pk:
        raise ServiceError(_("You cannot block yourself."))
    return Block.objects.get_or_create(blocker=blocker, blocked=blocked)[0]


def player_unblock(*, blocker, blocked) -> None:
    Block.objects.filter(blocker=blocker, blocked=blocked).delete()
