"""End of game (R64, R65): citizens, service bonus, famine penalty; ties by gold."""

from __future__ import annotations

from kit.base import GameResult

from .cities import cities, cities_of, citizens, has_service_bonus
from .constants import FAMINE_PENALTY, SERVICE_BONUS
from .state import State


def details(s: State) -> list[dict]:
    out = []
    all_cities = cities(s)
    for seat in range(s.nplayers):
        p = s.players[seat]
        bonus_cities = [cid for cid in cities_of(s, seat) if has_service_bonus(s, all_cities[cid])]
        penalty = FAMINE_PENALTY if s.final and s.famine[seat] > 0 else 0
        people = citizens(s, seat)
        out.append({
            "citizens": people,
            "service_bonus": SERVICE_BONUS * len(bonus_cities),
            "cities_with_bonus": len(bonus_cities),
            "famine_penalty": -penalty,
            "gold": p["gold"],
            "eliminated": p["eliminated"],
            "score": people + SERVICE_BONUS * len(bonus_cities) - penalty,
        })
    return out


def compute_result(s: State) -> dict:
    d = details(s)
    # R65 (modern): a player with no building left loses, whatever the points.
    keys = [(1 if x["eliminated"] else 0, -x["score"], -x["gold"]) for x in d]
    ranks = [1 + sum(1 for k in keys if k < mine) for mine in keys]
    tiebreak = None
    alive = [i for i, x in enumerate(d) if not x["eliminated"]] or list(range(len(d)))
    top = max(d[i]["score"] for i in alive)
    leaders = [i for i in alive if d[i]["score"] == top]
    if len(leaders) > 1:
        rich = max(d[i]["gold"] for i in leaders)
        tied = [i for i in leaders if d[i]["gold"] == rich]
        tiebreak = "lacitta.tiebreak.shared" if len(tied) > 1 else "lacitta.tiebreak.gold"
    return {"scores": [x["score"] for x in d], "ranks": ranks, "details": d, "tiebreak": tiebreak}


def game_result(data: dict) -> GameResult:
    return GameResult(scores=list(data["scores"]), ranks=list(data["ranks"]),
                      details=[dict(x) for x in data["details"]], tiebreak=data["tiebreak"])
