"""Bad input: oversized echoes, nonsense timer settings, forged custom ids,
settings changed under an open panel — each answered privately, within Discord's limits."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.discord_ui.text import MESSAGE_LIMIT
from testkit.fakediscord import EPHEMERAL, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import started_game, tap, to_move

HUGE = "x" * 6000


def assert_within_limits(fake: FakeDiscord) -> None:
    """Every message the bot sent or edited fits Discord's 2000 characters."""
    for call in fake.calls:
        body = call.json if isinstance(call.json, dict) else {}
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        content = data.get("content") if isinstance(data, dict) else None
        if isinstance(content, str):
            assert len(content) <= MESSAGE_LIMIT, (call.method, call.path, len(content))


async def test_a_refusal_echoing_6000_characters_of_options_fits_a_message(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="pasture", options=HUGE)
    assert reply.ephemeral
    assert 0 < len(reply.text) <= MESSAGE_LIMIT
    assert "options" in reply.text.lower()
    many = await table.slash(alice, "new", game="pasture", options=" ".join(["word"] * 1200))
    assert many.ephemeral and 0 < len(many.text) <= MESSAGE_LIMIT
    assert_within_limits(fake)
    with pytest.raises(Exception, match="no game"):
        await table.sessions.info(fake.channel_id())


async def test_a_refusal_echoing_a_6000_character_game_name_fits_a_message(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "rules", game=HUGE)
    assert reply.ephemeral
    assert "There is no game called" in reply.text and len(reply.text) < 300
    new = await table.slash(alice, "new", game=HUGE)
    assert new.ephemeral and len(new.text) < 300
    assert_within_limits(fake)


@pytest.mark.parametrize("typed", ["inf", "nan", "1e999", "-inf", "12,nan"])
async def test_settings_refuse_reminders_that_are_not_a_number_of_hours(
        table: Table, fake: FakeDiscord, alice: FakeMember, typed: str) -> None:
    await table.slash(alice, "new", game="pasture")
    reply = await table.slash(alice, "settings", reminders=typed)
    assert reply.ephemeral
    assert "nan" not in reply.text and "inf" not in reply.text.replace("info", "")
    assert reply.text.startswith("Reminders are hours before the deadline")
    info = await table.sessions.info(fake.channel_id())
    assert info.reminder_hours == (12.0, 2.0)


async def test_settings_refuse_reminders_at_or_beyond_the_turn_timer(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    at = await table.slash(alice, "settings", reminders="24")
    assert at.ephemeral and "24 h" in at.text and "before the deadline" in at.text
    beyond = await table.slash(alice, "settings", timeout_hours=6.0, reminders="12,2")
    assert beyond.ephemeral and "12 h" in beyond.text
    info = await table.sessions.info(fake.channel_id())
    assert (info.turn_timeout_hours, info.reminder_hours) == (24.0, (12.0, 2.0))
    fine = await table.slash(alice, "settings", timeout_hours=6.0, reminders="2")
    assert "reminders before the deadline: 2 h" in fine.text
    none = await table.slash(alice, "settings", reminders="none")
    assert "reminders before the deadline: none" in none.text


async def test_a_settings_change_does_not_make_the_movers_panel_out_of_date(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, turn_message = await started_game(table, alice, bob)
    info = await table.sessions.info_by_id(game_id)
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    panel = await table.click(mover, turn_message, f"est:turn:{game_id}")
    changed = await table.slash(alice, "settings", timeout_hours=48.0)
    assert "48 h" in changed.text
    assert (await table.sessions.info_by_id(game_id)).version == info.version
    chosen = await tap(table, mover, panel.message, "a1")
    assert "out of date" not in chosen.text
    assert chosen.text.startswith("You chose **Cell A1**")


def forged(fake: FakeDiscord, custom_id: str) -> dict[str, Any]:
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}
    return fake._new_message(fake.channel_id(), {
        "content": "", "components": [{"type": 1, "components": [button]}], "flags": 0}, [])


@pytest.mark.parametrize("custom_id", [
    "est:turn:" + "9" * 95,
    "est:join:" + "9" * 95,
    "est:opt:" + "9" * 40 + ":" + "9" * 40 + ":a1",
    "est:undo:1:" + "9" * 80,
    "est:turn:9223372036854775808",  # 19 digits, one above SQLite's largest integer
    "est:sel:99999999999999999999:1",
])
async def test_a_custom_id_with_a_huge_number_logs_no_error(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        caplog: pytest.LogCaptureFixture, custom_id: str) -> None:
    await started_game(table, alice, bob)
    with caplog.at_level(logging.WARNING):
        reply = await table.click(alice, forged(fake, custom_id), custom_id)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "Traceback" not in caplog.text and "OverflowError" not in caplog.text
    for call in reply.calls:  # whatever answer there is, it is private
        if call.path.endswith("/callback") and call.json.get("data"):
            assert call.json["data"].get("flags", 0) & EPHEMERAL
    numbers = [part for part in custom_id.split(":") if part.isdigit()]
    if all(len(n) <= 19 for n in numbers):  # ids a custom id can carry: a clear answer
        assert reply.text == "That game does not exist."


def test_every_component_text_is_cut_to_discords_limits() -> None:
    """The one place: panels serialize through ``fit_components`` whatever the labels."""
    import discord
    from discord import ui

    from bot.discord_ui.panel_components import Components

    view = Components()
    view.add_item(ui.Button(label="b" * 300, custom_id="est:turn:1"))
    select = ui.Select(custom_id="est:sel:1:1", placeholder="p" * 300,
                       options=[discord.SelectOption(label="l" * 300, value="v",
                                                     description="d" * 300)])
    view.add_item(select)
    [buttons, menu] = view.to_components()
    assert len(buttons["components"][0]["label"]) == 80
    [serialized] = menu["components"]
    assert len(serialized["placeholder"]) == 150
    assert len(serialized["options"][0]["label"]) == 100
    assert len(serialized["options"][0]["description"]) == 100
    assert serialized["options"][0]["value"] == "v"
