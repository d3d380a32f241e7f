"""Helping granjeros (rulebook p. 17).

Choose the granjeros (up to 3 with the location action, or only the one under your
estanciero), reveal up to 4 cattle cards for their strength (1 exhaustion card for 1–2
revealed, 2 for 3–4), take the tiles with the coins of their money spaces and the pesos
printed under their spaces, then for each tile hire it into the granjero row (paying the
price of the leftmost free space, doing its immediate action) or keep it beside the board.
"""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.actions import row_action
from games.gwt_argentina.flow import (
    OPENED,
    Ctx,
    DecisionStep,
    back_out,
    opt,
    pop,
    push,
    step,
    unlock_location,
)
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n
from games.gwt_argentina.words import granjero

MAX_CHOSEN = 3
MAX_REVEAL = data.MAX_REVEALED_FOR_HELP


def farmer_spaces(state: GwtState) -> list[str]:
    return [s for s, t in state.board.trail.items() if pieces.is_farmer(t)]


def reveal_potential(state: GwtState, seat: int) -> int:
    strengths = sorted((pieces.herd_card(c).strength for c in player_board.cattle_in_hand(state.players[seat])),
                       reverse=True)
    return sum(strengths[:MAX_REVEAL])


def need_of(state: GwtState, spaces: list[str]) -> int:
    return sum(pieces.farmer(state.board.trail[s]).strength for s in spaces)


def can_help_any(state: GwtState, seat: int, bonus: int, only: str | None) -> bool:
    spaces = [only] if only else farmer_spaces(state)
    best = player_board.board_strength(state.players[seat]) + bonus + reveal_potential(state, seat)
    return any(pieces.farmer(state.board.trail[s]).strength <= best for s in spaces
               if s in state.board.trail and pieces.is_farmer(state.board.trail[s]))


def farmer_gain(state: GwtState, space: str) -> int:
    return state.board.farmer_coins.get(space, 0) + data.FARMER_SPACE_PESOS[space]


