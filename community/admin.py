"""Moderation in the Django admin (staff only; ``admin_view`` sends anyone
else to the admin login).

Three working pages — a report, a game, a member — each show the context and
small forms; every form calls a service in ``community.moderation`` or
``community.game_moderation``, which needs a reason and writes the
moderation log. The log itself, sanctions and chat are read-only lists.

Split by concern (issue 40): ``admin_pages`` (the pages' frame), ``admin_reports``, ``admin_games``,
``admin_members``, ``admin_lists``; ``games_admin`` holds the games app's models. Importing this module
registers them all."""

from __future__ import annotations

from django.contrib import admin

from . import games_admin  # noqa: F401  (the games app's models: Game, Seat, Move, the User admin)
from .account_forms import SanctionAwareAdminLoginForm
from .admin_games import ModeratedGameAdmin, SeatsFilter, result_lines  # noqa: F401
from .admin_lists import (  # noqa: F401
    AppealFilter,
    ChatMessageAdmin,
    ModerationActionAdmin,
    ModeratorFilter,
    SanctionAdmin,
)
from .admin_members import MemberAdmin  # noqa: F401
from .admin_pages import ActionPageAdmin, Op, ReadOnlyAdmin, StaffOnlyAdmin  # noqa: F401
from .admin_reports import ReportAdmin  # noqa: F401

# A locked-out staff member is told why (reason, end, appeal), not "wrong password".
admin.site.login_form = SanctionAwareAdminLoginForm
