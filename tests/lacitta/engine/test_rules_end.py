"""R60–R65: feeding, the famine penalty, the end of the year and of the game."""

from __future__ import annotations

import pytest

from games.lacitta.engine.engine import ENGINE
from tests.lacitta.engine.helpers import (
    castle,
    enter,
    entries,
    illegal,
    keys,
    make_state,
    play,
    put,
    set_pop,
)
from tests.lacitta.engine.maps import line, walk


def _two_cities(edition="modern", food=3):
    b = line()
    s = make_state(b, 2, edition=edition)
    a = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "school", b.cell(1, 1))
    c = castle(s, 0, b.cell(1, 6), 3)
    other = castle(s, 1, b.cell(1, 14), 2)
    s.players[0]["food"] = food
    s.players[1]["food"] = 9
    return b, s, a, c, other


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R60_fed_players_lose_nothing_and_cubes_eat_nothing(edition):
    b, s, a, c, other = _two_cities(edition, food=7)
    s.cubes = [(0, b.cell(1, 1), "education", 3)]
    s, log = enter(s, "feeding")
    assert entries(log, "lacitta.fed")[0] == {"seat": 0, "citizens": 7, "food": 7}
    assert ENGINE.pending(s) == set()


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R61_the_hungry_choose_which_cities_lose_citizens_then_demolish(edition):
    b, s, a, c, other = _two_cities(edition, food=3)
    s, log = enter(s, "feeding")
    assert entries(log, "lacitta.famine") == [{"seat": 0, "citizens": 7, "food": 3, "excess": 4}]
    assert ENGINE.pending(s) == {0}
    assert ENGINE.view(s, 0)["decision"] == {"kind": "feeding", "remove": 4, "food": 3, "cities": [
        {"city": a, "population": 4}, {"city": c, "population": 3}]}
    legal = ENGINE.legal_moves(s, 0)
    assert {(m["city"], m["count"]) for m in legal} == {(a, 1), (a, 2), (a, 3), (a, 4), (c, 1), (c, 2), (c, 3)}
    assert illegal(s, 0, {"type": "feeding_loss", "city": c, "count": 4}).key == "lacitta.error.bad_count"
    s, log = play(s, 0, {"type": "feeding_loss", "city": a, "count": 3})
    # one citizen left to remove from a: the only other city is c … still a choice
    s, log = play(s, 0, {"type": "feeding_loss", "city": c, "count": 1})
    # a has 1 citizen for 2 buildings: the school goes (automatic, single choice)
    demolished = entries(log, "lacitta.demolish")
    assert [(d["cell"], d["reason"], d["auto"]) for d in demolished] == [(b.cell(1, 1), "feeding", True)]
    assert s.year == 2 and (s.pop[a], s.pop[c]) == (1 + 1, 2 + 1)  # after next year's growth
    assert s.famine == [4, 0]


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R62_famine_penalty_costs_the_first_turn_and_a_card(edition):
    b, s, a, c, other = _two_cities(edition, food=0)
    s.players[0]["penalty"] = True
    s.first = 0
    s, log = enter(s, "actions")
    assert s.queue == [1] + [0, 1] * 4
    assert s.players[0]["cards_up"] == 2 and s.players[0]["turns_done"] == 1
    v = ENGINE.view(s, 0)["players"][0]
    assert (v["cards_up"], v["cards_down"], v["turns_left"], v["penalized_this_year"]) == (2, 1, 4, True)
    assert entries(log, "lacitta.famine_penalty") == [{"seat": 0}]


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R62_famine_sets_the_penalty_for_next_year(edition):
    b, s, a, c, other = _two_cities(edition, food=6)
    s, log = enter(s, "feeding", run=True)
    s, log = play(s, 0, {"type": "feeding_loss", "city": c, "count": 1})
    assert s.year == 2 and s.players[0]["penalty"] is False and s.players[0]["penalized"] is True
    assert s.queue.count(0) == 4 and s.players[0]["cards_up"] == 2
    assert s.queue.count(1) == 5


def test_R63_year_end_returns_everything():
    b = walk()
    s = make_state(b, 2, voice=["culture", "health", "health", "education"])
    castle(s, 0, b.cell(2, 1), 6)
    put(s, 0, "farm", b.cell(2, 2))
    put(s, 0, "school", b.cell(1, 2))
    s.players[0]["cards_up"] = 0
    s.players[0]["taken"] = ("palace", "rich_harvest")
    s.players[0]["passed"] = ("domain",)
    s.players[0]["cubes"] = 1
    s.players[0]["founded"] = True
    s.cubes = [(0, b.cell(1, 2), "education", 2)]
    s.harvest = [(0, b.cell(2, 2), 4)]
    s.players[0]["food"] += 4
    s.players[0]["peeks"] = ("health", None, None)
    s, log = enter(s, "year_end")
    p = s.players[0]
    assert s.voice == [] and s.voice_discard == ["culture", "health", "health", "education"]
    assert (p["cards_up"], p["cubes"], p["founded"], p["taken"], p["passed"]) == (3, 4, False, (), ())
    assert p["food"] == 8 and s.cubes == [] and s.harvest == []
    assert sorted(s.pol_discard) == ["domain", "palace", "rich_harvest"]
    assert p["peeks"] == (None, None, None)


