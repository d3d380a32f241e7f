"""Hazienda (Wolfgang Kramer, Hans im Glück 2005) on the Estancia engine contract.

A turn is up to three actions in any order (buy a card, hacienda or pond; play a card;
place a harvest marker), each made of one or more decisions of the same seat: choose
the action, then the card or size, then the space. The turn ends after the third action
or when the player chooses "end". Rules notes are in the modules: board.py (where
pieces go), turn.py (the actions), scoring.py (income and scorings).
"""

from __future__ import annotations

from typing import Any

from games.base import (
    Announcements,
    Decision,
    Game,
    Holdings,
    Option,
    Outcome,
    PerState,
    seat_ref,
)
from games.hazienda import ai_value, hand
from games.hazienda.deal import new_state
from games.hazienda.names import category_label, category_word
from games.hazienda.rules import ACTIONS_PER_TURN, CATEGORIES
from games.hazienda.scoring import board_categories, money_points, scoring_now, with_total
from games.hazienda.state import HaziendaOptions, HaziendaState
from games.hazienda.turn import BACK, apply_option, main_options, name, prompt, step_options
from games.hazienda.views import public_view, seat_view
from games.i18n import N_, _, _n
from games.rng import Rng

#: The decision of each live state, computed once: states are never changed once made
#: (apply works on a copy), and computer players ask for the same decision many times.
_decisions: PerState[HaziendaState, Decision] = PerState()

SUMMARY = N_(
    "Hazienda (2–5 players): on your turn take up to 3 actions — buy land or animal cards "
    "(2 pesos blind, 3 face up), buy a hacienda or a pond (12), play a card to lay a land "
    "or an animal, or harvest a domain (3 pesos per land). Herds reaching market edges earn "
    "pesos. Scorings when the first and the second animal pile run out: markets, domains "
    "of 3+ lands, haciendas, ponds, money."
)


class Hazienda(Game[HaziendaState, HaziendaOptions]):
    name = "hazienda"
    title = "Hazienda"
    min_seats = 2
    max_seats = 5
    state_model = HaziendaState
    options_model = HaziendaOptions
    summary = SUMMARY

    def setup(self, seats: int, options: HaziendaOptions, seed: int) -> HaziendaState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Hazienda is for {self.min_seats} to {self.max_seats} players")
        return new_state(seats, options, seed)

    def pending(self, state: HaziendaState) -> Decision | None:
        if state.finished:
            return None
        return _decisions.get(state, lambda: Decision(
            seat=state.current, prompt=prompt(state), options=step_options(state), turn=state.turn))

    def _apply(self, state: HaziendaState, seat: int, option: Option) -> Outcome:
        step = Announcements()
        if option.key == "end" and state.phase == "main":
            end_turn(state, step)
        elif apply_option(state, option.key, step):
            state.actions_used += 1
            if state.options.variant2:
                accrue_points(state, step)
            if state.actions_used >= ACTIONS_PER_TURN:
                end_turn(state, step)
        return step.outcome(state)

    def search_options(self, state: HaziendaState, options: list[Option]) -> list[Option]:
        """What a computer player looks at: never "Back" (it leads to a choice already
        made in this turn: a circle), the likeliest options first
        (:func:`.ai_value.order_options`)."""
        return ai_value.order_options(state, [o for o in options if o.key != BACK] or options)

    def copy(self, state: HaziendaState) -> HaziendaState:
        return state.clone()

    # -- reading ------------------------------------------------------------------------
    def view(self, state: HaziendaState, seat: int | None) -> dict[str, Any]:
        view = public_view(state)
        view["scores"] = {str(s): sc for s, sc in self.scores(state).items()}
        view["winners"] = self.winners(state) if state.finished else []
        view["private"] = seat_view(state, seat) if seat is not None else None
        return view

    def holdings(self, state: HaziendaState, seat: int) -> Holdings | None:
        """The seat's land and animal cards and pesos (:mod:`.hand`)."""
        return hand.holdings(state, seat, self.pending(state))

    def scores(self, state: HaziendaState) -> dict[int, dict[str, int]]:
        """The victory track so far; during play plus what would be scored now.

        Base game: track + a full scoring now (markets, domains, haciendas, ponds, money;
        herds too in Variante I). Variante II already holds the board points on the track,
        so during play only the money points of the end are added. After the end: the
        final track.
        """
        result = {}
        for seat, player in enumerate(state.players):
            cats = {c: player.track.get(c, 0) for c in CATEGORIES}
            if not state.finished:
                if state.options.variant2:
                    cats["money"] += money_points(state, player.money)
                else:
                    for c, v in scoring_now(state, player.colour).items():
                        cats[c] += v
            result[seat] = with_total(cats)
        return result

    def winners(self, state: HaziendaState) -> list[int]:
        """Most points; "En cas d'égalité, c'est l'éleveur le plus riche qui l'emporte"."""
        totals = {s: sc["total"] for s, sc in self.scores(state).items()}
        best = max(totals.values())
        tied = [s for s, t in totals.items() if t == best]
        richest = max(state.players[s].money for s in tied)
        return [s for s in tied if state.players[s].money == richest]

    def tie_break(self, state: HaziendaState) -> str | None:
        """"En cas d'égalité, c'est l'éleveur le plus riche qui l'emporte"."""
        totals = {s: sc["total"] for s, sc in self.scores(state).items()}
        best = max(totals.values())
        tied = [s for s, t in totals.items() if t == best]
        if len(tied) < 2:
            return None
        return _("Tie on {points} points, broken by money: {amounts}.", points=best,
                 amounts=", ".join(f"{seat_ref(s)} {state.players[s].money}" for s in tied))

    def seat_name(self, state: HaziendaState, seat: int) -> str:
        return name(state, seat)

    def score_label(self, category: str) -> str:
        return super().score_label(category) if category == "total" else category_label(category)

    def evaluate(self, state: HaziendaState, seat: int) -> float:
        return ai_value.evaluate(self, state, seat)

    def determinize(self, state: HaziendaState, seat: int, rng: Rng) -> HaziendaState:
        """Re-deal what ``seat`` has not seen: the decks, the set-aside animal pile, the
        removed animal cards and the other hands (keeping their cards bought face up)."""
        clone = state.clone()
        clone.rng = Rng.from_seed(rng.randrange(2**63))
        redeal_unseen(clone, seat, rng)
        return clone


