"""The storage interface beyond the move log, on both back ends (SQLite and PostgreSQL):
ratings exactly once, server settings, vacations, the activity the stale sweep reads,
a thread game's recap addressed to its parent channel, and a whole game through the
session layer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.core.sessions import Sessions
from bot.settings import Settings
from bot.storage.rows import ADDRESS_KEY, Change, MatchPlayer, NewGame, SeatRow, ServerRow
from testkit.clock import FakeClock

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")


def new_game(channel: int, seats: tuple[SeatRow, ...] = (SeatRow(10, "Ana"),)) -> NewGame:
    return NewGame(channel_id=channel, guild_id=7, game="kuhlorado", options={},
                   creator_id=10, seats=seats, seed=1, turn_timeout_hours=24,
                   reminder_hours=(2.0,), timeout_policy="computer", created_at=100.0,
                   parent_id=99)


async def test_a_finished_game_is_rated_once(store: Any) -> None:
    game = await store.create_game(new_game(1), None)
    await store.commit(Change(replace(game, status="finished", version=1), 0))
    assert [g.id for g in await store.unrated_finished_games()] == [game.id]
    players = [MatchPlayer("user:10", "Ana", True), MatchPlayer("computer", "Computer", False)]

    def compute(current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        assert current == {}
        return {"user:10": (30.0, 5.0), "computer": (20.0, 5.0)}

    assert await store.record_ratings(game.id, 7, "kuhlorado", players, compute, 200.0)
    assert not await store.record_ratings(game.id, 7, "kuhlorado", players, compute, 201.0)
    assert await store.unrated_finished_games() == []
    board = await store.leaderboard(7, "kuhlorado")
    assert [(r.player, r.games, r.wins) for r in board] == [("user:10", 1, 1), ("computer", 1, 0)]
    assert [r.game for r in await store.player_ratings(7, "user:10")] == ["kuhlorado"]


async def test_best_solo_scores_per_game_and_level(store: Any) -> None:
    """``/estancia stats``: a player's best solo score per level of the automa, read off
    the results of finished solo games on one server (a game given up — no automa in its
    result —, another player's or another server's do not count)."""
    def solo(channel: int, level: str | None, total: int, *, user: int = 10, guild: int = 7,
             automa: bool = True) -> tuple[NewGame, dict[str, Any]]:
        game = replace(new_game(channel, (SeatRow(user, "Ana"),)), game="gwt-argentina",
                       guild_id=guild, creator_id=user)
        result: dict[str, Any] = {"winners": [], "totals": [total]}
        if automa:
            result["automa"] = {"name": "Pedro", "level": level, "total": 90, "won": True}
        return game, result

    cases = [solo(20, "expert", 41), solo(21, "expert", 57), solo(22, "easy", 12),
             solo(23, "expert", 99, user=11), solo(24, "expert", 98, guild=8),
             solo(25, "easy", 70, automa=False)]
    for new, result in cases:
        game = await store.create_game(new, None)
        await store.commit(Change(replace(game, status="finished", version=1, result=result), 0))
    bests = await store.best_solo_scores(7, 10)
    assert [(b.game, b.level, b.best, b.games) for b in bests] == [
        ("gwt-argentina", "expert", 57, 2), ("gwt-argentina", "easy", 12, 1)]
    assert await store.best_solo_scores(9, 10) == []


async def test_servers_vacations_and_activity(store: Any) -> None:
    assert await store.server(7) is None
    await store.save_server(ServerRow(7, 14.0, 3.0, "cancel"), 100.0)
    await store.save_server(ServerRow(7, 10.0, 2.0, "forfeit"), 101.0)
    assert await store.server(7) == ServerRow(7, 10.0, 2.0, "forfeit")

    await store.save_vacation(10, 500.0)
    assert await store.away_until(10) == 500.0
    await store.save_vacation(10, None)
    assert await store.away_until(10) is None

    game = await store.create_game(new_game(2, (SeatRow(10, "Ana"), SeatRow(11, "Bo"))), None)
    assert game.parent_id == 99
    assert [g.id for g in await store.open_games_of(11)] == [game.id]
    assert await store.open_games_of(12) == []
    active = replace(game, status="active", version=1, updated_at=150.0)
    await store.commit(Change(active, 0, stale_warning=True,
                              announcements=[{"kind": "recap", ADDRESS_KEY: 99}]))
    (activity,) = await store.active_games_activity()
    assert (activity.game.id, activity.warned_version) == (game.id, 1)
    (row,) = await store.all_outbox(game.id)
    assert row.channel_id == 99 and ADDRESS_KEY not in row.payload


async def test_a_whole_game_against_the_computer(store: Any) -> None:
    sessions = Sessions(store, Settings(_env_file=None), clock=FakeClock(),
                        seed_source=lambda: 5)
    try:
        await sessions.new(3, 7, 10, "Ana", "kuhlorado", {})
        await sessions.add_computer(3, 10)
        info = await sessions.start(3, 10)
        rng = random.Random(1)
        while True:
            await sessions.wait_for_computers(info.id)
            info = await sessions.info_by_id(info.id)
            if info.status != "active":
                break
            decision, _ = await sessions.decision_for(info.id, 10)
            assert decision is not None
            await sessions.play(info.id, 10, rng.choice(decision.options).key, info.version)
        assert info.status == "finished"
        moves = await store.moves(info.id)
        assert any(m.by_computer for m in moves)
        assert (await sessions.png(info.id, moves[len(moves) // 2].version)).startswith(
            b"\x89PNG")
    finally:
        await sessions.close()


async def test_the_outbox_skips_the_games_asked_to(store: Any) -> None:
    """The deliverer does not read again the games whose previous announcement it is
    delivering: they are left out whole, their later rows too (order holds)."""
    games = [await store.create_game(new_game(channel), {"n": channel})
             for channel in (1, 2, 3)]
    await store.commit(Change(replace(games[0], version=1), 0, announcements=[{"n": 11}]))
    busy = [games[0].id, games[2].id]
    assert [r.game_id for r in await store.due_outbox(200.0, 10, busy)] == [games[1].id]
    assert [r.payload for r in await store.claim_outbox(200.0, 10, busy)] == [{"n": 2}]
    assert [r.payload for r in await store.claim_outbox(200.0, 10, [games[1].id])] == [
        {"n": 1}, {"n": 3}]


async def test_games_from_a_channel_are_its_threads_games_open_ones_first(store: Any) -> None:
    """A command in the channel a game's thread was opened from finds it."""
    older = await store.create_game(new_game(41), None)
    await store.commit(Change(replace(older, status="finished", version=1), 0))
    running = await store.create_game(new_game(42), None)
    newest = await store.create_game(new_game(43), None)
    await store.commit(Change(replace(newest, status="cancelled", version=1), 0))
    assert await store.games_from_channel(98, 5) == []
    found = await store.games_from_channel(99, 5)
    assert [g.id for g in found] == [running.id, newest.id, older.id]
    assert [g.id for g in await store.games_from_channel(99, 1)] == [running.id]
