"""One-click unsubscribe from the e-mails (RFC 8058: mail clients POST here
without a session or CSRF token; the secret token in the link is the key)."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.csrf import csrf_exempt

from players.models import Profile


@csrf_exempt
def unsubscribe(request, token: str):
    profile = get_object_or_404(Profile, unsubscribe_token=token)
    done = False
    if request.method == "POST":
        profile.email_your_turn = profile.email_reminder = profile.email_game_over = False
        profile.save(update_fields=["email_your_turn", "email_reminder", "email_game_over"])
        done = True
    return render(request, "notifications/unsubscribe.html", {"profile": profile, "done": done, "token": token})
