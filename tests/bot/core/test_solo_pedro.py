"""A whole solo game of GWT Argentina against Pedro through the session
layer: one seat with the ``difficulty`` option, Pedro named with his difficulty from the
start, his turn announced after each of yours, and at the end one result: both scores, Pedro
with his difficulty, who won — a tie is shared (« En cas d'égalité, la victoire est
partagée », « Pedro est considéré en tout point comme un joueur »).

The game is registered here for the test only (its renderer and registration are another
branch's)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games
from bot.core import transitions
from bot.core.sessions import Sessions
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.helpers import drain


@pytest.fixture(autouse=True)
def gwt_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "gwt-argentina", "games.gwt_argentina")


def test_the_verdict_names_seats_and_an_automa_alike():
    assert transitions.verdict(["Pedro"]) == "Winner: Pedro."
    assert transitions.verdict(["Ana", "Pedro"]) == "Winners: Ana and Pedro."


async def play_solo(sessions: Sessions, difficulty: str = "easy", seed: int = 5):
    """A whole solo game by random choices; its id and every announcement."""
    info = await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "gwt-argentina",
                              {"difficulty": difficulty})
    assert info.status == "active" and len(info.seats) == 1
    rnd = random.Random(seed)
    said = await drain(sessions)
    for _ in range(3000):
        if (await sessions.info_by_id(info.id)).status != "active":
            break
        decision, _seat = await sessions.decision_for(info.id, ALICE)
        assert decision is not None  # never Pedro's: his turn is played inside yours
        key = rnd.choice(decision.options).key
        await sessions.play(info.id, ALICE, key, None)
        said += await drain(sessions)
    return info.id, said


async def test_whole_solo_game(sessions: Sessions) -> None:
    game_id, said = await play_solo(sessions)
    info = await sessions.info_by_id(game_id)
    assert info.status == "finished"
    start = next(a for a in said if a.kind == "start")
    assert start.text.startswith(
        "Great Western Trail: Argentina begins: Alice, against Pedro (easy ♦).")
    assert any("Pedro draws his card #" in a.text for a in said)
    over = [a for a in said if a.scores_text]
    assert len(over) == 1 and over[0].kind == "game_over"
    view = await sessions.view(game_id, ALICE)
    pedro = view["pedro"]["scores"]["total"]
    mine = view["scores"]["0"]["total"]
    verdict = ("Winner: Alice." if mine > pedro else "Winners: Alice and Pedro."
               if mine == pedro else "Winner: Pedro.")
    assert over[0].scores_text == f"Final scores: Alice {mine}, Pedro (easy ♦) {pedro}. {verdict}"
    assert over[0].text.endswith("The game is over.")
    assert "No seat wins" not in over[0].render(str, str) and "Final score: you" not in \
        over[0].render(str, str)
    row = await sessions.store.game(game_id)
    assert row is not None and row.result is not None
    assert row.result["totals"] == [mine]
    assert row.result["automa"] == {"name": "Pedro", "level": "easy", "total": pedro,
                                    "won": pedro >= mine}
    automa = await sessions.automa(game_id)
    assert automa is not None and automa.scores == view["pedro"]["scores"]
    bests = await sessions.solo_bests(GUILD, ALICE)
    assert [(b.game, b.level, b.best, b.games) for b in bests] == \
        [("gwt-argentina", "easy", mine, 1)]


async def test_the_result_line_when_you_win_or_tie(sessions: Sessions) -> None:
    """The same result line for every outcome: you beat Pedro, or share the win with him."""
    from games.gwt_argentina.pedro.state import PEDRO

    game_id, _said = await play_solo(sessions, "expert", seed=2)
    row = await sessions.store.game(game_id)
    loaded = sessions.core.load(row)
    mine = loaded.game.scores(loaded.state)[0]["total"]
    pedro = loaded.game.automa(loaded.state).total
    state = loaded.state.clone()  # (a state's scores are remembered: change a fresh copy)
    state.players[0].money += 5 * (pedro - mine)  # 1 VP per 5 pesos: a tie
    tie = transitions.Loaded(replace(row, state=loaded.game.dump(state)), loaded.game, state)
    assert transitions.scores_text(tie, loaded.game.winners(state)) == \
        f"Final scores: Alice {pedro}, Pedro (expert ♦♦♦) {pedro}. Winners: Alice and Pedro."
    ahead = state.clone()
    ahead.players[0].money += 5
    assert loaded.game.winners(ahead) == [0] and PEDRO == 1
    won = transitions.Loaded(row, loaded.game, ahead)
    assert transitions.scores_text(won, [0]) == \
        f"Final scores: Alice {pedro + 1}, Pedro (expert ♦♦♦) {pedro}. Winner: Alice."


async def test_leaving_a_solo_game_is_pedros_win(sessions: Sessions) -> None:
    info = await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "gwt-argentina",
                              {"difficulty": "moderate"})
    await drain(sessions)
    await sessions.leave(CHANNEL, ALICE)
    said = await drain(sessions)
    assert said[-1].scores_text == "Winner: Pedro."
    assert (await sessions.info_by_id(info.id)).status == "finished"
    assert await sessions.solo_bests(GUILD, ALICE) == [], "a game given up has no score"
