"""Settings read from the environment (12-factor).

Default: SQLite and Celery eager, no server needed.
With DATABASE_URL: that database (PostgreSQL in CI and production).
With REDIS_URL: Redis as Celery broker and as the cache; tasks go to real workers.
"""

import os
import socket
import unicodedata
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_float(name: str, default: float | None) -> float | None:
    """A number of seconds from the environment; "none" (or empty): no limit."""
    value = os.environ.get(name)
    if value is None:
        return default
    return None if value.strip().lower() in {"", "none"} else float(value)


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
# The site's name (the top bar, page titles, mails' sender, the API's title, the account export's file):
# the site's own, not one of its games'.
SITE_NAME = os.environ.get("SITE_NAME", "Città")

# The games: one Django app each (its own folder), registered in the games registry by its AppConfig.
GAME_APPS = ["games.lacitta", "games.infinitecity", "games.smallcity", "games.cite"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "allauth",
    "allauth.account",
    "axes",
    "csp",
    "django_countries",
    "django_prometheus",
    "play",
    "players",
    "notifications",
    "community",
    "ratings",
    "competitions",
    *GAME_APPS,
]

MIDDLEWARE = [
    # Requests and latency by view (/metrics, lacitta_site/metrics.py): first and last, as django-prometheus asks.
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise, which is sync-only, left out of an ASGI request outside STATIC_URL (no thread per open stream).
    "lacitta_site.static_files.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before anything reads the request's values: PostgreSQL refuses NUL in text (a 500).
    "lacitta_site.nul_bytes.RefuseNulMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The user id in gunicorn's access line, when the request loaded its user anyway.
    "lacitta_site.access_user.UserInAccessLog",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
    # Where API tokens and moves are used from (collusion evidence, administrators only).
    "community.middleware.SeenAddressMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into a refusal.
    "axes.middleware.AxesMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# Sessions read from the cache (Redis in production): polling pages cost no session query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

ROOT_URLCONF = "lacitta_site.urls"
WSGI_APPLICATION = "lacitta_site.wsgi.application"
SITE_ID = 1

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "lacitta_site.context_processors.site_name",
            ],
            "libraries": {"dev_outbox": "lacitta_site.dev_outbox"},
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60"))
    )
}
# How long a request waits on PostgreSQL for a lock another connection holds (a game row being moved): past
# it, "the game is busy, try again" (lacitta_site/unavailable.py) instead of a request that waits for a slow
# or cut-off process's transaction. 0: no bound (migrate).
DB_LOCK_TIMEOUT_MS = int(os.environ.get("DB_LOCK_TIMEOUT_MS", "5000"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock instead of failing with "database is locked" (past 20 s: the same busy answer).
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A server that accepts connections and never answers must cost seconds, not gunicorn's 30 s timeout: the
    # connection gives up after DB_CONNECT_TIMEOUT (then the 503 of lacitta_site/unavailable.py), a statement
    # after DB_STATEMENT_TIMEOUT_MS (server side), and a connection whose server went silent is found dead by
    # TCP keepalives. Values in the URL's query (?connect_timeout=…) win.
    _pg_options = DATABASES["default"].setdefault("OPTIONS", {})
    _pg_options.setdefault("connect_timeout", int(os.environ.get("DB_CONNECT_TIMEOUT", "3")))
    # What a process cut off from the server can hold: a transaction left idle (its client gone silent mid-way:
    # a worker host's link down) is ended by the server after DB_IDLE_IN_TRANSACTION_MS, releasing its game
    # row; no work of the site's stays idle in a transaction that long (bots choose outside it). The client
    # side gives up unacknowledged writes after tcp_user_timeout, idle connections after the keepalives.
    _pg_options.setdefault("options", " ".join((
        f"-c statement_timeout={int(os.environ.get('DB_STATEMENT_TIMEOUT_MS', '20000'))}",
        f"-c lock_timeout={DB_LOCK_TIMEOUT_MS}",
        f"-c idle_in_transaction_session_timeout={int(os.environ.get('DB_IDLE_IN_TRANSACTION_MS', '10000'))}",
    )))
    for _name, _value in (("keepalives", 1), ("keepalives_idle", 10), ("keepalives_interval", 3),
                          ("keepalives_count", 3), ("tcp_user_timeout", 10000)):
        _pg_options.setdefault(_name, _value)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Told of every password change (its only use): revokes the account's API tokens.
    {"NAME": "players.tokens.RevokeTokensOnNewPassword"},
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses locked-out logins before checking passwords
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# Accounts (django-allauth): sign up with e-mail, confirmation required.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
# Account mails go through the notifications outbox (sent by a worker, retried), not inside the request.
ACCOUNT_ADAPTER = "notifications.account_adapter.OutboxAccountAdapter"
# One account per verified address; an unverified one reserves nothing (community/email_ownership.py).
ACCOUNT_UNIQUE_EMAIL = True
# NFKC, case-insensitive, no look-alike of an existing name, no "deleted-N" (community/usernames.py).
ACCOUNT_USERNAME_VALIDATORS = "community.usernames.USERNAME_VALIDATORS"
# Sign-up refuses the name or e-mail of a closed account a sanction still holds; a sanctioned login is told why
# (community/account_forms.py).
ACCOUNT_FORMS = {
    "signup": "community.account_forms.PolicySignupForm",
    "login": "community.account_forms.SanctionAwareLoginForm",
    # Only an account that verified the address gets its reset link (community/email_ownership.py).
    "reset_password": "community.account_forms.VerifiedResetPasswordForm",
}
# Following the link in the browser that signed up finishes sign-up logged in (allauth does it only
# for the session that is waiting for this confirmation).
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
LOGIN_REDIRECT_URL = "games:mine"
# allauth's own rate limits (kept in the cache, so shared by all web processes through Redis).
ACCOUNT_RATE_LIMITS = {
    "signup": "20/h/ip",
    "login": "30/m/ip",
    # Failed logins per address only, across every account: the global cap per address. Never per account
    # alone ("key"): five wrong passwords from anywhere would lock the account for every address.
    # (account, address) pairs are django-axes's (AXES_LOCKOUT_PARAMETERS below).
    "login_failed": os.environ.get("LOGIN_FAILED_RATE", "10/m/ip,50/h/ip"),
    "reset_password": "20/h/ip,5/h/key",
    "reset_password_from_key": "20/m/ip",
    "confirm_email": "5/5m/key",
    "change_password": "10/m/user",
    "manage_email": "10/m/user",
}

# The client's address behind our load balancer(s): how many proxies we run append to
# X-Forwarded-For (0: none, REMOTE_ADDR is the client). Every limit uses the same address
# (lacitta_site/client_ip.py; docs/deploy.md, "Behind a load balancer: client addresses").
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT  # allauth's sign-up, login and reset limits
CLIENT_IP_CALLABLE = "lacitta_site.client_ip.client_ip"  # the apps find it by this name (play.stream_guard)
AXES_CLIENT_IP_CALLABLE = CLIENT_IP_CALLABLE
RATELIMIT_IP_META_KEY = CLIENT_IP_CALLABLE

# Password guessing: django-axes locks an (account, address) pair after repeated failures, never the account
# for everyone (allauth's login_failed above caps an address across accounts).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = 1  # hour
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "lacitta_site.axes_username.login_name"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "lockout.html"
AXES_VERBOSE = False
LOGIN_URL = "account_login"

# E-mail: console by default (in DEBUG, files shown at /dev/outbox/); an e-mail service through
# django-anymail with ANYMAIL_BACKEND (e.g. anymail.backends.mailgun.EmailBackend) + ANYMAIL_* keys;
# SMTP when EMAIL_HOST is set.
if os.environ.get("ANYMAIL_BACKEND"):
    EMAIL_BACKEND = os.environ["ANYMAIL_BACKEND"]
    ANYMAIL = {k[len("ANYMAIL_"):]: v for k, v in os.environ.items()
               if k.startswith("ANYMAIL_") and k != "ANYMAIL_BACKEND"}
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
elif DEBUG and not os.environ.get("EMAIL_BACKEND"):
    # A development site (`make run`): mails go to files that the DEBUG-only page /dev/outbox/ shows
    # (lacitta_site/dev_outbox.py), so sign-up can be finished from the browser.
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "mail-outbox"))
else:
    EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <noreply@localhost>")
