"""Outside review of the appeal-by-e-mail link (issue 20 point 6): an expired link, a link whose
signature was made for something else, and a replayed link change nothing."""

import time

import pytest
from django.core import signing

from community import moderation, notices
from community.models import Sanction

pytestmark = pytest.mark.django_db


def test_an_expired_appeal_link_is_refused_and_changes_nothing(client, monkeypatch, mod, bob):
    moderation.user_warn(moderator=mod, user_id=bob.pk, reason="careful")
    sanction = Sanction.objects.get(user=bob)
    too_old = int(time.time()) - (notices.APPEAL_LINK_DAYS + 1) * 86400
    with monkeypatch.context() as m:  # the link was mailed longer ago than it works
        m.setattr(signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(too_old))
        token = notices.appeal_token(sanction)
    response = client.post(f"/account/appeal/link/{token}/", {"text": "let me off"})
    assert response.status_code == 404 and "not valid or has expired" in response.content.decode()
    assert client.get(f"/account/appeal/link/{notices.appeal_token(sanction)}/").status_code == 200  # a fresh one


def test_a_value_signed_for_something_else_is_no_appeal_link(client, mod, bob):
    moderation.user_warn(moderator=mod, user_id=bob.pk, reason="careful")
    sanction = Sanction.objects.get(user=bob)
    for token in (signing.dumps({"s": sanction.pk, "u": bob.pk}),  # the default salt: another feature's
                  signing.dumps([sanction.pk, bob.pk], salt=notices.APPEAL_SALT),
                  signing.dumps({"s": "1 OR 1=1", "u": None}, salt=notices.APPEAL_SALT)):
        response = client.post(f"/account/appeal/link/{token}/", {"text": "x"})
        assert response.status_code == 404, token
    assert not Sanction.objects.filter(appealed_at__isnull=False).exists()
