"""Moderators' actions on people: hide a message, warn, mute, suspend, ban, lift, decide an appeal,
dismiss a report, deactivate, reset a rating.

Every one needs a staff moderator and a reason, and writes one ``ModerationAction`` row (who, what, to
whom, why) in the same transaction. Acting from a report closes it as "action taken".

Split by concern (issue 40): ``moderation_base`` (the checks and the log), ``report_handling`` (reports and
chat), ``sanctions`` (sanctions and appeals), ``member_moderation`` (accounts, notes, staff roles); this
module keeps the one import path the admin, the views and the tests use."""

from __future__ import annotations

from .member_moderation import (  # noqa: F401
    ROLES,
    member_deactivate,
    member_display_name_reset,
    member_note_add,
    member_note_edit,
    member_rating_reset,
    staff_role_set,
)
from .moderation_base import (  # noqa: F401
    MAX_SANCTION_DAYS,
    Action,
    User,
    log_action,
    refusal_log,
    require_moderator,
    require_reason,
)
from .report_handling import (  # noqa: F401
    message_hide,
    report_claim,
    report_dismiss,
    report_escalate,
    report_perm,
    report_resolve,
    report_take_over,
)
from .sanctions import (  # noqa: F401
    MAX_TIMEOUT_MINUTES,
    appeal_decide,
    appeal_reviewers,
    may_decide_appeal,
    may_undo,
    sanction_change_end,
    sanction_lift,
    sanction_withdraw,
    suspensions_expire,
    team_of_one,
    user_ban,
    user_mute,
    user_suspend,
    user_timeout,
    user_warn,
)
