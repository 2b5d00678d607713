"""A decision on a phone (390×844): the feeding banner sits below the Resign button, not under it,
and counts citizens in words (found playing a whole game, scripts/playthrough.py)."""

import pytest

from tests.browser.helpers import log_in
from tests.lacitta.helpers import find_decision

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def overlap(a, b):
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_feeding_banner_is_clear_of_the_resign_button(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    game, seat, _users = find_decision("feeding")  # R53
    user = game.seats.get(index=seat).user
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        banner = page.locator(".moves-card .decision")
        text = banner.inner_text()
        assert "must leave" in text and "(s)" not in text
        assert not overlap(banner.bounding_box(), page.locator(".moves-card .resign button").bounding_box())
    finally:
        context.close()
