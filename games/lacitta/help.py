"""Rules help in words: what a building gives, what a politics card costs and
does, in the edition's own terms (RULES.md R21–R45, R71–R78). Read by the board's
tooltips, the politics row, the move buttons and the confirmation."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.lacitta.engine.constants import (
    BUILD_CARDS,
    MASTER_COST,
    PEEK_COST,
    SERVICE_HALVES,
    SERVICES,
    SIZE,
    TIER_COST,
)
from games.lacitta.texts import BUILDINGS, card_name, number
from games.lacitta.texts import SERVICES as SERVICE_NAMES


def building_name(kind: str) -> str:
    return _name(kind, get_language())


# The texts below depend only on their arguments and the language: a board draws
# dozens of buildings on every page view, so each text is written once.
@lru_cache(maxsize=256)
def _name(kind: str, language: str | None) -> str:
    return str(BUILDINGS.get(kind, kind))


def services_text(kind: str, sign: str = "+") -> str:
    """R31: "+1 Culture", "+1 Health, +1 Education", "" for a building without service."""
    halves = SERVICE_HALVES.get(kind)
    if not halves:
        return ""
    return ", ".join(f"{sign}{number(h / 2)} {SERVICE_NAMES[svc]}" for svc, h in zip(SERVICES, halves) if h)


def building_effect(kind: str, *, edition: str | None = None, food: int | None = None) -> str:
    """What a building gives, in a few words. ``food``: the farmland symbols its hex
    touches, when known (a farm's or castle's food depends on where it stands)."""
    return _effect(kind, edition, food, get_language())


@lru_cache(maxsize=1024)
def _effect(kind: str, edition: str | None, food: int | None, language: str | None) -> str:
    services = services_text(kind)
    wave = _("must touch a lake; with a market the city has no population limit")
    if kind in ("farm", "castle"):
        if food is None:
            return _("food for the farmland it touches (R32)")
        return _("%(n)d food (the farmland it touches)") % {"n": food}
    if kind == "quarry":
        return _("1 gold a year for each mountain it touches, at most 2 (R21)")
    if kind == "market":
        limit = (_("limit 8; no limit with a fountain, bathhouse or port") if edition == "modern"
                 else _("limit 8; no limit with a fountain or bathhouse"))
        return _("its citizen comes from the supply; %(limit)s (R27, R30)") % {"limit": limit}
    if kind in ("fountain", "bathhouse"):
        return f"{services}; {wave} (R29, R30)"
    if kind == "port":
        return _("1 food, 1 gold a year; %(wave)s (R76)") % {"wave": wave}
    if kind == "large_farmhouse":
        if food is None:
            return _("1 food plus the farmland it touches (R77)")
        return _("%(n)d food (1 plus the farmland it touches)") % {"n": 1 + food}
    if kind == "domain":
        return _("5 food (R78)")
    if kind == "road":
        return _("needs no citizen; extends the city (R71, R73)")
    if kind == "theatre":
        return f"{services} (R75)"
    return f"{services} (R31)" if services else ""


def _gold(n: int) -> str:
    return _("free") if n == 0 else _("%(n)d gold") % {"n": n}


def card_cost(card: str) -> str:
    if card in BUILD_CARDS:
        return _gold(BUILD_CARDS[card][1])
    if card == "master_builder":
        return " / ".join(str(MASTER_COST[t]) for t in sorted(MASTER_COST)) + " " + _("gold")
    if card in ("bread_and_games", "golden_times"):
        return " / ".join(str(TIER_COST[t]) for t in sorted(TIER_COST)) + " " + _("gold")
    if card == "close_to_people":
        return " / ".join(str(PEEK_COST[t]) for t in sorted(PEEK_COST)) + " " + _("gold")
    return _gold(0)


def card_effect(card: str, edition: str | None) -> str:
    """What a politics card does (R40–R45), as the edition's rulebook names it."""
    if card in BUILD_CARDS:
        kind = BUILD_CARDS[card][0]
        return _("Build a %(building)s: %(effect)s") % {"building": building_name(kind),
                                                      "effect": building_effect(kind, edition=edition)}
    if card == "master_builder":
        return _("Build any building: small 1 gold, medium 2, large 4 (R41)")
    if card == "bread_and_games":
        return _("1/2/3 cubes (0/2/5 gold) on one of your buildings: +1 of its service each, "
                 "until the year ends (R42)")
    if card == "golden_times":
        return _("1/2/3 citizens (0/2/5 gold) from the supply into one of your castles, "
                 "up to the city's limit (R43)")
    if card == "rich_harvest":
        return _("A cube on one of your farms: its food counts twice this year; not in the last year (R44)")
    if card == "close_to_people":
        return _("Look at 2 of the face-down Voice of the People cards (free), or at all 3 (2 gold) (R45)")
    return ""


def card_help(card: str, edition: str | None) -> dict:
    return dict(_card_help(card, edition, get_language()))


@lru_cache(maxsize=256)
def _card_help(card: str, edition: str | None, language: str | None) -> tuple:
    return (("card", card), ("name", card_name(card, edition)), ("cost", card_cost(card)),
            ("effect", card_effect(card, edition)))


def tier_of(kind: str) -> int | None:
    return SIZE.get(kind)
