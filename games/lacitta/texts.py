"""La Città in words: the engine's log keys, error keys and names, in the
reader's language (terms follow the rulebooks: Voix du Peuple, carte Politique…)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from games.lacitta.places import city_name

BUILDINGS = {
    "castle": gettext_lazy("castle"),
    "farm": gettext_lazy("farmhouse"),
    "quarry": gettext_lazy("quarry"),
    "school": gettext_lazy("school"),
    "statue": gettext_lazy("statue"),
    "fountain": gettext_lazy("fountain"),
    "market": gettext_lazy("market"),
    "palace": gettext_lazy("palace"),
    "hospital": gettext_lazy("hospital"),
    "bathhouse": gettext_lazy("bathhouse"),
    "cathedral": gettext_lazy("cathedral"),
    "university": gettext_lazy("university"),
    "road": gettext_lazy("road"),
    "theatre": gettext_lazy("theatre"),
    "port": gettext_lazy("port"),
    "large_farmhouse": gettext_lazy("large farmhouse"),
    "domain": gettext_lazy("domain"),
}

SERVICES = {
    "culture": gettext_lazy("Culture"),
    "education": gettext_lazy("Education"),
    "health": gettext_lazy("Health"),
}

CARDS = {
    "palace": gettext_lazy("Palace"),
    "hospital": gettext_lazy("Hospital"),
    "bathhouse": gettext_lazy("Bathhouse"),
    "cathedral": gettext_lazy("Cathedral"),
    "university": gettext_lazy("University"),
    "port": gettext_lazy("Port"),
    "large_farmhouse": gettext_lazy("Large farmhouse"),
    "domain": gettext_lazy("Domain"),
    "master_builder": gettext_lazy("Master builder"),
    "bread_and_games": gettext_lazy("Bread and games"),
    "golden_times": gettext_lazy("Golden times"),
    "rich_harvest": gettext_lazy("Rich harvest"),
    "close_to_people": gettext_lazy("Close to the people"),
}

LANDSCAPES = {
    "farm": gettext_lazy("farmland"),
    "mountain": gettext_lazy("mountain"),
    "lake": gettext_lazy("lake"),
    "wasteland": gettext_lazy("wasteland"),
}

# The new-game form's words for the options and their values.
OPTION_LABELS = {
    "edition": gettext_lazy("Edition"),
    "expansion": gettext_lazy("Expansion"),
    "setup": gettext_lazy("Setup"),
    "classic": gettext_lazy("Classic (2000)"),
    "modern": gettext_lazy("New edition"),
    "none": gettext_lazy("None"),
    "cocagne": gettext_lazy("Pays de Cocagne"),
    "beginner": gettext_lazy("Beginner (fixed layout)"),
    "advanced": gettext_lazy("Advanced (random landscape, players place castles)"),
    "voice_tie": gettext_lazy("2–2 Voice of the People"),
    "in_turn": gettext_lazy("Each player on their own migration turn (as the rules)"),
    "at_once": gettext_lazy("2–2 choices at once — faster by post"),
}

# The rules pages, in menu order.
RULES_VARIANTS = {
    "classic": gettext_lazy("Classic edition (2000)"),
    "modern": gettext_lazy("New edition"),
    "cocagne": gettext_lazy("Pays de Cocagne expansion"),
}


def rules_variant(options: dict) -> str:
    """The rules page a game's options select."""
    return "cocagne" if options.get("expansion") == "cocagne" else options.get("edition", "modern")


