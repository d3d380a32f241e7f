"""Positions for the rules tests: a game just past set-up, with estates and piles as wanted."""

from __future__ import annotations

from games.llama_land import GAME, parse_estate
from games.llama_land.data import tile_icons
from games.llama_land.state import Character, LlamaLandState


def started(seats: int = 3, variant: str = "standard", seed: int = 1) -> LlamaLandState:
    """Every player has taken side A of their start board: the first turn is pending."""
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), seed)
    while state.phase == "side":
        state = GAME.apply(state, state.current, "side:A").state
    return state


def with_estate(state: LlamaLandState, text: str, seat: int | None = None) -> LlamaLandState:
    """The estate of ``seat`` (default: the current player) replaced by a text (its first
    cell is r1c1); the bookkeeping of tiles and foundations is cleared."""
    state = state.clone()
    seat = state.current if seat is None else seat
    player = state.players[seat] = state.players[seat].clone()
    player.estate = parse_estate(text)
    player.pieces = {}
    player.foundations = {}
    return state


def tile_on_top(state: LlamaLandState, shape: str, icons: str | None = None) -> int:
    """Put a tile of ``shape`` (with these icons, if given) on top of its pile; returns it."""
    pile = state.piles[shape]
    wanted = next(t for t in pile if icons is None or tile_icons(t) == icons)
    pile.remove(wanted)
    pile.insert(0, wanted)
    return wanted


def give(state: LlamaLandState, *, crops: dict | None = None, coins: int | None = None,
         characters: list[str] = (), taken: int = 0) -> None:
    """Move crops, coins and characters from the supply / deck to the current player."""
    player = state.player()
    for crop, n in (crops or {}).items():
        state.supply_crops[crop] -= n - player.crops[crop]
        player.crops[crop] = n
    if coins is not None:
        state.supply_coins -= coins - player.coins
        player.coins = coins
    for card in characters:
        source = state.character_deck if card in state.character_deck else state.character_row
        source.remove(card)
        player.characters.append(Character(card=card, taken=taken))


def play(state: LlamaLandState, *keys: str) -> LlamaLandState:
    """Apply option keys in turn; a placement (``x:5:r0c3``) not offered yet is reached
    through the steps a player takes to it (its rotation, then its side of the estate)."""
    for key in keys:
        state = _towards(state, key)
        state = GAME.apply(state, state.current, key).state
    return state


def first_place(state: LlamaLandState) -> str:
    """The first place the chosen tile may go (through its first rotation and side when
    the places are too many for one step)."""
    while state.phase in ("orient", "area"):
        state = GAME.apply(state, state.current, keys(state)[0]).state
    return keys(state)[0]


def _towards(state: LlamaLandState, key: str) -> LlamaLandState:
    decision = GAME.pending(state)
    if decision is None or decision.option(key) is not None or key[:2] not in ("x:", "b:"):
        return state
    turn = f"orient:{key.split(':')[1]}"
    if decision.option(turn) is not None:
        return _towards(GAME.apply(state, state.current, turn).state, key)
    for option in decision.options:
        if option.key.startswith("area:"):
            inside = GAME.apply(state, state.current, option.key).state
            if GAME.pending(inside).option(key) is not None:
                return inside
    return state


def keys(state: LlamaLandState) -> list[str]:
    return [o.key for o in GAME.pending(state).options]