@step("help")
class HelpChooseStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        chosen = frame.data["chosen"]
        if chosen:
            return _("Helping {spaces} (strength {n} needed). Another granjero?",
                     spaces=", ".join(chosen), n=need_of(state, chosen))
        return _("Which granjero do you help?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        seat = frame.seat
        chosen = frame.data["chosen"]
        only = frame.data.get("only")
        best = player_board.board_strength(state.players[seat]) + frame.data["bonus"] + \
            reveal_potential(state, seat)
        out = []
        if len(chosen) < (1 if only else frame.data.get("limit", MAX_CHOSEN)):
            spaces = [only] if only else farmer_spaces(state)
            for s in spaces:
                if s in chosen:
                    continue
                if need_of(state, chosen + [s]) <= best:
                    f = pieces.farmer(state.board.trail[s])
                    out.append(opt(f"add:{s}", _n(
                        "{granjero} at {space}: strength {strength}, {n} peso",
                        "{granjero} at {space}: strength {strength}, {n} pesos",
                        farmer_gain(state, s), granjero=granjero(f.colour), space=s,
                        strength=f.strength), at=s))
        if chosen:
            out.append(opt("go", _("Reveal cattle for strength {n}", n=need_of(state, chosen))))
        out.append(opt("cancel", _("Help nobody")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key == "cancel":
            pop(state, frame)
            unlock_location(state)
            back_out(state, frame)
            return
        if key.startswith("add:"):
            frame.data["chosen"] = frame.data["chosen"] + [key[4:]]
            return
        pop(state, frame)
        reveal = push(state, "help_reveal", frame.seat, chosen=frame.data["chosen"],
                      bonus=frame.data["bonus"], revealed=[])
        if OPENED in frame.data:  # nothing helped yet: cancelling still backs out
            reveal.data[OPENED] = frame.data[OPENED]


@step("help_reveal")
class HelpRevealStep(DecisionStep):
    """Reveal cattle cards one by one (no exchange token while revealing, p. 20)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        have = strength(state, frame)
        return _("Strength {have} of {need} needed: reveal a card?", have=have,
                 need=need_of(state, frame.data["chosen"]))

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        player = state.players[frame.seat]
        revealed = frame.data["revealed"]
        out = []
        if len(revealed) < MAX_REVEAL:
            seen: set[str] = set()
            for card in player.hand:
                c = pieces.cattle(card)
                if card in revealed or c is None or pieces.card_kind(card) in seen:
                    continue
                seen.add(pieces.card_kind(card))
                out.append(opt(f"reveal:{card}", _("Reveal {breed} (strength {n})", breed=c.name,
                                                   n=c.strength)))
        if strength(state, frame) >= need_of(state, frame.data["chosen"]):
            n = len(revealed)
            exh = 0 if n == 0 else (1 if n <= 2 else 2)
            out.append(opt("done", _n("Help them ({n} exhaustion card)",
                                      "Help them ({n} exhaustion cards)", exh)))
        if not revealed:
            out.append(opt("cancel", _("Help nobody")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key.startswith("reveal:"):
            frame.data["revealed"] = frame.data["revealed"] + [key[7:]]
            ctx.announce(state, _("{who} reveals {card}.", who=seat_ref(frame.seat),
                                  card=pieces.card_label(key[7:])), frame.seat)
            ctx.reveals = True  # a card of the secret hand is shown
            return
        pop(state, frame)
        if key == "cancel":
            unlock_location(state)
            back_out(state, frame)
            return
        finish_help(state, frame.seat, frame.data["chosen"], frame.data["revealed"], ctx)


def strength(state: GwtState, frame: Frame) -> int:
    cards = sum(pieces.herd_card(c).strength for c in frame.data["revealed"])
    bonus: int = frame.data["bonus"]
    return player_board.board_strength(state.players[frame.seat]) + bonus + cards


def finish_help(state: GwtState, seat: int, chosen: list[str], revealed: list[str],
                ctx: Ctx) -> None:
    player = state.players[seat]
    if revealed:
        player_board.take_exhaustion(state, player, data.exhaustion_for_revealed(len(revealed)))
    for card in revealed:
        player_board.discard(player, card)
    gained = 0
    tiles = []
    for space in chosen:
        gained += farmer_gain(state, space)
        tiles.append(state.board.trail.pop(space))
        state.board.farmer_coins.pop(space, None)
    player_board.gain_money(player, gained)
    ctx.announce(state, _n("{who} helps {n} granjero and gains {pesos} pesos.",
                           "{who} helps {n} granjeros and gains {pesos} pesos.", len(tiles),
                           who=seat_ref(seat), pesos=gained), seat)
    for tile in reversed(tiles):
        push(state, "help_hire", seat, tile=tile)


def granjero_cost(position: int) -> int:
    """Price of the leftmost free space of the granjero row (0-based position)."""
    return data.ROW_SLOTS[data.GRANJERO][position].cost


@step("help_hire")
class HelpHireStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Hire the {tile} or keep it beside your board?",
                 tile=pieces.tile_label(frame.data["tile"]))

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        player = state.players[frame.seat]
        position = player.worker_count(data.GRANJERO)
        out = []
        if position < data.ROW_CELLS and player.money >= granjero_cost(position):
            out.append(opt("hire", _n("Hire into your granjero row for {n} peso",
                                      "Hire into your granjero row for {n} pesos",
                                      granjero_cost(position))))
        out.append(opt("keep", _("Keep beside your board (2 VP)")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        player = state.players[frame.seat]
        tile = frame.data["tile"]
        if key == "keep":
            player.helped_farmers.append(tile)
            return
        position = player.worker_count(data.GRANJERO)
        player_board.pay(player, granjero_cost(position))
        player.workers["granjero"].append(tile)
        ctx.announce(state, _("{who} hires the granjero.", who=seat_ref(frame.seat)), frame.seat)
        row_action(state, frame.seat, "granjero", position, ctx)
