"""Queueing e-mails. Called inside the transaction of the game change that
causes them: the outbox row commits with the change, the send task is queued
on commit. Preferences decide whether a row is made and whether it waits for
the daily digest. Whether the player is looking at the game is decided when
the mail is sent (tasks.py), not here: a turn must not be lost because the
player happened to be on the page when it began."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from .models import Notification, notice_items


def coalesce_seconds() -> int:
    """How long a game notice's mail waits, gathering the notices that follow for the same reader and game
    (one seat sent a co-player 24 mails in 6 s: 12 offers and 12 withdrawals)."""
    return int(getattr(settings, "NOTICE_MAIL_COALESCE_SECONDS", 300))


def _profile(user):
    from players.models import Profile

    try:
        return user.profile  # already loaded when the caller selected it with the user
    except Profile.DoesNotExist:
        return Profile.objects.get_or_create(user=user)[0]


def _queue(*, user, kind: str, game, key: str, digestible: bool, seat_index: int | None = None
           ) -> Notification | None:
    if not user.is_active or not user.email:
        return None
    profile = _profile(user)
    wanted = {
        Notification.Kind.YOUR_TURN: profile.email_your_turn,
        Notification.Kind.REMINDER: profile.email_reminder,
        Notification.Kind.GAME_OVER: profile.email_game_over,
        # What a game tells a seat ("Bob made you an offer") is, like a turn, something to act on.
        Notification.Kind.NOTICE: profile.email_your_turn,
    }.get(kind, True)
    if not wanted:
        return None
    status = Notification.Status.DIGEST if digestible and profile.email_digest else Notification.Status.PENDING
    if kind == Notification.Kind.YOUR_TURN:
        # One waiting "your turn" per game and seat (a constraint too): a turn that begins while the
        # previous one's mail still waits (broker down, player on the page) does not add a second mail.
        # Locked, so a worker deciding to skip it right now is waited for (and then a new row is made).
        waiting = (Notification.objects.select_for_update()
                   .filter(kind=kind, game=game, seat_index=seat_index, status__in=Notification.WAITING)
                   .first())
        if waiting is not None:
            return waiting
    note, created = Notification.objects.get_or_create(
        dedupe_key=key,
        defaults={"user": user, "kind": kind, "game": game, "status": status, "seat_index": seat_index},
    )
    if created and status == Notification.Status.PENDING:
        from play.queue import enqueue_on_commit

        from .tasks import send_notification

        enqueue_on_commit(send_notification, note.pk)
    return note


def your_turn(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.YOUR_TURN, game=game,
                  key=f"turn:{game.pk}:{seat.index}:{game.version}", digestible=True, seat_index=seat.index)


def notice(*, seat, game, notice, number: int) -> Notification | None:
    """What the engine tells a seat after a move (``kit.base.Notice``): its key and parameters are kept and
    worded when the mail is written, in the reader's language, by the game's texts (``play.texts``).

    Coalesced per reader and game: a notice joins the reader's mail still waiting for this game (it goes
    ``coalesce_seconds()`` after its first notice, listing them all), so a reader gets at most one such mail
    every few minutes; a notice that withdraws one still waiting (an offer withdrawn, its offer's mail not
    sent yet: the game's texts say which, ``WITHDRAWS``) takes it out, and a mail left with nothing is
    never sent."""
    user = seat.user
    if not user.is_active or not user.email or not _profile(user).email_your_turn:
        return None
    item = {"key": notice.key, "params": notice.params, "seat": notice.seat, "ref": f"{game.version}:{number}"}
    waiting = (Notification.objects.select_for_update()
               .filter(kind=Notification.Kind.NOTICE, user=user, game=game, status__in=Notification.WAITING)
               .order_by("-pk").first())
    if waiting is None:
        note = _queue(user=user, kind=Notification.Kind.NOTICE, game=game,
                      key=f"notice:{game.pk}:{game.version}:{number}", digestible=True, seat_index=seat.index)
        if note is not None and not note.data:
            note.data = {"key": notice.key, "params": notice.params, "seat": notice.seat, "items": [item]}
            note.send_after = timezone.now() + timedelta(seconds=coalesce_seconds())
            note.save(update_fields=["data", "send_after"])
        return note
    items = notice_items(waiting)
    if any(i.get("ref") == item["ref"] for i in items):  # the same notice again (a retried write)
        return waiting
    withdrawn = _withdrawn(game.game_type, item, items)
    if withdrawn is not None:
        items.remove(withdrawn)
    else:
        items.append(item)
    waiting.data = {**waiting.data, **({k: items[0][k] for k in ("key", "params", "seat")} if items else {}),
                    "items": items}
    fields = ["data"]
    if not items:  # everything it said was taken back: nothing to tell
        waiting.status = Notification.Status.SKIPPED
        fields.append("status")
    waiting.save(update_fields=fields)
    return waiting


def _withdrawn(game_type: str, item: dict, items: list[dict]) -> dict | None:
    """The waiting notice that ``item`` takes back, if any: the game's texts name the pairs
    (``WITHDRAWS``: withdrawing key -> (withdrawn key, the parameter they share, e.g. the offer's id))."""
    from play import texts

    pair = getattr(texts.catalog(game_type), "WITHDRAWS", {}).get(item["key"])
    if pair is None:
        return None
    key, param = pair
    value = (item.get("params") or {}).get(param)
    return next((i for i in items if i.get("key") == key and (i.get("params") or {}).get(param) == value), None)


def reminder(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.REMINDER, game=game,
                  key=f"remind:{game.pk}:{seat.index}:{seat.owes_since.isoformat()}", digestible=True)


def game_over(*, seat, game) -> Notification | None:
    return _queue(user=seat.user, kind=Notification.Kind.GAME_OVER, game=game,
                  key=f"over:{game.pk}:{seat.index}", digestible=False)


def service_mail(*, user, kind: str, key: str, data: dict, game=None) -> Notification | None:
    """A mail about the account itself (a moderation decision, a report handled, the
    staff's queue): sent whatever the game-mail preferences say, and also to an
    account a suspension has just closed (it must learn why and how to appeal).
    None when there is no address or that mail (``key``) was already queued."""
    if user is None or not user.email:
        return None
    note, created = Notification.objects.get_or_create(
        dedupe_key=key, defaults={"user": user, "kind": kind, "game": game, "data": data,
                                  "status": Notification.Status.PENDING}
    )
    if not created:
        return None
    from play.queue import enqueue_on_commit

    from .tasks import send_notification

    enqueue_on_commit(send_notification, note.pk)
    return note


def account_mail(*, message, user=None) -> Notification:
    """An account e-mail rendered by django-allauth (confirmation, password reset…), sent by a
    worker through the outbox (queued on commit) instead of inside the web request. With eager
    Celery (``make run``) it is still sent at once, through Django's EMAIL_BACKEND."""
    from play.queue import enqueue_on_commit

    from .tasks import send_notification

    alternatives = getattr(message, "alternatives", [])
    html = next((content for content, mimetype in alternatives if mimetype == "text/html"), "")
    body = message.body
    if getattr(message, "content_subtype", "plain") == "html":
        body, html = "", message.body
    note = Notification.objects.create(
        user=user if user is not None and user.pk else None, kind=Notification.Kind.ACCOUNT,
        dedupe_key=f"account:{uuid.uuid4().hex}", to_email=", ".join(message.to)[:254],
        subject=message.subject[:255], body=body, html_body=html,
    )
    if send_notification.app.conf.task_always_eager:
        # In-process (make run, tests): this connection already sees the row, so the mail goes at once,
        # even inside a transaction whose commit never comes (a test's), as allauth's own sending did.
        send_notification.delay(note.pk)
    else:
        enqueue_on_commit(send_notification, note.pk)  # a worker must find the row committed
    return note


def mails_retry(*, ids) -> int:
    """Failed e-mails sent again (the admin's "Send again"): back to the outbox with their attempts reset,
    the send task queued on commit. Rows in any other state are left alone. Returns how many."""
    from django.db import transaction

    from play.queue import enqueue_on_commit

    from .tasks import send_notification

    with transaction.atomic():
        failed = list(Notification.objects.select_for_update()
                      .filter(pk__in=list(ids), status=Notification.Status.FAILED))
        for note in failed:
            note.status, note.attempts = Notification.Status.PENDING, 0
            note.save(update_fields=["status", "attempts"])
            enqueue_on_commit(send_notification, note.pk)
    return len(failed)
