"""Browser tests' fixtures (registered for every test folder by tests/conftest.py: the platform's
tests/browser and each game's tests/<game>/browser): Playwright for Python driving Debian's Chromium
(/usr/bin/chromium; CHROMIUM_PATH overrides it), against the live test server."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls the
# tests make around it are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    """Debian's Chromium when present; otherwise None lets Playwright use its own
    download (`python -m playwright install chromium`)."""
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 400
    contexts = []

    def make(language: str = "en"):
        context = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language},
                                      viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        return page

    yield make
    for context in contexts:
        context.close()
