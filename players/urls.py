from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("vacation/", views.vacation, name="vacation"),
    path("api-tokens/", views.api_tokens, name="api_tokens"),
]
