"""Final scoring (SC90, SC91, SC102-SC104, SC113, G10, G11, G13) and the solo outcome."""

from __future__ import annotations

from kit.base import GameResult

from . import build as B
from . import citizens as Z
from . import components as C
from .logs import log_line
from .promises import promise_kept, special_kept
from .solo import SoloOutcome, solo_rank


def breakdown(state, s: int) -> dict:
    seat = state.seats[s]
    promise = 0
    kept = None
    if seat["promise"] is not None:
        kept = promise_kept(state, s, seat["promise"])
        good, bad = C.PROMISE_VALUE[C.PROMISES[seat["promise"]]]
        promise = good if kept else bad
    specials = [(n, special_kept(state, s, n)) for n in seat["specials"]]
    special = sum(0 if ok else C.SPECIAL_FAIL for _, ok in specials)
    victory = state.options["victory"]
    votes = seat["votes"]
    out = {"votes": votes, "promise": seat["promise"], "promise_kept": kept, "promise_points": promise,
           "specials": [[n, ok] for n, ok in specials], "special_points": special,
           "pollution": seat["pollution"], "money": seat["money"], "eliminated": seat["eliminated"]}
    if victory == "electoral":
        out["score"] = votes + promise + special - seat["pollution"]  # SC90
        out["tiebreak"] = (-seat["pollution"], seat["money"])         # SC91
    elif victory == "economic":
        out["real_estate"] = seat["real_estate"]
        out["score"] = seat["money"] + seat["real_estate"] + promise + special  # SC102
        out["tiebreak"] = (-seat["pollution"], votes)
    else:
        adjusted = votes + promise + special  # G11: promises adjust votes only (a tie-break)
        if victory == "citizen":
            out["citizens"] = seat["citizen_total"]
            out["score"] = seat["citizen_total"]  # G11 cumulative
        else:
            out["cultural_squares"] = sum(len(t["sq"]) for t in B.tiles_of(state, s) if t["kind"] in C.CULTURAL)
            out["score"] = out["cultural_squares"]  # SC104
        out["tiebreak"] = (-seat["pollution"], adjusted, seat["money"])
    out["citizens_in_play"] = len(Z.citizens_of(state, s))
    return out


def finish(state, log) -> None:
    state.phase = "over"
    state.step = {}
    state.revealed += 1  # promises are shown
    details = [breakdown(state, s) for s in range(state.n)]
    keys = [(not d["eliminated"], d["score"], d["tiebreak"]) for d in details]
    ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]  # G10: eliminated last
    tie = None
    scored = [(not d["eliminated"], d["score"]) for d in details]
    if any(scored.count(x) > 1 for x in scored) and len(set(keys)) > len(set(scored)):
        tie = "smallcity.tiebreak.pollution_money"
    state.result = {"scores": [d["score"] for d in details], "ranks": ranks,
                    "details": [{k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}
                                for d in details], "tiebreak": tie}
    if state.n == 1:
        label = solo_rank(details[0]["score"])
        state.result["solo"] = {"won": label is not None, "label_key": f"smallcity.solo.{label or 'unranked'}",
                                "label_params": {"score": details[0]["score"],
                                                 "difficulty": state.options["difficulty"]}}
    state.over_reason = "eliminated" if any(d["eliminated"] for d in details) else "turn_8"
    log.append(log_line("game_over", scores=state.result["scores"], ranks=ranks, tiebreak=tie))


def game_result(data: dict) -> GameResult:
    solo = SoloOutcome(**data["solo"]) if data.get("solo") is not None else None
    return GameResult(list(data["scores"]), list(data["ranks"]), list(data["details"]), data["tiebreak"], solo)
