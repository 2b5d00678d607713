"""The game state: plain lists, dicts and ints so that a copy is cheap and JSON is trivial.

Per-hex data lives in lists indexed by cell id (``kind``, ``owner``, ``city``, ``pop``).
A city is identified by its castle's cell; ``pop[castle]`` is the city's population.
Every other building of a city holds exactly one citizen (roads none), so the castle
holds ``pop - (buildings - 1)``; citizens are never tracked per building because
rearranging them inside a city is always allowed (R53 classic, R54 modern).

Copy-on-write: ``copy()`` duplicates ``pop``, ``supply`` and each player's dict, the
fields changed in place on most moves; every other list is shared with the copies and
never changed in place, only replaced (``s.queue = …``, ``row = s.pol_row[:]; row[i] =
…; s.pol_row = row``), as are the tuples inside player dicts. The board lists ``kind``,
``owner`` and ``city`` change only through ``cities.place`` / ``cities.remove`` (a few
times a year), so copies share them and those two functions copy them first
(``own_board``); never keep a reference to them across a board change.
"""

from __future__ import annotations

from .constants import AT_ONCE
from .geometry import Geometry

SCHEMA_VERSION = 2

_FIELDS = (
    "edition", "expansion", "setup", "nplayers", "tiles", "rng", "year", "final", "phase", "first",
    "kind", "owner", "city", "pop", "pool", "supply", "players",
    "voice_deck", "voice", "voice_discard", "voice_revealed", "voice_winners",
    "pol_deck", "pol_row", "pol_discard",
    "cubes", "harvest", "queue", "qi", "choice_open", "choice_made", "starve", "relodge_open",
    "demolish_reason", "famine", "result", "setup_first", "voice_tie", "migrated",
)
_LIST_FIELDS = (
    "kind", "owner", "city", "pop", "voice_deck", "voice", "voice_discard", "voice_winners",
    "pol_deck", "pol_row", "pol_discard", "cubes", "harvest", "queue", "choice_open", "choice_made",
    "starve", "relodge_open", "famine",
)


class State:
    __slots__ = _FIELDS + ("geo", "_cities", "_board_shared")

    def __init__(self):
        self.geo: Geometry | None = None
        self._cities = None
        self._board_shared = False

    def own_board(self) -> None:
        """Before changing ``kind``/``owner``/``city``: stop sharing them with other copies."""
        if self._board_shared:
            self.kind = self.kind[:]
            self.owner = self.owner[:]
            self.city = self.city[:]
            self._board_shared = False

    # ------------------------------------------------------------------ copying
    def copy(self) -> State:
        # Written out field by field: this runs once per move and must stay cheap.
        new = State.__new__(State)
        new.edition = self.edition
        new.expansion = self.expansion
        new.setup = self.setup
        new.nplayers = self.nplayers
        new.tiles = self.tiles
        new.rng = self.rng
        new.year = self.year
        new.final = self.final
        new.phase = self.phase
        new.first = self.first
        new.kind = self.kind  # shared until a board change (own_board)
        new.owner = self.owner
        new.city = self.city
        self._board_shared = new._board_shared = True
        new.pop = self.pop[:]
        new.pool = self.pool
        new.supply = self.supply.copy()
        new.players = [p.copy() for p in self.players]
        # Shared: these lists are replaced, never changed in place (see the module docstring).
        new.voice_deck = self.voice_deck
        new.voice = self.voice
        new.voice_discard = self.voice_discard
        new.voice_revealed = self.voice_revealed
        new.voice_winners = self.voice_winners
        new.pol_deck = self.pol_deck
        new.pol_row = self.pol_row
        new.pol_discard = self.pol_discard
        new.cubes = self.cubes
        new.harvest = self.harvest
        new.queue = self.queue
        new.qi = self.qi
        new.choice_open = self.choice_open
        new.choice_made = self.choice_made
        new.starve = self.starve
        new.relodge_open = self.relodge_open
        new.demolish_reason = self.demolish_reason
        new.famine = self.famine
        new.result = self.result
        new.setup_first = self.setup_first
        new.voice_tie = self.voice_tie
        new.migrated = self.migrated
        new.geo = self.geo
        new._cities = self._cities  # shared until a building changes (then replaced)
        return new

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        data = {"schema_version": SCHEMA_VERSION}
        for f in _FIELDS:
            value = getattr(self, f)
            if f == "tiles":
                value = [[space, kind, n] for space, (kind, n) in sorted(value.items(), key=lambda kv: str(kv[0]))]
            elif f == "players":
                value = [dict(p, taken=list(p["taken"]), passed=list(p["passed"]), peeks=list(p["peeks"]))
                         for p in value]
            elif f in ("cubes", "harvest", "choice_open", "choice_made"):
                value = [_listify(x) for x in value]
            elif f == "supply":
                value = dict(value)
            elif f in _LIST_FIELDS:
                value = list(value)
            data[f] = value
        return data

    @classmethod
    def from_json(cls, data: dict, geo_factory) -> State:
        version = data.get("schema_version")
        if version not in (1, SCHEMA_VERSION):
            raise ValueError(f"unsupported La Città state schema {version!r}")
        if version == 1:
            # Schema 1 games were played before the 2–2 option existed: choices at once.
            data = dict(data, voice_tie=AT_ONCE, migrated=0)
        s = cls()
        for f in _FIELDS:
            value = data[f]
            if f == "tiles":
                value = {space: (kind, n) for space, kind, n in value}
            elif f == "players":
                value = [dict(p, taken=tuple(p["taken"]), passed=tuple(p["passed"]), peeks=tuple(p["peeks"]))
                         for p in value]
            elif f in ("cubes", "harvest", "choice_open", "choice_made"):
                value = [_tuplify(x) for x in value]
            elif f == "supply":
                value = dict(value)
            elif f in _LIST_FIELDS:
                value = list(value)
            setattr(s, f, value)
        s.geo = geo_factory(s)
        return s

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"<La Città state year={self.year} phase={self.phase}>"


def _listify(x):
    return [_listify(v) for v in x] if isinstance(x, (list, tuple)) else x


def _tuplify(x):
    return tuple(_tuplify(v) for v in x) if isinstance(x, (list, tuple)) else x
