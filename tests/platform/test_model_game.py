"""Bluff (tests/games/bluff/), the model game docs/adding-a-game.md walks through: it plays to its end
through the platform's services, its page renders each seat's own hidden number and no other's, its end
table shows every number, and ``scripts/game_schemas.py`` drafts a new game's schemas from nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

BLUFF = Path(settings.BASE_DIR) / "tests" / "games" / "bluff"
SEED = 11  # the deal: fixed, so the numbers (and who wins the call) are the same on every run


def started(users) -> Game:
    game = services.game_create(creator=users[0], game_type="bluff", options={"top": "6"},
                                seats=[SeatSpec("me"), SeatSpec("open")])
    Game.objects.filter(pk=game.pk).update(seed=SEED)  # before the deal, which comes when the table is full
    services.game_join(game_id=game.pk, user=users[1])
    return Game.objects.get(pk=game.pk)


def page(client, user, game) -> str:
    client.force_login(user)
    answer = client.get(reverse("games:detail", args=[game.pk]))
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.django_db
def test_bluff_plays_to_its_end_through_the_services_and_its_page_renders(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = started([alice, bob])
    numbers = game.state["numbers"]
    assert game.status == Game.Status.ACTIVE and len(numbers) == 2

    first = page(client, alice, game)
    assert f"Your hidden number is {numbers[0]}." in first  # its board template, its private log line
    assert 'class="move-form bf-bid"' in first and "Bid 12" in first  # its moves template (move_form)
    assert "Call the bid" not in first  # nothing to call yet

    # Alice bids the true total, Bob raises by one (a bluff: more than the numbers make), Alice calls.
    total = sum(numbers)
    for user, move in ((alice, {"type": "bid", "n": total}), (bob, {"type": "bid", "n": total + 1}),
                       (alice, {"type": "call"})):
        if move["type"] == "call":
            assert "Call the bid" in page(client, user, game)  # the call is offered (move_button)
        services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["ranks"] == [1, 2]  # Bob's claim did not hold: the caller wins

    end = page(client, bob, game)
    assert "Final scores" in end and 'class="bf-number"' in end  # the platform's frame, the game's cells
    for n in numbers:
        assert f'<td class="bf-number">{n}</td>' in end
    assert f"alice calls the bid of {total + 1}: the numbers add up to {total}." in end
    french = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "alice gagne." in french and "Contester" not in french  # its own French catalogue; no move left


@pytest.mark.django_db
def test_a_seat_never_reads_the_other_seats_number_before_the_call(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = started([alice, bob])
    numbers = game.state["numbers"]
    assert numbers[0] != numbers[1]  # this seed deals two different numbers: the check below can fail
    for user, seat in ((alice, 0), (bob, 1)):
        html = page(client, user, game)
        assert f"Your hidden number is {numbers[seat]}." in html
        assert f"Your hidden number is {numbers[1 - seat]}." not in html
    view = registry.get("bluff").view(registry.get("bluff").load(game.state), 0)
    assert view["mine"] == numbers[0] and view["numbers"] is None


def test_game_schemas_drafts_a_new_games_schemas_from_nothing(tmp_path):
    """A new game (Bluff's files under another name, no schemas/ yet): the site starts, the check says the
    schemas are missing, ``scripts/game_schemas.py`` drafts both, and the check passes."""
    app = tmp_path / "hunch"
    shutil.copytree(BLUFF, app, ignore=shutil.ignore_patterns("__pycache__", "schemas"))
    (app / "templates" / "bluff").rename(app / "templates" / "hunch")
    for path in app.rglob("*"):
        if path.suffix in (".py", ".html"):
            text = path.read_text(encoding="utf-8").replace("tests.games.bluff", "hunch")
            path.write_text(text.replace("bluff", "hunch").replace("Bluff", "Hunch"), encoding="utf-8")
    (tmp_path / "with_hunch.py").write_text(
        "from lacitta_site.settings.test import *  # noqa: F403\n"
        "INSTALLED_APPS = [*INSTALLED_APPS, 'hunch']  # noqa: F405\n")
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="with_hunch",
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(settings.BASE_DIR)]))

    def run(*args):
        return subprocess.run([sys.executable, *args], cwd=settings.BASE_DIR, env=env, capture_output=True,
                              text=True, timeout=300, check=False)

    before = run("manage.py", "check")
    assert before.returncode != 0 and "games.E014" in before.stdout + before.stderr  # said, not a crash
    drafted = run("scripts/game_schemas.py", "hunch", "--games", "2")
    assert drafted.returncode == 0, drafted.stdout + drafted.stderr
    move = json.loads((app / "schemas" / "move.json").read_text())
    assert sorted(v["title"] for v in move["oneOf"]) == ["bid", "call"]
    assert "mine" in json.loads((app / "schemas" / "view.json").read_text())["properties"]
    after = run("manage.py", "check")
    assert after.returncode == 0, after.stdout + after.stderr
