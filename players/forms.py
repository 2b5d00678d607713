from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Profile
from .services import MAX_VACATION_DAYS


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["language", "email_your_turn", "email_reminder", "email_game_over", "email_digest",
                  "rated_against_bots"]


class VacationForm(forms.Form):
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=MAX_VACATION_DAYS, initial=7)
