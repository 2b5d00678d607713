"""What a stored state must satisfy before the engine plays on it (``ENGINE.load``): first the
shape of every field (types, sizes, seats, tile keys, stack frames), then the invariants
(``invariants.CHEAP``: 120 tiles, 15 tokens a seat, knowledge, protection, end). A broken
snapshot is refused with ``InvalidState`` naming each problem."""

from __future__ import annotations

from kit.base import InvalidState

from .invariants import CHEAP
from .state import _PLAIN, TOKENS, State
from .tiles import MARKS_CHOICES, ROWS

MAX_PROBLEMS = 8
STAGES = ("turn", "effects", "over")
SOURCES = ("hand", "library", "temple")
# Frame kind -> its fields besides "k" (see effects.py).
FRAME_FIELDS = {
    "arboretum": {"at", "left", "done"}, "bank": {"at"}, "bank_owner": {"at", "target"},
    "capitol": {"at", "cells", "done"}, "disaster": {"at"}, "embassy": {"at"}, "housing": {"at"},
    "mausoleum": {"at"}, "port": set(), "post_office": {"at"}, "post_office_to": {"at", "from"},
    "security": {"at"}, "shopping": set(), "stadium": {"at"}, "stadium_tokens": {"at", "from"},
    "temple": set(), "transit": {"at"}, "library_rest": {"seat", "tiles", "known"}, "temple_draw": {"holder"},
}
PLAY_FIELDS = {"hand": {"src", "via"}, "library": {"src", "via", "tiles", "known"},
               "temple": {"src", "via", "holder"}}


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _nat(x, hi=None) -> bool:
    return _int(x) and x >= 0 and (hi is None or x <= hi)


def load_state(data) -> State:
    if not isinstance(data, dict):
        raise InvalidState("An Infinite City state must be a JSON object")
    missing = [f for f in ("schema_version", "cells") + _PLAIN if f not in data]
    if missing:
        raise InvalidState(f"Infinite City state: missing field(s) {', '.join(missing)}")
    problems = _top_problems(data)
    if problems:
        raise InvalidState("Invalid Infinite City state: " + "; ".join(problems[:MAX_PROBLEMS]))
    try:
        s = State.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InvalidState(f"Infinite City state cannot be read: {exc}") from None
    problems = shape_problems(s)
    if not problems:
        problems = [f"{fn.__name__}: {msg}" for fn in CHEAP if (msg := fn(s))]
    if problems:
        more = f" (and {len(problems) - MAX_PROBLEMS} more)" if len(problems) > MAX_PROBLEMS else ""
        raise InvalidState("Invalid Infinite City state: " + "; ".join(problems[:MAX_PROBLEMS]) + more)
    return s


def _top_problems(data: dict) -> list[str]:
    out = []
    if data.get("marks") not in MARKS_CHOICES:
        out.append(f"marks {data.get('marks')!r}")
    n = data.get("nplayers")
    if not _int(n) or not 2 <= n <= 6:
        out.append(f"nplayers {n!r} (2 to 6)")
    cells = data.get("cells")
    if not isinstance(cells, list) or any(not isinstance(c, list) or len(c) != 6 for c in cells):
        out.append("cells must be a list of [x, y, tile, face_up, tokens, known]")
    return out


def _cell(c, s: State, may_be_none: bool = False) -> bool:
    if c is None:
        return may_be_none
    return isinstance(c, list) and len(c) == 2 and all(map(_int, c)) and (c[0], c[1]) in s.cells


