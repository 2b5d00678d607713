"""What the La Città game page shows: the board, the step of the move being
built, the side panels and the forecast, all from ``view(state, seat)`` and
the seat's legal moves."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.lacitta.engine.board import BOARD
from games.lacitta.engine.constants import (
    BUILD_CARDS,
    EXPANSION_BUILDINGS,
    MASTER_COST,
    PEEK_COST,
    SERVICES,
    SIZE,
    TIER_COST,
)
from games.lacitta.texts import SERVICES as SERVICE_NAMES
from games.lacitta.texts import number
from play import end_screen, move_builder

from . import help as help_texts
from . import places, spoken
from . import svg as lacitta_svg

# The order in which the parts of each kind of move are asked.
FIELD_ORDER = {
    "build": ["building", "cell", "cells"],
    "found": ["cell", "from"],
    "politics": ["slot", "tier", "cubes", "citizens", "look", "building", "cell", "cells", "city", "service"],
    "demolish": ["cell", "city"],
    "voice_choice": ["city", "service"],
    "feeding_loss": ["city", "count"],
    "place_castle": ["cell"],
}
BOARD_KEYS = {"cell", "cells", "city", "from"}
# List fields chosen as a whole: which face-down cards to peek at (a pair or all three).
WHOLE_KEYS = frozenset({"look"})

TYPE_LABELS = {
    "take_gold": gettext_lazy("Take 2 gold"),
    "found": gettext_lazy("Found a city"),
    "build": gettext_lazy("Build a small building"),
    "politics": gettext_lazy("Take a politics card"),
    "pass": gettext_lazy("Pass (draw a politics card face down)"),
    "place_castle": gettext_lazy("Place a castle"),
    "voice_choice": gettext_lazy("Choose a service for a city"),
    "demolish": gettext_lazy("Demolish a building"),
    "relodge_done": gettext_lazy("Keep my remaining roads"),
    "feeding_loss": gettext_lazy("Remove starving citizens"),
}
ACTION_CARD_TYPES = {"take_gold", "found", "build"}

PROMPTS = {
    "type": gettext_lazy("What do you do?"),
    "slot": gettext_lazy("Which politics card?"),
    "tier": gettext_lazy("Which size of building?"),
    "cubes": gettext_lazy("How many cubes?"),
    "citizens": gettext_lazy("How many citizens?"),
    "look": gettext_lazy("Which cards do you look at?"),
    "building": gettext_lazy("Which building?"),
    "cell": gettext_lazy("Choose a highlighted hex on the board."),
    "cells": gettext_lazy("Choose a highlighted hex on the board for the road."),
    "city": gettext_lazy("Choose the castle of a highlighted city on the board."),
    "from": gettext_lazy("Choose the castle that gives a citizen."),
    "service": gettext_lazy("Which service?"),
    "count": gettext_lazy("How many citizens leave this city?"),
}




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


def forecast(view: dict, seat: int | None) -> dict | None:
    """What the table does not tell: for each Voice, which of my cities would
    gain or lose citizens against which neighbours; and whether my food covers
    my citizens (now and, when another year follows, after its growth)."""
    if seat is None:
        return None
    cities = {c["id"]: c for c in view["cities"]}
    mine = [c for c in view["cities"] if c["owner"] == seat]
    rows = []
    for service in SERVICES:
        entries = []
        for city in mine:
            gain, lose = [], []
            for other_id in city["neighbours"]:
                other = cities.get(other_id)
                if other is None or other["owner"] == seat:
                    continue
                ours, theirs = city["services"][service], other["services"][service]
                if ours > theirs:
                    gain.append(places.city_name(other_id))
                elif ours < theirs:
                    lose.append(places.city_name(other_id))
            entries.append({"city": city["id"], "name": places.city_name(city["id"]), "gain": len(gain),
                            "lose": len(lose), "from": ", ".join(gain), "to": ", ".join(lose)})
        rows.append({"service": SERVICE_NAMES[service], "cities": entries,
                     "net": sum(e["gain"] - e["lose"] for e in entries)})
    me = view["players"][seat]
    growth = sum(1 for c in mine if c["room"] is None or c["room"] > 0)
    # R22/R64: growth comes at the start of a year; none follows the last year.
    growth_follows = not view.get("final_year") and view["phase"] != "over"
    return {
        "rows": rows,
        "food": me["food"],
        "citizens": me["citizens"],
        "growth_follows": growth_follows,
        "after_growth": me["citizens"] + growth,
        "short_now": max(me["citizens"] - me["food"], 0),
        "short_after_growth": max(me["citizens"] + growth - me["food"], 0) if growth_follows else 0,
    }


def latest_move_marks(page) -> tuple[dict[int, str], dict[int, str]]:
    """The hexes the latest move touched (from the log lines this seat may see)."""
    marks, titles = {}, {}
    for line in page.last_move:
        for cell in changed_cells(line.entry):
            marks[cell] = "last"
            titles[cell] = _("The latest move")
    return marks, titles


def changed_cells(entry: dict) -> list[int]:
    """Hexes a log line changed: a building placed or demolished, a city that gained or lost citizens."""
    params = entry.get("params") or {}
    key = entry.get("key", "")
    cells = []
    if key in ("lacitta.castle_placed", "lacitta.found", "lacitta.build", "lacitta.demolish",
               "lacitta.bread_and_games", "lacitta.rich_harvest"):
        cells.append(params.get("cell"))
    if key in ("lacitta.migration", "lacitta.golden_times", "lacitta.feeding_loss", "lacitta.city_lost",
               "lacitta.limit_excess"):
        cells.append(params.get("city"))
    if key == "lacitta.migration":
        cells.append(params.get("from_city"))
    if key == "lacitta.roads":
        cells += [r.get("cell") for r in params.get("roads", []) if isinstance(r, dict)]
    return [c for c in cells if isinstance(c, int) and not isinstance(c, bool)]


# What follows the year's moves: "since your last visit" shows these even when the viewer's own move
# ended the year (play.visit_summary), under "Year N ends".
YEAR_END_KEYS = (
    "lacitta.voice_revealed", "lacitta.voice_choice", "lacitta.migration", "lacitta.migration_done",
    "lacitta.demolish", "lacitta.city_lost", "lacitta.limit_excess", "lacitta.famine", "lacitta.fed",
    "lacitta.feeding_loss", "lacitta.eliminated", "lacitta.year_end", "lacitta.game_over",
)


def replay_years(page) -> list[dict]:
    """Where each year begins, for the replay's "jump to year" links (year starts are public; the
    platform's public log holds only the kept moves, the steps of the game)."""
    from urllib.parse import urlencode

    viewer = "" if page.replay_seat is None else str(page.replay_seat)
    return [{"year": line.params.get("year"), "url": "?" + urlencode({"at": line.seq, "seat": viewer})}
            for line in page.public_log if line.key == "lacitta.year_start"]


