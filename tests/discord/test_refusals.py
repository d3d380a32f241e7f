"""Bad input gets a private answer and changes nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.discord_ui import layout
from testkit.fakediscord import ATTACH_FILES, BOT_PERMISSIONS, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import offering, started_game, to_move


async def two_player_game(table: Table, alice: FakeMember,
                          bob: FakeMember) -> tuple[int, dict[str, Any], FakeMember, FakeMember]:
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    waiting = bob if mover is alice else alice
    return game_id, turn_message, mover, waiting


async def version(table: Table, game_id: int) -> int:
    return (await table.sessions.info_by_id(game_id)).version


async def test_out_of_turn_the_panel_says_who_is_to_move(table: Table, alice: FakeMember,
                                                       bob: FakeMember) -> None:
    game_id, turn_message, mover, waiting = await two_player_game(table, alice, bob)
    reply = await table.click(waiting, turn_message, f"est:turn:{game_id}")
    assert reply.ephemeral
    assert reply.text == (f"It is not your turn — {mover.user.name} is to move. "
                          "You will be pinged when it is.")
    assert reply.custom_ids == []


@pytest.fixture
def menus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Panels as if Discord allowed two action rows or ten components a message: of the
    30 cells of Pasture's first step, A1–A5 are buttons and the others in a select menu."""
    monkeypatch.setattr(layout, "V2_COMPONENT_LIMIT", 10)
    monkeypatch.setattr(layout, "MAX_ROWS", 2)


async def test_someone_without_a_seat_cannot_act(table: Table, alice: FakeMember, bob: FakeMember,
                                                 carol: FakeMember, menus: None) -> None:
    game_id, turn_message, mover, _ = await two_player_game(table, alice, bob)
    before = await version(table, game_id)
    panel = await table.click(carol, turn_message, f"est:turn:{game_id}")
    assert panel.ephemeral and panel.custom_ids == []
    assert panel.text.startswith("You are not playing in this game. `/estancia board` shows")

    # nor from a panel that was opened by the player to move
    real = await table.click(mover, turn_message, f"est:turn:{game_id}")
    menu, values = offering(real.message, "b1")
    assert menu == f"est:sel:{game_id}:{before}" and values == ["b1"]
    stolen = await table.click(carol, real.message, menu, ["b1"])
    assert stolen.ephemeral and stolen.text == "You are not playing in this game."
    typed = await table.slash(carol, "move", option="a1")
    assert typed.ephemeral and typed.text == "You are not playing in this game."
    assert await version(table, game_id) == before


async def test_a_stale_panel_and_a_double_click_are_refused(table: Table, alice: FakeMember,
                                                           bob: FakeMember, menus: None) -> None:
    game_id, turn_message, mover, _ = await two_player_game(table, alice, bob)
    v = await version(table, game_id)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    old_panel = copy.deepcopy(panel.message)  # the panel as it was before the first choice

    first = await table.click(mover, old_panel, f"est:sel:{game_id}:{v}", ["b1"])
    assert first.text.startswith("You chose **Cell B1**")
    assert await version(table, game_id) == v + 1

    double = await table.click(mover, old_panel, f"est:sel:{game_id}:{v}", ["b2"])
    assert double.ephemeral and double.callback_type == 4  # a private message of its own …
    assert "out of date" in double.text
    assert await version(table, game_id) == v + 1  # … and nothing changed
    again = await table.click(mover, old_panel, f"est:opt:{game_id}:{v}:a1")
    assert "out of date" in again.text

    # the typed command moves the game on; the panel it overtook is stale
    await table.slash(mover, "move", option="fence")
    stale = await table.click(mover, first.message, f"est:opt:{game_id}:{v + 1}:graze")
    assert "out of date" in stale.text
    assert await version(table, game_id) == v + 2


async def test_an_illegal_typed_move_is_refused(table: Table, alice: FakeMember,
                                                bob: FakeMember) -> None:
    game_id, _, mover, waiting = await two_player_game(table, alice, bob)
    v = await version(table, game_id)
    reply = await table.slash(mover, "move", option="z9")
    assert reply.ephemeral and "not possible" in reply.text
    not_yours = await table.slash(waiting, "move", option="a1")
    assert not_yours.ephemeral and "not your turn" in not_yours.text.lower()
    assert await version(table, game_id) == v


async def test_commands_in_direct_messages_are_refused(table: Table, alice: FakeMember) -> None:
    reply = await table.feed(table.fake.slash(alice.user, "estancia", "new", dm=True,
                                              game="pasture"))
    assert reply.ephemeral
    assert "not in direct messages" in reply.text
    assert await table.sessions.active_games() == []


async def test_lobby_refusals_are_private(table: Table, fake: FakeDiscord, alice: FakeMember,
                                          bob: FakeMember) -> None:
    nothing = await table.slash(bob, "join")
    assert nothing.ephemeral and "no game" in nothing.text.lower()
    await table.slash(alice, "new", game="pasture")
    twice = await table.slash(alice, "new", game="pasture")
    assert twice.ephemeral and twice.text != "" and "Lobby open" not in twice.text
    unknown = await table.slash(alice, "rules", game="chess")
    assert "no game called 'chess'" in unknown.text
    early = await table.slash(alice, "start")
    assert early.ephemeral and "needs at least 2 players" in early.text
    not_creator = await table.slash(bob, "cancel")
    assert not_creator.ephemeral
    assert (await table.sessions.info(fake.channel_id())).status == "lobby"


async def test_a_moderator_may_cancel_a_game(table: Table, fake: FakeDiscord, alice: FakeMember,
                                             moderator: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    reply = await table.slash(moderator, "cancel")
    assert reply.ephemeral and "cancelled" in reply.text
    nothing = await table.slash(alice, "board")
    assert "no game" in nothing.text.lower()


async def test_a_move_acknowledged_too_late_still_counts(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message, mover, _ = await two_player_game(table, alice, bob)
    v = await version(table, game_id)
    await table.click(mover, turn_message, f"est:turn:{game_id}")
    unknown = {"status": 404, "code": 10062, "message": "Unknown interaction"}

    fake.inject("POST", r"/callback$", **unknown)
    late_look = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert [c.status for c in late_look.calls] == [404]  # nothing more on a dead token

    fake.inject("POST", r"/callback$", **unknown)
    late_move = await table.slash(mover, "move", option="a1")
    assert [c.status for c in late_move.calls] == [404]
    assert await version(table, game_id) == v + 1  # the move counted …

    fresh = await table.click(mover, turn_message, f"est:turn:{game_id}")
    fake.inject("POST", r"/callback$", **unknown)
    late_click = await table.click(mover, fresh.message, f"est:opt:{game_id}:{v + 1}:fence")
    assert [c.status for c in late_click.calls] == [404]
    assert await version(table, game_id) == v + 2
    (post,) = await table.deliver()  # … and the channel hears of the finished turn
    assert "fences A1" in post.body["content"]


async def test_no_game_opens_where_the_bot_could_not_post(table: Table, fake: FakeDiscord,
                                                          alice: FakeMember) -> None:
    no_files = BOT_PERMISSIONS & ~ATTACH_FILES
    reply = await table.feed(fake.slash(alice, "estancia", "new", app_permissions=no_files,
                                        game="pasture"))
    assert reply.ephemeral and "I need Attach Files in this channel" in reply.text
    assert await table.sessions.active_games() == []
