"""The ``estancia`` command: ``estancia run`` (the Discord bot), ``estancia play`` (a game
in this terminal), ``estancia health`` (is the bot connected: the Docker health check),
``estancia db upgrade|backup PATH|check`` (the database: :mod:`bot.storage.operations`).

Exit status: 0 done, 1 failed (one line on stderr says why and what to do), 2 not
configured or bad arguments (one line too), 130 interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from bot.core import cpu
from bot.core.option_values import describe_options
from bot.discord_ui.startup import StartFailure, check_database, database_problem, health
from bot.logs import configure_logging, hold_until_started, stop_holding
from bot.settings import Settings, settings_warnings
from bot.storage import operations
from bot.terminal.play import TerminalOptions, parse_option_words, play_in_terminal
from games import ai, available_games, get_game, i18n
from games.i18n import _, using

NO_TOKEN = "No DISCORD_TOKEN: copy .env.example to .env and set DISCORD_TOKEN=<your bot token>"
INTERRUPTED = 130


def games_help() -> str:
    """One line per game of the registry: its name, players and options."""
    lines = ["games and their options (as on Discord: a word switches a flag on, "
             "name=value sets a value):"]
    for name in available_games():
        game = get_game(name)
        seats = (f"{game.min_seats}" if game.min_seats == game.max_seats
                 else f"{game.min_seats}-{game.max_seats}")
        options = describe_options(game.options_model) or "no options"
        lines.append(f"  {name:<12} {game.title}, {seats} players; {options}")
    return "\n".join(lines)


def resolve_game(typed: str) -> str | None:
    """The registry name of a game typed by name or title, or None."""
    wanted = typed.strip().casefold()
    for name in available_games():
        if wanted in (name, get_game(name).title.casefold()):
            return name
    return None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="estancia", description="Asynchronous ranching board games on Discord."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("run", help="run the Discord bot (settings from .env)")
    commands.add_parser("health", help="exit 0 when a running bot is connected to Discord "
                        "(the Docker health check)")
    db = commands.add_parser(
        "db", help="the database: upgrade, backup, check",
        description="The database estancia run uses: DATABASE_URL when set, else the SQLite "
        "file ESTANCIA_DB (both from .env or the environment).")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="DB_COMMAND")
    db_commands.add_parser("upgrade", help="bring the database to this program's schema "
                           "(the bot does it at start)")
    backup = db_commands.add_parser(
        "backup", help="copy the SQLite file to PATH, also while the bot runs "
        "(PostgreSQL: use pg_dump)")
    backup.add_argument("path", type=Path, help="the copy to write (a new file)")
    db_commands.add_parser("check", help="schema version, integrity, games by state "
                           "(reads only)")
    play = commands.add_parser(
        "play", help="play a game in this terminal",
        description="Play a whole game at the keyboard, hot seat or against the computer. "
        "Reads one choice per line, so a game can be piped in.",
        epilog=games_help(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", help="the game's name, e.g. " + " or ".join(available_games()))
    play.add_argument("--computer", action="store_true",
                      help="the other seats are computer players (default: hot seat)")
    play.add_argument("--level", choices=ai.LEVELS, default=ai.DEFAULT_LEVEL,
                      help="how well the computer players play (default: normal)")
    play.add_argument("--seats", type=int, default=None,
                      help="number of seats (default 2; 1 with a solo game's option, such as "
                      "a difficulty)")
    play.add_argument("--options", nargs="*", default=[], metavar="OPTION",
                      help="game options as on Discord, e.g. --options pro sheet=3 "
                      "(each game's are listed below)")
    play.add_argument("--out", type=Path, help="folder for board images "
                      "(default: IMAGE_DIR/<game>-<id>, IMAGE_DIR defaults to out)")
    play.add_argument("--no-images", action="store_true", help="do not write board images")
    play.add_argument("--seed", type=int, help="fix the game's randomness")
    play.add_argument("--db", type=Path,
                      help="keep the game in this SQLite file (resume by running again)")
    play.add_argument("--name", help="your name in the game (default: Player 1)")
    play.add_argument("--lang", choices=i18n.LANGUAGES,
                      help="the language to play in (default: from LC_ALL, LC_MESSAGES or "
                      "LANG, else English)")
    return parser


def terminal_language(chosen: str | None, environ: Mapping[str, str]) -> str:
    """``--lang``, else the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set (as
    POSIX reads them: ``fr_FR.UTF-8`` is French), else English."""
    if chosen:
        return i18n.normalize(chosen)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return i18n.normalize(value.split(".", 1)[0])
    return i18n.SOURCE


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(_problem(e) for e in exc.errors())
        print(f"estancia: invalid settings in the environment or .env: {problems}",
              file=sys.stderr)
        return 2
    for warning in settings_warnings(os.environ):
        print(f"estancia: warning: {warning}", file=sys.stderr)
    apply(settings)
    try:
        if args.command == "run":
            return run(settings)
        if args.command == "health":
            return check_health(settings)
        if args.command == "db":
            return database(args, settings)
        return play(args, settings)
    except KeyboardInterrupt:
        print("\nestancia: interrupted.", file=sys.stderr)
        return INTERRUPTED


def apply(settings: Settings) -> None:
    """The settings that configure this process rather than the bot: the CPU pool."""
    if settings.estancia_cpu_workers is not None:
        cpu.configure(settings.estancia_cpu_workers)


def _problem(error: ErrorDetails) -> str:
    """ "turn_timeout_hours: Input should be …" (a whole-model check has no field name)."""
    where = ".".join(map(str, error["loc"]))
    message = error["msg"].removeprefix("Value error, ")
    return f"{where.upper()}: {message}" if where else message


def run(settings: Settings) -> int:
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    hold_until_started()  # a start that fails prints its one line only
    try:
        return _run(settings)
    finally:
        stop_holding()


def _run(settings: Settings) -> int:
    try:
        if settings.database_url is None:  # PostgreSQL is checked as the bot opens it
            check_database(settings.estancia_db)
    except StartFailure as why:
        print(f"estancia: {why}", file=sys.stderr)
        return 2
    from bot.discord_ui.client import run_bot  # the Discord layer loads only when it is needed

    try:
        run_bot(settings)
    except StartFailure as why:
        print(f"estancia: {why}", file=sys.stderr)
        return 1
    return 0


def database(args: argparse.Namespace, settings: Settings) -> int:
    """``estancia db …``: 0 done (check: no problem found), 1 failed or problems found,
    2 nothing to work on."""
    url = settings.database_url.get_secret_value() if settings.database_url else ""
    target = url or str(settings.estancia_db)
    try:
        if args.db_command == "upgrade":
            before, after = asyncio.run(operations.upgrade_database(target))
            print(f"estancia db: schema {after}" + (" (already)" if before == after
                                                     else f", upgraded from {before}"))
            return 0
        if args.db_command == "backup":
            size = asyncio.run(operations.backup(target, args.path))
            print(f"estancia db: {target} copied to {args.path} ({size:,} bytes)")
            return 0
        health = asyncio.run(operations.check(target))
    except operations.OperationError as why:
        print(f"estancia db: {why}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback
        print(f"estancia db: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"database  {health.where}")
    print(f"schema    {health.schema}" + ("" if health.schema == health.head
                                          else f" (this program writes {health.head})"))
    print(f"problems  {'none' if health.ok else len(health.problems)}")
    for problem in health.problems:
        print(f"  - {problem}")
    statuses = ("lobby", "active", "finished", "cancelled")
    names = sorted({name for name, _ in health.games})
    print(f"games     {sum(health.games.values())}, {health.moves} logged moves")
    for name in names:
        counts = ", ".join(f"{health.games[(name, s)]} {s}" for s in statuses
                           if health.games[(name, s)])
        print(f"  {name:<14} {counts}")
    return 0 if health.ok else 1


def check_health(settings: Settings) -> int:
    problem = health(settings.estancia_db)
    if problem is None:
        print("estancia: connected")
        return 0
    print(f"estancia: {problem}", file=sys.stderr)
    return 1


def play(args: argparse.Namespace, settings: Settings) -> int:
    language = terminal_language(args.lang, os.environ)
    with using(language):
        return _play(args, settings, language)


def _play(args: argparse.Namespace, settings: Settings, language: str) -> int:
    if args.seats is not None and args.seats < 1:
        print("estancia play: " + _("--seats must be at least 1"), file=sys.stderr)
        return 2
    game = resolve_game(args.game)
    if game is None:
        known = ", ".join(available_games()) or _("none yet")
        print("estancia play: " + _("there is no game called {name}. Games: {known} "
                                    "(`estancia play --help` lists their options).",
                                    name=repr(args.game[:40]), known=known), file=sys.stderr)
        return 2
    try:
        options = parse_option_words(" ".join(args.options))
    except ValueError as exc:
        print(f"estancia play: --options: {exc}", file=sys.stderr)
        return 2
    problem = paths_problem(args, settings)
    if problem is not None:
        print(f"estancia play: {problem}", file=sys.stderr)
        return 2
    configure_logging(logging.WARNING)
    seats = args.seats
    if seats is None:  # an option only a solo game has (an automa's difficulty): one seat
        engine = get_game(game)
        seats = 1 if engine.min_seats == 1 and engine.solo_options & set(options) else 2
    terminal = TerminalOptions(
        game=game, computer=args.computer, level=args.level, seats=seats, options=options,
        out=args.out, seed=args.seed, db=args.db, images=not args.no_images,
        language=language, name=args.name,
    )

    def read_line() -> str | None:
        line = sys.stdin.readline()
        return line if line else None

    game_run = play_in_terminal(terminal, settings, read_line, sys.stdout,
                                echo=not sys.stdin.isatty())
    try:
        with ctrl_c_interrupts_input():
            return asyncio.run(game_run)
    except BrokenPipeError:
        # The reader went away (`estancia play … | head`): stop quietly, and keep Python
        # from complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def paths_problem(args: argparse.Namespace, settings: Settings) -> str | None:
    """Why the folder for images or the database file cannot be used (one line), or
    None. Checked before the game starts, never in the middle of it."""
    if args.db is not None:
        reason = database_problem(args.db)
        if reason is not None:
            return _("--db {path}: cannot keep the game there ({reason}); choose a file in a "
                     "folder you can write to.", path=args.db, reason=reason)
    if not args.no_images:
        folder, flag = (args.out, "--out") if args.out is not None else (settings.image_dir,
                                                                         "IMAGE_DIR")
        reason = folder_problem(folder)
        if reason is not None:
            return _("{flag} {path}: cannot write board images there ({reason}); choose a "
                     "folder you can write to, or --no-images.", flag=flag, path=folder,
                     reason=reason)
    return None


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (made if missing), or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as why:
        return why.strerror or str(why)
    return None


@contextlib.contextmanager
def ctrl_c_interrupts_input() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt at once, even while waiting for a line.

    ``asyncio.run`` would otherwise only cancel its task on the first Ctrl-C, which a
    blocking read of the keyboard does not notice. (Only possible in the main thread.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    sys.exit(main())
