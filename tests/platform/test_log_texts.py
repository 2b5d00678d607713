"""texts.visible_lines: a move row's sentences are written once (per language and
player names) and each reader still gets only the lines they may see."""

import pytest
from django.utils import translation

from play import selectors, texts
from play.models import Game, Move

from .factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    alice, bob = make_user("alice"), make_user("bob")
    return accept_all(race_game(alice, [bob]), [bob])


def lines_for(game, seat):
    names = [s.display_name for s in game.seats.all()]
    return [text for row in selectors.moves_for(game, seat, limit=60) for _e, text in
            texts.visible_lines(game, row, names)]


def test_each_reader_gets_only_their_own_private_lines_whoever_came_first(game):
    secrets = game.state["secret"]
    first = lines_for(game, 0)  # seat 0 fills the cache with every sentence of the row
    assert f"Your secret card is {secrets[0]}." in first
    assert f"Your secret card is {secrets[1]}." not in first
    second = lines_for(game, 1)
    assert f"Your secret card is {secrets[1]}." in second and f"Your secret card is {secrets[0]}." not in second
    spectator = lines_for(game, None)
    assert not any("secret card" in line for line in spectator) and "The race to 10 begins." in spectator


def test_sentences_follow_the_language_and_match_log_line(game):
    names = [s.display_name for s in game.seats.all()]
    row = selectors.moves_for(game, 0, limit=1)[0]
    english = [t for _e, t in texts.visible_lines(game, row, names)]
    assert english == [texts.log_line(game.game_type, e, names, game.options) for e in row.visible]
    with translation.override("fr"):
        french = [t for _e, t in texts.visible_lines(game, row, names)]
        assert french == [texts.log_line(game.game_type, e, names, game.options) for e in row.visible]


def test_a_new_row_with_the_same_number_is_not_mistaken_for_the_old(game):
    """Rows are keyed by game, number and creation time: a row written again under the
    same number (a test database reusing ids, a restored backup) gets its own sentences."""
    names = [s.display_name for s in game.seats.all()]
    row = selectors.moves_for(game, None, limit=1)[0]
    before = [t for _e, t in texts.visible_lines(game, row, names)]
    Move.objects.filter(pk=row.pk).update(log=[{"key": "site.abort", "params": {}, "seat": None}],
                                          created_at=row.created_at.replace(
                                              microsecond=(row.created_at.microsecond + 1) % 10**6))
    again = selectors.moves_for(Game.objects.get(pk=game.pk), None, limit=1)[0]
    assert [t for _e, t in texts.visible_lines(game, again, names)] == ["A moderator aborted the game."] != before


def test_the_clauses_of_a_sentence_are_spaced_as_each_language_writes_them():
    """French typography spaces a semicolon on both sides (a no-break space before it, so that it never begins a
    line): "sur A1 ; touche B2", where English writes "on A1; touches B2"."""
    from django.utils import translation

    from games.smallcity import texts as smallcity_texts
    from play.texts import clauses

    plan = [{"type": "extend"}, {"type": "demolish"}]
    assert clauses(["a", "b"]) == "a; b"
    assert smallcity_texts.plan_text(plan) == "grows the buildable zone; demolishes a building"
    with translation.override("fr"):
        assert clauses(["a", "b"]) == "a\u00a0; b"
        assert "\u00a0; " in smallcity_texts.plan_text(plan) and "; " not in smallcity_texts.plan_text(plan).replace(
            "\u00a0; ", "")
