"""Scoring, the advanced game and solo (SC90, SC91, SC100-SC104, SC110-SC113) and G1, G11, G13."""

from __future__ import annotations

from games.smallcity.engine import components as C
from games.smallcity.engine import flow as F
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from games.smallcity.engine.promises import promise_kept, special_kept
from games.smallcity.engine.scoring import breakdown, finish
from games.smallcity.engine.solo import solo_rank

from .helpers import put, setup_done, to_phase


def test_sc90_promise_kept_or_failed_then_pollution_subtracted():
    state = setup_done(2)
    state.seats[0]["promise"] = 13  # hard: no cemetery (kept)
    state.seats[0]["votes"], state.seats[0]["pollution"] = 30, 7
    state.seats[1]["promise"] = 13
    state.seats[1]["cemeteries"] = [G.sq(6, 6)]  # failed
    state.seats[1]["votes"] = 30
    assert breakdown(state, 0)["score"] == 30 + 18 - 7
    assert breakdown(state, 1)["score"] == 30 - 12


def test_sc91_ties_lowest_pollution_then_most_money():
    state = setup_done(3, promises="off")
    for s, (votes, poll, money) in enumerate([(20, 5, 1), (20, 5, 3), (21, 6, 0)]):
        state.seats[s].update(votes=votes, pollution=poll, money=money)
    finish(state, [])
    assert state.result["scores"] == [15, 15, 15]
    assert state.result["ranks"] == [2, 1, 3] and state.result["tiebreak"]


def test_sc100_advanced_game_has_special_promises_and_four_victories():
    state = ENGINE.new_game({"council": "expert", "victory": "cultural"}, 2, 1).state
    assert len(state.decks["special"]) == 15 and 16 not in state.decks["special"]
    for victory in ("electoral", "economic", "citizen", "cultural"):
        assert ENGINE.new_game({"council": "expert", "victory": victory}, 3, 1).state.options["victory"] == victory


def test_sc101_special_promise_payment_draws_and_keeps_one():
    state = setup_done(2, council="expert")
    s = F.order(state)[0]
    state.phase = "council"
    state.step = {"queue": [s]}
    move = {"type": "council", "disc": 0, "action": "advance", "row": "economy", "pay": "special", "take": 0}
    money = state.seats[s]["money"]
    after = ENGINE.apply(state, s, move).state
    sub = F.subs(after)[-1]
    assert sub["kind"] == "keep_special" and len(sub["cards"]) == 4 and after.seats[s]["money"] == money + 2
    assert ENGINE.view(after, 1 - s)["step"]["sub"][-1]["cards"] is None
    card = sub["cards"][2]
    after = ENGINE.apply(after, s, {"type": "keep_special", "card": card}).state
    assert after.seats[s]["specials"] == [card] and len(after.decks["special"]) == 16 - 1
    after.seats[s]["specials"] = [9]  # no demolition: kept, +0
    assert breakdown(after, s)["special_points"] == 0
    after.seats[s]["demolitions"] = 1
    assert breakdown(after, s)["special_points"] == -5


def test_sc102_economic_real_estate_each_phase_8():
    state = setup_done(1, council="expert", victory="economic")
    put(state, 0, "residential", [G.sq(5, 5), G.sq(5, 6)])
    state.phase, state.step = "council", {"queue": []}
    F.end_turn(state, [])
    assert state.seats[0]["real_estate"] == 4 * 4 + 2 * 2  # town hall (4 squares) and a level-2 residential
    assert 14 not in state.decks["special"]


def test_sc103_citizen_victory_quarry_19_and_no_reserve():
    state = setup_done(2, council="expert", victory="citizen")
    assert (state.seats[0]["quarry"], state.seats[0]["reserve"]) == (19, 0)
    assert all(11 not in state.decks[p] for p in C.PILES) and all(s["promise"] != 11 for s in state.seats)
    q = state.seats[0]["quarry"]
    B_th = [t for t in state.tiles.values() if t["d"] == 0 and t["kind"] == "town_hall"][0]
    B_th["slots"][0] = None
    F.bonus(state, 0, "tourism", 1, 0, [])
    assert state.seats[0]["quarry"] == q - 1 and B_th["slots"].count(0) == 3


