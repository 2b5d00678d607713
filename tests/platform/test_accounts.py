"""Accounts (django-allauth): sign up with e-mail confirmation, log in and out,
password reset, change of e-mail and password, in the site's layout."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = pytest.mark.django_db


def _link(message) -> str:
    return re.search(r"https?://[^/]+(/\S+)", message.body).group(1)


def test_signup_confirm_login_logout(client):
    response = client.post("/accounts/signup/", {
        "username": "newbie", "email": "newbie@example.com",
        "password1": "a-long-password-9", "password2": "a-long-password-9",
    })
    assert response.status_code == 302
    user = get_user_model().objects.get(username="newbie")
    assert len(mail.outbox) == 1 and "newbie@example.com" in mail.outbox[0].to
    # Not confirmed yet: logging in asks for the confirmation.
    client.logout()
    login = client.post("/accounts/login/", {"login": "newbie", "password": "a-long-password-9"})
    assert login.status_code == 302 and "confirm-email" in login["Location"]
    confirm_url = _link(mail.outbox[-1])
    client.post(confirm_url)
    assert user.emailaddress_set.get().verified
    login = client.post("/accounts/login/", {"login": "newbie", "password": "a-long-password-9"})
    assert login.status_code == 302
    page = client.get("/games/mine/")
    assert page.status_code == 200 and "newbie" in page.content.decode()
    client.post("/accounts/logout/")
    assert client.get("/games/mine/").status_code == 302


def test_signup_errors_are_shown(client):
    response = client.post("/accounts/signup/", {"username": "x", "email": "not-an-email",
                                                 "password1": "short", "password2": "other"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Enter a valid email address" in html
    assert not get_user_model().objects.filter(username="x").exists()


def test_password_reset_sends_a_link_that_works(client):
    from tests.platform.factories import make_user

    make_user("forgetful")
    client.post("/accounts/password/reset/", {"email": "forgetful@example.com"})
    assert len(mail.outbox) == 1
    reset_url = _link(mail.outbox[0])
    form_page = client.get(reset_url, follow=True)
    assert form_page.status_code == 200
    form_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else reset_url
    done = client.post(form_url, {"password1": "brand-new-pass-42", "password2": "brand-new-pass-42"})
    assert done.status_code == 302
    assert get_user_model().objects.get(username="forgetful").check_password("brand-new-pass-42")


def test_change_password_and_email(client):
    from tests.platform.factories import make_user

    user = make_user("mover", password="old-password-77")
    client.force_login(user)
    response = client.post("/accounts/password/change/", {
        "oldpassword": "old-password-77", "password1": "new-password-88", "password2": "new-password-88"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-password-88")
    page = client.get("/accounts/email/")
    assert page.status_code == 200 and "Change password" in page.content.decode()
    client.post("/accounts/email/", {"action_add": "", "email": "moved@example.com"})
    assert any("moved@example.com" in m.to for m in mail.outbox)


def test_account_pages_use_the_site_layout(client):
    html = client.get("/accounts/login/").content.decode()
    assert 'class="topbar"' in html and "htmx" in html
