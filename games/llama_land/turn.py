"""A turn, step by step ("Déroulement", p. 3–7): the options of each phase and their effects.

set-up: each player chooses a side of their start board → ``tile`` (a pile; characters)
→ ``mode`` (extend or build) → [``orient``, when the places are too many for one menu]
→ ``place`` → after building, the icons' effects: collected at once when their order
cannot matter, else ``effects`` asks which comes next; each hut asks ``hut`` → after
extending, ``marker`` (not for beginners) → ``feed`` (also where the characters are used
and the turn is ended) → ``llama`` (where the new llama stands) → next player.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from games import i18n
from games.base import MENU_LIMIT, Announcements, Option
from games.i18n import N_, _, _n, _p
from games.llama_land import data
from games.llama_land.characters import (
    bonus_gain,
    bonuses,
    crops_of,
    kind_of,
    swap_choices,
    swaps,
)
from games.llama_land.deal import face_index, start_estate
from games.llama_land.estate import Estate, cell_name, parse_cell_name
from games.llama_land.names import (
    amount,
    character_title,
    icon_name,
    objective_title,
    orientation_label,
    resource_name,
    seat_name,
)
from games.llama_land.placement import (
    Placement,
    build_placements,
    can_build,
    covered_icons,
    extend_placements,
    oriented,
    place_tile,
)
from games.llama_land.scoring import open_spaces
from games.llama_land.state import Character, LlamaCard, LlamaLandState, Mode, Phase, Player

TILES, EFFECTS, FEED, SUPPLY = N_("Tiles"), N_("Effects"), N_("Feed a llama"), N_("From your supply")


class Choice(NamedTuple):
    """An option before it is known whether the decision needs groups."""

    key: str
    label: str
    group: str
    at: str | None = None
    ends_turn: bool = False


def name(state: LlamaLandState, seat: int) -> str:
    return seat_name(seat)


def who(state: LlamaLandState) -> str:
    """The name of the player whose turn it is."""
    return name(state, state.current)


def say(state: LlamaLandState, step: Announcements, text: str) -> None:
    """Announce what the current player did (``text`` names them)."""
    step.say(text, state.current)


def icon_list(icons: str | list[str]) -> str:
    shown = [icon_name(i) for i in icons if i != data.GRASS]
    return ", ".join(shown) if shown else _("no icon")


def and_list(items: list[str]) -> str:
    """"a and b" in the active language."""
    text = items[0]
    for item in items[1:]:
        text = _("{first} and {second}", first=text, second=item)
    return text


# -- set-up: the side of the start board -------------------------------------------------------
def side_options(state: LlamaLandState) -> list[Option]:
    board = state.player().board
    return [Option(key=f"side:{side}", label=_("Side {side}", side=side),
                   hint=face_hint(data.START_FACES[face_index(board, side)]))
            for side in ("A", "B")]


#: The icons of a start face as symbols any reader knows (the hint of a side).
ICON_SYMBOLS = {"c": "🌽", "k": "🍫", "p": "🥔", "$": "🪙", "h": "🛖", "-": "·"}


def face_hint(face: str) -> str:
    """A start face, row by row, in symbols: "·🥔·🪙 / ···· / …" (the notation's letters
    mean nothing to a player and no language)."""
    return " / ".join("".join(ICON_SYMBOLS.get(c, c) for c in row) for row in face.split(" / "))


def apply_side(state: LlamaLandState, key: str, step: Announcements) -> None:
    side = key.removeprefix("side:")
    player = state.player()
    player.side = side
    player.estate = start_estate(face_index(player.board, side))
    say(state, step, _("{who} takes start board {board}, side {side}.", who=who(state),
                       board=player.board + 1, side=side))
    state.turn += 1
    state.current = (state.current + 1) % state.seats
    if state.current == state.first:
        state.phase = "tile"


# -- choosing the tile -------------------------------------------------------------------------
def tile_options(state: LlamaLandState) -> list[Option]:
    options = []
    for shape, pile in state.piles.items():
        if pile:
            options.append(Choice(f"pile:{shape}", _("{shape} tile ({icons})", shape=shape,
                                                      icons=icon_list(data.tile_icons(pile[0]))),
                                  _(TILES)))
    return finish(options + character_choices(state))


def tile_choices(state: LlamaLandState) -> int:
    """How many options :func:`tile_options` offers (without making their labels)."""
    return sum(1 for pile in state.piles.values() if pile) + len(swaps(state))


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class PerEstate(Generic[K, V]):
    """Values worked out once per estate object and forgotten with it. An estate is shared
    by the copies of a state until one changes it (copy on write: ``Player.clone``), so a
    value read from an estate (with the rest of its key) serves all the futures a computer
    player explores."""

    def __init__(self) -> None:
        self._items: dict[tuple[int, K], tuple[weakref.ref[Estate], V]] = {}

    def get(self, estate: Estate, key: K, build: Callable[[], V]) -> V:
        item = (id(estate), key)
        hit = self._items.get(item)
        if hit is not None and hit[0]() is estate:
            return hit[1]
        value = build()

        def forget(_ref: weakref.ref[Estate]) -> None:
            self._items.pop(item, None)

        self._items[item] = (weakref.ref(estate, forget), value)
        return value


#: (tile, mode, foundations left, pieces) -> the placements
_placements: PerEstate[tuple[int, str, int, int], list[Placement]] = PerEstate()
#: (tile, foundations left, pieces) -> whether the tile can be built on the estate
_buildable: PerEstate[tuple[int, int, int], bool] = PerEstate()


def placements(state: LlamaLandState, mode: str) -> list[Placement]:
    """The legal places of the chosen tile. They depend only on the estate (shared by the
    copies of a state until it changes), the tile and the foundations left, so they are
    worked out once for all the futures a computer player explores."""
    tile = state.chosen_pile()[0]
    player = state.player()
    return _placements.get(
        player.estate, (tile, mode, player.foundations_left, id(player.pieces)),
        lambda: extend_placements(player, tile) if mode == "extend"
        else build_placements(player, tile))


def buildable(player: Player, tile: int) -> bool:
    """Whether ``tile`` can be built on the player's estate (:func:`can_build`), worked out
    once per estate like the placements."""
    return _buildable.get(player.estate, (tile, player.foundations_left, id(player.pieces)),
                          lambda: can_build(player, tile))


def mode_options(state: LlamaLandState) -> list[Option]:
    options = _modes(state)
    return options + back_options(state) if len(options) > 1 else options


def _modes(state: LlamaLandState) -> list[Option]:
    options = [Option(key="extend", label=_("Extend (next to your estate)"))]
    if buildable(state.player(), state.chosen_pile()[0]):
        options.append(Option(key="build", label=_("Build (on your estate)")))
    return options


#: Options one panel shows as buttons (five rows of five): a tile with more places is
#: turned first, then (still too many) put on a side of the estate, so that every step is
#: one tap.
PANEL = 25
#: Places one step offers at most, beside its "Back".
PLACES = PANEL - 1
BACK = "back"


def needs_orientation_step(places: list[Placement]) -> bool:
    """Whether the places are more than one step offers: the tile is turned first."""
    return len(places) > PLACES


def orient_options(state: LlamaLandState) -> list[Option]:
    per = Counter(p.orientation for p in placements(state, state.chosen_mode()))
    return [Option(key=f"orient:{o}", label=_n("{turn} ({n} place)", "{turn} ({n} places)", n,
                                                turn=orientation_label(o)))
            for o, n in sorted(per.items())] + (back_options(state) if len(per) > 1 else [])


#: The sides of an estate, in the order they are offered.
SIDES = {"top": N_("Top side"), "left": N_("Left side"), "right": N_("Right side"),
         "bottom": N_("Bottom side")}


class Centre(NamedTuple):
    """The middle of an estate, and half its height and width, a cell more each way."""

    row: float
    col: float
    half_height: float
    half_width: float


def centre_of(estate: Estate) -> Centre:
    r0, c0, r1, c1 = estate.bounds()
    return Centre((r0 + r1) / 2, (c0 + c1) / 2, (r1 - r0) / 2 + 1, (c1 - c0) / 2 + 1)


def side_of(centre: Centre, place: Placement) -> str:
    """The side of the estate a place lies on: where the tile's centre is from the
    estate's centre, up or down when that is further (in the estate's own proportions)
    than left or right."""
    size = len(place.cells)
    dr = (sum(r for r, _ in place.cells) / size - centre.row) / centre.half_height
    dc = (sum(c for _, c in place.cells) / size - centre.col) / centre.half_width
    if abs(dr) >= abs(dc):
        return "top" if dr < 0 else "bottom"
    return "left" if dc < 0 else "right"


#: (tile, mode, orientation, foundations left, pieces) -> the places by side of the estate
_areas: PerEstate[tuple[int, Mode | None, int | None, int, int],
                  Mapping[str, Sequence[Placement]]] = PerEstate()


def area_places(state: LlamaLandState) -> Mapping[str, Sequence[Placement]]:
    """The places of the chosen rotation by side of the estate (``top``, ``left``, …);
    a side with more than one step offers cut along it (``top``, ``top:2``, …). Worked
    out once per estate, like the placements."""
    player = state.player()
    key = (state.chosen_pile()[0], state.mode, state.orientation, player.foundations_left,
           id(player.pieces))
    return _areas.get(player.estate, key, lambda: _area_places_now(state))


def _area_places_now(state: LlamaLandState) -> dict[str, list[Placement]]:
    places = [p for p in placements(state, state.chosen_mode())
              if p.orientation == state.orientation]
    centre = centre_of(state.player().estate)
    sides: dict[str, list[Placement]] = {side: [] for side in SIDES}
    for place in places:
        sides[side_of(centre, place)].append(place)
    areas = {}
    for side, found in sides.items():
        along = 1 if side in ("top", "bottom") else 0  # cut a side along its length
        found.sort(key=lambda p: (p.anchor[along], p.anchor[1 - along]))
        parts = -(-len(found) // PLACES)
        size = -(-len(found) // parts) if parts else 0
        for n in range(parts):
            areas[side if n == 0 else f"{side}:{n + 1}"] = found[n * size:(n + 1) * size]
    return areas


def needs_area_step(state: LlamaLandState) -> bool:
    return sum(1 for p in placements(state, state.chosen_mode())
               if p.orientation == state.orientation) > PLACES


def area_options(state: LlamaLandState) -> list[Option]:
    areas = area_places(state)
    options = []
    for key, found in areas.items():
        side, _sep, part = key.partition(":")
        title = _(SIDES[side])
        parts = sum(1 for k in areas if k.partition(":")[0] == side)
        if parts > 1:
            title = _("{side}, part {n} of {parts}", side=title, n=part or 1, parts=parts)
        options.append(Option(key=f"area:{key}", label=_n(
            "{side} ({n} place)", "{side} ({n} places)", len(found), side=title)))
    return options + (back_options(state) if len(areas) > 1 else [])


def back_options(state: LlamaLandState) -> list[Option]:
    """ "Back" to the step before (nothing is revealed before the tile is placed)."""
    return [Option(key=BACK, label=_("Back"))] if back_target(state) is not None else []


#: The steps before each step of placing a tile, the nearest first.
EARLIER: dict[Phase, tuple[Phase, ...]] = {"mode": ("tile",), "orient": ("mode", "tile"), "area": ("orient", "mode", "tile"),
           "place": ("area", "orient", "mode", "tile")}


def back_target(state: LlamaLandState) -> Phase | None:
    """The step "Back" returns to: the nearest earlier one of this turn in which the
    player chose among several options (a step of one option is taken without asking:
    going back to it would bring the player straight back)."""
    for phase in EARLIER.get(state.phase, ()):
        if phase == "area" and state.area is not None:
            return phase
        if phase == "orient" and state.orientation is not None:
            return phase
        if phase == "mode" and len(_modes(state)) > 1:
            return phase
        if phase == "tile" and tile_choices(state) > 1:
            return phase
    return None


def go_back(state: LlamaLandState) -> None:
    target = back_target(state)
    assert target is not None, "no step to go back to"
    state.area = None
    if target != "area":
        state.orientation = None
    if target in ("mode", "tile"):
        state.mode = None
    if target == "tile":
        state.pile = None
    state.phase = target


def placement_label(state: LlamaLandState, place: Placement) -> str:
    (r0, c0), (r1, c1) = place.anchor, place.corner
    # The cell names are the notation's (r<row>c<column>), the same in every language.
    parts = [_("{first}–{last} {turn}", first=f"r{r0}c{c0}", last=f"r{r1}c{c1}",
               turn=orientation_label(place.orientation))]
    if place.mode == "build":
        paid = covered_icons(state.player().estate, place)
        parts.append(f"+{icon_list(paid)}" if paid else _("nothing"))
        if sum(place.foundations):
            parts.append(_n("{n} foundation", "{n} foundations", sum(place.foundations)))
    return " · ".join(parts)


#: (tile, mode, orientation, area, foundations left, pieces, language) -> the place options
_place_options: PerEstate[tuple[int, Mode | None, int | None, str | None, int, int, str],
                          list[Option]] = PerEstate()


def place_options(state: LlamaLandState) -> list[Option]:
    """The placements, and "Back" when there is a choice."""
    options = _cached_place_options(state)
    if len(options) <= 1:
        return options
    back = back_options(state)
    if back and len(options) + 1 > MENU_LIMIT:  # (a state saved mid-turn by an older engine)
        places = _("Places")
        back = [_option(BACK, back[0].label, _("Back"), None)]
        options = [o if o.group else _option(o.key, o.label, places, o.at) for o in options]
    return options + back


def _cached_place_options(state: LlamaLandState) -> list[Option]:
    """The placements as options; like the placements, worked out once per estate."""
    player = state.player()
    key = (state.chosen_pile()[0], state.mode, state.orientation, state.area,
           player.foundations_left, id(player.pieces), i18n.current())  # labels: per language
    return _place_options.get(player.estate, key, lambda: _place_options_now(state))


def _place_options_now(state: LlamaLandState) -> list[Option]:
    places: Sequence[Placement] = placements(state, state.chosen_mode())
    if state.area is not None:
        places = area_places(state)[state.area]
    elif state.orientation is not None:
        places = [p for p in places if p.orientation == state.orientation]
    if len(places) <= MENU_LIMIT:
        return [_option(p.key(), placement_label(state, p), None, p.at()) for p in places]
    options = []
    by_orientation: dict[int, list[Placement]] = {}
    for p in places:
        by_orientation.setdefault(p.orientation, []).append(p)
    for orientation, group in sorted(by_orientation.items()):
        chunks = [group[i:i + MENU_LIMIT] for i in range(0, len(group), MENU_LIMIT)]
        for n, chunk in enumerate(chunks, start=1):
            title = orientation_label(orientation)
            if len(chunks) > 1:
                title += f" · {n}/{len(chunks)}"
            options += [_option(p.key(), placement_label(state, p), title, p.at()) for p in chunk]
    return options


def parse_placement(state: LlamaLandState, key: str) -> Placement:
    """The placement of a ``x:<orientation>:<cell>`` / ``b:...`` key (already offered)."""
    mode_letter, orientation_text, anchor_text = key.split(":")
    orientation = int(orientation_text)
    ar, ac = parse_cell_name(anchor_text)
    shape = data.tile_shape(state.chosen_pile()[0])
    cells = tuple((ar + r, ac + c) for r, c in oriented(shape, orientation))
    if mode_letter == "x":
        return Placement("extend", orientation, cells)
    estate = state.player().estate
    top = max(estate.cells[p].height for p in cells)
    return Placement("build", orientation, cells, tuple(top - estate.cells[p].height for p in cells))


def apply_placement(state: LlamaLandState, key: str, step: Announcements) -> None:
    place = parse_placement(state, key)
    player = state.player()
    pile = state.chosen_pile()
    tile = pile.pop(0)
    step.reveals = bool(pile)  # the next tile of the pile shows
    paid = place_tile(player, tile, place)
    state.tile = tile
    state.placed = [cell_name(p) for p in place.cells]
    state.changed += state.placed
    state.orientation = place.orientation
    state.area = None
    where = placement_label(state, place).split(" · ")[0]
    shape = data.tile_shape(tile)
    if place.mode == "extend":
        say(state, step, _("{who} extends with a {shape} tile at {where}.", who=who(state),
                           shape=shape, where=where))
        return
    level = player.estate[place.cells[0]].height
    foundations = sum(place.foundations)
    if foundations:
        text = _n("{who} builds a {shape} tile at {where} (level {level}) on {n} foundation, "
                  "covering {icons}.",
                  "{who} builds a {shape} tile at {where} (level {level}) on {n} foundations, "
                  "covering {icons}.", foundations, who=who(state), shape=shape, where=where,
                  level=level, icons=icon_list(paid))
    else:
        text = _("{who} builds a {shape} tile at {where} (level {level}), covering {icons}.",
                 who=who(state), shape=shape, where=where, level=level, icons=icon_list(paid))
    say(state, step, text)
    state.effects = sorted(paid, key=data.EFFECT_ORDER.index) + bonuses(state, paid)


# -- the icons' effects -----------------------------------------------------------------------
def _effect_needs(state: LlamaLandState) -> Counter[str]:
    """Supplies the remaining effects draw on: crop names, "coin", "hut"."""
    need: Counter[str] = Counter()
    player = state.player()
    for effect in state.effects:
        if effect.startswith("bonus:"):
            what, n = bonus_gain(player.characters[int(effect[6:])].card)
            need[what] += n
        elif effect == data.HUT:
            need["hut"] += 1
        elif effect == data.COIN_ICON:
            need["coin"] += 1
        else:
            need[data.LETTER_CROP[effect]] += 1
    return need


def order_matters(state: LlamaLandState) -> bool:
    """Whether the player is asked in which order the effects come: when a supply runs
    short and a character could change what is left in it in between — one of theirs that
    trades in a short supply, or one a hut still to come may bring. « dans l'ordre que vous
    voulez » and « Vous pouvez utiliser autant de personnages que vous voulez, à tout moment
    de votre tour », Traders and Merchants « au cours du tour où vous les obtenez » (p. 4, 6),
    also when only one kind of effect is left."""
    need = _effect_needs(state)
    have = {**state.supply_crops, "coin": state.supply_coins}
    short = {k for k, n in need.items() if k != "hut" and have[k] < n}
    if not short:
        return False
    huts = need["hut"] > 0 and bool(state.character_row or state.character_deck)
    if huts and len(set(state.effects)) > 1:
        return True  # a character taken first may trade in the short supply
    return any(kind_of(ch.card) in data.ACTIVE_KINDS and short & trades_in(ch.card)
               for i, ch in enumerate(state.player().characters) if i not in state.used)


def trades_in(card: str) -> set[str]:
    """The supplies a Trader (its two crops) or a Merchant (its crop and coins) changes."""
    crops = set(crops_of(card))
    return crops | {"coin"} if kind_of(card) == data.MERCHANT else crops


def effect_label(state: LlamaLandState, effect: str) -> str:
    if effect.startswith("bonus:"):
        card = state.player().characters[int(effect[6:])].card
        what, n = bonus_gain(card)
        return f"{character_title(card)}: +{amount(n, what)}"
    if effect == data.HUT:
        return _("Hut: take a character")
    return _("Take {amount}", amount=amount(1, data.ICON_NAMES[effect]))


def effect_options(state: LlamaLandState) -> list[Option]:
    options = [Choice("effect:all", _("Collect them in the usual order"), _(EFFECTS))]
    for effect in dict.fromkeys(state.effects):
        options.append(Choice(f"effect:{effect}", effect_label(state, effect), _(EFFECTS)))
    return finish(options + character_choices(state))


def gain(state: LlamaLandState, what: str, n: int) -> int:
    """Take up to ``n`` of a crop or of coins from the supply; return how many came."""
    player = state.player()
    if what == "coin":
        got = min(n, state.supply_coins)
        state.supply_coins -= got
        player.coins += got
    else:
        got = min(n, state.supply_crops[what])
        state.supply_crops[what] -= got
        player.crops[what] += got
    return got


def resolve_effect(state: LlamaLandState, effect: str, step: Announcements) -> None:
    """Collect one effect other than a hut and drop it from the list."""
    state.effects.remove(effect)
    if effect.startswith("bonus:"):
        index = int(effect[6:])
        state.used.append(index)
        what, n = bonus_gain(state.player().characters[index].card)
    elif effect == data.COIN_ICON:
        what, n = "coin", 1
    else:
        what, n = data.LETTER_CROP[effect], 1
    got = gain(state, what, n)
    if effect.startswith("bonus:"):
        title = character_title(state.player().characters[int(effect[6:])].card)
        say(state, step, _("{who} gains {amount} with the {title}.", who=who(state),
                           amount=amount(got, what), title=title) if got else
            _("{who} gains nothing with the {title}: the supply is empty.", who=who(state),
              title=title))
    elif not got:
        say(state, step, _("{who} gains no {what}: the supply is empty.", who=who(state),
                           what=resource_name(what)))


def apply_effect_choice(state: LlamaLandState, key: str, step: Announcements) -> None:
    effect = key.removeprefix("effect:")
    if effect == "all":
        for e in [e for e in state.effects if e != data.HUT]:
            resolve_effect(state, e, step)
        return
    if effect == data.HUT and not (state.character_row or state.character_deck):
        state.effects.remove(data.HUT)
        say(state, step, _("{who} finds no character left for a hut.", who=who(state)))
        return
    if effect == data.HUT:
        state.phase = "hut"  # the next decision asks which character
        state.effects.remove(data.HUT)
        state.effects.insert(0, data.HUT)
        return
    resolve_effect(state, effect, step)


def hut_options(state: LlamaLandState) -> list[Option]:
    options = []
    for card in dict.fromkeys(state.character_row):
        options.append(Option(key=f"hut:{card}", label=_("{title} from the row",
                                                          title=character_title(card))))
    if state.character_deck:
        options.append(Option(key="hut:deck", label=_("The top card of the deck (unseen)")))
    return options


def apply_hut(state: LlamaLandState, key: str, step: Announcements) -> None:
    """"prenez 1 carte Personnage, soit parmi celles de la rangée face visible, soit au
    sommet de la pioche ... remplacez-le par la première carte de la pioche"."""
    state.effects.remove(data.HUT)
    card = key.removeprefix("hut:")
    if card == "deck":
        card = state.character_deck.pop(0)
        step.reveals = True
        text = _("{who} takes a {title} from the deck.", who=who(state),
                 title=character_title(card))
    else:
        state.character_row.remove(card)
        if state.character_deck:
            state.character_row.append(state.character_deck.pop(0))
            step.reveals = True
        text = _("{who} takes a {title} from the row.", who=who(state), title=character_title(card))
    state.player().characters.append(Character(card=card, taken=state.turn))
    say(state, step, text)
    state.phase = "place"  # placeholder until continue_turn picks the next phase