# A mail server that hangs must not hold a worker (or a request) for ever; the outbox retries.
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

REST_FRAMEWORK = {
    # Bearer tokens first: their WWW-Authenticate makes a missing or bad token a 401 (play/api_auth.py).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "play.api_auth.BearerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated", "play.api_auth.HasScope"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "play.api.exception_handler",
    # Bodies are JSON only (the schema says so; a generated client sends JSON). JSON nested deeper than
    # any move is refused with a 400 (play/json_input.py).
    "DEFAULT_PARSER_CLASSES": ["play.json_input.ShallowJSONParser"],
    # Accepted moves per player (play/api_errors.py MoveLimit); refused moves per player, pages and API
    # together (RefusedMoveLimit: a refusal costs a game load and the engine's check too); moves taken back
    # per player, pages and API together (UndoLimit).
    "DEFAULT_THROTTLE_RATES": {"moves": os.environ.get("MOVE_RATE", "120/min"),
                               "refused_moves": os.environ.get("REFUSED_MOVE_RATE", "60/min"),
                               "undos": os.environ.get("UNDO_RATE", "30/hour"),
                               # reads that compute a game's view and legal moves, per player (ReadLimit)
                               "reads": os.environ.get("READ_RATE", "600/min")},
}

# The API's named tokens (players/tokens.py), found by the games platform through this name.
API_TOKEN_LOOKUP = "players.tokens.token_user"

