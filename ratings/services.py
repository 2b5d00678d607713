"""Writes to ratings: rate a finished game, reset a rating.

A game is rated once (``RatingChange`` is unique per rating and game, and the
game row is locked while it is rated), so a task that runs twice is harmless.
Ratings are locked in primary-key order, so two games finishing at once that
share players cannot deadlock."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction

from play.models import Game, Seat

from . import skill, substitution
from .models import Rating, RatingChange

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Identity:
    """Who a seat's result counts for: a user, or a bot level."""

    user_id: int | None = None
    bot_level: str = ""


def seat_identity(seat: Seat) -> Identity | None:
    """A human seat counts for its user, even while a stand-in bot plays it
    (timeout, resignation); a bot seat counts for its level."""
    if seat.kind == Seat.Kind.BOT and seat.bot_level:
        return Identity(bot_level=seat.bot_level)
    if seat.kind == Seat.Kind.HUMAN and seat.user_id:
        return Identity(user_id=seat.user_id)
    return None


def unrated_reason(game: Game, seats: list[Seat]) -> str:
    """Why a game is not rated ('' when it is)."""
    result = game.result or {}
    ranks = result.get("ranks")
    if game.status != Game.Status.FINISHED:
        return "not finished"  # aborted, cancelled: never rated
    if result.get("annulled"):
        return "annulled by a moderator"
    if result.get("rated") is False:
        return "adjudicated as unrated"
    if not game.rated:
        return "opened unrated (a competition's organiser chose so)"
    if result.get("solo") is not None or len(seats) < 2:
        return "a solo game (against the game itself)"
    if not ranks or len(ranks) != len(seats):
        return "no ranks"
    if len(set(result.get("left") or [])) >= len(seats):
        return "abandoned: every seat left"
    if not any(s.kind == Seat.Kind.HUMAN and s.user_id for s in seats):
        return "no human player"
    if len({seat_identity(s) for s in seats} - {None}) < 2:
        return "fewer than two rated identities"
    if _bot_account_against_people(seats):
        return "a bot account against people who did not choose rated games against bots"
    return ""


def _bot_account_against_people(seats: list[Seat]) -> bool:
    """A bot account (``players.bot_accounts``) plays a person who did not choose to be rated against bot
    accounts (their profile's ``rated_against_bots``): the game is not rated, for anyone."""
    people = [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id and not s.is_bot_account]
    if not people or not any(s.is_bot_account for s in seats):
        return False
    return not all(getattr(getattr(s.user, "profile", None), "rated_against_bots", False) for s in people)


def _rating_for(game_type: str, identity: Identity) -> Rating:
    if identity.user_id is not None:
        return Rating.objects.get_or_create(game_type=game_type, user_id=identity.user_id)[0]
    return Rating.objects.get_or_create(game_type=game_type, user=None, bot_level=identity.bot_level)[0]


