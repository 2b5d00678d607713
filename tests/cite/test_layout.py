"""Round 1, the free layout (CT20, G11)."""

from __future__ import annotations

import pytest

from games.cite.engine.board import marked_square
from games.cite.engine.engine import ENGINE
from kit.base import IllegalMove

from .helpers import apply, new


def _mark(s, seat):
    return marked_square(s.seats[seat]["quarter"])


def _next_to(cell, step):
    return (cell[0] + step[0], cell[1] + step[1])


def _outward(s, seat):
    """A step leading away from the centre inside the seat's quarter."""
    x, y = _mark(s, seat)
    return (-1 if x < 0 else 1, 0), (0, -1 if y < 0 else 1)


def test_ct20_first_building_covers_the_marked_square():
    s = new()
    far = _next_to(_next_to(_mark(s, 0), _outward(s, 0)[0]), _outward(s, 0)[0])
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "place", "kind": "bank", "cells": [list(far)]})
    assert e.value.key == "cite.error.first_on_mark"
    s2 = apply(s, 0, {"type": "place", "kind": "bank", "cells": [list(_mark(s, 0))]}).state
    assert len(s2.buildings) == 1 and s2.seats[0]["res"] == s.seats[0]["res"]  # free


def test_ct20_up_to_seven_squares_connected():
    s = new()
    m = _mark(s, 0)
    a, b = _outward(s, 0)
    mill = sorted({m, _next_to(m, a), _next_to(m, b), _next_to(_next_to(m, a), b)})
    s = apply(s, 0, {"type": "place", "kind": "large_shop", "cells": [list(c) for c in mill]}).state
    moves = ENGINE.legal_moves(s, 0)
    assert not any(m["type"] == "place" and m["kind"] in ("mill", "manufacture") for m in moves)  # 4 + 4 > 7
    far = _next_to(_next_to(_next_to(m, a), a), a)
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "place", "kind": "bank", "cells": [list(_next_to(far, a))]})
    assert e.value.key == "cite.error.not_adjacent"
    for kind in ("small_shop", "comptoir", "bank"):
        move = next(x for x in ENGINE.legal_moves(s, 0) if x["type"] == "place" and x["kind"] == kind)
        s = apply(s, 0, {"type": "place", "kind": kind, "cells": move["ranges"]["cells"]["of"][0]}).state
    assert not any(x["type"] == "place" for x in ENGINE.legal_moves(s, 0))  # 7 squares placed
    with pytest.raises(IllegalMove) as e:
        move = {"type": "place", "kind": "small_shop", "cells": [list(_next_to(_next_to(m, b), b))]}
        apply(s, 0, move)
    assert e.value.key == "cite.error.layout_full"


def test_ct20_buildings_move_at_will_until_done():
    s = new()
    m = _mark(s, 0)
    a, _b = _outward(s, 0)
    s = apply(s, 0, {"type": "place", "kind": "bank", "cells": [list(m)]}).state
    s = apply(s, 0, {"type": "place", "kind": "small_shop", "cells": [list(_next_to(m, a))]}).state
    bank = next(bid for bid, b in s.buildings.items() if b["kind"] == "bank")
    lifts = [x for x in ENGINE.legal_moves(s, 0) if x["type"] == "lift"]
    assert [x["building"] for x in lifts] != [bank] and len(lifts) == 1  # the bank holds the rest to the mark
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "lift", "building": bank})
    assert e.value.key == "cite.error.would_split"
    s = apply(s, 0, lifts[0]).state
    assert s.seats[0]["left"]["small_shop"] == 5
    s = apply(s, 0, {"type": "done"}).state
    assert 0 not in ENGINE.pending(s) and ENGINE.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove):
        apply(s, 0, {"type": "lift", "building": bank})


def _on_mark(s, seat):
    return apply(s, seat, {"type": "place", "kind": "small_shop", "cells": [list(_mark(s, seat))]}).state


def test_ct20_round_one_is_not_done_before_the_marked_square_is_built():
    """CT20 (« Vous devez construire sur cette case au premier tour », issue 42): "done" is neither offered
    nor accepted in round 1 while the marked square is empty, and is once it is built on (also after
    lifting everything again)."""
    s = new(3)
    assert {"type": "done"} not in ENGINE.legal_moves(s, 0)
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "done"})
    assert e.value.key == "cite.error.build_on_mark" and not s.seats[0]["done"]
    s = _on_mark(s, 0)
    assert {"type": "done"} in ENGINE.legal_moves(s, 0)
    lift = next(m for m in ENGINE.legal_moves(s, 0) if m["type"] == "lift")
    s = apply(s, 0, lift).state
    assert {"type": "done"} not in ENGINE.legal_moves(s, 0)
    s = apply(_on_mark(s, 0), 0, {"type": "done"}).state
    assert s.seats[0]["done"]


def test_ct20_a_seat_timed_out_in_round_one_gets_a_shop_on_its_marked_square():
    """CT20: a seat whose clock runs out in round 1 with nothing built gets a small shop on its marked
    square (the book's tip), so round 2 never starts with an empty quarter."""
    s = ENGINE.time_out(new(3), 1).state
    assert s.seats[1]["done"] and _mark(s, 1) in {tuple(c) for b in s.buildings.values() if b["owner"] == 1
                                                   for c in b["cells"]}


def test_ct20_round_ends_when_every_seat_is_done():
    s = new(3)
    for seat in range(3):
        assert s.stage == "layout"
        s = apply(_on_mark(s, seat), seat, {"type": "done"}).state
    assert s.stage == "window" and s.round == 2 and ENGINE.pending(s) == {0, 1, 2}


def test_g11_round_one_has_no_production_and_no_trading():
    s = new()
    m = _mark(s, 0)
    s = apply(s, 0, {"type": "place", "kind": "small_shop", "cells": [list(m)]}).state
    assert all(sum(seat["res"].values()) == 0 for seat in s.seats)
    assert {x["type"] for x in ENGINE.legal_moves(s, 0)} <= {"place", "lift", "done"}
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "offer", "to": [1], "give": {}, "get": {"wood": 1}})
    assert e.value.key == "cite.error.not_now"
    for seat in range(1, 4):
        s = _on_mark(s, seat)
    for seat in range(4):
        s = apply(s, seat, {"type": "done"}).state
    assert sum(s.seats[0]["res"].values()) == 1  # round 2 opens with the first Production
