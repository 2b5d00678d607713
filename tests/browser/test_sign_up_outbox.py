"""Issue 13, defect 3, in a browser: on a development site a new visitor signs up, opens the local
outbox from the "check your e-mail" page, follows the confirmation link and is logged in."""

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_finished_from_the_browser(new_page, live_server, settings, tmp_path):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path / "outbox")
    page = new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=email]", "visitor@example.com")
    page.fill("input[name=username]", "visitor")
    page.fill("input[name=password1]", "a-long-pass-phrase-42")
    page.fill("input[name=password2]", "a-long-pass-phrase-42")
    page.click("form button[type=submit]")
    page.click("text=Open the local outbox to read the e-mail")
    page.locator("a", has_text="/accounts/confirm-email/").first.click()
    page.locator("form button[type=submit]", has_text=re.compile("Confirm", re.I)).first.click()
    page.goto(f"{live_server.url}/games/mine/")
    assert re.search(r"/games/mine/$", page.url)  # not sent to the login page
    assert page.locator("text=visitor").count()
