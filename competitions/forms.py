"""The form a competition is opened with (staff, or a player within ``services.PLAYER_LIMITS``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from play import registry

from .models import Competition


def _game_choices():
    return [(d.slug, d.name) for d in registry.definitions() if d.engine.max_players >= 2]


class CompetitionForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    kind = forms.ChoiceField(label=_("Kind"), choices=Competition.Kind.choices)
    game_type = forms.ChoiceField(label=_("Game"), choices=())
    options = forms.CharField(label=_("Game options"), required=False, max_length=300,
                              help_text=_("name=value, separated by commas (e.g. target=15); empty: the game's "
                                          "defaults."))
    seats = forms.IntegerField(label=_("Seats per table"), min_value=2, max_value=8, initial=2)
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=1000, initial=8)
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=30, initial=3)
    round_days = forms.IntegerField(label=_("Days per round"), min_value=1, max_value=60, initial=14)
    initial_days = forms.IntegerField(label=_("Time bank (days)"), min_value=1, max_value=60, initial=3)
    increment_days = forms.IntegerField(label=_("Days added per move"), min_value=0, max_value=30, initial=1)
    max_days = forms.IntegerField(label=_("Most days in the bank"), min_value=1, max_value=60, initial=7)
    division_size = forms.IntegerField(label=_("Players per division (league)"), min_value=2, max_value=50,
                                       initial=8)
    moves = forms.IntegerField(label=_("Promoted and relegated per division (league)"), min_value=0,
                               max_value=24, initial=2)
    seasons = forms.IntegerField(label=_("Seasons (league)"), min_value=1, max_value=20, initial=1)
    starts_at = forms.DateTimeField(label=_("Starts at (empty: when full, or when you start it)"),
                                    required=False)
    invite_only = forms.BooleanField(label=_("By invitation only"), required=False)
    bots_allowed = forms.BooleanField(label=_("Bots may enter"), required=False, initial=True)
    min_rating = forms.FloatField(label=_("Lowest rating"), required=False)
    max_rating = forms.FloatField(label=_("Highest rating"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_type"].choices = _game_choices()

    def clean_options(self) -> dict:
        options = {}
        for part in (self.cleaned_data.get("options") or "").split(","):
            if not part.strip():
                continue
            name, sep, value = part.partition("=")
            if not sep or not name.strip() or not value.strip():
                raise forms.ValidationError(_("Write each option as name=value (e.g. target=15)."))
            options[name.strip()] = value.strip()
        return options

    def service_arguments(self) -> dict:
        data = dict(self.cleaned_data)
        for name in ("initial", "increment", "max"):
            data[f"{name}_seconds"] = data.pop(f"{name}_days") * 86400
        return data
