"""R20–R33: the year, turns, action cards, building."""

from __future__ import annotations

import pytest

from games.lacitta.engine.cities import city_limit, services
from games.lacitta.engine.constants import UNLIMITED
from games.lacitta.engine.engine import ENGINE
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
from tests.lacitta.engine.maps import field, line, walk


def test_R20_four_voice_cards_one_face_up():
    s = ENGINE.new_game({}, 3, 9).state
    assert len(s.voice) == 4 and len(s.voice_deck) == 23
    v = ENGINE.view(s, 0)["voice"]
    assert v["face_up"] == s.voice[0] and v["face_down"] == 3 and v["revealed"] is None and v["known"] == {}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R21_quarry_income_one_gold_per_mountain_at_most_two(edition):
    b = field()
    s = make_state(b, 3, edition=edition, gold=0)
    castle(s, 0, b.cell(3, 13), 5)     # touches both mountains
    put(s, 0, "quarry", b.cell(4, 13))        # M and N: 2 gold
    put(s, 0, "quarry", b.cell(4, 12))        # M only: 1 gold
    s, log = enter(s, "income")
    assert s.players[0]["gold"] == 3
    assert entries(log, "lacitta.income")[0] == {"seat": 0, "gold": 3, "quarries": 2, "ports": 0}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R22_growth_one_citizen_per_castle_unless_at_the_limit(edition):
    b = line()
    s = make_state(b, 2, edition=edition)
    a = castle(s, 0, b.cell(1, 0), 4)
    full = castle(s, 0, b.cell(1, 6), 5)
    big = castle(s, 1, b.cell(1, 14), 5)
    put(s, 1, "market", b.cell(1, 15))
    s, log = enter(s, "growth")
    assert (s.pop[a], s.pop[full], s.pop[big]) == (5, 5, 7)
    assert entries(log, "lacitta.growth")[0] == {"seat": 0, "cities": [a], "full": [full]}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R23_turn_order_five_turns_played_cards_face_down_and_pass(edition):
    b = line()
    s = make_state(b, 3, edition=edition, first=1)
    for seat, q in ((0, 0), (1, 8), (2, 16)):
        castle(s, seat, b.cell(1, q), 4)
    s, _ = enter(s, "actions")
    assert s.queue == [1, 2, 0] * 5
    s, _ = play(s, 1, {"type": "take_gold"})
    assert s.players[1]["cards_up"] == 2 and s.players[1]["gold"] == 3  # the card is now face down
    assert ENGINE.pending(s) == {2}
    deck = len(s.pol_deck)
    s, log = play(s, 2, {"type": "pass"})
    assert len(s.pol_deck) == deck - 1 and len(s.players[2]["passed"]) == 1
    s, log = play(s, 0, {"type": "politics", "slot": 6, "look": [0, 1]})
    assert s.players[0]["taken"] == ("close_to_people",) and all(s.pol_row)
    assert entries(log, "lacitta.row_refilled") == [{"slot": 6, "card": s.pol_row[6]}]
    assert ENGINE.pending(s) == {1} and s.queue[s.qi:].count(0) == 4


def test_R23_a_card_you_cannot_pay_for_cannot_be_taken():
    b = walk()
    s = make_state(b, 2, gold=2, row=["cathedral", "university", "palace", "hospital", "bathhouse",
                                      "master_builder", "domain"])
    castle(s, 0, b.cell(2, 1), 5)
    turns(s, 0)
    legal = ENGINE.legal_moves(s, 0)
    assert not [m for m in legal if m.get("slot") in (0, 1)]
    err = illegal(s, 0, {"type": "politics", "slot": 0, "building": "cathedral", "cell": b.cell(2, 2)})
    assert err.key == "lacitta.error.no_gold"


