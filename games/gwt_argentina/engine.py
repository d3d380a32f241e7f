"""Great Western Trail: Argentina (Alexander Pfister, 2022) on the Estancia engine contract.

The turn is a stack of frames (:mod:`.flow`); each module registers the decisions of its
concern: :mod:`.turn` (phases A–C, first turn), :mod:`.buenos_aires` (the six steps),
:mod:`.actions` (every action of the data, dispatched on ``Action.kind``; its label and
amount in :mod:`.action_facts`, whether it is possible in :mod:`.conditions`),
:mod:`.objectives` (playing objective cards), :mod:`.turn_end` (phase C), :mod:`.hire`,
:mod:`.build`, :mod:`.market` (cattle and objectives), :mod:`.help_farmers`,
:mod:`.railway`, :mod:`.ports`, :mod:`.discs`, :mod:`.card_steps`. Components come from
:mod:`.data` (read through :mod:`.pieces` and :mod:`.player_board`); final scoring from
:mod:`.scoring`; set-up in :mod:`.setup`; views in :mod:`.views`; the situation notation in
:mod:`.notation`; the computer player's position value in :mod:`.ai_value`. What is and is
not implemented is listed in the package docstring (``__init__.py``).

One seat is the solo game against Pedro (``pedro/``): his turn is played inside the
step that ends yours (``turn.TurnEndStep``); ``automa`` tells the front ends about him (his
difficulty, his score by ``pedro_scores``, whether he won) and ``winners`` is empty unless
you reach his total (a tie is shared: « Pedro est considéré en tout point comme un
joueur », « En cas d'égalité, la victoire est partagée »).

An exchange token may be used at any decision of one's own turn, in the middle of an action
too, except while revealing cards and reckoning strength or breeding value (helping
granjeros, Buenos Aires income): rulebook p. 18 and p. 20. See :data:`NO_EXCHANGE`. On
another player's turn it is the seat's side decision (:mod:`.exchange`).
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable
from typing import Any, TypeVar, cast

from games.base import MENU_LIMIT, Automa, Decision, Game, Holdings, Option, Outcome
from games.gwt_argentina import (  # noqa: F401  (registers the decisions)
    ai_opening,
    ai_value,
    buenos_aires,
    build,
    card_steps,
    discs,
    exchange,
    hand,
    help_farmers,
    hire,
    market,
    ports,
    railway,
    turn,
    turn_end,
    words,
)
from games.gwt_argentina.card_steps import exchange_options, use_exchange_token
from games.gwt_argentina.flow import Ctx, decision_step, settle
from games.gwt_argentina.pedro import turn as pedro_turn  # noqa: F401  (registers its steps)
from games.gwt_argentina.pedro.data import DIFFICULTY_NAMES, difficulty_name
from games.gwt_argentina.pedro.scoring import pedro_scores
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.pedro.view import pedro_view
from games.gwt_argentina.scoring import Tally, tallies, tally_score
from games.gwt_argentina.setup import new_state
from games.gwt_argentina.state import GwtOptions, GwtState
from games.gwt_argentina.upgrade import RULES_VERSION, upgrade
from games.gwt_argentina.views import public_view, redeal_unseen, seat_view
from games.i18n import N_, _, current
from games.rng import Rng

#: Decisions and scores of live states, computed once: a state is never changed once made
#: (apply works on a copy), and views and computer players ask again and again.
_cache: dict[tuple[str, int, str], tuple[weakref.ref[GwtState], Any]] = {}

T = TypeVar("T")


def _cached(kind: str, state: GwtState, compute: Callable[[], T]) -> T:
    key = (kind, id(state), current())  # texts differ by language
    hit = _cache.get(key)
    if hit is not None and hit[0]() is state:
        return cast(T, hit[1])
    value = compute()

    def forget(_ref: weakref.ref[GwtState]) -> None:
        _cache.pop(key, None)

    _cache[key] = (weakref.ref(state, forget), value)
    return value


#: Decisions where no exchange token is offered. « Lorsque vous révélez votre main aux
#: autres joueurs (durant l'étape ② de Buenos Aires ou lorsque vous effectuez l'action
#: « Aider un ou plusieurs granjeros ») et pour calculer votre force ou votre valeur totale
#: d'élevage, ces moments sont les seuls où vous ne pouvez pas utiliser de jetons Échange
#: durant votre tour » (p. 20): choosing the granjeros (whose options reckon the strength)
#: and revealing for them, and the income.
NO_EXCHANGE = {"help", "help_reveal", "ba_income"}


SUMMARY = N_(
    "Great Western Trail: Argentina (1–4 players): move your estanciero along the trail to "
    "Buenos Aires, using buildings on the way to hire workers, build, buy cattle, run your "
    "locomotive and help granjeros; in Buenos Aires your hand's breeds pay your income and "
    "your cattle sail to Europe. Most points after the job market runs out wins.\n"
    "Solo: options:difficulty=easy, moderate or expert, against Pedro, who plays after each of "
    "your turns and scores without money, station masters or board slots, every objective "
    "card counted as met.\n"
    "Readings where the rulebook leaves a choice: a tie shares the win, with Pedro too "
    "(« En cas d'égalité, la victoire est partagée »); 8 neutral buildings A–H (set-up step 3 "
    "says 7, the material and the annex 8); the right movement disc scores 2 VP as on the "
    "score pad (p. 10 says 3); a Rotterdam ship's objective card comes from the display "
    "(« de l'offre d'objectifs »), not the deck; a black-corner disc goes to a white-corner "
    "quay or station only when no white-corner one is left, and to a white-corner ship only "
    "when no ship could be loaded otherwise; Pedro's card #15 moves his locomotive one space "
    "whatever his specialty; an extra move closes the phase B of the place it leaves."
)


class GwtArgentina(Game[GwtState, GwtOptions]):
    name = "gwt-argentina"
    title = "Great Western Trail: Argentina"
    #: One seat is the solo game against Pedro (``pedro/``).
    min_seats = 1
    max_seats = 4
    # Naming a difficulty asks for the solo game against Pedro (rulebook, « Mode solo »).
    solo_options = frozenset({"difficulty"})
    # Exchange tokens may be used on another player's turn (rulebook, « Jetons d'échange »).
    side_decisions = True
    state_model = GwtState
    options_model = GwtOptions
    summary = SUMMARY

    def setup(self, seats: int, options: GwtOptions, seed: int) -> GwtState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.title} is for {self.min_seats} to {self.max_seats} players")
        state = new_state(seats, options, seed)
        settle(state, Ctx())
        return state

    def pending(self, state: GwtState) -> Decision | None:
        return _cached("decision", state, lambda: self._decide(state))

    def _decide(self, state: GwtState) -> Decision | None:
        if state.finished:
            return None
        frame = state.top()
        if frame is None:
            return None
        unfinished = exchange.aside_decision(state, frame.seat)
        if unfinished is not None:  # an exchange begun on another's turn comes first
            return unfinished
        frame_step = decision_step(frame)
        options = list(frame_step.options(state, frame))
        player = state.players[frame.seat]
        if frame.kind not in NO_EXCHANGE and frame.seat == state.current:
            options += exchange_options(player, grouped=any(o.group for o in options))
        return Decision(seat=frame.seat, prompt=frame_step.prompt(state, frame)[:300],
                        options=grouped(options), turn=state.turn)

    def _apply(self, state: GwtState, seat: int, option: Option) -> Outcome:
        ctx = Ctx()
        frame = state.top()
        assert frame is not None
        if exchange.aside_of(state, seat) is not None:
            exchange.apply_side(state, seat, option, ctx)
        elif option.key.startswith("xt:"):
            use_exchange_token(state, seat, int(option.key[3:]), ctx)
        else:
            decision_step(frame).apply(state, frame, option.key, ctx)
        settle(state, ctx)
        return ctx.outcome(state)

    def side_decision(self, state: GwtState, seat: int) -> Decision | None:
        """An exchange token on another player's turn, or the cards still to discard
        after one (:mod:`.exchange`)."""
        decision = self.pending(state)
        return _cached(f"side{seat}", state, lambda: exchange.side_decision(
            state, seat, None if decision is None else decision.seat))

    def _apply_side(self, state: GwtState, seat: int, option: Option) -> Outcome:
        ctx = Ctx()
        exchange.apply_side(state, seat, option, ctx)
        settle(state, ctx)
        return ctx.outcome(state)

    def holdings(self, state: GwtState, seat: int) -> Holdings | None:
        """The seat's hand by names, pesos and tokens; the faces matter when it is asked
        about its hand (:mod:`.hand`)."""
        if not 0 <= seat < state.seats:
            return None
        decision = self.pending(state)
        if decision is not None and decision.seat == seat:
            top = state.top()
            kind = (exchange.DISCARD if exchange.aside_of(state, seat) is not None
                    else top.kind if top is not None else None)
        else:
            decision = self.side_decision(state, seat)
            kind = exchange.DISCARD if decision is not None and not decision.optional else None
        return hand.holdings(state, seat, decision, kind)

    def view(self, state: GwtState, seat: int | None) -> dict[str, Any]:
        view = public_view(state)
        view["scores"] = {str(s): sc for s, sc in self.scores(state).items()}
        if state.pedro is not None:
            view["pedro"] = pedro_view(state)
        view["private"] = seat_view(state, seat) if seat is not None else None
        return view

    def scores(self, state: GwtState) -> dict[int, dict[str, int]]:
        """The score pad's 12 categories (the data engineer's ``final_scores``): after the
        end the final score; during play what the final scoring would give now."""
        scores = _cached("scores", state, lambda: {
            seat: tally_score(t) for seat, t in self._tallies(state).items()
            if seat < state.seats})
        return {seat: dict(cats) for seat, cats in scores.items()}

    def score_label(self, category: str) -> str:
        """The score pad's name of a category of :meth:`scores`, in the active language."""
        return words.category(category)

    def pedro_scores(self, state: GwtState) -> dict[str, int] | None:
        """Pedro's score by category in a solo game (None otherwise)."""
        if state.pedro is None:
            return None
        return dict(_cached("pedro", state,
                            lambda: pedro_scores(state, self._tallies(state)[PEDRO])))

    @staticmethod
    def _tallies(state: GwtState) -> dict[int, Tally]:
        """Every player's scoring facts (Pedro's too), read once per state."""
        return _cached("tallies", state, lambda: tallies(state))

    def automa_level_name(self, level: str) -> str:
        return difficulty_name(level) if level in DIFFICULTY_NAMES else level

    def automa(self, state: GwtState) -> Automa | None:
        """Pedro in the solo game: his difficulty, his score by his own rules, and whether
        he has the best total (a tie is shared, see :meth:`winners`)."""
        pedro = self.pedro_scores(state)
        if pedro is None:
            return None
        assert state.pedro is not None
        return Automa(name="Pedro", level=state.pedro.difficulty,
                      level_name=difficulty_name(state.pedro.difficulty), scores=pedro,
                      won=pedro["total"] >= self.scores(state)[0]["total"])

    def winners(self, state: GwtState) -> list[int]:
        """Solo: you win when Pedro's total does not beat yours — « Pedro est considéré en
        tout point comme un joueur » and « En cas d'égalité, la victoire est partagée »
        (our reading: the solo chapter has no tie rule of its own); otherwise the best
        total."""
        pedro = self.pedro_scores(state)
        if pedro is None:
            return super().winners(state)
        return [0] if self.scores(state)[0]["total"] >= pedro["total"] else []

    def evaluate(self, state: GwtState, seat: int) -> float:
        if state.pedro is not None:  # solo: your value (points and potential) less Pedro's
            pedro = self.pedro_scores(state)
            assert pedro is not None
            return (ai_value.evaluate(state, self.scores(state), seat) - pedro["total"]
                    - ai_value.pedro_future(state, pedro["total"]))
        return ai_value.evaluate(state, self.scores(state), seat)

    def planned_options(self, state: GwtState, seat: int) -> frozenset[str]:
        """The computer's opening in the solo game: buildings 2, 5 and 8 in turn, one in the
        place of the other (``ai_opening``)."""
        decision = self.pending(state)
        if decision is None or decision.seat != seat:
            return frozenset()
        return ai_opening.preferred(state, seat, frozenset(o.key for o in decision.options))

    def plan_name(self) -> str:
        return _("buildings {chain}, each built in the place of the one before",
                 chain=", ".join(str(n) for n in ai_opening.CHAIN))

    def search_options(self, state: GwtState, options: list[Option]) -> list[Option]:
        """What the computer player looks at (``games.ai``): an exchange token drawing 1 is
        left out when one drawing 2 is offered (with 2 drawn, the 2 cards to discard are
        chosen among more), so a token takes one share of the lookahead, not two."""
        keys = {o.key for o in options}
        if "xt:2" in keys and "xt:1" in keys:
            return [o for o in options if o.key != "xt:1"]
        return options

    def determinize(self, state: GwtState, seat: int, rng: Rng) -> GwtState:
        clone = self.copy(state)
        clone.rng = Rng.from_seed(rng.randrange(2**63))
        redeal_unseen(clone, seat, rng)
        if clone.pedro is not None:  # the order of his face-down deck is unknown
            clone.pedro.deck.sort()
            rng.shuffle(clone.pedro.deck)
        return clone

    def copy(self, state: GwtState) -> GwtState:
        return state.clone()

    def load(self, text: str | bytes) -> GwtState:
        """A saved state, upgraded when an older engine wrote it (:mod:`.upgrade`)."""
        marked = (b'"rules_version":' in text if isinstance(text, bytes)
                  else '"rules_version":' in text)
        if marked:
            state = GwtState.model_validate_json(text)
            if state.rules_version == RULES_VERSION:
                return state
        return GwtState.model_validate(upgrade(json.loads(text)))


def grouped(options: list[Option]) -> list[Option]:
    """More than 25 options: every option in a group of at most 25 (contract)."""
    if len(options) <= MENU_LIMIT:
        return options
    if all(o.group for o in options):
        sizes: dict[str, int] = {}
        for o in options:
            group = o.group or ""
            sizes[group] = sizes.get(group, 0) + 1
        if max(sizes.values()) <= MENU_LIMIT:
            return options
    out = []
    for i, o in enumerate(options):
        first = i // MENU_LIMIT * MENU_LIMIT
        last = min(first + MENU_LIMIT, len(options))
        out.append(o.model_copy(update={"group": _("Options {first}–{last}", first=first + 1,
                                                   last=last)}))
    return out


GAME = GwtArgentina()