# -- markers on objectives --------------------------------------------------------------------
def marker_moves(state: LlamaLandState) -> list[tuple[str, int, int]]:
    """(source, card, space) for each marker placement: the source is "s" for the supply
    or the index of the card the player's marker is moved from. Only empty open spaces;
    on a gold card only the highest one ("placez-le sur la case disponible la plus haute")."""
    seat = state.current
    spaces = open_spaces(state)
    own: dict[int, int] = {}
    free: dict[int, list[int]] = {}
    for card, objective in enumerate(state.objectives):
        if seat in objective.markers:
            own[card] = objective.markers.index(seat)
        free[card] = [s for s in spaces if objective.markers[s] is None]
    gold = [o.colour == "gold" for o in state.objectives]
    moves = []
    if state.player().markers_left:
        for card, empty in free.items():
            if card not in own:
                moves += [("s", card, s) for s in (empty[:1] if gold[card] else empty)]
    for source, lifted in sorted(own.items()):
        for card, empty in free.items():
            if card in own and card != source:
                continue  # "un seul de vos marqueurs par carte Objectif"
            if card == source:
                empty = sorted([*empty, lifted])
                targets = empty[:1] if gold[card] else empty
                moves += [(str(source), card, s) for s in targets if s != lifted]
            else:
                moves += [(str(source), card, s) for s in (empty[:1] if gold[card] else empty)]
    return moves


