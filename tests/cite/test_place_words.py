"""Issue 42, screen readers: the squares a building may go to are named by what they touch (G5: an edge, across
quarter borders too) and whose quarter they are in — "on your marked square, next to bob's Forge, in your
quarter" — in the move links' and buttons' accessible names (the sheet's targets, the list of squares, the
directions, the confirmation, Lift), not by bare coordinates; in French too."""

import json
import re
from html import unescape

import pytest

from games.cite import texts
from games.cite.engine.board import neighbours
from games.cite.engine.components import MARKED
from tests.cite.test_log_once import _move
from tests.cite.test_pages import move_panel, page, table  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def target_labels(html: str) -> list[str]:
    part = re.search(r'<details class="ct-targets".*?</details>', html, re.S).group(0)
    return [unescape(a) for a in re.findall(r'<a class="button small choice"[^>]*>([^<]+)</a>', part)]


def sheet_targets(html: str) -> list[str]:
    return [unescape(t) for t in re.findall(r'class="ct-target"[^>]*aria-label="([^"]+)"', html)]


def test_ct23_g5_squares_are_named_by_the_buildings_they_touch_and_whose_quarter(client, table):  # noqa: F811
    game, users = table
    alice = users[0]
    mine = game.state["seats"][0]
    mark = MARKED[mine["quarter"]]
    # Bob or carol whose marked square shares an edge with alice's (the four marked squares meet at the centre).
    other = next(i for i, s in enumerate(game.state["seats"]) if i and tuple(MARKED[s["quarter"]]) in neighbours(mark))
    other_user = users[other]
    _move(game, other_user, {"type": "place", "kind": "small_shop", "cells": [list(MARKED[game.state["seats"][other][
        "quarter"]])]})
    their_shop = texts.building_name("small_shop", game.state["seats"][other]["profession"])
    my_shop = texts.building_name("small_shop", mine["profession"])
    html = page(client, alice, game, '{"kind":"small_shop","type":"place"}')
    where = f"on your marked square, next to {other_user.username}'s {their_shop}, in your quarter"
    assert target_labels(html) == [f"Put the {my_shop} with its top-left corner at ({mark[0]}, {mark[1]}), {where}"]
    assert any(where in t for t in sheet_targets(html))
    step = json.dumps({"at": f"{mark[0]},{mark[1]}", "kind": "small_shop", "type": "place"}, separators=(",", ":"))
    confirm = unescape(page(client, alice, game, step))
    assert f"({mark[0]}, {mark[1]}) ({where})" in confirm
    _move(game, alice, {"type": "place", "kind": "small_shop", "cells": [list(mark)]})
    labels = target_labels(page(client, alice, game, '{"kind":"small_shop","type":"place"}'))
    assert labels and all(f"next to your {my_shop}" in t and t.endswith("in your quarter") for t in labels)
    assert not any("marked square" in t for t in labels)
    # In French, in the rulebook's words.
    html = page(client, alice, game, '{"kind":"small_shop","type":"place"}', lang="fr")
    assert all("à côté de votre" in t and "dans votre quartier" in t for t in target_labels(html))


def test_a_lift_button_says_what_the_building_touches(client, table):  # noqa: F811
    game, users = table
    alice = users[0]
    mark = MARKED[game.state["seats"][0]["quarter"]]
    side = [mark[0] - 1 if mark[0] < 0 else mark[0] + 1, mark[1]]
    _move(game, alice, {"type": "place", "kind": "small_shop", "cells": [list(mark)]})
    _move(game, alice, {"type": "place", "kind": "bank", "cells": [side]})
    panel = unescape(move_panel(page(client, alice, game)))
    shop = texts.building_name("small_shop", game.state["seats"][0]["profession"])
    assert f'aria-label="Lift the Bank on ({side[0]}, {side[1]}), next to your {shop}, in your quarter"' in panel
