"""Issue 8: logs clip user input too."""

from __future__ import annotations

import io
import logging

import pytest

from bot.logs import LOG_MESSAGE_LIMIT, configure_logging


def test_a_log_line_carrying_6000_characters_of_user_input_is_clipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    configure_logging("INFO")
    logging.getLogger("estancia.test").warning("component %s failed", "est:" + "x" * 6000)
    [line] = stream.getvalue().splitlines()
    assert "component est:xxx" in line and line.endswith("more characters)")
    assert len(line) < LOG_MESSAGE_LIMIT + 120
    logging.getLogger("estancia.test").warning("short %s", "message")
    assert stream.getvalue().splitlines()[-1].endswith("short message")
    for handler in root.handlers:
        handler.close()