def marker_options(state: LlamaLandState) -> list[Option]:
    moves = marker_moves(state)
    if not moves:
        return []
    titles = [objective_title(objective.name) for objective in state.objectives]
    groups = {"s": _(SUPPLY)}
    for source, _card, _space in moves:
        if source not in groups:
            groups[source] = _("Move from {title}", title=titles[int(source)])
    spaces = (_p("space", "top"), _p("space", "middle"), _p("space", "bottom"))
    options = []
    for source, card, space in moves:
        objective = state.objectives[card]
        label = _("{title}: {points} pts ({where})", title=titles[card],
                  points=objective.points[space], where=spaces[space]) \
            if objective.colour != "gold" \
            else _("{title} (gold): the {where} space", title=titles[card], where=spaces[space])
        if source != "s":
            label = _("Move here: {label}", label=label)
        options.append(Choice(f"mark:{source}:{card}:{space}", label, groups[source]))
    return finish(options + [Choice("mark:skip", _("No marker this turn"), groups["s"])])


def apply_marker(state: LlamaLandState, key: str, step: Announcements) -> None:
    state.marker_done = True
    if key == "mark:skip":
        return
    _mark, source, card_text, space_text = key.split(":")
    card, space = int(card_text), int(space_text)
    # the cards are shared with earlier states (state.clone): copy before changing
    if source == "s":
        state.player().markers_left -= 1
    else:
        origin = state.objectives[int(source)] = state.objectives[int(source)].clone()
        origin.markers[origin.markers.index(state.current)] = None
    if source != card_text:
        state.objectives[card] = state.objectives[card].clone()
    objective = state.objectives[card]
    objective.markers[space] = state.current
    say(state, step, _("{who} puts a marker on {title} ({points} points space).", who=who(state),
                       title=objective_title(objective.name), points=objective.points[space]))