# The stream process's few database threads keep their connections (play/stream.py); the tests give
# them back after each call, so that the test database can be dropped at the end.
STREAM_KEEP_DB_CONNECTIONS = True
# An open stream checks its token or session again before each event and every few seconds while quiet
# (revoked, password changed, account closed: it ends), and ends after at most STREAM_MAX_SECONDS (clients
# reconnect). Open streams and long-polls per player and per client address, counted in Redis when there is
# one (shared by the stream processes); one more is a 429 (play/stream_guard.py, docs/deploy.md).
STREAM_RECHECK_SECONDS = float(os.environ.get("STREAM_RECHECK_SECONDS", "5"))
STREAM_MAX_SECONDS = int(os.environ.get("STREAM_MAX_SECONDS", "3600"))
STREAM_MAX_PER_USER = int(os.environ.get("STREAM_MAX_PER_USER", "8"))
STREAM_MAX_PER_ADDRESS = int(os.environ.get("STREAM_MAX_PER_ADDRESS", "32"))
# Game pages wait on their game's stream (/api/stream/pages/<id>/, play/stream_page.py) and poll only when
# it cannot be reached. Its events carry versions and ids only, and it checks the session before each
# one: the quiet re-check can be rarer than an API stream's. Under WSGI (gunicorn's sync workers) an open
# page would hold a worker: served there only when PAGE_STREAM_OVER_WSGI says so, by default with DEBUG
# (runserver; None: follow the final DEBUG, which prod.py turns off).
GAME_PAGE_STREAM = env_bool("GAME_PAGE_STREAM", True)
PAGE_STREAM_RECHECK_SECONDS = float(os.environ.get("PAGE_STREAM_RECHECK_SECONDS", "300"))
PAGE_STREAM_OVER_WSGI = env_bool("PAGE_STREAM_OVER_WSGI", False) if "PAGE_STREAM_OVER_WSGI" in os.environ else None

# Games one account may open per hour (the new-game page): no flooding the lobby or invitations.
GAMES_PER_HOUR = int(os.environ.get("GAMES_PER_HOUR", "12"))

# Moves from pages (django-ratelimit, per user): generous for play, a wall for scripts.
MOVE_RATE = os.environ.get("MOVE_RATE", "120/m")
# Chat messages (django-ratelimit, per user).
CHAT_RATE = os.environ.get("CHAT_RATE", "8/m")
# A cache that cannot count (Redis down) lets requests through rather than refusing them all.
RATELIMIT_FAIL_OPEN = True

