"""The architecture contracts of pyproject.toml ([tool.importlinter]) hold: engines and bots never import
Django or the platform, the site never imports a game, and the apps' layers (issue 15).
Run here so that `make test` (and so CI) checks them; `lint-imports` runs them by hand."""

import graphlib
import subprocess
import sys
from pathlib import Path

import grimp
from django.conf import settings


def test_import_linter_contracts_are_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=settings.BASE_DIR, capture_output=True,
                            text=True, check=False)
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "0 broken" in report and "The kit, engines and bots never import Django KEPT" in report, report
    assert "The site never imports a game (a game is found through play.registry) KEPT" in report, report


PACKAGES = ["kit", "play", "games", "community", "ratings", "notifications", "players", "lacitta_site"]


def import_cycle(graph) -> list[str] | None:
    """A chain of imports that leads from a module back to itself, or None. grimp (import-linter's
    graph) reads the imports, those inside functions included (they only hide a cycle); the standard
    library's topological sort names a cycle when there is one."""
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as cycle:
        return cycle.args[1]
    return None


def test_no_module_is_part_of_an_import_cycle():
    cycle = import_cycle(grimp.build_graph(*PACKAGES, cache_dir=None))
    assert cycle is None, f"import cycle: {' -> '.join(cycle)}"


def test_an_import_back_makes_a_cycle_the_test_names():
    graph = grimp.build_graph("kit", cache_dir=None)
    assert import_cycle(graph) is None
    graph.add_import(importer="kit.base", imported="kit.selfplay")  # kit.selfplay imports kit.base
    assert set(import_cycle(graph)) >= {"kit.base", "kit.selfplay"}
