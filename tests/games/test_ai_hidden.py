"""The computer never reads another seat's hidden cards.

From positions of real games, each game's hidden information is changed in every way the
seat to move cannot tell — the other seats' hands dealt again from their hand and deck,
every face-down pile (its own deck too) shuffled, the bags, Pedro's deck, the next roll
(the game's own RNG) — and the computer's choice and its valuation of every option must
stay exactly the same: it plays on worlds it draws itself (``Game.determinize``) from
what the seat knows, never on the real state's secrets. The hints answer from the same
search, so the same holds for them.

The scramblers below are written here, apart from each game's ``determinize``, so that a
secret ``determinize`` forgot to redraw is still changed (and the test fails).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.core.autoplay import TurnMemory
from games import ai, get_game
from games.base import Game, GameState
from games.rng import Rng

Scramble = Callable[[GameState, int, Rng], None]


def _shuffled(cards: list, rng: Rng) -> list:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def scramble_gwt(state, seat: int, rng: Rng) -> None:
    for player in state.players:
        if player.seat == seat:
            player.deck = _shuffled(player.deck, rng)
            continue
        pool = _shuffled(player.hand + player.deck, rng)
        player.hand, player.deck = pool[:len(player.hand)], pool[len(player.hand):]
    board = state.board
    for name in ("cattle_deck", "objective_deck", "ship_pile", "bag_a", "bag_b", "bag_c"):
        setattr(board, name, _shuffled(getattr(board, name), rng))
    if state.pedro is not None:
        state.pedro.deck = _shuffled(state.pedro.deck, rng)


def scramble_hazienda(state, seat: int, rng: Rng) -> None:
    for deck, piles in (("land", ["land_deck"]),
                        ("animal", ["animal_deck", "animal_second", "animal_removed"])):
        pool = [card for pile in piles for card in getattr(state, pile)]
        others = [p for s, p in enumerate(state.players) if s != seat]
        sizes = []
        for player in others:
            hand = getattr(player, f"{deck}s")
            known = getattr(player, f"known_{deck}s")
            hidden = {card: n - known.get(card, 0) for card, n in hand.items()}
            pool += [card for card, n in hidden.items() for _ in range(n)]
            sizes.append(sum(hidden.values()))
        pool = _shuffled(pool, rng)
        for pile in piles:
            size = len(getattr(state, pile))
            setattr(state, pile, pool[:size])
            pool = pool[size:]
        for player, size in zip(others, sizes, strict=True):
            hand = dict(getattr(player, f"known_{deck}s"))
            for card in pool[:size]:
                hand[card] = hand.get(card, 0) + 1
            pool = pool[size:]
            setattr(player, f"{deck}s", hand)


def scramble_llama_land(state, seat: int, rng: Rng) -> None:
    for pile in state.piles.values():
        pile[1:] = _shuffled(pile[1:], rng)
    state.character_deck = _shuffled(state.character_deck, rng)


SCRAMBLES: dict[str, Scramble] = {
    "gwt-argentina": scramble_gwt,
    "hazienda": scramble_hazienda,
    "llama-land": scramble_llama_land,
    "kuhlorado": lambda state, seat, rng: None,  # no cards: only the next roll is secret
}

CASES = [("kuhlorado", 2, None), ("hazienda", 3, None), ("llama-land", 2, None),
         ("gwt-argentina", 2, None), ("gwt-argentina", 1, {"difficulty": "easy"})]


def positions(game: Game, seats: int, options, seed: int, count: int) -> list[GameState]:
    """``count`` positions with a choice to make, spread over a game the computer plays
    (at a small budget) from ``seed``."""
    state = game.setup(seats, game.parse_options(options), seed)
    memory = TurnMemory()
    budget = ai.Budget(worlds=1, steps=15)
    found = []
    steps = 0
    while (decision := game.pending(state)) is not None and len(found) < count * 6:
        if len(decision.options) > 1:
            found.append(state)
        key = ai.pick(ai.rank(game, state, decision.seat, ai.ai_rng(state), budget,
                              memory.seen(decision)), budget, ai.ai_rng(state))
        memory.leave(decision)
        state = game.apply(state, decision.seat, key).state
        steps += 1
    return found[::6][:count]


def scrambled(game: Game, state: GameState, seat: int, seed: int) -> GameState:
    other = game.copy(state)
    rng = Rng.from_seed(seed)
    SCRAMBLES[game.name](other, seat, rng)
    other.rng = Rng.from_seed(rng.randrange(2**63))
    return other


@pytest.mark.parametrize(("name", "seats", "options"), CASES)
def test_the_choice_does_not_depend_on_what_the_seat_cannot_see(name, seats, options):
    game = get_game(name)
    checked = 0
    for state in positions(game, seats, options, seed=31, count=3):
        seat = game.pending(state).seat
        other = scrambled(game, state, seat, seed=checked + 1)
        for level in ai.LEVELS:
            # the level's step budget, without the CPU-time safety cap (which would make
            # the result depend on how busy the machine is)
            budget = replace(ai.budget_for(game, level), seconds=math.inf)
            mine = ai.rank(game, state, seat, ai.ai_rng(state), budget)
            theirs = ai.rank(game, other, seat, ai.ai_rng(state), budget)
            assert [(r.key, r.value) for r in mine.ranked] == [
                (r.key, r.value) for r in theirs.ranked], (name, level, state.step)
            assert (ai.pick(mine, budget, ai.ai_rng(state))
                    == ai.pick(theirs, budget, ai.ai_rng(state)))
        checked += 1
    assert checked >= 3


def test_the_scramble_changes_what_is_hidden():
    """The test above would prove nothing if the scrambles changed nothing."""
    game = get_game("gwt-argentina")
    state = positions(game, 2, None, seed=31, count=2)[1]
    seat = game.pending(state).seat
    other = scrambled(game, state, seat, seed=1)
    opponent = 1 - seat
    assert (state.players[opponent].hand, state.board.cattle_deck) != (
        other.players[opponent].hand, other.board.cattle_deck)
    assert game.view(state, seat) == game.view(other, seat)
