"""Scenario helpers: the real EstanciaBot against :class:`FakeDiscord`, driven like a user.

``Table`` logs a bot in to the fake (``setup_hook`` runs: cog, DynamicItems, command
sync), feeds it interactions through discord.py's own gateway parser
(``_connection.parse_interaction_create``, the one private API these tests rely on) and
waits until discord.py's handler tasks are done. Each helper returns a :class:`Reply`
with what the user saw: the response message (after every edit) and any followups.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.sessions import Sessions
from bot.discord_ui.client import EstanciaBot
from bot.settings import Settings
from bot.storage.store import Store
from testkit.clock import FakeClock
from testkit.fakediscord import (
    EPHEMERAL,
    Call,
    FakeDiscord,
    FakeMember,
    FakeUser,
    custom_ids,
    message_text,
)

#: Task names discord.py gives interaction handlers (app commands, views, dynamic items).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-")
#: How long a wait on the bot may last before the test fails as hung (a hang guard,
#: never an assertion about speed).
WAIT = 60.0


@dataclass
class Reply:
    """What one interaction produced, as the fake Discord saw it."""

    fake: FakeDiscord = field(repr=False)
    interaction_id: int
    calls: list[Call] = field(default_factory=list, repr=False)

    def __repr__(self) -> str:
        try:
            return f"Reply({self.interaction_id}: {self.text!r})"
        except AssertionError:
            return f"Reply({self.interaction_id}: no message)"

    @property
    def callback_type(self) -> int | None:
        types = self.fake.interactions[self.interaction_id].callback_types
        return types[0] if types else None

    @property
    def message(self) -> dict[str, Any]:
        """The message the user is looking at now: the last followup, else the response."""
        followups = self.followups
        if followups:
            return followups[-1]
        original = self.fake.original_message(self.interaction_id)
        if original is None:
            raise AssertionError(f"interaction {self.interaction_id} got no message: {self.calls}")
        return original

    @property
    def followups(self) -> list[dict[str, Any]]:
        token = self.fake.interactions[self.interaction_id].token
        return [self.fake.messages[int(c.response["id"])] for c in self.calls
                if c.method == "POST" and c.path.endswith(token) and c.status == 200]

    @property
    def text(self) -> str:
        return message_text(self.message)

    @property
    def ephemeral(self) -> bool:
        return bool(self.message["flags"] & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return custom_ids(self.message["components"])

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        callback = next(c for c in self.calls if c.path.endswith("/callback"))
        return callback.body["data"]["choices"]


class Table:
    """One bot process in a test: a client on a database file, logged in to the fake."""

    def __init__(self, fake: FakeDiscord, settings: Settings, db_path: Path) -> None:
        self.fake = fake
        self.settings = settings
        self.db_path = db_path
        self.clock = FakeClock()
        self.store: Store | None = None
        self.bot: EstanciaBot | None = None

    async def open(self) -> Table:
        self.store = await Store.open(self.db_path)
        sessions = Sessions(self.store, self.settings, clock=self.clock,
                            seed_source=lambda: 20261125)
        self.bot = EstanciaBot(self.settings, sessions=sessions, clock=self.clock,
                               background_tasks=False)
        await self.bot.login("fake-token")
        return self

    async def close(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            self.bot = None
        if self.store is not None:
            await self.store.close()
            self.store = None

    @property
    def sessions(self) -> Sessions:
        assert self.bot is not None
        return self.bot.sessions

    async def feed(self, payload: dict[str, Any]) -> Reply:
        """Hand one INTERACTION_CREATE to discord.py and wait for the bot's handlers."""
        assert self.bot is not None
        before = len(self.fake.calls)
        self.bot._connection.parse_interaction_create(payload)
        await settle()
        reply = Reply(self.fake, int(payload["id"]), self.fake.calls[before:])
        if reply.calls:  # Discord's 3-second rule: acknowledge before any other work shows
            assert reply.calls[0].path.endswith("/callback"), reply.calls[0]
        return reply

    async def slash(self, user: FakeMember | FakeUser, subcommand: str, /,
                    **options: Any) -> Reply:
        return await self.feed(self.fake.slash(user, "estancia", subcommand, **options))

    async def autocomplete(self, user: FakeMember, subcommand: str, focused: str,
                           **options: Any) -> Reply:
        return await self.feed(self.fake.autocomplete(user, "estancia", subcommand, focused,
                                                      **options))

    async def click(self, user: FakeMember, message: dict[str, Any], custom_id: str,
                    values: list[str] | None = None) -> Reply:
        return await self.feed(self.fake.click(user, message, custom_id, values))

    async def computers_played(self, game_id: int | None = None,
                               timeout: float = WAIT) -> None:
        """Wait until the computer seats of one game (or of every game) have played: their
        moves are committed, so :meth:`deliver` posts them too. Fails instead of waiting
        forever."""
        try:
            async with asyncio.timeout(timeout):
                await self.sessions.wait_for_computers(game_id)
        except TimeoutError:
            which = "every game" if game_id is None else f"game {game_id}"
            raise AssertionError(f"the computers of {which} had not played after "
                                 f"{timeout:.0f} s") from None

    async def deliver(self) -> list[Call]:
        """Run the outbox deliverer once; the channel messages it posted."""
        assert self.bot is not None and self.bot.outbox is not None
        before = len(self.fake.calls)
        await self.bot.outbox.deliver_pending()
        return [c for c in self.fake.calls[before:]
                if c.method == "POST" and c.path.endswith("/messages") and c.status == 200]


async def settle() -> None:
    """Wait until every interaction handler discord.py started has finished."""
    current = asyncio.current_task()
    while True:
        pending = [t for t in asyncio.all_tasks()
                   if t is not current and t.get_name().startswith(HANDLER_TASKS)]
        if not pending:
            return
        _, still = await asyncio.wait(pending, timeout=WAIT)
        if still:
            raise AssertionError(f"interaction handlers still running after {WAIT:.0f} s: "
                                 f"{sorted(t.get_name() for t in still)}")
