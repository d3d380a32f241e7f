"""Every text a player reads in Kuhlorado, Hazienda and Llama Land comes from a catalogue.

Random games are played once in English, then replayed move by move under the
pseudo-locale (:data:`games.i18n.PSEUDO`, which wraps every translated text in ⟦…⟧) and
under French. Under the pseudo-locale, once every ⟦…⟧ segment is removed, no letter may
be left in any prompt, option label, hint or group, event, refusal (:class:`IllegalMove`),
seat name or score category label: a letter left over is English that never went
through ``_()``. Under French the same games must build (an :class:`Option` refuses a
label over 100 characters; the limits are checked here too), read differently from English, and offer the same option
keys (moves are stored by key). Views carry keys, not texts (the renderer translates
them), so a view is the same in every language.

GWT Argentina has its own test (tests/games/test_gwt_argentina_i18n.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from games import get_game
from games.base import Decision, Game, GameState, IllegalMove
from games.i18n import PSEUDO, using
from testkit.playout import playout

#: (game, seats, options): every player count and every variant of the three games.
CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("kuhlorado", 2, None),
    ("kuhlorado", 2, {"pro": True}),
    *(("hazienda", seats, None) for seats in (2, 3, 4, 5)),
    ("hazienda", 2, {"map": "asymmetric"}),
    ("hazienda", 3, {"variant1": True}),
    ("hazienda", 4, {"variant2": True, "map": "asymmetric"}),
    ("hazienda", 2, {"variant1": True, "variant2": True}),
    *(("llama-land", seats, None) for seats in (2, 3, 4)),
    ("llama-land", 2, {"variant": "beginners"}),
    ("llama-land", 3, {"variant": "experts"}),
    ("llama-land", 4, {"variant": "llamas"}),
    ("llama-land", 2, {"variant": "experts+llamas"}),
]

MESSAGE_LIMIT = 2000  # characters in one Discord message
_SEGMENT = re.compile(r"⟦[^⟦⟧]*⟧")


def untranslated(text: str) -> str:
    """What is left of a pseudo-locale text once every ⟦…⟧ segment (nested too) is gone;
    letters left there never went through a catalogue."""
    while True:
        shorter = _SEGMENT.sub("", text)
        if shorter == text:
            return "".join(ch for ch in text if ch.isalpha())
        text = shorter


@dataclass
class Texts:
    """Every player-facing text of one game in one language, in the order met."""

    prompts: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)  # labels, hints and groups
    events: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    keys: list[list[str]] = field(default_factory=list)
    views: list[Any] = field(default_factory=list)

    def all(self) -> Iterator[tuple[str, str]]:
        for kind in ("prompts", "options", "events", "refusals", "names", "categories"):
            for text in getattr(self, kind):
                yield kind, text


def _decision_texts(texts: Texts, decision: Decision) -> None:
    texts.prompts.append(decision.prompt)
    assert len(decision.prompt) <= MESSAGE_LIMIT
    texts.keys.append([o.key for o in decision.options])
    for option in decision.options:
        # Some games build options without validation (speed): check Discord's limits here.
        assert 0 < len(option.label) <= 100, option.label
        assert len(option.hint or "") <= 100 and len(option.group or "") <= 80, option
        texts.options.extend(t for t in (option.label, option.hint, option.group) if t)


def _refusals(game: Game, state: GameState, decision: Decision | None) -> list[str]:
    """The messages of the refusals a player can meet at this moment."""
    tries = []
    seat = decision.seat if decision else 0
    tries.append((seat, "no-such-option"))
    if decision is not None and state.seats > 1:
        tries.append(((decision.seat + 1) % state.seats, decision.options[0].key))
    messages = []
    for who, key in tries:
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, who, key)
        messages.append(str(refused.value))
    return messages


def replay_texts(game: Game, seats: int, options: dict | None, seed: int,
                 moves: list[tuple[int, str]], locale: str) -> Texts:
    """Replay ``moves`` under ``locale`` and gather what players would read."""
    texts = Texts()
    with using(locale):
        state = game.setup(seats, game.parse_options(options), seed)
        texts.names.extend(game.seat_name(state, s) for s in range(seats))
        for index, (seat, key) in enumerate(moves):
            if index % 3 == 0 and locale != "en":
                with using("en"):  # a cache filled in English must not leak into this locale
                    game.pending(state)
            decision = game.pending(state)
            assert decision is not None and decision.seat == seat
            _decision_texts(texts, decision)
            if index % 7 == 0:  # refusals and views cost time: a sample is enough
                texts.refusals.extend(_refusals(game, state, decision))
                texts.views.append([game.view(state, s) for s in (None, *range(seats))])
            outcome = game.apply(state, seat, key)
            texts.events.extend(event.text for event in outcome.events)
            assert all(len(event.text) <= MESSAGE_LIMIT for event in outcome.events)
            state = outcome.state
        assert game.pending(state) is None
        texts.refusals.extend(_refusals(game, state, None))
        texts.views.append([game.view(state, s) for s in (None, *range(seats))])
        for category in next(iter(game.scores(state).values())):
            texts.categories.append(game.score_label(category))
        texts.names.extend(game.seat_name(state, s) for s in range(seats))
    return texts


def _texts(config: tuple[str, int, dict | None], seed: int) -> tuple[Texts, Texts, Texts]:
    name, seats, options = config
    game = get_game(name)
    _, moves = playout(game, seats, options, seed)
    return tuple(replay_texts(game, seats, options, seed, moves, locale)  # type: ignore[return-value]
                 for locale in ("en", PSEUDO, "fr"))


def _id(config: tuple[str, int, dict | None]) -> str:
    name, seats, options = config
    extra = "-".join(f"{k}={v}" for k, v in (options or {}).items())
    return f"{name}-{seats}p" + (f"-{extra}" if extra else "")


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_text_a_player_reads_is_translated(config):
    english, pseudo, french = _texts(config, seed=len(_id(config)))

    leaks = sorted({f"{kind}: {text!r}" for kind, text in pseudo.all() if untranslated(text)})
    assert not leaks, f"{len(leaks)} texts reach players without a catalogue:\n" + "\n".join(
        leaks[:40])

    assert english.keys == pseudo.keys == french.keys, "option keys differ between languages"
    assert english.views == pseudo.views == french.views, "a view holds language-bound text"

    for kind in ("prompts", "events", "names"):
        mine, theirs = getattr(english, kind), getattr(french, kind)
        same = [e for e, f in zip(mine, theirs, strict=True) if e == f]
        # Some texts are the same in both languages ("Total", a lone cell name): most not.
        assert len(same) <= len(mine) // 5, f"{kind} left in English: {same[:10]}"
    assert english.categories != french.categories
    assert all(french.categories), "a score category without a label"
