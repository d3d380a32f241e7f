"""Playing many games at once through the fake Discord: a player in three games
on two servers sees them in one private list (a server's own in a server, all of them in
a DM) and opens a panel from it with one tap; opted-in DM notices with a small board and
a jump link, one per turn; closed DMs (50007) fall back to the channel mention and are
told once, privately; quiet hours across midnight and across the night the clocks change;
a game with a clock that runs out and plays to its end."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.core.timebank import DAY, HOUR
from bot.discord_ui.dm_note import DMS_CLOSED_NOTE
from testkit.fakediscord import EPHEMERAL, FakeDiscord, FakeGuild, FakeMember
from testkit.harness import Reply, Table
from testkit.scenario import (
    action_rows,
    pick,
    posted_message,
    take_turn_by_clicks,
    to_move,
)

PARIS = ZoneInfo("Europe/Paris")


def paris(*fields: int) -> float:
    return datetime(*fields, tzinfo=PARIS).timestamp()


async def open_game(table: Table, creator: FakeMember, other: FakeMember, *,
                    channel_id: int | None = None, options: str | None = None) -> int:
    """A started two-player Pasture game in that channel (the default one if None)."""
    fake = table.fake
    extra = {} if options is None else {"options": options}
    reply = await table.feed(fake.slash(creator, "estancia", "new", channel_id=channel_id,
                                        game="pasture", **extra))
    assert reply.ephemeral and "**Pasture**" in reply.text, reply.text
    await table.feed(fake.slash(other, "estancia", "join", channel_id=channel_id))
    await table.feed(fake.slash(creator, "estancia", "start", channel_id=channel_id))
    info = await table.sessions.info(channel_id or fake.channel_id())
    return info.id


async def notices(table: Table) -> int:
    assert table.bot is not None and table.bot.notices is not None
    return await table.bot.notices.deliver_due()


async def notices_command(table: Table, member: FakeMember, **options: Any) -> Reply:
    """``/estancia notices`` in the server (its ``dm`` option is the fake's ``dm`` flag's
    namesake, so it goes by ``named``)."""
    return await table.feed(table.fake.slash(member, "estancia", "notices", named=options))


def member_of(guild: FakeGuild, member: FakeMember) -> FakeMember:
    """The same Discord user as a member of another server too."""
    guild.members[member.user.id] = FakeMember(member.user, member.permissions, member.locale)
    return guild.members[member.user.id]


async def mover_of(table: Table, game_id: int, *members: FakeMember) -> FakeMember:
    info = await table.sessions.info_by_id(game_id)
    return to_move(table, {m.user.id: m for m in members}, info)


async def test_three_games_on_two_servers_in_one_private_list(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember,
        carol: FakeMember) -> None:
    second = fake.add_guild("Hacienda")
    alice_there, carol_there = member_of(second, alice), member_of(second, carol)
    ranch = await open_game(table, alice, bob)
    corral = await open_game(table, alice, bob, channel_id=fake.channel_id("corral"))
    away = await open_game(table, alice_there, carol_there, channel_id=second.channels["ranch"])
    await table.deliver()
    infos = {g: await table.sessions.info_by_id(g) for g in (ranch, corral, away)}
    alice_to_move = [g for g, info in infos.items() if info.user_to_move == alice.user.id]

    here = await table.slash(alice, "turns")
    assert here.ephemeral
    assert f"Pasture #{ranch}" in here.text and f"Pasture #{corral}" in here.text
    assert f"Pasture #{away}" not in here.text  # another server's game
    link = f"https://discord.com/channels/{fake.guild.id}/{fake.channel_id('corral')}"
    assert link in here.text

    dm = await table.feed(fake.slash(alice.user, "estancia", "turns", dm=True))
    assert dm.ephemeral
    for game_id in (ranch, corral, away):
        assert f"Pasture #{game_id}" in dm.text
    assert f"https://discord.com/channels/{second.id}/{second.channels['ranch']}" in dm.text
    assert sorted(alice_to_move) == [ranch, corral, away]  # (the seed makes alice begin)
    assert dm.text.startswith("**Your turn** in 3 games:")
    assert dm.text.count("waiting since <t:") == 3 and "time runs out <t:" in dm.text
    assert sorted(dm.custom_ids) == [f"est:turn:{g}" for g in sorted(alice_to_move)]
    labels = [c["label"] for row in dm.message["components"] for c in row["components"]]
    assert f"Pasture #{away}" in labels

    # One tap on a game of the list opens its panel, right there in the DM, and plays.
    version = (await table.sessions.info_by_id(corral)).version
    panel = await table.click(alice.user, dm.message, f"est:turn:{corral}")  # type: ignore[arg-type]
    assert panel.ephemeral and action_rows(panel.message)
    assert int(panel.message["channel_id"]) == fake.dm_channels[alice.user.id]
    while action_rows(panel.message):
        custom_id, values = pick(panel.message, None)
        panel = await table.click(alice.user, panel.message, custom_id, values)  # type: ignore[arg-type]
    assert (await table.sessions.info_by_id(corral)).version > version
    assert (await table.sessions.info_by_id(corral)).user_to_move == bob.user.id
    again = await table.feed(fake.slash(alice.user, "estancia", "turns", dm=True))
    assert again.text.startswith("**Your turn** in 2 games:")
    assert f"Your other game:\n• [Pasture #{corral}]" in again.text
    assert again.text.endswith("· bob to move")
    assert sorted(again.custom_ids) == [f"est:turn:{ranch}", f"est:turn:{away}"]

    # Other commands say what a DM is for; nothing changes.
    refused = await table.feed(fake.slash(alice.user, "estancia", "board", dm=True))
    assert refused.ephemeral and "not in direct messages" in refused.text
    assert "`/estancia turns`" in refused.text


async def test_an_empty_list_says_where_to_look(table: Table, fake: FakeDiscord,
                                                 carol: FakeMember) -> None:
    here = await table.slash(carol, "turns")
    assert here.text.startswith("You are in no game on this server.")
    dm = await table.feed(fake.slash(carol.user, "estancia", "turns", dm=True))
    assert dm.text == "You are in no game anywhere yet." and dm.custom_ids == []
    away = await table.feed(fake.slash(carol.user, "estancia", "vacation", dm=True, days=2))
    assert away.text.startswith("Enjoy! Until <t:")  # a vacation is in every game: DMs too


async def test_opted_in_players_get_one_dm_per_turn_with_a_board_and_a_jump_link(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    assert await notices(table) == 0
    for member in (alice, bob):
        on = await notices_command(table, member, dm=True)
        assert on.ephemeral and "Turn notices by direct message: on" in on.text
        [welcome] = fake.dm_posts(member.user.id)
        assert welcome.body["content"].startswith("Your Estancia turn notices will come here")
    game_id = await open_game(table, alice, bob)
    posts = await table.deliver()
    turn = posts[-1]
    first = await mover_of(table, game_id, alice, bob)
    # The turn message names the player to move but leaves the notice to the DM.
    assert f"<@{first.user.id}>, it's your turn" in turn.body["content"]
    assert turn.body["allowed_mentions"]["users"] == []

    assert await notices(table) == 1
    [_welcome, dm] = fake.dm_posts(first.user.id)
    content = dm.body["content"]
    assert content.startswith(f"It is your turn in **Pasture** #{game_id} (time runs out <t:")
    jump = f"https://discord.com/channels/{fake.guild.id}/{fake.channel_id()}/{turn.response['id']}"
    assert jump in content
    assert dm.custom_ids == [f"est:turn:{game_id}"]
    [board] = dm.files
    assert board.is_png and board.filename == f"estancia-{game_id}-turn.png"
    assert "nonce" in dm.body and dm.body["enforce_nonce"]
    other = bob if first is alice else alice
    assert len(fake.dm_posts(other.user.id)) == 1  # the welcome only: not their turn

    assert await notices(table) == 0  # one notice per turn
    # The whole turn is played from the DM: "Your turn" opens the panel there.
    message = posted_message(fake, dm)
    panel = await table.click(first.user, message, f"est:turn:{game_id}")  # type: ignore[arg-type]
    while action_rows(panel.message):
        custom_id, values = pick(panel.message, None)
        panel = await table.click(first.user, panel.message, custom_id, values)  # type: ignore[arg-type]
    assert panel.text.startswith("You chose")
    await table.deliver()
    assert await notices(table) == 1
    assert len(fake.dm_posts(other.user.id)) == 2
    assert "It is your turn in **Pasture**" in fake.dm_posts(other.user.id)[-1].body["content"]
    # A reminder is a DM of its own.
    table.clock.advance(12 * HOUR)
    assert await table.sessions.fire_due_timers() == 1
    [reminder] = await table.deliver()
    assert reminder.body["allowed_mentions"]["users"] == []
    assert await notices(table) == 1
    assert fake.dm_posts(other.user.id)[-1].body["content"].startswith(
        "A reminder: it is your turn in **Pasture**")


async def test_closed_dms_fall_back_to_the_channel_and_are_told_once(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    for member in (alice, bob):
        await notices_command(table, member, dm=True)
        fake.closed_dms.add(member.user.id)  # they close their DMs afterwards
    game_id = await open_game(table, alice, bob)
    posts = await table.deliver()
    first = await mover_of(table, game_id, alice, bob)
    assert posts[-1].body["allowed_mentions"]["users"] == []
    assert await notices(table) == 1
    refused = [c for c in fake.calls if c.status == 403 and c.response.get("code") == 50007]
    assert len(refused) == 1
    # The fallback: a mention in the game's channel, pinging them, with "Your turn".
    fallback = fake.channel_posts(fake.channel_id())[-1]
    assert fallback.body["content"].startswith(f"<@{first.user.id}>, it's your turn (time runs")
    assert fallback.body["allowed_mentions"]["users"] == [first.user.id]
    assert fallback.custom_ids == [f"est:turn:{game_id}"]
    # Told once, privately, at their next use of the bot; not twice.
    board = await table.slash(first, "board")
    [note] = board.followups
    assert note["flags"] & EPHEMERAL and note["content"] == DMS_CLOSED_NOTE
    again = await table.slash(first, "board")
    assert again.followups == []
    # Their next turns are pinged in the channel, no DM tried.
    before = len(refused)
    await take_turn_by_clicks(table, first, posted_message(fake, posts[-1]))
    posts = await table.deliver()
    await notices(table)
    second = await mover_of(table, game_id, alice, bob)
    told = await table.slash(second, "board")  # their own DM was refused: told once too
    assert [m["content"] for m in told.followups] == [DMS_CLOSED_NOTE]
    await take_turn_by_clicks(table, second, posted_message(fake, posts[-1]))
    posts = await table.deliver()
    await notices(table)
    assert posts[-1].body["allowed_mentions"]["users"] == [first.user.id]
    assert len([c for c in fake.calls if c.status == 403]) == before + 1  # second's own try
    # Opting in again tries a DM at once and says at once that it is refused.
    reply = await notices_command(table, first, dm=True)
    assert reply.text.startswith("I tried to send you a turn notice by direct message")


async def test_quiet_hours_across_midnight_and_the_clock_change_hold_notices_until_eight(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    """The night of 28 to 29 March 2026 in Paris: clocks go from 02:00 to 03:00. A turn that
    begins at 23:30 is posted (silently), its DM waits until 08:00 summer time, and its
    reminder, due in the night, waits too."""
    for member in (alice, bob):
        reply = await notices_command(table, member, dm=True, time_zone="Europe/Paris",
                                      quiet_hours="22:00-08:00")
        assert "Quiet hours: 22:00–08:00" in reply.text and "Europe/Paris" in reply.text
    table.clock.now = paris(2026, 3, 28, 23, 30)
    game_id = await open_game(table, alice, bob)
    await table.slash(alice, "settings", timeout_hours=12, reminders="6")
    posts = await table.deliver()
    first = await mover_of(table, game_id, alice, bob)
    assert posts[-2].body["allowed_mentions"]["users"] == []  # a night turn pings nobody
    assert await notices(table) == 0
    due = await table.sessions.next_notice_due()
    assert due == paris(2026, 3, 29, 8, 0)
    assert datetime.fromtimestamp(due, PARIS).utcoffset().total_seconds() == 2 * 3600
    # The reminder (6 h before the 11:30 deadline) would come at 05:30: it waits too.
    table.clock.now = paris(2026, 3, 29, 5, 30)
    assert await table.sessions.fire_due_timers() == 0
    assert await table.deliver() == []
    assert await notices(table) == 0
    table.clock.now = due
    assert await table.sessions.fire_due_timers() == 1  # the reminder, in the morning
    assert await notices(table) == 1  # the turn's DM
    await table.deliver()
    assert await notices(table) == 1  # the reminder's DM
    dms = fake.dm_posts(first.user.id)
    assert dms[-2].body["content"].startswith("It is your turn in **Pasture**")
    assert dms[-1].body["content"].startswith("A reminder: it is your turn")


async def test_a_game_with_a_clock_runs_out_and_plays_to_its_end(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    start = table.clock()
    game_id = await open_game(table, alice, bob, options="clock=1d+2h")
    info = await table.sessions.info_by_id(game_id)
    assert info.deadline_at == start + DAY
    settings = await table.slash(alice, "settings")
    assert "Clock: a reserve of 1 d, +2 h per move (1d+2h)" in settings.text
    posts = await table.deliver()
    assert "It is played with a clock: a reserve of 1 d, +2 h per move." in (
        posts[0].body["content"])
    assert "Clocks: alice" in posts[-1].body["content"] or "Clocks: bob" in (
        posts[-1].body["content"])
    late = await mover_of(table, game_id, alice, bob)
    listed = await table.slash(late, "turns")
    assert f"your clock runs out <t:{int(start + DAY)}:R>" in listed.text
    # Their reserve runs out: the computer plays the turn (the game's timeout policy).
    table.clock.advance(DAY)
    assert await table.sessions.fire_due_timers() >= 1
    posts = await table.deliver()
    assert "ran out of time, so the computer played their turn" in posts[-1].body["content"]
    after = await table.sessions.info_by_id(game_id)
    assert after.reserves[after.seat_of(late.user.id)] == 2 * HOUR
    # Then the game plays to its end, a move every hour, each within the reserves.
    members = {m.user.id: m for m in (alice, bob)}
    turn_message: dict[str, Any] = posted_message(fake, posts[-1])
    for _ in range(60):
        info = await table.sessions.info_by_id(game_id)
        if info.status == "finished":
            break
        table.clock.advance(HOUR)
        await take_turn_by_clicks(table, to_move(table, members, info), turn_message)
        posts = await table.deliver()
        turn_message = posted_message(fake, posts[-1])
    assert info.status == "finished" and info.winners
    assert await table.sessions.next_timer_due() is None


async def test_the_server_setting_for_deadlines_in_quiet_hours(
        table: Table, fake: FakeDiscord, alice: FakeMember, moderator: FakeMember) -> None:
    shown = await table.slash(alice, "server")
    assert "Deadlines stay as they are" in shown.text
    refused = await table.slash(alice, "server", quiet_deadlines=True)
    assert "manage this server" in refused.text
    from testkit.fakediscord import MANAGE_GUILD

    admin = fake.add_member("admin", moderator.permissions | MANAGE_GUILD)
    changed = await table.slash(admin, "server", quiet_deadlines=True)
    assert "moves to their end" in changed.text


async def test_time_zones_autocomplete(table: Table, alice: FakeMember) -> None:
    reply = await table.autocomplete(alice, "notices", "time_zone", time_zone="paris")
    assert reply.choices[0] == {"name": "Europe/Paris", "value": "Europe/Paris"}
    bad = await table.slash(alice, "notices", time_zone="Moon/Base")
    assert bad.ephemeral and "no time zone called 'Moon/Base'" in bad.text
    clock = await table.slash(alice, "new", game="pasture", options="clock=forever")
    assert clock.text.startswith("A clock is a reserve")


def test_a_long_list_fits_discord_and_names_the_servers() -> None:
    """Forty games of which thirty are yours to play: the text stays within 2000
    characters and says how many it left out; 25 buttons at most (Discord's limit)."""
    from bot.core.sessions import GameInfo, MyGame
    from bot.discord_ui.turns import turns_message

    def game(index: int, mine: bool) -> MyGame:
        info = GameInfo(
            id=index, channel_id=10_000 + index, guild_id=7 if index % 2 else 8,
            game="pasture", title="Pasture", status="active", creator_id=1, seats=(),
            min_seats=2, max_seats=3, version=1, options={}, turn_timeout_hours=24,
            reminder_hours=(), timeout_policy="computer", to_move=None,
            deadline_at=1_900_000_000.0, winners=(), forfeited=None, forfeits=(),
            created_at=0.0, updated_at=0.0)
        return MyGame(info, 0, mine, 1_800_000_000.0 if mine else None, None)

    games = [game(i, i <= 30) for i in range(1, 41)]
    text, view = turns_message(games, {7: "Ranch", 8: "Corral"}.get, everywhere=True)
    assert len(text) <= 2000 and text.endswith("more.")
    assert "[Pasture #1](<https://discord.com/channels/7/10001>) on Ranch" in text
    assert "[Pasture #2](<https://discord.com/channels/8/10002>) on Corral" in text
    assert view is not None and len(view.to_components()) == 5
    assert sum(len(row["components"]) for row in view.to_components()) == 25


async def test_a_notice_held_for_the_morning_survives_a_restart(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    for member in (alice, bob):
        await notices_command(table, member, dm=True, time_zone="Europe/Paris",
                              quiet_hours="23-7")
    table.clock.now = paris(2026, 10, 24, 23, 45)  # the night the clocks go back
    game_id = await open_game(table, alice, bob)
    await table.deliver()
    assert await notices(table) == 0
    first = await mover_of(table, game_id, alice, bob)
    await table.close()
    restarted = await Table(fake, table.settings, table.db_path).open()
    try:
        restarted.clock.now = paris(2026, 10, 25, 6, 59)  # winter time now: still quiet
        assert restarted.bot is not None and restarted.bot.notices is not None
        assert await restarted.bot.notices.deliver_due() == 0
        restarted.clock.now = paris(2026, 10, 25, 7, 0)
        assert await restarted.bot.notices.deliver_due() == 1
        assert await restarted.bot.notices.deliver_due() == 0
        [dm] = [c for c in fake.dm_posts(first.user.id)
                if c.body["content"].startswith("It is your turn")]
        assert f"#{game_id}" in dm.body["content"]
    finally:
        await restarted.close()


async def test_a_french_player_reads_the_list_and_the_notices_in_french(
        table: Table, fake: FakeDiscord, bob: FakeMember) -> None:
    amelie = fake.add_member("amelie", locale="fr")
    on = await table.feed(fake.slash(amelie, "estancia", "notifications",
                                     named={"mp": True, "fuseau_horaire": "Europe/Paris"}))
    assert on.text.startswith("Avis de tour par message privé : activés"), on.text
    assert "Fuseau horaire : Europe/Paris" in on.text
    [welcome] = fake.dm_posts(amelie.user.id)
    assert welcome.body["content"].startswith("Vos avis de tour Estancia arriveront ici")
    game_id = await open_game(table, amelie, bob)
    await table.deliver()
    listed = await table.slash(amelie, "tours")
    assert listed.text.startswith("**Votre tour** dans 1 partie :"), listed.text
    assert "en attente depuis <t:" in listed.text
    assert await notices(table) == 1
    [_, dm] = fake.dm_posts(amelie.user.id)
    assert dm.body["content"].startswith(f"C'est votre tour dans **Pasture** #{game_id} "
                                         "(temps écoulé <t:")
    assert "[Aller à la partie](" in dm.body["content"]
    labels = [c["label"] for row in dm.body["components"] for c in row["components"]]
    assert labels == ["À vous"]


async def test_a_failed_first_dm_is_told_and_the_notices_stay_on(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    fake.inject("POST", r"^/users/@me/channels$", status=403, code=50001)  # not 50007
    reply = await notices_command(table, alice, dm=True)
    assert reply.text.startswith("I could not send you a first direct message just now")
    assert "Turn notices by direct message: on" in reply.text
    assert (await table.sessions.prefs(alice.user.id)).wants_dm
