"""What players are told (mails through the outbox, in their language; ``roundStarted`` on their stream) and
what moderators do to a competition's games (a seat replaced, a game annulled: logged as other moderation)."""

import pytest
from django.core import mail

from competitions import services as cs
from competitions.models import Entry, Table
from notifications.models import Notification
from play import events
from play.models import Game
from players.models import Profile
from tests.competitions.helpers import play_people
from tests.platform.factories import committed, make_user

pytestmark = pytest.mark.django_db


def _cup(organiser, people, bots=0, **kwargs):
    with committed():
        competition = cs.competition_create(creator=organiser, name="Spring cup", kind="swiss", game_type="race",
                                            seats=2, rounds=2, max_players=len(people) + bots, **kwargs)
        for user in people:
            cs.entry_register(competition_id=competition.pk, user=user)
        for _ in range(bots):
            cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    competition.refresh_from_db()
    return competition


def test_your_next_round_has_started_mail_in_the_readers_language(settings):
    settings.REDIS_URL = ""
    organiser = make_user("organiser", staff=True)
    alice, bob = make_user("alice"), make_user("bob")
    Profile.objects.update_or_create(user=bob, defaults={"language": "fr"})
    sub = events.HUB.subscribe([events.user_channel(alice.pk)])
    try:
        competition = _cup(organiser, [alice, bob], bots=2)
        got = [sub.get(timeout=2) for _ in range(6)]
    finally:
        events.HUB.unsubscribe(sub)
    started = [e for e in got if e and e["type"] == "roundStarted"]
    assert len(started) == 1
    event = {k: v for k, v in started[0].items() if k != "event_id"}  # the stream's own numbering
    assert event == {"type": "roundStarted", "competition": competition.pk, "season": 1, "round": 1,
                     "game": event["game"]}
    assert Table.objects.filter(game_id=event["game"], round__competition=competition).exists()
    notes = Notification.objects.filter(kind="round_start")
    assert {n.user for n in notes} == {alice, bob}
    sent = {m.to[0]: m for m in mail.outbox if "round" in m.subject or "ronde" in m.subject}
    assert sent["alice@example.com"].subject == "Spring cup: your next round has started"
    assert "Round 1 of Spring cup has started" in sent["alice@example.com"].body
    assert f"/competitions/{competition.pk}/" in sent["alice@example.com"].body
    assert sent["bob@example.com"].subject == "Spring cup : votre prochaine ronde a commencé"
    assert "La ronde 1 de Spring cup a commencé" in sent["bob@example.com"].body


def test_a_player_who_asked_for_no_game_mails_gets_no_competition_mail(settings):
    settings.REDIS_URL = ""
    organiser = make_user("organiser", staff=True)
    alice, bob = make_user("alice"), make_user("bob")
    Profile.objects.update_or_create(user=bob, defaults={"email_your_turn": False})
    _cup(organiser, [alice, bob], bots=2)
    assert {n.user for n in Notification.objects.filter(kind="round_start")} == {alice}
    assert [m.to[0] for m in mail.outbox if "round" in m.subject] == ["alice@example.com"]


def test_a_seat_given_to_a_bot_still_scores_for_its_entry_and_is_logged():
    from community.models import ModerationAction

    organiser = make_user("organiser", staff=True)
    alice, bob = make_user("alice"), make_user("bob")
    competition = _cup(organiser, [alice, bob])
    table = Table.objects.get(round__competition=competition)
    seat = table.entries.index(Entry.objects.get(user=alice).pk)
    with committed():
        cs.table_seat_to_bot(moderator=organiser, table_id=table.pk, seat_index=seat, bot_level="random",
                             reason="Gone for good")
    game = Game.objects.get(pk=table.game_id)
    assert game.seats.get(index=seat).kind == "bot"
    assert ModerationAction.objects.filter(game=game, action="seat_bot").exists()
    assert competition.events.filter(kind="seat_replaced").exists()
    play_people([game])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    rows = {r.player: r for r in cs.standings(competition)}
    alice_entry = Entry.objects.get(user=alice).pk
    # The seat's points still go to alice's entry (as the bot played it); the other entry has the rest.
    assert rows[alice_entry].played == 1 and sum(r.points for r in rows.values()) == 1


def test_an_annulled_game_counts_for_nobody():
    from community.models import ModerationAction

    organiser = make_user("organiser", staff=True)
    alice, bob = make_user("alice"), make_user("bob")
    competition = _cup(organiser, [alice, bob])
    table = Table.objects.get(round__competition=competition)
    play_people([table.game])
    assert sum(r.points for r in cs.standings(competition)) == 1
    with committed():
        cs.table_annul(moderator=organiser, table_id=table.pk, reason="Farmed game")
    assert ModerationAction.objects.filter(game_id=table.game_id, action="annul").exists()
    assert all(r.points == 0 and r.played == 0 for r in cs.standings(competition))
    with pytest.raises(cs.ServiceError):  # a player may not
        cs.table_annul(moderator=alice, table_id=table.pk, reason="x")
