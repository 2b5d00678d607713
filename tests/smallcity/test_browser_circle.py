"""The circle of cards drawn as a ring (issue 41, SC21; solo SC111): at 1280×800 and at 390×844 the face-up
action cards go round the ring's middle clockwise in circle order (each card's neighbours beside it, the last
next to the first), none over another, the page never wider than the phone; read as text, each card says its
name, what it does and which two cards it sits between."""

import math
import random

import pytest

from play.models import Game
from play.services.playing import move_apply
from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.helpers import _first
from tests.smallcity.pages import ENGINE, sc_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/sc4_shots"
CARDS = """() => {
  const ol = document.querySelector('.sc-circle ol.sc-cards'), o = ol.getBoundingClientRect();
  return [...ol.querySelectorAll('li.sc-card')].map(li => { const r = li.getBoundingClientRect();
    return {x: r.left + r.width / 2 - (o.left + o.width / 2), y: r.top + r.height / 2 - (o.top + o.height / 2),
            left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: li.textContent}; });
}"""


def _game_at_pick(players: int, name: str):
    """A game whose every seat's setup is made through the service up to the cards' phase (SC21)."""
    users = [make_user(f"{name}{i}") for i in range(players)]
    game = sc_game(users, seed=11)
    rng = random.Random(0)
    for _ in range(40):
        game = Game.objects.get(pk=game.pk)
        state = ENGINE.load(game.state)
        if state.phase == "pick" and state.circle:
            return game, users
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        move_apply(game_id=game.pk, user=users[seat], move=_first(state, seat, legal, rng),
                   expected_version=game.version)
    raise AssertionError("no card phase")


def _clockwise(cards) -> list[float]:
    """The turn (in degrees, clockwise on screen) from each card to the next round the middle, the last to the
    first."""
    angles = [math.degrees(math.atan2(c["y"], c["x"])) for c in cards]  # screen y grows downwards: clockwise
    return [(angles[(i + 1) % len(angles)] - a) % 360 for i, a in enumerate(angles)]


@pytest.mark.parametrize("players, size", [(3, (1280, 800)), (3, (390, 844)), (1, (390, 844))])
def test_SC21_the_circle_of_cards_is_a_ring(browser, live_server, players, size):
    game, users = _game_at_pick(players, f"ring{players}{size[0]}")
    n = len(ENGINE.load(game.state).circle)
    assert n == (8 if players > 1 else 4)
    phone = size[0] < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        log_in(page, live_server.url, users[0].username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        section = page.locator(".sc-circle")
        section.scroll_into_view_if_needed()
        section.screenshot(path=f"{SHOTS}/circle_{players}p_{size[0]}.png")
        cards = page.evaluate(CARDS)
        assert len(cards) == n
        turns = _clockwise(cards)
        assert all(0 < t < 180 for t in turns) and round(sum(turns)) == 360, turns  # once round, clockwise
        for i, a in enumerate(cards):
            assert a["left"] >= 0 and a["right"] <= size[0], a
            for b in cards[i + 1:]:
                assert (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"]
                        or b["bottom"] <= a["top"]), (a["text"], b["text"])
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        state = ENGINE.load(game.state)
        first, second, last = state.circle[0], state.circle[1], state.circle[-1]
        from games.smallcity import texts
        with_names = {c: f"{c} · {texts.CARDS[c]}" for c in state.circle}
        assert cards[0]["text"].startswith(with_names[first])
        assert str(texts.CARD_POWERS[first]) in cards[0]["text"]
        assert f"between {with_names[last]} and {with_names[second]}" in cards[0]["text"], cards[0]["text"]
        described = page.locator(".sc-circle ol.sc-cards").get_attribute("aria-describedby")
        assert "clockwise" in page.locator(f"#{described}").inner_text()
    finally:
        context.close()
