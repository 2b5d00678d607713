"""Who owes what, which moves they have, and applying one decision.

Decisions by different seats never touch each other's cities, so when several seats
are pending they may answer in any order with the same outcome."""

from __future__ import annotations

from kit.base import LogEntry

from . import demolition, feeding
from .actions import apply_turn, turn_moves
from .cities import castle_sites
from .constants import IN_TURN
from .errors import illegal
from .politics import apply_politics
from .setup import apply_castle
from .state import State

DECISION_PHASES = frozenset({"setup", "actions", "choice", "demolish_migration", "feeding", "demolish_feeding"})
TURN_TYPES = frozenset({"pass", "take_gold", "build", "found", "politics"})


def pending(s: State) -> set[int]:
    ph = s.phase
    if ph in ("setup", "actions"):
        return {s.queue[s.qi]} if s.qi < len(s.queue) else set()
    if ph == "choice":
        return {seat for _cid, seat, _opts in s.choice_open}
    if ph in ("demolish_migration", "demolish_feeding"):
        return demolition.pending_seats(s)
    if ph == "feeding":
        return {seat for seat in range(s.nplayers) if s.starve[seat] > 0}
    return set()


class _Enough(Exception):
    pass


class _Capped(list):
    """A list that stops the enumeration once it holds two moves."""

    def append(self, move):
        list.append(self, move)
        if len(self) >= 2:
            raise _Enough

    def __iadd__(self, moves):
        list.extend(self, moves)
        if len(self) >= 2:
            raise _Enough
        return self


def moves_into(s: State, seat: int, out: list) -> None:
    if seat not in pending(s):
        return
    ph = s.phase
    if ph == "setup":
        out += [{"type": "place_castle", "cell": cell} for cell in castle_sites(s)]
    elif ph == "actions":
        turn_moves(s, seat, out)
    elif ph == "choice":
        for cid, owner, opts in s.choice_open:
            if owner == seat:
                for svc in opts:
                    out.append({"type": "voice_choice", "city": cid, "service": svc})
    elif ph in ("demolish_migration", "demolish_feeding"):
        demolition.moves(s, seat, out)
    elif ph == "feeding":
        feeding.moves(s, seat, out)


def legal_moves(s: State, seat: int) -> list[dict]:
    out: list = []
    moves_into(s, seat, out)
    return out


def first_moves(s: State, seat: int) -> list[dict]:
    """At most two legal moves (enough to tell a forced decision)."""
    out = _Capped()
    try:
        moves_into(s, seat, out)
    except _Enough:
        pass
    return out[:2]


def find_forced(s: State, waiting: set[int] | None = None):
    """A pending decision with exactly one legal answer, as (seat, move), else None.
    ``waiting``: ``pending(s)`` if the caller has it."""
    ph = s.phase
    if ph in ("setup", "actions"):
        if s.qi >= len(s.queue):
            return None
        seat = s.queue[s.qi]
        if ph == "actions" and s.players[seat]["cards_up"] > 0:
            return None  # pass and take 2 gold at least
        first = first_moves(s, seat)
        return (seat, first[0]) if len(first) == 1 else None
    if ph in ("demolish_migration", "demolish_feeding"):
        for seat in sorted(pending(s) if waiting is None else waiting):
            move = demolition.forced(s, seat)
            if move:
                return seat, move
    elif ph == "feeding":
        for seat in sorted(pending(s) if waiting is None else waiting):
            move = feeding.forced(s, seat)
            if move:
                return seat, move
    return None


def apply_decision(s: State, seat: int, move: dict, log: list, auto: bool = False) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise illegal("bad_move", "That move is not possible now")
    if not auto and seat not in pending(s):  # a forced move (``auto``) is pending by construction
        raise illegal("not_your_turn", "You have nothing to decide now", seat=seat)
    t = move["type"]
    ph = s.phase
    if ph == "setup" and t == "place_castle":
        apply_castle(s, seat, move, log, auto)
    elif ph == "actions" and t in TURN_TYPES:
        if t == "politics":
            apply_politics(s, seat, move, log)
        else:
            apply_turn(s, seat, move, log)
        if auto:
            log.append(LogEntry("lacitta.auto_move", {"seat": seat, "type": t}, seat))
        s.qi += 1
    elif ph == "choice" and t == "voice_choice":
        _choose(s, seat, move, log)
    elif ph in ("demolish_migration", "demolish_feeding") and t in ("demolish", "relodge_done"):
        demolition.apply(s, seat, move, log, auto)
    elif ph == "feeding" and t == "feeding_loss":
        feeding.apply(s, seat, move, log, auto)
    else:
        raise illegal("wrong_phase", "That move is not possible now", type=t, phase=ph)


def _choose(s: State, seat: int, move: dict, log: list) -> None:
    if set(move) != {"type", "city", "service"}:
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
    cid, svc = move["city"], move["service"]
    for i, (c, owner, opts) in enumerate(s.choice_open):
        if c == cid and owner == seat and not isinstance(cid, bool):
            if svc not in opts:
                raise illegal("not_a_voice", "Choose one of the two services the people asked for", service=svc)
            s.choice_open = s.choice_open[:i] + s.choice_open[i + 1:]
            s.choice_made = sorted(s.choice_made + [(cid, seat, svc)])  # answer order leaves no trace
            # At once the choices stay hidden until all are in; in turn the later seats see them.
            log.append(LogEntry("lacitta.voice_choice", {"seat": seat, "city": cid, "service": svc, "auto": False},
                                seat, visible_to=None if s.voice_tie == IN_TURN else (seat,)))
            return
    raise illegal("no_choice", "That city has no choice to make", city=cid)
