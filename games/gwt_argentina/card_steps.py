"""Small decisions about cards in hand, auxiliary actions and exchange tokens."""

from __future__ import annotations

from games.gwt_argentina import pieces as P
from games.gwt_argentina import player_board as PB
from games.gwt_argentina.actions import (
    AUX_LABELS,
    ROW_LABELS,
    SPACE_BONUS_LABEL,
    aux_choices,
    do_aux,
    do_row_action,
    objective_action,
    pair_breeds,
)
from games.gwt_argentina.flow import Ctx, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState


def hand_options(state: GwtState, seat: int, prefix: str, *, cattle_only: bool = False):
    """One option per distinct kind of card in hand."""
    out = []
    for kind, card in PB.hand_kinds(state.players[seat]).items():
        if cattle_only and P.cattle(card) is None:
            continue
        out.append(opt(f"{prefix}:{card}", P.card_label(card)))
    return out


@step("pair")
class PairStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Discard two cattle cards of which breed?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        breeds = pair_breeds(state.players[frame.seat])
        out = [opt(f"breed:{b}", f"Two {b} → +{frame.data['pesos']} pesos") for b in breeds]
        return out + [opt("skip", "Discard nothing")] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        breed = key[6:]
        player = state.players[frame.seat]
        cards = [c for c in player.hand if PB.breed_of(c) == breed][:2]
        for card in cards:
            PB.discard(player, card)
        PB.gain_money(player, frame.data["pesos"])
        ctx.say(state, f"Seat {frame.seat + 1} discards two {breed} for "
                       f"{frame.data['pesos']} pesos.", frame.seat)


@step("draw_then_discard")
class DrawThenDiscardStep:
    """Draw n (or up to n), then discard as many as drawn."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        n = frame.data["n"]
        return f"Draw {'up to ' if frame.data['upto'] else ''}{n}, then discard as many."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        n = frame.data["n"]
        if frame.data["upto"]:
            return [opt(f"draw:{k}", f"Draw {k}, then discard {k}") for k in range(n, -1, -1)]
        return [opt(f"draw:{n}", f"Draw {n}, then discard {n}")]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        k = int(key[5:])
        drawn = PB.draw(state, state.players[frame.seat], k, ctx)
        if drawn:
            push(state, "discard_cards", frame.seat, n=len(drawn))


@step("discard_cards")
class DiscardCardsStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        n = frame.data["n"]
        return f"Discard {n} card{'s' * (n > 1)}."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        return hand_options(state, frame.seat, "discard")

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        PB.discard(state.players[frame.seat], key[8:])
        frame.data["n"] -= 1
        if frame.data["n"] <= 0:
            pop(state, frame)


@step("remove_cards")
class RemoveCardsStep:
    """Remove up to n cards of the hand from the game (exhaustion: back to the pile)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Remove a card of your hand from the game?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        out = hand_options(state, frame.seat, "remove")
        return out + [opt("stop", "Remove nothing more")] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key == "stop":
            pop(state, frame)
            return
        card = key[7:]
        PB.remove_from_hand(state, state.players[frame.seat], card)
        ctx.say(state, f"Seat {frame.seat + 1} removes {P.card_label(card)}.", frame.seat)
        frame.data["n"] -= 1
        if frame.data["n"] <= 0:
            pop(state, frame)


@step("draw_then_remove")
class DrawThenRemoveStep:
    auto = True

    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        PB.draw(state, state.players[frame.seat], frame.data["n"], ctx)
        push(state, "remove_cards", frame.seat, n=frame.data["n"])