def test_sc104_cultural_victory_scores_cultural_squares_and_owns_all_six():
    state = setup_done(2, council="expert", victory="cultural")
    from games.smallcity.engine import build as B
    assert not B.stock_kind(state, "metro")
    put(state, 0, "museum", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6)])
    state.seats[0]["pollution"] = 60
    assert breakdown(state, 0)["score"] == 4 + 3  # pollution not subtracted


def test_g11_citizen_victory_is_cumulative_and_promises_only_break_ties():
    state = setup_done(1, council="expert", victory="citizen")
    put(state, 0, "park", [G.sq(5, 5), G.sq(5, 6)], occupants=[0, 0])
    for _ in range(2):
        state.phase, state.step = "council", {"queue": []}
        F.end_turn(state, [])
    assert state.seats[0]["citizen_total"] == 4
    d = breakdown(state, 0)
    assert d["score"] == 4 and d["tiebreak"][1] == d["votes"] + d["promise_points"] + d["special_points"]


def test_g1_promises_are_house_substitutes_and_can_be_switched_off():
    assert C.PROMISES_ARE_HOUSE_SUBSTITUTES and any(e["name"] == "promises" for e in C.substitutes())
    state = ENGINE.new_game({"promises": "off"}, 2, 1).state
    assert all(not s["offer"] for s in state.seats) and not any(state.decks.values())
    state = setup_done(1)
    put(state, 0, "park", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6)])
    put(state, 0, "park", [G.sq(3, 5)])
    assert promise_kept(state, 0, 2) and not special_kept(state, 0, 7)


def test_sc110_solo_setup_four_dollars_and_stock_of_one():
    state = ENGINE.new_game({"difficulty": "senator"}, 1, 9).state
    assert state.seats[0]["money"] == 4 and state.supply["fire"] == 1 and state.supply["metro"] == 1


def test_sc111_solo_cards_four_face_up_four_face_down_then_revealed():
    state = to_phase(setup_done(1, seed=4), "pick")
    assert len(state.circle) == 4 and len(state.hidden_cards) == 4
    assert state.picks == {state.circle[0]: -1}
    assert [F.pick_cost(state, c) for c in state.circle[1:]] == [0, 2, 0]
    hidden = list(state.hidden_cards)
    view = ENGINE.view(state, 0)
    assert view["hidden_cards"] == 4 and not any(c in str(view["circle"]) for c in hidden)
    state.turn = 2
    state.step = {"prev_host": 0}
    F.enter_pick(state, [])
    assert state.circle == hidden and state.hidden_cards == []


def test_sc112_solo_deaths_by_difficulty():
    for diff, rise, deaths in (("citizen", 9, 0), ("mayor", 6, 1), ("mayor", 5, 0), ("deputy", 3, 1),
                               ("senator", 1, 1), ("president", 4, 4)):
        state = setup_done(1, difficulty=diff)
        state.seats[0]["pollution_start"] = 0
        state.seats[0]["pollution"] = rise  # e.g. demolition pollution counts (whole turn's rise)
        state.seats[0]["produced"] = 0
        F.pollution_phase(state, [])
        assert len(state.step["deaths"]) == deaths, diff


def test_sc113_solo_ranks_and_g13_unranked_below_50():
    assert solo_rank(49) is None and solo_rank(50) == "lieu_dit" and solo_rank(134) == "metropole"
    assert solo_rank(150) == "megalopole"
    state = setup_done(1, difficulty="mayor")
    state.seats[0]["votes"] = 75
    finish(state, [])
    result = ENGINE.result(state)
    assert result.ranks == [1] and result.solo.label_key == "smallcity.solo.village" and result.solo.won


def test_g13_solo_card_a_does_nothing():
    state = to_phase(setup_done(1, seed=4), "pick")
    state.circle = list("HAEF")
    state.picks = {"H": -1}
    after = ENGINE.apply(state, 0, {"type": "pick", "card": "A"}).state
    assert after.next_host is None
