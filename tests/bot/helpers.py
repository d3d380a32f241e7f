"""Shortcuts for session tests (the toy game is :mod:`tests.bot.toygame`)."""

from __future__ import annotations

from bot.core.sessions import Announcement, GameInfo, Sessions
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toygame import NAME


async def lobby(sessions: Sessions, channel: int = CHANNEL, target: int = 12) -> GameInfo:
    return await sessions.new(channel, GUILD, ALICE, "Alice", NAME, {"target": target})


async def hot_seat(sessions: Sessions, channel: int = CHANNEL, target: int = 12) -> GameInfo:
    """A running two-player game between Alice (creator) and Bob."""
    await lobby(sessions, channel, target)
    await sessions.join(channel, BOB, "Bob")
    return await sessions.start(channel, ALICE)


async def against_computer(
    sessions: Sessions, channel: int = CHANNEL, target: int = 12
) -> GameInfo:
    """A running game of Alice against a computer seat; the computer has played if it began."""
    await lobby(sessions, channel, target)
    await sessions.add_computer(channel, ALICE)
    info = await sessions.start(channel, ALICE)
    await sessions.wait_for_computers(info.id)
    return await sessions.info_by_id(info.id)


async def mover(sessions: Sessions, game_id: int) -> int:
    """The user whose decision is pending (once the computer seats have played)."""
    await sessions.wait_for_computers(game_id)
    info = await sessions.info_by_id(game_id)
    user = info.user_to_move
    assert user is not None, info
    return user


async def drain(sessions: Sessions) -> list[Announcement]:
    """Deliver every pending announcement (as a front end would) and return them."""
    delivered: list[Announcement] = []
    while batch := await sessions.pending_announcements(100):
        for announcement in batch:
            await sessions.mark_sent(announcement.outbox_id, len(delivered) + 1)
            delivered.append(announcement)
    return delivered


async def peek(sessions: Sessions) -> list[Announcement]:
    """The announcements due now, given back at once: on PostgreSQL taking them claims
    them for this process (a lease), and a test that only looks must not hold them."""
    due = await sessions.pending_announcements()
    for announcement in due:
        await sessions.release_announcement(announcement.outbox_id)
    return due
