"""The hand panel through the fake Discord: what a seat holds, and a GWT:A exchange token
used while another player is to move (« vous pouvez les utiliser à tout moment de la
partie, même au cours d'une action et même quand ce n'est pas votre tour », rulebook p. 18).

Bob, waiting, opens `/estancia hand`, taps the token, sees the cards he drew and discards
as many; Alice's turn panel, opened before, still plays; Bob's old token button and his
doubled tap are refused as out of date, privately, and change nothing."""

from __future__ import annotations

import copy
from typing import Any

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import pick, started_game, to_move


def buttons(message: dict[str, Any]) -> dict[str, str]:
    """Label -> custom id of the message's buttons."""
    return {c["label"]: c["custom_id"] for row in message["components"] if row["type"] == 1
            for c in row["components"] if c["type"] == 2}


async def test_an_exchange_token_while_another_player_is_to_move(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob, game="gwt-argentina")
    members = {alice.user.id: alice, bob.user.id: bob}
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, members, info)
    waiting = bob if mover is alice else alice

    # the player to move opens their turn panel first
    turn_panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    assert turn_panel.ephemeral and turn_panel.text.startswith("Your hand: ")
    assert "0:" not in turn_panel.text and "1:" not in turn_panel.text, "names, not ids"

    hand = await table.slash(waiting, "hand")
    assert hand.ephemeral
    assert "only you can see this" in hand.text
    assert "Your hand: " in hand.text and "1 exchange token" in hand.text
    assert "**Not your turn: use an exchange token?**" in hand.text
    offer = buttons(hand.message)
    draw_two = offer["Exchange token: draw 2, then discard 2 (1 left)"]
    assert draw_two == f"est:side:{game_id}:{info.version}:xt:2"

    old_hand = copy.deepcopy(hand.message)  # the fake edits the panel in place
    drawn = await table.click(waiting, hand.message, draw_two)
    assert not drawn.followups
    assert drawn.text.startswith("You chose **Exchange token: draw 2, then discard 2")
    assert "• You drew " in drawn.text
    assert "**Exchange token: discard 2 cards.**" in drawn.text
    assert [a["filename"] for a in drawn.message["attachments"]] == [
        f"estancia-{game_id}-{info.version + 1}-hand.png"], "the faces of the cards to discard"
    assert await table.deliver() == [], "nothing is posted in the middle of a turn"
    assert (await table.sessions.info_by_id(game_id)).to_move == info.to_move

    # the same token button again (a doubled tap, an old panel): out of date, nothing played
    again = await table.click(waiting, old_hand, draw_two)
    assert again.ephemeral and again.callback_type == 4, "a private message of its own"
    assert "out of date" in again.text
    assert (await table.sessions.info_by_id(game_id)).version == info.version + 1

    # the player to move's panel, opened before the token, still plays
    asked = copy.deepcopy(drawn.message)
    move, values = pick(turn_panel.message, None)
    assert f":{game_id}:{info.version}" in move, "built before the token"
    played = await table.click(mover, turn_panel.message, move, values)
    assert not played.followups and played.text.startswith("You chose"), played.text

    # two discards, from the panel that asked for them
    discard = next(iter(buttons(asked).values()))
    first = await table.click(waiting, drawn.message, discard)
    assert "**Exchange token: discard 1 card.**" in first.text
    doubled = await table.click(waiting, asked, discard)
    assert doubled.ephemeral and "out of date" in doubled.text
    second = await table.click(waiting, first.message,
                               next(iter(buttons(first.message).values())))
    assert "0 exchange tokens" in second.text and buttons(second.message) == {}
    seat = info.seat_of(waiting.user.id)
    moves = await table.sessions.store.moves(game_id)
    assert [(m.seat, m.by_computer) for m in moves if m.option_key and (
        m.option_key == "xt:2" or m.option_key.startswith(f"discard:{seat}:"))] == [
        (seat, False)] * 3


async def test_your_turn_tapped_while_waiting_opens_the_hand_panel(
        table: Table, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob, game="gwt-argentina")
    members = {alice.user.id: alice, bob.user.id: bob}
    info = await table.sessions.info_by_id(game_id)
    waiting = bob if to_move(table, members, info) is alice else alice
    reply = await table.click(waiting, turn_message, f"est:turn:{game_id}")
    assert reply.ephemeral and reply.text.startswith("It is not your turn")
    assert "Exchange token: draw 2, then discard 2 (1 left)" in buttons(reply.message)


async def test_the_hand_panel_in_french(table: Table, fake: FakeDiscord, alice: FakeMember,
                                        bob: FakeMember) -> None:
    game_id, _turn = await started_game(table, alice, bob, game="gwt-argentina")
    members = {alice.user.id: alice, bob.user.id: bob}
    info = await table.sessions.info_by_id(game_id)
    waiting = bob if to_move(table, members, info) is alice else alice
    waiting.locale = "fr"
    hand = await table.slash(waiting, "hand")
    assert "vous seul voyez ceci" in hand.text and "Votre main : " in hand.text
    assert "**Ce n'est pas votre tour : utiliser un jeton Échange ?**" in hand.text
    assert any(label.startswith("Jeton Échange : piocher 2") for label in buttons(hand.message))


def test_many_side_options_go_in_a_select_menu_and_long_keys_by_index():
    from bot.discord_ui.hand import side_view
    from games.base import Decision, Option

    many = Decision(seat=1, prompt="Exchange token: discard 2 cards.", optional=False,
                    options=[Option(key=f"discard:1:C{i}", label=f"Card {i}") for i in range(7)])
    (row,) = side_view(4, 9, many).to_components()
    (menu,) = row["components"]
    assert menu["type"] == 3 and menu["custom_id"] == "est:ssel:4:9"
    assert [o["value"] for o in menu["options"]] == [o.key for o in many.options]
    few = Decision(seat=1, prompt="?", optional=True,
                   options=[Option(key="k" * 90, label="Long key")])
    (row,) = side_view(4, 9, few).to_components()
    assert row["components"][0]["custom_id"] == "est:side:4:9:#0"
