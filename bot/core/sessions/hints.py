"""Hints: the computer's suggestion for a player's pending decision.

:meth:`Hints.hint` runs the computer player's search (:func:`games.ai.analyse`, at the
``hard`` level, in the CPU pool) on the player's own decision, from their seat: like any
computer it plays on determinized worlds and never reads another seat's secrets. The
answer is private; the game is marked as one where this seat used hints (a mark kept with
the seats, which changes neither the game's version nor anyone's panel), and its recap
says so. A server may switch hints off (``/estancia server hints:off``), e.g. for rated
games.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

import games
from bot.core import cpu
from bot.core.sessions.common import NOT_YOUR_TURN, SessionError
from bot.core.sessions.core import SessionCore
from bot.storage.rows import Change, GameRow, StaleVersion
from games import ai, i18n
from games.base import GameState, name_seats
from games.i18n import N_, _, _n, using

#: The level whose search answers a hint.
HINT_LEVEL = "hard"
#: Options a hint names.
HINT_OPTIONS = 3
HINTS_OFF = N_("Hints are switched off on this server.")


@dataclass(frozen=True)
class HintOption:
    key: str
    label: str
    #: How much worse than the first option it looks, in points (0 for the first;
    #: below 0 when the first is there for the computer's opening plan).
    behind: float
    #: The rest of the turn the search found after it (labels).
    plan: tuple[str, ...] = ()
    #: First for the computer's standing plan (GWT:A's opening), not for this turn's value.
    planned: bool = False
    #: That plan in a few words (:meth:`games.base.Game.plan_name`), when it is first for it.
    plan_name: str = ""


@dataclass(frozen=True)
class Hint:
    game_id: int
    version: int
    seat: int
    prompt: str
    #: The best options first (at most :data:`HINT_OPTIONS`).
    options: tuple[HintOption, ...]


def hint_of(module: str, state: GameState, seat: int, locale: str) -> list[HintOption]:
    """The search's best options for ``seat``'s pending decision, in ``locale``: one unit of
    work for the CPU pool."""
    with using(locale):
        game = cpu.game_at(module)
        report = ai.analyse(game, state, seat, ai.ai_rng(state), HINT_LEVEL)
    ranked = [r for r in report.ranked if r.value != float("-inf")] or report.ranked
    first = ranked[0]
    out = []
    for r in ranked[:HINT_OPTIONS]:
        if first.value == float("-inf"):
            behind = 0.0
        elif first.planned:
            behind = first.value - r.value
        else:
            behind = max(0.0, first.value - r.value)
        out.append(HintOption(r.key, r.label, behind, r.plan, r.planned,
                              game.plan_name() if r.planned else ""))
    return out


#: Steps of the rest of the turn a hint tells.
PLAN_STEPS = 4


def hint_lines(hint: Hint, bold: bool = False) -> list[str]:
    """The hint in words, in the active language: the best options, each with how much
    worse it looks than the best in points, and what the computer would do next with the
    first. ``bold``: the option names in Markdown bold (Discord)."""
    def name(label: str) -> str:
        return f"**{label}**" if bold else label

    lines = [_("The computer's suggestion, from what you can see (an estimate: it can be "
               "wrong):")]
    for number, option in enumerate(hint.options, start=1):
        if number == 1:
            if option.planned and option.plan_name:
                how = _("its choice, for its opening plan ({plan})", plan=option.plan_name)
            elif option.planned:
                how = _("its choice, for its opening plan")
            else:
                how = _("its choice")
        elif abs(option.behind) < 0.5:
            how = _("about as good")
        elif option.behind < 0:
            points = round(-option.behind)
            how = _n("about {n} point better for this turn alone",
                     "about {n} points better for this turn alone", points)
        else:
            points = max(1, round(option.behind))
            how = _n("about {n} point worse", "about {n} points worse", points)
        line = f"{number}. {name(option.label)} — {how}"
        # the rest of the turn the search found: not for an option chosen for the opening,
        # whose later steps keep to the opening rather than to that search
        if number == 1 and option.plan and not option.planned:
            steps = " → ".join(option.plan[:PLAN_STEPS])
            if len(option.plan) > PLAN_STEPS:
                steps += " → …"
            line += " " + _("(then: {steps})", steps=steps)
        lines.append(line)
    return lines


class Hints:
    """The computer's suggestion for a player's decision."""

    def __init__(self, core: SessionCore) -> None:
        self.core = core

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The best options of the user's pending decision, as the computer sees them from
        their seat (refused when hints are off here, or when nothing is theirs to decide).
        The seat is marked as having used hints."""
        row = await self.core.row_by_id(game_id)
        self.core.require_active(row)
        seat = self.core.require_seat(row, user_id)
        server = await self.core.store.server(row.guild_id or 0)
        if server is not None and not server.hints:
            raise SessionError(HINTS_OFF)
        loaded = self.core.load(row)
        decision = loaded.decision_of(seat)
        if decision is None or loaded.state is None:
            raise SessionError(NOT_YOUR_TURN)
        options = await cpu.run(hint_of, games.GAME_MODULES[row.game], loaded.state, seat,
                                i18n.current())
        await self._mark_hinted(row, seat)
        names = [s.name for s in row.seats]
        told = tuple(replace(o, label=name_seats(o.label, names),
                             plan=tuple(name_seats(step, names) for step in o.plan))
                     for o in options)
        return Hint(row.id, row.version, seat, decision.prompt, told)

    async def _mark_hinted(self, row: GameRow, seat: int) -> None:
        """Keep with the seats that this one used hints (the version stays: no panel goes
        out of date). Another change landing meanwhile is read again."""
        for _attempt in range(3):
            if row.seats[seat].hinted:
                return
            seats = tuple(replace(s, hinted=True) if i == seat else s
                          for i, s in enumerate(row.seats))
            with contextlib.suppress(StaleVersion):
                await self.core.commit(Change(replace(row, seats=seats), row.version,
                                              expected_settings=row))
                return
            row = await self.core.row_by_id(row.id)
