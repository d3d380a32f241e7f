"""``estancia run`` and ``estancia play`` (the terminal front end on the same Sessions)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import games
from bot import cli
from bot.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def estancia(
    args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(args)
    return code, capsys.readouterr().out


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No developer's .env or environment leaks into these tests."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "ESTANCIA_DB", "TURN_TIMEOUT_HOURS", "REMINDERS",
                 "TIMEOUT_POLICY", "IMAGE_DIR", "DEV_GUILD_ID", "LOG_LEVEL",
                 "LC_ALL", "LC_MESSAGES", "LANG"):  # the terminal speaks their language
        monkeypatch.delenv(name, raising=False)


def test_a_whole_game_against_the_computer_from_piped_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    out = tmp_path / "boards"
    code, text = estancia(
        ["play", "diceroll", "--computer", "--seed", "5", "--out", str(out), "--name", "Ana"],
        "1\n" * 200, monkeypatch, capsys,
    )
    assert code == 0, text
    assert "Dice Race: Ana, Computer (normal)." in text
    assert "[channel] Ana opened a game of Dice Race." in text
    assert re.search(r"\[channel\] Final scores: Ana \d+, Computer \(normal\) \d+\. Winner: [\w ()]+\.", text)
    assert text.rstrip().endswith("Game over.")
    boards = re.findall(r"board: (\S+)", text)
    assert boards and all(Path(p).read_bytes().startswith(b"\x89PNG") for p in boards)
    assert {Path(p).parent for p in boards} == {out}
    assert "> 1" in text  # piped input is echoed so a transcript reads well


def test_hot_seat_commands_and_refusals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    lines = ["add2", "undo", "undo", "Add 1", "log", "scores", "board", "nonsense", "9",
             "help", "quit"]
    code, text = estancia(["play", "diceroll", "--seed", "5", "--out", str(tmp_path)],
                          "\n".join(lines) + "\n", monkeypatch, capsys)
    assert code == 0, text
    assert "Dice Race: Player 1, Player 2." in text
    assert "You took back: Add 2." in text
    assert "There is nothing to take back yet." in text
    assert "adds 1." in text  # an option typed by its label
    assert re.search(r"#\d+ The game began\.", text)
    assert re.search(r"Player 1: \d+ \(points \d+, bonus 0\)", text)
    assert "No option 'nonsense'" in text and "No option '9'" in text
    assert "Type a number, a place (e2) or an option's name" in text
    assert "Stopped. The game was not saved (use --db FILE to keep one)." in text


def test_input_ending_early_keeps_the_game_for_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    db = tmp_path / "saved.sqlite3"
    args = ["play", "diceroll", "--computer", "--seed", "5", "--db", str(db),
            "--out", str(tmp_path)]
    code, text = estancia(args, "1\n", monkeypatch, capsys)
    assert code == 1
    assert f"Input ended before the game did. Saved in {db}" in text
    monkeypatch.setitem(games.GAMES, "other", games.Registration(
        engine="tests.bot.toygame", renderer="tests.bot.toygame"))
    code, text = estancia(["play", "other", "--db", str(db)], "", monkeypatch, capsys)
    assert code == 2
    assert "holds a game of Dice Race in progress: play diceroll to resume it" in text
    code, text = estancia(args, "1\n" * 200, monkeypatch, capsys)
    assert code == 0
    assert "Resuming game #1 of Dice Race" in text and "Game over." in text
    code, text = estancia(args, "quit\n", monkeypatch, capsys)  # finished: a new game
    assert code == 0 and "Resuming" not in text and "Player 1 opened a game" in text


def test_play_refuses_unknown_games_and_bad_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    code = cli.main(["play", "chess"])
    assert code == 2 and "there is no game called 'chess'." in capsys.readouterr().err
    code, text = estancia(["play", "diceroll", "--options", "target=1"], "", monkeypatch, capsys)
    assert code == 2 and "Invalid options for Dice Race: target" in text
    code = cli.main(["play", "diceroll", "--options", "=3"])
    assert code == 2 and "an option needs a name" in capsys.readouterr().err


def test_option_values_are_typed() -> None:
    from bot.terminal.play import parse_option_words

    assert parse_option_words("pro=true sheet=3 w=0.5 name=b x=off") == {
        "pro": True, "sheet": 3, "w": 0.5, "name": "b", "x": False,
    }


def test_run_without_a_token_says_what_to_do(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == cli.NO_TOKEN + "\n"


def test_run_starts_the_bot_with_the_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    started: list[Settings] = []
    fake_client = types.ModuleType("bot.discord_ui.client")
    fake_client.run_bot = started.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord_ui.client", fake_client)
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=sekrit-token\nESTANCIA_DB=state/games.sqlite3\nREMINDERS=1, 6\n"
    )
    assert cli.main(["run"]) == 0
    [settings] = started
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "sekrit-token"
    assert settings.reminders == (6.0, 1.0)
    assert (tmp_path / "state").is_dir()  # the database folder is made
    assert "sekrit" not in repr(settings) and "sekrit" not in str(capsys.readouterr())


def test_invalid_settings_are_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("TIMEOUT_POLICY", "shrug")
    assert cli.main(["run"]) == 2
    assert "invalid settings" in capsys.readouterr().err


def test_settings_defaults_and_blanks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    monkeypatch.setenv("DEV_GUILD_ID", "")
    settings = Settings()
    assert settings.discord_token is None and settings.dev_guild_id is None
    assert settings.estancia_db == Path("data/estancia.sqlite3")
    assert (settings.turn_timeout_hours, settings.reminders, settings.timeout_policy) == (
        24.0, (12.0, 2.0), "computer"
    )
    monkeypatch.setenv("REMINDERS", "0,2")
    with pytest.raises(ValueError, match="must be > 0"):
        Settings()


def test_env_example_lists_every_setting() -> None:
    example = (REPO / ".env.example").read_text()
    for name in Settings.model_fields:
        assert re.search(rf"^#? ?{name.upper()}=", example, re.M), name


def test_the_terminal_plays_computers_at_a_level_and_gives_hints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """``--level`` sets the computer seats' level (their names say it), ``hint``
    prints the computer's suggestion for the decision, and while the computers play the
    terminal shows that they are getting on (a dot per step they play)."""
    code, text = estancia(
        ["play", "diceroll", "--computer", "--level", "hard", "--seed", "5", "--no-images"],
        "hint\n" + "1\n" * 200, monkeypatch, capsys,
    )
    assert code == 0, text
    assert "Dice Race: Player 1, Computer (hard)." in text
    lines = text.splitlines()
    start = lines.index("> hint")
    assert lines[start + 1].strip().startswith("The computer's suggestion, from what you can see")
    assert lines[start + 2].strip().startswith("1. ")
    assert "hint" in lines[0]  # told among the commands
    assert re.search(r"is thinking…\.+$", text, re.M), "a dot per computer step"
