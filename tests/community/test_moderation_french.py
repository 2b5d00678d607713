"""Issue 20 point 9: the moderation pages in French — admin model names, column
headers, page titles — and seat colours and bot levels in players' names."""

import pytest
from django.utils import translation

from community import moderation, services
from play.models import Seat
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(mod_client):
    mod_client.cookies["django_language"] = "fr"
    return mod_client


def test_admin_lists_and_titles_of_moderation_are_in_french(french, mod, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="grr")
    report = services.report_message(reporter=alice, message_id=message.pk, reason="rude")
    moderation.user_warn(moderator=mod, user_id=bob.pk, reason="careful")
    index = french.get("/admin/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for name in ("Signalements", "Sanctions", "Messages du chat", "Journal de modération"):
        assert name in index, name
    reports = french.get("/admin/community/report/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Créé le" in reports and "Joueur signalé" in reports and "Created at" not in reports
    page = french.get(f"/admin/community/report/{report.pk}/change/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"Signalement n° {report.pk} sur le message n° {message.pk} (Ouvert)" in page
    log = french.get("/admin/community/moderationaction/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Modérateur" in log and "Signalement ou sanction" in log


def test_seat_colours_and_bot_levels_read_in_french(alice):
    game = race_game(alice, bots=["random"])
    seat = Seat.objects.get(game=game, kind="bot")
    with translation.override("fr"):
        assert "aléatoire" in seat.display_name and "random" not in seat.display_name
    with translation.override("en"):
        assert "(random)" in seat.display_name
