"""The browser fixtures of tests/browser, for Infinite City's own browser test."""

from tests.browser.conftest import browser, new_page  # noqa: F401
