# Two commands on a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The locked dependencies (every transitive one, with hashes): requirements/dev.txt for developers and
# CI (the site, its tests and the tools), requirements/prod.txt for production (deploy/site). Both are
# made from pyproject.toml by `make lock`; never edit them by hand.
LOCK := requirements/dev.txt
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# Test processes (pytest-xdist): one per core; each has its own test database and cache keys (tests/xdist.py).
# worksteal: a process that is done takes tests from a busy one (a few tests are whole games lasting minutes).
TEST_WORKERS ?= auto
PARALLEL := -n $(TEST_WORKERS) --dist worksteal
LOCK_ARGS ?=
UV_COMPILE := $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" --quiet $(LOCK_ARGS)

.PHONY: install lock lint coverage run test check migrate demo selfplay verify messages

# The stamp's name is the checksum of pyproject.toml and the lock: a new one installs again, a rewritten
# but identical lock does not.
$(STAMP):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install -q --no-deps -e .
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

# After adding or changing a dependency in pyproject.toml: `make lock` re-solves both lock files (keeping
# every other pin as it is) and installs the result. `make lock LOCK_ARGS=--upgrade` moves every pin to its
# newest release, `LOCK_ARGS="--upgrade-package NAME"` one package. The production lock is solved
# within the developers' one, so the two never disagree on a version.
lock: | $(BIN)/uv
	$(UV_COMPILE) --extra test --extra dev -o requirements/dev.txt
	$(UV_COMPILE) -c requirements/dev.txt -o requirements/prod.txt
	$(MAKE) install

$(BIN)/uv:
	$(MAKE) install

# Ruff, with the rules chosen in pyproject.toml ([tool.ruff.lint]); `ruff check --fix` repairs most.
lint: install
	$(BIN)/ruff check .

# The suite under coverage (configured in pyproject.toml); htmlcov/index.html to browse.
coverage: install
	$(BIN)/coverage run -m pytest $(PYTEST_ARGS)
	$(BIN)/coverage report --skip-covered
	$(BIN)/coverage html

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py seed_demo

# The site on SQLite with Celery eager: no server to install. Links in its mails name the port it serves.
run demo migrate: export SITE_URL ?= http://$(HOST):$(PORT)
run: demo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Lint (ruff, in seconds: a style slip fails here before the long run), then the whole suite in parallel
# processes. DATABASE_URL / REDIS_URL choose real PostgreSQL / Redis (.ci/run sets them).
test: install
	$(BIN)/ruff check .
	@command -v chromium >/dev/null 2>&1 || [ -n "$$CHROMIUM_PATH" ] || $(BIN)/python -m playwright install chromium
	$(BIN)/python -m pytest $(PARALLEL) $(PYTEST_ARGS)

# The fast tier while developing: lint, the import contracts, and every test that needs no browser, no
# Celery worker, no deploy servers and is not a long property test. `make test` runs everything.
check: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest $(PARALLEL) -m "not browser and not worker and not deploy and not slow" $(PYTEST_ARGS)

verify: install
	$(BIN)/python manage.py verify_games

selfplay: install
	$(BIN)/python manage.py selfplay --game lacitta --players 4 --option edition=modern --option expansion=cocagne --option setup=advanced --games 200 --seed 1

# Re-extract and compile translations (needs GNU gettext; the compiled .mo files are committed).
messages: install
	$(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=tests
	$(BIN)/python manage.py compilemessages --ignore=.venv
