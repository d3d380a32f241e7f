"""Every registered game (``games.GAMES``) is available, and a broken engine is an error,
never a game that silently disappears from the bot and from the contract tests."""

from __future__ import annotations

import pytest

import games
from games import GAME_MODULES, GAMES, Registration, available_games, get_game
from games.rng import Rng


def test_every_registered_game_is_available() -> None:
    assert available_games() == list(GAMES) == list(GAME_MODULES)
    assert {get_game(name).name for name in available_games()} == set(GAMES)


def test_an_engine_that_does_not_import_stops_the_caller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "broken", Registration(engine="games.no_such_engine"))
    with pytest.raises(ModuleNotFoundError, match="games.no_such_engine"):
        available_games()


@pytest.mark.parametrize("name", ["hazienda", "llama-land", "gwt-argentina"])
def test_an_option_that_ends_the_turn_passes_it_on(name: str) -> None:
    """``Option.ends_turn`` is what front ends keep out of menus: taking it ends the
    player's turn — the next decision is another seat's (or the game is over)."""
    game = get_game(name)
    rng = Rng.from_seed(5)
    ended = 0
    for seed in range(3):
        state = game.setup(2, game.parse_options(None), seed)
        while (decision := game.pending(state)) is not None:
            ends = [o for o in decision.options if o.ends_turn]
            assert len(ends) <= 1
            take = ends[0] if ends and rng.random() < 0.3 else rng.choice(decision.options)
            state = game.apply(state, decision.seat, take.key).state
            if take.ends_turn:
                ended += 1
                after = game.pending(state)
                assert after is None or after.seat != decision.seat, take.key
    assert ended > 10


def test_kuhlorado_has_no_turn_to_end_early() -> None:
    """Kuhlorado's turn is a roll, a reroll and a mark: nothing ends it early."""
    game = get_game("kuhlorado")
    rng = Rng.from_seed(1)
    state = game.setup(2, game.parse_options(None), 1)
    while (decision := game.pending(state)) is not None:
        assert not any(o.ends_turn for o in decision.options)
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
