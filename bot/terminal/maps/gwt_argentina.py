"""Great Western Trail: Argentina as text: the trail from the rider's space to Buenos Aires,
fork by fork (each space by its id, as typed, with its tile, toll and estancieros), then the
job market, forecast, cattle market, objectives, railway, ships, ports and the players."""

from __future__ import annotations

from typing import Any

from bot.terminal.maps import fill, name_of, wrap
from games.base import name_seats
from games.gwt_argentina import pieces, words
from games.gwt_argentina.data.buildings import private_building
from games.gwt_argentina.data.europe import CITY_NAMES, SHIP_BY_ID
from games.gwt_argentina.data.railway import STATION_BY_ID
from games.gwt_argentina.data.trail import BUENOS_AIRES, SHORTCUTS, START, TOLLS, TRAIL
from games.i18n import _

LOG_LINES = 4


def text_map(view: dict[str, Any], names: list[str]) -> list[str]:
    names = _table_names(view, names)
    lines = _header(view, names)
    lines.append("")
    lines += trail_lines(view, names)
    lines.append("")
    lines += _markets(view)
    lines += _railway(view, names)
    lines += _ships_and_ports(view, names)
    lines.append("")
    lines += _players(view, names)
    return lines


def _table_names(view: dict[str, Any], names: list[str]) -> list[str]:
    """The seats' names, and Pedro's in a solo game (``players[1]``, no seat)."""
    if view.get("pedro") is not None and len(names) < len(view.get("players", ())):
        return [*names, "Pedro"]
    return names


def _header(view: dict[str, Any], names: list[str]) -> list[str]:
    if view.get("finished"):
        lines = [_("The game is over.")]
    else:
        lines = [_("Turn {n}: {name} to play.", n=view["turn"],
                   name=name_of(names, view["current"]))]
        if view.get("end_triggered_by") is not None:
            lines.append(_("The last turns are being played."))
    for line in (view.get("log") or [])[-LOG_LINES:]:
        lines += wrap("· " + name_seats(line, names), indent="    ")
    return lines


# -- the trail ------------------------------------------------------------------------------


def trail_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """The trail in the order it is travelled: each space on the main way on a line of its
    own, each fork's ways (``├``/``└``) as lines of spaces, a landing to Buenos Aires
    (``→ S23``) beside the space it is reached from."""
    board = view["board"]
    here: dict[str, list[str]] = {}
    for player in view["players"]:
        if player.get("estanciero"):
            here.setdefault(player["estanciero"], []).append(name_of(names, player["seat"]))
    table = len(view["players"])
    lines = [*wrap(_("Trail, from the start to Buenos Aires (@: an estanciero; toll: what "
                     "passing costs; $: pesos on a granjero).")), ""]

    def token(space: str) -> str:
        return space_text(space, board, table, names, here.get(space, []))

    node = START
    while True:
        landings = [s for s in TRAIL[node] if s in SHORTCUTS]
        line = token(node)
        if landings:
            line += "  " + "  ".join(f"→ {token(s)}" for s in landings)
        lines.append(line)
        if node == BUENOS_AIRES:
            return lines
        ways = [s for s in TRAIL[node] if s not in SHORTCUTS]
        if len(ways) == 1:
            node = ways[0]
            continue
        paths = [_path(way) for way in ways]
        meet = next(s for s in paths[0] if all(s in p for p in paths[1:]))
        for index, path in enumerate(paths):
            branch = path[:path.index(meet)]
            mark = "└ " if index == len(paths) - 1 else "├ "
            shown = [token(s) for s in branch] or [_("(straight on)")]
            lines += fill(shown, first="  " + mark, indent="    ")
        node = meet


def _path(space: str) -> list[str]:
    """The spaces from ``space`` to Buenos Aires taking the first way at every fork."""
    path = [space]
    while space != BUENOS_AIRES:
        space = next(s for s in TRAIL[space] if s not in SHORTCUTS) if any(
            s not in SHORTCUTS for s in TRAIL[space]) else TRAIL[space][0]
        path.append(space)
    return path


def space_text(space: str, board: dict[str, Any], table: int, names: list[str],
               estancieros: list[str]) -> str:
    """ "GF1 green 7 black toll 1 $3 @Ana": a space, its tile, toll and estancieros."""
    tile = board["trail"].get(space)
    parts = [space]
    hand = None
    if space == START:
        parts[0] = _("Start")
    elif space == BUENOS_AIRES:
        parts[0] = _("Buenos Aires")
    elif tile is None:
        parts.append("·")
    elif pieces.is_farmer(tile):
        farmer = pieces.farmer(tile)
        parts.append(_("{granjero} str {n}", granjero=words.granjero(farmer.colour),
                       n=farmer.strength))
        hand = farmer.hand
        coins = board.get("farmer_coins", {}).get(space)
        if coins:
            parts.append(f"${coins}")
    elif ":" in tile:
        owner, number = (int(x) for x in tile.split(":"))
        side = board["building_sides"][str(number)]
        parts.append(f"{number}{side}({name_of(names, owner)[:10]})")
        hand = private_building(number, side).hand
    else:
        parts.append(f"[{tile}]")
    if hand is not None:
        parts.append(_("toll {n}", n=TOLLS[table][hand]))
    parts += [f"@{who}" for who in estancieros]
    return " ".join(parts)


