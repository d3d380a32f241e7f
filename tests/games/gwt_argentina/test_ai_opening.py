"""The GWT:A computer's opening in the solo game (``games.gwt_argentina.ai_opening``):
building 2, a carpintero, then building 5 in its place and 8 in 5's, while enough visits
are left.

Rulebook p. 14, « Construire un bâtiment » : to build you need « assez de carpinteros pour
le construire ET assez d'argent pour payer ces carpinteros » (2 pesos each at neutral
building B), and « vous pouvez remplacer une de vos tuiles Bâtiment déjà construites ...
le nombre de carpinteros requis pour la construction correspond à la différence de valeur
entre les 2 tuiles Bâtiment et vous ne devez payer en salaire que les carpinteros
correspondants à cette différence ». Building 2a asks 1 carpintero, 5a 3 and 8a 5
(shared data §3.2).
"""

from __future__ import annotations

import math

import pytest

from games import ai
from games.gwt_argentina import GAME, ai_opening, data, pieces
from games.gwt_argentina.state import GwtState
from games.search import Ranked, Report, keep_to_plan


def _solo(seed: int = 5) -> GwtState:
    return GAME.setup(1, GAME.parse_options({"difficulty": "easy"}), seed)


def _space_of(state: GwtState, neutral: str) -> str:
    return next(s for s in data.NEUTRAL_SPACES if state.board.trail[s] == neutral)


def _carpinteros(state: GwtState, n: int) -> None:
    """Give seat 0 ``n`` carpinteros in all (the printed one included)."""
    row = state.players[0].workers["carpintero"]
    row += [f"CA{90 + i:02d}" for i in range(n - len(row))]


def _starting_at(state: GwtState, neutral: str) -> GwtState:
    """Seat 0's first turn, started at the neutral building ``neutral``."""
    decision = GAME.pending(state)
    assert decision is not None and state.top().kind == "first_place"
    return GAME.apply(state, 0, f"to:{_space_of(state, neutral)}").state


def _own(state: GwtState, number: int, space: str) -> None:
    state.board.trail[space] = f"0:{number}"
    state.players[0].buildings_left.remove(number)


def _preferred(state: GwtState) -> frozenset[str]:
    decision = GAME.pending(state)
    assert decision is not None and decision.seat == 0
    return ai_opening.preferred(state, 0, frozenset(o.key for o in decision.options))


def _choose(state: GwtState, level: str = "normal") -> str:
    return ai.choose(GAME, state, 0, ai.ai_rng(state), level)


def test_the_first_turn_starts_at_the_building_that_builds():
    state = _solo()
    where = f"to:{_space_of(state, 'B')}"
    assert _preferred(state) == {where}
    assert _choose(state) == where
    assert _choose(state, "hard") == where


def test_the_first_turn_builds_2_with_the_printed_carpintero():
    state = _solo()
    state = _starting_at(state, "B")
    assert state.players[0].worker_count("carpintero") == 1 and state.players[0].money == 7
    build = next(o.key for o in GAME.pending(state).options if o.label.startswith("Build"))
    assert _preferred(state) == {build}
    assert _choose(state) == build
    state = GAME.apply(state, 0, build).state
    assert _preferred(state) == {"b:2"}
    assert _choose(state) == "b:2"
    state = GAME.apply(state, 0, "b:2").state
    # where it goes is the search's choice: nothing of its own to replace yet
    assert _preferred(state) == frozenset()


@pytest.mark.parametrize(("old", "new", "where"), [(2, 5, "P5"), (5, 8, "P3")])
def test_then_each_replaces_the_one_before_for_the_difference(old: int, new: int, where: str):
    state = _solo()
    state = _starting_at(state, "B")
    _carpinteros(state, 2)
    _own(state, old, where)
    state.players[0].money = 4  # 2 carpinteros more than the one it replaces, 2 pesos each
    state = GAME.apply(state, 0, next(o.key for o in GAME.pending(state).options
                                      if o.label.startswith("Build"))).state
    assert _preferred(state) == {f"b:{new}"}
    assert _choose(state) == f"b:{new}"
    state = GAME.apply(state, 0, f"b:{new}").state
    assert GAME.pending(state).option(f"at:{where}").label == f"{where} (replace {old}): 4 pesos"
    assert _preferred(state) == {f"at:{where}"}
    assert _choose(state) == f"at:{where}"
    state = GAME.apply(state, 0, f"at:{where}").state
    assert state.board.trail[where] == f"0:{new}" and state.players[0].money == 0
    if new == ai_opening.CHAIN[-1]:  # the chain is built: the opening has nothing more to say
        assert _preferred(_solo_after(state)) == frozenset()


def _solo_after(state: GwtState) -> GwtState:
    """A fresh first turn for a seat that owns what ``state``'s seat 0 owns."""
    fresh = _solo()
    fresh.board.trail.update({s: t for s, t in state.board.trail.items() if t.startswith("0:")})
    fresh.players[0].buildings_left = list(state.players[0].buildings_left)
    return fresh


