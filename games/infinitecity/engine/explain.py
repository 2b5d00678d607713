"""Why a move is not legal, as an ``IllegalMove`` with a key, params and readable English.

Only ever told to the seat that tried the move, and only in terms of what that seat can
see: its own hand, the tiles it looked at, the public city."""

from __future__ import annotations

from kit.base import IllegalMove

from . import tiles as T
from .city import neighbours, protected_cells
from .effects import frame_kind
from .errors import illegal
from .state import State


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def explain(s: State, move: dict, legal: list[dict]) -> IllegalMove:
    t = move["type"]
    kinds = sorted({m["type"] for m in legal})
    if t not in kinds:
        return illegal("wrong_move", "That move is not possible now", type=t, expected=kinds)
    if not any(set(m) == set(move) for m in legal if m["type"] == t):
        return illegal("bad_fields", "That move is not possible now", fields=sorted(map(str, move)))
    frame = s.stack[-1] if s.stage == "effects" and s.stack else None
    via = frame_kind(frame) if frame else None
    if t == "play":
        return _explain_play(s, move, legal, frame)
    if t in ("target", "place"):
        x, y = move["x"], move["y"]
        if not (_int(x) and _int(y)):
            return illegal("bad_cell", "Name a cell by two whole numbers", x=str(x), y=str(y))
        if t == "target" and (x, y) not in s.cells:
            return illegal("no_tile", "There is no tile there", x=x, y=y)
        if t == "target" and (x, y) in protected_cells(s):
            return illegal("protected", "A Power Station protects that tile", x=x, y=y, kind=via)
        if t == "place":
            return illegal("bad_place", "The tile cannot go there", x=x, y=y, kind=via)
        return illegal("bad_target", "That tile is not a possible choice", x=x, y=y, kind=via)
    if t == "target2":
        return illegal("bad_swap", "Choose two different tiles, neither protected by a Power Station", kind=via)
    if t == "hotel":
        return illegal("bad_hotel", "You can put a token only on a face-up Hotel that holds none of yours")
    if t == "pass":
        return illegal("cannot_pass", "You may pass only when you can neither play a tile nor use a Hotel")
    if t == "pick_player":
        return illegal("bad_player", "Choose one of the players offered", kind=via)
    if t == "pick_token":
        return illegal("bad_owner", "That player has no token there", kind=via)
    return illegal("wrong_move", "That move is not possible now", type=t, expected=kinds)


def _explain_play(s: State, move: dict, legal: list[dict], frame: dict | None) -> IllegalMove:
    tile, x, y = move["tile"], move["x"], move["y"]
    src = frame["src"] if frame else "hand"
    if not isinstance(tile, str) or tile not in {m["tile"] for m in legal if m["type"] == "play"}:
        if src == "library":
            return illegal("not_seen", "Play one of the tiles you looked at, other than a Library")
        if src == "temple":
            return illegal("not_in_their_hand", "That player holds no such tile", holder=frame["holder"])
        return illegal("not_in_hand", "You hold no such tile")
    if not (_int(x) and _int(y)):
        return illegal("bad_cell", "Name a cell by two whole numbers", x=str(x), y=str(y))
    if (x, y) in s.cells:
        return illegal("cell_taken", "That cell already holds a tile", x=x, y=y)
    if not any(n in s.cells for n in neighbours((x, y))):
        return illegal("not_adjacent", "A tile must touch a tile already in play (a full side)", x=x, y=y)
    plazas = [xy for xy, c in s.cells.items() if c[1] and T.KIND_OF[c[0]] == T.PLAZA]
    if plazas and not any(n in plazas for n in neighbours((x, y))):
        return illegal("plaza", "While a Plaza has a free side, tiles must go next to a Plaza", x=x, y=y)
    return illegal("bad_place", "The tile cannot go there", x=x, y=y, kind=T.KIND_OF[tile])
