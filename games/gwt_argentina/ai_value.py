"""A heuristic value of a position for the computer player: the points it would score now
plus rough values of what turns into points later (workers, grain, certificates, the
locomotive, a varied herd), minus the best opponent's (rules-free, tuned by self-play)."""

from __future__ import annotations

from games.gwt_argentina import pieces
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import track_value

WORKER = 3.0
GRAIN = 0.4
CERTIFICATE = 0.4
TRACK = 0.25
TOKEN = 0.3
BREED_VALUE = 0.3


def potential(state: GwtState, seat: int) -> float:
    p = state.players[seat]
    workers = sum(len(row) - 1 for row in p.workers.values())
    values = {c.breed: c.value for c in map(pieces.cattle, p.herd()) if c is not None}
    return (WORKER * workers + GRAIN * p.grain + CERTIFICATE * p.certificates
            + TRACK * min(track_value(p.locomotive), 31) + TOKEN * p.exchange_tokens
            + BREED_VALUE * sum(values.values()))


def evaluate(state: GwtState, scores: dict[int, dict[str, int]], seat: int) -> float:
    def value(s: int) -> float:
        total = scores[s]["total"]
        return total if state.finished else total + potential(state, s)

    mine = value(seat)
    others = [value(s) for s in range(state.seats) if s != seat]
    return mine - (max(others) if others else 0)
