"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import cpu


@pytest.fixture(autouse=True)
def cpu_work_in_threads() -> Iterator[None]:
    """CPU work runs in a thread of the test process, where test games registered at run
    time and monkeypatched renderers are seen (tests/bot/test_cpu.py starts real worker
    processes). A bot process started by a test uses its own pool, as in production."""
    cpu.configure(0)
    yield
    cpu.configure(None)
