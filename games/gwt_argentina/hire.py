"""Hiring a worker from the job market (rulebook p. 13) and the job market itself."""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.actions import row_action
from games.gwt_argentina.flow import Ctx, DecisionStep, back_out, opt, pop, step, upper_first
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n
from games.gwt_argentina.words import worker_group

MAX_ROW = data.MAX_WORKERS_PER_ROW


def cell_id(row: int, col: int) -> str:
    return f"J{row + 1}.{col + 1}"


def hire_cost(row: int, tile: str, mod: int) -> int:
    """Row cost + the action's modifier, +1 for a strength icon, never below 0."""
    surcharge = data.STRONG_WORKER_SURCHARGE if pieces.worker_strong(tile) else 0
    return max(0, data.JOB_MARKET_COSTS[row] + mod + surcharge)


def hire_choices(state: GwtState, seat: int, mod: int) -> list[tuple[int, int, str, int]]:
    """(row, col, tile, cost) the seat may hire now: not from the marker's row, a free
    space in the worker's row, money for the cost."""
    player = state.players[seat]
    out = []
    seen: set[tuple[int, str, bool]] = set()
    for row, cells in enumerate(state.board.job_market):
        if row >= state.board.job_marker_row:
            break
        for col, tile in enumerate(cells):
            # two alike workers of one row are the same choice: offer the first
            if tile is None or (row, pieces.worker_kind(tile), pieces.worker_strong(tile)) in seen:
                continue
            seen.add((row, pieces.worker_kind(tile), pieces.worker_strong(tile)))
            cost = hire_cost(row, tile, mod)
            if cost <= player.money and player.worker_count(pieces.worker_kind(tile)) < MAX_ROW:
                out.append((row, col, tile, cost))
    return out


@step("hire")
class HireStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which worker do you hire?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        choices = hire_choices(state, frame.seat, frame.data["mod"])
        if not choices:
            return []
        out = [opt(f"hire:{cell_id(r, c)}", _n("{worker} for {n} peso (row {row})",
                                               "{worker} for {n} pesos (row {row})", cost,
                                               worker=upper_first(pieces.tile_label(t)), row=r + 1),
                   at=f"job:{r + 1}.{c + 1}",
                   group=worker_group(pieces.worker_kind(t)) if len(choices) > 24 else None)
               for r, c, t, cost in choices]
        out.append(opt("skip", _("Hire nobody"), group=_("Other") if len(choices) > 24 else None))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        cell = key.split(":", 1)[1]
        row, col = (int(x) - 1 for x in cell[1:].split("."))
        tile = state.board.job_market[row][col]
        assert tile is not None
        player = state.players[frame.seat]
        cost = hire_cost(row, tile, frame.data["mod"])
        player_board.pay(player, cost)
        state.board.job_market[row][col] = None
        kind = pieces.worker_kind(tile)
        player.workers[kind].append(tile)
        ctx.announce(state, _n("{who} hires a {worker} for {n} peso.",
                               "{who} hires a {worker} for {n} pesos.", cost,
                               who=seat_ref(frame.seat), worker=pieces.tile_label(tile)),
                     frame.seat)
        row_action(state, frame.seat, kind, len(player.workers[kind]) - 1, ctx)


def place_worker_in_market(state: GwtState, tile: str) -> str | None:
    """A worker from a forecast space goes to the marker's row, left to right, the
    marker's space last; filling it moves the marker down (p. 11). Returns the arrow
    event of the row left ("market", "ships:<colour>", "end") or None."""
    board = state.board
    row = board.job_marker_row
    columns = data.job_market_columns(state.table())
    cells = board.job_market[row]
    for col in columns:
        if cells[col] is None:
            cells[col] = tile
            if col == columns[-1]:
                board.job_marker_row += 1
                arrow = data.ARROW_BY_ROW.get(row + 1)
                if arrow is None:
                    return None
                return arrow.event if arrow.event != "ships" else f"ships:{arrow.anchor}"
            return None
    raise AssertionError("the marker's row is full")
