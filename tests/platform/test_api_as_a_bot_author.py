"""Issue 31 again, as an outside bot author meets it: a client generated from /api/schema/ with
openapi-python-client, and nothing but what the documents say (the OpenAPI document, /api/game-types/, the
"Build a bot" page). It opens a game of every game type the site lists against site bots and plays it to the
end with typed moves (<Game>Move<Type>), reads the answer that answer= asks for, gets a bad option's field
named, finds every move type described, and reads a resigned game's scores as the documents say."""

from __future__ import annotations

import importlib
import json
import random
import re
import subprocess
import sys

import pytest
from django.test import Client
from openapi_spec_validator import validate

from play.models import Game
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)
PACKAGE = "lacitta_api_client"


def pascal(text: str) -> str:
    """The documented component names: <Game>Move<Type>, each part with its first letter up."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


class Generated:
    """The generated package and the modules a bot author imports from it."""

    def __init__(self, schema: dict):
        self.schema = schema
        self.package = importlib.import_module(PACKAGE)
        self.models = importlib.import_module(f"{PACKAGE}.models")

    def op(self, name: str):
        tag = "game_types" if name.startswith("game_type") else "games"
        return importlib.import_module(f"{PACKAGE}.api.{tag}.{name}")

    def move_class(self, slug: str, kind: str):
        return getattr(self.models, f"{pascal(slug)}Move{pascal(kind)}")

    def request_class(self, slug: str):
        """The move request of one game (issue 45.6: discriminated by game_type)."""
        return getattr(self.models, f"{pascal(slug)}MoveSubmitRequest")


@pytest.fixture(scope="module")
def generated(tmp_path_factory, django_db_blocker) -> Generated:
    folder = tmp_path_factory.mktemp("client")
    with django_db_blocker.unblock():
        response = Client().get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    validate(schema)  # still valid OpenAPI with every game's moves and views in it
    (folder / "schema.json").write_text(json.dumps(schema))
    (folder / "config.yaml").write_text("post_hooks: []\n")
    made = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(folder / "schema.json"),
         "--output-path", str(folder / PACKAGE), "--meta", "none", "--config", str(folder / "config.yaml")],
        capture_output=True, text=True, timeout=300,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    assert "Warning" not in made.stdout + made.stderr, made.stdout + made.stderr
    sys.path.insert(0, str(folder))
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]  # another test's generated copy
    try:
        yield Generated(schema)
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def _client(generated, live_server, user):
    key = tokens.token_create(user=user, name="bot", scopes=["read", "play", "chat"])[1]
    return generated.package.AuthenticatedClient(base_url=live_server.url, token=key)


def _filled(legal: dict, rng: random.Random) -> dict:
    """A legal move with ``ranges`` made concrete as the documents say (each named field within its range)."""
    move = {k: v for k, v in legal.items() if k != "ranges"}
    for name, spec in (legal.get("ranges") or {}).items():
        kind = spec["kind"]
        if kind == "int":
            move[name] = rng.randint(spec["min"], spec["max"])
        elif kind == "choice":
            move[name] = rng.choice(spec["of"])
        elif kind == "subset":
            move[name] = rng.sample(list(spec["of"]), rng.randint(spec["min"], spec["max"]))
        else:  # bundle: name -> count, each at most its "of", the total within bounds
            bundle, total = {}, rng.randint(spec["min_total"], spec["max_total"])
            for good, most in spec["of"].items():
                bundle[good] = min(most, total - sum(bundle.values()))
            move[name] = {good: n for good, n in bundle.items() if n}
    return move


def _new_game(generated, client, slug: str, players: int, **query):
    m = generated.models
    seats = [m.SeatRequestRequest(kind=m.SeatRequestKindEnum.ME)] + [
        m.SeatRequestRequest(kind=m.SeatRequestKindEnum.BOT, bot_level="random") for _ in range(players - 1)]
    return generated.op("games_create").sync_detailed(
        client=client, body=m.GameCreateRequest(game_type=slug, seats=seats), **query)


def _play_every_game(generated, live_server, settings, monkeypatch, most_moves: int) -> None:
    """Opens a game of every type the site lists against random site bots and plays typed moves (the move
    request's move is one of <Game>Move<Type>) with answer=compact, at most ``most_moves`` a game. The
    per-user move limit (120 a minute) is the product's and is tested elsewhere; one author playing every
    game in a few seconds would meet it, so here it is lifted. The deals are fixed (the games' seeds), as are
    the moves chosen: the same games every run."""
    monkeypatch.setattr("play.models.secrets.randbits", lambda bits: 5)
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "moves": "1000000/min"}}
    m = generated.models
    client = _client(generated, live_server, make_user("author"))
    types = generated.op("game_types_list").sync(client=client)
    assert {"lacitta", "infinitecity"} <= {t.slug for t in types}
    compact = generated.op("games_moves_create").GamesMovesCreateAnswer.COMPACT
    rng, ranged_played = random.Random(31), 0
    for game_type in types:
        slug = game_type.slug
        created = _new_game(generated, client, slug, game_type.min_players)
        assert created.status_code == 201, (slug, created.content)
        game = created.parsed
        assert isinstance(game, m.GameDetail) and game.answer.value == "full"
        view_class = getattr(m, f"{pascal(slug)}View")  # the documented <Game>View parses the view
        assert view_class.from_dict(game.view.to_dict()).to_dict() == game.view.to_dict()
        version, legal, status, sent = game.version, [x.to_dict() for x in game.legal_moves], game.status, 0
        private = 0
        played_before = ranged_played
        while status.value == "active" and sent < most_moves:
            assert legal, (slug, version)  # against bots, the game waits only for me
            plain = [x for x in legal if "ranges" not in x]
            ranged = [x for x in legal if "ranges" in x]
            # A range describes, the rules decide: a refused filling (400, the game's code) is filled again,
            # and after 20 refusals a plain move is played instead.
            first = ranged_played == played_before  # none played in this game yet: try one
            tries = [rng.choice(ranged)] * 20 if ranged and (not plain or first or rng.random() < 0.25) else []
            for picked in tries + ([rng.choice(plain)] if plain else []):
                choice = _filled(picked, rng)
                move = generated.move_class(slug, choice["type"]).from_dict(choice)  # typed
                assert move.to_dict() == choice
                answer = generated.op("games_moves_create").sync(
                    id=game.id, client=client, body=generated.request_class(slug)(version=version, move=move),
                    answer=compact)
                if not (isinstance(answer, m.Error) and answer.code.startswith(f"{slug}.") and "ranges" in picked):
                    ranged_played += "ranges" in picked
                    break
                assert answer.version == version  # refused: nothing changed
            assert isinstance(answer, m.CompactAnswer), (slug, answer)
            # A private step (a plan step, issue 39.5) lands without a version or a row of its own.
            assert answer.version >= version
            private += answer.version == version
            version, legal, status, sent = (answer.version, [x.to_dict() for x in answer.legal_moves],
                                            answer.status, sent + 1)
        rows = Game.objects.get(pk=game.id).moves.filter(by_user__username="author").count()
        assert sent >= 1 and rows == sent - private
        final = generated.op("games_retrieve").sync(id=game.id, client=client)
        assert isinstance(final, m.GameDetail)
        assert view_class.from_dict(final.view.to_dict()).to_dict() == final.view.to_dict()
        if sent < most_moves or most_moves > 1000:  # played to the end (or should have been)
            assert status.value == "finished" and final.result is not None, (slug, sent)
            result = final.result.to_dict()
            assert len(result["ranks"]) == game_type.min_players and result["left"] == []
    assert ranged_played > 0  # moves with ranges (the market's offers) were filled and played too


def test_a_generated_client_sends_typed_moves_in_every_game(generated, live_server, settings, monkeypatch):
    """Issue 31.7's "done when": a client generated from the schema submits typed moves for each game;
    answer=compact answers CompactAnswer; each game's view parses as its <Game>View."""
    _play_every_game(generated, live_server, settings, monkeypatch, most_moves=4)


@pytest.mark.slow
def test_a_generated_client_plays_every_game_to_the_end_with_typed_moves(generated, live_server, settings,
                                                                          monkeypatch):
    """The same to the end of every game (a few minutes with every game installed), each with its result."""
    _play_every_game(generated, live_server, settings, monkeypatch, most_moves=5000)


def test_a_generated_client_parses_a_cite_done_as_cites(generated, live_server):
    """Issue 45 point 6: the move request was one flat union of every game's moves, so {"type": "done"} of a Cité
    request became SmallcityMoveDone (the first that fitted). Now each game has its request, discriminated by
    game_type; parsed as the generated union parses (each member in turn), a Cité request is Cité's."""
    m = generated.models
    request = generated.schema["components"]["schemas"]["MoveSubmitRequest"]
    assert request["discriminator"]["propertyName"] == "game_type"
    assert request["discriminator"]["mapping"]["cite"] == "#/components/schemas/CiteMoveSubmitRequest"
    body = {"game_type": "cite", "version": 3, "move": {"type": "done"}}
    parsed = m.CiteMoveSubmitRequest.from_dict(body)
    assert type(parsed.move).__name__ == "CiteMoveDone" and parsed.to_dict() == body
    members = [getattr(m, ref["$ref"].rsplit("/", 1)[1]) for ref in request["oneOf"]]
    fits = []
    for member in members:  # what the generated client does with a union: the first member that parses
        try:
            fits.append(member.from_dict(body))
        except (ValueError, KeyError, TypeError):
            continue
    assert [type(f).__name__ for f in fits] == ["CiteMoveSubmitRequest"]
    assert type(fits[0].move).__name__ == "CiteMoveDone"
    smallcity = m.SmallcityMoveSubmitRequest.from_dict({**body, "game_type": "smallcity"})
    assert type(smallcity.move).__name__ == "SmallcityMoveDone"


def test_cites_view_has_no_class_per_building_id(generated):
    """Issue 45 point 6: Cité's view schema (drafted from games) names each building id b1…b54 as a property of one
    shape; the client had one CiteViewBuildingsBnn class per id. It is a map of one building class now."""
    m = generated.models
    per_id = [name for name in dir(m) if re.fullmatch(r"CiteViewBuildingsB\d+", name)]
    assert per_id == []
    buildings = {"b7": {"cells": [[1, 2]], "kind": "house", "owner": 0, "paid": 3, "round": 1},
                 "b12": {"cells": [[4, 4]], "kind": "tower", "owner": 1, "paid": 5, "round": 2}}
    parsed = m.CiteViewBuildings.from_dict(buildings)
    assert parsed.to_dict() == buildings and parsed["b12"].owner == 1


def test_legal_moves_and_their_ranges_are_typed(generated):
    """Issue 45 point 6: legal moves were untyped objects; each is a LegalMove now, its ranges each a Range."""
    m = generated.models
    legal = {"type": "offer", "ranges": {"give": {"kind": "bundle", "of": {"wood": 2}, "min_total": 1,
                                                   "max_total": 2},
                                          "to": {"kind": "subset", "of": [1, 2], "min": 1, "max": 2}}}
    parsed = m.LegalMove.from_dict(legal)
    assert parsed.type_ == "offer" and parsed.to_dict() == legal
    give = parsed.ranges["give"]
    assert isinstance(give, m.Range) and give.kind == m.RangeKind.BUNDLE and give.max_total == 2
    schemas = generated.schema["components"]["schemas"]
    for component, field in (("GameDetail", "legal_moves"), ("CompactAnswer", "legal_moves"), ("LegalMoves", "moves")):
        assert schemas[component]["properties"][field]["items"] == {"$ref": "#/components/schemas/LegalMove"}


def test_a_move_request_naming_another_game_is_refused(generated, live_server):
    m = generated.models
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client = _client(generated, live_server, alice)
    wrong = m.NimMoveSubmitRequest.from_dict({"game_type": "nim", "version": 1, "move": {"type": "take", "n": 1}})
    refused = generated.op("games_moves_create").sync_detailed(id=game.pk, client=client, body=wrong)
    assert refused.status_code == 400 and isinstance(refused.parsed, m.Error) and "game_type" in refused.parsed.fields
    game.refresh_from_db()
    assert game.version == 1


def test_a_generated_client_reads_a_refusal_as_the_error_shape(generated, live_server):
    """A move sent twice: the second is a 409 the client parses as Error, with its code and the version."""
    m = generated.models
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client = _client(generated, live_server, alice)
    legal = generated.op("games_legal_moves_retrieve").sync(id=game.pk, client=client)
    assert legal.version == 1 and [x.to_dict() for x in legal.moves][0] == {"type": "add", "n": 1}
    body = m.RaceMoveSubmitRequest(version=legal.version, move=m.RaceMoveAdd(n=3))
    answer = generated.op("games_moves_create").sync(id=game.pk, client=client, body=body)
    assert isinstance(answer, m.GameDetail) and answer.version == 2 and answer.pending == [1]
    again = generated.op("games_moves_create").sync_detailed(id=game.pk, client=client, body=body)
    assert again.status_code == 409 and isinstance(again.parsed, m.Error)
    assert again.parsed.code == "stale_version" and again.parsed.version == 2
    game.refresh_from_db()
    assert game.version == 2 and game.moves.filter(by_user=alice).count() == 1


def test_the_answer_type_follows_answer(generated, live_server):
    """Issue 31.7: every operation with answer= documents GameAnswer, whose discriminator maps each value of
    answer= to its shape; the generated client parses full as GameDetail and compact as CompactAnswer."""
    paths = generated.schema["paths"]
    with_answer = [(path, method, op) for path, item in paths.items() for method, op in item.items()
                   if any(p["name"] == "answer" for p in op.get("parameters", []))]
    assert {("/api/games/{id}/moves/", "post"), ("/api/games/{id}/", "get"), ("/api/games/", "post"),
            ("/api/games/{id}/resign/", "post")} <= {(p, meth) for p, meth, _ in with_answer}
    answer_shape = generated.schema["components"]["schemas"]["GameAnswer"]
    for path, method, op in with_answer:
        values = next(p for p in op["parameters"] if p["name"] == "answer")["schema"]["enum"]
        ok = next(code for code in op["responses"] if code.startswith("2"))
        assert op["responses"][ok]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/GameAnswer"}, (path, method)
        assert set(answer_shape["discriminator"]["mapping"]) == set(values)
    m = generated.models
    client = _client(generated, live_server, make_user("author"))
    game = _new_game(generated, client, "race", 2).parsed
    retrieve = generated.op("games_retrieve")
    full = retrieve.sync(id=game.id, client=client, answer=retrieve.GamesRetrieveAnswer.FULL)
    compact = retrieve.sync(id=game.id, client=client, answer=retrieve.GamesRetrieveAnswer.COMPACT)
    assert isinstance(full, m.GameDetail) and full.answer.value == "full" and full.view is not None
    assert isinstance(compact, m.CompactAnswer) and compact.answer.value == "compact"
    assert compact.version == full.version and [x.to_dict() for x in compact.legal_moves] == [
        x.to_dict() for x in full.legal_moves]


def test_a_bad_option_names_its_field(generated, live_server):
    """Issue 31.6: an option value the game does not take is a 400 whose fields name options.<name>; an
    unknown option name is refused under options (the sender's own text is never echoed as a field)."""
    m = generated.models
    client = _client(generated, live_server, make_user("author"))
    create = generated.op("games_create")
    for game_type in generated.op("game_types_list").sync(client=client):
        for option in game_type.options:
            name = option.to_dict()["name"]
            body = m.GameCreateRequest.from_dict({
                "game_type": game_type.slug, "options": {name: "no-such-value"},
                "seats": [{"kind": "me"}] + [{"kind": "bot", "bot_level": "random"}] * (game_type.min_players - 1)})
            refused = create.sync_detailed(client=client, body=body)
            assert refused.status_code == 400 and isinstance(refused.parsed, m.Error)
            fields = refused.parsed.fields.to_dict()
            assert list(fields) == [f"options.{name}"], fields
            assert refused.parsed.code == "invalid" and refused.parsed.detail.startswith(f"options.{name}: ")
            assert all(str(c) in fields[f"options.{name}"][0] for c in option.to_dict()["choices"])
    body = m.GameCreateRequest.from_dict({"game_type": "race", "options": {"<b>x</b>": "10"},
                                          "seats": [{"kind": "me"}, {"kind": "bot", "bot_level": "random"}]})
    refused = create.sync_detailed(client=client, body=body)
    assert refused.status_code == 400 and list(refused.parsed.fields.to_dict()) == ["options"]
    assert "<b>" not in refused.content.decode() and "target" in refused.parsed.detail
    unknown = create.sync_detailed(client=client, body=m.GameCreateRequest.from_dict(
        {"game_type": "chess", "seats": [{"kind": "me"}]}))
    assert unknown.status_code == 400 and list(unknown.parsed.fields.to_dict()) == ["game_type"]
    assert not Game.objects.exists()  # nothing opened by a refusal


def test_every_move_type_of_every_game_is_described(generated, live_server):
    """Issue 31.8: each game's move schema (/api/game-types/<slug>/move-schema/) says what each move type and
    each of its fields means, and the OpenAPI document carries it on <Game>Move<Type>."""
    client = _client(generated, live_server, make_user("author"))
    components = generated.schema["components"]["schemas"]
    for game_type in generated.op("game_types_list").sync(client=client):
        schema = client.get_httpx_client().get(game_type.move_schema).json()
        assert schema["oneOf"], game_type.slug
        for variant in schema["oneOf"]:
            kind = variant["properties"]["type"]["const"]
            assert len(variant.get("description", "")) > 10, (game_type.slug, kind)
            for field, spec in variant["properties"].items():
                assert field == "type" or spec.get("description"), (game_type.slug, kind, field)
            component = components[f"{pascal(game_type.slug)}Move{pascal(kind)}"]
            assert component["description"].startswith(variant["description"])
            assert component["properties"]["type"]["enum"] == [kind]
            classes = generated.move_class(game_type.slug, kind).__doc__
            assert variant["description"].split()[0] in classes


def test_the_documents_say_where_streams_are_the_credentials_and_a_resigned_games_scores(
        generated, live_server, client):
    """Issue 31.8: the OpenAPI document and the bot page say where the streams are served, which
    Authorization schemes are taken and what a resigned game's scores are; the site does as they say."""
    info = generated.schema["info"]["description"]
    assert "same base URL" in info and "/api/stream/" in info
    bearer = generated.schema["components"]["securitySchemes"]["bearerAuth"]["description"]
    assert "Bearer <key>" in bearer and "Token <key>" in bearer
    result_doc = generated.schema["components"]["schemas"]["GameDetail"]["properties"]["result"]["description"]
    assert "resign" in result_doc and "every score null" in result_doc
    for language, words in (("en", ("same address", "Authorization: Token", "every score <code>null</code>")),
                            ("fr", ("même adresse", "Authorization: Token", "tous les points à <code>null</code>"))):
        page = client.get("/bots/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert all(w in page for w in words), language

    # What the documents promise: Token is taken like Bearer; a 2-seat game left ends at once, scores null.
    user = make_user("author")
    key = tokens.token_create(user=user, name="bot", scopes=["read", "play"])[1]
    token_client = generated.package.AuthenticatedClient(base_url=live_server.url, token=key, prefix="Token")
    game = _new_game(generated, token_client, "race", 2).parsed
    resigned = generated.op("games_resign_create").sync(id=game.id, client=token_client)
    result = resigned.result.to_dict()
    assert resigned.status.value == "finished"
    assert result["scores"] == [None, None] and result["ranks"] == [2, 1] and result["left"] == [0]
    # With two bots left, a bot plays the leaver's seat to the end: the game's scores, the leaver last.
    game = _new_game(generated, token_client, "race", 3).parsed
    resigned = generated.op("games_resign_create").sync(id=game.id, client=token_client)
    final = generated.op("games_retrieve").sync(id=game.id, client=token_client)
    result = final.result.to_dict()
    assert final.status.value == "finished" and result["left"] == [0]
    assert all(isinstance(s, int | float) for s in result["scores"]) and result["ranks"][0] == 3


def test_every_limited_answer_carries_the_headers_the_schema_documents(generated, live_server, settings):
    """Issue 31.5: the schema documents RateLimit-* on each limited operation's answers (Retry-After on its
    429); the answers the generated client gets carry exactly those, with a true reset once something counts."""
    settings.CHAT_RATE = "2/m"
    m = generated.models
    alice, bob = make_user("alice"), make_user("bob")
    client = _client(generated, live_server, alice)
    documented = {}
    for item in generated.schema["paths"].values():
        for operation in item.values():
            for code, response in operation["responses"].items():
                if "headers" in response:
                    documented.setdefault(operation["operationId"], {})[code] = set(response["headers"])
    assert set(documented) == {"games_create", "games_moves_create", "games_undo_create", "games_chat_create"}

    def check(operation: str, answer):
        code = str(int(answer.status_code))
        headers = documented[operation].get(code)
        assert headers is not None, (operation, code)
        assert {h.lower() for h in headers} <= set(answer.headers.keys()), (operation, code, dict(answer.headers))
        assert int(answer.headers["RateLimit-Limit"]) >= int(answer.headers["RateLimit-Remaining"]) >= 0
        return answer

    bad = m.GameCreateRequest.from_dict({"game_type": "race", "options": {"target": "99"},
                                         "seats": [{"kind": "me"}, {"kind": "invite", "username": "bob"}]})
    check("games_create", generated.op("games_create").sync_detailed(client=client, body=bad))
    body = m.GameCreateRequest.from_dict({"game_type": "race",
                                          "seats": [{"kind": "me"}, {"kind": "invite", "username": "bob"}]})
    created = check("games_create", generated.op("games_create").sync_detailed(client=client, body=body))
    assert int(created.headers["RateLimit-Reset"]) > 0  # one game counts: a true reset, not 0
    game_id = created.parsed.id
    accept_all(Game.objects.get(pk=game_id), [bob])
    moves = generated.op("games_moves_create")
    move = m.RaceMoveSubmitRequest(version=1, move=m.RaceMoveAdd(n=1))
    played = check("games_moves_create", moves.sync_detailed(id=game_id, client=client, body=move))
    assert int(played.headers["RateLimit-Reset"]) > 0
    check("games_moves_create", moves.sync_detailed(id=game_id, client=client, body=move))  # 409
    undo = generated.op("games_undo_create")
    check("games_undo_create", undo.sync_detailed(id=game_id, client=client, body=m.UndoRequest(version=1)))
    chat = importlib.import_module(f"{PACKAGE}.api.games.games_chat_create")
    for text in ("one", "two", "three"):
        said = check("games_chat_create", chat.sync_detailed(id=game_id, client=client,
                                                              body=m.ChatPostRequest(text=text)))
    assert said.status_code == 429 and int(said.headers["Retry-After"]) >= 1
