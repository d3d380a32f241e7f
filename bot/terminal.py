"""``estancia play``: a whole game at the keyboard, through the same Sessions layer.

One person plays against a computer seat, or several people share the keyboard (hot
seat). Each prompt shows the decision and numbered options; a line may be a number, an
option key, or one of ``undo``, ``board``, ``log``, ``scores``, ``help``, ``quit``.
Announcements from the outbox are printed as they would be posted in a channel, and the
board PNG is written to a folder after each move. Input is read line by line, so a
whole game can be piped in (extra lines after the end are ignored).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.announcements import Announcement
from bot.option_values import typed_value
from bot.sessions import GameInfo, SessionError, Sessions
from bot.settings import Settings
from bot.storage import Store
from games.base import Decision

#: The terminal's one "channel" in its database.
TERMINAL_CHANNEL = 1
FIRST_USER = 1
COMMANDS = "a number or option key; undo, board, log, scores, help, quit"


@dataclass(frozen=True)
class TerminalOptions:
    game: str
    computer: bool = False
    seats: int = 2
    options: dict[str, Any] | None = None
    out: Path | None = None
    seed: int | None = None
    db: Path | None = None
    images: bool = True


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``["pro=true", "sheet=b", "n=3"]`` -> ``{"pro": True, "sheet": "b", "n": 3}``."""
    result: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"expected key=value, got {pair!r}")
        result[key.strip()] = typed_value(raw.strip())
    return result



