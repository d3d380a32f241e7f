"""The recap and the replay of a finished game are drawn in the CPU pool (worker
processes), never in a thread of the bot's own process: ``cpu.run`` is handed the drawing
functions with picklable arguments, and a real pool gives the same bytes as drawing here."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import games
import renderer
from bot.core import cpu
from bot.core import recap as recap_images
from bot.core.sessions import Sessions
from tests.bot.helpers import hot_seat, mover


@pytest.fixture
def pool() -> Iterator[None]:
    cpu.configure(2)
    yield
    cpu.configure(0)


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The functions handed to ``cpu.run``, and the pid each ran in."""
    calls: list[Any] = []
    real = cpu.run

    async def spy(fn: Any, *args: Any, background: bool = False) -> Any:
        calls.append(fn)
        return await real(fn, *args, background=background)

    monkeypatch.setattr(cpu, "run", spy)
    return calls


async def finished_game(sessions: Sessions) -> int:
    info = await hot_seat(sessions, target=5)
    while (info := await sessions.info_by_id(info.id)).status == "active":
        user = await mover(sessions, info.id)
        decision, _ = await sessions.decision_for(info.id, user)
        assert decision is not None
        keys = [o.key for o in decision.options]
        await sessions.play(info.id, user, "add2" if "add2" in keys else keys[0], None)
    assert info.status == "finished"
    return info.id


def worker_pid() -> int:
    return os.getpid()


async def test_the_recap_is_drawn_in_the_pool(sessions: Sessions, pool: None,
                                              handed: list[Any]) -> None:
    game_id = await finished_game(sessions)
    assert await cpu.run(worker_pid) != os.getpid()  # a real pool of processes
    png = await sessions.recap_png(game_id)
    assert recap_images.recap_png in handed
    row = await sessions.store.game(game_id)
    assert row is not None and row.state is not None
    names = tuple(seat.name for seat in row.seats)
    here = recap_images.recap_png(games.GAME_MODULES[row.game], row.state,
                                  await sessions.store.moves(game_id), names,
                                  tuple(row.result["winners"]), ())
    assert png.startswith(b"\x89PNG") and png == here


async def test_the_replay_is_drawn_in_the_pool(sessions: Sessions, pool: None,
                                               handed: list[Any]) -> None:
    game_id = await finished_game(sessions)
    gif = await sessions.replay_gif(game_id)
    assert recap_images.replay_gif in handed
    row = await sessions.store.game(game_id)
    assert row is not None
    here = recap_images.replay_gif(games.GAME_MODULES[row.game], row.game,
                                   renderer.RENDERERS[row.game],
                                   await sessions.store.moves(game_id), ["Alice", "Bob"])
    assert gif.startswith(b"GIF8") and gif == here
