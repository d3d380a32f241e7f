"""Events that name seats by reference (games.base.seat_ref) reach players with the
seats' display names: in the mover's answer, the stored moves and the announcement."""

from __future__ import annotations

import re

import pytest

from bot.core.sessions import Sessions
from bot.storage.store import Store
from games.base import seat_ref
from tests.bot import toygame
from tests.bot.helpers import drain, hot_seat, mover


@pytest.fixture
def references(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's events name their seat by reference instead of "Seat N"."""
    plain = toygame.DiceRace._apply

    def apply(self, state, seat, option):
        outcome = plain(self, state, seat, option)
        for event in outcome.events:
            event.text = re.sub(r"\bSeat (\d+)", lambda m: seat_ref(int(m[1]) - 1), event.text)
        return outcome

    monkeypatch.setattr(toygame.DiceRace, "_apply", apply)


async def test_events_are_told_with_the_players_names(
    sessions: Sessions, store: Store, references: None
) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    name = "Alice" if info.seat_of(user) == 0 else "Bob"
    result = await sessions.play(info.id, user, "add1", info.version)
    assert result.events[0] == f"{name} adds 1."
    await sessions.play(info.id, user, "end", None)
    moves = await store.moves(info.id)
    assert f"{name} adds 1." in [line for m in moves for line in m.events]
    announcements = await drain(sessions)
    told = [line for a in announcements for line in a.text.splitlines()]
    assert f"{name} adds 1." in told and f"{name} ends the turn." in told
    assert not any("⟨seat" in line or "Seat " in line for line in told)


async def test_a_decision_reaches_its_player_with_the_seats_it_names_told(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Labels and prompts may name seats by reference too (GWT:A: « G2 building 2a » of
    another player); every way a decision reaches a player tells them by name."""
    plain = toygame.DiceRace.pending

    def pending(self, state):
        decision = plain(self, state)
        if decision is None:
            return None
        other = seat_ref(1 - decision.seat)
        options = [o.model_copy(update={"label": f"{o.label} (after {other})"})
                   for o in decision.options]
        return decision.model_copy(update={"prompt": f"{other} waits. {decision.prompt}",
                                           "options": options})

    monkeypatch.setattr(toygame.DiceRace, "pending", pending)
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    other = "Bob" if info.seat_of(user) == 0 else "Alice"
    shown = [
        (await sessions.decision_for(info.id, user))[0],
        (await sessions.seat_view(info.id, user)).decision,
    ]
    for decision in shown:
        assert decision is not None and decision.prompt.startswith(f"{other} waits.")
        assert decision.option("add1").label == f"Add 1 (after {other})"
    result = await sessions.play(info.id, user, "add1", info.version)
    assert result.events
