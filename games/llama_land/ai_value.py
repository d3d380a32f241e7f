"""The computer player's judgement of a position (games.ai's greedy player calls it after
each option of its own turn): what is banked plus what the estate and collection promise."""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable

from games.base import Option
from games.llama_land import data
from games.llama_land.characters import bonus_gain, kind_of
from games.llama_land.conditions import (
    LEVEL_CONDITIONS,
    largest_herd,
    longest_llama_distance,
    ranking_value,
)
from games.llama_land.estate import Estate, neighbours
from games.llama_land.placement import covered_icons
from games.llama_land.scoring import met, objective_points
from games.llama_land.state import LlamaLandState, Objective, Player
from games.llama_land.turn import parse_placement

EXPECTED_TURNS = 14
CHARACTER_VALUE = {data.TRADER: 1.0, data.MERCHANT: 1.5, data.FARMER: 1.5, data.SETTLER: 2.0,
                   data.MINER: 1.5, data.WORKER: 1.0}


def evaluate(state: LlamaLandState, seat: int) -> float:
    mine = value(state, seat)
    others = [banked(state, s) for s in range(state.seats) if s != seat]
    return mine - 0.5 * max(others)


def banked(state: LlamaLandState, seat: int) -> float:
    """A quick reckoning of another player: cards and collection (their estates do not
    change during our turn)."""
    player = state.players[seat]
    return (sum(card.points for card in player.llama_cards) + 1.5 * player.crop_count()
            + 0.7 * player.coins)


def value(state: LlamaLandState, seat: int) -> float:
    player = state.players[seat]
    banked = sum(card.points for card in player.llama_cards)
    if state.finished:
        return banked + player.crop_count() + player.coins // 2 + _objectives(state, seat, 1.0)
    progress = min(1.0, player.turns / EXPECTED_TURNS)
    future = 1.0 - progress
    crop_value = {c: _crop_value(state, c, future) for c in data.CROPS}
    coin_value = max(0.5, max(crop_value.values()) / 2)
    total = banked + _objectives(state, seat, future)
    total += sum(crop_value[c] * n for c, n in player.crops.items())
    total += coin_value * player.coins
    if seat == state.current and state.effects:
        total += _pending(state, crop_value, coin_value, future)
    total += future * sum(CHARACTER_VALUE[kind_of(ch.card)] for ch in player.characters)
    total += future * (0.7 * player.foundations_left + _estate_promise(player))
    return total


def _crop_value(state: LlamaLandState, crop: str, future: float) -> float:
    column = state.llama_columns[crop]
    if not column:
        return 1.0
    return max(1.0, 0.75 * column[0] / data.FEED_COST * (0.6 + 0.4 * future))


def _pending(state: LlamaLandState, crop_value: dict[str, float], coin_value: float,
             future: float) -> float:
    total = 0.0
    player = state.player()
    for effect in state.effects:
        if effect.startswith("bonus:"):
            what, n = bonus_gain(player.characters[int(effect[6:])].card)
            total += n * (coin_value if what == "coin" else crop_value[what])
        elif effect == data.HUT:
            total += 1.5 * future
        elif effect == data.COIN_ICON:
            total += coin_value
        else:
            total += crop_value[data.LETTER_CROP[effect]]
    return total


def _estate_promise(player: Player) -> float:
    """Icons on top wait to be built over; grass is where llamas go."""
    tops = Counter(cell.top for cell in player.estate.cells.values())
    icons = sum(tops[i] for i in data.ICONS)
    grass = tops[data.GRASS]
    return 0.35 * icons + (0.0 if grass else -3.0) + 0.1 * min(grass, 6)


