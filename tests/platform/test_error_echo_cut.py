"""A refusal never repeats a client's long value whole (issue 39, point 10): an unknown move type, an
unknown resource name, a huge offer id or seat kind are cut at ``errors.MAX_ECHO`` characters and say
"(cut)" (« (coupé) » in French), in the API's ``detail`` and ``params`` and on the pages."""

import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from play import services
from play.errors import BadMove, ServiceError
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all, committed, make_user

pytestmark = pytest.mark.django_db

LONG = "x" * 5000
MAX_ECHO = 40  # play.errors.MAX_ECHO


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def cite(alice, bob):
    carol = make_user("carol")
    with committed():
        game = services.game_create(creator=alice, game_type="cite", options={},
                                    seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                           SeatSpec("invite", username="carol")])
        Game.objects.filter(pk=game.pk).update(seed=5)
        accept_all(game, [bob, carol])
    return Game.objects.get(pk=game.pk)


def _post(user, game, move, lang="en"):
    game.refresh_from_db()
    return api_for(user).post(f"/api/games/{game.pk}/moves/", {"version": game.version, "move": move},
                              format="json", HTTP_ACCEPT_LANGUAGE=lang)


def _short(response) -> dict:
    body = response.content.decode()
    assert response.status_code in (400, 409), body[:300]
    assert LONG[:MAX_ECHO + 1] not in body and len(body) < 2000, len(body)
    return response.json()


def test_an_unknown_move_type_of_5000_characters_is_cut_in_detail_and_params(alice, cite):
    data = _short(_post(alice, cite, {"type": LONG}))
    assert data["code"] == "unknown_move_type"
    assert data["params"]["type"] == "x" * MAX_ECHO + "… (cut)" and "(cut)" in data["detail"]
    assert "offer" in data["params"]["known"]  # the site's own list is never cut
    french = _short(_post(alice, cite, {"type": LONG}, lang="fr"))
    assert "(coupé)" in french["detail"]


def test_an_engine_refusal_naming_a_client_value_cuts_it(alice, cite):
    """The engine's IllegalMove params (an unknown building, a resource name, an offer id): cut, whatever
    the engine wrote, and its own English sentence is bounded too."""
    for move in ({"type": "place", "building": LONG, "squares": [[0, 0]]},
                 {"type": "accept", "offer": int("9" * 4000)},
                 {"type": "accept", "offer": LONG}):
        _short(_post(alice, cite, move))
    refusal = BadMove("cite.error.unknown_resource", {"kind": LONG, "fields": [LONG]}, game_type="cite",
                      default=f"give: unknown resource {LONG!r}")
    assert str(refusal.params["kind"]) == "x" * MAX_ECHO + "… (cut)"
    assert [str(v) for v in refusal.params["fields"]] == ["x" * MAX_ECHO + "… (cut)"]
    assert len(refusal.default) < 250


def test_a_service_refusal_naming_what_was_typed_cuts_it(alice):
    with pytest.raises(ServiceError) as caught:
        services.game_create(creator=alice, game_type=LONG, options={}, seats=[SeatSpec("me")])
    assert LONG[:MAX_ECHO + 1] not in caught.value.message and "(cut)" in caught.value.message
    answer = api_for(alice).post("/api/games/", {"game_type": "race", "seats": [{"kind": LONG}]}, format="json")
    assert answer.status_code == 400 and LONG[:MAX_ECHO + 1] not in answer.content.decode()


def test_a_page_refusal_cuts_it_too(client, alice, cite):
    client.force_login(alice)
    cite.refresh_from_db()
    response = client.post(reverse("games:move", args=[cite.pk]),
                           {"version": str(cite.version), "move": json.dumps({"type": LONG})},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and LONG[:MAX_ECHO + 1] not in response.content.decode()
    assert "(cut)" in response.content.decode()


def test_the_new_game_form_does_not_repeat_a_long_choice(client, alice):
    client.force_login(alice)
    response = client.post(reverse("games:new"), {"game_type": "race", "players": "2", "timeout_rule": LONG,
                                                  "opt_target": LONG, "seat_2": LONG}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code in (200, 400)
    html = response.content.decode()
    assert LONG[:MAX_ECHO + 1] not in html and "Sélectionnez un choix valide" in html


def test_a_profiles_history_filter_does_not_repeat_a_long_choice(client, alice):
    response = client.get(reverse("community:history", args=["alice"]), {"game": LONG, "result": LONG})
    assert response.status_code in (200, 400)
    # (the language menu's "next" field carries the page's own address: not a refusal)
    html = re.sub(r'name="next" type="hidden" value="[^"]*"', "", response.content.decode())
    assert LONG[:MAX_ECHO + 1] not in html and "That choice is not one of the available choices" in html