# Content security policy (django-csp): no inline scripts or styles anywhere;
# htmx is told not to inject its indicator style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}
SPECTACULAR_SETTINGS = {
    # ASCII: generators name the client package after the title ("Città" gave an invalid package name).
    "TITLE": f"{unicodedata.normalize('NFKD', SITE_NAME).encode('ascii', 'ignore').decode()} play-by-web API",
    "DESCRIPTION": (
        "Play asynchronous board games: open games against the site's bots or challenge players, wait for "
        "your turn on an event stream (/api/stream/events/, NDJSON or server-sent events; /api/stream/wait/ "
        "to long-poll), read a game as your seat sees it, submit a move with the version you saw, chat.\n\n"
        "**Tokens**: `Authorization: Bearer <key>`, made on the site's API tokens page or with POST "
        "/api/tokens/; scopes read, play, chat, tokens (making and revoking tokens through the API needs "
        "\"tokens\"); a new password revokes every token; a missing or revoked token is a 401.\n\n"
        "**Errors**: always `{code, detail, params}`, with the game's current `version` when a game is "
        "named and `fields` for a body that does not fit; branch on `code` (stale_version, not_your_turn, "
        "game_not_in_progress, unknown_move_type, the game's own code of an illegal move, rate_limited…).\n\n"
        "**Limits**: 120 accepted moves a minute per player and 60 refused ones (pages included), told by the "
        "RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers of each move's answer; a 429 has "
        "Retry-After. Bodies are small: a move, a join or a new game 16 KB, a chat line 16 KB, a token 2 KB "
        "(larger is a 413). At most 8 open streams and long-polls per player; a stream ends after an hour "
        "and as soon as its token is revoked or the password changes: reconnect.\n\n"
        "**Moves and views** are each game's own: GET /api/game-types/ links the JSON Schema of its moves "
        "and of its view, and this document has them as components: `<Game>Move<Type>` for each move type "
        "(with what it means; the move request's `move` is one of them, so a generated client builds typed "
        "moves: a game of slug `mygame` with a move type `place` gives `MygameMovePlace(x=0, y=1)`) and "
        "`<Game>View` for what a seat sees.\n\n"
        "**Answers**: every answer that is a game follows `answer=`: `full` (default) is GameDetail, "
        "`compact` is CompactAnswer; its `answer` field says which (the discriminator).\n\n"
        "**Credentials**: `Authorization: Bearer <key>` or `Authorization: Token <key>` (the same keys); "
        "the site's pages call the API with their session cookie (writes then need the CSRF token).\n\n"
        "**Streams** are served at the same base URL as the rest of the API (in production a separate "
        "stream process answers /api/stream/ behind the same address; a restart of it ends your stream: "
        "reconnect with ?after=). They are not JSON answers: read them line by line (a generated client "
        "needs its own line reader).\n\n"
        "**Results**: `result` is null until the game is over; see its schema for a resigned game's scores "
        "(null for every seat when leaving ended the game; the leavers ranked last).\n\n"
        "The site's \"Build a bot\" page (/bots/) walks through a whole bot."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Each game's move and view JSON Schemas, linked from the operations that carry them.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "play.api_schema.add_game_schemas"],
    "COMPONENT_SPLIT_REQUEST": True,
    # Choice sets that share a field name with the games' ("status"), named apart.
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "play.models.Game.Status",  # (the name it always had)
        "CompetitionStatusEnum": "competitions.models.Competition.Status",
        "CompetitionEntryStatusEnum": "competitions.models.Entry.Status",
        "CompetitionRoundStatusEnum": "competitions.models.Round.Status",
    },
    # Swagger UI served from this site (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# Redis: broker and cache when REDIS_URL is set; otherwise eager tasks and a local cache.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
    # Redis down must not break pages: django-redis answers misses (lacitta_site/cache.py).
    from lacitta_site.cache import redis_cache

    CACHES = {"default": redis_cache(REDIS_URL)}
else:
    # Eager tasks still borrow a producer (Celery reads the serializer from it): with a host named, kombu's
    # in-memory transport does not warn "No hostname was supplied" at the first task of `make run`.
    CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "memory://localhost/")
    CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", True)
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# What a game draws once for every viewer of a position (play/drawings.py): this process's memory, as many
# drawings as open positions need (a board's shared layers are up to ~100 KB; 400 of them up to ~40 MB).
CACHES["drawings"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "drawings",
                      "TIMEOUT": 3600, "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("DRAWINGS_KEPT", "400"))}}
# A Redis that accepts connections but never answers: publishing gives up after ~2 s instead of
# blocking the request (the move is saved; the sweeps queue the work again, as when Redis refuses).
# socket_timeout stays above kombu's 1 s BRPOP wait so an idle worker is not cut off.
# A link that drops packets (a worker host cut off, issue 44.1): TCP keepalives find an idle connection dead in
# ~8 s, TCP_USER_TIMEOUT one whose writes go unacknowledged in 10 s, and kombu's check of the consumer's BRPOP (a
# reply overdue by health_check_interval) drops a half-open one in ~3-5 s instead of its default ~51 s; the
# worker then tries again every second (lacitta_site/worker_consumer.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_timeout": 2, "socket_connect_timeout": 2, "health_check_interval": 2, "socket_keepalive": True,
    "socket_keepalive_options": {socket.TCP_KEEPIDLE: 5, socket.TCP_KEEPINTVL: 1, socket.TCP_KEEPCNT: 3,
                                 socket.TCP_USER_TIMEOUT: 10000} if hasattr(socket, "TCP_USER_TIMEOUT") else {},
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_WORKER_CONSUMER = "lacitta_site.worker_consumer:Consumer"
# A worker waits for Redis as long as it takes (Celery's default gives up after 100 tries and exits).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0}
# A broker made of folders (kombu's filesystem transport): lets a real worker run
# on a machine without Redis, e.g. the worker tests of `make test` on a laptop.
if os.environ.get("CELERY_FS_BROKER_DIR"):
    _fs = os.environ["CELERY_FS_BROKER_DIR"]
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {"data_folder_in": _fs, "data_folder_out": _fs, "processed_folder": _fs,
                                       "control_folder": _fs, "store_processed": False}
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
BOT_TURN_LOST_AFTER_SECONDS = int(os.environ.get("BOT_TURN_LOST_AFTER_SECONDS", "15"))
# Bot work (issue 39.3; play/bot_work.py). One decision of a bot may take this long (wall, and CPU of its worker);
# out of it the search answers the best move found so far (kit.search.Budget). None: no limit.
BOT_DECISION_SECONDS = env_float("BOT_DECISION_SECONDS", 3.0)
BOT_DECISION_CPU_SECONDS = env_float("BOT_DECISION_CPU_SECONDS", 2.0)
# The games an account opened may use this much bot CPU an hour; past it their bots decide within
# BOT_DECISION_SECONDS_OVER_BUDGET (they still answer at once, a little weaker) until the hour has passed.
BOT_CPU_SECONDS_PER_ACCOUNT_HOUR = env_float("BOT_CPU_SECONDS_PER_ACCOUNT_HOUR", 300.0)
BOT_DECISION_SECONDS_OVER_BUDGET = env_float("BOT_DECISION_SECONDS_OVER_BUDGET", 0.3)
# At most this many bot decisions of one account's games at once (the others wait BOT_DEFER_SECONDS and try
# again), so a few accounts never hold every worker.
BOT_DECISIONS_AT_ONCE_PER_ACCOUNT = int(os.environ.get("BOT_DECISIONS_AT_ONCE_PER_ACCOUNT", "1"))
BOT_DEFER_SECONDS = env_float("BOT_DEFER_SECONDS", 1.0)
# Levels that think for seconds, and how many of their decisions the whole site makes at once: one fewer than
# the bot worker's processes (CELERY_CONCURRENCY, 2 by default), so a cheap bot always finds a process free.
BOT_HEAVY_LEVELS = tuple(env_list("BOT_HEAVY_LEVELS", "expert"))
# (Several bot workers: set it to their processes in all, less one.)
BOT_HEAVY_DECISIONS_AT_ONCE = int(os.environ.get("BOT_HEAVY_DECISIONS_AT_ONCE")
                                  or max(1, int(os.environ.get("CELERY_CONCURRENCY", "2")) - 1))
# A claim on a decision older than this is a lost one (a killed worker): another task may decide. Well above
# BOT_DECISION_SECONDS (a decision outliving it is only made twice, as before claims).
BOT_DECISION_LEASE_SECONDS = env_float("BOT_DECISION_LEASE_SECONDS", 15.0)
# A bot task plays moves for a game until this much wall time has gone, then queues its successor at the back
# of the queue: the workers go round the games instead of serving one game's bots to the end.
BOT_TASK_SLICE_SECONDS = env_float("BOT_TASK_SLICE_SECONDS", 1.0)
# A bot seat that has made this many moves in a row (no other seat moved) is caught in a cycle of its own: its
# moves stop there, said once in the log as an error, and the game waits for a moderator (give the seat to another
# bot, adjudicate, abort). Far above any game's longest turn.
BOT_MOVES_IN_A_ROW_MAX = int(os.environ.get("BOT_MOVES_IN_A_ROW_MAX", "1000"))
# E-mails on a queue of their own (lacitta_site/celery.py): bot turns never wait behind a slow mail server.
CELERY_TASK_ROUTES = ("lacitta_site.celery.route_task",)
CELERY_QUEUE_NAMES = (CELERY_TASK_DEFAULT_QUEUE, f"{CELERY_TASK_DEFAULT_QUEUE}.mail")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 100
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Synced into django-celery-beat's tables when beat starts (editable in the admin).
CELERY_BEAT_SCHEDULE = {
    "sweep-clocks": {"task": "games.tasks.sweep_clocks", "schedule": 60.0},
    # A lost bot turn (killed worker) is found within BOT_TURN_LOST_AFTER_SECONDS + 10 s.
    "requeue-lost-bot-turns": {"task": "games.tasks.requeue_lost_bot_turns", "schedule": 10.0},
    "flush-outbox": {"task": "notifications.tasks.flush_outbox", "schedule": 120.0},
    # At a fixed time of day (UTC), not every 86,400 s from whenever beat first started.
    "daily-digests": {"task": "notifications.tasks.send_digests",
                      "schedule": crontab(hour=int(os.environ.get("DIGEST_HOUR_UTC", "7")), minute=0)},
    "expire-suspensions": {"task": "community.tasks.expire_suspensions", "schedule": 600.0},
    "lapse-seat-offers": {"task": "community.tasks.lapse_seat_offers", "schedule": 600.0},
    "purge-closed-accounts": {"task": "community.tasks.purge_closed_accounts", "schedule": 86400.0},
    "purge-addresses": {"task": "community.tasks.purge_addresses", "schedule": 86400.0},
    "staff-digests": {"task": "community.tasks.send_staff_digests", "schedule": 86400.0},
    "advance-competitions": {"task": "competitions.tasks.advance", "schedule": 300.0},
}
CELERY_TIMEZONE = TIME_ZONE
# A game notice's mail ("bob made you an offer") waits this long, gathering the reader's later notices of the
# same game into it (notifications/services.py): at most one such mail per reader and game this often.
NOTICE_MAIL_COALESCE_SECONDS = int(os.environ.get("NOTICE_MAIL_COALESCE_SECONDS", "300"))
# A seat a moderator offers to a player stands this many days (community/seat_offers.py).
SEAT_OFFER_DAYS = int(os.environ.get("SEAT_OFFER_DAYS", "7"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    # The keys of secret links (password reset, e-mail confirmation, invitations…) never reach a log line.
    "filters": {"redact_secrets": {"()": "lacitta_site.log_redaction.RedactSecrets"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["redact_secrets"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}

# Games: who may see what, how long polling waits between checks (milliseconds).
WHITENOISE_AUTOREFRESH = DEBUG

# Error reports to Sentry (or any service speaking its protocol) when SENTRY_DSN is set; nothing is sent without it.
# No personal data: user ids only, never addresses, cookies or bodies (send_default_pii=False).
if os.environ.get("SENTRY_DSN"):
    import sentry_sdk

    sentry_sdk.init(dsn=os.environ["SENTRY_DSN"], send_default_pii=False,
                    environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
                    traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")))

# /healthz/status answers a monitor that sends "Authorization: Bearer <this>" (staff may look without it).
MONITORING_TOKEN = os.environ.get("MONITORING_TOKEN", "")

GAME_POLL_INTERVAL_MS = int(os.environ.get("GAME_POLL_INTERVAL_MS", "4000"))
# How long a rendered game body is kept for its viewer (play/body_cache.py); a new version replaces it sooner.
GAME_BODY_CACHE_SECONDS = int(os.environ.get("GAME_BODY_CACHE_SECONDS", "1800"))

# Ratings: a player is listed on a game's leaderboard after this many rated games.
RATINGS_LEADERBOARD_MIN_GAMES = int(os.environ.get("RATINGS_LEADERBOARD_MIN_GAMES", "5"))
