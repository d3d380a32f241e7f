"""A text notation for Hazienda positions (scenarios), documented in NOTATION.md."""

from __future__ import annotations

from collections import Counter

from games.hazienda.board import board_map
from games.hazienda.deal import full_deck
from games.hazienda.maps import HaziendaMap, load_map, parse_map
from games.hazienda.rules import (
    ANIMAL_CARDS,
    CATEGORIES,
    COLOURS,
    HARVEST_MARKERS,
    LAND_CARD_KINDS,
    LAND_CARDS,
    NEUTRAL_HACIENDAS,
    PONDS,
    SPECIES,
    START_MONEY,
)
from games.hazienda.scoring import scoring_now, with_total
from games.hazienda.state import (
    MAP_CHOICES,
    Animal,
    HaziendaOptions,
    HaziendaState,
    MapName,
    Player,
    Pond,
)
from games.rng import Rng

DONE_FLAGS = {"hacienda": "hacienda_bought", "pond": "pond_bought", "harvest": "harvested"}
DUE_WORDS = ("intermediate", "final")
DECKS = {"land": "land_deck", "animal": "animal_deck", "second": "animal_second",
         "removed": "animal_removed", "land-discard": "land_discard", "animal-discard": "animal_discard"}


class NotationError(ValueError):
    pass


def load_scenario(text: str) -> HaziendaState:
    """Build a state from the notation; unknown or malformed lines raise NotationError."""
    lines = _lines(text)
    grid, lines = _take_grid(lines)
    fields: list[tuple[int, str, list[str]]] = []
    for number, line in lines:
        key, colon, value = line.partition(":")
        if not colon:
            raise NotationError(f"line {number}: expected 'key: value', got {line!r}")
        fields.append((number, key.strip().lower(), value.replace(",", " ").split()))
    single = {k: v for _, k, v in fields}
    colours = _colours(single.get("players") or ["red", "blue"])
    variants = [v for v in single.get("variants", []) if v != "none"]
    map_name: MapName = "symmetric"
    map_text = None
    if grid is not None:
        map_text = "name: scenario\ntitle: Scenario map\n---\n" + "\n".join(grid) + "\n"
        try:
            parse_map(map_text)
        except ValueError as why:
            raise NotationError(f"grid: {why}") from None
    elif "map" in single:
        map_name = _map_name(single["map"][0] if single["map"] else "")
        load_map(map_name)
    options = HaziendaOptions(map=map_name, variant1="1" in variants, variant2="2" in variants)
    seed_words = single.get("seed", ["0"])
    if len(seed_words) != 1 or not seed_words[0].lstrip("-").isdigit():
        raise NotationError(f"seed: expected a whole number, got {' '.join(seed_words)!r}")
    seed = int(seed_words[0])
    state = HaziendaState(
        seats=len(colours), seed=seed, rng=Rng.from_seed(seed), options=options, map_text=map_text,
        players=[Player(colour=c, money=START_MONEY) for c in colours],
        haciendas_stock=NEUTRAL_HACIENDAS[len(colours)], harvest_stock=HARVEST_MARKERS,
        ponds_stock=dict(PONDS), turn=1,
    )
    hmap = board_map(state)
    explicit_decks: set[str] = set()
    deck_sizes: dict[str, int] = {}
    for number, key, words in fields:
        if key in ("players", "variants", "map", "seed"):
            continue
        try:
            _read_field(state, hmap, key, words, explicit_decks, deck_sizes)
        except NotationError as why:
            raise NotationError(f"line {number}: {why}") from None
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as why:
            value = " ".join(words)
            raise NotationError(f"line {number}: {key}: cannot read {value[:60]!r} "
                                f"({type(why).__name__}: {why})") from None
    if not any(p.coords == (w,) for p in state.ponds for w in hmap.water_spaces):
        for water in hmap.water_spaces:
            state.ponds.insert(0, Pond(id=0, coords=(water,)))
        state.ponds = [Pond(id=i, coords=p.coords) for i, p in enumerate(state.ponds)]
    _stock_from_board(state)
    _fill_decks(state, deck_sizes, explicit_decks)
    return state


