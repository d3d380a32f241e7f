"""Llama Land (Phil Walker-Harding, Lookout 2021) on the Estancia engine contract.

The steps of a turn are in turn.py (a wrong tap before the tile is placed is taken back with
the platform's undo: choosing a pile, a mode or a rotation reveals nothing), the placement rules in placement.py, the characters in
characters.py, the objective conditions in conditions.py and the scoring in scoring.py.
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
from games.i18n import N_, _, _n
from games.llama_land import ai_value, hand, turn
from games.llama_land.characters import apply_swap, swaps
from games.llama_land.data import END_TILES_LEFT, HUT
from games.llama_land.deal import new_state
from games.llama_land.names import amount, category_label
from games.llama_land.scoring import scores, winners
from games.llama_land.state import LlamaLandOptions, LlamaLandState
from games.llama_land.turn import name, say
from games.llama_land.views import public_view
from games.rng import Rng

SUMMARY = N_(
    "Llama Land (2–4 players): each turn take the top terrain tile of a pile and extend your "
    "estate with it (then you may put a marker on an objective) or build on top of it (level, "
    "foundations fill the gaps, never on a llama nor exactly on a same-shaped tile): every "
    "icon covered pays — corn, cacao, potato, a coin, a character for a hut. Then you may feed "
    "one llama: 4 of one crop (2 coins stand in for each missing crop), compulsory at 10+ "
    "crops, for the best llama card of that crop, and place the llama on an empty grass cell. "
    "Characters act once per turn. The game ends when one llama type or 4 tiles are left "
    "(the round is completed). Score: llama cards, 1 per crop, 1 per 2 coins, objectives met. "
    "Variants: variant=beginners, experts, llamas, experts+llamas."
)

_decisions: PerState[LlamaLandState, Decision] = PerState()

PROMPTS = {
    "side": N_("{who}: choose the side of your start board."),
    "tile": N_("{who}: take a terrain tile from the top of a pile."),
    "mode": N_("{who}: extend your estate or build on it with the {shape} tile?"),
    "orient": N_("{who}: how do you turn the {shape} tile?"),
    "area": N_("{who}: on which side of your estate does the {shape} tile go?"),
    "place": N_("{who}: where does the {shape} tile go?"),
    "effects": N_("{who}: a supply is short — which effect first? ({effects})"),
    "hut": N_("{who}: a hut — take a character from the row or the deck."),
    "marker": N_("{who}: place or move a marker on an objective?"),
    "llama": N_("{who}: where does the new llama stand?"),
}


class LlamaLand(Game[LlamaLandState, LlamaLandOptions]):
    name = "llama-land"
    title = "Llama Land"
    min_seats = 2
    max_seats = 4
    state_model = LlamaLandState
    options_model = LlamaLandOptions
    summary = SUMMARY
    # Everything is on the table; the piles and the character deck are only unknown order.
    hidden_information = False

    def setup(self, seats: int, options: LlamaLandOptions | None, seed: int) -> LlamaLandState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError("Llama Land is for 2 to 4 players")
        return new_state(seats, options or LlamaLandOptions(), seed)

    # -- decisions ----------------------------------------------------------------------------
    def pending(self, state: LlamaLandState) -> Decision | None:
        if state.finished:
            return None
        return _decisions.get(state, lambda: Decision(
            seat=state.current, prompt=prompt(state), options=options(state), turn=state.turn))

    def _apply(self, state: LlamaLandState, seat: int, option: Option) -> Outcome:
        step = Announcements()
        key, phase = option.key, state.phase
        if key == turn.BACK:
            turn.go_back(state)
            return step.outcome(state)
        if key.startswith("use:"):
            say(state, step, apply_swap(state, key, name(state, state.current)))
        elif phase == "side":
            turn.apply_side(state, key, step)
            return step.outcome(state)
        elif phase == "tile":
            state.pile = key.removeprefix("pile:")
            state.phase = "mode"
            return step.outcome(state)
        elif phase == "mode":
            state.mode = key  # type: ignore[assignment]
            needs = turn.needs_orientation_step(turn.placements(state, key))
            state.phase = "orient" if needs else "place"
            return step.outcome(state)
        elif phase == "orient":
            state.orientation = int(key.removeprefix("orient:"))
            state.phase = "area" if turn.needs_area_step(state) else "place"
            return step.outcome(state)
        elif phase == "area":
            state.area, state.phase = key.removeprefix("area:"), "place"
            return step.outcome(state)
        elif phase == "place":
            turn.apply_placement(state, key, step)
        elif phase == "effects":
            turn.apply_effect_choice(state, key, step)
            if key == f"effect:{HUT}":
                return step.outcome(state)
        elif phase == "hut":
            turn.apply_hut(state, key, step)
        elif phase == "marker":
            turn.apply_marker(state, key, step)
        elif phase == "feed":
            if key == "end":
                end_turn(state, step)
                return step.outcome(state)
            turn.apply_feed(state, key, step)
            if state.phase == "llama":
                return step.outcome(state)
        elif phase == "llama":
            turn.apply_llama(state, key, step)
        if state.phase not in ("tile", "side"):
            continue_turn(state, step)
        return step.outcome(state)

    def copy(self, state: LlamaLandState) -> LlamaLandState:
        return state.clone()

    # -- reading ----------------------------------------------------------------------------
    def view(self, state: LlamaLandState, seat: int | None) -> dict[str, Any]:
        view = public_view(state, seat)
        view["scores"] = {str(s): sc for s, sc in self.scores(state).items()}
        view["winners"] = self.winners(state) if state.finished else []
        return view

    def holdings(self, state: LlamaLandState, seat: int) -> Holdings | None:
        """The seat's crops, coins, characters, llama cards and foundations (:mod:`.hand`)."""
        return hand.holdings(state, seat)

    def scores(self, state: LlamaLandState) -> dict[int, dict[str, int]]:
        return scores(state)

    def winners(self, state: LlamaLandState) -> list[int]:
        return winners(state)

    def tie_break(self, state: LlamaLandState) -> str | None:
        """Ties go to the most llama-card points (:func:`winners`)."""
        table = scores(state)
        best = max(sc["total"] for sc in table.values())
        tied = [s for s, sc in table.items() if sc["total"] == best]
        if len(tied) < 2:
            return None
        return _("Tie on {points} points, broken by llama cards: {amounts}.", points=best,
                 amounts=", ".join(f"{seat_ref(s)} {table[s]['llamas']}" for s in tied))

    def seat_name(self, state: LlamaLandState, seat: int) -> str:
        return name(state, seat)

    def score_label(self, category: str) -> str:
        return super().score_label(category) if category == "total" else category_label(category)

    def evaluate(self, state: LlamaLandState, seat: int) -> float:
        return ai_value.evaluate(state, seat)

    def search_options(self, state: LlamaLandState, options: list[Option]) -> list[Option]:
        """What a computer player looks at, in the order it tries them: never "Back" (it
        leads to a choice already made in this turn: a circle), a tile's places likeliest
        first (:func:`.ai_value.order_places`)."""
        return ai_value.order_places(state, [o for o in options if o.key != turn.BACK]
                                     or options)

    def determinize(self, state: LlamaLandState, seat: int, rng: Rng) -> LlamaLandState:
        """Re-shuffle what nobody has seen: each pile under its top tile and the
        character deck (a card taken from the deck is shown, so the deck is all unseen)."""
        clone = state.clone()
        clone.rng = Rng.from_seed(rng.randrange(2**63))
        for pile in clone.piles.values():
            rest = sorted(pile[1:])  # the tiles, not their hidden order
            rng.shuffle(rest)
            pile[1:] = rest
        clone.character_deck.sort()
        rng.shuffle(clone.character_deck)
        return clone


