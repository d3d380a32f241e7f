"""CPU-heavy work off the event loop: board renders and computer players.

``await cpu.run(fn, *args)`` runs a picklable top-level function in a pool of worker
processes, one per core, and hands the result back to the event loop. Drawing text and
searching moves hold the GIL, so threads would not spread them over the cores, and a
computer thinking for seconds in the bot's own process would stall every other game.

* The pool starts lazily (first call, or :func:`warm_up` as the bot starts). Its workers
  are forked from a server process (the ``forkserver`` start method) that imported the
  games and renderers once: never a fork of the bot, which holds a database connection,
  sockets and an event loop, and a pool of N workers costs one import of everything, not
  N (about half a second of CPU each). Where there is no fork server, ``spawn``.
* ``ESTANCIA_CPU_WORKERS`` overrides the size; ``0`` runs the work in a thread of this
  process instead (what :func:`configure` ``(0)`` does for in-process tests, where a
  monkeypatched renderer or a test game registered at run time must be seen).
* A worker that dies (killed, out of memory) breaks the pool: the call is tried once
  more in a new pool, so one crash costs one retry, not the bot.
* The caller's active locale (:mod:`games.i18n`) goes with the work: a board, a recap or
  a computer's labels come back in the language they were asked in.
* :func:`shutdown` stops the workers (the bot calls it on close; it also runs at exit).

Helpers below name games and renderers by *module path* (``"games.hazienda"``), which a
fresh worker can import, rather than by the registries' names, which tests extend at
run time.

The active language (:mod:`games.i18n`) is a context variable of this process: a worker
does not see it, so every function below that produces texts or images takes the
``locale`` to work in.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import heapq
import importlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import renderer
from games import i18n
from renderer.palettes import palette_for

log = logging.getLogger(__name__)

T = TypeVar("T")

ENV_WORKERS = "ESTANCIA_CPU_WORKERS"
#: Workers run at a lower priority than the bot process, whose event loop acknowledges
#: every click within Discord's 3 seconds: boards and computers take the spare CPU.
WORKER_NICENESS = 10

#: Tasks handed to the pool per worker: each worker has its next task waiting beside it,
#: so that one finishing starts the next at once, rather than idling while its result
#: goes back to the event loop and the next task comes out. Measured in bursts of 500
#: Kuhlorado games (bench.load): with one, the cores were 82 % busy and 77 boards/s
#: were posted; with two, 93 % and 89/s (three: 94/s, within the noise).
QUEUED_PER_WORKER = 2

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_lanes: _Lanes | None = None
#: Pools :func:`shutdown` stopped: work they broke off is not tried again in a new one.
_stopped: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
_configured: int | None = None


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers() -> int:
    """Worker processes the pool uses (0: work runs in a thread of this process)."""
    if _configured is not None:
        return _configured
    text = os.environ.get(ENV_WORKERS, "").strip()
    if text:
        try:
            return max(0, int(text))
        except ValueError:
            log.warning("%s=%r is not a number; using one worker per core", ENV_WORKERS, text)
    return cores()


def configure(count: int | None) -> None:
    """Set the pool size (None: from the environment, else one per core; 0: threads).
    A running pool is shut down; the next call starts one of the new size."""
    global _configured
    shutdown()
    _configured = count


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bot.core.cpu_server"])
    return context


def _warm(bot: int) -> None:
    """Worker start-up: leave when the bot is gone (a ``kill -9`` of the bot must not leave
    workers behind). The bot is not a worker's parent (the fork server is, and it stays as
    long as its workers do), so the worker watches the bot's process id."""
    # Ctrl-C reaches the whole process group: the bot stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A SIGTERM ends a worker (:func:`shutdown`, a stop of the group), though the fork
    # server it comes from ignores it (:mod:`bot.core.cpu_server`).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # The bot's own process answers clicks: when the cores are short, it goes first.
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while _running(bot):
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="estancia-cpu-orphan-watch", daemon=True).start()


