"""Through the fake Discord: computer levels in the lobby, in the
seats' names and for the timeout policy's stand-in; hints from ``/estancia hint`` and the
panel's Hint button, switched off by a server, marked in the game's last message."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import ai
from testkit.fakediscord import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import posted_message, started_game, take_turn_by_clicks, to_move


async def finish(table: Table, members: list[FakeMember], game_id: int,
                 turn: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the game on with clicks until it ends; its last channel message."""
    by_id = {m.user.id: m for m in members}
    last = turn
    for _turn in range(400):
        await table.computers_played(game_id)
        posts = await table.deliver()
        if posts:
            last = posted_message(table.fake, posts[-1])
        info = await table.sessions.info_by_id(game_id)
        if info.status == "finished":
            assert last is not None
            return last
        assert last is not None
        await take_turn_by_clicks(table, to_move(table, by_id, info), last)
    raise AssertionError("the game did not end")


@pytest.fixture
def levels_played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str | None]]:
    """The (seat, level) of every computer decision (the computer still plays)."""
    played: list[tuple[int, str | None]] = []
    real = ai.choose

    def recording(game: Any, state: Any, seat: int, rng: Any, level: str | None = None,
                  seen: frozenset = frozenset()) -> str:
        played.append((seat, level))
        return real(game, state, seat, rng, level, seen)

    monkeypatch.setattr(ai, "choose", recording)
    return played


@pytest.fixture
def owner(fake: FakeDiscord) -> FakeMember:
    """A member who may change the server's settings."""
    return fake.add_member("owner", MEMBER_PERMISSIONS | MANAGE_GUILD)


async def test_a_computer_takes_its_seat_at_the_level_asked_and_plays_at_it(
        table: Table, alice: FakeMember, levels_played: list) -> None:
    await table.slash(alice, "new", game="pasture")
    reply = await table.slash(alice, "computer", level="hard")
    assert reply.ephemeral and reply.text.startswith("Computer (hard) joined.")
    easy = await table.slash(alice, "computer", level="easy")
    assert easy.text.startswith("Computer 2 (easy) joined.")
    info = await table.sessions.info(table.fake.channel_id())
    assert [(s.name, s.level) for s in info.seats] == [
        ("alice", None), ("Computer (hard)", "hard"), ("Computer 2 (easy)", "easy")]
    await table.slash(alice, "start")
    await finish(table, [alice], info.id)
    assert {level for seat, level in levels_played if seat == 1} == {"hard"}
    assert {level for seat, level in levels_played if seat == 2} == {"easy"}


async def test_the_level_choices_are_offered_in_french(table: Table, fake: FakeDiscord) -> None:
    (command,) = fake.commands["global"]
    computer = next(o for o in command["options"] if o["name"] == "computer")
    (level,) = computer["options"]
    assert level["name_localizations"]["fr"] == "niveau"
    assert [c["value"] for c in level["choices"]] == list(ai.LEVELS)
    assert [c.get("name_localizations", {}).get("fr", c["name"]) for c in level["choices"]] == [
        "facile", "normal", "difficile"]


async def test_a_timed_out_turn_is_played_at_the_servers_level(
        table: Table, alice: FakeMember, bob: FakeMember, owner: FakeMember,
        levels_played: list) -> None:
    refused = await table.slash(alice, "server", computer_level="easy")
    assert refused.text == "Only someone who can manage this server can change that."
    shown = await table.slash(owner, "server", computer_level="hard")
    assert "it plays at the hard level" in shown.text
    game_id, _ = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    late = info.to_move
    table.clock.advance(25 * 3600)  # the turn timer is 24 hours
    assert await table.sessions.fire_due_timers() >= 1
    after = await table.sessions.info_by_id(game_id)
    assert after.to_move != late, "the computer played the late player's turn"
    assert levels_played and {level for seat, level in levels_played} == {"hard"}
    assert {seat for seat, level in levels_played} == {late}


async def test_a_hint_answers_privately_and_the_game_says_hints_were_used(
        table: Table, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    members = {alice.user.id: alice, bob.user.id: bob}
    mover = to_move(table, members, info)
    waiting = bob if mover is alice else alice

    refused = await table.slash(waiting, "hint")
    assert refused.ephemeral and refused.text == "It is not your turn."
    hint = await table.slash(mover, "hint")
    assert hint.ephemeral
    lines = hint.text.splitlines()
    assert lines[0].startswith("The computer's suggestion, from what you can see")
    assert lines[1].startswith("1. **") and "— its choice" in lines[1]
    assert lines[2].startswith("2. **") and lines[3].startswith("3. **")
    after = await table.sessions.info_by_id(game_id)
    assert after.version == info.version, "a hint changes nothing in the game"
    assert [s.hinted for s in after.seats] == [s.user_id == mover.user.id for s in after.seats]

    # the panel's Hint button answers the same, in a message of its own
    opened = await table.click(mover, turn, f"est:turn:{game_id}")
    assert f"est:hint:{game_id}" in opened.custom_ids
    panel = copy.deepcopy(opened.message)
    tapped = await table.click(mover, opened.message, f"est:hint:{game_id}")
    assert tapped.ephemeral and tapped.text.startswith("The computer's suggestion")
    assert table.fake.messages[int(panel["id"])] == panel, "the panel stays as it was"

    last = await finish(table, [alice, bob], game_id, turn)
    assert f"Hints were used by {mover.user.name}." in last["content"]


async def test_a_server_without_hints_refuses_them_and_offers_no_button(
        table: Table, alice: FakeMember, bob: FakeMember, owner: FakeMember) -> None:
    shown = await table.slash(owner, "server", hints=False)
    assert "Hints are switched off." in shown.text
    game_id, turn = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    refused = await table.slash(mover, "hint")
    assert refused.ephemeral and refused.text == "Hints are switched off on this server."
    opened = await table.click(mover, turn, f"est:turn:{game_id}")
    assert not [c for c in opened.custom_ids if c.startswith("est:hint:")]
    on_again = await table.slash(owner, "server", hints=True)
    assert "Players may ask the computer for hints" in on_again.text
