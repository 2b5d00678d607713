"""The board in words, for people who do not see it (issue 19): the accessible name of each place a
screen reader meets on the board or in the move panel ("Castle of Bologna, seat A, alice: 3 citizens…";
"free hex next to your city Bologna, touching farmland (2 food) and a lake"), and the cities with their
buildings as text. La Città's words stay in its folder; the platform only shows them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.lacitta.engine.board import BOARD
from games.lacitta.texts import LANDSCAPES, SERVICES
from play.templatetags.games_extras import seat_letter

from .help import building_name
from .places import city_name


def seat_words(owner: int, names: list[str]) -> str:
    """"seat A, alice": the letter drawn on the board and the player's name."""
    return _("seat %(letter)s, %(name)s") % {"letter": seat_letter(owner), "name": names[owner]}


def _landscape_of(view: dict) -> dict[int, tuple[str, int]]:
    """Every space's landscape: printed on the board's edge, or laid at setup (the view's)."""
    land = {space.id: tuple(space.printed) for space in BOARD.spaces if space.printed}
    land.update({item["space"]: (item["kind"], item["symbols"]) for item in view["landscape"]})
    return land


def touching(cell: int, view: dict) -> str:
    """The landscape a hex touches: "farmland (2 food), lake"."""
    land = _landscape_of(view)
    parts = []
    for space in BOARD.touches[cell]:
        kind, symbols = land.get(space, (None, 0))
        if kind is None:
            continue
        if kind == "farm":
            parts.append(_("farmland (%(n)d food)") % {"n": symbols})
        else:
            parts.append(str(LANDSCAPES.get(kind, kind)))
    return ", ".join(dict.fromkeys(parts))


def hex_words(cell: int, view: dict, names: list[str]) -> str:
    """What a hex is, beyond what a move would do there: free or built, the cities next to it, the land it
    touches."""
    viewer = view.get("viewer")
    built = {b["cell"]: b for b in view["buildings"]}
    if cell in built:
        return building_words(built[cell], view, names)
    near = []
    for city in view["cities"]:
        if set(BOARD.neighbours[cell]) & set(city["cells"]):
            if city["owner"] == viewer:
                near.append(_("your city %(city)s") % {"city": city_name(city["id"])})
            else:
                near.append(_("%(city)s (%(seat)s)") % {"city": city_name(city["id"]),
                                                         "seat": seat_words(city["owner"], names)})
    text = _("free hex next to %(cities)s") % {"cities": ", ".join(near)} if near else _("free hex")
    land = touching(cell, view)
    return _("%(hex)s, touching %(land)s") % {"hex": text, "land": land} if land else text


def cube_words(cube: dict, names: list[str]) -> str:
    """One player's cubes on a building: "Culture ×2 (seat B, bob)" — the service and whose they are, as
    the colour and the square's title tell a sighted player."""
    service = str(SERVICES.get(cube["service"], cube["service"]))
    if cube["count"] > 1:
        service = _("%(service)s ×%(n)d") % {"service": service, "n": cube["count"]}
    return _("%(service)s (%(seat)s)") % {"service": service, "seat": seat_words(cube["seat"], names)}


def building_words(b: dict, view: dict, names: list[str]) -> str:
    """A building in one line: "Market of Bologna (seat A, alice), 1 citizen"."""
    kind = b["kind"]
    city = next((c for c in view["cities"] if c["id"] == b["city"]), None)
    words = _("%(building)s of %(city)s (%(seat)s)") % {
        "building": building_name(kind).capitalize(), "city": city_name(b["city"]),
        "seat": seat_words(b["owner"], names)}
    if kind == "castle" and city is not None:
        limit = city["limit"]
        words += ", " + (_("%(n)s citizens, limit %(limit)s") % {
            "n": city["population"], "limit": limit if limit is not None else _("none")})
    cubes = b.get("cubes", [])
    if cubes:
        words += ", " + _("cubes: %(list)s") % {"list": ", ".join(cube_words(c, names) for c in cubes)}
    if b.get("rich_harvest"):
        words += ", " + _("rich harvest")
    return words


def cities_text(view: dict, names: list[str]) -> list[dict]:
    """Each city with its buildings, in words (the cities table's text view of the board)."""
    by_city: dict = {}
    for b in view["buildings"]:
        if b["kind"] != "castle":
            by_city.setdefault(b["city"], []).append(building_name(b["kind"]))
    return [{"id": c["id"], "buildings": ", ".join(sorted(by_city.get(c["id"], []))) or "—"}
            for c in view["cities"]]
