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


# Words that are the same in French and English (or a library's own name).
SAME_IN_FRENCH = {"notifications", "sanctions", "sites", "crontabs", "Axes", "Sites", "Notifications"}


def test_every_admin_model_and_app_has_a_french_name():
    """Issue 30 point 19: no English model name left on the French staff pages (Games, Moves, Seats,
    Ratings…)."""
    from django.contrib import admin

    english_left = []
    for model in admin.site._registry:
        meta = model._meta
        with translation.override("en"):
            en = [str(meta.verbose_name_plural), str(meta.app_config.verbose_name)]
        with translation.override("fr"):
            fr = [str(meta.verbose_name_plural), str(meta.app_config.verbose_name)]
        english_left += [f"{meta.label}: {e}" for e, f in zip(en, fr) if e == f and e not in SAME_IN_FRENCH]
    assert english_left == []


def test_the_french_admin_index_and_game_pages_name_models_in_french(french, mod, alice, bob):
    accept_all(race_game(alice, [bob]), [bob])
    index = french.get("/admin/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for name in ("Parties", "Coups", "Places", "Cotes", "Variations de cote"):
        assert f">{name}<" in index, name
    for name in ("Games", "Moves", "Seats", "Ratings", "Rating changes"):
        assert f">{name}<" not in index, name
    for url, name in (("/admin/games/game/", "partie"), ("/admin/games/move/", "coup"),
                      ("/admin/games/seat/", "place"), ("/admin/ratings/rating/", "cote")):
        page = french.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        title = page.split("<title>")[1].split("</title>")[0]
        assert title.startswith(f"Sélectionnez l’objet {name} à "), title


def test_a_game_is_named_in_words_on_the_staff_pages(french, mod, alice):
    """Issue 30 point 19: "#1 lacitta (active)" and a raw "random" bot level on the staff pages."""
    game = race_game(alice, bots=["random"])
    with translation.override("fr"):
        assert str(game) == f"#{game.pk} Race (En cours)"
    page = french.get(f"/admin/community/moderatedgame/{game.pk}/change/", HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    assert "(active)" not in html and f"#{game.pk} Race (En cours)" in html
    assert "<td>aléatoire</td>" in html and "<td>random</td>" not in html
    seats = french.get("/admin/games/seat/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "(active)" not in seats and "(En cours)" in seats
    member = french.get(f"/admin/community/member/{alice.pk}/change/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    games = member.split("Parties (50 dernières)")[1].split("</ul>")[0]
    assert f"#{game.pk}</a> Race · En cours" in games and "race" not in games
