"""What every part of :class:`bot.core.sessions.Sessions` shares: its errors, the infos it
returns, its limits, and :class:`SessionsCore` (the store, engines, loading and commits)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar, cast

import pydantic

import games
from bot.core import notices, timebank
from bot.core.autoplay import (
    AnyGame,
)
from bot.core.option_values import option_problems
from bot.core.state_cache import StateCache
from bot.core.timebank import TimeBank
from bot.core.transitions import Loaded
from bot.settings import Settings
from bot.storage.rows import Change, GameRow, StaleVersion
from bot.storage.store import Store
from games import ai
from games.base import Decision, GameOptions, GameState, Holdings, IllegalMove
from games.i18n import N_, _

log = logging.getLogger(__name__)

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

T = TypeVar("T")


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


def _random_seed() -> int:
    return secrets.randbits(63)


class SessionsCore:
    """The store, the engines, loading rows and committing changes."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = _random_seed,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self._seed_source = seed_source
        self._outbox_listeners: list[Callable[[], None]] = []
        self._timer_listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[], None]] = []
        #: game id -> the background task playing its computer seats
        self._thinking: dict[int, asyncio.Task[None]] = {}
        #: (game id, version) -> state text rebuilt by a replay, oldest first
        self._moments: dict[tuple[int, int], str] = {}
        #: decoded states by their text (a click reads its game several times)
        self.states = StateCache()
        self._think_again: set[int] = set()
        #: game id -> failed computer tasks in a row (retried while the bot runs)
        self._think_failures: dict[int, int] = {}
        #: Told of each computer step as it is played, before it is stored (the terminal
        #: shows that the computers are getting on): (game id, step).
        self.computer_progress: Callable[[int, Any], None] | None = None

    # -- listeners ---------------------------------------------------------------------
    def on_outbox(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that wrote an announcement."""
        self._outbox_listeners.append(callback)

    def on_timers(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that changed timers (wakes the scheduler)."""
        self._timer_listeners.append(callback)

    def _notify(self, outbox: bool, timers: bool) -> None:
        for callback in (self._outbox_listeners if outbox else []) + (
            self._timer_listeners if timers else []
        ):
            try:
                callback()
            except Exception:
                log.exception("session listener failed")

    async def _commit(self, change: Change) -> None:
        await self._quiet_deadline(change)
        await self.store.commit(change)
        STORED.set(True)
        self._notify(
            outbox=bool(change.announcements),
            timers=change.timers is not None or change.fired_timer_id is not None,
        )

    def on_notices(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when notices were written (wakes their deliverer)."""
        self._notice_listeners.append(callback)

    def _notify_notices(self) -> None:
        for callback in self._notice_listeners:
            try:
                callback()
            except Exception:
                log.exception("notice listener failed")

    async def _quiet_deadline(self, change: Change) -> None:
        """On a server that says so (``quiet_deadlines``), a new deadline inside the quiet
        hours of the player to move goes to their end; its reminders keep their distance
        to it, and the announcements of the change tell the moved deadline."""
        deadline = next((t for t in change.timers or () if t.kind == "deadline"), None)
        if deadline is None:
            return
        row = change.game
        user = row.seats[deadline.seat].user_id if deadline.seat < len(row.seats) else None
        if user is None:
            return
        server = await self.store.server(row.guild_id or 0)
        if server is None or not server.quiet_deadlines:
            return
        prefs = (await self.store.player_prefs([user])).get(user)
        moved = notices.quiet_deadline(prefs, deadline.due_at)
        if moved == deadline.due_at:
            return
        shift, old = moved - deadline.due_at, deadline.due_at
        assert change.timers is not None
        change.timers = [replace(t, due_at=t.due_at + shift) for t in change.timers]
        change.game = replace(row, deadline_at=moved)
        for body in change.announcements:
            if body.get("deadline_at") == old:
                body["deadline_at"] = moved
            body["clocks"] = [[name, left, moved if out == old else out]
                              for name, left, out in body.get("clocks") or ()]

    # -- loading -----------------------------------------------------------------------
    @staticmethod
    def _engine(name: str) -> AnyGame:
        try:
            return games.get_game(name)
        except KeyError:
            raise SessionError(N_("There is no game called {name}."), name=repr(name)) from None
        except (ImportError, AttributeError):
            log.exception("game %r does not load", name)
            raise SessionError(N_("The game {name} is not available right now."),
                               name=repr(name)) from None

    def _load(self, row: GameRow) -> Loaded:
        game = self._engine(row.game)
        state = self.states.get(game, row.state) if row.state is not None else None
        return Loaded(row=row, game=game, state=state)

    def _remember(self, loaded: Loaded, change: Change, state: GameState | None) -> None:
        """After a commit: the new state as decoded (``state``, the text of
        ``change.game``), and the moments its change went through (the state before it
        and after each of its steps), so that the next panel, the "Take back" check and
        an undo rebuild nothing."""
        if state is not None and change.game.state is not None:
            self.states.put(loaded.game, change.game.state, state)
        game_id = change.game.id
        if loaded.row.state is not None:
            self._keep_moment((game_id, loaded.row.version), loaded.row.state)
        for move in change.moves:
            if move.state_after is not None:
                self._keep_moment((game_id, move.version), move.state_after)

    def _keep_moment(self, key: tuple[int, int], text: str) -> None:
        self._moments.pop(key, None)
        self._moments[key] = text
        while len(self._moments) > MOMENTS_KEPT:
            del self._moments[next(iter(self._moments))]

    async def _row_by_id(self, game_id: int) -> GameRow:
        # An id from a forged custom id may be beyond SQLite's integers: no such game.
        row = await self.store.game(game_id) if 0 < game_id <= MAX_GAME_ID else None
        if row is None:
            raise SessionError(N_("That game does not exist."))
        return row

    async def _open_row(self, channel_id: int) -> GameRow:
        row = await self.store.open_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        return row

    def _info(self, loaded: Loaded) -> GameInfo:
        row, game = loaded.row, loaded.game
        decision = loaded.decision if row.status == "active" else None
        result = row.result or {}
        return GameInfo(
            id=row.id,
            channel_id=row.channel_id,
            guild_id=row.guild_id,
            game=row.game,
            title=game.title,
            status=cast(Status, row.status),
            creator_id=row.creator_id,
            seats=tuple(Seat(i, s.user_id, s.name,
                             ai.level_or_default(s.level) if s.user_id is None else None,
                             s.hinted) for i, s in enumerate(row.seats)),
            min_seats=game.min_seats,
            max_seats=game.max_seats,
            version=row.version,
            options=dict(row.options),
            turn_timeout_hours=row.turn_timeout_hours,
            reminder_hours=row.reminder_hours,
            timeout_policy=cast(TimeoutPolicy, row.timeout_policy),
            to_move=decision.seat if decision is not None else None,
            deadline_at=row.deadline_at if row.status == "active" else None,
            winners=tuple(result.get("winners", ())),
            forfeited=result.get("forfeited"),
            forfeits=tuple(f["seat"] for f in result.get("forfeits", ())),
            created_at=row.created_at,
            updated_at=row.updated_at,
            parent_id=row.parent_id,
            language=row.language,
            turn_started_at=row.turn_started_at if row.status == "active" else None,
            paused_at=row.paused_at,
            time_bank=row.time_bank,
            reserves=() if row.time_bank is None else timebank.fit(
                row.reserves, len(row.seats), row.time_bank).left,
        )

    @staticmethod
    def _require_active(row: GameRow) -> None:
        if row.status == "lobby":
            raise SessionError(NOT_STARTED)
        if row.status != "active":
            raise SessionError(GAME_OVER)

    @staticmethod
    def _require_seat(row: GameRow, user_id: int) -> int:
        for index, seat in enumerate(row.seats):
            if seat.user_id == user_id:
                return index
        raise SessionError(NOT_SEATED)

    def check_options(self, game: str, options: dict[str, Any] | None) -> GameOptions:
        """The game's options, or a SessionError saying what is wrong with them."""
        engine = self._engine(game)
        try:
            return engine.parse_options(options)
        except pydantic.ValidationError as exc:
            problems = option_problems(exc.errors(), engine.options_model)
            raise SessionError(N_("Invalid options for {title}: {problems}."), title=engine.title,
                               problems=problems) from None

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run a read-check-commit ``attempt`` again when another change landed between
        its read and its commit (two players joining at once, say). Commands that do
        not come from a panel mean "whatever the version is now"."""
        for _attempt in range(STALE_RETRIES - 1):
            try:
                return await attempt()
            except StaleVersion:
                continue
        try:
            return await attempt()
        except StaleVersion:
            raise SessionError(STALE) from None

    async def close(self) -> None:
        """Stop the background computer tasks (their games resume at the next start)."""
        tasks = list(self._thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._thinking.clear()
