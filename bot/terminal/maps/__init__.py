"""Text maps of the boards for the terminal's ``board`` command: each game drawn in at most
:data:`WIDTH` columns, with its row and column names as the players type them, a legend,
and what the board image shows besides (scores, markets, hands' sizes).

Each game has a module here with ``text_map(view, names) -> list[str]`` (the public view of
``Game.view``, the seats' names), named by its registration (``games.Registration.text_map``);
a game without one is listed entry by entry (:func:`bot.terminal.text_board.view_lines`).
"""

from __future__ import annotations

import importlib
import textwrap
from typing import Any

from bot.terminal.text_board import view_lines
from games import GAMES

#: A terminal's width: no line of a map is longer.
WIDTH = 80


def board_text(game: str, view: dict[str, Any], names: list[str]) -> str:
    """The public board as text: the game's text map, else its view listed."""
    entry = GAMES.get(game)
    module = None if entry is None else entry.text_map
    if module is None:
        return "\n".join(view_lines(view, names))
    return "\n".join(importlib.import_module(module).text_map(view, names))


def name_of(names: list[str], seat: int | None, fallback: str = "-") -> str:
    if seat is None:
        return fallback
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def fill(words: list[str], width: int = WIDTH, indent: str = "  ", first: str = "") -> list[str]:
    """``words`` (phrases kept whole) on lines of at most ``width`` columns, separated by
    two spaces, the first line starting with ``first``, the next with ``indent``."""
    lines: list[str] = []
    line = first
    for word in words:
        gap = "" if line in ("", first, indent) else "  "
        if len(line) + len(gap) + len(word) > width and line not in (first, indent):
            lines.append(line.rstrip())
            line, gap = indent, ""
        if len(line) + len(gap) + len(word) > width:  # a phrase longer than a line
            pieces = textwrap.wrap(word, width - len(indent), break_on_hyphens=False,
                                   initial_indent=" " * (len(line) + len(gap) - len(indent)))
            lines.append(line + gap + pieces[0].lstrip())
            lines += [indent + piece for piece in pieces[1:-1]]
            line = indent + pieces[-1] if len(pieces) > 1 else indent
            continue
        line += gap + word
    if line.strip():
        lines.append(line.rstrip())
    return lines


def wrap(text: str, indent: str = "  ") -> list[str]:
    """A sentence on lines of at most :data:`WIDTH` columns, the next lines indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
