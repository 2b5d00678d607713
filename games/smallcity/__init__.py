"""Small City Deluxe (Alban Viard, AVStudioGames 2022): pure engine and bots (pages come later)."""
