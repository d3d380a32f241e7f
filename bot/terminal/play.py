"""``estancia play``: a whole game at the keyboard, through the same Sessions layer.

One person plays against a computer seat, or several people share the keyboard (hot
seat). Each prompt shows the decision and numbered options; a line may be a number, a
place on the board (``e2``: the option's ``at``), an option's name or a word of it, an
option key, or one of the commands ``undo``, ``board``, ``hand``, ``hint``, ``log``,
``scores``, ``rules``, ``help``, ``quit`` (in French ``annuler``, ``plateau``, ``main``,
``conseil``, ``journal``, ``scores``, ``règles``, ``aide``, ``quitter``; the English words work
in every language; ``hint``: the computer's suggestion for the decision).
``board`` prints the game's text map (:mod:`bot.terminal.maps`). ``hand 2`` shows what
seat 2 holds and may do outside the turn (an exchange token on another's turn), ``hand 2
1`` plays the first of those (hot seat). Announcements from the outbox are printed as they
would be posted in a channel (less the lines the player already saw), and the board PNG is
written after each move to a folder of its own per game (``out/<game>-<id>-<start time>``:
a new game never deletes an earlier game's boards). Input is read line by line, so a whole game can be piped in
(extra lines after the end are ignored). Everything is said in the terminal's language
(``TerminalOptions.language``: ``--lang``, else ``LC_ALL``/``LANG``), the game's too.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
import tempfile
import textwrap
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bot.core.announcements import Announcement
from bot.core.option_values import parse_option_words
from bot.core.sessions import GameInfo, SessionError, Sessions
from bot.core.sessions.hints import hint_lines
from bot.discord_ui.text import players_range
from bot.settings import Settings
from bot.storage.store import Store
from bot.terminal.maps import board_text
from bot.terminal.text_board import view_lines
from games import get_game
from games.base import Automa, Decision
from games.i18n import N_, _, _p, using
from renderer.recap import category_name

#: The terminal's one "channel" in its database.
TERMINAL_CHANNEL = 1
FIRST_USER = 1
#: Other words for a command.
ALIASES = {"q": "quit", "exit": "quit", "?": "help", "": "help"}
#: How often the terminal looks whether computer seats have moved (when they move in
#: the background) and how long a move may take before "… is thinking" is shown.
COMPUTER_POLL = 0.1
THINKING_AFTER = 0.3
#: Exit status after Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130

__all__ = ["TerminalGame", "TerminalOptions", "choose_option", "parse_option_words",
           "play_in_terminal"]


@dataclass(frozen=True)
class TerminalOptions:
    game: str
    computer: bool = False
    #: The computer seats' level (``games.ai.LEVELS``).
    level: str = "normal"
    seats: int = 2
    options: dict[str, Any] | None = None
    out: Path | None = None
    seed: int | None = None
    db: Path | None = None
    images: bool = True
    #: The language everything is said in ("en", "fr").
    language: str = "en"
    #: The first player's name (default "Player 1"); the others are "Player 2" … or the
    #: computer seats. Never "You": events say "{name} moves to …".
    name: str | None = None


def command_words() -> dict[str, str]:
    """Each command's word in the active language ("plateau" for board in French)."""
    return {
        "undo": _p("terminal command", "undo"),
        "board": _p("terminal command", "board"),
        "hand": _p("terminal command", "hand"),
        "hint": _p("terminal command", "hint"),
        "log": _p("terminal command", "log"),
        "scores": _p("terminal command", "scores"),
        "rules": _p("terminal command", "rules"),
        "help": _p("terminal command", "help"),
        "quit": _p("terminal command", "quit"),
    }


def commands_text() -> str:
    """What may be typed, in the active language."""
    return _("a number, a place (e2) or an option's name; {commands}",
             commands=", ".join(command_words().values()))


def command_of(word: str) -> str | None:
    """The command a typed word names (its English word, its word in the language played,
    an alias, or that word without its accents: "regles"), else None."""
    word = word.casefold()
    if word in ALIASES:
        return ALIASES[word]
    for command, local in command_words().items():
        if word in (command, local.casefold(), _plain(local)):
            return command
    return None


