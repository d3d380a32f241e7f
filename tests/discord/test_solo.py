"""/estancia new with a solo game's option (an automa's difficulty) starts at once, and a
solo game ends with one result everywhere: both scores, Pedro named with his
difficulty, who won — in the recap image, the channel and the thread."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import games
import renderer.recap
from renderer.fonts import TextDraw
from testkit.fakediscord import THREAD_PERMISSIONS, FakeDiscord, FakeMember
from testkit.harness import Table
from tests.bot.helpers import drain


@pytest.fixture(autouse=True)
def gwt_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "gwt-argentina", "games.gwt_argentina")


async def test_a_difficulty_starts_a_solo_game_without_a_lobby(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="gwt-argentina", options="difficulty=expert")
    assert reply.ephemeral
    assert reply.text.startswith("Your solo game of **Great Western Trail: Argentina** against "
                                 "Pedro (expert ♦♦♦) has started")
    info = await table.sessions.info(fake.channel_id())
    assert info.status == "active" and [s.user_id for s in info.seats] == [alice.user.id]
    assert info.options["difficulty"] == "expert"
    lobby, start = await table.deliver()
    assert lobby.custom_ids == []  # no Join / Start buttons: nobody else can sit
    assert f"<@{alice.user.id}>" in start.body["content"]


async def test_without_a_difficulty_it_is_a_lobby_as_usual(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="gwt-argentina")
    assert reply.text.startswith("Lobby open for **Great Western Trail: Argentina**")
    assert (await table.sessions.info(fake.channel_id())).status == "lobby"


async def test_a_whole_solo_game_by_taps(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    """A whole solo game against Pedro by taps only — his turn announced after
    yours, every panel within Discord's limits, one result at the end."""
    import random

    from testkit.scenario import pick, posted_message

    await table.slash(alice, "new", game="gwt-argentina", options="difficulty=easy")
    posts = await table.deliver()
    message = posted_message(fake, posts[-1])
    info = await table.sessions.info(fake.channel_id())
    rng = random.Random(3)
    clicks = 0
    seen: list[str] = [message["content"]]
    while (info := await table.sessions.info_by_id(info.id)).status == "active":
        reply = await table.click(alice, message, f"est:turn:{info.id}")
        while reply.message["components"] and clicks < 6000:
            assert len(reply.text) <= 2000
            for row in reply.message["components"]:
                assert len(row["components"]) <= 5
                for component in row["components"]:
                    assert len(component.get("label") or "") <= 80
                    assert len(component.get("options") or []) <= 25
            custom_id, values = pick(reply.message, rng)
            reply = await table.click(alice, reply.message, custom_id, values)
            clicks += 1
        assert clicks < 6000, "the game did not end"
        posts = await table.deliver()
        for post in posts:
            seen.append(posted_message(fake, post)["content"])
        if posts:
            message = posted_message(fake, posts[-1])
    assert info.status == "finished"
    assert any("Pedro draws his card #" in text for text in seen)
    assert "Final scores:" in message["content"] and {
        c["custom_id"].split(":")[1] for row in message["components"]
        for c in row["components"]} <= {"part"}  # the final board's parts, no "Your turn"


async def test_computers_with_a_difficulty_say_it_means_the_solo_game(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    reply = await table.slash(alice, "new", game="gwt-argentina", options="difficulty=expert",
                              computers=1)
    assert reply.ephemeral and reply.text == (
        "difficulty means the solo game (one seat, against the game's automa): leave out "
        "computers, or leave out difficulty for a game with computer players.")
    assert await table.sessions.store.open_game_in_channel(fake.channel_id()) is None


async def test_a_solo_game_ends_with_one_result_everywhere(
        table: Table, fake: FakeDiscord, alice: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Pedro and his difficulty are named at the start; at the end the thread, the channel
    and the recap image give the same result — « Le joueur qui totalise le plus de points de
    victoire remporte la partie. En cas d'égalité, la victoire est partagée » — and Pedro's
    score by his own rules (no pesos, station masters or board slots); /estancia stats then
    shows the player's best solo score for that difficulty."""
    drawn: list[str] = []

    class Recording(TextDraw):
        def text(self, xy, text, *args, **kwargs):  # type: ignore[override]
            drawn.append(text)
            return super().text(xy, text, *args, **kwargs)

    monkeypatch.setattr(renderer.recap, "draw_on", Recording)
    channel = fake.channel_id()
    await table.feed(fake.slash(alice, "estancia", "new", game="gwt-argentina",
                                options="difficulty=expert", app_permissions=THREAD_PERMISSIONS))
    (thread_id,) = fake.threads
    lobby, start = await table.deliver()
    assert start.path == f"/channels/{thread_id}/messages"
    assert start.body["content"].startswith(
        "Great Western Trail: Argentina begins: alice, against Pedro (expert ♦♦♦).")
    info = await table.sessions.info(thread_id)
    rng = random.Random(8)
    while info.status == "active":
        decision, _seat = await table.sessions.decision_for(info.id, alice.user.id)
        await table.sessions.play(info.id, alice.user.id, rng.choice(decision.options).key, None)
        info = await table.sessions.info_by_id(info.id)
        if info.status == "active":
            await drain(table.sessions)  # the turns' boards: not what this test is about
    final, recap = await table.deliver()

    mine = (await table.sessions.scores(info.id))[0]["total"]
    pedro = await table.sessions.automa(info.id)
    assert pedro is not None and pedro.scores["money"] == 0 == pedro.scores["station_masters"]
    won = ("Winner: alice" if mine > pedro.total else "Winners: alice and Pedro"
           if mine == pedro.total else "Winner: Pedro")
    result = f"Final scores: alice {mine}, Pedro (expert ♦♦♦) {pedro.total}. {won}."

    thread_text = final.body["content"]
    assert final.path == f"/channels/{thread_id}/messages"
    assert thread_text.count("Final scores") == 1 and result in thread_text
    assert thread_text.count("The game is over.") == 1
    assert f"• Pedro (expert ♦♦♦) **{pedro.total}**" in thread_text
    assert f"• alice **{mine}**" in thread_text
    for wrong in ("No seat wins", "Final score: you", "Pedro wins", "You beat Pedro"):
        assert wrong not in thread_text

    assert recap.path == f"/channels/{channel}/messages"
    assert recap.body["content"] == f"The game in <#{thread_id}> is over. {result}"
    (image,) = recap.files
    assert Image.open(io.BytesIO(image.data)).width == 720
    assert drawn[:2] == ["Great Western Trail: Argentina — final scores", won.replace(
        "Winners: alice and Pedro", "Winners: alice and Pedro (expert ♦♦♦)").replace(
        "Winner: Pedro", "Winner: Pedro (expert ♦♦♦)")]
    assert "alice" in drawn and "Pedro (expert ♦♦♦)" in drawn
    assert str(mine) in drawn and str(pedro.total) in drawn
    assert "No winner." not in drawn

    stats = await table.slash(alice, "stats")
    assert f"• Great Western Trail: Argentina solo, expert ♦♦♦: best score {mine} (1 game)" in \
        stats.text
