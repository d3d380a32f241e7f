"""Display names are shown as typed, never as markdown or a mention.

"**Ana**" turned bold, and a name like "<@1002>" showed as a mention of someone else: every
text that names a player (lobby and turn messages, events, panels, the log, refusals) goes
through ``bot.discord_ui.text.plain`` (discord.py's ``escape_markdown`` and
``escape_mentions``), and a channel message pings no one but the player it is for.
"""

from __future__ import annotations

import re
from typing import Any

from bot.discord_ui.text import plain
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import action_rows, posted_message

BOLD = "**Ana**"
FAKE_MENTION = "<@1002>"


def shown_raw(text: str, name: str) -> bool:
    """``name`` appears in ``text`` unescaped (as markdown or a mention would render)."""
    return re.search(rf"(?<!\\){re.escape(name[0])}{re.escape(name[1:])}", text) is not None


def test_plain_escapes_markdown_mentions_and_what_looks_like_them() -> None:
    assert plain(BOLD) == r"\*\*Ana\*\*"
    assert plain(FAKE_MENTION) == r"\<@1002>"
    assert plain("@everyone and @here") == "@\u200beveryone and @\u200bhere"
    assert plain("<#5> <t:1:R> <:cow:7> `x` _y_ ~~z~~ ||s||") == (
        r"\<#5> \<t:1:R> \<:cow:7> \`x\` \_y\_ \~\~z\~\~ \|\|s\|\|")
    assert plain("Ana moves to N5 neutral E (toll 1).") == "Ana moves to N5 neutral E (toll 1)."
    # a command the bot quotes stays a code span, a name around it is still escaped
    assert plain("**Ana** paused the game (`/estancia resume`).") == (
        r"\*\*Ana\*\* paused the game (`/estancia resume`).")


async def test_names_are_escaped_in_every_message_that_shows_them(
        fake: FakeDiscord, table: Table) -> None:
    ana = fake.add_member(BOLD)
    mallory = fake.add_member(FAKE_MENTION)
    await table.slash(ana, "new", game="gwt-argentina")
    joined = await table.slash(mallory, "join")
    assert joined.ephemeral
    await table.slash(ana, "start")
    posts = [posted_message(fake, post) for post in await table.deliver()]
    channel = "\n".join(p["content"] for p in posts)
    for name in (BOLD, FAKE_MENTION):
        assert plain(name) in channel, channel
        assert not shown_raw(channel, name), channel
    for post in (c for c in fake.calls if c.method == "POST" and c.path.endswith("/messages")):
        allowed = post.json.get("allowed_mentions") or {}
        assert allowed.get("parse") == [] and {str(u) for u in allowed.get("users", [])} <= {
            str(ana.user.id), str(mallory.user.id)}, allowed

    info = await table.sessions.info(fake.channel_id())
    mover, other = (ana, mallory) if info.user_to_move == ana.user.id else (mallory, ana)
    turn = posts[-1]
    waiting = await table.click(other, turn, f"est:turn:{info.id}")
    assert plain(mover.user.name) in waiting.text and not shown_raw(waiting.text,
                                                                       mover.user.name)
    panel = await table.click(mover, turn, f"est:turn:{info.id}")
    first = action_rows(panel.message)[0]["components"][0]
    played = await _tap(table, mover, panel.message, first)
    assert played.text.startswith("You chose"), played.text
    events = [line for line in played.text.splitlines() if line.startswith("• ")]
    assert any(plain(mover.user.name) in line for line in events), played.text
    assert not shown_raw(played.text, mover.user.name), played.text

    log = await table.slash(other, "log")
    assert plain(mover.user.name) in log.text and not shown_raw(log.text, mover.user.name)
    board = await table.slash(other, "board")
    assert not shown_raw(board.text, mover.user.name), board.text


async def _tap(table: Table, member: FakeMember, message: dict[str, Any],
               component: dict[str, Any]) -> Any:
    values = [component["options"][0]["value"]] if component["type"] == 3 else None
    return await table.click(member, message, component["custom_id"], values)


def test_the_bots_own_channel_reference_survives_the_escaping_of_the_names() -> None:
    """The recap posted in the channel a game's thread was opened from names the thread;
    a player called "<#5>" in the same text is escaped, the bot's reference is not."""
    from bot.core.announcements import Announcement, channel_ref

    recap = Announcement(outbox_id=1, game_id=1, channel_id=2, version=3, kind="recap",
                         text=f"The game in {channel_ref(77)} is over. Winner: <#5>.")
    assert recap.content(plain) == r"The game in <#77> is over. Winner: \<#5>."
    legacy = Announcement(outbox_id=1, game_id=1, channel_id=2, version=3, kind="recap",
                          text="The game in <#77> is over. Winner: Ana.")  # an older row
    assert legacy.content(plain) == "The game in <#77> is over. Winner: Ana."
