"""The other /estancia commands, autocomplete and the lobby buttons."""

from __future__ import annotations

from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import posted_message, started_game, to_move
from tests.discord.pasture import CELLS


async def test_move_autocomplete_lists_at_most_25_legal_options_filtered_by_text(
        table: Table, alice: FakeMember, bob: FakeMember, carol: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    waiting = bob if mover is alice else alice

    everything = await table.autocomplete(mover, "move", "option", option="")
    assert everything.callback_type == 8
    assert len(everything.choices) == 25  # 30 legal cells, Discord shows 25
    assert everything.choices[0] == {"name": "Row A — Cell A1", "value": "a1"}

    row_c = await table.autocomplete(mover, "move", "option", option="row c")
    assert [c["value"] for c in row_c.choices] == ["c1", "c2", "c3", "c4", "c5", "c6"]
    by_key = await table.autocomplete(mover, "move", "option", option="E6")
    assert [c["value"] for c in by_key.choices] == ["e6"]

    assert (await table.autocomplete(waiting, "move", "option", option="")).choices == []
    assert (await table.autocomplete(carol, "move", "option", option="")).choices == []


async def test_a_typed_label_plays_like_its_key(table: Table, alice: FakeMember,
                                                bob: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    reply = await table.slash(mover, "move", option="Row D — Cell D4")
    assert reply.ephemeral and reply.text.startswith("You chose **Cell D4**.")
    # the rest of the turn is offered right there
    assert reply.custom_ids == [f"est:opt:{game_id}:{info.version + 1}:fence",
                                f"est:opt:{game_id}:{info.version + 1}:graze",
                                f"est:hint:{game_id}"]
    fenced = await table.slash(mover, "move", option="fence it")
    assert fenced.text.startswith("You chose **Fence it**.")


async def test_undo_takes_back_a_step_without_chance(table: Table, alice: FakeMember,
                                                     bob: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="a1")
    reply = await table.slash(mover, "undo")
    assert reply.ephemeral and reply.text.startswith("You took back your last step.")
    assert "Claim a cell." in reply.text
    # the 30 cells again, one button each (a Components V2 panel holds them)
    assert reply.custom_ids == [f"est:opt:{game_id}:{info.version + 2}:{cell.lower()}"
                                for cell in CELLS] + [f"est:hint:{game_id}"]


async def test_lobby_buttons_join_add_a_computer_and_start(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    (post,) = await table.deliver()
    lobby = posted_message(fake, post)
    game_id = (await table.sessions.info(fake.channel_id())).id

    joined = await table.click(bob, lobby, f"est:join:{game_id}")
    assert joined.ephemeral and joined.text == "You joined **Pasture** (seat 2)."
    again = await table.click(bob, lobby, f"est:join:{game_id}")
    assert again.ephemeral and again.text == "You already have a seat in this game."
    computer = await table.click(alice, lobby, f"est:cpu:{game_id}")
    assert computer.text.startswith("A computer player joined")
    not_creator = await table.click(bob, lobby, f"est:start:{game_id}")
    assert not_creator.text == "Only the player who opened the game can start it."
    assert (await table.sessions.info(fake.channel_id())).status == "lobby", not_creator
    started = await table.click(alice, lobby, f"est:start:{game_id}")
    assert started.text == "**Pasture** has started."
    info = await table.sessions.info(fake.channel_id())
    assert info.status == "active" and len(info.seats) == 3


async def test_board_hand_log_rules_and_settings(table: Table, fake: FakeDiscord,
                                                 alice: FakeMember, bob: FakeMember,
                                                 carol: FakeMember) -> None:
    game_id, _ = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    await table.slash(mover, "move", option="b2")

    private = await table.slash(alice, "board")
    assert private.ephemeral and private.message["attachments"][0]["filename"].endswith(".png")
    (upload,) = [f for c in private.calls for f in c.files]
    assert upload.is_png
    shared = await table.slash(alice, "board", share=True)
    assert not shared.ephemeral and shared.message["attachments"]

    hand = await table.slash(bob, "hand")
    assert hand.ephemeral and hand.text.endswith("your view.")
    spectator = await table.slash(carol, "hand")
    assert "public view" in spectator.text

    log = await table.slash(carol, "log")
    assert log.ephemeral and "claims B2" in log.text
    rules = await table.slash(carol, "rules")
    assert rules.text.startswith("**Pasture** (2–3 players)\nClaim a cell")

    shown = await table.slash(carol, "settings")
    assert "Turn timer: 24 h" in shown.text
    refused = await table.slash(carol, "settings", timeout_hours=2)
    assert refused.ephemeral and "Turn timer" not in refused.text
    changed = await table.slash(alice, "settings", timeout_hours=48, reminders="6, 1",
                                policy="forfeit")
    assert "Turn timer: 48 h" in changed.text and "6 h, 1 h" in changed.text
    assert "forfeits" in changed.text
    bad = await table.slash(alice, "settings", reminders="soon")
    assert "like \"12,2\"" in bad.text


async def test_new_with_options_and_computers(table: Table, fake: FakeDiscord,
                                              alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="Pasture", computers=2)
    assert reply.text.startswith("Lobby open for **Pasture**")
    info = await table.sessions.info(fake.channel_id())
    assert [s.is_computer for s in info.seats] == [False, True, True]
    await table.slash(alice, "cancel")
    bad = await table.slash(alice, "new", game="pasture", options="colour=blue")
    assert bad.ephemeral and "Lobby open" not in bad.text


async def test_game_autocomplete_offers_the_registered_games(table: Table,
                                                             alice: FakeMember) -> None:
    reply = await table.autocomplete(alice, "new", "game", game="pas")
    assert reply.choices == [{"name": "Pasture", "value": "pasture"}]


async def test_variant_options_reach_the_game(table: Table, fake: FakeDiscord,
                                              alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="kuhlorado", options="pro sheet=3")
    assert reply.text.startswith("Lobby open for **Kuhlorado**")
    info = await table.sessions.info(fake.channel_id())
    assert info.options == {"pro": True, "sheet": 3}


async def test_the_buttons_of_an_old_lobby_are_closed(table: Table, fake: FakeDiscord,
                                                      alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    (post,) = await table.deliver()
    old_lobby = posted_message(fake, post)
    old_id = (await table.sessions.info(fake.channel_id())).id
    await table.slash(alice, "cancel")
    await table.slash(alice, "new", game="pasture")
    reply = await table.click(bob, old_lobby, f"est:join:{old_id}")
    assert reply.ephemeral and reply.text == "This lobby is closed."
    assert len((await table.sessions.info(fake.channel_id())).seats) == 1