MESSAGES = {
    "lacitta.setup": gettext_lazy("The game is set up (%(edition)s edition, %(setup)s setup, %(players)s players)."),
    "lacitta.setup_order": gettext_lazy("%(first)s places the first castle."),
    "lacitta.castle_placed": ngettext_lazy(
        "%(seat)s places a castle: %(cell)s, %(food)s food.",
        "%(seat)s places a castle: %(cell)s, %(food)s food.", "food"),
    "lacitta.castle_skipped": gettext_lazy("%(seat)s has no place left for a castle."),
    "lacitta.first_player": gettext_lazy("%(seat)s is first player."),
    "lacitta.year_start": gettext_lazy("Year %(year)s begins."),
    "lacitta.voice_drawn": gettext_lazy("Voice of the People: %(face_up)s is face up, three cards face down."),
    "lacitta.income": ngettext_lazy(
        "%(seat)s receives %(gold)s gold.",
        "%(seat)s receives %(gold)s gold.", "gold"),
    "lacitta.growth": ngettext_lazy(
        "%(seat)s's cities grow: %(cities)s new citizen.",
        "%(seat)s's cities grow: %(cities)s new citizens.", "cities"),
    "lacitta.famine_penalty": gettext_lazy("%(seat)s starts the year with one turn fewer (famine)."),
    "lacitta.take_gold": ngettext_lazy(
        "%(seat)s takes %(gold)s gold.",
        "%(seat)s takes %(gold)s gold.", "gold"),
    "lacitta.found": gettext_lazy(
        "%(seat)s founds %(cell)s with a citizen from %(from)s (%(citizens)s citizens, %(food)s food)."),
    "lacitta.build": gettext_lazy("%(seat)s builds a %(building)s in %(city)s."),
    "lacitta.roads": gettext_lazy("%(seat)s lays roads: %(roads)s."),
    "lacitta.politics": ngettext_lazy(
        "%(seat)s takes the politics card %(card)s for %(cost)s gold.",
        "%(seat)s takes the politics card %(card)s for %(cost)s gold.", "cost"),
    "lacitta.row_refilled": gettext_lazy("%(card)s is turned face up in the politics row."),
    "lacitta.politics_reshuffled": gettext_lazy("The politics discard is shuffled into a new deck."),
    "lacitta.bread_and_games": ngettext_lazy(
        "%(seat)s places %(cubes)s cube on %(service)s in %(city)s.",
        "%(seat)s places %(cubes)s cubes on %(service)s in %(city)s.", "cubes"),
    "lacitta.golden_times": ngettext_lazy(
        "%(seat)s adds %(placed)s citizen to %(city)s.",
        "%(seat)s adds %(placed)s citizens to %(city)s.", "placed"),
    "lacitta.rich_harvest": ngettext_lazy(
        "%(seat)s doubles a farm's harvest: +%(food)s food.",
        "%(seat)s doubles a farm's harvest: +%(food)s food.", "food"),
    "lacitta.peek": gettext_lazy("%(seat)s looks at face-down Voice of the People cards."),
    "lacitta.peek_seen": gettext_lazy("You saw: %(cards)s."),
    "lacitta.pass": gettext_lazy("%(seat)s passes and takes a politics card face down."),
    "lacitta.auto_move": gettext_lazy("%(seat)s cannot play and passes."),
    "lacitta.voice_revealed": gettext_lazy(
        "The Voice of the People is revealed: %(cards)s. The people want %(voice)s."),
    "lacitta.voice_choice": gettext_lazy("%(seat)s chooses %(service)s for %(city)s."),
    "lacitta.voice_choices": gettext_lazy("Every city's choice of service is made."),
    "lacitta.migration": gettext_lazy(
        "%(city)s (%(seat)s) takes a citizen from %(from_city)s (%(from_seat)s): "
        "%(service)s %(points)s against %(from_points)s.%(to_pool)s"),
    "lacitta.migration_done": gettext_lazy("Migration is over: %(moved)s."),
    "lacitta.demolish": gettext_lazy("%(seat)s's %(building)s in %(city)s is demolished."),
    "lacitta.city_lost": gettext_lazy("%(seat)s's city %(city)s is abandoned; the castle returns."),
    "lacitta.limit_excess": ngettext_lazy(
        "%(citizens)s citizen of %(city)s above the city's limit returns to the supply.",
        "%(citizens)s citizens of %(city)s above the city's limit return to the supply.", "citizens"),
    "lacitta.relodge_done": gettext_lazy("%(seat)s has rehoused their citizens."),
    "lacitta.famine": ngettext_lazy(
        "%(seat)s has %(food)s food for %(citizens)s citizens: %(excess)s must leave.",
        "%(seat)s has %(food)s food for %(citizens)s citizens: %(excess)s must leave.", "excess"),
    "lacitta.fed": ngettext_lazy(
        "%(seat)s feeds their %(citizens)s citizen (%(food)s food).",
        "%(seat)s feeds all %(citizens)s citizens (%(food)s food).", "citizens"),
    "lacitta.feeding_loss": ngettext_lazy(
        "%(seat)s loses %(count)s starving citizen in %(city)s.",
        "%(seat)s loses %(count)s starving citizens in %(city)s.", "count"),
    "lacitta.eliminated": gettext_lazy("%(seat)s has no building left and is out of the game."),
    "lacitta.year_end": gettext_lazy("Year %(year)s ends."),
    "lacitta.game_over": gettext_lazy("The game is over."),
}

