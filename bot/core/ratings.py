"""Ratings: one OpenSkill (Plackett–Luce) rating per player, per game and per server.

The rating maths is the ``openskill`` library's; this module only decides who played,
in which order they finished, and how a rating is shown. It is pure (no database), so
:mod:`bot.core.sessions` calls it inside the one transaction that records a game as rated.

* A human player is ``user:<id>``. Computer seats are rated as a player of their own,
  ``computer`` (one per game and server). When several computer seats sit at one table,
  each is rated from the same prior as its own team, and the computer's new rating is
  the mean of theirs.
* Places come from the game's result: seats that forfeited are last; the winners share
  first place; the others follow by their final total (equal totals share a place).
* The number shown is the conservative estimate ``mu - 3·sigma`` (OpenSkill's
  ``ordinal``), which starts at 0 and grows as a player wins and as the system grows
  sure of them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

COMPUTER = "computer"

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating a leaderboard shows (conservative: ``mu - 3·sigma``)."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(_MODEL.mu, _MODEL.sigma)


def player_key(user_id: int | None) -> str:
    return COMPUTER if user_id is None else f"user:{user_id}"


def user_of(key: str) -> int | None:
    """The Discord user id of a player key (None for the computer)."""
    return int(key.removeprefix("user:")) if key.startswith("user:") else None


def places(totals: Sequence[int], winners: Collection[int], forfeited: Collection[int]) -> list[int]:
    """Finishing place of each seat (1 = best; equal results share a place)."""

    def standing(seat: int) -> tuple[bool, bool, int]:
        return (seat in forfeited, seat not in winners, -totals[seat])

    keys = [standing(seat) for seat in range(len(totals))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def rate(players: Sequence[str], place_of_seat: Sequence[int],
         current: dict[str, Rating]) -> dict[str, Rating]:
    """New ratings of every player of one finished game (seat order in ``players``)."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)]
             for r in (current.get(p, DEFAULT) for p in players)]
    rated = _MODEL.rate(teams, ranks=list(place_of_seat))
    by_player: dict[str, list[Rating]] = {}
    for player, (after,) in zip(players, rated, strict=True):
        by_player.setdefault(player, []).append(Rating(after.mu, after.sigma))
    return {
        player: Rating(sum(r.mu for r in new) / len(new), sum(r.sigma for r in new) / len(new))
        for player, new in by_player.items()
    }
