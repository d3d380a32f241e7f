"""The lobby: opening a game, taking and leaving seats (computers too), starting and
cancelling it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core import timebank, transitions
from bot.core.announcements import payload
from bot.core.autoplay import forced_steps
from bot.core.sessions.common import STORED, GameInfo, SessionError
from bot.core.sessions.computers import Computers
from bot.core.sessions.core import SessionCore
from bot.core.sessions.standins import StandIns
from bot.core.timebank import TimeBank
from bot.core.transitions import Loaded, seats_line
from bot.storage.rows import Change, ChannelBusy, GameRow, NewGame, SeatRow
from games import ai, i18n
from games.ai import level_name
from games.i18n import N_, _, using


class Lobby:
    """Starting a game: the lobby (new, join, computers, leave, start, cancel). Leaving a
    running game forfeits the seat (:class:`StandIns`); computer seats to move first play
    at once (:class:`Computers`)."""

    def __init__(self, core: SessionCore, computers: Computers, stand_ins: StandIns) -> None:
        self.core = core
        self.computers = computers
        self.stand_ins = stand_ins

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
        time_bank: TimeBank | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel or thread; the creator takes seat 0.

        Refused when a game is already in lobby or active there, for an unknown game or
        invalid options. ``seed`` fixes the game's randomness (tests, the terminal).
        ``parent_id``: the game has a thread of its own, opened from that channel (the
        recap goes there at the end, and the thread is archived). ``language``: of the
        game's public posts (default English; the Discord layer passes the server's).
        ``time_bank``: the game plays with a clock (:mod:`bot.core.timebank`).
        """
        engine = self.core.engine(game)
        parsed = self.core.check_options(game, options)
        now = self.core.clock()
        seats = (SeatRow(creator_id, creator_name),)
        new = NewGame(
            channel_id=channel_id,
            guild_id=guild_id,
            game=engine.name,
            options=parsed.model_dump(mode="json"),
            creator_id=creator_id,
            seats=seats,
            seed=self.core.new_seed() if seed is None else seed,
            turn_timeout_hours=self.core.settings.turn_timeout_hours,
            reminder_hours=tuple(self.core.settings.reminders),
            timeout_policy=self.core.settings.timeout_policy,
            created_at=now,
            parent_id=parent_id,
            language=i18n.normalize(language),
            time_bank=time_bank,
        )
        # Options only a solo game has (an automa's difficulty): no lobby, it starts now.
        solo = engine.min_seats == 1 and bool(engine.solo_options & set(options or {}))
        with using(new.language):
            opened = _("{name} opened a game of {title}.", name=creator_name, title=engine.title)
            if time_bank is not None:
                opened += " " + _("It is played with a clock: {clock}.",
                                  clock=timebank.describe(time_bank))
            body = payload("lobby", f"{opened} {seats_line(engine, seats)}",
                           lobby_buttons=not solo)
        try:
            row = await self.core.store.create_game(new, body)
        except ChannelBusy:
            raise SessionError(N_(
                "A game is already open in this channel — finish or cancel it first, "
                "or start one in a thread."
            )) from None
        STORED.set(True)
        self.core.notify(outbox=True, timers=False)
        if solo:
            return await self.start(channel_id, creator_id)
        return self.core.info(self.core.load(row))

    async def _lobby_change(
        self, row: GameRow, seats: tuple[SeatRow, ...], text: str, **params: object
    ) -> GameInfo:
        """``text``: what happened, a catalogue text (``N_``) with its ``params``."""
        engine = self.core.engine(row.game)
        now = self.core.clock()
        new_row = replace(row, seats=seats, version=row.version + 1, updated_at=now)
        with using(row.language):
            said = _(text, **params)
            body = payload("lobby", f"{said} {seats_line(engine, seats)}", lobby_buttons=True)
        await self.core.commit(Change(new_row, row.version, expected_settings=row,
                                      announcements=[body]))
        return self.core.info(Loaded(new_row, engine, None))

    async def _lobby_row(self, channel_id: int) -> GameRow:
        row = await self.core.open_row(channel_id)
        if row.status != "lobby":
            raise SessionError(N_("The game has already started."))
        return row

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        """Take a seat in the channel's lobby (refused: seated already, full, started)."""
        return await self.core.retrying(lambda: self._join(channel_id, user_id, name))

    async def _join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        row = await self._lobby_row(channel_id)
        engine = self.core.engine(row.game)
        if any(s.user_id == user_id for s in row.seats):
            raise SessionError(N_("You already have a seat in this game."))
        if len(row.seats) >= engine.max_seats:
            raise SessionError(N_("The table is full ({n} seats)."), n=engine.max_seats)
        seats = (*row.seats, SeatRow(user_id, name, await self.core.store.away_until(user_id)))
        return await self._lobby_change(row, seats, N_("{name} joined."), name=name)

    async def add_computer(self, channel_id: int, user_id: int,
                           level: str | None = None) -> GameInfo:
        """Add a computer seat at ``level`` (``games.ai.LEVELS``, the default when None)
        to the lobby; any seated player may do it. Its name tells its level."""
        if level is not None and level not in ai.LEVELS:
            raise SessionError(N_("A computer is easy, normal or hard."))
        return await self.core.retrying(lambda: self._add_computer(channel_id, user_id, level))

    async def _add_computer(self, channel_id: int, user_id: int, level: str | None) -> GameInfo:
        row = await self._lobby_row(channel_id)
        engine = self.core.engine(row.game)
        self.core.require_seat(row, user_id)
        if len(row.seats) >= engine.max_seats:
            raise SessionError(N_("The table is full ({n} seats)."), n=engine.max_seats)
        computers = sum(1 for s in row.seats if s.user_id is None)
        level = ai.level_or_default(level)
        with using(row.language):  # a seat's name, shown in the game's public posts
            name = _("Computer") if computers == 0 else _("Computer {n}", n=computers + 1)
            name = _("{name} ({level})", name=name, level=level_name(level))
        seats = (*row.seats, SeatRow(None, name, level=level))
        return await self._lobby_change(row, seats, N_("{name} took a seat."), name=name)

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave the lobby (not the creator: they cancel instead), or forfeit a running
        game: at three seats or more the computer takes the seat over and the others play
        on; at two the game ends and the other seat wins."""
        return await self.core.retrying(lambda: self._leave(channel_id, user_id))

    async def _leave(self, channel_id: int, user_id: int) -> GameInfo:
        row = await self.core.open_row(channel_id)
        index = self.core.require_seat(row, user_id)
        if row.status == "active":
            loaded = self.core.load(row)
            change = await self.stand_ins.forfeit(loaded, index, self.core.clock(), "left",
                                                  name=row.seats[index].name)
            await self.core.commit(change)
            return self.core.info(self.core.load(change.game))
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
        return await self.core.retrying(lambda: self._start(channel_id, user_id))

    async def _start(self, channel_id: int, user_id: int) -> GameInfo:
        row = await self._lobby_row(channel_id)
        if user_id != row.creator_id:
            raise SessionError(N_("Only the player who opened the game can start it."))
        engine = self.core.engine(row.game)
        if len(row.seats) < engine.min_seats:
            raise SessionError(N_("{title} needs at least {n} players ({seated} seated)."),
                               title=engine.title, n=engine.min_seats, seated=len(row.seats))
        with using(row.language):
            state = engine.setup(len(row.seats), engine.parse_options(row.options), row.seed)
            users = [s.user_id for s in row.seats]
            steps = forced_steps(engine, state, users)  # computer seats play in the background
            change = transitions.begin(Loaded(row, engine, None), state, steps, user_id,
                                       self.core.clock())
        await self.core.commit(change)
        self.computers.play_if_due(change)
        return self.core.info(self.core.load(change.game))

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool) -> GameInfo:
        """Cancel the lobby or running game: the creator or anyone with Manage Channels."""
        return await self.core.retrying(
            lambda: self._cancel(channel_id, user_id, can_manage_channel))

    async def _cancel(self, channel_id: int, user_id: int, can_manage_channel: bool) -> GameInfo:
        row = await self.core.open_row(channel_id)
        if user_id != row.creator_id and not can_manage_channel:
            raise SessionError(N_(
                "Only the player who opened the game or someone who can manage this "
                "channel can cancel it."
            ))
        now = self.core.clock()
        new_row = replace(
            row, status="cancelled", version=row.version + 1, updated_at=now, deadline_at=None
        )
        engine = self.core.engine(row.game)
        with using(row.language):
            who = next((s.name for s in row.seats if s.user_id == user_id), _("A moderator"))
            body = payload("cancelled", _("{name} cancelled the game of {title}.", name=who,
                                          title=engine.title))
        await self.core.commit(Change(new_row, row.version, announcements=[body], timers=[]))
        return self.core.info(self.core.load(new_row))
