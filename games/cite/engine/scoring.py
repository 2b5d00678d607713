"""The end (CT40, CT41, G10): squares built in your quarter + unused resources // 10 (Bank deposits
included); ties go to the larger remainder of resources; still tied, a shared win."""

from __future__ import annotations

from kit.base import GameResult, LogEntry

from .components import SQUARES


def breakdown(state, seat: int) -> dict:
    s = state.seats[seat]
    built = sum(SQUARES[b["kind"]] for b in state.buildings.values() if b["owner"] == seat)
    unused = sum(s["res"].values()) + sum(s["bank"].values())
    return {"built": built, "unused": unused, "from_resources": unused // 10, "remainder": unused % 10,
            "score": built + unused // 10}


def finish(state, log: list) -> None:
    details = [breakdown(state, i) for i in range(state.players)]
    keys = [(d["score"], d["remainder"]) for d in details]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    top = [k for k in keys if k[0] == max(d["score"] for d in details)]
    tiebreak = "cite.tiebreak.remainder" if len(top) > 1 and len(set(top)) > 1 else None
    state.result = {"scores": [d["score"] for d in details], "ranks": ranks, "details": details,
                    "tiebreak": tiebreak}
    state.stage = "over"
    for s in state.seats:
        s["done"] = True
    log.append(LogEntry("cite.over", {"reason": state.over_reason, "scores": state.result["scores"],
                                      "ranks": ranks}))


def game_result(data: dict) -> GameResult:
    return GameResult(scores=list(data["scores"]), ranks=list(data["ranks"]), details=list(data["details"]),
                      tiebreak=data["tiebreak"])
