"""Through the session layer: a decision with one option is played by the
platform; computer seats play after the player is answered, and again after a restart;
options name their board places."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.core.sessions import CANNOT_UNDO, SessionError, Sessions
from bot.settings import Settings
from bot.storage.store import Store
from games import hazienda, kuhlorado
from games.base import Decision, Event, Game, GameOptions, GameState, Option, Outcome
from games.rng import Rng
from testkit.clock import FakeClock
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.helpers import drain, lobby

# -- a tiny game with forced steps that reveal nothing ---------------------------------


class GateState(GameState):
    current: int = 0
    phase: str = "stretch"
    picks: list[str] = []


class Gate(Game[GateState, GameOptions]):
    """A turn: "Stretch" (the only option), choose a or b, "Confirm" (the only option).
    Nothing is random: every step can be taken back. Four turns."""

    name = "gate"
    title = "Gate"
    min_seats = 2
    max_seats = 2
    state_model = GateState
    hidden_information = False

    def setup(self, seats: int, options: GameOptions, seed: int) -> GateState:
        return GateState(game="gate", seats=seats, seed=seed, rng=Rng.from_seed(seed), turn=1)

    def pending(self, state: GateState) -> Decision | None:
        if state.finished:
            return None
        options = {
            "stretch": [Option(key="stretch", label="Stretch")],
            "choose": [Option(key="a", label="Gate A"), Option(key="b", label="Gate B")],
            "confirm": [Option(key="confirm", label="Confirm")],
        }[state.phase]
        return Decision(seat=state.current, prompt=state.phase, options=options,
                        turn=state.turn)

    def _apply(self, state: GateState, seat: int, option: Option) -> Outcome:
        if state.phase == "stretch":
            state.phase = "choose"
        elif state.phase == "choose":
            state.picks.append(option.key)
            state.phase = "confirm"
        else:
            state.phase = "stretch"
            state.current = 1 - state.current
            state.turn += 1
            state.finished = state.turn > 4
        return Outcome(state=state, events=[Event(text=f"Seat {seat + 1}: {option.key}.")])

    def view(self, state: GateState, seat: int | None) -> dict[str, Any]:
        return {"picks": list(state.picks)}

    def scores(self, state: GateState) -> dict[int, dict[str, int]]:
        return {s: {"total": state.picks[s::2].count("a")} for s in range(2)}


GAME = Gate()


@pytest.fixture(autouse=True)
def gate_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "gate", games.Registration(engine=__name__))


async def gate(sessions: Sessions) -> int:
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "gate")
    await sessions.join(CHANNEL, BOB, "Bob")
    return (await sessions.start(CHANNEL, ALICE)).id


async def test_a_decision_with_one_option_is_played_without_asking(
        sessions: Sessions, store: Store) -> None:
    game_id = await gate(sessions)
    decision, _ = await sessions.decision_for(game_id, ALICE)
    assert decision is not None and [o.key for o in decision.options] == ["a", "b"]
    # logged as Alice's move, as if she had tapped it
    start, stretch = await store.moves(game_id)
    assert (stretch.kind, stretch.seat, stretch.user_id, stretch.by_computer, stretch.label) == (
        "move", 0, ALICE, False, "Stretch")
    [*_, begins] = await drain(sessions)
    assert begins.mention_user_ids == (ALICE,) and "Seat 1: stretch." in begins.text
    assert begins.deadline_at is not None  # her turn clock runs

    result = await sessions.play(game_id, ALICE, "a", None)
    # her Confirm and Bob's Stretch were played too; the turn passed to Bob
    assert result.turn_over and result.decision is None
    assert result.events == ["Seat 1: a.", "Seat 1: confirm.", "Seat 2: stretch."]
    info = await sessions.info_by_id(game_id)
    assert info.user_to_move == BOB and info.deadline_at is not None
    [turn] = await drain(sessions)
    assert turn.mention_user_ids == (BOB,)
    bob_decision, _ = await sessions.decision_for(game_id, BOB)
    assert bob_decision is not None and len(bob_decision.options) == 2


async def test_undo_takes_back_a_choice_with_the_forced_steps_after_it(
        sessions: Sessions, store: Store) -> None:
    game_id = await gate(sessions)
    played = await sessions.play(game_id, ALICE, "a", None)
    await drain(sessions)
    assert await sessions.undoable(game_id, ALICE) and not await sessions.undoable(game_id, BOB)
    with pytest.raises(SessionError, match=CANNOT_UNDO.split(",")[0]):
        await sessions.undo(CHANNEL, BOB)  # Bob has chosen nothing yet

    back = await sessions.undo(CHANNEL, ALICE)
    assert back.turn_over and back.decision is not None
    assert [o.key for o in back.decision.options] == ["a", "b"]
    assert back.version == played.version + 1
    moves = await store.moves(game_id)
    assert [(m.label, m.undone) for m in moves[1:]] == [
        ("Stretch", False), ("Gate A", True), ("Confirm", True), ("Stretch", True),
        ("Undo: Gate A", False)]
    [undo] = await drain(sessions)
    assert undo.kind == "undo" and undo.mention_user_ids == (ALICE,)

    await sessions.play(game_id, ALICE, "b", None)
    await sessions.play(game_id, BOB, "a", None)
    with pytest.raises(SessionError, match="before anyone else"):
        await sessions.undo(CHANNEL, ALICE)  # Bob chose since
    await sessions.undo(CHANNEL, BOB)
    await sessions.undo(CHANNEL, ALICE)
    with pytest.raises(SessionError, match="nothing to take back"):
        await sessions.undo(CHANNEL, ALICE)  # her first Stretch was nobody's choice


async def test_kuhlorado_rolls_for_the_player_and_the_roll_closes_the_undo_window(
        sessions: Sessions, store: Store) -> None:
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "kuhlorado", {"sheet": 1})
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    user = info.user_to_move
    assert user is not None
    decision, _ = await sessions.decision_for(info.id, user)
    assert decision is not None and decision.option("keep") is not None
    roll = (await store.moves(info.id))[-1]
    assert roll.label == "Roll the dice" and roll.user_id == user and roll.reveals
    with pytest.raises(SessionError, match="revealed"):
        await sessions.undo(CHANNEL, user)  # a roll is never taken back
    state = kuhlorado.GAME.load((await store.game(info.id)).state)  # type: ignore[union-attr]
    assert state.phase == "reroll"


async def test_computer_seats_resume_after_a_restart(
        store: Store, settings: Settings, clock: FakeClock) -> None:
    first = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
    await lobby(first)
    await first.add_computer(CHANNEL, ALICE)
    info = await first.start(CHANNEL, ALICE)
    await first.wait_for_computers(info.id)
    await drain(first)
    await first.play(info.id, ALICE, "add1", None)
    result = await first.play(info.id, ALICE, "add1", None)  # ends her turn
    assert result.turn_over and result.decision is None
    await first.close()  # the bot stops before the computer played
    stopped = await first.info_by_id(info.id)
    assert stopped.user_to_move is None and stopped.status == "active"
    assert await drain(first) == []  # nothing told yet: the computer's turn tells it all

    second = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
    # a process of a sharded bot resumes only the games of its shards' guilds
    assert await second.resume_computers(lambda guild: guild != GUILD) == 0
    assert await second.resume_computers(lambda guild: guild == GUILD) == 1
    await second.wait_for_computers()
    again = await second.info_by_id(info.id)
    assert again.user_to_move == ALICE and again.version > stopped.version
    [announcement] = await drain(second)
    assert announcement.mention_user_ids == (ALICE,)
    assert announcement.text.startswith("Seat 1 adds 1.\nSeat 1 adds 1.")
    assert await second.resume_computers() == 0
    await second.close()


def test_kuhlorado_marks_and_hazienda_placements_name_their_place() -> None:
    game = kuhlorado.GAME
    state = game.setup(2, game.parse_options({"sheet": 1}), 5)
    while (decision := game.pending(state)) is not None and not decision.options[0].key.startswith(
            "mark:"):
        key = "keep" if decision.option("keep") else decision.options[0].key
        state = game.apply(state, decision.seat, key).state
    assert decision is not None
    for option in decision.options:
        assert option.key == "done" or option.at == option.key.removeprefix("mark:")

    game = hazienda.GAME
    state = game.setup(2, game.parse_options(None), 5)
    rng = Rng.from_seed(1)
    placed = 0
    for _ in range(400):
        decision = game.pending(state)
        if decision is None:
            break
        for option in decision.options:
            if option.key.startswith(("place:", "take:")):
                assert option.at == option.key.split(":")[1]
                placed += 1
            elif option.key.startswith("play:"):  # card and place together, or card first
                parts = option.key.split(":")
                assert option.at == (parts[3] if len(parts) == 4 else None)
            elif option.key.startswith(("buy:", "end", "pond:", "harvest")):
                assert option.at is None
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
    assert placed > 0


async def _computer_to_move_after_failures(
        store: Store, settings: Settings, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        failures: int) -> tuple[Sessions, int]:
    """A game where Alice ends her turn and the computer's task fails ``failures`` times
    (then thinks as usual)."""
    from bot.core.sessions import computers

    sessions = Sessions(store, settings, clock=clock, seed_source=lambda: 1234)
    await lobby(sessions)
    await sessions.add_computer(CHANNEL, ALICE)
    info = await sessions.start(CHANNEL, ALICE)
    await sessions.wait_for_computers(info.id)
    real = computers.think_off_loop
    failed: list[int] = []

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if len(failed) < failures:
            failed.append(1)
            raise RuntimeError("a CPU worker was lost")
        return await real(*args, **kwargs)

    monkeypatch.setattr(computers, "think_off_loop", flaky)
    await sessions.play(info.id, ALICE, "add1", None)
    result = await sessions.play(info.id, ALICE, "add1", None)  # ends her turn
    assert result.turn_over and result.decision is None
    await sessions.wait_for_computers(info.id)
    return sessions, info.id


async def test_a_failed_computer_task_is_tried_again_while_the_bot_runs(
        store: Store, settings: Settings, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A background computer task that failed waited for the next start; now it
    is tried again after a pause (a bounded number of times), with a log line each time."""
    monkeypatch.setattr("bot.core.sessions.computers.COMPUTER_RETRY_DELAYS", (0.0, 0.01))
    sessions, game_id = await _computer_to_move_after_failures(
        store, settings, clock, monkeypatch, failures=2)
    assert (await sessions.info_by_id(game_id)).user_to_move == ALICE  # the third try played
    assert [r.getMessage() for r in caplog.records if "computer seats" in r.getMessage()] == [
        f"computer seats of game {game_id} failed (attempt 1 of 3); trying again in 0 s",
        f"computer seats of game {game_id} failed (attempt 2 of 3); trying again in 0.01 s"]
    await sessions.close()


async def test_a_computer_task_that_keeps_failing_waits_for_the_next_start(
        store: Store, settings: Settings, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr("bot.core.sessions.computers.COMPUTER_RETRY_DELAYS", (0.0,))
    sessions, game_id = await _computer_to_move_after_failures(
        store, settings, clock, monkeypatch, failures=100)
    assert (await sessions.info_by_id(game_id)).user_to_move is None
    assert not sessions.computers_thinking(game_id)
    assert caplog.records[-1].getMessage() == (
        f"computer seats of game {game_id} failed 2 times in a row; they try again at the "
        "next start")
    await sessions.close()
