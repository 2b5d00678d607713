"""Full engine states built from what one seat sees (determinization).

A bot gets ``view(state, seat)`` and the legal moves, nothing else. To look ahead it needs
a ``State`` the rules can run on; ``sample_state`` builds one that agrees with the view in
everything the view shows and fills what the seat cannot see from the tiles left unseen:

* unseen = the 120 tiles minus the face-up city, the seat's own hand and every tile the view
  says it knows (in other hands, in the pile, face down, set aside by a Library);
* shuffled, they fill the other hands' unknown tiles, the face-down tiles and pile
  positions the seat does not know, and the Library tiles it did not see.

Nothing here reads a real state: ``view(sample_state(view(s, seat)), seat) == view(s, seat)``
(a test checks it) and the sample depends only on the view and the bot's RNG.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.state import State
from ..engine.tiles import full_set

_FULL = Counter(full_set())


def _key(tile) -> str | None:
    return None if tile is None else tile["key"]


def sample_state(view: dict, rng: random.Random) -> State:
    me = view["viewer"]
    n = view["players_count"]
    bit = 0 if me is None else 1 << me
    s = State()
    s.marks = view["marks"]
    s.nplayers = n
    s.first = view["first"]
    s.stage = view["stage"]
    s.turn = view["turn"] if view["turn"] is not None else view["first"]
    s.passes = view["passes"]
    s.no_more_plays = view["no_more_plays"]
    s.factory = view["extra_draws"]
    end = view["end"]
    s.end = {"mode": "none"} if end["mode"] in ("none", "over") and "trigger" not in end else {
        "mode": "final", "trigger": end["trigger"], "queue": list(end["queue"])}
    if view["result"] is not None:
        r = view["result"]
        s.result = {"scores": list(r["scores"]), "ranks": list(r["ranks"]), "details": [dict(d) for d in r["details"]],
                    "tiebreak": r["tiebreak"]}
        s.over_reason = r["reason"]

    seen: Counter = Counter()
    holes = []  # (setter, ) for every tile to fill
    for c in view["cells"]:
        tile = _key(c["tile"])
        known = 0 if c["face_up"] or tile is None else bit
        s.cells[(c["x"], c["y"])] = [tile, c["face_up"], list(c["tokens"]), known]
        if tile is None:
            holes.append(("cell", (c["x"], c["y"])))
        else:
            seen[tile] += 1

    s.supply = [p["supply"] for p in view["players"]]
    s.hands = []
    s.hand_known = [[{} for _ in range(n)] for _ in range(n)]
    for p in view["players"]:
        i = p["seat"]
        if p["hand"] is not None:
            hand = [t["key"] for t in p["hand"]]
        else:
            hand = [t["key"] for t in p["known"]]
            for t in hand:
                s.hand_known[i][me][t] = s.hand_known[i][me].get(t, 0) + 1
            holes += [("hand", (i, k)) for k in range(len(hand), p["hand_count"])]
            hand += [None] * (p["hand_count"] - len(hand))
        seen.update(t for t in hand if t is not None)
        s.hands.append(hand)

    count = view["pile"]["count"]
    s.pile = [None] * count
    s.pile_known = [0] * count
    for k in view["pile"]["known"]:
        pos = count - 1 - k["depth"]
        s.pile[pos] = k["tile"]["key"]
        s.pile_known[pos] = bit
        seen[k["tile"]["key"]] += 1
    holes += [("pile", pos) for pos in range(count) if s.pile[pos] is None]

    s.stack = []
    for fi, f in enumerate(view["stack"]):
        frame = {"k": f["kind"]}
        for key, value in f.items():
            if key in ("kind", "via", "tiles"):
                continue
            frame[key] = list(value) if isinstance(value, list) else value
        if f["kind"] == "play":
            frame["via"] = f["via"]
        if "tiles" in f:
            frame["tiles"] = [_key(t) for t in f["tiles"]]
            frame["known"] = [0 if t is None else bit for t in f["tiles"]]
            seen.update(t for t in frame["tiles"] if t is not None)
            holes += [("frame", (fi, i)) for i, t in enumerate(frame["tiles"]) if t is None]
        s.stack.append(frame)

    unseen = list((_FULL - seen).elements())
    rng.shuffle(unseen)
    for (zone, where), tile in zip(holes, unseen):
        if zone == "cell":
            s.cells[where][0] = tile
        elif zone == "hand":
            s.hands[where[0]][where[1]] = tile
        elif zone == "pile":
            s.pile[where] = tile
        else:
            s.stack[where[0]]["tiles"][where[1]] = tile
    return s
