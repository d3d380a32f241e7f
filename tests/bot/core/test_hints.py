"""The words of a hint: each option with about how many points worse
than the computer's choice it looks, and what the computer would do next."""

from __future__ import annotations

from dataclasses import replace

from bot.core.sessions.hints import PLAN_STEPS, Hint, HintOption, hint_lines
from games.i18n import using


def test_a_hint_tells_the_choice_its_plan_and_how_far_behind_the_others_are():
    plan = ("Stop at N5", "Buy cattle", "Franqueiro", "End phase B", "Draw", "More")
    hint = Hint(1, 3, 0, "Move your estanciero", (
        HintOption("to:N5", "N5 neutral E", 0.0, plan),
        HintOption("to:N4", "N4 neutral D", 0.3),
        HintOption("xt:2", "Exchange token", 2.6),
    ))
    lines = hint_lines(hint, bold=True)
    assert lines[0].startswith("The computer's suggestion")
    assert lines[1].startswith("1. **N5 neutral E** — its choice (then: Stop at N5 → ")
    assert lines[1].endswith("→ …)") and lines[1].count("→") == PLAN_STEPS
    assert lines[2] == "2. **N4 neutral D** — about as good"
    assert lines[3] == "3. **Exchange token** — about 3 points worse"
    one = Hint(1, 3, 0, "?", (HintOption("a", "A", 0.0), HintOption("b", "B", 0.6)))
    assert hint_lines(one)[2] == "2. B — about 1 point worse"
    with using("fr"):
        assert hint_lines(one)[2] == "2. B — environ 1 point de moins"


def test_a_hint_says_when_the_choice_keeps_to_the_opening_plan():
    # GWT:A's computer keeps to its opening (games/gwt_argentina/ai_opening.py): its choice
    # may be worth less this turn than another option, and the hint says so.
    hint = Hint(1, 3, 0, "Phase B at N2 neutral B: what do you do?", (
        HintOption("act:1", "Build (2 pesos per carpintero)", 0.0, ("1a", "P4"), planned=True),
        HintOption("act:0", "Discard a Patagonico → +2 pesos", -2.4),
        HintOption("end", "End phase B", 1.2),
    ))
    lines = hint_lines(hint)
    assert lines[1] == "1. Build (2 pesos per carpintero) — its choice, for its opening plan"
    assert lines[2] == "2. Discard a Patagonico → +2 pesos — about 2 points better for this turn alone"
    assert lines[3] == "3. End phase B — about 1 point worse"
    with using("fr"):
        lines = hint_lines(hint)
        assert lines[1].endswith("son choix, pour son plan d'ouverture")
        assert lines[2].endswith("environ 2 points de plus pour ce tour seul")


def test_a_hint_names_the_opening_plan_when_the_game_names_it():
    # GWT:A names its opening (games/gwt_argentina/engine.py, plan_name)
    from games.gwt_argentina import GAME
    hint = Hint(1, 3, 0, "Phase B at N2 neutral B: what do you do?", (
        HintOption("act:1", "Build (2 pesos per carpintero)", 0.0, planned=True,
                   plan_name=GAME.plan_name()),
        HintOption("end", "End phase B", 1.2),
    ))
    assert hint_lines(hint)[1] == ("1. Build (2 pesos per carpintero) — its choice, for its "
                                   "opening plan (buildings 2, 5, 8, each built in the place "
                                   "of the one before)")
    with using("fr"):
        french = HintOption("act:1", "Construire", 0.0, planned=True, plan_name=GAME.plan_name())
        assert hint_lines(replace(hint, options=(french,)))[1] == (
            "1. Construire — son choix, pour son plan d'ouverture (bâtiments 2, 5, 8, chacun "
            "construit à la place du précédent)")
