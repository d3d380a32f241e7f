"""Game sessions: the one API both front ends (Discord cogs and the terminal) use.

Everything a front end may do to a game goes through :class:`Sessions`: the lobby
(new/join/add_computer/leave/start/cancel), moves from a private panel or a typed
command (:meth:`Sessions.play`), undo, reading (info, panel decision, views, board
PNG, log, scores), per-game timer settings, and the outbox of public announcements.

Rules of the road:

* This module never imports discord. Every answer meant for a user is either a return
  value or a :class:`SessionError` whose message can be shown to that user privately.
* Every change is one database transaction guarded by the game's ``version``
  (compare-and-swap), so a stale panel or a doubled click is refused, never applied
  twice. Panels pass the version they were built from as ``expected_version``.
* Public messages are never sent from here: a change that others must hear about
  writes ONE outbox row in the same transaction. The Discord layer (or the terminal)
  delivers them with :meth:`Sessions.pending_announcements`, :meth:`Sessions.mark_sent`
  and :meth:`Sessions.mark_failed`. Private events (``Event.private_to``) only ever go
  back to the acting player in a :class:`MoveResult`.
* A decision with a single option is played by the platform at once (logged as that
  player's move). After a human step the player is answered at once; computer seats then
  play in the background (:meth:`Sessions.wait_for_computers`), each step logged on its
  own, until a human decision is pending or the game is over, committed with the same
  version guard and announced through the outbox. A game left with a computer to move
  (a restart) goes on with :meth:`Sessions.resume_computers`.
* Turn timers (reminders and a deadline) are database rows written with the move; the
  scheduler (:mod:`bot.core.scheduler`) fires them through :meth:`Sessions.fire_due_timers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar, cast

import pydantic

import games
import renderer
from bot.core import cpu, ratings, stale, transitions
from bot.core import recap as recap_images
from bot.core.announcements import Announcement, AnnouncementKind, payload
from bot.core.autoplay import (
    AnyGame,
    Step,
    computer_to_move,
    forced_steps,
    human_step,
    is_forced,
    retell,
    think_off_loop,
    turn_key,
)
from bot.core.state_cache import StateCache
from bot.core.timers import deadline_after_change, plan_turn_clock
from bot.core.transitions import Loaded, has_board, seats_line, visible
from bot.settings import MAX_TIMEOUT_HOURS, Settings
from bot.storage.sqlite import (
    MAX_DELIVERY_ATTEMPTS,
    Change,
    ChannelBusy,
    GameRow,
    MatchPlayer,
    MoveRow,
    NewGame,
    NewTimer,
    RatingRow,
    SeatRow,
    ServerRow,
    StaleVersion,
    Store,
    TimerRow,
)
from games import i18n
from games.base import Decision, GameOptions, GameState, IllegalMove
from games.i18n import N_, _, using

__all__ = [
    "Announcement", "AnnouncementKind", "GameInfo", "MoveResult", "Seat", "SeatView",
    "SessionError", "Sessions", "Status", "TimeoutPolicy",
]

log = logging.getLogger(__name__)

TimeoutPolicy = Literal["computer", "forfeit"]
Status = Literal["lobby", "active", "finished", "cancelled"]

STALE = N_("This panel is out of date — the game has moved on.")
NO_GAME = N_("There is no game in this channel.")
NOT_SEATED = N_("You are not playing in this game.")
NOT_STARTED = N_("The game has not started yet.")
GAME_OVER = N_("This game is over.")
NOT_YOUR_TURN = N_("It is not your turn.")
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


@dataclass(frozen=True)
class SeatView:
    """What :meth:`Sessions.seat_view` reads for a private panel."""

    info: GameInfo
    #: None before the game started.
    view: dict[str, Any] | None
    decision: Decision | None
    undoable: bool


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


class Sessions:
    """The session API over one :class:`bot.storage.sqlite.Store`.

    ``clock`` returns the current Unix time in seconds (injected in tests);
    ``seed_source`` returns a fresh seed for each new game.
    """

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
        #: game id -> the background task playing its computer seats
        self._thinking: dict[int, asyncio.Task[None]] = {}
        #: (game id, version) -> state text rebuilt by a replay, oldest first
        self._moments: dict[tuple[int, int], str] = {}
        #: decoded states by their text (a click reads its game several times)
        self.states = StateCache()
        self._think_again: set[int] = set()
        #: game id -> failed computer tasks in a row (retried while the bot runs)
        self._think_failures: dict[int, int] = {}

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
        await self.store.commit(change)
        self._notify(
            outbox=bool(change.announcements),
            timers=change.timers is not None or change.fired_timer_id is not None,
        )

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
            seats=tuple(Seat(i, s.user_id, s.name) for i, s in enumerate(row.seats)),
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

    # -- lobby -------------------------------------------------------------------------
    async def new(
        self,
        channel_id: int,
        guild_id: int | None,
        creator_id: int,
        creator_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        parent_id: int | None = None,
        language: str | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel or thread; the creator takes seat 0.

        Refused when a game is already in lobby or active there, for an unknown game or
        invalid options. ``seed`` fixes the game's randomness (tests, the terminal).
        ``parent_id``: the game has a thread of its own, opened from that channel (the
        recap goes there at the end, and the thread is archived). ``language``: of the
        game's public posts (default English; the Discord layer passes the server's).
        """
        engine = self._engine(game)
        parsed = self.check_options(game, options)
        now = self.clock()
        seats = (SeatRow(creator_id, creator_name),)
        new = NewGame(
            channel_id=channel_id,
            guild_id=guild_id,
            game=engine.name,
            options=parsed.model_dump(mode="json"),
            creator_id=creator_id,
            seats=seats,
            seed=self._seed_source() if seed is None else seed,
            turn_timeout_hours=self.settings.turn_timeout_hours,
            reminder_hours=tuple(self.settings.reminders),
            timeout_policy=self.settings.timeout_policy,
            created_at=now,
            parent_id=parent_id,
            language=i18n.normalize(language),
        )
        # Options only a solo game has (an automa's difficulty): no lobby, it starts now.
        solo = engine.min_seats == 1 and bool(engine.solo_options & set(options or {}))
        with using(new.language):
            opened = _("{name} opened a game of {title}.", name=creator_name, title=engine.title)
            body = payload("lobby", f"{opened} {seats_line(engine, seats)}",
                           lobby_buttons=not solo)
        try:
            row = await self.store.create_game(new, body)
        except ChannelBusy:
            raise SessionError(N_(
                "A game is already open in this channel — finish or cancel it first, "
                "or start one in a thread."
            )) from None
        self._notify(outbox=True, timers=False)
        if solo:
            return await self.start(channel_id, creator_id)
        return self._info(self._load(row))

    def check_options(self, game: str, options: dict[str, Any] | None) -> GameOptions:
        """The game's options, or a SessionError saying what is wrong with them."""
        engine = self._engine(game)
        try:
            return engine.parse_options(options)
        except pydantic.ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}"
                for err in exc.errors()
            )
            raise SessionError(N_("Invalid options for {title}: {problems}."), title=engine.title,
                               problems=problems) from None

    async def _lobby_change(
        self, row: GameRow, seats: tuple[SeatRow, ...], text: str, **params: object
    ) -> GameInfo:
        """``text``: what happened, a catalogue text (``N_``) with its ``params``."""
        engine = self._engine(row.game)
        now = self.clock()
        new_row = replace(row, seats=seats, version=row.version + 1, updated_at=now)
        with using(row.language):
            said = _(text, **params)
            body = payload("lobby", f"{said} {seats_line(engine, seats)}", lobby_buttons=True)
        await self._commit(Change(new_row, row.version, expected_settings=row,
                                  announcements=[body]))
        return self._info(Loaded(new_row, engine, None))

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

    async def _lobby_row(self, channel_id: int) -> GameRow:
        row = await self._open_row(channel_id)
        if row.status != "lobby":
            raise SessionError(N_("The game has already started."))
        return row

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        """Take a seat in the channel's lobby (refused: seated already, full, started)."""
        return await self._retrying(lambda: self._join(channel_id, user_id, name))

    async def _join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        row = await self._lobby_row(channel_id)
        engine = self._engine(row.game)
        if any(s.user_id == user_id for s in row.seats):
            raise SessionError(N_("You already have a seat in this game."))
        if len(row.seats) >= engine.max_seats:
            raise SessionError(N_("The table is full ({n} seats)."), n=engine.max_seats)
        seats = (*row.seats, SeatRow(user_id, name, await self.store.away_until(user_id)))
        return await self._lobby_change(row, seats, N_("{name} joined."), name=name)

    async def add_computer(self, channel_id: int, user_id: int) -> GameInfo:
        """Add a computer seat to the lobby; any seated player may do it."""
        return await self._retrying(lambda: self._add_computer(channel_id, user_id))

    async def _add_computer(self, channel_id: int, user_id: int) -> GameInfo:
        row = await self._lobby_row(channel_id)
        engine = self._engine(row.game)
        self._require_seat(row, user_id)
        if len(row.seats) >= engine.max_seats:
            raise SessionError(N_("The table is full ({n} seats)."), n=engine.max_seats)
        computers = sum(1 for s in row.seats if s.user_id is None)
        with using(row.language):  # a seat's name, shown in the game's public posts
            name = _("Computer") if computers == 0 else _("Computer {n}", n=computers + 1)
        seats = (*row.seats, SeatRow(None, name))
        return await self._lobby_change(row, seats, N_("{name} took a seat."), name=name)

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave the lobby (not the creator: they cancel instead), or forfeit a running
        game: at three seats or more the computer takes the seat over and the others play
        on; at two the game ends and the other seat wins."""
        return await self._retrying(lambda: self._leave(channel_id, user_id))

    async def _leave(self, channel_id: int, user_id: int) -> GameInfo:
        row = await self._open_row(channel_id)
        index = self._require_seat(row, user_id)
        if row.status == "active":
            loaded = self._load(row)
            change = await self._forfeit(loaded, index, self.clock(), "left",
                                         name=row.seats[index].name)
            await self._commit(change)
            return self._info(self._load(change.game))
        if user_id == row.creator_id:
            raise SessionError(N_(
                "You opened this game, so you cannot leave it: cancel it instead."))
        name = row.seats[index].name
        seats = tuple(s for i, s in enumerate(row.seats) if i != index)
        return await self._lobby_change(row, seats, N_("{name} left."), name=name)

    async def start(self, channel_id: int, user_id: int) -> GameInfo:
        """Start the game (creator only, seat count within the game's min/max).

        Seats keep their lobby order; the game's own RNG chooses who begins. Computer
        seats play at once if they are to move first.
        """
        return await self._retrying(lambda: self._start(channel_id, user_id))

    async def _start(self, channel_id: int, user_id: int) -> GameInfo:
        row = await self._lobby_row(channel_id)
        if user_id != row.creator_id:
            raise SessionError(N_("Only the player who opened the game can start it."))
        engine = self._engine(row.game)
        if len(row.seats) < engine.min_seats:
            raise SessionError(N_("{title} needs at least {n} players ({seated} seated)."),
                               title=engine.title, n=engine.min_seats, seated=len(row.seats))
        with using(row.language):
            state = engine.setup(len(row.seats), engine.parse_options(row.options), row.seed)
            users = [s.user_id for s in row.seats]
            steps = forced_steps(engine, state, users)  # computer seats play in the background
            change = transitions.begin(Loaded(row, engine, None), state, steps, user_id,
                                       self.clock())
        await self._commit(change)
        self._kick_if_computer(change)
        return self._info(self._load(change.game))

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool) -> GameInfo:
        """Cancel the lobby or running game: the creator or anyone with Manage Channels."""
        return await self._retrying(lambda: self._cancel(channel_id, user_id, can_manage_channel))

    async def _cancel(self, channel_id: int, user_id: int, can_manage_channel: bool) -> GameInfo:
        row = await self._open_row(channel_id)
        if user_id != row.creator_id and not can_manage_channel:
            raise SessionError(N_(
                "Only the player who opened the game or someone who can manage this "
                "channel can cancel it."
            ))
        now = self.clock()
        new_row = replace(
            row, status="cancelled", version=row.version + 1, updated_at=now, deadline_at=None
        )
        engine = self._engine(row.game)
        with using(row.language):
            who = next((s.name for s in row.seats if s.user_id == user_id), _("A moderator"))
            body = payload("cancelled", _("{name} cancelled the game of {title}.", name=who,
                                          title=engine.title))
        await self._commit(Change(new_row, row.version, announcements=[body], timers=[]))
        return self._info(self._load(new_row))

    # -- reading -----------------------------------------------------------------------
    async def info(self, channel_id: int) -> GameInfo:
        """The game in lobby or active in this channel ("There is no game in this channel.")."""
        return self._info(self._load(await self._open_row(channel_id)))

    async def info_by_id(self, game_id: int) -> GameInfo:
        return self._info(self._load(await self._row_by_id(game_id)))

    async def latest_info(self, channel_id: int) -> GameInfo:
        """The channel's open game, or else its most recent one (finished or cancelled)."""
        row = await self.store.latest_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        return self._info(self._load(row))

    async def active_games(self) -> list[GameInfo]:
        """Every game in lobby or running (the Discord layer re-attaches views with it)."""
        infos = []
        for row in await self.store.games_with_status("lobby", "active"):
            try:
                infos.append(self._info(self._load(row)))
            except SessionError:  # its engine does not load (logged): skip, keep the rest
                continue
        return infos

    async def decision_for(self, game_id: int, user_id: int) -> tuple[Decision | None, int]:
        """(pending decision if it is this user's, else None; the user's seat).

        Refused when the user has no seat or the game is not running.
        """
        row = await self._row_by_id(game_id)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        decision = self._load(row).decision
        return (decision if decision is not None and decision.seat == seat else None, seat)

    async def pending_for(self, game_id: int, user_id: int
                          ) -> tuple[GameInfo, Decision | None]:
        """The game and the user's pending decision (None: not theirs to choose) read from
        one row, so a panel is drawn at the very version of its decision — never at an
        older one that a computer seat's move, landing in between, made stale.

        Refused when the game is not running; a user without a seat gets None."""
        row = await self._row_by_id(game_id)
        self._require_active(row)
        loaded = self._load(row)
        seat = next((i for i, s in enumerate(row.seats) if s.user_id == user_id), None)
        decision = loaded.decision
        mine = decision if decision is not None and decision.seat == seat else None
        return self._info(loaded), mine

    async def public_decision(self, game_id: int, version: int) -> Decision | None:
        """The decision pending at ``version`` when its choices may go on the public turn
        message: the game has no hidden information and a human is to move."""
        row = await self._row_by_id(game_id)
        engine = self._engine(row.game)
        if engine.hidden_information or row.status != "active":
            return None
        try:
            text = await self._state_text_at(row, version)
        except SessionError:
            return None
        decision = engine.pending(self.states.get(engine, text))
        if decision is None or row.seats[decision.seat].user_id is None:
            return None
        return decision

    async def view(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine view for this user's seat, or the public view (None/not seated)."""
        loaded = self._load(await self._row_by_id(game_id))
        if loaded.state is None:
            raise SessionError(NOT_STARTED)
        seat = None
        if user_id is not None:
            seat = next((i for i, s in enumerate(loaded.row.seats) if s.user_id == user_id), None)
        return loaded.game.view(loaded.state, seat)

    async def png(self, game_id: int, version: int | None = None) -> bytes:
        """The public board at ``version`` (default: current) as PNG bytes.

        Rebuilding the state of an earlier moment (replay from its snapshot), the view
        and the drawing all run in the CPU pool (:mod:`bot.core.cpu`), off the event loop."""
        row = await self._row_by_id(game_id)
        if row.state is None:
            raise SessionError(NOT_STARTED)
        if not has_board(row.game):
            raise SessionError(N_("This game has no board picture yet."))
        snapshot, steps = await self._moment(row, version)
        names = [s.name for s in row.seats]
        return await cpu.run(cpu.board_png, games.GAME_MODULES[row.game],
                             renderer.RENDERERS[row.game], snapshot, steps, names,
                             i18n.current())

    async def _moment(self, row: GameRow, version: int | None) -> tuple[str, list[tuple[int, str]]]:
        """A snapshot and the steps to replay on it for the state at ``version``."""
        if version is None or version >= row.version:
            assert row.state is not None
            return row.state, []
        moment = await self.store.replay_from(row.id, version)
        if moment is None:
            raise SessionError(N_("There is no board for that moment of the game."))
        return moment

    async def _state_text_at(self, row: GameRow, at: int | MoveRow) -> str:
        """The game's state (text) as it stood at a version (or after a logged move).

        A replay from the nearest snapshot is at most ``SNAPSHOT_EVERY`` engine steps
        (~0.1 ms each), the cost of reading a state, so it runs here; a moment once
        rebuilt never changes and is kept for the next look (undo checks, panels)."""
        if isinstance(at, MoveRow):
            if at.state_after is not None:
                return at.state_after
            at = at.version
        if at >= row.version:
            assert row.state is not None
            return row.state
        key = (row.id, at)
        text = self._moments.get(key)
        if text is None:
            snapshot, steps = await self._moment(row, at)
            try:
                text = cpu.replay_text(games.GAME_MODULES[row.game], snapshot, steps)
            except Exception:  # a log written under earlier rules: nothing to rebuild from
                log.exception("game %s: its state at v%s cannot be rebuilt", row.id, at)
                raise SessionError(N_(
                    "That moment of the game can no longer be rebuilt.")) from None
            self._keep_moment(key, text)
        return text

    async def recap_png(self, game_id: int) -> bytes:
        """The end-of-game recap image: scores by category, winners, score by turn (drawn
        in the CPU pool)."""
        row = await self._row_by_id(game_id)
        if row.state is None:
            raise SessionError(NOT_STARTED)
        moves = await self.store.moves(game_id)
        self._engine(row.game)  # an engine that does not load says so here
        result = row.result or {}
        names = tuple(seat.name for seat in transitions.original_seats(row))
        return await cpu.run(recap_images.recap_png, games.GAME_MODULES[row.game], row.state,
                             moves, names, tuple(result.get("winners", ())),
                             tuple(sorted(transitions.forfeited_seats(row))), i18n.current())

    async def replay_gif(self, game_id: int) -> bytes:
        """A finished game as an animated image, one frame per turn (public boards only),
        drawn in the CPU pool."""
        row = await self._row_by_id(game_id)
        if row.status != "finished":
            raise SessionError(N_("Replays are made of finished games."))
        if not has_board(row.game):
            raise SessionError(N_("This game has no board picture yet."))
        moves = await self.store.moves(game_id)
        self._engine(row.game)
        names = [seat.name for seat in transitions.original_seats(row)]
        return await cpu.run(recap_images.replay_gif, games.GAME_MODULES[row.game], row.game,
                             renderer.RENDERERS[row.game], moves, names, i18n.current())

    async def log(self, channel_id: int, limit: int = 20) -> list[str]:
        """The last public move lines of this channel's current (or latest) game."""
        row = await self.store.open_game_in_channel(channel_id)
        row = row or await self.store.latest_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        lines = []
        # Steps that announced nothing (the first half of "play a card, then choose the
        # space") are left out: what they did is told by the step that completes them.
        for move in await self.store.moves(row.id, limit * 4):
            who = row.seats[move.seat].name if move.seat is not None else ""
            if move.kind == "start":
                text = _("The game began.")
            elif move.kind == "undo":
                text = _("{name} took back a move.", name=who)
            elif move.events:
                text = " ".join(move.events)  # as they were told, in the game's language
            else:
                continue
            if move.undone:
                text = _("{move} (taken back)", move=text)
            lines.append(f"#{move.version} {text}")
        return lines[-limit:]

    # -- pause, resume, vacation ----------------------------------------------------------
    async def pause(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to pause the game: the creator pauses at once, anyone else casts a vote and
        the game pauses when every seated player agrees. A paused game has no turn timer
        and takes no move. Returns the game and whether it is paused now."""
        return await self._retrying(lambda: self._vote(channel_id, user_id, pause=True))

    async def resume(self, channel_id: int, user_id: int) -> tuple[GameInfo, bool]:
        """Ask to resume a paused game (the same rule); the turn's clock goes on where it
        stopped. Returns the game and whether it runs again."""
        return await self._retrying(lambda: self._vote(channel_id, user_id, pause=False))

    async def _vote(self, channel_id: int, user_id: int, *, pause: bool) -> tuple[GameInfo, bool]:
        row = await self._open_row(channel_id)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if pause == (row.paused_at is not None):
            raise SessionError(N_("The game is already paused: `/estancia resume` to go on.")
                               if pause else N_("The game is not paused."))
        humans = {s.user_id for s in row.seats if s.user_id is not None}
        votes = set(row.votes) | {user_id}
        now, name = self.clock(), row.seats[seat].name
        done = user_id == row.creator_id or votes >= humans
        if not done:
            verb = "pause" if pause else "resume"
            new_row = replace(row, votes=tuple(sorted(votes)), version=row.version + 1,
                              updated_at=now)
            wish = (N_("{name} would like to pause the game ({n} of {of} agree): the others "
                       "agree with `/estancia pause` or the button.") if pause else
                    N_("{name} would like to resume the game ({n} of {of} agree): the others "
                       "agree with `/estancia resume` or the button."))
            with using(row.language):
                body = payload("settings", _(wish, name=name, n=len(votes), of=len(humans)),
                               vote=verb)
            await self._commit(Change(new_row, row.version, announcements=[body]))
            return self._info(self._load(new_row)), False
        loaded = self._load(row)
        if pause:
            new_row = replace(row, paused_at=now, votes=(), version=row.version + 1,
                              updated_at=now)
            with using(row.language):
                body = payload("settings", _(
                    "{name} paused the game: no turn timer and no moves until it resumes "
                    "(`/estancia resume`).", name=name))
            change = Change(new_row, row.version, timers=[], announcements=[body])
        else:
            assert row.paused_at is not None
            started = (row.turn_started_at or now) + (now - row.paused_at)  # the clock stood
            new_row = replace(row, paused_at=None, votes=(), version=row.version + 1,
                              updated_at=now, turn_started_at=started)
            clock = transitions.turn_clock(new_row, loaded.decision, started_at=started, now=now,
                                           new_turn=False)
            new_row = replace(new_row, deadline_at=clock.deadline_at)
            mover = loaded.decision.seat if loaded.decision is not None else None
            user = row.seats[mover].user_id if mover is not None else None
            with using(row.language):
                body = payload("settings", _("{name} resumed the game.", name=name),
                               mention_user_ids=[user] if user is not None else [],
                               deadline_at=clock.deadline_at, turn_button=True)
            change = Change(new_row, row.version, timers=clock.timers, announcements=[body])
        await self._commit(change)
        self._kick_if_computer(change)  # a computer to move waited for the game to resume
        return self._info(self._load(change.game)), True

    async def vacation(self, user_id: int, days: float) -> float | None:
        """Go on vacation for ``days`` (0: back now) in every game: the clocks of your
        turns wait until you are back (a running turn keeps the time it had left).
        Returns until when you are away."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise SessionError(N_("A vacation lasts 0 to {n} days."), n=MAX_VACATION_DAYS)
        now = self.clock()
        until = now + days * stale.DAY if days > 0 else None
        await self.store.save_vacation(user_id, until)
        for row in await self.store.open_games_of(user_id):
            with contextlib.suppress(StaleVersion, SessionError):
                await self._commit(self._away_change(row, user_id, until, now))
        return until

    def _away_change(self, row: GameRow, user_id: int, until: float | None,
                     now: float) -> Change:
        """The game with the user's seat away until ``until``; a running turn of theirs
        gets its clock moved by the change in how long they are away."""
        index = next(i for i, seat in enumerate(row.seats) if seat.user_id == user_id)
        before = row.seats[index]
        seats = tuple(replace(seat, away_until=until) if i == index else seat
                      for i, seat in enumerate(row.seats))
        new_row = replace(row, seats=seats, updated_at=now)
        change = Change(new_row, row.version, expected_settings=row)
        decision = self._load(row).decision if row.status == "active" else None
        if decision is None or decision.seat != index or row.turn_started_at is None:
            return change
        shift = (until or now) - (transitions.away(before, now) or now)
        new_row = replace(new_row, turn_started_at=row.turn_started_at + shift)
        clock = transitions.turn_clock(new_row, decision, started_at=new_row.turn_started_at,
                                       now=now, new_turn=False)
        change.game = replace(new_row, deadline_at=clock.deadline_at)
        change.timers = clock.timers
        return change

    # -- stale games ---------------------------------------------------------------------
    async def server(self, guild_id: int) -> ServerRow:
        """A server's settings (the defaults until it chose)."""
        return await self.store.server(guild_id) or stale.defaults(
            guild_id, self.settings.timeout_policy)

    async def set_server(self, guild_id: int, *, stale_days: float | None = None,
                         lobby_days: float | None = None,
                         stale_policy: str | None = None) -> ServerRow:
        current = await self.server(guild_id)
        if stale_policy is not None and stale_policy not in stale.STALE_POLICIES:
            raise SessionError(N_('The stale policy is "computer", "forfeit" or "cancel".'))
        for value in (stale_days, lobby_days):
            if value is not None and not (0 <= value <= 365):
                raise SessionError(N_("Days are between 0 (never) and 365."))
        updated = replace(current,
                          stale_days=current.stale_days if stale_days is None else stale_days,
                          lobby_days=current.lobby_days if lobby_days is None else lobby_days,
                          stale_policy=stale_policy or current.stale_policy)
        await self.store.save_server(updated, self.clock())
        return updated

    async def sweep_stale(self) -> int:
        """Warn stalled games, apply the policy to warned ones, expire old lobbies;
        returns how many games changed. Each change is guarded by the game's version."""
        now, changed, servers = self.clock(), 0, {}

        async def server_of(row: GameRow) -> ServerRow:
            key = row.guild_id or 0
            if key not in servers:
                servers[key] = await self.server(key)
            return servers[key]

        for activity in await self.store.active_games_activity():
            verdict = stale.judge(activity, await server_of(activity.game), now)
            if verdict is None:
                continue
            try:
                with using(activity.game.language):
                    change = await self._stale_change(verdict, await server_of(activity.game),
                                                      now)
                if change is not None:
                    await self._commit(change)
                    changed += 1
            except StaleVersion:
                continue  # it moved meanwhile: no longer stale
            except Exception:
                log.exception("stale sweep of game %s failed", activity.game.id)
        for row in await self.store.games_with_status("lobby"):
            server = await server_of(row)
            if not stale.lobby_expired(row, server, now):
                continue
            with using(row.language):
                body = payload("cancelled", _(
                    "Nobody started this lobby of {title} within {days}: it expired.",
                    title=self._engine(row.game).title, days=stale.days(server.lobby_days)))
            expired = replace(row, status="cancelled", version=row.version + 1, updated_at=now)
            with contextlib.suppress(StaleVersion):
                await self._commit(Change(expired, row.version, timers=[],
                                          announcements=[body]))
                changed += 1
        return changed

    async def _stale_change(self, verdict: stale.Verdict, server: ServerRow,
                            now: float) -> Change | None:
        loaded = self._load(verdict.game)
        decision = loaded.decision
        if decision is None or loaded.state is None or loaded.row.paused_at is not None:
            return None
        row, seat = loaded.row, decision.seat
        if transitions.away(row.seats[seat], now) is not None:
            return None  # the player said they are away: that is not a stall
        name, idle = row.seats[seat].name, stale.days(verdict.idle_days)
        if verdict.action == "warn":
            user = row.seats[seat].user_id
            text = _(stale.WARNINGS[server.stale_policy], idle=idle,
                     hours=f"{stale.GRACE_HOURS:g}")
            body = payload("stale", text, mention_user_ids=[user] if user is not None else [],
                           turn_button=True)
            return Change(replace(row, updated_at=now), row.version, announcements=[body],
                          stale_warning=True)
        if server.stale_policy == "forfeit":
            return await self._forfeit(loaded, seat, now, "stale", name=name, idle=idle)
        if server.stale_policy == "cancel":
            cancelled = replace(row, status="cancelled", version=row.version + 1,
                                updated_at=now, deadline_at=None)
            body = payload("cancelled", _("No move for {idle}: the game is cancelled.",
                                          idle=idle))
            return Change(cancelled, row.version, announcements=[body], timers=[])
        steps = await think_off_loop(loaded.game, loaded.state, [s.user_id for s in row.seats],
                                     turn_key(decision))
        return transitions.advance(
            loaded, steps, now, kind="timeout",
            lead=_("No move for {idle}, so the computer played {name}'s turn.", idle=idle,
                   name=name),
            earlier_lines=await self.store.unannounced_lines(row.id))

    # -- ratings -----------------------------------------------------------------------
    async def rate_finished_games(self) -> int:
        """Rate every finished game not rated yet (each exactly once); how many were."""
        rated = 0
        for row in await self.store.unrated_finished_games():
            players = self._match_players(row)
            places = self._places(row) if players else []
            keys = [p.player for p in players]

            def compute(current: dict[str, tuple[float, float]],
                        keys: list[str] = keys, places: list[int] = places,
                        ) -> dict[str, tuple[float, float]]:
                prior = {k: ratings.Rating(*v) for k, v in current.items()}
                new = ratings.rate(keys, places, prior)
                return {k: (r.mu, r.sigma) for k, r in new.items()}

            if await self.store.record_ratings(row.id, row.guild_id or 0, row.game, players,
                                               compute, self.clock()):
                rated += 1
        return rated

    @staticmethod
    def _match_players(row: GameRow) -> list[MatchPlayer]:
        """The seats to rate; none for a game played alone (nobody to be ranked against)."""
        if len(row.seats) < 2:
            return []
        winners = set((row.result or {}).get("winners", ()))
        # A forfeited seat is rated as the player who forfeited, not the computer that
        # finished the game for them.
        players = []
        for index, seat in enumerate(transitions.original_seats(row)):
            name = seat.name if seat.user_id is not None else "Computer"  # shown translated
            players.append(MatchPlayer(ratings.player_key(seat.user_id), name, index in winners))
        return players

    def _places(self, row: GameRow) -> list[int]:
        loaded = self._load(row)
        result = row.result or {}
        totals = [0] * len(row.seats)
        if loaded.state is not None:
            scores = loaded.game.scores(loaded.state)
            totals = [scores.get(seat, {}).get("total", 0) for seat in range(len(row.seats))]
        return ratings.places(totals, result.get("winners", ()), transitions.forfeited_seats(row))

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        self._engine(game)  # an unknown game is refused with a clear message
        return await self.store.leaderboard(guild_id, game, limit)

    async def player_stats(self, guild_id: int, user_id: int) -> list[RatingRow]:
        return await self.store.player_ratings(guild_id, ratings.player_key(user_id))

    async def scores(self, game_id: int) -> dict[int, dict[str, int]]:
        """Points per seat by category (always with "total")."""
        loaded = self._load(await self._row_by_id(game_id))
        if loaded.state is None:
            raise SessionError(NOT_STARTED)
        return loaded.game.scores(loaded.state)

    # -- playing -----------------------------------------------------------------------
    async def play(
        self, game_id: int, user_id: int, key: str, expected_version: int | None
    ) -> MoveResult:
        """Play option ``key`` for the user's seat.

        ``expected_version`` comes from a panel or button: a different current version
        means the panel is out of date and the move is refused. ``None`` (a typed
        command) means "the current version" (retried if another change lands first).
        """
        if expected_version is None:
            return await self._retrying(lambda: self._play(game_id, user_id, key, None))
        try:
            return await self._play(game_id, user_id, key, expected_version)
        except StaleVersion:
            raise SessionError(STALE) from None

    async def _play(
        self, game_id: int, user_id: int, key: str, expected_version: int | None
    ) -> MoveResult:
        row = await self._row_by_id(game_id)
        if expected_version is not None and expected_version != row.version:
            raise SessionError(STALE)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        loaded = self._load(row)
        decision = loaded.decision
        assert loaded.state is not None and decision is not None
        if decision.seat != seat:
            raise SessionError(NOT_YOUR_TURN)
        users = [s.user_id for s in row.seats]
        reader = i18n.current()
        try:
            # One engine step (and the forced ones after it): quick, so the player is
            # answered at once; computer seats then play in the background. Its events
            # are logged and announced in the game's language.
            with using(row.language):
                steps = await asyncio.to_thread(human_step, loaded.game, loaded.state, seat,
                                                key, users)
        except IllegalMove as exc:
            raise SessionError.verbatim(refusal(loaded.game, loaded.state, seat, key, exc)
                                        ) from None
        change = await self._advance(loaded, steps)
        await self._commit(change)
        self._remember(loaded, change, steps[-1].state)
        self._kick_if_computer(change)
        if reader != row.language:  # the player's own answer, in their language
            steps = await asyncio.to_thread(retell, loaded.game, loaded.state, steps)
        return self._result_for(seat, loaded, change, steps)

    async def _advance(self, loaded: Loaded, steps: Sequence[Step]) -> Change:
        """:func:`transitions.advance` for a turn's steps; the lines of the turn's earlier
        steps are read only when the change announces something (a step in the middle
        of a turn tells nobody yet)."""
        now = self.clock()
        with using(loaded.row.language):  # the turn message, for everyone
            change = transitions.advance(loaded, steps, now, kind="turn")
            if change.announcements:
                earlier = await self.store.unannounced_lines(loaded.row.id)
                if earlier:
                    change = transitions.advance(loaded, steps, now, kind="turn",
                                                 earlier_lines=earlier)
        return change

    # -- computer seats in the background ----------------------------------------------------
    def _kick_if_computer(self, change: Change) -> None:
        if (change.game.status != "active" or change.game.state is None
                or change.game.paused_at is not None):
            return
        loaded = self._load(change.game)
        if computer_to_move(loaded.game, loaded.state, [s.user_id for s in change.game.seats]):
            self._kick(change.game.id)

    def _kick(self, game_id: int, delay: float = 0.0) -> None:
        """Let the computer seats of this game play (a background task, one per game),
        after ``delay`` seconds (a retry)."""
        running = self._thinking.get(game_id)
        if running is not None and not running.done():
            self._think_again.add(game_id)  # it may have looked already: look once more
            return
        work = self._think(game_id) if delay <= 0 else self._think_after(game_id, delay)
        task = asyncio.create_task(work, name=f"estancia-computer-{game_id}")
        self._thinking[game_id] = task
        task.add_done_callback(functools.partial(self._thought, game_id))

    async def _think_after(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._think(game_id)

    def _thought(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._thinking.get(game_id) is task:
            del self._thinking[game_id]
        if not task.cancelled() and task.exception() is not None:
            self._think_again.discard(game_id)
            self._retry_after_failure(game_id, task.exception())
            return
        if not task.cancelled():
            self._think_failures.pop(game_id, None)
        if game_id in self._think_again and not task.cancelled():
            self._think_again.discard(game_id)
            self._kick(game_id)

    def _retry_after_failure(self, game_id: int, error: BaseException | None) -> None:
        """A failed computer task (a worker lost, the database busy, a bug) is tried
        again while the bot runs, :data:`COMPUTER_RETRY_DELAYS` apart; after that, at
        the next start (:meth:`resume_computers`)."""
        failures = self._think_failures.get(game_id, 0) + 1
        self._think_failures[game_id] = failures
        if failures > len(COMPUTER_RETRY_DELAYS):
            log.error("computer seats of game %s failed %d times in a row; they try again "
                      "at the next start", game_id, failures, exc_info=error)
            self._think_failures.pop(game_id, None)
            return
        delay = COMPUTER_RETRY_DELAYS[failures - 1]
        log.error("computer seats of game %s failed (attempt %d of %d); trying again in %g s",
                  game_id, failures, len(COMPUTER_RETRY_DELAYS) + 1, delay, exc_info=error)
        self._kick(game_id, delay)

    async def _think(self, game_id: int) -> None:
        """Play every computer (and forced) step pending in the game, then commit them
        in one change guarded by the version they were computed from."""
        for _attempt in range(STALE_RETRIES):
            row = await self.store.game(game_id)
            if row is None or row.status != "active" or row.paused_at is not None:
                return
            loaded = self._load(row)
            users = [s.user_id for s in row.seats]
            if not computer_to_move(loaded.game, loaded.state, users):
                return
            assert loaded.state is not None
            with using(row.language):  # what the computers do is announced in the game's
                steps = await think_off_loop(loaded.game, loaded.state, users)
            if not steps:
                return
            change = await self._advance(loaded, steps)
            try:
                await self._commit(change)
            except StaleVersion:
                continue  # someone changed the game meanwhile (an undo, a setting): again
            self._remember(loaded, change, steps[-1].state)
            return
        log.warning("computer seats of game %s: the game kept changing; will try again",
                    game_id)
        self._think_again.add(game_id)

    def computers_thinking(self, game_id: int) -> bool:
        task = self._thinking.get(game_id)
        return task is not None and not task.done()

    async def wait_for_computers(self, game_id: int | None = None,
                                 on_wait: Callable[[], None] | None = None) -> None:
        """Wait until the computer seats of one game (or of every game) have played.

        A game with a computer to move but no task (a saved game opened again) is started
        first. ``on_wait`` is called once if there is anything to wait for (the terminal
        says "Computer is thinking…")."""
        if game_id is not None and game_id not in self._thinking:
            row = await self.store.game(game_id)
            if row is not None and row.status == "active":
                self._kick_if_computer(Change(row, row.version))
        told = False
        while True:
            tasks = [t for g, t in self._thinking.items()
                     if game_id is None or g == game_id]
            if not tasks:
                return
            if on_wait is not None and not told:
                on_wait()
                told = True
            await asyncio.wait(tasks)

    async def resume_computers(self, owns: Callable[[int | None], bool] | None = None) -> int:
        """After a start: every running game with a computer (or forced step) to move goes
        on — of the guilds ``owns`` accepts (a process of a sharded bot: its shards').
        Returns how many games were started again."""
        resumed = 0
        for row in await self.store.games_with_status("active"):
            if row.paused_at is not None or (owns is not None and not owns(row.guild_id)):
                continue
            try:
                loaded = self._load(row)
            except SessionError:
                continue
            if computer_to_move(loaded.game, loaded.state, [s.user_id for s in row.seats]):
                self._kick(row.id)
                resumed += 1
        if resumed:
            log.info("computer seats resume in %d game(s)", resumed)
        return resumed

    async def close(self) -> None:
        """Stop the background computer tasks (their games resume at the next start)."""
        tasks = list(self._thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._thinking.clear()

    def _result_for(
        self, seat: int, before: Loaded, change: Change, steps: Sequence[Step]
    ) -> MoveResult:
        after = self._load(change.game)
        decision = after.decision if after.row.status == "active" else None
        names = [s.name for s in after.row.seats]
        events = [line for step in steps for line in visible(step.events, seat, names)]
        return MoveResult(
            game_id=after.row.id,
            version=after.row.version,
            label=steps[0].label,
            events=events,
            decision=decision if decision is not None and decision.seat == seat else None,
            turn_over=turn_key(before.decision) != turn_key(decision),
            finished=after.row.status == "finished",
        )

    async def undo(self, channel_id: int, user_id: int) -> MoveResult:
        """Take back the user's own last step.

        Allowed only while nothing random or hidden was revealed by that step and nobody
        else (computer seats included) has moved since. Bumps the version, so panels
        built before the undo are refused.
        """
        return await self._retrying(lambda: self._undo(channel_id, user_id))

    async def _undo(self, channel_id: int, user_id: int) -> MoveResult:
        row = await self._open_row(channel_id)
        self._require_active(row)
        seat = self._require_seat(row, user_id)
        if row.paused_at is not None:
            raise SessionError(PAUSED)
        before = self._load(row)
        last, forced, previous = await self._undo_target(before, seat)
        restored = await self._state_text_at(row, previous)
        with using(row.language):
            change, after = transitions.take_back(
                before, seat, user_id, last, restored, self.clock(), also=forced
            )
        await self._commit(change)
        decision = after.decision
        return MoveResult(
            game_id=row.id,
            version=after.row.version,
            label=_("Undo: {label}", label=last.label),
            events=[_("You took back: {label}.", label=last.label)],
            decision=decision if decision is not None and decision.seat == seat else None,
            turn_over=turn_key(before.decision) != turn_key(decision),
            finished=False,
        )

    async def _undo_target(
        self, loaded: Loaded, seat: int
    ) -> tuple[MoveRow, list[MoveRow], MoveRow]:
        """(the seat's last choice, the forced steps the platform played after it, the
        move before that choice), or the refusal saying why there is nothing to take back.

        Forced steps (a decision with one option) are nobody's choice: taking back a
        choice takes them back too, unless one of them revealed something."""
        moves = await self.store.effective_moves(loaded.row.id, UNDO_LOOKBACK)
        forced: list[MoveRow] = []
        for index, move in enumerate(moves):
            previous = moves[index + 1] if index + 1 < len(moves) else None
            if move.kind == "start" or previous is None:
                raise SessionError(N_("There is nothing to take back yet."))
            if move.kind != "move" or move.by_computer:
                raise SessionError(CANNOT_UNDO)
            choice = not is_forced(loaded.game.pending(
                self.states.get(loaded.game, await self._state_text_at(loaded.row, previous))))
            if move.reveals or (choice and move.seat != seat):
                if move.seat != seat:  # another player's roll counts as their move
                    raise SessionError(CANNOT_UNDO)
                raise SessionError(N_("That move revealed something (a roll, a card), so it "
                                      "cannot be taken back."))
            if choice:
                return move, forced, previous
            forced.append(move)
        raise SessionError(CANNOT_UNDO)

    async def undoable(self, game_id: int, user_id: int) -> bool:
        """Whether :meth:`undo` would take back this user's last choice now (the panel's
        "Take back" button)."""
        return await self._undoable(self._load(await self._row_by_id(game_id)), user_id)

    async def _undoable(self, loaded: Loaded, user_id: int) -> bool:
        seat = next((i for i, s in enumerate(loaded.row.seats) if s.user_id == user_id), None)
        if loaded.row.status != "active" or seat is None:
            return False
        try:
            await self._undo_target(loaded, seat)
        except SessionError:
            return False
        return True

    async def seat_view(self, game_id: int, user_id: int, *,
                        undo: bool = False) -> SeatView:
        """What a private panel shows, from one read of the game: the game, the user's
        view (the public one when not seated; None in the lobby), their pending decision (None when it is
        not theirs) and, with ``undo``, whether "Take back" would work now."""
        loaded = self._load(await self._row_by_id(game_id))
        seat = next((i for i, s in enumerate(loaded.row.seats) if s.user_id == user_id), None)
        decision = loaded.decision if loaded.row.status == "active" else None
        return SeatView(
            info=self._info(loaded),
            view=None if loaded.state is None else loaded.game.view(loaded.state, seat),
            decision=decision if decision is not None and decision.seat == seat else None,
            undoable=undo and await self._undoable(loaded, user_id),
        )

    async def set_settings(
        self,
        channel_id: int,
        user_id: int,
        can_manage_channel: bool,
        *,
        turn_timeout_hours: float | None = None,
        reminder_hours: Sequence[float] | None = None,
        timeout_policy: TimeoutPolicy | None = None,
        language: str | None = None,
    ) -> GameInfo:
        """Change this game's timer settings or language (creator or Manage Channels).

        ``turn_timeout_hours=0`` switches the turn timer off. Reminders must come before
        the deadline: given ones at or beyond the timer are refused, kept ones that a
        shorter timer leaves beyond it are dropped. A running turn keeps its panels (the
        version does not change) and gets a deadline by :func:`bot.core.timers.deadline_after_change`:
        a timer turned on or shortened counts from now, a longer one from the turn's start.
        ``language`` ("en", "fr") is that of the game's public posts from now on.
        """
        return await self._retrying(lambda: self._set_settings(
            channel_id, user_id, can_manage_channel, turn_timeout_hours, reminder_hours,
            timeout_policy, language,
        ))

    async def _set_settings(
        self,
        channel_id: int,
        user_id: int,
        can_manage_channel: bool,
        turn_timeout_hours: float | None,
        reminder_hours: Sequence[float] | None,
        timeout_policy: TimeoutPolicy | None,
        language: str | None = None,
    ) -> GameInfo:
        row = await self._open_row(channel_id)
        if user_id != row.creator_id and not can_manage_channel:
            raise SessionError(N_(
                "Only the player who opened the game or someone who can manage this "
                "channel can change its settings."
            ))
        hours = row.turn_timeout_hours if turn_timeout_hours is None else turn_timeout_hours
        if not (math.isfinite(hours) and 0 <= hours <= MAX_TIMEOUT_HOURS):
            raise SessionError(N_("The turn timer must be between 0 and {n} hours."),
                               n=MAX_TIMEOUT_HOURS)
        reminders = row.reminder_hours if reminder_hours is None else tuple(
            sorted({float(h) for h in reminder_hours}, reverse=True)
        )
        if not all(math.isfinite(h) and h > 0 for h in reminders):
            raise SessionError(N_("Reminders are hours before the deadline and must be above 0."))
        if hours > 0:
            if reminder_hours is not None and reminders and reminders[0] >= hours:
                raise SessionError(N_(
                    "A reminder {reminder} h before the deadline can never come with a "
                    "{hours} h turn timer: choose reminders under {hours} h (or none)."),
                    reminder=f"{reminders[0]:g}", hours=f"{hours:g}")
            reminders = tuple(h for h in reminders if h < hours)
        policy = timeout_policy or row.timeout_policy
        if policy not in ("computer", "forfeit"):
            raise SessionError(N_('The timeout policy is "computer" or "forfeit".'))
        if language is not None and i18n.normalize(language) != language:
            raise SessionError(N_('The language is "en" (English) or "fr" (French).'))
        now = self.clock()
        # The version stays: a settings change must not make the mover's panel stale.
        new_row = replace(
            row, turn_timeout_hours=hours, reminder_hours=reminders, timeout_policy=policy,
            updated_at=now, language=language or row.language,
        )
        change = Change(new_row, row.version, expected_settings=row)
        if row.status == "active":
            change.game, change.timers = self._reclocked(row, new_row, now)
        timer_changed = (turn_timeout_hours, reminder_hours, timeout_policy) != (None, None, None)
        with using(new_row.language):
            who = next((s.name for s in row.seats if s.user_id == user_id), _("A moderator"))
            if language is not None and language != row.language:
                change.announcements.append(payload("settings", _(
                    "{name} set the game's language: {language}.", name=who,
                    language=LANGUAGE_NAMES.get(language, language))))
            if timer_changed or not change.announcements:
                timer = transitions.describe_timer(hours, reminders, policy)
                change.announcements.append(payload("settings", _(
                    "{name} changed the turn timer: {timer}", name=who, timer=timer)))
        await self._commit(change)
        return self._info(self._load(change.game))

    def _reclocked(self, before: GameRow, after: GameRow,
                   now: float) -> tuple[GameRow, list[NewTimer]]:
        """The running turn's deadline and timers under ``after``'s settings."""
        decision = self._load(before).decision
        if decision is None:
            return replace(after, deadline_at=None), []
        started = before.turn_started_at if before.turn_started_at is not None else now
        deadline = None
        if after.turn_timeout_hours > 0:
            deadline = deadline_after_change(
                turn_started_at=started, old_deadline=before.deadline_at,
                hours=after.turn_timeout_hours, now=now,
            )
        clock = plan_turn_clock(
            seat=decision.seat, turn=decision.turn,
            human=after.seats[decision.seat].user_id is not None,
            turn_started_at=started, now=now, timeout_hours=after.turn_timeout_hours,
            reminder_hours=after.reminder_hours, deadline_at=deadline,
        )
        return replace(after, deadline_at=clock.deadline_at), clock.timers

    # -- outbox --------------------------------------------------------------------------
    async def pending_announcements(self, limit: int = 20) -> list[Announcement]:
        """Due, unsent announcements, oldest first, at most one per game (keeps order),
        claimed for this process (several processes on PostgreSQL never get the same)."""
        rows = await self.store.claim_outbox(self.clock(), limit)
        return [
            Announcement.from_payload(r.id, r.game_id, r.channel_id, r.version, r.attempts,
                                      r.payload)
            for r in rows
        ]

    async def mark_sent(self, outbox_id: int, message_id: int | None) -> None:
        await self.store.mark_sent(outbox_id, message_id, self.clock())

    async def release_announcement(self, outbox_id: int) -> None:
        """Give back a claimed announcement this process does not deliver now."""
        await self.store.release_outbox(outbox_id)

    async def purge_outbox(self) -> int:
        """Forget announcements delivered more than :data:`OUTBOX_KEEP_SECONDS` ago."""
        return await self.store.purge_outbox(self.clock() - OUTBOX_KEEP_SECONDS)

    async def mark_failed(
        self, outbox_id: int, retry_at: float | None = None, *, permanent: bool = False
    ) -> None:
        """Count a failed delivery.

        A transient failure (5xx, 429, timeout, lost connection) is retried at
        ``retry_at`` or after an exponential backoff (5 s, 10 s, 20 s … capped at one
        hour), never given up. A ``permanent`` one (the channel is gone or the bot may
        not post there) abandons the announcement, so later ones of the game go ahead.
        """
        attempts = await self.store.outbox_attempts(outbox_id)
        if attempts is None:
            return
        if permanent:
            log.warning("announcement %s cannot be delivered; dropping it", outbox_id)
            await self.store.mark_failed(outbox_id, None)
            return
        if attempts + 1 == MAX_DELIVERY_ATTEMPTS:
            log.error("announcement %s failed %s times; still retrying", outbox_id,
                      attempts + 1)
        if retry_at is None:
            retry_at = self.clock() + min(BACKOFF_CAP, BACKOFF_BASE * 2 ** min(attempts, 20))
        await self.store.mark_failed(outbox_id, retry_at)

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """Unix time of the nearest unfired timer, or None."""
        return await self.store.next_timer_due()

    async def fire_due_timers(self) -> int:
        """Fire every timer due now (reminders, deadlines); returns how many fired.

        A timer whose firing fails unexpectedly is logged and retried a few minutes
        later, so that one broken game never stalls the others' timers."""
        fired = 0
        for timer in await self.store.claim_timers(self.clock()):
            try:
                fired += await self._fire(timer)
            except StaleVersion:
                # The game moved meanwhile (or another process fired it): look again.
                await self.store.release_timer(timer.id)
                continue
            except Exception:
                log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                await self.store.postpone_timer(timer.id, self.clock() + TIMER_RETRY)
        return fired

    async def _forfeit(self, loaded: Loaded, seat: int, now: float, cause: str,
                       **params: object) -> Change:
        """The change for a seat that forfeits (a timeout under the forfeit policy, a
        stalled game, or leaving a running game: ``cause`` is a key of :data:`FORFEITS`),
        told in the game's language."""
        ends, plays_on = FORFEITS[cause]
        with using(loaded.row.language):
            if not transitions.plays_on(loaded.row):
                return transitions.forfeit(loaded, seat, now, _(ends, **params))
            assert loaded.state is not None
            taken = transitions.hand_to_computer(loaded.row, seat)
            steps = await think_off_loop(loaded.game, loaded.state,
                                         [s.user_id for s in taken.seats])
            return transitions.forfeit_and_play_on(loaded, seat, steps, now,
                                                   _(plays_on, **params))

    async def _fire_change(self, loaded: Loaded, timer: TimerRow, now: float) -> Change:
        assert loaded.state is not None
        name = loaded.row.seats[timer.seat].name
        if timer.kind == "reminder":
            return transitions.reminder(loaded, timer.seat, now)
        if loaded.row.timeout_policy == "forfeit":
            return await self._forfeit(loaded, timer.seat, now, "timeout", name=name)
        users = [s.user_id for s in loaded.row.seats]
        steps = await think_off_loop(loaded.game, loaded.state, users, (timer.seat, timer.turn))
        return transitions.advance(
            loaded, steps, now, kind="timeout",
            lead=_("{name} ran out of time, so the computer played their turn.", name=name),
            earlier_lines=await self.store.unannounced_lines(loaded.row.id),
        )

    async def _fire(self, timer: TimerRow) -> bool:
        now = self.clock()
        row = await self.store.game(timer.game_id)
        loaded = self._load(row) if row is not None and row.status == "active" else None
        if loaded is None or turn_key(loaded.decision) != (timer.seat, timer.turn):
            await self.store.discard_timer(timer.id, now)  # its turn is over
            return False
        assert loaded.state is not None
        with using(loaded.row.language):
            change = await self._fire_change(loaded, timer, now)
        change.fired_timer_id = timer.id
        await self._commit(change)
        return True
