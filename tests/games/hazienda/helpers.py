"""Small boards and helpers shared by the Hazienda tests."""

from __future__ import annotations

from games.base import Event, check_decision
from games.hazienda import GAME
from games.hazienda.notation import load_scenario
from games.hazienda.state import HaziendaState

#: A small board: market K1 on C4 and C5 (its edges are B3 B4 B5 C3 C6 D3 D4 D5),
#: mountain spaces A7 A8, a forest space B8, a water space F7 (a pond at setup).
SMALL = """
Pa Pa Pa Pa Pa Pa Mo Mo
Pa Pa Pa Pa Pa Pa Pa Fo
Pa Pa Pa K1 K1 Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Wa Pa
"""


def scenario(body: str, grid: str = SMALL) -> HaziendaState:
    """A position on an inline board (see games/hazienda/NOTATION.md)."""
    return load_scenario(f"grid:\n{grid.strip()}\nend\n{body}")


def run(state: HaziendaState, *keys: str) -> tuple[HaziendaState, list[Event]]:
    """Apply option keys in turn, each by the seat to decide; also return all events."""
    events: list[Event] = []
    queue = list(keys)
    while queue:
        key = queue.pop(0)
        decision = GAME.pending(state)
        assert decision is not None, f"game over before {key!r}"
        check_decision(decision)
        if decision.option(key) is None and key.startswith("play:") and queue and (
                queue[0].startswith("place:")):
            # card and place come as one option when they fit in one menu
            key = f"{key}:{queue.pop(0).removeprefix('place:')}"
        if decision.option(key) is None and key.startswith("place:"):
            # more places than one panel shows: the part of the map holding it first
            area = next((o.key for o in decision.options if o.key.startswith("area:")
                         and GAME.pending(GAME.apply(state, decision.seat, o.key).state)
                         .option(key) is not None), None)
            if area is not None:
                queue.insert(0, key)
                key = area
        outcome = GAME.apply(state, decision.seat, key)
        events += outcome.events
        state = outcome.state
    return state, events


def plays(state: HaziendaState) -> set[str]:
    """The cards that can be played now ("land:mountain"), whether the menu offers each
    with its places (``play:land:mountain:A8``) or alone first (``play:land:mountain``)."""
    return {":".join(k.split(":")[1:3]) for k in keys(state) if k.startswith("play:")}


def places(state: HaziendaState, card: str) -> set[str]:
    """Where playing ``card`` ("land:mountain") may put its piece, in either form."""
    offered = keys(state)
    if f"play:{card}" in offered:
        after, _ = run(state, f"play:{card}")
        return spaces(after)
    return {k.removeprefix(f"play:{card}:") for k in offered if k.startswith(f"play:{card}:")}


def spaces(state: HaziendaState) -> set[str]:
    """The spaces the step offers (``place:<coord>``), in every part of the map when it
    asks for a part first."""
    offered = keys(state)
    found = {k.removeprefix("place:") for k in offered if k.startswith("place:")}
    for area in (k for k in offered if k.startswith("area:")):
        found |= spaces(GAME.apply(state, state.current, area).state)
    return found


def keys(state: HaziendaState) -> set[str]:
    decision = GAME.pending(state)
    assert decision is not None
    return {o.key for o in decision.options}


def texts(events: list[Event], private: bool = False) -> list[str]:
    return [e.text for e in events if (e.private_to is not None) == private]
