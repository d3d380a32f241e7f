"""A tie on the best total says what broke it (issue: "Computer 104, Computer 2 104.
Winner: Computer" told nobody why): the final scores name the tie-breaker and each tied
seat's figure, from the game's own rule."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.core import transitions
from bot.core.transitions import Loaded
from games import get_game
from games.base import Game, GameState, name_seats
from games.llama_land import engine as llama_land_engine
from testkit.playout import playout


def finished(name: str, seed: int) -> tuple[Game, GameState]:
    game = get_game(name)
    state, _moves = playout(game, 2, None, seed)
    assert game.pending(state) is None
    return game, state


def tied(totals: dict[int, dict[str, int]], best: int) -> dict[int, dict[str, int]]:
    return {s: {**sc, "total": best} for s, sc in totals.items()}


def test_hazienda_tie_is_broken_by_money(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hazienda, « Fin de la partie »: « En cas d'égalité, c'est l'éleveur le plus riche
    qui l'emporte. »"""
    game, state = finished("hazienda", 3)
    totals = tied(game.scores(state), 40)
    monkeypatch.setattr(game, "scores", lambda _state: totals)
    state.players[0].money, state.players[1].money = 14, 9
    assert game.winners(state) == [0]
    assert name_seats(game.tie_break(state) or "", ["Ana", "Bo"]) == (
        "Tie on 40 points, broken by money: Ana 14, Bo 9.")


def test_llama_land_tie_is_broken_by_llama_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Llama Land, « Fin de la partie »: « S'il y a égalité, c'est le joueur dont les
    cartes Lama génèrent le plus de points qui l'emporte. »"""
    game, state = finished("llama-land", 5)
    totals = tied(game.scores(state), 50)
    totals[0]["llamas"], totals[1]["llamas"] = 12, 20
    monkeypatch.setattr(llama_land_engine, "scores", lambda _state: totals)
    monkeypatch.setattr("games.llama_land.scoring.scores", lambda _state: totals)
    assert game.winners(state) == [1]
    assert name_seats(game.tie_break(state) or "", ["Ana", "Bo"]) == (
        "Tie on 50 points, broken by llama cards: Ana 12, Bo 20.")


@pytest.mark.parametrize("name", ["kuhlorado", "gwt-argentina"])
def test_a_shared_tie_has_nothing_to_break(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kuhlorado and GWT:A share a tied win (« En cas d'égalité, la victoire est
    partagée »): no tie-breaker is named, both seats win."""
    game, state = finished(name, 2)
    totals = tied(game.scores(state), 30)
    monkeypatch.setattr(game, "scores", lambda _state: totals)
    assert game.winners(state) == [0, 1]
    assert game.tie_break(state) is None


def test_no_tie_no_tie_break() -> None:
    for name, seed in (("hazienda", 3), ("llama-land", 5)):
        game, state = finished(name, seed)
        totals = [sc["total"] for sc in game.scores(state).values()]
        if len(set(totals)) == len(totals):
            assert game.tie_break(state) is None


def test_final_scores_name_the_tie_breaker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line every front end posts at the end (the channel, the recap, the terminal)."""
    game, state = finished("hazienda", 3)
    totals = tied(game.scores(state), 104)
    monkeypatch.setattr(game, "scores", lambda _state: totals)
    state.players[0].money, state.players[1].money = 11, 7
    row: Any = SimpleNamespace(seats=[SimpleNamespace(name="Computer"),
                                      SimpleNamespace(name="Computer 2")])
    text = transitions.scores_text(Loaded(row, game, state), game.winners(state))
    assert text == ("Final scores: Computer 104, Computer 2 104. Tie on 104 points, broken "
                    "by money: Computer 11, Computer 2 7. Winner: Computer.")
