"""The rating model: openskill's Plackett-Luce (Weng & Lin 2011).

Why this one: it rates a full finishing order of 2 to N players in one update
(ties allowed), keeps an uncertainty (sigma) so a newcomer's rating settles
after a few games instead of dozens, and is maintained, MIT-licensed and pure
Python. TrueSkill does the same job but the ``trueskill`` package has not been
released since 2018 and the algorithm is patented; pairwise Elo would turn one
5-player game into 10 duels whose result depends on the order they are
applied in, with no notion of uncertainty.

The defaults are openskill's (mu 25, sigma 25/3, beta 25/6, tau 25/300).
Nothing here touches the database."""

from __future__ import annotations

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate shown and sorted by: 99.7% sure the skill is above it."""
    return mu - 3 * sigma


def rate(priors: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) of each player from their priors and finishing ranks
    (1 = first, equal numbers = tie)."""
    if len(priors) != len(ranks) or len(priors) < 2:
        raise ValueError("a rated game needs two or more players, one rank each")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]
