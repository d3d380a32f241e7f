"""``run_bot`` as a process: it connects, serves, stops cleanly on SIGTERM, never logs the token."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from testkit.fakediscord import FakeDiscord

TOKEN = "MTIzNDU2Nzg5.secret-token.value"
ROOT = Path(__file__).resolve().parents[2]


async def test_run_bot_serves_until_sigterm_and_never_logs_the_token(
        fake: FakeDiscord, tmp_path: Path) -> None:
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "ESTANCIA_DB": str(tmp_path / "db" / "e.sqlite3"),
           "DEV_GUILD_ID": str(fake.guild.id), "LOG_LEVEL": "DEBUG"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord.run_bot_child", fake.base_url, fake.gateway_url,
        env=env, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    output = asyncio.create_task(process.communicate())
    serving = asyncio.create_task(
        fake.wait_for(lambda: fake.identifies and str(fake.guild.id) in fake.commands, 30))
    await asyncio.wait({output, serving}, return_when=asyncio.FIRST_COMPLETED)
    if not output.done():
        process.send_signal(signal.SIGTERM)
    out, err = await asyncio.wait_for(output, 30)
    log = (out + err).decode()
    assert serving.done() and serving.exception() is None, log[-3000:]
    assert process.returncode == 0, log[-3000:]
    assert fake.identifies[0]["token"] == TOKEN
    assert [c["name"] for c in fake.commands[str(fake.guild.id)]] == ["estancia"]
    assert "synced 1 commands to the development guild" in log
    assert TOKEN not in log and "secret-token" not in log
    assert (tmp_path / "db" / "e.sqlite3").exists()
