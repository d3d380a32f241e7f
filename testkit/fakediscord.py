"""A fake Discord on 127.0.0.1: the REST routes Estancia uses and a websocket gateway.

The bot under test is the real discord.py client; only the far end is fake. Point a
client at it with :meth:`FakeDiscord.patch_discord_py` (in-process) or with the
``base_url``/``gateway_url`` (a bot run as a separate process).

Everything the bot sends is recorded as :class:`Call` s; messages the bot creates are
kept so a test can click their components back (:meth:`FakeDiscord.click`). Faults can
be injected per route (:meth:`FakeDiscord.inject`). Payload builders produce the
INTERACTION_CREATE events Discord would send, with ``attachment_size_limit``, member
permissions, ``guild_id`` and channel.

Sharding as Discord does it: IDENTIFY may carry ``shard: [id, count]``; that connection's
READY and GUILD_CREATEs cover only the guilds of its shard, and each guild's events
(:meth:`FakeDiscord.dispatch`) go only to the connection owning shard
``(guild_id >> 22) % count``. :meth:`FakeDiscord.add_guild` makes more guilds, on a chosen
shard if wanted.

Shapes follow discord-api-docs (v10), with the gotchas a real client meets:
the exact ``Content-Type: application/json``, ``?with_response=1`` callbacks, the
message components in component interactions, heartbeat before IDENTIFY.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

API_PREFIX = "/api/v10"
EPHEMERAL = 1 << 6
#: A Components V2 message: no content or embeds, up to 40 components, text in text
#: displays (type 10), images in media galleries (type 12). Never removed from a message.
IS_COMPONENTS_V2 = 1 << 15
V2_COMPONENT_LIMIT = 40
V2_TEXT_LIMIT = 4000
#: Top-level components of a V2 message: action row, section, text display, media
#: gallery, file, separator, container.
V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

#: Permission bits (discord-api-docs: topics/permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADMINISTRATOR = 1 << 3
ATTACH_FILES = 1 << 15
EMBED_LINKS = 1 << 14
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | (1 << 16) | (1 << 31)  # + history, app commands
#: What the bot is granted in the fake guild's channels unless a test says otherwise.
BOT_PERMISSIONS = MEMBER_PERMISSIONS | ATTACH_FILES | EMBED_LINKS
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
#: The bot's permissions where it may open a thread for each game.
THREAD_PERMISSIONS = BOT_PERMISSIONS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4

_snowflakes = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    return next(_snowflakes)


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's sharding formula (discord-api-docs, topics/gateway)."""
    return (guild_id >> 22) % shard_count


def _now() -> str:
    return datetime.now(UTC).isoformat()


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """discord.py parses JSON only when the content type is exactly application/json."""
    body = b"" if data is None else json.dumps(data).encode()
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=body, status=status, headers=all_headers)


# -- what the fake records ---------------------------------------------------------------


@dataclass(frozen=True)
class UploadedFile:
    field: str
    filename: str
    content_type: str | None
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")