class ByEdition:
    """A sentence in each edition's own words ("action card" in the 2000 rulebook, "player card" in the new
    one): ``%`` picks by the ``rulebook`` parameter (the engine's edition), as a lazy plural picks by number."""

    def __init__(self, classic, modern):
        self.classic, self.modern = classic, modern

    def pick(self, edition: str | None):
        return self.classic if edition == "classic" else self.modern

    def __mod__(self, params: dict) -> str:
        return str(self.pick(params.get("rulebook")) % params)

    def __str__(self) -> str:
        return str(self.modern)


ERRORS = {
    "lacitta.error.needs_lake": gettext_lazy("A %(building)s must touch a lake."),
    "lacitta.error.second_market": gettext_lazy("This city already has a market."),
    "lacitta.error.castle_needs_two": gettext_lazy("The castle must keep one citizen: it needs two or more to build."),
    "lacitta.error.city_full": gettext_lazy("This city is at its population limit."),
    "lacitta.error.joins_cities": gettext_lazy("Cities may never join: leave an empty hex between cities."),
    "lacitta.error.occupied": gettext_lazy("That hex is already built on."),
    "lacitta.error.not_adjacent": gettext_lazy("A building must be next to a building of one of your cities."),
    "lacitta.error.not_buildable": gettext_lazy("That hex cannot be built on in this game."),
    "lacitta.error.supply_empty": gettext_lazy("No tile of that building is left in the supply."),
    "lacitta.error.no_gold": ngettext_lazy(
        "You need %(cost)s gold for that.",
        "You need %(cost)s gold for that.", "cost"),
    "lacitta.error.found_once": gettext_lazy("You can found only one city a year."),
    "lacitta.error.no_castle": gettext_lazy("All four of your castles are on the board."),
    "lacitta.error.castle_distance": gettext_lazy(
        "A castle needs at least 3 empty hexes along a path to every other city."),
    "lacitta.error.harvest_final_year": gettext_lazy("Rich harvest cannot be played in the last year."),
    "lacitta.error.harvest_twice": gettext_lazy("This farm already has a rich harvest this year."),
    "lacitta.error.splits_city": gettext_lazy("Demolish from the edge inward: this would split the city."),
    "lacitta.error.castle_last": gettext_lazy("The castle is demolished last."),
    "lacitta.error.no_action_card": ByEdition(gettext_lazy("All your action cards are used this year."),
                                              gettext_lazy("All your player cards are used this year.")),
    "lacitta.error.not_your_turn": gettext_lazy("You have nothing to decide now."),
    "lacitta.error.no_cubes": gettext_lazy("You do not have that many cubes left this year."),
    "lacitta.error.not_small": ByEdition(gettext_lazy("An action card builds only a small building."),
                                         gettext_lazy("A player card builds only a small building.")),
    "lacitta.error.pool_empty": gettext_lazy("No citizen is left in the supply for the market."),
    "lacitta.error.bad_count": gettext_lazy("Remove between 1 and %(max)s citizens from this city."),
    "lacitta.error.bad_fields": gettext_lazy("That move is not possible now."),
    "lacitta.error.bad_move": gettext_lazy("That move is not possible now."),
    "lacitta.error.unknown_move": gettext_lazy("That move is not possible now."),
    "lacitta.error.wrong_phase": gettext_lazy("That move is not possible now."),
    "lacitta.error.bad_look": gettext_lazy("Look at two of the face-down cards, or at all three."),
    "lacitta.error.bad_source": gettext_lazy("The citizen must come from one of your castles."),
    "lacitta.error.bad_tier": gettext_lazy("Choose one of the amounts the card offers."),
    "lacitta.error.fed": gettext_lazy("Your citizens are all fed."),
    "lacitta.error.must_demolish": gettext_lazy("First demolish the buildings your citizens cannot fill."),
    "lacitta.error.no_card": gettext_lazy("There is no politics card in that place."),
    "lacitta.error.no_choice": gettext_lazy("That city has no choice to make."),
    "lacitta.error.no_service_building": gettext_lazy(
        "Cubes go on a building with a service in one of your cities."),
    "lacitta.error.not_a_farm": gettext_lazy("Rich harvest goes on one of your farms."),
    "lacitta.error.not_a_voice": gettext_lazy("Choose one of the two services the people asked for."),
    "lacitta.error.not_in_city": gettext_lazy("That building is not in this city."),
    "lacitta.error.not_relodging": gettext_lazy("You have nothing to decide about roads now."),
    "lacitta.error.not_your_city": gettext_lazy("Choose one of your cities."),
    "lacitta.error.nothing_to_demolish": gettext_lazy("This city keeps all its buildings."),
    "lacitta.error.other_city": gettext_lazy(
        "You can only build next to your own cities; leave an empty hex between cities."),
    "lacitta.error.road_count": gettext_lazy("Place one or two roads."),
    "lacitta.error.source_needs_two": gettext_lazy("That castle needs two or more citizens to give one."),
    "lacitta.error.unknown_card": gettext_lazy("That card cannot be played."),
    "lacitta.error.wrong_building": gettext_lazy("This card builds another building."),
    "lacitta.error.wrong_service": gettext_lazy("That building does not offer this service."),
    "lacitta.error.wrong_size": gettext_lazy("The Master builder builds a building of the size paid for."),
}


