"""Issue 43: a step of the move being built, asked from a page that shows the game's version, is answered with
the move panel and the board alone (games/partials/game_play_answer.html); the page keeps its heading and its
side (static/js/site.js). For every registered game with a builder: the part is byte for byte the move panel and
board of the whole body of the same step, so it shows nothing the body would not; every other asker (a stale
page, a spectator, an outsider, no version said) gets what it got before."""

import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from play import registry
from play.models import Game
from tests.platform.factories import make_user
from tests.platform.test_page_statements import position

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PLAY_START = '<div id="game-play" class="game-play">'
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# Elements an end tag of which the browser never supplies: one closed twice ends its parent early (the side
# of the page, a step's answer's places) where the browser reads it.
CONTAINERS = {"div", "section", "aside", "details", "form", "table", "ul", "ol", "nav", "svg", "fieldset"}


class Nesting(HTMLParser):
    """Each end tag of a container closes the container opened last, and none is left open."""

    def __init__(self):
        super().__init__()
        self.open, self.stray = [], []

    def handle_starttag(self, tag, attrs):
        if tag in CONTAINERS:
            self.open.append((tag, dict(attrs).get("id") or dict(attrs).get("class") or ""))

    def handle_endtag(self, tag):
        if tag not in CONTAINERS:
            return
        if self.open and self.open[-1][0] == tag:
            self.open.pop()
        else:
            self.stray.append(f"</{tag}> at line {self.getpos()[0]} inside {self.open[-3:]}")


def nesting_problems(html: str) -> list[str]:
    parser = Nesting()
    parser.feed(html)
    parser.close()
    return parser.stray + [f"<{tag} {name}> never closed" for tag, name in parser.open]


def step_url(client, game) -> str | None:
    url = reverse("games:detail", args=[game.pk])
    found = re.search(r'(?:href|hx-get)="' + re.escape(url) + r'\?m=([^"#]+)', client.get(url).content.decode())
    return f"{url}?m={unescape(found.group(1))}" if found else None


def play_part(html: str, end: str) -> str:
    """The move panel and the board: from the part's own element to the side that follows it."""
    assert html.count(PLAY_START) == 1, html[:300]
    return TOKEN.sub("csrf", html.split(PLAY_START, 1)[1].split(end, 1)[0])


def own_element(html: str) -> str:
    start = html.index('<div id="game-body"')
    return html[start:html.index(">", start)]


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_a_step_asked_at_the_games_version_is_the_move_panel_and_board_of_the_whole_body(slug):
    game, player = position(slug)
    mine = Client()
    mine.force_login(player)
    # A game without a builder (race): the page itself, which is also every builder's "cancel".
    url = step_url(mine, game) or reverse("games:detail", args=[game.pk])
    whole = mine.get(url, **HTMX).content.decode()  # as before: no version said (kept in the body's slot)
    part_response = mine.get(url, **HTMX, HTTP_X_GAME_VERSION=str(game.version))
    part = part_response.content.decode()
    again = mine.get(url, **HTMX).content.decode()  # the whole body's slot still holds the whole body

    assert part_response.status_code == 200
    assert 'class="log-lines"' in whole and 'class="log-lines"' in again and 'class="log-lines"' not in part
    assert "<h1>" in whole and "<h1>" not in part
    assert 'data-kept=":scope > section.game-head"' in part and 'data-kept=":scope > .game-grid > aside.side"' in part
    assert play_part(part, '<aside class="side" data-kept') == play_part(whole, '<aside class="side">')
    # The body's own element is the same, so the page's poll, stream and "your move" stay as they were.
    assert own_element(part) == own_element(whole)
    assert {"HX-Request", "X-Game-Version"} <= {v.strip() for v in part_response["Vary"].split(",")}


def test_a_page_behind_the_game_gets_the_whole_body():
    game, player = position("lacitta")
    mine = Client()
    mine.force_login(player)
    url = step_url(mine, game)
    stale = mine.get(url, **HTMX, HTTP_X_GAME_VERSION=str(game.version - 1)).content.decode()
    made_up = mine.get(url, **HTMX, HTTP_X_GAME_VERSION="not a number").content.decode()
    for body in (stale, made_up):
        assert 'class="log-lines"' in body and "data-kept" not in body and f'data-version="{game.version}"' in body


def test_a_spectator_and_an_outsider_get_what_they_got_before():
    game, player = position("lacitta")
    mine = Client()
    mine.force_login(player)
    url = step_url(mine, game)
    version = {"HTTP_X_GAME_VERSION": str(game.version)}
    watcher = Client()
    watcher.force_login(make_user("step-watcher"))
    seen = watcher.get(url, **HTMX, **version).content.decode()
    assert "data-kept" not in seen and 'class="log-lines"' in seen and 'id="move-error"' not in seen
    Game.objects.filter(pk=game.pk).update(is_private=True)
    outsider = watcher.get(url, **HTMX, **version)
    nowhere = watcher.get(reverse("games:detail", args=[10**9]), **HTMX, **version)
    assert outsider.status_code == nowhere.status_code == 404
    assert outsider.content == nowhere.content


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_every_games_body_and_step_answer_close_what_they_open(slug):
    """A game's stray end tag closes the body's grid early: the side left the grid (Small City's circle of
    cards, until this test), and a step's answer finds no side of the page to keep."""
    game, player = position(slug)
    mine = Client()
    mine.force_login(player)
    url = step_url(mine, game) or reverse("games:detail", args=[game.pk])
    answers = {"the player's body": mine.get(url, **HTMX).content.decode(),
               "a spectator's body": Client().get(url, **HTMX).content.decode(),
               "the step's answer": mine.get(url, **HTMX, HTTP_X_GAME_VERSION=str(game.version)).content.decode()}
    assert {what: nesting_problems(html) for what, html in answers.items()} == {what: [] for what in answers}
