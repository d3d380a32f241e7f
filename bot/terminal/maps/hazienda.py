"""Hazienda's map as text: one line per row of hexes (``A`` … at the left), odd rows
shifted right by half a hex as on the board, column numbers on top (a space is typed
``e9``); then the legend, whose turn it is, the players, the cards on offer and the piles."""

from __future__ import annotations

from typing import Any

from bot.terminal.maps import fill, name_of, wrap
from games.hazienda.maps import LAND_KINDS, load_map, parse_map
from games.hazienda.names import card_name, category_label, colour_name
from games.i18n import _, _n, _p

#: Columns per hex: two characters and the mark before it ("*": changed in the last turn).
PITCH = 3
MARGIN = 4


def colour_letter(colour: str) -> str:
    """One letter per player colour, told apart in the active language."""
    return {"red": _p("colour letter", "R"), "blue": _p("colour letter", "B"),
            "yellow": _p("colour letter", "Y"), "green": _p("colour letter", "G"),
            "black": _p("colour letter", "K")}.get(colour, "?")


def animal_letter(species: str) -> str:
    return {"cattle": _p("animal letter", "c"), "horse": _p("animal letter", "h"),
            "pig": _p("animal letter", "p"), "sheep": _p("animal letter", "s")}.get(species, "?")


def kind_letters(kind: str) -> str:
    """Two lower-case letters for a land kind no one has claimed yet."""
    return {"mountain": _p("land letters", "mo"), "forest": _p("land letters", "fo"),
            "meadow": _p("land letters", "me"), "stone": _p("land letters", "st"),
            "swamp": _p("land letters", "sw")}.get(kind, "??")


def text_map(view: dict[str, Any], names: list[str]) -> list[str]:
    board = parse_map(view["map_text"]) if view.get("map_text") else load_map(view["map"])
    tokens = _tokens(view, board)
    marked = set(view.get("last_turn") or []) | set((view.get("turn") or {}).get("changed") or [])
    lines = [" " * MARGIN + "".join(f" {c + 1:>{PITCH - 1}}" for c in range(board.cols))]
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for row in range(board.rows):
        text = f"{letters[row]:>2}  " + (" " if row % 2 else "")
        for col in range(board.cols):
            coord = f"{letters[row]}{col + 1}"
            token = tokens.get(coord, "  ")
            text += ("*" if coord in marked else " ") + token
        lines.append(text.rstrip())
    lines += _legend(view)
    lines += _turn(view, names)
    lines += _players(view, names)
    face_up = view.get("face_up") or {}
    lines += wrap(_("Face-up lands: {lands}; animals: {animals}.",
                    lands=", ".join(card_name(k) for k in face_up.get("land", [])) or "-",
                    animals=", ".join(card_name(a) for a in face_up.get("animal", [])) or "-"))
    lines += _piles(view.get("piles") or {})
    if view.get("harvest"):
        lines += fill(view["harvest"], first=_("Harvest markers:") + " ", indent="    ")
    return lines


def _tokens(view: dict[str, Any], board: Any) -> dict[str, str]:
    tokens: dict[str, str] = {}
    for coord, space in board.spaces.items():
        if space.kind == "market":
            tokens[coord] = space.market or "K?"
        elif space.kind == "water":
            tokens[coord] = "~~"
        elif space.kind in LAND_KINDS:
            tokens[coord] = kind_letters(space.kind)
        else:
            tokens[coord] = ".."
    for coord, colour in (view.get("lands") or {}).items():
        tokens[coord] = colour_letter(colour) + "="
    for coord, animal in (view.get("animals") or {}).items():
        tokens[coord] = colour_letter(animal["colour"]) + animal_letter(animal["species"])
    for pond in view.get("ponds") or []:
        for coord in pond["coords"]:
            tokens[coord] = "≈≈"
    for coord in (view.get("turn") or {}).get("pond_cells") or []:
        tokens[coord] = "≈?"
    lands = view.get("lands") or {}
    for coord in view.get("haciendas") or []:
        tokens[coord] = colour_letter(lands.get(coord, "")) + "H"
    return tokens


def _legend(view: dict[str, Any]) -> list[str]:
    colours = [f"{colour_letter(c)} {colour_name(c)}" for c in view.get("colours") or []]
    animals = [f"{animal_letter(a)} {card_name(a)}" for a in ("cattle", "horse", "pig", "sheep")]
    kinds = [f"{kind_letters(k)} {card_name(k)}" for k in LAND_KINDS]
    return [
        *wrap(_("Players' pieces: a colour letter ({colours}) then = land, H hacienda, or "
                "an animal ({animals}).", colours=", ".join(colours),
                animals=", ".join(animals))),
        *wrap(_("Free spaces: .. pampa, {kinds}; ~~ water, ≈≈ pond, K1… markets. "
                "*: changed in the last turn or this one.", kinds=", ".join(kinds))),
    ]


def _turn(view: dict[str, Any], names: list[str]) -> list[str]:
    colours = view.get("colours") or []
    lines = []
    if view.get("last_turn") and view.get("last_turn_seat") is not None:
        lines.append(_("Last turn, {name}: {spaces}.", name=_player(names, colours,
                                                                    view["last_turn_seat"]),
                       spaces=", ".join(view["last_turn"])))
    turn = view.get("turn") or {}
    if not view.get("over") and turn.get("seat") is not None:
        lines.append(_("Turn: {name}, {left}.", name=_player(names, colours, turn["seat"]),
                       left=_n("{n} action left", "{n} actions left", turn["actions_left"])))
    return lines


def _player(names: list[str], colours: list[str], seat: int) -> str:
    colour = colours[seat] if seat < len(colours) else ""
    return f"{name_of(names, seat)} ({colour_name(colour)})"


def _players(view: dict[str, Any], names: list[str]) -> list[str]:
    scores = view.get("scores") or {}
    colours = view.get("colours") or []
    lines = [_("Points: scored so far, then the total if the game were scored now.")]
    for player in view.get("players") or []:
        seat = player["seat"]
        breakdown = scores.get(str(seat)) or scores.get(seat) or {}
        parts = ", ".join(f"{category_label(k)} {v}" for k, v in breakdown.items()
                          if k != "total" and v)
        head = _("{name}: {score} pts, now {total}", name=_player(names, colours, seat),
                 score=player.get("score", 0), total=breakdown.get("total", 0))
        lines += fill([f"({parts})" if parts else "",
                       _("{n} pesos", n=player.get("money", 0)),
                       _n("{n} card", "{n} cards", player.get("hand_size", 0)),
                       _("markets {markets}", markets=", ".join(player.get("markets") or [])
                         or "-")], first=head + "  ", indent="    ")
    return lines


def _piles(piles: dict[str, Any]) -> list[str]:
    ponds = ", ".join(_("{n}×{size}", n=n, size=size) for size, n in (piles.get("ponds") or {}).items())
    return fill([
        _("land deck {n}", n=piles.get("land_deck", 0)),
        _("animal deck {n}", n=piles.get("animal_deck", 0)),
        _("second pile {n}", n=piles.get("animal_second_pile", 0)),
        _("haciendas {n}", n=piles.get("haciendas", 0)),
        _("ponds {sizes}", sizes=ponds or "-"),
    ], first=_("Piles:") + " ", indent="    ")
