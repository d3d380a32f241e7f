"""The host: settings as people write them (an empty value, any
case, a misspelt name, a value that is not a number), the CPU workers from .env, and
the terminal's --out and --db given a path it cannot use — one clear line each."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import cli
from bot.core import cpu
from bot.discord_ui.startup import StartFailure, check_database
from bot.settings import Settings
from tests.bot.test_cli import clean_environment  # noqa: F401  (fixture)

SETTINGS = ("DISCORD_TOKEN", "ESTANCIA_DB", "DATABASE_URL", "DEV_GUILD_ID",
            "TURN_TIMEOUT_HOURS", "REMINDERS", "TIMEOUT_POLICY", "LOG_LEVEL", "IMAGE_DIR",
            "SHARD_COUNT", "SHARD_IDS", "ESTANCIA_CPU_WORKERS")


def test_an_empty_value_means_unset_for_every_setting(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("".join(f"{name}=\n" for name in SETTINGS))
    from_file = Settings(_env_file=env)
    default = Settings(_env_file=None)
    assert from_file.model_dump() == default.model_dump()


def test_an_empty_value_in_the_environment_means_unset_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SETTINGS:
        monkeypatch.setenv(name, "")
    assert Settings(_env_file=None).model_dump() == Settings(_env_file=None).model_dump()
    assert Settings(_env_file=None).turn_timeout_hours == 24.0


@pytest.mark.parametrize(("name", "typed", "read"), [
    ("TIMEOUT_POLICY", "Computer", "computer"),
    ("TIMEOUT_POLICY", " FORFEIT ", "forfeit"),
    ("LOG_LEVEL", "debug", "DEBUG"),
])
def test_words_are_read_in_any_case(monkeypatch: pytest.MonkeyPatch, name: str, typed: str,
                                    read: str) -> None:
    monkeypatch.setenv(name, typed)
    assert getattr(Settings(_env_file=None), name.lower()) == read


def test_reminders_that_are_not_numbers_say_how_to_write_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REMINDERS", "abc")
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None)
    assert "like 12,2" in str(refused.value)
    assert "could not convert" not in str(refused.value)


def test_a_misspelt_setting_is_named_with_the_closest_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture) -> None:
    (tmp_path / ".env").write_text("TURN_TIMEOUT=5\nREMINDER=2\nLOG_LEVEL=INFO\n"
                                   "POLICY=forfeit\nPOSTGRES_PASSWORD=x\n")
    monkeypatch.setenv("SHARD_ID", "1")
    from bot.settings import settings_warnings

    warnings = settings_warnings(os.environ, tmp_path / ".env")
    assert any("TURN_TIMEOUT in .env is not a setting: did you mean TURN_TIMEOUT_HOURS?"
               in w for w in warnings), warnings
    assert any("REMINDER in .env" in w and "REMINDERS?" in w for w in warnings), warnings
    assert any("SHARD_ID in the environment" in w and "SHARD_IDS?" in w for w in warnings)
    assert any("POLICY in .env" in w and "TIMEOUT_POLICY?" in w for w in warnings)
    assert not any("LOG_LEVEL" in w or "PATH" in w or "HOME" in w for w in warnings)
    assert not any("POSTGRES_PASSWORD" in w for w in warnings)  # Docker Compose's
    assert cli.main(["health"]) == 1  # any command says so, on stderr
    err = capsys.readouterr().err
    assert "did you mean TURN_TIMEOUT_HOURS?" in err


def test_the_cpu_workers_come_from_env_too(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cpu.ENV_WORKERS, raising=False)
    monkeypatch.setattr(cpu, "_configured", None)
    (tmp_path / ".env").write_text("ESTANCIA_CPU_WORKERS=3\n")
    settings = Settings()  # .env of the working folder
    assert settings.estancia_cpu_workers == 3
    cli.apply(settings)
    assert cpu.workers() == 3


def test_a_read_only_database_file_is_refused_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database file this user may only read: SQLite then opens it read-only without a
    word (here it is opened so on purpose: the tests may run as root, who can write any
    file) and only the first write fails — the check at start must find it."""
    import sqlite3

    from bot.discord_ui import startup

    path = tmp_path / "e.sqlite3"
    check_database(path)  # a new one: made and writable
    real = sqlite3.connect

    def read_only(database: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        return real(f"file:{database}?mode=ro", uri=True)

    monkeypatch.setattr(startup.sqlite3, "connect", read_only)
    with pytest.raises(StartFailure, match="readonly|read-only"):
        check_database(path)


def test_a_file_that_is_no_database_is_refused_at_start(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(StartFailure, match="not a database"):
        check_database(path)
    assert path.read_text() == "shopping list\n" * 100  # and left as it was


@pytest.mark.parametrize("flag", ["--out", "--db"])
@pytest.mark.parametrize("where", ["/proc/x", "a file", "a folder"])
def test_the_terminals_paths_that_cannot_be_used_are_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
        flag: str, where: str) -> None:
    if where == "a file":
        path = tmp_path / "notes.txt"
        path.write_text("shopping list\n")
    elif where == "a folder":
        path = tmp_path / "folder"
        path.mkdir()
        if flag == "--out":
            pytest.skip("a folder is what --out wants")
    else:
        path = Path(where)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    code = cli.main(["play", "diceroll", "--seed", "1", flag, str(path)])
    captured = capsys.readouterr()
    assert code == 2, captured.out + captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"estancia play: {flag} "), captured.err
    assert "Traceback" not in captured.err + captured.out
