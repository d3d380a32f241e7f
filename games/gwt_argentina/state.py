"""The Great Western Trail: Argentina game state (pydantic, JSON round trip, own RNG).

Field names here are a public interface (scoring, notation, views, renderer read them):
keep them stable. Every piece is named by a plain string id; the facts behind an id
(breeding value, strength, costs, VP ...) live in the component tables (``data/``), never
in the state. Conventions:

* **Cards** (cattle, exhaustion, objective) are ids unique in the game; a player's *herd*
  is ``hand + deck + discard`` (rulebook "votre troupeau"). ``deck[0]`` is the top card.
* **Worker and farmer tiles** are ids unique in the game (bags, job market, forecast
  spaces, farmer spaces of the trail, worker rows, station masters' spaces, helped farmers).
* **Trail locations** are the board's space ids ("N1".."N8" neutral spaces, private
  building spaces, farmer spaces "GF1".., "BF1".., "OF1".., "YF1"..; "BA" Buenos Aires;
  "START" the rider space where the trail begins). ``Board.trail`` maps an occupied space
  to what stands on it: a neutral letter "A".."H", a private building ``"<seat>:<n>"``
  (its side is ``Board.building_sides[n]``) or a farmer tile id.
* **Railway**: a locomotive stands on a track space id ("0" start, "1".."31", a branch
  station id, or "depot"). ``Board.stations`` maps each station id to the seats of the
  discs on it, oldest first (the terminus may hold several discs of one seat).
* **Discs** a player still has on the player board are ``Player.slots`` (slot ids, see
  ``data/``); every other disc is on a ship, a quay, a port space or a station. 18 each.
* **Ports**: ``Board.ports[city]`` has its side, its quays (discs by quay id, in arrival
  order) and its district spaces (space id -> seat or None); closure tiles are
  ``closed`` space ids.
* **Ships**: ``Board.ships`` is the loading zone top to bottom (ship id and the seats of the
  discs in its hold, oldest first); ``Board.ship_pile`` the face-down pile, top first.

The turn in progress is a stack of :class:`Frame`: the top frame is the pending decision
(whose, what kind, its parameters). Actions push frames and pop them when done, so any
action can run inside any other (an auxiliary action inside a building, a Buenos Aires step
inside 6b, an exchange token at any decision point).
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field

from games.base import GameOptions, GameState
from games.gwt_argentina.pedro.state import Difficulty, PedroState
from games.gwt_argentina.upgrade import RULES_VERSION

#: The four worker rows of a player board, top to bottom (rulebook p. 13).
WORKER_ROWS = ("gaucho", "carpintero", "maquinista", "granjero")
#: Marks the worker printed in the first space of each row.
PRINTED = "printed"

#: The side of a port city or of a private building.
Side = Literal["a", "b"]
SIDES: tuple[Side, ...] = ("a", "b")


def side_of(letter: str) -> Side:
    """``letter`` as a :data:`Side` (ValueError if it is neither "a" nor "b")."""
    for side in SIDES:
        if side == letter:
            return side
    raise ValueError(f"a side is a or b, not {letter!r}")


class GwtOptions(GameOptions):
    #: Private buildings' sides: all "a" (first game), all "b", or each number at random
    #: (the same side for every player, rulebook set-up 15).
    building_sides: Literal["a", "b", "random"] = "a"
    #: Port cities' sides: all "a" (first game), all "b", each city at random, or chosen
    #: city by city as three letters for Le Havre, Rotterdam, Liverpool ("aba"), set-up 12.
    port_sides: str = Field(default="a", pattern=r"^(a|b|random|[ab]{3})$")
    #: Neutral buildings on their letters (first game) or shuffled (set-up 3).
    first_game: bool = True
    #: Solo game only (one seat, against Pedro): « facile ♦, modéré ♦♦ ou expert ♦♦♦ ».
    difficulty: Difficulty = "moderate"


class Frame(BaseModel):
    """One pending step of the turn: ``kind`` names the decision, ``data`` its parameters."""

    kind: str
    seat: int
    data: dict[str, Any] = Field(default_factory=dict)

    def clone(self) -> Frame:
        return fast_copy(self, {"data": _copy_json(self.data)})


M = TypeVar("M", bound=BaseModel)


def fast_copy(model: M, update: dict[str, Any]) -> M:
    """``model.model_copy(update=update)`` without pydantic's generic copying (the states
    are copied once per step of every computer player's lookahead; this is 3× faster).
    No validation, as with ``model_copy``; the models here have no private or extra
    attributes."""
    cls = type(model)
    new = cls.__new__(cls)
    fields = dict(model.__dict__)
    fields.update(update)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


class Player(BaseModel):
    seat: int
    money: int
    #: Temporary certificates (the certificate track, 0 .. limit).
    certificates: int = 0
    #: The grain track (0 .. 8).
    grain: int = 0
    exchange_tokens: int = 1
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    #: Worker tiles by row (WORKER_ROWS); index 0 is always PRINTED. At most 6 per row.
    workers: dict[str, list[str]] = Field(default_factory=dict)
    #: Slot ids of the player board that still hold a disc (17 at set-up).
    slots: list[str] = Field(default_factory=list)
    #: Private building numbers (1..10) not yet built; a replaced building leaves the game.
    buildings_left: list[int] = Field(default_factory=list)
    #: Objective cards played into the objective area (scored whatever happens).
    objectives: list[str] = Field(default_factory=list)
    #: Farmer tiles kept beside the player board (2 VP each; not the granjero row).
    helped_farmers: list[str] = Field(default_factory=list)
    #: Station-master tiles taken.
    station_masters: list[str] = Field(default_factory=list)
    #: Trail location of the estanciero; None before the first turn.
    estanciero: str | None = None
    #: Track space of the locomotive ("0" start, "1".."31", a branch id, "depot").
    locomotive: str = "0"
    #: True once this player took the job-market marker (end trigger, 2 VP).
    job_marker: bool = False

    def herd(self) -> list[str]:
        return self.hand + self.deck + self.discard

    def clone(self) -> Player:
        return fast_copy(self, {
            "hand": list(self.hand), "deck": list(self.deck), "discard": list(self.discard),
            "workers": {row: list(tiles) for row, tiles in self.workers.items()},
            "slots": list(self.slots), "buildings_left": list(self.buildings_left),
            "objectives": list(self.objectives), "helped_farmers": list(self.helped_farmers),
            "station_masters": list(self.station_masters),
        })

    def worker_count(self, row: str) -> int:
        return len(self.workers.get(row, []))


class Port(BaseModel):
    side: Side = "a"
    #: quay id ("I", "II") -> seats of the discs waiting there, in arrival order.
    quays: dict[str, list[int]] = Field(default_factory=dict)
    #: district space id (e.g. "W1", "N2") -> seat of the disc delivered there, or None.
    spaces: dict[str, int | None] = Field(default_factory=dict)
    #: Spaces under a closure tile (2–3 players, set-up 12).
    closed: list[str] = Field(default_factory=list)

    def clone(self) -> Port:
        return fast_copy(self, {
            "quays": {q: list(s) for q, s in self.quays.items()},
            "spaces": dict(self.spaces), "closed": list(self.closed)})


class Ship(BaseModel):
    """A ship of the loading zone. Copies of a board share their ships: a ship is never
    changed, a loaded one is replaced (:meth:`Board.load_ship`)."""

    id: str
    #: Seats of the discs in the hold, oldest first.
    discs: list[int] = Field(default_factory=list)


class Board(BaseModel):
    #: Occupied trail space -> neutral letter, "<seat>:<n>" private building, or farmer tile.
    trail: dict[str, str] = Field(default_factory=dict)
    #: Coins paid into the money space of the farmer tile on a trail space.
    farmer_coins: dict[str, int] = Field(default_factory=dict)
    #: Side ("a"/"b") of each private building number "1".."10", the same for all players.
    building_sides: dict[str, Side] = Field(default_factory=dict)
    #: Job market: rows top to bottom, each 4 columns (left ones unused below 4 players);
    #: a worker tile id or None.
    job_market: list[list[str | None]] = Field(default_factory=list)
    #: Row index (0-based) of the job-market marker; it sits on the row's last column.
    #: ``len(job_market)`` once it left the board (game end triggered).
    job_marker_row: int = 2
    #: Forecast spaces "A1","A2","B1","B2","C1","C2" -> tile id or None (emptied this visit).
    forecast: dict[str, str | None] = Field(default_factory=dict)
    bag_a: list[str] = Field(default_factory=list)
    bag_b: list[str] = Field(default_factory=list)
    bag_c: list[str] = Field(default_factory=list)
    #: Tiles returned to the box (a farmer with no free space left, ...).
    box_tiles: list[str] = Field(default_factory=list)
    cattle_market: list[str] = Field(default_factory=list)
    cattle_deck: list[str] = Field(default_factory=list)
    #: The face-up exhaustion pile (card ids).
    exhaustion: list[str] = Field(default_factory=list)
    #: Cards removed from the game (aux action "retirez du jeu", replaced ... ).
    box_cards: list[str] = Field(default_factory=list)
    objective_deck: list[str] = Field(default_factory=list)
    objective_display: list[str] = Field(default_factory=list)
    ships: list[Ship] = Field(default_factory=list)
    ship_pile: list[str] = Field(default_factory=list)
    #: Ships that sailed (back in the box).
    ships_gone: list[str] = Field(default_factory=list)
    #: "LH" Le Havre, "RT" Rotterdam, "LV" Liverpool.
    ports: dict[str, Port] = Field(default_factory=dict)
    #: Station id -> seats of the discs on it, oldest first.
    stations: dict[str, list[int]] = Field(default_factory=dict)
    #: Station-master space (a station id) -> station-master tile, or the worker tile that
    #: replaced it ("worker:<tile id>"), or absent when empty.
    station_masters: dict[str, str] = Field(default_factory=dict)

    def load_ship(self, ship_id: str, seat: int) -> None:
        """``seat``'s disc into the hold of the ship ``ship_id``, which is replaced (the
        copies of this board share the old one)."""
        for index, ship in enumerate(self.ships):
            if ship.id == ship_id:
                self.ships[index] = Ship(id=ship.id, discs=[*ship.discs, seat])
                return
        raise AssertionError(f"no ship {ship_id}")

    def clone(self) -> Board:
        """A copy sharing nothing that changes (much faster than a deep copy): its ships
        are shared, as a ship is replaced rather than changed."""
        update: dict[str, Any] = {}
        for name, value in self.__dict__.items():
            if isinstance(value, list):
                update[name] = list(value)
            elif isinstance(value, dict):
                update[name] = dict(value)
        update["job_market"] = [list(row) for row in self.job_market]
        update["ports"] = {city: port.clone() for city, port in self.ports.items()}
        update["stations"] = {sid: list(seats) for sid, seats in self.stations.items()}
        return fast_copy(self, update)


class GwtState(GameState):
    game: str = "gwt-argentina"
    options: GwtOptions = Field(default_factory=GwtOptions)
    players: list[Player]
    board: Board
    #: Seat whose turn it is.
    current: int = 0
    #: Seats that still have to take their first turn (discard to 4, start anywhere).
    first_turn: list[int] = Field(default_factory=list)
    #: Set when the job-market marker left the board: the seat that triggered the end.
    end_triggered_by: int | None = None
    #: Seats still owed their last turn after the end was triggered, in turn order.
    last_turns: list[int] = Field(default_factory=list)
    #: The pending steps of the turn, bottom first; the top is the pending decision.
    stack: list[Frame] = Field(default_factory=list)
    #: Exchange tokens used outside one's turn whose cards are still to discard: one
    #: ``discard_cards`` frame per seat at most, apart from the turn's stack
    #: (:mod:`.exchange`).
    aside: list[Frame] = Field(default_factory=list)
    #: Deferred effects of the job-market marker this Buenos Aires visit ("market",
    #: "ships:yellow" ...), applied after the six steps (rulebook p. 11).
    after_buenos_aires: list[str] = Field(default_factory=list)
    #: A short log of the last turn for the public view.
    log: list[str] = Field(default_factory=list)
    #: The solo game's automa (``pedro/``); None with 2–4 players.
    pedro: PedroState | None = None
    #: The rules engine that wrote the state (:mod:`.upgrade`): states saved before there
    #: were versions have no such field and are read as version 0, then upgraded.
    rules_version: int = RULES_VERSION

    def table(self) -> int:
        """Players at the table: the seats, and Pedro in a solo game (he counts as a
        player for tolls, move limits and the job market: « une partie à 2 joueurs »)."""
        return len(self.players)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def clone(self) -> GwtState:
        """A copy sharing nothing mutable (much faster than a deep copy)."""
        return fast_copy(self, {
            "rng": fast_copy(self.rng, {}), "options": self.options,
            "players": [p.clone() for p in self.players], "board": self.board.clone(),
            "first_turn": list(self.first_turn), "last_turns": list(self.last_turns),
            "stack": [f.clone() for f in self.stack],
            "aside": [f.clone() for f in self.aside],
            "after_buenos_aires": list(self.after_buenos_aires), "log": list(self.log),
            "pedro": self.pedro.clone() if self.pedro is not None else None})
