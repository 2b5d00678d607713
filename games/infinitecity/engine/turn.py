"""A turn: play a tile (IC20), or put a token on a Hotel (IC24), or pass when nothing else
is possible (IC40, G13); then draw up to five, plus the Factory's extra tiles (IC23), and
the next seat (clockwise, or the final round's order: IC40, G3)."""

from __future__ import annotations

from kit.base import LogEntry

from . import tiles as T
from .city import draw, hand_remove, placement_cells
from .effects import _log_draws, finish, play_moves, play_tile, put_token
from .state import State

HAND_SIZE = 5


def turn_moves(s: State, seat: int) -> list[dict]:
    if s.supply[seat] <= 0:
        return [{"type": "pass"}]  # IC40: no token left when the (last) turn comes
    out = play_moves(s, sorted(set(s.hands[seat])))
    for xy in sorted(s.cells):
        c = s.cells[xy]
        if c[1] and T.KIND_OF[c[0]] == T.HOTEL and c[2][seat] == 0:
            out.append({"type": "hotel", "x": xy[0], "y": xy[1]})
    return out or [{"type": "pass"}]  # G13


def forced_turn(s: State, seat: int) -> dict | None:
    """The turn's only legal move if it has exactly one, else None — counted, not listed."""
    if s.supply[seat] <= 0:
        return {"type": "pass"}
    tiles = set(s.hands[seat])
    cells = placement_cells(s) if tiles else []
    hotels = [xy for xy, c in s.cells.items() if c[1] and T.KIND_OF[c[0]] == T.HOTEL and c[2][seat] == 0]
    count = len(tiles) * len(cells) + len(hotels)
    if count == 0:
        return {"type": "pass"}
    if count > 1:
        return None
    if hotels:
        return {"type": "hotel", "x": hotels[0][0], "y": hotels[0][1]}
    return {"type": "play", "tile": next(iter(tiles)), "x": cells[0][0], "y": cells[0][1]}


def apply_turn(s: State, move: dict, log: list, auto: bool = False) -> None:
    seat = s.turn
    t = move["type"]
    if t == "pass":
        s.passes += 1
        log.append(LogEntry("infinitecity.pass", {"seat": seat, "tokens": s.supply[seat], "auto": auto}, seat))
        if s.passes >= s.nplayers:  # G13: a whole round of passes
            finish(s, "all_passed", log)
            return
        next_turn(s, log)
        return
    s.passes = 0
    s.stage = "effects"
    xy = (move["x"], move["y"])
    if t == "hotel":
        log.append(LogEntry("infinitecity.hotel", {"seat": seat, "x": xy[0], "y": xy[1], "auto": auto}, seat))
        put_token(s, seat, xy, log)  # face up: its instruction is not resolved (IC21, IC24)
    else:
        hand_remove(s, seat, move["tile"])
        play_tile(s, move["tile"], xy, log, via="turn", auto=auto)


def end_turn(s: State, log: list) -> None:
    """IC23: draw up to five (none with five or more), then the Factory's extra draws."""
    seat = s.turn
    drawn = []
    while len(s.hands[seat]) < HAND_SIZE and s.pile:
        drawn.append(draw(s, seat))
    for _ in range(s.factory):
        tile = draw(s, seat)
        if tile is None:
            break  # G13: draws that cannot happen are skipped
        drawn.append(tile)
    if drawn or s.factory:
        _log_draws(log, seat, drawn)
    s.factory = 0
    next_turn(s, log)


def next_turn(s: State, log: list) -> None:
    s.no_more_plays = False
    s.factory = 0
    if s.end["mode"] == "final":
        if not s.end["queue"]:
            finish(s, "last_token", log)
            return
        s.turn = s.end["queue"].pop(0)
    else:
        s.turn = (s.turn + 1) % s.nplayers
    s.stage = "turn"
