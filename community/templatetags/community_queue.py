"""``{% moderation_queue %}``: the counts of waiting moderation work, on the admin index."""

from django import template

from .. import queue

register = template.Library()


@register.inclusion_tag("admin/community/_queue.html")
def moderation_queue():
    return {"queue": queue.counts()}