# -- feeding a llama --------------------------------------------------------------------------
def llama_cells(state: LlamaLandState) -> list[str]:
    """"sur une case vide et sans icône", at any level (variant: of the tile just placed)."""
    estate = state.player().estate
    cells = [cell_name(p) for p, cell in sorted(estate.cells.items()) if cell.top == data.GRASS]
    if state.options.llamas_on_new_tile:
        placed = set(state.placed)
        cells = [c for c in cells if c in placed]
    return cells


def feed_choices(state: LlamaLandState) -> list[tuple[str, int]]:
    """(crop, coin pairs paid instead of crops) for each way to feed a llama now."""
    if state.fed:
        return []
    if state.supply_llamas and not llama_cells(state):
        return []
    player = state.player()
    choices = []
    for crop in data.CROPS:
        if not state.llama_columns[crop]:
            continue
        for pairs in range(data.FEED_COST + 1):
            if player.crops[crop] >= data.FEED_COST - pairs and \
                    player.coins >= data.COINS_PER_MISSING_CROP * pairs:
                choices.append((crop, pairs))
    return choices


def feeding_compulsory(state: LlamaLandState) -> bool:
    return state.player().crop_count() >= data.COMPULSORY_FEED_AT and bool(feed_choices(state))


def feed_options(state: LlamaLandState) -> list[Option]:
    options = []
    for crop, pairs in feed_choices(state):
        crops = data.FEED_COST - pairs
        paid = " + ".join(part for part in (
            amount(crops, crop) if crops else "",
            amount(pairs * data.COINS_PER_MISSING_CROP, "coin") if pairs else "") if part)
        options.append(Choice(f"feed:{crop}:{pairs}",
                              _("Feed a {crop} llama ({points} pts): {paid}",
                                crop=resource_name(crop), points=state.llama_columns[crop][0],
                                paid=paid), _(FEED)))
    options += character_choices(state)
    if not feeding_compulsory(state):
        options.append(Choice("end", _("End the turn") if state.fed else
                              _("End the turn without feeding"), _(FEED), ends_turn=True))
    return finish(options)


