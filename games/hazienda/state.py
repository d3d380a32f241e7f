"""The Hazienda game state: board pieces, card piles, purses and the turn in progress."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameOptions, GameState

Phase = Literal[
    "main",  # choose the next action (or end the turn)
    "place_land",  # a land card was chosen: choose its space
    "place_animal",  # an animal card was chosen: choose its space
    "place_hacienda",  # a hacienda is being bought: choose its tile
    "pond_size",  # a pond is being bought: choose its size
    "place_pond",  # choose the pond's hexes one at a time
    "harvest_take",  # all markers are out: choose the opponent's marker to take
    "harvest_place",  # choose the domain that receives the marker
    "over",
]


MapName = Literal["symmetric", "asymmetric"]
#: The maps the options name (`maps.MAP_NAMES` holds every map file).
MAP_CHOICES: tuple[MapName, ...] = ("symmetric", "asymmetric")


class HaziendaOptions(GameOptions):
    map: MapName = "symmetric"
    variant1: bool = False
    variant2: bool = False


class Animal(BaseModel):
    model_config = ConfigDict(frozen=True)

    colour: str
    species: str


class Pond(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    coords: tuple[str, ...]


class Player(BaseModel):
    colour: str
    money: int
    #: The hand, counted by card kind (land kinds incl. "pampa"; animal species).
    lands: dict[str, int] = Field(default_factory=dict)
    animals: dict[str, int] = Field(default_factory=dict)
    #: Cards of the hand everybody saw taken face up and not yet played (public).
    known_lands: dict[str, int] = Field(default_factory=dict)
    known_animals: dict[str, int] = Field(default_factory=dict)
    #: Market edges already paid to this player, as "K3@C7" (market id @ edge space).
    paid_edges: list[str] = Field(default_factory=list)
    #: The victory-point track by category (scorings so far; Variante II: as they come).
    track: dict[str, int] = Field(default_factory=dict)

    def hand_size(self) -> int:
        return sum(self.lands.values()) + sum(self.animals.values())

    def clone(self) -> Player:
        return self.model_copy(update={
            "lands": dict(self.lands),
            "animals": dict(self.animals),
            "known_lands": dict(self.known_lands),
            "known_animals": dict(self.known_animals),
            "paid_edges": list(self.paid_edges),
            "track": dict(self.track),
        })


class HaziendaState(GameState):
    game: str = "hazienda"
    options: HaziendaOptions
    #: An inline map grid (scenarios on small test boards); None = options.map.
    map_text: str | None = None
    players: list[Player]
    current: int = 0
    phase: Phase = "main"

    # -- the turn in progress --------------------------------------------------------
    actions_used: int = 0
    hacienda_bought: bool = False
    pond_bought: bool = False
    harvested: bool = False
    #: The card being played (land kind or species) during place_land / place_animal.
    card: str | None = None
    pond_size: int | None = None
    pond_cells: list[str] = Field(default_factory=list)
    #: The opponent's marker taken (its space) while choosing where it goes.
    harvest_from: str | None = None
    #: The part of the map chosen first when a step has more places than one panel shows
    #: (its places; turn.map_areas), None before.
    area: list[str] | None = None
    changed: list[str] = Field(default_factory=list)
    last_turn: list[str] = Field(default_factory=list)
    #: Turns in a row in which the player could take no action at all (see end_turn).
    idle_turns: int = 0

    # -- the board -----------------------------------------------------------------
    lands: dict[str, str] = Field(default_factory=dict)  # space -> colour
    animals: dict[str, Animal] = Field(default_factory=dict)
    ponds: list[Pond] = Field(default_factory=list)
    haciendas: list[str] = Field(default_factory=list)
    harvest: list[str] = Field(default_factory=list)

    # -- the stock beside the board ---------------------------------------------------
    haciendas_stock: int = 0
    harvest_stock: int = 8
    ponds_stock: dict[int, int] = Field(default_factory=dict)  # size -> count

    # -- the cards ------------------------------------------------------------------
    land_deck: list[str] = Field(default_factory=list)
    land_face_up: list[str] = Field(default_factory=list)
    land_discard: list[str] = Field(default_factory=list)
    animal_deck: list[str] = Field(default_factory=list)
    animal_second: list[str] = Field(default_factory=list)
    animal_removed: list[str] = Field(default_factory=list)
    animal_face_up: list[str] = Field(default_factory=list)
    animal_discard: list[str] = Field(default_factory=list)
    second_pile_in_use: bool = False

    # -- scorings --------------------------------------------------------------------
    intermediate_due: bool = False
    final_due: bool = False
    #: Each scoring so far: its kind, turn, and the points of each seat by category.
    scorings: list[dict[str, object]] = Field(default_factory=list)

    def colour_seat(self, colour: str) -> int:
        for seat, player in enumerate(self.players):
            if player.colour == colour:
                return seat
        raise ValueError(f"no player has the colour {colour!r}")

    def occupied(self) -> set[str]:
        taken = set(self.lands) | set(self.animals)
        for pond in self.ponds:
            taken.update(pond.coords)
        return taken

    def clone(self) -> HaziendaState:
        """A copy sharing only immutable parts (much faster than a deep copy)."""
        return self.model_copy(update={
            "rng": self.rng.model_copy(),
            "players": [p.clone() for p in self.players],
            "pond_cells": list(self.pond_cells),
            "area": None if self.area is None else list(self.area),
            "changed": list(self.changed),
            "last_turn": list(self.last_turn),
            "lands": dict(self.lands),
            "animals": dict(self.animals),
            "ponds": list(self.ponds),
            "haciendas": list(self.haciendas),
            "harvest": list(self.harvest),
            "ponds_stock": dict(self.ponds_stock),
            "land_deck": list(self.land_deck),
            "land_face_up": list(self.land_face_up),
            "land_discard": list(self.land_discard),
            "animal_deck": list(self.animal_deck),
            "animal_second": list(self.animal_second),
            "animal_removed": list(self.animal_removed),
            "animal_face_up": list(self.animal_face_up),
            "animal_discard": list(self.animal_discard),
            "scorings": [dict(s) for s in self.scorings],
        })
