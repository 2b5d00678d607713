"""R50–R55: Voice of the People, migration, demolition and relodging."""

from __future__ import annotations

import pytest

from games.lacitta.engine.cities import city_limit
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.migration import voice_winners
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
)
from tests.lacitta.engine.maps import field, line


@pytest.mark.parametrize("cards,winners", [
    (["culture"] * 3 + ["health"], ["culture"]),
    (["health"] * 4, ["health"]),
    (["education", "education", "culture", "health"], ["education"]),
    (["health", "culture", "culture", "health"], ["culture", "health"]),
])
def test_R50_the_voice_is_the_majority_and_2_2_gives_both(cards, winners):
    assert voice_winners(cards) == winners


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R50_at_once_option_each_city_chooses_one_service_hidden_until_all_are_in(edition):
    """Option "2–2 choices at once — faster by post": everybody chooses beforehand."""
    b = line()
    s = make_state(b, 2, edition=edition, voice=["health", "culture", "culture", "health"],
                   voice_tie="at_once")
    a = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "statue", b.cell(1, 1))           # culture 1, health 0
    c = castle(s, 1, b.cell(1, 4), 3)
    put(s, 1, "fountain", b.cell(1, 5))         # culture 0, health 1
    s, _ = enter(s, "reveal")
    s, _ = enter(s, "choice")
    assert ENGINE.pending(s) == {0, 1}
    assert sorted(ENGINE.legal_moves(s, 0), key=str) == [
        {"type": "voice_choice", "city": a, "service": "culture"},
        {"type": "voice_choice", "city": a, "service": "health"}]
    assert illegal(s, 0, {"type": "voice_choice", "city": a, "service": "education"}).key == \
        "lacitta.error.not_a_voice"
    assert illegal(s, 0, {"type": "voice_choice", "city": c, "service": "health"}).key == \
        "lacitta.error.no_choice"
    s, _ = play(s, 0, {"type": "voice_choice", "city": a, "service": "culture"})
    assert ENGINE.pending(s) == {1} and ENGINE.legal_moves(s, 0) == []
    # Other seats do not see a choice before everybody has chosen.
    assert ENGINE.view(s, 1)["decision"]["chosen"] == [] and ENGINE.view(s, 0)["decision"]["chosen"] == [
        {"city": a, "service": "culture"}]
    s, log = play(s, 1, {"type": "voice_choice", "city": c, "service": "health"})
    moved = [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")]
    assert moved == [(a, c), (c, a)]  # each takes one with its own service


def _two_cities(edition, voice_tie="in_turn", first=0):
    b = line()
    s = make_state(b, 2, edition=edition, voice=["health", "culture", "culture", "health"],
                   voice_tie=voice_tie, first=first)
    a = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "statue", b.cell(1, 1))           # culture 1, health 0
    c = castle(s, 1, b.cell(1, 4), 3)
    put(s, 1, "fountain", b.cell(1, 5))         # culture 0, health 1
    s, _ = enter(s, "reveal")
    return s, a, c


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R50_R52_2_2_each_player_chooses_on_their_own_migration_turn(edition):
    """Both books: the player whose turn it is chooses for each of their cities, after
    seeing what the players before chose and took. Classic: « Celui dont c'est le tour
    décide pour chacune de ses villes lequel des deux vœux il veut employer »; new edition:
    « chaque joueur décide lors de son tour le service qu'il applique pour chacune de ses
    Villes »."""
    s, a, c = _two_cities(edition, first=1)
    s, _ = enter(s, "choice", run=True)
    # Seat 1 is first: only its turn is open; seat 0 waits and has nothing to choose yet.
    assert ENGINE.pending(s) == {1} and ENGINE.legal_moves(s, 0) == []
    assert ENGINE.view(s, 0)["migrating"] == 1 and ENGINE.view(s, 0)["decision"] is None
    assert illegal(s, 0, {"type": "voice_choice", "city": a, "service": "culture"}).key == \
        "lacitta.error.not_your_turn"
    s, log = play(s, 1, {"type": "voice_choice", "city": c, "service": "health"})
    # Seat 1's city migrated at once; its choice is public and seat 0 sees it before choosing.
    assert [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")] == [(c, a)]
    choice = next(e for e in log if e.key == "lacitta.voice_choice")
    assert choice.visible_to is None
    v = ENGINE.view(s, 0)
    assert v["migrating"] == 0 and v["voice"]["choices"] == [{"seat": 1, "city": c, "service": "health"}]
    assert next(x for x in v["cities"] if x["id"] == a)["population"] == 3  # 4 − 1 taken by seat 1
    assert ENGINE.pending(s) == {0}
    s, log = play(s, 0, {"type": "voice_choice", "city": a, "service": "culture"})
    assert [(m["city"], m["from_city"]) for m in entries(log, "lacitta.migration")] == [(a, c)]
    assert entries(log, "lacitta.migration_done") == [{"moved": 2}]
    assert s.phase != "choice"


def test_R50_R52_in_turn_a_city_emptied_earlier_leaves_nothing_to_choose():
    """In turn, a later seat sees the earlier migration: a neighbour emptied by it gives
    nothing (R52), so a choice that only differed by that city is not asked. At once, the
    same position asks it (nobody has migrated yet)."""
    b = line()
    for voice_tie, asked in (("in_turn", False), ("at_once", True)):
        s = make_state(b, 3, voice=["health", "culture", "culture", "health"], voice_tie=voice_tie)
        a = castle(s, 0, b.cell(1, 0), 3)
        put(s, 0, "statue", b.cell(1, 1))       # culture 1: takes C's only citizen
        c = castle(s, 1, b.cell(1, 4), 1)       # nothing
        e = castle(s, 2, b.cell(1, 7), 2)
        put(s, 2, "fountain", b.cell(1, 8))     # health 1: would take from C
        s, _ = enter(s, "reveal")
        s, _ = enter(s, "choice", run=True)
        assert (2 in ENGINE.pending(s)) == asked, voice_tie
        if voice_tie == "in_turn":
            assert ENGINE.pending(s) == {0}
            s, log = play(s, 0, {"type": "voice_choice", "city": a, "service": "culture"})
            # Seat 2's turn came after C was emptied: E has nobody to take from, nothing is asked.
            assert s.pop[c] == 0 and s.phase != "choice"
            assert not [x for x in entries(log, "lacitta.migration") if x["city"] == e]


def test_R50_voice_tie_option_defaults_to_the_books_order():
    spec = next(o for o in ENGINE.options if o.name == "voice_tie")
    assert spec.choices == ("in_turn", "at_once") and spec.default == "in_turn"
    assert ENGINE.validate_options({}, 3)["voice_tie"] == "in_turn"
    assert ENGINE.new_game({"voice_tie": "at_once"}, 3, 1).state.voice_tie == "at_once"


@pytest.mark.parametrize("gap,neighbours", [(2, True), (3, False)])
def test_R51_neighbours_are_two_or_fewer_empty_hexes_apart(gap, neighbours):
    b = line()
    s = make_state(b, 2, voice=["culture"] * 4)
    a = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "statue", b.cell(1, 1))
    c = castle(s, 1, b.cell(1, 2 + gap), 3)
    s, _ = enter(s, "reveal")
    s, log = enter(s, "migration")
    assert (s.pop[c] == 2) is neighbours and (s.pop[a] == 5) is neighbours


