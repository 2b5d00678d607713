"""Issue 41, Words: each card, tile, log and prompt text says what the book says, in numbers, in English and
French (rule IDs from shared/smallcity/RULES.md)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.smallcity import page, texts
from games.smallcity.engine.engine import ENGINE
from play import texts as play_texts

NAMES = ["Ann", "Bob", "Cy"]


def _in(lang, fn):
    with translation.override(lang):
        return str(fn())


def _line(entry, lang="en"):
    return _in(lang, lambda: play_texts.log_line("smallcity", entry, NAMES))


def test_sc22_urban_planner_moves_the_size_disc_one_place_right():
    en = _in("en", lambda: texts.CARD_POWERS["F"])
    fr = _in("fr", lambda: texts.CARD_POWERS["F"])
    assert "size track one place to the right" in en and "Four" not in en
    assert "d'un emplacement vers la droite" in fr


def test_sc22_opponent_gives_no_bonus():
    assert _in("en", lambda: texts.CARD_POWERS["H"]) == "No bonus."
    assert _in("fr", lambda: texts.CARD_POWERS["H"]) == "Aucun bonus."


def test_sc33_residential_levels_need_as_many_cultural_buildings():
    en = _in("en", lambda: texts.POWERS["residential"])
    fr = _in("fr", lambda: texts.POWERS["residential"])
    assert "2, 3, 4 or 5" in en and "Park" not in en and "Commercial" not in en
    assert "2, 3, 4 ou 5" in fr and "Parc" not in fr


def test_sc111_solo_the_mayor_visits_the_vips_not_a_district():
    state = ENGINE.new_game({}, 1, 3).state
    from tests.smallcity.helpers import TH
    state = ENGINE.apply(state, 0, {"type": "place_town_hall", "squares": TH}).state
    result = ENGINE.apply(state, 0, {"type": "keep_promise", "card": state.seats[0]["offer"][0]})
    turn = next(e for e in result.log if e.key.startswith("smallcity.turn"))
    assert turn.key == "smallcity.turn_solo"
    assert "VIPs" in _line(turn.to_json()) and "VIP" in _line(turn.to_json(), "fr")
    view = ENGINE.view(result.state, 0)
    assert not any(r["host"] for r in page.seat_rows(view, NAMES[:1], ["red"]))


def test_sc42_new_homes_come_from_the_town_hall():
    entry = {"key": "smallcity.new_homes", "params": {"count": 1}, "seat": 0}
    assert "from Ann's town hall" in _line(entry) and "quarry" not in _line(entry)
    assert "Mairie" in _line(entry, "fr")


def test_sc52_a_tourists_product_is_worded_as_the_district_owners_factory():
    entry = {"key": "smallcity.produced_tourist", "params": {"district": 1, "material": "stone", "stored": True},
             "seat": 0}
    assert _line(entry) == "Bob's Factory, worked by a tourist of Ann, produces stone for Ann."
    assert "Usine de Bob" in _line(entry, "fr") and "Touriste de Ann" in _line(entry, "fr")


def test_sc55_one_vote_is_singular():
    entry = {"key": "smallcity.votes", "params": {"votes": 1}, "seat": 0}
    assert _line(entry) == "Vote: Ann gains 1 vote."
    assert _line({**entry, "params": {"votes": 3}}) == "Vote: Ann gains 3 votes."


def test_sc51_income_line_names_the_square_without_a_double_article():
    entry = {"key": "smallcity.income", "params": {"slot": "mat>votes", "gain": {"votes": 3}}, "seat": 0}
    assert "a a " not in _line(entry) and "“a raw material for votes”" in _line(entry)


def test_sc44_a_building_without_levels_is_not_named_level_1():
    move = {"type": "build", "kind": "clinic", "level": 1, "squares": [55, 56, 57]}
    assert "level" not in _in("en", lambda: texts.move_label(move, NAMES))
    assert "niveau" not in _in("fr", lambda: texts.move_label(move, NAMES))
    assert "level 2" in _in("en", lambda: texts.move_label({**move, "kind": "park", "level": 2}, NAMES))


def test_sc110_solo_difficulty_is_no_option_of_a_multi_player_game():
    assert "difficulty" not in ENGINE.validate_options({}, 3)
    assert ENGINE.validate_options({}, 1)["difficulty"] == "citizen"
    from play.forms import options_words
    assert "difficulty" not in options_words(ENGINE.validate_options({}, 2), "smallcity").lower()


@pytest.mark.parametrize("kind,side,level,words", [
    ("factory", "A", 3, "Side A: wood, stone, metal"), ("factory", "B", 1, "Side B: stone"),
    ("commercial", "A", 2, "Side A: +$1, sell a raw material")])
def test_sc31_factory_and_commercial_sides_named_by_what_is_printed(kind, side, level, words):
    assert _in("en", lambda: page.side_label(kind, level, side)) == words
    assert _in("fr", lambda: page.side_label(kind, level, side)).startswith(f"Face {side} : ")


def _council_view(discs):
    return {"viewer": 0, "seats": [{"discs": discs}]}


def test_sc71_council_costs_and_rewards_in_numbers():
    view = _council_view([["industry", 1], [None, 0]])
    move = {"type": "council", "disc": 0, "action": "advance", "row": "industry", "pay": "money", "take": 1}
    assert _in("en", lambda: page.take_label(move, 0, view)) == "2 wood"
    assert _in("en", lambda: page.take_label(move, 1, view)) == "1 stone"
    assert _in("en", lambda: page.option_label("pay", "money", view, NAMES, move)) == "$2"
    assert _in("en", lambda: page.option_label("pay", "votes", view, NAMES, move)) == "2 votes"
    economy = {**move, "row": "economy", "action": "restart"}
    assert _in("en", lambda: page.take_label(economy, 0, view)) == "$2"
    assert _in("en", lambda: page.take_label(economy, 1, _council_view([["economy", 2], [None, 0]]))) == "2 votes"
    assert _in("fr", lambda: page.take_label(move, 0, view)) == "2 bois"


def test_sc62_sc63_death_and_cemetery_prompts_say_what_they_are_for():
    kill = _in("en", lambda: page.TYPE_LABELS["kill"])
    assert "Pollution" in kill and "dies" in kill and "tourist" in kill
    assert "Cemetery" in _in("en", lambda: page.TYPE_LABELS["cemetery"])
    assert "Pollution" in _in("fr", lambda: page.TYPE_LABELS["kill"])
    assert "Cimetière" in _in("fr", lambda: page.TYPE_LABELS["cemetery"])
    assert "Cemetery" in _in("en", lambda: texts.move_label({"type": "cemetery", "square": 12}, NAMES))
    assert "Pollution" in _in("en", lambda: texts.move_label({"type": "kill", "slot": "t3:0"}, NAMES))


def test_sc22_the_new_decisions_are_worded_in_both_languages():
    for move in ({"type": "new_home", "tile": "t4"}, {"type": "store", "slot": "t5:1", "material": "stone"}):
        en = _in("en", lambda m=move: texts.move_label(m, NAMES))
        fr = _in("fr", lambda m=move: texts.move_label(m, NAMES))
        assert en != fr and "{" not in en and str(move) not in en
    assert "pierre" in _in("fr", lambda: texts.move_label({"type": "store", "slot": "t5:1", "material": "stone"},
                                                          NAMES))
    assert "Architect" not in _in("en", lambda: page.option_label("waive", "none", {}, NAMES, {}))


def test_sc100_the_citizen_victory_is_named_as_a_victory_in_option_lines():
    from play.forms import options_words
    words = _in("en", lambda: options_words({"council": "expert", "victory": "citizen"}, "smallcity"))
    assert "Citizen victory" in words and "Victory condition: Citizen" not in words
    assert "Victoire citoyenne" in _in("fr", lambda: options_words({"victory": "citizen"}, "smallcity"))
    solo = _in("en", lambda: options_words({"difficulty": "citizen"}, "smallcity"))
    assert "Citizen" in solo and "victory" not in solo


def test_sc71_a_council_build_without_levels_is_not_named_level_1():
    from games.smallcity.engine import grid as G
    from tests.smallcity.helpers import setup_done
    state = setup_done(1)
    state.phase = "council"
    state.step = {"queue": [0], "sub": [{"seat": 0, "kind": "council_build", "column": 1}]}
    result = ENGINE.apply(state, 0, {"type": "council_build", "kind": "refinery", "level": 1,
                                     "squares": [G.sq(5, 5)]})
    entry = next(e for e in result.log if e.key.startswith("smallcity.council_build")).to_json()
    assert "level" not in _line(entry) and "Refinery" in _line(entry)
    assert "niveau" not in _line(entry, "fr")


@pytest.mark.django_db
def test_sc100_the_game_page_names_the_citizen_victory_as_a_victory(client):
    """The game page's head words each option as the new-game form does: it read "Victory condition: Citizen"."""
    from play import services
    from play.services import SeatSpec
    from tests.platform.factories import make_user

    ann = make_user("ann")
    game = services.game_create(creator=ann, game_type="smallcity", options={"council": "expert", "victory": "citizen"},
                                seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    client.force_login(ann)
    head = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    head = head[head.index('class="opts"'):]
    head = head[:head.index("</p>")]
    assert "Citizen victory" in head and "Victory condition" not in head
    assert "Solo difficulty" not in head  # no option of a two-player game
