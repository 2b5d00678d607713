"""Issue 29, words: the log-in, sign-up and log-out pages say "Log in" / "Sign up" / "Log out" as the site's
top bar does (not allauth's "Sign In", "Sign Up", "Remember Me"), in both languages; the lobby never shows
an option as a bare "None"."""

import re
from html import unescape

import pytest
from django.urls import reverse

from play import services
from play.services import SeatSpec
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

ALLAUTH_WORDS = ("Sign In", "Sign Up", "Sign Out", "Signup", "Remember Me", "sign in")
SITE_WORDS = {
    "en": {"/accounts/login/": ("Log in", "Sign up", "Remember me"), "/accounts/signup/": ("Sign up", "Log in")},
    "fr": {"/accounts/login/": ("Se connecter", "S'inscrire", "Se souvenir de moi"),
           "/accounts/signup/": ("S'inscrire", "Se connecter", "Vous avez déjà un compte ?")},
}


def _text(response) -> str:
    assert response.status_code == 200
    return unescape(response.content.decode())


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/signup/"])
def test_entrance_pages_use_the_sites_words(client, language, path):
    html = _text(client.get(path, HTTP_ACCEPT_LANGUAGE=language))
    main = html.split('<main', 1)[1]
    for word in SITE_WORDS[language][path]:
        assert word in main, word
    assert re.search(r"<h1[^>]*>\s*" + re.escape(SITE_WORDS[language][path][0]), main)
    for word in ALLAUTH_WORDS:
        assert word not in html, word


def test_log_out_page_says_log_out(client):
    client.force_login(make_user("leaver"))
    html = _text(client.get("/accounts/logout/", HTTP_ACCEPT_LANGUAGE="en"))
    assert re.search(r"<h1[^>]*>\s*Log out", html) and "Sign Out" not in html and "sign out" not in html


@pytest.mark.parametrize("language, expected", [("en", "Expansion: none"), ("fr", "Extension : aucune")])
def test_lobby_names_an_option_that_is_none(client, language, expected):
    creator = make_user("opener")
    services.game_create(creator=creator, game_type="lacitta", seats=[SeatSpec("me"), SeatSpec("open")],
                         options={"edition": "modern", "expansion": "none", "setup": "beginner"})
    html = _text(client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE=language))
    row = re.search(r'<span class="opts">(.*?)</span>', html, re.S).group(1)
    assert expected in row
    assert not re.search(r"(^|·)\s*(None|Aucune?)\s*(·|$)", row), row


@pytest.mark.parametrize("game_type, options, players, expected, never", [
    # Two options offer "easy": each says which side it is.
    ("smallcity", {"board": "easy", "council": "easy"}, 2,
     ["District board side: Easy side", "Council board side (expert: the advanced game): Easy side"], "· Easy side"),
    # "Yes" alone says nothing of what is granted.
    ("cite", {"first_game_gift": "yes"}, 3, ["Beginners' gift: 3 Gold each at the start: Yes"], "Yes ·"),
])
def test_lobby_names_the_option_of_a_shared_or_bare_value(client, game_type, options, players, expected, never):
    creator = make_user("opener")
    services.game_create(creator=creator, game_type=game_type, options=options,
                         seats=[SeatSpec("me")] + [SeatSpec("open")] * (players - 1))
    html = _text(client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="en"))
    row = re.search(r'<span class="opts">(.*?)</span>', html, re.S).group(1).strip()
    for words in expected:
        assert words in row, row
    assert not row.startswith(never.strip("· ")) and never not in row, row


def test_french_names_the_option_with_french_spacing(client):
    creator = make_user("opener")
    services.game_create(creator=creator, game_type="cite", options={"first_game_gift": "no"},
                         seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("open")])
    html = _text(client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="fr"))
    row = re.search(r'<span class="opts">(.*?)</span>', html, re.S).group(1).strip()
    assert re.search(r" : Non$", row), row