def politics_row(view: dict, seat: int | None) -> list[dict]:
    gold = view["players"][seat]["gold"] if seat is not None else None
    row = []
    for slot, card in enumerate(view["politics"]["row"]):
        if not card:
            row.append({"slot": slot, "card": None})
            continue
        info = help_texts.card_help(card, view["edition"])
        row.append({"slot": slot, **info, "too_dear": gold is not None and _min_cost(card) > gold})
    return row


def legend(view: dict) -> list[tuple[str, str]]:
    """The building pictures of this game, with their names."""
    expansion = view.get("expansion") not in (None, "none")
    kinds = ["castle"] + [k for k in SIZE if expansion or k not in EXPANSION_BUILDINGS]
    return [(k, help_texts.building_name(k).capitalize()) for k in kinds if k != "road"]


def context(page) -> dict:
    view = page.view
    seat = page.seat
    names = page.names
    replay = page.replay
    step = move_step(page.legal_moves, page.step, view, page.base_url, names) if page.legal_moves else None
    marks, mark_titles = ({}, {}) if replay else latest_move_marks(page)
    if page.since_visit is not None and not replay:  # the places "since your last visit" names, ringed
        for cell, text in page.since_visit.places.items():
            marks.setdefault(cell, "changed")
            mark_titles.setdefault(cell, text)
    svg = lacitta_svg.render(view, names=names, targets=step["targets"] if step else None,
                             selected=step["selected"] if step else None, marks=marks,
                             mark_titles=mark_titles)
    # Copies with names: the view itself is never changed (it may be shared).
    buildings = {c["id"]: c["buildings"] for c in spoken.cities_text(view, names)}
    mine_first = sorted(view["cities"], key=lambda c: (c["owner"] != seat, c["owner"], c["id"]))
    cities_by_owner = [dict(c, name=places.city_name(c["id"]), buildings_text=buildings.get(c["id"], "—"))
                       for c in mine_first]
    end = end_context(page) if page.finished and not replay else {}
    decision = view.get("decision") or {}
    decision_cities = [dict(c, name=places.city_name(c["city"])) for c in decision.get("cities") or []
                       if isinstance(c, dict) and "city" in c]
    return {
        **end,
        "lc": view,
        "lc_svg": svg,
        "lc_step": step,
        "lc_politics": politics_row(view, seat),
        "lc_cities": cities_by_owner,
        "lc_decision_cities": decision_cities,
        "lc_forecast": forecast(view, seat) if not page.finished else None,  # (the end has its own table)
        "lc_seat": seat,
        "lc_colours": page.colours,
        "lc_swatches": [lacitta_svg.seat_swatch(i) for i in range(len(names))],
        "lc_services": [(s, SERVICE_NAMES[s]) for s in SERVICES],
        "lc_known": sorted((int(k), SERVICE_NAMES.get(v, v)) for k, v in (view["voice"].get("known") or {}).items()),
        "lc_wasteland": view["edition"] == "classic" or view["expansion"] in (None, "none"),
        "lc_classic": view["edition"] == "classic",  # the 2000 rulebook's words ("action card")
        "lc_legend": legend(view),
        "lc_years": replay_years(page) if replay else [],
    }