def test_R24_action_card_choices_and_only_small_buildings():
    b = walk()
    s = make_state(b, 2)
    castle(s, 0, b.cell(2, 1), 5)
    turns(s, 0)
    kinds = {m["type"] for m in ENGINE.legal_moves(s, 0)}
    assert {"take_gold", "found", "build", "politics", "pass"} <= kinds
    built = {m["building"] for m in ENGINE.legal_moves(s, 0) if m["type"] == "build"}
    assert built == {"farm", "quarry", "school", "statue", "market", "fountain"}
    err = illegal(s, 0, {"type": "build", "building": "palace", "cell": b.cell(2, 2)})
    assert err.key == "lacitta.error.not_small"


def test_R25_found_a_city():
    b = line()
    s = make_state(b, 2)
    home = castle(s, 0, b.cell(1, 0), 2)
    turns(s, 0, 0)
    # castle with 2 gives one; new castle 1 + 2 from the pool; food from farmland (2 symbols above).
    s2, log = act(s, 0, {"type": "found", "cell": b.cell(1, 4), "from": home})
    new = b.cell(1, 4)
    assert (s2.pop[home], s2.pop[new], s2.pool) == (1, 3, s.pool - 2)
    assert s2.players[0]["food"] == s.players[0]["food"] + 2
    # too close: fewer than 3 empty hexes to another city
    err = illegal(s, 0, {"type": "found", "cell": b.cell(1, 3), "from": home})
    assert err.key == "lacitta.error.castle_distance"
    # once a year
    s2.pop[home] = 3
    s2.pool -= 1
    err = illegal(s2, 0, {"type": "found", "cell": b.cell(1, 12), "from": home})
    assert err.key == "lacitta.error.found_once"
    # the giving castle must hold 2 or more
    put(s, 0, "farm", b.cell(1, 1))
    set_pop(s, home, 2)  # one citizen on the farm, one in the castle
    err = illegal(s, 0, {"type": "found", "cell": b.cell(1, 12), "from": home})
    assert err.key == "lacitta.error.source_needs_two"


def test_R26_build_next_to_the_city_with_a_citizen_from_the_castle():
    b = walk()
    s = make_state(b)
    home = castle(s, 0, b.cell(2, 1), 2)
    turns(s, 0, 0)
    s2, _ = act(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 2)})
    assert s2.pop[home] == 2 and s2.players[0]["food"] == 8  # effect at once; castle now holds 1
    err = illegal(s2, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 2)})
    assert err.key == "lacitta.error.castle_needs_two"
    err = illegal(s, 0, {"type": "build", "building": "farm", "cell": b.cell(1, 5)})
    assert err.key == "lacitta.error.not_adjacent"


def test_R27_market_takes_citizen_from_pool():
    b = walk()
    s = make_state(b)
    home = castle(s, 0, b.cell(2, 1), 1)  # a castle holding only one citizen
    turns(s, 0, 0)
    s2, _ = act(s, 0, {"type": "build", "building": "market", "cell": b.cell(2, 0)})
    assert s2.pop[home] == 2 and s2.pool == s.pool - 1
    err = illegal(s2, 0, {"type": "build", "building": "market", "cell": b.cell(2, 2)})
    assert err.key == "lacitta.error.second_market"


def test_R28_cities_never_join():
    b = line()
    s = make_state(b, 2)
    castle(s, 0, b.cell(1, 0), 5)
    put(s, 0, "farm", b.cell(1, 1))
    castle(s, 0, b.cell(1, 3), 5)              # another city of mine
    castle(s, 1, b.cell(1, 8), 5)              # an opponent's city
    turns(s, 0)
    err = illegal(s, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 2)})
    assert err.key == "lacitta.error.joins_cities"  # would join my two cities
    put(s, 0, "farm", b.cell(1, 4))
    put(s, 0, "farm", b.cell(1, 5))
    put(s, 0, "farm", b.cell(1, 6))
    err = illegal(s, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 7)})
    assert err.key == "lacitta.error.joins_cities"  # would touch the opponent's city
    err = illegal(s, 0, {"type": "build", "building": "statue", "cell": b.cell(1, 9)})
    assert err.key == "lacitta.error.other_city"
    assert not [m for m in ENGINE.legal_moves(s, 0) if m.get("cell") in (b.cell(1, 2), b.cell(1, 7), b.cell(1, 9))]


