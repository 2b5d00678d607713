"""The frame of the admin's moderation pages (``community.admin``): staff only, nobody adds or deletes
rows; a working page shows its context and one small form per action (``Op``), each calling a service that
needs a reason and writes the moderation log; an action above the user's tier is refused and logged."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest, HttpResponseForbidden, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

from play.errors import NotAllowed, ServiceError

from . import (
    moderation,
    tiers,
)


class StaffOnlyAdmin(admin.ModelAdmin):
    """Any active staff member moderates; nobody adds or deletes rows here."""

    def _staff(self, request) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_module_permission(self, request):
        return self._staff(request)

    def has_view_permission(self, request, obj=None):
        return self._staff(request)

    def has_change_permission(self, request, obj=None):
        return self._staff(request)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(StaffOnlyAdmin):
    def has_change_permission(self, request, obj=None):
        return False


@dataclass
class Op:
    """One moderation form on a page: its title, how to build the form, what it runs."""

    title: str
    form: Callable  # (obj, data) -> Form
    run: Callable  # (request, obj, cleaned_data, form) -> None, or a dict of things to show
    done: str
    danger: bool = False
    # The staff tier that may run it (community/tiers.py); None: any staff member.
    perm: str | None = tiers.MODERATE_CHAT
    # Besides the tier, whether this staff member may run it on this object (None: anyone of the tier).
    allowed: Callable | None = None  # (user) -> bool


class ActionPageAdmin(StaffOnlyAdmin):
    """The change page is a moderation page: context + one form per action."""

    page_template = ""

    def ops(self, obj) -> dict[str, Op]:
        return {}

    def ops_for(self, request, obj) -> dict[str, Op]:
        """The page's forms for this staff member (a seated one reads a game as its player)."""
        return self.ops(obj)

    def shown(self, request, obj, name: str) -> bool:
        """Whether the panel is shown now (a sanction on a senior, an appeal of one's own decision:
        not shown; posted anyway, the service refuses it and the refusal is logged)."""
        return True

    def refusal_targets(self, obj) -> dict:
        """What a refused attempt on this page is about, for the moderation log."""
        return {}

    def page_context(self, request, obj) -> dict:
        return {}

    def on_open(self, request, obj) -> None:
        """Opening the page for action (a report is claimed)."""

    def _refused(self, request, obj, name: str, message: str) -> None:
        moderation.refusal_log(moderator=request.user, op=name, message=message, **self.refusal_targets(obj))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if request.method != "POST":
            self.on_open(request, obj)
            obj = self.get_object(request, object_id)
        every = self.ops_for(request, obj)
        in_tier = {name: op for name, op in every.items() if op.perm is None or tiers.may(request.user, op.perm)}
        ops = {name: op for name, op in in_tier.items() if op.allowed is None or op.allowed(request.user)}
        bound, status, extra = {}, 200, {}
        if request.method == "POST":
            name = request.POST.get("op", "")
            if name in every and name not in in_tier:  # a junior trying a senior's action: seniors read it
                self._refused(request, obj, name, _("Your moderator role does not allow this."))
                return HttpResponseForbidden(_("Your moderator role does not allow this."))
            if name not in ops:
                return HttpResponseBadRequest(_("Unknown moderation action."))
            op = ops[name]
            form = op.form(obj, request.POST)
            if form.is_valid():
                try:
                    result = op.run(request, obj, form.cleaned_data, form)
                    extra = result if isinstance(result, dict) else {}  # a page to show, not a redirect
                except NotAllowed as exc:
                    form.add_error(None, exc.message)
                    self._refused(request, obj, name, exc.message)
                except ServiceError as exc:
                    form.add_error(None, exc.message)
                except ValidationError as exc:
                    form.add_error(None, exc)
                else:
                    if not extra:
                        messages.success(request, op.done)
                        return HttpResponseRedirect(request.path)
            if not extra:
                bound[name], status = form, 400
            obj = self.get_object(request, object_id)
        panels = [
            {
                "name": name,
                "title": op.title,
                "danger": op.danger,
                "form": bound.get(name) or op.form(obj, None),
            }
            for name, op in ops.items()
            if name in bound or self.shown(request, obj, name)
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": obj,
            "title": str(obj),
            "panels": panels,
            **self.page_context(request, obj),
            **extra,
        }
        return TemplateResponse(request, self.page_template, context, status=status)