def _objectives(state: LlamaLandState, seat: int, future: float) -> float:
    player = state.players[seat]
    total = 0.0
    for objective in state.objectives:
        if seat not in objective.markers:
            if objective.colour == "blue" and future > 0:
                total += 0.3 * future * _progress(player, objective.name)
            continue
        if objective.colour == "gold":
            points = objective_points(state, objective).get(seat, 0)
            total += points if future == 1.0 else points * (1 - 0.3 * future)
            _ = ranking_value
            continue
        space = objective.markers.index(seat)
        points = objective.points[space]
        if met(player, objective):
            total += points
        elif future > 0:
            # early on a marker is a promise; late, only what is nearly met counts
            progress = _progress_for(player, objective)
            likely = future * (progress + 0.4 * (1 - progress)) + (1 - future) * progress ** 2
            total += points * likely
    return total


def _progress_for(player: Player, objective: Objective) -> float:
    if objective.colour == "blue":
        return _progress(player, objective.name)
    name = objective.name
    cards = Counter(card.crop for card in player.llama_cards)
    if name in data.CROPS:
        return min(1.0, cards[name] / 4)
    if name == "diversity":
        return sum(min(2, cards[c]) for c in data.CROPS) / 6
    if name == "wealth":
        return min(1.0, player.coins / 5)
    return min(1.0, len(player.characters) / 5)


_progress_cache: dict[tuple[int, str], tuple[weakref.ref[Estate], float]] = {}


def _progress(player: Player, name: str) -> float:
    """How far the estate is towards a llama condition (0-1), once per estate object
    (estates are shared by the copies of a state until they change)."""
    estate = player.estate
    key = (id(estate), name)
    cached = _progress_cache.get(key)
    if cached is not None and cached[0]() is estate:
        return cached[1]
    value = _progress_now(player, name)
    _progress_cache[key] = (weakref.ref(estate, _forget(key)), value)
    return value


def _forget(key: tuple[int, str]) -> Callable[[weakref.ref[Estate]], None]:
    """What drops an estate's cached progress once the estate is gone."""
    def callback(_ref: weakref.ref[Estate]) -> None:
        _progress_cache.pop(key, None)
    return callback


def _progress_now(player: Player, name: str) -> float:
    estate = player.estate
    llamas = estate.llamas()
    if not llamas:
        return 0.0
    if name in LEVEL_CONDITIONS:
        level, needed = LEVEL_CONDITIONS[name]
        return min(1.0, sum(1 for p in llamas if estate[p].height == level) / needed)
    if name == "omnipresence":
        return min(1.0, len({estate[p].height for p in llamas}) / 4)
    if name == "herd":
        return min(1.0, largest_herd(llamas) / 4)
    if name == "road":
        rows = Counter(r for r, _ in llamas) + Counter()
        cols = Counter(c for _, c in llamas)
        return min(1.0, max([*rows.values(), *cols.values()]) / 4)
    if name == "outposts":
        return min(1.0, longest_llama_distance(estate) / 11)
    return min(1.0, sum(1 for p in llamas if not estate.is_edge(p)) / 6)


# -- the order the computer's search tries the places of a tile in ------------------------
#: What an icon a build covers pays out, roughly (a hut brings a character).
ICON_GAIN = {"c": 1.0, "k": 1.0, "p": 1.0, data.COIN_ICON: 0.6, data.HUT: 1.5}
FOUNDATION = 0.7


def order_places(state: LlamaLandState, options: list[Option]) -> list[Option]:
    """The tile's places, the likeliest first, for the search (``games.search`` tries a
    node's options a few at a time): a build by what the icons it covers pay out less the
    foundations it uses, an extension by how many of its cells touch the estate (a compact
    estate has more to build on). Other decisions are left as they are."""
    if state.phase != "place" or len(options) <= 6:
        return options
    estate = state.player().estate

    def score(option: Option) -> float:
        if not option.key.startswith(("x:", "b:")):
            return -1.0
        place = parse_placement(state, option.key)
        if place.mode == "build":
            paid = sum(ICON_GAIN.get(icon, 0.0) for icon in covered_icons(estate, place))
            return paid - FOUNDATION * sum(place.foundations)
        cells = set(place.cells)
        return 0.2 * sum(1 for p in place.cells for n in neighbours(p)
                         if n in estate.cells and n not in cells)

    return sorted(options, key=score, reverse=True)
