"""Limits against flooding (trading by post): open offers per seat at once, offers per seat per round."""

MAX_OPEN_OFFERS = 4
MAX_OFFERS_PER_ROUND = 12