def apply_feed(state: LlamaLandState, key: str, step: Announcements) -> None:
    _feed, crop, pairs_text = key.split(":")
    pairs = int(pairs_text)
    player = state.player()
    crops = data.FEED_COST - pairs
    coins = data.COINS_PER_MISSING_CROP * pairs
    player.crops[crop] -= crops
    state.supply_crops[crop] += crops
    player.coins -= coins
    state.supply_coins += coins
    points = state.llama_columns[crop].pop(0)
    player.llama_cards.append(LlamaCard(crop=crop, points=points))
    state.fed = True
    paid = and_list([p for p in (amount(crops, crop) if crops else "",
                                 amount(coins, "coin") if coins else "") if p])
    say(state, step, _("{who} feeds a {crop} llama with {paid} and takes the {points}-point card.",
                       who=who(state), crop=resource_name(crop), paid=paid, points=points))
    if state.supply_llamas:
        state.feed_crop = crop
        state.phase = "llama"


def llama_options(state: LlamaLandState) -> list[Option]:
    estate = state.player().estate
    options = []
    for name_ in llama_cells(state):
        level = estate[parse_cell_name(name_)].height
        options.append(Choice(f"llama:{name_}", _("{cell} (level {level})", cell=name_, level=level),
                              _("Row {row}", row=parse_cell_name(name_)[0]), at=name_))
    return finish(options)


