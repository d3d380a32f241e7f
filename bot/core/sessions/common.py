"""What the session services share: their errors, the infos they return, their limits."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

from bot.core.autoplay import AnyGame
from bot.core.timebank import TimeBank
from bot.storage.rows import GameRow
from games.base import Decision, GameState, Holdings, IllegalMove
from games.i18n import N_, _

TimeoutPolicy = Literal["computer", "forfeit"]
Status = Literal["lobby", "active", "finished", "cancelled"]

STALE = N_("This panel is out of date — the game has moved on.")
NO_GAME = N_("There is no game in this channel.")
NOT_SEATED = N_("You are not playing in this game.")
NOT_STARTED = N_("The game has not started yet.")
GAME_OVER = N_("This game is over.")
NOT_YOUR_TURN = N_("It is not your turn.")
YOUR_TURN = N_("It is your turn now: your choices are in your turn's panel.")
CANNOT_UNDO = N_("You can only take back your own last move, before anyone else has moved.")
MAX_VACATION_DAYS = 60
PAUSED = N_("The game is paused: `/estancia resume` to go on.")
#: Each language by its own name (``/estancia settings language:``).
LANGUAGE_NAMES = {"en": "English", "fr": "français"}
#: Why a seat forfeits -> (the text when that ends the game, the text when the others
#: play on).
FORFEITS = {
    "left": (N_("{name} left the game and forfeits."),
             N_("{name} left the game and forfeits; the computer plays their seat from now on "
                "and they rank last.")),
    "timeout": (N_("{name} ran out of time and forfeits."),
                N_("{name} ran out of time and forfeits; the computer plays their seat from "
                   "now on and they rank last.")),
    "stale": (N_("No move for {idle}: {name} forfeits."),
              N_("No move for {idle}: {name} forfeits; the computer plays their seat from now "
                 "on and they rank last.")),
}
#: The largest id SQLite can hold (a 64-bit signed integer).
MAX_GAME_ID = 2**63 - 1
#: Whether the running task (one interaction's handling) has stored a change: an answer
#: that fails after that must not tell the user that nothing was changed.
STORED: ContextVar[bool] = ContextVar("estancia_stored", default=False)
#: Retry delays for failed deliveries: 5 s, 10 s, 20 s … capped at one hour.
BACKOFF_BASE = 5.0
BACKOFF_CAP = 3600.0
#: Delivered announcements are kept this long (for a look at what was posted), then purged.
OUTBOX_KEEP_SECONDS = 24 * 3600.0
#: A timer that failed unexpectedly is tried again this many seconds later.
TIMER_RETRY = 300.0
#: Attempts for an action whose read was overtaken by another change.
STALE_RETRIES = 3
#: Pauses (seconds) before a failed background computer task is tried again while the
#: bot runs; after the last one it waits for the next start.
COMPUTER_RETRY_DELAYS: tuple[float, ...] = (5.0, 30.0, 120.0)
#: Earlier moments of games (replayed states) kept in memory for the next look.
MOMENTS_KEPT = 512
#: How far back undo looks for the user's last choice behind forced steps.
UNDO_LOOKBACK = 32
#: How many other seats' side steps a panel may be behind and still hold (see
#: :meth:`Sessions.play`): beyond that it is out of date.
PANEL_LOOKBACK = 16

class SessionError(Exception):
    """A refusal whose message is a clear, private answer to the user.

    Examples: "It is not your turn.", "This panel is out of date — the game has moved
    on.", "There is no game in this channel." Engine ``IllegalMove`` errors arrive as
    this exception too.

    The message is an English catalogue text (marked with ``N_``) and its fields,
    translated when it is shown (``str()``), so that the refusal reaches the user in the
    language active where it is answered (the reader's), whatever language was active
    where it was raised. :meth:`verbatim` wraps a text that is translated already.
    """

    def __init__(self, message: str, /, **params: object) -> None:
        super().__init__(message)
        self.msgid = message
        self.params = params
        self.translate = True

    @classmethod
    def verbatim(cls, text: str) -> SessionError:
        error = cls(text)
        error.translate = False
        return error

    def __str__(self) -> str:
        if not self.translate:
            return self.msgid
        return _(self.msgid, **self.params)


@dataclass(frozen=True)
class Seat:
    """One seat at the table; ``user_id`` is None for a computer seat."""

    index: int
    user_id: int | None
    name: str
    #: A computer seat's level (``games.ai.LEVELS``); None for a player.
    level: str | None = None
    #: The player asked the computer for hints in this game.
    hinted: bool = False

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameInfo:
    """A snapshot of one game's session (not its rules state)."""

    id: int
    channel_id: int
    guild_id: int | None
    game: str
    title: str
    status: Status
    creator_id: int
    seats: tuple[Seat, ...]
    min_seats: int
    max_seats: int
    version: int
    options: dict[str, Any]
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: TimeoutPolicy
    #: Seat whose decision is pending (None in the lobby and once the game is over).
    to_move: int | None
    #: Unix time at which the pending turn times out (None: no timer running).
    deadline_at: float | None
    #: Seats that won (set once the game is finished), and the seat whose forfeit ended
    #: the game.
    winners: tuple[int, ...]
    forfeited: int | None
    #: Seats that forfeited (and that the computer plays on for), in order.
    forfeits: tuple[int, ...]
    created_at: float
    updated_at: float
    #: The channel this game's own thread was opened from (None: played in a channel).
    parent_id: int | None = None
    #: The language of the game's public posts ("en", "fr").
    language: str = "en"
    #: When the pending turn began (its clock counts from then) and, while paused, since when.
    turn_started_at: float | None = None
    paused_at: float | None = None
    #: The game's clock (None: the per-turn timer only) and each seat's reserve as its
    #: running or next turn began (:mod:`bot.core.timebank`).
    time_bank: TimeBank | None = None
    reserves: tuple[float, ...] = ()

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.index
        return None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def user_to_move(self) -> int | None:
        """The user whose decision is pending (None: nobody, or a computer seat)."""
        return None if self.to_move is None else self.seats[self.to_move].user_id


@dataclass(frozen=True)
class MoveResult:
    """What the acting player sees after :meth:`Sessions.play` or :meth:`Sessions.undo`."""

    game_id: int
    version: int
    #: Label of the option played ("Undo: <label>" after an undo).
    label: str
    #: Event lines this player may see: public ones plus their own private ones, for
    #: their step and any computer steps that followed it.
    events: list[str]
    #: The next decision if it is still this player's (same private panel), else None.
    decision: Decision | None
    #: True when the pending turn changed (someone else is to move now, or the game ended).
    turn_over: bool
    finished: bool
    #: After a side step (:meth:`Sessions.play_side`): what this player may still do
    #: outside the pending decision (the rest of the side action, or the offers), else None.
    side: Decision | None = None


@dataclass(frozen=True)
class SeatView:
    """What :meth:`Sessions.seat_view` reads for a private panel."""

    info: GameInfo
    #: None before the game started.
    view: dict[str, Any] | None
    decision: Decision | None
    undoable: bool
    #: What the user may do outside the pending decision (``Game.side_decision``: a GWT:A
    #: exchange token on another's turn), its seats named; None when nothing.
    side: Decision | None = None
    #: What the user's seat holds (``Game.holdings``), in the reader's language; None when
    #: not seated or the game has nothing to tell.
    holdings: Holdings | None = None
    #: The server lets players ask the computer for hints (``/estancia hint``).
    hints: bool = True


def computer_levels(row: GameRow, stand_in: str | None = None) -> list[str | None]:
    """The level the computer plays each seat at: a computer seat's own; a human seat's
    stand-in (a timed-out turn) at ``stand_in``, the server's level."""
    return [s.level if s.user_id is None else stand_in for s in row.seats]


def refusal(game: AnyGame, state: GameState, seat: int, key: str, error: IllegalMove) -> str:
    """The engine's refusal of ``key`` in the active language (the reader's): the same
    check again, since ``error`` was raised while the game's language was active."""
    try:
        game.apply(state, seat, key)
    except IllegalMove as again:
        return str(again)
    return str(error)