@dataclass
class Call:
    """One REST request the bot made."""

    method: str
    path: str  # without /api/v10
    query: dict[str, str]
    json: Any
    files: list[UploadedFile] = field(default_factory=list)
    #: The status the fake answered with (0 while the request is still being answered).
    status: int = 0
    #: The JSON the fake answered with.
    response: Any = None
    #: The sender's User-Agent (bot processes in a test may tag theirs).
    agent: str = ""
    #: The sender had hung up when the answer was ready (it never saw it: a bot that
    #: closed its HTTP session while this request was under way).
    unheard: bool = False

    @property
    def body(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}

    @property
    def message_data(self) -> dict[str, Any]:
        """The message part: ``data`` of an interaction callback, else the body itself."""
        if self.path.endswith("/callback"):
            return self.body.get("data") or {}
        return self.body

    @property
    def flags(self) -> int:
        return int(self.message_data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return custom_ids(self.message_data.get("components") or [])


def message_text(message: dict[str, Any]) -> str:
    """What a message says: its content, or the text displays of a V2 message."""
    if not int(message.get("flags") or 0) & IS_COMPONENTS_V2:
        return message.get("content") or ""
    return "\n".join(c["content"] for c in walk_components(message.get("components") or [])
                     if c.get("type") == 10)


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(walk_components(component.get("components") or []))
    return found


class InvalidBody(Exception):
    """A message Discord would refuse (400 Invalid Form Body, code 50035)."""


def message_problem(message: dict[str, Any], data: dict[str, Any]) -> str | None:
    """Why Discord would refuse to create or edit ``message`` with ``data`` (None: fine).

    Classic messages: at most 5 action rows, each of up to 5 buttons or one select.
    V2 messages (the flag set now or before — it is never removed): no content, no
    embeds, at most 40 components counting nested ones, 4000 characters of text."""
    v2 = (int(message.get("flags") or 0) | int(data.get("flags") or 0)) & IS_COMPONENTS_V2
    components = data["components"] if data.get("components") is not None else message.get(
        "components") or []
    every = walk_components(components)
    if any(c.get("type") == 3 and len(c.get("options") or []) > 25 for c in every):
        return "a select menu has more than 25 options"
    if not v2:
        if len(components) > 5:
            return f"{len(components)} action rows (5 at most)"
        for row in components:
            if row.get("type") != 1:
                return f"a component of type {row.get('type')} needs IS_COMPONENTS_V2"
            items = row.get("components") or []
            selects = [c for c in items if c.get("type") == 3]
            if len(items) > 5 or (selects and len(items) > 1):
                return "an action row holds 5 buttons or one select"
        return None
    content = data["content"] if "content" in data else message.get("content")
    if content or data.get("embeds") or (message.get("embeds") and "embeds" not in data):
        return "content and embeds cannot be used with IS_COMPONENTS_V2"
    if len(every) > V2_COMPONENT_LIMIT:
        return f"{len(every)} components (at most {V2_COMPONENT_LIMIT})"
    if any(c.get("type") not in V2_TOP_LEVEL for c in components):
        return "a top-level component Discord does not allow"
    if sum(len(c.get("content") or "") for c in every if c.get("type") == 10) > V2_TEXT_LIMIT:
        return f"more than {V2_TEXT_LIMIT} characters of text"
    return None


#: Files one message may carry; items of one media gallery.
MAX_ATTACHMENTS = MAX_GALLERY_ITEMS = 10


def attachment_problem(components: list[dict[str, Any]],
                       attachments: list[dict[str, Any]]) -> str | None:
    """Why Discord would refuse a message's files (None: fine): at most 10, and a media
    gallery of 1 to 10 items, each ``attachment://`` naming one of the message's files."""
    if len(attachments) > MAX_ATTACHMENTS:
        return f"{len(attachments)} attachments (at most {MAX_ATTACHMENTS})"
    names = {a["filename"] for a in attachments}
    for gallery in (c for c in walk_components(components) if c.get("type") == 12):
        items = gallery.get("items") or []
        if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            return f"a media gallery of {len(items)} items (1 to {MAX_GALLERY_ITEMS})"
        for item in items:
            url = (item.get("media") or {}).get("url", "")
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                return f"a media gallery names {url}, which the message does not carry"
    return None


def custom_ids(components: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for component in components:
        if "custom_id" in component:
            found.append(component["custom_id"])
        found.extend(custom_ids(component.get("components") or []))
    return found


@dataclass
class Fault:
    """Answer matching requests with an error (or a delay) ``times`` times."""

    method: str
    pattern: re.Pattern[str]
    status: int | None = None
    code: int = 0
    message: str = "injected fault"
    retry_after: float | None = None
    delay: float = 0.0
    times: int = 1
    hits: int = 0
    #: Only requests this says yes to (None: every matching request).
    when: Callable[[Call], bool] | None = None

    def matches(self, method: str, path: str, call: Call | None = None) -> bool:
        return ((self.method in ("*", method)) and bool(self.pattern.search(path))
                and self.hits < self.times
                and (self.when is None or call is None or self.when(call)))


# -- the world the fake shows ---------------------------------------------------------------


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.name,
                "discriminator": "0", "avatar": None, "bot": self.bot, "public_flags": 0}


@dataclass
class FakeMember:
    user: FakeUser
    permissions: int = MEMBER_PERMISSIONS
    #: The language of this member's Discord client (an interaction's ``locale``).
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {"user": self.user.payload(), "roles": [], "nick": None, "joined_at": _now(),
                "deaf": False, "mute": False, "flags": 0, "pending": False,
                "permissions": str(self.permissions), "avatar": None}


@dataclass
class FakeGuild:
    id: int = field(default_factory=snowflake)
    name: str = "Ranch"
    channels: dict[str, int] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    #: The server's language (a community server's "preferred locale").
    locale: str = "en-US"

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        name = next((n for n, cid in self.channels.items() if cid == channel_id), str(channel_id))
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.id), "name": name,
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "topic": None, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}

    def payload(self, bot: FakeUser) -> dict[str, Any]:
        everyone = {"id": str(self.id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0, "color": 0, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0}
        members = [m.payload() for m in self.members.values()]
        members.append(FakeMember(bot).payload())
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(next(iter(self.members), bot.id)),
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [everyone], "emojis": [], "stickers": [], "features": [],
            "mfa_level": 0, "application_id": None, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": self.locale, "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "joined_at": _now(), "large": False,
            "unavailable": False, "member_count": len(members), "voice_states": [],
            "members": members, "channels": [self.channel_payload(c) for c in self.channels.values()],
            "threads": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class InteractionRecord:
    """What the fake remembers about an interaction it handed to the bot."""

    id: int
    token: str
    channel_id: int
    user_id: int
    message_id: int | None = None  # component interactions: the clicked message
    original_id: int | None = None  # the response message once there is one
    callback_types: list[int] = field(default_factory=list)


# -- the fake ------------------------------------------------------------------------


class FakeDiscord:
    """REST + gateway fake. ``async with FakeDiscord() as fake:`` starts it on a free port."""

    def __init__(self) -> None:
        self.bot_user = FakeUser(snowflake(), "Estancia", bot=True)
        self.application_id = snowflake()
        self.guild = FakeGuild()
        self.guild.channels["ranch"] = snowflake()
        self.guild.channels["corral"] = snowflake()
        #: Every guild the bot is in, by id (``self.guild`` first).
        self.guilds: dict[int, FakeGuild] = {self.guild.id: self.guild}
        #: The shard each gateway connection identified for (None: unsharded, all guilds).
        self._shards: dict[web.WebSocketResponse, tuple[int, int] | None] = {}
        #: (shard or None, event name, guild id) of every event dispatched, in order.
        self.dispatched: list[tuple[tuple[int, int] | None, str, int | None]] = []
        self.calls: list[Call] = []
        self.messages: dict[int, dict[str, Any]] = {}
        #: Threads the bot opened: id -> parent_id, name, archived, type, auto_archive_duration.
        self.threads: dict[int, dict[str, Any]] = {}
        #: Channel messages really created by ``POST /channels/{id}/messages``.
        self.created_posts: list[dict[str, Any]] = []
        #: (channel, nonce) of posts answered with the message that nonce already made.
        self.nonce_replays: list[tuple[int, str]] = []
        self._by_nonce: dict[tuple[int, str], dict[str, Any]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.commands: dict[str, list[dict[str, Any]]] = {}  # "global" or guild id -> commands
        self.faults: list[Fault] = []
        #: Requests refused as Discord would (400, code 50035), with the reason.
        self.invalid_bodies: list[tuple[Call, str]] = []
        #: Direct messages: each user's DM channel with the bot (``POST /users/@me/channels``),
        #: and the users whose DMs are closed to the bot (a post there is refused, 50007).
        self.dm_channels: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.heartbeats = 0
        self.session_id = "fake-session"
        #: Each gateway session's last sequence number, and the session of each connection.
        self._sequences: dict[str, int] = {}
        self._session_of: dict[web.WebSocketResponse, str] = {}
        self._shard_of_session: dict[str, tuple[int, int] | None] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ----------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway-ws", self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-ws"

    def patch_discord_py(self, monkeypatch: Any) -> None:
        """Point every discord.py REST call and the gateway of this process at the fake."""
        import discord
        import yarl

        monkeypatch.setattr(discord.http.Route, "BASE", self.base_url)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(self.gateway_url))

    # -- people and places ------------------------------------------------------------
    def add_member(self, name: str, permissions: int = MEMBER_PERMISSIONS,
                   guild: FakeGuild | None = None, locale: str = "en-US") -> FakeMember:
        member = FakeMember(FakeUser(snowflake(), name), permissions, locale)
        (guild or self.guild).members[member.user.id] = member
        return member

    def channel_id(self, name: str = "ranch") -> int:
        return self.guild.channels[name]

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> FakeGuild:
        """Another guild with a "ranch" channel; ``shard=(id, count)`` picks its id so that
        Discord's formula puts it on that shard."""
        guild_id = snowflake()
        if shard is not None:
            wanted, count = shard
            step = (wanted - shard_of(guild_id, count)) % count
            guild_id = (((guild_id >> 22) + step) << 22) | (guild_id & ((1 << 22) - 1))
        guild = FakeGuild(id=guild_id, name=name)
        guild.channels["ranch"] = snowflake()
        self.guilds[guild.id] = guild
        return guild

    def guild_of(self, channel_id: int) -> FakeGuild:
        """The guild a channel (or a thread's parent) is in; the first guild by default."""
        if channel_id in self.threads:
            channel_id = self.threads[channel_id]["parent_id"]
        return next((g for g in self.guilds.values() if channel_id in g.channels.values()),
                    self.guild)

    # -- faults -----------------------------------------------------------------------
    def inject(self, method: str, path_regex: str, *, status: int | None = None, code: int = 0,
               message: str = "injected fault", retry_after: float | None = None,
               delay: float = 0.0, times: int = 1,
               when: Callable[[Call], bool] | None = None) -> Fault:
        """Fail (``status``) or slow down (``delay``) the next ``times`` matching requests
        (only those ``when`` says yes to, if given: a message with files, say).

        ``status=429`` answers like Discord's rate limiter (``retry_after`` in the body and
        the ``Via`` header discord.py needs to tell it from a Cloudflare ban);
        ``status=404, code=10062`` is "Unknown interaction" (the 3-second window missed).
        """
        fault = Fault(method.upper(), re.compile(path_regex), status, code, message, retry_after,
                      delay, times, when=when)
        self.faults.append(fault)
        return fault

    # -- queries for tests --------------------------------------------------------------
    def find(self, method: str | None = None, path_regex: str | None = None) -> list[Call]:
        pattern = re.compile(path_regex) if path_regex else None
        return [c for c in self.calls
                if (method is None or c.method == method)
                and (pattern is None or pattern.search(c.path))]

    def channel_posts(self, channel_id: int | None = None) -> list[Call]:
        """Successful ``POST /channels/{id}/messages`` calls (new channel messages)."""
        channel = r"\d+" if channel_id is None else str(channel_id)
        target = rf"^/channels/{channel}/messages$"
        return [c for c in self.find("POST", target) if c.status == 200]

    def responses_to(self, interaction_id: int) -> list[Call]:
        """Every call made with the token of one interaction (callback, followups, edits)."""
        record = self.interactions[interaction_id]
        return [c for c in self.calls
                if c.path.startswith(f"/interactions/{interaction_id}/")
                or f"/{record.token}" in c.path]

    def original_message(self, interaction_id: int) -> dict[str, Any] | None:
        original = self.interactions[interaction_id].original_id
        return None if original is None else self.messages[original]

    async def wait_for(self, predicate: Any, timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` holds after some request (a hang guard, not a timing test)."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), timeout)

    # -- REST ---------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix(API_PREFIX)
        try:
            body, files = await _read_body(request)
        except ConnectionResetError:  # the bot died mid-upload (kill -9): nobody to answer
            return web.Response(status=400)
        call = Call(request.method, path, dict(request.query), body, files,
                    agent=request.headers.get("User-Agent", ""))
        self.calls.append(call)
        try:
            response = await self._fault(call)
            if response is None:
                try:
                    response = self._route(call)
                except InvalidBody as problem:
                    self.invalid_bodies.append((call, str(problem)))
                    response = json_response({"message": f"Invalid Form Body: {problem}",
                                              "code": 50035}, 400)
            call.status = response.status
            if isinstance(response.body, bytes) and response.body:
                call.response = json.loads(response.body)
            call.unheard = request.transport is None or request.transport.is_closing()
            return response
        finally:
            async with self._changed:
                self._changed.notify_all()

    async def _fault(self, call: Call) -> web.Response | None:
        for fault in self.faults:
            if not fault.matches(call.method, call.path, call):
                continue
            fault.hits += 1
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status is None:
                return None
            if fault.status == 429:
                retry = fault.retry_after or 0.0
                return json_response(
                    {"message": "You are being rate limited.", "retry_after": retry, "global": False},
                    429, {"Via": "1.1 google", "Retry-After": str(retry)})
            return json_response({"message": fault.message, "code": fault.code}, fault.status)
        return None

    def _route(self, call: Call) -> web.Response:
        method, path = call.method, call.path
        parts = path.strip("/").split("/")
        if path == "/users/@me":
            return json_response(self.bot_user.payload())
        if path == "/oauth2/applications/@me":
            return json_response(self._application())
        if path in ("/gateway", "/gateway/bot"):
            return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
        if path == "/users/@me/channels" and method == "POST":
            return json_response(self.dm_channel_payload(int(call.body["recipient_id"])))
        if parts[0] == "applications" and "commands" in parts:
            return self._commands(call, parts)
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(call, int(parts[1]))
        if parts[0] == "webhooks":
            return self._webhook(call, parts)
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            return self._channel_message(call, int(parts[1]), parts[3:])
        if parts[0] == "channels" and len(parts) == 3 and parts[2] == "threads" and method == "POST":
            return self._new_thread(call, int(parts[1]))
        if parts[0] == "channels" and len(parts) == 2 and method == "PATCH":
            return self._edit_channel(call, int(parts[1]))
        if parts[0] == "channels" and len(parts) == 2 and method == "GET":
            channel = int(parts[1])
            return json_response(self.thread_payload(channel) if channel in self.threads
                                 else self.guild_of(channel).channel_payload(channel))
        return json_response({"message": f"not faked: {method} {path}", "code": 0}, 404)

    def _new_thread(self, call: Call, parent_id: int) -> web.Response:
        """POST /channels/{id}/threads without a message: a public thread of that channel."""
        thread_id = snowflake()
        self.threads[thread_id] = {"parent_id": parent_id, "name": call.body["name"],
                                   "archived": False, "type": call.body.get("type", 11),
                                   "auto_archive_duration": call.body.get("auto_archive_duration")}
        return json_response(self.thread_payload(thread_id), 201)

    def _edit_channel(self, call: Call, channel_id: int) -> web.Response:
        if channel_id not in self.threads:
            return json_response({"message": "not faked: editing a channel", "code": 0}, 404)
        thread = self.threads[channel_id]
        for key in ("archived", "name", "locked"):
            if key in call.body:
                thread[key] = call.body[key]
        return json_response(self.thread_payload(channel_id))

    def thread_payload(self, thread_id: int) -> dict[str, Any]:
        thread = self.threads[thread_id]
        guild_id = self.guild_of(thread["parent_id"]).id
        return {"id": str(thread_id), "type": thread["type"], "guild_id": str(guild_id),
                "parent_id": str(thread["parent_id"]), "name": thread["name"],
                "owner_id": str(self.bot_user.id), "last_message_id": None,
                "rate_limit_per_user": 0, "message_count": 0, "member_count": 1, "flags": 0,
                "thread_metadata": {"archived": thread["archived"], "locked": False,
                                    "auto_archive_duration": thread["auto_archive_duration"] or 10080,
                                    "archive_timestamp": _now()}}

    def _application(self) -> dict[str, Any]:
        return {"id": str(self.application_id), "name": "Estancia", "icon": None,
                "description": "", "rpc_origins": [], "bot_public": True,
                "bot_require_code_grant": False, "owner": self.bot_user.payload(),
                "summary": "", "verify_key": "0" * 64, "team": None, "flags": 0,
                "bot": self.bot_user.payload(), "interactions_endpoint_url": None}

    def _commands(self, call: Call, parts: list[str]) -> web.Response:
        scope = parts[3] if parts[2] == "guilds" else "global"
        if call.method == "PUT":
            stored = []
            for command in call.json or []:
                command = {**command, "id": str(snowflake()),
                           "application_id": str(self.application_id), "version": "1"}
                if scope != "global":
                    command["guild_id"] = scope
                stored.append(command)
            self.commands[scope] = stored
            return json_response(stored)
        if call.method == "GET":
            return json_response(self.commands.get(scope, []))
        return json_response({"message": "not faked", "code": 0}, 404)

    def _new_message(self, channel_id: int, data: dict[str, Any], files: list[UploadedFile],
                     interaction: InteractionRecord | None = None) -> dict[str, Any]:
        message_id = snowflake()
        message = {
            "id": str(message_id), "channel_id": str(channel_id),
            "guild_id": str(self.guild_of(channel_id).id),
            "type": 0 if interaction is None else 20, "author": self.bot_user.payload(),
            "content": data.get("content") or "", "timestamp": _now(), "edited_timestamp": None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": data.get("embeds") or [], "pinned": False,
            "flags": int(data.get("flags") or 0), "components": data.get("components") or [],
            "application_id": str(self.application_id),
        }
        if interaction is not None:
            message["webhook_id"] = str(self.application_id)
            message["interaction_metadata"] = {"id": str(interaction.id), "type": 2,
                                               "user": self._user(interaction.user_id),
                                               "authorizing_integration_owners": {}}
        if self.dm_recipient(channel_id) is not None:
            del message["guild_id"]  # a direct message belongs to no guild
        self._apply_edit(message, data, files)
        message["edited_timestamp"] = None
        self.messages[message_id] = message
        return message

    def _apply_edit(self, message: dict[str, Any], data: dict[str, Any],
                    files: list[UploadedFile]) -> None:
        attachments = message["attachments"]
        if files or "attachments" in data:
            attachments = [a for a in message["attachments"]
                           if any(str(k.get("id")) == a["id"]
                                  for k in data.get("attachments") or [])]
            for upload in files:
                attachments.append({
                    "id": str(snowflake()), "filename": upload.filename, "size": upload.size,
                    "url": f"https://cdn.fake/{upload.filename}",
                    "proxy_url": f"https://media.fake/{upload.filename}",
                    "content_type": upload.content_type})
        components = data["components"] if data.get("components") is not None else message.get(
            "components") or []
        problem = message_problem(message, data) or attachment_problem(components, attachments)
        if problem is not None:
            raise InvalidBody(problem)
        if int(data.get("flags") or 0) & IS_COMPONENTS_V2:
            message["flags"] = int(message.get("flags") or 0) | IS_COMPONENTS_V2
            message["content"] = ""
        for key in ("content", "embeds", "components"):
            if key in data and data[key] is not None:
                message[key] = data[key]
        message["attachments"] = attachments
        message["edited_timestamp"] = _now()

    def _user(self, user_id: int) -> dict[str, Any]:
        member = next((g.members[user_id] for g in self.guilds.values()
                       if user_id in g.members), None)
        return member.user.payload() if member else FakeUser(user_id, str(user_id)).payload()

    def _callback(self, call: Call, interaction_id: int) -> web.Response:
        record = self.interactions.get(interaction_id)
        if record is None:
            return json_response({"message": "Unknown interaction", "code": 10062}, 404)
        if record.callback_types:
            return json_response({"message": "Interaction has already been acknowledged.",
                                  "code": 40060}, 400)
        kind = int(call.body["type"])
        record.callback_types.append(kind)
        data = call.body.get("data") or {}
        message: dict[str, Any] | None = None
        if kind in (4, 5):  # channel message (5: the deferred "thinking" placeholder)
            message = self._new_message(record.channel_id, data, call.files, record)
            record.original_id = int(message["id"])
        elif kind in (6, 7) and record.message_id is not None:  # (deferred) update of the clicked message
            message = self.messages[record.message_id]
            if kind == 7:
                self._apply_edit(message, data, call.files)
            record.original_id = record.message_id
        result: dict[str, Any] = {"interaction": {
            "id": str(interaction_id), "type": 2, "activity_instance_id": None,
            "response_message_id": None if message is None else message["id"],
            "response_message_loading": kind == 5, "response_message_ephemeral": bool(
                (message or {}).get("flags", 0) & EPHEMERAL)}}
        if message is not None and kind in (4, 7):
            result["resource"] = {"type": kind, "message": message}
        elif kind in (5, 6):
            result["resource"] = {"type": kind}
        return json_response(result)

    def _record_for_token(self, token: str) -> InteractionRecord | None:
        return next((r for r in self.interactions.values() if r.token == token), None)

    def _webhook(self, call: Call, parts: list[str]) -> web.Response:
        # /webhooks/{app}/{token}[/messages/@original|{id}]
        record = self._record_for_token(parts[2])
        if record is None:
            return json_response({"message": "Unknown Webhook", "code": 10015}, 404)
        data = call.body
        if len(parts) == 3 and call.method == "POST":
            message = self._new_message(record.channel_id, data, call.files, record)
            return json_response(message)
        if len(parts) == 5 and parts[3] == "messages":
            target = record.original_id if parts[4] == "@original" else int(parts[4])
            if target is None or target not in self.messages:
                return json_response({"message": "Unknown Message", "code": 10008}, 404)
            message = self.messages[target]
            if call.method == "PATCH":
                self._apply_edit(message, data, call.files)
                return json_response(message)
            if call.method == "GET":
                return json_response(message)
            if call.method == "DELETE":
                self.messages.pop(target)
                return json_response(None, 204)
        return json_response({"message": "not faked", "code": 0}, 404)

    def _channel_message(self, call: Call, channel_id: int, rest: list[str]) -> web.Response:
        if not rest and call.method == "POST":
            if self.dm_recipient(channel_id) in self.closed_dms:
                return json_response({"message": "Cannot send messages to this user",
                                      "code": 50007}, 403)
            return json_response(self._post_message(call, channel_id))
        if len(rest) == 1:
            message = self.messages.get(int(rest[0]))
            if message is None or message["channel_id"] != str(channel_id):
                return json_response({"message": "Unknown Message", "code": 10008}, 404)
            if call.method == "PATCH":
                self._apply_edit(message, call.body, call.files)
                return json_response(message)
            if call.method == "GET":
                return json_response(message)
            if call.method == "DELETE":
                self.messages.pop(int(rest[0]))
                return json_response(None, 204)
        return json_response({"message": "not faked", "code": 0}, 404)

    def _post_message(self, call: Call, channel_id: int) -> dict[str, Any]:
        """Create a channel message. Like Discord, a repeated ``nonce`` sent with
        ``enforce_nonce: true`` gets the message that nonce created instead of a new one."""
        body = call.body
        nonce = body.get("nonce")
        key = (channel_id, str(nonce))
        if nonce is not None and body.get("enforce_nonce") and key in self._by_nonce:
            self.nonce_replays.append(key)
            return self._by_nonce[key]
        message = self._new_message(channel_id, body, call.files)
        if nonce is not None:
            message["nonce"] = nonce
            if body.get("enforce_nonce"):
                self._by_nonce[key] = message
        self.created_posts.append(message)
        return message

    # -- direct messages --------------------------------------------------------------------
    def dm_channel_of(self, user_id: int) -> int:
        """The user's DM channel with the bot (made on first use, as Discord does)."""
        if user_id not in self.dm_channels:
            self.dm_channels[user_id] = snowflake()
        return self.dm_channels[user_id]

    def dm_recipient(self, channel_id: int) -> int | None:
        """The user a DM channel is with (None: not a DM channel)."""
        return next((u for u, c in self.dm_channels.items() if c == channel_id), None)

    def dm_channel_payload(self, user_id: int) -> dict[str, Any]:
        """``POST /users/@me/channels``: the DM channel (type 1) with that user."""
        return {"id": str(self.dm_channel_of(user_id)), "type": 1, "flags": 0,
                "last_message_id": None, "recipients": [self._user(user_id)]}

    def dm_posts(self, user_id: int) -> list[Call]:
        """Messages the bot created in its DM channel with the user (not interaction answers)."""
        channel = self.dm_channels.get(user_id)
        return [] if channel is None else self.channel_posts(channel)

    # -- interaction payloads -------------------------------------------------------------
    def _interaction(self, kind: int, user: FakeMember | FakeUser, data: dict[str, Any], *,
                     channel_id: int | None = None, dm: bool = False,
                     message: dict[str, Any] | None = None,
                     app_permissions: int = BOT_PERMISSIONS) -> dict[str, Any]:
        interaction_id = snowflake()
        token = f"token-{interaction_id}"
        member = user if isinstance(user, FakeMember) else None
        plain_user = user.user if isinstance(user, FakeMember) else user
        if message is not None:
            channel_id = int(message["channel_id"])
        if dm:
            channel_id = channel_id or self.dm_channel_of(plain_user.id)
            channel = {"id": str(channel_id), "type": 1, "recipients": [plain_user.payload()],
                       "flags": 0, "last_message_id": None}
        else:
            channel_id = channel_id or self.channel_id()
            channel = (self.thread_payload(channel_id) if channel_id in self.threads
                       else self.guild_of(channel_id).channel_payload(channel_id))
        guild = self.guild_of(channel_id)
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id),
            "type": kind, "token": token, "version": 1, "data": data,
            "channel_id": str(channel_id), "channel": channel,
            "locale": member.locale if member is not None else "en-US",
            "app_permissions": str(app_permissions), "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 1 if dm else 0,
        }
        if dm:
            payload["user"] = plain_user.payload()
        else:
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["member"] = (member or FakeMember(plain_user)).payload()
        if message is not None:
            payload["message"] = message
        self.interactions[interaction_id] = InteractionRecord(
            interaction_id, token, channel_id, plain_user.id,
            message_id=None if message is None else int(message["id"]))
        return payload

    def _command_data(self, name: str, subcommand: str | None, options: dict[str, Any],
                      focused: str | None, guild: FakeGuild | None = None,
                      locale: str = "en-US") -> dict[str, Any]:
        """As Discord sends it: the names a client shows in its language (the synced
        ``name_localizations``, ``/estancia nouvelle jeu:…``) arrive as the command's own
        names (``new``, ``game``); a name the client would not show is refused."""
        guild = guild or self.guild
        registered = next((c for cs in self.commands.values() for c in cs if c["name"] == name), None)
        if registered is not None and subcommand is not None:
            sub = self._named(registered.get("options", []), subcommand, locale)
            subcommand = sub["name"]
            known = sub.get("options", [])
            focused = (self._named(known, focused, locale)["name"] if focused is not None
                       else None)
            options = {self._named(known, key, locale)["name"]: value
                       for key, value in options.items()}
        leaf = []
        resolved: dict[str, dict[str, Any]] = {}
        for option_name, value in options.items():
            if isinstance(value, FakeMember):  # a user option (type 6) with its resolved data
                member = value.payload()
                user = member.pop("user")
                resolved.setdefault("users", {})[user["id"]] = user
                resolved.setdefault("members", {})[user["id"]] = member
                leaf.append({"name": option_name, "value": user["id"], "type": 6})
                continue
            if isinstance(value, FakeUser):  # a user who is not (or no longer) a member
                user = value.payload()
                resolved.setdefault("users", {})[user["id"]] = user
                leaf.append({"name": option_name, "value": user["id"], "type": 6})
                continue
            entry: dict[str, Any] = {"name": option_name, "value": value,
                                     "type": 4 if isinstance(value, int) and not isinstance(value, bool)
                                     else 5 if isinstance(value, bool) else 3}
            if option_name == focused:
                entry["focused"] = True
            leaf.append(entry)
        data: dict[str, Any] = {"id": registered["id"] if registered else str(snowflake()),
                                "name": name, "type": 1}
        if subcommand is None:
            data["options"] = leaf
        else:
            data["options"] = [{"name": subcommand, "type": 1, "options": leaf}]
        if str(guild.id) in self.commands and registered is not None:
            data["guild_id"] = str(guild.id)
        if resolved:
            data["resolved"] = resolved
        return data

    @staticmethod
    def _named(registered: list[dict[str, Any]], typed: str, locale: str) -> dict[str, Any]:
        """The registered option (or subcommand) a client in ``locale`` shows as ``typed``:
        its localized name if it has one for that locale, else its own name (a name that
        is neither is sent as typed: the bot then refuses it)."""
        for option in registered:
            shown = (option.get("name_localizations") or {}).get(locale) or option["name"]
            if shown == typed:
                return option
        return {"name": typed}

    def guild_scope_is_global(self) -> bool:
        return str(self.guild.id) not in self.commands

    def slash(self, user: FakeMember | FakeUser, command: str, subcommand: str | None = None,
              /, *, channel_id: int | None = None, dm: bool = False,
              app_permissions: int = BOT_PERMISSIONS, named: dict[str, Any] | None = None,
              **options: Any) -> dict[str, Any]:
        """INTERACTION_CREATE for ``/command subcommand option:value ...`` (type 2).

        ``app_permissions`` are the bot's own permissions in the channel; ``named`` holds
        options whose names are this method's own (an option called ``dm``).
        """
        options = {**options, **(named or {})}
        guild = None if dm or channel_id is None else self.guild_of(channel_id)
        data = self._command_data(command, subcommand, options, None, guild, _locale(user))
        return self._interaction(APPLICATION_COMMAND, user, data, channel_id=channel_id, dm=dm,
                                 app_permissions=app_permissions)

    def autocomplete(self, user: FakeMember | FakeUser, command: str, subcommand: str | None,
                     focused: str, *, channel_id: int | None = None, **options: Any) -> dict[str, Any]:
        """Autocomplete request (type 4) while the user types into option ``focused``."""
        guild = None if channel_id is None else self.guild_of(channel_id)
        data = self._command_data(command, subcommand, options, focused, guild, _locale(user))
        return self._interaction(AUTOCOMPLETE, user, data, channel_id=channel_id)

    def click(self, user: FakeMember | FakeUser, message: dict[str, Any], custom_id: str,
              values: list[str] | None = None) -> dict[str, Any]:
        """A button click (or, with ``values``, a select choice) on a message the bot sent."""
        component = find_component(message, custom_id)
        if component is None:
            raise AssertionError(f"no component {custom_id!r} in message {message['id']}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == 3:
            data["values"] = list(values or [])
        elif values is not None:
            raise AssertionError("values are for select menus")
        in_dm = self.dm_recipient(int(message["channel_id"])) is not None
        return self._interaction(MESSAGE_COMPONENT, user, data, message=message, dm=in_dm)

    # -- gateway -------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                if op == 1:
                    self.heartbeats += 1
                    await ws.send_json({"op": 11})
                elif op == 2:
                    self.identifies.append(frame["d"])
                    shard = frame["d"].get("shard")
                    shard = None if shard is None else (int(shard[0]), int(shard[1]))
                    session = self.session_id if shard is None else f"{self.session_id}-{shard[0]}"
                    self._shards[ws], self._session_of[ws] = shard, session
                    self._sequences[session] = 0
                    self._shard_of_session[session] = shard
                    guilds = self.guilds_on(shard)
                    await self._send_event(ws, "READY", self._ready(guilds, shard, session))
                    for guild in guilds:
                        await self._send_event(ws, "GUILD_CREATE", guild.payload(self.bot_user))
                elif op == 6:
                    self.resumes.append(frame["d"])
                    session = frame["d"].get("session_id")
                    current = session == self.session_id or str(session).startswith(
                        f"{self.session_id}-")  # a test may end every session at once
                    if current and session in self._shard_of_session:
                        self._session_of[ws] = session
                        self._shards[ws] = self._shard_of_session[session]
                        await self._send_event(ws, "RESUMED", {})
                    else:
                        await ws.send_json({"op": 9, "d": False})
                async with self._changed:
                    self._changed.notify_all()
        finally:
            self._sockets.discard(ws)
            self._shards.pop(ws, None)
            self._session_of.pop(ws, None)
        return ws

    def guilds_on(self, shard: tuple[int, int] | None) -> list[FakeGuild]:
        """The guilds a connection identified for ``shard`` receives (all: unsharded)."""
        if shard is None:
            return list(self.guilds.values())
        return [g for g in self.guilds.values() if shard_of(g.id, shard[1]) == shard[0]]

    def _ready(self, guilds: list[FakeGuild], shard: tuple[int, int] | None,
               session: str) -> dict[str, Any]:
        ready = {"v": 10, "user": self.bot_user.payload(),
                 "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                 "session_id": session, "resume_gateway_url": self.gateway_url,
                 "application": {"id": str(self.application_id), "flags": 0},
                 "private_channels": [], "relationships": [], "user_settings": {}}
        if shard is not None:
            ready["shard"] = list(shard)
        return ready

    async def _send_event(self, ws: web.WebSocketResponse, name: str, data: Any) -> None:
        session = self._session_of.get(ws, self.session_id)
        self._sequences[session] = self._sequences.get(session, 0) + 1
        await ws.send_json({"op": 0, "t": name, "s": self._sequences[session], "d": data})

    def connection_for(self, guild_id: int | None) -> list[web.WebSocketResponse]:
        """The connections that receive a guild's events: the one owning its shard (a
        direct message's: shard 0's), and every unsharded one."""
        targets = []
        for ws in self._sockets:
            shard = self._shards.get(ws)
            if shard is None or shard[0] == (0 if guild_id is None
                                             else shard_of(guild_id, shard[1])):
                targets.append(ws)
        return targets

    async def dispatch(self, name: str, data: Any) -> None:
        """Send a gateway event (e.g. ``INTERACTION_CREATE``) to the bot: to every
        unsharded connection, and to the connection owning the shard of the event's guild."""
        if not self._sockets:
            raise AssertionError("no bot is connected to the gateway")
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        guild_id = None if guild_id is None else int(guild_id)
        targets = self.connection_for(guild_id)
        if not targets:
            raise AssertionError(f"no connection owns the shard of guild {guild_id}")
        for ws in targets:
            self.dispatched.append((self._shards.get(ws), name, guild_id))
            try:
                await self._send_event(ws, name, data)
            except ConnectionResetError:
                # The bot's end died as the event went out (a kill -9 mid-tap): like
                # Discord, the gateway loses the event, and the player's tap fails.
                continue

    def shard_connected(self, shard: tuple[int, int]) -> bool:
        """Whether a live connection identified (or resumed) for this shard."""
        return any(self._shards.get(ws) == shard and not ws.closed for ws in self._sockets)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway connection as Discord does on a hiccup (the bot resumes)."""
        for ws in list(self._sockets):
            await ws.close(code=code)

    @property
    def connected(self) -> int:
        return len(self._sockets)


def _locale(user: FakeMember | FakeUser) -> str:
    return user.locale if isinstance(user, FakeMember) else "en-US"


def find_component(message: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    def walk(components: list[dict[str, Any]]) -> dict[str, Any] | None:
        for component in components:
            if component.get("custom_id") == custom_id:
                return component
            found = walk(component.get("components") or [])
            if found is not None:
                return found
        return None

    return walk(message.get("components") or [])


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    content_type = request.headers.get("Content-Type", "")
    if content_type.startswith("multipart/"):
        body: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":  # type: ignore[union-attr]
                body = json.loads(data)
            else:
                files.append(UploadedFile(part.name or "", part.filename or "",  # type: ignore[union-attr]
                                          part.headers.get("Content-Type"), bytes(data)))
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    with contextlib.suppress(ValueError):
        return json.loads(raw), []
    return raw.decode(errors="replace"), []
