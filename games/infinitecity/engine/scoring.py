"""Final scores (IC50–IC54, G17, G24).

Per seat: every orthogonally connected group of at least 3 tiles it controls scores 1 point
per tile (IC50, G17); the printed bonus of every tile it controls (IC51); the seat(s) with
the most silver-ringed tiles (at least one) score 1 point per such tile (IC52). A tile with
tokens of several seats counts fully for each (IC53). Most points wins; ties are broken by
the largest group of controlled adjacent tiles (any size), then shared (IC54, G24)."""

from __future__ import annotations

from kit.base import GameResult

from .city import controlled, groups
from .state import State
from .tiles import marks_of

MIN_GROUP = 3
TIEBREAK_GROUP = "infinitecity.tiebreak.largest_group"
TIEBREAK_SHARED = "infinitecity.tiebreak.shared"


def breakdown(s: State) -> list[dict]:
    out = []
    for seat in range(s.nplayers):
        mine = controlled(s, seat)
        sizes = groups(mine)
        scoring = [g for g in sizes if g >= MIN_GROUP]
        bonus = silver = 0
        for xy in mine:
            b, sv = marks_of(s.cells[xy][0], s.marks)
            bonus += b
            silver += sv
        out.append({"seat": seat, "groups": scoring, "group_points": sum(scoring), "bonus": bonus,
                    "silver_tiles": silver, "silver_points": 0, "largest_group": sizes[0] if sizes else 0,
                    "tiles": len(mine)})
    most = max(d["silver_tiles"] for d in out)
    for d in out:
        if most >= 1 and d["silver_tiles"] == most:
            d["silver_points"] = d["silver_tiles"]
        d["total"] = d["group_points"] + d["bonus"] + d["silver_points"]
    return out


def rank(details: list[dict]) -> tuple[list[int], str | None]:
    """Ranks by (points, largest group); equal on both share. The tie-break key says what
    decided among the winners' points-tie, if there was one."""
    keys = [(d["total"], d["largest_group"]) for d in details]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    top = max(d["total"] for d in details)
    tied = [d for d in details if d["total"] == top]
    tiebreak = None
    if len(tied) > 1:
        best = max(d["largest_group"] for d in tied)
        tiebreak = TIEBREAK_GROUP if sum(1 for d in tied if d["largest_group"] == best) == 1 else TIEBREAK_SHARED
    return ranks, tiebreak


def compute_result(s: State) -> dict:
    details = breakdown(s)
    ranks, tiebreak = rank(details)
    return {"scores": [d["total"] for d in details], "ranks": ranks, "details": details, "tiebreak": tiebreak}


def game_result(data: dict) -> GameResult:
    return GameResult(scores=list(data["scores"]), ranks=list(data["ranks"]),
                      details=[dict(d) for d in data["details"]], tiebreak=data["tiebreak"])
