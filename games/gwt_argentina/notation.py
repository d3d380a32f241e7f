"""A plain-text notation of a whole situation between two steps, with an exact round trip:
``read(write(state)) == state``. The format is documented in NOTATION.md.

Every line is ``<label>: <value>``; lists are space-separated ids, ``-`` for an empty
list; ``space=value`` pairs for maps. Player sections start with ``player <seat>:`` and
their lines are indented by two spaces; the turn stack lists one frame per line
(``<kind> <seat> <json parameters>``), bottom first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from games.gwt_argentina import data
from games.gwt_argentina.flow import step_kinds
from games.gwt_argentina.pedro.notation import read_pedro, write_pedro
from games.gwt_argentina.state import (
    WORKER_ROWS,
    Board,
    Frame,
    GwtOptions,
    GwtState,
    Player,
    Port,
    Ship,
    Side,
    side_of,
)
from games.gwt_argentina.upgrade import upgrade_stack
from games.rng import Rng

HEADER = "gwt-argentina"


class NotationError(ValueError):
    """The text is not a valid situation; the message says which line and why."""


# -- writing ------------------------------------------------------------------------------
def _ids(items: list[Any]) -> str:
    return " ".join(str(i) for i in items) if items else "-"


def _pairs(mapping: dict[str, Any]) -> str:
    return " ".join(f"{k}={'.' if v is None else v}" for k, v in mapping.items()) or "-"


def _seats(seats: list[int]) -> str:
    return "[" + " ".join(str(s) for s in seats) + "]"


def write(state: GwtState) -> str:
    b = state.board
    o = state.options
    lines = [
        f"{HEADER} players={state.seats} seed={state.seed} step={state.step} turn={state.turn}"
        f" rng={state.rng.state} finished={'yes' if state.finished else 'no'}",
        f"options: building_sides={o.building_sides} port_sides={o.port_sides} "
        f"first_game={'yes' if o.first_game else 'no'} difficulty={o.difficulty}",
        f"current: {state.current}",
        f"first turn: {_ids(state.first_turn)}",
        f"end triggered by: {'-' if state.end_triggered_by is None else state.end_triggered_by}",
        f"last turns: {_ids(state.last_turns)}",
        f"after buenos aires: {_ids(state.after_buenos_aires)}",
        f"trail: {_pairs(b.trail)}",
        f"farmer coins: {_pairs(b.farmer_coins)}",
        f"building sides: {_pairs(b.building_sides)}",
        f"job marker row: {b.job_marker_row}",
    ]
    for i, job_row in enumerate(b.job_market):
        lines.append(f"job row {i + 1}: " + " ".join("." if t is None else t for t in job_row))
    lines += [
        f"forecast: {_pairs(b.forecast)}",
        f"bag A: {_ids(b.bag_a)}", f"bag B: {_ids(b.bag_b)}", f"bag C: {_ids(b.bag_c)}",
        f"box tiles: {_ids(b.box_tiles)}",
        f"cattle market: {_ids(b.cattle_market)}", f"cattle deck: {_ids(b.cattle_deck)}",
        f"exhaustion: {_ids(b.exhaustion)}", f"box cards: {_ids(b.box_cards)}",
        f"objective display: {_ids(b.objective_display)}",
        f"objective deck: {_ids(b.objective_deck)}",
        "ships: " + (" ".join(f"{s.id}{_seats(s.discs)}" for s in b.ships) or "-"),
        f"ship pile: {_ids(b.ship_pile)}", f"ships gone: {_ids(b.ships_gone)}",
    ]
    for city, port in b.ports.items():
        quays = " ".join(f"{q}{_seats(seats)}" for q, seats in port.quays.items())
        spaces = " ".join(f"{s.split(':', 1)[1]}={'.' if h is None else h}"
                          for s, h in port.spaces.items())
        closed = _ids([c.split(":", 1)[1] for c in port.closed])
        lines.append(f"port {city}: side={port.side} quays {quays} spaces {spaces} "
                     f"closed {closed}")
    lines.append("stations: " + (" ".join(f"{sid}{_seats(seats)}"
                                          for sid, seats in b.stations.items()) or "-"))
    lines.append(f"station masters: {_pairs(b.station_masters)}")
    for p in state.players:
        lines += [
            f"player {p.seat}:",
            f"  money={p.money} certificates={p.certificates} grain={p.grain} "
            f"tokens={p.exchange_tokens} estanciero={p.estanciero or '-'} "
            f"locomotive={p.locomotive} job_marker={'yes' if p.job_marker else 'no'}",
            f"  hand: {_ids(p.hand)}", f"  deck: {_ids(p.deck)}", f"  discard: {_ids(p.discard)}",
        ]
        for row in WORKER_ROWS:
            lines.append(f"  {row}: {_ids(p.workers.get(row, []))}")
        lines += [
            f"  slots: {_ids(p.slots)}", f"  buildings left: {_ids(p.buildings_left)}",
            f"  objectives: {_ids(p.objectives)}", f"  helped farmers: {_ids(p.helped_farmers)}",
            f"  station masters: {_ids(p.station_masters)}",
        ]
    if state.pedro is not None:
        lines.append(write_pedro(state.pedro))
    lines.append("stack:")
    lines += _frames(state.stack)
    if state.aside:  # exchanges begun on another's turn (exchange.py): only when there are
        lines.append("aside:")
        lines += _frames(state.aside)
    lines.append("log:")
    lines += [f"  {entry}" for entry in state.log]
    return "\n".join(lines) + "\n"


def _frames(frames: list[Frame]) -> list[str]:
    return [f"  {f.kind} {f.seat} {json.dumps(f.data, sort_keys=True, ensure_ascii=False)}"
            for f in frames]


# -- reading ------------------------------------------------------------------------------
class _Lines:
    def __init__(self, text: str) -> None:
        self.lines = text.rstrip("\n").split("\n")
        self.i = 0

    def peek(self) -> str | None:
        return self.lines[self.i] if self.i < len(self.lines) else None

    def peek_starting(self, prefix: str) -> str | None:
        """The next line if it starts with ``prefix``, else None."""
        line = self.peek()
        return line if line is not None and line.startswith(prefix) else None

    def take(self, label: str) -> str:
        line = self.peek()
        if line is None:
            raise NotationError(f"line {self.i + 1}: expected '{label}:', found the end")
        prefix = f"{label}:"
        if not line.startswith(prefix):
            raise NotationError(f"line {self.i + 1}: expected '{label}:', found {line[:40]!r}")
        self.i += 1
        return line[len(prefix):].strip()

    def error(self, why: str) -> NotationError:
        return NotationError(f"line {self.i}: {why}")


def _list(value: str) -> list[str]:
    return [] if value == "-" else value.split()


def _int_list(value: str, lines: _Lines) -> list[int]:
    try:
        return [int(v) for v in _list(value)]
    except ValueError:
        raise lines.error(f"expected numbers, found {value!r}") from None


def _kv(value: str, lines: _Lines) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in _list(value):
        key, sep, val = part.partition("=")
        if not sep:
            raise lines.error(f"expected key=value, found {part!r}")
        out[key] = val
    return out


def _side(value: str, what: str, lines: _Lines) -> Side:
    try:
        return side_of(value)
    except ValueError:
        raise lines.error(f"a {what} side is a or b, not {value!r}") from None


def _seat_group(token: str, lines: _Lines) -> tuple[str, list[int]]:
    name, sep, rest = token.partition("[")
    if not sep or not rest.endswith("]"):
        raise lines.error(f"expected name[seats], found {token!r}")
    return name, _int_list(rest[:-1].replace(",", " ") or "-", lines)


def _groups(value: str) -> list[str]:
    """Split "a[0 1] b[] c[2]" into its bracketed tokens."""
    out, depth, cur = [], 0, ""
    for ch in value:
        if ch == " " and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
            continue
        depth += ch == "["
        depth -= ch == "]"
        cur += ch
    if cur:
        out.append(cur)
    return out


def _yes(value: str, lines: _Lines) -> bool:
    if value not in ("yes", "no"):
        raise lines.error(f"expected yes or no, found {value!r}")
    return value == "yes"


def _int(value: str, lines: _Lines) -> int:
    try:
        return int(value)
    except ValueError:
        raise lines.error(f"expected a number, found {value!r}") from None


def read(text: str) -> GwtState:
    lines = _Lines(text)
    head = lines.peek() or ""
    if not head.startswith(HEADER + " "):
        raise NotationError(f"line 1: a situation starts with '{HEADER} players=…'")
    lines.i += 1
    h = _kv(head[len(HEADER) + 1:], lines)
    try:
        seats, seed, step, turn = (int(h[k]) for k in ("players", "seed", "step", "turn"))
        rng = Rng(state=int(h["rng"]))
        finished = _yes(h["finished"], lines)
    except (KeyError, ValueError) as exc:
        raise NotationError(f"line 1: bad header ({exc})") from None
    opts = _kv(lines.take("options"), lines)
    try:
        # pydantic checks the words against the options' choices (ValueError otherwise)
        options = GwtOptions.model_validate({
            "building_sides": opts["building_sides"], "port_sides": opts["port_sides"],
            "first_game": _yes(opts["first_game"], lines),
            "difficulty": opts.get("difficulty", "moderate")})
    except (KeyError, ValueError) as exc:
        raise lines.error(f"bad options ({exc})") from None
    current = _int(lines.take("current"), lines)
    first_turn = _int_list(lines.take("first turn"), lines)
    end = lines.take("end triggered by")
    end_by = None if end == "-" else _int(end, lines)
    last_turns = _int_list(lines.take("last turns"), lines)
    after = _list(lines.take("after buenos aires"))

    board = Board()
    board.trail = _kv(lines.take("trail"), lines)
    board.farmer_coins = {k: _int(v, lines) for k, v in _kv(lines.take("farmer coins"),
                                                            lines).items()}
    board.building_sides = {n: _side(side, "building", lines)
                            for n, side in _kv(lines.take("building sides"), lines).items()}
    board.job_marker_row = _int(lines.take("job marker row"), lines)
    while (line := lines.peek_starting("job row ")) is not None:
        label = line.split(":", 1)[0]
        cells = lines.take(label).split()
        board.job_market.append([None if c == "." else c for c in cells])
    board.forecast = {k: (None if v == "." else v)
                      for k, v in _kv(lines.take("forecast"), lines).items()}
    board.bag_a = _list(lines.take("bag A"))
    board.bag_b = _list(lines.take("bag B"))
    board.bag_c = _list(lines.take("bag C"))
    board.box_tiles = _list(lines.take("box tiles"))
    board.cattle_market = _list(lines.take("cattle market"))
    board.cattle_deck = _list(lines.take("cattle deck"))
    board.exhaustion = _list(lines.take("exhaustion"))
    board.box_cards = _list(lines.take("box cards"))
    board.objective_display = _list(lines.take("objective display"))
    board.objective_deck = _list(lines.take("objective deck"))
    ships = lines.take("ships")
    board.ships = [Ship(id=name, discs=seats)
                   for name, seats in (_seat_group(t, lines) for t in _groups(ships)
                                       if ships != "-")]
    board.ship_pile = _list(lines.take("ship pile"))
    board.ships_gone = _list(lines.take("ships gone"))
    while (line := lines.peek_starting("port ")) is not None:
        label = line.split(":", 1)[0]
        city = label[5:]
        board.ports[city] = _read_port(city, lines.take(label), lines)
    stations = lines.take("stations")
    board.stations = dict(_seat_group(t, lines) for t in _groups(stations) if stations != "-")
    board.station_masters = _kv(lines.take("station masters"), lines)

    players = []
    while (line := lines.peek_starting("player ")) is not None:
        label = line.rstrip(":")
        lines.take(label)
        players.append(_read_player(_int(label[7:], lines), lines))
    pedro = None
    if (lines.peek() or "").startswith("pedro:"):
        pedro = read_pedro(lines.take("pedro"), options.difficulty, lines.error)
    if len(players) != seats + (pedro is not None):
        raise lines.error(f"{seats} players announced{' and Pedro' if pedro else ''}, "
                          f"{len(players)} given")
    lines.take("stack")
    stack = _read_frames(lines)
    # An old text may hold frames of an older engine (no version line: the upgrade of the
    # stack leaves a current one as it is).
    stack = [Frame.model_validate(f)
             for f in upgrade_stack([f.model_dump() for f in stack])]
    aside = []
    if (lines.peek() or "").startswith("aside:"):
        lines.take("aside")
        aside = _read_frames(lines)
    lines.take("log")
    log = []
    while (line := lines.peek()) is not None:
        lines.i += 1
        if not line.startswith("  "):
            raise lines.error(f"log lines are indented by two spaces: {line[:40]!r}")
        log.append(line[2:])
    state = GwtState(seats=seats, seed=seed, rng=rng, step=step, turn=turn, finished=finished,
                     options=options, players=players, board=board, current=current,
                     first_turn=first_turn, end_triggered_by=end_by, last_turns=last_turns,
                     stack=stack, aside=aside, after_buenos_aires=after, log=log,
                     pedro=pedro)
    check_ids(state)
    return state


def _read_frames(lines: _Lines) -> list[Frame]:
    """The indented ``<kind> <seat> <json>`` lines that follow a ``stack:`` or ``aside:``."""
    frames = []
    while (line := lines.peek_starting("  ")) is not None:
        lines.i += 1
        try:
            kind, seat, payload = line.strip().split(" ", 2)
            frames.append(Frame(kind=kind, seat=int(seat), data=json.loads(payload)))
        except (ValueError, json.JSONDecodeError) as exc:
            raise lines.error(f"bad frame {line.strip()[:40]!r} ({exc})") from None
    return frames


def check_ids(state: GwtState) -> None:
    """Every id names a piece of the game (NotationError otherwise)."""
    cards = set(data.MARKET_CARD_BY_ID) | set(data.OBJECTIVE_BY_ID) | {data.EXHAUSTION_CARD_ID}
    cards |= {c.id for seat in range(state.seats) for c in data.starting_cards(seat)}
    tiles = set(data.WORKER_BY_ID) | set(data.FARMER_BY_ID)

    def bad(what: str, ids: Iterable[str], known: set[str]) -> None:
        unknown = sorted({i for i in ids if i not in known})
        if unknown:
            raise NotationError(f"unknown {what}: {' '.join(map(str, unknown[:5]))}")

    b = state.board
    bad("trail space", b.trail, set(data.ALL_SPACES))
    bad("piece on the trail", [t for t in b.trail.values() if ":" not in t],
        set(data.NEUTRAL_LETTERS) | set(data.FARMER_BY_ID))
    bad("card", b.cattle_market + b.cattle_deck + b.exhaustion + b.box_cards
        + b.objective_display + b.objective_deck
        + [c for p in state.players for c in p.herd() + p.objectives], cards)
    bad("tile", b.bag_a + b.bag_b + b.bag_c + b.box_tiles
        + [t for row in b.job_market for t in row if t]
        + [t for t in b.forecast.values() if t]
        + [t for p in state.players for row in p.workers.values() for t in row[1:]]
        + [t for p in state.players for t in p.helped_farmers], tiles)
    bad("ship", [s.id for s in b.ships] + b.ship_pile + b.ships_gone, set(data.SHIP_BY_ID))
    bad("station", b.stations, set(data.STATION_BY_ID))
    bad("slot", [s for p in state.players for s in p.slots], set(data.DISC_SLOT_BY_ID))
    bad("frame kind", [f.kind for f in state.stack], step_kinds())
    bad("aside frame kind", [f.kind for f in state.aside], {"discard_cards"})


def _read_port(city: str, value: str, lines: _Lines) -> Port:
    parts = value.split(" quays ", 1)
    if len(parts) != 2 or not parts[0].startswith("side="):
        raise lines.error("expected 'side=… quays … spaces … closed …'")
    side = parts[0][5:]
    quays_text, sep, rest = parts[1].partition(" spaces ")
    spaces_text, sep2, closed_text = rest.partition(" closed ")
    if not sep or not sep2:
        raise lines.error("expected 'quays … spaces … closed …'")
    quays = dict(_seat_group(t, lines) for t in _groups(quays_text))
    spaces = {f"{city}:{k}": (None if v == "." else _int(v, lines))
              for k, v in _kv(spaces_text, lines).items()}
    closed = [f"{city}:{c}" for c in _list(closed_text)]
    return Port(side=_side(side, "port", lines), quays=quays, spaces=spaces, closed=closed)


def _read_player(seat: int, lines: _Lines) -> Player:
    line = lines.peek() or ""
    lines.i += 1
    f = _kv(line.strip(), lines)
    try:
        player = Player(seat=seat, money=int(f["money"]), certificates=int(f["certificates"]),
                        grain=int(f["grain"]), exchange_tokens=int(f["tokens"]),
                        estanciero=None if f["estanciero"] == "-" else f["estanciero"],
                        locomotive=f["locomotive"], job_marker=_yes(f["job_marker"], lines))
    except (KeyError, ValueError) as exc:
        raise lines.error(f"bad player line ({exc})") from None
    player.hand = _list(lines.take("  hand"))
    player.deck = _list(lines.take("  deck"))
    player.discard = _list(lines.take("  discard"))
    player.workers = {row: _list(lines.take(f"  {row}")) for row in WORKER_ROWS}
    player.slots = _list(lines.take("  slots"))
    player.buildings_left = _int_list(lines.take("  buildings left"), lines)
    player.objectives = _list(lines.take("  objectives"))
    player.helped_farmers = _list(lines.take("  helped farmers"))
    player.station_masters = _list(lines.take("  station masters"))
    return player
