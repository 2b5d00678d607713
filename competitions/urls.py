from django.urls import path

from . import views

app_name = "competitions"

urlpatterns = [
    path("", views.competition_list, name="list"),
    path("new/", views.competition_new, name="new"),
    path("<int:pk>/", views.competition_detail, name="detail"),
    path("<int:pk>/register/", views.competition_register, name="register"),
    path("<int:pk>/withdraw/", views.competition_withdraw, name="withdraw"),
    path("<int:pk>/start/", views.competition_start, name="start"),
]
