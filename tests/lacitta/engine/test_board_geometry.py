"""The public board geometry: enough to build a position from outside the engine."""

from __future__ import annotations

import pytest

from games.lacitta.engine.board_geometry import board_geometry
from games.lacitta.engine.engine import ENGINE
from kit.base import InvalidState


@pytest.mark.parametrize("players,active", [(2, 93), (3, 125), (4, 166), (5, 166)])
def test_R03_zones_and_buildable_cells_per_player_count(players, active):
    g = board_geometry(players)
    assert {z: len(cells) for z, cells in g["zones"].items()} == {"2": 93, "3": 32, "4": 41}
    assert len(g["active_cells"]) == active
    by_id = {c["id"]: c for c in g["cells"]}
    for c in g["cells"]:
        assert c["active"] == (c["id"] in g["active_cells"])
        for d in c["neighbours"]:  # R04: paths only through buildable cells, both ways
            assert by_id[d]["active"] and c["id"] in by_id[d]["neighbours"]
        assert set(c["neighbours"]) <= set(c["all_neighbours"])
        assert 2 <= len(c["touches"]) <= 3  # R01


def test_landscape_touches_follow_the_tiles_given():
    dump = ENGINE.dump(ENGINE.new_game({"setup": "advanced"}, 4, 9).state)
    g = board_geometry(4, dump["tiles"])
    land = {s["id"]: tuple(s["landscape"]) for s in g["spaces"]}
    for space, kind, n in dump["tiles"]:
        assert land[space] == (kind, n)
    for c in g["cells"]:
        assert c["food"] == sum(land[s][1] for s in c["touches"] if land[s][0] == "farm")
        assert c["lake"] == any(land[s][0] == "lake" for s in c["touches"])


def test_the_data_is_read_only_for_the_engine():
    g = board_geometry(3)
    core = g["zones"]["2"][0]
    g["cells"][core]["neighbours"].clear()
    g["zones"]["2"].clear()
    again = board_geometry(3)
    assert again["cells"][core]["neighbours"] and len(again["zones"]["2"]) == 93


def test_a_position_built_from_outside_loads_and_a_wrong_one_does_not():
    """With the geometry and the dump format alone: a farm added next to a castle (one
    citizen from the pool, its food, one tile from the supply) is a valid state."""
    data = ENGINE.dump(ENGINE.new_game({}, 2, 3).state)
    g = board_geometry(2, data["tiles"])
    castle = next(c for c, k in enumerate(data["kind"]) if k == "castle" and data["owner"][c] == 0)
    cell = next(d for d in g["cells"][castle]["neighbours"] if data["kind"][d] is None
                and all(data["city"][e] in (-1, castle) for e in g["cells"][d]["neighbours"]))
    data["kind"][cell], data["owner"][cell], data["city"][cell] = "farm", 0, castle
    data["pop"][castle] += 1
    data["pool"] -= 1
    data["supply"]["farm_quarry"] -= 1
    data["players"][0]["food"] += g["cells"][cell]["food"] + 1  # one too many
    with pytest.raises(InvalidState, match="food_matches_board"):
        ENGINE.load(data)
    data["players"][0]["food"] -= 1
    s = ENGINE.load(data)
    assert s.kind[cell] == "farm" and s.city[cell] == castle
