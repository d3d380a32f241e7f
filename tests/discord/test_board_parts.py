"""« Post what a player needs every turn … and give the rest on demand: buttons
under the board (GWT:A: market, railway, ships and ports, player boards; Llama Land: each
estate) that answer privately with that part, and the same parts by a `/estancia board`
option »."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from testkit.fakediscord import EPHEMERAL, FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import (
    action_rows,
    posted_message,
    started_game,
    take_turn_by_clicks,
    to_move,
)

GWT_PARTS = ["Market", "Railway", "Ships and ports", "Player boards"]


def part_buttons(message: dict) -> list[dict]:
    return [c for row in action_rows(message) for c in row["components"]
            if c["custom_id"].startswith("est:part:")]


def image_of(fake: FakeDiscord, reply) -> Image.Image:
    (upload,) = [f for call in reply.calls for f in call.files]
    return Image.open(io.BytesIO(upload.data))


async def test_a_gwt_board_comes_with_its_parts_answered_privately(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        carol: FakeMember) -> None:
    game_id, turn = await started_game(table, alice, bob, game="gwt-argentina")
    buttons = part_buttons(turn)
    assert [b["label"] for b in buttons] == GWT_PARTS
    assert [b["custom_id"] for b in buttons] == [
        f"est:part:{game_id}:{key}" for key in ("market", "railway", "ships", "players")]
    assert turn["components"][0]["components"][0]["custom_id"] == f"est:turn:{game_id}"
    (board,) = turn["attachments"]
    assert board["filename"].endswith(".png")

    version = (await table.sessions.info_by_id(game_id)).version
    # a seated player sees the players' boards with their own hand
    seated = await table.click(alice, turn, f"est:part:{game_id}:players")
    assert seated.ephemeral and seated.text == (
        f"**Player boards** — Great Western Trail: Argentina #{game_id}, as it stands now.")
    assert [a["filename"] for a in seated.message["attachments"]] == [
        f"estancia-{game_id}-players.png"]
    mine = image_of(fake, seated)
    # … and anyone else the same part without a hand: a smaller image
    watching = await table.click(carol, turn, f"est:part:{game_id}:players")
    assert watching.ephemeral and image_of(fake, watching).height < mine.height
    for key in ("market", "railway", "ships"):
        part = await table.click(carol, turn, f"est:part:{game_id}:{key}")
        assert part.ephemeral and part.message["flags"] & EPHEMERAL
        image = image_of(fake, part)
        assert image.width == 800 and image.height <= 2 * image.width
    assert (await table.sessions.info_by_id(game_id)).version == version  # nothing played
    assert fake.invalid_bodies == []


async def test_the_board_command_gives_a_part_and_offers_the_others(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, _turn = await started_game(table, alice, bob, game="gwt-argentina")
    offered = await table.autocomplete(alice, "board", "part", part="")
    assert [c["name"] for c in offered.choices] == GWT_PARTS
    assert [c["value"] for c in (await table.autocomplete(alice, "board", "part",
                                                          part="rail")).choices] == ["railway"]
    railway = await table.slash(alice, "board", part="railway")
    assert railway.ephemeral and railway.text.startswith("**Railway** — ")
    assert railway.message["attachments"][0]["filename"] == f"estancia-{game_id}-railway.png"
    board = await table.slash(alice, "board")
    assert [b["label"] for b in part_buttons(board.message)] == GWT_PARTS
    unknown = await table.slash(alice, "board", part="casino")
    assert unknown.ephemeral and unknown.text == "This game's board has no such part."


async def test_llama_land_estates_share_the_turn_message_with_its_choices(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        carol: FakeMember) -> None:
    """An open game: the turn's choices and the parts' buttons on one message (five
    action rows at most, the parts on the last): the objectives from the start, each
    estate once its start board lies."""
    members = [alice, bob, carol]
    game_id, turn = await started_game(table, *members, game="llama-land")
    assert [b["label"] for b in part_buttons(turn)] == ["Objectives"]
    by_id = {m.user.id: m for m in members}
    for _turn in range(3):  # each player lays their start board
        info = await table.sessions.info_by_id(game_id)
        await take_turn_by_clicks(table, to_move(table, by_id, info), turn)
        turn = posted_message(fake, (await table.deliver())[-1])
    rows = action_rows(turn)
    assert len(rows) <= 5
    estates = part_buttons(turn)
    assert rows[-1]["components"] == estates
    assert [b["label"] for b in estates] == ["alice's estate", "bob's estate",
                                             "carol's estate", "Objectives"]
    assert all(c["custom_id"].startswith((f"est:popt:{game_id}:", f"est:psel:{game_id}:"))
               for row in rows[:-1] for c in row["components"])
    reply = await table.click(carol, turn, estates[1]["custom_id"])
    assert reply.ephemeral and reply.message["attachments"]
    image = image_of(fake, reply)
    assert image.height <= 2 * image.width
    assert fake.invalid_bodies == []


@pytest.mark.parametrize("game", ["kuhlorado", "hazienda"])
async def test_a_board_that_shows_everything_has_no_part_buttons(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember, game: str) -> None:
    _game_id, turn = await started_game(table, alice, bob, game=game)
    assert part_buttons(turn) == []
    posted = posted_message(fake, fake.channel_posts()[-1])
    assert posted["id"] == turn["id"]
