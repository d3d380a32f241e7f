"""The engine contract shared by every game.

A game is a pure, deterministic state machine (in the spirit of boardgame.io's game
definitions and OpenSpiel's ``legal_actions``/``apply_action``):

* ``setup(seats, options, seed)`` builds the initial state. The state is a pydantic
  model (a subclass of :class:`GameState`) that carries its own RNG, so replaying the
  recorded moves from the same setup reproduces every roll and shuffle.
* At every moment there is at most **one pending decision** (:class:`Decision`): whose
  it is and the finite list of :class:`Option` s, each with a stable machine ``key`` and
  a short human ``label``. ``pending(state)`` is ``None`` once the game is over.
* ``apply(state, seat, key)`` returns an :class:`Outcome`: the new state (the input is
  never mutated), the events to announce, and whether the step revealed something
  random or hidden (which ends the undo window). Anything illegal raises
  :class:`IllegalMove` with a message that can be shown to the player.
* ``view(state, seat)`` is what one seat may see (its own secrets, nobody else's);
  ``view(state, None)`` is the spectators' public view. Renderers and messages are
  built only from views.
* ``scores(state)`` gives a breakdown per seat by category (always with ``"total"``).
* ``automa(state)`` is the opponent that holds no seat in a solo game (its name, level,
  score and whether it won, :class:`Automa`), or None: front ends show it beside the seats
  wherever they show the line-up, scores and the result; ``winners`` lists seats only.
* ``side_decision(state, seat)`` is what a seat may do *outside* the pending decision
  (GWT:A's exchange tokens « même quand ce n'est pas votre tour »), for any seat but the
  one deciding: ``apply`` with that seat plays it, as it plays the pending decision.
* ``holdings(state, seat)`` is what a seat holds (its hand, money ...), told by names for
  its private panels, and whether the faces of its cards matter to its decision now.
* Events may name a player by :func:`seat_ref` (the engine knows seats, not names);
  front ends show :meth:`Event.told` with the players' display names.

Front ends never special-case a game: they show ``Decision.prompt`` and the options.
Big choices are grouped: when a decision has more than :data:`MENU_LIMIT` options,
every option carries a ``group`` and no group holds more than :data:`MENU_LIMIT`
options, so a phone can pick a group first and then the option (Discord select
menus hold 25 options at most).
"""

from __future__ import annotations

import copy
import re
import weakref
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from games import i18n
from games.i18n import _
from games.rng import Rng

MENU_LIMIT = 25


class IllegalMove(ValueError):
    """An option that is not legal now. The message is shown to the player as is."""


