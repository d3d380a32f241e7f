"""Scenario helpers: people doing what they do in Discord, and what the bot answered.

``Player.slash("new", game="kuhlorado")`` is "user U types /estancia new kuhlorado";
``Player.click(message, custom_id)`` is "U presses a button" (or, with ``values``,
"U picks option K in a select menu"). Each builds the INTERACTION_CREATE payload Discord
would send (via the shared fake's payload builders) and hands it to the bot through a
``deliver`` coroutine: the fake gateway for a bot process, the client's state for an
in-process client. Each returns a :class:`Sent` to wait on and inspect.

Waiting is polling the fake's recorded calls under a generous overall timeout: a hang
guard, never an assertion about speed.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from testkit.e2e.fake import E2EFakeDiscord
from testkit.fakediscord import (
    EPHEMERAL,
    Call,
    FakeMember,
    FakeUser,
    custom_ids,
    message_text,
)

WAIT = 30.0
Deliver = Callable[[dict[str, Any]], Awaitable[None]]

TURN_BUTTON = re.compile(r"^est:turn:(\d+)$")
OPTION_COMPONENT = re.compile(r"^est:p?(opt|sel|grp|area|asel):(\d+):(\d+)")
#: The choices of a game without hidden information, on the public turn message itself.
PUBLIC_CHOICE = re.compile(r"^est:p(opt|sel|grp):(\d+):(\d+)")


async def poll(predicate: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Wait until ``predicate()`` is truthy; return its value. Fails with ``what``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def gateway_deliver(fake: E2EFakeDiscord) -> Deliver:
    """Send through the gateway. During a reconnect (no socket for a moment) wait for the
    bot to be back, as Discord holds a session's events until it resumes."""

    async def deliver(payload: dict[str, Any]) -> None:
        await poll(lambda: fake.connected, "a bot connected to the gateway")
        await fake.dispatch("INTERACTION_CREATE", payload)

    return deliver


@dataclass
class Shown:
    """A message shown in answer to an interaction, and who can see it."""

    message: dict[str, Any]
    private: bool

    @property
    def content(self) -> str:
        return message_text(self.message)

    @property
    def custom_ids(self) -> list[str]:
        return custom_ids(self.message.get("components") or [])


class Sent:
    """One interaction handed to the bot."""

    def __init__(self, fake: E2EFakeDiscord, payload: dict[str, Any]) -> None:
        self.fake = fake
        self.payload = payload
        self.id = int(payload["id"])

    @property
    def record(self) -> Any:
        return self.fake.interactions[self.id]

    def calls(self) -> list[Call]:
        return self.fake.calls_for(self.id)

    def callback(self) -> Call | None:
        """The accepted acknowledgement, else the last refused attempt (None: none yet)."""
        attempts = [c for c in self.calls() if c.path.endswith("/callback")]
        accepted = [c for c in attempts if c.status < 300]
        return (accepted or attempts or [None])[0]

    @property
    def acknowledged(self) -> bool:
        callback = self.callback()
        return callback is not None and callback.status < 300

    @property
    def answered(self) -> bool:
        """Acknowledged, and a deferred answer has been filled in (edit or followup)."""
        callback = self.callback()
        if callback is None:
            return False
        kind = int(callback.body.get("type", 0))
        if kind in (4, 7, 8) or callback.status >= 300:
            return True
        return any(not c.path.endswith("/callback") and c.method in ("PATCH", "POST")
                   for c in self.calls())

    async def wait_answered(self, timeout: float = WAIT) -> Sent:
        await poll(lambda: self.answered, f"an answer to interaction {self.id}", timeout)
        return self

    # -- what the user was shown ------------------------------------------------------
    def shown(self) -> list[Shown]:
        """Messages this interaction created or edited, as they stand now."""
        seen: dict[str, Shown] = {}
        clicked = self.payload.get("message")
        for call in self.calls():
            if call.status >= 300:
                continue
            if call.path.endswith("/callback"):
                kind = int(call.body.get("type", 0))
                if kind in (4, 5) and self.record.original_id in self.fake.messages:
                    message = self.fake.messages[self.record.original_id]
                    seen[message["id"]] = Shown(message, bool(message["flags"] & EPHEMERAL))
                elif kind in (6, 7) and clicked is not None:
                    message = self.fake.messages.get(int(clicked["id"]), clicked)
                    seen[message["id"]] = Shown(message, bool(int(clicked.get("flags") or 0)
                                                              & EPHEMERAL))
            elif call.method == "POST":  # followup
                flags = int(call.body.get("flags") or 0)
                text = call.body.get("content") or ""
                seen[f"followup-{len(seen)}"] = Shown(
                    {"content": text, "flags": flags, "components": call.body.get("components")
                     or [], "id": f"followup-{len(seen)}"}, bool(flags & EPHEMERAL))
            elif call.method == "PATCH" and self.record.original_id in self.fake.messages:
                message = self.fake.messages[self.record.original_id]
                seen[message["id"]] = Shown(message, bool(message["flags"] & EPHEMERAL))
        return list(seen.values())

    def texts(self) -> list[str]:
        return [s.content for s in self.shown()]

    def last_text(self) -> str:
        texts = [t for t in self.texts() if t]
        return texts[-1] if texts else ""

    @property
    def all_private(self) -> bool:
        shown = self.shown()
        return bool(shown) and all(s.private for s in shown)

    def panel(self) -> dict[str, Any] | None:
        """The private panel this interaction shows (its original message, as edited)."""
        original = self.record.original_id
        if original is None:
            return None
        return self.fake.messages.get(original)


