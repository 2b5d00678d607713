"""A player's own data: export it, or close the account.

Closing anonymises instead of deleting: games, moves and reports point at the
user row, so it stays, renamed ``deleted-<id>``, inactive, with no e-mail, no
password and no profile; running games go on with a bot in the seat. Moderation
evidence is kept for a retention period (``signup_policy``)."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from play import body_cache
from play import services as game_services
from play.models import Game, Move, Seat, SeatDeparture

from . import signup_policy
from .models import ChatMessage, MemberSettings, Report, Sanction, SeenAddress

User = get_user_model()
DELETED_PREFIX = "deleted-"


def is_deleted(user) -> bool:
    return not user.is_active and user.get_username().startswith(DELETED_PREFIX) and not user.email


PLAYERS_OWN_ROWS = (Move.Kind.MOVE, Move.Kind.UNDO, Move.Kind.TAKE_BACK, Move.Kind.RESIGN)


def account_export(*, user) -> dict:
    """Everything the site keeps about the user, as JSON-able data. Only what
    they may see: their own moves' payloads, never a game's hidden state."""
    from allauth.account.models import EmailAddress

    from play.models import Vacation
    from players.models import Profile
    from ratings.models import Rating

    profile = Profile.objects.filter(user=user).first()
    member = MemberSettings.objects.filter(user=user).first()
    seats = Seat.objects.filter(user=user).select_related("game").order_by("game_id")
    games = []
    for seat in seats:
        game = seat.game
        result = game.result or {}
        ranks, scores = result.get("ranks") or [], result.get("scores") or []
        games.append(
            {
                "id": game.pk,
                "game_type": game.game_type,
                "options": game.options,
                "status": game.status,
                "private": game.is_private,
                "created_at": game.created_at,
                "started_at": game.started_at,
                "finished_at": game.finished_at,
                "seat": seat.index,
                "colour": seat.colour,
                "resigned": seat.resigned,
                "forfeited": seat.forfeited,
                "rank": ranks[seat.index] if seat.index < len(ranks) else None,
                "score": scores[seat.index] if seat.index < len(scores) else None,
            }
        )
    return {
        "exported_at": timezone.now(),
        "account": {
            "id": user.pk,
            "username": user.get_username(),
            "email": user.email,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
            "email_addresses": [
                {"email": e.email, "verified": e.verified, "primary": e.primary}
                for e in EmailAddress.objects.filter(user=user)
            ],
        },
        "profile": {
            "language": profile.language if profile else None,
            "email_your_turn": profile.email_your_turn if profile else None,
            "email_reminder": profile.email_reminder if profile else None,
            "email_game_over": profile.email_game_over if profile else None,
            "email_digest": profile.email_digest if profile else None,
            "vacation_days_per_year": profile.vacation_days_per_year if profile else None,
            "display_name": member.display_name if member else "",
            "country": str(member.country) if member and member.country else "",
            "invite_policy": member.invite_policy if member else MemberSettings.InvitePolicy.ANYONE,
            "visibility": member.visibility if member else MemberSettings.Visibility.PUBLIC,
        },
        "vacations": [
            {"starts_at": v.starts_at, "ends_at": v.ends_at}
            for v in Vacation.objects.filter(user=user).order_by("starts_at")
        ],
        "games": games,
        "moves": [
            {
                "game": m.game_id,
                "seq": m.seq,
                "seat": m.seat,
                "kind": m.kind,
                # A row made as a moderator (a rollback: its redraw seed) holds a game's hidden future:
                # only what the user did as a player is theirs to take away.
                "payload": m.payload if m.kind in PLAYERS_OWN_ROWS else {},
                "created_at": m.created_at,
                "undone": m.undone_at is not None,
            }
            for m in Move.objects.filter(by_user=user).order_by("game_id", "seq")
        ],
        "chat_messages": [
            {
                "game": c.game_id,
                "text": c.text,
                "created_at": c.created_at,
                "hidden_by_moderator": c.is_hidden,
            }
            for c in ChatMessage.objects.filter(author=user).order_by("created_at")
        ],
        # Seats left to someone else before a game's end (ratings count them as finishing last).
        "seats_left": [
            {"game": d.game_id, "seat": d.seat_index, "moves": d.moves, "at_move": d.version,
             "left_at": d.created_at}
            for d in SeatDeparture.objects.filter(user=user).order_by("created_at")
        ],
        # Where the account was used from through an API token or to send moves (kept for staff's
        # collusion checks, community.addresses.RETENTION_DAYS after their last use).
        "addresses_seen": [
            {"address": a.ip, "through": a.via, "device": a.device, "first_seen": a.first_seen,
             "last_seen": a.last_seen}
            for a in SeenAddress.objects.filter(user=user).order_by("first_seen")
        ],
        "ratings": [
            {
                "game_type": r.game_type,
                "mu": r.mu,
                "sigma": r.sigma,
                "rating": r.ordinal,
                "games": r.games,
                "wins": r.wins,
            }
            for r in Rating.objects.filter(user=user)
        ],
        "reports_made": [
            {
                "created_at": r.created_at,
                "reason": r.reason,
                "status": r.status,
                "message": r.message_id,
                "reported_user": getattr(r.reported_user, "username", None),
            }
            for r in Report.objects.filter(reporter=user).select_related("reported_user")
        ],
        "moderation_decisions": [
            {
                "kind": s.kind,
                "reason": str(s.public_reason_text),  # the internal note is the staff's
                "starts_at": s.starts_at,
                "ends_at": s.ends_at,
                "lifted_at": s.lifted_at,
                "appeal": s.appeal,
                "appeal_decision": s.appeal_decision,
            }
            for s in Sanction.objects.filter(user=user)
        ],
    }


def account_delete(*, user) -> None:
    """Close the account for good (the view checks the password first)."""
    from allauth.account.models import EmailAddress
    from rest_framework.authtoken.models import Token

    from notifications.models import Notification
    from play.models import Vacation
    from players.models import Profile

    if is_deleted(user):
        return
    # Bots take the running games, open games are cancelled, seats given up.
    game_services.user_deactivate(user=user, by_user=user)
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        # Staff keep the former name and the evidence for the retention period (signup_policy).
        signup_policy.record_closing(user=user, former_username=user.get_username(), former_email=user.email)
        kept = list(signup_policy.kept_messages(user).values_list("pk", flat=True))
        name = f"{DELETED_PREFIX}{user.pk}"
        if User.objects.filter(username=name).exclude(pk=user.pk).exists():
            name = f"{name}-{secrets.token_hex(3)}"
        user.username, user.email, user.first_name, user.last_name = name, "", "", ""
        transaction.on_commit(body_cache.forget_names)  # old game pages may show the former name
        user.is_active = user.is_staff = user.is_superuser = False
        user.set_unusable_password()
        user.save()
        EmailAddress.objects.filter(user=user).delete()
        Token.objects.filter(user=user).delete()
        Vacation.objects.filter(user=user).delete()
        Notification.objects.filter(user=user).delete()
        MemberSettings.objects.filter(user=user).delete()
        Profile.objects.filter(user=user).update(
            email_your_turn=False, email_reminder=False, email_game_over=False, email_digest=False
        )
        ChatMessage.objects.filter(author=user).exclude(pk__in=kept).update(text="")
        # Invitations still waiting in games that have not started.
        Seat.objects.filter(user=user, kind=Seat.Kind.INVITED, game__status=Game.Status.OPEN).update(
            kind=Seat.Kind.OPEN, user=None
        )
