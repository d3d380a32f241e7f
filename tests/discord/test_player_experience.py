"""What a player sees on a phone: the hand, the panel's shape, pings, the end of a game."""

from __future__ import annotations

import copy
import random
import threading
from typing import Any

import pytest

from bot.core import autoplay
from bot.discord_ui.panel_layout import decision_view
from games.base import Decision, Option
from testkit.fakediscord import EPHEMERAL, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import (
    action_rows,
    play_to_the_end,
    posted_message,
    started_game,
    tap,
    to_move,
)
from tests.discord.pasture import CELLS


def rows(message: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The action rows' components (a Components V2 panel also holds its text and image)."""
    return [row["components"] for row in action_rows(message)]


def offered(message: dict[str, Any]) -> list[str]:
    """The option keys a panel offers, on buttons and in select menus."""
    keys = []
    for row in rows(message):
        for component in row:
            kind = component["custom_id"].split(":")[1]
            if component["type"] == 3 and kind in ("sel", "psel"):
                keys += [o["value"] for o in component["options"]]
            elif kind in ("opt", "popt"):
                keys.append(component["custom_id"].split(":", 4)[-1])
    return keys


def first_move(message: dict[str, Any]) -> tuple[str, list[str] | None]:
    """The first option that is not "End turn": (custom id, select values or None)."""
    for row in rows(message):
        for component in row:
            if component["type"] == 3:
                return component["custom_id"], [component["options"][0]["value"]]
            if not component["custom_id"].endswith(":end"):
                return component["custom_id"], None
    raise AssertionError(f"no move on {message['content']!r}")


# -- Hazienda: three actions, one ping ------------------------------------------------


async def test_a_hazienda_turn_pings_once_when_it_ends_and_shows_the_hand(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob, game="hazienda")
    members = {alice.user.id: alice, bob.user.id: bob}
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, members, info)
    other = bob if mover is alice else alice

    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert panel.ephemeral
    assert "Your hand: lands " in panel.text and " pesos" in panel.text
    # the faces of the cards it may play, beside the text
    assert (f"estancia-{game_id}-{info.version}-hand.png"
            in [a["filename"] for a in panel.message["attachments"]])
    # "End turn" is a grey button at the end of the buttons (before the grey "Hint" when it
    # has room), not the last entry of a long menu: the actions fit one panel of buttons.
    buttons = [c for row in rows(panel.message) for c in row]
    end = [c for c in buttons if c.get("custom_id") != f"est:hint:{game_id}"][-1]
    assert end["label"] == "End turn" and end["style"] == 2
    assert end["custom_id"] == f"est:opt:{game_id}:{info.version}:end"
    for row in rows(panel.message):
        for component in row:
            if component["type"] == 3:
                assert "Choose" in component["placeholder"]
                assert "end" not in [o["value"] for o in component["options"]]

    # one action (and its sub-steps), then more: nothing goes to the channel meanwhile
    reply = panel
    for _ in range(20):
        custom_id, values = first_move(reply.message)
        reply = await table.click(mover, reply.message, custom_id, values)
        assert not reply.followups and reply.text.startswith("You chose")
        assert await table.deliver() == []
        if "(2 left)" in reply.text:
            break
    else:
        raise AssertionError("the first action never completed")
    assert "Your hand: " in reply.text

    ended = await table.click(mover, reply.message, f"est:opt:{game_id}:"
                              f"{(await table.sessions.info_by_id(game_id)).version}:end")
    assert "Your turn is over" in ended.text and rows(ended.message) == []
    (post,) = await table.deliver()
    assert f"<@{other.user.id}>, it's your turn" in post.body["content"]
    assert post.body["allowed_mentions"]["users"] == [other.user.id]


async def test_hazienda_hand_is_private_text_and_spectators_see_the_public_view(
        table: Table, alice: FakeMember, bob: FakeMember, carol: FakeMember) -> None:
    await started_game(table, alice, bob, game="hazienda")
    hand = await table.slash(alice, "hand")
    assert hand.ephemeral
    assert "only you can see this" in hand.text
    assert "Your hand: lands " in hand.text and "; animals " in hand.text
    assert hand.message["attachments"][0]["filename"].endswith(".png")

    spectator = await table.slash(carol, "hand")
    assert spectator.ephemeral and "no seat" in spectator.text and "Your hand" not in spectator.text