def prompt(state: LlamaLandState) -> str:
    who = name(state, state.current)
    shape = state.pile or ""
    if state.phase == "feed":
        player = state.player()
        have = {"crops": ", ".join(amount(n, c) for c, n in player.crops.items()),
                "money": amount(player.coins, "coin")}
        if state.fed:
            return _("{who}: use a character or end your turn. You have {crops}, {money}.",
                     who=who, **have)
        if turn.feeding_compulsory(state):
            return _("{who}: you hold 10 crops or more — you must feed a llama. You have "
                     "{crops}, {money}.", who=who, **have)
        return _("{who}: feed a llama? You have {crops}, {money}.", who=who, **have)
    effects = ", ".join(turn.effect_label(state, e) for e in dict.fromkeys(state.effects))
    return _(PROMPTS[state.phase], who=who, shape=shape, effects=effects)


def options(state: LlamaLandState) -> list[Option]:
    phase = state.phase
    if phase == "side":
        return turn.side_options(state)
    if phase == "tile":
        return turn.tile_options(state)
    if phase == "mode":
        return turn.mode_options(state)
    if phase == "orient":
        return turn.orient_options(state)
    if phase == "area":
        return turn.area_options(state)
    if phase == "place":
        return turn.place_options(state)
    if phase == "effects":
        return turn.effect_options(state)
    if phase == "hut":
        return turn.hut_options(state)
    if phase == "marker":
        return turn.marker_options(state)
    if phase == "feed":
        return turn.feed_options(state)
    if phase == "llama":
        return turn.llama_options(state)
    raise AssertionError(f"no options in phase {phase}")


