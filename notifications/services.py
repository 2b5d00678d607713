"""Queueing e-mails. Called inside the transaction of the game change that
causes them: the outbox row commits with the change, the send task is queued
on commit. Preferences decide whether a row is made and whether it waits for
the daily digest."""

from __future__ import annotations

from .models import Notification


def _profile(user):
    from players.models import Profile

    try:
        return user.profile  # already loaded when the caller selected it with the user
    except Profile.DoesNotExist:
        return Profile.objects.get_or_create(user=user)[0]


def _queue(*, user, kind: str, game, key: str, digestible: bool) -> Notification | None:
    if not user.is_active or not user.email:
        return None
    profile = _profile(user)
    wanted = {
        Notification.Kind.YOUR_TURN: profile.email_your_turn,
        Notification.Kind.REMINDER: profile.email_reminder,
        Notification.Kind.GAME_OVER: profile.email_game_over,
    }.get(kind, True)
    if not wanted:
        return None
    status = Notification.Status.DIGEST if digestible and profile.email_digest else Notification.Status.PENDING
    if status == Notification.Status.PENDING and kind == Notification.Kind.YOUR_TURN and game is not None:
        from games.presence import is_present

        if is_present(game.pk, user.pk):
            return None  # they are looking at the game: the page shows it is their turn
    note, created = Notification.objects.get_or_create(
        dedupe_key=key, defaults={"user": user, "kind": kind, "game": game, "status": status}
    )
    if created and status == Notification.Status.PENDING:
        from games.queue import enqueue_on_commit

        from .tasks import send_notification

        enqueue_on_commit(send_notification, note.pk)
    return note


def your_turn(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.YOUR_TURN, game=game,
                  key=f"turn:{game.pk}:{seat.index}:{game.version}", digestible=True)


def reminder(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.REMINDER, game=game,
                  key=f"remind:{game.pk}:{seat.index}:{seat.owes_since.isoformat()}", digestible=True)


def game_over(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.GAME_OVER, game=game,
                  key=f"over:{game.pk}:{seat.index}", digestible=False)


def service_mail(*, user, kind: str, key: str, data: dict) -> Notification | None:
    """A mail about the account itself (a moderation decision, a report handled, the
    staff's queue): sent whatever the game-mail preferences say, and also to an
    account a suspension has just closed (it must learn why and how to appeal).
    None when there is no address or that mail (``key``) was already queued."""
    if user is None or not user.email:
        return None
    note, created = Notification.objects.get_or_create(
        dedupe_key=key, defaults={"user": user, "kind": kind, "game": None, "data": data,
                                  "status": Notification.Status.PENDING}
    )
    if not created:
        return None
    from games.queue import enqueue_on_commit

    from .tasks import send_notification

    enqueue_on_commit(send_notification, note.pk)
    return note
