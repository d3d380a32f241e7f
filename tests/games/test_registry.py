"""Every game of ``GAME_MODULES`` is available, and a broken engine is an error, never a
game that silently disappears from the bot and from the contract tests."""

from __future__ import annotations

import pytest

import games
from games import GAME_MODULES, available_games, get_game


def test_every_registered_game_is_available() -> None:
    assert available_games() == list(GAME_MODULES)
    assert {get_game(name).name for name in available_games()} == set(GAME_MODULES)


def test_an_engine_that_does_not_import_stops_the_caller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "broken", "games.no_such_engine")
    with pytest.raises(ModuleNotFoundError, match="games.no_such_engine"):
        available_games()
