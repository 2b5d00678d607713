"""Issue 41's words on the pages, in English and French: the citizen victory named as a victory wherever an
option's value is shown (never the solo difficulty's bare "Citizen": "Victory condition: Citizen"), and a solo
game that never says a player takes or has the Mayor (SC111: the Mayor visits the VIPs of the action cards)."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tests.platform.factories import make_user
from tests.smallcity.pages import client_for, sc_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language,victory,difficulty", [("en", "Citizen victory", "Citizen"),
                                                         ("fr", "Victoire citoyenne", "Citoyen")])
def test_SC103_the_citizen_victory_is_named_as_a_victory_not_the_solo_difficulty(language, victory, difficulty):
    with translation.override(language):
        out = Template("{% load games_extras %}{% option_value 'smallcity' 'victory' 'citizen' %}|"
                       "{% option_value 'smallcity' 'difficulty' 'citizen' %}").render(Context())
    assert out == f"{victory}|{difficulty}"
    user = make_user(f"scwords{language}")
    html = client_for(user).get(reverse("games:new") + "?game=smallcity",
                                HTTP_ACCEPT_LANGUAGE=language).content.decode()
    victory_select = html[html.index('name="opt_victory"'):]
    victory_select = victory_select[:victory_select.index("</select>")]
    assert f'value="citizen">{victory}</option>' in victory_select


def test_SC103_the_end_of_a_citizen_victory_game_names_its_victory():
    from games.smallcity import page
    from games.smallcity.engine.engine import ENGINE

    view = ENGINE.view(ENGINE.new_game({"council": "expert", "victory": "citizen"}, 2, 1).state, 0)

    class P:
        legal_moves, replay, step, base_url, seat, last_move = [], False, None, "/g/", 0, []
        names, colours = ["Ann", "Bob"], ["red", "blue"]
    P.view = view
    assert page.context(P)["sc_victory"] == "Citizen victory"


@pytest.mark.parametrize("language,never,said", [
    ("en", ("takes the Mayor first", "the Mayor is here", "(Mayor)"), "the Mayor visits the VIPs"),
    ("fr", ("accueille le Maire en premier", "le Maire est ici", "(Maire)"), "le Maire rend visite aux VIP")])
def test_SC111_a_solo_page_never_gives_the_player_the_mayor(language, never, said):
    user = make_user(f"scsolo{language}")
    game = sc_game([user], seed=2, options={"difficulty": "mayor"})
    html = client_for(user).get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language)
    html = html.content.decode()
    for words in never:
        assert words not in html, words
    assert said in html
