"""The ``estancia`` command: ``estancia run`` (the Discord bot), ``estancia play`` (a game
in this terminal)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings
from bot.terminal import TerminalOptions, parse_option_pairs, play_in_terminal

NO_TOKEN = "No DISCORD_TOKEN: copy .env.example to .env and set DISCORD_TOKEN=<your bot token>"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="estancia", description="Asynchronous ranching board games on Discord."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("run", help="run the Discord bot (settings from .env)")
    play = commands.add_parser(
        "play", help="play a game in this terminal",
        description="Play a whole game at the keyboard, hot seat or against the computer. "
        "Reads one choice per line, so a game can be piped in.",
    )
    play.add_argument("game", help="the game's name, e.g. kuhlorado")
    play.add_argument("--computer", action="store_true",
                      help="the other seats are computer players (default: hot seat)")
    play.add_argument("--seats", type=int, default=2, help="number of seats (default 2)")
    play.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE",
                      help="game options, e.g. --options variant=pro")
    play.add_argument("--out", type=Path, help="folder for board images "
                      "(default: IMAGE_DIR/<game>-<id>, IMAGE_DIR defaults to out)")
    play.add_argument("--no-images", action="store_true", help="do not write board images")
    play.add_argument("--seed", type=int, help="fix the game's randomness")
    play.add_argument("--db", type=Path,
                      help="keep the game in this SQLite file (resume by running again)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"estancia: invalid settings in the environment or .env: {problems}",
              file=sys.stderr)
        return 2
    if args.command == "run":
        return run(settings)
    return play(args, settings)


def run(settings: Settings) -> int:
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings.estancia_db.parent.mkdir(parents=True, exist_ok=True)
    from bot.client import run_bot  # the Discord layer loads only when it is needed

    run_bot(settings)
    return 0


def play(args: argparse.Namespace, settings: Settings) -> int:
    if args.seats < 1:
        print("estancia play: --seats must be at least 1", file=sys.stderr)
        return 2
    try:
        options = parse_option_pairs(args.options)
    except ValueError as exc:
        print(f"estancia play: --options {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)
    terminal = TerminalOptions(
        game=args.game, computer=args.computer, seats=args.seats, options=options,
        out=args.out, seed=args.seed, db=args.db, images=not args.no_images,
    )

    def read_line() -> str | None:
        line = sys.stdin.readline()
        return line if line else None

    return asyncio.run(
        play_in_terminal(terminal, settings, read_line, sys.stdout, echo=not sys.stdin.isatty())
    )


if __name__ == "__main__":
    sys.exit(main())