def _map_name(word: str) -> MapName:
    for name in MAP_CHOICES:
        if name == word:
            return name
    raise NotationError(f"map: expected {' or '.join(MAP_CHOICES)}, got {word!r}")


def _colours(words: list[str]) -> list[str]:
    for colour in words:
        if colour not in COLOURS:
            raise NotationError(f"unknown colour {colour!r}")
    if len(words) not in NEUTRAL_HACIENDAS:
        low, high = min(NEUTRAL_HACIENDAS), max(NEUTRAL_HACIENDAS)
        raise NotationError(f"players: Hazienda is for {low} to {high} players, "
                            f"got {len(words)} ({' '.join(words)})")
    if len(set(words)) != len(words):
        raise NotationError(f"players: a colour is listed twice in {' '.join(words)!r}")
    return words


def _read_field(state: HaziendaState, hmap: HaziendaMap, key: str, words: list[str],
                explicit_decks: set[str], deck_sizes: dict[str, int]) -> None:
    """Apply one ``key: words`` line to ``state`` (see NOTATION.md)."""
    if key == "current":
        state.current = _seat(state, words[0])
    elif key == "actions":
        state.actions_used = int(words[0])
    elif key == "done":
        for word in words:
            if word not in DONE_FLAGS:
                raise NotationError(f"done: expected {' '.join(DONE_FLAGS)}, got {word!r}")
            setattr(state, DONE_FLAGS[word], True)
    elif key == "money":
        for colour, amount in zip(words[::2], words[1::2], strict=True):
            state.players[_seat(state, colour)].money = int(amount)
    elif key in ("hand", "known"):
        player = state.players[_seat(state, words[0])]
        for card in _cards(words[1:]):
            hand = _hand_for(player, card, known=key == "known")
            hand[card] = hand.get(card, 0) + 1
    elif key == "face-up":
        deck, cards = words[0], _cards(words[1:])
        if deck == "land":
            state.land_face_up = cards
        elif deck == "animal":
            state.animal_face_up = cards
        else:
            raise NotationError(f"face-up: expected 'land' or 'animal', got {deck!r}")
    elif key == "land":
        colour = words[0]
        _seat(state, colour)
        for coord in words[1:]:
            _check_space(hmap, coord)
            state.lands[coord] = colour
    elif key == "animal":
        colour, species = words[0], words[1]
        _seat(state, colour)
        if species not in SPECIES:
            raise NotationError(f"unknown species {species!r}")
        for coord in words[2:]:
            _check_space(hmap, coord)
            state.animals[coord] = Animal(colour=colour, species=species)
    elif key == "pond":
        for coord in words:
            _check_space(hmap, coord)
        state.ponds.append(Pond(id=len(state.ponds), coords=tuple(words)))
    elif key == "hacienda":
        state.haciendas += words
    elif key == "harvest":
        state.harvest += words
    elif key == "paid":
        state.players[_seat(state, words[0])].paid_edges += words[1:]
    elif key == "track":
        player = state.players[_seat(state, words[0])]
        for cat, value in zip(words[1::2], words[2::2], strict=True):
            if cat not in CATEGORIES:
                raise NotationError(f"unknown scoring category {cat!r}")
            player.track[cat] = int(value)
    elif key == "deck":
        name, rest = words[0], words[1:]
        if name not in DECKS:
            raise NotationError(f"unknown deck {name!r}; decks are {', '.join(DECKS)}")
        if len(rest) == 1 and rest[0].isdigit():
            deck_sizes[name] = int(rest[0])
        else:
            # listed top card first; the engine draws from the end of the list
            setattr(state, DECKS[name], list(reversed(_cards(rest))))
            explicit_decks.add(name)
    elif key == "second-pile-in-use":
        state.second_pile_in_use = words[0] in ("yes", "true")
    elif key == "turn":
        state.turn = int(words[0])
    elif key == "step":
        state.step = int(words[0])
    elif key == "rng":
        state.rng = Rng(state=int(words[0]))
    elif key == "idle":
        state.idle_turns = int(words[0])
    elif key == "due":
        for word in words:
            if word not in DUE_WORDS:
                raise NotationError(f"due: expected {' '.join(DUE_WORDS)}, got {word!r}")
            setattr(state, f"{word}_due", True)
    elif key == "last-turn":
        state.last_turn = words
    elif key == "changed":
        state.changed = words
    elif key == "finished":
        state.finished = words[0] in ("yes", "true")
        state.phase = "over" if state.finished else "main"
    else:
        raise NotationError(f"unknown key {key!r}")


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip()
        if line.strip():
            out.append((number, line.strip()))
    return out