class Player:
    """A Discord user in the fake guild (or, ``dm=True``, writing to the bot directly)."""

    def __init__(self, fake: E2EFakeDiscord, member: FakeMember, deliver: Deliver) -> None:
        self.fake = fake
        self.member = member
        self.deliver = deliver

    @property
    def id(self) -> int:
        return self.member.user.id

    @property
    def name(self) -> str:
        return self.member.user.name

    @property
    def user(self) -> FakeUser:
        return self.member.user

    async def send(self, payload: dict[str, Any]) -> Sent:
        sent = Sent(self.fake, payload)
        await self.deliver(payload)
        return sent

    async def slash(self, subcommand: str, *, channel_id: int | None = None, dm: bool = False,
                    **options: Any) -> Sent:
        who: FakeMember | FakeUser = self.member.user if dm else self.member
        return await self.send(self.fake.slash(who, "estancia", subcommand,
                                               channel_id=channel_id, dm=dm, **options))

    async def click(self, message: dict[str, Any], custom_id: str,
                    values: list[str] | None = None) -> Sent:
        return await self.send(self.fake.click(self.member, message, custom_id, values))


# -- reading the channel -----------------------------------------------------------------


def components_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            if "custom_id" in item:
                found.append(item)
            walk(item.get("components") or [])

    walk(message.get("components") or [])
    return found


def turn_button_of(message: dict[str, Any]) -> str | None:
    """What marks a turn post: its "Your turn" button or, in a game without hidden
    information, its first public choice (:func:`open_turn` taps either)."""
    return next((c["custom_id"] for c in components_of(message)
                 if TURN_BUTTON.match(c["custom_id"]) or PUBLIC_CHOICE.match(c["custom_id"])),
                None)


def turn_game_of(message: dict[str, Any]) -> int | None:
    entry = turn_button_of(message)
    return None if entry is None else int(entry.split(":")[2])


async def open_turn(player: Player, turn_post: dict[str, Any],
                    rng: random.Random | None = None) -> Sent:
    """Press "Your turn" on a turn post, or tap one of the choices on it (a random one, or
    the first without ``rng``): either way the answer is the player's private panel."""
    button = next((c["custom_id"] for c in components_of(turn_post)
                   if TURN_BUTTON.match(c["custom_id"])), None)
    if button is not None:
        return await player.click(turn_post, button)
    custom_id, values = pick_component(turn_post, rng or random.Random(0))
    return await player.click(turn_post, custom_id, values)


def mentioned_ids(message: dict[str, Any]) -> list[int]:
    return [int(m) for m in re.findall(r"<@!?(\d+)>", message.get("content") or "")]


