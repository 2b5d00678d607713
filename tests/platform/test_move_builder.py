"""Building a move step by step from the legal moves."""

import pytest

from play import move_builder as mb

LEGAL = [
    {"type": "pass"},
    {"type": "take_gold"},
    {"type": "build", "building": "farm", "cell": 1},
    {"type": "build", "building": "farm", "cell": 2},
    {"type": "build", "building": "market", "cell": 2},
    {"type": "build", "building": "road", "cells": [5]},
    {"type": "build", "building": "road", "cells": [5, 6]},
    {"type": "build", "building": "road", "cells": [6, 5]},
    {"type": "demolish", "city": 9, "cell": 10},
]
ORDER = {"build": ["building", "cell", "cells"], "demolish": ["cell", "city"]}


def test_first_step_is_the_kind_of_move():
    b = mb.build(LEGAL, {}, ORDER)
    assert b.step.key == "type" and [o.value for o in b.step.options] == ["pass", "take_gold", "build", "demolish"]


def test_single_choice_fields_are_filled_without_asking():
    b = mb.build(LEGAL, {"type": "demolish"}, ORDER)
    assert b.move == {"type": "demolish", "city": 9, "cell": 10} and b.filled == ["cell", "city"]
    assert mb.build(LEGAL, {"type": "pass"}, ORDER).move == {"type": "pass"}


def test_building_then_cell():
    b = mb.build(LEGAL, {"type": "build"}, ORDER)
    assert b.step.key == "building" and {o.value for o in b.step.options} == {"farm", "market", "road"}
    b = mb.build(LEGAL, {"type": "build", "building": "farm"}, ORDER)
    assert b.step.key == "cell" and [o.value for o in b.step.options] == [1, 2]
    b = mb.build(LEGAL, b.step.options[1].partial, ORDER)
    assert b.move == {"type": "build", "building": "farm", "cell": 2}


def test_list_fields_one_element_at_a_time_with_stop():
    b = mb.build(LEGAL, {"type": "build", "building": "road"}, ORDER)
    assert b.step.key == "cells" and b.step.index == 0 and [o.value for o in b.step.options] == [5, 6]
    b = mb.build(LEGAL, {"type": "build", "building": "road", "cells": [5]}, ORDER)
    assert b.step.index == 1 and [o.value for o in b.step.options] == [6] and b.step.can_stop is not None
    stopped = mb.build(LEGAL, b.step.can_stop.partial, ORDER)
    assert mb.move_of(stopped.move) == {"type": "build", "building": "road", "cells": [5]}
    both = mb.build(LEGAL, b.step.options[0].partial, ORDER)
    assert both.move == {"type": "build", "building": "road", "cells": [5, 6]}
    only_one_way = mb.build(LEGAL, {"type": "build", "building": "road", "cells": [6]}, ORDER)
    assert only_one_way.move == {"type": "build", "building": "road", "cells": [6, 5]}


def test_stale_or_forged_choices_start_again():
    b = mb.build(LEGAL, {"type": "build", "building": "palace"}, ORDER)
    assert b.partial == {} and b.step.key == "type"
    assert mb.decode("{not json") == {} and mb.decode("[1]") == {} and mb.decode(None) == {}


def test_encode_round_trip():
    partial = {"type": "build", "cells": [5]}
    assert mb.decode(mb.encode(partial)) == partial


RANGED = [
    {"type": "done"},
    {"type": "offer", "ranges": {"give": {"kind": "bundle", "of": {"wood": 2, "gold": 1}, "min_total": 1},
                                 "to": {"kind": "subset", "of": [1, 2], "min": 1, "max": 2},
                                 "n": {"kind": "int", "min": 1, "max": 3},
                                 "colour": {"kind": "choice", "of": ["red", "blue"]}}},
]


class Posted(dict):
    """A form's data as Django gives it (``getlist`` for the checkboxes)."""

    def getlist(self, key):
        value = self.get(key, [])
        return value if isinstance(value, list) else [value]


def test_a_move_with_ranges_is_reached_by_its_fixed_fields_then_filled_by_form_fields():
    b = mb.build(RANGED, {}, {})
    assert b.step.key == "type" and [o.value for o in b.step.options] == ["done", "offer"]  # never "ranges"
    b = mb.build(RANGED, {"type": "offer"}, {})
    assert b.move is RANGED[1] and [(f.name, f.kind) for f in b.fields] == [
        ("give", "bundle"), ("to", "subset"), ("n", "int"), ("colour", "choice")]
    assert b.fields[1].input_name == "field:to" and b.fields[1].choices == [("1", 1), ("2", 2)]
    move = mb.move_from_form(b.move, Posted({"field:give:wood": "2", "field:give:gold": "0", "field:to": ["1", "2"],
                                             "field:n": "3", "field:colour": '"blue"'}))
    assert move == {"type": "offer", "give": {"wood": 2}, "to": [1, 2], "n": 3, "colour": "blue"}
    assert mb.build(RANGED, {"type": "done"}, {}).fields == []


def test_a_range_field_that_cannot_be_read_is_a_form_error():
    for bad in ({"field:n": "three"}, {"field:n": "1", "field:colour": "{not json"},
                {"field:n": "1", "field:colour": '"red"', "field:give:wood": "x"}):
        with pytest.raises(mb.FormError, match="Give a value for"):
            mb.move_from_form(RANGED[1], Posted(bad))
