"""The bot API beyond moves (issue 17): named scoped tokens, one error shape with stable codes and
the game's version, the accepted-moves rate limit and its headers, creating games and challenges
(accept, decline, cancel), chat, /api/me/ and the list's filters, game types with their schemas,
and the move's answer with the next legal moves (or compact)."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from play import registry
from play.models import Game
from players import tokens
from players.models import ApiToken
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def bearer(user, scopes=("read", "play", "chat")) -> APIClient:
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Bearer {tokens.token_create(user=user, name='t', scopes=list(scopes))[1]}"
    )
    return client


def test_tokens_are_named_scoped_several_and_revocable(alice):
    api = bearer(alice, scopes=("read", "play", "chat", "tokens"))
    made = api.post("/api/tokens/", {"name": "my bot", "scopes": ["read"]}, format="json")
    assert made.status_code == 201 and made.json()["key"].startswith("lct_")
    assert made.json()["token"]["scopes"] == ["read"] and made.json()["token"]["name"] == "my bot"
    assert (
        ApiToken.objects.get(pk=made.json()["token"]["id"]).key_hash != made.json()["key"]
    )  # only a hash kept
    reader = APIClient()
    reader.credentials(HTTP_AUTHORIZATION=f"Bearer {made.json()['key']}")
    assert reader.get("/api/me/").json()["scopes"] == ["read"]
    # A read-only token reads but neither plays, writes in the chat, nor makes a broader token.
    game = accept_all(race_game(alice, [make_user("bob")]), [])
    refused = reader.post(
        f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 1}}, format="json"
    )
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert "play" in refused.json()["detail"]
    broader = bearer(alice, scopes=("read", "tokens")).post("/api/tokens/", {"name": "x", "scopes": ["play"]},
                                                           format="json")
    assert broader.status_code == 400 and broader.json()["fields"]["scopes"]
    assert len(api.get("/api/tokens/").json()) == 3
    assert api.delete(f"/api/tokens/{made.json()['token']['id']}/").status_code == 204
    gone = reader.get("/api/me/")
    assert gone.status_code == 401 and gone["WWW-Authenticate"] == 'Bearer realm="api"'


def test_errors_have_one_shape_with_stable_codes_and_the_version(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = bearer(alice)
    url = f"/api/games/{game.pk}/moves/"
    assert api.post(url, {"version": 1, "move": {"type": "add", "n": 1}}, format="json").status_code == 200
    stale = api.post(url, {"version": 1, "move": {"type": "add", "n": 1}}, format="json").json()
    assert (
        stale["code"] == "stale_version"
        and stale["params"] == {"seen": 1, "now": 2}
        and stale["version"] == 2
    )
    turn = api.post(url, {"version": 2, "move": {"type": "add", "n": 1}}, format="json").json()
    assert turn["code"] == "not_your_turn" and turn["version"] == 2
    unknown = bearer(bob).post(url, {"version": 2, "move": {"type": "fly"}}, format="json")
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_move_type"
    assert unknown.json()["params"]["type"] == "fly" and "add" in unknown.json()["params"]["known"]
    illegal = bearer(bob).post(url, {"version": 2, "move": {"type": "add", "n": 9}}, format="json").json()
    assert illegal["code"] == "race.bad_add" and illegal["version"] == 2
    field = api.post(url, {"move": {"type": "add"}}, format="json").json()
    assert field["code"] == "invalid" and set(field) >= {"detail", "params", "fields"}
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    over = bearer(bob).post(url, {"version": 2, "move": {"type": "add", "n": 1}}, format="json").json()
    assert over["code"] == "game_not_in_progress"
    form = api.post(url, {"version": 2}, format="multipart")
    assert form.status_code == 415 and form.json()["code"] == "unsupported_media_type"


def test_only_accepted_moves_count_against_the_rate_limit(alice, bob, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "moves": "3/min"}}  # (refused ones: their own limit)
    cache.clear()
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    a, b = bearer(alice), bearer(bob)
    url = f"/api/games/{game.pk}/moves/"
    for _ in range(5):  # refused moves: they cost nothing
        refused = a.post(url, {"version": 99, "move": {"type": "add", "n": 1}}, format="json")
        assert refused.status_code == 409 and refused["RateLimit-Remaining"] == "3"
    version = 1
    for n in range(3):
        answer = a.post(url, {"version": version, "move": {"type": "add", "n": 1}}, format="json")
        assert answer.status_code == 200 and answer["RateLimit-Limit"] == "3"
        assert answer["RateLimit-Remaining"] == str(2 - n)
        version = b.post(
            url, {"version": version + 1, "move": {"type": "add", "n": 1}}, format="json"
        ).json()["version"]
    limited = a.post(url, {"version": version, "move": {"type": "add", "n": 1}}, format="json")
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert int(limited["Retry-After"]) > 0 and int(limited["RateLimit-Reset"]) > 0
    assert Game.objects.get(pk=game.pk).version == version  # nothing changed


def test_a_game_against_a_site_bot_and_the_move_answer_carries_the_next_legal_moves(
    alice, django_capture_on_commit_callbacks
):
    api = bearer(alice)
    with django_capture_on_commit_callbacks(execute=True):
        made = api.post(
            "/api/games/",
            {
                "game_type": "race",
                "options": {"target": "10"},
                "seats": [{"kind": "me"}, {"kind": "bot", "bot_level": "random"}],
            },
            format="json",
        )
    assert made.status_code == 201, made.json()
    game = made.json()
    assert game["status"] == "active" and game["my_seat"] == 0
    assert game["legal_moves"] == [{"type": "add", "n": 1}, {"type": "add", "n": 2}, {"type": "add", "n": 3}]
    with django_capture_on_commit_callbacks(execute=True):  # the bot answers once the move commits
        answer = api.post(
            f"/api/games/{game['id']}/moves/?answer=compact",
            {"version": game["version"], "move": {"type": "add", "n": 3}},
            format="json",
        ).json()
    assert set(answer) == {"answer", "id", "version", "status", "my_seat", "pending", "may_act", "legal_moves",
                           "result"} and answer["answer"] == "compact"
    assert answer["version"] == 2 and answer["pending"] == [1] and answer["legal_moves"] == []
    again = api.get(f"/api/games/{game['id']}/?answer=compact").json()
    assert again["version"] == 3 and again["pending"] == [0] and len(again["legal_moves"]) == 3
    full = api.get(f"/api/games/{game['id']}/").json()
    assert full["legal_moves"] == again["legal_moves"] and "view" in full


def test_challenges_accept_decline_cancel_and_me(alice, bob):
    carol = make_user("carol")
    api_a, api_b, api_c = bearer(alice), bearer(bob), bearer(carol)
    seats = [{"kind": "me"}, {"kind": "invite", "username": "bob"}]
    challenge = api_a.post("/api/games/", {"game_type": "race", "seats": seats}, format="json").json()
    assert challenge["status"] == "open"
    assert api_b.get("/api/me/").json()["challenges"] == [challenge["id"]]
    assert api_b.post(f"/api/games/{challenge['id']}/join/", {}, format="json").json()["status"] == "active"
    me = api_a.get("/api/me/").json()
    assert (
        me["username"] == "alice" and me["my_turn"] == [challenge["id"]] and me["active"] == [challenge["id"]]
    )
    assert [g["id"] for g in api_a.get("/api/games/?my_turn=true").json()["results"]] == [challenge["id"]]
    assert api_b.get("/api/games/?my_turn=true").json()["results"] == []

    declined = api_a.post(
        "/api/games/",
        {"game_type": "race", "seats": [{"kind": "me"}, {"kind": "invite", "username": "carol"}]},
        format="json",
    ).json()
    assert api_c.post(f"/api/games/{declined['id']}/decline/").status_code == 200
    assert Game.objects.get(pk=declined["id"]).seats.get(index=1).kind == "open"
    assert api_c.post(f"/api/games/{declined['id']}/cancel/").json()["code"] == "not_found"  # private now
    assert api_a.post(f"/api/games/{declined['id']}/cancel/").json()["status"] == "cancelled"
    public = race_game(carol, open_seats=1)
    mine = {g["id"] for g in api_a.get("/api/games/?mine=true").json()["results"]}
    assert mine == {challenge["id"], declined["id"]} and public.pk not in mine


def test_chat_through_the_api(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    chat_only, reader = bearer(alice, ["chat"]), bearer(bob, ["read"])
    written = chat_only.post(f"/api/games/{game.pk}/chat/", {"text": "good luck"}, format="json")
    assert written.status_code == 201 and written.json()["author"] == "alice"
    assert [m["text"] for m in reader.get(f"/api/games/{game.pk}/chat/").json()] == ["good luck"]
    assert reader.post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code == 403
    outsider = bearer(make_user("eve")).post(f"/api/games/{game.pk}/chat/", {"text": "x"}, format="json")
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_allowed"


def test_game_types_serve_each_games_schemas():
    client = APIClient()
    types = {t["slug"]: t for t in client.get("/api/game-types/").json()}
    assert {"lacitta", "infinitecity"} <= set(types)
    for slug in ("lacitta", "infinitecity"):
        move = client.get(types[slug]["move_schema"])
        assert move.status_code == 200 and move["Content-Type"] == "application/schema+json"
        assert move.json() == registry.definition(slug).schemas.move
        assert client.get(types[slug]["view_schema"]).json() == registry.definition(slug).schemas.view
        assert "random" in types[slug]["bot_levels"]
    assert client.get("/api/game-types/nope/move-schema/").status_code == 404


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Waiting for your turn"), ("fr", "Attendre son tour")]
)
def test_build_a_bot_page_in_both_languages(client, language, words):
    page = client.get("/bots/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert page.status_code == 200 and words in html and "examples/bot_client.py" in html
    assert "/api/stream/events/" in html and "/api/game-types/" in html
    for definition in registry.definitions():
        assert f"/api/game-types/{definition.slug}/move-schema/" in html


def _drain(sub) -> list[dict]:
    found = []
    while (event := sub.get(0.01)) is not None:
        found.append(event)
    return found


def test_a_players_events_challenge_start_turn_chat_and_finish(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    from community import services as chat
    from play import events, services

    settings.REDIS_URL = ""  # the in-process hub (the Redis path is the streams' tests')
    sub = events.HUB.subscribe([events.user_channel(bob.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game = race_game(alice, [bob])
        assert [(e["type"], e["game"]) for e in _drain(sub)] == [("challenge", game.pk)]
        with django_capture_on_commit_callbacks(execute=True):
            services.game_join(game_id=game.pk, user=bob)
        assert [(e["type"], e["version"], e["my_turn"]) for e in _drain(sub)] == [("gameStart", 1, False)]
        with django_capture_on_commit_callbacks(execute=True):
            services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
        assert [(e["type"], e["version"], e["pending"]) for e in _drain(sub)] == [("myTurn", 2, [1])]
        with django_capture_on_commit_callbacks(execute=True):
            chat.chat_post(game_id=game.pk, user=alice, text="your move")
        assert [(e["type"], e["author"], e["text"]) for e in _drain(sub)] == [("chat", "alice", "your move")]
        with django_capture_on_commit_callbacks(execute=True):
            services.game_resign(game_id=game.pk, user=bob)
        assert [(e["type"], e["status"]) for e in _drain(sub)] == [("gameFinish", "finished")]
    finally:
        sub.close()


def test_moves_are_answered_at_once_while_redis_cannot_take_events(
    alice, bob, settings, monkeypatch, django_capture_on_commit_callbacks
):
    import socket
    import time

    from play import events

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    settings.REDIS_URL = f"redis://127.0.0.1:{port}/0"
    monkeypatch.setattr(events, "_redis", None)
    monkeypatch.setattr(events, "_down_until", 0.0)
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    api_a, api_b = bearer(alice), bearer(bob)
    started = time.monotonic()
    for version, api in ((1, api_a), (2, api_b), (3, api_a)):
        with django_capture_on_commit_callbacks(execute=True):
            answer = api.post(
                f"/api/games/{game.pk}/moves/",
                {"version": version, "move": {"type": "add", "n": 1}},
                format="json",
            )
        assert answer.status_code == 200
    assert time.monotonic() - started < 3


def test_chat_events_skip_a_player_who_blocked_the_author(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    from community import services as chat
    from community.models import Block
    from play import events

    settings.REDIS_URL = ""
    game = accept_all(race_game(alice, [bob]), [bob])
    Block.objects.create(blocker=bob, blocked=alice)
    sub = events.HUB.subscribe([events.user_channel(bob.pk), events.game_channel(game.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            chat.chat_post(game_id=game.pk, user=alice, text="hello")
        assert [e for e in _drain(sub) if e["type"] == "chat"] == []
    finally:
        sub.close()


def test_the_api_layer_knows_every_scope_a_token_may_have():
    """play.api_auth cannot import the players app (the layers' contract), so it names the scopes itself:
    they must be the tokens' own."""
    from play.api_auth import ALL_SCOPES

    assert ALL_SCOPES == frozenset(ApiToken.SCOPES)


def test_the_apis_own_refusals_are_in_the_callers_language(alice):
    """Refusals written by this site (not DRF's) are translated too: a bad token, a missing scope, a bad flag,
    an unknown address under /api/."""
    fr = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Bearer lct_nosuchkey")
    assert stranger.get("/api/me/", **fr).json()["detail"] == "Jeton inconnu ou révoqué."
    reader = bearer(alice, scopes=("read",))
    game = accept_all(race_game(alice, [make_user("bob")]), [])
    refused = reader.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 1}},
                          format="json", **fr)
    assert refused.status_code == 403 and "il faut le droit « play »" in refused.json()["detail"]
    flag = reader.get(f"/api/games/{game.pk}/?answer=short", **fr)
    assert flag.status_code == 400 and flag.json()["fields"]["answer"] == ["full ou compact."]
    assert reader.get("/api/no-such-thing/", **fr).json()["detail"] == "Non trouvé."