# -- the rest of the board ---------------------------------------------------------------


def _worker(tile: str | None) -> str:
    return "·" if tile is None else pieces.tile_label(tile)


def _markets(view: dict[str, Any]) -> list[str]:
    board = view["board"]
    lines = []
    marker = board.get("job_marker_row")
    lines.append(_("Job market (row {n} takes the next worker):", n=(marker or 0) + 1))
    for index, row in enumerate(board.get("job_market") or []):
        if all(tile is None for tile in row) and index != marker:
            continue
        lines += fill([_worker(tile) for tile in row if tile is not None] or ["·"],
                      first=f"  {index + 1:>2}: ", indent="      ")
    forecast = [f"{space} {_worker(tile)}" for space, tile in (board.get("forecast") or {}).items()]
    lines += fill(forecast, first=_("Forecast:") + " ", indent="    ")
    cattle = [pieces.card_label(card) for card in board.get("cattle_market") or []]
    lines += fill(cattle, first=_("Cattle market ({n} in the deck):",
                                  n=board.get("cattle_deck", 0)) + " ", indent="    ")
    objectives = [pieces.card_label(card) for card in board.get("objective_display") or []]
    lines += fill(objectives, first=_("Objectives on offer:") + " ", indent="    ")
    return lines


def _railway(view: dict[str, Any], names: list[str]) -> list[str]:
    board = view["board"]
    locomotives = [f"{name_of(names, p['seat'])} {p['locomotive']}" for p in view["players"]]
    lines = fill(locomotives, first=_("Locomotives (railway space):") + " ", indent="    ")
    stations = []
    for station_id, discs in board.get("stations", {}).items():
        station = STATION_BY_ID[station_id]
        text = _("{station} (${cost}, {vp} VP)", station=station_id, cost=station.cost,
                 vp=station.vp)
        master = board.get("station_masters", {}).get(station_id)
        if master:
            text += " " + _("master {tile}", tile=master)
        if discs:
            text += ": " + ", ".join(name_of(names, seat) for seat in discs)
        stations.append(text)
    lines += fill(stations, first=_("Stations:") + " ", indent="    ")
    return lines


def _ships_and_ports(view: dict[str, Any], names: list[str]) -> list[str]:
    board = view["board"]
    ships = []
    for ship in board.get("ships") or []:
        data = SHIP_BY_ID[ship["id"]]
        where = "-"
        if data.destination:
            city, quay = data.destination.split(":")
            where = f"{CITY_NAMES[city]} {quay}"
        elif data.vp:
            where = _("{n} VP a disc", n=data.vp)
        text = _("value {value}, grain {grain}, {where}", value=data.value, grain=data.grain,
                 where=where)
        if ship["discs"]:
            text += ": " + ", ".join(name_of(names, seat) for seat in ship["discs"])
        ships.append(f"[{text}]")
    lines = fill(ships, first=_("Ships ({n} in the pile):", n=board.get("ship_pile", 0)) + " ",
                 indent="    ")
    for city, port in (board.get("ports") or {}).items():
        quays = [f"{words.quay(quay)}: " + (", ".join(name_of(names, s) for s in discs) or "-")
                 for quay, discs in port["quays"].items()]
        taken = [f"{space.split(':')[1]} {name_of(names, seat)}"
                 for space, seat in port["spaces"].items() if seat is not None]
        lines += fill([*quays, *taken], first=f"{CITY_NAMES[city]}: ", indent="    ")
    return lines


def _players(view: dict[str, Any], names: list[str]) -> list[str]:
    scores = view.get("scores") or {}
    lines = []
    for player in view["players"]:
        seat = player["seat"]
        if "money" not in player:
            continue
        workers = [f"{words.worker_group(kind)} {len(tiles)}"
                   for kind, tiles in (player.get("workers") or {}).items()]
        lines += fill([
            _("{n} pesos", n=player["money"]),
            _("certificates {n}", n=player.get("certificates", 0)),
            _("grain {n}", n=player.get("grain", 0)),
            _("exchange tokens {n}", n=player.get("exchange_tokens", 0)),
            _("hand {hand}, deck {deck}", hand=player.get("hand_size", 0),
              deck=player.get("deck_size", 0)),
            *workers,
        ], first=f"{name_of(names, seat)}: ", indent="    ")
        breakdown = scores.get(str(seat)) or scores.get(seat)
        if breakdown:
            parts = [f"{words.category(k)} {v}" for k, v in breakdown.items()
                     if k != "total" and v]
            lines += fill(parts, first="    " + _("{n} VP now:", n=breakdown.get("total", 0))
                          + " ", indent="      ")
    return lines
