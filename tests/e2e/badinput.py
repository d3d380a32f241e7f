"""A seeded generator of interactions a real server throws at the bot that must change
nothing: unknown or malformed custom ids, foreign game ids, options never offered,
oversized values, users without a seat, a seated user acting out of turn, commands
in direct messages, nonsense command options.

Each :class:`Probe` says whether Discord could ever deliver it for this bot (a custom id
the bot itself never builds cannot come from a real click: ignoring it is fine) and is
otherwise expected to get a clear private answer.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from testkit.e2e.fake import E2EFakeDiscord
from testkit.fakediscord import EPHEMERAL, FakeMember

CUSTOM_ID_LIMIT = 100


@dataclass(frozen=True)
class World:
    """What the probes aim at: a running game and another channel's game."""

    fake: E2EFakeDiscord
    channel_id: int
    game_id: int
    version: int
    offered: list[str]
    to_move: FakeMember
    waiting: FakeMember
    outsider: FakeMember
    foreign_game_id: int
    foreign_channel_id: int


@dataclass(frozen=True)
class Probe:
    kind: str
    payload: dict[str, Any]
    #: True when a real Discord could deliver it to this bot (then it needs an answer).
    deliverable: bool


def _text(rng: random.Random, size: int) -> str:
    alphabet = string.ascii_letters + string.digits + ":#-_ éß漢🐄\u200b"
    return "".join(rng.choice(alphabet) for _ in range(size))


def _forged_message(world: World, components: list[dict[str, Any]], *, ephemeral: bool,
                    channel_id: int | None = None) -> dict[str, Any]:
    """A bot message carrying exactly these components (stored in the fake like a real one)."""
    rows = [{"type": 1, "components": [c]} for c in components]
    return world.fake._new_message(channel_id or world.channel_id,
                                   {"content": "", "components": rows,
                                    "flags": EPHEMERAL if ephemeral else 0}, [])


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "?", "custom_id": custom_id[:CUSTOM_ID_LIMIT]}


def _select(custom_id: str, values: list[str]) -> dict[str, Any]:
    options = [{"label": v[:100] or "-", "value": v[:100] or "-"} for v in values]
    return {"type": 3, "custom_id": custom_id[:CUSTOM_ID_LIMIT], "options": options,
            "min_values": 1, "max_values": 1}


def _click(world: World, user: FakeMember, custom_id: str, *, values: list[str] | None = None,
           ephemeral: bool = True, channel_id: int | None = None) -> dict[str, Any]:
    custom_id = custom_id[:CUSTOM_ID_LIMIT]
    component = _select(custom_id, values) if values is not None else _button(custom_id)
    message = _forged_message(world, [component], ephemeral=ephemeral, channel_id=channel_id)
    return world.fake.click(user, message, custom_id,
                            [v[:100] or "-" for v in values] if values is not None else None)


def _anyone(world: World, rng: random.Random) -> FakeMember:
    return rng.choice([world.to_move, world.waiting, world.outsider])


# -- the kinds of probes -------------------------------------------------------------


def unknown_custom_id(world: World, rng: random.Random) -> Probe:
    custom_id = rng.choice([_text(rng, rng.randint(1, CUSTOM_ID_LIMIT)), "est", "est:",
                            "est:turn:", "est:opt:1", f"est:nope:{world.game_id}",
                            f"est:turn:{world.game_id}x", "x" * CUSTOM_ID_LIMIT,
                            f"est:opt:{world.game_id}:{world.version}:"])
    return Probe("unknown custom id", _click(world, _anyone(world, rng), custom_id), False)


def foreign_game(world: World, rng: random.Random) -> Probe:
    gid = rng.choice([world.foreign_game_id, world.game_id + 1000 + rng.randrange(10**6),
                      rng.randrange(2**62)])
    custom_id = rng.choice([f"est:turn:{gid}", f"est:join:{gid}", f"est:start:{gid}",
                            f"est:cpu:{gid}", f"est:opt:{gid}:{world.version}:{rng.choice(world.offered)}"])
    return Probe("foreign game id", _click(world, _anyone(world, rng), custom_id,
                                           ephemeral=custom_id.startswith("est:opt")), True)


def never_offered(world: World, rng: random.Random) -> Probe:
    key = rng.choice([_text(rng, rng.randint(1, 60)), "#999", "../../etc",
                      "'; DROP TABLE games; --"])
    if _matches_an_option(world, key) or key.startswith("#") and key != "#999":
        key = "never-offered"
    if rng.random() < 0.5:
        custom_id = f"est:opt:{world.game_id}:{world.version}:{key}"
        return Probe("option never offered", _click(world, world.to_move, custom_id), True)
    else:
        values = [key or "-", ] if rng.random() < 0.8 else [_text(rng, 100)]
        payload = _click(world, world.to_move, f"est:sel:{world.game_id}:{world.version}",
                         values=values)
    return Probe("option never offered", payload, True)