def _running(pid: int) -> bool:
    """The process is there and no zombie (a killed bot's zombie waits for its parent)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # no /proc (not Linux): the signal check is all there is
        return True


def _get_pool() -> tuple[ProcessPoolExecutor, _Lanes]:
    global _pool, _lanes
    with _lock:
        if _pool is None or _lanes is None:
            count = workers()
            _pool = ProcessPoolExecutor(
                max_workers=count, mp_context=_context(),
                initializer=_warm, initargs=(os.getpid(),),
            )
            _lanes = _Lanes(count)
            log.info("CPU pool started: %s worker processes", count)
        return _pool, _lanes


def _drop_pool(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


class _Lanes:
    """Hands the pool's workers out, :data:`QUEUED_PER_WORKER` tasks each, to the work
    someone is waiting for (boards, decision images) before computer players' steps, and
    lets computers run at most ``workers - 1`` steps at once (one with a single worker):
    a board waits for no computer."""

    def __init__(self, workers: int, queued: int = QUEUED_PER_WORKER) -> None:
        self.free = workers * queued
        self.computer_slots = max(1, workers - 1)
        self.computers = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def _may_start(self, background: bool) -> bool:
        return self.free > 0 and (not background or self.computers < self.computer_slots)

    async def acquire(self, background: bool) -> None:
        # Whoever waits could not start when a slot last came free: none may start now.
        if self._may_start(background):
            self._take(background)
            return
        waiter = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(background), next(self._order), waiter))
        try:
            await waiter
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self.release(background)  # handed a slot just as it was cancelled
            raise

    def _take(self, background: bool) -> None:
        self.free -= 1
        self.computers += background

    def release(self, background: bool) -> None:
        self.free += 1
        self.computers -= background
        held: list[tuple[int, int, asyncio.Future[None]]] = []
        while self._waiting:
            entry = heapq.heappop(self._waiting)
            lane, _, waiter = entry
            if waiter.done():
                continue
            if self._may_start(bool(lane)):
                self._take(bool(lane))
                waiter.set_result(None)
                if self.free == 0:
                    break
            else:
                held.append(entry)
        for entry in held:
            heapq.heappush(self._waiting, entry)


async def run(fn: Callable[..., T], *args: Any, background: bool = False) -> T:
    """``fn(*args)`` in a worker process (or a thread when configured with 0 workers).

    ``fn`` must be a top-level function and ``args`` and the result picklable. Its
    exceptions are raised here as they were raised there. ``background`` work (computer
    players) goes after any work someone is waiting for, and never takes the last worker.
    """
    if workers() == 0:
        return await asyncio.to_thread(fn, *args)
    loop = asyncio.get_running_loop()
    for attempt in (1, 2):
        pool, lanes = _get_pool()
        await lanes.acquire(background)
        try:
            locale = i18n.current()
            if locale == i18n.SOURCE:
                return await loop.run_in_executor(pool, fn, *args)
            return await loop.run_in_executor(pool, _in_locale, locale, fn, *args)
        except BrokenProcessPool:
            if pool in _stopped:
                raise  # stopped on purpose (shutdown): no new pool for it
            log.warning("a CPU worker died (attempt %s of 2); starting a new pool", attempt)
            _drop_pool(pool)
            if attempt == 2:
                raise
        finally:
            lanes.release(background)
    raise AssertionError("unreachable")


def _in_locale(locale: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker with ``locale`` active (a worker's context starts in the
    source language)."""
    with i18n.using(locale):
        return fn(*args)


def _ready() -> int:
    return os.getpid()


async def warm_up() -> None:
    """Start every worker now (the bot calls this as it starts), so that the first board
    after a start does not wait for a worker to start and import the games."""
    if workers() > 0:
        await asyncio.gather(*(run(_ready) for _ in range(workers())))


