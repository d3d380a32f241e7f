"""Whole-table scenarios built from the scenario helpers: open a lobby, fill it by taps,
start, and play turns by taps, reading whose turn it is from the channel and the DB."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from games import get_game
from testkit.e2e import dbcheck
from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.scenario import (
    WAIT,
    Deliver,
    Player,
    Sent,
    components_of,
    mentioned_ids,
    open_turn,
    option_components,
    play_turn_by_taps,
    poll,
    turn_game_of,
    turn_posts,
    wait_for_post,
)

LOBBY_BUTTON = re.compile(r"^est:(join|cpu|start):(\d+)$")


@dataclass
class Table:
    fake: E2EFakeDiscord
    #: The bot's database: its SQLite file or a PostgreSQL URL.
    db_path: Path | str
    channel_id: int
    game: str
    game_id: int
    players: dict[int, Player]
    #: Every option tap sent: (user id, panel version, choice) from the custom id.
    taps: list[tuple[int, int, str]] = field(default_factory=list)

    def record(self) -> dbcheck.GameRecord:
        return dbcheck.read_game(self.db_path, self.game_id)

    def note_tap(self, sent: Sent) -> None:
        data = sent.payload["data"]
        parts = data["custom_id"].split(":")
        kind = parts[1].removeprefix("p")  # a choice on the public turn message too
        if kind in ("opt", "sel"):
            choice = ":".join(parts[4:]) if kind == "opt" else (data.get("values") or [""])[0]
            self.taps.append((int(sent.payload["member"]["user"]["id"]), int(parts[3]), choice))


def lobby_button(message: dict[str, Any], action: str) -> str | None:
    for component in components_of(message):
        match = LOBBY_BUTTON.match(component["custom_id"])
        if match and match[1] == action:
            return component["custom_id"]
    return None


def _forced(engine: Any, state_after: dict[str, Any]) -> bool:
    decision = engine.pending(engine.load(json.dumps(state_after)))
    return decision is not None and len(decision.options) == 1


def outbox_drained(db_path: Path | str) -> bool:
    try:
        # (an announcement given up for good, next_attempt_at NULL, is no longer pending)
        [row] = dbcheck.query(db_path, "SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL "
                                       "AND next_attempt_at IS NOT NULL")
    except (sqlite3.OperationalError, asyncpg.UndefinedTableError):  # not created yet
        return False
    return row["n"] == 0


async def wait_drained(db_path: Path | str, timeout: float = WAIT) -> None:
    await poll(lambda: outbox_drained(db_path), "every announcement to be delivered", timeout)


async def open_table(fake: E2EFakeDiscord, db_path: Path | str, deliver: Deliver, game: str,
                     channel_id: int | None = None, names: tuple[str, ...] = ()) -> Table:
    """The first player types ``/estancia new``; the others press Join; the creator
    presses Start. Everything after the slash command is a tap."""
    engine = get_game(game)
    seats = max(2, engine.min_seats)
    names = names or tuple(f"player{i}" for i in range(seats))
    players = [Player(fake, fake.add_member(name), deliver) for name in names[:seats]]
    channel_id = channel_id or fake.channel_id()
    before = len(fake.posts_in(channel_id))
    created = await players[0].slash("new", channel_id=channel_id, game=game)
    await created.wait_answered()
    assert created.all_private, f"/estancia new answered publicly: {created.texts()}"
    lobby = await wait_for_post(fake, channel_id, before, lambda m: lobby_button(m, "join"))
    game_id = int(LOBBY_BUTTON.match(lobby_button(lobby, "join") or "")[2])  # type: ignore[index]
    for player in players[1:]:
        joined = await player.click(lobby, lobby_button(lobby, "join") or "")
        await joined.wait_answered()
        assert joined.all_private and "joined" in joined.last_text(), joined.texts()
    before = len(fake.posts_in(channel_id))
    started = await players[0].click(lobby, lobby_button(lobby, "start") or "")
    await started.wait_answered()
    assert started.all_private and "started" in started.last_text(), started.texts()
    await wait_for_post(fake, channel_id, before, lambda m: bool(mentioned_ids(m)))
    return Table(fake, db_path, channel_id, game, game_id, {p.id: p for p in players})


def latest_turn_post(table: Table) -> dict[str, Any]:
    """The newest channel message with this game's "Your turn" button (or its choices)."""
    return [m for m in turn_posts(table.fake, table.channel_id)
            if turn_game_of(m) == table.game_id][-1]


async def play_one_turn(table: Table, rng: random.Random) -> bool:
    """Wait until the channel is up to date, then the player it pings plays a turn by
    taps. Returns False once the game is over."""
    await wait_drained(table.db_path)
    record = table.record()
    if record.status != "active":
        return False
    seat = record.to_move()
    assert seat is not None
    user_id = record.user_of(seat)
    latest = latest_turn_post(table)
    assert mentioned_ids(latest) == [user_id], "the latest turn message pings someone else"
    await play_turn_by_taps(table.players[user_id], latest, rng, on_click=table.note_tap)
    return True


async def play_to_the_end(table: Table, rng: random.Random, max_turns: int = 500) -> int:
    turns = 0
    while await play_one_turn(table, rng):
        turns += 1
        assert turns <= max_turns, "the game never ended"
    return turns


def unmatched_human_moves(table: Table) -> list[str]:
    """Human move rows that no tap explains: a row at version r needs a tap by that user
    on a panel of version r - 1 with that option (a doubled or phantom move otherwise)."""
    taps: dict[tuple[int, int], set[str]] = {}
    for user, version, choice in table.taps:
        taps.setdefault((user, version), set()).add(choice)
    problems = []
    record = table.record()
    engine = get_game(record.game)
    states = dbcheck.replayed_states(record)
    previous = None
    for move in record.moves:
        before, previous = previous, move
        if move.kind != "move" or move.by_computer:
            continue
        if before is not None and _forced(engine, states[before.version]):
            continue  # a decision with one option: the bot played it, nobody tapped
        choices = taps.get((move.user_id, move.version - 1), set())
        if move.option_key not in choices and not any(c.startswith("#") for c in choices):
            problems.append(f"v{move.version} {move.option_key!r} by {move.user_id}: taps on "
                            f"panel v{move.version - 1} were {sorted(choices)}")
    return problems


async def open_playable_panel(table: Table) -> tuple[Player, dict[str, Any]]:
    """The player to move presses "Your turn" on the latest turn post (and, for a big
    decision, picks the first group): their private panel, ready to play an option."""
    await wait_drained(table.db_path)
    record = table.record()
    mover = table.players[record.user_of(record.to_move())]
    post = latest_turn_post(table)
    opened = await open_turn(mover, post)
    table.note_tap(opened)
    await opened.wait_answered()
    panel = opened.panel()
    assert panel is not None and option_components(panel)
    while not playable(panel):  # a big decision: pick a group (or an area) first
        group = option_components(panel)[0]
        values = [group["options"][0]["value"]] if group["type"] == 3 else None
        picked = await mover.click(panel, group["custom_id"], values)
        await picked.wait_answered()
        panel = table.fake.messages[int(panel["id"])]
    return mover, panel


def playable(panel: dict[str, Any]) -> list[dict[str, Any]]:
    """The components that play an option (buttons, option selects; not group menus or
    areas of the board)."""
    return [c for c in option_components(panel)
            if not c["custom_id"].startswith(("est:grp:", "est:area:", "est:asel:"))]
