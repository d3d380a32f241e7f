"""A player's turn: the options of each step and what choosing one does."""

from __future__ import annotations

from functools import lru_cache

from games.base import MENU_LIMIT, Event, IllegalMove, Option
from games.hazienda.board import (
    animal_spaces,
    animal_tiles_left,
    board_map,
    board_order,
    free_spaces,
    group_of,
    hacienda_spaces,
    harvest_targets,
    herds,
    land_spaces,
    land_tiles_left,
    largest_free_pampa_area,
    market_edges_of,
    pond_next_spaces,
    pond_start_spaces,
    stealable_markers,
)
from games.hazienda.deal import add_card, take_card
from games.hazienda.rules import (
    ACTIONS_PER_TURN,
    CARD_PRICE_DECK,
    CARD_PRICE_FACE_UP,
    HARVEST_PESOS_PER_LAND,
    piece_price,
)
from games.hazienda.scoring import market_income
from games.hazienda.state import Animal, HaziendaState, Player, Pond

BUY_CARDS = "Buy a card"
BUY_PIECES = "Buy a hacienda or pond"
PLAY = "Play a card"
OTHER = "Harvest or end"


class Step:
    """What one applied option produced: events, and whether hidden cards were shown."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, text: str, seat: int | None = None, private_to: int | None = None) -> None:
        self.events.append(Event(text=text, seat=seat, private_to=private_to))


def name(state: HaziendaState, seat: int) -> str:
    return state.players[seat].colour.capitalize()


def article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


# -- options -------------------------------------------------------------------------

@lru_cache(maxsize=8192)
def opt(key: str, label: str, group: str | None = None, at: str | None = None) -> Option:
    """An option (frozen, so the same one is shared by every decision offering it);
    ``at`` is the hex it acts on, for the decision image."""
    return Option(key=key, label=label, group=group, at=at)


def main_options(state: HaziendaState) -> list[Option]:
    seat = state.current
    player = state.players[seat]
    colour = player.colour
    money = player.money
    options: list[Option] = []
    if money >= CARD_PRICE_DECK and (state.land_deck or state.land_discard):
        options.append(opt("buy:land:deck", f"Land card from the deck ({CARD_PRICE_DECK} pesos)", BUY_CARDS))
    if money >= CARD_PRICE_FACE_UP:
        options += _face_up_options("land", state.land_face_up)
    if money >= CARD_PRICE_DECK and state.animal_deck:
        options.append(opt("buy:animal:deck", f"Animal card from the deck ({CARD_PRICE_DECK} pesos)", BUY_CARDS))
    if money >= CARD_PRICE_FACE_UP:
        options += _face_up_options("animal", state.animal_face_up)
    price = piece_price(state.options.variant1)
    if (money >= price and not state.hacienda_bought and state.haciendas_stock
            and hacienda_spaces(state, colour)):
        options.append(opt("buy:hacienda", f"Hacienda ({price} pesos)", BUY_PIECES))
    if money >= price and not state.pond_bought and pond_sizes(state):
        options.append(opt("buy:pond", f"Pond ({price} pesos)", BUY_PIECES))
    options += play_options(state, player)
    if not state.harvested and (state.harvest_stock or stealable_markers(state, colour)) and (
            harvest_targets(state, colour)):
        options.append(opt("harvest", "Place a harvest marker", OTHER))
    options.append(opt("end", "End turn", OTHER))
    return options


def play_options(state: HaziendaState, player: Player) -> list[Option]:
    """Playing a card: card and place in one option ("Forest card: land on C7") where they
    fit together in one menu (≤ 25 options), else the card first and the place next.

    When not every card fits, the cards with the fewest places are offered with their
    places, the others as a card first, as long as the whole stays within 25 options.
    """
    colour = player.colour
    plays: list[tuple[str, str, list[str]]] = []  # (deck, card, places)
    if player.lands and land_tiles_left(state, colour):
        for kind in sorted(player.lands):
            spaces = land_spaces(state, colour, kind)
            if spaces:
                plays.append(("land", kind, spaces))
    for species in sorted(player.animals):
        if animal_tiles_left(state, colour, species):
            spaces = animal_spaces(state, colour, species)
            if spaces:
                plays.append(("animal", species, spaces))
    together: set[str] = set()
    count = len(plays)  # one option per card when nothing is together
    for deck, card, spaces in sorted(plays, key=lambda p: len(p[2])):
        if count - 1 + len(spaces) > MENU_LIMIT:
            break
        together.add(f"{deck}:{card}")
        count += len(spaces) - 1
    # Place by place (in board order), so that the cards that can go on one hex come one
    # after the other: the decision image marks that hex "4-6", not "4/9/13".
    placed = [(coord, deck, card) for deck, card, spaces in plays
              if f"{deck}:{card}" in together for coord in spaces]
    order = board_order(board_map(state))
    options = []
    for coord, deck, card in sorted(placed, key=lambda p: order[p[0]]):
        if deck == "land":
            label = f"{card.capitalize()} card: land on {coord}"
        else:
            label = f"{card.capitalize()} on {coord}"
        options.append(opt(f"play:{deck}:{card}:{coord}", label, PLAY, coord))
    options += [opt(f"play:{deck}:{card}", f"Play a {card} card", PLAY)
                for deck, card, _spaces in plays if f"{deck}:{card}" not in together]
    return options


def _face_up_options(deck: str, face_up: list[str]) -> list[Option]:
    """One option per face-up kind (two equal cards are one choice)."""
    seen: set[str] = set()
    options = []
    for index, card in enumerate(face_up):
        if card in seen:
            continue
        seen.add(card)
        options.append(opt(f"buy:{deck}:faceup:{index}", f"Face-up {card} card ({CARD_PRICE_FACE_UP} pesos)",
                           BUY_CARDS))
    return options


def pond_sizes(state: HaziendaState) -> list[int]:
    """Sizes in stock for which some free pampa area is big enough."""
    in_stock = [size for size, n in sorted(state.ponds_stock.items()) if n]
    if in_stock == [1] or not in_stock:
        return in_stock if free_spaces(state, "pampa") else []
    room = largest_free_pampa_area(state)
    return [size for size in in_stock if size <= room]


def space_options(coords: list[str], label: str) -> list[Option]:
    """``place:<coord>`` options, ``label`` formatted with each coordinate."""
    return labelled_spaces([(c, label.format(coord=c)) for c in coords])


def labelled_spaces(choices: list[tuple[str, str]]) -> list[Option]:
    """``place:<coord>`` options grouped by board row, a row split if it is too long."""
    by_row: dict[str, list[tuple[str, str]]] = {}
    for coord, label in choices:
        by_row.setdefault(coord[0], []).append((coord, label))
    options = []
    for row, row_choices in by_row.items():
        chunks = [row_choices[i:i + MENU_LIMIT] for i in range(0, len(row_choices), MENU_LIMIT)]
        for chunk in chunks:
            group = f"Row {row}" if len(chunks) == 1 else f"Row {row} ({chunk[0][0]}–{chunk[-1][0]})"
            options += [opt(f"place:{c}", label, group, c) for c, label in chunk]
    return options


def step_options(state: HaziendaState) -> list[Option]:
    colour = state.players[state.current].colour
    phase = state.phase
    if phase == "main":
        return main_options(state)
    if phase == "place_land":
        kind = state.card or ""
        label = f"{kind.capitalize()} land on {{coord}}" if kind != "pampa" else "Land on {coord}"
        return space_options(land_spaces(state, colour, kind), label)
    if phase == "place_animal":
        species = state.card or ""
        return space_options(animal_spaces(state, colour, species), f"{species.capitalize()} on {{coord}}")
    if phase == "place_hacienda":
        return labelled_spaces([(coord, f"Hacienda on the {what} at {coord} ({size})")
                                for coord, what, size in _group_choices(state, hacienda_spaces(state, colour))])
    if phase == "pond_size":
        return [Option(key=f"pond:{size}", label=f"Pond of {size} hex{'es' if size > 1 else ''}")
                for size in pond_sizes(state)]
    if phase == "place_pond":
        spaces = (pond_next_spaces(state, state.pond_cells) if state.pond_cells
                  else pond_start_spaces(state, state.pond_size or 1))
        return space_options(spaces, "Pond on {coord}")
    if phase == "harvest_take":
        return [Option(key=f"take:{c}", label=f"{name(state, state.colour_seat(state.lands[c]))}'s marker on {c}",
                       at=c)
                for c in stealable_markers(state, colour)]
    if phase == "harvest_place":
        return labelled_spaces([
            (coord, f"Domain at {coord} ({size}, +{HARVEST_PESOS_PER_LAND * len(group_of(state, coord))} pesos)")
            for coord, _, size in _group_choices(state, harvest_targets(state, colour))])
    return []


def _group_choices(state: HaziendaState, tiles: list[str]) -> list[tuple[str, str, str]]:
    """One choice per group among ``tiles``: (its first tile, "domain"/"herd", size text).

    Where exactly on its group a hacienda or harvest marker stands changes nothing in the
    rules, so the choice is the group; the piece goes on the group's first tile.
    """
    choices = []
    seen: set[str] = set()
    for coord in tiles:
        if coord in seen:
            continue
        group = group_of(state, coord)
        seen |= group
        if coord in state.lands:
            choices.append((coord, "domain", f"{len(group)} lands"))
        else:
            size = len(group)
            choices.append((coord, "herd", f"{size} animal{'s' if size > 1 else ''}"))
    return choices


def prompt(state: HaziendaState) -> str:
    who = name(state, state.current)
    phase = state.phase
    if phase == "main":
        return f"{who}: choose an action ({ACTIONS_PER_TURN - state.actions_used} left) or end the turn"
    if phase == "place_land":
        return f"{who}: where does the {state.card} land go?"
    if phase == "place_animal":
        return f"{who}: where does the {state.card} go?"
    if phase == "place_pond":
        return f"{who}: pond hex {len(state.pond_cells) + 1} of {state.pond_size}"
    return f"{who}: {PROMPTS.get(phase, 'choose')}"


PROMPTS = {
    "place_hacienda": "on which domain or herd does the hacienda go?",
    "pond_size": "which pond do you buy?",
    "harvest_take": "all markers are out — take one from an opponent's domain",
    "harvest_place": "which domain do you harvest?",
}


# -- effects -------------------------------------------------------------------------

def apply_option(state: HaziendaState, key: str, step: Step) -> bool:
    """Apply a legal option; True when it completed an action (which counts)."""
    seat = state.current
    player = state.players[seat]
    head, _, rest = key.partition(":")
    if state.phase == "main":
        if head == "buy":
            return _buy(state, seat, player, rest, step)
        if head == "play":
            deck, _, card = rest.partition(":")
            card, _, coord = card.partition(":")
            state.phase = "place_land" if deck == "land" else "place_animal"
            state.card = card
            if not coord:
                return False  # the place is the next step
            # card and place in one option: the same as the two steps
            (_place_land if deck == "land" else _place_animal)(state, seat, player, coord, step)
            state.phase = "main"
            state.card = None
            return True
        if key == "harvest":
            state.phase = "harvest_place" if state.harvest_stock else "harvest_take"
            return False
        raise IllegalMove("That move is not possible now.")
    if state.phase == "place_land":
        _place_land(state, seat, player, rest, step)
    elif state.phase == "place_animal":
        _place_animal(state, seat, player, rest, step)
    elif state.phase == "place_hacienda":
        player.money -= piece_price(state.options.variant1)
        state.haciendas_stock -= 1
        state.haciendas.append(rest)
        state.hacienda_bought = True
        state.changed.append(rest)
        what = "domain" if rest in state.lands else "herd"
        step.say(f"{name(state, seat)} buys a hacienda and builds it on the {what} at {rest}.", seat)
    elif state.phase == "pond_size":
        state.pond_size = int(rest)
        state.pond_cells = []
        state.phase = "place_pond"
        return False
    elif state.phase == "place_pond":
        state.pond_cells.append(rest)
        if len(state.pond_cells) < (state.pond_size or 1):
            return False
        _lay_pond(state, seat, player, step)
    elif state.phase == "harvest_take":
        state.harvest_from = rest
        state.phase = "harvest_place"
        return False
    elif state.phase == "harvest_place":
        _harvest(state, seat, player, rest, step)
    state.phase = "main"
    state.card = None
    return True


def _buy(state: HaziendaState, seat: int, player: Player, what: str, step: Step) -> bool:
    if what == "hacienda":
        state.phase = "place_hacienda"
        return False
    if what == "pond":
        state.phase = "pond_size"
        return False
    deck, _, where = what.partition(":")
    who = name(state, seat)
    if where == "deck":
        player.money -= CARD_PRICE_DECK
        card = draw(state, deck, step)
        step.say(f"{who} draws {article(deck)} card.", seat)
        step.say(f"You draw {article(card)} card.", seat, private_to=seat)
    else:
        index = int(where.split(":")[1])
        face_up = state.land_face_up if deck == "land" else state.animal_face_up
        player.money -= CARD_PRICE_FACE_UP
        card = face_up[index]
        add_card(player.known_lands if deck == "land" else player.known_animals, card)
        step.say(f"{who} buys a face-up {card} card.", seat)
        # "elle est remplacée immédiatement par une carte de la pioche"
        if _can_draw(state, deck):
            face_up[index] = draw(state, deck, step)
            step.say(f"New face-up {deck} card: {face_up[index]}.")
        else:
            face_up.pop(index)
    add_card(player.lands if deck == "land" else player.animals, card)
    return True


def _can_draw(state: HaziendaState, deck: str) -> bool:
    return bool(state.land_deck or state.land_discard) if deck == "land" else bool(state.animal_deck)


def draw(state: HaziendaState, deck: str, step: Step) -> str:
    """Take the top card of the land deck or of the animal pile in use."""
    step.reveals = True
    if deck == "land":
        if not state.land_deck:
            # The rulebook never empties the land deck; players would shuffle the played
            # land cards ("la pile de défausse") into a new deck.
            state.land_deck, state.land_discard = state.land_discard, []
            state.rng.shuffle(state.land_deck)
            step.say("The land deck is empty: the played land cards are shuffled into a new deck.")
        return state.land_deck.pop()
    card = state.animal_deck.pop()
    if not state.animal_deck:
        _animal_pile_used_up(state, step)
    return card


def _animal_pile_used_up(state: HaziendaState, step: Step) -> None:
    """"Épuisement de la pile de cartes animal": the scorings' triggers."""
    if not state.second_pile_in_use and state.animal_second:
        state.animal_deck, state.animal_second = state.animal_second, []
        state.second_pile_in_use = True
        if state.options.variant2:
            step.say("The first animal pile is used up; the second pile replaces it "
                     "(no intermediate scoring in Variant II).")
        else:
            state.intermediate_due = True
            step.say("The first animal pile is used up; the second pile replaces it. "
                     "Intermediate scoring at the end of this turn.")
    else:
        state.final_due = True
        step.say("The last animal pile is used up: the game ends with this turn.")


