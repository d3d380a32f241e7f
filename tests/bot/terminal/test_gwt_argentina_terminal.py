"""Great Western Trail: Argentina played to the end in the terminal (`estancia play`), the
human's answers piped in, against computer players."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from bot import cli

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")


def test_estancia_play_gwt_argentina_against_two_computers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    code = cli.main(["play", "gwt-argentina", "--computer", "--seed", "3", "--seats", "3",
                     "--no-images"])
    text = capsys.readouterr().out
    assert code == 0, text[-2000:]
    assert "First turn: on which neutral building does your estanciero start?" in text
    assert "Which worker do you hire?" in text or "Move your estanciero" in text
    assert re.search(r"Final scores: Player 1 -?\d+, Computer \(normal\) -?\d+, Computer 2 \(normal\) -?\d+\.", text)
    assert text.rstrip().endswith("Game over.")


def test_estancia_play_a_solo_game_against_pedro(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
) -> None:
    """« estancia play gwt-argentina --seats 1 --options difficulty=expert » — the
    solo game starts at once (no lobby to start), Pedro plays after each of your turns, and a
    tie of his priority lists is put to you. Pedro and his difficulty are named
    from the start, ``scores`` shows his beside yours, and the end is one result line."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("scores\n" + "1\n" * 5000))
    code = cli.main(["play", "gwt-argentina", "--options", "difficulty=expert", "--seed", "4",
                     "--no-images"])
    text = capsys.readouterr().out
    assert code == 0, text[-2000:]
    assert "Great Western Trail: Argentina begins: Player 1, against Pedro (expert ♦♦♦)." in text
    assert "Pedro draws his card #" in text
    assert "Pedro's priorities leave a tie" in text and "You decide for Pedro" in text
    assert re.search(r"\n  Player 1: -?\d+ \(", text) and re.search(
        r"\n  Pedro \(expert ♦♦♦\): \d+ \(Pesos 0,", text), "scores: Pedro beside you"
    results = re.findall(r"Final scores?:.*", text)
    assert len(results) == 1, results
    assert re.fullmatch(r"Final scores: Player 1 -?\d+, Pedro \(expert ♦♦♦\) \d+\. "
                        r"(Winner: Player 1|Winner: Pedro|Winners: Player 1 and Pedro)\.", results[0])
    assert "No seat wins" not in text
    assert text.rstrip().endswith("Game over.")


def test_a_difficulty_with_two_seats_says_it_means_the_solo_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
) -> None:
    """« --seats 2 --options difficulty=expert »: a difficulty is the solo game's (« Mode
    solo »), said plainly — not "The game has already started"."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    code = cli.main(["play", "gwt-argentina", "--seats", "2", "--options", "difficulty=expert",
                     "--no-images"])
    text = capsys.readouterr().out
    assert code == 2
    assert ("difficulty means the solo game (one seat, against the game's automa): play it "
            "with --seats 1, or leave difficulty out for a game of 2 seats.") in text
    assert "already started" not in text


def test_hand_and_an_exchange_token_outside_the_turn_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
) -> None:
    """`hand` names the cards of the player to move (never ids like 0:FR2); in a hot-seat
    game `hand 2` shows what seat 2 holds and may do outside the turn, `hand 2 1` uses its
    exchange token while Player 1 is to move (« même quand ce n'est pas votre tour », p. 18),
    and `hand 2 1` again discards."""
    monkeypatch.chdir(tmp_path)
    lines = ["hand", "hand 2", "hand 2 1", "hand 2", "hand 2 1", "hand 2 1", "hand 2", "hand 3",
             "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code = cli.main(["play", "gwt-argentina", "--seats", "2", "--seed", "5", "--no-images"])
    text = capsys.readouterr().out
    assert code == 0, text[-2000:]
    assert "  Player 2 — Your hand: " in text
    hands = re.findall(r"^  (?:Player 2 — )?Your hand: .*$", text, flags=re.M)
    assert hands and not any(re.search(r"\d:[A-Z]{2}\d", line) for line in hands), hands
    assert "  Not your turn: use an exchange token?" in text
    assert "    1. Exchange token: draw 2, then discard 2 (1 left)  (xt:2)" in text
    assert "Type hand 2 and a number to play one (hand 2 1)." in text
    assert "  You drew " in text
    assert "  Exchange token: discard 2 cards." in text
    assert text.count("— Player 1 to move") >= 5, "Player 1 stays to move throughout"
    assert "0 exchange tokens" in text
    assert "Type hand, or hand and a seat number (1 to 2)." in text
