"""Start, stop and kill -9 the real bot process against an :class:`E2EFakeDiscord`.

The process is ``python -m testkit.e2e.bot_process`` (the real ``estancia run`` with
discord.py pointed at the fake), run in a temporary working directory so no ``.env``
of the developer's is read, with a fake token and its own SQLite file. Its output
(the bot's log) goes to a file the tests read.

It is forked from a :mod:`testkit.e2e.zygote` that imported the third-party libraries
and the games' engines and renderers once (``fresh=True``: a new interpreter, as
``make bench`` measures the memory of one).
:class:`ModuleProcess` runs any other module so (``tests/discord/test_first_start.py``:
``estancia run`` on a first start); ``tests/discord/test_run_bot.py`` starts new
interpreters.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.zygote import die_with_parent

REPO_ROOT = Path(__file__).resolve().parents[2]
FAKE_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.fake-e2e.token-never-to-be-logged-0123456789"
#: Generous hang guards (never assertions about speed).
START_TIMEOUT = 60.0
STOP_TIMEOUT = 20.0


class _Zygote:
    """The test process's :mod:`testkit.e2e.zygote` and the exit codes of its children."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "testkit.e2e.zygote"], cwd=REPO_ROOT,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, preexec_fn=die_with_parent)
        self.exited: dict[int, int] = {}
        self._started: queue.Queue[int] = queue.Queue()
        self._lock = threading.Lock()
        threading.Thread(target=self._listen, name="e2e-zygote", daemon=True).start()

    def _listen(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            answer = json.loads(line)
            if "started" in answer:
                self._started.put(answer["started"])
            else:
                self.exited[answer["exited"]] = answer["code"]

    def fork(self, cwd: Path, env: dict[str, str], log: Path, **more: object) -> int:
        """A child running the bot process, or ``more``'s module (see the zygote's
        protocol); its process id."""
        assert self.proc.stdin is not None
        request = {"cwd": str(cwd), "env": env, "log": str(log), **more}
        with self._lock:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
            return self._started.get(timeout=START_TIMEOUT)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(STOP_TIMEOUT)


_zygote: _Zygote | None = None


def _the_zygote() -> _Zygote:
    global _zygote
    if _zygote is None or _zygote.proc.poll() is not None:
        _zygote = _Zygote()
        atexit.register(_zygote.close)
    return _zygote


class _Forked:
    """A child of the zygote, with the part of :class:`subprocess.Popen` the tests use."""

    def __init__(self, zygote: _Zygote, pid: int) -> None:
        self.zygote = zygote
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.zygote.exited.pop(self.pid, None)
        return self.returncode


class ModuleProcess:
    """``python -m module argv…`` in ``cwd`` with exactly ``env``, forked from the zygote,
    its stdout and stderr kept apart in files (the tests of a first start run the real
    ``estancia run`` so)."""

    def __init__(self, module: str, argv: list[str], cwd: Path, env: dict[str, str]) -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="estancia-module-"))
        zygote = _the_zygote()
        self.proc = _Forked(zygote, zygote.fork(
            cwd, env, self._dir / "stdout", module=module, argv=argv,
            stderr=str(self._dir / "stderr")))

    def send_signal(self, sig: signal.Signals) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, sig)

    async def wait(self, timeout: float) -> int:
        """Its exit status (negative: the signal that ended it); after ``timeout``
        seconds it is killed and the wait fails."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (code := self.proc.poll()) is None:
            if loop.time() > deadline:
                os.killpg(self.proc.pid, signal.SIGKILL)
                raise AssertionError(f"python -m … did not exit in {timeout} s:\n"
                                     f"{self.output()[1][-3000:]}")
            await asyncio.sleep(0.02)
        return code

    def output(self) -> tuple[str, str]:
        """What it wrote on stdout and on stderr."""
        return self._read("stdout"), self._read("stderr")

    def _read(self, name: str) -> str:
        path = self._dir / name
        return path.read_text(errors="replace") if path.exists() else ""

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


async def run_module(module: str, argv: list[str], cwd: Path, env: dict[str, str],
                     timeout: float) -> tuple[int, str, str]:
    """:class:`ModuleProcess` to its end: exit status, stdout, stderr."""
    process = ModuleProcess(module, argv, cwd, env)
    try:
        code = await process.wait(timeout)
        return (code, *process.output())
    finally:
        process.close()


class BotProcess:
    """One bot process at a time; :meth:`start` again after a stop or a kill restarts it."""

    def __init__(self, fake: E2EFakeDiscord, workdir: Path, env: dict[str, str] | None = None,
                 fresh: bool = False):
        self.fake = fake
        self.fresh = fresh
        self.workdir = workdir
        #: Its database: the SQLite file, or the PostgreSQL URL given as DATABASE_URL.
        self.db_path: Path | str = (env or {}).get("DATABASE_URL") or workdir / "estancia.sqlite3"
        self.log_path = workdir / "bot.log"
        self.extra_env = dict(env or {})
        self.proc: subprocess.Popen[bytes] | _Forked | None = None
        self.starts = 0
        self.exit_codes: list[int] = []

    # -- environment -----------------------------------------------------------------
    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DISCORD_", "ESTANCIA_", "TURN_", "REMINDERS",
                                    "TIMEOUT_", "LOG_LEVEL", "DEV_GUILD", "DATABASE_URL"))}
        env.update({
            "PYTHONPATH": str(REPO_ROOT),
            "PYTHONUNBUFFERED": "1",
            "E2E_DISCORD_API": self.fake.base_url,
            "E2E_DISCORD_GATEWAY": self.fake.gateway_url,
            "DISCORD_TOKEN": FAKE_TOKEN,
            "ESTANCIA_DB": str(self.db_path),
            "DEV_GUILD_ID": str(self.fake.guild.id),
            "LOG_LEVEL": "INFO",
            "TURN_TIMEOUT_HOURS": "0",
        })
        env.update(self.extra_env)
        return env

    # -- life cycle ------------------------------------------------------------------
    async def start(self, wait: bool = True) -> None:
        assert not self.running, "the bot is already running"
        self.workdir.mkdir(parents=True, exist_ok=True)
        identified = len(self.fake.identifies)
        log = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child
        try:
            log.write(f"\n===== start {self.starts + 1} =====\n".encode())
            log.flush()
            if not self.fresh:
                zygote = _the_zygote()
                self.proc = _Forked(zygote, zygote.fork(self.workdir, self.environment(),
                                                        self.log_path))
            else:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "testkit.e2e.bot_process"],
                    cwd=self.workdir, env=self.environment(), stdout=log,
                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                    preexec_fn=die_with_parent,
                )
        finally:
            log.close()
        self.starts += 1
        if wait:
            await self.wait_connected(identified)

    async def wait_connected(self, identified_before: int) -> None:
        """Until the new process has IDENTIFIED on the fake gateway (and got READY)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_TIMEOUT
        while len(self.fake.identifies) <= identified_before or not self.fake.connected:
            if self.proc is None or self.proc.poll() is not None:
                raise AssertionError(f"the bot exited while starting:\n{self.log_tail()}")
            if loop.time() > deadline:
                raise AssertionError(f"the bot did not connect:\n{self.log_tail()}")
            await asyncio.sleep(0.05)
        # READY and GUILD_CREATE went out on the same socket before anything we dispatch.

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def stop(self) -> int:
        """Ctrl-C, as a person stops ``make run``; kill -9 if it does not exit."""
        return await self._signal_and_reap(signal.SIGINT)

    async def terminate(self) -> int:
        """SIGTERM, as ``docker stop`` stops the container."""
        return await self._signal_and_reap(signal.SIGTERM)

    async def kill9(self) -> int:
        return await self._signal_and_reap(signal.SIGKILL)

    def kill9_now(self) -> None:
        """Synchronous kill -9 (for hooks that run inside the fake's request handler)."""
        if self.running:
            os.killpg(self.pid, signal.SIGKILL)

    async def _signal_and_reap(self, sig: signal.Signals) -> int:
        proc = self.proc
        if proc is None:
            return 0
        if proc.poll() is None:
            os.killpg(proc.pid, sig)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_TIMEOUT
        while (code := proc.poll()) is None:
            if loop.time() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                deadline = loop.time() + STOP_TIMEOUT
            await asyncio.sleep(0.05)
        self.exit_codes.append(code)
        self.proc = None
        # Let the fake notice the closed gateway socket.
        for _ in range(100):
            if not self.fake.connected:
                break
            await asyncio.sleep(0.02)
        return code

    async def close(self) -> None:
        """Teardown: never leave a process behind."""
        if self.proc is not None:
            await self.kill9()

    # -- observations ----------------------------------------------------------------
    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def peak_memory_kib(self) -> int | None:
        """VmHWM (peak resident set) of the running process, from /proc."""
        if not self.running:
            return None
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None
