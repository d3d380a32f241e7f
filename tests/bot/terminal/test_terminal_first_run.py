"""Terminal play: what a first user types and does at the keyboard."""

from __future__ import annotations

import errno
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import games
from bot import cli
from bot.terminal import play as terminal
from bot.terminal.play import NoSuchOption, choose_option
from games.base import Decision, Option
from tests.bot.test_cli import REPO, clean_environment, estancia  # noqa: F401  (fixture)


def decision(*options: Option) -> Decision:
    return Decision(seat=0, turn=1, prompt="Choose", options=list(options))


MARKS = decision(
    Option(key="mark:E2", label="Mark E2 (1)"),
    Option(key="mark:A8", label="Mark A8 (2)"),
    Option(key="p3", label="Place a meadow", at="c7"),
    Option(key="p4", label="Face-up pig card"),
    Option(key="p5", label="Animal card: pig"),
)


def test_an_option_is_chosen_by_number_place_label_or_a_word_of_it() -> None:
    assert choose_option(MARKS, "2") == "mark:A8"
    assert choose_option(MARKS, "mark:E2") == "mark:E2"
    assert choose_option(MARKS, "C7") == "p3"  # Option.at, any case
    assert choose_option(MARKS, "e2") == "mark:E2"  # a cell name in the label
    assert choose_option(MARKS, "FACE-UP PIG CARD") == "p4"
    with pytest.raises(NoSuchOption, match=r"fits several options \(4, 5\)"):
        choose_option(MARKS, "pig")
    for typed in ("²", "٣", "0", "6", "e", "z9"):
        with pytest.raises(NoSuchOption):
            choose_option(MARKS, typed)


