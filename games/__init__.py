"""Pure rules engines. Nothing here knows about Discord, SQLite or Pillow."""

from __future__ import annotations

import importlib

from games.base import (
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
    "Automa", "Decision", "Event", "Game", "GameOptions", "GameState", "Holdings",
    "IllegalMove", "Option",
    "Outcome", "GAME_MODULES", "get_game", "available_games",
]

#: machine name -> module that defines ``GAME`` (a :class:`games.base.Game` instance).
GAME_MODULES: dict[str, str] = {
    "kuhlorado": "games.kuhlorado",
    "hazienda": "games.hazienda",
    "llama-land": "games.llama_land",
    "gwt-argentina": "games.gwt_argentina",
}


def get_game(name: str) -> Game:
    try:
        module = GAME_MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None
    return importlib.import_module(module).GAME


def available_games() -> list[str]:
    """Names of every game, each engine imported: a game whose engine fails to import
    stops the caller with its error (it never silently disappears from the bot, the
    terminal or the contract tests)."""
    for name in GAME_MODULES:
        get_game(name)
    return list(GAME_MODULES)
