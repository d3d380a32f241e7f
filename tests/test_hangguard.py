"""The hang guard (tests/hangguard.py): a test that waits forever on an idle event loop
stops the run with status 1, naming the test and showing where each asyncio task waits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]

HANGING_TEST = '''
import asyncio


async def never_set(event):
    await event.wait()


async def test_waits_forever():
    await asyncio.create_task(never_set(asyncio.Event()), name="the-lost-wake-up")
'''


def test_a_test_waiting_forever_stops_the_run_with_the_task_stacks(tmp_path: Path) -> None:
    (tmp_path / "test_hanging.py").write_text(HANGING_TEST)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.hangguard",
         "--rootdir", str(tmp_path), "-o", "asyncio_mode=auto", str(tmp_path)],
        cwd=REPO_ROOT, env={"PATH": "/usr/bin:/bin", "ESTANCIA_TEST_HANG_LIMIT": "2"},
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "HUNG: test_hanging.py::test_waits_forever" in run.stderr, run.stderr
    assert "the-lost-wake-up" in run.stderr and "in never_set" in run.stderr, run.stderr
