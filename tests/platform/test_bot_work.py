"""Bot work shared fairly (issue 39.3, ``play.bot_work``): a decision's budget is a setting and reaches the
shared search; an account past its hour of bot CPU gets the short budget; a decision is made once per
position (a take-back, a task run twice, a second task at once); an account's decisions under way are
capped; a task plays one time slice.

The bot here is nim's seat with a toy ``searcher`` level that goes through ``kit.search`` and counts its
playouts: budgets of zero seconds (spent at once) or none, so nothing depends on the machine's speed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from kit.search import Plan, search
from play import bot_work, bots, registry, services
from play.models import BotDecision, Game, Move
from play.services import SeatSpec
from tests.platform.factories import committed, make_user

pytestmark = pytest.mark.django_db

WORLDS = 4


@pytest.fixture
def searcher(monkeypatch, settings):
    """The ``searcher`` level of nim: every legal move a candidate, WORLDS worlds; ``calls`` counts its
    decisions and ``playouts`` its playouts. No clock budget unless a test sets one."""
    settings.BOT_DECISION_SECONDS = settings.BOT_DECISION_CPU_SECONDS = None
    settings.BOT_DECISION_SECONDS_OVER_BUDGET = 0.0
    settings.BOT_CPU_SECONDS_PER_ACCOUNT_HOUR = 100.0
    counts = {"calls": 0, "playouts": 0}

    def playout(world, seat, move, rng):
        counts["playouts"] += 1
        return float(move["n"]) + rng.random()

    def choose(engine, view, legal, seat, rng):
        counts["calls"] += 1
        return search(view=view, seat=seat, rng=rng, candidates=[(0.0, m) for m in legal],
                      sample_world=lambda v, r: None, playout=playout, worlds=lambda alive: WORLDS, plan=Plan())

    real = bots.choosers_for
    monkeypatch.setattr(bots, "choosers_for",
                        lambda game_type: {**real(game_type), **({"searcher": choose} if game_type == "nim" else {})})
    return counts


def nim_game(name, *, creator=None):
    ann = creator or make_user(name)
    with committed():
        game = services.game_create(creator=ann, game_type="nim", options={"pile": "21", "last": "wins"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="searcher")])
    game.refresh_from_db()
    return ann, game


def play(game, user, move):
    with committed():
        services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    return game


def test_a_decision_gets_the_budget_of_the_settings_and_the_search_stops_there(searcher, settings):
    ann, game = nim_game("bw_budget")
    game = play(game, ann, {"type": "take", "n": 1})
    assert searcher == {"calls": 1, "playouts": 3 * WORLDS}  # no budget: every candidate in every world
    assert not BotDecision.objects.get(game=game).budget_hit

    settings.BOT_DECISION_SECONDS = 0.0  # spent before the first playout: the first candidate, at once
    game = play(game, ann, {"type": "take", "n": 1})
    assert searcher == {"calls": 2, "playouts": 3 * WORLDS}
    latest = BotDecision.objects.filter(game=game).latest("pk")
    assert latest.budget_hit and latest.move == {"type": "take", "n": 1}
    assert Move.objects.filter(game=game, by_bot="searcher").count() == 2


def test_an_account_past_its_hour_of_bot_cpu_gets_the_short_budget(searcher):
    ann, game = nim_game("bw_heavy")
    other, elsewhere = nim_game("bw_light")
    now = timezone.now()
    # 100 s of bot CPU charged to ann within the hour (in another game of hers), and more before the hour
    _ann, spent = nim_game("", creator=ann)
    BotDecision.objects.create(game=spent, seat_index=1, position="a" * 64, move={}, claimed_at=now,
                               account=ann, cpu_seconds=100.0)
    BotDecision.objects.create(game=spent, seat_index=1, position="b" * 64, move={},
                               claimed_at=now - timedelta(hours=2), account=other, cpu_seconds=500.0)
    assert bot_work.over_budget(ann.pk) and not bot_work.over_budget(other.pk)

    play(game, ann, {"type": "take", "n": 1})
    assert searcher["playouts"] == 0 and BotDecision.objects.get(game=game).budget_hit
    play(elsewhere, other, {"type": "take", "n": 1})
    assert searcher["playouts"] == 3 * WORLDS and not BotDecision.objects.get(game=elsewhere).budget_hit

    # The hour over, ann's bots think in full again.
    BotDecision.objects.filter(account=ann).update(claimed_at=now - timedelta(minutes=61))
    assert not bot_work.over_budget(ann.pk)


def test_the_decisions_cpu_is_charged_to_the_games_creator(searcher):
    ann, game = nim_game("bw_charged")
    play(game, ann, {"type": "take", "n": 2})
    decision = BotDecision.objects.get(game=game)
    assert decision.account == ann and decision.cpu_seconds >= 0.0 and decision.wall_seconds >= 0.0
    assert bot_work.account_cpu_last_hour(ann.pk) == pytest.approx(decision.cpu_seconds)


def test_a_take_back_brings_the_position_back_and_the_bot_does_not_think_again(searcher):
    ann, game = nim_game("bw_undo")
    game = play(game, ann, {"type": "take", "n": 1})
    reply = Move.objects.filter(game=game, by_bot="searcher").get()
    assert searcher["calls"] == 1
    with committed():
        services.move_undo(game_id=game.pk, user=ann, expected_version=game.version)
    game.refresh_from_db()
    game = play(game, ann, {"type": "take", "n": 1})  # the same position again, at a new version
    again = Move.objects.filter(game=game, by_bot="searcher", taken_back=False).get()
    assert searcher["calls"] == 1 and again.payload == reply.payload and again.seq > reply.seq


def test_a_task_run_again_for_the_same_version_plays_the_stored_decision(searcher):
    """A worker killed after deciding, before its move was saved: the retried task does not think again."""
    ann, game = nim_game("bw_retry")
    with committed():
        services.move_apply(game_id=game.pk, user=ann, move={"type": "take", "n": 1}, expected_version=game.version,
                            queue_bots=False)
    game.refresh_from_db()
    engine = registry.get("nim")
    state = services.state_load(engine=engine, game=game)
    position = bot_work.position_key("searcher", engine.view(state, 1), engine.legal_moves(state, 1))
    claim = bot_work.claim(game, 1, position)
    bot_work.record(claim.decision, {"type": "take", "n": 3}, cpu_seconds=1.0, wall_seconds=1.0, budget_hit=False)

    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert turns.played == 1 and searcher["calls"] == 0
    assert Move.objects.filter(game=game, by_bot="searcher").get().payload == {"type": "take", "n": 3}


def owing_bot(name):
    ann, game = nim_game(name)
    with committed():
        services.move_apply(game_id=game.pk, user=ann, move={"type": "take", "n": 1}, expected_version=game.version,
                            queue_bots=False)
    game.refresh_from_db()
    engine = registry.get("nim")
    state = services.state_load(engine=engine, game=game)
    return ann, game, bot_work.position_key("searcher", engine.view(state, 1), engine.legal_moves(state, 1))


def test_a_second_task_leaves_a_position_being_decided_to_the_first(searcher, settings):
    ann, game, position = owing_bot("bw_busy")
    row = BotDecision.objects.create(game=game, seat_index=1, position=position, claimed_at=timezone.now(),
                                     account=ann)
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert (turns.played, turns.more) == (0, False) and searcher["calls"] == 0
    # tried again once the lease is over, in case its holder died
    lease, defer = settings.BOT_DECISION_LEASE_SECONDS, settings.BOT_DEFER_SECONDS
    assert lease - 5 + defer < turns.retry_in <= lease + defer

    # A claim past its lease was lost (a killed worker): the next task takes it over and decides.
    BotDecision.objects.filter(pk=row.pk).update(
        claimed_at=timezone.now() - timedelta(seconds=settings.BOT_DECISION_LEASE_SECONDS + 1))
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert turns.played == 1 and searcher["calls"] == 1
    assert BotDecision.objects.get(pk=row.pk).move is not None


def test_an_account_with_a_decision_under_way_waits_and_others_do_not(searcher, settings):
    settings.BOT_DECISIONS_AT_ONCE_PER_ACCOUNT, settings.BOT_HEAVY_DECISIONS_AT_ONCE = 1, 2
    settings.BOT_HEAVY_LEVELS = ("searcher",)
    ann, game, _position = owing_bot("bw_capped")
    _ann, thinking_game = nim_game("", creator=ann)
    BotDecision.objects.create(game=thinking_game, seat_index=1, position="c" * 64, claimed_at=timezone.now(),
                               account=ann, level="searcher")  # another of ann's games is deciding elsewhere
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert (turns.played, turns.retry_in) == (0, settings.BOT_DEFER_SECONDS) and searcher["calls"] == 0
    assert not BotDecision.objects.filter(game=game).exists()  # its claim given up

    _bob, bobs, _position = owing_bot("bw_free")
    assert services.bot_turns_play(game_id=bobs.pk, version=bobs.version, limit=50).played == 1

    BotDecision.objects.filter(game=thinking_game).update(move={"type": "take", "n": 1})  # that one decided
    assert services.bot_turns_play(game_id=game.pk, version=game.version, limit=50).played == 1


def test_a_cheap_level_never_waits_for_the_accounts_heavy_decisions(searcher, settings):
    settings.BOT_DECISIONS_AT_ONCE_PER_ACCOUNT, settings.BOT_HEAVY_LEVELS = 1, ("expert",)
    ann, game, _position = owing_bot("bw_cheap")
    _ann, thinking_game = nim_game("", creator=ann)
    BotDecision.objects.create(game=thinking_game, seat_index=1, position="c" * 64, claimed_at=timezone.now(),
                               account=ann, level="expert")
    assert services.bot_turns_play(game_id=game.pk, version=game.version, limit=50).played == 1


def test_the_site_makes_only_so_many_heavy_decisions_at_once(searcher, settings):
    """One fewer than the worker's processes: a cheap bot always finds one free."""
    settings.BOT_DECISIONS_AT_ONCE_PER_ACCOUNT, settings.BOT_HEAVY_DECISIONS_AT_ONCE = 5, 1
    settings.BOT_HEAVY_LEVELS = ("searcher",)
    _ann, game, _position = owing_bot("bw_site")
    bob, elsewhere = nim_game("bw_site_other")
    BotDecision.objects.create(game=elsewhere, seat_index=1, position="d" * 64, claimed_at=timezone.now(),
                               account=bob, level="searcher")  # another account's expert is thinking
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert (turns.played, turns.retry_in) == (0, settings.BOT_DEFER_SECONDS) and searcher["calls"] == 0
    settings.BOT_HEAVY_DECISIONS_AT_ONCE = 2
    assert services.bot_turns_play(game_id=game.pk, version=game.version, limit=50).played == 1


