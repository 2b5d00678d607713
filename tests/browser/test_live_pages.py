"""Issue 33: two browsers on one game. A move made in one appears in the other through the game's stream,
with the page's polls off while the stream is heard (counted: no poll, no chat poll, one fetch for the
new body); with the stream unreachable the page polls as before and the move arrives all the same."""

import re

import pytest

from community import services as chat
from tests.browser.helpers import log_in
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Requests:
    """The page's polls (game and chat) and its stream, as the browser sends them."""

    def __init__(self, page):
        self.polls, self.chat_polls, self.streams = [], [], []
        page.on("request", self._seen)

    def _seen(self, request):
        if "/poll/" in request.url:
            self.polls.append(request.headers.get("x-page-stream"))
        elif re.search(r"/chat/\?", request.url):
            self.chat_polls.append(request.url)
        elif "/api/stream/pages/" in request.url:
            self.streams.append(request.url)

    def clear(self):
        self.polls.clear()
        self.chat_polls.clear()


def _players(new_page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])  # alice moves first
    pages = []
    for user in (alice, bob):
        page = new_page()
        log_in(page, live_server.url, user.username)
        pages.append(page)
    return alice, bob, game, pages


def test_a_move_reaches_the_other_browser_through_the_stream_with_polling_off(new_page, live_server, settings):
    alice, bob, game, (alice_page, bob_page) = _players(new_page, live_server)
    seen = Requests(bob_page)
    for page in (alice_page, bob_page):
        with page.expect_response(re.compile(r"/api/stream/pages/\d+/$")):
            page.goto(f"{live_server.url}/games/{game.pk}/")
    bob_page.wait_for_selector(f"#chat-{game.pk}")
    bob_page.wait_for_timeout(800)  # the stream's first event heard
    seen.clear()
    bob_page.wait_for_timeout(2500)  # six poll intervals (400 ms) and half a chat poll's
    assert seen.polls == [] and seen.chat_polls == [], "the page polled while its stream was heard"
    assert len(seen.streams) == 1

    alice_page.select_option("select[name=move]", label="add (n: 2)")
    alice_page.click("form.move-form button")
    bob_page.wait_for_selector("text=alice adds 2 (total 2).")
    bob_page.wait_for_selector("select[name=move]")  # his turn, and his move panel
    assert seen.polls == ["1"], "one fetch, asked by the stream, for the new body"

    # A chat line arrives the same way: one chat fetch, no poll.
    chat.chat_post(game_id=game.pk, user=alice, text="your move, bob")
    bob_page.wait_for_selector(f"#chat-{game.pk} >> text=your move, bob")
    assert seen.polls == ["1"] and len(seen.chat_polls) == 1
    # Alice's own page showed her move's answer: the stream's news was no news to it.
    assert alice_page.locator("#game-body").get_attribute("data-version") == "2"


def test_without_the_stream_the_page_polls_and_the_move_arrives_all_the_same(new_page, live_server, settings):
    alice, bob, game, (alice_page, bob_page) = _players(new_page, live_server)
    bob_page.route(re.compile(r".*/api/stream/pages/.*"), lambda route: route.abort("connectionrefused"))
    seen = Requests(bob_page)
    bob_page.goto(f"{live_server.url}/games/{game.pk}/")
    alice_page.goto(f"{live_server.url}/games/{game.pk}/")
    bob_page.wait_for_selector(f"#chat-{game.pk}")
    bob_page.wait_for_timeout(2000)
    assert len(seen.polls) >= 3, "the page did not fall back to polling"
    assert seen.streams, "the page did not try its stream"

    alice_page.select_option("select[name=move]", label="add (n: 2)")
    alice_page.click("form.move-form button")
    bob_page.wait_for_selector("text=alice adds 2 (total 2).")
    bob_page.wait_for_selector("select[name=move]")
    assert bob_page.locator(".error, #site-alert:not(:empty)").count() == 0  # nothing said about it


def test_a_stream_that_says_nothing_is_given_up_for_polling(new_page, live_server, settings):
    """A proxy that buffers the stream: the headers come, no event does; the page polls."""
    alice, bob, game, (alice_page, bob_page) = _players(new_page, live_server)
    bob_page.route(re.compile(r".*/api/stream/pages/.*"), lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream"}, body=": buffered\n\n"))
    seen = Requests(bob_page)
    bob_page.goto(f"{live_server.url}/games/{game.pk}/")
    bob_page.wait_for_timeout(2000)
    assert len(seen.polls) >= 3
    alice_page.goto(f"{live_server.url}/games/{game.pk}/")
    alice_page.select_option("select[name=move]", label="add (n: 2)")
    alice_page.click("form.move-form button")
    bob_page.wait_for_selector("text=alice adds 2 (total 2).")