def _plain(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class NoSuchOption(ValueError):
    """What was typed names no option, or several (the message says which)."""


def choose_option(decision: Decision, line: str) -> str:
    """The key of the option ``line`` names, else NoSuchOption.

    In order: its number in the list (ASCII digits only: ``²`` is not 2), its key, its
    place (``Option.at``, any case), its label (any case), then the one option whose
    label holds ``line`` as a word ("e2" in "Mark E2 (1)", "pig" in "Face-up pig card").
    """
    text = line.strip()
    options = decision.options
    if text.isascii() and text.isdigit():
        number = int(text)
        if 1 <= number <= len(options):
            return options[number - 1].key
        raise NoSuchOption(_("No option {text}: choose 1 to {n}.", text=repr(text),
                             n=len(options)))
    if decision.option(text) is not None:
        return text
    wanted = text.casefold()
    for matches in (
        [o for o in options if o.at is not None and o.at.casefold() == wanted],
        [o for o in options if o.label.casefold() == wanted],
        [o for o in options if wanted and re.search(
            rf"(?<!\w){re.escape(wanted)}(?!\w)", o.label.casefold())],
    ):
        if len(matches) == 1:
            return matches[0].key
        if len({o.at for o in matches if o.at is not None}) == 1 and len(matches) > 1:
            break  # several options at one place: say which numbers
        if matches:
            break
    else:
        matches = []
    if matches:
        numbers = ", ".join(str(options.index(o) + 1) for o in matches[:12])
        raise NoSuchOption(_("{text} fits several options ({numbers}): type its number.",
                             text=repr(text[:40]), numbers=numbers))
    raise NoSuchOption(_("No option {text}. Type {commands}.", text=repr(text[:40]),
                         commands=commands_text()))


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
        #: Event lines printed since the last announcement (not printed a second time).
        self._said_events: list[str] = []
        #: Computer steps played since "… is thinking" was said (one dot each).
        self._dots = 0
        sessions.computers.progress = self._progress

    def say(self, text: str = "") -> None:
        print(text, file=self._out, flush=True)

    def thinking(self, name: str) -> None:
        """Shown before computer seats move (they may take seconds); a dot follows for
        each step they play (:meth:`_progress`), so a long run of computer turns shows it
        goes on."""
        print(_("{name} is thinking…", name=name), end="", file=self._out, flush=True)
        self._dots = 1

    def _progress(self, game_id: int, step: Any) -> None:
        if self._dots:
            try:
                print(".", end="", file=self._out, flush=True)
            except OSError:
                # The reader went away (`| head`) while a computer thinks: this runs in the
                # computer seats' task, where it would fail their move (tried again and
                # again while the game waits). The game's next line ends it quietly.
                self._dots = 0
                return
            self._dots += 1

    def _done_thinking(self) -> None:
        if self._dots:
            print(file=self._out, flush=True)
            self._dots = 0

    # -- setting up --------------------------------------------------------------------
    async def open(self) -> GameInfo:
        """Resume the game saved in this database, or seat the players and start one."""
        try:
            info = await self.sessions.info(TERMINAL_CHANNEL)
        except SessionError:
            info = None
        if info is not None and info.status == "active":
            if info.game != self.options.game:
                raise SessionError(N_(
                    "This database holds a game of {title} in progress: play {game} to resume "
                    "it, or use another --db."), title=info.title, game=info.game)
            self.say(_("Resuming game #{id} of {title} (version {version}).", id=info.id,
                       title=info.title, version=info.version))
            return self._remember(info)
        if info is not None:  # a lobby left half made by an interrupted run
            await self.sessions.cancel(TERMINAL_CHANNEL, info.creator_id, True)
        seats = self.options.seats
        engine = get_game(self.options.game)
        solo = sorted(engine.solo_options & set(self.options.options or {}))
        if solo and seats != 1 and engine.min_seats == 1:
            raise SessionError(N_(
                "{options} means the solo game (one seat, against the game's automa): play "
                "it with --seats 1, or leave {options} out for a game of {n} seats."),
                options=", ".join(solo), n=seats)
        computer = self.options.computer
        first_name = (self.options.name or "").strip()[:32] or _("Player {n}", n=1)
        info = await self.sessions.new(
            TERMINAL_CHANNEL, None, FIRST_USER, first_name, self.options.game,
            self.options.options, seed=self.options.seed, language=self.options.language,
        )
        for seat in range(1, seats):
            if computer:
                info = await self.sessions.add_computer(TERMINAL_CHANNEL, FIRST_USER,
                                                    self.options.level)
            else:
                info = await self.sessions.join(
                    TERMINAL_CHANNEL, FIRST_USER + seat, _("Player {n}", n=seat + 1)
                )
        if info.status != "active":  # a solo game (GWT:A's difficulty) starts at once
            info = await self.sessions.start(TERMINAL_CHANNEL, FIRST_USER)
        self._remember(info, new=True)
        if self.options.out is not None:
            self._clear_old_boards()
        return info

    def _remember(self, info: GameInfo, new: bool = False) -> GameInfo:
        """The seats' names, and the folder of the game's boards: a new game never shares
        one with an earlier game (a resumed game finds its own again)."""
        self._names = {s.user_id: s.name for s in info.seats if s.user_id is not None}
        folder = self.options.out or self._image_root / game_folder(info)
        if new and self.options.out is None:
            base, n = folder, 1
            while folder.exists():
                n += 1
                folder = base.with_name(f"{base.name}-{n}")
        self.folder = folder
        return info

    def _clear_old_boards(self) -> None:
        """A new game in the folder given with --out: drop the boards a previous game
        wrote there (the default folders are one per game and are never emptied)."""
        assert self.folder is not None
        for old in self.folder.glob("board-*.png"):
            old.unlink()

    # -- playing -------------------------------------------------------------------------
    async def run(self) -> int:
        """Play until the game ends (0), the player quits (0), input ends (1) or Ctrl-C
        (130)."""
        info = await self.open()
        self.say(_("{title}: {names}. Type {commands}.", title=info.title,
                   names=", ".join(info.names), commands=commands_text()))
        while True:
            await self.deliver()  # what happened so far (the lobby, a move) before "thinking"
            await self.sessions.wait_for_computers(
                info.id, lambda: self.thinking(_("Computer")) if not self._dots else None)
            self._done_thinking()
            await self.deliver()
            info = await self.sessions.info_by_id(info.id)
            if info.status != "active":
                self._final(info)
                return 0
            user = info.user_to_move
            if user is None:  # computer seats moving in the background: wait for them
                await self._wait_for_computers(info)
                continue
            decision, _seat = await self.sessions.decision_for(info.id, user)
            assert decision is not None
            self._show(info, user, decision)
            try:
                line = self._read_line()
            except KeyboardInterrupt:
                self.say()
                self.say(_("Stopped. {hint}", hint=self._saved_hint()))
                return INTERRUPTED
            if line is None:
                self.say(_("Input ended before the game did. {hint}", hint=self._saved_hint()))
                return 1
            line = line.strip()
            if self._echo:
                self.say(f"> {line}")
            if command_of(line) == "quit":
                self.say(_("Stopped. {hint}", hint=self._saved_hint()))
                return 0
            await self._handle(info, user, decision, line)

    async def _wait_for_computers(self, info: GameInfo) -> None:
        assert info.to_move is not None
        self.thinking(info.seats[info.to_move].name)
        while True:
            await asyncio.sleep(COMPUTER_POLL)
            now = await self.sessions.info_by_id(info.id)
            if (now.version, now.status) != (info.version, info.status):
                self._done_thinking()
                return

    async def _play(self, info: GameInfo, user: int, key: str) -> Any:
        """Play ``key``; if the computer seats that follow take a while, say so."""
        move = asyncio.ensure_future(self.sessions.play(info.id, user, key, info.version))
        done, _pending = await asyncio.wait({move}, timeout=THINKING_AFTER)
        if not done and any(seat.is_computer for seat in info.seats):
            self.thinking(next(s.name for s in info.seats if s.is_computer)
                          if sum(s.is_computer for s in info.seats) == 1 else _("The computer"))
        result = await move
        self._done_thinking()
        return result

    async def _handle(self, info: GameInfo, user: int, decision: Decision, line: str) -> None:
        words = line.split()
        command = command_of(words[0] if words else "")
        try:
            if command == "undo" and len(words) == 1:
                result = await self.sessions.undo(TERMINAL_CHANNEL, user)
            elif command == "board" and len(words) == 1:
                self._say_text_board(info, await self.sessions.view(info.id, None))
                self._say_board(await self._draw(info.id, info.version))
                return
            elif command == "hand":
                played = await self._hand(info, user, words[1:])
                if played is None:
                    return
                result = played
            elif command == "hint":
                hint = await self.sessions.hint(info.id, user)
                for line in hint_lines(hint):
                    self.say(f"  {line}")
                return
            elif command == "log" and len(words) == 1:
                for entry in await self.sessions.log(TERMINAL_CHANNEL, 15):
                    self.say(f"  {entry}")
                return
            elif command == "scores" and len(words) == 1:
                self._say_scores(info, await self.sessions.scores(info.id),
                                 await self.sessions.automa(info.id))
                return
            elif command == "rules" and len(words) == 1:
                self._say_rules(info)
                return
            elif command == "help" and len(words) <= 1:
                self.say(_("Type {commands}.", commands=commands_text()))
                return
            else:
                try:
                    key = choose_option(decision, line)
                except NoSuchOption as why:
                    self.say(str(why))
                    return
                result = await self._play(info, user, key)
        except SessionError as refusal:
            self.say(f"  {refusal}")
            return
        for event in result.events:
            self.say(f"  {event}")
            self._said_events.append(event)
        self._say_board(await self._draw(info.id, result.version))

    def _show(self, info: GameInfo, user: int, decision: Decision) -> None:
        self.say()
        self.say(_("— {name} to move (game #{id}, version {version}) —", name=self._names[user],
                   id=info.id, version=info.version))
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
        """Print the outbox as a channel would show it, and mark it delivered.

        Lines the player already saw as the events of their own move are left out."""
        while batch := await self.sessions.pending_announcements():
            for announcement in batch:
                text = self.format(announcement, skip=self._said_events)
                if text:
                    self.say(text)
                if announcement.image:
                    self._say_board(await self._draw(announcement.game_id, announcement.version))
                await self.sessions.mark_sent(announcement.outbox_id, None)
            self._said_events = []

    def format(self, announcement: Announcement, skip: list[str] | None = None) -> str:
        text = announcement.render(
            lambda uid: self._names.get(uid, _("user {id}", id=uid)),
            lambda t: datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M"),
        )
        seen = list(skip or [])
        lines = []
        for line in text.splitlines():
            if line in seen:
                seen.remove(line)
                continue
            lines.append(_("[channel] {line}", line=line))
        return "\n".join(lines)

    async def _draw(self, game_id: int, version: int) -> Path | None:
        """Write the public board at ``version`` (once) and return its path."""
        if not self._can_draw or self.folder is None:
            return None
        path = self.folder / f"board-{version:04d}.png"
        if version not in self._drawn:
            try:
                png = await self.sessions.png(game_id, version)
            except SessionError as why:
                self.say("  " + _("(no board images: {why})", why=why))
                self._can_draw = False
                return None
            self.folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
            self._drawn.add(version)
        return path

    def _say_board(self, path: Path | None) -> None:
        if path is not None:
            self.say("  " + _("board: {path}", path=path))

    def _say_text_board(self, info: GameInfo, view: dict[str, Any]) -> None:
        """The text map, not indented: its lines use the terminal's 80 columns."""
        self.say(board_text(info.game, view, info.names))

    async def _hand(self, info: GameInfo, user: int, words: list[str]) -> Any:
        """``hand``: what the player to move holds. ``hand 2``: what seat 2 holds and may
        do outside the turn (an exchange token on another's turn), numbered; ``hand 2 1``
        plays the first of those for seat 2 (a hot-seat player). Returns the result of a
        step played, else None."""
        if words:
            if not words[0].isdigit() or not 1 <= int(words[0]) <= len(info.seats):
                self.say("  " + _("Type hand, or hand and a seat number (1 to {n}).",
                                  n=len(info.seats)))
                return None
            seat = int(words[0]) - 1
        else:
            to_move = info.seat_of(user)
            assert to_move is not None, "the terminal's player to move has a seat"
            seat = to_move
        owner = info.seats[seat]
        if owner.user_id is None:
            self.say("  " + _("{name} is a computer seat.", name=owner.name))
            return None
        seen = await self.sessions.seat_view(info.id, owner.user_id)
        side = seen.side
        if len(words) >= 2 and side is not None:
            try:
                key = choose_option(side, " ".join(words[1:]))
            except NoSuchOption as why:
                self.say(f"  {why}")
                return None
            return await self.sessions.play_side(info.id, owner.user_id, key, info.version)
        if len(words) >= 2:
            self.say("  " + _("{name} has nothing to do outside the turn now.", name=owner.name))
            return None
        self._say_hand(seen, owner.name if words else None)
        if side is not None:
            self.say(f"  {side.prompt}")
            for number, option in enumerate(side.options, start=1):
                self.say(f"  {number:>3}. {option.label}  ({option.key})")
            self.say("  " + _("Type hand {seat} and a number to play one (hand {seat} 1).",
                              seat=seat + 1))
        return None

    def _say_hand(self, seen: Any, whose: str | None = None) -> None:
        """What the seat holds (its hand by names, money ...), else the hidden part of its
        view, or that there is none; ``whose``: the seat's name, said first (hot seat)."""
        private = (seen.view or {}).get("private")
        if seen.holdings is not None:
            said = seen.holdings.text if whose is None else f"{whose} — {seen.holdings.text}"
            self.say(f"  {said}")
        elif isinstance(private, dict) and private:
            for line in view_lines(private):
                self.say(f"  {line}")
        else:
            self.say("  " + _("Nothing is hidden in this game: type board to see everything."))

    def _say_scores(self, info: GameInfo, scores: dict[int, dict[str, int]],
                    automa: Automa | None = None) -> None:
        """Each seat's points by category, then a solo game's opponent's (no seat)."""
        game = get_game(info.game)
        lines = [(seat.name, scores[seat.index]) for seat in info.seats]
        if automa is not None:
            lines.append((automa.label(), automa.scores))
        for name, parts in lines:
            detail = ", ".join(f"{category_name(k, game)} {v}" for k, v in parts.items()
                               if k != "total")
            self.say(f"  {name}: {parts['total']}" + (f" ({detail})" if detail else ""))

    def _say_rules(self, info: GameInfo) -> None:
        """The game's summary (as ``/estancia rules``) and where its full rules are."""
        game = get_game(info.game)
        summary = _(game.summary) if game.summary else _("This game has no summary yet.")
        if not summary.startswith(game.title):
            self.say(f"  {game.title} ({players_range(game.min_seats, game.max_seats)})")
        for line in textwrap.wrap(summary, 76):
            self.say(f"  {line}")

    def _final(self, info: GameInfo) -> None:
        if info.status == "finished":
            self.say(_("Game over."))
        elif info.status == "cancelled":
            self.say(_("The game was cancelled."))
        else:
            self.say(_("The game was {status}.", status=info.status))

    def _saved_hint(self) -> str:
        if self.options.db is None:
            return _("The game was not saved (use --db FILE to keep one).")
        command = f"{launcher()} play {self.options.game} --db {shlex.quote(str(self.options.db))}"
        return _("Saved in {db}: resume with `{command}`.", db=self.options.db, command=command)


def launcher(cwd: Path | None = None) -> str:
    """How to run ``estancia`` from the current folder: the virtual environment's script
    (``.venv/bin/estancia`` from the project folder, as the README says; it is not on the
    PATH), else ``estancia``."""
    script = Path(sys.executable).parent / "estancia"
    if not script.exists():
        return "estancia"
    here = (cwd or Path.cwd()).resolve()
    try:
        return str(script.absolute().relative_to(here))
    except ValueError:
        return shlex.quote(str(script.absolute()))


def game_folder(info: GameInfo) -> str:
    """The folder of a game's boards under the image folder: its name, id and start time
    (a fresh database numbers its games from 1 again)."""
    started = datetime.fromtimestamp(info.created_at).strftime("%Y%m%d-%H%M%S")
    return f"{info.game}-{info.id}-{started}"


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
            with using(options.language):
                try:
                    return await game.run()
                except SessionError as refusal:
                    print(f"estancia play: {refusal}", file=out)
                    return 2
        finally:
            await store.close()