async def test_lobby_and_rules_say_how_many_players(table: Table, alice: FakeMember) -> None:
    lobby = await table.slash(alice, "new", game="kuhlorado")
    assert "**Kuhlorado** (2 players)" in lobby.text
    rules = await table.slash(alice, "rules")
    assert rules.text.startswith("**Kuhlorado** (2 players)")


# -- Kuhlorado against the computer: never wait on it ---------------------------------


async def test_the_click_that_ends_a_turn_is_answered_before_the_computer_plays(
        table: Table, fake: FakeDiscord, alice: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    await table.slash(alice, "new", game="kuhlorado", computers=1)
    await table.slash(alice, "start")
    await table.sessions.wait_for_computers()
    posts = await table.deliver()
    turn_message = posted_message(fake, posts[-1])
    info = await table.sessions.info(fake.channel_id())
    assert info.seats[info.to_move].user_id == alice.user.id

    thinking = threading.Event()
    real_think = autoplay.think

    def slow_think(*args: Any) -> Any:  # the computer thinks until the test lets it
        assert thinking.wait(10)
        return real_think(*args)

    monkeypatch.setattr(autoplay, "think", slow_think)
    # Kuhlorado hides nothing: the choices are on the turn message itself
    custom_id, values = first_move(turn_message)
    reply = await table.click(alice, turn_message, custom_id, values)
    assert reply.ephemeral
    for _ in range(10):
        if "Your turn is over" in reply.text:
            break
        custom_id, values = first_move(reply.message)
        reply = await table.click(alice, reply.message, custom_id, values)
    else:
        raise AssertionError("alice's turn never ended")
    # answered while the computer has not played yet
    assert "Your turn is over; Computer (normal) is to move." in reply.text
    now = await table.sessions.info_by_id(info.id)
    assert now.seats[now.to_move].user_id is None and table.sessions.computers_thinking(info.id)
    assert await table.deliver() == []  # the channel hears of the turn once the computer played

    thinking.set()
    await table.sessions.wait_for_computers(info.id)
    (post,) = await table.deliver()  # one message: alice's marks, the computer's turn, her ping
    assert f"<@{alice.user.id}>, it's your turn" in post.body["content"]
    assert "Crosses mark" in post.body["content"] and "Circles" in post.body["content"]


# -- the end of a game ----------------------------------------------------------------


async def test_the_final_message_pings_every_player_with_the_points_by_category(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, _shapes, last = await play_to_the_end(table, [alice, bob], "pasture")
    post = fake.channel_posts()[-1]
    content = post.body["content"]
    assert f"Good game, <@{alice.user.id}>, <@{bob.user.id}>!" in content
    assert sorted(post.body["allowed_mentions"]["users"]) == sorted([alice.user.id, bob.user.id])
    assert "Final scores:" in content and "• alice **" in content and "• bob **" in content
    assert last["components"] == []

    # the final board stays reachable after the game
    board = await table.slash(alice, "board")
    assert board.ephemeral and "the game is over" in board.text
    assert board.message["attachments"]


async def test_kuhlorado_ends_with_a_breakdown_and_everyone_pinged(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await play_to_the_end(table, [alice, bob], "kuhlorado", random.Random(3))
    post = fake.channel_posts()[-1]
    content = post.body["content"]
    assert "Final scores:" in content and "Good game, " in content
    assert content.count("\n• ") == 2 and len(content) <= 2000
    assert not post.flags & EPHEMERAL


# -- the panel's shape (no Discord needed) -------------------------------------------


def grouped_decision() -> Decision:
    options = [Option(key=f"c{i}", label=f"Cell {chr(65 + i // 4)}{i % 4 + 1}",
                      group=f"Row {chr(65 + i // 4)}") for i in range(30)]
    return Decision(seat=0, prompt="Where?", options=[
        *options, Option(key="end", label="End turn", group="Done", ends_turn=True)])


def test_a_big_decision_is_one_tap_and_keeps_end_turn_one_tap_away() -> None:
    """30 cells and "End turn" are 31 buttons on a private (Components V2)
    panel (in rows of five: a row per group would need 44 components); on a public turn
    message (five rows) the smallest rows stay buttons and the others go in a select menu
    that names them."""
    view = decision_view(1, 5, grouped_decision()).to_components()
    assert [len(row["components"]) for row in view] == [5] * 6 + [1]
    assert all(c["type"] == 2 for row in view for c in row["components"])
    (end,) = view[-1]["components"]
    assert end["label"] == "End turn" and end["custom_id"] == "est:opt:1:5:end"
    public = decision_view(1, 5, grouped_decision(), public=True).to_components()
    assert len(public) == 5 and public[-1]["components"][0]["label"] == "End turn"
    menus = [row["components"][0] for row in public if row["components"][0]["type"] == 3]
    assert menus and menus[-1]["placeholder"].startswith("Row ")


def test_a_chosen_group_is_buttons_above_the_other_groups_and_long_labels_are_buttons() -> None:
    view = decision_view(1, 5, grouped_decision(), group=0).to_components()
    buttons, others, end = (row["components"] for row in view)
    assert [b["label"] for b in buttons] == ["Cell A1", "Cell A2", "Cell A3", "Cell A4"]
    assert [b["custom_id"] for b in buttons][0] == "est:opt:1:5:c0"
    assert others[0]["placeholder"] == "Other rows…"
    assert end[0]["label"] == "End turn"

    long = Decision(seat=0, prompt="Which?", options=[
        Option(key=f"k{i}", label=f"A rather long option label {i}") for i in range(8)])
    first, second = decision_view(1, 5, long).to_components()
    assert [b["label"] for b in first["components"] + second["components"]] == [
        f"A rather long option label {i}" for i in range(8)]


# -- taking back a step from the panel -------------------------------------------------


async def test_a_step_that_revealed_nothing_can_be_taken_back_from_the_panel(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert "est:undo" not in " ".join(panel.custom_ids)  # nothing to take back yet
    claimed = await tap(table, mover, panel.message, "b3")
    version = info.version + 1
    assert claimed.custom_ids[-2:] == [f"est:undo:{game_id}:{version}", f"est:hint:{game_id}"]
    take_back, _hint = rows(claimed.message)[-1]
    assert take_back["label"] == "Take back" and take_back["style"] == 2

    old_panel = copy.deepcopy(claimed.message)  # the fake edits the panel in place
    undone = await table.click(mover, claimed.message, f"est:undo:{game_id}:{version}")
    assert undone.callback_type == 6 and undone.message["id"] == panel.message["id"]
    assert undone.text.startswith("You took back your last step.")
    assert "Claim a cell." in undone.text and undone.custom_ids == [
        f"est:opt:{game_id}:{version + 1}:{cell.lower()}" for cell in CELLS] + [
        f"est:hint:{game_id}"]
    assert await table.deliver() == []  # the same turn: no ping
    assert (await table.sessions.info_by_id(game_id)).to_move == info.to_move

    again = await table.click(mover, old_panel, f"est:undo:{game_id}:{version}")
    assert again.text == "This panel is out of date — the game has moved on."


async def test_take_back_stays_while_the_player_browses_the_rows(
        table: Table, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob, game="hazienda")
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    reply = await table.click(mover, turn_message, f"est:turn:{game_id}")
    plays = [key for key in offered(reply.message) if key.startswith("play:")]
    # a card offered alone (its place comes next) if there is one, else card and place
    play = sorted(plays, key=lambda key: key.count(":"))[0]
    placing = await tap(table, mover, reply.message, play)
    version = info.version + 1
    assert f"est:undo:{game_id}:{version}" in placing.custom_ids
    if f"est:grp:{game_id}:{version}" in placing.custom_ids:  # a big map: rows first
        row = await table.click(mover, placing.message, f"est:grp:{game_id}:{version}", ["0"])
        assert f"est:undo:{game_id}:{version}" in row.custom_ids
