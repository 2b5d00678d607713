"""Issue 12, item 10: sign-up accepted ``dеmo`` (Cyrillic е), full-width ``ｄｅｍｏ``
stored as typed, and ``deleted-1`` (the name closed accounts take)."""

import pytest
from django.contrib.auth import get_user_model

from community.usernames import skeleton, validate_username
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup(client, username, email=None):
    email = email or f"u{abs(hash(username)) % 10**8}@example.com"
    password = "a-long-password-9"
    return client.post("/accounts/signup/", {"username": username, "email": email,
                                             "password1": password, "password2": password})


@pytest.mark.parametrize("name,why", [
    ("dеmo", "alphabets"),  # Cyrillic е inside Latin letters
    ("ｄｅｍｏ", "taken"),  # full width: demo once normalised
    ("DEMO", "taken"),
    ("Demo ", "taken"),
    ("deleted-1", "closed accounts"),
    ("Deleted-42", "closed accounts"),
    ("ԁеmо", "alphabets"),
])
def test_signup_refuses_names_that_pass_for_another(client, name, why):
    make_user("demo")
    response = signup(client, name)
    assert response.status_code == 200 and why in response.content.decode(), name
    assert User.objects.count() == 1


def test_a_whole_name_in_another_alphabet_that_looks_like_an_existing_one_is_refused(client):
    make_user("ape")
    response = signup(client, "аре")  # all Cyrillic: not mixed, but reads as "ape"
    assert response.status_code == 200 and "looks too much like" in response.content.decode()
    make_user("аху")  # an existing Cyrillic name…
    response = signup(client, "axy")  # …and its Latin look-alike
    assert response.status_code == 200 and "looks too much like" in response.content.decode()


def test_names_are_stored_normalised_and_different_names_pass(client):
    make_user("jose")
    assert signup(client, "ｎｅｗｂｉｅ").status_code == 302
    assert User.objects.filter(username="newbie").exists()
    assert signup(client, "josé").status_code == 302  # an accented Latin letter is another letter
    assert signup(client, "Дмитрий").status_code == 302  # a name in one other alphabet is welcome
    assert signup(client, "deleted-user-fan").status_code == 302


def test_skeleton_and_validator_directly():
    assert skeleton("dеmo") == skeleton("DEMO") == "demo"
    make_user("rival")
    with pytest.raises(Exception, match="taken"):
        validate_username("RIVAL")
    validate_username("rivals")