class TerminalGame:
    """Drives one game from text lines (``read_line`` returns None at end of input)."""

    def __init__(
        self,
        sessions: Sessions,
        options: TerminalOptions,
        read_line: Callable[[], str | None],
        out: TextIO,
        image_root: Path,
        echo: bool,
    ) -> None:
        self.sessions = sessions
        self.options = options
        self._read_line = read_line
        self._out = out
        self._image_root = image_root
        self._echo = echo
        self._names: dict[int, str] = {}
        self._drawn: set[int] = set()
        self._can_draw = options.images
        self.folder: Path | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self._out, flush=True)

    # -- setting up --------------------------------------------------------------------
    async def open(self) -> GameInfo:
        """Resume the game saved in this database, or seat the players and start one."""
        try:
            info = await self.sessions.info(TERMINAL_CHANNEL)
        except SessionError:
            info = None
        if info is not None and info.status == "active":
            if info.game != self.options.game:
                raise SessionError(
                    f"This database holds a game of {info.title} in progress: "
                    f"play {info.game} to resume it, or use another --db."
                )
            self.say(f"Resuming game #{info.id} of {info.title} (version {info.version}).")
            return self._remember(info)
        if info is not None:  # a lobby left half made by an interrupted run
            await self.sessions.cancel(TERMINAL_CHANNEL, info.creator_id, True)
        seats = self.options.seats
        computer = self.options.computer
        first_name = "You" if computer else "Player 1"
        info = await self.sessions.new(
            TERMINAL_CHANNEL, None, FIRST_USER, first_name, self.options.game,
            self.options.options, seed=self.options.seed,
        )
        for seat in range(1, seats):
            if computer:
                info = await self.sessions.add_computer(TERMINAL_CHANNEL, FIRST_USER)
            else:
                info = await self.sessions.join(
                    TERMINAL_CHANNEL, FIRST_USER + seat, f"Player {seat + 1}"
                )
        info = await self.sessions.start(TERMINAL_CHANNEL, FIRST_USER)
        self._remember(info)
        self._clear_old_boards()
        return info

    def _remember(self, info: GameInfo) -> GameInfo:
        self._names = {s.user_id: s.name for s in info.seats if s.user_id is not None}
        self.folder = self.options.out or self._image_root / f"{info.game}-{info.id}"
        return info

    def _clear_old_boards(self) -> None:
        """A new game in a reused folder: drop the boards a previous game wrote there."""
        assert self.folder is not None
        for old in self.folder.glob("board-*.png"):
            old.unlink()

    # -- playing -------------------------------------------------------------------------
    async def run(self) -> int:
        """Play until the game ends (0), the player quits (0) or input ends (1)."""
        info = await self.open()
        self.say(f"{info.title}: {', '.join(info.names)}. Type {COMMANDS}.")
        while True:
            await self.sessions.wait_for_computers(info.id, lambda: self.say("Computer is thinking…"))
            await self.deliver()
            info = await self.sessions.info_by_id(info.id)
            if info.status != "active":
                self._final(info)
                return 0
            user = info.user_to_move
            assert user is not None, "computer seats move by themselves"
            decision, _ = await self.sessions.decision_for(info.id, user)
            assert decision is not None
            self._show(info, user, decision)
            line = self._read_line()
            if line is None:
                self.say(f"Input ended before the game did. {self._saved_hint()}")
                return 1
            line = line.strip()
            if self._echo:
                self.say(f"> {line}")
            if line.lower() in ("quit", "q", "exit"):
                self.say(f"Stopped. {self._saved_hint()}")
                return 0
            await self._handle(info, user, decision, line)

    async def _handle(self, info: GameInfo, user: int, decision: Decision, line: str) -> None:
        command = line.lower()
        try:
            if command == "undo":
                result = await self.sessions.undo(TERMINAL_CHANNEL, user)
            elif command == "board":
                self._say_board(await self._draw(info.id, info.version))
                return
            elif command == "log":
                for entry in await self.sessions.log(TERMINAL_CHANNEL, 15):
                    self.say(f"  {entry}")
                return
            elif command == "scores":
                self._say_scores(info, await self.sessions.scores(info.id))
                return
            elif command in ("help", "?", ""):
                self.say(f"Type {COMMANDS}.")
                return
            else:
                key = self._option_key(decision, line)
                if key is None:
                    self.say(f"No option {line!r}. Type {COMMANDS}.")
                    return
                result = await self.sessions.play(info.id, user, key, info.version)
        except SessionError as refusal:
            self.say(f"  {refusal}")
            return
        for event in result.events:
            self.say(f"  {event}")
        self._say_board(await self._draw(info.id, result.version))

    @staticmethod
    def _option_key(decision: Decision, line: str) -> str | None:
        if line.isdigit() and 1 <= int(line) <= len(decision.options):
            return decision.options[int(line) - 1].key
        if decision.option(line) is not None:
            return line
        lowered = line.lower()
        matches = [o.key for o in decision.options if o.label.lower() == lowered]
        return matches[0] if len(matches) == 1 else None

    def _show(self, info: GameInfo, user: int, decision: Decision) -> None:
        self.say()
        self.say(f"— {self._names[user]} to move (game #{info.id}, version {info.version}) —")
        self.say(decision.prompt)
        group: str | None = None
        for number, option in enumerate(decision.options, start=1):
            if option.group and option.group != group:
                group = option.group
                self.say(f"  [{group}]")
            hint = f" — {option.hint}" if option.hint else ""
            self.say(f"  {number:>3}. {option.label}{hint}  ({option.key})")

    # -- output ----------------------------------------------------------------------------
    async def deliver(self) -> None:
        """Print the outbox as a channel would show it, and mark it delivered."""
        while batch := await self.sessions.pending_announcements():
            for announcement in batch:
                self.say(self.format(announcement))
                if announcement.image:
                    self._say_board(await self._draw(announcement.game_id, announcement.version))
                await self.sessions.mark_sent(announcement.outbox_id, None)

    def format(self, announcement: Announcement) -> str:
        text = announcement.render(
            lambda uid: self._names.get(uid, f"user {uid}"),
            lambda t: datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M"),
        )
        return "\n".join(f"[channel] {line}" for line in text.splitlines())

    async def _draw(self, game_id: int, version: int) -> Path | None:
        """Write the public board at ``version`` (once) and return its path."""
        if not self._can_draw or self.folder is None:
            return None
        path = self.folder / f"board-{version:04d}.png"
        if version not in self._drawn:
            try:
                png = await self.sessions.png(game_id, version)
            except SessionError as why:
                self.say(f"  (no board images: {why})")
                self._can_draw = False
                return None
            self.folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
            self._drawn.add(version)
        return path

    def _say_board(self, path: Path | None) -> None:
        if path is not None:
            self.say(f"  board: {path}")

    def _say_scores(self, info: GameInfo, scores: dict[int, dict[str, int]]) -> None:
        for seat in info.seats:
            parts = scores[seat.index]
            detail = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
            self.say(f"  {seat.name}: {parts['total']}" + (f" ({detail})" if detail else ""))

    def _final(self, info: GameInfo) -> None:
        if info.status == "finished":
            self.say("Game over.")
        else:
            self.say(f"The game was {info.status}.")

    def _saved_hint(self) -> str:
        if self.options.db is None:
            return "The game was not saved (use --db FILE to keep one)."
        return (f"Saved in {self.options.db}: resume with "
                f"`estancia play {self.options.game} --db {self.options.db}`.")


async def play_in_terminal(
    options: TerminalOptions,
    settings: Settings,
    read_line: Callable[[], str | None],
    out: TextIO,
    echo: bool,
) -> int:
    """Open the database (a temporary one unless ``options.db``) and play one game."""
    # A game at the keyboard has no turn clock.
    settings = settings.model_copy(update={"turn_timeout_hours": 0.0})
    with tempfile.TemporaryDirectory(prefix="estancia-") as scratch:
        db = options.db or Path(scratch) / "terminal.sqlite3"
        store = await Store.open(db)
        try:
            sessions = Sessions(store, settings)
            game = TerminalGame(sessions, options, read_line, out, settings.image_dir, echo)
            try:
                return await game.run()
            except SessionError as refusal:
                print(f"estancia play: {refusal}", file=out)
                return 2
        finally:
            await store.close()
