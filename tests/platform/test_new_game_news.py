"""The news a new game's page opens with says what happened (issue 41's words): a table full at once (bots, a solo
game) has started; "Your game is open." only for a game that waits for players. It said "open" for both."""

import pytest
from django.urls import reverse

from tests.platform.factories import make_user
from tests.platform.test_a_second_game import NEW_GAME

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seat,language,news", [
    ("bot:perfect", "en", "Your game has started."), ("open", "en", "Your game is open."),
    ("bot:perfect", "fr", "Votre partie a commencé."), ("open", "fr", "Votre partie est ouverte."),
])
def test_the_new_games_news_says_whether_it_started_or_waits_for_players(client, seat, language, news):
    client.force_login(make_user("alice"))
    response = client.post(reverse("games:new"), {**NEW_GAME, "seat_2": seat}, HTTP_ACCEPT_LANGUAGE=language,
                           follow=True)
    messages = [str(m) for m in response.context["messages"]]
    assert messages == [news]