def _take_grid(lines: list[tuple[int, str]]) -> tuple[list[str] | None, list[tuple[int, str]]]:
    """Split off the ``grid:`` … ``end`` block (an inline map in the .map grid syntax)."""
    for i, (_, line) in enumerate(lines):
        if line.lower() == "grid:":
            for j in range(i + 1, len(lines)):
                if lines[j][1].lower() == "end":
                    return [line for _, line in lines[i + 1:j]], lines[:i] + lines[j + 1:]
            raise NotationError("grid: block without its closing 'end' line")
    return None, lines


def _seat(state: HaziendaState, colour: str) -> int:
    try:
        return state.colour_seat(colour)
    except ValueError:
        raise NotationError(f"no player has the colour {colour!r}") from None


def _check_space(hmap: HaziendaMap, coord: str) -> None:
    if coord not in hmap.spaces:
        raise NotationError(f"{coord} is not a space of the map")


def _cards(words: list[str]) -> list[str]:
    """Card names; ``forest*3`` stands for three forest cards."""
    cards = []
    for word in words:
        card, _, times = word.partition("*")
        if card not in LAND_CARD_KINDS and card not in SPECIES:
            raise NotationError(f"unknown card {card!r}")
        count = int(times or 1)
        if count < 1:
            raise NotationError(f"{word!r}: a card is counted 1 or more times")
        cards += [card] * count
    return cards


def _hand_for(player: Player, card: str, known: bool) -> dict[str, int]:
    if card in LAND_CARD_KINDS:
        return player.known_lands if known else player.lands
    return player.known_animals if known else player.animals


def _stock_from_board(state: HaziendaState) -> None:
    state.haciendas_stock = max(0, state.haciendas_stock - len(state.haciendas))
    state.harvest_stock = max(0, HARVEST_MARKERS - len(state.harvest))
    for pond in state.ponds:
        size = len(pond.coords)
        state.ponds_stock[size] = max(0, state.ponds_stock.get(size, 0) - 1)


def _fill_decks(state: HaziendaState, sizes: dict[str, int], explicit: set[str]) -> None:
    """Decks given by size are dealt (shuffled with the seed) from the cards nobody holds.

    Only a deck that gets cards this way touches the RNG: a scenario whose cards all are
    listed (as ``dump_scenario`` writes them) or left outside every pile keeps its RNG
    exactly, so ``load_scenario(dump_scenario(s))`` draws what ``s`` would.
    """
    for name in sizes:
        setattr(state, DECKS[name], [])
    if not any(sizes.values()):
        return
    used_land = Counter(state.land_face_up) + Counter(state.land_discard)
    used_animal = Counter(state.animal_face_up) + Counter(state.animal_discard)
    for name in explicit:
        target = used_land if name in ("land", "land-discard") else used_animal
        if name not in ("land-discard", "animal-discard"):
            target.update(getattr(state, DECKS[name]))
    for player in state.players:
        used_land.update(player.lands)
        used_animal.update(player.animals)
    land_left = list((Counter(full_deck(LAND_CARDS)) - used_land).elements())
    animal_left = list((Counter(full_deck(ANIMAL_CARDS)) - used_animal).elements())
    state.rng.shuffle(land_left)
    state.rng.shuffle(animal_left)
    for name, size in sizes.items():
        pool = land_left if name in ("land", "land-discard") else animal_left
        if size > len(pool):
            raise NotationError(f"deck {name}: only {len(pool)} cards are left for it")
        setattr(state, DECKS[name], [pool.pop() for _ in range(size)])


