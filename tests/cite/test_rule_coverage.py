"""Every rule ID and ruling of shared/cite/RULES.md has at least one test named after it."""

from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).parent
# The reference lives beside the repository (…/shared/cite/RULES.md) on the team's machines.
RULES = next((p / "shared" / "cite" / "RULES.md" for p in HERE.parents
              if (p / "shared" / "cite" / "RULES.md").exists()), None)
IDS = (["CT01", "CT02", "CT10", "CT11", "CT12", "CT13", "CT20", "CT21", "CT22", "CT23", "CT24", "CT30", "CT40",
        "CT41"] + [f"G{n}" for n in range(1, 14)])


def test_rule_ids_match_the_reference():
    if RULES is not None:
        text = RULES.read_text()
        listed = set(re.findall(r"^- (CT\d\d|G\d+) ", text, re.M)) | set(re.findall(r"\((CT\d\d)\)", text))
        assert sorted(listed) == sorted(IDS)


def test_every_rule_has_a_test():
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_\w+)", path.read_text()))
    tested = {rid for name in names for rid in re.findall(r"(?<![A-Za-z0-9])(ct\d\d|g\d+)(?=_)", name)}
    assert sorted(set(IDS) - {t.upper() for t in tested}) == []