def test_R64_modern_final_year_starts_when_three_voice_cards_remain():
    b = line()
    s = make_state(b, 2, edition="modern", year=3)
    s.voice_discard, s.voice_deck = s.voice_deck[:16], s.voice_deck[16:]  # 7 left in the deck
    s, log = enter(s, "voice")
    assert len(s.voice_deck) == 3 and s.final and entries(log, "lacitta.voice_drawn")[0]["final_year"]
    c = make_state(b, 2, edition="classic", year=3)
    c.voice_discard, c.voice_deck = c.voice_deck[:16], c.voice_deck[16:]
    c, _ = enter(c, "voice")
    assert not c.final  # classic counts years
    c = make_state(b, 2, edition="classic", year=6)
    c, _ = enter(c, "voice")
    assert c.final


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R64_score_bonus_penalty_and_gold_tiebreak(edition):
    b = line()
    s = make_state(b, 3, edition=edition, year=6, final=True)
    castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "hospital", b.cell(1, 1))
    put(s, 0, "statue", b.cell(1, 2))           # culture, education, health: +3
    castle(s, 1, b.cell(1, 7), 5)
    put(s, 1, "statue", b.cell(1, 8))
    put(s, 1, "fountain", b.cell(1, 9))         # no education: no bonus
    castle(s, 2, b.cell(1, 15), 5)
    s.famine = [0, 0, 1]
    s.players[0]["gold"], s.players[1]["gold"], s.players[2]["gold"] = 1, 4, 9
    s.cubes = [(1, b.cell(1, 8), "culture", 3)]  # cubes never count for the bonus
    s, log = enter(s, "year_end")
    r = ENGINE.result(s)
    assert r.scores == [5 + 3, 7, 5 - 5]
    assert r.details[0] == {"citizens": 5, "service_bonus": 3, "cities_with_bonus": 1, "famine_penalty": 0,
                            "gold": 1, "eliminated": False, "score": 8}
    assert r.details[2]["famine_penalty"] == -5
    assert r.ranks == [1, 2, 3] and r.tiebreak is None
    # a tie on points goes to the richer player; a tie on gold too is shared
    s2 = make_state(b, 2, edition=edition, year=6, final=True)
    castle(s2, 0, b.cell(1, 0), 4)
    castle(s2, 1, b.cell(1, 10), 4)
    s2.players[1]["gold"] = 3
    t, _ = enter(s2, "year_end")
    assert ENGINE.result(t).ranks == [2, 1] and ENGINE.result(t).tiebreak == "lacitta.tiebreak.gold"
    s2.players[0]["gold"] = 3
    t, _ = enter(s2, "year_end")
    assert ENGINE.result(t).ranks == [1, 1] and ENGINE.result(t).tiebreak == "lacitta.tiebreak.shared"


@pytest.mark.parametrize("edition,loses", [("modern", True), ("classic", False)])
def test_R65_modern_player_without_buildings_loses(edition, loses):
    b = line()
    s = make_state(b, 2, edition=edition, year=6, final=True)
    gone = castle(s, 0, b.cell(1, 0), 1)
    castle(s, 1, b.cell(1, 10), 2)
    s.players[1]["food"] = 1
    s.players[0]["food"] = 9
    set_pop(s, gone, 0)
    s, log = enter(s, "demolish_migration", run=True)
    assert ("lacitta.eliminated" in keys(log)) is loses
    r = ENGINE.result(s)
    # seat 1 starved (1 citizen left, -5) but still has a building
    assert r.scores == [0, -4]
    assert r.ranks == ([2, 1] if loses else [1, 2])
    assert r.details[0]["eliminated"] is loses


def test_year_order_classic_and_modern():
    """Classic passes the first player at the start of a year and demolishes before
    feeding; modern relodges after migration and passes the marker at the year's end."""
    for edition, expected in (
        ("classic", ["lacitta.year_end", "lacitta.year_start", "lacitta.first_player", "lacitta.voice_drawn"]),
        ("modern", ["lacitta.first_player", "lacitta.year_end", "lacitta.year_start", "lacitta.voice_drawn"]),
    ):
        b = line()
        s = make_state(b, 2, edition=edition)
        castle(s, 0, b.cell(1, 0), 3)
        castle(s, 1, b.cell(1, 10), 3)
        s.players[0]["food"] = s.players[1]["food"] = 9
        s, log = enter(s, "reveal", run=True)
        ks = [k for k in keys(log) if k in ("lacitta.year_end", "lacitta.year_start", "lacitta.first_player",
                                             "lacitta.voice_drawn")]
        assert ks == expected, edition
        assert s.first == 1