# --- challenges close the loop (issue 31.3) ---------------------------------------------------------------


def _challenge(api, username: str) -> dict:
    seats = [{"kind": "me"}, {"kind": "invite", "username": username}]
    return api.post("/api/games/", {"game_type": "race", "seats": seats}, format="json").json()


def test_a_declined_challenge_stays_private_and_the_challenger_hears_why(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    """Issue 31.3: declining turned the challenger's private seat into a public open seat, took no reason and
    told the challenger nothing."""
    from play import events

    settings.REDIS_URL = ""
    challenge = _challenge(bearer(alice), "bob")
    sub = events.HUB.subscribe([events.user_channel(alice.pk)])
    try:
        refused = bearer(bob).post(f"/api/games/{challenge['id']}/decline/", {"reason": "rude"}, format="json")
        assert refused.status_code == 400 and "reason" in refused.json()["detail"]
        with django_capture_on_commit_callbacks(execute=True):
            answer = bearer(bob).post(f"/api/games/{challenge['id']}/decline/", {"reason": "pace"}, format="json")
        assert answer.status_code == 200 and answer.json() == {"id": challenge["id"], "reason": "pace"}
        told = [e for e in _drain(sub) if e["type"] == "challengeDeclined"]
    finally:
        sub.close()
    assert [(e["game"], e["seat"], e["reason"]) for e in told] == [(challenge["id"], 1, "pace")]
    game = Game.objects.get(pk=challenge["id"])
    assert game.is_private and game.status == "open"
    stranger = bearer(make_user("dave"))
    assert stranger.get(f"/api/games/{challenge['id']}/").status_code == 404
    assert stranger.post(f"/api/games/{challenge['id']}/join/", {}, format="json").status_code == 404


def test_a_cancelled_challenge_tells_the_invited(alice, bob, settings, django_capture_on_commit_callbacks):
    from play import events

    settings.REDIS_URL = ""
    challenge = _challenge(bearer(alice), "bob")
    sub = events.HUB.subscribe([events.user_channel(bob.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert bearer(alice).post(f"/api/games/{challenge['id']}/cancel/").status_code == 200
        told = [(e["type"], e["game"], e["seat"]) for e in _drain(sub) if e["type"].startswith("challenge")]
    finally:
        sub.close()
    assert ("challengeCanceled", challenge["id"], 1) in told


def test_every_player_hears_game_start_the_first_to_move_too(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    """Issue 31.3: the challenger, who moves first, got only ``myTurn`` when the challenge was accepted."""
    from play import events, services

    settings.REDIS_URL = ""
    challenge = _challenge(bearer(alice), "bob")
    sub = events.HUB.subscribe([events.user_channel(alice.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.game_join(game_id=challenge["id"], user=bob)
        told = [(e["type"], e["version"]) for e in _drain(sub)]
    finally:
        sub.close()
    assert told == [("gameStart", 1), ("myTurn", 1)]


@pytest.mark.parametrize(("language", "words"), [("en", "Last-Event-ID"), ("fr", "Last-Event-ID")])
def test_the_bot_page_tells_how_to_resume_and_get_legal_moves(client, language, words):
    """Issue 31.8 (streams): the page said nothing of resuming after a drop nor of moves on the stream."""
    html = client.get("/bots/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for needed in (words, "?after=", "?moves=1", "resync", "challengeDeclined", "event_id"):
        assert needed in html, needed


@pytest.mark.parametrize(("language", "words"), [("en", "one hour"), ("fr", "une heure")])
def test_the_bot_page_tells_the_stream_lifetime_the_check_the_view_and_the_chat(client, language, words):
    """Issue 45 points 2, 3, 7: the stream's lifetime and keep-alives beside the resume, the dry-run check, the view
    on the stream, the examples, and that there is no spectators' chat room."""
    html = client.get("/bots/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for needed in (words, "20 ", "keep-alive", "/moves/check/", "?view=1", "?examples=true", "/chat/", "--think",
                   "/api/account/bot/", "player_is_bot"):
        assert needed in html, needed
