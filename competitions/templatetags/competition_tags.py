"""The competition and round of games, on the platform's game rows (the lobby, "My games"): one query
per page (``competition_rounds``), then a label per row (``competition_badge``)."""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from ..selectors import played_by, rounds_of_games

register = template.Library()


@register.simple_tag
def competition_rounds(*game_lists):
    return rounds_of_games(*game_lists)


@register.simple_tag
def competition_badge(rounds, game_id):
    table = (rounds or {}).get(game_id)
    if table is None:
        return ""
    competition = table.round.competition
    if competition.kind == "league":
        words = _("%(name)s, season %(season)s, round %(round)s") % {
            "name": competition.name, "season": table.round.season, "round": table.round.number}
    else:
        words = _("%(name)s, round %(round)s") % {"name": competition.name, "round": table.round.number}
    return format_html('<a class="competition-badge" href="{}">{}</a>',
                       reverse("competitions:detail", args=[competition.pk]), words)


@register.simple_tag
def player_competitions(user):
    """The profile's "Competitions" box: the player's competitions and results."""
    return played_by(user)
