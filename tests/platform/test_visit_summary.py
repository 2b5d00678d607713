""""Since your last visit" is the platform's (``play.visit_summary`` and the box in
templates/games/partials/since_visit.html): every game's page has it, grouped by turn or by numbered
period, the viewer's own moves left out but what followed them kept, dismissed once seen. Proved on the
test game race (the platform's generic page, which knows nothing of it) and on plain log lines."""

import dataclasses
import re

import pytest
from django.urls import reverse

from play import registry, services, visit_summary
from play.page_input import LogLine, Unseen
from tests.platform.factories import accept_all, make_user, race_game


def box(html):
    found = re.search(r'<section class="visit-summary".*?</section>', html, re.S)
    return found.group(0) if found else None


def page(client, user, game, language="en"):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def add(game, user, n=1):
    return services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": n},
                               expected_version=game.version)


@pytest.mark.django_db
def test_a_game_with_no_page_of_its_own_has_the_box_grouped_by_turn(client):
    ann, bob, cid = make_user("vsa"), make_user("vsb"), make_user("vsc")
    game = accept_all(race_game(ann, [bob, cid], target="15"), [bob, cid])
    for user in (ann, bob, cid):
        game = add(game, user)
    summary = box(page(client, ann, game))
    assert summary and "Since your last visit" in summary
    assert re.findall(r"<h3>(.*?)</h3>", summary) == ["vsb&#x27;s turn", "vsc&#x27;s turn"]
    assert "<li>vsb adds 1 (total 2).</li>" in summary and "vsa adds" not in summary  # not her own move
    assert box(page(client, cid, game)) is None  # he moved last: nothing he does not know
    french = box(page(client, ann, game, "fr"))
    assert "Depuis votre dernière visite" in french and "<h3>Tour de vsb</h3>" in french and "Vu, masquer" in french

    # "Seen, hide this" dismisses it until somebody moves again.
    client.force_login(ann)
    version = re.search(r'name="version" value="(\d+)"', summary).group(1)
    response = client.post(reverse("games:summary_seen", args=[game.pk]), {"version": version},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and box(response.content.decode()) is None
    game = add(game, ann)
    assert box(page(client, ann, game)) is None
    game = add(game, bob)
    assert re.findall(r"<h3>(.*?)</h3>", box(page(client, ann, game))) == ["vsb&#x27;s turn"]


@pytest.mark.django_db
def test_what_follows_the_viewers_own_move_is_shown(client):
    """The round's end that the viewer's own move brought is in their summary (a game names those lines
    ``round_end``): everything that happened after their last move is there, and nothing of their choice."""
    race = registry.definition("race")
    registry.unregister("race")
    registry.register(dataclasses.replace(race, visit_summary=registry.VisitSummary(
        round_end=frozenset({"race.ready"}))))
    try:
        ann, bob = make_user("rea"), make_user("reb")
        game = accept_all(race_game(ann, [bob], target="10"), [bob])
        users = {0: ann, 1: bob}  # 3, 6, 9, 12: bob reaches the target, then each says "ready"
        while game.status == "active" and game.state["phase"] == "race":
            game = add(game, users[game.state["turn"]], 3)
        game = services.move_apply(game_id=game.pk, user=ann, move={"type": "ready"},
                                   expected_version=game.version)
        summary = box(page(client, ann, game))
        assert summary and "<li>rea is ready.</li>" in summary  # her own move's round-end line
        assert "rea adds" not in summary
    finally:
        registry.unregister("race")
        registry.register(race)


def line(seq, seat, key, text, **params):
    return LogLine(seq=seq, seat=seat, key=key, params=params, text=text)


def definition(**rules):
    return dataclasses.replace(registry.definition("race"), year_start=rules.pop("year_start", None),
                               visit_summary=registry.VisitSummary(**rules))


def test_numbered_periods_and_their_end_counted_back_from_the_period_now():
    rules = definition(year_start="g.start", round_end=frozenset({"g.end"}),
                       period_now=lambda view: view["round"], places=lambda e: [e["params"]["at"]]
                       if "at" in e["params"] else [])
    lines = (line(5, 1, "g.build", "B builds at 7.", at=7),
             line(6, 0, "g.build", "A builds at 3.", at=3),  # the viewer's own choice: left out
             line(6, 0, "g.end", "Round 2 ends: B scores."),  # what her move brought: kept
             line(7, 1, "g.answer", "B answers the end's question."),
             line(7, 1, "g.start", "Round 3 begins.", year=3),
             line(8, 1, "g.build", "B builds at 7 again.", at=7))
    summary = visit_summary.build(rules, Unseen(lines=lines, earlier=True), seat=0, names=["A", "B"],
                                  version=8, period_now=3)
    assert [(g.title, g.lines) for g in summary.groups] == [
        ("Round 2", ("B builds at 7.",)),
        ("Round 2 ends", ("Round 2 ends: B scores.", "B answers the end's question.")),
        ("Round 3", ("Round 3 begins.", "B builds at 7 again."))]
    assert summary.places == {7: "B builds at 7 again."} and summary.earlier and summary.version == 8
    assert summary.places_hint == "Solid outlines on the board mark the places that changed."


def test_only_the_viewers_own_choices_is_nothing_to_tell():
    rules = definition()
    lines = (line(4, 0, "g.build", "A builds."), line(4, None, "g.timeout", "B ran out of time."))
    assert visit_summary.build(rules, Unseen(lines=lines[:1], earlier=False), seat=0, names=["A", "B"],
                               version=4) is None
    summary = visit_summary.build(rules, Unseen(lines=lines, earlier=False), seat=0, names=["A", "B"], version=4)
    assert [(g.title, g.lines) for g in summary.groups] == [("On the site", ("B ran out of time.",))]
    assert visit_summary.build(rules, None, seat=0, names=["A"], version=4) is None


def test_lines_addressed_to_the_viewer_come_first_in_their_own_group():
    """Issue 35 ("since your last visit": offers made to you first): a game's ``VisitSummary.addressed``
    says which lines are addressed to a seat; they open the box, the rest follows by turn."""
    rules = definition(addressed=lambda entry, seat: seat in entry["params"].get("to", []))
    lines = (line(3, 1, "g.build", "B builds."),
             line(4, 2, "g.offer", "C offers wood to B.", to=[1]),
             line(5, 2, "g.offer", "C offers stone to A.", to=[0]),
             line(6, 1, "g.offer", "B offers gold to A and C.", to=[0, 2]))
    summary = visit_summary.build(rules, Unseen(lines=lines, earlier=False), seat=0, names=["A", "B", "C"],
                                  version=6)
    assert [(g.title, g.lines) for g in summary.groups] == [
        ("Made to you", ("C offers stone to A.", "B offers gold to A and C.")),
        ("B's turn", ("B builds.",)), ("C's turn", ("C offers wood to B.",))]
    titled = visit_summary.build(dataclasses.replace(rules, visit_summary=dataclasses.replace(
        rules.visit_summary, addressed_title="Offers to you")), Unseen(lines=lines, earlier=False), seat=1,
        names=["A", "B", "C"], version=6)
    assert titled.groups[0].title == "Offers to you" and titled.groups[0].lines == ("C offers wood to B.",)
    assert registry.definition("cite").visit_summary.addressed({"key": "cite.offer", "params": {"to": [2]}}, 2)
    assert not registry.definition("cite").visit_summary.addressed({"key": "cite.offer", "params": {"to": [1]}}, 2)
