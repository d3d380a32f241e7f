"""Llama Land through the fake Discord: whole games played by taps only."""

from __future__ import annotations

import random

import pytest

from games import ai
from testkit.fakediscord import FakeDiscord, FakeMember, custom_ids
from testkit.harness import Table
from testkit.scenario import action_rows, pick, play_to_the_end, posted_message

GAME = "llama-land"


async def test_two_players_play_a_whole_game_by_taps(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, shapes, last = await play_to_the_end(table, [alice, bob], GAME, random.Random(11))
    info = await table.sessions.info_by_id(game_id)
    assert info.status == "finished"
    assert {"opt"} <= shapes  # buttons at least (piles, extend or build, feed …)
    # no choices any more; the parts of the final board (estates, objectives) stay
    assert last["attachments"] and {c["custom_id"].split(":")[1] for row in last["components"]
                                    for c in row["components"]} <= {"part"}
    content = fake.channel_posts()[-1].body["content"]
    assert "Final scores:" in content and len(content) <= 2000
    for post in fake.channel_posts():
        for upload in post.files:
            assert upload.is_png
    # a placement lying many ways came as a gallery of pages, never more than 10 files
    uploads = [call.files for call in fake.calls if call.files]
    assert max(len(files) for files in uploads) <= 10
    assert any(f.filename.endswith("-choices-p2.png") for files in uploads for f in files)
    assert fake.invalid_bodies == []  # nothing Discord would refuse (galleries included)


async def test_one_player_beats_or_loses_to_the_computer_by_taps(
        table: Table, fake: FakeDiscord, alice: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer seat plays at random here (this test is about the taps; the computer's
    speed and strength are measured by ``make bench``)."""
    monkeypatch.setattr(ai, "choose", lambda game, state, seat, rng, *_more:
                        ai.choose_random(game, state, seat, rng))
    await table.slash(alice, "new", game=GAME, computers=1)
    await table.slash(alice, "start")
    await table.sessions.wait_for_computers()
    posts = await table.deliver()
    info = await table.sessions.info(fake.channel_id())
    rng = random.Random(5)
    taps = 0
    images: set[str] = set()
    turn_message = posted_message(fake, posts[-1])
    while info.status == "active":
        assert info.seats[info.to_move].user_id == alice.user.id, "the computer moves by itself"
        if f"est:turn:{info.id}" in custom_ids(turn_message["components"]):
            reply = await table.click(alice, turn_message, f"est:turn:{info.id}")
        else:  # no hidden information: the first choices are on the channel message
            custom_id, values = pick(turn_message, rng)
            reply = await table.click(alice, turn_message, custom_id, values)
            taps += 1
        while action_rows(reply.message):
            images |= {a["filename"] for a in reply.message.get("attachments", [])}
            custom_id, values = pick(reply.message, rng)
            reply = await table.click(alice, reply.message, custom_id, values)
            assert not reply.followups, reply.followups[0]["content"]
            taps += 1
            assert taps < 3000, "the game should be over by now"
        await table.sessions.wait_for_computers()
        posts = await table.deliver()
        info = await table.sessions.info_by_id(info.id)
        if posts:
            turn_message = posted_message(fake, posts[-1])
    assert info.status == "finished"
    assert "Final scores:" in fake.channel_posts()[-1].body["content"]
    # the places of the tile and of the llamas came with their numbered images
    assert any(name.endswith("-choices.png") for name in images), sorted(images)[:5]
