"""What one seat (or a spectator: ``None``) may see (G16). The only way state leaves the engine.

Public: the city (face-up tiles, tokens, which cells are protected), face-down tiles as
such, every seat's token supply and hand size, the pile's size, the effect stack's public
part, the end of game. Private to a seat: its own hand (in its order); the tiles it knows
to be in another hand (a Temple look, a Shopping Complex swap, a tile it saw go there); the
pile positions and face-down tiles whose identity it knows (Library, Disaster Site, …); the
tiles a Library showed it. A spectator sees counts only.
Never in a view: the pile order or contents beyond what the seat knows, face-down tiles
nobody showed it, other seats' knowledge."""

from __future__ import annotations

from .city import face_up_power_stations, protected_cells
from .effects import frame_kind
from .state import TOKENS, State
from .tiles import tile_info


def _seat(s: State, seat) -> int | None:
    ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s.nplayers
    return seat if ok else None


def view(s: State, seat) -> dict:
    me = _seat(s, seat)
    bit = 0 if me is None else 1 << me
    marks = s.marks
    prot = protected_cells(s)
    cells = []
    for xy in sorted(s.cells):
        tile, up, tokens, known = s.cells[xy]
        cells.append({"x": xy[0], "y": xy[1], "face_up": up,
                      "tile": tile_info(tile, marks) if up or known & bit else None,
                      "tokens": list(tokens), "protected": xy in prot})
    players = []
    for i in range(s.nplayers):
        known = s.hand_known[i][me] if me is not None and i != me else {}
        players.append({
            "seat": i, "supply": s.supply[i], "on_board": TOKENS - s.supply[i], "hand_count": len(s.hands[i]),
            "hand": [tile_info(t, marks) for t in s.hands[i]] if i == me else None,
            "known": [tile_info(t, marks) for t in sorted(known) for _ in range(known[t])],
        })
    depth = len(s.pile) - 1
    pile = {"count": len(s.pile),
            "known": [{"depth": depth - i, "tile": tile_info(t, marks)}
                      for i, (t, k) in enumerate(zip(s.pile, s.pile_known)) if k & bit][::-1]}
    current = None
    if s.stage != "over":
        top = s.stack[-1] if s.stage == "effects" and s.stack else None
        current = {"seat": s.turn, "kind": top["k"] if top else "turn", "via": frame_kind(top) if top else None}
    return {
        "game": "infinitecity", "players_count": s.nplayers, "viewer": me, "marks": marks,
        "first": s.first, "turn": s.turn if s.stage != "over" else None, "stage": s.stage,
        "pending": [] if s.stage == "over" else [s.turn], "current": current,
        "end": _end(s), "passes": s.passes, "no_more_plays": s.no_more_plays, "extra_draws": s.factory,
        "power_stations": face_up_power_stations(s),
        "cells": cells, "players": players, "pile": pile,
        "stack": [_frame(f, bit, marks) for f in s.stack],
        "result": _result(s),
    }


def _end(s: State) -> dict:
    end = {"mode": s.end["mode"]}
    if s.end["mode"] == "final":
        end.update(trigger=s.end["trigger"], queue=list(s.end["queue"]))
    if s.stage == "over":
        end.update(mode="over", reason=s.over_reason)
    return end


def _frame(f: dict, bit: int, marks: str) -> dict:
    """A frame as a seat sees it: the tiles a Library showed only to those who saw them."""
    out = {"kind": f["k"], "via": frame_kind(f)}
    for key, value in f.items():
        if key in ("k", "tiles", "known"):
            continue
        out[key] = list(value) if isinstance(value, list) else value
    if "tiles" in f:
        out["tiles"] = [tile_info(t, marks) if k & bit else None for t, k in zip(f["tiles"], f["known"])]
    return out


def _result(s: State):
    if s.result is None:
        return None
    r = s.result
    return {"scores": list(r["scores"]), "ranks": list(r["ranks"]), "details": [dict(d) for d in r["details"]],
            "tiebreak": r["tiebreak"], "reason": s.over_reason}
