"""Kuhlorado, the first real game, played through Sessions and through `estancia play`."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.core.sessions import SessionError, Sessions
from bot.storage.store import Store
from games import kuhlorado
from games.ai import choose_random
from games.rng import Rng
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.helpers import drain

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")


async def test_a_whole_hot_seat_game_through_sessions(sessions: Sessions, store: Store) -> None:
    info = await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "kuhlorado", {"pro": True})
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    [*_, start] = await drain(sessions)
    assert start.kind == "start" and start.text.startswith(
        "Kuhlorado begins: Alice (Crosses), Bob (Circles)."
    )
    rng = Rng.from_seed(2024)
    game = kuhlorado.GAME
    undone = 0
    turn_changes = 0
    while (info := await sessions.info_by_id(info.id)).status == "active":
        user = info.user_to_move
        assert user is not None
        decision, seat = await sessions.decision_for(info.id, user)
        assert decision is not None and decision.seat == seat
        state = game.load((await store.game(info.id)).state)  # type: ignore[union-attr]
        key = choose_random(game, state, seat, rng)
        result = await sessions.play(info.id, user, key, info.version)
        expected = int(result.turn_over)
        if key.startswith("mark") and undone < 3 and not result.finished:
            try:  # marking reveals nothing: the marker may take it back unless turn passed on
                back = await sessions.undo(CHANNEL, user)
            except SessionError as refusal:
                assert "before anyone else" in str(refusal) or "revealed" in str(refusal)
            else:
                undone += 1
                assert back.decision is not None and back.decision.seat == seat
                result = await sessions.play(info.id, user, key, back.version)
                expected += int(back.turn_over) + int(result.turn_over)
        turn_changes += int(result.turn_over)
        announcements = await drain(sessions)
        assert len(announcements) == expected, "one announcement per change of turn"
    assert info.status == "finished" and info.winners
    assert (await sessions.png(info.id)).startswith(b"\x89PNG")
    assert undone > 0
    assert turn_changes > 10
    moves = await store.moves(info.id)
    assert sum(m.kind == "undo" for m in moves) == undone
    assert sum(m.undone for m in moves) == undone


def test_estancia_play_kuhlorado_against_the_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    code = cli.main(["play", "kuhlorado", "--computer", "--seed", "11", "--options", "pro=true",
                     "--no-images"])
    text = capsys.readouterr().out
    assert code == 0, text[-2000:]
    assert "Kuhlorado begins: Player 1 (Crosses), Computer (normal) (Circles)." in text
    assert re.search(r"Final scores: Player 1 \d+, Computer \(normal\) \d+\.", text)
    assert text.rstrip().endswith("Game over.")
    assert "board:" not in text and not (tmp_path / "out").exists()
