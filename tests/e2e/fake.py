"""The shared fake Discord (tests/discord) plus what end-to-end runs need on top of it.

* ``enforce_nonce``: Discord dedupes a channel message whose ``nonce`` was already used
  by the same author in that channel a short while ago and answers with the existing
  message instead of creating a second one (discord-api-docs, Create Message:
  "enforce_nonce: If true and nonce is present, it will be checked for uniqueness in the
  past few minutes. If another message was created by the same author with the same
  nonce, that message will be returned and no new message will be created."). This is
  what makes outbox delivery exactly-once across a crash between "Discord accepted" and
  "marked sent".
* ``after_accept``: a hook called the moment a channel message has been created, before
  the bot sees the answer (the crash tests kill the bot there); ``intercept`` sees each
  request first and may drop it (the crash tests kill the bot as its answer to a player
  leaves: the move is committed, the player never saw it).
* ``created_posts``: every channel message really created by ``POST /channels/{id}/messages``.
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

from tests.discord.fakediscord import Call, FakeDiscord, json_response


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
        self.created_posts: list[dict[str, Any]] = []
        self.nonce_replays: list[tuple[int, str]] = []
        self._by_nonce: dict[tuple[int, str], dict[str, Any]] = {}
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

    def _channel_message(self, call: Call, channel_id: int, rest: list[str]) -> web.Response:
        if rest or call.method != "POST":
            return super()._channel_message(call, channel_id, rest)
        body = call.body
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            existing = self._by_nonce.get((channel_id, str(nonce)))
            if existing is not None:
                self.nonce_replays.append((channel_id, str(nonce)))
                return json_response(existing)
        message = self._new_message(channel_id, body, call.files)
        if nonce is not None:
            message["nonce"] = nonce
            if body.get("enforce_nonce"):
                self._by_nonce[(channel_id, str(nonce))] = message
        self.created_posts.append(message)
        if self.after_accept is not None:
            self.after_accept(message)
        return json_response(message)

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
