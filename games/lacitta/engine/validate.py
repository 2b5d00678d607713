"""What a stored state must satisfy before the engine plays on it (``engine.load``).

First the shape of every field (types, lengths, names, seats and cells in range), then the
invariants selfplay checks after every move (``invariants.CHEAP``: citizens and supply
conserved, food matching the board, limits, whole cities, …). A wrongly built position is
refused with ``InvalidState`` naming each problem, instead of being played on silently."""

from __future__ import annotations

from collections import Counter

from kit.base import InvalidState

from .constants import (
    ACTION_CARDS,
    ADVANCED,
    AT_ONCE,
    BASE_DECK,
    BEGINNER,
    CASTLE,
    CASTLES,
    CLASSIC,
    COCAGNE,
    CUBES,
    EXPANSION_DECK,
    IN_TURN,
    MODERN,
    NO_EXPANSION,
    ROW_SIZE,
    SERVICES,
    SIZE,
    VOICE_DECK,
)
from .invariants import CHEAP
from .phases import SEQUENCE
from .state import _FIELDS, State

PHASES = frozenset({"setup", "over"}.union(*SEQUENCE.values()))
PLAYER_INTS = {"gold": (0, None), "food": (0, None), "cards_up": (0, ACTION_CARDS), "cubes": (0, CUBES),
               "castles": (0, CASTLES), "turns_done": (0, 5)}
PLAYER_FLAGS = ("founded", "penalty", "penalized", "eliminated")
MAX_PROBLEMS = 8  # enough to act on, short enough to read


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def load_state(data, geo_factory) -> State:
    """``State.from_json`` plus every check; raises ``InvalidState``."""
    if not isinstance(data, dict):
        raise InvalidState("A La Città state must be a JSON object")
    missing = [f for f in _FIELDS if f not in data and not (data.get("schema_version") == 1
                                                            and f in ("voice_tie", "migrated"))]
    if missing:
        raise InvalidState(f"La Città state: missing field(s) {', '.join(missing)}")
    options = _option_problems(data)
    if options:
        raise InvalidState("La Città state: " + "; ".join(options))
    try:
        s = State.from_json(data, geo_factory)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InvalidState(f"La Città state cannot be read: {exc}") from None
    problems = shape_problems(s)
    if not problems:
        for fn in CHEAP:
            msg = fn(s)
            if msg:
                problems.append(f"{fn.__name__}: {msg}")
    if problems:
        more = f" (and {len(problems) - MAX_PROBLEMS} more)" if len(problems) > MAX_PROBLEMS else ""
        raise InvalidState("Invalid La Città state: " + "; ".join(problems[:MAX_PROBLEMS]) + more)
    return s


def _option_problems(data: dict) -> list[str]:
    out = []
    if data.get("edition") not in (CLASSIC, MODERN):
        out.append(f"edition {data.get('edition')!r}")
    if data.get("expansion") not in (NO_EXPANSION, COCAGNE) or (
            data.get("expansion") == COCAGNE and data.get("edition") != MODERN):
        out.append(f"expansion {data.get('expansion')!r} with edition {data.get('edition')!r}")
    if data.get("setup") not in (BEGINNER, ADVANCED):
        out.append(f"setup {data.get('setup')!r}")
    if data.get("voice_tie", AT_ONCE) not in (IN_TURN, AT_ONCE):
        out.append(f"voice_tie {data.get('voice_tie')!r}")
    n = data.get("nplayers")
    if not _int(n) or not 2 <= n <= 5:
        out.append(f"nplayers {n!r} (2 to 5)")
    if not isinstance(data.get("tiles"), list):
        out.append("tiles must be a list of [space, kind, symbols]")
    return out


