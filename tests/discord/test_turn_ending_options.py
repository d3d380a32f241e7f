"""Many options that end the turn (``Option.ends_turn``) in one decision: no game has more
than one today, but the panels lay out any number of them within Discord's limits (a
classic message: 5 rows of 5 buttons or one select menu of 25 options; a Components V2
panel: 40 components with its text and image), every option offered exactly once, the
ones that end the turn grey buttons under the moves while they fit.

Exits, the toy game here, is registered like any game (``games.GAMES``)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import Field

import games
from bot.discord_ui.panel_components import LayoutComponents, component_count
from bot.discord_ui.panel_layout import area_view, decision_view
from bot.discord_ui.text import BUTTON_LABEL_LIMIT
from games.base import MENU_LIMIT, Decision, Event, Game, GameOptions, GameState, Option, Outcome
from games.rng import Rng
from testkit.fakediscord import IS_COMPONENTS_V2, FakeMember
from testkit.harness import Table
from testkit.scenario import action_rows, posted_message, tap, to_move

NAME = "exits"


class ExitsOptions(GameOptions):
    gates: int = Field(default=12, ge=1, le=60)
    steps: int = Field(default=3, ge=0, le=40)


class ExitsState(GameState):
    gates: int
    steps: int
    current: int = 0
    walked: list[int]


class Exits(Game[ExitsState, ExitsOptions]):
    """A turn: take steps (a point each; the turn goes on) until leaving by one of the
    gates (the turn ends). Nothing is hidden or random; four turns."""

    name = NAME
    title = "Exits"
    min_seats = 2
    max_seats = 2
    state_model = ExitsState
    options_model = ExitsOptions
    hidden_information = False

    def setup(self, seats: int, options: ExitsOptions, seed: int) -> ExitsState:
        return ExitsState(game=NAME, seats=seats, seed=seed, rng=Rng.from_seed(seed), turn=1,
                          gates=options.gates, steps=options.steps, walked=[0] * seats)

    def pending(self, state: ExitsState) -> Decision | None:
        if state.finished:
            return None
        options = [Option(key=f"step{i}", label=f"Step on stone {i + 1}")
                   for i in range(state.steps)]
        options += [Option(key=f"gate{i}", label=f"Leave by gate {i + 1}", ends_turn=True)
                    for i in range(state.gates)]
        return Decision(seat=state.current, prompt="Step on, or leave?", options=options,
                        turn=state.turn)

    def _apply(self, state: ExitsState, seat: int, option: Option) -> Outcome:
        if option.key.startswith("step"):
            state.walked[seat] += 1
        else:
            state.current = 1 - state.current
            state.turn += 1
            state.finished = state.turn > 4
        return Outcome(state=state, events=[Event(text=f"Seat {seat + 1}: {option.label}.")])

    def view(self, state: ExitsState, seat: int | None) -> dict[str, Any]:
        return {"walked": list(state.walked)}

    def scores(self, state: ExitsState) -> dict[int, dict[str, int]]:
        return {s: {"total": state.walked[s]} for s in range(state.seats)}


GAME = Exits()


@pytest.fixture(autouse=True)
def exits_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, NAME, games.Registration(engine=__name__))


def decision(gates: int, steps: int) -> Decision:
    game = games.get_game(NAME)
    state = game.setup(2, game.parse_options({"gates": gates, "steps": steps}), 1)
    found = game.pending(state)
    assert found is not None
    return found


def rows_within_limits(rows: list[dict[str, Any]], v2: bool) -> None:
    if v2:  # its text and its image come on top
        assert component_count(rows) + 2 <= 40, rows
    else:
        assert len(rows) <= 5, rows
    for row in rows:
        assert row["type"] == 1
        items = row["components"]
        assert len(items) <= 5
        if any(item["type"] == 3 for item in items):
            (menu,) = items
            assert 1 <= len(menu["options"]) <= MENU_LIMIT
        assert all(len(item.get("label", "")) <= BUTTON_LABEL_LIMIT for item in items)


def offered(rows: list[dict[str, Any]]) -> list[str]:
    """Every option key the rows offer, with repeats (buttons' and menus' values)."""
    keys = []
    for row in rows:
        for item in row["components"]:
            kind = item["custom_id"].split(":")[1]
            if item["type"] == 2 and kind in ("opt", "popt"):
                keys.append(item["custom_id"].split(":", 4)[-1])
            elif item["type"] == 3 and kind in ("sel", "psel"):
                keys += [o["value"] for o in item["options"]]
    return keys


def grey_buttons(rows: list[dict[str, Any]]) -> list[str]:
    """The options on grey buttons (not "Take back")."""
    return [key for row in rows for item in row["components"]
            if item["type"] == 2 and item["style"] == 2
            for key in offered([{"components": [item]}])]


@pytest.mark.parametrize("steps", [0, 1, 4, 12, 30, 40])
@pytest.mark.parametrize("public", [False, True])
def test_any_number_of_turn_ending_options_lays_out_within_discords_limits(
        steps: int, public: bool) -> None:
    for gates in range(1, 61):
        chosen = decision(gates, steps)
        view = decision_view(7, 3, chosen, public=public, undo=not public)
        assert not (public and isinstance(view, LayoutComponents))
        rows = view.to_components()
        rows_within_limits(rows, isinstance(view, LayoutComponents))
        keys = [o.key for o in chosen.options]
        assert sorted(offered(rows)) == sorted(keys), (gates, steps, public)
        if len(keys) <= (25 if public else 31) - 1:  # every option a button, "End" grey
            assert grey_buttons(rows) == [k for k in keys if k.startswith("gate")]


def test_six_gates_get_two_rows_of_their_own_under_the_moves() -> None:
    rows = decision_view(7, 3, decision(6, 3), undo=True).to_components()
    assert [[i["custom_id"].split(":")[-1] for i in row["components"]] for row in rows] == [
        ["step0", "step1", "step2"],
        ["gate0", "gate1", "gate2", "gate3", "gate4"],
        ["gate5", "3"]]  # "Take back" (est:undo:7:3) ends the last row
    # ten: two full rows of gates, "Take back" on a row of its own
    rows = decision_view(7, 3, decision(10, 3), undo=True).to_components()
    assert [len(row["components"]) for row in rows] == [3, 5, 5, 1]
    assert rows[-1]["components"][0]["custom_id"] == "est:undo:7:3"


def test_the_area_chooser_keeps_every_gate_within_the_limits() -> None:
    """A decision that asks for an area of the board first shows the ends beside the
    areas: buttons while a V2 panel has room, else in select menus."""
    areas = [(letter, [f"p{i}"]) for i, letter in enumerate("ABCDEFGH")]
    for gates in (1, 6, 20, 21, 60):
        chosen = decision(gates, 0)
        view = area_view(7, 3, chosen, areas, undo=True)
        rows = view.to_components()
        rows_within_limits(rows, isinstance(view, LayoutComponents))
        assert sorted(offered(rows)) == sorted(o.key for o in chosen.options)
        assert sum(1 for row in rows for item in row["components"]
                   if item["custom_id"].startswith("est:area:")) == 8


@pytest.mark.parametrize("gates", [6, 30])
async def test_a_player_leaves_by_the_last_gate_through_discord(
        table: Table, alice: FakeMember, bob: FakeMember, gates: int) -> None:
    await table.slash(alice, "new", game=NAME, options=f"gates={gates} steps=3")
    await table.slash(bob, "join")
    await table.slash(alice, "start")
    posts = await table.deliver()
    turn_message = posted_message(table.fake, posts[-1])
    info = await table.sessions.info(table.fake.channel_id())
    game_id = info.id
    mover = to_move(table, {alice.user.id: alice, bob.user.id: bob}, info)
    # the choices are on the public turn message (nothing is hidden): a classic message
    rows = action_rows(turn_message)
    rows_within_limits(rows, v2=False)
    assert sorted(offered(rows)) == sorted(o.key for o in decision(gates, 3).options)
    stepped = await tap(table, mover, turn_message, "step1")
    assert stepped.ephemeral and stepped.text.startswith("You chose **Step on stone 2**")
    panel = stepped.message  # the next step of the turn: a private panel
    rows_within_limits(action_rows(panel), v2=bool(panel.get("flags", 0) & IS_COMPONENTS_V2))
    left = await tap(table, mover, panel, f"gate{gates - 1}")
    assert left.text.startswith(f"You chose **Leave by gate {gates}**"), left.text
    after = await table.sessions.info_by_id(game_id)
    assert after.to_move != info.to_move and after.version == info.version + 2
