"""The CPU pool: work runs in other processes, results and errors come back to the
event loop, a worker that dies costs one retry, and boards drawn there are the same bytes."""

from __future__ import annotations

import asyncio
import multiprocessing.forkserver
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import games
import renderer
from bot.core import cpu
from games.base import IllegalMove


@pytest.fixture
def pool() -> Iterator[None]:
    cpu.configure(2)
    yield
    cpu.configure(0)


def hazienda_start() -> str:
    game = games.get_game("hazienda")
    return game.dump(game.setup(3, game.parse_options(None), 5))


def first_steps(count: int) -> list[tuple[int, str]]:
    game = games.get_game("hazienda")
    state = game.setup(3, game.parse_options(None), 5)
    steps = []
    for _ in range(count):
        decision = game.pending(state)
        assert decision is not None
        key = decision.options[-1].key
        steps.append((decision.seat, key))
        state = game.apply(state, decision.seat, key).state
    return steps


def pid() -> int:
    return os.getpid()


async def test_work_runs_in_worker_processes_and_boards_are_the_same_bytes(pool: None) -> None:
    pids = set(await asyncio.gather(*(cpu.run(pid) for _ in range(8))))
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    args = (games.GAME_MODULES["hazienda"], renderer.RENDERERS["hazienda"], hazienda_start(),
            first_steps(6), ["Ana", "Bo", "Cy"])
    in_pool = await cpu.run(cpu.board_png, *args)
    assert in_pool.startswith(b"\x89PNG") and in_pool == cpu.board_png(*args)


async def test_an_error_in_a_worker_is_raised_to_the_caller(pool: None) -> None:
    with pytest.raises(IllegalMove):
        await cpu.run(cpu.replay_text, games.GAME_MODULES["hazienda"], hazienda_start(),
                      [(0, "no-such-option")])
    assert await cpu.run(pid) != os.getpid()  # the pool still works


async def test_a_dead_worker_costs_a_retry_not_the_pool(pool: None) -> None:
    with pytest.raises(BrokenProcessPool):
        await cpu.run(os._exit, 3)  # kills its worker, and the retry's
    assert await cpu.run(pid) != os.getpid()


async def test_zero_workers_run_in_a_thread_of_this_process() -> None:
    cpu.configure(0)
    assert await cpu.run(pid) == os.getpid()
    assert cpu.workers() == 0


def test_the_pool_is_sized_to_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    cpu.configure(None)
    monkeypatch.delenv(cpu.ENV_WORKERS, raising=False)
    assert cpu.workers() == cpu.cores() >= 1
    monkeypatch.setenv(cpu.ENV_WORKERS, "3")
    assert cpu.workers() == 3
    monkeypatch.setenv(cpu.ENV_WORKERS, "0")
    assert cpu.workers() == 0