def hidden(entry: dict) -> bool:
    """Log lines not worth a line of their own (income of nothing)."""
    return entry.get("key") == "lacitta.income" and not entry.get("params", {}).get("gold")


MODERN_CARD_NAMES = {
    "golden_times": gettext_lazy("Blessed era"),
    "rich_harvest": gettext_lazy("Fruitful harvest"),
    "close_to_people": gettext_lazy("Ask the people"),
}


def card_name(card: str, edition: str | None) -> str:
    """A politics card's name as the edition's rulebook prints it."""
    if edition == "modern" and card in MODERN_CARD_NAMES:
        return str(MODERN_CARD_NAMES[card])
    return str(CARDS.get(card, card))


# Log parameters that name a seat (besides ``seat`` and ``*_seat``).
SEAT_PARAMS = ("first",)
# Log parameters that hold the hex of a castle, i.e. name a city. (``cell`` is a
# castle only in the lines that use it: a castle placed, a city founded.)
CITY_PARAMS = ("city", "from_city", "from", "cell")


def number(value) -> str:
    """3.0 → "3", 1.5 → "1.5" (services count in half points)."""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def param(name: str, value, options: dict | None = None):
    """Translate parameter values that are names of things."""
    if name in CITY_PARAMS and isinstance(value, int):
        return city_name(value)
    if name == "roads" and isinstance(value, list | tuple):
        counts: dict[str, int] = {}
        for road in value:
            place = city_name(road.get("city")) if isinstance(road, dict) else str(road)
            counts[place] = counts.get(place, 0) + 1
        return ", ".join(ngettext("%(n)d by %(city)s", "%(n)d by %(city)s", n) % {"n": n, "city": place}
                         for place, n in counts.items())
    if name in ("points", "from_points"):
        return number(value)
    if name == "to_pool":
        return " " + _("The city is full: the citizen goes to the supply.") if value else ""
    if name == "moved" and isinstance(value, int):
        if value == 0:
            return _("no citizen moved")
        return ngettext("%(n)d citizen moved", "%(n)d citizens moved", value) % {"n": value}
    if name == "cities" and isinstance(value, list | tuple):
        return len(value)
    if name == "building" and value in BUILDINGS:
        return BUILDINGS[value]
    if name == "service" and value in SERVICES:
        return SERVICES[value]
    if name == "card" and value in CARDS:
        return card_name(value, (options or {}).get("edition"))
    if name == "face_up" and value in SERVICES:
        return SERVICES[value]
    if name == "cards" and isinstance(value, dict):  # a peek: face-down position → the card seen there
        return ", ".join(_("%(service)s (face-down card %(n)s)") % {
            "service": SERVICES.get(card, card), "n": int(position) + 1}
            for position, card in sorted(value.items(), key=lambda item: str(item[0])))
    if name in ("cards", "voice") and isinstance(value, list | tuple):
        return ", ".join(str(SERVICES.get(v, v)) for v in value)
    if name == "edition":
        return {"classic": pgettext_lazy("edition", "classic"), "modern": pgettext_lazy("edition", "new")}.get(
            value, value)
    if name == "setup":
        return {"beginner": pgettext_lazy("setup", "beginner"), "advanced": pgettext_lazy("setup", "advanced")}.get(
            value, value)
    return value


