"""What the store reads and writes, as the sessions see it: one row type per table (and
the few records built from several), the :class:`Change` one transaction writes, and the
two refusals a write can meet. Nothing here knows SQL or a back end: see
:mod:`bot.storage.store`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.core.timebank import Reserves, TimeBank

#: A move row keeps the state after it when this many versions have passed since the
#: game's last snapshot: replaying at most this many logged steps rebuilds any moment.
SNAPSHOT_EVERY = 50

#: Payload key that addresses an announcement to another channel than the game's.
ADDRESS_KEY = "to_channel"

#: After this many failed attempts a delivery is logged as an error (and still retried:
#: only a permanent failure abandons an announcement).
MAX_DELIVERY_ATTEMPTS = 8


class StaleVersion(Exception):
    """The game changed since it was read: the compare-and-swap on its version failed."""


class ChannelBusy(Exception):
    """A game is already in lobby or active in that channel."""


@dataclass(frozen=True)
class SeatRow:
    user_id: int | None
    name: str
    #: The player is on vacation until then: their turns' clocks wait (None: not away).
    away_until: float | None = None
    #: A computer seat's level (``games.ai.LEVELS``; None: the default).
    level: str | None = None
    #: The player asked the computer for a hint in this game.
    hinted: bool = False


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    seats: tuple[SeatRow, ...]
    seed: int
    version: int
    state: str | None
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: str
    turn_started_at: float | None
    deadline_at: float | None
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    #: The channel a game's own thread was opened from (None: played in the channel).
    parent_id: int | None = None
    #: When the game was paused (None: running); who asked to pause or resume so far.
    paused_at: float | None = None
    votes: tuple[int, ...] = ()
    #: The language of the game's public posts (turn messages, events, boards, recaps).
    language: str = "en"
    #: The game's clock (None: the per-turn timer only), and each seat's reserve.
    time_bank: TimeBank | None = None
    reserves: Reserves | None = None


@dataclass(frozen=True)
class NewGame:
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    creator_id: int
    seats: tuple[SeatRow, ...]
    seed: int
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: str
    created_at: float
    parent_id: int | None = None
    language: str = "en"
    time_bank: TimeBank | None = None


@dataclass(frozen=True)
class MoveRow:
    version: int
    kind: str
    seat: int | None
    user_id: int | None
    by_computer: bool
    option_key: str | None
    label: str | None
    #: Public event lines only (never private ones).
    events: tuple[str, ...]
    #: The state after this step. Written always; stored only as a snapshot (start and
    #: undo rows, every :data:`SNAPSHOT_EVERY` versions): None when read back otherwise.
    state_after: str | None
    reveals: bool
    undone: bool
    created_at: float
    #: The Discord interaction (tap) that played this step, if one did.
    interaction_id: int | None = None


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    seat: int
    turn: int
    due_at: float


@dataclass(frozen=True)
class NewTimer:
    kind: str
    seat: int
    turn: int
    due_at: float


@dataclass(frozen=True)
class RatingRow:
    guild_id: int
    game: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class SoloBest:
    """A player's finished solo games (one seat against an automa) of one game and automa
    level: the best total and how many."""

    game: str
    level: str | None
    best: int
    games: int


@dataclass(frozen=True)
class ServerRow:
    guild_id: int
    stale_days: float
    lobby_days: float
    stale_policy: str
    #: A deadline inside the quiet hours of the player to move moves to their end.
    quiet_deadlines: bool = False
    #: The level the computer plays a timed-out or forfeited seat at.
    computer_level: str = "normal"
    #: Players may ask the computer for hints.
    hints: bool = True


@dataclass(frozen=True)
class Activity:
    """An active game with its last move and the stale warning it got, if any."""

    game: GameRow
    last_move_at: float
    warned_version: int | None
    warned_at: float | None


@dataclass(frozen=True)
class MatchPlayer:
    """One seat of a finished game, as the ratings see it."""

    player: str
    name: str
    won: bool


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game_id: int
    version: int
    channel_id: int
    payload: dict[str, Any]
    attempts: int


@dataclass
class Change:
    """Everything one transaction writes for one game.

    ``game`` is the full new row; it is written only if the stored version still equals
    ``expected_version`` and the stored timer settings and seats still equal those of
    ``expected_settings`` (default: ``game``'s own; a change of the settings or of the
    seats passes the row it read — changes that keep the version, like a settings change
    or a vacation, are then never overwritten by a move read before them). ``timers`` None leaves the unfired timers alone; a
    list replaces them (``[]`` clears them).
    """

    game: GameRow
    expected_version: int
    expected_settings: GameRow | None = None
    moves: list[MoveRow] = field(default_factory=list)
    undo_versions: list[int] = field(default_factory=list)
    announcements: list[dict[str, Any]] = field(default_factory=list)
    timers: list[NewTimer] | None = None
    fired_timer_id: int | None = None
    #: Record that the game got its stale warning at its (unchanged) version.
    stale_warning: bool = False
