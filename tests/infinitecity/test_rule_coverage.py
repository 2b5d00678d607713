"""Every rule ID and ruling of shared/infinitecity/RULES.md has at least one test named after it."""

from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).parent
# The reference lives beside the repository (…/shared/infinitecity/RULES.md) on the team's machines.
RULES = next((p / "shared" / "infinitecity" / "RULES.md" for p in HERE.parents
              if (p / "shared" / "infinitecity" / "RULES.md").exists()), None)
IDS = (["IC01", "IC02", "IC03", "IC10", "IC11", "IC12"] + [f"IC{n}" for n in range(20, 28)]
       + ["IC30", "IC31", "IC32", "IC33", "IC40", "IC41"] + [f"IC{n}" for n in range(50, 55)]
       + [f"G{n}" for n in range(1, 25)])


def test_rule_ids_match_the_reference():
    if RULES is not None:
        listed = re.findall(r"^- (IC\d\d|G\d+) ", RULES.read_text(), re.M)
        assert sorted(set(listed)) == sorted(IDS)


def test_every_rule_has_a_test():
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_\w+)", path.read_text()))
    tested = {rid for name in names for rid in re.findall(r"(?<![A-Za-z0-9])(IC\d\d|G\d+)(?=_)", name)}
    assert sorted(set(IDS) - tested) == []


def test_every_tile_kind_has_a_test_named_after_it():
    """IC01's table: each of the 21 instructions is tested under the rule or ruling that covers it."""
    from games.infinitecity.engine.tiles import KINDS

    names = " ".join(re.findall(r"def (test_\w+)", " ".join(p.read_text() for p in HERE.glob("test_*.py"))))
    assert len(KINDS) == 21 and [k for k in KINDS if f"_{k}" not in names] == []
