"""Small City Deluxe in words: the engine's log and error keys, buildings, action cards, council rows,
option labels, the house substitute Promise texts, in the reader's language.

French follows the rulebook's own terms (Arrondissement, Zone Résidentielle, Usine, Entrepôt, Mairie,
Espace Carrière, Conseil Municipal, Promesse Électorale, Voix, Citoyens, Touristes…). Squares are named by a
column letter and a row number from the bottom-left corner of the district (``B3``: ``square_name``)."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games.smallcity.engine import components as C
from play.texts import clauses

KINDS = {
    "residential": gettext_lazy("Residential zone"),
    "commercial": gettext_lazy("Commercial zone"),
    "factory": gettext_lazy("Factory"),
    "warehouse": gettext_lazy("Warehouse"),
    "refinery": gettext_lazy("Refinery"),
    "port": gettext_lazy("Port"),
    "park": gettext_lazy("Park"),
    "fire": gettext_lazy("Fire station"),
    "police": gettext_lazy("Police station"),
    "town_hall": gettext_lazy("Town hall"),
    "school": gettext_lazy("School"),
    "library": gettext_lazy("Library"),
    "museum": gettext_lazy("Museum"),
    "metro": gettext_lazy("Metro station"),
    "clinic": gettext_lazy("Clinic"),
    "university": gettext_lazy("University"),
}

# What each building asks and does, in short (RULES.md SC30-SC36, SC44; sizes and costs from components.py).
POWERS = {
    "residential": gettext_lazy("Level 1: no condition. Level 2, 3, 4 or 5: influenced by as many cultural "
                                "buildings (2, 3, 4 or 5; the town hall counts), all on one square of the new "
                                "tile. Never influenced by an industrial building. Its citizens give votes "
                                "(Phase 5)."),
    "commercial": gettext_lazy("Needs a Residential zone's influence. Citizens working on its printed squares "
                               "turn money or raw materials into money or votes (Phase 4)."),
    "factory": gettext_lazy("Built with a new Warehouse in its zone; never influenced by a Residential zone. "
                            "Its citizens produce raw materials (Phase 4) and pollution."),
    "warehouse": gettext_lazy("Stores raw materials; built with a Factory."),
    "refinery": gettext_lazy("Industrial, $1, one per player."),
    "port": gettext_lazy("Industrial, $2, one per player: a building half and a water half; only the building "
                         "half has an influence zone."),
    "park": gettext_lazy("Lowers the pollution you generate by one per square; never expanded."),
    "fire": gettext_lazy("$3, one per player. With a citizen on it, none of your citizens abroad die of "
                         "pollution."),
    "police": gettext_lazy("$2, one per player. With a citizen on it, other players' tourists may not come "
                           "into its zone."),
    "town_hall": gettext_lazy("4 places for citizens and raw materials; cultural."),
    "school": gettext_lazy("Cultural building."),
    "library": gettext_lazy("Cultural building."),
    "museum": gettext_lazy("Cultural building."),
    "metro": gettext_lazy("Cultural building: 2 tourists in each other district instead of 1."),
    "clinic": gettext_lazy("Cultural building. With a citizen on it, none of your citizens at home die of "
                           "pollution."),
    "university": gettext_lazy("Cultural building. With a citizen on it, +3 votes in Phase 5."),
}

MATERIALS = {"wood": gettext_lazy("wood"), "stone": gettext_lazy("stone"), "metal": gettext_lazy("metal")}

CARDS = {
    "A": gettext_lazy("Mayor"), "B": gettext_lazy("Architect"), "C": gettext_lazy("Mediator"),
    "D": gettext_lazy("Engineer"), "E": gettext_lazy("Supporter"), "F": gettext_lazy("Urban planner"),
    "G": gettext_lazy("Councillor"), "H": gettext_lazy("Opponent"),
}
CARD_POWERS = {
    "A": gettext_lazy("The Mayor goes to your district next turn."),
    "B": gettext_lazy("One raw material less for a cultural building this turn."),
    "C": gettext_lazy("$1 less for each building this turn (at least $1; not cultural buildings)."),
    "D": gettext_lazy("Your factories make no pollution this turn."),
    "E": gettext_lazy("Take $1 or 2 votes at once."),
    "F": gettext_lazy("Move your disc on the district size track one place to the right now: your buildable "
                      "zone grows by one row and one column for the rest of the game."),
    "G": gettext_lazy("Move one of your discs on the council at once."),
    "H": gettext_lazy("No bonus."),
}

ROWS = {"industry": gettext_lazy("Industry"), "construction": gettext_lazy("Construction"),
        "economy": gettext_lazy("Economy"), "tourism": gettext_lazy("Tourism")}
PAY = {"money": gettext_lazy("money"), "votes": gettext_lazy("votes"),
       "special": gettext_lazy("a Special Promise")}

PHASES = {
    "setup": gettext_lazy("Setting up: town hall and Promise"),
    "mayor": gettext_lazy("Phase 1: the Mayor's street"),
    "pick": gettext_lazy("Phase 1: special actions"),
    "plan": gettext_lazy("Phase 2: construction (behind the screens)"),
    "repair": gettext_lazy("Phase 2: a plan to repair"),
    "citizens": gettext_lazy("Phase 3: moving citizens"),
    "income": gettext_lazy("Phase 4: income"),
    "pollution": gettext_lazy("Phase 6: pollution"),
    "council": gettext_lazy("Phase 7: the council"),
    "over": gettext_lazy("The game is over"),
}

SLOT_TYPES = {
    "$1": gettext_lazy("+$1"), "mat>$": gettext_lazy("sell a raw material"),
    "$>votes": gettext_lazy("buy votes"), "mat>votes": gettext_lazy("a raw material for votes"),
    "wood": gettext_lazy("wood"), "stone": gettext_lazy("stone"), "metal": gettext_lazy("metal"),
}

SOLO_RANKS = {
    "megalopole": gettext_lazy("Megalopolis"), "capitale": gettext_lazy("Capital"),
    "metropole": gettext_lazy("Metropolis"), "ville": gettext_lazy("Town"), "banlieue": gettext_lazy("Suburb"),
    "cite": gettext_lazy("City"), "bourg": gettext_lazy("Market town"), "village": gettext_lazy("Village"),
    "hameau": gettext_lazy("Hamlet"), "lieu_dit": gettext_lazy("Locality"),
}
DIFFICULTIES = {"citizen": gettext_lazy("Citizen"), "mayor": gettext_lazy("Mayor"),
                "deputy": gettext_lazy("Deputy"), "senator": gettext_lazy("Senator"),
                "president": gettext_lazy("President")}

# The house substitute texts (G1): NOT the published cards. Conditions: engine/promises.py.
PROMISES = {
    1: gettext_lazy("Have a School, a Library and a Museum."),
    2: gettext_lazy("Have at least 4 squares of Parks."),
    3: gettext_lazy("Have at least 3 Residential zones."),
    4: gettext_lazy("Have a Commercial zone of level 2 or more."),
    5: gettext_lazy("Have a Factory of level 2 or more."),
    6: gettext_lazy("End with 30% pollution or less."),
    7: gettext_lazy("Have a Residential zone of level 4 or more."),
    8: gettext_lazy("Have at least 3 Commercial zones."),
    9: gettext_lazy("Have a Metro station, a Clinic or a University."),
    10: gettext_lazy("Grow your buildable zone to its largest size."),
    11: gettext_lazy("Have at least 14 citizens in play."),
    12: gettext_lazy("Fill a level-5 Residential zone with 5 of your own citizens."),
    13: gettext_lazy("Have no Cemetery."),
    14: gettext_lazy("Have a level-3 Factory and a level-4 Commercial zone."),
    15: gettext_lazy("End with 15% pollution or less."),
    16: gettext_lazy("Have at least 6 cultural buildings."),
}
SPECIAL_PROMISES = {
    1: gettext_lazy("Cover every square of your starting zone."),
    2: gettext_lazy("Have at least 2 tourists in other districts."),
    3: gettext_lazy("Have a Fire station."),
    4: gettext_lazy("Have a Police station."),
    5: gettext_lazy("Have a Refinery and a Port."),
    6: gettext_lazy("Have at least 2 Factories."),
    7: gettext_lazy("Have at least 6 squares of Parks."),
    8: gettext_lazy("End with 40% pollution or less."),
    9: gettext_lazy("Never demolish."),
    10: gettext_lazy("Have at least 4 Residential zones."),
    11: gettext_lazy("Have at least 3 Commercial zones."),
    12: gettext_lazy("Reach column 4 of the council with a disc."),
    13: gettext_lazy("Store one wood, one stone and one metal."),
    14: gettext_lazy("End with $15 or more."),
    15: gettext_lazy("End with 50 votes or more."),
    16: gettext_lazy("Have at least 10 squares of cultural buildings."),
}
PILES = {"easy": gettext_lazy("easy"), "medium": gettext_lazy("medium"), "hard": gettext_lazy("hard")}

OPTION_LABELS = {
    "board": gettext_lazy("District board side"),
    "council": gettext_lazy("Council board side (expert: the advanced game)"),
    "promises": gettext_lazy("Election Promises (house substitute texts)"),
    "victory": gettext_lazy("Victory condition"),
    "victory.citizen": gettext_lazy("Citizen victory"),
    "difficulty": gettext_lazy("Solo difficulty"),
    "easy": gettext_lazy("Easy side"),
    "expert": gettext_lazy("Expert side"),
    "on": gettext_lazy("With Promises (house texts, not the published cards)"),
    "off": gettext_lazy("Without Promises"),
    "electoral": gettext_lazy("Electoral victory"),
    "economic": gettext_lazy("Economic victory"),
    "cultural": gettext_lazy("Cultural victory"),
    # "citizen" is both the citizen victory and the first solo difficulty (the rulebook's Citoyen)
    "citizen": gettext_lazy("Citizen"),
    "mayor": gettext_lazy("Mayor"),
    "deputy": gettext_lazy("Deputy"),
    "senator": gettext_lazy("Senator"),
    "president": gettext_lazy("President"),
}

RULES_VARIANTS = {"standard": gettext_lazy("Small City Deluxe")}

MESSAGES = {
    "smallcity.setup": gettext_lazy("The game is set up for %(players)s: %(host)s takes the Mayor first."),
    "smallcity.setup_solo": gettext_lazy("The solo game is set up: each turn the Mayor visits the VIPs of the "
                                         "action cards."),
    "smallcity.town_hall": gettext_lazy("%(seat)s builds their town hall on %(squares)s."),
    "smallcity.promise_kept": gettext_lazy("%(seat)s keeps one Election Promise, face down."),
    "smallcity.turn": gettext_lazy("Turn %(turn)s: the Mayor is in %(host)s's district."),
    "smallcity.turn_solo": gettext_lazy("Turn %(turn)s: the Mayor visits the VIPs of the action cards."),
    "smallcity.mayor_moves": gettext_lazy("The Mayor moves to %(seat)s's district."),
    "smallcity.mayor_street": gettext_lazy("%(seat)s puts the Mayor on the street %(street)s."),
    "smallcity.circle": gettext_lazy("The special actions this turn: %(cards)s."),
    "smallcity.pick": gettext_lazy("%(seat)s takes the %(card)s (%(cost)s)."),
    "smallcity.plan_in": gettext_lazy("%(seat)s's construction plan is in, behind the screen."),
    "smallcity.plan_revealed": gettext_lazy("%(seat)s's plan: %(plan)s."),
    "smallcity.plan_applied": gettext_lazy("%(seat)s builds: %(plan)s."),
    "smallcity.plan_broken": gettext_lazy("%(seat)s's plan cannot be carried out (%(reason)s): they repair it."),
    "smallcity.council_build": gettext_lazy("Council: %(seat)s builds a %(kind)s (level %(level)s) on "
                                            "%(squares)s."),
    "smallcity.council_build_one": gettext_lazy("Council: %(seat)s builds a %(kind)s on %(squares)s."),
    "smallcity.citizen_moved": gettext_lazy("%(seat)s moves a citizen to a %(kind)s in %(district)s's "
                                            "district."),
    "smallcity.citizen_home": gettext_lazy("%(seat)s sends a citizen back to their %(to)s."),
    "smallcity.arrivals": gettext_lazy("New citizens: %(count)s from %(seat)s's quarry to their town hall."),
    "smallcity.new_homes": gettext_lazy("New homes: %(count)s from %(seat)s's town hall to their empty level-1 "
                                        "Residential zones."),
    "smallcity.income": gettext_lazy("Income: %(seat)s uses the square “%(slot)s”: %(gain)s."),
    "smallcity.produced": gettext_lazy("%(district)s's Factory, worked by %(seat)s, produces "
                                       "%(material)s%(stored)s."),
    "smallcity.produced_tourist": gettext_lazy("%(district)s's Factory, worked by a tourist of %(seat)s, produces "
                                               "%(material)s for %(seat)s%(stored)s."),
    "smallcity.tourist_income": gettext_lazy("%(seat)s earns %(money)s from tourists."),
    "smallcity.votes": ngettext_lazy("Vote: %(seat)s gains %(votes)s vote.", "Vote: %(seat)s gains %(votes)s votes.",
                                     "votes"),
    "smallcity.pollution": gettext_lazy("Pollution: %(seat)s generates %(generated)s; their pollution is %(level)s%%."),
    "smallcity.death": gettext_lazy("Pollution: a citizen of %(seat)s dies in %(district)s's district."),
    "smallcity.cemetery": gettext_lazy("%(seat)s lays a Cemetery on %(square)s."),
    "smallcity.fire_saves": gettext_lazy("%(seat)s's Fire station saves a citizen in %(district)s's district."),
    "smallcity.eliminated": gettext_lazy("%(seat)s's pollution reaches %(pollution)s%%: they lose the game."),
    "smallcity.council": gettext_lazy("Council: %(seat)s moves a disc to column %(column)s of %(row)s, "
                                      "paying with %(pay)s."),
    "smallcity.council_pass": gettext_lazy("Council: %(seat)s passes."),
    "smallcity.bonus_materials": gettext_lazy("Industry: %(seat)s takes %(materials)s."),
    "smallcity.bonus_economy": gettext_lazy("Economy: %(seat)s takes %(amount)s %(kind)s."),
    "smallcity.bonus_citizens": gettext_lazy("Tourism: %(count)s come to %(seat)s's town hall."),
    "smallcity.special_drawn": gettext_lazy("%(seat)s draws %(count)s Special Promises."),
    "smallcity.special_seen": gettext_lazy("You draw the Special Promises %(cards)s."),
    "smallcity.special_kept": gettext_lazy("%(seat)s keeps one Special Promise, face down."),
    "smallcity.game_over": gettext_lazy("The game is over. Scores: %(scores)s."),
    # the solo result (GameResult.solo's label)
    **{f"smallcity.solo.{k}": format_lazy("{rank} ({detail})", rank=name,
                                          detail=gettext_lazy("%(score)s points, %(difficulty)s"))
       for k, name in SOLO_RANKS.items()},
    "smallcity.solo.unranked": gettext_lazy("Below the first rank (%(score)s points, %(difficulty)s)"),
}

ERRORS = {
    "smallcity.error.architect_used": gettext_lazy("The Architect's waiver is already used on another cultural "
                                                   "building this turn."),
    "smallcity.error.no_architect": gettext_lazy("Only the Architect's player waives a raw material."),
    "smallcity.error.bad_waive": gettext_lazy("Waive one of the raw materials that building costs."),
    "smallcity.error.bad_activator": gettext_lazy("That citizen cannot activate the building."),
    "smallcity.error.bad_card": gettext_lazy("That card is not a possible choice."),
    "smallcity.error.bad_citizen": gettext_lazy("That citizen cannot move now."),
    "smallcity.error.bad_fields": gettext_lazy("That move is not possible now."),
    "smallcity.error.bad_kind": gettext_lazy("You cannot build that kind of building now."),
    "smallcity.error.bad_level": gettext_lazy("That level is not possible."),
    "smallcity.error.bad_move": gettext_lazy("That move is not possible now."),
    "smallcity.error.bad_shape": gettext_lazy("Those squares do not form that building's shape."),
    "smallcity.error.bad_side": gettext_lazy("Choose side A or B."),
    "smallcity.error.bad_size": gettext_lazy("Choose as many squares as the building's level."),
    "smallcity.error.bad_slot": gettext_lazy("That place is not a possible choice."),
    "smallcity.error.bad_square": gettext_lazy("That square is not a possible choice."),
    "smallcity.error.bad_squares": gettext_lazy("Those squares are not a possible choice."),
    "smallcity.error.bad_street": gettext_lazy("That street is not a possible choice."),
    "smallcity.error.bad_tile": gettext_lazy("That building is not a possible choice."),
    "smallcity.error.bad_water": gettext_lazy("The Port's water half is two of its squares side by side."),
    "smallcity.error.condition": gettext_lazy("The building's construction conditions are not met there."),
    "smallcity.error.council": gettext_lazy("That council move is not possible."),
    "smallcity.error.cultural_council": gettext_lazy("A cultural building cannot be built through the council."),
    "smallcity.error.game_over": gettext_lazy("The game is over."),
    "smallcity.error.just_built": gettext_lazy("A building built this turn cannot be expanded."),
    "smallcity.error.materials": gettext_lazy("You do not have those raw materials stored."),
    "smallcity.error.max_level": gettext_lazy("That building is at its highest level."),
    "smallcity.error.max_size": gettext_lazy("Your buildable zone is at its largest."),
    "smallcity.error.mayor": gettext_lazy("The Mayor's street blocks those squares this turn."),
    "smallcity.error.money": gettext_lazy("You do not have enough money."),
    "smallcity.error.must_move": gettext_lazy("A citizen must still move."),
    "smallcity.error.no_room": gettext_lazy("There is no room for those citizens."),
    "smallcity.error.not_your_turn": gettext_lazy("You have nothing to decide now."),
    "smallcity.error.one_demolition": gettext_lazy("Only one demolition per turn."),
    "smallcity.error.one_each": gettext_lazy("You may have only one of that building."),
    "smallcity.error.outside": gettext_lazy("A tile must lie fully inside the buildable zone."),
    "smallcity.error.shortage": gettext_lazy("the supply ran short"),
    "smallcity.error.taken": gettext_lazy("That square is taken."),
    "smallcity.error.too_many": gettext_lazy("No more building actions this turn."),
    "smallcity.error.town_hall": gettext_lazy("The town hall cannot go there."),
    "smallcity.error.warehouse": gettext_lazy("The Warehouse cannot go there."),
    "smallcity.error.wrong_move": gettext_lazy("That move is not possible now."),
    "smallcity.error.advanced_victory": gettext_lazy("The economic, citizen and cultural victories belong to "
                                                     "the advanced game (expert council side)."),
    "smallcity.error.solo_difficulty": gettext_lazy("The solo difficulty applies to a one-player game only."),
}

TIEBREAKS = {
    "smallcity.tiebreak.pollution_money": gettext_lazy("Tie: the lowest pollution wins, then the most money "
                                                       "(the most votes in the advanced game)."),
}

END_REASONS = {"turn_8": gettext_lazy("after turn 8"),
               "eliminated": gettext_lazy("a player's pollution reached 100%")}

SEAT_PARAMS = ("host", "district")
COLUMNS = "ABCDEFGHIJ"


def square_name(square) -> str:
    """``y * 10 + x`` → "B3" (column letter, row number from the bottom-left)."""
    if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square < 100:
        return str(square)
    y, x = divmod(square, 10)
    return f"{COLUMNS[x]}{y + 1}"


def squares_text(squares) -> str:
    if not isinstance(squares, list | tuple):
        return str(squares)
    return ", ".join(square_name(q) for q in sorted(squares))


def kind_name(kind) -> str:
    return str(KINDS.get(kind, kind))


def card_name(card) -> str:
    return f"{card} · {CARDS[card]}" if card in CARDS else str(card)


def money(n) -> str:
    return f"${n}"


def materials_text(got) -> str:
    if not isinstance(got, dict):
        return str(got)
    return ", ".join(f"{n} {MATERIALS.get(m, m)}" for m, n in got.items() if n) or _("nothing")


def citizens_count(n) -> str:
    return ngettext("%(n)d citizen", "%(n)d citizens", n) % {"n": n}


def plan_step_text(step: dict) -> str:
    t = step.get("type") if isinstance(step, dict) else None
    if t == "build":
        return (_("a %(kind)s (level %(level)s) on %(squares)s") if step.get("kind") in C.LEVELS else
                _("a %(kind)s on %(squares)s")) % {
            "kind": kind_name(step.get("kind")), "level": step.get("level"),
            "squares": squares_text(step.get("squares"))}
    if t == "expand":
        return _("expands a building onto %(square)s") % {"square": square_name(step.get("square"))}
    if t == "demolish":
        return _("demolishes a building")
    if t == "extend":
        return _("grows the buildable zone")
    return str(t)


def plan_text(plan) -> str:
    if not isinstance(plan, list) or not plan:
        return _("nothing")
    return clauses(plan_step_text(step) for step in plan)


def promise_text(num) -> str:
    return str(PROMISES.get(num, num))


def special_text(num) -> str:
    return str(SPECIAL_PROMISES.get(num, num))


def param(name: str, value, options: dict | None = None):
    """Parameter values in words: squares, buildings, cards, amounts."""
    if name in ("squares", "street"):
        return squares_text(value)
    if name == "square":
        return square_name(value)
    if name == "kind":
        return {"money": _("dollars"), "votes": _("votes")}.get(value) or kind_name(value)
    if name == "card":
        return card_name(value)
    if name == "cards":
        if isinstance(value, list) and value and isinstance(value[0], int):  # Special Promises drawn
            return clauses(f"#{n} {special_text(n)}" for n in value)
        return ", ".join(card_name(c) for c in value) if isinstance(value, list) else str(value)
    if name == "cost":
        return money(value) if value else _("free")
    if name in ("plan",):
        return plan_text(value)
    if name == "reason":
        return str(ERRORS.get(value, value))
    if name == "count":
        return citizens_count(value) if isinstance(value, int) else value
    if name == "slot":
        return str(SLOT_TYPES.get(value, value))
    if name == "money":
        return money(value)
    if name == "gain" and isinstance(value, dict):
        return income_got(value)
    if name == "material":
        return str(MATERIALS.get(value, value))
    if name == "stored":
        return "" if value else " " + _("(no room to store it: lost)")
    if name == "materials":
        return materials_text(value)
    if name == "row":
        return str(ROWS.get(value, value))
    if name == "pay":
        return str(PAY.get(value, value))
    if name == "to":
        return _("Espace Carrière (quarry)") if value == "quarry" else kind_name(value)
    if name == "players":
        return ngettext("%(n)d player", "%(n)d players", value) % {"n": value} if isinstance(value, int) else value
    if name == "scores" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if name == "rank":
        return str(SOLO_RANKS.get(value, value))
    if name == "difficulty":
        return str(DIFFICULTIES.get(value, value))
    return value


def income_got(params: dict) -> str:
    parts = []
    if "money" in params:
        parts.append(money(params["money"]))
    if "votes" in params:
        parts.append(ngettext("%(n)d vote", "%(n)d votes", params["votes"]) % {"n": params["votes"]})
    return ", ".join(parts)


def move_label(move: dict, names: list[str]) -> str:
    """A move in words, for the API's and the generic lists of choices."""
    t = move.get("type")
    if t == "place_town_hall":
        return _("Build your town hall on %(squares)s") % {"squares": squares_text(move.get("squares"))}
    if t == "keep_promise":
        return _("Keep Promise #%(n)s: %(text)s") % {"n": move.get("card"), "text": promise_text(move.get("card"))}
    if t == "keep_special":
        return _("Keep Special Promise #%(n)s: %(text)s") % {"n": move.get("card"),
                                                              "text": special_text(move.get("card"))}
    if t == "place_mayor":
        return _("Put the Mayor on the street %(street)s") % {"street": squares_text(move.get("street"))}
    if t == "pick":
        extra = {"money": _(" (take $1)"), "votes": _(" (take 2 votes)")}.get(move.get("gain"), "")
        return _("Take the %(card)s") % {"card": card_name(move.get("card"))} + extra
    if t in ("build", "council_build"):
        text = (_("Build a %(kind)s (level %(level)s)") if move.get("kind") in C.LEVELS else
                _("Build a %(kind)s")) % {"kind": kind_name(move.get("kind")), "level": move.get("level")}
        if "squares" in move:
            text += " " + _("on %(squares)s") % {"squares": squares_text(move["squares"])}
        return text
    if t == "expand":
        return _("Expand %(tile)s onto %(square)s") % {"tile": move.get("tile"),
                                                        "square": square_name(move.get("square"))}
    if t == "demolish":
        return _("Demolish %(tile)s") % {"tile": move.get("tile")}
    if t == "extend":
        return _("Grow the buildable zone")
    if t == "undo":
        return _("Take back the last step of the plan")
    if t == "done":
        return _("Done")
    if t == "reopen":
        return _("Change my plan")
    if t == "move_citizen":
        return _("Move the citizen on %(from)s") % {"from": move.get("from")}
    if t == "income":
        return _("Use the square %(slot)s") % {"slot": move.get("slot")}
    if t == "income_done":
        return _("No more income")
    if t == "kill":
        return _("Pollution: the citizen on %(slot)s dies (it becomes a Cemetery)") % {"slot": move.get("slot")}
    if t == "cemetery":
        return _("The Cemetery of the citizen who died: on %(square)s") % {"square": square_name(move.get("square"))}
    if t == "store":
        return _("Store the %(material)s made on the Factory square %(slot)s") % {
            "material": MATERIALS.get(move.get("material"), move.get("material")), "slot": move.get("slot")}
    if t == "new_home":
        return _("A town-hall citizen moves into the Residential zone %(tile)s") % {"tile": move.get("tile")}
    if t == "council":
        return _("Council: %(row)s, paying with %(pay)s") % {"row": ROWS.get(move.get("row"), move.get("row")),
                                                              "pay": PAY.get(move.get("pay"), move.get("pay"))}
    if t == "pass":
        return _("Pass")
    if t == "skip":
        return _("Skip")
    return str(move)


def substitutes() -> list[dict]:
    """The substitute values (components.md tags) as the rules page and the new-game form list them."""
    return [{"name": entry["name"], "value": entry["value"], "source": entry["source"]} for entry in C.substitutes()]