def redeal_unseen(state: HaziendaState, seat: int, rng: Rng) -> None:
    others = [p for s, p in enumerate(state.players) if s != seat]
    for deck in ("land", "animal"):
        piles = ["land_deck"] if deck == "land" else ["animal_deck", "animal_second", "animal_removed"]
        pool: list[str] = [card for pile in piles for card in getattr(state, pile)]
        unknown_sizes = []
        for player in others:
            hand = player.lands if deck == "land" else player.animals
            known = player.known_lands if deck == "land" else player.known_animals
            hidden = {card: n - known.get(card, 0) for card, n in hand.items()}
            pool += [card for card, n in hidden.items() for _ in range(n)]
            unknown_sizes.append(sum(hidden.values()))
        pool.sort()  # what the seat knows is the cards, not their order: no trace of it
        rng.shuffle(pool)
        for pile in piles:
            size = len(getattr(state, pile))
            setattr(state, pile, pool[:size])
            pool = pool[size:]
        for player, size in zip(others, unknown_sizes, strict=True):
            hand = dict(player.known_lands if deck == "land" else player.known_animals)
            for card in pool[:size]:
                hand[card] = hand.get(card, 0) + 1
            pool = pool[size:]
            if deck == "land":
                player.lands = hand
            else:
                player.animals = hand


def accrue_points(state: HaziendaState, step: Announcements) -> None:
    """Variante II: "effectuez un décompte immédiatement après chaque action" — every
    player gains at once the board points that grew since the last action (points
    never go down: lands, animals and ponds stay, groups only grow)."""
    for seat, player in enumerate(state.players):
        gained = {}
        for cat, value in board_categories(state, player.colour).items():
            before = player.track.get(cat, 0)
            if value > before:
                gained[cat] = value - before
                player.track[cat] = value
        if gained:
            detail = ", ".join(f"{category_word(c)} +{v}" for c, v in gained.items())
            total = sum(gained.values())
            step.say(_n("{who} scores {n} point ({detail}).", "{who} scores {n} points ({detail}).",
                        total, who=name(state, seat), detail=detail), seat)


def end_turn(state: HaziendaState, step: Announcements) -> None:
    state.last_turn = state.changed
    state.changed = []
    stuck = state.actions_used == 0 and [o.key for o in main_options(state)] == ["end"]
    state.idle_turns = state.idle_turns + 1 if stuck else 0
    if state.intermediate_due:
        state.intermediate_due = False
        record_scoring(state, "intermediate", step)
    # When no player can take any action for a whole round (no money for a card, no
    # playable card, no harvest), the animal piles can never run out and the game could
    # not end; players at a table would stop there, so the final scoring takes place
    # (the rulebook is silent on this).
    stalled = state.idle_turns >= state.seats
    if state.final_due or stalled:
        if stalled and not state.final_due:
            step.say(_("Nobody can take any action any more: the game ends."))
        record_scoring(state, "final", step)
        state.finished = True
        state.phase = "over"
        return
    state.current = (state.current + 1) % state.seats
    state.turn += 1
    state.actions_used = 0
    state.hacienda_bought = state.pond_bought = state.harvested = False
    state.phase = "main"


def record_scoring(state: HaziendaState, kind: str, step: Announcements) -> None:
    """Add a scoring to the track. Variante II scores the board as it goes, so its final
    scoring is the money only ("seul l'argent est décompté à la fin de la partie")."""
    results = {}
    for seat, player in enumerate(state.players):
        if state.options.variant2:
            gained = {c: 0 for c in CATEGORIES}
            gained["money"] = money_points(state, player.money)
        else:
            gained = scoring_now(state, player.colour)
        for cat, value in gained.items():
            player.track[cat] = player.track.get(cat, 0) + value
        results[str(seat)] = with_total(gained)
    state.scorings.append({"kind": kind, "turn": state.turn, "scores": results})
    summary = "; ".join(
        f"{name(state, s)} +{results[str(s)]['total']} ("
        + ", ".join(f"{category_word(c)} {v}" for c, v in results[str(s)].items()
                    if c != "total" and v)
        + ")"
        for s in range(state.seats)
    )
    if kind == "intermediate":
        step.say(_("Intermediate scoring: {summary}.", summary=summary))
    else:
        step.say(_("Final scoring: {summary}.", summary=summary))

