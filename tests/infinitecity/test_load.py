"""``load`` refuses a state that breaks the game's shape or invariants, naming the problem."""

from __future__ import annotations

import copy

import pytest

from games.infinitecity.engine.engine import ENGINE
from kit.base import InvalidState

from .games import positions


def dumped(players=3, seed=9, steps=12):
    for n, (state, _move) in enumerate(positions(players, seed)):
        if n == steps:
            return ENGINE.dump(state)
    raise AssertionError("game too short")


def first_down(d):
    return next(c for c in d["cells"] if c[3] is False)


def token_on_face_down(d):
    cell = first_down(d)
    cell[4][0] += 1
    d["supply"][0] -= 1


def lose_a_tile(d):
    d["pile"].pop(0)
    d["pile_known"].pop(0)


def silent_last_token(d):
    cell = next(c for c in d["cells"] if c[3] is True)
    cell[4][1] += d["supply"][1]
    d["supply"][1] = 0


BREAKS = {
    "tile added": (lambda d: (d["pile"].append("bank"), d["pile_known"].append(0)), "tiles_conserved"),
    "tile lost": (lose_a_tile, "tiles_conserved"),
    "token lost": (lambda d: d["supply"].__setitem__(0, d["supply"][0] - 1), "tokens_conserved"),
    "token on a face-down tile": (token_on_face_down, "face-down"),
    "unknown tile": (lambda d: d["pile"].__setitem__(0, "casino"), "pile"),
    "seven players": (lambda d: d.__setitem__("nplayers", 7), "nplayers"),
    "bad marks": (lambda d: d.__setitem__("marks", "guessed"), "marks"),
    "turn not a seat": (lambda d: d.__setitem__("turn", 5), "turn"),
    "knowing more than the hand": (lambda d: d["hand_known"][0].__setitem__(1, {"capitol": 1}), "knows tiles"),
    "two tiles on a cell": (lambda d: d["cells"].append(list(d["cells"][0])), "two tiles"),
    "unknown frame": (lambda d: d.update(stage="effects", stack=[{"k": "casino"}]), "unknown frame"),
    "over without result": (lambda d: d.update(stage="over"), "result"),
    "out of tokens without a final round": (silent_last_token, "no final round"),
    "missing field": (lambda d: d.pop("supply"), "missing field"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_load_names_what_is_wrong(name):
    data = dumped()
    assert ENGINE.dump(ENGINE.load(copy.deepcopy(data))) == data
    breaker, words = BREAKS[name]
    breaker(data)
    with pytest.raises(InvalidState) as err:
        ENGINE.load(data)
    assert words in str(err.value), str(err.value)


def test_load_refuses_what_is_not_an_object():
    with pytest.raises(InvalidState) as err:
        ENGINE.load(["not", "a", "state"])
    assert "JSON object" in str(err.value)
