"""Kuhlorado (Reinhard Staupe, NSV 2014) as an Estancia game: 2 players, one shared sheet.

A turn is a few steps, each its own decision: ``roll`` → keep or reroll (once, any
subset of the dice) → first mark → maybe a second mark. When a roll allows no mark at
all (two numbers with no free matching cell) the turn passes at once with an event
saying so; no decision is asked.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.base import (
    Decision,
    Event,
    Game,
    GameOptions,
    GameState,
    Option,
    Outcome,
    PerState,
)
from games.i18n import N_, _, _n, using
from games.kuhlorado import ai_value
from games.kuhlorado.decisions import (
    mark_options,
    mark_prompt,
    reroll_options,
    second_mark_prompt,
    wanted,
)
from games.kuhlorado.marking import (
    COW_FACE,
    both,
    dice_text,
    first_marks,
    second_mark_compulsory,
    second_marks,
)
from games.kuhlorado.names import SEAT_NAMES, category_label
from games.kuhlorado.scoring import (
    DOUBLE_POINTS,
    PRO_COW_THRESHOLD,
    count_doubles,
    score_sheet,
)
from games.kuhlorado.sheet import SYMBOLS, Pos, Sheet, label, parse_label
from games.kuhlorado.sheets import SHEETS, load_sheet
from games.kuhlorado.view import build_view
from games.rng import Rng

#: "Fin de la partie": the game ends when at most this many free number cells are left.
END_FREE_NUMBERS = 5

Phase = Literal["roll", "reroll", "mark", "second_mark", "over"]


class KuhloradoOptions(GameOptions):
    pro: bool = False
    sheet: int | None = Field(default=None, ge=1, le=len(SHEETS))


class LastMove(BaseModel):
    seat: int
    cells: list[Pos]


class KuhloradoState(GameState):
    options: KuhloradoOptions
    sheet_number: int
    sheet: Sheet
    current: int
    phase: Phase = "roll"
    #: The latest roll (after its reroll), kept on show until the next roll.
    dice: list[int] = Field(default_factory=list)
    dice_seat: int | None = None
    rerolled: bool = False
    #: Cells marked so far in the turn being played.
    turn_marks: list[Pos] = Field(default_factory=list)
    #: The cells of the last finished turn (highlighted on the board).
    last_move: LastMove | None = None
    #: "Variante pro": points of the intermediate scoring, per seat.
    doubles: list[int] = Field(default_factory=lambda: [0, 0])
    doubles_scored: bool = False
    end_reason: str | None = None


def symbol_of(seat: int) -> str:
    return SYMBOLS[seat]


#: Decisions of live states, computed once (front ends, checks and computer players ask
#: for the same state's decision many times).
_decisions: PerState[KuhloradoState, Decision] = PerState()


class Kuhlorado(Game[KuhloradoState, KuhloradoOptions]):
    name = "kuhlorado"
    title = "Kuhlorado"
    min_seats = 2
    max_seats = 2
    state_model = KuhloradoState
    options_model = KuhloradoOptions
    # Both dice and both sheets are public (rulebook: the players roll in turn).
    hidden_information = False
    summary = N_(
        "Two players share one 8×8 pasture sheet: Crosses (x) and Circles (o). Roll two "
        "dice (1-5 and a cow), reroll any of them once, then mark: two numbers = one "
        "matching cell; two cows = two cow cells; cow + number = a cow or that number, or "
        "both if exactly one cell lies between them (straight or diagonal). Troughs are "
        "never marked. The game ends when no cow is free or only 5 number cells are free. "
        "Score: 3 per border meadow majority, 4/2 per large/small trough majority "
        "(orthogonal neighbours), herds of 5/10/15/20 orthogonally connected marks score "
        "2/5/12/20. Pro variant: the moment 9 cows are marked, once only, each group of "
        "exactly two orthogonally adjacent marks of a player scores 2."
    )

    # -- life cycle -----------------------------------------------------------------
    def setup(self, seats: int, options: KuhloradoOptions | None, seed: int) -> KuhloradoState:
        if seats != 2:
            raise ValueError("Kuhlorado is a game for exactly 2 players.")
        options = options or KuhloradoOptions()
        rng = Rng.from_seed(seed)
        number = options.sheet or rng.randint(1, len(SHEETS))
        first = rng.randrange(2)  # "On tire au sort pour savoir qui commence."
        return KuhloradoState(
            game=self.name,
            seats=seats,
            seed=seed,
            rng=rng,
            turn=1,
            options=options,
            sheet_number=number,
            sheet=load_sheet(number),
            current=first,
        )

    def pending(self, state: KuhloradoState) -> Decision | None:
        if state.finished:
            return None
        return _decisions.get(state, lambda: self._decide(state))

    def _decide(self, state: KuhloradoState) -> Decision:
        seat, who = state.current, _(SEAT_NAMES[state.current])
        if state.phase == "roll":
            prompt = _("{who} ({symbol}): roll the dice.", who=who, symbol=symbol_of(seat))
            options = [Option(key="roll", label=_("Roll the dice"))]
        elif state.phase == "reroll":
            if first_marks(state.sheet, state.dice):
                prompt = _("{who} rolled {dice}. Keep them or reroll once?", who=who,
                           dice=dice_text(state.dice))
            else:
                prompt = _("{who} rolled {dice}. Keep them or reroll once? Keeping them marks "
                           "nothing: no free {cell}.", who=who, dice=dice_text(state.dice),
                           cell=wanted(state.dice))
            options = reroll_options(state.dice)
        elif state.phase == "mark":
            prompt = mark_prompt(who, state.sheet, state.dice)
            options = mark_options(state.sheet, first_marks(state.sheet, state.dice))
        else:
            first = state.turn_marks[0]
            compulsory = second_mark_compulsory(state.dice)
            cells = second_marks(state.sheet, state.dice, first)
            prompt = second_mark_prompt(who, state.sheet, state.dice, first, compulsory)
            options = mark_options(state.sheet, cells, done_after=None if compulsory else first)
        return Decision(seat=seat, prompt=prompt, options=options, turn=state.turn)

    def _apply(self, state: KuhloradoState, seat: int, option: Option) -> Outcome:
        events: list[Event] = []
        reveals = False
        if state.phase == "roll":
            state.dice = [roll_die(state.rng), roll_die(state.rng)]
            state.dice_seat, state.rerolled, state.turn_marks = seat, False, []
            state.phase = "reroll"
            events.append(self._event(state, _("{who} roll {dice}.", who=self._who(state),
                                                 dice=dice_text(state.dice))))
            reveals = True
        elif state.phase == "reroll":
            reveals = self._reroll(state, option.key, events)
        elif option.key == "done":
            self._end_turn(state, events)
        else:
            self._mark(state, parse_label(option.key.removeprefix("mark:")), events)
        return Outcome(state=state, events=events, reveals=reveals)

    def _reroll(self, state: KuhloradoState, key: str, events: list[Event]) -> bool:
        which = {"keep": [], "reroll1": [0], "reroll2": [1], "rerollboth": [0, 1]}[key]
        if which:
            old = dice_text([state.dice[i] for i in which])
            for i in which:
                state.dice[i] = roll_die(state.rng)
            state.rerolled = True
            events.append(self._event(state, _("{who} reroll {old}: now {dice}.",
                                               who=self._who(state), old=old,
                                               dice=dice_text(state.dice))))
        else:
            events.append(self._event(state, _("{who} keep {dice}.", who=self._who(state),
                                               dice=dice_text(state.dice))))
        if first_marks(state.sheet, state.dice):
            state.phase = "mark"
        else:
            # "Deux chiffres": s'il n'y avait plus de case libre correspondante, le
            # joueur ne marque rien. Pas de chance.
            events.append(self._event(state, _("{who} can mark nothing: no free {cell}.",
                                               who=self._who(state), cell=wanted(state.dice))))
            self._end_turn(state, events)
        return bool(which)

    def _mark(self, state: KuhloradoState, pos: Pos, events: list[Event]) -> None:
        state.sheet.set_mark(pos, symbol_of(state.current))
        state.turn_marks.append(pos)
        self._maybe_score_doubles(state, events)
        if len(state.turn_marks) == 1 and second_marks(state.sheet, state.dice, pos):
            state.phase = "second_mark"
        else:
            self._end_turn(state, events)

    def _maybe_score_doubles(self, state: KuhloradoState, events: list[Event]) -> None:
        # "Variante pro": dès que 9 vaches sont marquées au total sur le bloc, on calcule
        # un score intermédiaire (only the doubles), once, right after that mark.
        if not state.options.pro or state.doubles_scored:
            return
        if state.sheet.marked_cows() < PRO_COW_THRESHOLD:
            return
        counts = [count_doubles(state.sheet, symbol_of(s)) for s in range(2)]
        state.doubles = [DOUBLE_POINTS * n for n in counts]
        state.doubles_scored = True
        first, second = (
            _n("{who} {n} double ({points} points)", "{who} {n} doubles ({points} points)",
               counts[s], who=_(SEAT_NAMES[s]), points=state.doubles[s])
            for s in range(2)
        )
        events.append(Event(text=_("Pro scoring: {cows} cows are marked. {first}, {second}.",
                                   cows=PRO_COW_THRESHOLD, first=first, second=second)))

    def _end_turn(self, state: KuhloradoState, events: list[Event]) -> None:
        if state.turn_marks:
            cells = [label(p) for p in state.turn_marks]
            cells_text = cells[0] if len(cells) == 1 else both(*cells)
            events.append(self._event(state, _("{who} mark {cells}.", who=self._who(state),
                                               cells=cells_text)))
        state.last_move = LastMove(seat=state.current, cells=list(state.turn_marks))
        state.turn_marks = []
        reason = end_reason(state.sheet)
        if reason:
            with using("en"):  # the state keeps the English text, the same in every locale
                state.end_reason = end_reason(state.sheet)
            state.finished, state.phase = True, "over"
            events.append(Event(text=_("Game over: {reason}. {result}", reason=reason,
                                       result=self.result_text(state))))
            return
        state.current = 1 - state.current
        state.turn += 1
        state.phase = "roll"

    def _who(self, state: KuhloradoState) -> str:
        return _(SEAT_NAMES[state.current])

    def _event(self, state: KuhloradoState, text: str) -> Event:
        return Event(text=text, seat=state.current)

    def copy(self, state: KuhloradoState) -> KuhloradoState:
        """A deep copy made by hand (much faster than ``deepcopy``; ``apply`` is hot).

        Only these fields are ever mutated in place; ``options`` and ``last_move`` are
        only ever replaced.
        """
        return state.model_copy(update={
            "rng": state.rng.model_copy(),
            "sheet": state.sheet.model_copy(update={"cells": list(state.sheet.cells)}),
            "dice": list(state.dice),
            "turn_marks": list(state.turn_marks),
            "doubles": list(state.doubles),
        })

    # -- reading ------------------------------------------------------------------------
    def scores(self, state: KuhloradoState) -> dict[int, dict[str, int]]:
        by_symbol = score_sheet(state.sheet)
        out = {}
        for seat in range(2):
            parts = dict(by_symbol[symbol_of(seat)])
            parts["doubles"] = state.doubles[seat]
            parts["total"] += parts["doubles"]
            out[seat] = {k: parts[k] for k in ("meadows", "troughs", "herds", "doubles", "total")}
        return out

    def result_text(self, state: KuhloradoState) -> str:
        scores = self.scores(state)
        points = {"first": _(SEAT_NAMES[0]), "a": scores[0]["total"],
                  "second": _(SEAT_NAMES[1]), "b": scores[1]["total"]}
        winners = self.winners(state)
        if len(winners) == 2:
            return _("{first} {a}, {second} {b}: a tie, both win.", **points)
        return _("{first} {a}, {second} {b}: {winner} win.", winner=_(SEAT_NAMES[winners[0]]),
                 **points)

    def seat_name(self, state: KuhloradoState, seat: int) -> str:
        return _(SEAT_NAMES[seat])

    def score_label(self, category: str) -> str:
        return category_label(category) or super().score_label(category)

    def evaluate(self, state: KuhloradoState, seat: int) -> float:
        """The lead in points counted softly while cells are free (:mod:`.ai_value`)."""
        exact = {symbol_of(s): sc["total"] - sc["doubles"] for s, sc in self.scores(state).items()}
        lead = ai_value.evaluate(state.sheet, symbol_of(seat), state.finished, exact)
        return lead + state.doubles[seat] - state.doubles[1 - seat]

    def view(self, state: KuhloradoState, seat: int | None) -> dict[str, Any]:
        """The same public view for everybody: Kuhlorado has no hidden information."""
        return build_view(self, state)


def roll_die(rng: Rng) -> int:
    return rng.randint(1, COW_FACE)




def end_reason(sheet: Sheet) -> str | None:
    """'Fin de la partie': checked after each player's action."""
    return end_reason_text(len(sheet.free_cows()), len(sheet.free_numbers()))


def end_reason_text(free_cows: int, free_numbers: int) -> str | None:
    """Why the game ended, in the active language (None while it goes on)."""
    if not free_cows:
        return _("no free cow cell is left")
    if free_numbers <= END_FREE_NUMBERS:
        return _n("only {n} free number cell left", "only {n} free number cells left",
                  free_numbers)
    return None









