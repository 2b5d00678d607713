"""A list field chosen as a whole (which cards to peek at): one step offering the legal lists, and
choosing [0, 1] does not leave [0, 1, 2] open."""

from play import move_builder

LEGAL = [{"type": "peek", "look": [0, 1]}, {"type": "peek", "look": [1, 2]}, {"type": "peek", "look": [0, 1, 2]}]


def test_whole_list_field_is_one_choice():
    builder = move_builder.build(LEGAL, {}, whole=frozenset({"look"}))
    assert builder.step.key == "look"
    assert [o.value for o in builder.step.options] == [[0, 1], [1, 2], [0, 1, 2]]
    assert builder.step.can_stop is None


def test_choosing_a_pair_confirms_the_pair_not_the_triple():
    first = move_builder.build(LEGAL, {}, whole=frozenset({"look"})).step.options[0]
    builder = move_builder.build(LEGAL, move_builder.decode(first.query), whole=frozenset({"look"}))
    assert move_builder.move_of(builder.move) == {"type": "peek", "look": [0, 1]}


def test_without_whole_the_list_is_asked_element_by_element():
    builder = move_builder.build(LEGAL, {})
    assert [o.value for o in builder.step.options] == [0, 1]
