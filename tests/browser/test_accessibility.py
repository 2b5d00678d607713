"""Issue 19: axe-core's WCAG 2.0–2.2 A/AA rules find nothing on the site's own pages: lobby, log in,
sign up, my games, leaderboards, the new-game form with every seat shown (the invitation fields of seats
2–5 have labels), in English and in French; and the language menu does not leave the page on ArrowDown
(WCAG 3.2.2) but on Enter."""

import pytest

from tests.browser.axe import Audit
from tests.browser.helpers import log_in
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = [("lobby", "/"), ("my games", "/games/mine/"), ("leaderboards", "/ratings/"),
         ("La Città leaderboard", "/ratings/lacitta/"), ("new game", "/games/new/")]


def test_site_pages_have_no_axe_violation(new_page, live_server):
    audit = Audit()
    base = live_server.url
    race_game(make_user("axe-host"), open_seats=1)  # a game in the lobby's list
    for language in ("en", "fr"):
        page = new_page(language)
        for name, path in (("lobby, logged out", "/"), ("log in", "/accounts/login/"),
                           ("sign up", "/accounts/signup/")):
            page.goto(base + path)
            audit.check(page, f"{name} ({language})")
        user = make_user(f"axe-{language}")
        mine = race_game(user, bots=("random",))  # one of "my games"
        log_in(page, base, user.username)
        for name, path in PAGES:
            page.goto(base + path)
            audit.check(page, f"{name} ({language})")
        page.goto(f"{base}/games/{mine.pk}/")  # a game drawn by the platform's own templates
        audit.check(page, f"a test game's page ({language})")
        page.goto(base + "/games/new/")
        page.select_option("select[name=players]", "5")  # every seat's fields shown
        page.wait_for_selector("[data-seat='5']:not([hidden])")
        for n in range(2, 6):  # each seat invites someone: its username field shows, with its label
            page.select_option(f"[data-seat='{n}'] select", "invite")
        page.wait_for_selector("[data-seat='5'] .invite-user:not([hidden])")
        audit.check(page, f"new game, 5 players ({language})")
    audit.assert_clean()


def test_language_menu_changes_on_enter_not_on_arrow_down(new_page, live_server):
    page = new_page("en")
    page.goto(live_server.url + "/accounts/login/")
    menu = page.locator("select[name=language]")
    menu.focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.lang") == "en"  # still here: no change of context
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.lang === 'fr'")


def test_a_refused_log_in_puts_the_focus_on_its_error(new_page, live_server):
    """Issue 29: log-in and sign-up errors were neither focused nor announced (the focus stayed at the top)."""
    user = make_user("focus-on-error")
    page = new_page("en")
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=login]", user.username)
    page.fill("input[name=password]", "not-the-password")
    page.click("form button[type=submit]")
    page.wait_for_selector(".errorlist")
    focused = page.evaluate("document.activeElement.className + ' ' + document.activeElement.textContent")
    assert "errorlist" in focused and "not correct" in focused
