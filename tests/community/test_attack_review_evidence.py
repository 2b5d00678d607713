"""Outside review of account-closure retention (issue 20 point 2): what a closed account left and
the site keeps as evidence is for staff only — the chat shows nothing of it to players, and neither
does the report page of one of its messages (message ids are sequential)."""

import pytest

from community import services
from community.account import account_delete
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def test_a_closed_accounts_kept_message_is_not_readable_on_its_report_page(client, alice, bob, mod):
    game = accept_all(race_game(alice, [bob]), [bob])
    kept = services.chat_post(game_id=game.pk, user=bob, text="you are an idiot")
    services.report_message(reporter=alice, message_id=kept.pk, reason="insult")  # kept as evidence
    account_delete(user=bob)
    url = f"/chat/{kept.pk}/report/"
    for player in (alice, make_user("passerby")):
        client.force_login(player)
        response = client.get(url)
        assert response.status_code == 404 and "idiot" not in response.content.decode()
        assert client.get(f"/games/{game.pk}/chat/").status_code == 200
        assert "idiot" not in client.get(f"/games/{game.pk}/chat/").content.decode()
    client.force_login(mod)
    assert "idiot" in client.get(url).content.decode()  # staff still read the evidence
