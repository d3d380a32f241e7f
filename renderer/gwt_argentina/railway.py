"""The railway, the ships of the loading zone and the three port cities.

Railway: spaces 0 … 31 in three rows of 11 (the depot closes the last row), the
locomotives on them; under each switch its branch station (cost, VP per disc, a black frame
for a black-corner station), the discs on it and its station master; the terminus' station
under space 31. Ships: value, grain asked, VP per disc, where they sail, discs. Ports:
quays with their discs, each district's spaces (VP, a disc when taken, crossed when closed).
"""

from __future__ import annotations

from games.gwt_argentina.data.europe import CITY_NAMES, SHIP_BY_ID, port_city
from games.gwt_argentina.data.railway import STATION_BY_ID
from games.i18n import _
from renderer.gwt_argentina.canvas import (
    FLOOR,
    INK,
    LINE,
    MARGIN,
    MUTED_INK,
    PANEL,
    WIDTH,
    Canvas,
    initial,
)

CELLS_PER_ROW = 11
CELL_PITCH = (WIDTH - 2 * MARGIN + 4) / CELLS_PER_ROW
CELL_W = CELL_PITCH - 4
CELL_H = 44
STATION_H = 66
TRACK_FILL = "#e2d6bb"
STATION_FILL = "#f6efdc"


def track_cell(position: int, top: float) -> tuple[float, float, float, float]:
    """The box of railway space ``position`` (0 … 31) or of the depot (32)."""
    row, col = divmod(position, CELLS_PER_ROW)
    x = MARGIN + col * CELL_PITCH
    y = top + row * (CELL_H + STATION_H + 8)
    return (x, y, x + CELL_W, y + CELL_H)


def station_box(station_id: str, top: float) -> tuple[float, float, float, float]:
    switch = STATION_BY_ID[station_id].switch
    x0, _top, x1, y1 = track_cell(switch, top)
    centre = (x0 + x1) / 2
    half = CELL_PITCH - 3
    left = min(max(centre - half, MARGIN), WIDTH - MARGIN - 2 * half)
    return (left, y1 + 6, left + 2 * half, y1 + 6 + STATION_H)


