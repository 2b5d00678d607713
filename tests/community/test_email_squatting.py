"""Issue 26 point 7: a user added a stranger's unregistered address, unverified, to their own account; the
stranger's sign-up was refused with "use password reset", and that reset logged the stranger into the
squatter's account. An unverified address reserves nothing (community/email_ownership.py)."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db
User = get_user_model()
STRANGER = "stranger@example.com"


def _links(message) -> list[str]:
    return re.findall(r"https?://[^/\s]+(/\S+)", message.body)


def _squatted():
    squatter = make_user("squatter")
    client = Client()
    client.force_login(squatter)
    client.post("/accounts/email/", {"action_add": "", "email": STRANGER})
    assert EmailAddress.objects.filter(user=squatter, email=STRANGER, verified=False).exists()
    return squatter


def _sign_up(client):
    return client.post("/accounts/signup/", {"username": "stranger", "email": STRANGER,
                                             "password1": "a-long-password-9", "password2": "a-long-password-9"})


def test_signup_with_an_address_only_unverified_elsewhere_succeeds(client):
    _squatted()
    mail.outbox.clear()
    assert _sign_up(client).status_code == 302
    stranger = User.objects.get(username="stranger")
    assert EmailAddress.objects.filter(user=stranger, email=STRANGER, verified=False).exists()
    assert len(mail.outbox) == 1 and "already" not in mail.outbox[0].body.lower()


def test_a_password_reset_is_sent_only_for_an_account_that_verified_the_address(client):
    squatter = _squatted()
    mail.outbox.clear()
    client.post("/accounts/password/reset/", {"email": STRANGER})
    assert not any("/password/reset/key/" in link for m in mail.outbox for link in _links(m))
    # The squatter's account has no password reset by that address, however often it is asked.
    assert not squatter.emailaddress_set.filter(email=STRANGER, verified=True).exists()


def test_when_the_owner_verifies_the_unverified_copy_elsewhere_is_dropped(client):
    squatter = _squatted()
    mail.outbox.clear()
    _sign_up(client)
    stranger = User.objects.get(username="stranger")
    confirm = next(link for link in _links(mail.outbox[-1]) if "confirm-email" in link)
    client.post(confirm)
    assert EmailAddress.objects.get(user=stranger, email=STRANGER).verified
    assert not EmailAddress.objects.filter(user=squatter, email=STRANGER).exists()
    assert User.objects.get(pk=squatter.pk).email == "squatter@example.com"
    # Now the reset reaches the stranger's own account, never the squatter's.
    mail.outbox.clear()
    Client().post("/accounts/password/reset/", {"email": STRANGER})
    resets = [link for m in mail.outbox for link in _links(m) if "/password/reset/key/" in link]
    assert len(resets) == 1
    owner = Client()
    form = owner.get(resets[0], follow=True)
    form_url = form.redirect_chain[-1][0] if form.redirect_chain else resets[0]
    done = owner.post(form_url, {"password1": "brand-new-pass-42", "password2": "brand-new-pass-42"})
    assert done.status_code == 302
    assert User.objects.get(pk=stranger.pk).check_password("brand-new-pass-42")
    assert not User.objects.get(pk=squatter.pk).check_password("brand-new-pass-42")


def test_a_verified_address_is_still_one_accounts(client):
    make_user("owner")  # owner@example.com, verified
    mail.outbox.clear()
    response = client.post("/accounts/signup/", {"username": "copycat", "email": "owner@example.com",
                                                 "password1": "a-long-password-9",
                                                 "password2": "a-long-password-9"})
    assert response.status_code == 302  # allauth hides it (enumeration) and mails the owner instead
    assert not User.objects.filter(username="copycat").exists()
