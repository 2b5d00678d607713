"""Building a move step by step from the legal moves."""

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
