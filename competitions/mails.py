"""The competition mails, through the notifications app's outbox (``notifications.services.service_mail``:
queued in the write's transaction, sent on commit, in the reader's language): "your next round has
started", "you advanced", a league season's result."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

KINDS = ("round_start", "advanced", "season_end")


def _send(*, user, kind: str, key: str, data: dict, game=None) -> None:
    from notifications import services

    if user is None:
        return  # a bot of the site's reads no mail
    profile = getattr(user, "profile", None)
    if not user.is_active or (profile is not None and not profile.email_your_turn):
        return  # a closed account, or a player who asked for no game mails ("e-mail me when it is my turn": off)
    services.service_mail(user=user, kind=kind, key=key, data=data, game=game)


def round_started(*, entry, round_, game) -> None:
    _send(user=entry.user, kind="round_start", key=f"comp-round:{round_.pk}:{entry.pk}", game=game,
          data={"competition": round_.competition_id, "season": round_.season, "round": round_.number})


def advanced(*, entry, round_) -> None:
    _send(user=entry.user, kind="advanced", key=f"comp-advanced:{round_.pk}:{entry.pk}",
          data={"competition": round_.competition_id, "round": round_.number})


def season_ended(*, entry, result) -> None:
    _send(user=entry.user, kind="season_end", key=f"comp-season:{result.competition_id}:{result.season}:{entry.pk}",
          data={"competition": result.competition_id, "season": result.season, "division": result.division,
                "place": result.place, "next_division": result.next_division})


def context(notification) -> dict:
    """What the mail's template says, in the reader's language (called with it active)."""
    from notifications.emails import absolute

    from .models import Competition

    data = notification.data or {}
    competition = Competition.objects.filter(pk=data.get("competition")).first()
    name = competition.name if competition else ""
    url = absolute(reverse("competitions:detail", args=[competition.pk])) if competition else ""
    if notification.kind == "round_start":
        line = _("Round %(round)s of %(name)s has started: your game is waiting.") % {
            "round": data.get("round"), "name": name}
    elif notification.kind == "advanced":
        line = _("You advanced past round %(round)s of %(name)s.") % {"round": data.get("round"), "name": name}
    else:
        next_division = data.get("next_division")
        line = _("Season %(season)s of %(name)s is over: you finished %(place)s in division %(division)s.") % {
            "season": data.get("season"), "name": name, "place": data.get("place"),
            "division": data.get("division")}
        if next_division:
            line += " " + _("Next season you play in division %(division)s.") % {"division": next_division}
    return {"competition_name": name, "competition_url": url, "line": line}
