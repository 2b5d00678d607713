"""A spectator's page (no move-error box) shows the "database unreachable" answer
to an htmx request in the alert bar, and clears it when a request succeeds again.
The 503 itself is lacitta_site/unavailable.py's (tests/faults/test_database_down.py);
here the browser gets it from a routed poll, so the shared database is not touched."""

import pytest

from lacitta_site.unavailable import ALERT_TARGETS
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MESSAGE = "The site cannot reach its database for a moment."


def test_spectator_sees_the_alert_and_it_clears(new_page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    page = new_page()
    # The page polls only while it cannot hear its game's stream (issue 33): the stream is unreachable here.
    page.route("**/api/stream/pages/**", lambda route: route.abort())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert not page.is_visible("#site-alert")

    def unavailable(route):
        route.fulfill(status=503, body=MESSAGE, headers={"HX-Retarget": ALERT_TARGETS, "HX-Reswap": "innerHTML",
                                                          "Retry-After": "5"})

    page.route("**/poll/**", unavailable)
    page.wait_for_selector(f"#site-alert:has-text('{MESSAGE}')")
    assert page.is_visible("#site-alert")
    page.unroute("**/poll/**")
    page.wait_for_selector("#site-alert", state="hidden")  # the next poll succeeded
