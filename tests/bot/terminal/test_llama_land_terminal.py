"""Llama Land in the terminal: ``estancia play llama-land`` driven by piped input."""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pytest

from bot import cli
from games import ai

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")

GAME = "llama-land"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "ESTANCIA_DB", "TURN_TIMEOUT_HOURS", "REMINDERS",
                 "TIMEOUT_POLICY", "IMAGE_DIR", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)


def estancia(args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(args)
    return code, capsys.readouterr().out


def test_a_whole_game_against_the_computer_from_piped_input(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """The computer seat plays at random here: the greedy player needs about a second a
    decision on Llama Land (see ``make bench``), and this test is about the front end."""
    monkeypatch.setattr(ai, "choose", lambda game, state, seat, rng, *_more:
                        ai.choose_random(game, state, seat, rng))
    out = tmp_path / "boards"
    code, text = estancia(["play", GAME, "--computer", "--seed", "3", "--out", str(out)],
                          "1\n" * 4000, monkeypatch, capsys)
    assert code == 0, text[-2000:]
    assert "Llama Land: Player 1, Computer (normal)." in text
    assert re.search(r"\[channel\] Final scores: ", text)
    assert text.rstrip().endswith("Game over.")
    boards = re.findall(r"board: (\S+)", text)
    assert boards and all(Path(p).read_bytes().startswith(b"\x89PNG") for p in set(boards))


def test_a_whole_hot_seat_game_of_three_from_random_piped_numbers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """Numbers out of range are refused and asked again; the game still reaches its end."""
    rng = random.Random(8)
    lines = "".join(f"{rng.randint(1, 6)}\n" for _ in range(30000))
    code, text = estancia(["play", GAME, "--seats", "3", "--seed", "4", "--no-images"],
                          lines, monkeypatch, capsys)
    assert code == 0, text[-2000:]
    assert "Llama Land: Player 1, Player 2, Player 3." in text
    assert "No option '6'" in text or "No option '5'" in text
    assert text.rstrip().endswith("Game over.")
