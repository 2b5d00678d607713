"""Issue 29, words in La Città's log: counts in their plural forms in both languages ("1 citizen",
"3 citizens", "1 doit partir", never "citizen(s)" or "1 doivent partir"), and what a seat saw with
"Ask the people" (R45) in words, not a Python dict."""

import pytest
from django.utils import translation

from play import texts


def line(key, language="en", **params):
    with translation.override(language):
        return texts.log_line("lacitta", {"key": key, "params": {"seat": 0, **params}}, ["Ann", "Bob"])


@pytest.mark.parametrize("key, params, one, three", [
    ("lacitta.golden_times", {"city": 40}, "adds 1 citizen to", "adds 3 citizens to"),
    ("lacitta.feeding_loss", {"city": 40}, "loses 1 starving citizen in", "loses 3 starving citizens in"),
    ("lacitta.bread_and_games", {"city": 40, "service": "culture"}, "places 1 cube on", "places 3 cubes on"),
])
def test_counts_in_english(key, params, one, three):
    count = {"lacitta.golden_times": "placed", "lacitta.feeding_loss": "count",
             "lacitta.bread_and_games": "cubes"}[key]
    assert one in line(key, **params, **{count: 1}) and three in line(key, **params, **{count: 3})


def test_counts_in_french():
    assert "1 doit partir" in line("lacitta.famine", "fr", food=3, citizens=4, excess=1)
    assert "2 doivent partir" in line("lacitta.famine", "fr", food=3, citizens=5, excess=2)
    assert "reçoit 1 Pièce d'or." in line("lacitta.income", "fr", gold=1)
    assert "reçoit 5 Pièces d'or." in line("lacitta.income", "fr", gold=5)
    assert "1 nouveau Citoyen." in line("lacitta.growth", "fr", cities=1)
    assert "2 nouveaux Citoyens." in line("lacitta.growth", "fr", cities=[1, 2])  # (a list of cities: its length)
    for text in (line("lacitta.castle_placed", "fr", cell=40, food=1), line("lacitta.fed", "fr", citizens=6, food=6)):
        assert "(s)" not in text and "jeton(s)" not in text


def test_what_a_peek_showed_is_written_in_words():
    """R45 "Ask the people": the peeking seat's own line names the cards and where they lie."""
    cards = {"0": "culture", "2": "education"}
    english = line("lacitta.peek_seen", cards=cards)
    assert english == "You saw: Culture (face-down card 1), Education (face-down card 3)."
    french = line("lacitta.peek_seen", "fr", cards=cards)
    assert "{" not in french and "carte face cachée 1" in french and "carte face cachée 3" in french
