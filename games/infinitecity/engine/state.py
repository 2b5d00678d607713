"""``State``: plain lists, dicts and ints; cheap to copy; JSON with ``schema_version``.

In memory a cell is ``cells[(x, y)] = [tile, face_up, tokens, known]``: the tile key,
whether it is face up, tokens per seat (a list of counts) and, for a face-down tile, the
bitmask of seats that know which tile it is (0: nobody, G5). Frames of the effect stack
are JSON-ready dicts (cells in them are ``[x, y]`` lists). See ``__init__`` for the fields.
"""

from __future__ import annotations

SCHEMA_VERSION = 1
TOKENS = 15  # IC02

# Fields dumped as they are (JSON-native already).
_PLAIN = ("marks", "nplayers", "first", "turn", "stage", "pile", "pile_known", "hands", "hand_known",
          "supply", "stack", "end", "no_more_plays", "factory", "passes", "revealed", "over_reason", "result")


class State:
    # ``memo``: placement cells and protection of the current city (see ``city``); never dumped.
    __slots__ = ("cells", "memo") + _PLAIN

    def __init__(self):
        self.marks = "known-only"
        self.nplayers = 0
        self.first = 0
        self.turn = 0
        self.stage = "turn"          # "turn" (the turn's action is due) | "effects" | "over"
        self.cells: dict[tuple[int, int], list] = {}
        self.pile: list[str] = []    # bottom first: the top of the pile is the LAST element
        self.pile_known: list[int] = []  # per pile position: bitmask of the seats that know that tile
        self.hands: list[list[str]] = []
        self.hand_known: list[list[dict]] = []  # [holder][observer] {tile: n} known to be in that hand
        self.supply: list[int] = []  # tokens off the table per seat (IC02)
        self.stack: list[dict] = []  # pending effects, top = last (see effects.py)
        self.end: dict = {"mode": "none"}  # or {"mode": "final", "trigger": seat, "queue": [seats]}
        self.no_more_plays = False   # IC40/G20: a last token was placed this turn
        self.factory = 0             # extra draws after the refill this turn (Factory)
        self.passes = 0              # consecutive passes (G13)
        self.revealed = 0            # counts every reveal (draw, flip, look): move_reveals_hidden
        self.over_reason = None      # "last_token" | "power_stations" | "all_passed"
        self.result = None
        self.memo: dict = {}

    @property
    def all_seats(self) -> int:
        return (1 << self.nplayers) - 1

    def copy(self) -> State:
        new = State.__new__(State)
        new.marks = self.marks
        new.nplayers = self.nplayers
        new.first = self.first
        new.turn = self.turn
        new.stage = self.stage
        new.cells = {xy: [c[0], c[1], c[2][:], c[3]] for xy, c in self.cells.items()}
        new.pile = self.pile[:]
        new.pile_known = self.pile_known[:]
        new.hands = [h[:] for h in self.hands]
        new.hand_known = [[dict(d) for d in row] for row in self.hand_known]
        new.supply = self.supply[:]
        new.stack = [_copy_frame(f) for f in self.stack]
        new.end = _deep(self.end)
        new.no_more_plays = self.no_more_plays
        new.factory = self.factory
        new.passes = self.passes
        new.revealed = self.revealed
        new.over_reason = self.over_reason
        new.result = self.result  # never mutated once set
        new.memo = dict(self.memo)  # values are never mutated: sharing them is safe
        return new

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        data = {"schema_version": SCHEMA_VERSION}
        for f in _PLAIN:
            data[f] = _COPY.get(f, _deep)(getattr(self, f))
        data["cells"] = [[x, y, c[0], c[1], c[2][:], c[3]] for (x, y), c in sorted(self.cells.items())]
        return data

    @classmethod
    def from_json(cls, data: dict) -> State:
        if data.get("schema_version") != SCHEMA_VERSION:
            raise ValueError(f"unsupported Infinite City state schema {data.get('schema_version')!r}")
        s = cls()
        for f in _PLAIN:
            setattr(s, f, _deep(data[f]))  # whatever its shape: ``validate`` checks it next
        s.cells = {}
        for x, y, tile, up, tokens, known in data["cells"]:
            if (x, y) in s.cells:
                raise ValueError(f"two tiles on cell {x},{y}")
            s.cells[(x, y)] = [tile, up, list(tokens), known]
        return s

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"<Infinite City state turn={self.turn} stage={self.stage} tiles={len(self.cells)}>"


def _same(v):
    return v


def _copy_frame(f: dict) -> dict:
    return {k: (_deep(v) if isinstance(v, (list, dict)) else v) for k, v in f.items()}


def _deep(v):
    if isinstance(v, list):
        return [_deep(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    return v


# How each field is copied out (flat lists of strings/ints need no recursion); fields not
# listed are scalars or strings.
_COPY = {
    "pile": list, "pile_known": list, "supply": list,
    "hands": lambda hs: [list(h) for h in hs],
    "hand_known": lambda rows: [[dict(d) for d in row] for row in rows],
    "stack": lambda st: [_copy_frame(f) for f in st],
    "end": _deep, "result": _deep,
}
for _f in _PLAIN:
    _COPY.setdefault(_f, _same)