def citizens_by_year(lines) -> dict[int, list[int]]:
    """Each seat's citizens at each year's feeding, read from the public log's lines
    ("fed" and "famine" lines; a famine line counts the citizens left after it)."""
    year, series = 0, {}
    for line in lines:
        key, params = line.key, line.params
        if key == "lacitta.year_start":
            year = params.get("year", year + 1)
        elif key in ("lacitta.fed", "lacitta.famine"):
            citizens = params["citizens"] - params.get("excess", 0)
            points = series.setdefault(params["seat"], [])
            points.extend([None] * (year - len(points)))
            points[year - 1] = citizens
    return series


CHART_DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4")  # each seat's line: its dashes, not a colour only


def chart_svg(series: dict[int, list[int]], names: list[str]) -> dict | None:
    """A small line chart of citizens per year, one line per seat (its colour, its dashes and its letter at
    the end of the line), with its legend and the same numbers as a table."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    from play.templatetags.games_extras import seat_letter

    if not series:
        return None
    width, height, left, bottom = 360, 180, 34, 24
    years = max(len(v) for v in series.values())
    top_value = max((c for v in series.values() for c in v if c is not None), default=1) or 1
    sx = lambda i: left + (width - left - 18) * (i / max(years - 1, 1))  # noqa: E731
    sy = lambda c: 10 + (height - bottom - 10) * (1 - c / top_value)  # noqa: E731
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for i in range(years):
        parts.append(f'<text x="{sx(i):.0f}" y="{height - 6}" text-anchor="middle" class="axis">{i + 1}</text>')
    for tick in range(0, top_value + 1, max(top_value // 4, 1)):
        y = f"{sy(tick):.0f}"
        parts.append(f'<text x="{left - 6}" y="{sy(tick) + 3:.0f}" text-anchor="end" class="axis">{tick}</text>'
                     f'<line x1="{left}" x2="{width - 18}" y1="{y}" y2="{y}" class="grid"/>')
    legend = []
    for seat, values in sorted(series.items()):
        points = [(sx(i), sy(c)) for i, c in enumerate(values) if c is not None]
        colour = lacitta_svg.SEAT_FILL[seat]
        dash = CHART_DASHES[seat % len(CHART_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"{dash_attr}>'
                     f'<title>{escape(names[seat])}</title></polyline>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
        if points:
            x, y = points[-1]
            parts.append(f'<text x="{x + 6:.1f}" y="{y + 3:.1f}" class="axis line-letter">'
                         f'{seat_letter(seat)}</text>')
        key = (f'<svg viewBox="0 0 24 10" aria-hidden="true"><line x1="1" x2="23" y1="5" y2="5" '
               f'stroke="{colour}" '
               f'stroke-width="2.5"{dash_attr}/></svg>')
        legend.append({"seat": seat, "name": names[seat], "key": mark_safe(key)})
    parts.append("</svg>")
    rows = [{"name": names[seat], "values": list(values) + [None] * (years - len(values))}
            for seat, values in sorted(series.items())]
    return {"svg": mark_safe("".join(parts)), "legend": legend, "years": list(range(1, years + 1)),
            "rows": rows}


def end_context(page) -> dict:
    """The end screen: the platform's table (play/end_screen.py) with the score's breakdown per seat, and the chart
    (from the kept moves' public lines)."""
    result, names = page.result, page.names
    if not result or not result.get("details"):
        return {}
    breakdown = [{**detail, "seat": seat, "note": _("no building left") if detail.get("eliminated") else ""}
                 for seat, detail in enumerate(result["details"])]
    return {"lc_end": end_screen.frame("lacitta", result, names, page.colours, breakdown),
            "lc_chart": chart_svg(citizens_by_year(page.public_log), names)}