def move_label(move: dict, names: list[str]) -> str:
    """A move in words, for lists of choices (the board UI shows most moves by clicks)."""
    kind = move.get("type")
    building = BUILDINGS.get(move.get("building"), move.get("building"))
    if kind == "pass":
        return _("Pass (take a politics card face down)")
    # No "action card"/"player card" here: a label does not know the edition, and each rulebook has its word.
    if kind == "take_gold":
        return _("Take 2 gold")
    if kind == "found":
        return _("Found %(city)s (a citizen from %(from)s)") % {
            "city": city_name(move["cell"]), "from": city_name(move["from"])}
    if kind == "build" and move.get("building") == "road":
        roads = len(move["cells"])
        return ngettext("Lay %(n)s road", "Lay %(n)s roads", roads) % {"n": roads}
    if kind == "build":
        return _("Build a %(building)s") % {"building": building}
    if kind == "politics":
        detail = ", ".join(f"{k}: {v}" for k, v in move.items() if k not in ("type", "slot"))
        return _("Politics card in place %(slot)s (%(detail)s)") % {"slot": move["slot"] + 1, "detail": detail}
    if kind == "place_castle":
        return _("Place a castle: %(city)s") % {"city": city_name(move["cell"])}
    if kind == "voice_choice":
        return _("%(city)s: %(service)s") % {"city": city_name(move["city"]),
                                                        "service": SERVICES.get(move["service"], move["service"])}
    if kind == "demolish":
        return _("Demolish a building of %(city)s") % {"city": city_name(move["city"])}
    if kind == "relodge_done":
        return _("Keep my remaining roads")
    if kind == "feeding_loss":
        return ngettext("Remove %(count)s citizen from %(city)s", "Remove %(count)s citizens from %(city)s",
                        move["count"]) % {
            "count": move["count"], "city": city_name(move["city"])}
    return str(move)

# The tie-breaks the engine names in its result (GameResult.tiebreak), worded by the platform's end screen.
TIEBREAKS = {
    "lacitta.tiebreak.gold": gettext_lazy("Tied on points: the player with the most gold wins."),
    "lacitta.tiebreak.shared": gettext_lazy("Tied on points and gold: the win is shared."),
}
