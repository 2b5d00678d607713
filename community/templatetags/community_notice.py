"""``{% moderation_notice %}``: a line at the top of every page while the player has
a moderation decision they have not yet read (warnings used to sit two clicks deep)."""

from django import template

from .. import notices

register = template.Library()


@register.inclusion_tag("community/partials/moderation_notice.html", takes_context=True)
def moderation_notice(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    unseen = notices.notice_sanctions(user, 3)
    return {"notes": [notices.describe(s) for s in unseen]}
