"""A player's turn: the options of each step and what choosing one does."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from games.base import MENU_LIMIT, Announcements, IllegalMove, Option
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
    in_board_order,
    land_spaces,
    land_tiles_left,
    largest_free_pampa_area,
    market_edges_of,
    pond_next_spaces,
    pond_start_spaces,
    stealable_markers,
)
from games.hazienda.deal import add_card, take_card
from games.hazienda.maps import HaziendaMap, coord_name, parse_coord
from games.hazienda.names import animal_with_article, card_name, colour_name, upper_first
from games.hazienda.rules import (
    ACTIONS_PER_TURN,
    CARD_PRICE_DECK,
    CARD_PRICE_FACE_UP,
    HARVEST_PESOS_PER_LAND,
    piece_price,
)
from games.hazienda.scoring import market_income
from games.hazienda.state import Animal, HaziendaState, Player, Pond
from games.i18n import N_, _, _n, current

BUY_CARDS = N_("Buy a card")
BUY_PIECES = N_("Buy a hacienda or pond")
PLAY = N_("Play a card")
OTHER = N_("Harvest or end")

#: Options one panel shows as buttons (five rows of five): a decision of more places asks
#: for a part of the map first, so that every step is one tap.
PANEL = 25
#: Places one step offers at most, beside its "Back".
PLACES = PANEL - 1
#: The steps that choose a hex (or a domain or herd) of the map.
PLACE_PHASES = ("place_land", "place_animal", "place_hacienda", "place_pond", "harvest_place")
BACK = "back"


def name(state: HaziendaState, seat: int) -> str:
    return colour_name(state.players[seat].colour)


def and_list(items: list[str]) -> str:
    """"a and b and c" in the active language."""
    text = items[0]
    for item in items[1:]:
        text = _("{first} and {second}", first=text, second=item)
    return text


# -- options -------------------------------------------------------------------------

@lru_cache(maxsize=8192)
def opt(key: str, label: str, group: str | None = None, at: str | None = None,
        ends_turn: bool = False) -> Option:
    """An option (frozen, so the same one is shared by every decision offering it);
    ``at`` is the hex it acts on, for the decision image."""
    return Option(key=key, label=label, group=group, at=at, ends_turn=ends_turn)


def main_options(state: HaziendaState) -> list[Option]:
    seat = state.current
    player = state.players[seat]
    colour = player.colour
    money = player.money
    options: list[Option] = []
    if money >= CARD_PRICE_DECK and (state.land_deck or state.land_discard):
        options.append(opt("buy:land:deck", _("Land card from the deck ({price} pesos)",
                                              price=CARD_PRICE_DECK), _(BUY_CARDS)))
    if money >= CARD_PRICE_FACE_UP:
        options += _face_up_options("land", state.land_face_up)
    if money >= CARD_PRICE_DECK and state.animal_deck:
        options.append(opt("buy:animal:deck", _("Animal card from the deck ({price} pesos)",
                                                price=CARD_PRICE_DECK), _(BUY_CARDS)))
    if money >= CARD_PRICE_FACE_UP:
        options += _face_up_options("animal", state.animal_face_up)
    price = piece_price(state.options.variant1)
    if (money >= price and not state.hacienda_bought and state.haciendas_stock
            and hacienda_spaces(state, colour)):
        options.append(opt("buy:hacienda", _("Hacienda ({price} pesos)", price=price),
                           _(BUY_PIECES)))
    if money >= price and not state.pond_bought and pond_sizes(state):
        options.append(opt("buy:pond", _("Pond ({price} pesos)", price=price), _(BUY_PIECES)))
    others = []
    if not state.harvested and (state.harvest_stock or stealable_markers(state, colour)) and (
            harvest_targets(state, colour)):
        others.append(opt("harvest", _("Place a harvest marker"), _(OTHER)))
    others.append(opt("end", _("End turn"), _(OTHER), ends_turn=True))
    return options + play_options(state, player, PANEL - len(options) - len(others)) + others


def play_options(state: HaziendaState, player: Player, room: int = MENU_LIMIT) -> list[Option]:
    """Playing a card: card and place in one option ("Forest card: land on C7") where they
    fit together in ``room`` options (what the main decision leaves of one panel of
    buttons), else the card first ("Play a forest card") and the place next.

    When not every card fits, the cards with the fewest places are offered with their
    places, the others as a card first, as long as the whole stays within ``room``.
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
        if count - 1 + len(spaces) > room:
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
            label = _("{card} card: land on {coord}", card=card_name(card), coord=coord)
        else:
            label = _("{animal} on {coord}", animal=card_name(card), coord=coord)
        options.append(opt(f"play:{deck}:{card}:{coord}", upper_first(label), _(PLAY), coord))
    options += [opt(f"play:{deck}:{card}", _("Play a {card} card", card=card_name(card)), _(PLAY))
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
        options.append(opt(f"buy:{deck}:faceup:{index}",
                           _("Face-up {card} card ({price} pesos)", card=card_name(card),
                             price=CARD_PRICE_FACE_UP), _(BUY_CARDS)))
    return options


def pond_sizes(state: HaziendaState) -> list[int]:
    """Sizes in stock for which some free pampa area is big enough."""
    in_stock = [size for size, n in sorted(state.ponds_stock.items()) if n]
    if in_stock == [1] or not in_stock:
        return in_stock if free_spaces(state, "pampa") else []
    room = largest_free_pampa_area(state)
    return [size for size in in_stock if size <= room]


def space_options(coords: list[str], label: Callable[[str], str]) -> list[Option]:
    """``place:<coord>`` options, ``label`` naming the option on each coordinate."""
    return labelled_spaces([(c, label(c)) for c in coords])


def labelled_spaces(choices: list[tuple[str, str]]) -> list[Option]:
    """``place:<coord>`` options grouped by board row, a row split if it is too long."""
    by_row: dict[str, list[tuple[str, str]]] = {}
    for coord, label in choices:
        by_row.setdefault(coord[0], []).append((coord, label))
    options = []
    for row, row_choices in by_row.items():
        chunks = [row_choices[i:i + MENU_LIMIT] for i in range(0, len(row_choices), MENU_LIMIT)]
        for chunk in chunks:
            group = (_("Row {row}", row=row) if len(chunks) == 1 else
                     _("Row {row} ({first}–{last})", row=row, first=chunk[0][0],
                       last=chunk[-1][0]))
            options += [opt(f"place:{c}", label, group, c) for c, label in chunk]
    return options


def step_options(state: HaziendaState) -> list[Option]:
    """The options of the step in progress. A step after the first of an action may go
    "Back" to the choice of an action (nothing is bought or played before its last step),
    unless it has one option only (the front ends then take it without asking, and going
    back to it would bring the player straight back). A step choosing among more places
    than one panel shows asks for a part of the map first (:func:`map_areas`), whose
    "Back" returns to the parts."""
    if state.phase == "main":
        return main_options(state)
    options = action_options(state)
    if state.phase in PLACE_PHASES and len(options) > PLACES:
        if state.area is None:
            return area_options(state, options) + [back_to_actions()]
        return [o for o in options if o.at in state.area] + [
            opt(BACK, _("Back: another part of the map"))]
    return options + [back_to_actions()] if len(options) > 1 else options


def back_to_actions() -> Option:
    return opt(BACK, _("Back: choose another action"))


def map_areas(state: HaziendaState, coords: list[str]) -> list[list[str]]:
    """The places cut into parts of the map of at most :data:`PLACES` each: the map cut
    into the fewest bands of rows and of columns that do it (as even as can be), the
    parts in reading order; places in board order."""
    return [list(area) for area in _map_areas(board_map(state), tuple(coords))]


@lru_cache(maxsize=4096)
def _map_areas(hmap: HaziendaMap, coords: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    # A computer player's search asks for the same places many times: computed once.
    cells = {c: parse_coord(c) for c in coords}
    for row_bands, col_bands in AREA_CUTS:
        blocks: dict[tuple[int, int], list[str]] = {}
        for coord, (r, c) in cells.items():
            block = blocks.setdefault(
                (r * row_bands // hmap.rows, c * col_bands // hmap.cols), [])
            block.append(coord)
            if len(block) > PLACES or len(blocks) > PLACES:
                break
        else:
            return tuple(tuple(in_board_order(blocks[key], hmap)) for key in sorted(blocks))
    ordered = in_board_order(coords, hmap)
    return tuple(tuple(ordered[i:i + PLACES]) for i in range(0, len(ordered), PLACES))


#: The cuts of the map tried for :func:`map_areas`, the fewest parts first (then the most
#: even): (bands of rows, bands of columns).
AREA_CUTS = tuple(sorted(((r, c) for r in range(1, 9) for c in range(1, 9) if r * c > 1),
                         key=lambda cut: (cut[0] * cut[1], abs(cut[0] - cut[1]), -cut[1])))


def area_options(state: HaziendaState, options: list[Option]) -> list[Option]:
    """One option per part of the map holding some of the places: ``area:<corners>``,
    ``at`` the corners of the rectangle of rows and columns holding its places ("C3-F9":
    the decision image frames each part with its number)."""
    places = list(dict.fromkeys(o.at for o in options if o.at is not None))
    result = []
    for area in map_areas(state, places):
        corners = area_corners(area)
        rows = sorted({c[0] for c in area})
        cols = sorted({int(c[1:]) for c in area})
        n = sum(1 for o in options if o.at in area)
        if len(rows) == 1:
            label = _n("Row {row}, columns {left}–{right} ({n} place)",
                       "Row {row}, columns {left}–{right} ({n} places)", n, row=rows[0],
                       left=cols[0], right=cols[-1])
        else:
            label = _n("Rows {first}–{last}, columns {left}–{right} ({n} place)",
                       "Rows {first}–{last}, columns {left}–{right} ({n} places)", n,
                       first=rows[0], last=rows[-1], left=cols[0], right=cols[-1])
        result.append(opt(f"area:{corners}", label, None, corners))
    return result


def area_corners(area: list[str]) -> str:
    """ "C3-F9": the first row and column and the last row and column of the places."""
    cells = [parse_coord(c) for c in area]
    top_left = coord_name(min(r for r, _ in cells), min(c for _, c in cells))
    return f"{top_left}-{coord_name(max(r for r, _ in cells), max(c for _, c in cells))}"


def action_options(state: HaziendaState) -> list[Option]:
    """The options of a step after the first of an action (the places, a pond's size, the
    marker to take), without "Back" nor parts of the map."""
    colour = state.players[state.current].colour
    phase = state.phase
    if phase == "place_land":
        kind = state.card or ""
        return list(_card_places(current(), "land", kind,
                                 tuple(land_spaces(state, colour, kind))))
    if phase == "place_animal":
        species = state.card or ""
        return list(_card_places(current(), "animal", species,
                                 tuple(animal_spaces(state, colour, species))))
    if phase == "place_hacienda":
        return labelled_spaces([(coord, _hacienda_label(coord, domain, size)) for coord, domain, size
                                in _group_choices(state, hacienda_spaces(state, colour))])
    if phase == "pond_size":
        return [Option(key=f"pond:{size}", label=_n("Pond of {n} hex", "Pond of {n} hexes", size))
                for size in pond_sizes(state)]
    if phase == "place_pond":
        spaces = (pond_next_spaces(state, state.pond_cells) if state.pond_cells
                  else pond_start_spaces(state, state.pond_size or 1))
        return list(_card_places(current(), "pond", "", tuple(spaces)))
    if phase == "harvest_take":
        return [Option(key=f"take:{c}", label=_("{owner}'s marker on {coord}", coord=c,
                                                 owner=name(state, state.colour_seat(state.lands[c]))),
                       at=c)
                for c in stealable_markers(state, colour)]
    if phase == "harvest_place":
        return labelled_spaces([
            (coord, _n("Domain at {coord} ({n} land, +{pesos} pesos)",
                       "Domain at {coord} ({n} lands, +{pesos} pesos)", size, coord=coord,
                       pesos=HARVEST_PESOS_PER_LAND * size))
            for coord, _domain, size in _group_choices(state, harvest_targets(state, colour))])
    return []


@lru_cache(maxsize=2048)
def _card_places(lang: str, deck: str, card: str, coords: tuple[str, ...]) -> tuple[Option, ...]:
    """The places of a land or animal card (or of a pond's next hex: ``deck`` "pond"),
    labelled in ``lang`` (the active language: part of the key only), once per card and
    places (a computer player's search lists them again and again)."""
    if deck == "pond":
        return tuple(space_options(list(coords), lambda c: _("Pond on {coord}", coord=c)))
    if deck == "land" and card == "pampa":
        return tuple(space_options(list(coords), lambda c: _("Land on {coord}", coord=c)))
    if deck == "land":
        return tuple(space_options(list(coords), lambda c: upper_first(
            _("{kind} land on {coord}", kind=card_name(card), coord=c))))
    return tuple(space_options(list(coords), lambda c: upper_first(
        _("{animal} on {coord}", animal=card_name(card), coord=c))))


def _hacienda_label(coord: str, domain: bool, size: int) -> str:
    if domain:
        return _n("Hacienda on the domain at {coord} ({n} land)",
                  "Hacienda on the domain at {coord} ({n} lands)", size, coord=coord)
    return _n("Hacienda on the herd at {coord} ({n} animal)",
              "Hacienda on the herd at {coord} ({n} animals)", size, coord=coord)


def _group_choices(state: HaziendaState, tiles: list[str]) -> list[tuple[str, bool, int]]:
    """One choice per group among ``tiles``: (its first tile, whether it is a domain
    (else a herd), its size).

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
        choices.append((coord, coord in state.lands, len(group)))
    return choices


def prompt(state: HaziendaState) -> str:
    text = _step_prompt(state)
    if state.phase in PLACE_PHASES and state.area is None and len(action_options(state)) > PLACES:
        return _("{prompt} (first a part of the map)", prompt=text)
    return text


def _step_prompt(state: HaziendaState) -> str:
    who = name(state, state.current)
    phase = state.phase
    if phase == "main":
        return _("{who}: choose an action ({n} left) or end the turn", who=who,
                 n=ACTIONS_PER_TURN - state.actions_used)
    if phase == "place_land":
        return _("{who}: where does the {card} land go?", who=who, card=card_name(state.card or ""))
    if phase == "place_animal":
        return _("{who}: where does the {card} go?", who=who, card=card_name(state.card or ""))
    if phase == "place_pond":
        return _("{who}: pond hex {n} of {size}", who=who, n=len(state.pond_cells) + 1,
                 size=state.pond_size)
    return _(PROMPTS.get(phase, N_("{who}: choose")), who=who)


PROMPTS = {
    "place_hacienda": N_("{who}: on which domain or herd does the hacienda go?"),
    "pond_size": N_("{who}: which pond do you buy?"),
    "harvest_take": N_("{who}: all markers are out — take one from an opponent's domain"),
    "harvest_place": N_("{who}: which domain do you harvest?"),
}


# -- effects -------------------------------------------------------------------------

def apply_option(state: HaziendaState, key: str, step: Announcements) -> bool:
    """Apply a legal option; True when it completed an action (which counts)."""
    seat = state.current
    player = state.players[seat]
    head, _sep, rest = key.partition(":")
    if key == BACK and state.phase != "main":
        go_back(state)
        return False
    if head == "area":
        options = action_options(state)
        places = list(dict.fromkeys(o.at for o in options if o.at is not None))
        state.area = next(area for area in map_areas(state, places)
                          if area_corners(area) == rest)
        return False
    state.area = None
    if state.phase == "main":
        if head == "buy":
            return _buy(state, seat, player, rest, step)
        if head == "play":
            deck, _sep, card = rest.partition(":")
            card, _sep, coord = card.partition(":")
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
        raise IllegalMove(_("That move is not possible now."))
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
        if rest in state.lands:
            text = _("{who} buys a hacienda and builds it on the domain at {coord}.",
                     who=name(state, seat), coord=rest)
        else:
            text = _("{who} buys a hacienda and builds it on the herd at {coord}.",
                     who=name(state, seat), coord=rest)
        step.say(text, seat)
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


def go_back(state: HaziendaState) -> None:
    """ "Back": from the places of a part of the map to the parts, else to the choice of
    an action, the action left undone (its card still in hand, nothing paid)."""
    if state.area is not None:
        state.area = None
        return
    state.phase = "main"
    state.card = None
    state.pond_size = None
    state.pond_cells = []
    state.harvest_from = None


def _buy(state: HaziendaState, seat: int, player: Player, what: str, step: Announcements) -> bool:
    if what == "hacienda":
        state.phase = "place_hacienda"
        return False
    if what == "pond":
        state.phase = "pond_size"
        return False
    deck, _sep, where = what.partition(":")
    who = name(state, seat)
    if where == "deck":
        player.money -= CARD_PRICE_DECK
        card = draw(state, deck, step)
        step.say(_("{who} draws a land card.", who=who) if deck == "land" else
                 _("{who} draws an animal card.", who=who), seat)
        step.say(_("You draw a {card} card.", card=card_name(card)), seat, private_to=seat)
    else:
        index = int(where.split(":")[1])
        face_up = state.land_face_up if deck == "land" else state.animal_face_up
        player.money -= CARD_PRICE_FACE_UP
        card = face_up[index]
        add_card(player.known_lands if deck == "land" else player.known_animals, card)
        step.say(_("{who} buys a face-up {card} card.", who=who, card=card_name(card)), seat)
        # "elle est remplacée immédiatement par une carte de la pioche"
        if _can_draw(state, deck):
            face_up[index] = draw(state, deck, step)
            new = card_name(face_up[index])
            step.say(_("New face-up land card: {card}.", card=new) if deck == "land" else
                     _("New face-up animal card: {card}.", card=new))
        else:
            face_up.pop(index)
    add_card(player.lands if deck == "land" else player.animals, card)
    return True


def _can_draw(state: HaziendaState, deck: str) -> bool:
    return bool(state.land_deck or state.land_discard) if deck == "land" else bool(state.animal_deck)


def draw(state: HaziendaState, deck: str, step: Announcements) -> str:
    """Take the top card of the land deck or of the animal pile in use."""
    step.reveals = True
    if deck == "land":
        if not state.land_deck:
            # The rulebook never empties the land deck; players would shuffle the played
            # land cards ("la pile de défausse") into a new deck.
            state.land_deck, state.land_discard = state.land_discard, []
            state.rng.shuffle(state.land_deck)
            step.say(_("The land deck is empty: the played land cards are shuffled into a new "
                       "deck."))
        return state.land_deck.pop()
    card = state.animal_deck.pop()
    if not state.animal_deck:
        _animal_pile_used_up(state, step)
    return card


def _animal_pile_used_up(state: HaziendaState, step: Announcements) -> None:
    """"Épuisement de la pile de cartes animal": the scorings' triggers."""
    if not state.second_pile_in_use and state.animal_second:
        state.animal_deck, state.animal_second = state.animal_second, []
        state.second_pile_in_use = True
        if state.options.variant2:
            step.say(_("The first animal pile is used up; the second pile replaces it "
                       "(no intermediate scoring in Variant II)."))
        else:
            state.intermediate_due = True
            step.say(_("The first animal pile is used up; the second pile replaces it. "
                       "Intermediate scoring at the end of this turn."))
    else:
        state.final_due = True
        step.say(_("The last animal pile is used up: the game ends with this turn."))


def _place_land(state: HaziendaState, seat: int, player: Player, coord: str,
                step: Announcements) -> None:
    kind = state.card or ""
    _play_card(state, player, "land", kind)
    state.lands[coord] = player.colour
    state.changed.append(coord)
    step.say(_("{who} plays a {card} card: land on {coord}.", who=name(state, seat),
               card=card_name(kind), coord=coord), seat)


def _play_card(state: HaziendaState, player: Player, deck: str, card: str) -> None:
    hand, known = (player.lands, player.known_lands) if deck == "land" else (player.animals, player.known_animals)
    take_card(hand, card)
    if known.get(card):
        take_card(known, card)
    (state.land_discard if deck == "land" else state.animal_discard).append(card)


def _place_animal(state: HaziendaState, seat: int, player: Player, coord: str,
                  step: Announcements) -> None:
    species = state.card or ""
    _play_card(state, player, "animal", species)
    state.animals[coord] = Animal(colour=player.colour, species=species)
    state.changed.append(coord)
    paid = pay_markets(state, seat, coord)
    # "cattle" takes no article ("Blue places cattle on D4").
    who, animal = name(state, seat), animal_with_article(species)
    if not paid:
        step.say(_("{who} places {animal} on {coord}.", who=who, animal=animal, coord=coord), seat)
        return
    markets = and_list([
        _("market {market} (+{pesos} pesos)", market=m, pesos=pesos) if edge == coord else
        _("market {market} at {edge} (+{pesos} pesos)", market=m, edge=edge, pesos=pesos)
        for m, edge, pesos in paid])
    step.say(_("{who} places {animal} on {coord} and reaches {markets}.", who=who,
               animal=animal, coord=coord, markets=markets), seat)


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


def _lay_pond(state: HaziendaState, seat: int, player: Player, step: Announcements) -> None:
    size = state.pond_size or 1
    player.money -= piece_price(state.options.variant1)
    state.ponds_stock[size] -= 1
    cells = tuple(state.pond_cells)
    state.ponds.append(Pond(id=max((p.id for p in state.ponds), default=-1) + 1, coords=cells))
    state.pond_bought = True
    state.changed.extend(cells)
    state.pond_cells = []
    state.pond_size = None
    step.say(_("{who} buys a pond and lays it on {cells}.", who=name(state, seat),
               cells=", ".join(cells)), seat)


def _harvest(state: HaziendaState, seat: int, player: Player, coord: str,
             step: Announcements) -> None:
    domain = group_of(state, coord)
    pesos = HARVEST_PESOS_PER_LAND * len(domain)
    who = name(state, seat)
    if state.harvest_from is not None:
        source = state.harvest_from
        victim = name(state, state.colour_seat(state.lands[source]))
        state.harvest.remove(source)
        state.changed.append(source)
        state.harvest_from = None
        step.say(_("{who} takes {victim}'s harvest marker from {coord}.", who=who,
                   victim=victim, coord=source), seat)
    else:
        state.harvest_stock -= 1
    state.harvest.append(coord)
    state.changed.append(coord)
    player.money += pesos
    state.harvested = True
    step.say(_n("{who} harvests the domain at {coord}: {n} land, +{pesos} pesos.",
                "{who} harvests the domain at {coord}: {n} lands, +{pesos} pesos.", len(domain),
                who=who, coord=coord, pesos=pesos), seat)
