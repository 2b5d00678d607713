"""Issue 13, defect 3: on a development site (DEBUG, no mail server) a new visitor finishes sign-up
from the browser through the local outbox page, and every demo account logs in as the README says."""

import re
from html import unescape

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"


@pytest.fixture
def dev_site(tmp_path, settings):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = FILE_BACKEND
    settings.EMAIL_FILE_PATH = str(tmp_path / "outbox")
    return tmp_path


def test_sign_up_is_finished_through_the_local_outbox(client, dev_site):
    response = client.post(reverse("account_signup"), {
        "email": "newcomer@example.com", "username": "newcomer",
        "password1": "a-long-pass-phrase-42", "password2": "a-long-pass-phrase-42"}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200 and "Verify Your Email Address" in html
    outbox_url = reverse("dev_outbox")
    assert f'href="{outbox_url}"' in html  # the "check your e-mail" page leads to the outbox
    outbox = client.get(outbox_url).content.decode()
    links = [unescape(u) for u in re.findall(r'href="(http://testserver/accounts/confirm-email/[^"]+)"', outbox)]
    assert len(links) == 1, outbox
    confirm_path = links[0].removeprefix("http://testserver")
    assert client.get(confirm_path).status_code == 200
    client.post(confirm_path, follow=True)
    me = client.get(reverse("games:mine"))
    assert me.status_code == 200 and me.wsgi_request.user.username == "newcomer"


def test_outbox_page_does_not_exist_outside_debug(client, settings, tmp_path):
    settings.DEBUG = False
    settings.EMAIL_BACKEND = FILE_BACKEND
    settings.EMAIL_FILE_PATH = str(tmp_path)
    assert client.get(reverse("dev_outbox")).status_code == 404


def test_outbox_page_needs_the_file_backend(client, settings):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert client.get(reverse("dev_outbox")).status_code == 404


def test_outbox_with_no_mail_says_so(client, dev_site):
    assert "No e-mail has been sent yet." in client.get(reverse("dev_outbox")).content.decode()


@pytest.mark.parametrize("username", ["demo", "rival", "admin"])
def test_every_demo_account_logs_in_as_the_readme_says(client, username):
    call_command("seed_demo", stdout=open("/dev/null", "w"))
    response = client.post(reverse("account_login"), {"login": username, "password": "demo-password"})
    assert response.status_code == 302
    assert "confirm-email" not in response["Location"] and "verif" not in response["Location"]
    assert client.get(reverse("games:mine")).wsgi_request.user.username == username


@override_settings(DEBUG=True)
def test_settings_choose_the_file_backend_on_a_development_site(monkeypatch):
    """The embedded default: DEBUG without any mail setting writes files for the outbox."""
    import importlib

    import lacitta_site.settings.base as base

    for name in ("ANYMAIL_BACKEND", "EMAIL_HOST", "EMAIL_BACKEND"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEBUG", "1")
    try:
        reloaded = importlib.reload(base)
        assert reloaded.EMAIL_BACKEND == FILE_BACKEND and reloaded.EMAIL_FILE_PATH.endswith("mail-outbox")
    finally:
        monkeypatch.undo()
        importlib.reload(base)
