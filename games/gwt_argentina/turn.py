"""A turn: phase A (move), phase B (the location's actions), phase C (draw), p. 6–12.

Frames of a turn, bottom to top: ``turn_end`` (phase C and the next turn), the
``location`` of phase B, and above it the ``move`` of phase A. The first turn of each
player starts with a discard to 4 cards and the choice of a neutral building (set-up 18).
"""

from __future__ import annotations

from typing import Any

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.action_facts import describe, location_actions
from games.gwt_argentina.actions import start
from games.gwt_argentina.buenos_aires import enter_buenos_aires
from games.gwt_argentina.conditions import aux_choices, possible
from games.gwt_argentina.flow import (
    AutomaticStep,
    Ctx,
    DecisionStep,
    mark_opened,
    opt,
    pop,
    push,
    push_all,
    step,
    upper_first,
)
from games.gwt_argentina.help_farmers import can_help_any
from games.gwt_argentina.objectives import objective_options, play_objective
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _
from games.gwt_argentina.trail import ends_move, kind_of, location_label, next_locations, pay_toll


def begin_turn(state: GwtState, seat: int) -> None:
    state.current = seat
    state.turn += 1
    player = state.players[seat]
    push(state, "turn_end", seat)
    if seat in state.first_turn:
        state.first_turn.remove(seat)
        frames: list[tuple[str, int, dict[str, Any]]] = []
        if len(player.hand) > 4:
            frames.append(("first_discard", seat, {}))
        frames.append(("first_place", seat, {}))
        push_all(state, frames)
        return
    push(state, "move", seat, limit=player_board.move_limit(state, player), steps=0, extra=False)


@step("turn_start")
class TurnStartStep(AutomaticStep):
    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        begin_turn(state, frame.seat)


@step("first_discard")
class FirstDiscardStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("First turn: discard down to 4 cards ({n} now).",
                 n=len(state.players[frame.seat].hand))

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        if len(state.players[frame.seat].hand) <= 4:
            return []
        return [opt(f"discard:{card}", pieces.card_label(card))
                for card in player_board.hand_kinds(state.players[frame.seat]).values()]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player_board.discard(state.players[frame.seat], key[8:])
        if len(state.players[frame.seat].hand) <= 4:
            pop(state, frame)


@step("first_place")
class FirstPlaceStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("First turn: on which neutral building does your estanciero start?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        return [opt(f"to:{s}", location_label(state, s), at=s) for s in data.NEUTRAL_SPACES]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        space = key[3:]
        state.players[frame.seat].estanciero = space
        ctx.announce(state, _("{who} starts at {place}.", who=seat_ref(frame.seat),
                              place=location_label(state, space)), frame.seat)
        enter_location(state, frame.seat, space)


@step("move")
class MoveStep(DecisionStep):
    """Phase A (or an extra move of a building): one location at a time."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        steps, limit = frame.data["steps"], frame.data["limit"]
        return _("Move your estanciero ({steps} of at most {limit} moves made).", steps=steps,
                 limit=limit)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        seat = frame.seat
        here = state.players[seat].estanciero or "START"
        out = [opt(f"to:{loc}", location_label(state, loc), at=loc)
               for loc in next_locations(state, here, seat)]
        if frame.data["steps"] >= 1:
            out.append(opt("stop", _("Stop at {place}", place=location_label(state, here)),
                           at=here))
        if frame.data["steps"] == 0 and not frame.data["extra"]:
            out += objective_options(state, seat)
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        seat = frame.seat
        player = state.players[seat]
        if key.startswith("obj:"):
            play_objective(state, seat, key[4:], ctx)
            return
        if key.startswith("to:"):
            space = key[3:]
            player.estanciero = space
            frame.data["steps"] += 1
            pay_toll(state, player, space, ctx)
            if not (ends_move(space) or frame.data["steps"] >= frame.data["limit"]
                    or not next_locations(state, space, seat)):
                return
        pop(state, frame)
        assert player.estanciero is not None  # it just moved
        ctx.announce(state, _("{who} moves to {place}.", who=seat_ref(seat),
                              place=location_label(state, player.estanciero)), seat)
        enter_location(state, seat, player.estanciero)


def enter_location(state: GwtState, seat: int, space: str) -> None:
    """Phase B at a location: Buenos Aires' six steps, or the location's menu."""
    if space == "BA" or space in data.SHORTCUTS:
        state.players[seat].estanciero = "BA"
        enter_buenos_aires(state, seat)
        return
    push(state, "location", seat, space=space, done=[], locked=False,
         tile=state.board.trail.get(space))


def frame_tile(frame: Frame) -> str | None:
    """The building as it stood when the estanciero arrived: « Si vous remplacez une tuile
    Bâtiment alors que votre estanciero s'y trouve, vous ne pouvez pas activer le nouveau
    bâtiment immédiatement. »"""
    return frame.data.get("tile")


@step("location")
class LocationStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Phase B at {place}: what do you do?",
                 place=location_label(state, frame.data["space"]))

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        seat = frame.seat
        if frame.data.get("left"):
            return []  # the estanciero moved on with an extra phase B
        space = frame.data["space"]
        kind = kind_of(state, space, seat)
        done, locked = frame.data["done"], frame.data["locked"]
        out = []
        if not locked:
            if kind in ("neutral", "own"):
                for i, action in enumerate(location_actions(state, space, frame_tile(frame))):
                    if i not in done and possible(state, seat, action):
                        out.append(opt(f"act:{i}", upper_first(describe(state, seat, action))))
            if kind == "farmer" and can_help_any(state, seat, 0, space):
                out.append(opt("help", _("Help this granjero")))
            if not done and aux_choices(state, seat, False):
                out.append(opt("aux", _("A single auxiliary action instead")))
        out += objective_options(state, seat)
        out.append(opt("end", _("End phase B"), ends_turn=True))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        seat = frame.seat
        if key == "end":
            pop(state, frame)
            return
        if key.startswith("obj:"):
            play_objective(state, seat, key[4:], ctx)
            return
        if key == "aux":
            frame.data["locked"] = True
            push(state, "aux", seat, double=False)
            return
        if key == "help":
            frame.data["locked"] = True
            push(state, "help", seat, bonus=0, only=frame.data["space"], chosen=[], limit=1)
            return
        i = int(key[4:])
        frame.data["done"] = frame.data["done"] + [i]
        depth, said = len(state.stack), len(ctx.events)
        start(state, seat, location_actions(state, frame.data["space"], frame_tile(frame))[i], ctx)
        mark_opened(state, ctx, depth, said, i)
