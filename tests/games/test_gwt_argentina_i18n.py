"""Every text Great Western Trail: Argentina shows a player goes through a catalogue.

Random games are played under the pseudo-locale (games/i18n.py), in which every
translated text comes back wrapped in ⟦…⟧: once those segments are taken out, a prompt,
an option's label, hint and group, or an event may hold no letter at all (only digits,
punctuation, spaces and symbols). A text that reached the player without ``_()`` would
leave its English words outside the brackets. The same games under "fr" must build
(pydantic refuses an option label over 100 characters) with French texts.
"""

from __future__ import annotations

import re

import pytest

from games.ai import choose_random
from games.base import Decision, Event, check_decision
from games.gwt_argentina import GAME
from games.i18n import PSEUDO, using
from games.rng import Rng

INNER = re.compile(r"⟦[^⟦⟧]*⟧")
#: A label cut at 100 characters may lose the closing brackets of its last segments.
CUT = re.compile(r"⟦[^⟦⟧]*$")


def unmarked(text: str) -> str:
    """What is left of ``text`` once every ⟦…⟧ segment (nested ones too, and those cut
    short at the end of a shortened label) is removed."""
    while True:
        shorter = CUT.sub("", INNER.sub("", text))
        if shorter == text:
            return text
        text = shorter


def has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def texts_of(decision: Decision, events: list[Event]) -> list[tuple[str, str]]:
    found = [("prompt", decision.prompt)] if decision is not None else []
    for option in decision.options if decision is not None else ():
        found.append((f"label of {option.key}", option.label))
        if option.hint:
            found.append((f"hint of {option.key}", option.hint))
        if option.group:
            found.append((f"group of {option.key}", option.group))
    found += [("event", e.text) for e in events]
    return found


def play(seats: int, seed: int, steps: int | None, options: dict | None = None):
    """Play ``steps`` random steps (None: the whole game); yield each pending decision with
    the events of the step that led to it."""
    state = GAME.setup(seats, GAME.parse_options(options or {}), seed)
    rng = Rng.from_seed(seed)
    events: list[Event] = []
    count = 0
    while True:
        decision = GAME.pending(state)
        yield decision, events
        if decision is None or (steps is not None and count >= steps):
            return
        check_decision(decision)
        key = choose_random(GAME, state, decision.seat, rng)
        outcome = GAME.apply(state, decision.seat, key)
        state, events = outcome.state, outcome.events
        count += 1


SHORT = [(seats, seed) for seats in (2, 3, 4) for seed in (1, 2, 3, 4)]


def check_pseudo(seats: int, seed: int, steps: int | None, options: dict | None = None) -> int:
    seen = 0
    with using(PSEUDO):
        for decision, events in play(seats, seed, steps, options):
            for where, text in texts_of(decision, events):
                left = unmarked(text)
                assert not has_letters(left), (
                    f"{seats} players, seed {seed}: {where} {text!r} shows {left!r} untranslated")
                seen += 1
    return seen


@pytest.mark.parametrize(("seats", "seed"), SHORT)
def test_a_few_dozen_steps_show_only_marked_texts(seats, seed):
    assert check_pseudo(seats, seed, 60) > 60


WHOLE = [(seats, seed, sides) for seats in (2, 3, 4) for seed in (11, 12) for sides in "ab"]


@pytest.mark.parametrize(("seats", "seed", "sides"), WHOLE)
def test_whole_games_show_only_marked_texts(seats, seed, sides):
    options = {"building_sides": sides, "port_sides": sides, "first_game": sides == "a"}
    assert check_pseudo(seats, seed, None, options) > 500


@pytest.mark.parametrize(("seats", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_french_games_build_with_labels_that_fit(seats, seed):
    """In French a whole game builds (Option refuses a label over 100 characters) and
    the texts are French: most prompts of a game are not the English ones."""
    english, french = [], []
    with using("en"):
        english = [d.prompt for d, _e in play(seats, seed, None) if d is not None]
    with using("fr"):
        for decision, events in play(seats, seed, None):
            if decision is None:
                break
            french.append(decision.prompt)
            for option in decision.options:
                assert len(option.label) <= 100
            for event in events:
                assert event.text
    assert len(english) == len(french)
    assert sum(e != f for e, f in zip(english, french, strict=True)) >= len(french) // 2


def test_unmarked_removes_nested_segments():
    assert unmarked("⟦⟦Seat 1⟧ gains 3 pesos.⟧") == ""
    assert unmarked("⟦a⟧ Seat 2 ⟦b⟧") == " Seat 2 "
    assert has_letters(unmarked("Buy ⟦cattle⟧"))
    assert unmarked("⟦Objective 10: ⟦draw⟧; ⟦blue granj") == ""


def test_a_game_played_in_french_reaches_the_same_state():
    """The state holds no translated text: its log keeps the recipes of the events
    (told.py), and the view tells them in the viewer's language."""
    def moves_and_state(lang: str):
        with using(lang):
            state = GAME.setup(3, GAME.parse_options({}), 31)
            rng = Rng.from_seed(31)
            for _step in range(150):
                decision = GAME.pending(state)
                key = choose_random(GAME, state, decision.seat, rng)
                state = GAME.apply(state, decision.seat, key).state
        return GAME.dump(state), state

    english, state = moves_and_state("en")
    french, _state = moves_and_state("fr")
    assert english == french
    with using("fr"):
        told = GAME.view(state, None)["log"]
    with using("en"):
        plain = GAME.view(state, None)["log"]
    assert len(told) == len(plain) > 3
    assert all(not line.startswith("[") for line in told + plain)
    assert sum(a != b for a, b in zip(told, plain, strict=True)) > len(told) // 2
    with using(PSEUDO):
        for line in GAME.view(state, None)["log"]:
            assert not has_letters(unmarked(line)), line


def test_a_log_line_without_a_recipe_is_shown_as_it_is():
    from games.gwt_argentina.told import _, from_log, to_log

    assert from_log("Pedro moves to N3.") == "Pedro moves to N3."
    assert from_log("[not json") == "[not json"
    line = to_log(_("{who} moves to {place}.", who="⟨seat 1⟩", place=_("Buenos Aires")))
    with using("fr"):
        assert from_log(line) == "⟨seat 1⟩ va en Buenos Aires."


def test_every_score_category_has_a_label_in_both_languages():
    """The score pad's 12 categories and the total, named for players (Game.score_label)."""
    state = GAME.setup(2, GAME.parse_options({}), 3)
    categories = GAME.scores(state)[0]
    assert len(categories) == 13
    with using("en"):
        english = [GAME.score_label(c) for c in categories]
    with using("fr"):
        french = [GAME.score_label(c) for c in categories]
    assert "Job market marker" in english and "Marqueur Marché de l'emploi" in french
    assert len(set(english)) == len(set(french)) == 13
    with using(PSEUDO):
        assert all(not has_letters(unmarked(GAME.score_label(c))) for c in categories)
