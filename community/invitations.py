"""The invitee's say in being invited: their invitation choice (anyone, or nobody but
staff) and the players they block. Registered with ``play.invitations`` when the app
starts, so that opening a game with an invitation asks it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play.errors import NotAllowed

from .models import Block, MemberSettings


def check_can_invite(*, inviter, invitee) -> None:
    policy = (
        MemberSettings.objects.filter(user=invitee).values_list("invite_policy", flat=True).first()
        or MemberSettings.InvitePolicy.ANYONE
    )
    # A player who blocked the inviter is told apart from nobody: the same answer as "no invitations".
    blocked = Block.objects.filter(blocker=invitee, blocked_id=getattr(inviter, "pk", None)).exists()
    if blocked or policy == MemberSettings.InvitePolicy.NOBODY and not getattr(inviter, "is_staff", False):
        raise NotAllowed(_("%(name)s does not accept invitations; open a seat for anyone instead."),
                         {"name": invitee.get_username()})