def shape_problems(s: State) -> list[str]:
    """Every field of the right type, size and range (the invariants assume it)."""
    out: list[str] = []
    n, geo = s.nplayers, s.geo
    seats = range(n)
    if s.phase not in PHASES:
        out.append(f"phase {s.phase!r}")
    for name in ("rng", "year", "pool", "qi", "first", "setup_first", "migrated"):
        if not _int(getattr(s, name)) or getattr(s, name) < 0:
            out.append(f"{name} {getattr(s, name)!r} must be an int ≥ 0")
    if out:
        return out
    if s.first not in seats or s.setup_first not in seats:
        out.append(f"first player {s.first} / {s.setup_first} is not a seat")
    for name in ("kind", "owner", "city", "pop"):
        if len(getattr(s, name)) != geo.n:
            out.append(f"{name} has {len(getattr(s, name))} cells, the board {geo.n}")
    if out:
        return out
    for c in range(geo.n):
        k, o, cid, p = s.kind[c], s.owner[c], s.city[c], s.pop[c]
        if k is None:
            if o != -1 or cid != -1 or p != 0:
                out.append(f"empty cell {c} has owner {o}, city {cid}, citizens {p}")
        elif k != CASTLE and k not in SIZE:
            out.append(f"cell {c}: unknown building {k!r}")
        elif not geo.active[c]:
            out.append(f"cell {c} ({k}) is not buildable with {n} players")
        elif o not in seats or not _int(cid) or not 0 <= cid < geo.n or s.kind[cid] != CASTLE \
                or s.owner[cid] != o or s.city[cid] != cid:
            out.append(f"cell {c} ({k}): owner {o} / city {cid} do not name a castle of that seat")
        elif not _int(p) or (p != 0 and k != CASTLE) or p < 0:
            out.append(f"cell {c} ({k}): citizens {p!r} (only a castle counts its city's citizens)")
    if len(s.players) != n:
        out.append(f"{len(s.players)} players for nplayers {n}")
    for seat, pl in enumerate(s.players):
        for key, (lo, hi) in PLAYER_INTS.items():
            v = pl.get(key)
            if not _int(v) or v < lo or (hi is not None and v > hi):
                out.append(f"seat {seat} {key} {v!r}")
        for key in PLAYER_FLAGS:
            if not isinstance(pl.get(key), bool):
                out.append(f"seat {seat} {key} {pl.get(key)!r} must be true/false")
        if len(pl.get("peeks", ())) != 3 or any(x not in (None, *SERVICES) for x in pl["peeks"]):
            out.append(f"seat {seat} peeks {pl.get('peeks')!r}")
    deck = EXPANSION_DECK if s.expansion == COCAGNE else BASE_DECK
    held = [c for pl in s.players for c in tuple(pl.get("taken", ())) + tuple(pl.get("passed", ()))]
    cards = Counter(s.pol_deck + s.pol_discard + [c for c in s.pol_row if c is not None] + held)
    if cards != Counter(deck):
        out.append(f"politics cards do not make the deck: {_diff(cards, Counter(deck))}")
    if len(s.pol_row) != ROW_SIZE:
        out.append(f"politics row has {len(s.pol_row)} slots, not {ROW_SIZE}")
    voice = Counter(s.voice_deck + s.voice + s.voice_discard)
    if voice != Counter(VOICE_DECK):
        out.append(f"Voice cards do not make the deck: {_diff(voice, Counter(VOICE_DECK))}")
    if any(x not in seats for x in s.queue) or s.qi > len(s.queue):
        out.append(f"turn queue {s.queue} / position {s.qi}")
    for name in ("starve", "relodge_open", "famine"):
        if len(getattr(s, name)) != n:
            out.append(f"{name} has {len(getattr(s, name))} entries for {n} players")
    choosing = s.phase == "choice"  # afterwards a chosen city may have been demolished
    for cid, seat, svc in s.choice_made:
        if svc not in SERVICES or seat not in seats or (choosing and not _castle_of(s, cid, seat)):
            out.append(f"2–2 choice {(cid, seat, svc)} names no city of that seat / no service")
    for cid, seat, opts in s.choice_open:
        if not choosing or not _castle_of(s, cid, seat) or any(o not in SERVICES for o in opts):
            out.append(f"open 2–2 choice {(cid, seat, opts)} outside the choice phase "
                       "or of no city of that seat")
    for entry in s.cubes:
        if len(entry) != 4 or entry[2] not in SERVICES or not _int(entry[1]) or not 0 <= entry[1] < geo.n \
                or s.kind[entry[1]] is None:
            out.append(f"cubes {entry} are not on a building")
    for entry in s.harvest:
        if len(entry) != 3 or not _int(entry[1]) or not 0 <= entry[1] < geo.n or s.kind[entry[1]] is None:
            out.append(f"rich harvest {entry} is not on a building")
    return out


def _castle_of(s: State, cid, seat) -> bool:
    return _int(cid) and 0 <= cid < s.geo.n and s.kind[cid] == CASTLE and s.owner[cid] == seat


def _diff(have: Counter, want: Counter) -> str:
    extra = have - want
    short = want - have
    parts = [f"+{k}×{v}" for k, v in sorted(extra.items(), key=str)] + \
            [f"−{k}×{v}" for k, v in sorted(short.items(), key=str)]
    return ", ".join(parts) or "?"