def paint_railway(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    board = view["board"]
    top = canvas.title(top, _("Railway"))
    locomotives: dict[str, list[int]] = {}
    for player in view["players"]:
        locomotives.setdefault(str(player["locomotive"]), []).append(player["seat"])
    for first in range(0, 33, CELLS_PER_ROW):  # the track never changes
        x0, y0, _right, _bottom = track_cell(first, top)
        canvas.paste_drawn((x0, y0), (WIDTH - 2 * MARGIN, CELL_H), _paint_track_row, first)
    for position in range(33):
        box = track_cell(position, top)
        place = "depot" if position == 32 else str(position)
        canvas.place(f"rail:{place}", box)
        _locos(canvas, locomotives.get(place, []), box, names)
    for station_id, discs in board["stations"].items():
        station = STATION_BY_ID[station_id]
        box = station_box(station_id, top)
        place = station_id if station_id.startswith("b") else f"{station_id}:station"
        if station_id.startswith("b"):
            canvas.place(f"rail:{station_id}", box)
        x0, y0, x1, y1 = box
        sx = (track_cell(station.switch, top)[0] + track_cell(station.switch, top)[2]) / 2
        canvas.draw.line([(sx, y0 - 6), (sx, y0)], fill=INK, width=3)
        master = board["station_masters"].get(station_id)
        word = ""
        if master:
            word = (_("wkr {tile}", tile=master.split(":")[1][:2]) if master.startswith("worker:")
                    else master)
        canvas.paste_drawn((x0, y0), (x1 - x0, y1 - y0), _paint_station, station_id,
                           place.endswith(":station"), word)
        right = x1 - 6
        if word:
            right -= canvas.text_length(word, condensed=True) + 4
        canvas.discs(x0 + 6, y1 - 14, list(discs), radius=9, right=right)
        _locos(canvas, locomotives.get(station_id, []), (x1 - 30, y0, x1, y0 + 30), names)
    return track_cell(22, top)[3] + STATION_H + 14


def _paint_track_row(canvas: Canvas, x: float, y: float, first: int) -> None:
    """The railway's spaces ``first`` … (a row of the track, the depot closing the last)
    from ``(x, y)``, the box of ``first``."""
    for position in range(first, min(first + CELLS_PER_ROW, 33)):
        x0, y0, x1, y1 = track_cell(position, 0)
        box = (x + x0 - MARGIN, y, x + x1 - MARGIN, y + CELL_H)
        label = _("depot") if position == 32 else str(position)
        canvas.rect(box, TRACK_FILL if position else "#bdb2a0", outline=INK if
                    position in (0, 31, 32) else LINE, width=2)
        canvas.text((box[0] + 4, box[1] + 2), label, bold=True, condensed=True,
                    fill=MUTED_INK if position not in (0, 31) else INK)


def _paint_station(canvas: Canvas, x0: float, y0: float, station_id: str, terminus: bool,
                   master: str) -> None:
    """A branch station (or the terminus' station) without its discs: cost, VP per disc,
    a black frame for a black-corner station, its station master's ``master`` word."""
    station = STATION_BY_ID[station_id]
    x1, y1 = x0 + 2 * (CELL_PITCH - 3), y0 + STATION_H
    black = station.corner == "black"
    canvas.rect((x0, y0, x1, y1), STATION_FILL, outline=INK, width=5 if black else 2)
    head = "T31" if terminus else station_id
    canvas.text((x0 + 6, y0 + 3), _("{station} ${cost} {vp}vp", station=head,
                                     cost=station.cost, vp=station.vp), bold=True,
                condensed=True, width=x1 - x0 - 10)
    if master:
        canvas.text((x1 - 6, y1 - 4), master, condensed=True, anchor="rd", fill=MUTED_INK)


def _locos(canvas: Canvas, seats: list[int], box, names: list[str]) -> None:
    x0, y0, x1, y1 = box
    if not seats:
        return
    if len(seats) == 1:
        canvas.disc((x1 - 16, y1 - 15), 12, seats[0], initial(names, seats[0]))
        return
    for i, seat in enumerate(seats):  # space 0 holds every locomotive at the start
        col, row = i % 2, i // 2
        canvas.disc((x0 + 12 + col * 22 + 20, y0 + 12 + row * 16 + 6), 8, seat)


SHIPS_PER_ROW = 4
SHIP_PITCH = (WIDTH - 2 * MARGIN + 6) / SHIPS_PER_ROW
SHIP_W = SHIP_PITCH - 6
SHIP_H = 70
ANCHOR_FILL = {"yellow": "#ecd25a", "turquoise": "#5cc3c0", "purple": "#b48ad6", None: PANEL}


def paint_ships(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    board = view["board"]
    ships = board["ships"]
    top = canvas.title(top, _("Ships (loading zone)"), _("pile {n}", n=board["ship_pile"]))
    for i, ship in enumerate(ships):
        row, col = divmod(i, SHIPS_PER_ROW)
        x0 = MARGIN + col * SHIP_PITCH
        y0 = top + row * (SHIP_H + 6)
        box = (x0, y0, x0 + SHIP_W, y0 + SHIP_H)
        canvas.place(ship["id"], box)
        canvas.paste_drawn((x0, y0), (SHIP_W, SHIP_H), _paint_ship, ship["id"])
        canvas.discs(x0 + 6, y0 + SHIP_H - 15, list(ship["discs"]), radius=9,
                     right=x0 + SHIP_W - 6)
    rows = (len(ships) + SHIPS_PER_ROW - 1) // SHIPS_PER_ROW
    return top + rows * (SHIP_H + 6) + 6


def _paint_ship(canvas: Canvas, x0: float, y0: float, ship: str) -> None:
    """A ship without its discs: value, grain asked, where it sails or VP per disc."""
    data = SHIP_BY_ID[ship]
    canvas.rect((x0, y0, x0 + SHIP_W, y0 + SHIP_H), ANCHOR_FILL[data.anchor], outline=INK,
                width=5 if data.corner == "black" else 2)
    where = "—"
    if data.destination:
        city, quay = data.destination.split(":")
        where = f"{CITY_NAMES[city]} {quay}"
    elif data.vp:
        where = _("{n}vp/disc", n=data.vp)
    canvas.text((x0 + 6, y0 + 2), str(data.value), bold=True, size=FLOOR + 6)
    canvas.text((x0 + 44, y0 + 4), _("g{n} {where}", n=data.grain, where=where),
                condensed=True,
                width=SHIP_W - 50)


PORT_PITCH = (WIDTH - 2 * MARGIN + 8) / 3
PORT_W = PORT_PITCH - 8
SPACE_W = 44
SPACE_H = 34


def paint_ports(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    board = view["board"]
    top = canvas.title(top, _("Ports"))
    bottom = top
    for i, (city, port) in enumerate(board["ports"].items()):
        x0 = MARGIN + i * PORT_PITCH
        bottom = max(bottom, _paint_port(canvas, city, port, x0, top))
    return bottom + 8


def _paint_port(canvas: Canvas, city: str, port: dict, x0: float, top: float) -> float:
    data = port_city(city, port["side"])
    rows = 1 + len(port["quays"]) + len(data.districts)
    box = (x0, top, x0 + PORT_W, top + 30 + rows * (SPACE_H + 4))
    # the port changes only when a disc is delivered to a district or a space closes
    canvas.paste_drawn((x0, top), (PORT_W, box[3] - top), _paint_port_face, city,
                       port["side"], tuple(port["quays"]), tuple(sorted(port["closed"])),
                       tuple(sorted(port["spaces"].items())), rows)
    y = top + 32
    for quay, discs in port["quays"].items():
        canvas.place(f"{city}:{quay}", (x0 + 4, y, x0 + PORT_W - 4, y + SPACE_H))
        canvas.discs(x0 + 118, y + SPACE_H / 2, list(discs), radius=9, right=x0 + PORT_W - 6)
        y += SPACE_H + 4
    for district in data.districts:
        for j, space in enumerate(district.spaces):
            sx = x0 + 66 + j * (SPACE_W + 2)
            canvas.place(space.id, (sx, y, sx + SPACE_W, y + SPACE_H))
        y += SPACE_H + 4
    return box[3]


def _paint_port_face(canvas: Canvas, x0: float, top: float, city: str, side: str,
                     quays: tuple[str, ...], closed: tuple[str, ...],
                     owners: tuple[tuple[str, int], ...], rows: int) -> None:
    """A port city without the discs on its quays: its quays' VP, each district's spaces
    (VP, a disc when taken, crossed when ``closed``)."""
    data = port_city(city, side)
    box = (x0, top, x0 + PORT_W, top + 30 + rows * (SPACE_H + 4))
    canvas.rect(box, PANEL, outline=INK, width=2)
    canvas.text((x0 + 6, top + 4), f"{CITY_NAMES[city]} {side}", bold=True,
                width=PORT_W - 10)
    y = top + 32
    for quay in quays:
        vp = data.quay_vp.get(quay, 0)
        canvas.text((x0 + 6, y + 6), _("quay {quay} {vp}vp", quay=quay, vp=vp), condensed=True)
        y += SPACE_H + 4
    taken = dict(owners)
    for district in data.districts:
        canvas.text((x0 + 6, y + 6), _("{compass} g{n}", compass=district.compass,
                                       n=district.grain), bold=True,
                    condensed=True)
        for j, space in enumerate(district.spaces):
            sx = x0 + 66 + j * (SPACE_W + 2)
            sbox = (sx, y, sx + SPACE_W, y + SPACE_H)
            is_closed = space.id in closed
            canvas.rect(sbox, "#b8ad98" if is_closed else "#fbf7ec", outline=LINE, width=2,
                        radius=4)
            owner = taken.get(space.id)
            if is_closed:
                canvas.draw.line([(sbox[0] + 4, sbox[1] + 4), (sbox[2] - 4, sbox[3] - 4)],
                                 fill=INK, width=3)
            elif owner is not None:
                canvas.disc((sx + SPACE_W / 2, y + SPACE_H / 2), 12, owner)
            else:
                canvas.text((sx + SPACE_W / 2, y + SPACE_H / 2 + 1), f"{space.vp}",
                            condensed=True, anchor="mm", fill=MUTED_INK)
        y += SPACE_H + 4
