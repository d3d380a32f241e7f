"""Taps per turn on a phone, from whole games played through the fake
Discord: the real bot (discord.py, panels, outbox) against :mod:`testkit.fakediscord`
on 127.0.0.1, every move made by tapping the components the bot really sent.

A scripted player picks each step's option (at random, not ending a step early while
something else is left) and reaches it the way a phone does: a button is one tap, a select
menu two (open it, pick), a group menu first two more, an area of the board first (a
decision with too many places for one image) one more; "Your turn" on the public turn
message is one tap (a game with hidden hands opens its private panel with it). Steps the
bot plays without asking (a decision with one option) cost nothing. A *real choice* is a
decision with more than one option.

Targets, over a whole game: taps per turn − real choices per turn ≤ 1 in games
with hidden hands (the "Your turn" tap) and ≤ 0.1 in open games (their first choices are
on the turn message itself).
"""

from __future__ import annotations

import random
import statistics
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import get_game
from games.base import Decision

#: Options that end a step early (besides those ending the turn) or go "Back" to a choice
#: already made: the scripted player takes them only when nothing else is left.
STEP_ENDS = {"done", "stop", "back"}
#: A game with hidden hands may spend this many taps per turn beyond its real choices
#: ("Your turn"); an open game this many.
TARGETS = {True: 1.0, False: 0.1}


@dataclass
class Tally:
    hidden: bool
    turns: list[tuple[int, int]] = field(default_factory=list)  # (taps, real choices)
    #: turns begun with "Your turn"; picks made in a select menu; group menus opened first
    opened: int = 0
    menu_picks: int = 0
    group_steps: int = 0
    area_steps: int = 0
    #: real choices by the number of taps they took ("Your turn" not counted)
    by_taps: Counter[int] = field(default_factory=Counter)
    #: real choices of more than 31 options (more than a V2 panel holds as buttons)
    beyond_buttons: int = 0
    #: every real choice: (its number of options, the taps it took, made on the public
    #: turn message)
    choices: list[tuple[int, int, bool]] = field(default_factory=list)

    @property
    def taps(self) -> float:
        return statistics.mean(t for t, _ in self.turns)

    @property
    def real(self) -> float:
        return statistics.mean(r for _, r in self.turns)

    @property
    def extra(self) -> float:
        return self.taps - self.real

    @property
    def target(self) -> float:
        return TARGETS[self.hidden]

    @property
    def meets_target(self) -> bool:
        return self.extra <= self.target + 1e-9

    def line(self, name: str) -> str:
        verdict = "meets" if self.meets_target else "MISSES"
        kind = "hidden hands" if self.hidden else "open game"
        return (f"{name:13s} taps {self.taps:6.2f}/turn for {self.real:.2f} real choices: "
                f"{self.extra:+.2f} ({verdict} ≤ {self.target:g}, {kind}; {len(self.turns)} "
                f"turns, {self.opened} \"Your turn\", {self.menu_picks} menu picks, "
                f"{self.group_steps} group menus, {self.area_steps} areas first, "
                f"{self.beyond_buttons} choices of > 31 options)")


