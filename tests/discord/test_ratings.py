"""Ratings and leaderboards: rated once when a game finishes, shown by two commands."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.core import ratings
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table


async def finish_pasture(sessions: Sessions, fake: FakeDiscord, players: list[FakeMember],
                         computers: int = 0, grazer: int = 0) -> int:
    """A whole Pasture game played through the session layer.

    Among the humans, seat ``grazer`` grazes every cell (row number in points) and the
    others fence (1 point), so ``grazer`` beats them; computer seats play for themselves.
    """
    creator, channel = players[0].user, fake.channel_id()
    info = await sessions.new(channel, fake.guild.id, creator.id, creator.name, "pasture")
    for member in players[1:]:
        await sessions.join(channel, member.user.id, member.user.name)
    for _ in range(computers):
        await sessions.add_computer(channel, creator.id)
    info = await sessions.start(channel, creator.id)
    await sessions.wait_for_computers(info.id)
    info = await sessions.info_by_id(info.id)
    while info.status == "active":
        user = info.user_to_move
        assert user is not None
        seat = info.seat_of(user)
        decision, _ = await sessions.decision_for(info.id, user)
        assert decision is not None
        key = decision.options[0].key
        if decision.option("graze"):
            key = "graze" if seat == grazer else "fence"
        await sessions.play(info.id, user, key, None)
        await sessions.wait_for_computers(info.id)  # they play after the answer
        info = await sessions.info_by_id(info.id)
    return info.id


def test_places_put_forfeits_last_winners_first_then_totals() -> None:
    """Places: the winners share first, the others by total, a forfeit is last."""
    assert ratings.places([10, 30, 30], winners=[1, 2], forfeited=set()) == [3, 1, 1]
    assert ratings.places([50, 20, 20, 5], winners=[0], forfeited={3}) == [1, 2, 2, 4]
    # the forfeiting seat is last even with the best total
    assert ratings.places([90, 10, 20], winners=[2], forfeited={0}) == [3, 2, 1]


def test_rating_is_openskill_and_moves_winners_up() -> None:
    after = ratings.rate(["user:1", "user:2"], [1, 2], {})
    assert after["user:1"].mu > ratings.DEFAULT.mu > after["user:2"].mu
    assert after["user:1"].sigma < ratings.DEFAULT.sigma
    tie = ratings.rate(["user:1", "user:2"], [1, 1], {})
    assert tie["user:1"] == tie["user:2"]


def test_computer_seats_are_one_player_with_the_mean_of_their_updates() -> None:
    after = ratings.rate(["user:1", ratings.COMPUTER, ratings.COMPUTER], [2, 1, 3], {})
    assert set(after) == {"user:1", ratings.COMPUTER}
    separate = ratings.rate(["user:1", "a", "b"], [2, 1, 3], {})
    assert after[ratings.COMPUTER].mu == pytest.approx((separate["a"].mu + separate["b"].mu) / 2)


async def test_a_finished_game_is_rated_once_even_across_a_restart(
        table: Table, fake: FakeDiscord, settings, alice: FakeMember, bob: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice, bob], grazer=1)
    scheduler = Scheduler(table.sessions)
    await scheduler.run_once()  # the scheduler's cycle rates what finished
    board = await table.sessions.leaderboard(fake.guild.id, "pasture")
    assert [(r.name, r.games, r.wins) for r in board] == [("bob", 1, 1), ("alice", 1, 0)]
    assert await table.sessions.rate_finished_games() == 0

    await table.close()
    again = await Table(fake, settings, settings.estancia_db).open()
    try:
        assert await again.sessions.rate_finished_games() == 0
        assert await again.sessions.leaderboard(fake.guild.id, "pasture") == board
    finally:
        await again.close()


async def test_cancelled_games_and_lobbies_are_not_rated(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    channel = fake.channel_id()
    await table.sessions.new(channel, None, alice.user.id, "alice", "pasture")
    await table.sessions.join(channel, bob.user.id, "bob")
    await table.sessions.start(channel, alice.user.id)
    await table.sessions.cancel(channel, alice.user.id, can_manage_channel=False)
    assert await table.sessions.rate_finished_games() == 0
    assert await table.sessions.leaderboard(fake.guild.id, "pasture") == []


async def test_computer_seats_are_rated_as_their_own_player(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice], computers=1, grazer=0)
    assert await table.sessions.rate_finished_games() == 1
    board = await table.sessions.leaderboard(fake.guild.id, "pasture")
    names = {r.player: r.name for r in board}
    assert names == {f"user:{alice.user.id}": "alice", ratings.COMPUTER: "Computer"}


async def test_leaderboard_command_posts_a_readable_image(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice, bob], grazer=0)
    await table.sessions.rate_finished_games()
    reply = await table.slash(bob, "leaderboard", game="pasture")
    assert reply.ephemeral and "best rated players" in reply.text
    (upload,) = [c for c in reply.calls if c.files]
    image = Image.open(io.BytesIO(upload.files[0].data))
    assert image.width <= 800  # a portrait table: a phone shows it at half size at most


async def test_leaderboard_before_any_game_says_so(table: Table, alice: FakeMember) -> None:
    reply = await table.slash(alice, "leaderboard", game="pasture")
    assert "no rated game" in reply.text


async def test_stats_tell_games_wins_rating_and_favourite(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice, bob], grazer=0)
    await table.sessions.rate_finished_games()
    reply = await table.slash(bob, "stats", user=alice)
    assert reply.ephemeral
    assert reply.text.startswith("**alice** — 1 game, 1 win; favourite game: Pasture.")
    assert "• Pasture: rating" in reply.text
    mine = await table.slash(bob, "stats")
    assert mine.text.startswith("**bob** — 1 game, 0 wins")
