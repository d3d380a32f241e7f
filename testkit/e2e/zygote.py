"""Bot processes for the tests, forked from one that imported the bot's libraries once.

A bot process spends about a second and a half of CPU importing discord.py, aiohttp,
SQLAlchemy, Alembic, pydantic and Pillow before it does anything, and the end-to-end tests
start one some sixty times. ``python -m testkit.e2e.zygote`` imports those libraries
(:data:`PRELOAD`) and the games' engines and renderers (which read nothing from the
environment), then forks a child per request. The child is then set up as a fresh
``python -m testkit.e2e.bot_process`` would be: a session of its own, its working directory
and environment, its log file as stdout and stderr, and only then imports the bot's own
modules (``bot/``: so that everything they read from the environment at import time, such
as ``ESTANCIA_CLAIM_SECONDS``, is read in the child's). It exits as an interpreter does
(``atexit`` handlers, exit status, death by signal).

Any other module may be run the same way (``"module"`` and its ``"argv"``, with stdout and
stderr to files of their own: ``tests/discord/test_first_start.py`` runs the real
``estancia run`` so).

Protocol, one JSON object per line. Requests on stdin: ``{"cwd", "env", "log"}``, optionally
``"module"`` (default :data:`MODULE`), ``"argv"`` and ``"stderr"`` (a file apart from the
log, which then takes stdout alone). Answers
on stdout: ``{"started": pid}`` for each request, ``{"exited": pid, "code": returncode}``
when a child ends (a negative code: killed by that signal, as :mod:`subprocess` says).
The zygote leaves when its stdin closes or its parent dies; its children die with it.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import importlib
import json
import os
import runpy
import selectors
import signal
import sys
import traceback
from typing import Any

import games
import renderer

#: The libraries every bot process imports, slowest first (``python -X importtime``).
PRELOAD = ("sqlalchemy", "sqlalchemy.ext.asyncio", "sqlalchemy.dialects.postgresql.asyncpg",
           "aiohttp", "discord", "discord.ext.commands", "alembic.command",
           "alembic.config", "alembic.runtime.migration", "alembic.script", "aiosqlite",
           "asyncpg", "pydantic", "pydantic_settings", "babel", "PIL.Image",
           "PIL.ImageDraw", "PIL.ImageFont")
MODULE = "testkit.e2e.bot_process"


def die_with_parent() -> None:
    """SIGKILL this process when its parent dies (Linux prctl PR_SET_PDEATHSIG)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become the bot process; never returns."""
    code: int = 1
    try:
        os.setsid()
        die_with_parent()
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        for fd, path in ((1, request["log"]), (2, request.get("stderr", request["log"]))):
            out = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            os.dup2(out, fd)
            os.close(out)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        module = request.get("module", MODULE)
        sys.argv = [module, *request.get("argv", [])]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as leaving:
        if leaving.code is None or isinstance(leaving.code, int):
            code = leaving.code or 0
        else:
            print(leaving.code, file=sys.stderr)
    except KeyboardInterrupt:
        _exit_by(signal.SIGINT)  # as an interpreter does on an uncaught Ctrl-C
    except BaseException:
        traceback.print_exc()
    _exit(code)


def _exit(code: int) -> None:
    with contextlib.suppress(BaseException):
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BaseException):
            stream.flush()
    os._exit(code)


def _exit_by(sig: signal.Signals) -> None:
    with contextlib.suppress(BaseException):
        atexit._run_exitfuncs()
    signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
    os._exit(128 + sig)


def _tell(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def _reap() -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _tell({"exited": pid, "code": os.waitstatus_to_exitcode(status)})


def serve() -> None:
    die_with_parent()
    for name in PRELOAD:
        importlib.import_module(name)
    for game in games.available_games():
        renderer.renderer_of(game)
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ)
    pending = b""
    while True:
        if selector.select(timeout=0.05):
            chunk = os.read(0, 65536)
            if not chunk:  # the tests are done
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                sys.stdout.flush()
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    _child(json.loads(line))
                _tell({"started": pid})
        _reap()


if __name__ == "__main__":
    serve()
