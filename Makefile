# Two commands on a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: install run test migrate demo selfplay verify messages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py seed_demo

# The site on SQLite with Celery eager: no server to install. Links in its mails name the port it serves.
run demo migrate: export SITE_URL ?= http://$(HOST):$(PORT)
run: demo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# The whole suite. DATABASE_URL / REDIS_URL choose real PostgreSQL / Redis (.ci/run sets them).
test: install
	@command -v chromium >/dev/null 2>&1 || [ -n "$$CHROMIUM_PATH" ] || $(BIN)/python -m playwright install chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

verify: install
	$(BIN)/python manage.py verify_games

selfplay: install
	$(BIN)/python manage.py selfplay --game lacitta --players 4 --option edition=modern --option expansion=cocagne --option setup=advanced --games 200 --seed 1

# Re-extract and compile translations (needs GNU gettext; the compiled .mo files are committed).
messages: install
	$(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=tests
	$(BIN)/python manage.py compilemessages --ignore=.venv
