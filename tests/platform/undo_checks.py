"""Undo tried after a move in whole-game tests (issue 26 point 1): a move that showed its mover anything they
could not have known (``witness``, independent of the platform's decision) must be refused — no button on the
page, 403 on the page's form and on the API, nothing changed; any other move the platform calls undoable is
taken back through the page (the position comes back exactly) and made again (the same position again)."""

from __future__ import annotations

from django.urls import reverse
from rest_framework.test import APIClient

from play import registry, services
from play.models import Game, Move
from tests.engines.test_undo_reveals import witness


def revealed_to_mover(game_type: str, before: dict, seat: int, move: dict) -> bool:
    engine = registry.get(game_type)
    state = engine.load(before)
    return witness(engine, state, seat, move, engine.apply(state, seat, move))


def try_undo(client, game: Game, user, seat: int, before: dict, move: dict) -> tuple[Game, str]:
    """``game`` just took ``move`` from ``user`` (seat ``seat``) at position ``before`` (its JSON). Returns the
    game (as after the move) and what happened: "refused" or "undone"."""
    game.refresh_from_db()
    after, version = game.state, game.version
    revealing = revealed_to_mover(game.game_type, before, seat, move)
    row = Move.objects.get(game=game, seq=version)
    client.force_login(user)
    url = reverse("games:undo", args=[game.pk])
    offered = url in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert offered == row.reveals_nothing, (move, offered)
    if revealing or not row.reveals_nothing:
        assert not row.reveals_nothing, f"move {version} ({move}) showed its mover something yet may be taken back"
        assert client.post(url, {"version": str(version)}).status_code == 403
        api = APIClient()
        api.force_authenticate(user)
        assert api.post(f"/api/games/{game.pk}/undo/", {"version": version}, format="json").status_code == 403
        game.refresh_from_db()
        assert (game.version, game.state) == (version, after)
        return game, "refused"
    response = client.post(url, {"version": str(version)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.status_code
    game.refresh_from_db()
    assert game.state == before and game.version == version + 1
    game = services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    assert game.state == after
    return game, "undone"
