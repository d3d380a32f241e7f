"""/estancia replay: a finished game as an animated image, one frame per turn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderer import replay
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from tests.discord.test_ratings import finish_pasture


async def test_replay_of_a_finished_game_has_a_frame_per_turn(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id = await finish_pasture(table.sessions, fake, [alice, bob])
    reply = await table.slash(bob, "replay")
    assert reply.ephemeral and reply.text == f"**Pasture** #{game_id} — the game turn by turn."
    (upload,) = [c for c in reply.calls if c.files]
    (gif,) = upload.files
    assert gif.filename == f"estancia-{game_id}.gif" and gif.size < 10 * 1024 * 1024
    image = Image.open(io.BytesIO(gif.data))
    # Pasture: 30 cells, one a turn; the start, after each turn (the last ends the game)
    assert image.format == "GIF" and image.n_frames == 31


async def test_a_running_game_has_no_replay(table: Table, fake: FakeDiscord,
                                            alice: FakeMember, bob: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    await table.slash(bob, "join")
    await table.slash(alice, "start")
    reply = await table.slash(alice, "replay")
    assert reply.ephemeral and reply.text == "Replays are made of finished games."


def test_a_replay_too_big_for_one_upload_is_made_smaller(monkeypatch: pytest.MonkeyPatch) -> None:
    noisy = [Image.effect_noise((700, 500), 80 + i).convert("RGB") for i in range(6)]
    monkeypatch.setattr(replay, "render_image", lambda game, view, names: noisy[view["i"]])
    full = replay.animate("any", [{"i": i} for i in range(6)], [])
    small = replay.animate("any", [{"i": i} for i in range(6)], [], max_bytes=len(full) // 3)
    assert len(small) <= len(full) // 3
    assert Image.open(io.BytesIO(small)).width < Image.open(io.BytesIO(full)).width