def _place_land(state: HaziendaState, seat: int, player: Player, coord: str, step: Step) -> None:
    kind = state.card or ""
    _play_card(state, player, "land", kind)
    state.lands[coord] = player.colour
    state.changed.append(coord)
    step.say(f"{name(state, seat)} plays {article(kind)} card: land on {coord}.", seat)


def _play_card(state: HaziendaState, player: Player, deck: str, card: str) -> None:
    hand, known = (player.lands, player.known_lands) if deck == "land" else (player.animals, player.known_animals)
    take_card(hand, card)
    if known.get(card):
        take_card(known, card)
    (state.land_discard if deck == "land" else state.animal_discard).append(card)


def _place_animal(state: HaziendaState, seat: int, player: Player, coord: str, step: Step) -> None:
    species = state.card or ""
    _play_card(state, player, "animal", species)
    state.animals[coord] = Animal(colour=player.colour, species=species)
    state.changed.append(coord)
    paid = pay_markets(state, seat, coord)
    # "cattle" takes no article ("Blue places cattle on D4").
    text = f"{name(state, seat)} places {species if species == 'cattle' else article(species)} on {coord}"
    if paid:
        text += " and reaches " + " and ".join(
            f"market {m}{'' if edge == coord else f' at {edge}'} (+{pesos} pesos)" for m, edge, pesos in paid)
    step.say(text + ".", seat)


