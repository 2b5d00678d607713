"""Issue 29: the name of a choice says what it does. On every registered game's page (the ones added later
too), at every step of a move built by clicks, no two choices of the move panel have the same name, nor
two places highlighted on the board: a screen reader's list of buttons tells them apart (seven demolition
buttons had four names; the 2–2 Voice's buttons said only "Culture" and "Education"). Random games,
every seat's page at every move, and the steps that follow each page's first choice."""

import random
from collections import Counter
from html.parser import HTMLParser

import pytest
from django.test import Client

from kit import params
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

MOVES_PER_GAME = 80  # random moves in each game, a page (and its following steps) read after each
STEPS_FOLLOWED = 4


class Choices(HTMLParser):
    """The accessible names of a page's choices: its ``data-choice`` controls (their text), list by list (a
    game may list the same choices twice, one list shown on a phone, the other on a wide screen), and the
    board's ``data-board-target`` places (their aria-label)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lists: dict[int, list[str]] = {}
        self.board, self.first_url = [], None
        self._open: list[list] = []  # [tag, text parts, list] of each data-choice element being read
        self._lists: list[int] = [0]  # the lists (ul, ol) around the place being read
        self._count = 0

    @property
    def panel(self) -> list[list[str]]:
        return list(self.lists.values())

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("ul", "ol"):
            self._count += 1
            self._lists.append(self._count)
        if "data-board-target" in attrs:
            self.board.append(attrs.get("aria-label") or "")
        if "data-choice" in attrs:
            self._open.append([tag, [], self._lists[-1]])
            url = attrs.get("hx-get") or attrs.get("href")
            if self.first_url is None and url:
                self.first_url = url
        elif self._open and tag == self._open[-1][0]:
            self._open.append([tag, None, None])  # the same tag nested: not a choice of its own

    def handle_endtag(self, tag):
        if tag in ("ul", "ol") and len(self._lists) > 1:
            self._lists.pop()
        if self._open and self._open[-1][0] == tag:
            _tag, parts, within = self._open.pop()
            if parts is not None:
                self.lists.setdefault(within, []).append(" ".join(" ".join(parts).split()))

    def handle_data(self, data):
        for _tag, parts, _within in self._open:
            if parts is not None:
                parts.append(data)


def _same_names(names: list[str]) -> list[str]:
    return [f"{n}× {name!r}" for name, n in Counter(names).items() if n > 1]


def _problems(client: Client, url: str, where: str) -> list[str]:
    found = []
    for depth in range(STEPS_FOLLOWED):
        response = client.get(url)
        assert response.status_code == 200, (where, url, response.status_code)
        page = Choices()
        page.feed(response.content.decode())
        for kind, names in [("choices", names) for names in page.panel] + [("board places", page.board)]:
            found += [f"{where}, step {depth + 1}: {kind} with the same name: {same}"
                      for same in _same_names(names)]
        if page.first_url is None or "?m=" not in page.first_url:
            break
        url = page.first_url
    return found


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_no_two_choices_of_a_step_have_the_same_name(slug):
    definition = registry.definition(slug)
    engine = definition.engine
    players = max(engine.min_players, min(3, engine.max_players))
    users = [make_user(f"{slug[:8]}-names{i}") for i in range(players)]
    options = dict(definition.demo_options[0]) if definition.demo_options else {}
    game = services.game_create(creator=users[0], game_type=slug, options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=5)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    rng, problems = random.Random(5), []
    for move_number in range(MOVES_PER_GAME):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.load(game.state)
        for seat in sorted(engine.pending(state)):
            problems += _problems(clients[seat], f"/games/{game.pk}/", f"move {move_number}, seat {seat}")
        seat = rng.choice(sorted(engine.pending(state)))
        move = params.concrete(engine, state, seat, rng.choice(engine.legal_moves(state, seat)), rng)
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    assert not problems, "\n".join(problems[:20])
