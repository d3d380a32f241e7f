"""A finished solo board's header gives the engine's result: Pedro wins with the
best total, a tie is shared — « Pedro est considéré en tout point comme un joueur », « En cas
d'égalité, la victoire est partagée »."""

from __future__ import annotations

import random

import pytest

from games.gwt_argentina import GAME
from renderer import gwt_argentina
from renderer.gwt_argentina.canvas import Canvas


def finished_solo():
    state = GAME.setup(1, GAME.parse_options({"difficulty": "moderate"}), 7)
    rng = random.Random(1)
    while (decision := GAME.pending(state)) is not None:
        state = GAME.apply(state, decision.seat, rng.choice(decision.options).key).state
    return state


def header(view: dict, monkeypatch: pytest.MonkeyPatch) -> str:
    heads: list[str] = []
    real = Canvas.text

    def spy(canvas, xy, text, *args, **kwargs):
        heads.append(text)
        return real(canvas, xy, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    gwt_argentina.RENDERER.render(view, ["Alice"])
    return heads[0]


def test_a_tie_with_pedro_is_shared_on_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    state = finished_solo()
    view = GAME.view(state, None)
    pedro = view["pedro"]["scores"]["total"]
    assert header(view, monkeypatch) == f"Game over — Pedro wins with {pedro} VP"
    view["scores"]["0"]["total"] = pedro  # the same view with a tie
    assert header(view, monkeypatch) == f"Game over — Alice, Pedro share the win with {pedro} VP"
