"""allauth's sign-up and login forms with the site's moderation rules (wired by
``ACCOUNT_FORMS``), and the admin's login form (``community.admin``): sign-up
refuses what ``signup_policy`` refuses; a suspended or banned person who gives
the right password is told why, until when and how to appeal, instead of a
bare "inactive" or "wrong password"."""

from allauth.account.forms import LoginForm, ResetPasswordForm, SignupForm
from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from . import email_ownership, notices, signup_policy


class PolicySignupForm(SignupForm):
    def validate_unique_email(self, value) -> str:
        """An address only unverified elsewhere reserves nothing (community.email_ownership)."""
        if not email_ownership.reserved(value):
            self.account_already_exists = False
            return value
        return super().validate_unique_email(value)

    def clean_username(self):
        username = super().clean_username()
        refusal = signup_policy.username_refusal(username)
        if refusal:
            raise forms.ValidationError(refusal)
        return username

    def clean_email(self):
        email = super().clean_email()
        refusal = signup_policy.email_refusal(email)
        if refusal:
            raise forms.ValidationError(refusal)
        return email


class VerifiedResetPasswordForm(ResetPasswordForm):
    """A reset link is sent only for an account that verified the address: a stranger's address typed into
    someone's account must not lead the stranger into that account (community.email_ownership)."""

    def clean_email(self):
        email = super().clean_email()
        self.users = [user for user in self.users if email_ownership.verified_by(user, email)]
        return email


class SanctionAwareLoginForm(LoginForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "remember" in self.fields:  # the site's capitalisation, not allauth's "Remember Me"
            self.fields["remember"].label = _("Remember me")

    def clean(self):
        cleaned = super().clean()
        # allauth hands back an inactive account whose password matched (to show "inactive").
        if self.user is not None and not self.user.is_active:
            notice = notices.login_notice(self.user)
            if notice:
                raise forms.ValidationError(notice, code="sanctioned")
        return cleaned


class SanctionAwareAdminLoginForm(AdminAuthenticationForm):
    """The admin's login: a locked-out staff member or superuser learns why."""

    def clean(self):
        try:
            return super().clean()
        except forms.ValidationError:
            login, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
            user = None
            if login:
                same = Q(username__iexact=login) | Q(email__iexact=login)
                user = get_user_model().objects.filter(same).first()
            if user is not None and not user.is_active and password and user.check_password(password):
                notice = notices.login_notice(user)
                if notice:
                    raise forms.ValidationError(notice, code="sanctioned") from None
            raise