def apply_llama(state: LlamaLandState, key: str, step: Announcements) -> None:
    name_ = key.removeprefix("llama:")
    pos = parse_cell_name(name_)
    player = state.player()
    estate = player.estate = player.estate.copy()  # copy on write (Player.clone)
    estate.set(pos, estate[pos].height, data.LLAMA)
    state.supply_llamas -= 1
    state.changed.append(name_)
    state.feed_crop = None
    say(state, step, _("{who} places the llama on {cell} (level {level}).", who=who(state),
                       cell=name_, level=estate[pos].height))


# -- helpers ----------------------------------------------------------------------------------
def character_choices(state: LlamaLandState) -> list[Choice]:
    return [Choice(*choice) for choice in swap_choices(state)]


def finish(choices: list[Choice]) -> list[Option]:
    """The options of a decision: without groups when they fit one menu, else in their
    groups, a group over the menu limit split into numbered parts."""
    if len(choices) <= MENU_LIMIT:
        return [_option(c.key, c.label, None, c.at, c.ends_turn) for c in choices]
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        groups.setdefault(c.group, []).append(c)
    result = []
    for title, members in groups.items():
        chunks = [members[i:i + MENU_LIMIT] for i in range(0, len(members), MENU_LIMIT)]
        for n, chunk in enumerate(chunks, start=1):
            group = title if len(chunks) == 1 else f"{title} {n}/{len(chunks)}"
            result += [_option(c.key, c.label, group, c.at, c.ends_turn) for c in chunk]
    return result


def _option(key: str, label: str, group: str | None, at: str | None,
            ends_turn: bool = False) -> Option:
    """An Option without pydantic's validation (decisions are rebuilt thousands of times
    by computer players); the lengths are checked by the property tests."""
    option = Option.__new__(Option)
    object.__setattr__(option, "__dict__", {"key": key, "label": label, "group": group,
                                           "hint": None, "at": at, "ends_turn": ends_turn})
    object.__setattr__(option, "__pydantic_fields_set__", _OPTION_FIELDS)
    object.__setattr__(option, "__pydantic_extra__", None)
    object.__setattr__(option, "__pydantic_private__", None)
    return option


_OPTION_FIELDS = frozenset(("key", "label", "group", "at"))