def dump_scenario(state: HaziendaState) -> str:
    """The notation of a state between two actions (the step of an action in progress and
    the record of past scorings are not written; the victory track is)."""
    out = []
    if state.map_text is not None:
        grid = state.map_text.split("---", 1)[1].strip("\n")
        out += ["grid:", *grid.splitlines(), "end"]
    else:
        out.append(f"map: {state.options.map}")
    variants = [v for v, on in (("1", state.options.variant1), ("2", state.options.variant2)) if on]
    out.append(f"variants: {' '.join(variants) or 'none'}")
    out.append(f"players: {' '.join(p.colour for p in state.players)}")
    out.append(f"seed: {state.seed}")
    out.append(f"rng: {state.rng.state}")
    out.append(f"step: {state.step}")
    out.append(f"turn: {state.turn}")
    out.append(f"current: {state.players[state.current].colour}")
    out.append(f"actions: {state.actions_used}")
    done = [word for word, attr in DONE_FLAGS.items() if getattr(state, attr)]
    if done:
        out.append(f"done: {' '.join(done)}")
    due = [word for word in DUE_WORDS if getattr(state, f"{word}_due")]
    if due:
        out.append(f"due: {' '.join(due)}")
    if state.idle_turns:
        out.append(f"idle: {state.idle_turns}")
    out.append("money: " + " ".join(f"{p.colour} {p.money}" for p in state.players))
    for p in state.players:
        for key, hands in (("hand", (p.lands, p.animals)), ("known", (p.known_lands, p.known_animals))):
            cards = [_counted(c, n) for hand in hands for c, n in sorted(hand.items())]
            if cards:
                out.append(f"{key}: {p.colour} {' '.join(cards)}")
    out.append(f"face-up: land {' '.join(state.land_face_up)}".rstrip())
    out.append(f"face-up: animal {' '.join(state.animal_face_up)}".rstrip())
    for name, attr in DECKS.items():
        cards = list(reversed(getattr(state, attr)))
        out.append(f"deck: {name} {' '.join(cards) if cards else 0}")
    out.append(f"second-pile-in-use: {'yes' if state.second_pile_in_use else 'no'}")
    order = list(board_map(state).spaces)
    for p in state.players:
        mine = sorted((c for c, col in state.lands.items() if col == p.colour), key=order.index)
        if mine:
            out.append(f"land: {p.colour} {' '.join(mine)}")
        for species in SPECIES:
            herd = sorted((c for c, a in state.animals.items()
                           if a.colour == p.colour and a.species == species), key=order.index)
            if herd:
                out.append(f"animal: {p.colour} {species} {' '.join(herd)}")
    for pond in state.ponds:
        out.append(f"pond: {' '.join(pond.coords)}")
    if state.haciendas:
        out.append(f"hacienda: {' '.join(state.haciendas)}")
    if state.harvest:
        out.append(f"harvest: {' '.join(state.harvest)}")
    for p in state.players:
        if p.paid_edges:
            out.append(f"paid: {p.colour} {' '.join(p.paid_edges)}")
        if p.track:
            out.append(f"track: {p.colour} " + " ".join(f"{c} {v}" for c, v in p.track.items()))
    if state.changed:
        out.append(f"changed: {' '.join(state.changed)}")
    if state.last_turn:
        out.append(f"last-turn: {' '.join(state.last_turn)}")
    if state.finished:
        out.append("finished: yes")
    return "\n".join(out) + "\n"


def _counted(card: str, n: int) -> str:
    return card if n == 1 else f"{card}*{n}"


def score_colours(state: HaziendaState) -> dict[str, dict[str, int]]:
    """What a scoring now gives each colour, by category, with "total"."""
    return {p.colour: with_total(scoring_now(state, p.colour)) for p in state.players}


__all__ = ["NotationError", "dump_scenario", "load_scenario", "score_colours"]
