"""Bot processes that split Discord's shards, against the fake gateway: deliver each
interaction through the connection owning its guild's shard, and wait for shards."""

from __future__ import annotations

from typing import Any

from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import BotProcess
from testkit.e2e.scenario import Deliver, poll
from testkit.fakediscord import shard_of


def shard_deliver(fake: E2EFakeDiscord, shard_count: int, wait: float) -> Deliver:
    """Through the gateway connection owning the guild's shard (waiting while its process
    is down, as Discord holds nothing for it: the player would tap again later)."""

    async def deliver(payload: dict[str, Any]) -> None:
        shard = (shard_of(int(payload["guild_id"]), shard_count), shard_count)
        await poll(lambda: fake.shard_connected(shard), f"shard {shard} connected", wait)
        await fake.dispatch("INTERACTION_CREATE", payload)

    return deliver


def split(shard_count: int, processes: int) -> list[str]:
    """SHARD_IDS for each of ``processes`` processes: shard n goes to process n % processes."""
    return [",".join(str(s) for s in range(p, shard_count, processes))
            for p in range(processes)]


async def wait_connected(fake: E2EFakeDiscord, bots: list[BotProcess], shard_ids: list[str],
                         shard_count: int, wait: float) -> None:
    """Until every shard of these processes is connected (fails if one of them exits)."""

    def connected() -> bool:
        for bot in bots:
            if not bot.running:
                raise AssertionError(f"a bot process exited:\n{bot.log_tail()}")
        return all(fake.shard_connected((int(s), shard_count))
                   for ids in shard_ids for s in ids.split(","))

    await poll(connected, "every shard connected", wait)