def stale_or_future_version(world: World, rng: random.Random) -> Probe:
    version = rng.choice([0, world.version - 1, world.version + 1, world.version + 10**6])
    kind = rng.choice(["opt", "sel", "grp"])
    if kind == "opt":
        payload = _click(world, world.to_move,
                         f"est:opt:{world.game_id}:{max(0, version)}:{rng.choice(world.offered)}")
    elif kind == "sel":
        payload = _click(world, world.to_move, f"est:sel:{world.game_id}:{max(0, version)}",
                         values=[rng.choice(world.offered)])
    else:
        payload = _click(world, world.to_move, f"est:grp:{world.game_id}:{max(0, version)}",
                         values=[str(rng.randrange(0, 40))])
    return Probe("stale or future panel", payload, True)


def out_of_range_group(world: World, rng: random.Random) -> Probe:
    value = str(rng.choice([25, 26, 99, 999, 10**6]))
    payload = _click(world, world.to_move, f"est:grp:{world.game_id}:{world.version}",
                     values=[value])
    return Probe("group index out of range", payload, True)


# -- forged: what the bot itself never builds (an older bot version, a forged client) ------


def forged_choice(world: World, rng: random.Random) -> Probe:
    """Option choices and values the bot never builds: "#<not a number>", "#-1", an
    empty key, a group value that is not an index."""
    kind = rng.choice(["opt", "sel", "grp"])
    if kind == "opt":
        choice = rng.choice(["#x", "#-1", "#", "#1e3", "#" + _text(rng, 10)])
        payload = _click(world, world.to_move, f"est:opt:{world.game_id}:{world.version}:{choice}")
    elif kind == "sel":
        payload = _click(world, world.to_move, f"est:sel:{world.game_id}:{world.version}",
                         values=[rng.choice(["#x", "#-1", "#" + _text(rng, 5)])])
    else:
        payload = _click(world, world.to_move, f"est:grp:{world.game_id}:{world.version}",
                         values=[rng.choice(["-1", "x", "1e3", _text(rng, 20)])])
    return Probe("forged choice", payload, False)


def not_seated(world: World, rng: random.Random) -> Probe:
    custom_id = rng.choice([f"est:turn:{world.game_id}",
                            f"est:opt:{world.game_id}:{world.version}:{rng.choice(world.offered)}"])
    return Probe("user not seated", _click(world, world.outsider, custom_id,
                                           ephemeral=custom_id.startswith("est:opt")), True)


def out_of_turn(world: World, rng: random.Random) -> Probe:
    key = rng.choice(world.offered)
    custom_id = rng.choice([f"est:opt:{world.game_id}:{world.version}:{key}",
                            f"est:turn:{world.game_id}"])
    return Probe("seated user acting for another seat",
                 _click(world, world.waiting, custom_id,
                        ephemeral=custom_id.startswith("est:opt")), True)


def lobby_buttons_on_running_game(world: World, rng: random.Random) -> Probe:
    action = rng.choice(["join", "cpu", "start"])
    return Probe("lobby button of a running game",
                 _click(world, _anyone(world, rng), f"est:{action}:{world.game_id}",
                        ephemeral=False), True)


def direct_message_command(world: World, rng: random.Random) -> Probe:
    sub, options = rng.choice([("new", {"game": "pasture"}), ("join", {}), ("start", {}),
                               ("board", {}), ("move", {"option": "a1"}), ("cancel", {}),
                               ("log", {}), ("undo", {})])
    payload = world.fake.slash(_anyone(world, rng).user, "estancia", sub, dm=True, **options)
    return Probe("command in a direct message", payload, True)


def nonsense_command(world: World, rng: random.Random) -> Probe:
    user = _anyone(world, rng)
    sub, options = rng.choice([
        ("new", {"game": _text(rng, rng.randint(1, 100))}),
        ("new", {"game": "pasture", "options": _text(rng, rng.randint(1, 100))}),
        ("new", {"game": "pasture"}),  # the channel is busy
        ("move", {"option": _text(rng, rng.randint(1, 100))}),
        ("join", {}), ("start", {}), ("leave", {}),
        ("settings", {"reminders": _text(rng, 30)}),
        ("rules", {"game": _text(rng, 40)}),
    ])
    if sub == "move" and _matches_an_option(world, options["option"]):
        options["option"] = "no such move"
    payload = world.fake.slash(user, "estancia", sub, channel_id=world.channel_id, **options)
    return Probe(f"/estancia {sub} with bad input", payload, True)


def undo_by_someone_who_cannot(world: World, rng: random.Random) -> Probe:
    """The player to move last moved before the other one; the outsider never moved."""
    user = rng.choice([world.to_move, world.outsider])
    payload = world.fake.slash(user, "estancia", "undo", channel_id=world.channel_id)
    return Probe("undo that is not allowed", payload, True)


def _matches_an_option(world: World, text: str) -> bool:
    wanted = text.strip().casefold()
    return any(wanted in (key.casefold(), f"cell {key}".casefold()) for key in world.offered)




KINDS: list[Callable[[World, random.Random], Probe]] = [
    unknown_custom_id, foreign_game, never_offered, stale_or_future_version, out_of_range_group,
    not_seated, out_of_turn, lobby_buttons_on_running_game, direct_message_command,
    nonsense_command, undo_by_someone_who_cannot, forged_choice,
]


def probes(world: World, seed: int, count: int,
           kinds: list[Callable[[World, random.Random], Probe]] = KINDS) -> list[Probe]:
    rng = random.Random(seed)
    return [rng.choice(kinds)(world, rng) for _ in range(count)]