@step("pick_cattle")
class PickCattleStep:
    """Discard one cattle card of your choice, then a follow-up (``then``)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Which cattle card do you discard?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        out = hand_options(state, frame.seat, "card", cattle_only=True)
        return out + [opt("skip", "Discard nothing")] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        player = state.players[frame.seat]
        PB.discard(player, key[5:])
        then = frame.data["then"]
        if then == "swap_market":
            push(state, "market_to_hand", frame.seat)
            return
        bonus = then.split(":", 1)[1]
        if bonus == "cert":
            PB.gain_cert(player, 1)
        elif bonus == "peso":
            PB.gain_money(player, 1)
        elif bonus == "pesos2":
            PB.gain_money(player, 2)
        elif bonus == "grain":
            PB.gain_grain(player, 1)
        ctx.say(state, f"Seat {frame.seat + 1} discards {P.card_label(key[5:])}: "
                       f"{SPACE_BONUS_LABEL[bonus]}.", frame.seat)


@step("market_to_hand")
class MarketToHandStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Take a card of the cattle market into your hand."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        seen: set[str] = set()
        out = []
        for card in state.board.cattle_market:
            if P.card_kind(card) not in seen:
                seen.add(P.card_kind(card))
                out.append(opt(f"card:{card}", P.card_label(card)))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        card = key[5:]
        state.board.cattle_market.remove(card)
        state.players[frame.seat].hand.append(card)
        ctx.say(state, f"Seat {frame.seat + 1} takes {P.card_label(card)} from the market.",
                frame.seat)


@step("aux")
class AuxStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Which auxiliary action?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        choices = aux_choices(state, frame.seat, frame.data["double"])
        out = [opt(f"aux:{a}:{n}", f"{'Double' if n == 2 else 'Single'}: {AUX_LABELS[a][n - 1]}")
               for a, n in choices]
        return out + [opt("skip", "No auxiliary action")] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        _, aux, n = key.split(":")
        do_aux(state, frame.seat, aux, int(n), ctx)


@step("exh_or_aux")
class ExhaustionOrAuxStep:
    """Neutral H's second action: return an exhaustion card, or a single auxiliary."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Return an exhaustion card from your hand, or do a single auxiliary action?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        player = state.players[frame.seat]
        out = []
        exh = next((c for c in player.hand if P.is_exhaustion(c)), None)
        if exh:
            out.append(opt(f"exh:{exh}", "Return an exhaustion card to its pile"))
        out += [opt(f"aux:{a}:{n}", f"Single: {AUX_LABELS[a][0]}")
                for a, n in aux_choices(state, frame.seat, False)]
        return out + [opt("skip", "Neither")] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        if key.startswith("exh:"):
            PB.remove_from_hand(state, state.players[frame.seat], key[4:])
            ctx.say(state, f"Seat {frame.seat + 1} returns an exhaustion card.", frame.seat)
            return
        _, aux, n = key.split(":")
        do_aux(state, frame.seat, aux, int(n), ctx)


@step("cert2_or_obj")
class Cert2OrObjectiveStep:
    """Building 3b: +2 certificates, or discard an objective card from hand for its
    immediate action and +3 certificates."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "+2 certificates, or an objective card's action and +3 certificates?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        out = [opt("cert2", "+2 certificates")]
        seen: set[str] = set()
        for card in state.players[frame.seat].hand:
            if P.is_objective(card) and card not in seen:
                seen.add(card)
                out.append(opt(f"obj:{card}", f"Discard {P.card_label(card)}: its action, +3 cert."))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        player = state.players[frame.seat]
        if key == "cert2":
            PB.gain_cert(player, 2)
            return
        card = key[4:]
        PB.discard(player, card)
        PB.gain_cert(player, 3)
        objective_action(state, frame.seat, card, ctx)


@step("row_action")
class RowActionStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Immediate action of your {frame.data['row']} row?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        return [opt("do", ROW_LABELS[frame.data["action"]]), opt("skip", "Forgo it")]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "do":
            do_row_action(state, frame.seat, frame.data["action"], ctx)


@step("exchange")
class ExchangeStep:
    """An exchange token: draw up to 2, then discard as many (p. 18)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Exchange token: draw how many cards?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        return [opt("draw:2", "Draw 2, then discard 2"), opt("draw:1", "Draw 1, then discard 1"),
                opt("keep", "Keep the token")]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "keep":
            return
        player = state.players[frame.seat]
        player.exchange_tokens -= 1
        drawn = PB.draw(state, player, int(key[5:]), ctx)
        ctx.say(state, f"Seat {frame.seat + 1} uses an exchange token.", frame.seat)
        if drawn:
            push(state, "discard_cards", frame.seat, n=len(drawn))