def test_a_chooser_that_fails_gives_its_claim_up(searcher, monkeypatch):
    _ann, game, _position = owing_bot("bw_fails")
    monkeypatch.setattr(services.bot_turns, "thinking", _raising)
    with pytest.raises(RuntimeError):
        services.bot_turns_play(game_id=game.pk, version=game.version, limit=50)
    assert not BotDecision.objects.filter(game=game).exists()


def _raising(budget):
    raise RuntimeError("the chooser failed")


def test_a_task_stops_after_its_time_slice_with_a_successor_owed(searcher):
    """Two bots after ann: a slice of 0 s plays one move and says more is owed (the task queues its successor
    at the back of the queue)."""
    ann = make_user("bw_slice")
    with committed():
        game = services.game_create(creator=ann, game_type="nim", options={"pile": "21", "last": "wins"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="searcher"),
                                           SeatSpec("bot", bot_level="searcher")])
        services.move_apply(game_id=game.pk, user=ann, move={"type": "take", "n": 1}, expected_version=game.version,
                            queue_bots=False)
    game = Game.objects.get(pk=game.pk)
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50, slice_seconds=0.0)
    assert (turns.played, turns.more, turns.version) == (1, True, game.version + 1)
    turns = services.bot_turns_play(game_id=game.pk, version=turns.version, limit=50, slice_seconds=None)
    assert (turns.played, turns.more) == (1, False)


