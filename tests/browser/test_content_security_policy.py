"""The content security policy (settings.CONTENT_SECURITY_POLICY: no inline
script or style anywhere) holds on the pages people use: Chromium reports no
violation while a player opens the lobby, plays a move on a game page (htmx
poll, chat panel, move form) and reads the API documentation, and those pages
still work under it."""

import re

import pytest

from tests.browser.helpers import log_in
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_violations(page) -> list[str]:
    """Chromium writes every refused script, style, image or connection to the console."""
    found = []
    page.on("console", lambda msg: found.append(f"{page.url}: {msg.text}")
            if "Content Security Policy" in msg.text else None)
    return found


def test_pages_and_api_docs_pass_the_policy(new_page, live_server):
    base = live_server.url
    alice, bob = make_user("alice", password="alice-password-1"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])

    page = new_page()
    violations = watch_violations(page)
    page.goto(f"{base}/")
    log_in(page, base, "alice", "alice-password-1")
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_selector("[id^=chat-slot] form")  # the chat panel came in by htmx
    page.click(".move-form button.primary")  # a move through htmx
    page.wait_for_selector("text=Waiting for the other players.")

    page.goto(f"{base}/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock")  # Swagger UI drew the operations
    page.goto(f"{base}/api/redoc/")  # Redoc's old address: Swagger UI (Redoc needs inline styles)
    page.wait_for_url(re.compile(r".*/api/docs/"))
    page.wait_for_selector(".swagger-ui .opblock")
    page.wait_for_timeout(500)  # let late requests report too
    assert violations == []