def shutdown() -> None:
    """Stop the worker processes (idempotent): work still queued is cancelled, and work
    running is abandoned, its workers terminated. A stopping bot waits for no board and
    no computer: its answers are finished first (``EstanciaBot.close``), and a niced
    worker on a busy host could hold the stop far beyond the 10 s ``docker stop`` grants
    (Python's own exit waits for running work unless the workers are gone)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        _terminate(pool)


def _terminate(pool: ProcessPoolExecutor) -> None:
    _stopped.add(pool)
    kill_workers = getattr(pool, "kill_workers", None)  # Python 3.14+ (SIGKILL, see below)
    if kill_workers is not None:
        kill_workers()
        return
    # Before 3.14 the executor has no public way to stop a running task: its processes.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):  # gone already, or closed
            # SIGKILL: a worker just forked from the fork server does not hear SIGTERM
            # until its start-up (_warm) restores it, and one left alive would hold the
            # bot's exit for good (it waits on the queue's lock a killed sibling held).
            process.kill()
    pool.shutdown(wait=True)  # its manager thread sees the workers gone and ends


atexit.register(shutdown)


# -- the work itself (top-level, picklable) ---------------------------------------------
def render_png(module: str, view: dict[str, Any], names: list[str],
               locale: str | None = None) -> bytes:
    """The board PNG of a view, drawn by the renderer module at ``module``, its words in
    ``locale`` (None: the active language; a worker process has none of its own)."""
    with i18n.using(locale or i18n.current()):
        return renderer.encode_png(renderer.renderer_at(module).render(view, names),
                                   palette_for(module))


def game_at(module: str) -> Any:
    """The game engine defined by the module at ``module`` (its ``GAME``)."""
    return importlib.import_module(module).GAME


def replay(module: str, snapshot: str, steps: list[tuple[int, str]]) -> Any:
    """The state after applying the logged ``steps`` (seat, option key) to ``snapshot``
    (engines are deterministic, so this is exactly the state that was played)."""
    game = game_at(module)
    state = game.load(snapshot)
    for seat, key in steps:
        state = game.apply(state, seat, key).state
    return state


def replay_text(module: str, snapshot: str, steps: list[tuple[int, str]]) -> str:
    """:func:`replay`, as the state's text."""
    if not steps:
        return snapshot
    return game_at(module).dump(replay(module, snapshot, steps))


def board_png(game_module: str, render_module: str, snapshot: str,
              steps: list[tuple[int, str]], names: list[str], locale: str = "en") -> bytes:
    """The spectators' board PNG at the moment ``snapshot`` + ``steps`` (see :func:`replay`),
    in ``locale``."""
    with i18n.using(locale):
        view = game_at(game_module).view(replay(game_module, snapshot, steps), None)
        return render_png(render_module, view, names, locale)


def render_decision_pngs(game: str, module: str, view: dict[str, Any], names: list[str],
                         marks: dict[str, str], locale: str = "en") -> list[bytes]:
    """:func:`renderer.render_decision_pngs` of ``game``, whose renderer is the module at
    ``module`` (learnt here when this worker has not heard of the game), in ``locale``."""
    renderer.learn(game, module)
    with i18n.using(locale):
        return renderer.render_decision_pngs(game, view, names, marks)


def render_hand_png(game: str, module: str, view: dict[str, Any], names: list[str],
                    locale: str = "en") -> bytes | None:
    """:func:`renderer.render_hand_png` of ``game`` (renderer at ``module``), in ``locale``."""
    renderer.learn(game, module)
    with i18n.using(locale):
        return renderer.render_hand_png(game, view, names)


def render_part_png(game: str, module: str, view: dict[str, Any], names: list[str],
                    part: str, locale: str = "en") -> bytes | None:
    """:func:`renderer.render_part_png` of ``game`` (renderer at ``module``), in ``locale``."""
    renderer.learn(game, module)
    with i18n.using(locale):
        return renderer.render_part_png(game, view, names, part)


def decision_areas(game: str, module: str, view: dict[str, Any],
                   marks: dict[str, str]) -> list[tuple[str, list[str]]] | None:
    """:func:`renderer.decision_areas` of ``game`` (renderer at ``module``)."""
    renderer.learn(game, module)
    return renderer.decision_areas(game, view, marks)


def render_areas_png(game: str, module: str, view: dict[str, Any], names: list[str],
                     areas: list[tuple[str, list[str]]], locale: str = "en") -> bytes | None:
    """:func:`renderer.render_areas_png` of ``game`` (renderer at ``module``), in ``locale``."""
    renderer.learn(game, module)
    with i18n.using(locale):
        return renderer.render_areas_png(game, view, names, areas)
