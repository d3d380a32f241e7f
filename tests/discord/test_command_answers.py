"""Commands: a player who left, a stale command, the channel a game's thread
was opened from, numbers out of range — each gets a clear private answer, never
"Something went wrong"."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.discord_ui.panel_items import OptionButton
from testkit.fakediscord import THREAD_PERMISSIONS, FakeDiscord, FakeMember, FakeUser
from testkit.harness import Table
from testkit.scenario import started_game, to_move
from tests.discord.test_ratings import finish_pasture

WENT_WRONG = "Something went wrong"


async def test_stats_of_someone_who_left_the_server(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice, bob], grazer=0)
    await table.sessions.rate_finished_games()
    gone = FakeUser(alice.user.id, alice.user.name)  # alice left: a user, not a member
    reply = await table.slash(bob, "stats", user=gone)
    assert WENT_WRONG not in reply.text
    assert reply.text.startswith("**alice** — 1 game, 1 win")


async def test_an_unknown_subcommand_gets_a_kind_answer_and_no_error(
        table: Table, fake: FakeDiscord, alice: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    """A Discord client that cached the commands of an older version."""
    with caplog.at_level(logging.INFO):
        reply = await table.slash(alice, "retired")
    assert reply.ephemeral and WENT_WRONG not in reply.text
    assert "reload Discord" in reply.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert any("retired" in r.getMessage() for r in caplog.records if r.levelno == logging.INFO)


async def thread_game(table: Table, fake: FakeDiscord, alice: FakeMember,
                      bob: FakeMember) -> tuple[int, int]:
    """A running game in a thread of the default channel: (thread id, game id)."""
    await table.feed(fake.slash(alice, "estancia", "new", game="pasture",
                                app_permissions=THREAD_PERMISSIONS))
    (thread_id,) = fake.threads
    await table.feed(fake.slash(bob, "estancia", "join", channel_id=thread_id))
    await table.feed(fake.slash(alice, "estancia", "start", channel_id=thread_id))
    info = await table.sessions.info(thread_id)
    user = info.user_to_move
    await table.sessions.play(info.id, user, "a1", None)
    await table.sessions.play(info.id, user, "fence", None)
    return thread_id, info.id


async def test_board_and_log_in_the_channel_a_games_thread_was_opened_from(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    thread_id, game_id = await thread_game(table, fake, alice, bob)
    board = await table.slash(alice, "board")  # in the parent channel
    assert board.text.startswith(f"**Pasture** #{game_id}"), board.text
    assert board.message["attachments"]
    log = await table.slash(alice, "log")
    assert "fences A1" in log.text


async def test_several_games_in_threads_are_named_for_the_player_to_pick(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await thread_game(table, fake, alice, bob)
    await table.feed(fake.slash(bob, "estancia", "new", game="pasture",
                                app_permissions=THREAD_PERMISSIONS))
    board = await table.slash(alice, "board")
    assert board.ephemeral and "There is no game in this channel" not in board.text
    for thread_id in fake.threads:
        assert f"<#{thread_id}>" in board.text


async def test_replay_in_the_channel_of_a_finished_threads_game(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    thread_id, game_id = await thread_game(table, fake, alice, bob)
    info = await table.sessions.info(thread_id)
    while info.status == "active":
        decision, _ = await table.sessions.decision_for(info.id, info.user_to_move)
        await table.sessions.play(info.id, info.user_to_move, decision.options[0].key, None)
        info = await table.sessions.info_by_id(info.id)
    replay = await table.slash(alice, "replay")
    assert replay.text.startswith(f"**Pasture** #{game_id} — the game turn by turn.")


async def test_log_lines_are_bounded(table: Table, fake: FakeDiscord, alice: FakeMember,
                                     bob: FakeMember) -> None:
    await started_game(table, alice, bob)
    for lines in (10**30, 0, -5):
        reply = await table.slash(alice, "log", lines=lines)
        # (each line is escaped: a "#" opening a line would make a heading of it)
        assert WENT_WRONG not in reply.text and reply.text.startswith("\\#"), reply.text


async def test_a_forged_version_past_sqlites_integers_is_out_of_date(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture) -> None:
    game_id, _turn = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    huge = 2**63
    for custom_id in (f"est:opt:{game_id}:{huge}:a1", f"est:sel:{game_id}:{huge}:0",
                      f"est:grp:{game_id}:{huge}", f"est:undo:{game_id}:{huge}",
                      f"est:opt:{game_id}:{huge - 1}:a1"):
        with caplog.at_level(logging.WARNING):
            reply = await table.click(mover, forged(fake, custom_id), custom_id,
                                      ["a1"] if ":sel:" in custom_id or ":grp:" in custom_id
                                      else None)
        assert "OverflowError" not in caplog.text
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
        assert "out of date" in reply.text, (custom_id, reply.text)
    assert (await table.sessions.info_by_id(game_id)).version == info.version
    assert OptionButton  # (the templates under test)


def forged(fake: FakeDiscord, custom_id: str) -> dict[str, Any]:
    """A message with one component of that custom id (a select menu for a menu's)."""
    menu = ":sel:" in custom_id or ":grp:" in custom_id
    component: dict[str, Any] = (
        {"type": 3, "custom_id": custom_id, "options": [{"label": "A1", "value": "a1"}]}
        if menu else {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id})
    return fake._new_message(fake.channel_id(), {
        "content": "", "components": [{"type": 1, "components": [component]}], "flags": 0}, [])
