"""Reading a game: its info, a seat's panel and view, the board at any moment, the recap
and replay images, the log (told again in the reader's language), the scores."""

from __future__ import annotations

import asyncio
from typing import Any

import games
import renderer
from bot.core import cpu, transitions
from bot.core import recap as recap_images
from bot.core.autoplay import apply_step
from bot.core.sessions.common import (
    NO_GAME,
    NOT_STARTED,
    GameInfo,
    SeatView,
    SessionError,
)
from bot.core.sessions.core import SessionCore
from bot.core.sessions.undo import Undo
from bot.core.transitions import has_board
from bot.storage.rows import GameRow, MoveRow
from games import i18n
from games.base import Automa, Decision, name_decision
from games.i18n import N_, _

#: The most lines ``/estancia log`` shows (Discord's command says so too).
MAX_LOG_LINES = 50
#: How many threads a refusal names when several games are played from one channel.
THREADS_NAMED = 10


class Reading:
    """Reading a game: infos, decisions, views, images, the log, scores (a private panel
    also asks :class:`Undo` whether "Take back" would work)."""

    def __init__(self, core: SessionCore, undo: Undo) -> None:
        self.core = core
        self.undo = undo

    async def info(self, channel_id: int) -> GameInfo:
        """The game in lobby or active in this channel ("There is no game in this channel.")."""
        return self.core.info(self.core.load(await self.core.open_row(channel_id)))

    async def info_by_id(self, game_id: int) -> GameInfo:
        return self.core.info(self.core.load(await self.core.row_by_id(game_id)))

    async def latest_info(self, channel_id: int) -> GameInfo:
        """The channel's open game, or else its most recent one (finished or cancelled)."""
        row = await self.core.store.latest_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        return self.core.info(self.core.load(row))

    async def game_here(self, channel_id: int) -> GameInfo:
        """The game a command typed in this channel is about: the channel's open game;
        else the open game of the one thread opened from it; else its latest game or that
        of its threads (the final board, the replay, the log of the game just over).
        Several open games in its threads: the refusal names their threads."""
        row = await self.core.store.open_game_in_channel(channel_id)
        if row is None:
            threads = await self.core.store.games_from_channel(channel_id, THREADS_NAMED + 1)
            running = [g for g in threads if g.status in ("lobby", "active")]
            if len(running) > 1:
                raise SessionError(
                    N_("Several games are played in threads of this channel: use the "
                       "command in the game's thread ({threads})."),
                    threads=", ".join(f"<#{g.channel_id}>" for g in running[:THREADS_NAMED]))
            here = await self.core.store.latest_game_in_channel(channel_id)
            row = running[0] if running else max(
                (g for g in (here, *threads[:1]) if g is not None),
                key=lambda g: g.id, default=None)
        if row is None or row.status == "cancelled":
            raise SessionError(NO_GAME)
        return self.core.info(self.core.load(row))

    async def active_games(self) -> list[GameInfo]:
        """Every game in lobby or running (the Discord layer re-attaches views with it)."""
        infos = []
        for row in await self.core.store.games_with_status("lobby", "active"):
            try:
                infos.append(self.core.info(self.core.load(row)))
            except SessionError:  # its engine does not load (logged): skip, keep the rest
                continue
        return infos

    async def decision_for(self, game_id: int, user_id: int) -> tuple[Decision | None, int]:
        """(pending decision if it is this user's, else None; the user's seat).

        Refused when the user has no seat or the game is not running.
        """
        row = await self.core.row_by_id(game_id)
        self.core.require_active(row)
        seat = self.core.require_seat(row, user_id)
        return self.core.load(row).decision_of(seat), seat

    async def seat_view(self, game_id: int, user_id: int, *,
                        undo: bool = False) -> SeatView:
        """What a private panel shows, from one read of the game: the game, the user's
        view (the public one when not seated; None in the lobby), their pending decision (None when it is
        not theirs), what they may do outside it (``side``), what their seat holds, and,
        with ``undo``, whether "Take back" would work now."""
        loaded = self.core.load(await self.core.row_by_id(game_id))
        seat = next((i for i, s in enumerate(loaded.row.seats) if s.user_id == user_id), None)
        server = await self.core.store.server(loaded.row.guild_id or 0)
        return SeatView(
            hints=server is None or server.hints,
            info=self.core.info(loaded),
            view=None if loaded.state is None else loaded.game.view(loaded.state, seat),
            decision=loaded.decision_of(seat),
            undoable=undo and await self.undo.can_undo(loaded, user_id),
            side=loaded.side_of(seat),
            holdings=(None if loaded.state is None or seat is None
                      else loaded.game.holdings(loaded.state, seat)),
        )

    async def public_decision(self, game_id: int, version: int) -> Decision | None:
        """The decision pending at ``version`` when its choices may go on the public turn
        message: the game has no hidden information and a human is to move."""
        row = await self.core.row_by_id(game_id)
        engine = self.core.engine(row.game)
        if engine.hidden_information or row.status != "active":
            return None
        try:
            text = await self.core.state_text_at(row, version)
        except SessionError:
            return None
        decision = engine.pending(self.core.states.get(engine, text))
        if decision is None or row.seats[decision.seat].user_id is None:
            return None
        return name_decision(decision, [s.name for s in row.seats])

    async def view(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine view for this user's seat, or the public view (None/not seated)."""
        loaded = self.core.load(await self.core.row_by_id(game_id))
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
        row = await self.core.row_by_id(game_id)
        if row.state is None:
            raise SessionError(NOT_STARTED)
        if not has_board(row.game):
            raise SessionError(N_("This game has no board picture yet."))
        snapshot, steps = await self.core.moment(row, version)
        names = [s.name for s in row.seats]
        return await cpu.run(cpu.board_png, games.GAME_MODULES[row.game],
                             renderer.RENDERERS[row.game], snapshot, steps, names,
                             i18n.current())

    async def recap_png(self, game_id: int) -> bytes:
        """The end-of-game recap image: scores by category, winners, score by turn (drawn
        in the CPU pool)."""
        row = await self.core.row_by_id(game_id)
        if row.state is None:
            raise SessionError(NOT_STARTED)
        moves = await self.core.store.moves(game_id)
        self.core.engine(row.game)  # an engine that does not load says so here
        result = row.result or {}
        names = tuple(transitions.recap_name(seat) for seat in transitions.original_seats(row))
        return await cpu.run(recap_images.recap_png, games.GAME_MODULES[row.game], row.state,
                             moves, names, tuple(result.get("winners", ())),
                             tuple(sorted(transitions.forfeited_seats(row))), i18n.current())

    async def replay_gif(self, game_id: int) -> bytes:
        """A finished game as an animated image, one frame per turn (public boards only),
        drawn in the CPU pool."""
        row = await self.core.row_by_id(game_id)
        if row.status != "finished":
            raise SessionError(N_("Replays are made of finished games."))
        if not has_board(row.game):
            raise SessionError(N_("This game has no board picture yet."))
        moves = await self.core.store.moves(game_id)
        self.core.engine(row.game)
        names = [seat.name for seat in transitions.original_seats(row)]
        return await cpu.run(recap_images.replay_gif, games.GAME_MODULES[row.game], row.game,
                             renderer.RENDERERS[row.game], moves, names, i18n.current())

    async def log(self, channel_id: int, limit: int = 20) -> list[str]:
        """The last public move lines of this channel's current (or latest) game."""
        row = await self.core.store.open_game_in_channel(channel_id)
        row = row or await self.core.store.latest_game_in_channel(channel_id)
        if row is None:
            raise SessionError(NO_GAME)
        return await self.log_of(row.id, limit)

    async def log_of(self, game_id: int, limit: int = 20) -> list[str]:
        """The last ``limit`` (1 to :data:`MAX_LOG_LINES`) public move lines of a game."""
        row = await self.core.row_by_id(game_id)
        limit = max(1, min(limit, MAX_LOG_LINES))
        moves = await self.core.store.moves(row.id, limit * 4)
        # A reader of another language than the game's gets the moves told again in theirs.
        retold = await self._retold(row, moves) if i18n.current() != row.language else {}
        lines = []
        # Steps that announced nothing (the first half of "play a card, then choose the
        # space") are left out: what they did is told by the step that completes them.
        for move in moves:
            who = row.seats[move.seat].name if move.seat is not None else ""
            events = retold.get(move.version, move.events)
            if move.kind == "start":
                text = _("The game began.")
            elif move.kind == "undo":
                text = _("{name} took back a move.", name=who)
            elif events:
                text = " ".join(events)  # as they were told (or told again)
            else:
                continue
            if move.undone:
                text = _("{move} (taken back)", move=text)
            lines.append(f"#{move.version} {text}")
        return lines[-limit:]

    async def _retold(self, row: GameRow, moves: list[MoveRow]) -> dict[int, tuple[str, ...]]:
        """The public events of the logged moves, told again in the active language
        (engines are deterministic: each move is applied again to the state before it);
        a move that cannot be told again keeps its lines as they were written."""
        game, lang = self.core.engine(row.game), i18n.current()
        names = [seat.name for seat in row.seats]
        jobs = []
        for move in moves:
            if move.kind != "move" or move.option_key is None or move.seat is None:
                continue
            if not move.events:
                continue
            try:
                jobs.append((move.version, await self.core.state_text_at(row, move.version - 1),
                             move.seat, move.option_key))
            except SessionError:
                continue

        def tell() -> dict[int, tuple[str, ...]]:
            told = {}
            with i18n.using(lang):
                for version, before, seat, key in jobs:
                    try:
                        step = apply_step(game, game.load(before), seat, key, None, False)
                    except Exception:  # a log written under earlier rules
                        continue
                    told[version] = transitions.public(step.events, names)
            return told

        return await asyncio.to_thread(tell)

    async def scores(self, game_id: int) -> dict[int, dict[str, int]]:
        """Points per seat by category (always with "total")."""
        loaded = self.core.load(await self.core.row_by_id(game_id))
        if loaded.state is None:
            raise SessionError(NOT_STARTED)
        return loaded.game.scores(loaded.state)

    async def automa(self, game_id: int) -> Automa | None:
        """A solo game's opponent that holds no seat — its name and level (in the active
        language), its points by category, whether it won — or None."""
        loaded = self.core.load(await self.core.row_by_id(game_id))
        if loaded.state is None:
            raise SessionError(NOT_STARTED)
        return loaded.game.automa(loaded.state)
