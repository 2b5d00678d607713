from django.contrib import admin
from django.urls import path

from .views import account, chat, profile, seat_offers, staff

app_name = "community"

urlpatterns = [
    path("players/<str:username>/", profile.profile, name="profile"),
    path("players/<str:username>/history/", profile.history, name="history"),
    path("players/<str:username>/vs/<str:other>/", profile.head_to_head, name="head_to_head"),
    path("players/<str:username>/report/", profile.report_user, name="report_user"),
    path("players/<str:username>/block/", profile.block, name="block"),
    path("account/privacy/", account.privacy, name="privacy"),
    path("account/appeal/<int:sanction_id>/", account.appeal, name="appeal"),
    path("account/appeal/link/<str:token>/", account.appeal_by_link, name="appeal_by_link"),
    path("account/export/", account.export, name="export"),
    path("account/delete/", account.delete, name="delete"),
    path("games/<int:pk>/chat/", chat.chat_messages, name="chat"),
    path("games/<int:pk>/chat/panel/", chat.chat_panel, name="chat_panel"),
    path("games/<int:pk>/chat/post/", chat.chat_post, name="chat_post"),
    path("chat/<int:message_id>/report/", chat.report_message, name="report_message"),
    path("seat-offers/<int:pk>/", seat_offers.seat_offer, name="seat_offer"),
    path("games/<int:pk>/report/", chat.report_game, name="report_game"),
    path("staff/dashboard/", admin.site.admin_view(staff.dashboard_view), name="dashboard"),
]
