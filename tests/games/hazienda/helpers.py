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
    for key in keys:
        decision = GAME.pending(state)
        assert decision is not None, f"game over before {key!r}"
        check_decision(decision)
        outcome = GAME.apply(state, decision.seat, key)
        events += outcome.events
        state = outcome.state
    return state, events


def keys(state: HaziendaState) -> set[str]:
    decision = GAME.pending(state)
    assert decision is not None
    return {o.key for o in decision.options}


def texts(events: list[Event], private: bool = False) -> list[str]:
    return [e.text for e in events if (e.private_to is not None) == private]
