"""The cattle market (buying, p. 14; refilling, p. 11) and the objective display (p. 16)."""

from __future__ import annotations

from games.gwt_argentina import pieces as P
from games.gwt_argentina import player_board as PB
from games.gwt_argentina import tables as T
from games.gwt_argentina.flow import Ctx, opt, pop, push, step
from games.gwt_argentina.setup import market_sort
from games.gwt_argentina.state import Frame, GwtState


def market_kinds(state: GwtState, filt: str) -> dict[str, str]:
    """kind -> one market card of that kind, for kinds matching a breed filter."""
    out: dict[str, str] = {}
    for card in state.board.cattle_market:
        kind = P.card_kind(card)
        if kind in T.BREED_FILTERS[filt]:
            out.setdefault(kind, card)
    return out


def buy_choices(state: GwtState, seat: int, gauchos: int) -> list[tuple[int, str]]:
    """(option index, first card) purchasable with ``gauchos`` unused gauchos."""
    player = state.players[seat]
    out = []
    for i, (g, cards, filt, price) in enumerate(T.BUY_OPTIONS):
        if g > gauchos or price > player.money:
            continue
        matching = [c for c in state.board.cattle_market if P.card_kind(c) in T.BREED_FILTERS[filt]]
        if len(matching) < cards:
            continue
        out += [(i, card) for card in market_kinds(state, filt).values()]
    return out


def refill_market(state: GwtState) -> None:
    """Draw market cards up to the set-up size (never above it), p. 11."""
    board = state.board
    size = T.MARKET_SIZE[state.seats]
    while len(board.cattle_market) < size and board.cattle_deck:
        board.cattle_market.append(board.cattle_deck.pop(0))
    board.cattle_market = market_sort(board.cattle_market)


def take_from_market(state: GwtState, card: str) -> None:
    state.board.cattle_market.remove(card)


@step("buy")
class BuyStep:
    """Spend gauchos on the option table; an unused gaucho may add 2 cards (p. 14)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Buy cattle: {frame.data['gauchos']} gaucho(s) left."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        g = frame.data["gauchos"]
        out = []
        for i, card in buy_choices(state, frame.seat, g):
            used, cards, _filt, price = T.BUY_OPTIONS[i]
            two = " (1st of 2)" if cards == 2 else ""
            out.append(opt(f"buy:{i}:{card}", f"{P.card_label(card)}{two}: {price} pesos, "
                                              f"{used} gaucho{'s' * (used > 1)}"))
        if g >= 1 and state.board.cattle_deck:
            out.append(opt("draw2", "Use a gaucho: 2 more cards into the market"))
        if out:
            out.append(opt("done", "Stop buying"))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player = state.players[frame.seat]
        if key == "done":
            pop(state, frame)
            return
        if key == "draw2":
            frame.data["gauchos"] -= 1
            drawn = state.board.cattle_deck[:2]
            del state.board.cattle_deck[:2]
            state.board.cattle_market = market_sort(state.board.cattle_market + drawn)
            ctx.reveals = True
            ctx.say(state, "Into the market: " + ", ".join(P.card_label(c) for c in drawn) + ".")
            return
        _, idx, card = key.split(":", 2)
        used, cards, filt, price = T.BUY_OPTIONS[int(idx)]
        frame.data["gauchos"] -= used
        PB.pay(player, price)
        take_from_market(state, card)
        player.discard.append(card)
        ctx.say(state, f"Seat {frame.seat + 1} buys {P.card_label(card)} for {price} pesos.",
                frame.seat)
        if cards == 2:
            push(state, "buy_second", frame.seat, filt=filt)


@step("buy_second")
class BuySecondStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Choose the second card of this purchase."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        return [opt(f"card:{c}", P.card_label(c))
                for c in market_kinds(state, frame.data["filt"]).values()]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        card = key[5:]
        take_from_market(state, card)
        state.players[frame.seat].discard.append(card)
        ctx.say(state, f"Seat {frame.seat + 1} also takes {P.card_label(card)}.", frame.seat)


@step("take_objective")
class TakeObjectiveStep:
    """An objective card from the display (refilled) or the top of the deck, onto the
    discard pile (p. 16)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Which objective card do you take?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        out = [opt(f"obj:{c}", objective_label(c)) for c in state.board.objective_display]
        if state.board.objective_deck:
            out.append(opt("deck", "The top card of the objective deck (unseen)"))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        board = state.board
        player = state.players[frame.seat]
        if key == "deck":
            card = board.objective_deck.pop(0)
            ctx.reveals = True
        else:
            card = key[4:]
            board.objective_display.remove(card)
            if board.objective_deck:
                board.objective_display.append(board.objective_deck.pop(0))
                ctx.reveals = True
        player.discard.append(card)
        ctx.say(state, f"Seat {frame.seat + 1} takes {objective_label(card)}.", frame.seat)


def objective_label(card: str) -> str:
    n = P.objective_number(card)
    action, amount, vp, penalty, conds = T.OBJECTIVES[n]
    need = " ".join(f"{k}{'×' + str(v) if v > 1 else ''}" for k, v in conds.items())
    return f"Objective {n}: {action} {amount}; {vp}/{penalty} VP: {need}"[:100]
