"""Issue 44.5: `deploy/site install` failed on a host that cannot reach the package index, and a wheelhouse made
under Python 3.11.7 lacked async-timeout, which 3.11.2 needs (python_full_version < '3.11.3'). `deploy/site
wheelhouse DIR` downloads every package of the lock whatever its marker, checked against the lock's hashes,
and the build backend; the install's own pip commands (deploy/site's next_venv) then run with PIP_NO_INDEX and
PIP_FIND_LINKS and an index address that answers nothing."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

from deploy.wheelhouse import build_backend, unmarked

ROOT = settings.BASE_DIR


def test_every_locked_package_is_in_the_wheelhouse_list_whatever_its_marker():
    lines = unmarked((ROOT / "requirements" / "prod.txt").read_text())
    names = [line.split("==")[0] for line in lines]
    assert "async-timeout" in names  # only for python_full_version < '3.11.3' in the lock
    assert all(";" not in line and " --hash=sha256:" in line for line in lines)
    assert len(names) == len(set(names)) == (ROOT / "requirements" / "prod.txt").read_text().count("==")
    assert build_backend((ROOT / "pyproject.toml").read_text())[0].startswith("setuptools")


@pytest.mark.deploy
@pytest.mark.timeout(900)
def test_a_host_without_the_package_index_installs_from_the_wheelhouse(tmp_path):
    wheelhouse, venv = tmp_path / "wheels", tmp_path / "venv"
    made = subprocess.run([str(ROOT / "deploy" / "site"), "wheelhouse", str(wheelhouse)], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)
    assert made.returncode == 0, made.stderr[-2000:]
    assert any(p.name.startswith("async_timeout-") for p in wheelhouse.iterdir())

    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse),
               "PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_EXTRA_INDEX_URL": "", "PIP_CONSTRAINT": ""}
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-cache-dir"]
    locked = subprocess.run([*pip, "--require-hashes", "-r", str(ROOT / "requirements" / "prod.txt")], env=offline,
                            capture_output=True, text=True, timeout=600)
    assert locked.returncode == 0, locked.stderr[-3000:]
    # The site's own editable install builds with the backend, which must come from the wheelhouse too.
    site = subprocess.run([*pip, "--no-deps", "-e", str(ROOT)], env=offline, capture_output=True, text=True,
                          timeout=600)
    assert site.returncode == 0, site.stderr[-3000:]
    imported = subprocess.run([str(venv / "bin" / "python"), "-c", "import django, celery, psycopg, kit, play"],
                              capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert imported.returncode == 0, imported.stderr[-2000:]
