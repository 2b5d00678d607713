"""A La Città move in words: each option's label, a board target's title and badge, what a building
gains or a demolition loses, and the confirmation's sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.lacitta.engine.board import BOARD
from games.lacitta.engine.constants import (
    BUILD_CARDS,
    MASTER_COST,
    PEEK_COST,
    TIER_COST,
)
from games.lacitta.texts import SERVICES as SERVICE_NAMES
from games.lacitta.texts import number

from .. import help as help_texts
from .. import places
from .move_fields import BOARD_KEYS, TYPE_LABELS


def _cost_text(gold: int) -> str:
    return _("free") if gold == 0 else _("%(n)d gold") % {"n": gold}


def _card(view: dict, partial: dict) -> str | None:
    slot = partial.get("slot")
    row = view["politics"]["row"]
    return row[slot] if isinstance(slot, int) and 0 <= slot < len(row) else None


def _building(partial: dict, view: dict) -> str | None:
    """The building a move puts on the board (a building card names it without a field)."""
    if partial.get("building"):
        return partial["building"]
    card = _card(view, partial)
    return BUILD_CARDS[card][0] if card in BUILD_CARDS else None


def _city_of_build(cell: int, view: dict) -> dict | None:
    """The city a new building on ``cell`` belongs to (a road it replaces, or the seat's city next to it)."""
    cities = view["cities"]
    return places.city_of_cell(cell, cities) or places.joining_city(cell, view.get("viewer"), cities)


def _city_of_chosen_roads(cell: int, partial: dict, view: dict) -> dict | None:
    """A road that continues a road chosen earlier in the same move (R71) belongs to that road's city:
    the city is not yet next to the hex, so _city_of_build alone finds none."""
    chosen = [c for c in partial.get("cells") or [] if c != cell]
    for earlier in chosen:
        if earlier in BOARD.neighbours[cell]:
            city = _city_of_build(earlier, view) or _city_of_chosen_roads(
                earlier, {"cells": [c for c in chosen if c != earlier]}, view)
            if city:
                return city
    return None


def _mountains(cell: int, view: dict) -> int:
    mountains = {item["space"] for item in view["landscape"] if item["kind"] == "mountain"}
    return sum(1 for space in BOARD.touches[cell] if space in mountains)


def build_gain(kind: str, cell: int, city: dict | None, view: dict) -> str:
    """What a building adds, in the confirmation's parentheses: "+1 Culture", "+2 food"…"""
    if kind in ("farm",):
        return _("+%(n)d food") % {"n": places.cell_food(cell, view["landscape"])}
    if kind == "large_farmhouse":
        return _("+%(n)d food") % {"n": 1 + places.cell_food(cell, view["landscape"])}
    if kind == "domain":
        return _("+%(n)d food") % {"n": 5}
    if kind == "quarry":
        mountains = min(2, _mountains(cell, view))
        if not mountains:
            return _("no gold: it touches no mountain")
        return _("+%(n)d gold a year") % {"n": mountains}
    if kind == "road":
        return _("no citizen needed")
    parts = [help_texts.services_text(kind)] if help_texts.services_text(kind) else []
    if kind == "port":
        parts += [_("+1 food"), _("+1 gold a year")]
    if city is not None:
        if kind == "market":
            parts.append(_("limit %(old)s → %(new)s") % {
                "old": city["limit"] if city["limit"] is not None else "∞",
                "new": "∞" if city["has_wave"] else 8})
        elif kind in ("fountain", "bathhouse", "port") and city["has_market"] and city["limit"] is not None:
            parts.append(_("limit %(old)s → ∞") % {"old": city["limit"]})
    return ", ".join(str(p) for p in parts)


def _demolish_loss(kind: str, cell: int, view: dict) -> str:
    if kind in ("farm", "castle"):
        food = places.cell_food(cell, view["landscape"])
        return _("−%(n)d food") % {"n": food} if food else ""
    if kind == "large_farmhouse":
        return _("−%(n)d food") % {"n": 1 + places.cell_food(cell, view["landscape"])}
    if kind == "domain":
        return _("−%(n)d food") % {"n": 5}
    if kind == "port":
        return _("−1 food, −1 gold a year")
    if kind == "quarry":
        return _("−%(n)d gold a year") % {"n": min(2, _mountains(cell, view))}
    if kind == "market":
        return _("the city's limit drops")
    return help_texts.services_text(kind, sign="−")


def _building_at(cell: int, view: dict) -> dict | None:
    for b in view["buildings"]:
        if b["cell"] == cell:
            return b
    return None


def option_label(key: str, value, view: dict, partial: dict) -> str:
    edition = view["edition"]
    if key == "type":
        return str(TYPE_LABELS.get(value, value))
    if key == "slot":
        card = view["politics"]["row"][value]
        info = help_texts.card_help(card, edition)
        return f"{info['name']} — {info['cost']}"
    if key == "tier":
        sizes = {1: _("small"), 2: _("medium"), 3: _("large")}
        return f"{sizes[value]} — {_cost_text(MASTER_COST[value])}"
    if key in ("cubes", "citizens"):
        return f"{value} — {_cost_text(TIER_COST[value])}"
    if key == "look":
        if len(value) == 3:
            return _("all three cards — %(cost)s") % {"cost": _cost_text(PEEK_COST[3])}
        return _("cards %(a)d and %(b)d — %(cost)s") % {"a": value[0] + 1, "b": value[1] + 1,
                                                         "cost": _cost_text(PEEK_COST[2])}
    if key == "building":
        effect = help_texts.building_effect(value, edition=edition)
        name = help_texts.building_name(value).capitalize()
        return f"{name} ({effect})" if effect else name
    if key == "service":
        service = str(SERVICE_NAMES.get(value, value))
        city = next((c for c in view["cities"] if c["id"] == partial.get("city")), None)
        if city is None:
            return service
        # what the choice does: the city counts this service, with its points, in the migration
        points = (city.get("services") or {}).get(value)
        if points is None:
            return _("%(city)s counts %(service)s") % {"city": places.city_name(city["id"]), "service": service}
        return _("%(city)s counts %(service)s (%(points)s)") % {
            "city": places.city_name(city["id"]), "service": service, "points": number(points)}
    if key == "count":
        return ngettext("%(n)d citizen", "%(n)d citizens", value) % {"n": value}
    if key in BOARD_KEYS:
        return target_title(key, value, view, partial)
    return str(value)


def target_title(key: str, value, view: dict, partial: dict) -> str:
    """What clicking a highlighted hex does, in words (its tooltip)."""
    kind = partial.get("type")
    card = _card(view, partial)
    if key in ("city", "from"):
        city = next((c for c in view["cities"] if c["id"] == value), None)
        name = places.city_name(value)
        if key == "from":
            population = city["population"] if city else "?"
            return _("%(city)s gives a citizen (%(n)s there)") % {"city": name, "n": population}
        return name
    if key == "cells":
        city = _city_of_build(value, view) or _city_of_chosen_roads(value, partial, view)
        return _("A road here, by %(city)s") % {"city": places.city_name(city["id"]) if city else "?"}
    food = places.cell_food(value, view["landscape"])
    if kind == "place_castle":
        return _("Place a castle: %(city)s, %(n)d food") % {"city": places.city_name(value), "n": food}
    if kind == "found":
        return _("Found %(city)s here: %(n)d food") % {"city": places.city_name(value), "n": food}
    if kind == "demolish":
        b = _building_at(value, view)
        name = help_texts.building_name(b["kind"]) if b else "?"
        text = _("Demolish your %(building)s in %(city)s") % {
            "building": name, "city": places.city_name(partial.get("city", b["city"] if b else None))}
        loss = _demolish_loss(b["kind"], value, view) if b else ""  # what it costs: its name says its effect
        return f"{text} ({loss})" if loss else text
    if card in ("bread_and_games", "rich_harvest"):
        b = _building_at(value, view)
        if b:
            return _("Your %(building)s in %(city)s") % {"building": help_texts.building_name(b["kind"]),
                                                         "city": places.city_name(b["city"])}
    building = _building(partial, view)
    city = _city_of_build(value, view)
    if building:
        gain = build_gain(building, value, city, view)
        text = _("Build a %(building)s here, in %(city)s") % {
            "building": help_texts.building_name(building),
            "city": places.city_name(city["id"]) if city else "?"}
        return f"{text} ({gain})" if gain else text
    return places.city_name(city["id"]) if city else ""


def target_badge(key: str, value, view: dict, partial: dict) -> str:
    """A short mark drawn on a target: the food a castle would take there."""
    if key == "cell" and partial.get("type") in ("place_castle", "found"):
        return str(places.cell_food(value, view["landscape"]))
    return ""


def describe(move: dict, view: dict) -> str:
    """The complete move in words, for the confirmation: what happens and where."""
    kind = move.get("type")
    edition = view["edition"]
    city_name = places.city_name
    classic = edition == "classic"  # the 2000 rulebook's "action card", the new one's "player card" (R12)
    if kind == "take_gold":
        return _("Take 2 gold (action card).") if classic else _("Take 2 gold (player card).")
    if kind == "pass":
        return _("Pass: take the top politics card face down.")
    if kind == "relodge_done":
        return _("Keep my remaining roads and end the rehousing.")
    if kind == "place_castle":
        return _("Place a castle: found %(city)s here, %(n)d food.") % {
            "city": city_name(move["cell"]), "n": places.cell_food(move["cell"], view["landscape"])}
    if kind == "found":
        found = (_("Found %(city)s here: %(n)d food; a citizen comes from %(from)s (action card).") if classic
                 else _("Found %(city)s here: %(n)d food; a citizen comes from %(from)s (player card)."))
        return found % {
            "city": city_name(move["cell"]), "n": places.cell_food(move["cell"], view["landscape"]),
            "from": city_name(move["from"])}
    if kind == "voice_choice":
        service = SERVICE_NAMES.get(move["service"], move["service"])
        return _("%(city)s counts %(service)s.") % {"city": city_name(move["city"]), "service": service}
    if kind == "feeding_loss":
        return ngettext("Remove %(n)d starving citizen from %(city)s.",
                        "Remove %(n)d starving citizens from %(city)s.", move["count"]) % {
            "n": move["count"], "city": city_name(move["city"])}
    if kind == "demolish":
        b = _building_at(move["cell"], view)
        building = b["kind"] if b else "?"
        loss = _demolish_loss(building, move["cell"], view) if b else ""
        text = _("Demolish your %(building)s in %(city)s") % {
            "building": help_texts.building_name(building), "city": city_name(move["city"])}
        return f"{text} ({loss})." if loss else f"{text}."
    prefix = ""
    if kind == "politics":
        card = _card(view, move)
        info = help_texts.card_help(card, edition)
        cost = {"master_builder": lambda: MASTER_COST.get(move.get("tier"), 0),
                "bread_and_games": lambda: TIER_COST.get(move.get("cubes"), 0),
                "golden_times": lambda: TIER_COST.get(move.get("citizens"), 0),
                "close_to_people": lambda: PEEK_COST.get(len(move.get("look", [])), 0)}.get(card)
        gold = cost() if cost else (BUILD_CARDS[card][1] if card in BUILD_CARDS else 0)
        prefix = _("%(card)s (%(cost)s): ") % {"card": info["name"], "cost": _cost_text(gold)}
        if card == "bread_and_games":
            b = _building_at(move["cell"], view)
            return prefix + ngettext(
                "%(n)d cube on your %(building)s in %(city)s: +%(n)d %(service)s until the year ends.",
                "%(n)d cubes on your %(building)s in %(city)s: +%(n)d %(service)s until the year ends.",
                move["cubes"]) % {
                "n": move["cubes"], "building": help_texts.building_name(b["kind"]) if b else "?",
                "city": city_name(b["city"]) if b else "?", "service": SERVICE_NAMES[move["service"]]}
        if card == "golden_times":
            city = next((c for c in view["cities"] if c["id"] == move["city"]), None)
            placed = move["citizens"]
            if city is not None and city["room"] is not None:
                placed = min(placed, city["room"])  # R43 ruling: none beyond the limit
            return prefix + ngettext("%(n)d citizen from the supply into %(city)s.",
                                     "%(n)d citizens from the supply into %(city)s.", placed) % {
                "n": placed, "city": city_name(move["city"])}
        if card == "rich_harvest":
            b = _building_at(move["cell"], view)
            food = places.cell_food(move["cell"], view["landscape"])
            if b and b["kind"] == "large_farmhouse":
                food += 1
            return prefix + _("the farm in %(city)s gives its food twice this year: +%(n)d food.") % {
                "city": city_name(b["city"]) if b else "?", "n": food}
        if card == "close_to_people":
            look = move.get("look", [])
            return prefix + _("look at face-down Voice of the People cards %(cards)s.") % {
                "cards": ", ".join(str(i + 1) for i in look)}
    else:
        prefix = _("Action card: ") if classic else _("Player card: ")
    building = _building(move, view)
    if building == "road":
        cities = [_city_of_build(c, view) for c in move.get("cells", [])]
        where = ", ".join(dict.fromkeys(city_name(c["id"]) for c in cities if c))
        text = ngettext("lay %(n)d road by %(city)s (no citizen needed).",
                        "lay %(n)d roads by %(city)s (no citizen needed).", len(cities)) % {
            "n": len(cities), "city": where}
        return prefix + text
    if building and "cell" in move:
        city = _city_of_build(move["cell"], view)
        gain = build_gain(building, move["cell"], city, view)
        text = _("build a %(building)s in %(city)s") % {"building": help_texts.building_name(building),
                                                        "city": city_name(city["id"]) if city else "?"}
        return prefix + (f"{text} ({gain})." if gain else f"{text}.")
    return prefix + str(TYPE_LABELS.get(kind, kind))

