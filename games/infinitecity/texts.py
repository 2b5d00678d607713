"""Infinite City in words: the engine's log and error keys, tile names and instructions,
option labels, in the reader's language.

Tile names stay in English in both languages (they are printed in English on the tiles);
everything else follows the French rule sheet's terms (tuile, jeton, pioche, main, face
cachée, contrôler). Cells are named by a column letter and a row number (``M13`` is the
middle of the starting cross): ``cell_name``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.infinitecity.engine.tiles import KIND_OF, KINDS

# The names printed on the tiles: English in every language, never translated.
TILE_NAMES = {
    "arboretum": "Arboretum", "bank": "Bank", "capitol": "Capitol", "construction_site": "Construction Site",
    "disaster_site": "Disaster Site", "embassy": "Embassy", "factory": "Factory", "hotel": "Hotel",
    "housing": "Housing", "library": "Library", "mausoleum": "Mausoleum", "plaza": "Plaza",
    "police_hq": "Police HQ", "port": "Port", "post_office": "Post Office", "power_station": "Power Station",
    "security_guard": "Security Guard", "shopping_complex": "Shopping Complex", "stadium": "Stadium",
    "temple": "Temple", "transit_station": "Transit Station",
}

# Each tile's instruction, from the rule sheet (French) and its English wording (RULES.md).
INSTRUCTIONS = {
    "arboretum": gettext_lazy("You may take back up to 3 of your tokens from tiles into your supply."),
    "bank": gettext_lazy("Swap your token on this tile with one token on a tile you do not control."),
    "capitol": gettext_lazy("Put one of your tokens on each adjacent tile; tokens already there go back to "
                            "their owners. This overrides Power Station protection."),
    "construction_site": gettext_lazy("Play another tile."),
    "disaster_site": gettext_lazy("Choose a tile already in play and put it at the bottom of the draw pile; "
                                  "its tokens go back to their owners."),
    "embassy": gettext_lazy("Put one of your tokens on an adjacent tile; tokens already there go back to "
                            "their owners."),
    "factory": gettext_lazy("After refilling your hand, draw 5 more tiles."),
    "hotel": gettext_lazy("A player with no token on this Hotel may put one on it instead of playing a tile."),
    "housing": gettext_lazy("Put one of your tokens on an empty tile."),
    "library": gettext_lazy("Look at the top 5 tiles of the draw pile. Play one at once, unless it is another "
                            "Library. Then put the other tiles at the bottom of the pile."),
    "mausoleum": gettext_lazy("Take into your hand one of the tiles adjacent to this one; its tokens go back "
                              "to their owners."),
    "plaza": gettext_lazy("Every tile must be placed next to a Plaza, if possible. This overrides the "
                          "placement rules of other tiles."),
    "police_hq": gettext_lazy("When this tile is played, every player must put a token on it."),
    "port": gettext_lazy("Place the top tile of the draw pile face down, adjacent to any tile."),
    "post_office": gettext_lazy("Move a tile, with the tokens on it, to a new location."),
    "power_station": gettext_lazy("The instructions of other tiles cannot apply to or affect in any way this "
                                  "tile, the tiles adjacent to it, or the tokens on them. When all five Power "
                                  "Stations are in play, the game ends at once."),
    "security_guard": gettext_lazy("Return all the tokens on a tile of your choice to their owners."),
    "shopping_complex": gettext_lazy("Swap your hand of tiles with another player's."),
    "stadium": gettext_lazy("Move one or all of the tokens of an adjacent tile onto this one."),
    "temple": gettext_lazy("Look at another player's hand. Take one of their tiles and play it. That player "
                           "draws another tile."),
    "transit_station": gettext_lazy("Swap the positions of two tiles, with all their tokens."),
}

OPTION_LABELS = {
    "marks": gettext_lazy("Printed bonus points and silver rings"),
    "known-only": gettext_lazy("Only those transcribed (Power Station, Police HQ, Construction Site)"),
    "none": gettext_lazy("None (groups only)"),
}

RULES_VARIANTS = {"standard": gettext_lazy("Infinite City")}

# A cell's column letter: x = 0 is "M", so the starting cross is L–N, 12–14.
COLUMN_ORIGIN = 13
ROW_ORIGIN = 13


def column_name(x: int) -> str:
    """Bijective base 26 (A…Z, AA…); far to the left (x < -12) a minus sign and the mirror letters (−A, −B…)."""
    n = x + COLUMN_ORIGIN
    prefix = ""
    if n < 1:
        prefix, n = "−", 1 - n
    letters = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return prefix + letters


def row_name(y: int) -> str:
    return str(y + ROW_ORIGIN)


def cell_name(x: int, y: int) -> str:
    return f"{column_name(x)}{row_name(y)}"


def tile_name(key) -> str:
    """A tile (or kind) key as printed on the tile."""
    return TILE_NAMES.get(KIND_OF.get(key, key), str(key))


def instruction(kind: str) -> str:
    return str(INSTRUCTIONS.get(kind, ""))


MESSAGES = {
    "infinitecity.setup": gettext_lazy("The game is set up for %(players)s players: five tiles face down in a "
                                       "cross, %(pile)s tiles in the draw pile. %(first)s plays first."),
    "infinitecity.dealt": gettext_lazy("%(seat)s is dealt %(tiles)s."),
    "infinitecity.play": gettext_lazy("%(seat)s plays the %(tile)s tile at %(x)s%(y)s%(via)s.%(auto)s"),
    "infinitecity.hotel": gettext_lazy("%(seat)s puts a token on the Hotel at %(x)s%(y)s.%(auto)s"),
    "infinitecity.pass": gettext_lazy("%(seat)s passes.%(auto)s"),
    "infinitecity.flip": gettext_lazy("%(seat)s turns the tile at %(x)s%(y)s face up: it is the %(tile)s."),
    "infinitecity.final_round": gettext_lazy("%(seat)s has placed their last token: every other player takes "
                                             "one more turn."),
    "infinitecity.last_token": gettext_lazy("%(seat)s has placed their last token."),
    "infinitecity.police": gettext_lazy("Police HQ at %(x)s%(y)s: every other player with a token in their "
                                        "supply puts one on it."),
    "infinitecity.factory": gettext_lazy("Factory: %(seat)s will draw %(draws)s more tiles."),
    "infinitecity.draw": gettext_lazy("%(seat)s draws %(count)s."),
    "infinitecity.drawn": gettext_lazy("You draw %(tiles)s."),
    "infinitecity.arboretum": gettext_lazy("Arboretum: %(seat)s takes back their token from %(x)s%(y)s.%(auto)s"),
    "infinitecity.arboretum_stop": gettext_lazy("Arboretum: %(seat)s takes back no more tokens "
                                                "(%(taken)s taken back).%(auto)s"),
    "infinitecity.bank_target": gettext_lazy("Bank: %(seat)s chooses the tile at %(x)s%(y)s.%(auto)s"),
    "infinitecity.bank": gettext_lazy("Bank: %(seat)s swaps their token on the Bank at %(bank_x)s%(bank_y)s "
                                      "with %(owner)s's token at %(x)s%(y)s.%(auto)s"),
    "infinitecity.capitol": gettext_lazy("Capitol: %(seat)s puts a token on %(x)s%(y)s; %(returned)s.%(auto)s"),
    "infinitecity.disaster": gettext_lazy("Disaster Site: %(seat)s puts the tile at %(x)s%(y)s at the bottom of "
                                          "the draw pile; %(returned)s.%(auto)s"),
    "infinitecity.embassy": gettext_lazy("Embassy: %(seat)s puts a token on %(x)s%(y)s; %(returned)s.%(auto)s"),
    "infinitecity.housing": gettext_lazy("Housing: %(seat)s puts a token on %(x)s%(y)s; %(returned)s.%(auto)s"),
    "infinitecity.library_look": gettext_lazy("Library: %(seat)s looks at the top %(count)s of the draw "
                                              "pile."),
    "infinitecity.library_seen": gettext_lazy("Library: you see %(tiles)s."),
    "infinitecity.library_bottom": gettext_lazy("Library: %(seat)s puts %(count)s at the bottom of the "
                                                "draw pile."),
    "infinitecity.mausoleum": gettext_lazy("Mausoleum: %(seat)s takes the tile at %(x)s%(y)s into their hand; "
                                           "%(returned)s.%(auto)s"),
    "infinitecity.mausoleum_seen": gettext_lazy("Mausoleum: you took the %(tile)s tile."),
    "infinitecity.port": gettext_lazy("Port: %(seat)s places the top tile of the draw pile face down at "
                                      "%(x)s%(y)s.%(auto)s"),
    "infinitecity.post_office_pick": gettext_lazy("Post Office: %(seat)s picks up the tile at "
                                                  "%(x)s%(y)s.%(auto)s"),
    "infinitecity.post_office": gettext_lazy("Post Office: %(seat)s moves the tile at %(x)s%(y)s to "
                                             "%(to_x)s%(to_y)s.%(auto)s"),
    "infinitecity.security": gettext_lazy("Security Guard: %(seat)s returns the tokens at %(x)s%(y)s to their "
                                          "owners; %(returned)s.%(auto)s"),
    "infinitecity.shopping": gettext_lazy("Shopping Complex: %(seat)s swaps hands with %(other)s.%(auto)s"),
    "infinitecity.hand_received": gettext_lazy("Your new hand: %(tiles)s."),
    "infinitecity.stadium_pick": gettext_lazy("Stadium: %(seat)s chooses the tile at %(x)s%(y)s.%(auto)s"),
    "infinitecity.stadium": gettext_lazy("Stadium: %(seat)s moves %(moved)s from %(x)s%(y)s onto the Stadium at "
                                         "%(to_x)s%(to_y)s.%(auto)s"),
    "infinitecity.temple": gettext_lazy("Temple: %(seat)s looks at %(holder)s's hand.%(auto)s"),
    "infinitecity.temple_seen": gettext_lazy("Temple: %(holder)s holds %(tiles)s."),
    "infinitecity.transit": gettext_lazy("Transit Station: %(seat)s swaps the tiles at %(x1)s%(y1)s and "
                                         "%(x2)s%(y2)s.%(auto)s"),
    "infinitecity.no_effect": gettext_lazy("%(kind)s: nothing it could act on; no effect."),
    "infinitecity.game_over": gettext_lazy("The game is over (%(reason)s)."),
}

ERRORS = {
    "infinitecity.error.wrong_move": gettext_lazy("That move is not possible now."),
    "infinitecity.error.bad_fields": gettext_lazy("That move is not possible now."),
    "infinitecity.error.bad_move": gettext_lazy("That move is not possible now."),
    "infinitecity.error.not_your_turn": gettext_lazy("You have nothing to decide now."),
    "infinitecity.error.game_over": gettext_lazy("The game is over."),
    "infinitecity.error.not_in_hand": gettext_lazy("You hold no such tile."),
    "infinitecity.error.not_seen": gettext_lazy("Play one of the tiles you looked at, other than a Library."),
    "infinitecity.error.not_in_their_hand": gettext_lazy("That player holds no such tile."),
    "infinitecity.error.cell_taken": gettext_lazy("That cell already holds a tile."),
    "infinitecity.error.not_adjacent": gettext_lazy("A tile must share a full side with a tile already in play."),
    "infinitecity.error.plaza": gettext_lazy("While a Plaza has a free side, tiles must go next to a Plaza."),
    "infinitecity.error.bad_cell": gettext_lazy("Name a cell by two whole numbers."),
    "infinitecity.error.no_tile": gettext_lazy("There is no tile there."),
    "infinitecity.error.protected": gettext_lazy("A Power Station protects that tile."),
    "infinitecity.error.bad_target": gettext_lazy("That tile is not a possible choice."),
    "infinitecity.error.bad_place": gettext_lazy("The tile cannot go there."),
    "infinitecity.error.bad_swap": gettext_lazy("Choose two different tiles, neither protected by a Power "
                                                "Station."),
    "infinitecity.error.bad_hotel": gettext_lazy("You can put a token only on a face-up Hotel that holds none of "
                                                 "yours."),
    "infinitecity.error.cannot_pass": gettext_lazy("You may pass only when you can neither play a tile nor use a "
                                                   "Hotel."),
    "infinitecity.error.bad_player": gettext_lazy("Choose one of the players offered."),
    "infinitecity.error.bad_owner": gettext_lazy("That player has no token there."),
}

TIEBREAKS = {
    "infinitecity.tiebreak.largest_group": gettext_lazy("Tie on points: the largest group of adjacent tiles "
                                                        "decides."),
    "infinitecity.tiebreak.shared": gettext_lazy("Tie on points and on the largest group: the win is shared."),
}

END_REASONS = {
    "last_token": gettext_lazy("a player placed their last token and the last round is over"),
    "power_stations": gettext_lazy("all five Power Stations are in play"),
    "all_passed": gettext_lazy("every player passed in a row"),
}

VIA = {
    "construction_site": gettext_lazy("Construction Site"),
    "library": gettext_lazy("Library"),
    "temple": gettext_lazy("Temple"),
}

# Log parameters that name a seat (besides ``seat`` and ``*_seat``).
SEAT_PARAMS = ("first", "owner", "other", "holder")
X_PARAMS = ("x", "x1", "x2", "to_x", "bank_x")
Y_PARAMS = ("y", "y1", "y2", "to_y", "bank_y")


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def tiles_text(tiles) -> str:
    names = [tile_name(t) for t in tiles]
    return ", ".join(names) if names else _("no tile")


def tiles_count(n: int) -> str:
    return ngettext("%(n)d tile", "%(n)d tiles", n) % {"n": n}


def returned_text(returned) -> str:
    total = sum(v for v in returned if _int(v)) if isinstance(returned, list | tuple) else 0
    if not total:
        return _("no token goes back")
    return ngettext("%(n)d token goes back to its owner", "%(n)d tokens go back to their owners", total) % {
        "n": total}


def param(name: str, value, options: dict | None = None):
    """Parameter values in words: cells, tiles, token counts."""
    if name in X_PARAMS and _int(value):
        return column_name(value)
    if name in Y_PARAMS and _int(value):
        return row_name(value)
    if name in ("tile", "kind") and isinstance(value, str):
        return tile_name(value)
    if name == "tiles" and isinstance(value, list | tuple):
        return tiles_text(value)
    if name == "count" and _int(value):
        return tiles_count(value)
    if name == "draws" and _int(value):
        return value
    if name == "returned":
        return returned_text(value)
    if name == "moved" and _int(value):
        return ngettext("%(n)d token", "%(n)d tokens", value) % {"n": value}
    if name == "taken" and _int(value):
        return value
    if name == "auto":
        return " " + _("(the only possible choice)") if value else ""
    if name == "via":
        return " " + _("(%(tile)s)") % {"tile": VIA[value]} if value in VIA else ""
    if name == "reason":
        return END_REASONS.get(value, value)
    return value


def move_label(move: dict, names: list[str]) -> str:
    """A move in words, for the API's and the generic lists of choices."""
    kind = move.get("type")
    at = cell_name(move["x"], move["y"]) if _int(move.get("x")) and _int(move.get("y")) else ""
    if kind == "play":
        return _("Play the %(tile)s tile at %(cell)s") % {"tile": tile_name(move.get("tile")), "cell": at}
    if kind == "hotel":
        return _("Put a token on the Hotel at %(cell)s") % {"cell": at}
    if kind == "pass":
        return _("Pass")
    if kind == "target":
        return _("The tile at %(cell)s") % {"cell": at}
    if kind == "place":
        return _("The empty cell %(cell)s") % {"cell": at}
    if kind == "target2":
        return _("Swap %(a)s and %(b)s") % {"a": cell_name(move["x1"], move["y1"]),
                                             "b": cell_name(move["x2"], move["y2"])}
    if kind == "pick_player":
        seat = move.get("seat")
        return names[seat] if _int(seat) and 0 <= seat < len(names) else str(seat)
    if kind == "pick_token":
        owner = move.get("owner")
        return _("A token of %(name)s") % {"name": names[owner] if _int(owner) and 0 <= owner < len(names)
                                           else owner}
    if kind == "all_tokens":
        return _("All the tokens")
    if kind == "stop":
        return _("Take back no more tokens")
    return str(move)


assert set(TILE_NAMES) == set(KINDS) == set(INSTRUCTIONS)
