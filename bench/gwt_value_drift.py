"""How the GWT:A computer's value of a position moves from one of its turns to the next:
printed, never asserted.

The search compares positions at the ends of turns by ``evaluate``. If a kind of turn
raises the value on average more than another for the same play (a turn with a visit
to Buenos Aires against the others, say), the search is drawn to that kind of turn by the
value's bookkeeping rather than by what the turn brings. So, at the start of each of the
computer's turns in whole games (solo against Pedro, or two computers), this records the
value, the points scored so far (money apart), each part of the potential
(:func:`games.gwt_argentina.ai_value.potential_parts`) and, in solo, Pedro's points and
their projection (:func:`~games.gwt_argentina.ai_value.pedro_future`). It prints the mean
change of each over one turn, for the turns in which the estanciero reached Buenos Aires
and for the others. docs/gwt-argentina-computer.md (eleventh pass) tells what it found.

    python -m bench.gwt_value_drift [--games 8] [--seed-base 24000] [--seats 1]
                                    [--level normal] [--difficulty easy] [--processes 2]
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

from bench.strength import Player
from games import get_game
from games.gwt_argentina import ai_value, data
from games.gwt_argentina.engine import GwtArgentina
from games.gwt_argentina.state import GwtState

NAME = "gwt-argentina"
#: The seat whose turns are followed (the computer's seat of a solo game).
SEAT = 0
#: What is followed, in the order printed; then the potential's parts.
HEAD = ("value", "scored", "pedro_scored", "pedro_future")

Snapshot = dict[str, float]
#: One turn: did the estanciero reach Buenos Aires, the snapshot at its start, at the next.
Turn = tuple[bool, Snapshot, Snapshot]


def snapshot(game: GwtArgentina, state: GwtState) -> Snapshot:
    """The value of ``state`` to :data:`SEAT`, part by part."""
    scores = game.scores(state)
    row = {"value": game.evaluate(state, SEAT),
           "scored": float(scores[SEAT]["total"] - scores[SEAT].get("money", 0))}
    if state.pedro is not None:
        pedro = game.pedro_scores(state)
        assert pedro is not None
        row["pedro_scored"] = float(pedro["total"])
        row["pedro_future"] = ai_value.pedro_future(state, pedro["total"])
    if not state.finished:
        for part, amount in ai_value.potential_parts(state, SEAT):
            row[part] = row.get(part, 0.0) + amount
    return row


def play(job: tuple[int, str, str, int]) -> list[Turn]:
    """One whole game, ``(seats, level, Pedro's difficulty, seed)``: its turns of
    :data:`SEAT` (the last one ends with the game)."""
    seats, level, difficulty, seed = job
    game = get_game(NAME)
    assert isinstance(game, GwtArgentina)
    options = {"difficulty": difficulty} if seats == 1 else None
    state = game.setup(seats, game.parse_options(options), seed)
    players = [Player(level) for _ in range(seats)]
    turns: list[Turn] = []
    start: Snapshot | None = None
    turn, visited = -1, False
    while (decision := game.pending(state)) is not None:
        # A new turn of the seat (begin_turn counts turns; an exchange token played on
        # another's turn is not one).
        if state.current == SEAT and state.turn != turn:
            now = snapshot(game, state)
            if start is not None:
                turns.append((visited, start, now))
            start, turn, visited = now, state.turn, False
        key = players[decision.seat].choose(game, state, decision.seat)
        was_there = state.players[SEAT].estanciero == data.BUENOS_AIRES
        state = game.apply(state, decision.seat, key).state
        # An arrival: the estanciero stays in Buenos Aires until its next move.
        visited |= not was_there and state.players[SEAT].estanciero == data.BUENOS_AIRES
    if start is not None:
        turns.append((visited, start, snapshot(game, state)))
    return turns


def drift(turns: list[Turn]) -> dict[str, float]:
    """Mean change of each followed quantity over ``turns`` (a part missing from a
    snapshot counts 0)."""
    keys = {k for _, before, after in turns for k in (*before, *after)}
    return {k: statistics.mean(after.get(k, 0.0) - before.get(k, 0.0)
                               for _, before, after in turns) for k in keys}


def report(turns: list[Turn]) -> list[str]:
    visits = [t for t in turns if t[0]]
    others = [t for t in turns if not t[0]]
    if not visits or not others:
        return ["too few turns to compare"]
    a, b = drift(visits), drift(others)
    order = [k for k in HEAD if k in a] + sorted(k for k in a if k not in HEAD)
    lines = [f"{'mean change over a turn (VP)':30s} {'to Buenos Aires':>16s} {'other turns':>12s}",
             f"{'turns':30s} {len(visits):16d} {len(others):12d}"]
    lines += [f"{k:30s} {a[k]:+16.2f} {b[k]:+12.2f}" for k in order]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed-base", type=int, default=24_000)
    parser.add_argument("--seats", type=int, default=1, choices=(1, 2, 3, 4),
                        help="1: solo against Pedro; 2-4: computers of one level")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--difficulty", default="easy", help="Pedro's, in solo games")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seats, args.level, args.difficulty, args.seed_base + i)
            for i in range(args.games)]
    with ProcessPoolExecutor(args.processes) as pool:
        turns = [t for game in pool.map(play, jobs) for t in game]
    who = (f"solo against Pedro ({args.difficulty})" if args.seats == 1
           else f"{args.seats} computers")
    print(f"GWT:A value drift: {args.games} games, {who}, {args.level} level, seeds "
          f"{args.seed_base}-{args.seed_base + args.games - 1}, seat {SEAT + 1}'s turns")
    for line in report(turns):
        print("  " + line)


if __name__ == "__main__":
    main()