async def test_computer_seats_and_boards_go_through_the_pool(pool: None, tmp_path) -> None:
    """Steps (states, events) and boards cross the process boundary whole: a game
    against the computer, played through the session layer with a real pool."""
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from bot.storage.store import Store
    from testkit.clock import FakeClock

    store = await Store.open(tmp_path / "pool.sqlite3")
    sessions = Sessions(store, Settings(_env_file=None), clock=FakeClock(),
                        seed_source=lambda: 8)
    try:
        await sessions.new(1, None, 1, "Ana", "kuhlorado", {})
        await sessions.add_computer(1, 1)
        info = await sessions.start(1, 1)
        for _ in range(6):
            await sessions.wait_for_computers(info.id)
            info = await sessions.info_by_id(info.id)
            if info.user_to_move != 1:
                break
            decision, _ = await sessions.decision_for(info.id, 1)
            assert decision is not None
            await sessions.play(info.id, 1, decision.options[0].key, info.version)
        await sessions.wait_for_computers(info.id)
        moves = await store.moves(info.id)
        assert any(m.by_computer for m in moves)
        board = await sessions.png(info.id, moves[len(moves) // 2].version)
        assert board.startswith(b"\x89PNG")
    finally:
        await sessions.close()
        await store.close()


async def test_boards_go_before_computers_and_one_worker_stays_free_of_them(
        pool: None) -> None:
    """With two workers busy, a waiting board starts before computer steps that waited
    longer, and computer steps never hold both workers."""
    lanes = cpu._Lanes(2)
    started: list[str] = []

    async def work(name: str, background: bool, hold: asyncio.Event) -> None:
        await lanes.acquire(background)
        started.append(name)
        await hold.wait()
        lanes.release(background)

    hold = asyncio.Event()
    first = [asyncio.create_task(work(f"c{i}", True, hold)) for i in range(3)]
    await asyncio.sleep(0)
    assert started == ["c0"]  # the second worker is kept from the computers
    board = asyncio.create_task(work("board", False, hold))
    await asyncio.sleep(0)
    assert started == ["c0", "board"]
    hold.set()
    await asyncio.gather(*first, board)
    assert sorted(started) == ["board", "c0", "c1", "c2"]
    assert lanes.free == 2 * cpu.QUEUED_PER_WORKER and lanes.computers == 0


async def test_each_worker_has_its_next_task_waiting(pool: None) -> None:
    """Two workers are handed QUEUED_PER_WORKER boards each, so that a worker finishing
    one starts the next at once; one more waits until a task ends."""
    lanes = cpu._Lanes(2)
    assert cpu.QUEUED_PER_WORKER >= 2
    started: list[int] = []
    holds = [asyncio.Event() for _ in range(2 * cpu.QUEUED_PER_WORKER + 1)]

    async def board(number: int) -> None:
        await lanes.acquire(False)
        started.append(number)
        await holds[number].wait()
        lanes.release(False)

    tasks = [asyncio.create_task(board(i)) for i in range(len(holds))]
    await asyncio.sleep(0)
    assert started == list(range(2 * cpu.QUEUED_PER_WORKER))
    holds[0].set()
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert started[-1] == len(holds) - 1
    for hold in holds:
        hold.set()
    await asyncio.gather(*tasks)


async def test_the_callers_locale_goes_with_the_work(pool: None) -> None:
    from games import i18n

    assert await cpu.run(i18n.current) == i18n.SOURCE
    with i18n.using("fr"):
        assert await cpu.run(i18n.current) == "fr"
    assert await cpu.run(i18n.current) == i18n.SOURCE  # the worker did not keep it


def nap(started: str, seconds: float) -> None:
    Path(started).touch()
    time.sleep(seconds)


def deaf_nap(started: str, seconds: float) -> None:
    """A worker that does not hear SIGTERM: one just forked from the fork server (which
    ignores it) whose start-up has not restored it yet."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    nap(started, seconds)


async def stop_during(work: Callable[[str, float], None], tmp_path: Path) -> bool:
    """Stop the pool while ``work`` runs an hour in a worker: whether the stop returned
    (within a 60 s hang guard, not a measure of speed), the work broken off."""
    started = tmp_path / "started"
    running = asyncio.ensure_future(cpu.run(work, str(started), 3600.0))
    while not started.exists():
        await asyncio.sleep(0.05)
    stopped = threading.Thread(target=cpu.shutdown, daemon=True)
    stopped.start()
    stopped.join(60)
    if stopped.is_alive():
        return False
    with pytest.raises(BrokenProcessPool):
        await running
    return True


async def test_a_stop_ends_a_worker_that_does_not_hear_sigterm(pool: None, tmp_path) -> None:
    """A stop just as the workers start (a SIGTERM soon after the bot's start): the bot
    does not wait at its exit for a worker that never ended (it hung for good, the worker
    waiting on the queue's lock that its terminated sibling held)."""
    assert await stop_during(deaf_nap, tmp_path), "the stop waited for a deaf worker"


async def test_a_stop_abandons_the_work_running_in_the_workers(pool: None, tmp_path) -> None:
    """The bot stops its workers as it stops (``run_bot``) without waiting for what they
    run: a board or a computer's search in a niced worker on a busy host can take longer
    than the 10 s ``docker stop`` grants, and Python's own exit would wait for it."""
    assert await stop_during(nap, tmp_path), "the stop waited for the work in a worker"


#: A bot in miniature: it starts the pool, says its workers' process ids, and waits.
POOL_HOLDER = """
import asyncio, sys
from bot.core import cpu

async def main():
    cpu.configure(2)
    await cpu.warm_up()
    pool, _ = cpu._get_pool()
    with open(sys.argv[1], "w") as told:
        told.write(" ".join(str(pid) for pid in pool._processes))
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def running(pid: int) -> bool:
    """The process exists and is no zombie (an orphan's zombie waits for whoever reaps)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


async def test_a_killed_bot_leaves_no_worker_behind(tmp_path: Path) -> None:
    """``kill -9`` of the bot (no chance to stop its pool): its workers leave by
    themselves, whichever process forked them, rather than sit on memory for good."""
    told = tmp_path / "workers"
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", POOL_HOLDER, str(told), cwd=Path(__file__).resolve().parents[3])
    try:
        for _ in range(1200):  # a hang guard, not a measure of speed
            if told.exists() and told.read_text():
                break
            await asyncio.sleep(0.1)
        workers = [int(pid) for pid in told.read_text().split()]
        assert len(workers) == 2 and all(running(pid) for pid in workers)
    finally:
        holder.kill()
        await holder.wait()
    for _ in range(600):  # a hang guard (they look for the bot every second)
        if not any(running(pid) for pid in workers):
            break
        await asyncio.sleep(0.1)
    assert not any(running(pid) for pid in workers), "workers outlived the killed bot"


async def test_a_stop_signal_to_the_whole_group_leaves_the_pool_able_to_work(
        pool: None) -> None:
    """A systemd stop sends SIGTERM to every process of the bot: the workers end, the fork
    server stays, and the bot, finishing its answers, still gets a board drawn (in a
    worker forked anew)."""
    await cpu.warm_up()
    workers = list(cpu._get_pool()[0]._processes)
    server = multiprocessing.forkserver._forkserver._forkserver_pid
    for target in [*workers, server]:
        os.kill(target, signal.SIGTERM)
    for _ in range(200):  # a hang guard: until the workers are gone
        if not any(running(target) for target in workers):
            break
        await asyncio.sleep(0.05)
    assert await cpu.run(pid) not in workers
    # forked by the same server: one that left with the workers may be gone or going
    # when the bot needs it, and a worker could not be started (connection refused)
    assert multiprocessing.forkserver._forkserver._forkserver_pid == server