def continue_turn(state: LlamaLandState, step: Announcements) -> None:
    """Collect what can be collected without a choice, then set the next phase."""
    while state.effects:
        if turn.order_matters(state):
            state.phase = "effects"
            return
        effect = next((e for e in state.effects if e != HUT), HUT)
        if effect == HUT:
            if state.character_row or state.character_deck:
                state.phase = "hut"
                return
            state.effects.remove(HUT)
            say(state, step, _("{who} finds no character left for a hut.",
                               who=name(state, state.current)))
            continue
        turn.resolve_effect(state, effect, step)
    if state.mode == "extend" and state.options.objectives and not state.marker_done:
        state.marker_done = True
        if turn.marker_moves(state):
            state.phase = "marker"
            return
    if turn.feed_choices(state) or swaps(state):
        state.phase = "feed"
        return
    end_turn(state, step)


def end_turn(state: LlamaLandState, step: Announcements) -> None:
    player = state.player()
    player.turns += 1
    player.last_turn = list(dict.fromkeys(state.changed))
    state.pile = state.mode = state.tile = state.orientation = state.feed_crop = None
    state.area = None
    state.placed, state.effects, state.used, state.changed = [], [], [], []
    state.marker_done = state.fed = False
    # "Lorsqu'un tour se termine, s'il ne reste plus qu'un seul type de carte Lama ou 4
    # tuiles Terrain au centre de la zone de jeu, la fin de la partie se déclenche."
    if not state.end_triggered:
        types_left = sum(1 for column in state.llama_columns.values() if column)
        if types_left <= 1 or state.tiles_left() <= END_TILES_LEFT:
            state.end_triggered = True
            if types_left <= 1:
                step.say(_("The end is near: one llama type is left. The round is completed."))
            else:
                step.say(_n("The end is near: {n} tile is left. The round is completed.",
                            "The end is near: {n} tiles are left. The round is completed.",
                            state.tiles_left()))
    last = (state.first - 1) % state.seats
    if state.end_triggered and state.current == last:
        state.finished = True
        state.phase = "over"
        table = scores(state)
        result = "; ".join(f"{name(state, s)} {sc['total']}" for s, sc in table.items())
        step.say(_("Game over. {result}.", result=result))
        return
    state.current = (state.current + 1) % state.seats
    state.turn += 1
    state.phase = "tile"
