"""In-game chat: players write, spectators of public games read, muted
players cannot write; moves are interleaved as each viewer may read them;
polling answers 204 when nothing changed; reports."""

import pytest
from django.urls import reverse

from community import moderation, services
from community.models import ChatMessage, Report
from play.services import NotAllowed, ServiceError
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob]), [bob])


def post(client, game, text):
    return client.post(reverse("community:chat_post", args=[game.pk]), {"text": text}, **HTMX)


def test_player_posts_and_the_panel_comes_back(client, alice, game):
    client.force_login(alice)
    response = post(client, game, "  hello, good luck!  ")
    assert response.status_code == 200
    page = response.content.decode()
    assert "hello, good luck!" in page and f'id="chat-{game.pk}"' in page
    message = ChatMessage.objects.get()
    assert message.text == "hello, good luck!" and message.author == alice and message.seat == 0


def test_game_page_loads_the_chat_panel(client, alice, bob, game):
    services.chat_post(game_id=game.pk, user=bob, text="ciao")
    client.force_login(alice)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    panel_url = reverse("community:chat_panel", args=[game.pk])
    assert f'hx-get="{panel_url}" hx-trigger="load"' in page
    panel = client.get(panel_url).content.decode()
    assert "ciao" in panel and reverse("community:chat_post", args=[game.pk]) in panel


def test_empty_too_long_and_outsider_messages_are_refused(client, alice, carol, game):
    client.force_login(alice)
    assert post(client, game, "   ").status_code == 400
    response = post(client, game, "x" * 501)
    assert response.status_code == 400 and "500" in response.content.decode()
    assert post(client, game, "x" * 500).status_code == 200
    client.force_login(carol)  # a spectator of a public game reads but does not write
    response = post(client, game, "hi all")
    assert response.status_code == 403 and "Only the players" in response.content.decode()
    assert ChatMessage.objects.count() == 1
    with pytest.raises(ServiceError):
        services.chat_post(game_id=game.pk, user=alice, text="")


def test_spectators_read_public_games_only(client, alice, bob, carol):
    public = accept_all(race_game(alice, [bob]), [bob])
    private = accept_all(race_game(alice, [bob], private=True), [bob])
    services.chat_post(game_id=public.pk, user=alice, text="public words")
    services.chat_post(game_id=private.pk, user=alice, text="private words")
    assert "public words" in client.get(reverse("community:chat", args=[public.pk])).content.decode()
    client.force_login(carol)
    assert "public words" in client.get(reverse("community:chat", args=[public.pk])).content.decode()
    response = client.get(reverse("community:chat", args=[private.pk]))
    assert response.status_code == 404 and b"private words" not in response.content
    assert post(client, private, "let me in").status_code == 404
    with pytest.raises(ServiceError):
        services.report_message(
            reporter=carol, message_id=ChatMessage.objects.get(game=private).pk, reason="?"
        )
    client.force_login(bob)
    assert "private words" in client.get(reverse("community:chat", args=[private.pk])).content.decode()


def test_poll_is_204_until_something_changes(client, alice, bob, mod, game):
    url = reverse("community:chat", args=[game.pk])
    first = client.get(url)
    stamp = first.content.decode().split("?s=")[1].split('"')[0]
    assert client.get(url, {"s": stamp}).status_code == 204
    message = services.chat_post(game_id=game.pk, user=bob, text="new!")
    response = client.get(url, {"s": stamp})
    assert response.status_code == 200 and "new!" in response.content.decode()
    stamp = response.content.decode().split("?s=")[1].split('"')[0]
    assert client.get(url, {"s": stamp}).status_code == 204
    moderation.message_hide(moderator=mod, message_id=message.pk, reason="spam")
    response = client.get(url, {"s": stamp})
    page = response.content.decode()
    assert response.status_code == 200 and "new!" not in page and "hidden by a moderator" in page


def test_moves_are_interleaved_without_other_seats_secrets(client, alice, bob, carol, game):
    from play import services as game_services

    game_services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
    services.chat_post(game_id=game.pk, user=bob, text="nice move")
    secrets = game.state["secret"]
    client.force_login(alice)
    page = client.get(reverse("community:chat", args=[game.pk])).content.decode()
    assert "adds 2 (total 2)" in page and "nice move" in page
    assert page.index("nice move") < page.index("adds 2")  # newest first
    assert f"Your secret card is {secrets[0]}." in page and f"Your secret card is {secrets[1]}." not in page
    client.force_login(carol)
    page = client.get(reverse("community:chat", args=[game.pk])).content.decode()
    assert "Your secret card" not in page and "adds 2" in page


def test_muted_player_cannot_post_until_lifted(client, alice, mod, game):
    sanction = moderation.user_mute(moderator=mod, user_id=alice.pk, days=3, reason="insults")
    client.force_login(alice)
    response = post(client, game, "can I talk?")
    assert response.status_code == 403 and "muted" in response.content.decode()
    with pytest.raises(NotAllowed):
        services.chat_post(game_id=game.pk, user=alice, text="via the service")
    assert not ChatMessage.objects.exists()
    page = client.get(reverse("community:chat_panel", args=[game.pk])).content.decode()
    assert "A moderator muted you until" in page and 'name="text"' not in page
    moderation.sanction_lift(moderator=mod, sanction_id=sanction.pk, reason="apologised")
    assert post(client, game, "sorry").status_code == 200


