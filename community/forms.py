from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from play import registry, texts
from play.forms import no_echo_choices, options_words

from . import reasons
from .models import CHAT_MAX_LENGTH, MemberSettings, Report

User = get_user_model()


# --- players ------------------------------------------------------------------------------------


class MemberSettingsForm(forms.ModelForm):
    class Meta:
        model = MemberSettings
        fields = ["display_name", "country", "invite_policy", "visibility"]
        widgets = {"invite_policy": forms.RadioSelect, "visibility": forms.RadioSelect}


class ChatForm(forms.Form):
    text = forms.CharField(
        label=_("Message"),
        max_length=CHAT_MAX_LENGTH,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": CHAT_MAX_LENGTH}),
    )


class ReportForm(forms.Form):
    reason = forms.CharField(
        label=_("What is wrong?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": 1000}),
    )
    urgent = forms.BooleanField(label=_("Urgent: threats against someone (the moderators are alerted at once)"),
                                required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        no_echo_choices(self)


class PlayerReportForm(ReportForm):
    category = forms.ChoiceField(label=_("About"), choices=[
        (Report.Category.CHAT, Report.Category.CHAT.label),
        (Report.Category.CHEATING, Report.Category.CHEATING.label)], required=False)
    field_order = ["category", "reason", "urgent"]

    def clean_category(self):
        return self.cleaned_data.get("category") or Report.Category.CHAT


class AppealForm(forms.Form):
    text = forms.CharField(
        label=_("Why should this decision change?"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": 2000}),
    )


class DeleteAccountForm(forms.Form):
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput, required=False)
    confirm = forms.CharField(label=_("Type DELETE to confirm"), max_length=10)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_confirm(self):
        value = self.cleaned_data["confirm"].strip()
        if value.upper() not in ("DELETE", "SUPPRIMER"):
            raise forms.ValidationError(_("Type DELETE to confirm."))
        return value

    def clean_password(self):
        password = self.cleaned_data.get("password") or ""
        if self.user.has_usable_password() and not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."))
        return password


class HistoryFilterForm(forms.Form):
    RESULTS = [
        ("", _("Any result")),
        ("won", _("Won")),
        ("lost", _("Lost")),
        ("left", _("Left (resigned or timed out)")),
    ]

    game = forms.ChoiceField(label=_("Game"), required=False)
    options = forms.ChoiceField(label=_("Options"), required=False)
    opponent = forms.CharField(label=_("Opponent"), required=False, max_length=150)
    result = forms.ChoiceField(label=_("Result"), required=False, choices=RESULTS)
    date_from = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, option_sets=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.option_sets = {key: options for key, options, _game_type in option_sets}
        self.fields["game"].choices = [("", _("Any game"))] + [(e.slug, e.name) for e in registry.available()]
        self.fields["options"].choices = [("", _("Any options"))] + [
            (key, options_words(key, game_type) or _("(none)")) for key, _options, game_type in option_sets
        ]
        no_echo_choices(self)

    def clean_opponent(self):
        name = self.cleaned_data["opponent"].strip()
        if not name:
            return None
        user = User.objects.filter(username__iexact=name).first()
        if user is None:
            raise forms.ValidationError(_("No player is called “%(name)s”.") % {"name": name})
        return user

    def clean(self):
        data = super().clean()
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            raise forms.ValidationError(_("The start date is after the end date."))
        return data


# --- moderators ---------------------------------------------------------------------------------


# The presets are also the reason the player reads (community/reasons.py).
PRESET_REASONS = reasons.PRESETS


class ReasonForm(forms.Form):
    preset = forms.ChoiceField(label=_("Common reason"), required=False,
                               choices=[("", "—")] + PRESET_REASONS)
    reason = forms.CharField(
        label=_("Internal note (the moderation log; the player reads only the common reason)"),
        max_length=2000, required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reason_last()
        no_echo_choices(self)

    def reason_last(self):
        last = ["preset", "reason"]
        self.order_fields([name for name in self.fields if name not in last] + last)

    def clean(self):
        cleaned = super().clean()
        preset = dict(PRESET_REASONS).get(cleaned.get("preset") or "")
        cleaned["public_reason"] = cleaned.get("preset") or reasons.DEFAULT  # what the player reads
        reason = (cleaned.get("reason") or "").strip()
        if preset:
            reason = f"{preset}: {reason}" if reason else str(preset)
        if not reason:
            self.add_error(
                "reason", _("Give a reason (or choose a common one): it is kept in the moderation log.")
            )
        cleaned["reason"] = reason
        return cleaned


class DaysReasonForm(ReasonForm):
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=365, initial=7)


class MinutesReasonForm(ReasonForm):
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=24 * 60, initial=30)


