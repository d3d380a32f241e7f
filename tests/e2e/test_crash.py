"""kill -9 of the real bot process at random points while moves are processed.

Each run: the player to move opens their panel and taps; the process is killed at a
random moment, or as the answer to a tap leaves it (the move is committed; the player
never sees it), or the instant Discord accepted an announcement and before the bot
heard back. Then, with the bot dead, the database must
be whole: every game is exactly the replay of its log (before or after each move, never
half). After a restart every committed announcement is in the channel exactly once, and
the player's retry of the tap that was in flight ("did it count?") is either refused as
stale or applied — never applied twice.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import pytest

from testkit.e2e import dbcheck
from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import (
    TURN_BUTTON,
    Player,
    Sent,
    gateway_deliver,
    open_turn,
    option_components,
    pick_component,
    poll,
)
from testkit.e2e.tables import (
    Table,
    latest_turn_post,
    lobby_button,
    open_table,
    play_one_turn,
    unmatched_human_moves,
    wait_drained,
)
from testkit.fakediscord import Call, find_component
from tests.e2e.checks import log_problems

#: Kill -9 runs in `make test`: two at each kill point (the "after accept" ones replay a
#: post's nonce, the "on the answer" ones refuse a retried tap, whatever the timing); the
#: soak runs many more, at random moments too.
RUNS = 6
SOAK_RUNS = 200
GAME = "kuhlorado"
#: Kill points: this long after the panel opened (a move is processed in a few ms, so
#: the short ones land before, during or just after the first tap's commit).
KILL_DELAYS = ((0.0, 0.03), (0.0, 0.12), (0.05, 0.5))


@dataclass
class CrashStats:
    runs: int = 0
    committed_before_kill: int = 0
    lost_before_commit: int = 0
    killed_after_accept: int = 0
    killed_on_answer: int = 0
    nonce_replays: int = 0
    retries_refused: int = 0
    retries_applied: int = 0
    games: int = 0


async def answered_or_dead(sent: Sent, bot: BotProcess) -> bool:
    """True when answered; False when the bot died first."""
    await poll(lambda: sent.answered or not bot.running, "an answer or the crash", timeout=30)
    return sent.answered


@dataclass
class InFlight:
    """The panel and the last tap when the bot died."""

    player: Player
    panel: dict | None = None
    custom_id: str | None = None
    values: list[str] | None = None


def kill_on_the_next_answer(fake: E2EFakeDiscord, bot: BotProcess) -> None:
    """Kill the bot as its next private answer leaves (the request never arrives): the
    interaction's response carrying the panel (callback type 4 or 7), or the edit of a
    deferred one."""

    def intercept(call: Call) -> bool:
        answer = (call.method == "POST" and call.path.endswith("/callback")
                  and int((call.body or {}).get("type", 0)) in (4, 7))
        if answer or (call.method == "PATCH" and call.path.endswith("/messages/@original")):
            fake.intercept = None
            bot.kill9_now()
            return True
        return False

    fake.intercept = intercept


RANDOM_MOMENT, ON_ANSWER, AFTER_ACCEPT = "random moment", "on the answer", "after accept"
KILL_POINTS = (RANDOM_MOMENT, ON_ANSWER, AFTER_ACCEPT)


async def tap_until_killed(table: Table, bot: BotProcess, rng: random.Random,
                           kill_point: str) -> InFlight:
    """The player to move taps through their turn; the bot is killed on the way.
    Returns the panel and the tap that was in flight when it died."""
    await wait_drained(table.db_path)
    record = table.record()
    player = table.players[record.user_of(record.to_move())]
    post = latest_turn_post(table)
    flight = InFlight(player)
    timer = None
    # Armed before the first tap: on a turn post that carries the choices (a game without
    # hidden information) the first tap is already a move, and may end the turn.
    if kill_point == AFTER_ACCEPT:
        def kill_on_accept(message: dict) -> None:
            table.fake.after_accept = None
            bot.kill9_now()

        table.fake.after_accept = kill_on_accept
    elif kill_point == ON_ANSWER:
        kill_on_the_next_answer(table.fake, bot)
    else:
        delay = rng.uniform(*rng.choice(KILL_DELAYS))
        timer = asyncio.get_running_loop().call_later(delay, bot.kill9_now)
    try:
        opened = await open_turn(player, post, rng)
        table.note_tap(opened)
        data = opened.payload["data"]
        if not TURN_BUTTON.match(data["custom_id"]):  # a choice on the turn post: a move
            flight.panel, flight.custom_id, flight.values = post, data["custom_id"], data.get(
                "values")
        if not await answered_or_dead(opened, bot) or opened.panel() is None:
            return flight  # (no panel: its answer was the request the crash dropped)
        flight.panel, flight.custom_id, flight.values = opened.panel(), None, None
        for _ in range(40):
            flight.panel = table.fake.messages[int(flight.panel["id"])]
            if not option_components(flight.panel) or not bot.running:
                break
            flight.custom_id, flight.values = pick_component(flight.panel, rng)
            tapped = await player.click(flight.panel, flight.custom_id, flight.values)
            table.note_tap(tapped)
            if not await answered_or_dead(tapped, bot):
                break
        if kill_point == AFTER_ACCEPT:  # the turn is over: the announcement is on its way
            await poll(lambda: not bot.running, "the kill as Discord accepts the announcement")
    finally:
        if timer is not None:
            timer.cancel()
    bot.kill9_now()  # the turn ended before the timer: kill now, mid-delivery perhaps
    return flight


async def crash_run(fake: E2EFakeDiscord, bot: BotProcess, table: Table, run: int,
                    rng: random.Random, stats: CrashStats) -> Table:
    """One kill -9 and restart, with every check; returns the table played on."""
    if table.record().status != "active":
        await wait_drained(bot.db_path)
        table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
        stats.games += 1
    version_before = table.record().version
    kill_point = KILL_POINTS[run % len(KILL_POINTS)]
    replays_before = len(fake.nonce_replays)
    flight = await tap_until_killed(table, bot, rng, kill_point)
    await bot.kill9()
    fake.after_accept = fake.intercept = None
    stats.runs += 1

    problems = dbcheck.all_problems(bot.db_path)  # the bot is dead: the file as it fell
    assert problems == [], f"run {run}: {problems}"
    committed = table.record().version > version_before
    stats.committed_before_kill += committed
    stats.lost_before_commit += not committed

    await bot.start()
    shown = None if flight.panel is None else fake.messages[int(flight.panel["id"])]
    if shown is not None and flight.custom_id and find_component(shown, flight.custom_id):
        # The panel was not updated before the crash: "did my tap count?" — tap again.
        version = table.record().version
        retry = await flight.player.click(shown, flight.custom_id, flight.values)
        table.note_tap(retry)
        await retry.wait_answered()
        applied = table.record().version > version
        stats.retries_applied += applied
        stats.retries_refused += not applied
        assert applied or retry.all_private, retry.texts()
        if kill_point == ON_ANSWER and committed:
            assert not applied, "a committed tap applied again on retry"
    await wait_drained(bot.db_path)
    stats.nonce_replays += len(fake.nonce_replays) - replays_before
    stats.killed_after_accept += kill_point == AFTER_ACCEPT
    stats.killed_on_answer += kill_point == ON_ANSWER

    for record in dbcheck.read_games(bot.db_path):
        assert dbcheck.replay_problems(record) == [], f"run {run}"
        assert dbcheck.version_gaps(record) == [], f"run {run}: a version without its move"
    posts = fake.posts_in(table.channel_id)
    outbox = [o for g in dbcheck.read_games(bot.db_path) for o in g.outbox]
    assert len(posts) == len(outbox), (
        f"run {run}: {len(posts)} channel messages for {len(outbox)} announcements")
    assert sorted(int(m["id"]) for m in posts) == sorted(o["message_id"] for o in outbox)
    assert unmatched_human_moves(table) == [], f"run {run}"
    return table


async def crash_runs(fake, start_bot, runs: int, seed: int) -> CrashStats:
    rng = random.Random(seed)
    stats = CrashStats()
    bot = await start_bot()
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), GAME)
    stats.games = 1
    for run in range(runs):
        try:
            table = await crash_run(fake, bot, table, run, rng, stats)
        except (AssertionError, TimeoutError) as failure:
            raise AssertionError(f"crash run {run}: {failure}\nbot exit codes "
                                 f"{bot.exit_codes[-3:]}, running={bot.running}\n"
                                 f"{bot.log_tail(12)}") from failure
    await bot.stop()
    assert log_problems(bot.log_text(), allow_errors=True) == []
    return stats


async def test_kill_9_while_moves_are_processed(fake, start_bot) -> None:
    stats = await crash_runs(fake, start_bot, RUNS, seed=20261125)
    print(f"\ncrash runs: {stats}")
    assert stats.runs == RUNS
    assert stats.nonce_replays > 0, "no kill landed between 'Discord accepted' and 'marked sent'"
    assert stats.retries_refused > 0, "no retry of a tap that had counted"


@pytest.mark.soak
async def test_kill_9_soak(fake, start_bot) -> None:
    stats = await crash_runs(fake, start_bot, SOAK_RUNS, seed=7)
    print(f"\ncrash runs: {stats}")
    assert stats.runs == SOAK_RUNS


async def test_kill_9_as_the_lobby_opens_and_as_the_game_starts(fake, start_bot) -> None:
    bot = await start_bot()
    deliver = gateway_deliver(fake)
    alice, bob = (Player(fake, fake.add_member(n), deliver) for n in ("alice", "bob"))
    channel = fake.channel_id()

    kill_on_the_next_answer(fake, bot)  # /estancia new: committed, answer never seen
    await alice.slash("new", channel_id=channel, game=GAME)
    await poll(lambda: not bot.running, "the kill")
    await bot.kill9()
    assert dbcheck.all_problems(bot.db_path) == []
    await bot.start()
    await wait_drained(bot.db_path)
    (lobby,) = [m for m in fake.posts_in(channel) if lobby_button(m, "join")]
    again = await alice.slash("new", channel_id=channel, game=GAME)  # "did it work?"
    await again.wait_answered()
    assert again.all_private and len(dbcheck.read_games(bot.db_path)) == 1, again.texts()

    joined = await bob.click(lobby, lobby_button(lobby, "join") or "")
    await joined.wait_answered()
    kill_on_the_next_answer(fake, bot)  # Start: committed, answer never seen
    await alice.click(lobby, lobby_button(lobby, "start") or "")
    await poll(lambda: not bot.running, "the kill")
    await bot.kill9()
    assert dbcheck.all_problems(bot.db_path) == []
    await bot.start()
    await wait_drained(bot.db_path)
    (game,) = dbcheck.read_games(bot.db_path)
    assert game.status == "active" and [m.kind for m in game.moves][:1] == ["start"]
    restart = await alice.click(lobby, lobby_button(lobby, "start") or "")
    await restart.wait_answered()
    assert restart.all_private and dbcheck.read_game(bot.db_path, game.id).version == game.version
    assert len(fake.posts_in(channel)) == len(game.outbox)
    table = Table(fake, bot.db_path, channel, GAME, game.id, {alice.id: alice, bob.id: bob})
    assert await play_one_turn(table, random.Random(13))