def test_warned_player_can_still_post(alice, mod, game):
    moderation.user_warn(moderator=mod, user_id=alice.pk, reason="keep it friendly")
    services.chat_post(game_id=game.pk, user=alice, text="ok")


def test_writing_too_fast_is_refused(client, alice, bob, game, settings):
    settings.CHAT_RATE = "3/m"
    client.force_login(alice)
    for n in range(3):
        assert post(client, game, f"msg {n}").status_code == 200
    response = post(client, game, "one more")
    assert response.status_code == 429 and "writing too fast" in response.content.decode()
    assert ChatMessage.objects.count() == 3
    client.force_login(bob)  # the limit is per user
    assert post(client, game, "my turn to talk").status_code == 200


def test_non_htmx_post_redirects_to_the_game(client, alice, game):
    client.force_login(alice)
    response = client.post(reverse("community:chat_post", args=[game.pk]), {"text": "plain form"})
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    assert ChatMessage.objects.filter(text="plain form").exists()
    client.logout()
    assert client.post(reverse("community:chat_post", args=[game.pk]), {"text": "anon"}).status_code == 302
    assert not ChatMessage.objects.filter(text="anon").exists()


def test_report_a_message(client, alice, bob, game):
    message = services.chat_post(game_id=game.pk, user=bob, text="you are terrible")
    url = reverse("community:report_message", args=[message.pk])
    client.force_login(alice)
    page = client.get(url).content.decode()
    assert "you are terrible" in page
    assert client.post(url, {"reason": ""}).status_code == 400
    assert client.post(url, {"reason": "insult"}).status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.reported_user, report.message) == (alice, bob, message)
    assert client.post(url, {"reason": "insult again"}).status_code == 400
    client.force_login(bob)
    response = client.post(url, {"reason": "myself"})
    assert response.status_code == 400 and "your own message" in response.content.decode()
    assert Report.objects.count() == 1


def test_french_chat_panel(client, alice, game):
    client.force_login(alice)
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'lang="fr"' in page
    panel = client.get(reverse("community:chat_panel", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Écrire aux autres joueurs…" in panel


def test_deleted_authors_messages_show_no_name(client, alice, bob, game):
    from community.account import account_delete

    services.chat_post(game_id=game.pk, user=bob, text="bye")
    account_delete(user=bob)
    page = client.get(reverse("community:chat", args=[game.pk])).content.decode()
    assert "deleted user" in page and "bye" not in page
    make_user("bob")  # the name is free again


def test_outsiders_polling_a_private_chat_learn_nothing(client, alice, bob, carol):
    private = accept_all(race_game(alice, [bob], private=True), [bob])
    client.force_login(bob)
    stamp = client.get(reverse("community:chat", args=[private.pk])).content.decode().split("?s=")[1].split('"')[0]
    assert client.get(reverse("community:chat", args=[private.pk]), {"s": stamp}).status_code == 204
    client.force_login(carol)
    assert client.get(reverse("community:chat", args=[private.pk]), {"s": stamp}).status_code == 404
    assert client.get(reverse("community:chat", args=[999999])).status_code == 404


def test_unchanged_chat_poll_is_one_statement(client, alice, game, django_assert_num_queries):
    """Every open game page polls its chat every few seconds: while nothing changes
    that costs one SQL statement (privacy and stamp together), no session or user query."""
    url = reverse("community:chat", args=[game.pk])
    stamp = client.get(url).content.decode().split("?s=")[1].split('"')[0]
    with django_assert_num_queries(1):
        assert client.get(url, {"s": stamp}).status_code == 204
    assert client.get(reverse("community:chat", args=[game.pk + 999]), {"s": stamp}).status_code == 404


def test_a_hidden_message_is_not_readable_on_its_report_page_except_by_staff(client, alice, bob, game):
    """Issue 12, item 3: /chat/<id>/report/ showed a hidden message's text (ids are sequential)."""
    mod = make_user("mod", staff=True)
    message = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    moderation.message_hide(moderator=mod, message_id=message.pk, reason="abuse")
    missing = ChatMessage.objects.order_by("-pk").first().pk + 100
    url = reverse("community:report_message", args=[message.pk])
    for viewer in (alice, bob, make_user("spectator")):
        client.force_login(viewer)
        response = client.get(url)
        assert response.status_code == 404 and "something nasty" not in response.content.decode()
        assert client.get(reverse("community:report_message", args=[missing])).status_code == 404
        assert client.post(url, {"reason": "again"}).status_code == 404
        panel = client.get(reverse("community:chat_panel", args=[game.pk])).content.decode()
        assert "something nasty" not in panel
    client.force_login(mod)
    assert "something nasty" in client.get(url).content.decode()
