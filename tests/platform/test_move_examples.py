"""Issue 45 point 3: an engine-checked example completion of each ranged legal move, asked with
``?examples=true``: on Small City's builds (whose shape and contiguity no range can say) it is a filling its
legal move stands for, and the engine takes it; without asking, legal moves are as before (a client that sends
a legal move without its ``ranges`` never sends an ``example`` it did not know of)."""

from unittest import mock

import pytest
from rest_framework.test import APIClient

from kit import params
from play import services
from play.services import SeatSpec
from players import tokens
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)  # the bot seat replies on commit


def test_ranged_legal_moves_carry_an_example_the_engine_takes_when_asked():
    author = make_user("author")
    with mock.patch("play.models.secrets.randbits", return_value=4512):
        game = services.game_create(creator=author, game_type="smallcity", options={},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    api = APIClient()
    key = tokens.token_create(user=author, name="t", scopes=["read"])[1]
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    for _ in range(40):  # to a decision with builds in it: the legal moves' own examples lead there
        plain = api.get(f"/api/games/{game.pk}/legal-moves/").json()
        if any(m["type"] == "build" for m in plain["moves"]):
            break
        asked = api.get(f"/api/games/{game.pk}/legal-moves/?examples=true").json()["moves"]
        move = next(m.get("example", m) for m in asked if "ranges" not in m or "example" in m)
        services.move_apply(game_id=game.pk, user=author, move=move, expected_version=plain["version"])
    plain = plain["moves"]
    asked = api.get(f"/api/games/{game.pk}/legal-moves/?examples=true").json()["moves"]
    assert plain and not any("example" in m for m in plain)
    ranged = [m for m in asked if "ranges" in m]
    builds = [m for m in ranged if m["type"] == "build"]
    assert builds and all("example" in m for m in builds)
    for legal in ranged:
        example = legal.pop("example", None)
        assert legal in plain
        if example is not None:
            assert params.conforms(legal, example), (legal, example)
    assert api.get(f"/api/games/{game.pk}/legal-moves/?examples=maybe").status_code == 400
