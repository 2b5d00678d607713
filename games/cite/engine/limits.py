"""Limits against flooding (trading by post). The book sets none (« Les joueurs échangent librement »): these
are only as low as abuse needs (issue 42): open offers per seat at once, offers per seat per round. The pages
say so where they apply (the offer form gives way to the limit's message)."""

MAX_OPEN_OFFERS = 10
MAX_OFFERS_PER_ROUND = 40
