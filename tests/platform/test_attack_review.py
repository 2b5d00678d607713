"""Outside review of the merged features (issues 12, 13, 18, 20): malformed input on the new
endpoints answers with a clear error, never a 500, and changes nothing."""

import pytest
from django.urls import reverse

from games.models import Seat
from tests.pages.lacitta_helpers import lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def test_summary_dismissal_with_a_number_past_any_column_is_no_500(client):
    """``/games/<id>/seen/`` with version=10**30 (a forged form) overflowed the database integer (500)."""
    alice, bob = make_user("oa"), make_user("ob")
    game = lacitta_game([alice, bob])
    client.force_login(alice)
    response = client.post(reverse("games:summary_seen", args=[game.pk]), {"version": str(10 ** 30)})
    assert response.status_code == 302  # "all of it": capped at the game's version
    assert Seat.objects.get(game=game, index=0).seen_seq == game.version
    assert Seat.objects.get(game=game, index=1).seen_seq == 0