def game_rate(*, game_id: int) -> list[RatingChange]:
    """Update the ratings of everyone in a finished game (no-op if unrated or already rated)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return []
    seats = list(game.seats.order_by("index"))
    reason = unrated_reason(game, seats)
    if reason:
        log.info("game %s not rated: %s", game_id, reason)
        return []
    identities = {s.index: seat_identity(s) for s in seats}
    shares = substitution.seat_shares(game, seats)
    leaver_ids = [uid for uid in substitution.leavers(game) if Identity(user_id=uid) not in identities.values()]
    # Rating rows are made first, each in its own short transaction, then all
    # locked together in a fixed order.
    rating_ids = {ident: _rating_for(game.game_type, ident).pk for ident in set(identities.values()) - {None}}
    leaver_rating_ids = [_rating_for(game.game_type, Identity(user_id=uid)).pk for uid in leaver_ids]
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if RatingChange.objects.filter(game=game).exists():
            return []
        ratings = {
            r.pk: r
            for r in Rating.objects.select_for_update()
            .filter(pk__in=[*rating_ids.values(), *leaver_rating_ids]).order_by("pk")
        }
        rated_seats = [s for s in seats if identities[s.index] is not None]
        rating_of = {s.index: ratings[rating_ids[identities[s.index]]] for s in rated_seats}
        ranks = [int(game.result["ranks"][s.index]) for s in rated_seats]
        priors = [(rating_of[s.index].mu, rating_of[s.index].sigma) for s in rated_seats]
        posteriors = skill.rate(priors, ranks)
        # An identity in several seats (two bots of one level) takes the mean
        # of its seats' updates and its best rank.
        gathered: dict[int, list[tuple[float, float, int, float]]] = {}
        for seat, prior, posterior, rank in zip(rated_seats, priors, posteriors, ranks, strict=True):
            share = shares.get(seat.index, 1.0)  # a substitute: their part of the seat only
            mu, sigma = substitution.weighted(prior, posterior, share)
            gathered.setdefault(rating_of[seat.index].pk, []).append((mu, sigma, rank, share))
        field = [((ratings[rid].mu, ratings[rid].sigma), min(o[2] for o in outcomes))
                 for rid, outcomes in gathered.items()]
        changes = []
        for rating_id, outcomes in gathered.items():
            mu = sum(o[0] for o in outcomes) / len(outcomes)
            sigma = sum(o[1] for o in outcomes) / len(outcomes)
            best = min(o[2] for o in outcomes)
            share = max(o[3] for o in outcomes)
            changes.append(_moved(ratings[rating_id], game, mu, sigma, rank=best, share=share))
        for rating_id in leaver_rating_ids:  # left before the end: counted as finishing last
            rating = ratings[rating_id]
            mu, sigma = substitution.as_last((rating.mu, rating.sigma), field)
            changes.append(_moved(rating, game, mu, sigma, rank=None, reason=RatingChange.Reason.ABANDONED))
        RatingChange.objects.bulk_create(changes)
    return changes


def _moved(rating: Rating, game: Game, mu: float, sigma: float, *, rank, share: float = 1.0,
           reason: str = RatingChange.Reason.GAME) -> RatingChange:
    change = RatingChange(rating=rating, game=game, reason=reason, rank=rank, share=share,
                          mu_before=rating.mu, sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma)
    rating.set_skill(mu, sigma)
    rating.games += 1
    rating.wins += 1 if rank == 1 else 0
    rating.save(update_fields=["mu", "sigma", "ordinal", "games", "wins", "updated_at"])
    return change


@transaction.atomic
def rating_reset(*, rating_id: int) -> Rating:
    """Back to the starting rating with no rated games (a moderator's decision;
    the caller logs who and why). The history keeps a line for the reset."""
    rating = Rating.objects.select_for_update().get(pk=rating_id)
    RatingChange.objects.create(
        rating=rating,
        game=None,
        reason=RatingChange.Reason.RESET,
        mu_before=rating.mu,
        sigma_before=rating.sigma,
        mu_after=skill.DEFAULT_MU,
        sigma_after=skill.DEFAULT_SIGMA,
    )
    rating.set_skill(skill.DEFAULT_MU, skill.DEFAULT_SIGMA)
    rating.games = rating.wins = 0
    rating.save()
    return rating


def game_annul_ratings(*, game_id: int) -> list[Rating]:
    """A moderator annulled a rated game: its rating lines are marked annulled and
    each rating that moved is recomputed from its own rated games, in order, as if
    the annulled one never happened. Opponents are taken at the skill their lines
    recorded before each game (their own ratings do not change unless they too
    played the annulled game): the players affected are recomputed, nobody else."""
    with transaction.atomic():
        changes = list(RatingChange.objects.select_for_update().filter(
            game_id=game_id, reason__in=[RatingChange.Reason.GAME, RatingChange.Reason.ABANDONED]))
        rating_ids = sorted({c.rating_id for c in changes})
        annulled = RatingChange.objects.filter(pk__in=[c.pk for c in changes])
        annulled.update(reason=RatingChange.Reason.ANNULLED)
        ratings = list(Rating.objects.select_for_update().filter(pk__in=rating_ids).order_by("pk"))
        _recompute(ratings)
    return ratings


def _recompute(ratings: list[Rating]) -> None:
    """Replay the counted history of these ratings together, oldest first: a game
    among them uses their recomputed skills, anyone else enters at the skill their
    own line recorded before that game; a reset starts a rating afresh."""
    ids = {r.pk for r in ratings}
    state = {pk: (skill.DEFAULT_MU, skill.DEFAULT_SIGMA, 0, 0) for pk in ids}
    history = (RatingChange.objects.filter(rating_id__in=ids).exclude(reason=RatingChange.Reason.ANNULLED)
               .order_by("created_at", "pk"))
    done_games = set()
    for change in history:
        if change.reason == RatingChange.Reason.RESET:
            state[change.rating_id] = (skill.DEFAULT_MU, skill.DEFAULT_SIGMA, 0, 0)
            continue
        if change.game_id in done_games:
            continue
        done_games.add(change.game_id)
        lines = list(RatingChange.objects.filter(game_id=change.game_id, reason=RatingChange.Reason.GAME)
                     .order_by("pk"))
        if len(lines) < 2 or any(line.rank is None for line in lines):
            continue
        priors = [state[line.rating_id][:2] if line.rating_id in ids else (line.mu_before, line.sigma_before)
                  for line in lines]
        posteriors = skill.rate(priors, [line.rank for line in lines])
        for line, prior, posterior in zip(lines, priors, posteriors, strict=True):
            if line.rating_id not in ids:
                continue
            mu, sigma = substitution.weighted(prior, posterior, line.share)
            _replayed(state, line, prior, (mu, sigma), won=line.rank == 1)
        field = list(zip(priors, [line.rank for line in lines], strict=True))
        for line in RatingChange.objects.filter(game_id=change.game_id, reason=RatingChange.Reason.ABANDONED,
                                                rating_id__in=ids):
            prior = state[line.rating_id][:2]
            _replayed(state, line, prior, substitution.as_last(prior, field), won=False)
    for rating in ratings:
        mu, sigma, rating.games, rating.wins = state[rating.pk]
        rating.set_skill(mu, sigma)
        rating.save(update_fields=["mu", "sigma", "ordinal", "games", "wins", "updated_at"])


def _replayed(state: dict, line: RatingChange, prior, posterior, *, won: bool) -> None:
    line.mu_before, line.sigma_before, line.mu_after, line.sigma_after = *prior, *posterior
    line.save(update_fields=["mu_before", "sigma_before", "mu_after", "sigma_after"])
    _mu, _sigma, games, wins = state[line.rating_id]
    state[line.rating_id] = (*posterior, games + 1, wins + int(won))
