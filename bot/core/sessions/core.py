"""The session core every service works over: the store, the settings and the clock; loading
a game (engine, decoded state, earlier moments) and committing a change (listeners told)."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

import pydantic

import games
from bot.core import cpu, notices, stale, timebank, transitions
from bot.core.autoplay import AnyGame, Step
from bot.core.option_values import option_problems
from bot.core.sessions.common import (
    GAME_OVER,
    MAX_GAME_ID,
    MOMENTS_KEPT,
    NO_GAME,
    NOT_SEATED,
    NOT_STARTED,
    STALE,
    STALE_RETRIES,
    STORED,
    GameInfo,
    Seat,
    SessionError,
    Status,
    TimeoutPolicy,
)
from bot.core.state_cache import StateCache
from bot.core.transitions import Loaded
from bot.settings import Settings
from bot.storage.rows import Change, GameRow, MoveRow, ServerRow, StaleVersion
from bot.storage.store import Store
from games import ai
from games.base import GameOptions, GameState
from games.i18n import N_, using

log = logging.getLogger(__name__)

T = TypeVar("T")


def random_seed() -> int:
    return secrets.randbits(63)


class SessionCore:
    """What every session service shares: the store, the settings, the clock, the decoded
    states and earlier moments of games, and the listeners told of each commit."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = random_seed,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        #: A fresh seed for each new game.
        self.new_seed = seed_source
        #: decoded states by their text (a click reads its game several times)
        self.states = StateCache()
        #: (game id, version) -> state text rebuilt by a replay, oldest first
        self._moments: dict[tuple[int, int], str] = {}
        self._outbox_listeners: list[Callable[[], None]] = []
        self._timer_listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[], None]] = []

    # -- listeners ---------------------------------------------------------------------
    def on_outbox(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that wrote an announcement."""
        self._outbox_listeners.append(callback)

    def on_timers(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that changed timers (wakes the scheduler)."""
        self._timer_listeners.append(callback)

    def on_notices(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when notices were written (wakes their deliverer)."""
        self._notice_listeners.append(callback)

    def notify(self, outbox: bool, timers: bool) -> None:
        """Tell the outbox and/or timer listeners that something changed for them."""
        for callback in (self._outbox_listeners if outbox else []) + (
            self._timer_listeners if timers else []
        ):
            try:
                callback()
            except Exception:
                log.exception("session listener failed")

    def notify_notices(self) -> None:
        for callback in self._notice_listeners:
            try:
                callback()
            except Exception:
                log.exception("notice listener failed")

    # -- committing --------------------------------------------------------------------
    async def commit(self, change: Change) -> None:
        """Store ``change`` in one transaction guarded by its expected version
        (``StaleVersion`` when another change landed first), then tell the listeners."""
        await self._quiet_deadline(change)
        await self.store.commit(change)
        STORED.set(True)
        self.notify(
            outbox=bool(change.announcements),
            timers=change.timers is not None or change.fired_timer_id is not None,
        )

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

    async def retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
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

    async def advance(self, loaded: Loaded, steps: Sequence[Step]) -> Change:
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

    # -- loading -----------------------------------------------------------------------
    @staticmethod
    def engine(name: str) -> AnyGame:
        """The game's engine, or a SessionError saying it is unknown or does not load."""
        try:
            return games.get_game(name)
        except KeyError:
            raise SessionError(N_("There is no game called {name}."), name=repr(name)) from None
        except (ImportError, AttributeError):
            log.exception("game %r does not load", name)
            raise SessionError(N_("The game {name} is not available right now."),
                               name=repr(name)) from None

    def check_options(self, game: str, options: dict[str, Any] | None) -> GameOptions:
        """The game's options, or a SessionError saying what is wrong with them."""
        engine = self.engine(game)
        try:
            return engine.parse_options(options)
        except pydantic.ValidationError as exc:
            problems = option_problems(exc.errors(), engine.options_model)
            raise SessionError(N_("Invalid options for {title}: {problems}."), title=engine.title,
                               problems=problems) from None

    def load(self, row: GameRow) -> Loaded:
        game = self.engine(row.game)
        state = self.states.get(game, row.state) if row.state is not None else None
        return Loaded(row=row, game=game, state=state)

    async def row_by_id(self, game_id: int) -> GameRow:
        # An id from a forged custom id may be beyond SQLite's integers: no such game.
        row = await self.store.game(game_id) if 0 < game_id <= MAX_GAME_ID else None
        if row is None:
            raise SessionError(N_("That game does not exist."))
        return row

    async def open_row(self, channel_id: int) -> GameRow:
        """The channel's game in lobby or running ("There is no game in this channel.")."""
        row = await self.store.open_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        return row

    @staticmethod
    def require_active(row: GameRow) -> None:
        if row.status == "lobby":
            raise SessionError(NOT_STARTED)
        if row.status != "active":
            raise SessionError(GAME_OVER)

    @staticmethod
    def require_seat(row: GameRow, user_id: int) -> int:
        for index, seat in enumerate(row.seats):
            if seat.user_id == user_id:
                return index
        raise SessionError(NOT_SEATED)

    async def server(self, guild_id: int) -> ServerRow:
        """A server's settings (the defaults until it chose)."""
        return await self.store.server(guild_id) or stale.defaults(
            guild_id, self.settings.timeout_policy)

    def info(self, loaded: Loaded) -> GameInfo:
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

    # -- earlier moments ---------------------------------------------------------------
    def remember(self, loaded: Loaded, change: Change, state: GameState | None) -> None:
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

    async def moment(self, row: GameRow, version: int | None) -> tuple[str, list[tuple[int, str]]]:
        """A snapshot and the steps to replay on it for the state at ``version``."""
        if version is None or version >= row.version:
            assert row.state is not None
            return row.state, []
        moment = await self.store.replay_from(row.id, version)
        if moment is None:
            raise SessionError(N_("There is no board for that moment of the game."))
        return moment

    async def state_text_at(self, row: GameRow, at: int | MoveRow) -> str:
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
            snapshot, steps = await self.moment(row, at)
            try:
                text = cpu.replay_text(games.GAME_MODULES[row.game], snapshot, steps)
            except Exception:  # a log written under earlier rules: nothing to rebuild from
                log.exception("game %s: its state at v%s cannot be rebuilt", row.id, at)
                raise SessionError(N_(
                    "That moment of the game can no longer be rebuilt.")) from None
            self._keep_moment(key, text)
        return text
