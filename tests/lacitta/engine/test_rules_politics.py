"""R40–R46: politics cards and the pass."""

from __future__ import annotations

import pytest

from games.lacitta.engine.cities import services
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.invariants import cards_conserved
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
from tests.lacitta.engine.maps import line, walk

BUILD_ROW = ["palace", "hospital", "bathhouse", "cathedral", "university", "master_builder", "golden_times"]


def _walk_city(gold=10, row=BUILD_ROW, **kw):
    b = walk()
    s = make_state(b, gold=gold, row=row, **kw)
    home = castle(s, 0, b.cell(2, 1), 6)
    turns(s, 0, 0)
    return b, s, home


@pytest.mark.parametrize("card,building,cost", [("palace", "palace", 1), ("hospital", "hospital", 1),
                                                 ("bathhouse", "bathhouse", 1), ("cathedral", "cathedral", 3),
                                                 ("university", "university", 3)])
def test_R40_building_cards_cost_and_build(card, building, cost):
    b, s, home = _walk_city()
    slot = BUILD_ROW.index(card)
    cell = b.cell(2, 2) if building != "bathhouse" else b.cell(2, 2)  # (2,2) touches the lake too
    s2, log = act(s, 0, {"type": "politics", "slot": slot, "building": building, "cell": cell})
    assert s2.players[0]["gold"] == 10 - cost and s2.kind[cell] == building
    assert entries(log, "lacitta.politics")[0] == {"seat": 0, "card": card, "slot": slot, "cost": cost}
    err = illegal(s, 0, {"type": "politics", "slot": slot, "building": "statue", "cell": cell})
    assert err.key == "lacitta.error.wrong_building"


@pytest.mark.parametrize("tier,building,cost", [(1, "market", 1), (2, "palace", 2), (3, "university", 4)])
def test_R41_master_builder_tiers(tier, building, cost):
    b, s, home = _walk_city()
    s2, _ = act(s, 0, {"type": "politics", "slot": 5, "tier": tier, "building": building, "cell": b.cell(2, 2)})
    assert s2.players[0]["gold"] == 10 - cost and s2.kind[b.cell(2, 2)] == building
    err = illegal(s, 0, {"type": "politics", "slot": 5, "tier": 1, "building": "palace", "cell": b.cell(2, 2)})
    assert err.key == "lacitta.error.wrong_size"
    legal = {(m["tier"], m["building"]) for m in ENGINE.legal_moves(s, 0) if m.get("slot") == 5}
    assert {t for t, _ in legal} == {1, 2, 3}
    assert {bb for t, bb in legal if t == 3} == {"cathedral", "university"}


def test_R42_bread_and_games_cubes_add_points_until_the_year_ends():
    row = ["bread_and_games"] * 3 + ["palace"] * 4
    b, s, home = _walk_city(gold=7, row=row)
    put(s, 0, "hospital", b.cell(2, 2))
    legal = [m for m in ENGINE.legal_moves(s, 0) if m["type"] == "politics" and m["slot"] == 0]
    assert {(m["cubes"], m["service"]) for m in legal} == {(n, svc) for n in (1, 2, 3)
                                                            for svc in ("education", "health")}
    s2, _ = act(s, 0, {"type": "politics", "slot": 0, "cubes": 3, "cell": b.cell(2, 2), "service": "health"})
    assert s2.players[0]["gold"] == 2 and s2.players[0]["cubes"] == 1
    assert services(s2, home) == [0, 2, 8]
    # a second card may add to the same building; only the cubes left may be placed
    err = illegal(s2, 0, {"type": "politics", "slot": 1, "cubes": 2, "cell": b.cell(2, 2), "service": "education"})
    assert err.key == "lacitta.error.no_cubes"
    s3, _ = act(s2, 0, {"type": "politics", "slot": 1, "cubes": 1, "cell": b.cell(2, 2), "service": "education"})
    assert services(s3, home) == [0, 4, 8]
    err = illegal(s, 0, {"type": "politics", "slot": 0, "cubes": 1, "cell": home, "service": "culture"})
    assert err.key == "lacitta.error.no_service_building"  # a castle has no arch
    s4, log = enter(s3, "year_end")
    assert s4.cubes == [] and s4.players[0]["cubes"] == 4


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R43_golden_times_citizens_into_one_castle_up_to_the_limit(edition):
    row = ["golden_times"] * 2 + ["palace"] * 5
    b, s, home = _walk_city(gold=5, row=row, edition=edition)
    set_pop(s, home, 3)
    s2, log = act(s, 0, {"type": "politics", "slot": 0, "citizens": 3, "city": home})
    # ruling: 5 gold for 3, but the limit of 5 lets only 2 in
    assert s2.pop[home] == 5 and s2.players[0]["gold"] == 0
    assert entries(log, "lacitta.golden_times")[0] == {"seat": 0, "city": home, "requested": 3, "placed": 2}
    assert not [m for m in ENGINE.legal_moves(s2, 0) if m["type"] == "politics" and m["slot"] == 1]
    err = illegal(s2, 0, {"type": "politics", "slot": 1, "citizens": 1, "city": home})
    assert err.key == "lacitta.error.city_full"


