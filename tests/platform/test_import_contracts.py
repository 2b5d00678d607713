"""The architecture contracts of pyproject.toml ([tool.importlinter]) hold: engines and bots never import
Django or the platform, the site never imports a game, and the apps' layers (issue 15).
Run here so that `make test` (and so CI) checks them; `lint-imports` runs them by hand."""

import subprocess
import sys
from pathlib import Path

from django.conf import settings


def test_import_linter_contracts_are_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=settings.BASE_DIR, capture_output=True,
                            text=True, check=False)
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "0 broken" in report and "The kit, engines and bots never import Django KEPT" in report, report
    assert "The site never imports a game (a game is found through play.registry) KEPT" in report, report
