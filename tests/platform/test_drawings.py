"""Issue 43: a position's board is drawn once for every viewer who sees the same thing (play/drawings.py).
What is kept follows from what the drawing is given: equal inputs share it, anything that differs (a seat's
own hidden part, the language, the position after a move) is drawn apart."""

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.lacitta import svg as lacitta_svg
from play import drawings
from play.models import Game
from tests.platform.test_page_statements import RENDERED, position
from tests.platform.test_step_answer import HTMX, step_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def draws(monkeypatch):
    """Counts the La Città board's shared drawings made (not served from the kept ones)."""
    caches[drawings.CACHE].clear()
    made = []
    shared_layers = lacitta_svg._shared_layers

    def counted(board, names):
        made.append(board["buildings"])
        return shared_layers(board, names)

    monkeypatch.setattr(lacitta_svg, "_shared_layers", counted)
    return made


def board_of(html: str) -> str:
    return html[html.index('<svg class="board"'):html.index("</svg>", html.index('<svg class="board"'))]


def test_a_la_citta_board_is_drawn_once_for_every_seat_spectator_and_builder_step(draws):
    game, player = position("lacitta")
    url = reverse("games:detail", args=[game.pk])
    boards = []
    for seat in game.seats.all():
        client = Client()
        client.force_login(seat.user)
        boards.append(board_of(client.get(f"{url}?{RENDERED}").content.decode()))
    boards.append(board_of(Client().get(f"{url}?{RENDERED}").content.decode()))
    mine = Client()
    mine.force_login(player)
    step = mine.get(step_url(mine, game), **HTMX, HTTP_X_GAME_VERSION=str(game.version)).content.decode()
    assert len(draws) == 1  # 4 seats, a spectator and a step: one drawing
    boards.append(board_of(step))
    buildings = re.findall(r'<g class="building [^"]+" data-cell="\d+"', boards[-1])
    assert buildings and all(re.findall(r'<g class="building [^"]+" data-cell="\d+"', b) == buildings
                             for b in boards)


def test_a_move_and_another_language_draw_the_board_again(draws):
    game, player = position("lacitta")
    url = reverse("games:detail", args=[game.pk])
    spectator = Client()
    english = board_of(spectator.get(f"{url}?{RENDERED}").content.decode())
    french = board_of(spectator.get(f"{url}?{RENDERED}", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert len(draws) == 2
    assert 'aria-label="The board"' in english and 'aria-label="Le plateau"' in french
    from play import bots, registry, services

    engine = registry.definition("lacitta").engine
    for _ in range(6):  # moves until a building changes the board (a build, an action card…)
        game = Game.objects.get(pk=game.pk)
        state = engine.load(game.state)
        seat = sorted(engine.pending(state))[0]
        move = bots.choose_move("lacitta", "random", engine, state, seat, seed=game.version)
        user = game.seats.get(index=seat).user
        services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    after = board_of(spectator.get(f"{url}?{RENDERED}").content.decode())
    assert len(draws) >= 3 and draws[-1] != draws[0]
    assert after != english


def test_equal_inputs_share_one_drawing_and_different_inputs_are_drawn_apart():
    caches[drawings.CACHE].clear()
    made = []

    def draw(cards, seat):
        made.append(seat)
        return f"{seat}: {', '.join(cards)}"

    assert drawings.drawn_once("test.hand", draw, ["a", "b"], 0) == "0: a, b"
    assert drawings.drawn_once("test.hand", draw, ["a", "b"], 0) == "0: a, b"  # equal, not the same list
    assert drawings.drawn_once("test.hand", draw, ["a", "c"], 0) == "0: a, c"  # another seat's hidden hand
    assert drawings.drawn_once("test.hand", draw, ["a", "b"], 1) == "1: a, b"
    assert drawings.drawn_once("test.other", draw, ["a", "b"], 0) == "0: a, b"  # another drawing's name
    with translation.override("fr"):
        drawings.drawn_once("test.hand", draw, ["a", "b"], 0)
    assert made == [0, 0, 1, 0, 0]


def test_a_drawing_takes_plain_data_only():
    """A set has no order to make a key of, an object may not say all it holds: refused, not guessed."""
    with pytest.raises(TypeError, match="plain data, not set"):
        drawings.drawn_once("test.set", lambda cells: "", {1, 2})
    with pytest.raises(TypeError, match="plain data, not object"):
        drawings.drawn_once("test.object", lambda thing: "", object())
