"""A test that hangs must fail the run loudly, never stall CI.

pytest's own ``faulthandler_timeout`` (pyproject) dumps every thread's stack when a test
runs past it, and lets it go on. Past :data:`HANG_LIMIT` this plugin gives up on the run:
it writes which test hung, every thread's stack and every asyncio task's stack (a test
waiting forever on an idle event loop shows nothing useful in the thread stacks: the loop
sits in its selector) to stderr, and exits the process with status 1.

``ESTANCIA_TEST_HANG_LIMIT`` (seconds; 0 turns the guard off) overrides the limit.
Long runs marked ``soak`` are not guarded.
"""

from __future__ import annotations

import asyncio
import faulthandler
import os
import threading
from collections.abc import Iterator

import pytest

#: Seconds one test may run before the whole run is stopped as hung: far above the
#: slowest test of ``make test``; a hang guard, not a speed limit.
HANG_LIMIT = float(os.environ.get("ESTANCIA_TEST_HANG_LIMIT", "900"))

#: Event loops running now (pytest-asyncio gives each test its own).
_running_loops: set[asyncio.AbstractEventLoop] = set()
_run_forever = asyncio.BaseEventLoop.run_forever


def _tracked_run_forever(self: asyncio.BaseEventLoop) -> None:
    _running_loops.add(self)
    try:
        _run_forever(self)
    finally:
        _running_loops.discard(self)


def asyncio_task_stacks() -> str:
    """Every task of every running loop, with where it waits (read from another thread:
    best effort, for a diagnosis only)."""
    lines: list[str] = []
    for loop in list(_running_loops):
        try:
            tasks = list(asyncio.all_tasks(loop))
        except RuntimeError:  # the set changed while we read it
            continue
        for task in tasks:
            lines.append(f"--- {task!r}")
            for frame in task.get_stack():
                code = frame.f_code
                lines.append(f'  File "{code.co_filename}", line {frame.f_lineno}, '
                             f"in {code.co_name}")
    return "\n".join(lines) or "(no asyncio tasks)"


#: The real stderr, kept at configure time (pytest captures fd 2 while a test runs).
_stderr_fd: int | None = None


def _give_up(nodeid: str) -> None:
    err = os.fdopen(os.dup(2 if _stderr_fd is None else _stderr_fd), "w")
    err.write(f"\n\n===== HUNG: {nodeid} still running after {HANG_LIMIT:.0f} s; "
              "stopping the test run =====\n===== asyncio tasks =====\n")
    err.write(asyncio_task_stacks() + "\n===== threads =====\n")
    err.flush()
    faulthandler.dump_traceback(file=err, all_threads=True)
    err.flush()
    os._exit(1)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if HANG_LIMIT <= 0 or item.get_closest_marker("soak") is not None:
        yield
        return
    watchdog = threading.Timer(HANG_LIMIT, _give_up, (item.nodeid,))
    watchdog.daemon = True
    watchdog.start()
    try:
        yield
    finally:
        watchdog.cancel()


def pytest_configure(config: pytest.Config) -> None:
    global _stderr_fd
    _stderr_fd = os.dup(2)
    asyncio.BaseEventLoop.run_forever = _tracked_run_forever  # type: ignore[method-assign]


def pytest_unconfigure(config: pytest.Config) -> None:
    asyncio.BaseEventLoop.run_forever = _run_forever  # type: ignore[method-assign]
