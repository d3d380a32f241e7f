"""The shared fake Discord (tests/discord) plus what end-to-end runs need on top of it.

* ``enforce_nonce`` and ``created_posts`` come from the shared fake (Discord dedupes a
  channel message whose ``nonce`` was already used with ``enforce_nonce: true``, which is
  what makes outbox delivery exactly-once across a crash between "Discord accepted" and
  "marked sent").
* ``after_accept``: a hook called the moment a channel message has been created, before
  the bot sees the answer (the crash tests kill the bot there); ``intercept`` sees each
  request first and may drop it (the crash tests kill the bot as its answer to a player
  leaves: the move is committed, the player never saw it).
* ``hold``: matching requests hang (as a Discord request that times out does) until the
  test releases them — no fixed delays, so nothing depends on timing.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from testkit.fakediscord import Call, FakeDiscord, json_response


@dataclass
class Hold:
    method: str
    pattern: re.Pattern[str]
    released: asyncio.Event = field(default_factory=asyncio.Event)
    held: int = 0

    def matches(self, call: Call) -> bool:
        return self.method in ("*", call.method) and bool(self.pattern.search(call.path))

    def release(self) -> None:
        self.released.set()


class E2EFakeDiscord(FakeDiscord):
    def __init__(self) -> None:
        super().__init__()
        #: Called with the new message right after it is created (same thread, sync).
        self.after_accept: Callable[[dict[str, Any]], None] | None = None
        #: Called with each request before it is served; returning True drops it (as if
        #: the sender died before it arrived: nothing is applied).
        self.intercept: Callable[[Call], bool] | None = None
        self.holds: list[Hold] = []
        self._token_calls: dict[str, list[Call]] = {}
        self._indexed = 0

    def hold(self, method: str, path_regex: str) -> Hold:
        """Matching requests wait (unanswered) until ``Hold.release()``."""
        held = Hold(method.upper(), re.compile(path_regex))
        self.holds.append(held)
        return held

    def release_all(self) -> None:
        for held in self.holds:
            held.release()

    async def _fault(self, call: Call) -> web.Response | None:
        for held in self.holds:
            if held.matches(call) and not held.released.is_set():
                held.held += 1
                await held.released.wait()
        return await super()._fault(call)

    def _route(self, call: Call) -> web.Response:
        if self.intercept is not None and self.intercept(call):
            return json_response({"message": "dropped by the test", "code": 0}, 503)
        return super()._route(call)

    def _post_message(self, call: Call, channel_id: int) -> dict[str, Any]:
        replays = len(self.nonce_replays)
        message = super()._post_message(call, channel_id)
        if len(self.nonce_replays) == replays and self.after_accept is not None:
            self.after_accept(message)
        return message

    # -- queries ----------------------------------------------------------------------
    def posts_in(self, channel_id: int) -> list[dict[str, Any]]:
        """Channel messages really created in one channel, oldest first."""
        return [m for m in self.created_posts if m["channel_id"] == str(channel_id)]

    def calls_for(self, interaction_id: int) -> list[Call]:
        """Every call made with one interaction's token (callback, followups, edits);
        ``responses_to`` without rescanning every call each time."""
        for call in self.calls[self._indexed:]:
            parts = call.path.strip("/").split("/")
            if len(parts) >= 3 and parts[0] in ("interactions", "webhooks"):
                self._token_calls.setdefault(parts[2], []).append(call)
        self._indexed = len(self.calls)
        return list(self._token_calls.get(self.interactions[interaction_id].token, []))

    def callbacks(self) -> list[Call]:
        return self.find("POST", r"^/interactions/\d+/[^/]+/callback$")
