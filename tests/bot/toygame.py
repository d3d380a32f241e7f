"""Dice Race: a tiny game implementing the engine contract, the fast test game.

Each turn the seat to move takes up to two actions: ``add1`` / ``add2`` (no chance
involved, so they can be taken back), ``roll`` (adds a die roll: it reveals, so it ends
the undo window) or ``end`` (after at least one action). Every seat also holds a secret
bonus, visible only in its own view and added at the end; adding points tells the seat
(privately) its secret. The first seat to reach the target ends the game.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw
from pydantic import Field

from games.base import Decision, Event, Game, GameOptions, GameState, Option, Outcome
from games.rng import Rng
from renderer.base import GameRenderer

NAME = "diceroll"


class DiceRaceOptions(GameOptions):
    target: int = Field(default=12, ge=3, le=100)


class DiceRaceState(GameState):
    target: int
    current: int = 0
    actions_this_turn: int = 0
    points: list[int]
    secret: list[int]


class DiceRace(Game[DiceRaceState, DiceRaceOptions]):
    name = NAME
    title = "Dice Race"
    min_seats = 2
    max_seats = 3
    state_model = DiceRaceState
    options_model = DiceRaceOptions
    summary = "Race to the target: add 1, add 2 or roll a die, two actions a turn."

    def setup(self, seats: int, options: DiceRaceOptions, seed: int) -> DiceRaceState:
        rng = Rng.from_seed(seed)
        secret = [rng.randint(0, 3) for _ in range(seats)]
        first = rng.randrange(seats)
        return DiceRaceState(
            game=NAME, seats=seats, seed=seed, rng=rng, target=options.target,
            current=first, points=[0] * seats, secret=secret,
        )

    def pending(self, state: DiceRaceState) -> Decision | None:
        if state.finished:
            return None
        options = [
            Option(key="add1", label="Add 1"),
            Option(key="add2", label="Add 2"),
            Option(key="roll", label="Roll a die"),
        ]
        if state.actions_this_turn > 0:
            options.append(Option(key="end", label="End turn", ends_turn=True))
        who = f"Seat {state.current + 1}"
        return Decision(
            seat=state.current, turn=state.turn, options=options,
            prompt=f"{who}: {state.points[state.current]} of {state.target} points. Your action?",
        )

    def _apply(self, state: DiceRaceState, seat: int, option: Option) -> Outcome:
        who = f"Seat {seat + 1}"
        events: list[Event] = []
        reveals = False
        if option.key == "end":
            events.append(Event(text=f"{who} ends the turn.", seat=seat))
            self._next_turn(state)
            return Outcome(state=state, events=events)
        if option.key == "roll":
            gained = state.rng.randint(1, 6)
            reveals = True
            events.append(Event(text=f"{who} rolls a {gained}.", seat=seat))
        else:
            gained = 1 if option.key == "add1" else 2
            events.append(Event(text=f"{who} adds {gained}.", seat=seat))
            events.append(Event(text=f"Your secret bonus is {state.secret[seat]}.",
                                private_to=seat))
        state.points[seat] += gained
        state.actions_this_turn += 1
        if state.points[seat] >= state.target:
            state.finished = True
            events.append(Event(text=f"{who} reaches {state.target}: game over."))
        elif state.actions_this_turn >= 2:
            self._next_turn(state)
        return Outcome(state=state, events=events, reveals=reveals)

    @staticmethod
    def _next_turn(state: DiceRaceState) -> None:
        state.current = (state.current + 1) % state.seats
        state.actions_this_turn = 0
        state.turn += 1

    def view(self, state: DiceRaceState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "points": list(state.points), "target": state.target, "current": state.current,
            "finished": state.finished,
        }
        if seat is not None:
            view["my_secret"] = state.secret[seat]
        if state.finished:
            view["secrets"] = list(state.secret)
        return view

    def scores(self, state: DiceRaceState) -> dict[int, dict[str, int]]:
        return {
            s: {
                "points": state.points[s],
                "bonus": state.secret[s] if state.finished else 0,
                "total": state.points[s] + (state.secret[s] if state.finished else 0),
            }
            for s in range(state.seats)
        }


GAME = DiceRace()


def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    """A small bar chart of the points (the renderer for this test game)."""
    image = Image.new("RGB", (200, 20 + 20 * len(names)), "white")
    draw = ImageDraw.Draw(image)
    for i, (name, points) in enumerate(zip(names, view["points"], strict=True)):
        draw.rectangle((60, 10 + 20 * i, 60 + 10 * points, 24 + 20 * i), fill="teal")
        draw.text((4, 10 + 20 * i), name[:8], fill="black")
    return image


class Renderer(GameRenderer):
    """Dice Race's images: the board only (:func:`render`, looked up at each call so that
    a test may replace it)."""

    def render(self, view: dict[str, Any], names: list[str]) -> Image.Image:
        return render(view, names)


RENDERER = Renderer()
