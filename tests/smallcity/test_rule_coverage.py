"""Every SC rule and G ruling of shared/smallcity/RULES.md is named by a test (issue 28)."""

from __future__ import annotations

import re
from pathlib import Path

SC = (1, 2, 3, 4, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33, 34, 35, 36, 40, 41, 42, 43, 44, 50, 51, 52, 55,
      60, 61, 62, 63, 64, 70, 71, 75, 90, 91, 100, 101, 102, 103, 104, 110, 111, 112, 113)
RULINGS = tuple(range(1, 15))


def _test_names() -> str:
    here = Path(__file__).parent
    return "\n".join(m for f in here.glob("test_*.py") for m in re.findall(r"def (test_\w+)", f.read_text()))


def test_every_rule_id_is_named_by_a_test():
    names = _test_names()
    missing = [f"SC{n:02d}" for n in SC if not re.search(rf"_sc{n:02d}_", names)]
    missing += [f"G{n}" for n in RULINGS if not re.search(rf"_g{n}_", names)]
    assert not missing, missing
