"""What the browser tests share."""

import re

TEST_PASSWORD = "pw-for-tests-123"  # tests.platform.factories.make_user's default


def log_in(page, base, username, password=TEST_PASSWORD):
    """Log in through the login form, as a person does; lands on "my games"."""
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r".*/games/mine/"))
