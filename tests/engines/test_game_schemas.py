"""Each game's published JSON Schemas (``GameDefinition.schemas``, served by the API) describe
every legal move and every view of random games, for every seat and a spectator, at every step
(games played from seeds other than those the schemas were drafted from)."""

import itertools

import pytest
from jsonschema import Draft202012Validator

from kit.schemas import samples
from play import registry


def option_sets(engine):
    names = [o.name for o in engine.options]
    for values in itertools.product(*(o.choices for o in engine.options)):
        for players in range(engine.min_players, engine.max_players + 1):
            try:
                yield engine.validate_options(dict(zip(names, values, strict=True)), players), players
            except ValueError:
                continue


@pytest.mark.slow
@pytest.mark.parametrize("definition", registry.definitions(), ids=lambda d: d.slug)
def test_every_legal_move_and_view_of_random_games_matches_the_schemas(definition):
    engine = definition.engine
    sets = list(option_sets(engine))
    sets = sets[:: max(1, len(sets) // 6)]  # six option sets spread over all of them (time)
    moves, views = samples(engine, sets, games=1, seed=777, views_every=3)
    assert moves and views
    for name, values in (("move", moves), ("view", views)):
        validator = Draft202012Validator(getattr(definition.schemas, name))
        seen = set()
        for value in values:
            key = repr(value)[:2000]  # many repeat: check each shape once
            if key in seen:
                continue
            seen.add(key)
            error = next(iter(validator.iter_errors(value)), None)
            assert error is None, (
                f"{definition.slug} {name} {value!r:.300}: {error.message} at {list(error.path)}"
            )


@pytest.mark.parametrize("definition", registry.definitions(), ids=lambda d: d.slug)
def test_every_move_type_is_one_closed_variant(definition):
    variants = definition.schemas.move["oneOf"]
    kinds = [v["properties"]["type"]["const"] for v in variants]
    assert len(kinds) == len(set(kinds))
    validator = Draft202012Validator(definition.schemas.move)
    assert not validator.is_valid({"type": "no-such-move"})
    assert not validator.is_valid({**_example(variants[0]), "extra": 1})


def _example(variant):
    return {k: (variant["properties"][k].get("const", 0)) for k in variant.get("required", [])}


def _variant(definition, kind):
    return next(v for v in definition.schemas.move["oneOf"] if v["properties"]["type"]["const"] == kind)


def test_a_move_names_its_building_or_tile_from_a_list():
    """The move schemas list the names a bot may send (``enum``), and the lists are the rules' own: La Città's
    action card builds exactly the small buildings of both editions (R26, the roads of R71 with the expansion),
    an Infinite City tile is one of the 21 kinds (IC01)."""
    from games.infinitecity.engine.tiles import ROWS
    from games.lacitta.engine.constants import SMALL, buildings_of_size

    build = _variant(registry.definition("lacitta"), "build")["properties"]["building"]["enum"]
    assert set(build) == set(buildings_of_size(SMALL, False)) | set(buildings_of_size(SMALL, True))
    play = _variant(registry.definition("infinitecity"), "play")["properties"]["tile"]["enum"]
    assert len(play) == 21 and set(play) == set(ROWS)
