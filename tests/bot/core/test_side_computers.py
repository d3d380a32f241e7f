"""Computer seats and side decisions (``Game.side_decision``): a computer looks at its
offers once its own turn has ended (``games.ai.choose_side``) and finishes at once any side
action it began; a human's side decisions are never played for them.

A tiny game stands in for GWT:A's exchange token: outside your turn you may cash a chip
(+3 points, and you draw a bonus die: it reveals), then must keep the die (+its value) or
toss it (a side action to finish)."""

from __future__ import annotations

from typing import Any

from bot.core import autoplay
from games import ai
from games.base import Decision, Event, Game, GameOptions, GameState, Option, Outcome
from games.rng import Rng

HUMAN = 7


class ChipsState(GameState):
    current: int = 0
    points: list[int]
    chips: list[int]
    #: seat -> the die it drew by cashing a chip and has not kept or tossed yet
    die: dict[int, int] = {}


class Chips(Game[ChipsState, GameOptions]):
    name = "chips"
    title = "Chips"
    min_seats = 2
    max_seats = 2
    state_model = ChipsState

    def setup(self, seats: int, options: GameOptions, seed: int) -> ChipsState:
        return ChipsState(game=self.name, seats=seats, seed=seed, rng=Rng.from_seed(seed),
                          points=[0] * seats, chips=[1] * seats)

    def pending(self, state: ChipsState) -> Decision | None:
        if state.finished:
            return None
        return Decision(seat=state.current, prompt="Take or pass?", turn=state.turn,
                        options=[Option(key="take", label="Take 1"),
                                 Option(key="pass", label="Pass")])

    def _apply(self, state: ChipsState, seat: int, option: Option) -> Outcome:
        if option.key == "take":
            state.points[seat] += 1
        state.current = 1 - state.current
        state.turn += 1
        state.finished = state.turn >= 6
        return Outcome(state=state, events=[Event(text=f"Seat {seat + 1}: {option.key}.")])

    def side_decision(self, state: ChipsState, seat: int) -> Decision | None:
        if state.finished or seat == state.current:
            return None
        if seat in state.die:
            return Decision(seat=seat, prompt="Keep the die?", turn=state.turn,
                            options=[Option(key="keep", label="Keep"),
                                     Option(key="toss", label="Toss")])
        if state.chips[seat]:
            return Decision(seat=seat, prompt="Cash a chip?", turn=state.turn, optional=True,
                            options=[Option(key="cash", label="Cash a chip")])
        return None

    def _apply_side(self, state: ChipsState, seat: int, option: Option) -> Outcome:
        if option.key == "cash":
            state.chips[seat] -= 1
            state.points[seat] += 3
            state.die[seat] = state.rng.randint(1, 6)
            return Outcome(state=state, reveals=True)
        if option.key == "keep":
            state.points[seat] += state.die[seat]
        state.die = {s: d for s, d in state.die.items() if s != seat}
        return Outcome(state=state)

    def view(self, state: ChipsState, seat: int | None) -> dict[str, Any]:
        return {"points": list(state.points)}

    def scores(self, state: ChipsState) -> dict[int, dict[str, int]]:
        return {s: {"total": p} for s, p in enumerate(state.points)}


GAME = Chips()


def test_choose_side_takes_a_good_offer_and_finishes_what_it_began():
    state = GAME.setup(2, GameOptions(), 1)
    rng = Rng.from_seed(3)
    assert ai.choose_side(GAME, state, 0, rng) is None, "no side decision for the seat to move"
    assert ai.choose_side(GAME, state, 1, rng) == "cash"
    cashed = GAME.apply(state, 1, "cash").state
    assert ai.choose_side(GAME, cashed, 1, rng) == "keep"


def test_choose_side_leaves_an_offer_worth_nothing():
    class Worthless(Chips):
        def evaluate(self, state: ChipsState, seat: int) -> float:
            return state.chips[seat]  # a chip kept is worth more than cashing it

    game = Worthless()
    assert ai.choose_side(game, game.setup(2, GameOptions(), 1), 1, Rng.from_seed(3)) is None


def test_a_computer_cashes_after_its_turn_and_keeps_the_die_at_once():
    state = GAME.setup(2, GameOptions(), 1)  # seat 0 (the computer) to move
    users = [None, HUMAN]
    steps = autoplay.computer_steps(GAME, state, users)
    assert [(s.seat, s.key, s.by_computer) for s in steps] == [
        (0, "take", True), (0, "cash", True), (0, "keep", True)]
    assert steps[1].label == "Cash a chip" and steps[1].reveals
    end = steps[-1].state
    assert GAME.pending(end).seat == 1, "the human's turn, with nothing left to play"
    assert not autoplay.computer_to_move(GAME, end, users)
    assert autoplay.next_steps(GAME, end, users) == []


def test_a_side_action_left_by_a_seat_a_computer_took_over_is_finished():
    state = GAME.setup(2, GameOptions(), 1)
    cashed = GAME.apply(state, 1, "cash").state  # a human cashed, then forfeited
    assert not autoplay.computer_to_move(GAME, cashed, [HUMAN, HUMAN])
    users = [HUMAN, None]
    assert autoplay.computer_to_move(GAME, cashed, users)
    [step] = autoplay.next_steps(GAME, cashed, users)
    assert (step.seat, step.key, step.by_computer) == (1, "keep", True)


def test_a_humans_offers_are_never_taken_for_them():
    state = GAME.setup(2, GameOptions(), 1)
    users = [None, HUMAN]
    steps = autoplay.computer_steps(GAME, state, users)
    assert all(s.seat == 0 for s in steps)
    assert GAME.side_decision(steps[-1].state, 0) is None, "the computer's chip is spent"
    # the human (seat 1) is to move; its chip is still there for its own use later
    assert steps[-1].state.chips[1] == 1


async def test_the_background_loop_plays_the_same(monkeypatch):
    """The bot's loop (each computer choice a task of the CPU pool) gives the same steps."""
    import games

    monkeypatch.setitem(games.GAME_MODULES, GAME.name, __name__)
    state = GAME.setup(2, GameOptions(), 1)
    users = [None, HUMAN]
    looped = await autoplay.think_off_loop(GAME, state, users)
    assert [(s.seat, s.key) for s in looped] == [
        (s.seat, s.key) for s in autoplay.computer_steps(GAME, state, users)]
