"""Issue 39 point 4: a seat offer is tied to the seat's holder when it is made; it lapses when the seat
changes hands or after ``SEAT_OFFER_DAYS`` days, both sides are told (the player it was made to and the
moderator who made it), and accepting it then answers with the reason and changes nothing. (An offer for a
seat given to a bot was accepted later and took the seat from the bot.)"""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from community import game_moderation, seat_offers
from community.models import SeatOffer
from community.tasks import lapse_seat_offers
from play.errors import Conflict
from play.models import Seat
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm(db):
    return make_user("gm", staff=True)


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob], target="15"), [bob])


def offer_to_carol(gm, game, carol):
    with committed():
        return game_moderation.seat_offer(moderator=gm, game_id=game.pk, seat_index=1, username="carol",
                                          reason="bob asked to stop")


def lapse_mails(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and "lapsed" in m.subject]


def test_an_offer_for_a_seat_given_to_a_bot_since_lapses_and_cannot_take_it(gm, bob, carol, game):
    offer = offer_to_carol(gm, game, carol)
    assert offer.holder == {"kind": "human", "user": bob.pk, "bot": ""}
    with committed():
        game_moderation.seat_give_to_bot(moderator=gm, game_id=game.pk, seat_index=1, bot_level="random",
                                         reason="bob left")
    assert SeatOffer.objects.get(pk=offer.pk).status == "lapsed"
    assert len(lapse_mails(carol)) == 1 and len(lapse_mails(gm)) == 1  # both sides told
    assert "changed hands" in lapse_mails(carol)[0].body and "changed hands" in lapse_mails(gm)[0].body
    client = Client()
    client.force_login(carol)
    response = client.post(reverse("community:seat_offer", args=[offer.pk]), {"answer": "accept"})
    html = response.content.decode()
    assert response.status_code == 409 and "the seat changed hands since it was made" in html
    assert "Accept the seat" not in html
    seat = Seat.objects.get(game=game, index=1)
    assert seat.kind == "bot" and seat.user is None  # the bot keeps its seat


def test_an_offer_whose_seat_changed_hands_elsewhere_is_refused_at_acceptance_and_both_are_told(
        gm, bob, carol, game):
    """A seat that changes hands outside the moderation tools (here straight through the games service): the
    acceptance itself finds it out."""
    from play import services

    offer = offer_to_carol(gm, game, carol)
    services.seat_replace_by_bot(game_id=game.pk, seat_index=1, bot_level="random", by_user=gm)
    with committed(), pytest.raises(Conflict) as refused:
        seat_offers.seat_offer_answer(user=carol, offer_id=offer.pk, accept=True)
    assert "changed hands" in refused.value.message
    assert Seat.objects.get(game=game, index=1).kind == "bot"
    assert SeatOffer.objects.get(pk=offer.pk).status == "lapsed"
    assert len(lapse_mails(carol)) == 1 and len(lapse_mails(gm)) == 1


def test_an_offer_lapses_after_its_days_in_french_too(gm, bob, carol, game, settings):
    settings.SEAT_OFFER_DAYS = 3
    offer = offer_to_carol(gm, game, carol)
    assert abs(offer.expires_at - (timezone.now() + timedelta(days=3))) < timedelta(minutes=1)
    client = Client()
    client.force_login(carol)
    page = client.get(reverse("community:seat_offer", args=[offer.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "L’offre tient jusqu’au" in page.content.decode()
    SeatOffer.objects.filter(pk=offer.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with committed():
        assert lapse_seat_offers() == 1  # the periodic sweep
    assert SeatOffer.objects.get(pk=offer.pk).lapse_reason == "expired"
    assert len(lapse_mails(carol)) == 1 and len(lapse_mails(gm)) == 1
    response = client.post(reverse("community:seat_offer", args=[offer.pk]), {"answer": "accept"},
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 409 and "3 jours" in response.content.decode()
    assert Seat.objects.get(game=game, index=1).user == bob
    assert lapse_seat_offers() == 0


def test_a_standing_offer_is_still_accepted(gm, bob, carol, game):
    offer = offer_to_carol(gm, game, carol)
    assert lapse_seat_offers() == 0
    with committed():
        seat_offers.seat_offer_answer(user=carol, offer_id=offer.pk, accept=True)
    assert Seat.objects.get(game=game, index=1).user == carol
