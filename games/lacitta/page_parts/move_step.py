"""The step of the La Città move being built (``play.move_builder``): its question, options and board
targets, the choices made alone and why, and why an action of the turn is not offered."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.lacitta.engine.board import BOARD
from games.lacitta.engine.constants import (
    BUILD_CARDS,
    MASTER_COST,
)
from play import move_builder

from .. import help as help_texts
from .. import spoken
from .. import svg as lacitta_svg
from .move_fields import ACTION_CARD_TYPES, BOARD_KEYS, FIELD_ORDER, PROMPTS, WHOLE_KEYS
from .move_words import describe, option_label, target_badge, target_title

FILLED_REASONS = {
    "slot": gettext_lazy("the only politics card you can use"),
    "tier": gettext_lazy("the only size you can pay for and build"),
    "building": gettext_lazy("the only building that fits"),
    "cell": gettext_lazy("the only place where it can go"),
    "cells": gettext_lazy("the only place where it can go"),
    "city": gettext_lazy("the only city it can go to"),
    "from": gettext_lazy("the only castle with 2 or more citizens"),
    "service": gettext_lazy("the only service left to choose"),
    "cubes": gettext_lazy("the only amount you can pay for"),
    "citizens": gettext_lazy("the only amount you can pay for"),
    "look": gettext_lazy("the only choice you can pay for"),
    "count": gettext_lazy("the only number possible"),
}


# Where a move takes nothing anywhere, "the only city it can go to" is wrong: a demolition or a famine
# chooses the city that must give something up.
FILLED_REASONS_BY_MOVE = {
    ("demolish", "city"): gettext_lazy("the only city with a building to demolish"),
    ("demolish", "cell"): gettext_lazy("the only building you may demolish there"),
    ("feeding_loss", "city"): gettext_lazy("the only city that can lose citizens"),
    ("voice_choice", "city"): gettext_lazy("the only city left to choose for"),
}


def filled_notes(builder, view: dict) -> list[str]:
    """Choices the builder made alone, and why: "University: the only building that fits"."""
    notes = []
    for key in builder.filled:
        if key == "type" or key not in builder.partial:
            continue
        value = builder.partial[key]
        if isinstance(value, list):
            value = value[-1] if value and key == "cells" else value
        label = option_label(key, value, view, builder.partial)
        reason = FILLED_REASONS_BY_MOVE.get((builder.partial.get("type"), key)) or FILLED_REASONS.get(key, "")
        notes.append(_("%(choice)s, chosen for you: %(reason)s.") % {"choice": label, "reason": reason})
    return notes


def missing_reasons(offered: set, view: dict, seat: int | None) -> list[str]:
    """Why an action of the turn is not offered (R23–R25)."""
    if seat is None or (view.get("decision") or {}).get("kind") != "turn":
        return []
    me = view["players"][seat]
    reasons = []
    if not offered & ACTION_CARD_TYPES:
        reasons.append(_("No action card is face up: you used them all this year.") if view["edition"] == "classic"
                       else _("No player card is face up: you used them all this year."))
    else:
        if "found" not in offered:
            if me["founded_this_year"]:
                reasons.append(_("Found a city: you already founded one this year."))
            elif not me["castles_in_hand"]:
                reasons.append(_("Found a city: all four of your castles are on the board."))
            else:
                reasons.append(_("Found a city: no castle of yours has 2 citizens to give, or no hex is 3 "
                                 "empty hexes away from every city."))
        if "build" not in offered:
            reasons.append(_("Build: no castle of yours has 2 citizens, or no free hex next to your cities."))
    if "politics" not in offered:
        row = [c for c in view["politics"]["row"] if c]
        cheapest = min((_min_cost(c) for c in row), default=None)
        if cheapest is None:
            reasons.append(_("Politics card: the row is empty."))
        elif cheapest > me["gold"]:
            reasons.append(_("Politics card: no gold for any card in the row (you have %(n)d).")
                           % {"n": me["gold"]})
        else:
            reasons.append(_("Politics card: none of the cards you can pay for can be used now."))
    return reasons


def _min_cost(card: str) -> int:
    if card in BUILD_CARDS:
        return BUILD_CARDS[card][1]
    return {"master_builder": min(MASTER_COST.values())}.get(card, 0)


def move_step(legal: list[dict], raw_partial: str | None, view: dict, base_url: str,
              names: list[str] | None = None) -> dict:
    """The step of the move being built: its question, options, board targets."""
    builder = move_builder.build(legal, move_builder.decode(raw_partial), FIELD_ORDER, WHOLE_KEYS)
    step = builder.step
    ctx = {"builder": builder, "targets": {}, "options": [], "prompt": "", "confirm": None, "stop": None,
           "selected": set(), "cancel_url": base_url, "board_options": [], "started": builder.started,
           "board_step": False,
           "filled": filled_notes(builder, view) if builder.started else [], "missing": []}
    for key in BOARD_KEYS:
        value = builder.partial.get(key)
        if isinstance(value, list):
            ctx["selected"].update(value)
        elif isinstance(value, int):
            ctx["selected"].add(value)
    if builder.move is not None:
        move = move_builder.move_of(builder.move)
        ctx["confirm"] = {"json": move_builder.encode(move), "text": describe(move, view)}
        return ctx
    if step is None:
        return ctx
    ctx["prompt"] = str(PROMPTS.get(step.key, step.key))
    url = lambda option: f"{base_url}?m={option.query}"  # noqa: E731
    if step.key in BOARD_KEYS:
        ctx["board_step"] = True
        ctx["targets"], ctx["board_options"] = {}, []
        for option in step.options:
            title = target_title(step.key, option.value, view, option.partial)
            where = _target_place(step.key, option.value, view, names)
            ctx["targets"][option.value] = lacitta_svg.Target(
                url(option), title, target_badge(step.key, option.value, view, option.partial),
                spoken=f"{title} — {where}" if where else title)
            # The same targets as buttons in the move panel, before the board (keyboard, screen readers).
            ctx["board_options"].append({"label": title, "where": where, "url": url(option),
                                         "query": option.query})
        ctx["target_count"] = len(step.options)
    else:
        groups: dict[str, list] = {}
        for option in step.options:
            label = option_label(step.key, option.value, view, builder.partial)
            group, hint = "", ""
            if step.key == "type":
                group = "action" if option.value in ACTION_CARD_TYPES else "other"
            elif step.key == "slot":
                hint = help_texts.card_effect(view["politics"]["row"][option.value], view["edition"])
            groups.setdefault(group, []).append({"label": label, "url": url(option), "value": option.value,
                                                 "hint": hint, "query": option.query})
        ctx["options"] = [{"group": g, "items": items} for g, items in groups.items()]
        if step.key == "type":
            ctx["missing"] = missing_reasons({o.value for o in step.options}, view, view.get("viewer"))
    if step.can_stop is not None:
        ctx["stop"] = {"label": _("Only this one"), "url": url(step.can_stop), "query": step.can_stop.query}
    return ctx


def _target_place(key: str, value, view: dict, names: list[str] | None) -> str:
    """What the hex of a target is, in words (a city's castle for a city choice)."""
    if names is None:
        return ""
    cell = value if key in ("cell", "cells") else next(
        (b["cell"] for b in view["buildings"] if b["kind"] == "castle" and b["city"] == value), None)
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < len(BOARD.cells):
        return ""
    return spoken.hex_words(cell, view, names)

