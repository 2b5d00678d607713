import pytest

from ratings.models import Rating
from tests.community.helpers import finish
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_finished_game_is_rated(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    game = finish(game, [alice, bob])
    assert game.status == "finished"
    assert Rating.objects.filter(game_type="race").count() == 2
