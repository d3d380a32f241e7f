"""A whole solo game of GWT Argentina against Pedro through the session layer (issue 10):
one seat with the ``difficulty`` option, Pedro's turn announced after each of yours, and
at the end « you win by beating his total » — a game lost to Pedro has no winning seat.

The game is registered here for the test only (its renderer and registration are another
branch's)."""

from __future__ import annotations

import random

import pytest

import games
from bot.core import transitions
from bot.core.sessions import Sessions
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.helpers import drain


@pytest.fixture(autouse=True)
def gwt_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "gwt-argentina", "games.gwt_argentina")


def test_a_seat_lost_to_the_automa_is_no_winner():
    assert transitions.verdict([]) == "No seat wins."
    assert transitions.verdict(["Ana"]) == "Winner: Ana."


async def test_whole_solo_game(sessions: Sessions) -> None:
    # naming a difficulty asks for the solo game: it starts at once, without a lobby
    info = await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "gwt-argentina",
                              {"difficulty": "easy"})
    assert info.status == "active" and len(info.seats) == 1
    rnd = random.Random(5)
    texts: list[str] = []
    results: list[str] = []
    for _ in range(3000):
        if (await sessions.info_by_id(info.id)).status != "active":
            break
        decision, _seat = await sessions.decision_for(info.id, ALICE)
        assert decision is not None  # never Pedro's: his turn is played inside yours
        key = rnd.choice(decision.options).key
        await sessions.play(info.id, ALICE, key, None)
        for announcement in await drain(sessions):
            texts.append(announcement.text)
            if announcement.scores_text:
                results.append(announcement.scores_text)
    info = await sessions.info_by_id(info.id)
    assert info.status == "finished"
    assert any("Pedro draws his card #" in t for t in texts)
    final = "\n".join(texts[-3:])
    assert "Final score: you" in final
    view = await sessions.view(info.id, ALICE)
    pedro = view["pedro"]["scores"]["total"]
    mine = view["scores"]["0"]["total"]
    assert len(results) == 1
    assert results[0].endswith("No seat wins." if mine <= pedro else "Winner: Alice.")
