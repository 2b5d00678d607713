"""A district a blind player can read (issue 41): every building named with its kind and level, its squares,
who is on it (whose citizen, a tourist) and the buildings it touches (SC01: the squares beside it, corner to
corner included), for the viewer's own district and each other's; the buildings on the picture carry the same
name; the list of lit squares always offered, not only up to 12 squares."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.smallcity import svg
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from play import move_builder
from tests.platform.factories import make_user
from tests.smallcity.helpers import put, setup_done
from tests.smallcity.pages import client_for, sc_game

NAMES = ["Ann", "Bob"]


def test_SC01_each_building_is_read_with_its_squares_people_and_what_it_touches():
    state = setup_done(players=2, seed=3)
    put(state, 0, "residential", [G.sq(2, 0)], occupants=[1])  # C1, beside the town hall; Bob's tourist
    put(state, 0, "park", [G.sq(4, 4), G.sq(4, 5)])  # E5-E6, touching nothing
    put(state, 1, "factory", [G.sq(5, 5)], side="A")
    read = {b["name"]: b["text"] for b in svg.district_text(ENGINE.view(state, 0), 0, NAMES)}
    assert read["Residential zone, level 1"] == ("on C1; on it: Bob's citizen (a tourist); touches: Town hall "
                                                 "(A1, B1, A2, B2)")
    assert read["Park, level 2"] == "on E5, E6; 2 free places; touches nothing"
    assert re.match(r"on A1, B1, A2, B2; on it: \d × Ann's citizen", read["Town hall"]), read["Town hall"]
    assert read["Town hall"].endswith("touches: Residential zone, level 1 (C1)")
    other = svg.district_text(ENGINE.view(state, 0), 1, NAMES)  # another seat's district, read the same way
    factory = next(b for b in other if b["name"] == "Factory, level 1")
    assert factory["text"].startswith("on F6; side A, printed squares: ") and "1 free place" in factory["text"]


@pytest.mark.django_db
def test_SC01_the_game_page_reads_every_district_as_text_and_names_the_buildings_on_the_picture():
    users = [make_user("scread0"), make_user("scread1")]
    game = sc_game(users, seed=4)
    client = client_for(users[0])
    for user in users:  # both town halls built through the game's move form
        move = {"type": "place_town_hall", "squares": [0, 1, 10, 11]}
        client_for(user).post(reverse("games:move", args=[game.pk]), {"version": str(game.version),
                                                                      "move": move_builder.encode(move)})
        game.refresh_from_db()
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert html.count('<details class="sc-read">') == 2
    assert "Your district as text: 1 entry" in html and "scread1&#x27;s district as text: 1 entry" in html
    assert re.search(r'<g class="sc-tile" role="img" aria-label="Town hall — on it: scread0&#x27;s citizen', html)
    fr = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Votre Arrondissement en texte : 1 entrée" in fr and "Mairie" in fr
    # who is on a building, in French words that agree with every building's gender (not « occupé par »)
    assert 'aria-label="Mairie — occupants : Citoyen de scread0' in fr and "occupants : 3 × Citoyen de scread0" in fr


def test_the_letters_on_a_tile_are_the_page_languages_own():
    """The letters drawn on each tile come from the building's name in the page's language (the French book's
    « Mairie » is Ma on the picture, never the English TH; « Parc » Pa), its full name still the tile's title."""
    from django.utils import translation

    state = setup_done(players=2, seed=3)
    put(state, 0, "park", [G.sq(4, 4), G.sq(4, 5)])
    letters = {}
    for language in ("en", "fr"):
        with translation.override(language):
            drawn = str(svg.district(ENGINE.view(state, 0), 0, NAMES))
        letters[language] = re.findall(r'<text class="sc-short"[^>]*>([^<]+)</text>', drawn)
    assert "TH" in letters["en"] and "Pk2" in letters["en"]
    assert "Ma" in letters["fr"] and "Pa2" in letters["fr"] and "TH" not in letters["fr"]
