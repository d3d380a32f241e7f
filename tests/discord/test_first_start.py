"""`estancia run` on a first start: every failure is one line saying what to do
and a non-zero exit, never a traceback; a running bot says it is alive."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot.discord_ui.client import BAD_TOKEN
from bot.discord_ui.startup import heartbeat_path
from testkit.e2e.launcher import ModuleProcess, run_module
from testkit.fakediscord import FakeDiscord

TOKEN = "MTIzNDU2Nzg5.secret-token.value"
ROOT = Path(__file__).resolve().parents[2]
CLI_CHILD = "tests.discord.run_cli_child"


def child_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("REMINDERS", "TURN_TIMEOUT_HOURS", "DEV_GUILD_ID", "TIMEOUT_POLICY")}
    env.update({"DISCORD_TOKEN": TOKEN, "ESTANCIA_DB": str(tmp_path / "db" / "e.sqlite3"),
                "LOG_LEVEL": "INFO", "PYTHONPATH": str(ROOT)})
    env.update(extra)
    return env


async def estancia_run(api_url: str, gateway_url: str, env: dict[str, str],
                       cwd: Path) -> tuple[int, str, str]:
    """``estancia run`` in a process of its own (forked from one that imported the
    third-party libraries: :mod:`testkit.e2e.zygote`): exit status, stdout, stderr."""
    return await run_module(CLI_CHILD, [api_url, gateway_url], cwd, env, timeout=90)


def one_line(err: str) -> str:
    """The one line a failed start prints (log lines before it are allowed at INFO)."""
    assert "Traceback" not in err, err[-3000:]
    lines = [line for line in err.splitlines() if line.startswith("estancia: ")]
    assert len(lines) == 1, err[-3000:]
    return lines[0]


async def test_a_token_discord_refuses_is_one_line_and_exit_1(
        fake: FakeDiscord, tmp_path: Path) -> None:
    fake.inject("GET", r"^/users/@me$", status=401, code=0, message="401: Unauthorized")
    code, out, err = await estancia_run(fake.base_url, fake.gateway_url, child_env(tmp_path),
                                        tmp_path)
    assert code == 1
    assert one_line(err) == f"estancia: {BAD_TOKEN}"
    assert TOKEN not in err + out


@pytest.mark.parametrize("api_url", [
    "http://127.0.0.1:9/api/v10",  # nothing listens: connection refused
    "http://discord.invalid/api/v10",  # no such host: the DNS lookup fails
])
async def test_no_network_is_one_line_and_exit_1(tmp_path: Path, api_url: str) -> None:
    code, _out, err = await estancia_run(api_url, "ws://127.0.0.1:9/", child_env(tmp_path),
                                         tmp_path)
    assert code == 1
    line = one_line(err)
    assert line.startswith("estancia: cannot reach Discord (")
    assert line.endswith("check this machine's internet connection (DNS, proxy, firewall), "
                         "then start again.")


async def test_an_unwritable_database_folder_is_one_line_and_exit_2(
        fake: FakeDiscord, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        env = child_env(tmp_path, ESTANCIA_DB=str(locked / "sub" / "e.sqlite3"))
        code, _out, err = await estancia_run(fake.base_url, fake.gateway_url, env, tmp_path)
    finally:
        locked.chmod(0o700)
    assert code == 2
    assert one_line(err).startswith(f"estancia: cannot open the database {locked}/sub/e.sqlite3")
    assert "set ESTANCIA_DB in .env to a file in a folder this user can write to" in err


async def test_a_database_folder_that_cannot_be_made_is_one_line_and_exit_2(
        fake: FakeDiscord, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("not a folder")
    env = child_env(tmp_path, ESTANCIA_DB=str(tmp_path / "afile" / "e.sqlite3"))
    code, _out, err = await estancia_run(fake.base_url, fake.gateway_url, env, tmp_path)
    assert code == 2
    assert one_line(err).startswith(f"estancia: cannot open the database {tmp_path}/afile/")


async def test_a_database_path_that_is_a_folder_is_one_line_and_exit_2(
        fake: FakeDiscord, tmp_path: Path) -> None:
    (tmp_path / "adir").mkdir()
    env = child_env(tmp_path, ESTANCIA_DB=str(tmp_path / "adir"))
    code, _out, err = await estancia_run(fake.base_url, fake.gateway_url, env, tmp_path)
    assert code == 2
    assert one_line(err).startswith(f"estancia: cannot open the database {tmp_path}/adir")


async def test_a_log_level_nobody_knows_is_one_line_and_exit_2(
        fake: FakeDiscord, tmp_path: Path) -> None:
    env = child_env(tmp_path, LOG_LEVEL="verbose")
    code, _out, err = await estancia_run(fake.base_url, fake.gateway_url, env, tmp_path)
    assert code == 2
    assert "LOG_LEVEL: expected one of DEBUG, INFO, WARNING or ERROR, not 'verbose'" in one_line(err)


async def test_a_running_bot_touches_its_liveness_file(
        fake: FakeDiscord, tmp_path: Path) -> None:
    process = ModuleProcess(CLI_CHILD, [fake.base_url, fake.gateway_url], tmp_path,
                            child_env(tmp_path))
    alive = heartbeat_path(tmp_path / "db" / "e.sqlite3")
    try:
        for _ in range(600):
            if alive.exists():
                break
            await asyncio.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        code = await process.wait(30)
        assert alive.exists(), process.output()[1][-3000:]
        assert code == 0
    finally:
        process.close()


async def test_a_made_up_token_prints_only_its_one_line(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """No INFO line ("logging in using static token") before the one line."""
    fake.inject("GET", r"^/users/@me$", status=401, code=0, message="401: Unauthorized")
    code, out, err = await estancia_run(fake.base_url, fake.gateway_url, child_env(tmp_path),
                                        tmp_path)
    assert code == 1
    assert err.strip().splitlines() == [f"estancia: {BAD_TOKEN}"], err


async def test_a_dev_guild_the_bot_is_not_in_is_one_line(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """DEV_GUILD_ID of a server the bot was never invited to: Discord answers
    the command sync with 403 Missing Access (50001) — one line, not a traceback."""
    fake.inject("PUT", r"^/applications/\d+/guilds/\d+/commands$", status=403, code=50001,
                message="Missing Access")
    env = child_env(tmp_path, DEV_GUILD_ID="123456789012345678")
    code, out, err = await estancia_run(fake.base_url, fake.gateway_url, env, tmp_path)
    assert code == 1
    assert err.strip().splitlines() == [
        "estancia: DEV_GUILD_ID=123456789012345678 is a server the bot is not in (Discord "
        "refused it: Missing Access): invite the bot there (README: \"Create the Discord "
        "application and invite the bot\") or remove DEV_GUILD_ID from .env."], err


async def test_a_file_that_is_no_database_is_refused_before_connecting(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """Through `estancia run`: a file that is no database (the check at start
    reads and writes it, as the bot would)."""
    path = tmp_path / "db" / "e.sqlite3"
    path.parent.mkdir()
    path.write_text("not a database\n" * 50)
    code, _out, err = await estancia_run(fake.base_url, fake.gateway_url,
                                         child_env(tmp_path, ESTANCIA_DB=str(path)), tmp_path)
    assert code == 2
    assert one_line(err).startswith(f"estancia: cannot open the database {path} (file is not "
                                    "a database)")