def test_R51_no_migration_between_cities_of_one_player():
    b = line()
    s = make_state(b, 2, voice=["culture"] * 4)
    a = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "cathedral", b.cell(1, 1))
    c = castle(s, 0, b.cell(1, 4), 3)
    s, _ = enter(s, "reveal")
    s, log = enter(s, "migration")
    assert entries(log, "lacitta.migration") == [] and (s.pop[a], s.pop[c]) == (4, 3)


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R52_migration_order_full_city_to_pool_empty_city_gives_nothing(edition):
    b = line()
    s = make_state(b, 3, edition=edition, first=1, voice=["health"] * 4)
    rich = castle(s, 1, b.cell(1, 4), 4)
    put(s, 1, "fountain", b.cell(1, 5))       # health 1, city full (5)
    poor = castle(s, 0, b.cell(1, 8), 1)      # health 0, one citizen
    right = castle(s, 2, b.cell(1, 11), 2)
    put(s, 2, "fountain", b.cell(1, 12))      # health 1
    s, _ = enter(s, "reveal")
    s, log = enter(s, "migration")
    got = [(m["seat"], m["from_city"], m["to_pool"]) for m in entries(log, "lacitta.migration")]
    # Seat 1 is first: rich beats poor but is full, so the citizen goes to the pool;
    # seat 2 also beats poor, which has nobody left to give.
    assert got == [(1, poor, True)]
    assert (s.pop[poor], s.pop[rich], s.pop[right]) == (0, 5, 3)


def test_R52_bread_and_games_cubes_count():
    b = line()
    s = make_state(b, 2, voice=["health"] * 4)
    a = castle(s, 0, b.cell(1, 0), 2)
    put(s, 0, "fountain", b.cell(1, 1))
    c = castle(s, 1, b.cell(1, 4), 2)
    put(s, 1, "fountain", b.cell(1, 5))
    s.cubes = [(1, b.cell(1, 5), "health", 1)]
    s, _ = enter(s, "reveal")
    s, log = enter(s, "migration")
    assert [(m["city"], m["from_city"], m["points"], m["from_points"]) for m in entries(log, "lacitta.migration")] \
        == [(c, a, 2.0, 1.0)]


