"""The board in words (games/lacitta/spoken.py): a building's accessible name says whose cubes sit on it and
for which service, as the cube's colour and title tell a sighted player — in English and in French."""

from django.utils import translation

from games.lacitta.places import city_name
from games.lacitta.spoken import building_words

NAMES = ["alice", "bob"]
VIEW = {"cities": [{"id": 10, "owner": 0, "limit": 8, "population": 3}]}
STATUE = {"kind": "statue", "cell": 11, "city": 10, "owner": 0,
          "cubes": [{"seat": 1, "service": "culture", "count": 2}, {"seat": 0, "service": "health", "count": 1}]}


def test_cubes_name_their_service_and_their_owner():
    with translation.override("en"):
        words = building_words(STATUE, VIEW, NAMES)
    assert words == (f"Statue of {city_name(10)} (seat A, alice), "
                     "cubes: Culture ×2 (seat B, bob), Health (seat A, alice)")


def test_in_french():
    with translation.override("fr"):
        words = building_words(STATUE, VIEW, NAMES)
    assert "cubes : Culture ×2 (place B, bob), Santé (place A, alice)" in words
