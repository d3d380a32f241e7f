"""Stale games and forgotten lobbies: what the scheduler's sweep does, decided purely.

A game with no move for a server's ``stale_days`` gets ONE warning mention of the player
to move; if still nothing moves within :data:`GRACE_HOURS`, the server's stale policy
applies: the computer plays that turn, the seat forfeits, or the game is cancelled. A
lobby nobody started within ``lobby_days`` expires. Everything is read from the database
at each sweep (no in-memory timers), so a restart loses nothing and nothing happens twice:
each effect is a change guarded by the game's version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.storage.rows import Activity, GameRow, ServerRow
from games.i18n import N_, _n, number

StalePolicy = Literal["computer", "forfeit", "cancel"]
STALE_POLICIES: tuple[StalePolicy, ...] = ("computer", "forfeit", "cancel")

DAY = 86400.0
#: Defaults for a server that has not chosen (``/estancia server``).
STALE_DAYS = 14.0
LOBBY_DAYS = 7.0
#: Between the warning and the policy.
GRACE_HOURS = 24.0


@dataclass(frozen=True)
class Verdict:
    game: GameRow
    action: Literal["warn", "apply"]
    idle_days: float


def defaults(guild_id: int, policy: StalePolicy) -> ServerRow:
    return ServerRow(guild_id, STALE_DAYS, LOBBY_DAYS, policy)


def judge(activity: Activity, server: ServerRow, now: float) -> Verdict | None:
    """What the sweep does to one active game now (None: nothing)."""
    if server.stale_days <= 0:
        return None
    idle = now - activity.last_move_at
    if idle < server.stale_days * DAY:
        return None
    warned_here = activity.warned_version == activity.game.version
    if not warned_here:
        return Verdict(activity.game, "warn", idle / DAY)
    assert activity.warned_at is not None
    if now - activity.warned_at >= GRACE_HOURS * 3600:
        return Verdict(activity.game, "apply", idle / DAY)
    return None


def lobby_expired(game: GameRow, server: ServerRow, now: float) -> bool:
    return server.lobby_days > 0 and now - game.created_at >= server.lobby_days * DAY


#: The warning a stalled game gets, by the server's stale policy.
WARNINGS = {
    "computer": N_("No move for {idle}. If nobody moves within {hours} h, the computer plays "
                   "the turn."),
    "forfeit": N_("No move for {idle}. If nobody moves within {hours} h, the seat forfeits."),
    "cancel": N_("No move for {idle}. If nobody moves within {hours} h, the game is "
                 "cancelled."),
}
#: ``/estancia server``: the rule for stalled games, by the stale policy.
RULES = {
    "computer": N_("A game with no move for {days} days gets one reminder; {hours} h later "
                   "the computer plays the turn."),
    "forfeit": N_("A game with no move for {days} days gets one reminder; {hours} h later "
                  "the seat forfeits."),
    "cancel": N_("A game with no move for {days} days gets one reminder; {hours} h later "
                 "the game is cancelled."),
}


def days(value: float) -> str:
    """How long, in the active language: "3 days", "1.5 days", or under a day in hours
    ("12 hours": a server may count a stall in fractions of a day; never "0 days")."""
    if value < 1:
        hours = max(1, round(value * 24))
        return _n("{n} hour", "{n} hours", hours)
    value = round(value, 1)
    return _n("{n} day", "{n} days", value, n=number(value, 1))
