"""Who moves, the legal moves, applying one, and running on until a real choice.

Turns are strictly sequential: the active seat makes every choice of its turn, its effects
included (Police HQ is automatic). A decision with exactly one legal answer is never asked:
``advance`` takes it and its log line says ``"auto": true``."""

from __future__ import annotations

from .effects import CONTINUATIONS, apply_frame, fizzle, frame_moves, run_continuation
from .errors import illegal
from .explain import explain
from .state import State
from .turn import apply_turn, end_turn, turn_moves


def pending(s: State) -> set[int]:
    return set() if s.stage == "over" else {s.turn}


def current_moves(s: State) -> list[dict]:
    """The legal moves of the seat whose decision it is (the stage must not be over)."""
    if s.stage == "turn":
        return turn_moves(s, s.turn)
    return frame_moves(s, s.stack[-1])


def legal_moves(s: State, seat: int) -> list[dict]:
    if s.stage == "over" or seat != s.turn:
        return []
    return current_moves(s)


def _normal(move: dict) -> dict:
    """A swap names its two tiles in either order (the list gives them sorted)."""
    if move.get("type") == "target2" and set(move) == {"type", "x1", "y1", "x2", "y2"}:
        a, b = (move["x1"], move["y1"]), (move["x2"], move["y2"])
        if all(isinstance(v, int) and not isinstance(v, bool) for v in (*a, *b)) and b < a:
            return {"type": "target2", "x1": b[0], "y1": b[1], "x2": a[0], "y2": a[1]}
    return move


def apply_decision(s: State, seat, move, log: list, auto: bool = False) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise illegal("bad_move", "That move is not possible now")
    if s.stage == "over":
        raise illegal("game_over", "The game is over")
    if seat != s.turn or isinstance(seat, bool):
        raise illegal("not_your_turn", "You have nothing to decide now", seat=seat)
    if not all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in move.values()):
        # True == 1 and 1.0 == 1 in Python: only plain ints and strings may match a legal move.
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(map(str, move)))
    move = _normal(move)
    legal = current_moves(s)
    if move not in legal:
        raise explain(s, move, legal)
    _apply(s, move, log, auto)


def _apply(s: State, move: dict, log: list, auto: bool = False) -> None:
    if s.stage == "turn":
        apply_turn(s, move, log, auto)
    else:
        apply_frame(s, move, log, auto)


def advance(s: State, log: list) -> None:
    """Run on (forced answers, continuations, ends of turns) until a seat has a real choice."""
    while s.stage != "over":
        if s.stage == "effects":
            if not s.stack:
                end_turn(s, log)
                continue
            top = s.stack[-1]
            if top["k"] in CONTINUATIONS:
                run_continuation(s, top, log)
                continue
        moves = current_moves(s)
        if not moves:
            fizzle(s, s.stack[-1], log)
        elif len(moves) == 1:
            _apply(s, moves[0], log, auto=True)
        else:
            return
