"""The Llama Land game state: estates, collections, the centre of the table, the turn."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, model_validator

from games.base import GameOptions, GameState
from games.llama_land.data import FOUNDATIONS_EACH, MARKERS_EACH
from games.llama_land.estate import Estate

M = TypeVar("M", bound=BaseModel)
VARIANTS = ("standard", "beginners", "experts", "llamas", "experts+llamas")
Variant = Literal["standard", "beginners", "experts", "llamas", "experts+llamas"]
_VARIANT_WORDS = {"base": "standard", "basic": "standard", "normal": "standard",
                  "beginner": "beginners", "expert": "experts", "llama": "llamas"}

Phase = Literal[
    "side",  # set-up: the player chooses the side of their start board
    "tile",  # choose a pile (or use a character)
    "mode",  # extend or build with the chosen tile
    "orient",  # too many places: choose the rotation/flip first
    "area",  # still too many places: choose the side of the estate
    "place",  # choose where the tile goes
    "effects",  # the order of the icons' effects matters: choose the next one
    "hut",  # take a character from the row or the deck
    "marker",  # after extending: place or move a marker on an objective (optional)
    "feed",  # feed one llama (or not)
    "llama",  # where the new llama token goes
    "finish",  # characters still usable: use them or end the turn
    "over",
]


class LlamaLandOptions(GameOptions):
    """``variant``: standard, beginners, experts, llamas or experts+llamas. The bare words
    ``beginners``, ``experts`` and ``llamas`` (as the platform passes a bare word: a flag
    set to true) are accepted too, ``experts`` and ``llamas`` together meaning both."""

    variant: Variant = "standard"

    @model_validator(mode="before")
    @classmethod
    def _words(cls, raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw
        raw = dict(raw)
        flags = {w for w in ("beginners", "experts", "llamas") if raw.pop(w, False) is True}
        for w in ("beginners", "experts", "llamas"):
            if raw.get(w) is False:
                raw.pop(w)
        variant = raw.get("variant")
        if isinstance(variant, str):
            text = variant.strip().lower()
            for sep in (" ", "_", "-", "&", ",", "/"):
                text = text.replace(sep, "+")
            parts = [_VARIANT_WORDS.get(p, p) for p in text.split("+") if p]
            flags |= {p for p in parts if p != "standard"}
            if "standard" in parts and len(parts) == 1:
                raw["variant"] = "standard"
        if flags:
            if flags == {"experts", "llamas"}:
                raw["variant"] = "experts+llamas"
            elif len(flags) == 1:
                raw["variant"] = next(iter(flags))
            else:
                raw["variant"] = "+".join(sorted(flags))  # rejected below with the names
        return raw

    @property
    def objectives(self) -> bool:
        return self.variant != "beginners"

    @property
    def experts(self) -> bool:
        return self.variant in ("experts", "experts+llamas")

    @property
    def llamas_on_new_tile(self) -> bool:
        return self.variant in ("llamas", "experts+llamas")


def fast_copy(model: M, update: dict[str, Any]) -> M:
    """``model.model_copy(update=...)`` without its overhead (computer players copy states
    thousands of times per move); the updated fields are already copies."""
    new = model.__class__.__new__(model.__class__)
    object.__setattr__(new, "__dict__", {**model.__dict__, **update})
    object.__setattr__(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    object.__setattr__(new, "__pydantic_extra__", model.__pydantic_extra__)
    object.__setattr__(new, "__pydantic_private__", model.__pydantic_private__)
    return new


class Character(BaseModel):
    card: str  # data.CHARACTERS name, e.g. "merchant:corn"
    taken: int  # the turn number in which it was taken


class LlamaCard(BaseModel):
    crop: str
    points: int


class Player(BaseModel):
    board: int  # 0-3: which start board was dealt
    side: str | None = None  # "A" or "B" once chosen
    estate: Estate = Field(default_factory=Estate)
    #: Cell name -> tile number of the tile on top there (cells of the start board absent).
    pieces: dict[str, int] = Field(default_factory=dict)
    #: Cell name -> foundation tiles stacked somewhere in that cell.
    foundations: dict[str, int] = Field(default_factory=dict)
    foundations_left: int = FOUNDATIONS_EACH
    markers_left: int = MARKERS_EACH
    crops: dict[str, int]
    coins: int
    characters: list[Character] = Field(default_factory=list)
    llama_cards: list[LlamaCard] = Field(default_factory=list)
    turns: int = 0
    #: Cells changed during this player's latest finished turn (tile, llama).
    last_turn: list[str] = Field(default_factory=list)

    def crop_count(self) -> int:
        return sum(self.crops.values())

    def clone(self) -> Player:
        # The estate, its pieces and foundations are shared: place_tile and the llama
        # placement replace them by copies before changing them (copy on write), which
        # lets computer players reuse what they worked out about an estate.
        return fast_copy(self, {
            "crops": dict(self.crops),
            "characters": list(self.characters),
            "llama_cards": list(self.llama_cards),
            "last_turn": list(self.last_turn),
        })


ObjectiveColour = Literal["blue", "purple", "gold"]
Mode = Literal["extend", "build"]


def _no_markers() -> list[int | None]:
    return [None, None, None]


class Objective(BaseModel):
    name: str  # data.BLUE_OBJECTIVES / PURPLE_OBJECTIVES / GOLD_OBJECTIVES key
    colour: ObjectiveColour
    points: list[int]  # top, middle, bottom
    markers: list[int | None] = Field(default_factory=_no_markers)

    def clone(self) -> Objective:
        return fast_copy(self, {"markers": list(self.markers)})


class LlamaLandState(GameState):
    game: str = "llama-land"
    options: LlamaLandOptions
    players: list[Player]
    first: int  # holds the shepherd's crook
    current: int
    phase: Phase = "side"

    # -- the centre of the table -----------------------------------------------------------
    #: Shape -> tile numbers, the top of the pile first.
    piles: dict[str, list[int]]
    character_deck: list[str]  # top first
    character_row: list[str]
    #: Crop -> llama card values still in the middle, highest (the one taken next) first.
    llama_columns: dict[str, list[int]]
    #: Llama cards left in the box at set-up (for the conservation checks only).
    llama_box: dict[str, list[int]]
    supply_crops: dict[str, int]
    supply_coins: int
    supply_llamas: int
    objectives: list[Objective] = Field(default_factory=list)

    # -- the turn in progress --------------------------------------------------------------
    pile: str | None = None
    mode: Mode | None = None
    orientation: int | None = None
    #: The side of the estate chosen when one rotation still has too many places
    #: (turn.area_places: "top", "left:2", …), None before.
    area: str | None = None
    #: The tile taken this turn and where it went (cells in its shape order).
    tile: int | None = None
    placed: list[str] = Field(default_factory=list)
    #: Effects still to collect after building: icon letters and character bonuses.
    effects: list[str] = Field(default_factory=list)
    #: Indexes into the current player's characters used this turn.
    used: list[int] = Field(default_factory=list)
    marker_done: bool = False
    fed: bool = False
    feed_crop: str | None = None
    changed: list[str] = Field(default_factory=list)

    end_triggered: bool = False

    def player(self) -> Player:
        return self.players[self.current]

    def chosen_pile(self) -> list[int]:
        """The pile chosen this turn (from the ``mode`` step on)."""
        assert self.pile is not None, "no pile chosen yet"
        return self.piles[self.pile]

    def chosen_mode(self) -> Mode:
        """Extend or build, as chosen this turn (from the ``orient`` step on)."""
        assert self.mode is not None, "no mode chosen yet"
        return self.mode

    def tiles_left(self) -> int:
        return sum(len(p) for p in self.piles.values())

    def clone(self) -> LlamaLandState:
        """A copy sharing only immutable parts (much faster than a deep copy)."""
        return fast_copy(self, {
            "rng": fast_copy(self.rng, {}),
            # Only the player whose turn it is ever changes: the others are shared.
            "players": [p.clone() if i == self.current else p for i, p in enumerate(self.players)],
            "piles": {k: list(v) for k, v in self.piles.items()},
            "character_deck": list(self.character_deck),
            "character_row": list(self.character_row),
            "llama_columns": {k: list(v) for k, v in self.llama_columns.items()},
            "llama_box": {k: list(v) for k, v in self.llama_box.items()},
            "supply_crops": dict(self.supply_crops),
            # Objectives are shared too: apply_marker copies a card before changing it.
            "objectives": list(self.objectives),
            "placed": list(self.placed),
            "effects": list(self.effects),
            "used": list(self.used),
            "changed": list(self.changed),
        })