def option_components(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in components_of(panel) if OPTION_COMPONENT.match(c["custom_id"])]


def pick_component(panel: dict[str, Any], rng: random.Random) -> tuple[str, list[str] | None]:
    """A random tap on the panel: a button, or one value of a select (options before groups)."""
    choices = option_components(panel)
    selects = [c for c in choices if c["custom_id"].startswith(("est:sel:", "est:psel:"))]
    if selects:
        choices = selects
    component = rng.choice(choices)
    if component["type"] == 3:
        return component["custom_id"], [rng.choice(component["options"])["value"]]
    return component["custom_id"], None


def turn_posts(fake: E2EFakeDiscord, channel_id: int) -> list[dict[str, Any]]:
    return [m for m in fake.posts_in(channel_id) if turn_button_of(m)]


# -- playing by taps -------------------------------------------------------------------------


#: Taps one turn may take before it counts as never ending: the longest turns of random
#: play take 11 (Hazienda), 12 (Llama Land) and 19 (GWT:A) real choices, and a pick now
#: and then needs a group first.
MAX_TAPS_PER_TURN = 30
#: What a panel says when the player's next turn follows at once (the others' turns were
#: steps without a choice, played by the platform): the same panel goes on.
TURN_AGAIN = "Your turn again."


async def play_turn_by_taps(player: Player, turn_post: dict[str, Any], rng: random.Random,
                            on_click: Callable[[Sent], None] | None = None,
                            max_steps: int = MAX_TAPS_PER_TURN) -> int:
    """``player`` presses "Your turn" on ``turn_post`` (or taps a choice on it) and taps
    random legal options until the panel has nothing left to choose. Returns the number of
    option taps.

    The panel goes on into the player's next turn when the others' turns needed no choice
    (a Hazienda player with no money and no cards can only end the turn: the platform
    plays that): such a run of turns once went past 50 taps and looked like a turn that
    never ends. ``max_steps`` counts the taps of one turn, and only catches a turn that
    never ends (a panel that re-offers a choice)."""
    opened = await open_turn(player, turn_post, rng)
    taps = in_turn = 0
    if TURN_BUTTON.match(opened.payload["data"]["custom_id"]) is None:
        taps = in_turn = 1  # a choice on the public message
        if on_click is not None:
            on_click(opened)
    await opened.wait_answered()
    panel = opened.panel()
    assert panel is not None and opened.all_private, f"no private panel: {opened.texts()}"
    while option_components(panel):
        if TURN_AGAIN in message_text(panel):
            in_turn = 0
        if in_turn >= max_steps:
            raise AssertionError("the turn never ended")
        custom_id, values = pick_component(panel, rng)
        before = panel.get("edited_timestamp"), message_text(panel)
        tapped = await player.click(panel, custom_id, values)
        if on_click is not None:
            on_click(tapped)
        await tapped.wait_answered()
        taps += 1
        in_turn += 1
        panel = player.fake.messages[int(panel["id"])]
        refusals = [s.content for s in tapped.shown() if s.message["id"].startswith("followup")]
        assert not refusals, f"a legal tap was refused: {refusals}"
        assert (panel.get("edited_timestamp"), message_text(panel)) != before or not option_components(panel)
    return taps


async def wait_for_post(fake: E2EFakeDiscord, channel_id: int, after: int,
                        predicate: Callable[[dict[str, Any]], bool] = lambda m: True,
                        timeout: float = WAIT) -> dict[str, Any]:
    """The first channel post, among those after the first ``after``, that matches."""
    def found() -> dict[str, Any] | None:
        return next((m for m in fake.posts_in(channel_id)[after:] if predicate(m)), None)

    return await poll(found, f"a matching post in channel {channel_id}", timeout)


def client_deliver(table: Any) -> Deliver:
    """Hand payloads to an in-process client (tests/discord's ``Table``) as its gateway
    parser would; answers are awaited by polling like for the process."""

    async def deliver(payload: dict[str, Any]) -> None:
        table.bot._connection.parse_interaction_create(payload)

    return deliver