class Option(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str = Field(max_length=90)
    label: str = Field(max_length=100)
    group: str | None = Field(default=None, max_length=80)
    #: Optional longer explanation (select-menu description, ≤ 100 characters).
    hint: str | None = Field(default=None, max_length=100)
    #: Where on the board this option acts, in the game's own notation (a Kuhlorado cell
    #: "c4", a Hazienda hex, a Llama Land placement ...). Only the game's renderer reads it:
    #: when options of a decision have places, front ends number the options and ask
    #: :func:`renderer.render_decision_png` for an image of just that region, each place
    #: marked with the number or letter its button carries. Options may share a place.
    at: str | None = Field(default=None, max_length=60)
    #: Taking it ends the player's turn while other things could still be done ("End
    #: turn", "End phase B"): front ends give it a button of its own under the moves (in a
    #: menu only when a decision has more of them than a message has room for buttons).
    ends_turn: bool = False


class Decision(BaseModel):
    """The one pending decision: who decides, what is asked, which options are legal."""

    seat: int
    prompt: str
    options: list[Option]
    #: Counts turns: a new value means a new turn began (the front end pings the seat
    #: and restarts its turn timer only then, not after every step of a turn).
    turn: int = 0
    #: Only for a side decision (:meth:`Game.side_decision`): the seat may leave it (an
    #: offer, such as an exchange token). False for the pending decision, and for the rest
    #: of a side action already begun (the cards to discard after an exchange token), which
    #: the seat must answer.
    optional: bool = False

    def option(self, key: str) -> Option | None:
        for opt in self.options:
            if opt.key == key:
                return opt
        return None

    def groups(self) -> list[str]:
        seen: dict[str, None] = {}
        for opt in self.options:
            seen.setdefault(opt.group or "", None)
        return list(seen)


class Event(BaseModel):
    """Something to announce. ``private_to`` events are shown only to that seat.

    A text may name seats by :func:`seat_ref`; front ends show it with :meth:`told`."""

    text: str
    seat: int | None = None
    private_to: int | None = None

    def told(self, names: Sequence[str]) -> str:
        """The text with the players' names for its seat references."""
        return name_seats(self.text, names)


#: A seat named inside an event (``seat_ref``): the seat's number counted from 1.
SEAT_REF = re.compile(r"⟨seat (\d+)⟩")


def seat_ref(seat: int) -> str:
    """How an event's text names ``seat`` (0-based), whose player's name the engine does
    not know: the front end puts the display name in its place (:func:`name_seats`)."""
    return f"⟨seat {seat + 1}⟩"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each :func:`seat_ref` replaced by that seat's name from ``names``
    (a seat without a name is told as "Seat N")."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else _("Seat {n}", n=seat + 1)

    return SEAT_REF.sub(name, text)


class GameState(BaseModel):
    """Fields every game state has. Games subclass it and add their own."""

    model_config = ConfigDict(validate_assignment=False)

    game: str
    seats: int
    seed: int
    rng: Rng
    #: Number of steps applied since setup; the session layer uses its own version.
    step: int = 0
    turn: int = 0
    finished: bool = False


class Automa(BaseModel):
    """An opponent that holds no seat: a solo game's automa. The engine plays it inside
    the seat's turns; front ends name it, with its level, beside the seats in the start
    message, the scores and the result, and count it among the winners when ``won``."""

    #: Its name as players read it (e.g. "Pedro").
    name: str
    #: The option value that set its level (e.g. "expert"): stable, results are kept by
    #: it; None when it has no levels.
    level: str | None = None
    #: That level as players read it, in the active language (e.g. "expert ♦♦♦").
    level_name: str | None = None
    #: Its points by category, always with "total" (the categories of ``Game.scores``).
    scores: dict[str, int]
    #: Whether its total is the best of the table — its win (or a share of it, on a tie)
    #: once the game is over.
    won: bool

    @property
    def total(self) -> int:
        return self.scores["total"]

    def label(self) -> str:
        """ "Pedro (expert ♦♦♦)" — its name with its level, in the active language."""
        if not self.level_name:
            return self.name
        return _("{name} ({level})", name=self.name, level=self.level_name)


class Outcome(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event] = Field(default_factory=list)
    #: True when this step showed something random or hidden (a roll, a drawn card):
    #: undo can never go back across it.
    reveals: bool = False


class Announcements:
    """What applying one option tells, gathered while the engine works on its copy of the
    state: the events in the order they happened, and whether something random or hidden
    was revealed (:attr:`Outcome.reveals`). An engine's ``_apply`` makes one, hands it to
    the rules that run, and returns :meth:`outcome`."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, text: str, seat: int | None = None, private_to: int | None = None) -> None:
        """An event: about ``seat`` (None: nobody in particular), shown to everyone, or
        only to ``private_to``. (A text that carries more than its words, such as GWT:A's
        remembered recipes, is told as its plain words.)"""
        self.events.append(Event(text=str(text), seat=seat, private_to=private_to))

    def private(self, seat: int, text: str) -> None:
        """An event about ``seat`` that only ``seat`` reads (a card it drew)."""
        self.say(text, seat, private_to=seat)

    def outcome(self, state: Any) -> Outcome:
        """The step's :class:`Outcome`: ``state`` with what was told."""
        return Outcome(state=state, events=self.events, reveals=self.reveals)


class Holdings(BaseModel):
    """What one seat holds (:meth:`Game.holdings`), for that seat's eyes only."""

    model_config = ConfigDict(frozen=True)

    #: One short line naming what the seat holds, by names in the active language (never
    #: ids): "Your hand: Niata ×2, Fronterizo · 7 pesos · 1 exchange token".
    text: str = Field(max_length=400)
    #: The faces of the seat's cards matter to the decision it is asked now (cards to
    #: reveal, discard or pick): front ends then show an image of them (the renderer's
    #: ``render_hand``, drawn from the seat's view).
    faces: bool = False


class GameOptions(BaseModel):
    """Variant settings of a game. Subclasses add fields with defaults."""

    model_config = ConfigDict(extra="forbid")


S = TypeVar("S", bound=GameState)
Opts = TypeVar("Opts", bound=GameOptions)


class Game(ABC, Generic[S, Opts]):
    """A plain definition of a game. Instances are stateless singletons."""

    name: ClassVar[str]  # machine name: "kuhlorado"
    title: ClassVar[str]  # human name: "Kuhlorado"
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    state_model: ClassVar[type[GameState]]
    options_model: ClassVar[type[GameOptions]] = GameOptions
    #: Short summary of the rules, shown by /estancia rules.
    summary: ClassVar[str] = ""
    #: False when no seat ever holds a secret (no hand, no private draw): front ends may
    #: then put the choices on the public turn message itself instead of a private panel.
    hidden_information: ClassVar[bool] = True
    #: Option names that only a one-seat (solo) game has, e.g. an automa's difficulty:
    #: a new game given one of them is for its creator alone and starts at once.
    solo_options: ClassVar[frozenset[str]] = frozenset()
    #: True when a seat may act outside the pending decision (:meth:`side_decision`, e.g.
    #: GWT:A's exchange tokens on another's turn); False promises it never may.
    side_decisions: ClassVar[bool] = False

    # -- life cycle -------------------------------------------------------------
    @abstractmethod
    def setup(self, seats: int, options: Opts, seed: int) -> S: ...

    @abstractmethod
    def pending(self, state: S) -> Decision | None:
        """The pending decision, or None when the game is over."""

    @abstractmethod
    def _apply(self, state: S, seat: int, option: Option) -> Outcome:
        """Apply a legal option to a private copy of the state (mutate it freely)."""

    def apply(self, state: S, seat: int, key: str) -> Outcome:
        """Play ``key`` for ``seat``: an option of the pending decision when it is that
        seat's, else an option of the seat's :meth:`side_decision`. Moves are logged and
        replayed as (seat, key) alike."""
        decision = self.pending(state)
        if decision is None:
            raise IllegalMove(_("This game is over."))
        if seat != decision.seat:
            side = self.side_decision(state, seat)
            option = None if side is None else side.option(key)
            if option is None:
                raise IllegalMove(_("It is not your turn."))
            work = self.copy(state)
            outcome = self._apply_side(work, seat, option)
        else:
            option = decision.option(key)
            if option is None:
                raise IllegalMove(_("That move is not possible now."))
            work = self.copy(state)
            outcome = self._apply(work, seat, option)
        outcome.state.step = state.step + 1
        return outcome

    # -- outside the pending decision -------------------------------------------------
    def side_decision(self, state: S, seat: int) -> Decision | None:
        """What ``seat`` may do now outside the pending decision, or None (the default:
        nothing). Never for the seat whose decision is pending, whose options are all in
        that decision, and never once the game is over.

        An offer (``optional``: an exchange token) may be left; taking it may leave the
        seat a side decision it must answer (not ``optional``: the cards to discard), and
        nothing else outside the pending decision until it has. If the pending decision
        comes to that seat first, ``pending`` asks it there, before anything else of its
        turn. A side step never changes another seat's pending decision; it may reveal
        (``Outcome.reveals``) like any step. Its options follow :func:`check_decision`.
        """
        return None

    def _apply_side(self, state: S, seat: int, option: Option) -> Outcome:
        """Apply a legal option of ``side_decision(state, seat)`` to a private copy of the
        state (games that offer side decisions implement it)."""
        raise IllegalMove(_("It is not your turn."))

    # -- reading ------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """JSON-able view for one seat (its own secrets) or, with None, spectators."""

    @abstractmethod
    def scores(self, state: S) -> dict[int, dict[str, int]]:
        """Points per seat by category, always with "total"; current where allowed."""

    def winners(self, state: S) -> list[int]:
        """Seats sharing the best result (ties share the win unless a game says not).

        Empty only in a solo game lost to its automa (:meth:`automa`, which holds no
        seat)."""
        totals = {s: sc["total"] for s, sc in self.scores(state).items()}
        best = max(totals.values())
        return [s for s, t in totals.items() if t == best]

    def automa(self, state: S) -> Automa | None:
        """The opponent that holds no seat (a solo game's automa), or None (the default:
        every player holds a seat)."""
        return None

    def tie_break(self, state: S) -> str | None:
        """When seats tie on the best total and the rules break the tie, what broke it, in
        the active language, naming seats by :func:`seat_ref` ("Tie on 31 points, broken
        by money: ⟨seat 1⟩ 14, ⟨seat 2⟩ 9."); None when there was nothing to break (no tie,
        or a tie the rules leave shared)."""
        return None

    def automa_level_name(self, level: str) -> str:
        """An automa level as kept in results (``Automa.level``), as players read it in the
        active language (for stats of finished games)."""
        return level

    def holdings(self, state: S, seat: int) -> Holdings | None:
        """What ``seat`` holds, told by names in the active language (None: nothing worth
        telling, e.g. a game without hands). Only that seat's player may read it."""
        return None

    def seat_name(self, state: S, seat: int) -> str:
        return _("Seat {n}", n=seat + 1)

    def score_label(self, category: str) -> str:
        """The name players read for a category of :meth:`scores`, in the active language
        (games name their own categories; the key itself is shown for any they do not)."""
        if category == "total":
            return _("Total")
        return category

    def evaluate(self, state: S, seat: int) -> float:
        """Heuristic value of a state for a seat (computer players). Default: lead in points."""
        scores = self.scores(state)
        mine = scores[seat]["total"]
        others = [sc["total"] for s, sc in scores.items() if s != seat]
        return mine - (max(others) if others else 0)

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A copy in which whatever ``seat`` cannot know is re-drawn at random.

        Computer players search on such copies so that they never peek at the next
        roll or the order of a deck. The default re-seeds the RNG; games with hidden
        cards also shuffle what the seat has not seen.
        """
        clone = self.copy(state)
        clone.rng = Rng.from_seed(rng.randrange(2**63))
        return clone

    def planned_options(self, state: S, seat: int) -> frozenset[str]:
        """The keys of ``seat``'s pending options that keep to a standing plan of the
        computer player (a plan over several turns, which a search of one turn does not
        make), or none: then the search's best option is played. Default: none."""
        return frozenset()

    def plan_name(self) -> str:
        """The standing plan of :meth:`planned_options` in a few words, in the active
        language, for a hint that names it; "" when the game has none."""
        return ""

    def search_options(self, state: S, options: list[Option]) -> list[Option]:
        """The options of a decision worth a computer player's search (:mod:`games.search`),
        the likeliest first: a game drops those another option makes pointless ("Back"
        to a choice already made this turn). Default: all of them, in their order."""
        return options

    # -- helpers -------------------------------------------------------------------
    def copy(self, state: S) -> S:
        return copy.deepcopy(state)

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    def load(self, text: str | bytes) -> S:
        return self.state_model.model_validate_json(text)  # type: ignore[return-value]

    def parse_options(self, raw: dict[str, Any] | None) -> Opts:
        return self.options_model.model_validate(raw or {})  # type: ignore[return-value]


V = TypeVar("V")


class PerState(Generic[S, V]):
    """A value computed once per state object and forgotten with it (a game's pending
    decision is asked for many times: by front ends, checks and computer players)."""

    def __init__(self) -> None:
        self._items: dict[int, tuple[weakref.ref[S], dict[str, V]]] = {}

    def get(self, state: S, build: Callable[[], V]) -> V:
        """The value for ``state`` in the active language (texts differ by locale)."""
        key = id(state)
        locale = i18n.current()
        hit = self._items.get(key)
        if hit is not None and hit[0]() is state:
            if locale in hit[1]:
                return hit[1][locale]
        else:
            hit = (weakref.ref(state, lambda _ref: self._items.pop(key, None)), {})
            self._items[key] = hit
        value = hit[1][locale] = build()
        return value


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def name_decision(decision: Decision, names: Sequence[str]) -> Decision:
    """``decision`` with the players' names for the seat references (:func:`seat_ref`) of
    its prompt, labels, hints and groups, each still within its length limit. Keys and
    places are unchanged, so a move chosen from the named decision applies as is."""
    if SEAT_REF.search(decision.prompt) is None and not any(
        SEAT_REF.search(f"{o.label}{o.hint or ''}{o.group or ''}") for o in decision.options
    ):
        return decision
    options = [
        o.model_copy(update={
            "label": _fit(name_seats(o.label, names), 100),
            "hint": None if o.hint is None else _fit(name_seats(o.hint, names), 100),
            "group": None if o.group is None else _fit(name_seats(o.group, names), 80),
        })
        for o in decision.options
    ]
    return decision.model_copy(update={"prompt": name_seats(decision.prompt, names),
                                       "options": options})


def check_decision(decision: Decision) -> None:
    """Raise AssertionError when a decision breaks the contract (used by tests)."""
    keys = [o.key for o in decision.options]
    assert keys, "a pending decision must offer at least one option"
    dup = [k for k, n in Counter(keys).items() if n > 1]
    assert not dup, f"duplicate option keys {dup}"
    if len(keys) > MENU_LIMIT:
        groups = Counter(o.group for o in decision.options)
        assert None not in groups, "more than 25 options: every option needs a group"
        assert max(groups.values()) <= MENU_LIMIT, f"a group has more than {MENU_LIMIT} options"
        assert len(groups) <= MENU_LIMIT, f"more than {MENU_LIMIT} groups"
