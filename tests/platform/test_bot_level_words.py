"""Bot levels are words of the reader's language wherever a page names them (issue 13, text polish)."""

import pytest

from play.models import Seat
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def test_a_stand_in_bot_is_named_in_the_readers_language(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    Seat.objects.filter(game=game, index=1).update(substitute_bot="random")
    client.force_login(alice)
    french = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "un bot aléatoire joue pour l'instant" in french
    english = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "a random bot plays for now" in english
