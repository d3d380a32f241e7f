"""What the Llama Land images show, read from a view: the table, the players, the estates.

The renderer draws only these plain records; :func:`table_of_view` is the one place that
knows the shape of ``GAME.view(state, seat)`` (documented in ``games/llama_land/views.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.i18n import N_, _, _p
from games.llama_land.names import kind_title, objective_text, objective_title
from renderer.llama_land.estate import Cell, EstateGrid, StackCell

CROPS = ("corn", "cacao", "potato")
CROP_ICON = {"corn": "c", "cacao": "k", "potato": "p"}

#: Player colours, chosen against every height shade and icon: none is green or brown.
PLAYER_RGB = {
    "red": (222, 38, 30),
    "blue": (30, 92, 226),
    "purple": (150, 52, 200),
    "magenta": (210, 30, 150),
    "cyan": (0, 160, 200),
    "teal": (0, 150, 160),
    "orange": (240, 120, 0),
    "yellow": (232, 186, 0),
    "black": (30, 30, 30),
    "white": (250, 250, 250),
    "green": (20, 130, 60),
    "pink": (236, 90, 160),
}
DEFAULT_COLOURS = ("red", "blue", "magenta", "cyan")


@dataclass
class Character:
    kind: str  # trader merchant settler miner farmer worker
    title: str  # "Trader", "Merchant", … (in the active language)
    crops: list[str] = field(default_factory=list)
    used: bool = False

    @property
    def effect(self) -> str:
        """What it does, in a few words (rulebook, "Actions des cartes Personnage")."""
        effect = CHARACTER_EFFECTS.get(self.kind)
        return _(effect) if effect else ""


#: The character kinds' effects as short reminders for the cards on the image.
CHARACTER_EFFECTS = {
    "trader": N_("swap one crop for the other"),
    "merchant": N_("1 coin for the crop, or back"),
    "settler": N_("build over all 3 crops: +2 coins"),
    "miner": N_("build over a coin: +1 coin"),
    "farmer": N_("build over 2 of it: +1 more"),
    "worker": N_("build over a hut: +1 coin"),
}


@dataclass
class Player:
    seat: int
    name: str
    colour: str
    estate: EstateGrid
    crops: dict[str, int] = field(default_factory=dict)
    coins: int = 0
    llama_cards: dict[str, list[int]] = field(default_factory=dict)
    characters: list[Character] = field(default_factory=list)
    markers_left: int | None = None
    foundations_left: int = 0
    crook: bool = False
    score: int | None = None
    breakdown: dict[str, int] = field(default_factory=dict)
    side: str | None = None  # of the start board, once chosen
    outlined: list[Cell] = field(default_factory=list)  # the cells of their latest turn


@dataclass
class Pile:
    shape: list[Cell]  # the cells of the top tile as it lies in the pile
    icons: list[str]  # the icon letter of each cell ("-" for none)
    count: int
    name: str = ""  # the shape's letter


@dataclass
class ObjectiveSpace:
    points: int
    seat: int | None = None  # whose marker stands on it
    closed: bool = False  # the middle space at 2 players


@dataclass
class Objective:
    name: str
    text: str
    colour: str  # "blue", "purple", "gold"
    spaces: list[ObjectiveSpace] = field(default_factory=list)


@dataclass
class Table:
    players: list[Player]
    turn: int = 0
    current: int | None = None
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    variant: str = ""
    piles: list[Pile] = field(default_factory=list)
    llama_columns: dict[str, list[int]] = field(default_factory=dict)
    character_row: list[Character] = field(default_factory=list)
    character_deck: int = 0
    objectives: list[Objective] = field(default_factory=list)
    phase: str = ""
    start_faces: dict[str, list[list[str]]] | None = None
    tiles_left: int | None = None
    end_triggered: bool = False
    supply: dict[str, int] = field(default_factory=dict)

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)


def table_of_view(view: dict, names: list[str]) -> Table:
    """The records to draw, from ``GAME.view(state, seat)``."""
    scores = view.get("scores") or {}
    this_turn = view.get("this_turn") or {}
    current = view.get("current")
    players = []
    for p in view["players"]:
        seat = p["seat"]
        breakdown = dict(scores.get(str(seat)) or scores.get(seat) or {})
        cards: dict[str, list[int]] = {}
        for card in p.get("llama_cards", []):
            cards.setdefault(card["crop"], []).append(card["points"])
        players.append(Player(
            seat=seat,
            name=names[seat] if seat < len(names) else _("Seat {n}", n=seat + 1),
            colour=DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)],
            estate=estate_of_view(p.get("estate") or {}),
            crops=dict(p.get("crops", {})),
            coins=p.get("coins", 0),
            llama_cards={crop: sorted(v, reverse=True) for crop, v in cards.items()},
            characters=[character_of_view(ch) for ch in p.get("characters", [])],
            markers_left=p.get("markers") if view.get("objectives") else None,
            foundations_left=p.get("foundations", 0),
            crook=seat == view.get("first"),
            score=breakdown.get("total"),
            breakdown=breakdown,
            side=p.get("side"),
            outlined=[parse_cell(n) for n in p.get("last_turn", [])],
        ))
    placed = [parse_cell(n) for n in this_turn.get("placed", [])]
    if current is not None and placed:
        players[current].outlined = placed
    characters = view.get("characters") or {}
    return Table(
        players=players,
        turn=view.get("turn", 0),
        current=current,
        finished=bool(view.get("over")),
        winners=list(view.get("winners", [])),
        variant="" if view.get("variant") in (None, "standard") else variant_name(view["variant"]),
        piles=[pile_of_view(p) for p in view.get("piles", [])],
        llama_columns={crop: list(v) for crop, v in (view.get("llama_columns") or {}).items()},
        character_row=[character_of_view(ch) for ch in characters.get("row", [])],
        character_deck=characters.get("deck", 0),
        objectives=[objective_of_view(o) for o in view.get("objectives", [])],
        phase=_(PHASE_TEXT[view["phase"]]) if view.get("phase") in PHASE_TEXT else "",
        start_faces=view.get("start_faces"),
        tiles_left=view.get("tiles_left"),
        end_triggered=bool(view.get("end_triggered")),
        supply=dict(view.get("supply") or {}),
    )


PHASE_TEXT = {
    "side": N_("choose a side of the start board"),
    "tile": N_("take a tile"),
    "mode": N_("extend or build"),
    "orient": N_("turn the tile"),
    "area": N_("choose a side of the estate"),
    "place": N_("place the tile"),
    "effects": N_("collect the icons"),
    "hut": N_("take a character"),
    "marker": N_("place a marker?"),
    "feed": N_("feed a llama?"),
    "llama": N_("place the llama"),
    "finish": N_("end the turn"),
}


def variant_name(variant: str) -> str:
    """A variant of the rules as players read it (rulebook "Variante débutants" …)."""
    return {"beginners": _p("variant", "beginners"), "experts": _p("variant", "experts"),
            "llamas": _p("variant", "llamas"),
            "experts+llamas": _p("variant", "experts + llamas")}.get(variant, variant)

_CELL = re.compile(r"r(-?[0-9]+)c(-?[0-9]+)")


def parse_cell(name: str) -> Cell:
    match = _CELL.fullmatch(name.strip())
    if match is None:
        raise ValueError(f"not a Llama Land cell name: {name!r}")
    return int(match[1]), int(match[2])


def cells_in(text: str) -> list[Cell]:
    """Every cell name in ``text``, in order (an ``Option.at`` of a placement)."""
    return [(int(m[1]), int(m[2])) for m in _CELL.finditer(text)]


def estate_of_view(estate: dict) -> EstateGrid:
    grid = EstateGrid()
    r0, c0 = estate.get("first_row", 1), estate.get("first_col", 1)
    for i, row in enumerate(estate.get("rows", [])):
        for j, cell in enumerate(row):
            if cell is None:
                continue
            tile = cell.get("piece", cell.get("tile"))
            grid.cells[(r0 + i, c0 + j)] = StackCell(
                height=cell["height"], top=cell["top"], foundation=bool(cell.get("foundation")),
                tile=None if tile is None else str(tile))
    return grid


def character_of_view(card: dict) -> Character:
    kind = card.get("kind", "")
    return Character(kind=kind, title=kind_title(kind), crops=list(card.get("crops", [])),
                     used=bool(card.get("used")))


def pile_of_view(pile: dict) -> Pile:
    top = pile.get("top")
    if not top:
        return Pile(shape=[], icons=[], count=pile.get("count", 0), name=pile.get("shape", ""))
    cells = [(r, c) for r, c, _ in top["cells"]]
    icons = [icon for _, _, icon in top["cells"]]
    return Pile(shape=cells, icons=icons, count=pile.get("count", 0), name=pile.get("shape", ""))


def objective_of_view(card: dict) -> Objective:
    name = card.get("name", "")
    return Objective(
        name=objective_title(name),
        text=objective_text(name, card.get("colour", "")),
        colour=card.get("colour", ""),
        spaces=[ObjectiveSpace(points=s["points"], seat=s.get("seat"),
                               closed=not s.get("open", True)) for s in card.get("spaces", [])],
    )
