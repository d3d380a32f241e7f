"""`make bench-load`: the whole bot process under load, against the fake Discord on this
machine (loopback only), with figures measured against the machine's limit.

* **Limit**: cores ÷ the CPU seconds one board costs (drawn and encoded, measured here in
  one process) — how many boards per second the machine could post if it did nothing else.
* **Burst**: N games (two players each) all open, start and play a few turns at once:
  boards posted per second and its share of the limit, interaction → acknowledgement (for
  a panel ready within a second, its acknowledgement is the panel itself) and
  last click of a turn → its board posted (p50/p95/p99), the peak memory of the bot and
  its CPU pool, and the CPU seconds the bot process and its pool spent per board posted
  (on a machine shared with other work, boards/s follows the CPU left over; CPU per
  board does not: ``cores ÷ (bot + pool CPU per board)`` is what the machine could post).
  Beside them: the CPU this bench process itself used (the fake Discord and the simulated
  players share the cores with the bot here), how busy the machine's cores were over the
  burst, everything counted (near all of them: the burst is bound by CPU, not by a lock or
  a queue), and the share of a second limit, the turns
  per second the cores could draw if they drew nothing but a turn's images: its board and
  the decision images the players' panels showed in the burst (each at the median CPU of
  one, measured here).
* **Sustained**: turns started at a fixed rate (25/50/75 % of the limit) for a minute
  over a set of running games: the same latencies. Target: click → board p95 under 1 s
  up to 50 %. Then the same at 50 % of the rate the burst measured, and at 50 % of the
  limit measured before boards got cheaper to draw (:data:`ISSUE_LIMITS`).
* **Live games**: 1,000 games running at once (written to the database before the bot
  starts, their first turn posted by it), then a turn in some of them: the bot's memory
  (target: ≤ 120 MB resident).
* **Boards and storage**: per game, render ÷ encode and bytes per board
  (:mod:`bench.render`), and database bytes per finished game (:mod:`bench.dbsize`).
* **Computers**: human games taking turns at a steady pace, alone and then beside games
  of one human and three computer seats that never stop thinking: the humans' latencies
  (a computer must never hold up another game).

Bounded in count and time; everything stops by itself. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from testkit.e2e.launcher import BotProcess
from testkit.e2e.load import WAIT, Figures, LoadGame, TimedFakeDiscord, percentiles
from testkit.e2e.scenario import mentioned_ids, option_components, pick_component, turn_button_of
from testkit.e2e.tables import lobby_button

#: A game played through the "Your turn" button and private panels (hidden information).
GAME = "hazienda"
BURST_SIZES = (50, 200, 500)
RATES = (0.25, 0.50, 0.75)
SUSTAIN_SECONDS = 60.0
#: Per burst: stop starting new turns after this long.
BURST_LIMIT_SECONDS = 150.0
TURNS_PER_GAME = 4
#: The limit measured when this benchmark was written (2 cores ÷ the CPU of a board as it
#: was drawn then), boards/s: a yardstick that stays put while boards get cheaper to draw,
#: which raises the machine's limit itself.
ISSUE_LIMITS = {"kuhlorado": 89.0, "hazienda": 38.0}


def board_seconds(game: str, images: int = 7) -> float:
    """Median CPU seconds to draw and encode one mid-game board of ``game`` (in this process)."""
    from bench.render import mid_game_view
    from renderer import render_png

    view, names = mid_game_view(game)
    times = []
    for _ in range(images):
        started = time.process_time()
        render_png(game, view, names)
        times.append(time.process_time() - started)
    return statistics.median(times)


def decision_image_seconds(game: str, games: int = 2) -> float:
    """Median CPU seconds of one decision image of ``game`` (drawn and encoded here, all
    its pages when it has several), over the decisions with places of whole random
    two-player games, marked as the panels mark them."""
    from bot.discord_ui.panel_layout import decision_marks
    from games import get_game
    from games.rng import Rng
    from renderer import render_decision_pngs

    engine = get_game(game)
    times = []
    for seed in range(games):
        state = engine.setup(2, engine.parse_options(None), seed)
        rng = Rng.from_seed(seed)
        while (decision := engine.pending(state)) is not None:
            marks = decision_marks(decision)
            if marks:
                view = engine.view(state, decision.seat)
                started = time.process_time()
                drawn = render_decision_pngs(game, view, ["Ana", "Bo"], marks)
                if drawn:
                    times.append(time.process_time() - started)
            state = engine.apply(state, decision.seat, rng.choice(decision.options).key).state
    return statistics.median(times) if times else 0.0


def limit(game: str) -> tuple[float, float]:
    """(boards per second the cores could draw, seconds per board)."""
    from bot.core.cpu import cores

    seconds = board_seconds(game)
    return cores() / seconds, seconds


def cpu_seconds(bot: BotProcess) -> tuple[float, float]:
    """(CPU seconds used so far by the bot process, by its CPU pool's workers)."""
    tick = os.sysconf("SC_CLK_TCK")

    def used(pid: int | str) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / tick  # utime + stime

    try:
        children = Path(f"/proc/{bot.pid}/task/{bot.pid}/children").read_text().split()
    except OSError:
        children = []
    return used(bot.pid), sum(used(pid) for pid in children)


def machine_jiffies() -> tuple[int, int]:
    """(busy, total) clock ticks of every core of this machine so far (``/proc/stat``):
    busy is all but idle and I/O wait, whoever used it."""
    try:
        fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle, sum(fields[:8])


def resident_mib(bot: BotProcess) -> float | None:
    """VmRSS of the bot process now, MiB."""
    try:
        for line in Path(f"/proc/{bot.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def peak_memory_mib(bot: BotProcess) -> tuple[float | None, float]:
    """(VmHWM of the bot process, sum of VmHWM of its children: the CPU pool), MiB."""
    own = bot.peak_memory_kib()
    children = 0
    try:
        pids = Path(f"/proc/{bot.pid}/task/{bot.pid}/children").read_text().split()
    except OSError:
        pids = []
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    children += int(line.split()[1])
        except OSError:
            continue
    return (None if own is None else own / 1024, children / 1024)


def boards_per_second(fake: TimedFakeDiscord, since: float) -> tuple[int, float]:
    """(boards posted since ``since``, boards per second between the first and the last)."""
    stamps = sorted(stamp for posts in fake.posted.values() for stamp, message in posts
                    if stamp >= since and message["attachments"])
    if len(stamps) < 2:
        return len(stamps), 0.0
    return len(stamps), (len(stamps) - 1) / (stamps[-1] - stamps[0])


class PacedGame(LoadGame):
    """A two-player game that plays one turn whenever the pacer asks."""

    post: dict | None = None
    busy = False
    over = False

    async def open(self) -> None:
        first, second = self.players
        await self.interact(first, first.slash("new", channel_id=self.channel_id,
                                               game=self.game))
        _, lobby = await self.next_post(lambda m: lobby_button(m, "join") is not None)
        await self.interact(second, second.click(lobby, lobby_button(lobby, "join") or ""))
        await self.interact(first, first.click(lobby, lobby_button(lobby, "start") or ""))
        _, self.post = await self.next_post(lambda m: turn_button_of(m) is not None)

    async def turn(self) -> None:
        self.busy = True
        try:
            assert self.post is not None
            by_id = {p.id: p for p in self.players}
            player = by_id[mentioned_ids(self.post)[0]]
            opened, _ = await self.interact(
                player, player.click(self.post, turn_button_of(self.post) or ""))
            panel = opened.panel()
            started = time.perf_counter()
            while panel is not None and option_components(panel):
                custom_id, values = pick_component(panel, self.rng)
                _, started = await self.interact(player, player.click(panel, custom_id, values))
                panel = self.fake.messages[int(panel["id"])]
            stamp, self.post = await self.next_post(lambda m: bool(m["attachments"]))
            self.figures.board_ms.append((stamp - started) * 1000)
            self.figures.turns += 1
            self.over = turn_button_of(self.post) is None
        except Exception as error:  # noqa: BLE001 - counted and reported, never raised
            self.figures.failures += 1
            self.over = True
            if len(self.figures.errors) < 5:
                self.figures.errors.append(f"{type(error).__name__}: {error}")
        finally:
            self.busy = False


def computer_seats(game: str) -> int:
    """The computers beside one human in :class:`MixedGame`: three, or as many as the
    game seats (Kuhlorado: one)."""
    from games import get_game

    return min(3, get_game(game).max_seats - 1)


class MixedGame(PacedGame):
    """One human against computer seats (:func:`computer_seats`): every turn of the human
    sets the computers thinking for seconds."""

    async def open(self) -> None:
        human = self.players[0]
        await self.interact(human, human.slash("new", channel_id=self.channel_id,
                                               game=self.game))
        for action in ("cpu",) * computer_seats(self.game) + ("start",):
            _, lobby = await self.next_post(
                lambda m, action=action: lobby_button(m, action) is not None)
            await self.interact(human, human.click(lobby, lobby_button(lobby, action) or ""))
        await self.turn_back()

    async def turn_back(self) -> None:
        """Wait until the computers have played and the human is pinged (or it is over)."""
        human = self.players[0].id
        while not self.over and (self.post is None
                                 or human not in mentioned_ids(self.post)):
            _, self.post = await self.next_post(lambda m: bool(m["attachments"]))
            self.over = turn_button_of(self.post) is None


async def _play_on(table: MixedGame, until: float) -> None:
    while time.perf_counter() < until and not table.over:
        await table.turn()
        await table.turn_back()


async def computer_stall(game: str, seconds: float, env: dict[str, str],
                         humans: int = 20, mixed: int = 4, rate: float = 2.0) -> str:
    """Human-only games taking turns at ``rate`` turns/s, alone and then beside ``mixed``
    games of one human and computers (:func:`computer_seats`) playing without pause: the
    humans' latencies must not change much when the computers think."""
    lines = []
    for with_computers in (False, True):
        with tempfile.TemporaryDirectory(prefix="estancia-stall-") as tmp:
            async with TimedFakeDiscord() as fake:
                channels = _channels(fake, humans + mixed, "stall")
                bot = BotProcess(fake, Path(tmp), {"LOG_LEVEL": "WARNING", **env}, fresh=True)
                try:
                    await bot.start()
                    figures, busy = Figures(), Figures()  # human games, mixed games
                    tables = [PacedGame(fake, channel, i, figures, float("inf"), game=game)
                              for i, channel in enumerate(channels[:humans])]
                    others = [MixedGame(fake, channel, 1000 + i, busy, float("inf"), game=game)
                              for i, channel in enumerate(channels[humans:])]
                    await asyncio.gather(*(t.open() for t in tables))
                    figures.ack_ms.clear()
                    started = time.perf_counter()
                    background = []
                    if with_computers:
                        await asyncio.gather(*(t.open() for t in others))
                        background = [asyncio.create_task(_play_on(t, started + seconds))
                                      for t in others]
                    turns = []
                    for k in range(int(rate * seconds)):
                        await asyncio.sleep(max(0.0, started + k / rate - time.perf_counter()))
                        idle = [t for t in tables if not t.busy and not t.over]
                        if idle:
                            idle[0].busy = True
                            tables.append(tables.pop(tables.index(idle[0])))
                            turns.append(asyncio.create_task(idle[0].turn()))
                    await settle([*turns, *background], 2 * WAIT)
                finally:
                    await bot.close()
        computers = computer_seats(game)
        label = (f"beside {mixed} games of 1 human + {computers} computer"
                 f"{'s' if computers > 1 else ''} ({busy.turns} of their turns)"
                 if with_computers else "alone")
        lines += [f"{game:10s} {humans} human games at {rate:g} turns/s, {label}: "
                  f"{figures.turns} turns, {figures.failures + busy.failures} failed",
                  *_latency_lines(figures)]
    return "\n".join(lines)


async def settle(tasks: list[asyncio.Task[None]], seconds: float) -> int:
    """Wait up to ``seconds`` for ``tasks``; cancel the rest (a machine that cannot keep
    up is a figure, not a crash). Returns how many were cancelled."""
    if not tasks:
        return 0
    _, pending = await asyncio.wait(tasks, timeout=seconds)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return len(pending)


_channel_ids = itertools.count(6_000_000)


def _channels(fake: TimedFakeDiscord, count: int, prefix: str) -> list[int]:
    """Channels never used before in this run (a PostgreSQL database outlives one bot)."""
    return [fake.guild.channels.setdefault(f"{prefix}-{i}", next(_channel_ids))
            for i in range(count)]


#: Discord forgets an interaction not acknowledged within this long (ms).
DISCORD_ACK_MS = 3000


def _latency_lines(figures: Figures) -> list[str]:
    late = sum(ms > DISCORD_ACK_MS for ms in figures.ack_ms)
    return [
        f"{'':12s} click → ack    {percentiles(figures.ack_ms)}; {late} of "
        f"{len(figures.ack_ms)} later than Discord's 3 s",
        f"{'':12s} click → board  {percentiles(figures.board_ms)}",
    ]


async def burst(games: int, game: str, board_limit: float, env: dict[str, str]
                ) -> tuple[str, float]:
    """N games at once (see the module docstring): the report, and the boards per second."""
    import testkit.e2e.load as harness

    with tempfile.TemporaryDirectory(prefix="estancia-burst-") as tmp:
        async with TimedFakeDiscord() as fake:
            channels = _channels(fake, games, "burst")
            bot = BotProcess(fake, Path(tmp), {"LOG_LEVEL": "WARNING", **env}, fresh=True)
            try:
                await bot.start()
                started = time.perf_counter()
                first_call = len(fake.calls)
                own_cpu, pool_cpu = cpu_seconds(bot)
                harness_cpu = time.process_time()
                machine = machine_jiffies()
                figures = Figures()
                deadline = started + BURST_LIMIT_SECONDS
                harness.TURNS_PER_GAME = TURNS_PER_GAME
                tables = [LoadGame(fake, channel, i, figures, deadline, game=game)
                          for i, channel in enumerate(channels)]
                await asyncio.gather(*(table.play() for table in tables))
                elapsed = time.perf_counter() - started
                own_after, pool_after = cpu_seconds(bot)
                harness_cpu = time.process_time() - harness_cpu
                machine = tuple(b - a for a, b in zip(machine, machine_jiffies(), strict=True))
                own, pool = peak_memory_mib(bot)
                boards, rate = boards_per_second(fake, started)
                images = fake.decision_images
                requests = fake.calls[first_call:]
            finally:
                await bot.close()
    memory = "n/a" if own is None else f"{own:.0f} MiB bot + {pool:.0f} MiB CPU pool"
    lines = [
        f"{game:10s} burst N={games:<4d} {boards} boards at {rate:5.1f}/s = "
        f"{100 * rate / board_limit:3.0f} % of the limit{_of_issue_limit(game, rate)}; "
        f"{figures.turns} turns, "
        f"{figures.interactions} interactions in {elapsed:.0f} s, {figures.failures} games failed",
        *_latency_lines(figures),
        f"{'':12s} peak memory {memory} (VmHWM)",
        _cpu_line(boards, own_after - own_cpu, pool_after - pool_cpu, board_limit),
        _harness_line(boards, harness_cpu, elapsed),
        _machine_line(machine),
        _requests_line(requests, figures.turns),
        _images_line(game, boards, images, rate, board_limit),
    ]
    return "\n".join(lines + [f"{'':12s} failure: {e}" for e in figures.errors]), rate


def _of_issue_limit(game: str, rate: float) -> str:
    return (f" ({100 * rate / ISSUE_LIMITS[game]:.0f} % of the {ISSUE_LIMITS[game]:.0f} boards/s "
            "measured when this benchmark was written)" if game in ISSUE_LIMITS else "")


def _images_line(game: str, boards: int, images: int, rate: float, board_limit: float) -> str:
    """The second limit: turns per second if the cores drew a turn's images and nothing
    else — its board and the decision images the burst's panels showed per board."""
    if not boards:
        return f"{'':12s} images per turn: n/a"
    from bot.core.cpu import cores

    per_turn = images / boards
    seconds = cores() / board_limit + per_turn * decision_image_seconds(game)
    images_limit = cores() / seconds
    return (f"{'':12s} a turn's images: the board and {per_turn:.1f} decision images, "
            f"{1000 * seconds:.0f} ms of CPU; the cores could draw {images_limit:.0f} turns/s "
            f"and nothing else: {100 * rate / images_limit:.0f} % of that")


def _harness_line(boards: int, harness: float, elapsed: float) -> str:
    """The CPU this bench process used (the fake Discord and the simulated players), which
    the bot shares the cores with here, unlike in production."""
    from bot.core.cpu import cores

    per_board = f"{1000 * harness / boards:.0f} ms per board, " if boards else ""
    return (f"{'':12s} beside it, the fake Discord and its players: {per_board}"
            f"{100 * harness / (cores() * elapsed):.0f} % of the cores")


def _machine_line(jiffies: tuple[int, ...]) -> str:
    """How busy the machine's cores were during the burst, everything counted (the bot,
    its pool, this bench, anything else running): near all of them means the burst was
    bound by CPU, not by a lock, a queue or a limit on work in flight."""
    from bot.core.cpu import cores

    busy, total = jiffies
    if not total:
        return f"{'':12s} cores busy: n/a"
    share = busy / total
    return (f"{'':12s} the machine's cores were {100 * share:.0f} % busy during the burst "
            f"({share * (os.cpu_count() or 1):.2f} of {os.cpu_count()}; this process may use "
            f"{cores()})")


def _requests_line(calls: list[Any], turns: int) -> str:
    """The bot's requests to Discord per turn: interaction answers and acknowledgements,
    edits of answers, and the rest (channel posts, mostly)."""
    if not turns:
        return f"{'':12s} requests per turn: n/a"
    answers = sum(c.path.endswith("/callback") for c in calls)
    edits = sum("/webhooks/" in c.path for c in calls)
    return (f"{'':12s} {len(calls) / turns:.1f} requests to Discord per turn: "
            f"{answers / turns:.1f} interaction answers, {edits / turns:.1f} edits of answers, "
            f"{(len(calls) - answers - edits) / turns:.1f} others (channel posts)")


def _cpu_line(boards: int, own: float, pool: float, board_limit: float) -> str:
    """CPU per board posted, and the share of the limit it allows on idle cores."""
    if not boards:
        return f"{'':12s} CPU per board: n/a"
    from bot.core.cpu import cores

    per_board = (own + pool) / boards
    share = cores() / per_board / board_limit
    return (f"{'':12s} CPU per board {1000 * own / boards:.0f} ms bot + "
            f"{1000 * pool / boards:.0f} ms CPU pool (boards, decision images, replays): "
            f"{100 * share:.0f} % of the limit on otherwise idle cores")


LIVE_GAMES = 1000
LIVE_TURNS = 100


async def open_games(db: Path, tables: list[PacedGame], guild_id: int, game: str) -> None:
    """Write running games for ``tables`` straight into the bot's database (seats are
    the tables' players), their first turn still to be announced."""
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from bot.storage.store import Store

    store = await Store.open(db)
    try:
        sessions = Sessions(store, Settings(_env_file=None, estancia_db=str(db),
                                            turn_timeout_hours=0))
        for table in tables:
            first, second = table.players
            await sessions.new(table.channel_id, guild_id, first.id, first.name, game, {})
            await sessions.join(table.channel_id, second.id, second.name)
            await sessions.start(table.channel_id, first.id)
        await sessions.close()
    finally:
        await store.close()


async def live_games(count: int, game: str, env: dict[str, str], turns: int = LIVE_TURNS) -> str:
    """``count`` running games: the bot posts their first turns, then ``turns`` of them
    play a turn; the bot's resident memory (target ≤ 120 MB with 1,000 games)."""
    with tempfile.TemporaryDirectory(prefix="estancia-live-") as tmp:
        async with TimedFakeDiscord() as fake:
            channels = _channels(fake, count, "live")
            figures = Figures()
            tables = [PacedGame(fake, channel, i, figures, float("inf"), game=game)
                      for i, channel in enumerate(channels)]
            bot = BotProcess(fake, Path(tmp), {"LOG_LEVEL": "WARNING", **env}, fresh=True)
            await open_games(bot.db_path, tables, fake.guild.id, game)
            try:
                await bot.start()
                started = time.perf_counter()
                for table in tables:
                    _, table.post = await table.next_post(
                        lambda m: turn_button_of(m) is not None)
                posted = time.perf_counter() - started
                after_posts = resident_mib(bot)
                await settle([asyncio.create_task(table.turn()) for table in tables[:turns]],
                             2 * WAIT)
                after_turns = resident_mib(bot)
                own, pool = peak_memory_mib(bot)
            finally:
                await bot.close()

    def mib(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.0f} MiB"

    return "\n".join([
        f"{game:10s} live     {count} running games: first turns posted in {posted:.0f} s, "
        f"then {figures.turns} turns ({figures.failures} failed)",
        f"{'':12s} bot resident {mib(after_posts)} after the posts, {mib(after_turns)} after "
        f"the turns; peak {mib(own)} (VmHWM; target ≤ 120 MB), CPU pool peak {mib(pool)}",
    ])


async def sustained(share: float, game: str, board_limit: float, seconds: float,
                    env: dict[str, str], of: str = "the limit") -> str:
    """Turns started at ``share`` of ``board_limit`` boards/s for ``seconds`` (see the
    module docstring); ``of`` names what that rate is (the limit, a measured burst)."""
    rate = share * board_limit
    count = max(20, int(rate * 6))
    with tempfile.TemporaryDirectory(prefix="estancia-sustained-") as tmp:
        async with TimedFakeDiscord() as fake:
            channels = _channels(fake, count, "paced")
            bot = BotProcess(fake, Path(tmp), {"LOG_LEVEL": "WARNING", **env}, fresh=True)
            try:
                await bot.start()
                figures = Figures()
                tables = [PacedGame(fake, channel, i, figures, float("inf"), game=game)
                          for i, channel in enumerate(channels)]
                await asyncio.gather(*(table.open() for table in tables))
                opened = Figures(ack_ms=list(figures.ack_ms))
                figures.ack_ms.clear()
                started = time.perf_counter()
                turns: list[asyncio.Task[None]] = []
                skipped, nxt = 0, 0
                for k in range(int(rate * seconds)):
                    await asyncio.sleep(max(0.0, started + k / rate - time.perf_counter()))
                    for step in range(len(tables)):
                        table = tables[(nxt + step) % len(tables)]
                        if not table.busy and not table.over:
                            nxt = (nxt + step + 1) % len(tables)
                            table.busy = True
                            turns.append(asyncio.create_task(table.turn()))
                            break
                    else:
                        skipped += 1
                unfinished = await settle(turns, WAIT)
                elapsed = time.perf_counter() - started
                boards, achieved = boards_per_second(fake, started)
            finally:
                await bot.close()
    del opened
    lines = [
        f"{game:10s} sustained {100 * share:3.0f} % of {of} = {rate:5.1f} turns/s for "
        f"{seconds:.0f} s over {count} games: {figures.turns} turns in {elapsed:.0f} s "
        f"({achieved:.1f} boards/s), {skipped} ticks with every game busy, "
        f"{figures.failures} failed, {unfinished} unfinished {WAIT:.0f} s after the last start",
        *_latency_lines(figures),
    ]
    return "\n".join(lines + [f"{'':12s} failure: {e}" for e in figures.errors])


def boards_and_storage(quick: bool) -> None:
    """Render ÷ encode and bytes per board, then database bytes per finished game, for
    every game."""
    from bench import dbsize
    from bench.render import bench_render
    from games import available_games

    for name in available_games():
        bench_render(name, 3 if quick else 7)
    dbsize.main(quick=quick)


def main(quick: bool = False, sizes: tuple[int, ...] = BURST_SIZES,
         rates: tuple[float, ...] = RATES, seconds: float = SUSTAIN_SECONDS,
         game: str = GAME, env: dict[str, str] | None = None, stall: bool = True,
         live: int | None = LIVE_GAMES, storage: bool = True) -> None:
    env = env or {}
    board_limit, per_board = limit(game)
    from bot.core.cpu import cores

    print(f"{game:10s} limit    {board_limit:5.1f} boards/s = {cores()} cores "
          f"÷ {1000 * per_board:.0f} ms of CPU per board", flush=True)
    measured = 0.0
    for size in (10,) if quick else sizes:
        report, measured = asyncio.run(burst(size, game, board_limit, env))
        print(report, flush=True)
    span = 10.0 if quick else seconds
    for share in (0.5,) if quick else rates:
        print(asyncio.run(sustained(share, game, board_limit, span, env)), flush=True)
    if measured:
        # the latency at half of what this machine was just measured to post
        print(asyncio.run(sustained(0.5, game, measured, span, env,
                                    of="the burst's measured rate")), flush=True)
    if game in ISSUE_LIMITS and not quick:
        print(asyncio.run(sustained(0.5, game, ISSUE_LIMITS[game], span, env,
                                    of="the limit first measured")), flush=True)
    if live:
        print(asyncio.run(live_games(50 if quick else live, game, env,
                                     10 if quick else LIVE_TURNS)), flush=True)
    if stall:
        print(asyncio.run(computer_stall(game, 10.0 if quick else 30.0, env)), flush=True)
    if storage:
        boards_and_storage(quick)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="N=10 and 10 s at 50 %%")
    parser.add_argument("--sizes", type=lambda t: tuple(int(x) for x in t.split(",") if x),
                        default=BURST_SIZES, help="burst sizes, e.g. 50,200,500")
    parser.add_argument("--rates", type=lambda t: tuple(float(x) for x in t.split(",") if x),
                        default=RATES, help="sustained shares of the limit, e.g. 0.25,0.5")
    parser.add_argument("--seconds", type=float, default=SUSTAIN_SECONDS)
    parser.add_argument("--game", default=GAME)
    parser.add_argument("--live", type=int, default=LIVE_GAMES,
                        help="running games for the memory figure (0: skip)")
    parser.add_argument("--no-storage", action="store_true",
                        help="skip the per-game board and database figures")
    parser.add_argument("--env", action="append", default=[],
                        help="NAME=VALUE for the bot process (e.g. ESTANCIA_OUTBOX_IN_FLIGHT=32)")
    args = parser.parse_args()
    main(args.quick, args.sizes, args.rates, args.seconds, args.game,
         dict(item.split("=", 1) for item in args.env), live=args.live,
         storage=not args.no_storage)
