"""Pure rules engines. Nothing here knows about Discord, SQLite or Pillow.

Every game is registered once, in :data:`GAMES`: its machine name and where its parts
live. Everything else about the game is read from those modules — the engine's ``GAME``
(a :class:`games.base.Game`, with its optional capabilities), the renderer's ``RENDERER``
(a ``renderer.base.GameRenderer``, with its optional images and the variants its palette
is chosen from), the terminal's ``text_map``. Parts are named by module path, never
imported here: ``games/`` does not import the renderer (nor Pillow), and a CPU worker, a
fresh interpreter, imports by the same paths.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.base import (
    Announcements,
    Automa,
    Decision,
    Event,
    Game,
    GameOptions,
    GameState,
    Holdings,
    IllegalMove,
    Option,
    Outcome,
)

__all__ = [
    "Announcements", "Automa", "Decision", "Event", "Game", "GameOptions", "GameState",
    "Holdings", "IllegalMove", "Option", "Outcome",
    "GAMES", "GAME_MODULES", "Registration", "registration", "get_game", "available_games",
]


@dataclass(frozen=True)
class Registration:
    """Where one game's parts live, by module path (see the module docstring)."""

    #: The module whose ``GAME`` is the engine: ``games/<game>/``.
    engine: str
    #: The module whose ``RENDERER`` draws the game's images: ``renderer/<game>/``. Its
    #: palette is ``renderer/palettes/<last part of this path>.txt``. None only for a game
    #: still being written (front ends then post no board; ``tests/test_registry.py``
    #: refuses it for the games registered here).
    renderer: str | None = None
    #: The module whose ``text_map(view, names)`` draws the board for the terminal
    #: (``bot/terminal/maps/<game>.py``); None: the terminal lists the view entry by entry.
    text_map: str | None = None


#: Every game: its machine name (what players type, what the store keeps) -> its parts.
#: Adding a game is adding its line here (CONTRIBUTING.md, "Adding a game").
GAMES: dict[str, Registration] = {
    "kuhlorado": Registration(engine="games.kuhlorado", renderer="renderer.kuhlorado",
                              text_map="bot.terminal.maps.kuhlorado"),
    "hazienda": Registration(engine="games.hazienda", renderer="renderer.hazienda",
                             text_map="bot.terminal.maps.hazienda"),
    "llama-land": Registration(engine="games.llama_land", renderer="renderer.llama_land",
                               text_map="bot.terminal.maps.llama_land"),
    "gwt-argentina": Registration(engine="games.gwt_argentina",
                                  renderer="renderer.gwt_argentina",
                                  text_map="bot.terminal.maps.gwt_argentina"),
}


def registration(name: str) -> Registration:
    """The registration of the game ``name`` (KeyError for a game nobody registered)."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


class ModulePaths(Mapping[str, str]):
    """One part's module path of every registered game that has that part, read from
    :data:`GAMES` as it is now (a game registered later, such as a test's, is in it at
    once): for the callers that hand a module path to a CPU worker. Read-only: register
    in :data:`GAMES`."""

    def __init__(self, part: Callable[[Registration], str | None]) -> None:
        self._part = part

    def __getitem__(self, name: str) -> str:
        path = self._part(registration(name))
        if path is None:
            raise KeyError(name)
        return path

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, entry in GAMES.items() if self._part(entry) is not None])

    def __len__(self) -> int:
        return sum(1 for entry in GAMES.values() if self._part(entry) is not None)


#: Machine name -> the module that defines the engine's ``GAME`` (from :data:`GAMES`).
GAME_MODULES = ModulePaths(lambda entry: entry.engine)


def get_game(name: str) -> Game[Any, Any]:
    """The engine of the game ``name``."""
    engine = importlib.import_module(registration(name).engine).GAME
    if not isinstance(engine, Game):
        raise TypeError(f"{registration(name).engine}.GAME is not a games.base.Game")
    return engine


def available_games() -> list[str]:
    """Names of every game, each engine imported: a game whose engine fails to import
    stops the caller with its error (it never silently disappears from the bot, the
    terminal or the contract tests)."""
    for name in GAMES:
        get_game(name)
    return list(GAMES)
