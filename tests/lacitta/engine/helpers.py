"""Build custom La Città states for short rule tests.

    b = HexBoard([...], legend)            # tests/lacitta/engine/fixture_board.py
    s = make_state(b, players=2)
    castle(s, 0, b.cell(2, 1), citizens=4)
    put(s, 0, "farm", b.cell(2, 2))         # brings its own citizen from the pool
    s2, log = act(s, 0, {"type": "build", "building": "quarry", "cell": b.cell(1, 2)})

``act`` applies one decision without running the rest of the year; ``play`` is the
engine's full ``apply`` (forced moves and automatic phases follow)."""

from __future__ import annotations

from collections import Counter

from games.lacitta.engine import moves as _moves
from games.lacitta.engine.cards import politics_deck, voice_deck
from games.lacitta.engine.cities import cities, place
from games.lacitta.engine.constants import CASTLE, CITIZENS, ROAD, SUPPLY_BASE, SUPPLY_EXPANSION
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.geometry import geometry
from games.lacitta.engine.phases import START, advance
from games.lacitta.engine.setup import landscape_of, new_player
from games.lacitta.engine.state import State
from kit.rng import seed_state

ROW = ["palace", "hospital", "bathhouse", "master_builder", "bread_and_games", "golden_times", "close_to_people"]
VOICE = ["culture", "education", "health", "culture"]


def make_state(board, players: int = 2, *, edition: str = "modern", expansion: str = "none", year: int = 1,
               final: bool = False, first: int = 0, row=None, voice=None, gold: int = 1, tiles=None,
               seed: int = 7, voice_tie: str = "in_turn") -> State:
    s = State()
    s.edition, s.expansion, s.setup, s.nplayers = edition, expansion, "beginner", players
    s.tiles = dict(tiles or {})
    s.geo = geometry(board, players, landscape_of(board, s.tiles))
    n = s.geo.n
    s.rng = seed_state(seed)
    s.year, s.final, s.phase, s.first = year, final, "actions", first
    s.kind, s.owner, s.city, s.pop = [None] * n, [-1] * n, [-1] * n, [0] * n
    s._cities = None
    s.pool = CITIZENS
    s.supply = dict(SUPPLY_BASE, **(SUPPLY_EXPANSION if expansion == "cocagne" else {}))
    s.players = [dict(new_player(), gold=gold) for _ in range(players)]
    v = list(voice or VOICE)
    deck = Counter(voice_deck()) - Counter(v)
    s.voice_deck = sorted(deck.elements())
    s.voice, s.voice_discard, s.voice_revealed, s.voice_winners = v, [], False, []
    r = list(row if row is not None else ROW)
    rest = Counter(politics_deck(expansion == "cocagne")) - Counter(c for c in r if c)
    s.pol_row, s.pol_deck, s.pol_discard = r, sorted(rest.elements()), []
    s.cubes, s.harvest, s.queue, s.qi = [], [], [], 0
    s.choice_open, s.choice_made = [], []
    s.starve, s.relodge_open, s.famine = [0] * players, [False] * players, [0] * players
    s.demolish_reason, s.result, s.setup_first = "", None, first
    s.voice_tie, s.migrated = voice_tie, 0
    return s


def castle(s: State, seat: int, cell: int, citizens: int = 3) -> int:
    place(s, seat, cell, CASTLE, cell)
    s.pop[cell] = citizens
    s.pool -= citizens
    return cell


def put(s: State, seat: int, kind: str, cell: int, city: int | None = None) -> int:
    """Place a building (no rule checks) in the city it touches; it brings one citizen."""
    if city is None:
        near = {s.city[d] for d in s.geo.all_nbr[cell] if s.city[d] >= 0 and s.owner[d] == seat}
        assert len(near) == 1, f"cell {cell} touches cities {near}"
        city = near.pop()
    place(s, seat, city, kind, cell)
    if kind != ROAD:
        s.pop[city] += 1
        s.pool -= 1
    return cell


def set_pop(s: State, cid: int, n: int) -> None:
    s.pool += s.pop[cid] - n
    s.pop[cid] = n


def turns(s: State, *seats: int) -> State:
    s.phase = "actions"
    s.queue, s.qi = list(seats), 0
    return s


def act(s: State, seat: int, move: dict):
    """Apply one decision on a copy, without running the game on."""
    new = s.copy()
    log: list = []
    _moves.apply_decision(new, seat, move, log)
    return new, log


def play(s: State, seat: int, move: dict):
    res = ENGINE.apply(s, seat, move)
    return res.state, res.log


def enter(s: State, phase: str, run: bool = False):
    """Start a phase directly (its setup/automatic work); ``run`` goes on with ``advance``."""
    s = s.copy()
    log: list = []
    s.phase = phase
    START[phase](s, log)
    if run:
        advance(s, log)
    return s, log


def keys(log) -> list[str]:
    return [e.key for e in log]


def entries(log, key: str) -> list[dict]:
    return [e.params for e in log if e.key == key]


def city_cells(s: State, cid: int) -> list[int]:
    return list(cities(s)[cid])


def illegal(s: State, seat: int, move: dict):
    """The IllegalMove that ``move`` raises (fails the test if it is accepted)."""
    import pytest

    from kit.base import IllegalMove

    with pytest.raises(IllegalMove) as err:
        act(s, seat, move)
    return err.value
