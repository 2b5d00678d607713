"""The end of a game on its page (issue 41): each score broken down by its sources as the rulebook adds them up
(SC90: votes + Promise + Special Promises − pollution; the tie-break's values, SC91), the rows in rank order;
a solo game says no "Rank 1" and shows the book's rank ladder, Lieu-dit 50 … Mégalopole 150+, with the rank
reached (SC113); in English and French."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from games.smallcity.bots import choose_greedy
from play.models import Game
from play.services.playing import move_apply
from tests.platform.factories import make_user
from tests.smallcity.pages import ENGINE, client_for, sc_game

pytestmark = pytest.mark.django_db


def _finish(game, users):
    """The game played to its end by the greedy bot's choices, each move through the service."""
    rng = random.Random(game.seed)
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        move = choose_greedy(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat, rng)
        move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    raise AssertionError("no end")


def _end(client, game, language="en") -> str:
    html = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return html[html.index('class="sc-end"'):html.index("</section>", html.index('class="sc-end"')) + 2000]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.timeout(300)
def test_SC90_SC91_each_score_is_broken_down_by_its_sources_in_rank_order():
    users = [make_user("scend0"), make_user("scend1")]
    game = _finish(sc_game(users, seed=8), users)
    details, scores, ranks = game.state["result"]["details"], game.state["result"]["scores"], \
        game.state["result"]["ranks"]
    html = _end(client_for(users[0]), game)
    text = _text(html)
    order = sorted(range(2), key=lambda s: (ranks[s], s))
    assert text.index(users[order[0]].username) < text.index(users[order[1]].username)  # rank order
    for s, d in enumerate(details):
        parts = f"{d['votes']} votes"
        if d["promise"] is not None:
            p = d["promise_points"]
            parts += f" {'+' if p >= 0 else '−'} {abs(p)} Election Promise"
        parts += f" − {d['pollution']} pollution = {scores[s]}"
        assert parts in text, (parts, text)
        assert f"In a tie: pollution {d['pollution']}%, then ${d['money']}." in text
    assert "Money (tie-break)" in text
    fr = _text(_end(client_for(users[0]), game, "fr"))
    assert "Comment chaque score est fait" in fr and "Voix" in fr and "pollution" in fr and "Argent (départage)" in fr


@pytest.mark.timeout(300)
def test_SC113_a_solo_end_shows_the_books_rank_ladder_and_the_rank_reached():
    user = make_user("scendsolo")
    game = _finish(sc_game([user], seed=9, options={"difficulty": "citizen"}), [user])
    score = game.state["result"]["scores"][0]
    html = _end(client_for(user), game)
    text = _text(html)
    assert "Rank 1" not in text and ">1<" not in html.split("<tbody>")[1].split("</td>")[0] + "<"
    for words in ("50–59 Locality (Lieu-dit)", "60–69 Hamlet (Hameau)", "120–134 Metropolis (Métropole)",
                  "135–149 Capital (Capitale)", "150+ Megalopolis (Mégalopole)"):
        assert words in text, words
    reached = re.findall(r'<li class="reached" aria-current="true">(.*?)</li>', html)
    if score >= 50:
        assert len(reached) == 1 and "your rank" in reached[0]
    else:
        assert not reached and "Under 50 points: no rank reached." in text
    fr = _text(_end(client_for(user), game, "fr"))
    assert "50–59 Lieu-dit" in fr and "150+ Mégalopole" in fr and "(Lieu-dit)" not in fr


@pytest.mark.parametrize("score,reached", [(49, None), (50, "50–59"), (87, "80–89"), (134, "120–134"),
                                           (135, "135–149"), (212, "150+")])
def test_SC113_the_ladder_marks_the_rank_of_the_score(score, reached):
    from games.smallcity.page_parts.end import solo_ladder

    view = {"result": {"solo": {"label_params": {"score": score, "difficulty": "mayor"}}}}
    ladder = solo_ladder(view)
    assert [r["range"] for r in ladder if r["reached"]] == ([reached] if reached else [])
    assert len(ladder) == 10 and ladder[0]["range"] == "50–59" and ladder[-1]["range"] == "150+"