def test_the_new_game_page_says_what_the_bots_may_think_in_english_and_french(client, settings):
    settings.BOT_DECISION_SECONDS, settings.BOT_CPU_SECONDS_PER_ACCOUNT_HOUR = 3.0, 300.0
    settings.BOT_DECISION_SECONDS_OVER_BUDGET = 0.3
    client.force_login(make_user("bw_page"))
    english = client.get(reverse("games:new")).content.decode()
    assert ("Each bot move gets at most 3 s of thinking, and the bots of the games you open may think 5 minutes an "
            "hour in all. Past that, until the hour is over, they think at most 0.3 s a move") in english
    french = client.get(reverse("games:new"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Chaque coup d’un bot dispose d’au plus 3 s de réflexion" in french
    assert "peuvent réfléchir 5 minutes par heure au total" in french and "au plus 0,3 s par coup" in french


def test_run_eagerly_in_the_request_no_cap_holds_a_bot_back(searcher, settings):
    """Without a broker (``make run``) the bots play in the request: nobody would try a waiting turn again."""
    settings.BOT_HEAVY_LEVELS, settings.BOT_HEAVY_DECISIONS_AT_ONCE = ("searcher",), 1
    ann, game, _position = owing_bot("bw_eager")
    bob, elsewhere = nim_game("bw_eager_other")
    BotDecision.objects.create(game=elsewhere, seat_index=1, position="e" * 64, claimed_at=timezone.now(),
                               account=bob, level="searcher")
    assert services.bot_turns_play(game_id=game.pk, version=game.version, limit=50).played == 0
    from play.tasks import bots_play

    assert bots_play(game.pk, game.version) == 1  # the task run eagerly
    assert Move.objects.filter(game=game, by_bot="searcher").count() == 1


def test_through_a_broker_the_task_queues_its_successor_or_tries_again_later(searcher, settings, monkeypatch):
    """Not eager: after a slice the successor goes to the back of the queue (``delay``); a turn that must wait
    is sent again with a countdown (``apply_async``), leaving the worker to other games meanwhile."""
    from celery import current_app

    sent = []
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    try:
        _through_a_broker(sent, settings, monkeypatch)
    finally:
        current_app.conf.task_always_eager = eager


def _through_a_broker(sent, settings, monkeypatch):
    from play import tasks

    monkeypatch.setattr(tasks.bots_play, "delay", lambda *args: sent.append(("delay", args)))
    monkeypatch.setattr(tasks.bots_play, "apply_async",
                        lambda args, countdown: sent.append(("later", tuple(args), countdown)))
    settings.BOT_TASK_SLICE_SECONDS = 0.0
    ann = make_user("bw_broker")
    with committed():
        game = services.game_create(creator=ann, game_type="nim", options={"pile": "21", "last": "wins"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="searcher"),
                                           SeatSpec("bot", bot_level="searcher")])
        services.move_apply(game_id=game.pk, user=ann, move={"type": "take", "n": 1}, expected_version=game.version,
                            queue_bots=False)
    game = Game.objects.get(pk=game.pk)
    assert tasks.bots_play(game.pk, game.version) == 1
    assert sent == [("delay", (game.pk, game.version + 1))]

    settings.BOT_HEAVY_LEVELS, settings.BOT_HEAVY_DECISIONS_AT_ONCE = ("searcher",), 1
    bob, elsewhere = nim_game("bw_broker_other")
    BotDecision.objects.create(game=elsewhere, seat_index=1, position="f" * 64, claimed_at=timezone.now(),
                               account=bob, level="searcher")
    assert tasks.bots_play(game.pk, game.version + 1) == 0
    assert sent[1:] == [("later", (game.pk, game.version + 1), settings.BOT_DEFER_SECONDS)]


def test_a_bot_task_whose_database_call_fails_is_tried_again(searcher, monkeypatch):
    """A worker host cut off from PostgreSQL: the bots' task retries a failed database call (OperationalError),
    as docs/deploy.md says, instead of leaving the turn to the lost-turn sweep."""
    from django.db import OperationalError

    from play import tasks

    ann, game, _position = owing_bot("bw_dbfail")
    real, failures = services.bot_turns_play, []

    def flaky(**kwargs):
        if not failures:
            failures.append(kwargs["game_id"])
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    monkeypatch.setattr(services, "bot_turns_play", flaky)
    result = tasks.bots_play.apply((game.pk, game.version), throw=False)  # as a worker runs it: retries not raised
    assert failures == [game.pk] and result.successful() and result.get() == 1
    assert Move.objects.filter(game=game, by_bot="searcher").count() == 1