def pay_markets(state: HaziendaState, seat: int, coord: str) -> list[tuple[str, str, int]]:
    """Pay every market edge the herd now standing on ``coord`` reaches for the first time.

    "pour chaque bord de marché atteint, il ne reçoit qu'une seule fois de l'argent": an
    edge pays once per player, whichever of the player's herds reaches it.
    """
    player = state.players[seat]
    hmap = board_map(state)
    herd = next(h for h in herds(state, player.colour) if coord in h)
    paid = []
    for animal in [c for c in hmap.spaces if c in herd]:
        for market in market_edges_of(hmap, animal):
            edge = f"{market}@{animal}"
            if edge in player.paid_edges:
                continue
            pesos = market_income(state, herd, player.colour)
            player.paid_edges.append(edge)
            player.money += pesos
            paid.append((market, animal, pesos))
    return paid


def _lay_pond(state: HaziendaState, seat: int, player: Player, step: Step) -> None:
    size = state.pond_size or 1
    player.money -= piece_price(state.options.variant1)
    state.ponds_stock[size] -= 1
    cells = tuple(state.pond_cells)
    state.ponds.append(Pond(id=max((p.id for p in state.ponds), default=-1) + 1, coords=cells))
    state.pond_bought = True
    state.changed.extend(cells)
    state.pond_cells = []
    state.pond_size = None
    step.say(f"{name(state, seat)} buys a pond and lays it on {', '.join(cells)}.", seat)


def _harvest(state: HaziendaState, seat: int, player: Player, coord: str, step: Step) -> None:
    domain = group_of(state, coord)
    pesos = HARVEST_PESOS_PER_LAND * len(domain)
    who = name(state, seat)
    if state.harvest_from is not None:
        source = state.harvest_from
        victim = name(state, state.colour_seat(state.lands[source]))
        state.harvest.remove(source)
        state.changed.append(source)
        state.harvest_from = None
        step.say(f"{who} takes {victim}'s harvest marker from {source}.", seat)
    else:
        state.harvest_stock -= 1
    state.harvest.append(coord)
    state.changed.append(coord)
    player.money += pesos
    state.harvested = True
    step.say(f"{who} harvests the domain at {coord}: {len(domain)} lands, +{pesos} pesos.", seat)
