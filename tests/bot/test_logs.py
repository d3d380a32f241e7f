"""Logs clip user input too (a refusal repeating 6000 typed characters is logged
when Discord cannot be answered)."""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path

import pytest

from bot import cli

LIMIT = 500  # bot.logs.LOG_MESSAGE_LIMIT


def test_estancia_run_clips_a_log_line_carrying_6000_typed_characters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("ESTANCIA_DB", str(tmp_path / "e.sqlite3"))
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh process
    monkeypatch.setattr(root, "level", root.level)

    def run_bot(settings: object) -> None:
        log = logging.getLogger("bot.discord_ui.client")
        log.warning("could not answer interaction %s (%s)", 42,
                    "There is no game called " + "x" * 6000)
        log.warning("short %s", "message")

    fake_client = types.ModuleType("bot.discord_ui.client")
    fake_client.run_bot = run_bot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord_ui.client", fake_client)
    try:
        assert cli.main(["run"]) == 0
    finally:
        for handler in root.handlers:
            handler.close()
    lines = capsys.readouterr().err.splitlines()
    [long_line] = [line for line in lines if "could not answer" in line]
    assert "There is no game called xxx" in long_line
    assert long_line.endswith("more characters)") and len(long_line) < LIMIT + 120
    assert lines[-1].endswith("short message")