def test_R44_rich_harvest_doubles_one_farm_for_the_year():
    row = ["rich_harvest"] * 2 + ["palace"] * 5
    b, s, home = _walk_city(row=row)
    put(s, 0, "farm", b.cell(2, 2))
    assert s.players[0]["food"] == 8
    err = illegal(s, 0, {"type": "politics", "slot": 0, "cell": home})
    assert err.key == "lacitta.error.not_a_farm"  # never a castle
    s2, log = act(s, 0, {"type": "politics", "slot": 0, "cell": b.cell(2, 2)})
    assert s2.players[0]["food"] == 12 and s2.players[0]["cubes"] == 3
    err = illegal(s2, 0, {"type": "politics", "slot": 1, "cell": b.cell(2, 2)})
    assert err.key == "lacitta.error.harvest_twice"
    s3, _ = enter(s2, "year_end")
    assert s3.players[0]["food"] == 8 and s3.harvest == []
    s.final = True  # not in the last year
    assert not [m for m in ENGINE.legal_moves(s, 0) if m.get("slot") in (0, 1)]
    assert illegal(s, 0, {"type": "politics", "slot": 0, "cell": b.cell(2, 2)}).key == \
        "lacitta.error.harvest_final_year"


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R45_close_to_the_people_two_free_three_for_two_gold(edition):
    row = ["close_to_people"] * 2 + ["palace"] * 5
    b, s, home = _walk_city(gold=2, row=row, edition=edition,
                            voice=["health", "culture", "education", "health"])
    looks = sorted(m["look"] for m in ENGINE.legal_moves(s, 0) if m.get("slot") == 0)
    assert looks == [[0, 1], [0, 1, 2], [0, 2], [1, 2]]
    s2, log = act(s, 0, {"type": "politics", "slot": 0, "look": [0, 2]})
    assert s2.players[0]["gold"] == 2
    seen = [e for e in log if e.key == "lacitta.peek_seen"][0]
    assert seen.visible_to == (0,) and seen.params["cards"] == {"0": "culture", "2": "health"}
    assert ENGINE.view(s2, 0)["voice"]["known"] == {"0": "culture", "2": "health"}
    assert ENGINE.view(s2, 1)["voice"]["known"] == {} and ENGINE.view(s2, None)["voice"]["known"] == {}
    s3, _ = act(s2, 0, {"type": "politics", "slot": 1, "look": [0, 1, 2]})
    assert s3.players[0]["gold"] == 0
    assert ENGINE.view(s3, 0)["voice"]["known"] == {"0": "culture", "1": "education", "2": "health"}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R46_who_cannot_play_passes(edition):
    b = line()
    s = make_state(b, 2, edition=edition, gold=0, row=["cathedral", "university"] * 3 + ["palace"])
    castle(s, 0, b.cell(1, 0), 1)
    castle(s, 1, b.cell(1, 10), 4)
    s.players[0]["cards_up"] = 0
    s, _ = enter(s, "actions")
    s, log = play(s, 0, {"type": "pass"})  # seat 0 chooses to pass (voluntary pass is allowed too)
    s, log = play(s, 1, {"type": "take_gold"})
    # seat 0 can do nothing else: the pass is taken for it at once
    auto = [e.params for e in log if e.key == "lacitta.auto_move"]
    assert auto == [{"seat": 0, "type": "pass"}] and ENGINE.pending(s) == {1}
    assert len(s.players[0]["passed"]) == 2


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R07_R63_a_mid_year_reshuffle_holds_only_earlier_years_cards(edition):
    """Ruling (engine docstring): a politics card played this year stays face down before its
    player until the action phase ends, then goes to the discard with the passed cards.
    Classic: « À la fin de "l'année", chaque joueur met toutes les cartes politiques qu'il a
    jouées sur une pile de défausse ». New edition: « placez-la face cachée sur la pile de
    défausse » when played, and « À la fin de la phase Action … défaussez toutes les cartes
    Politique prises lors de cette Année »; its end-of-phase count (« 5 cartes face cachée
    devant chaque joueur ») needs the played card still in front of the player. So a deck
    emptied mid-year is rebuilt from the earlier years' discard only."""
    b, s, home = _walk_city(gold=10, edition=edition)
    s.players[0]["taken"] = ("cathedral",)       # played earlier this year
    s.players[0]["passed"] = ("golden_times",)   # taken face down by a pass
    s.players[1]["passed"] = ("hospital", "palace")
    held = [c for p in s.players for c in p["taken"] + p["passed"]]
    earlier = list(s.pol_deck)
    for c in held:
        earlier.remove(c)
    s.pol_deck, s.pol_discard = [], earlier          # deck empty, discard from earlier years
    s2, log = act(s, 0, {"type": "politics", "slot": 0, "building": "palace", "cell": s.geo.nbr[home][0]})
    assert entries(log, "lacitta.politics_reshuffled") == [{"cards": len(earlier)}]
    rebuilt = sorted(s2.pol_deck + [s2.pol_row[0]])
    assert rebuilt == sorted(earlier)                  # this year's played/passed cards are not in it
    assert s2.players[0]["taken"] == ("cathedral", "palace") and s2.pol_discard == []
    assert cards_conserved(s2) is None