def test_short_of_carpinteros_it_hires_carpinteros_only():
    state = _solo()
    state = _starting_at(state, "A")
    state.players[0].money = 8
    hires = _preferred(state)
    assert hires and all(GAME.pending(state).option(k).label.startswith("Hire") for k in hires)
    state = GAME.apply(state, 0, sorted(hires)[0]).state
    keys = _preferred(state)
    offered = {o.key for o in GAME.pending(state).options}
    assert keys & offered
    for key in keys:
        row, col = (int(x) - 1 for x in key[6:].split("."))
        assert pieces.worker_kind(state.board.job_market[row][col]) == "carpintero"


def test_with_carpinteros_enough_it_hires_no_more():
    state = _solo()
    state = _starting_at(state, "A")
    _carpinteros(state, ai_opening.CARPINTEROS)
    state.players[0].money = 8
    assert _preferred(state) == frozenset()


def test_it_keeps_the_pesos_its_next_build_asks():
    """A 5 in 2's place asks 4 pesos at B; at A, with its carpinteros hired, it hires no
    other worker while it has fewer than those 4 pesos and a hire's 6."""
    state = _solo()
    state = _starting_at(state, "A")
    _carpinteros(state, ai_opening.CARPINTEROS)
    _own(state, 2, "P4")
    state.players[0].money = 9
    options = GAME.pending(state).options
    hires = {o.key for o in options if o.label.startswith("Hire")}
    assert hires
    assert _preferred(state) == {o.key for o in options} - hires
    assert _choose(state) not in hires
    state.players[0].money = 10
    assert _preferred(state) == frozenset()


def test_the_opening_ends_when_few_visits_are_left(monkeypatch: pytest.MonkeyPatch):
    state = _solo()
    assert _preferred(state)
    monkeypatch.setattr(ai_opening, "MIN_VISITS_LEFT", math.inf)
    assert _preferred(state) == frozenset()
    assert _choose(state) in {o.key for o in GAME.pending(state).options}


def test_only_the_solo_game_has_it():
    state = GAME.setup(2, GAME.parse_options(None), 5)
    while state.top().kind != "first_place" or state.top().seat != 0:
        state = GAME.apply(state, GAME.pending(state).seat, GAME.pending(state).options[0].key).state
    assert _preferred(state) == frozenset()


@pytest.mark.parametrize("sides", ["b", "random"])
def test_only_side_a_has_it(sides: str):
    # the engine climbed to is 8a (« +1 grain, disque sur le quai I de Liverpool », annex);
    # 8b is another building altogether
    seeds = range(5, 25)
    states = [GAME.setup(1, GAME.parse_options({"difficulty": "easy", "building_sides": sides}),
                         seed) for seed in seeds]
    others = [s for s in states
              if any(s.board.building_sides[str(n)] != "a" for n in ai_opening.CHAIN)]
    assert others
    for state in others:
        assert _preferred(state) == frozenset()


def test_only_normal_and_hard_keep_to_it():
    assert ai.budget_for(GAME, "normal").plan and ai.budget_for(GAME, "hard").plan
    assert not ai.budget_for(GAME, "easy").plan


def _report(*values: tuple[str, float]) -> Report:
    return Report([Ranked(key, key, value) for key, value in values])


def test_the_plan_puts_its_best_valued_option_first():
    report = _report(("a", 5.0), ("b", 3.0), ("c", 2.0))
    keep_to_plan(report, frozenset({"b", "c"}))
    assert [r.key for r in report.ranked] == ["b", "a", "c"]
    assert report.ranked[0].planned and not report.ranked[1].planned


def test_when_the_search_already_keeps_to_the_plan_nothing_is_marked():
    """A hint says "for its opening plan" only when the plan changed the choice."""
    report = _report(("a", 5.0), ("b", 3.0))
    keep_to_plan(report, frozenset({"a", "b"}))
    assert [r.key for r in report.ranked] == ["a", "b"]
    assert not any(r.planned for r in report.ranked)


def test_the_plan_never_takes_an_option_that_circles():
    report = _report(("a", 5.0), ("b", -math.inf))
    keep_to_plan(report, frozenset({"b"}))
    assert [r.key for r in report.ranked] == ["a", "b"]
    assert not any(r.planned for r in report.ranked)
    keep_to_plan(report, frozenset())
    assert [r.key for r in report.ranked] == ["a", "b"]


def test_a_hint_never_shows_a_line_the_plan_would_leave():
    # At A on the first turn, short of carpinteros: the opening hires a carpintero (and
    # the search alone would hire a maquinista), so no line told may hire another worker.
    state = _solo(7)
    for key in ("to:N1", "act:0", "card:0:HO3"):
        state = GAME.apply(state, 0, key).state
    assert _preferred(state) == {"act:1", "act:2"}
    report = ai.rank(GAME, state, 0, ai.ai_rng(state), ai.budget_for(GAME, "normal"))
    assert report.ranked[0].key in {"act:1", "act:2"}
    told = [step for ranked in report.ranked for step in ranked.plan]
    assert not [step for step in told if step.startswith(("Maquinista", "Gaucho"))]
