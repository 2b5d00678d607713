"""Cité in words: the engine's log, notice and error keys, resources, professions and buildings, in
the reader's language. French follows the rulebook's own terms (Bois, Pierre, Métal, Tissu, Or…;
Scieur, Tailleur de Pierre, Forgeron, Tisserand; Échoppe, Banque, Moulin, Puces, Guilde, Auberge,
Rue Pavée, Marché, Manufacture, Verrier…; case, Tour, quartier)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from .engine.components import RESOURCES

RESOURCE_NAMES = {
    "wood": gettext_lazy("Wood"), "stone": gettext_lazy("Stone"), "metal": gettext_lazy("Metal"),
    "cloth": gettext_lazy("Cloth"), "gold": gettext_lazy("Gold"), "glass": gettext_lazy("Glass"),
    "furniture": gettext_lazy("Furniture"), "sculpture": gettext_lazy("Sculpture"),
    "jewel": gettext_lazy("Jewel"), "lock": gettext_lazy("Lock"), "weapon": gettext_lazy("Weapon"),
}

PROFESSION_NAMES = {
    "sawyer": gettext_lazy("Sawyer"), "stonecutter": gettext_lazy("Stonecutter"),
    "smith": gettext_lazy("Smith"), "weaver": gettext_lazy("Weaver"),
}

BUILDING_NAMES = {
    "small_shop": gettext_lazy("Small shop"), "large_shop": gettext_lazy("Large shop"),
    "comptoir": gettext_lazy("Comptoir"), "weaver_shop": gettext_lazy("Weaver's small shop"),
    "bank": gettext_lazy("Bank"), "mill": gettext_lazy("Mill"), "flea_market": gettext_lazy("Flea market"),
    "guild": gettext_lazy("Guild"), "inn": gettext_lazy("Inn"), "paved_street": gettext_lazy("Paved street"),
    "market": gettext_lazy("Market"), "manufacture": gettext_lazy("Manufacture"),
    "glassmaker": gettext_lazy("Glassmaker"), "cabinetmaker": gettext_lazy("Cabinetmaker"),
    "sculptor": gettext_lazy("Sculptor"), "jeweller": gettext_lazy("Jeweller"),
    "locksmith": gettext_lazy("Locksmith"), "armourer": gettext_lazy("Armourer"),
}

# What each building does (the rulebook's building pages; the Comptoir's power is our substitute, G3).
POWERS = {
    "small_shop": gettext_lazy("Produces 1 of its owner's resource at each Production."),
    "large_shop": gettext_lazy("Produces 5 of its owner's resource at each Production."),
    "comptoir": gettext_lazy("Produces 1 Gold at each Production (substitute: the rulebook we have does not "
                             "print its power)."),
    "weaver_shop": gettext_lazy("Produces 1 Cloth at each Production (3 players: one each, optional for the "
                                "end)."),
    "bank": gettext_lazy("Holds up to 3 resources; at each later Production it yields a copy of each."),
    "mill": gettext_lazy("Doubles the production of adjacent small and large shops."),
    "flea_market": gettext_lazy("Once per round: 1 resource → 1 Gold. Works the round it is built."),
    "guild": gettext_lazy("1 free square of construction per round, +1 per adjacent Inn."),
    "inn": gettext_lazy("Doubles adjacent small shops; adjacent transformers yield +1 per conversion; adjacent "
                        "Guilds +1 square."),
    "paved_street": gettext_lazy("Buildings touching it count as adjacent to each other."),
    "market": gettext_lazy("Any number of times: 4 resources → 1 resource. Works the round it is built."),
    "manufacture": gettext_lazy("A new building adjacent to it costs 2 squares less (at least 1)."),
    "glassmaker": gettext_lazy("1 Stone + 1 Wood → 1 Glass, any number of times."),
    "cabinetmaker": gettext_lazy("1 Wood + 1 Cloth → 1 Furniture, any number of times."),
    "sculptor": gettext_lazy("1 Cloth + 1 Stone → 1 Sculpture, any number of times."),
    "jeweller": gettext_lazy("1 Metal + 1 Stone → 1 Jewel, any number of times."),
    "locksmith": gettext_lazy("1 Metal + 1 Wood → 1 Lock, any number of times."),
    "armourer": gettext_lazy("1 Cloth + 1 Metal → 1 Weapon, any number of times."),
}

# A shop's name depends on its owner's profession (Scierie, Carrière, Forge, Tisserand).
SHOP_NAMES = {
    ("small_shop", "sawyer"): gettext_lazy("Sawmill"), ("small_shop", "stonecutter"): gettext_lazy("Quarry"),
    ("small_shop", "smith"): gettext_lazy("Forge"), ("small_shop", "weaver"): gettext_lazy("Weaving shop"),
    ("large_shop", "sawyer"): gettext_lazy("Large sawmill"),
    ("large_shop", "stonecutter"): gettext_lazy("Large quarry"),
    ("large_shop", "smith"): gettext_lazy("Large forge"), ("large_shop", "weaver"): gettext_lazy("Large weaving shop"),
}

# Each building with its article, as a button says it ("Lift the Bank"): French gives each its own (« la Banque »,
# « le Moulin », « les Puces », « l'Auberge », « la Grande Forge »: the rulebook's), which no one "le" can.
_THE = "building, with its article"
BUILDING_NAMES_THE = {
    "small_shop": pgettext_lazy(_THE, "the Small shop"), "large_shop": pgettext_lazy(_THE, "the Large shop"),
    "comptoir": pgettext_lazy(_THE, "the Comptoir"), "weaver_shop": pgettext_lazy(_THE, "the Weaver's small shop"),
    "bank": pgettext_lazy(_THE, "the Bank"), "mill": pgettext_lazy(_THE, "the Mill"),
    "flea_market": pgettext_lazy(_THE, "the Flea market"), "guild": pgettext_lazy(_THE, "the Guild"),
    "inn": pgettext_lazy(_THE, "the Inn"), "paved_street": pgettext_lazy(_THE, "the Paved street"),
    "market": pgettext_lazy(_THE, "the Market"), "manufacture": pgettext_lazy(_THE, "the Manufacture"),
    "glassmaker": pgettext_lazy(_THE, "the Glassmaker"), "cabinetmaker": pgettext_lazy(_THE, "the Cabinetmaker"),
    "sculptor": pgettext_lazy(_THE, "the Sculptor"), "jeweller": pgettext_lazy(_THE, "the Jeweller"),
    "locksmith": pgettext_lazy(_THE, "the Locksmith"), "armourer": pgettext_lazy(_THE, "the Armourer"),
}
SHOP_NAMES_THE = {
    ("small_shop", "sawyer"): pgettext_lazy(_THE, "the Sawmill"),
    ("small_shop", "stonecutter"): pgettext_lazy(_THE, "the Quarry"),
    ("small_shop", "smith"): pgettext_lazy(_THE, "the Forge"),
    ("small_shop", "weaver"): pgettext_lazy(_THE, "the Weaving shop"),
    ("large_shop", "sawyer"): pgettext_lazy(_THE, "the Large sawmill"),
    ("large_shop", "stonecutter"): pgettext_lazy(_THE, "the Large quarry"),
    ("large_shop", "smith"): pgettext_lazy(_THE, "the Large forge"),
    ("large_shop", "weaver"): pgettext_lazy(_THE, "the Large weaving shop"),
}

OPTION_LABELS = {
    "first_game_gift": gettext_lazy("Beginners' gift: 3 Gold each at the start"),
    "no": gettext_lazy("No"),
    "yes": gettext_lazy("Yes"),
}

RULES_VARIANTS = {"introductory": gettext_lazy("Cité: the introductory game")}

SEAT_PARAMS = ("from", "by", "payer", "payee", "to")

class WithDefaults:
    """A log template whose newer parameters may be missing from older rows (offers logged before contract
    schedules have no ``later_rounds``: their timing is then not said)."""

    def __init__(self, template, **defaults):
        self.template, self.defaults = template, {"later_rounds": "", **defaults}

    def __mod__(self, params):
        return self.template % {**self.defaults, **params}

    def __str__(self):
        return str(self.template)


class Nothing(str):
    """An empty bundle in words ("nothing"), told apart by a template that words that case its own way."""


class Unless:
    """A log template with its own sentence for a bundle that is empty (``name`` formatted as ``Nothing``):
    "paid nothing", never "paid only nothing" (« n'a rien payé »)."""

    def __init__(self, name, template, *, nothing):
        self.name, self.template, self.nothing = name, template, nothing

    def __mod__(self, params):
        return (self.nothing if isinstance(params.get(self.name), Nothing) else self.template) % params

    def __str__(self):
        return str(self.template)


MESSAGES = {
    "cite.drawn": gettext_lazy("%(seat)s draws the %(profession)s and quarter %(quarter)s."),
    "cite.round": gettext_lazy("Round %(round)s begins."),
    "cite.placed": gettext_lazy("%(seat)s places a %(kind)s (round 1, free)."),
    "cite.lifted": gettext_lazy("%(seat)s lifts their %(kind)s again."),
    "cite.production": gettext_lazy("Production: %(seat)s gains %(gains)s."),
    "cite.offer": WithDefaults(gettext_lazy("%(seat)s makes offer %(offer)s to %(to)s: gives %(give)s, wants "
                                            "%(get)s%(later_give)s%(later_get)s%(later_rounds)s.")),
    "cite.accepted": WithDefaults(gettext_lazy("%(seat)s accepts %(from)s's offer %(offer)s: the trade is made"
                                               "%(later_give)s%(later_get)s%(later_rounds)s.")),
    "cite.declined": gettext_lazy("%(seat)s declines %(from)s's offer %(offer)s."),
    "cite.cancelled": gettext_lazy("%(seat)s withdraws offer %(offer)s."),
    "cite.lapsed": gettext_lazy("%(seat)s's offer %(offer)s lapses."),
    "cite.timed_out": gettext_lazy("%(seat)s ran out of time in round %(round)s: done, their offers lapse."),
    "cite.bought": ngettext_lazy("%(seat)s buys %(squares)s square with %(collections)s.",
                                 "%(seat)s buys %(squares)s squares with %(collections)s.", "squares"),
    "cite.built": ngettext_lazy("%(seat)s builds a %(kind)s for %(cost)s square, paying %(paid)s.",
                                "%(seat)s builds a %(kind)s for %(cost)s squares, paying %(paid)s.", "cost"),
    "cite.bank": gettext_lazy("%(seat)s sets their Bank deposit to %(deposit)s."),
    "cite.converted": gettext_lazy("%(seat)s's %(kind)s turns %(given)s into %(got)s."),
    "cite.market": gettext_lazy("%(seat)s trades %(given)s at the Market for 1 %(got)s."),
    "cite.flea": gettext_lazy("%(seat)s trades 1 %(given)s at the Flea market for 1 Gold."),
    "cite.contract_paid": gettext_lazy("Contract %(contract)s: %(payer)s pays %(payee)s %(paid)s as promised."),
    "cite.contract_breached": Unless("paid", gettext_lazy(
        "Contract %(contract)s BREACHED: %(payer)s owed %(payee)s %(owed)s and paid only %(paid)s (short: %(short)s)."),
        nothing=gettext_lazy("Contract %(contract)s BREACHED: %(payer)s owed %(payee)s %(owed)s and paid nothing.")),
    "cite.squares_lost": ngettext_lazy("%(seat)s loses %(squares)s unused square at the round's end.",
                                       "%(seat)s loses %(squares)s unused squares at the round's end.", "squares"),
    "cite.done": gettext_lazy("%(seat)s is done for round %(round)s."),
    "cite.over": gettext_lazy("The game is over (%(reason)s)."),
    # Notices: what one seat is told (page, stream event, mail or digest).
    "cite.offer_made": WithDefaults(gettext_lazy("%(from)s made you an offer (%(offer)s): they give %(give)s, "
                                                 "they want %(get)s%(later_give)s%(later_get)s%(later_rounds)s.")),
    "cite.offer_accepted": gettext_lazy("%(by)s accepted your offer %(offer)s: the trade is made."),
    "cite.offer_declined": gettext_lazy("%(by)s declined your offer %(offer)s."),
    "cite.offer_taken": gettext_lazy("%(by)s accepted offer %(offer)s first: it is closed."),
    "cite.offer_cancelled": gettext_lazy("%(from)s withdrew offer %(offer)s."),
    "cite.offer_lapsed": gettext_lazy("%(from)s's offer %(offer)s lapsed."),
}

# A notice that takes back an earlier one still waiting in the reader's mail (notifications.services.notice):
# withdrawing key -> (withdrawn key, the parameter both carry). A withdrawn offer is never mailed.
WITHDRAWS = {
    "cite.offer_cancelled": ("cite.offer_made", "offer"),
    "cite.offer_lapsed": ("cite.offer_made", "offer"),
    "cite.offer_taken": ("cite.offer_made", "offer"),
}
ERRORS = {
    "cite.error.already_done": gettext_lazy("You said done for this round: you may only answer offers now."),
    "cite.error.bad_bundle": gettext_lazy("A bundle of resources is a count per resource."),
    "cite.error.bad_cells": gettext_lazy("Those are not squares of the grid."),
    "cite.error.bad_collection": gettext_lazy("That collection buys no square (see the cost table)."),
    "cite.error.bad_cost": gettext_lazy("The cost must be a whole number."),
    "cite.error.bad_count": gettext_lazy("Each count is a whole number from 0 to 999."),
    "cite.error.bad_move": gettext_lazy("That is not a move of Cité."),
    "cite.error.bad_pay": gettext_lazy("The payment could not be read."),
    "cite.error.bad_recipients": gettext_lazy("Choose one or more other players to make the offer to."),
    "cite.error.bad_seat": gettext_lazy("No such seat."),
    "cite.error.bad_shape": gettext_lazy("Those squares do not have the shape of that building."),
    "cite.error.bad_squares": gettext_lazy("Buy from 1 to %(most)s squares at once."),
    "cite.error.bad_times": gettext_lazy("Convert from 1 to 999 times."),
    "cite.error.bank_full": gettext_lazy("Your Bank holds at most %(holds)s resources."),
    "cite.error.build_on_mark": gettext_lazy("In round 1 you must build on your quarter's marked square before "
                                             "saying done."),
    "cite.error.cannot_buy": ngettext_lazy("Your resources cannot buy %(squares)s square.",
                                           "Your resources cannot buy %(squares)s squares.", "squares"),
    "cite.error.cannot_pay": gettext_lazy("You lack %(lacks)s for that."),
    "cite.error.cost_rose": gettext_lazy("That building now costs %(cost)s squares there, more than the %(told)s "
                                         "you were told: nothing was paid. Look again."),
    "cite.error.empty_offer": gettext_lazy("An offer gives or asks for something."),
    "cite.error.first_on_mark": gettext_lazy("Your first building must cover your quarter's marked square."),
    "cite.error.flea_used": gettext_lazy("Your Flea market was already used this round."),
    "cite.error.layout_full": gettext_lazy("Round 1 gives 7 free squares: %(used)s are placed already."),
    "cite.error.market_four": gettext_lazy("The Market takes exactly 4 resources."),
    "cite.error.no_bank": gettext_lazy("You have no Bank."),
    "cite.error.no_flea": gettext_lazy("You have no Flea market."),
    "cite.error.no_market": gettext_lazy("You have no Market."),
    "cite.error.no_next_round": gettext_lazy("No Production follows the last round: no contract can fall due."),
    "cite.error.none_left": gettext_lazy("You have no %(kind)s left to build."),
    "cite.error.not_adjacent": gettext_lazy("A new building must share an edge with one of your buildings."),
    "cite.error.not_for_you": gettext_lazy("That offer is not made to you."),
    "cite.error.not_now": gettext_lazy("That is not a move of this round."),
    "cite.error.not_pending": gettext_lazy("This seat owes nothing now."),
    "cite.error.not_transformer": gettext_lazy("No such transformer of yours."),
    "cite.error.not_yours": gettext_lazy("That is not yours."),
    "cite.error.occupied": gettext_lazy("A square there is already built on."),
    "cite.error.offer_gone": gettext_lazy("That offer is no longer open: it was withdrawn, answered or lapsed."),
    "cite.error.offerer_cannot_pay": gettext_lazy("The offer can no longer be paid: its author now lacks "
                                                  "%(lacks)s. Nothing was traded."),
    "cite.error.outside_quarter": gettext_lazy("You build only in your own quarter."),
    "cite.error.over": gettext_lazy("The game is over."),
    "cite.error.price_rose": ngettext_lazy("%(squares)s square now costs %(resources)s resources, more than the "
                                           "%(told)s you were told: nothing was paid.",
                                           "%(squares)s squares now cost %(resources)s resources, more than the "
                                           "%(told)s you were told: nothing was paid.", "squares"),
    "cite.error.too_many_offers": gettext_lazy("At most %(limit)s offers per round each."),
    "cite.error.too_many_open": gettext_lazy("At most %(limit)s open offers at once: withdraw one first."),
    "cite.error.underpaid": gettext_lazy("That %(kind)s costs %(cost)s squares there; you have %(squares)s."),
    "cite.error.unfilled": gettext_lazy("Fill in the move before sending it."),
    "cite.error.unknown_building": gettext_lazy("Unknown building."),
    "cite.error.unknown_field": gettext_lazy("That move has fields it does not take."),
    "cite.error.unknown_resource": gettext_lazy("Unknown resource."),
    "cite.error.would_split": gettext_lazy("Lifting it would cut your buildings off your marked square."),
}

END_REASONS = {
    "all_built": gettext_lazy("a player built all their buildings"),
    "last_round": gettext_lazy("round 7 is over"),
}

FIELD_LABELS = {
    "to": gettext_lazy("To"), "give": gettext_lazy("You give"), "get": gettext_lazy("You want"),
    "later_give": gettext_lazy("At each Production named, you give"),
    "later_get": gettext_lazy("At each Production named, you get"),
    "later_rounds": gettext_lazy("Paid at the Production of round"),
    "cells": gettext_lazy("Where"), "squares": gettext_lazy("Squares"), "times": gettext_lazy("Times"),
    "deposit": gettext_lazy("Deposit"),
}

MOVE_LABELS = {
    "done": gettext_lazy("Done for this round"), "offer": gettext_lazy("Make an offer"),
    "buy": gettext_lazy("Buy squares"), "bank": gettext_lazy("Set the Bank deposit"),
    "market": gettext_lazy("Use the Market (4 → 1)"), "flea": gettext_lazy("Use the Flea market (1 → 1 Gold)"),
}


def resource_name(kind: str) -> str:
    return str(RESOURCE_NAMES.get(kind, kind))


def building_name(kind: str, profession: str | None = None) -> str:
    return str(SHOP_NAMES.get((kind, profession)) or BUILDING_NAMES.get(kind, kind))


def building_name_the(kind: str, profession: str | None = None) -> str:
    """The building's name with its article ("the Quarry", « la Carrière », « l'Auberge », « les Puces »)."""
    found = SHOP_NAMES_THE.get((kind, profession)) or BUILDING_NAMES_THE.get(kind)
    return str(found) if found is not None else _("the %(name)s") % {"name": building_name(kind, profession)}


def bundle_text(bundle) -> str:
    """"4 Wood, 2 Stone" in the fixed order of the resources; "nothing" for an empty bundle."""
    if not isinstance(bundle, dict):
        return str(bundle)
    parts = [f"{bundle[k]} {resource_name(k)}" for k in RESOURCES if isinstance(bundle.get(k), int) and bundle[k]]
    return ", ".join(parts) if parts else Nothing(_("nothing"))


def collections_text(collections) -> str:
    if not isinstance(collections, list):
        return str(collections)
    return " + ".join(f"({bundle_text(c)})" for c in collections) or _("nothing")


def param(name: str, value, options: dict | None = None):
    if name == "later_give" and isinstance(value, dict):
        # The contract part of an offer, binding (G12): empty when there is none.
        return _("; binding contract: the offerer gives %(b)s") % {"b": bundle_text(value)} if value else ""
    if name == "later_get" and isinstance(value, dict):
        return _("; binding contract: the offerer gets %(b)s") % {"b": bundle_text(value)} if value else ""
    if name == "later_rounds" and isinstance(value, list):
        return _(" at the Production of %(rounds)s") % {"rounds": rounds_text(value)} if value else ""
    if name in ("give", "get", "gains", "paid", "deposit", "given", "owed", "short", "lacks") \
            and isinstance(value, dict):
        return bundle_text(value)
    if name == "got":
        return bundle_text(value) if isinstance(value, dict) else resource_name(value)
    if name == "kind":
        return building_name(value)
    if name == "profession":
        return str(PROFESSION_NAMES.get(value, value))
    if name == "quarter" and isinstance(value, int):
        return value + 1
    if name == "collections":
        return collections_text(value)
    if name == "reason":
        return str(END_REASONS.get(value, value))
    if name == "to" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


def rounds_text(rounds: list[int]) -> str:
    """G12's schedule in words: "round 3", "rounds 3, 4 and 5"."""
    rounds = sorted(rounds)
    if len(rounds) == 1:
        return _("round %(n)s") % {"n": rounds[0]}
    return _("rounds %(list)s and %(last)s") % {"list": ", ".join(map(str, rounds[:-1])), "last": rounds[-1]}


def move_label(move: dict, names: list[str]) -> str:
    kind = move.get("type")
    if kind in ("accept", "decline", "cancel", "counter"):
        words = {"accept": _("Accept offer %(offer)s"), "decline": _("Decline offer %(offer)s"),
                 "cancel": _("Withdraw offer %(offer)s"), "counter": _("Counter offer %(offer)s")}
        return words[kind] % {"offer": move.get("offer")}
    if kind in ("place", "build"):
        text = _("Build a %(kind)s") if kind == "build" else _("Place a %(kind)s")
        out = text % {"kind": building_name(move.get("kind", ""))}
        if "cost" in move:
            out += " " + ngettext("(%(n)s square)", "(%(n)s squares)", move["cost"]) % {"n": move["cost"]}
        return out
    if kind == "lift":
        return _("Lift building %(building)s") % {"building": move.get("building")}
    if kind == "convert":
        return _("Convert at %(building)s") % {"building": move.get("building")}
    return str(MOVE_LABELS.get(kind, kind))


def value_label(field: str, value, names: list[str]) -> str:
    if field == "to" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if field == "later_rounds" and isinstance(value, int):
        return rounds_text([value])
    if field in ("give", "get", "later_give", "later_get", "deposit") and isinstance(value, str):
        return resource_name(value)
    if field == "cells" and isinstance(value, list):
        return " ".join(f"({c[0]},{c[1]})" for c in value if isinstance(c, list) and len(c) == 2)
    return str(value)


# Every notice restates a public line of the same move (the offer, its answer, a contract paid or breached):
# the page and the log show that line once; the notice itself still goes to its seat's stream and mail.
NOTICE_KEYS = frozenset(k for k in MESSAGES if k.startswith("cite.offer_")) | {"cite.contract_paid",
                                                                             "cite.contract_breached"}


def hidden(entry: dict) -> bool:
    """A notice's log line (``"notice": True``, the platform's copy for its seat): its event is told once, by the
    public line beside it."""
    return bool(entry.get("notice")) and entry.get("key") in NOTICE_KEYS


OFFERS_TO_YOU = gettext_lazy("Offers made to you")
ANSWER_WAITS = gettext_lazy("An offer waits for you")  # "my games", a seat that said done (issue 42)


def offer_opened(entry: dict):
    """The offer a log line makes ("since your last visit" leaves out an offer withdrawn before the reader came)."""
    offer = (entry.get("params") or {}).get("offer")
    return offer if entry.get("key") == "cite.offer" and isinstance(offer, str) else None


def offer_withdrawn(entry: dict):
    """The offer a log line withdraws, or that lapses, unanswered."""
    offer = (entry.get("params") or {}).get("offer")
    return offer if entry.get("key") in ("cite.cancelled", "cite.lapsed") and isinstance(offer, str) else None


def offer_made_to(entry: dict, seat: int) -> bool:
    """A log line that is an offer (or counter-offer) made to ``seat`` ("since your last visit" tells them first)."""
    to = (entry.get("params") or {}).get("to")
    return entry.get("key") == "cite.offer" and isinstance(to, list) and seat in to

# The tie-breaks the engine names in its result (GameResult.tiebreak), worded by the platform's end screen.
TIEBREAKS = {
    "cite.tiebreak.remainder": gettext_lazy("Tied on points: the larger remainder of unused resources wins."),
}