def shape_problems(s: State) -> list[str]:
    out: list[str] = []
    n = s.nplayers
    seats = range(n)
    if s.first not in seats or not _int(s.first) or s.turn not in seats or not _int(s.turn):
        out.append(f"first {s.first!r} / turn {s.turn!r} is not a seat")
    if s.stage not in STAGES:
        out.append(f"stage {s.stage!r}")
    for (x, y), (tile, up, tokens, known) in s.cells.items():
        if not (_int(x) and _int(y)) or tile not in ROWS or not isinstance(up, bool) or not _nat(known) \
                or not isinstance(tokens, list) or len(tokens) != n or not all(map(_nat, tokens)):
            out.append(f"cell {x},{y}: {[tile, up, tokens, known]!r}")
    lists = {"pile": s.pile, "pile_known": s.pile_known, "hands": s.hands, "hand_known": s.hand_known,
             "supply": s.supply, "stack": s.stack}
    for name, value in lists.items():
        if not isinstance(value, list):
            out.append(f"{name} must be a list")
    if out:
        return out
    if any(t not in ROWS for t in s.pile) or not all(map(_nat, s.pile_known)):
        out.append("pile: unknown tile or bad knowledge")
    if len(s.hands) != n or any(not isinstance(h, list) or any(t not in ROWS for t in h) for h in s.hands):
        out.append("hands: one list of tile keys per seat")
    if len(s.hand_known) != n or any(
            not isinstance(row, list) or len(row) != n
            or any(not isinstance(d, dict) or any(t not in ROWS or not _nat(v) for t, v in d.items()) for d in row)
            for row in s.hand_known):
        out.append("hand_known: per holder, per observer, {tile: count}")
    if len(s.supply) != n or not all(_nat(v, TOKENS) for v in s.supply):
        out.append(f"supply {s.supply!r}: one count 0–{TOKENS} per seat")
    for name in ("factory", "passes", "revealed"):
        if not _nat(getattr(s, name)):
            out.append(f"{name} {getattr(s, name)!r} must be an int ≥ 0")
    if not isinstance(s.no_more_plays, bool):
        out.append("no_more_plays must be true/false")
    out += _end_problems(s)
    for i, f in enumerate(s.stack):
        msg = _frame_problem(s, f)
        if msg:
            out.append(f"stack[{i}]: {msg}")
    if s.stage == "over":
        r = s.result
        if not isinstance(r, dict) or set(r) != {"scores", "ranks", "details", "tiebreak"} \
                or len(r["scores"]) != n or len(r["ranks"]) != n:
            out.append("result must give scores, ranks, details and tiebreak per seat")
    return out


def _end_problems(s: State) -> list[str]:
    e = s.end
    if not isinstance(e, dict) or e.get("mode") not in ("none", "final"):
        return [f"end {e!r}"]
    if e["mode"] == "none" and set(e) != {"mode"}:
        return [f"end {e!r}"]
    if e["mode"] == "final" and (set(e) != {"mode", "trigger", "queue"} or not _int(e["trigger"])
                                 or not 0 <= e["trigger"] < s.nplayers or not isinstance(e["queue"], list)
                                 or not all(map(_int, e["queue"]))):
        return [f"end {e!r}"]
    return []


def _frame_problem(s: State, f) -> str | None:
    if not isinstance(f, dict) or f.get("k") not in set(FRAME_FIELDS) | {"play"}:
        return f"unknown frame {f!r}"
    k = f["k"]
    fields = PLAY_FIELDS.get(f.get("src"), set()) if k == "play" else FRAME_FIELDS[k]
    if set(f) - {"k"} != fields:
        return f"{k} frame fields {sorted(set(f) - {'k'})}"
    if "at" in f and not _cell(f["at"], s, may_be_none=True):
        return f"{k}: 'at' {f['at']!r} names no tile"
    for key in ("target", "from"):
        if key in f and not _cell(f[key], s):
            return f"{k}: {key!r} {f[key]!r} names no tile"
    if "cells" in f and (not isinstance(f["cells"], list) or not all(
            isinstance(c, list) and len(c) == 2 and all(map(_int, c)) for c in f["cells"])):
        return f"{k}: cells {f['cells']!r}"
    for key in ("left", "done"):
        if key in f and not _nat(f[key]):
            return f"{k}: {key} {f[key]!r}"
    if "tiles" in f and (not isinstance(f["tiles"], list) or not isinstance(f["known"], list)
                         or len(f["tiles"]) != len(f["known"]) or any(t not in ROWS for t in f["tiles"])
                         or not all(map(_nat, f["known"]))):
        return f"{k}: tiles {f['tiles']!r}"
    for key in ("holder", "seat"):
        if key in f and (not _int(f[key]) or not 0 <= f[key] < s.nplayers):
            return f"{k}: {key} {f[key]!r}"
    if k == "play" and (f["src"] not in SOURCES or f["via"] not in ("construction_site", "library", "temple")):
        return f"play from {f['src']!r} via {f['via']!r}"
    return None
