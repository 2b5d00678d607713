"""allauth's sign-up form with the refusals of ``signup_policy`` (wired by ``ACCOUNT_FORMS``)."""

from allauth.account.forms import SignupForm
from django import forms

from . import signup_policy


class PolicySignupForm(SignupForm):
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
