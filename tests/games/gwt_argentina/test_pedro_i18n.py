"""Pedro's texts go through the catalogues: French in French (the rulebook's words), and no
text of his reaches a player unmarked (the pseudo-locale wraps every translated text)."""

from __future__ import annotations

import random

from games.gwt_argentina import GAME
from games.gwt_argentina.pedro.data import DIFFICULTIES, difficulty_name
from games.i18n import PSEUDO, PSEUDO_OPEN, using
from tests.games.gwt_argentina.pedro_helpers import Ctx, play_pedro_turn, solo
from tests.games.gwt_argentina.test_pedro_ties import two_equal_granjeros


def pedro_events(seed: int, turns: int) -> list[str]:
    """Event lines of a few whole solo turns played at random."""
    state = solo(seed=seed)
    rnd = random.Random(seed)
    lines: list[str] = []
    while state.turn <= turns and not state.finished:
        decision = GAME.pending(state)
        out = GAME.apply(state, decision.seat, rnd.choice(decision.options).key)
        lines += [e.text for e in out.events]
        state = out.state
    return lines


def test_every_text_of_pedro_is_marked():
    with using(PSEUDO):
        lines = [t for seed in range(3) for t in pedro_events(seed, 6)]
    his = [t for t in lines if t.lstrip(PSEUDO_OPEN).startswith(("Pedro", "You decide"))]
    assert his, "Pedro played"
    unmarked = [t for t in his if not t.startswith(PSEUDO_OPEN)]
    assert not unmarked, unmarked


def test_pedro_in_french():
    """The rulebook's names: « facile ♦, modéré ♦♦ ou expert ♦♦♦ »; « Pedro pioche »."""
    with using("fr"):
        assert [difficulty_name(d) for d in DIFFICULTIES] == ["facile ♦", "modéré ♦♦",
                                                              "expert ♦♦♦"]
        lines = pedro_events(1, 4)
        assert any(t.startswith("Pedro pioche sa carte #") for t in lines)
        state = solo(seed=4)
        two_equal_granjeros(state)
        state.pedro.deck.remove(8)
        state.pedro.deck.insert(0, 8)
        play_pedro_turn(state, Ctx())
        decision = GAME.pending(state)
        while "granjero" not in decision.prompt:
            state = GAME.apply(state, 0, decision.options[0].key).state
            decision = GAME.pending(state)
        assert decision.prompt.startswith("Égalité dans les priorités de Pedro")
        assert all(len(o.label) <= 100 for o in decision.options)
