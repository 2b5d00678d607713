"""Building the e-mails: in the recipient's language, with a link straight to
the game and a one-click unsubscribe (RFC 8058 headers)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .models import Notification, notice_items

# kind -> context(notification) -> dict: what the mail of that kind adds to its template's
# context, in the reader's language. Registered by the app that sends such mails
# (community: the moderation mails), so this app need not know it.
_CONTEXTS: dict[str, object] = {}


def register_context(kinds, context) -> None:
    for kind in kinds:
        _CONTEXTS[kind] = context


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _seat_of(game, user):
    return next((s for s in game.seats.all() if s.user_id == user.pk), None)


def _account_message(notification: Notification) -> EmailMultiAlternatives:
    """The account mail as django-allauth rendered it when it was queued."""
    message = EmailMultiAlternatives(notification.subject, notification.body or notification.html_body,
                                     settings.DEFAULT_FROM_EMAIL, [notification.to_email])
    if notification.body and notification.html_body:
        message.attach_alternative(notification.html_body, "text/html")
    elif not notification.body:
        message.content_subtype = "html"
    return message


def standings(game) -> list[dict]:
    """The final ranks, best first (seat order among equals): rank, player, points (None: no score)."""
    result = game.result or {}
    ranks, scores = result.get("ranks") or [], result.get("scores") or []
    rows = [{"rank": ranks[s.index] if s.index < len(ranks) else None, "player": s.display_name,
             "points": scores[s.index] if s.index < len(scores) else None, "seat": s.index}
            for s in game.seats.all()]
    return sorted(rows, key=lambda r: (r["rank"] if isinstance(r["rank"], int) else 1_000, r["seat"]))


def build(notification: Notification, *, digest_items: list[Notification] | None = None) -> EmailMultiAlternatives:
    from players.models import Profile

    if notification.kind == Notification.Kind.ACCOUNT:
        return _account_message(notification)

    user = notification.user
    profile = Profile.objects.get_or_create(user=user)[0]
    unsubscribe = absolute(reverse("notifications:unsubscribe", args=[profile.unsubscribe_token]))
    game = notification.game
    context = {
        "user": user,
        "game": game,
        "seat": _seat_of(game, user) if game else None,
        "game_url": absolute(reverse("games:detail", args=[game.pk])) if game else "",
        "preferences_url": absolute(reverse("players:preferences")),
        "unsubscribe_url": unsubscribe,
        "items": [
            {"game": n.game, "kind": n.kind, "url": absolute(reverse("games:detail", args=[n.game_id])),
             "notice": n}
            for n in (digest_items or []) if n.game_id
        ],
        "site_url": settings.SITE_URL,
    }
    if game is not None:
        context["opponents"] = [s.display_name for s in game.seats.all() if s.user_id != user.pk]
    with translation.override(profile.language):
        if notification.kind in _CONTEXTS:  # sentences in the reader's language
            context.update(_CONTEXTS[notification.kind](notification))
        if notification.kind == Notification.Kind.NOTICE:
            context["notice_text"] = notice_text(notification)
        if notification.kind == Notification.Kind.GAME_OVER and game is not None:
            from play.texts import solo_label

            context["solo_text"] = solo_label(game)  # a one-seat game: its outcome, no ranks
            context["standings"] = standings(game)
        for item in context["items"]:
            item["text"] = notice_text(item.pop("notice")) if item["kind"] == Notification.Kind.NOTICE else ""
        base = f"notifications/email/{notification.kind}"
        subject = " ".join(render_to_string(f"{base}_subject.txt", context).split())
        text = render_to_string(f"{base}.txt", context)
        html = render_to_string("notifications/email/base.html", {**context, "body": text})
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [user.email])
    message.attach_alternative(html, "text/html")
    message.extra_headers = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return message


def notice_text(note: Notification) -> str:
    """A notice mail's sentences (one per notice it gathered, ``services.notice``), in the active language,
    through the game's texts."""
    from play import texts


    names = [s.display_name for s in note.game.seats.all()]
    lines = [texts.log_line(note.game.game_type, {"key": i.get("key", ""), "params": i.get("params") or {}},
                            names, note.game.options) for i in notice_items(note)]
    return lines[0] if len(lines) == 1 else "".join(f"\n- {line}" for line in lines)  # several: a list
