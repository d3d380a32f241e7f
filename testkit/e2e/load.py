"""`make bench`: N Kuhlorado games played at once by simulated users through the real bot
process and the fake Discord, on this machine (loopback only).

Reported per N: interaction → acknowledgement (the callback reaching Discord) and
interaction → board posted (the turn's announcement with its image in the channel)
latencies, p50/p95/p99, and the bot process's peak resident memory (VmHWM). Bounded:
a few turns per game and an overall time limit per N; everything stops by itself.
Figures are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import (
    Player,
    gateway_deliver,
    mentioned_ids,
    open_turn,
    option_components,
    pick_component,
    turn_button_of,
)
from testkit.e2e.tables import lobby_button
from testkit.fakediscord import Call, InteractionRecord

GAME = "kuhlorado"
SIZES = (50, 200, 500)
QUICK_SIZES = (10,)
TURNS_PER_GAME = 4
#: Per N: stop starting new interactions after this long.
TIME_LIMIT = 240.0
WAIT = 60.0


class TimedFakeDiscord(E2EFakeDiscord):
    """The e2e fake, stamping when each interaction was acknowledged/answered and when each
    channel message was created, with events instead of polling (hundreds of games)."""

    def __init__(self) -> None:
        super().__init__()
        self.acked_at: dict[int, float] = {}
        self.answered: dict[int, asyncio.Event] = {}
        self.posted: dict[int, list[tuple[float, dict[str, Any]]]] = {}
        self.new_post: dict[int, asyncio.Event] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        #: decision images the bot sent (files named "…-choices.png": the first page of
        #: one drawn in pages), for the bench
        self.decision_images = 0

    def _count_images(self, call: Call) -> None:
        self.decision_images += sum(f.filename.endswith("-choices.png") for f in call.files)

    def answered_event(self, interaction_id: int) -> asyncio.Event:
        return self.answered.setdefault(interaction_id, asyncio.Event())

    def post_event(self, channel_id: int) -> asyncio.Event:
        return self.new_post.setdefault(channel_id, asyncio.Event())

    def _record_for_token(self, token: str) -> InteractionRecord | None:
        record = self._by_token.get(token)
        if record is None:
            record = super()._record_for_token(token)
            if record is not None:
                self._by_token[token] = record
        return record

    def _callback(self, call: Call, interaction_id: int) -> Any:
        self.acked_at.setdefault(interaction_id, time.perf_counter())
        self._count_images(call)
        response = super()._callback(call, interaction_id)
        if int(call.body.get("type", 0)) in (4, 7):
            self.answered_event(interaction_id).set()
        return response

    def _webhook(self, call: Call, parts: list[str]) -> Any:
        self._count_images(call)
        response = super()._webhook(call, parts)
        record = self._record_for_token(parts[2])
        if record is not None and call.method in ("PATCH", "POST"):
            self.answered_event(record.id).set()
        return response

    def _channel_message(self, call: Call, channel_id: int, rest: list[str]) -> Any:
        before = len(self.created_posts)
        self._count_images(call)
        response = super()._channel_message(call, channel_id, rest)
        if len(self.created_posts) > before:
            self.posted.setdefault(channel_id, []).append(
                (time.perf_counter(), self.created_posts[-1]))
            self.post_event(channel_id).set()
        return response


@dataclass
class Figures:
    ack_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    interactions: int = 0
    turns: int = 0
    failures: int = 0
    errors: list[str] = field(default_factory=list)


class LoadGame:
    """Two simulated users playing one game in their own channel."""

    def __init__(self, fake: TimedFakeDiscord, channel_id: int, index: int, figures: Figures,
                 deadline: float, game: str = GAME) -> None:
        deliver = gateway_deliver(fake)
        self.game = game
        self.fake = fake
        self.channel_id = channel_id
        self.players = [Player(fake, fake.add_member(f"u{index}a"), deliver),
                        Player(fake, fake.add_member(f"u{index}b"), deliver)]
        self.figures = figures
        self.deadline = deadline
        self.rng = random.Random(index)
        self.seen_posts = 0

    async def interact(self, player: Player, send: Any) -> Any:
        """Send one interaction; wait for its answer; record the acknowledgement latency."""
        started = time.perf_counter()
        sent = await send
        self.figures.interactions += 1
        await asyncio.wait_for(self.fake.answered_event(sent.id).wait(), WAIT)
        self.figures.ack_ms.append((self.fake.acked_at[sent.id] - started) * 1000)
        return sent, started

    async def next_post(self, predicate: Any) -> tuple[float, dict[str, Any]]:
        event = self.fake.post_event(self.channel_id)
        while True:
            posts = self.fake.posted.get(self.channel_id, [])
            for stamp, message in posts[self.seen_posts:]:
                self.seen_posts += 1
                if predicate(message):
                    return stamp, message
            event.clear()
            await asyncio.wait_for(event.wait(), WAIT)

    async def play(self) -> None:
        try:
            await self._play()
        except Exception as error:  # noqa: BLE001 - counted and reported, never raised
            self.figures.failures += 1
            if len(self.figures.errors) < 5:
                self.figures.errors.append(f"{type(error).__name__}: {error}")

    async def _play(self) -> None:
        first, second = self.players
        await self.interact(first, first.slash("new", channel_id=self.channel_id, game=self.game))
        _, lobby = await self.next_post(lambda m: lobby_button(m, "join") is not None)
        await self.interact(second, second.click(lobby, lobby_button(lobby, "join") or ""))
        await self.interact(first, first.click(lobby, lobby_button(lobby, "start") or ""))
        _, post = await self.next_post(lambda m: turn_button_of(m) is not None)
        by_id = {p.id: p for p in self.players}
        for _ in range(TURNS_PER_GAME):
            if time.perf_counter() > self.deadline:
                return
            player = by_id[mentioned_ids(post)[0]]
            opened, _ = await self.interact(player, open_turn(player, post, self.rng))
            panel = opened.panel()
            started = time.perf_counter()
            while panel is not None and option_components(panel):
                custom_id, values = pick_component(panel, self.rng)
                _, started = await self.interact(player, player.click(panel, custom_id, values))
                panel = self.fake.messages[int(panel["id"])]
            stamp, post = await self.next_post(lambda m: bool(m["attachments"]))
            self.figures.board_ms.append((stamp - started) * 1000)
            self.figures.turns += 1
            if turn_button_of(post) is None:
                return  # the game is over


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {cuts[49]:6.0f}  p95 {cuts[94]:6.0f}  p99 {cuts[98]:6.0f} ms"


async def run_load(games: int) -> str:
    with tempfile.TemporaryDirectory(prefix="estancia-load-") as tmp:
        async with TimedFakeDiscord() as fake:
            channels = [fake.guild.channels.setdefault(f"load-{i}", 5_000_000 + i)
                        for i in range(games)]
            bot = BotProcess(fake, Path(tmp), {"LOG_LEVEL": "WARNING"}, fresh=True)
            try:
                await bot.start()
                started = time.perf_counter()
                figures = Figures()
                deadline = started + TIME_LIMIT
                tables = [LoadGame(fake, channel, i, figures, deadline)
                          for i, channel in enumerate(channels)]
                await asyncio.gather(*(table.play() for table in tables))
                elapsed = time.perf_counter() - started
                peak = bot.peak_memory_kib()
            finally:
                await bot.close()
    lines = [
        f"discord    load N={games:<4d} {figures.turns} turns, {figures.interactions} "
        f"interactions in {elapsed:.0f} s, {figures.failures} games failed",
        f"{'':10s}   interaction → ack    {percentiles(figures.ack_ms)}",
        f"{'':10s}   interaction → board  {percentiles(figures.board_ms)}",
        f"{'':10s}   bot peak memory {'n/a' if peak is None else f'{peak / 1024:.0f} MiB'} (VmHWM)",
    ]
    lines += [f"{'':10s}   failure: {error}" for error in figures.errors]
    return "\n".join(lines)


def main(quick: bool = False) -> None:
    for games in QUICK_SIZES if quick else SIZES:
        print(asyncio.run(run_load(games)), flush=True)
