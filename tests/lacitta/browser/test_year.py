"""Two players play the whole first year of La Città by clicking, each in
their own browser, and each sees the other's moves arrive without reloading."""

import pytest

from play.models import Game
from tests.browser.helpers import log_in
from tests.lacitta.helpers import lacitta_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# a choice of the move panel (the board's targets listed as buttons are clicked on the board here)
CHOICE = ".step .choice:not(.board-choices .choice)"


def play_one_decision(page, turn_index):
    """Click through the move steps: build a farm on the board first, then
    take gold, else the first choice offered; then confirm."""
    for _ in range(10):
        confirm = page.locator("form.move-form button.primary")
        if confirm.count():
            confirm.first.click()
            return
        if turn_index == 0 and page.locator(CHOICE, has_text="Build a small building").count():
            page.locator(CHOICE, has_text="Build a small building").click()
        elif page.locator(CHOICE, has_text="Farmhouse").count():
            page.locator(CHOICE, has_text="Farmhouse").click()
        elif page.locator("svg.board a.target").count():
            page.locator("svg.board a.target").first.click()  # a highlighted hex on the board
        elif page.locator(CHOICE, has_text="Take 2 gold").count():
            page.locator(CHOICE, has_text="Take 2 gold").click()
        else:
            page.locator(CHOICE).first.click()
        # Wait for htmx to swap the next step in (a fixed pause was too short on a loaded machine).
        page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")
        page.wait_for_selector("form.move-form button.primary, .step .choice, svg.board a.target")
    raise AssertionError("no confirmation reached")


def test_two_players_play_the_first_year_by_clicking(new_page, live_server):
    base = live_server.url
    alice, bob = make_user("alice"), make_user("bob")
    game = lacitta_game([alice, bob], seed=11)
    pages = {}
    for user in (alice, bob):
        p = new_page()
        log_in(p, base, user.username)
        p.goto(f"{base}/games/{game.pk}/")
        pages[user.username] = p
    turns = {"alice": 0, "bob": 0}
    for _ in range(40):
        game.refresh_from_db()
        state_year = game.state["year"]
        if state_year >= 2 or game.status != Game.Status.ACTIVE:
            break
        mover = next(s.user.username for s in game.seats.filter(owes_move=True).order_by("index"))
        watcher = "bob" if mover == "alice" else "alice"
        page = pages[mover]
        page.wait_for_selector("text=Your move")
        before = game.version
        play_one_decision(page, turns[mover])
        turns[mover] += 1
        # The mover's own page shows the new state; the other page follows by itself.
        newer = ", ".join(f'#game-body[data-version="{before + n}"]' for n in (1, 2, 3))
        pages[watcher].wait_for_selector(newer, timeout=15000)
        game.refresh_from_db()
        assert game.version > before
    game.refresh_from_db()
    assert game.state["year"] >= 2, "the first year did not finish"
    assert turns["alice"] >= 5 and turns["bob"] >= 5
    for p in pages.values():
        p.wait_for_selector("text=Year 2 of 6")
    log = pages["bob"].inner_text(".log")
    assert "alice builds a farmhouse" in log
