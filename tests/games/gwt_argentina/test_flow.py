"""The turn machinery's registry of steps (games/gwt_argentina/flow.py): every frame kind
has one step, which is declared a decision or automatic and gives that interface whole."""

from __future__ import annotations

import pytest

import games.gwt_argentina.engine  # noqa: F401  (imports every module that registers a step)
from games.gwt_argentina.flow import (
    AUTOMATIC_STEPS,
    DECISION_STEPS,
    AutomaticStep,
    DecisionStep,
    step,
    step_kinds,
)


def test_a_frame_kind_is_a_decision_or_automatic_never_both():
    assert not set(DECISION_STEPS) & set(AUTOMATIC_STEPS)
    assert step_kinds() == set(DECISION_STEPS) | set(AUTOMATIC_STEPS)
    assert {"move", "location", "turn_start", "turn_end", "pedro_turn"} <= step_kinds()
    assert all(issubclass(c, DecisionStep) for c in DECISION_STEPS.values())
    assert all(issubclass(c, AutomaticStep) for c in AUTOMATIC_STEPS.values())
    assert "turn_start" in AUTOMATIC_STEPS and "move" in DECISION_STEPS


def test_a_step_must_declare_its_interface():
    with pytest.raises(TypeError, match="neither"):
        step("test_plain")(type("Plain", (), {}))
    assert "test_plain" not in step_kinds()


def test_a_decision_step_must_give_prompt_options_and_apply():
    class HalfStep(DecisionStep):
        @staticmethod
        def prompt(state, frame):
            return "?"

    with pytest.raises(TypeError, match="options, apply"):
        step("test_half")(HalfStep)
    assert "test_half" not in step_kinds()


def test_an_automatic_step_must_give_run():
    class Idle(AutomaticStep):
        pass

    with pytest.raises(TypeError, match="run"):
        step("test_idle")(Idle)


def test_a_frame_kind_has_one_step():
    class Again(AutomaticStep):
        @staticmethod
        def run(state, frame, ctx):
            pass

    with pytest.raises(TypeError, match="two steps"):
        step("move")(Again)
    assert DECISION_STEPS["move"] is not Again