def test_R52_equal_points_move_nobody():
    b = line()
    s = make_state(b, 2, voice=["education"] * 4)
    castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "school", b.cell(1, 1))
    castle(s, 1, b.cell(1, 4), 3)
    put(s, 1, "school", b.cell(1, 5))
    s, _ = enter(s, "reveal")
    s, log = enter(s, "migration")
    assert entries(log, "lacitta.migration") == []


def _branching(edition):
    """castle (5,7) with a statue on one side and school + farm on the other."""
    b = field()
    s = make_state(b, 2, edition=edition)
    home = castle(s, 0, b.cell(5, 7), 1)
    put(s, 0, "statue", b.cell(5, 6))
    put(s, 0, "school", b.cell(5, 8))
    put(s, 0, "farm", b.cell(5, 9))
    castle(s, 1, b.cell(8, 2), 3)
    return b, s, home


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R53_R54_owner_chooses_buildings_to_lose_from_the_edge_inward(edition):
    """Classic R53 (the giving player chooses the building each citizen leaves, then may
    rearrange) and modern R54 (relodging) both come down to this choice."""
    b, s, home = _branching(edition)
    set_pop(s, home, 3)  # four buildings, three citizens
    s, log = enter(s, "demolish_migration", run=True)
    assert ENGINE.pending(s) == {0}
    moves = ENGINE.legal_moves(s, 0)
    assert sorted(m["cell"] for m in moves) == sorted([b.cell(5, 6), b.cell(5, 9)])  # not the school: it would split
    assert illegal(s, 0, {"type": "demolish", "city": home, "cell": b.cell(5, 8)}).key == "lacitta.error.splits_city"
    assert illegal(s, 0, {"type": "demolish", "city": home, "cell": home}).key == "lacitta.error.castle_last"
    view = ENGINE.view(s, 0)["decision"]
    assert view["kind"] == "demolish" and view["cities"][0]["must_demolish"] == 1
    s, log = act(s, 0, {"type": "demolish", "city": home, "cell": b.cell(5, 9)})
    assert s.kind[b.cell(5, 9)] is None and s.kind[b.cell(5, 8)] == "school"
    assert s.supply["farm_quarry"] == 40 and ENGINE.pending(s) == set()


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R53_R54_single_choice_is_automatic_and_castle_goes_last(edition):
    b, s, home = _branching(edition)
    set_pop(s, home, 1)  # only the castle can be kept
    s.players[0]["food"] = s.players[1]["food"] = 9  # nobody starves afterwards
    s, log = enter(s, "demolish_migration", run=True)
    demolished = [(e["cell"], e["auto"]) for e in entries(log, "lacitta.demolish")]
    assert {c for c, _ in demolished} == {b.cell(5, 6), b.cell(5, 8), b.cell(5, 9)}
    assert demolished[-1][0] == b.cell(5, 8)
    assert s.kind[home] == "castle"


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R54_city_without_citizens_is_demolished_and_castle_returns(edition):
    b, s, home = _branching(edition)
    food = s.players[0]["food"]
    set_pop(s, home, 0)
    s, log = enter(s, "demolish_migration")
    assert entries(log, "lacitta.city_lost")[0]["city"] == home
    assert s.kind[home] is None and s.players[0]["castles"] == 4
    assert s.players[0]["food"] == food - s.geo.food[home] - s.geo.food[b.cell(5, 9)]


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R55_demolished_farm_gives_its_food_back(edition):
    b = line()
    s = make_state(b, 2, edition=edition)
    home = castle(s, 0, b.cell(1, 0), 4)
    put(s, 0, "school", b.cell(1, 1))
    put(s, 0, "farm", b.cell(1, 2))
    food = s.players[0]["food"]
    set_pop(s, home, 2)
    s, log = enter(s, "demolish_migration", run=True)
    assert entries(log, "lacitta.demolish")[0]["food"] == s.geo.food[b.cell(1, 2)] == 2
    assert s.kind[b.cell(1, 2)] is None and s.players[0]["food"] == food - 2


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R55_losing_the_market_drops_citizens_above_the_new_limit(edition):
    b = line()
    s = make_state(b, 2, edition=edition)
    home = castle(s, 0, b.cell(1, 0), 1)
    for q, kind in enumerate(["farm", "school", "statue", "farm", "school", "statue", "market"], start=1):
        put(s, 0, kind, b.cell(1, q))
    assert city_limit(s, home) == 8 and s.pop[home] == 8
    set_pop(s, home, 7)  # seven citizens for eight buildings: the market at the end must go
    pool = s.pool
    s, log = enter(s, "demolish_migration", run=True)
    assert entries(log, "lacitta.demolish")[0]["building"] == "market"
    # the limit falls to 5: two citizens leave, and two more buildings go with them
    assert entries(log, "lacitta.limit_excess") == [{"seat": 0, "city": home, "citizens": 2}]
    assert s.pop[home] == 5 and s.pool == pool + 2
    assert [e["building"] for e in entries(log, "lacitta.demolish")] == ["market", "statue", "school"]
