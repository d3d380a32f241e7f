"""Seeded random games from setup to the end, checking the contract after every step."""

from __future__ import annotations

import random

import pytest

from games.base import check_decision
from games.kuhlorado import GAME, KuhloradoOptions
from games.kuhlorado.sheet import SYMBOLS, all_positions
from games.kuhlorado.sheets import load_sheet

MAX_STEPS = 2000


def check_invariants(state, layout: list[str], previous_marks: dict) -> dict:
    """Assert the invariants after a step; returns the marks now on the sheet."""
    sheet = state.sheet
    assert [t[0] for t in sheet.cells] == layout, "the printed sheet changed"
    marks = {p: sheet.mark(p) for p in all_positions() if sheet.mark(p)}
    assert all(not sheet.is_trough(p) for p in marks), "a trough was marked"
    for pos, symbol in previous_marks.items():
        assert marks.get(pos) == symbol, "a mark changed or vanished"
    assert len(state.turn_marks) <= 2
    assert sum(len(sheet.marked(s)) for s in SYMBOLS) == len(marks)
    assert len(sheet.free_cows()) + len(sheet.free_numbers()) + len(marks) == 58
    scores = GAME.scores(state)
    for seat in (0, 1):
        parts = scores[seat]
        assert parts["total"] == sum(parts[k] for k in ("meadows", "troughs", "herds", "doubles"))
    if not state.options.pro:
        assert state.doubles == [0, 0]
    return marks


def play_random_game(seed: int, pro: bool, full_checks: bool = True):
    """Play random legal options; returns (options, keys played, final state)."""
    options = KuhloradoOptions(pro=pro, sheet=None if seed % 3 else 1 + seed % 10)
    chooser = random.Random(seed)
    state = GAME.setup(2, options, seed)
    played: list[str] = []
    marks: dict = {}
    layout = [t[0] for t in load_sheet(state.sheet_number).cells]
    for _ in range(MAX_STEPS):
        decision = GAME.pending(state)
        if decision is None:
            break
        if full_checks:
            check_decision(decision)
            assert decision.seat == state.current
        key = chooser.choice(decision.options).key
        before = GAME.dump(state) if full_checks else None
        outcome = GAME.apply(state, decision.seat, key)
        if full_checks:
            assert GAME.dump(state) == before, "apply mutated its input"
            assert GAME.load(GAME.dump(outcome.state)) == outcome.state
            marks = check_invariants(outcome.state, layout, marks)
        state = outcome.state
        played.append(key)
    else:
        pytest.fail(f"game {seed} did not end in {MAX_STEPS} steps")
    return options, played, state


def replay(seed: int, options: KuhloradoOptions, played: list[str]):
    state = GAME.setup(2, options, seed)
    for key in played:
        state = GAME.apply(state, GAME.pending(state).seat, key).state
    return state


def check_final(state) -> None:
    assert state.finished and GAME.pending(state) is None
    sheet = state.sheet
    assert not sheet.free_cows() or len(sheet.free_numbers()) <= 5
    view = GAME.view(state, None)
    assert view["finished"] and view["winners"] == GAME.winners(state)
    assert view["end_reason"] == state.end_reason
    if state.options.pro and sheet.marked_cows() >= 9:
        assert state.doubles_scored


@pytest.mark.parametrize("block", range(2))
@pytest.mark.parametrize("pro", [False, True])
def test_random_games_keep_the_contract(block, pro):
    """100 games with every check after every step (and 200 more in the next test)."""
    for seed in range(block * 25, block * 25 + 25):
        options, played, final = play_random_game(seed + (10_000 if pro else 0), pro)
        check_final(final)
        assert replay(seed + (10_000 if pro else 0), options, played) == final


def test_many_quick_random_games_end():
    for seed in range(20_000, 20_200):
        _, _, final = play_random_game(seed, pro=seed % 2 == 0, full_checks=False)
        check_final(final)


@pytest.mark.soak
def test_soak_ten_thousand_games():
    for seed in range(100_000, 110_000):
        pro = seed % 2 == 0
        options, played, final = play_random_game(seed, pro, full_checks=seed % 50 == 0)
        check_final(final)
        if seed % 100 == 0:
            assert replay(seed, options, played) == final
