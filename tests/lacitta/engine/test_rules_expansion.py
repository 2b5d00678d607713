"""R70–R78: the "Pays de Cocagne" expansion (modern edition only)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.lacitta.engine.cities import cities, city_limit, has_service_bonus, income, services
from games.lacitta.engine.constants import EXPANSION_DECK, UNLIMITED
from games.lacitta.engine.engine import ENGINE
from kit.base import InvalidOptions
from tests.lacitta.engine.helpers import (
    act,
    castle,
    enter,
    entries,
    illegal,
    make_state,
    play,
    put,
    set_pop,
    turns,
)
from tests.lacitta.engine.maps import line

EXP_ROW = ["port", "large_farmhouse", "domain", "master_builder", "bread_and_games", "palace", "hospital"]


def _city(cit=5, gold=10, row=EXP_ROW, q=0):
    b = line()
    s = make_state(b, 2, expansion="cocagne", gold=gold, row=row)
    home = castle(s, 0, b.cell(1, q), cit)
    castle(s, 1, b.cell(1, 23), 3)
    turns(s, 0, 0, 0)
    return b, s, home


def test_R70_expansion_deck_tiles_and_modern_only():
    with pytest.raises(InvalidOptions, match="modern edition only"):
        ENGINE.validate_options({"edition": "classic", "expansion": "cocagne"}, 3)
    s = ENGINE.new_game({"edition": "modern", "expansion": "cocagne"}, 3, 4).state
    assert Counter(s.pol_row + s.pol_deck) == Counter(EXPANSION_DECK)
    assert "road_theatre" in s.supply and s.supply["domain"] == 5 and s.supply["port_large_farmhouse"] == 15
    base = ENGINE.new_game({"edition": "modern"}, 3, 4).state
    assert "road_theatre" not in base.supply
    b = line()
    s = make_state(b, 2)
    castle(s, 0, b.cell(1, 0), 5)
    turns(s, 0)
    assert not {m.get("building") for m in ENGINE.legal_moves(s, 0)} & {"road", "theatre"}
    assert illegal(s, 0, {"type": "build", "building": "theatre", "cell": b.cell(1, 1)}).key == \
        "lacitta.error.not_small"


def test_R71_two_roads_one_at_a_time_without_citizens():
    b, s, home = _city(cit=1)
    s2, log = act(s, 0, {"type": "build", "building": "road", "cells": [b.cell(1, 1), b.cell(1, 2)]})
    assert s2.kind[b.cell(1, 1)] == s2.kind[b.cell(1, 2)] == "road" and s2.pop[home] == 1
    assert s2.supply["road_theatre"] == 10 and s2.players[0]["cards_up"] == 2
    # the second must be placeable after the first: not the other way round
    assert illegal(s, 0, {"type": "build", "building": "road", "cells": [b.cell(1, 2), b.cell(1, 1)]}).key == \
        "lacitta.error.not_adjacent"
    legal = [m["cells"] for m in ENGINE.legal_moves(s, 0) if m["type"] == "build" and m["building"] == "road"]
    assert sorted(legal) == [[b.cell(1, 1)], [b.cell(1, 1), b.cell(1, 2)]]
    s.supply["road_theatre"] = 1  # only one left: one road
    assert [m["cells"] for m in ENGINE.legal_moves(s, 0) if m["type"] == "build" and m["building"] == "road"] \
        == [[b.cell(1, 1)]]


def test_R71_roads_may_go_to_two_different_cities():
    b, s, home = _city(cit=3)
    other = castle(s, 0, b.cell(1, 5), 3)
    s2, _ = act(s, 0, {"type": "build", "building": "road", "cells": [b.cell(1, 1), b.cell(1, 6)]})
    assert s2.city[b.cell(1, 1)] == home and s2.city[b.cell(1, 6)] == other


def test_R71_roads_never_join_two_cities():
    b, s, home = _city(cit=3)
    castle(s, 0, b.cell(1, 3), 3)
    err = illegal(s, 0, {"type": "build", "building": "road", "cells": [b.cell(1, 1), b.cell(1, 2)]})
    assert err.key == "lacitta.error.joins_cities"


def test_R72_a_road_can_be_replaced_by_a_building():
    b, s, home = _city(cit=3)
    put(s, 0, "road", b.cell(1, 1))
    s2, log = act(s, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 1)})
    assert s2.kind[b.cell(1, 1)] == "statue" and s2.supply["road_theatre"] == 12
    assert s2.pop[home] == 3 and entries(log, "lacitta.build")[0]["replaced_road"]
    set_pop(s, home, 1)
    s3, _ = act(s, 0, {"type": "build", "building": "market", "cell": b.cell(1, 1)})  # market: from the pool
    assert s3.pop[home] == 2
    assert illegal(s, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 1)}).key == \
        "lacitta.error.castle_needs_two"
    assert illegal(s, 0, {"type": "build", "building": "road", "cells": [b.cell(1, 1)]}).key == \
        "lacitta.error.occupied"


def test_R73_roads_count_for_adjacency_and_distance():
    b, s, home = _city(cit=3)
    put(s, 0, "road", b.cell(1, 1))
    put(s, 0, "road", b.cell(1, 2))
    s2, _ = act(s, 0, {"type": "build", "building": "school", "cell": b.cell(1, 3)})  # next to the road
    assert s2.city[b.cell(1, 3)] == home
    # an opponent 2 empty hexes beyond the road's end is a neighbour (the castle is 4 away)
    c = castle(s, 1, b.cell(1, 5), 3)
    near = ENGINE.view(s, 0)["cities"]
    assert next(x for x in near if x["id"] == home)["neighbours"] == [c]


def test_R74_roads_may_be_removed_during_relodging():
    b, s, home = _city(cit=3)
    put(s, 0, "road", b.cell(1, 1))
    put(s, 0, "farm", b.cell(1, 2))
    put(s, 0, "road", b.cell(1, 3))
    s.players[0]["food"] = s.players[1]["food"] = 20
    s, log = enter(s, "demolish_migration", run=True)
    assert ENGINE.pending(s) == {0}
    assert ENGINE.legal_moves(s, 0) == [{"type": "demolish", "city": home, "cell": b.cell(1, 3)},
                                        {"type": "relodge_done"}]  # the first road holds the farm on
    s2, log = play(s, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 3)})
    assert s2.kind[b.cell(1, 3)] is None and entries(log, "lacitta.demolish")[0]["voluntary"]
    assert entries(log, "lacitta.relodge_done")[0]["auto"]  # nothing else can go: done for the seat
    s3, _ = play(s, 0, {"type": "relodge_done"})
    assert s3.kind[b.cell(1, 3)] == "road"


def test_R75_theatre_halves_and_two_theatres_for_the_bonus():
    b, s, home = _city(cit=3)
    put(s, 0, "theatre", b.cell(1, 1))
    put(s, 0, "fountain", b.cell(1, 2))
    assert services(s, home) == [1, 1, 2] and not has_service_bonus(s, cities(s)[home])
    put(s, 0, "theatre", b.cell(1, 3))
    assert services(s, home) == [2, 2, 2] and has_service_bonus(s, cities(s)[home])


def test_R75_bread_and_games_theatre_example():
    """Modern book p. 11: 2 cubes on the Education side of a theatre: 2.5 Education,
    Culture stays 0.5; all cubes of one play on one side."""
    b, s, home = _city(cit=3)
    put(s, 0, "theatre", b.cell(1, 1))
    s2, _ = act(s, 0, {"type": "politics", "slot": 4, "cubes": 2, "cell": b.cell(1, 1), "service": "education"})
    assert s2.players[0]["gold"] == 8
    city = next(c for c in ENGINE.view(s2, 0)["cities"] if c["id"] == home)
    assert city["services"] == {"culture": 0.5, "education": 2.5, "health": 0.0}
    assert {m["service"] for m in ENGINE.legal_moves(s, 0) if m.get("slot") == 4} == {"culture", "education"}


def test_R76_port():
    b, s, home = _city(cit=4)
    put(s, 0, "market", b.cell(1, 1))
    food = s.players[0]["food"]
    s2, _ = act(s, 0, {"type": "politics", "slot": 0, "building": "port", "cell": b.cell(1, 2)})
    assert s2.players[0]["food"] == food + 1 and s2.players[0]["gold"] == 9
    assert city_limit(s2, home) == UNLIMITED       # market + wave building
    assert income(s2, 0) == (1, 0, 1)             # 1 gold per port
    far_b, far, _ = _city(cit=4, q=14)            # by the mountains, no lake
    err = illegal(far, 0, {"type": "politics", "slot": 0, "building": "port", "cell": far_b.cell(1, 15)})
    assert err.message == "A port must touch a lake"
    set_pop(s2, home, 2)                          # three buildings, two citizens: the port (edge) goes
    s3, _ = enter(s2, "demolish_migration")
    s3, _ = act(s3, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 2)})
    assert s3.players[0]["food"] == food and city_limit(s3, home) == 8


def test_R77_large_farmhouse():
    b, s, home = _city(cit=4)
    food = s.players[0]["food"]
    s2, _ = act(s, 0, {"type": "politics", "slot": 1, "building": "large_farmhouse", "cell": b.cell(1, 1)})
    assert s2.players[0]["food"] == food + 1 + 2
    set_pop(s2, home, 1)
    s3, log = enter(s2, "demolish_migration", run=False)
    s3, log = act(s3, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 1)})
    assert s3.players[0]["food"] == food


def test_R77_rich_harvest_on_a_large_farmhouse_doubles_all_of_it():
    b, s, home = _city(cit=4, row=["rich_harvest"] + EXP_ROW[1:])
    put(s, 0, "large_farmhouse", b.cell(1, 1))
    food = s.players[0]["food"]
    s2, _ = act(s, 0, {"type": "politics", "slot": 0, "cell": b.cell(1, 1)})
    assert s2.players[0]["food"] == food + 3


def test_R78_domain():
    b, s, home = _city(cit=4)
    food = s.players[0]["food"]
    s2, _ = act(s, 0, {"type": "politics", "slot": 2, "building": "domain", "cell": b.cell(1, 1)})
    assert s2.players[0]["food"] == food + 5 and s2.players[0]["gold"] == 7
    set_pop(s2, home, 1)
    s3, _ = enter(s2, "demolish_migration", run=False)
    s3, _ = act(s3, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 1)})
    assert s3.players[0]["food"] == food and s3.supply["domain"] == 5


def test_R74_roads_may_be_removed_in_the_relodging_after_feeding_by_who_relodges():
    """New edition: « les joueurs peuvent démolir volontairement leurs tuiles Route pendant
    le Relogement des Citoyens », and after feeding « il doit enlever le nombre de
    figurines Citoyen en excès … Les Citoyens sont ensuite relogés ». So the seat that
    starved relodges and may remove a road of a city that need not demolish; a fed seat
    does not relodge and is not asked."""
    b, s, home = _city(cit=3)
    put(s, 0, "road", b.cell(1, 1))
    put(s, 0, "farm", b.cell(1, 2))
    put(s, 0, "road", b.cell(1, 3))
    other = next(c for c in cities(s) if s.owner[c] == 1)
    put(s, 1, "road", b.cell(1, 22))
    s.players[0]["food"] = 3   # 4 citizens: one starves, the city still fills castle + farm
    s.players[1]["food"] = 20
    s, log = enter(s, "feeding", run=True)
    assert entries(log, "lacitta.feeding_loss")[0]["auto"] and s.phase == "demolish_feeding"
    assert ENGINE.pending(s) == {0}  # seat 1 was fed: no relodging, not asked about its road
    assert ENGINE.legal_moves(s, 0) == [{"type": "demolish", "city": home, "cell": b.cell(1, 3)},
                                        {"type": "relodge_done"}]
    assert ENGINE.view(s, 0)["decision"]["can_finish"]
    s2, log = play(s, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 3)})
    assert s2.kind[b.cell(1, 3)] is None and entries(log, "lacitta.demolish")[0]["voluntary"]
    assert s2.kind[b.cell(1, 22)] == "road" and other in cities(s2)
