"""The form to open a game. Built from the engine's option specs and the words of
the game's definition (registry), so a new game needs no new form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from . import bots, registry
from .models import Game
from .services import SeatSpec


def _labels(game_type: str) -> dict:
    try:
        return registry.definition(game_type).option_labels
    except KeyError:
        return {}


def option_label(value: str, game_type: str):
    """An option name or value in the game's words (a number names itself)."""
    return _labels(game_type).get(value, value)


def value_label(name: str, value: str, game_type: str):
    """An option's value in the game's words for that option: its own words first ("name.value", for a value
    two options share and the game words apart), else the value's."""
    labels = _labels(game_type)
    return labels.get(f"{name}.{value}", labels.get(value, value))


# Values that never name their option ("Yes" alone says nothing of what is granted).
BARE_ANSWERS = frozenset({"yes", "no"})


def _shared_values(game_type: str) -> set[str]:
    """The values more than one of the game's options offers ("easy" for two board sides): a bare
    label would not say which option it is."""
    try:
        specs = registry.get(game_type).options
    except KeyError:
        return set()
    seen: dict[str, int] = {}
    for spec in specs:
        for choice in spec.choices:
            seen[choice] = seen.get(choice, 0) + 1
    return {value for value, count in seen.items() if count > 1}


def options_words(options, game_type: str) -> str:
    """An option set as the form words it, with the game's labels: "Pile: 21 · wins".
    Takes the options dict or the history's stable key ("pile=21, last=wins")."""
    if isinstance(options, str):
        options = dict(part.split("=", 1) for part in options.split(", ") if "=" in part)
    labels = _labels(game_type)
    ambiguous = _shared_values(game_type) | BARE_ANSWERS
    words = []
    for name, value in (options or {}).items():
        value = str(value)
        if f"{name}.{value}" in labels:  # a value's own words for this option ("mode.short": Short game)
            words.append(str(labels[f"{name}.{value}"]))
        elif value == "none":
            words.append(str(_("%(option)s: none") % {"option": option_label(name, game_type)}))
        elif value in labels and value not in ambiguous:  # a value that names itself
            words.append(str(labels[value]))
        else:  # a bare or shared value needs the option's name
            words.append(str(_("%(option)s: %(value)s") % {"option": option_label(name, game_type),
                                                            "value": labels.get(value, value)}))
    return " · ".join(words)


# A refused choice, without the value (issue 39 point 10: a 5,000-character value came back whole).
# Django's own sentence (ModelChoiceField's): its catalogs hold the French.
NO_ECHO_CHOICE = _("Select a valid choice. That choice is not one of the available choices.")

def no_echo_choices(form) -> None:
    """A form's choice fields refuse a value they do not offer without repeating it (Django's own message
    repeats it whole). Called at the end of the form's ``__init__``, once its fields are all there."""
    for field in form.fields.values():
        if isinstance(field, forms.ChoiceField):
            field.error_messages["invalid_choice"] = NO_ECHO_CHOICE


SEAT_CHOICES_BASE = [("open", _("Open seat")), ("invite", _("Invite a player"))]


class GameCreateForm(forms.Form):
    @property
    def bot_thinking(self) -> dict | None:
        """The bots' share of the workers, as the page says it (issue 39.3; ``play.bot_work``)."""
        from .bot_work import allowance

        return allowance()

    game_type = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    is_private = forms.BooleanField(label=_("Private game (join by invitation link only)"), required=False)
    initial_days = forms.IntegerField(label=_("Days on the clock at the start"), min_value=1, max_value=60,
                                      initial=3)
    increment_days = forms.IntegerField(label=_("Days added per move"), min_value=0, max_value=30, initial=1)
    max_days = forms.IntegerField(label=_("Most days a clock can hold"), min_value=1, max_value=60, initial=7)
    timeout_rule = forms.ChoiceField(label=_("When a player runs out of time"), choices=Game.TimeoutRule.choices)
    timeout_bot_level = forms.ChoiceField(label=_("Bot level that takes over"))

    def __init__(self, *args, game_type: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        engines = registry.available()
        self.fields["game_type"].choices = [(e.slug, e.name) for e in engines]
        slug = game_type or (self.data.get("game_type") if self.is_bound else None) or engines[0].slug
        if slug not in {e.slug for e in engines}:
            slug = engines[0].slug
        self.engine = registry.get(slug)
        self.fields["game_type"].initial = slug
        self.fields["players"].choices = [
            (n, str(n)) for n in range(self.engine.min_players, self.engine.max_players + 1)
        ]
        self.fields["players"].initial = self.engine.min_players
        levels = bots.levels_for(slug)
        self.fields["timeout_bot_level"].choices = [(lv, bots.level_label(lv)) for lv in levels]
        seat_choices = SEAT_CHOICES_BASE + [
            (f"bot:{lv}", _("Bot: %(level)s") % {"level": bots.level_label(lv)}) for lv in levels
        ]
        self.hint_template = registry.definition(slug).template("new_game")
        for spec in self.engine.options:
            self.fields[f"opt_{spec.name}"] = forms.ChoiceField(
                label=option_label(spec.name, slug),
                choices=[(c, value_label(spec.name, c, slug)) for c in spec.choices],
                initial=spec.default,
            )
        for n in range(2, self.engine.max_players + 1):
            self.fields[f"seat_{n}"] = forms.ChoiceField(
                label=_("Seat %(n)d") % {"n": n}, choices=seat_choices, required=False, initial="open"
            )
            self.fields[f"seat_{n}_user"] = forms.CharField(
                label=_("Username to invite for seat %(n)d") % {"n": n}, required=False, max_length=150,
                widget=forms.TextInput(attrs={"data-invite-for": f"seat_{n}"}),
            )

        no_echo_choices(self)

    def option_fields(self):
        return [self[f"opt_{spec.name}"] for spec in self.engine.options]

    def seat_fields(self):
        """(seat number, its choice, its username box, shown?): seats past the chosen player count are
        marked hidden (new_game.js shows and hides them as the count changes; without JavaScript
        they all show, with the hint that only the first ones are used)."""
        players = self.players_shown()
        return [(n, self[f"seat_{n}"], self[f"seat_{n}_user"], n <= players)
                for n in range(2, self.engine.max_players + 1)]

    def players_shown(self) -> int:
        raw = self.data.get("players") if self.is_bound else self.initial.get("players",
                                                                              self.fields["players"].initial)
        try:
            return min(max(int(raw), self.engine.min_players), self.engine.max_players)
        except (TypeError, ValueError):
            return self.engine.min_players

    def clean(self):
        data = super().clean()
        players = data.get("players")
        if players is None:
            return data
        seats = [SeatSpec("me")]
        for n in range(2, players + 1):
            choice = data.get(f"seat_{n}") or "open"
            if choice == "invite":
                username = (data.get(f"seat_{n}_user") or "").strip()
                if not username:
                    self.add_error(f"seat_{n}_user", _("Enter the username of the player to invite."))
                seats.append(SeatSpec("invite", username=username))
            elif choice.startswith("bot:"):
                seats.append(SeatSpec("bot", bot_level=choice[4:]))
            else:
                seats.append(SeatSpec("open"))
        data["seats"] = seats
        data["options"] = {spec.name: data.get(f"opt_{spec.name}", spec.default) for spec in self.engine.options}
        if data.get("max_days") is not None and data.get("initial_days") is not None:
            if data["max_days"] < data["initial_days"]:
                self.add_error("max_days", _("The cap cannot be smaller than the starting time."))
        return data
