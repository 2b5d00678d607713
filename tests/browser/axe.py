"""axe-core's WCAG 2.0–2.2 A/AA rules run in the browser tests (axe-playwright-python, pinned in
pyproject.toml's test extra): every page and state they visit must show zero violations, so an
accessibility regression fails CI like any other bug."""

from axe_playwright_python.sync_playwright import Axe

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
_axe = Axe()


def violations(page) -> list[dict]:
    """axe's violations on the page as it is now (after htmx settled)."""
    page.wait_for_load_state("load")
    return _axe.run(page, options=OPTIONS).response["violations"]


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:6]:
            lines.append(f"    {node['target']} {node.get('failureSummary', '').splitlines()[-1:]}"
                         f" {node['html'][:160]}")
    return "\n".join(lines)


def assert_accessible(page, where: str = "") -> None:
    """Zero axe violations of the WCAG 2.0–2.2 A/AA rules on this page."""
    found = violations(page)
    assert not found, f"axe on {where or page.url}:\n{describe(found)}"


class Audit:
    """Many pages checked in one test, every page's violations reported together at the end
    (``-s`` prints each page's count: the report's table)."""

    def __init__(self):
        self.found: dict[str, list[dict]] = {}

    def check(self, page, where: str) -> None:
        self.found[where] = violations(page)
        print(f"axe: {where}: {len(self.found[where])} violation(s)")

    def assert_clean(self) -> None:
        bad = {where: found for where, found in self.found.items() if found}
        assert not bad, "\n".join(f"axe on {where}:\n{describe(found)}" for where, found in bad.items())