class NoteForm(forms.Form):
    text = forms.CharField(label=_("Note for the other staff (players never see it)"), max_length=2000,
                           widget=forms.Textarea(attrs={"rows": 2}))


class NoteEditForm(NoteForm):
    note = forms.TypedChoiceField(label=_("Note"), coerce=int)
    field_order = ["note", "text"]

    def __init__(self, *args, notes=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["note"].choices = [(n.pk, f"{n.created_at:%Y-%m-%d} {n.author or '—'}: {n.text[:40]}")
                                       for n in notes]


class SeatBotForm(ReasonForm):
    seat = forms.TypedChoiceField(label=_("Seat"), coerce=int)
    bot_level = forms.ChoiceField(label=_("Bot level"))

    def __init__(self, *args, seats=(), levels=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.index, f"{s.index}: {s.display_name}") for s in seats]
        self.fields["bot_level"].choices = [(level, texts.bot_level_name(level)) for level in levels]


class SeatUserForm(ReasonForm):
    seat = forms.TypedChoiceField(label=_("Seat"), coerce=int)
    username = forms.CharField(label=_("New player (username)"), max_length=150)

    def __init__(self, *args, seats=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.index, f"{s.index}: {s.display_name}") for s in seats]


class RollbackForm(ReasonForm):
    to_seq = forms.TypedChoiceField(label=_("Go back to the position after move"), coerce=int)

    def __init__(self, *args, moves=(), labels=None, **kwargs):
        super().__init__(*args, **kwargs)
        labels = labels or {}  # community.move_descriptions: each move in words, with its player and year
        self.fields["to_seq"].choices = [(m.seq, labels.get(m.seq, f"{m.seq} ({m.kind})")) for m in moves]


class AdjudicateForm(ReasonForm):
    rated = forms.BooleanField(label=_("Count for the ratings"), required=False, initial=True)

    def __init__(self, *args, seats=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        n = len(self.seats)
        for seat in self.seats:
            self.fields[f"rank_{seat.index}"] = forms.IntegerField(
                label=_("Rank of %(name)s") % {"name": seat.display_name}, min_value=1, max_value=max(n, 1)
            )
            self.fields[f"score_{seat.index}"] = forms.IntegerField(
                label=_("Score of %(name)s (optional)") % {"name": seat.display_name}, required=False
            )
        self.reason_last()

    def ranks(self) -> list[int]:
        return [self.cleaned_data[f"rank_{s.index}"] for s in self.seats]

    def scores(self) -> list | None:
        scores = [self.cleaned_data.get(f"score_{s.index}") for s in self.seats]
        if all(s is None for s in scores):
            return None
        if any(s is None for s in scores):
            raise forms.ValidationError(_("Give a score for every seat, or none."))
        return scores


class RatingResetForm(ReasonForm):
    rating = forms.TypedChoiceField(label=_("Rating"), coerce=int)

    def __init__(self, *args, ratings=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rating"].choices = [
            (r.pk, f"{r.game_type}: {r.ordinal:.1f} ({r.games})") for r in ratings
        ]


class SanctionChoiceForm(ReasonForm):
    sanction = forms.TypedChoiceField(label=_("Sanction"), coerce=int)

    def __init__(self, *args, sanctions=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sanction"].choices = [
            (s.pk, f"#{s.pk} {s.get_kind_display()} {s.starts_at:%Y-%m-%d}") for s in sanctions
        ]


class AppealDecisionForm(SanctionChoiceForm):
    lift = forms.BooleanField(label=_("Lift the sanction"), required=False)


class SanctionDaysForm(SanctionChoiceForm):
    days = forms.IntegerField(label=_("Ends in (days from now)"), min_value=1, max_value=365)


class StaffRoleForm(ReasonForm):
    role = forms.ChoiceField(label=_("Role"), choices=[
        ("", _("Player (no staff role)")), ("moderator", _("Moderator (chat and reports)")),
        ("game_moderator", _("Game moderator (seats, rollback, adjudication)")),
        ("both", _("Moderator and game moderator")), ("administrator", _("Administrator"))], required=False)
