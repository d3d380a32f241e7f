"""The cattle market (buying, p. 14; refilling, p. 11) and the objective display (p. 16)."""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board, words
from games.gwt_argentina.action_facts import describe_printed
from games.gwt_argentina.flow import OPENED, Ctx, DecisionStep, back_out, opt, pop, push, step
from games.gwt_argentina.pedro.rules import take_display_objective
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n, cut, joined


def market_kinds(state: GwtState, breeds: tuple[str, ...] | set[str]) -> dict[str, str]:
    """kind -> one market card of that kind (same breed and VP), for the given breeds."""
    out: dict[str, str] = {}
    for card in state.board.cattle_market:
        c = pieces.cattle(card)
        if c is not None and c.breed in breeds:
            out.setdefault(pieces.card_kind(card), card)
    return out


def buy_choices(state: GwtState, seat: int, gauchos: int) -> list[tuple[int, str]]:
    """(option index, first card) purchasable with ``gauchos`` unused gauchos."""
    player = state.players[seat]
    out = []
    for i, o in enumerate(data.PURCHASE_OPTIONS):
        if o.gauchos > gauchos or o.cost > player.money:
            continue
        matching = [c for c in state.board.cattle_market if pieces.herd_card(c).breed in o.breeds]
        if len(matching) < o.cards:
            continue
        out += [(i, card) for card in market_kinds(state, o.breeds).values()]
    return out


def refill_market(state: GwtState) -> None:
    """Draw market cards up to the set-up size (never above it), p. 11."""
    board = state.board
    size = data.MARKET_SIZE[state.table()]
    while len(board.cattle_market) < size and board.cattle_deck:
        board.cattle_market.append(board.cattle_deck.pop(0))
    board.cattle_market = pieces.market_sort(board.cattle_market)


def take_from_market(state: GwtState, card: str) -> None:
    state.board.cattle_market.remove(card)


@step("buy")
class BuyStep(DecisionStep):
    """Spend gauchos on the option table; an unused gaucho may add 2 cards (p. 14)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _n("Buy cattle: {n} gaucho left.", "Buy cattle: {n} gauchos left.",
                  frame.data["gauchos"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        g = frame.data["gauchos"]
        out = []
        for i, card in buy_choices(state, frame.seat, g):
            o = data.PURCHASE_OPTIONS[i]
            gauchos = _n("{n} gaucho", "{n} gauchos", o.gauchos)
            if o.cards == 2:
                label = _("{card} (1st of 2): {cost} pesos, {gauchos}", card=pieces.card_label(card),
                          cost=o.cost, gauchos=gauchos)
            else:
                label = _("{card}: {cost} pesos, {gauchos}", card=pieces.card_label(card),
                          cost=o.cost, gauchos=gauchos)
            out.append(opt(f"buy:{i}:{card}", label, group=gauchos))
        if g >= 1 and state.board.cattle_deck:
            out.append(opt("draw2", _("Use a gaucho: 2 more cards into the market"),
                           group=_("Other")))
        if out:
            out.append(opt("done", _("Stop buying"), group=_("Other")))
        if len(out) <= 25:
            out = [o.model_copy(update={"group": None}) for o in out]
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player = state.players[frame.seat]
        if key == "done":
            pop(state, frame)
            back_out(state, frame)  # stopped before buying or drawing anything
            return
        frame.data.pop(OPENED, None)  # a gaucho is used: the action is done
        if key == "draw2":
            frame.data["gauchos"] -= 1
            drawn = state.board.cattle_deck[:2]
            del state.board.cattle_deck[:2]
            state.board.cattle_market = pieces.market_sort(state.board.cattle_market + drawn)
            ctx.reveals = True
            ctx.announce(state, _("Into the market: {cards}.",
                                  cards=joined([pieces.card_label(c) for c in drawn])))
            return
        _key, idx, card = key.split(":", 2)
        o = data.PURCHASE_OPTIONS[int(idx)]
        frame.data["gauchos"] -= o.gauchos
        player_board.pay(player, o.cost)
        take_from_market(state, card)
        player.discard.append(card)
        ctx.announce(state, _n("{who} buys {card} for {n} peso.",
                               "{who} buys {card} for {n} pesos.", o.cost,
                               who=seat_ref(frame.seat), card=pieces.card_label(card)),
                     frame.seat)
        if o.cards == 2:
            push(state, "buy_second", frame.seat, option=int(idx))


@step("buy_second")
class BuySecondStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Choose the second card of this purchase.")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        return [opt(f"card:{c}", pieces.card_label(c))
                for c in market_kinds(state, data.PURCHASE_OPTIONS[frame.data["option"]].breeds).values()]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        card = key[5:]
        take_from_market(state, card)
        state.players[frame.seat].discard.append(card)
        ctx.announce(state, _("{who} also takes {card}.", who=seat_ref(frame.seat),
                              card=pieces.card_label(card)), frame.seat)


@step("take_objective")
class TakeObjectiveStep(DecisionStep):
    """An objective card from the display (refilled) or the top of the deck, onto the
    discard pile (p. 16); a Rotterdam ship's from the display only (``display_only``: « Vous
    devez immédiatement choisir une carte Objectif de l'offre d'objectifs », p. 10)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which objective card do you take?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        out = [opt(f"obj:{c}", objective_label(c)) for c in state.board.objective_display]
        if state.board.objective_deck and not frame.data.get("display_only"):
            out.append(opt("deck", _("The top card of the objective deck (unseen)")))
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
            if state.pedro is not None:  # solo: « faites glisser les autres vers le bout »
                if take_display_objective(board, card):
                    ctx.reveals = True
            else:
                board.objective_display.remove(card)
            if state.pedro is None and board.objective_deck:
                board.objective_display.append(board.objective_deck.pop(0))
                ctx.reveals = True
        player.discard.append(card)
        ctx.announce(state, _("{who} takes {card}.", who=seat_ref(frame.seat),
                              card=objective_label(card)), frame.seat)


def objective_label(card: str) -> str:
    o = data.OBJECTIVE_BY_ID[card]
    need = joined([words.need(k) if v == 1 else _("{need}×{n}", need=words.need(k), n=v)
                   for k, v in o.needs.items()])
    label = _("Objective {n}: {action}; {vp}/{penalty} VP: {needs}", n=card[2:],
              action=describe_printed(o.action), vp=o.vp, penalty=o.penalty, needs=need)
    return cut(label, 100)