def test_a_superscript_two_is_refused_not_a_crash(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    code, text = estancia(["play", "diceroll", "--seed", "5", "--no-images"], "²\nquit\n",
                          monkeypatch, capsys)
    assert code == 0, text
    assert "No option '²'" in text and "Stopped." in text


def _between_prompts(text: str) -> list[list[str]]:
    return [chunk.splitlines() for chunk in re.split(r"\n— .* to move .*—\n", text)]


@pytest.mark.usefixtures("quick_computers")
def test_every_event_prints_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    code, text = estancia(["play", "kuhlorado", "--computer", "--seed", "3", "--no-images"],
                          "1\n" * 400, monkeypatch, capsys)
    assert code == 0, text[-2000:]
    for lines in _between_prompts(text):
        events = {line.strip() for line in lines if line.startswith("  ") and
                  not re.match(r"\s+\d+\. ", line)}
        channel = {line.removeprefix("[channel] ") for line in lines
                   if line.startswith("[channel] ")}
        assert not events & channel, (events & channel, lines)
    assert "Crosses mark" in text and "Circles mark" in text


def test_hand_and_a_text_board(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """``board`` draws a text map in 80 columns with the names players type
    (Hazienda's rows A… and columns 1…, Kuhlorado's columns A–H and rows 1–8)."""
    code, text = estancia(["play", "hazienda", "--computer", "--seed", "2", "--no-images"],
                          "hand\nboard\nquit\n", monkeypatch, capsys)
    assert code == 0, text
    assert re.search(r"Your hand: lands .*; animals .*\d+ pesos", text)
    board = text[text.index("> board"):text.index("> quit")].splitlines()
    assert re.match(r"^\s+1\s+2\s+3 .* 24\s+25$", board[1]), board[:3]
    rows = [line for line in board if re.match(r"^\s+[A-Q]  ", line)]
    assert [row.split()[0] for row in rows] == list("ABCDEFGHIJKLMNOPQ")
    assert any("K1 K1" in row for row in rows) and "Face-up lands:" in text
    assert re.search(r"Player 1 \(\w+\): 0 pts, now \d+", text)
    assert all(len(line) <= 80 for line in board)
    code, text = estancia(["play", "kuhlorado", "--computer", "--seed", "3", "--no-images"],
                          "hand\nboard\nquit\n", monkeypatch, capsys)
    assert "Nothing is hidden in this game" in text
    assert re.search(r"^\s+A   B   C   D   E   F   G   H$", text, re.M)
    grid = [line for line in text.splitlines() if re.match(r"^\s+[1-8](\s+\S+){8}$", line)]
    assert [line.split()[0] for line in grid] == list("12345678"), text
    assert "Troughs:" in text and "Border meadows:" in text


def test_computer_is_thinking_is_said_before_a_slow_computer_move(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr(terminal, "THINKING_AFTER", 0.0)
    code, text = estancia(["play", "diceroll", "--computer", "--seed", "5", "--no-images"],
                          "1\nquit\n", monkeypatch, capsys)
    assert code == 0, text
    assert text.index("Computer (normal) is thinking…") < text.index("Stopped.")


def test_computer_is_thinking_comes_after_the_lobby_lines_when_the_computer_begins(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """The computer seat begins (Hazienda, seed 1): the lobby and the start are
    told first, then that the computer is thinking, then its moves."""
    code, text = estancia(["play", "hazienda", "--computer", "--seed", "1", "--no-images"],
                          "quit\n", monkeypatch, capsys)
    assert code == 0, text
    assert (text.index("Player 1 opened a game of Hazienda") < text.index("Hazienda begins")
            < text.index("Computer is thinking…") < text.index("[channel] Blue ")), text


def test_play_help_lists_each_games_options_from_the_registry(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setitem(games.GAMES, "diceroll", games.Registration(
        engine="tests.bot.toygame", renderer="tests.bot.toygame"))
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    help_text = capsys.readouterr().out
    assert re.search(r"kuhlorado\s+Kuhlorado, 2 players; pro, sheet=1…10", help_text)
    assert re.search(r"hazienda\s+Hazienda, 2-5 players; map=symmetric\|asymmetric, "
                     r"variant1, variant2", help_text)
    assert re.search(r"diceroll\s+Dice Race", help_text)  # a new game appears by itself
    assert "variant=pro" not in help_text


def test_play_takes_options_spelled_as_on_discord(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    code, text = estancia(["play", "kuhlorado", "--options", "pro", "sheet=3", "--no-images",
                           "--seed", "1"], "quit\n", monkeypatch, capsys)
    assert code == 0, text + capsys.readouterr().err
    assert "Kuhlorado: Player 1, Player 2." in text


def test_an_unknown_game_lists_the_known_ones(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["play", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "there is no game called 'chess'. Games: kuhlorado, hazienda" in err
    assert cli.main(["play", "Hazienda", "--options", "nonsense", "--no-images"]) == 2


def _child_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "ESTANCIA_DB", "LOG_LEVEL", "REMINDERS",
                        "TURN_TIMEOUT_HOURS", "IMAGE_DIR")}
    env["PYTHONPATH"] = str(REPO)
    return env


def test_ctrl_c_at_the_prompt_stops_without_a_traceback(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "play", "kuhlorado", "--computer", "--no-images"],
        cwd=tmp_path, env=_child_env(tmp_path), stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    for line in child.stdout:  # wait for the first prompt
        if line.startswith("— Player 1 to move"):
            break
    time.sleep(0.2)  # the prompt's options are printed; input is being read
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "Stopped." in out


def test_piping_into_head_gives_no_broken_pipe_error(tmp_path: Path) -> None:
    done = subprocess.run(
        f"yes 1 | {sys.executable} -m bot.cli play kuhlorado --computer --no-images | head -3",
        shell=True, cwd=tmp_path, env=_child_env(tmp_path), capture_output=True, text=True,
        timeout=120)
    assert len(done.stdout.splitlines()) == 3
    assert "BrokenPipeError" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr == ""


def test_make_demo_plays_against_the_computer() -> None:
    done = subprocess.run(["make", "-n", "demo"], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert "estancia play kuhlorado --computer" in done.stdout




class Pipe(io.StringIO):
    """Standard output piped into a reader that may go away (``| head``)."""

    reader_gone = False

    def write(self, text: str) -> int:
        if self.reader_gone:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")
        return super().write(text)


def test_a_thinking_dot_the_reader_left_is_not_the_computers_failure(tmp_path: Path) -> None:
    """``estancia play … | head``: when head leaves while a computer thinks, the dot its
    step prints (from the computer seats' task) meets the closed pipe. That is not the
    computer's failure (its move was tried again with back-off while the game waited for
    it, and the process hung, once, in a full test run); the game's next line meets the
    pipe and ends the game quietly (``bot/cli.py``)."""
    sessions = SimpleNamespace(computers=SimpleNamespace(progress=None))
    out = Pipe()
    game = terminal.TerminalGame(sessions, terminal.TerminalOptions(game="kuhlorado"),
                                 lambda: None, out, tmp_path, echo=False)
    assert sessions.computers.progress == game._progress
    game.thinking("Computer")
    game._progress(1, None)
    out.reader_gone = True
    game._progress(1, None)  # raised BrokenPipeError into the computers' task
    game._progress(1, None)
    with pytest.raises(BrokenPipeError):
        game.say("Your turn")
    assert out.getvalue() == "Computer is thinking…."
