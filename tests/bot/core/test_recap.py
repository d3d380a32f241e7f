"""The end-of-game recap's data: the score after each turn, sampled for long games."""

from __future__ import annotations

import games
from bot.core.recap import sample, score_history
from games import ai
from games.rng import Rng


def test_the_history_has_a_point_per_turn_and_ends_on_the_final_scores() -> None:
    game = games.get_game("kuhlorado")
    state = game.setup(2, game.parse_options({}), 11)
    states, rng, turns = [state], Rng.from_seed(5), set()
    while (decision := game.pending(state)) is not None:
        turns.add(decision.turn)
        state = game.apply(state, decision.seat, ai.choose_random(game, state, decision.seat,
                                                                  rng)).state
        states.append(state)
    history = score_history(game, states, 2)
    final = game.scores(state)
    assert history[0] == (0, 0)
    assert history[-1] == (final[0]["total"], final[1]["total"])
    assert len(turns) <= len(history) <= len(turns) + 1


def test_sampling_keeps_the_first_and_last_points() -> None:
    points = [(i,) for i in range(500)]
    kept = sample(points, 60)
    assert len(kept) == 60 and kept[0] == (0,) and kept[-1] == (499,)
    assert sample(points[:10], 60) == points[:10]
