"""Issue 13, rules help: a rules page per edition (classic 2000, new edition) and for the Pays de
Cocagne expansion, in English and French, with the numbered rules the engine follows and each
edition's own terms; the new-game form and the game page link to them."""

import re

import pytest
from django.urls import reverse

from play.models import Game
from tests.lacitta.helpers import lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

EDITION_RULES = {f"R{n:02d}" for n in (1, 3, 4, 5, 6, 7, 10, 11, 12, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
                                       32, 33, 40, 41, 42, 43, 44, 45, 50, 51, 52, 55, 60, 61, 62, 63, 64, 80)}
RULE_IDS = {
    "classic": EDITION_RULES | {"R46", "R53"},
    "modern": EDITION_RULES | {"R54", "R65"},
    "cocagne": {"R21", "R30", "R40", "R41", "R42", "R43", "R44", "R45", "R70", "R71", "R72", "R73", "R74", "R75",
                "R76", "R77", "R78"},
}
# (language, variant) -> words that must be there (the edition's own terms) and words that must not.
TERMS = {
    ("en", "classic"): (["action card", "Golden times", "Close to the people", "Rich harvest", "political rounds"],
                        ["Blessed era", "Ask the people", "player card"]),
    ("en", "modern"): (["player card", "Blessed era", "Ask the people", "Fruitful harvest", "relodging"],
                       ["Golden times", "Close to the people", "action card"]),
    ("en", "cocagne"): (["Roads", "Theatre", "Port", "Large farmhouse", "Domain", "Blessed era"], ["Golden times"]),
    ("fr", "classic"): (["cartes Action", "Époque Dorée", "Proche de la population", "Pain et Cirque",
                         "rounds politiques"],
                        ["Époque bénie", "Interroger le peuple"]),
    ("fr", "modern"): (["cartes Joueur", "Époque bénie", "Interroger le peuple", "Récolte fructueuse", "Relogement"],
                       ["Époque Dorée", "Proche de la population"]),
    ("fr", "cocagne"): (["Routes", "Théâtre", "Port", "Grande maison de ferme", "Domaine"], ["Époque Dorée"]),
}
SECTIONS = {
    "en": ["A year", "Your turn", "Politics cards", "migration", "Feeding", "scoring"],
    "fr": ["Une ", "Votre tour", "Cartes Politique", "igration", "Nourrir", "Fin d"],
}


@pytest.mark.parametrize("language,variant", sorted(TERMS))
def test_rules_page_of_each_edition_in_each_language(client, language, variant):
    response = client.get(reverse("games:rules", args=["lacitta", variant]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    ids = set(re.findall(r'<span class="rule-id">(R\d\d)</span>', html))
    assert RULE_IDS[variant] <= ids, RULE_IDS[variant] - ids
    present, absent = TERMS[(language, variant)]
    for word in present:
        assert word in html, word
    for word in absent:
        assert word not in html, word
    if variant != "cocagne":
        for heading in SECTIONS[language]:
            assert re.search(rf"<h2>[^<]*{re.escape(heading)}", html, re.I), heading


def test_unknown_rules_pages_do_not_exist(client):
    assert client.get(reverse("games:rules", args=["lacitta", "deluxe"])).status_code == 404
    assert client.get(reverse("games:rules", args=["race", "classic"])).status_code == 404


def test_new_game_form_links_to_every_rules_page(client):
    client.force_login(make_user("reader"))
    html = client.get(reverse("games:new") + "?game=lacitta").content.decode()
    for variant in ("classic", "modern", "cocagne"):
        url = reverse("games:rules", args=["lacitta", variant])
        assert f'href="{url}"' in html
        assert client.get(url).status_code == 200
    assert "options page" not in html


@pytest.mark.parametrize("options,variant", [
    ({"edition": "classic", "expansion": "none", "setup": "beginner"}, "classic"),
    ({"edition": "modern", "expansion": "none", "setup": "beginner"}, "modern"),
    ({"edition": "modern", "expansion": "cocagne", "setup": "beginner"}, "cocagne"),
])
def test_game_page_links_to_the_rules_of_its_edition(client, options, variant):
    users = [make_user(f"g{variant}1"), make_user(f"g{variant}2")]
    game = lacitta_game(users, options=options)
    client.force_login(users[0])
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    link = reverse("games:game_rules", args=[game.pk])
    assert f'href="{link}"' in html
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == reverse("games:rules", args=["lacitta", variant])


def test_rules_link_of_a_private_game_answers_as_for_no_game(client):
    users = [make_user("pr1"), make_user("pr2")]
    game = lacitta_game(users)
    Game.objects.filter(pk=game.pk).update(is_private=True)
    client.force_login(make_user("stranger"))
    assert client.get(reverse("games:game_rules", args=[game.pk])).status_code == 404
    assert client.get(reverse("games:game_rules", args=[987654])).status_code == 404
