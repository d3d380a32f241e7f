"""Turn notices through the session layer (bot/core/notices.py, Sessions): who a turn
message pings, the DM and held notices it leaves (once per turn), quiet hours across
midnight and across the nights the clocks change in Europe/Paris, reminders held for
the morning, deadlines moved out of quiet hours by a server's choice, and the list of a
player's games."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.core.notices import PlayerPrefs, plan_pings
from bot.core.quiet import QuietHours
from bot.core.sessions import Announcement, SessionError, Sessions
from bot.core.timers import HOUR
from bot.storage.store import Store
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.helpers import hot_seat, mover

PARIS = ZoneInfo("Europe/Paris")


def paris(*fields: int, fold: int = 0) -> float:
    return datetime(*fields, tzinfo=PARIS, fold=fold).timestamp()


def local(moment: float) -> str:
    return datetime.fromtimestamp(moment, PARIS).strftime("%Y-%m-%d %H:%M %z")


async def night_owl(sessions: Sessions, user: int, *, dm: bool = False) -> PlayerPrefs:
    return await sessions.set_prefs(user, dm=dm, time_zone="Europe/Paris",
                                    quiet_hours="22:00-08:00")


async def deliver(sessions: Sessions) -> list[tuple[Announcement, tuple[int, ...]]]:
    """Deliver every pending announcement as the Discord layer does: ask who it pings,
    record the notices it leaves. Returns each with the users its message pinged."""
    delivered = []
    while batch := await sessions.pending_announcements(100):
        for announcement in batch:
            plan = await sessions.ping_plan(announcement)
            await sessions.mark_sent(announcement.outbox_id, 9000 + announcement.outbox_id,
                                     plan.with_message(9000 + announcement.outbox_id))
            delivered.append((announcement, plan.ping))
    return delivered


async def due_notices(sessions: Sessions) -> list:  # type: ignore[type-arg]
    """The notices due now, prepared as the deliverer does (held or dropped ones left out),
    each marked sent."""
    ready = []
    for notice in await sessions.claim_notices(100):
        work = await sessions.notice_work(notice)
        if work is not None:
            await sessions.notice_sent(notice.id, 1, work.route)
            ready.append(work)
    return ready


async def test_without_preferences_the_turn_message_pings_as_always(
        sessions: Sessions, store: Store) -> None:
    info = await hot_seat(sessions)
    *_, (begins, pinged) = await deliver(sessions)
    assert begins.turn is not None and pinged == begins.mention_user_ids
    assert await store.notices_of(info.id) == []


async def test_a_dm_player_is_named_not_pinged_and_gets_one_notice_per_turn(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    await sessions.set_prefs(ALICE, dm=True)
    await sessions.set_prefs(BOB, dm=True)
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    *_, (begins, pinged) = await deliver(sessions)
    assert begins.mention_user_ids == (user,) and pinged == ()
    [work] = await due_notices(sessions)
    assert work.route == "dm" and work.notice.user_id == user and work.notice.kind == "turn"
    assert work.notice.message_id == 9000 + begins.outbox_id  # the jump link's message
    # The same turn pinged again (a pause and a resume) makes no second notice.
    await sessions.pause(CHANNEL, ALICE)
    await sessions.resume(CHANNEL, ALICE)
    resumed = await deliver(sessions)
    assert resumed[-1][0].turn == begins.turn and resumed[-1][1] == ()
    assert await due_notices(sessions) == []
    assert len(await store.notices_of(info.id)) == 1
    # A reminder is a notice of its own.
    clock.advance(12 * HOUR)
    assert await sessions.fire_due_timers() == 1
    [(reminder, pinged)] = await deliver(sessions)
    assert reminder.kind == "reminder" and pinged == ()
    [work] = await due_notices(sessions)
    assert work.notice.kind == "reminder"
    # The next turn: the other player's notice.
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "end", None)
    await deliver(sessions)
    [work] = await due_notices(sessions)
    assert work.notice.user_id != user and work.notice.kind == "turn"


async def test_a_notice_whose_turn_is_over_is_dropped(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    await night_owl(sessions, ALICE, dm=True)
    await night_owl(sessions, BOB, dm=True)
    clock.now = paris(2026, 6, 10, 23, 0)
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await deliver(sessions)
    assert await due_notices(sessions) == []  # held for the morning
    [held] = await store.notices_of(info.id)
    assert local(held["due_at"]) == "2026-06-11 08:00 +0200"
    await sessions.play(info.id, user, "add1", None)  # a night owl plays anyway
    await sessions.play(info.id, user, "end", None)
    await deliver(sessions)
    clock.now = paris(2026, 6, 11, 8, 0)
    [work] = await due_notices(sessions)  # only the next player's: the first turn is over
    assert work.notice.user_id != user
    dropped = next(n for n in await store.notices_of(info.id) if n["user_id"] == user)
    assert dropped["done_at"] is not None and dropped["route"] is None


async def test_quiet_hours_across_midnight_hold_the_ping_until_the_morning(
        sessions: Sessions, clock: FakeClock) -> None:
    await night_owl(sessions, ALICE)
    await night_owl(sessions, BOB)
    clock.now = paris(2026, 6, 10, 23, 30)
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    *_, (begins, pinged) = await deliver(sessions)
    assert begins.mention_user_ids == (user,) and pinged == ()  # posted, silently
    clock.now = paris(2026, 6, 11, 3, 0)
    assert await due_notices(sessions) == []
    assert local(await sessions.next_notice_due()) == "2026-06-11 08:00 +0200"
    clock.now = paris(2026, 6, 11, 8, 0)
    [work] = await due_notices(sessions)
    assert work.route == "channel" and work.notice.user_id == user  # no DM without opt-in
    # By day the turn message pings again.
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "end", None)
    [(turn, pinged)] = await deliver(sessions)
    assert pinged == turn.mention_user_ids


async def test_a_reminder_inside_quiet_hours_waits_for_their_end(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    clock.now = paris(2026, 6, 10, 12, 0)
    info = await hot_seat(sessions)  # 24 h per turn, reminders 12 h and 2 h before
    user = await mover(sessions, info.id)
    await night_owl(sessions, user)
    await deliver(sessions)
    clock.now = paris(2026, 6, 11, 0, 0)  # the first reminder falls due at midnight
    assert await sessions.fire_due_timers() == 0
    assert await deliver(sessions) == []
    [held, *_] = await store.unfired_timers(info.id)
    assert held.kind == "reminder" and local(held.due_at) == "2026-06-11 08:00 +0200"
    clock.now = paris(2026, 6, 11, 8, 0)
    assert await sessions.fire_due_timers() == 1
    [(reminder, pinged)] = await deliver(sessions)
    assert reminder.kind == "reminder" and pinged == (user,)  # morning: pinged as usual


async def test_a_reminder_that_could_only_come_after_the_deadline_is_dropped(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    clock.now = paris(2026, 6, 10, 3, 0)
    info = await hot_seat(sessions)  # deadline 03:00 the next night, reminders 15:00, 01:00
    user = await mover(sessions, info.id)
    await night_owl(sessions, user)
    clock.now = paris(2026, 6, 11, 1, 0)
    await sessions.fire_due_timers()
    kinds = [t.kind for t in await store.unfired_timers(info.id)]
    assert kinds == ["deadline"]  # the 01:00 reminder would only come at 08:00: dropped


@pytest.mark.parametrize(("night", "start", "end"), [
    # Spring forward: the night of 28 to 29 March 2026 is an hour shorter.
    ((2026, 3, 29, 1, 30), "2026-03-28 22:00 +0100", "2026-03-29 08:00 +0200"),
    # Fall back: the night of 24 to 25 October 2026 is an hour longer.
    ((2026, 10, 25, 2, 30), "2026-10-24 22:00 +0200", "2026-10-25 08:00 +0100"),
])
async def test_quiet_hours_hold_until_eight_on_the_players_clock_when_the_clocks_change(
        sessions: Sessions, store: Store, clock: FakeClock, night: tuple[int, ...], start: str,
        end: str) -> None:
    await night_owl(sessions, ALICE, dm=True)
    await night_owl(sessions, BOB, dm=True)
    clock.now = paris(*night)
    info = await hot_seat(sessions)
    await deliver(sessions)
    assert await due_notices(sessions) == []
    [held] = await store.notices_of(info.id)
    assert local(held["due_at"]) == end
    clock.now = held["due_at"] - 60
    assert await due_notices(sessions) == []
    clock.now = held["due_at"]
    [work] = await due_notices(sessions)
    assert work.route == "dm"


async def test_a_server_may_move_a_deadline_out_of_quiet_hours(
        sessions: Sessions, store: Store, clock: FakeClock) -> None:
    clock.now = paris(2026, 6, 10, 3, 0)  # a 24 h turn would end at 03:00 the next night
    await night_owl(sessions, ALICE)
    await night_owl(sessions, BOB)
    info = await hot_seat(sessions)
    assert local(info.deadline_at) == "2026-06-11 03:00 +0200"  # the server did not choose
    await sessions.set_server(GUILD, quiet_deadlines=True)
    assert (await sessions.server(GUILD)).quiet_deadlines
    user = await mover(sessions, info.id)
    await deliver(sessions)
    await sessions.play(info.id, user, "add1", None)
    await sessions.play(info.id, user, "end", None)
    after = await sessions.info_by_id(info.id)
    assert local(after.deadline_at) == "2026-06-11 08:00 +0200"
    timers = await store.unfired_timers(info.id)
    # The reminders keep their distance to the moved deadline (12 h and 2 h before).
    assert [(t.kind, local(t.due_at)) for t in timers] == [
        ("reminder", "2026-06-10 20:00 +0200"), ("reminder", "2026-06-11 06:00 +0200"),
        ("deadline", "2026-06-11 08:00 +0200")]
    [(turn, _pinged)] = await deliver(sessions)
    assert turn.deadline_at == after.deadline_at  # the message tells the moved deadline
    # A deadline by day stays where it is.
    clock.now = paris(2026, 6, 10, 14, 0)
    await sessions.play(info.id, after.user_to_move, "add1", None)
    await sessions.play(info.id, after.user_to_move, "end", None)
    assert (await sessions.info_by_id(info.id)).deadline_at == clock.now + 24 * HOUR


async def test_preferences_are_checked_and_kept(sessions: Sessions) -> None:
    assert await sessions.prefs(CAROL) == PlayerPrefs(CAROL)
    with pytest.raises(SessionError, match="no time zone called"):
        await sessions.set_prefs(CAROL, time_zone="Europe/Atlantis")
    with pytest.raises(SessionError, match="need your time zone"):
        await sessions.set_prefs(CAROL, quiet_hours="22-8")
    with pytest.raises(SessionError, match="two times of day"):
        await sessions.set_prefs(CAROL, time_zone="Europe/Paris", quiet_hours="night")
    saved = await sessions.set_prefs(CAROL, dm=True, time_zone="Europe/Paris",
                                     quiet_hours="22:30-7", language="fr")
    assert saved == PlayerPrefs(CAROL, "Europe/Paris", QuietHours.from_text("22:30–07:00"),
                                True, language="fr")
    assert await sessions.prefs(CAROL) == saved
    assert (await sessions.set_prefs(CAROL, quiet_hours="off")).quiet is None


async def test_closed_dms_are_told_once_and_opting_in_again_tries_again(
        sessions: Sessions) -> None:
    await sessions.set_prefs(ALICE, dm=True)
    assert not await sessions.take_dms_closed_note(ALICE)
    await sessions.dms_refused(ALICE)
    assert (await sessions.prefs(ALICE)).dms_closed
    assert await sessions.take_dms_closed_note(ALICE)
    assert not await sessions.take_dms_closed_note(ALICE)  # once
    await sessions.dms_refused(ALICE)  # refused again: already told
    assert not await sessions.take_dms_closed_note(ALICE)
    again = await sessions.set_prefs(ALICE, dm=True)
    assert again.wants_dm and not again.dms_closed


def test_the_ping_plan_for_each_kind_of_player() -> None:
    """Pure: no preferences → pinged; DMs → a notice now; quiet → a notice at the end."""
    now = paris(2026, 6, 10, 23, 0)
    body = Announcement(outbox_id=5, game_id=1, channel_id=2, version=3, kind="turn",
                        text="", mention_user_ids=(ALICE,), turn=(0, 4))
    assert plan_pings(body, {}, now).ping == (ALICE,)
    dm = plan_pings(body, {ALICE: PlayerPrefs(ALICE, dm_notices=True)}, now)
    assert dm.ping == () and [(n.key, n.due_at) for n in dm.notices] == [("turn:0:4", now)]
    owl = PlayerPrefs(ALICE, "Europe/Paris", QuietHours.from_text("22:00–08:00"))
    quiet = plan_pings(body, {ALICE: owl}, now)
    assert quiet.ping == () and local(quiet.notices[0].due_at) == "2026-06-11 08:00 +0200"
    assert plan_pings(body, {ALICE: owl}, paris(2026, 6, 10, 12, 0)).ping == (ALICE,)
    closed = PlayerPrefs(ALICE, dm_notices=True, dms_closed=True)
    assert plan_pings(body, {ALICE: closed}, now).ping == (ALICE,)
    # Not about a turn (an old row, a stale warning): pings as ever.
    other = Announcement(outbox_id=6, game_id=1, channel_id=2, version=3, kind="stale",
                         text="", mention_user_ids=(ALICE,))
    assert plan_pings(other, {ALICE: PlayerPrefs(ALICE, dm_notices=True)}, now).ping == (ALICE,)


async def test_my_games_lists_my_turns_first_longest_waiting_first(
        sessions: Sessions, clock: FakeClock) -> None:
    first = await hot_seat(sessions, channel=CHANNEL)
    clock.advance(HOUR)
    second = await hot_seat(sessions, channel=CHANNEL + 1)
    await sessions.new(CHANNEL + 2, GUILD + 1, BOB, "Bob", "diceroll", {})
    await sessions.join(CHANNEL + 2, ALICE, "Alice")
    games = await sessions.my_games(ALICE)
    assert {g.info.id for g in games} == {first.id, second.id, games[-1].info.id}
    mine = [g for g in games if g.my_turn]
    assert [g.info.id for g in mine] == [
        g for g in (first.id, second.id)
        if (await sessions.info_by_id(g)).user_to_move == ALICE]
    assert games[-1].info.status == "lobby" and not games[-1].my_turn
    assert all(g.info.guild_id == GUILD for g in await sessions.my_games(ALICE, GUILD))
    assert [g.info.guild_id for g in await sessions.my_games(ALICE, GUILD + 1)] == [GUILD + 1]
    assert await sessions.my_games(CAROL) == []


@pytest.mark.parametrize("name", ["gwt-argentina", "hazienda"])
def test_a_dm_notices_board_is_small_and_at_most_twice_as_tall_as_wide(name: str) -> None:
    """The small board of a DM notice: 400 px wide, a tall board (GWT:A's trail above its
    markets and ports) keeps its top, where the header says whose turn it is."""
    import io

    from PIL import Image

    import games
    import renderer
    from bot.core.thumbnails import board_thumbnail_png

    game = games.get_game(name)
    state = game.setup(3, game.parse_options(None), 7)
    png = board_thumbnail_png(games.GAME_MODULES[name], renderer.RENDERERS[name],
                              game.dump(state), [], ["Ana", "Bo", "Cy"], "en")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 400 and image.height <= 800