def pick(decision: Decision, rng: random.Random) -> str:
    """A random option, not ending a step early while something else is left."""
    moves = [o for o in decision.options
             if not o.ends_turn and o.key not in STEP_ENDS] or decision.options
    return rng.choice(moves).key


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button and select of a message (classic or Components V2)."""
    found = []
    for top in message.get("components") or []:
        if top.get("type") == 1:
            found += top.get("components") or []
    return found


def find_tap(message: dict[str, Any], decision: Decision, key: str, version: int
             ) -> tuple[str, list[str] | None, int] | None:
    """How to reach ``key`` on ``message`` at game ``version``: (custom id, select values or
    None, taps); a group menu's group when the option is behind one; None when it is not
    there (another decision's panel, or an out-of-date one)."""
    index = next(i for i, o in enumerate(decision.options) if o.key == key)
    groups = decision.groups()
    current = [c for c in _components(message)
               if c.get("custom_id", "").count(":") >= 3
               and c["custom_id"].split(":")[3] == str(version)]
    for component in current:
        custom_id = component["custom_id"]
        kind = custom_id.split(":")[1]
        if component["type"] == 2 and kind in ("opt", "popt"):
            if custom_id.split(":", 4)[-1] in (key, f"#{index}"):
                return custom_id, None, 1
        elif component["type"] == 3 and kind in ("sel", "psel"):
            if key in [o["value"] for o in component["options"]]:
                return custom_id, [key], 2
    for component in current:
        custom_id = component["custom_id"]
        if component["type"] == 3 and custom_id.split(":")[1] in ("grp", "pgrp"):
            group = groups.index(decision.options[index].group or "")
            return custom_id, [str(group)], 2
    return None


async def taps_per_turn(name: str, seed: int = 1, seats: int | None = None,
                        images: bool = True) -> Tally:
    """Play one whole game of ``name`` by taps through the fake Discord. ``images=False``
    posts a blank stand-in for every board, decision and hand image (a faster run: the
    components are the same)."""
    import pytest

    with pytest.MonkeyPatch.context() as monkeypatch:
        if not images:
            _without_images(monkeypatch)
        return await _play(name, seed, seats, monkeypatch)


def _without_images(monkeypatch: Any) -> None:
    from PIL import Image

    from bot.core.sessions.reading import Reading
    from bot.discord_ui import panel_actions
    from renderer import encode_png

    blank = encode_png(Image.new("RGB", (8, 8), "white"))

    async def no_images(*_args: Any, **_kwargs: Any) -> list[Any]:
        return []

    async def blank_png(*_args: Any, **_kwargs: Any) -> bytes:
        return blank

    monkeypatch.setattr(panel_actions, "decision_images", no_images)
    monkeypatch.setattr(panel_actions, "areas_image", no_images, raising=False)
    monkeypatch.setattr(panel_actions, "hand_image", no_images)
    # (before the bot is built: Sessions offers the Reading service's methods as they are then)
    monkeypatch.setattr(Reading, "png", blank_png)
    monkeypatch.setattr(Reading, "recap_png", blank_png)


async def _play(name: str, seed: int, seats: int | None, monkeypatch: Any) -> Tally:
    from bot.settings import Settings
    from testkit.fakediscord import FakeDiscord
    from testkit.harness import Table
    from testkit.scenario import posted_message

    game = get_game(name)
    count = seats or max(2, game.min_seats)
    tally = Tally(hidden=game.hidden_information)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            fake.patch_discord_py(monkeypatch)
            db = Path(tmp) / "taps.sqlite3"
            table = await Table(fake, Settings(_env_file=None, estancia_db=db), db).open()
            try:
                players = [fake.add_member(f"p{i + 1}") for i in range(count)]
                by_id = {p.user.id: p for p in players}
                await table.slash(players[0], "new", game=name)
                for member in players[1:]:
                    await table.slash(member, "join")
                await table.slash(players[0], "start")
                game_id = (await table.sessions.info(fake.channel_id())).id
                public: dict[str, Any] = {}
                panel: dict[str, Any] = {}
                turn: tuple[int, int] | None = None
                taps = real = 0
                while True:
                    for post in await table.deliver():
                        posted = posted_message(fake, post)
                        if _components(posted):
                            public = posted
                    info = await table.sessions.info_by_id(game_id)
                    if info.status != "active":
                        break
                    member = by_id[info.user_to_move]
                    decision, _seat = await table.sessions.decision_for(game_id, member.user.id)
                    assert decision is not None
                    if (decision.seat, decision.turn) != turn:
                        if turn is not None:
                            tally.turns.append((taps, real))
                        turn, taps, real = (decision.seat, decision.turn), 0, 0
                    key = pick(decision, rng)
                    choice = len(decision.options) > 1
                    real += choice
                    tally.beyond_buttons += len(decision.options) > 31
                    message = panel
                    found = find_tap(panel, decision, key, info.version)
                    if found is None:
                        message = public
                        found = find_tap(public, decision, key, info.version)
                    if found is None:  # "Your turn" opens the private panel
                        opened = await table.click(member, public, f"est:turn:{game_id}")
                        message = opened.message
                        taps += 1
                        tally.opened += 1
                        found = find_tap(message, decision, key, info.version)
                    step = 0
                    if found is None:  # an area of the board first (one tap)
                        area = await _area_of(table.sessions, game_id, member.user.id,
                                              decision, key)
                        area_id = f"est:area:{game_id}:{info.version}:{area}"
                        assert area_id in [c.get("custom_id") for c in _components(message)], (
                            key, message.get("components"))
                        message = (await table.click(member, message, area_id)).message
                        step += 1
                        tally.area_steps += 1
                        found = find_tap(message, decision, key, info.version)
                    assert found is not None, (key, message.get("components"))
                    on_public = message is public
                    while True:
                        custom_id, values, cost = found
                        reply = await table.click(member, message, custom_id, values)
                        step += cost
                        message = reply.message
                        if custom_id.split(":")[1] not in ("grp", "pgrp"):
                            break
                        tally.group_steps += 1
                        found = find_tap(message, decision, key, info.version)
                        assert found is not None, (key, message.get("components"))
                    assert reply.text.startswith("You chose"), reply.text
                    tally.menu_picks += values is not None
                    if choice:
                        tally.by_taps[step] += 1
                        tally.choices.append((len(decision.options), step,
                                              on_public))
                    taps += step
                    panel = message
                if turn is not None:
                    tally.turns.append((taps, real))
            finally:
                await table.close()
    return tally


async def _area_of(sessions: Any, game_id: int, user_id: int, decision: Decision,
                   key: str) -> int:
    """The index of the area of the board holding option ``key`` (as the panel found it)."""
    import renderer
    from bot.discord_ui.panel_layout import decision_marks

    info = await sessions.info_by_id(game_id)
    view = await sessions.view(game_id, user_id)
    areas = renderer.decision_areas(info.game, view, decision_marks(decision))
    assert areas is not None, "the panel asked for an area the renderer does not draw"
    place = decision.option(key).at
    return next(i for i, (_letter, places) in enumerate(areas) if place in places)