def test_R29_wave_buildings_must_touch_a_lake():
    b = walk()
    s = make_state(b, gold=5, row=["bathhouse", "palace", "hospital", "palace", "hospital", "palace", "hospital"])
    castle(s, 0, b.cell(2, 1), 5)
    put(s, 0, "farm", b.cell(2, 2))
    turns(s, 0)
    err = illegal(s, 0, {"type": "build", "building": "fountain", "cell": b.cell(1, 2)})
    assert err.key == "lacitta.error.needs_lake" and err.message == "A fountain must touch a lake"
    act(s, 0, {"type": "build", "building": "fountain", "cell": b.cell(2, 3)})
    err = illegal(s, 0, {"type": "politics", "slot": 0, "building": "bathhouse", "cell": b.cell(1, 2)})
    assert err.message == "A bathhouse must touch a lake"
    fountains = {m["cell"] for m in ENGINE.legal_moves(s, 0) if m.get("building") in ("fountain", "bathhouse")}
    assert fountains == {b.cell(2, 3)}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R30_population_limits(edition):
    b = walk()
    s = make_state(b, edition=edition)
    home = castle(s, 0, b.cell(2, 1), 3)
    assert city_limit(s, home) == 5
    put(s, 0, "hospital", b.cell(2, 2))
    put(s, 0, "fountain", b.cell(2, 3))
    assert city_limit(s, home) == 5  # a wave building without a market does nothing
    put(s, 0, "market", b.cell(2, 0))
    assert city_limit(s, home) == UNLIMITED
    s.kind[b.cell(2, 3)] = "school"
    s._cities = None
    assert city_limit(s, home) == 8  # a hospital does not lift the limit


def test_R31_service_points_of_each_building():
    b = line()
    s = make_state(b, 2, expansion="cocagne")
    home = castle(s, 0, b.cell(1, 0), 3)
    expected = {"school": [0, 2, 0], "statue": [2, 0, 0], "fountain": [0, 0, 2], "palace": [4, 0, 0],
                "bathhouse": [0, 0, 4], "hospital": [0, 2, 2], "cathedral": [6, 0, 0], "university": [0, 6, 0],
                "theatre": [1, 1, 0], "farm": [0, 0, 0], "market": [0, 0, 0]}
    for kind, halves in expected.items():
        put(s, 0, kind, b.cell(1, 1))
        assert services(s, home) == halves, kind
        s.kind[b.cell(1, 1)] = None
        s.city[b.cell(1, 1)] = s.owner[b.cell(1, 1)] = -1
        s._cities = None


def test_R32_farm_and_castle_food_quarry_none():
    b = walk()
    s = make_state(b)
    castle(s, 0, b.cell(2, 1), 5)
    assert s.players[0]["food"] == 4
    turns(s, 0, 0)
    s2, _ = act(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 2)})
    assert s2.players[0]["food"] == 8
    s3, _ = act(s2, 0, {"type": "build", "building": "quarry", "cell": b.cell(1, 2)})
    assert s3.players[0]["food"] == 8  # a quarry gives gold at income (R21), no food


def test_R33_no_demolition_by_choice():
    b = line()
    s = make_state(b, 2)
    home = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "farm", b.cell(1, 1))
    s, _ = enter(s, "demolish_migration")
    assert ENGINE.pending(s) == set() and ENGINE.legal_moves(s, 0) == []
    s.relodge_open = [True, False]
    err = illegal(s, 0, {"type": "demolish", "city": home, "cell": b.cell(1, 1)})
    assert err.key == "lacitta.error.nothing_to_demolish"
