"""Small decisions about cards in hand, auxiliary actions and exchange tokens."""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.action_facts import ACTION_BY_KEY, AUX_LABELS, describe
from games.gwt_argentina.actions import (
    advance_track,
    do_aux,
    objective_action,
    start,
    start_all,
)
from games.gwt_argentina.conditions import aux_choices, pair_breeds, possible
from games.gwt_argentina.flow import (
    OPENED,
    AutomaticStep,
    Ctx,
    DecisionStep,
    back_out,
    mark_opened,
    opt,
    pop,
    push,
    step,
    unlock_location,
    upper_first,
)
from games.gwt_argentina.state import Frame, GwtState, Player
from games.gwt_argentina.told import _, _n
from games.gwt_argentina.words import worker


def then_actions(frame: Frame) -> list[data.Action]:
    return [ACTION_BY_KEY[k] for k in frame.data["then"]]


def hand_options(state: GwtState, seat: int, prefix: str, *,
                 cattle_only: bool = False) -> list[Option]:
    """One option per distinct kind of card in hand."""
    out = []
    for card in player_board.hand_kinds(state.players[seat]).values():
        if cattle_only and pieces.cattle(card) is None:
            continue
        out.append(opt(f"{prefix}:{card}", pieces.card_label(card)))
    return out


@step("pair")
class PairStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Discard two cattle cards of which breed?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        breeds = pair_breeds(state.players[frame.seat])
        out = [opt(f"breed:{b}", _("Two {breed}", breed=data.BREED_BY_ID[b].name)) for b in breeds]
        return out + [opt("skip", _("Discard nothing"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        breed = key[6:]
        player = state.players[frame.seat]
        cards = [c for c in player.hand if player_board.breed_of(c) == breed][:2]
        for card in cards:
            player_board.discard(player, card)
        ctx.announce(state, _("{who} discards two {breed}.", who=seat_ref(frame.seat),
                              breed=data.BREED_BY_ID[breed].name), frame.seat)
        start_all(state, frame.seat, then_actions(frame), ctx)


@step("draw_then_discard")
class DrawThenDiscardStep(DecisionStep):
    """Draw n (or up to n), then discard as many as drawn."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        n = frame.data["n"]
        if frame.data["upto"]:
            return _n("Draw up to {n}, then discard as many.",
                      "Draw up to {n}, then discard as many.", n)
        return _n("Draw {n}, then discard as many.", "Draw {n}, then discard as many.", n)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        n = frame.data["n"]
        if frame.data["upto"]:
            return [opt(f"draw:{k}", _("Draw {n}, then discard {n}", n=k) if k
                        else _("Draw nothing"))
                    for k in range(n, -1, -1)]
        return [opt(f"draw:{n}", _("Draw {n}, then discard {n}", n=n))]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        k = int(key[5:])
        if not k:
            back_out(state, frame)
            return
        drawn = player_board.draw(state, state.players[frame.seat], k, ctx)
        if drawn:
            push(state, "discard_cards", frame.seat, n=len(drawn))


@step("discard_cards")
class DiscardCardsStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        n = frame.data["n"]
        return _n("Discard {n} card.", "Discard {n} cards.", n)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        return hand_options(state, frame.seat, "discard")

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player_board.discard(state.players[frame.seat], key[8:])
        frame.data["n"] -= 1
        if frame.data["n"] <= 0:
            pop(state, frame)


@step("remove_cards")
class RemoveCardsStep(DecisionStep):
    """Remove up to n cards of the hand from the game (exhaustion: back to the pile)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Remove a card of your hand from the game?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        out = hand_options(state, frame.seat, "remove")
        return out + [opt("stop", _("Remove nothing more"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key == "stop":
            pop(state, frame)
            return
        card = key[7:]
        player_board.remove_from_hand(state, state.players[frame.seat], card)
        ctx.announce(state, _("{who} removes {card}.", who=seat_ref(frame.seat),
                              card=pieces.card_label(card)), frame.seat)
        frame.data["n"] -= 1
        if frame.data["n"] <= 0:
            pop(state, frame)


@step("draw_then_remove")
class DrawThenRemoveStep(AutomaticStep):
    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        player_board.draw(state, state.players[frame.seat], frame.data["n"], ctx)
        push(state, "remove_cards", frame.seat, n=frame.data["n"])


@step("pick_cattle")
class PickCattleStep(DecisionStep):
    """Discard one cattle card (of a breed, or of your choice), then the ``then`` actions."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which cattle card do you discard?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        breed = frame.data["breed"]
        out = []
        for card in player_board.hand_kinds(state.players[frame.seat]).values():
            c = pieces.cattle(card)
            if c is not None and breed in ("any", c.breed):
                out.append(opt(f"card:{card}", pieces.card_label(card)))
        return out + [opt("skip", _("Discard nothing"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        player = state.players[frame.seat]
        player_board.discard(player, key[5:])
        ctx.announce(state, _("{who} discards {card}.", who=seat_ref(frame.seat),
                              card=pieces.card_label(key[5:])), frame.seat)
        if frame.data["then"] == ["@market_to_hand"]:
            push(state, "market_to_hand", frame.seat)
            return
        start_all(state, frame.seat, then_actions(frame), ctx)


@step("either")
class EitherStep(DecisionStep):
    """A white slash on a tile: exactly one of the alternatives."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which one?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        out = []
        for i, k in enumerate(frame.data["options"]):
            a = ACTION_BY_KEY[k]
            if possible(state, frame.seat, a):
                out.append(opt(f"opt:{i}", describe(state, frame.seat, a)))
        return out + [opt("skip", _("Neither"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        depth, said = len(state.stack), len(ctx.events)
        start(state, frame.seat, ACTION_BY_KEY[frame.data["options"][int(key[4:])]], ctx)
        mark_opened(state, ctx, depth, said, frame.data.get(OPENED))  # still nothing done


@step("discard_objective")
class DiscardObjectiveStep(DecisionStep):
    """Building 3b: discard an objective card from hand, do its immediate action, then
    the ``then`` actions."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which objective card do you discard for its action?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        out = []
        seen: set[str] = set()
        for card in state.players[frame.seat].hand:
            if pieces.is_objective(card) and card not in seen:
                seen.add(card)
                out.append(opt(f"obj:{card}", _("Discard {card}", card=pieces.card_label(card))))
        return out + [opt("skip", _("Discard nothing"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        card = key[4:]
        player_board.discard(state.players[frame.seat], card)
        start_all(state, frame.seat, then_actions(frame), ctx)
        objective_action(state, frame.seat, card, ctx)


@step("market_to_hand")
class MarketToHandStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Take a card of the cattle market into your hand.")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        seen: set[str] = set()
        out = []
        for card in state.board.cattle_market:
            if pieces.card_kind(card) not in seen:
                seen.add(pieces.card_kind(card))
                out.append(opt(f"card:{card}", pieces.card_label(card)))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        card = key[5:]
        state.board.cattle_market.remove(card)
        state.players[frame.seat].hand.append(card)
        ctx.announce(state, _("{who} takes {card} from the market.", who=seat_ref(frame.seat),
                              card=pieces.card_label(card)), frame.seat)


@step("aux")
class AuxStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which auxiliary action?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        choices = aux_choices(state, frame.seat, frame.data["double"])
        out = [opt(f"aux:{a}:{n}", _("Double: {action}", action=_(AUX_LABELS[a][n - 1])) if n == 2
                   else _("Single: {action}", action=_(AUX_LABELS[a][n - 1])))
               for a, n in choices]
        return out + [opt("skip", _("No auxiliary action"))] if out else []

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            unlock_location(state)
            back_out(state, frame)
            return
        _key, aux, n = key.split(":")
        do_aux(state, frame.seat, aux, int(n), ctx)


@step("row_action")
class RowActionStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Immediate action of your {row} row (space {column})?",
                 row=worker(frame.data["row"]), column=frame.data["column"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        actions = data.ROW_SLOTS[frame.data["row"]][frame.data["column"] - 1].actions
        text = " + ".join(describe(state, frame.seat, a) for a in actions)
        return [opt("do", upper_first(text)[:100]), opt("skip", _("Forgo it"))]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "do":
            actions = data.ROW_SLOTS[frame.data["row"]][frame.data["column"] - 1].actions
            start_all(state, frame.seat, actions, ctx)


def exchange_options(player: Player, grouped: bool = False) -> list[Option]:
    """The exchange token at a decision: « Pour utiliser un jeton Échange, remettez-le à la
    banque. Piochez ensuite jusqu'à 2 cartes de votre pioche Bétail. Puis, défaussez ensuite
    autant de cartes que vous en avez piochées » (p. 18). How many to draw is part of the
    option (``xt:2``, ``xt:1``), so declining it is simply choosing something else, and a
    lookahead player never opens a token only to keep it. Drawing none would only give the
    token back, and more than the deck and discard pile hold cannot be drawn."""
    if player.exchange_tokens <= 0:
        return []
    group = _("Other") if grouped else None
    drawable = len(player.deck) + len(player.discard)
    labels = {2: _("Exchange token: draw 2, then discard 2 ({n} left)",
                   n=player.exchange_tokens),
              1: _("Exchange token: draw 1, then discard 1 ({n} left)",
                   n=player.exchange_tokens)}
    return [opt(f"xt:{k}", labels[k], group=group) for k in (2, 1) if k <= drawable]


def use_exchange_token(state: GwtState, seat: int, k: int, ctx: Ctx) -> None:
    """Give the token back, draw ``k``, then discard as many (a step above the decision
    it interrupted, which comes back afterwards)."""
    player = state.players[seat]
    player.exchange_tokens -= 1
    drawn = player_board.draw(state, player, k, ctx)
    ctx.announce(state, _("{who} uses an exchange token.", who=seat_ref(seat)), seat)
    if drawn:
        push(state, "discard_cards", seat, n=len(drawn))


@step("track_gain")
class TrackGainStep(DecisionStep):
    """How far the grain or certificate marker advances: « Vous pouvez renoncer à un effet
    totalement ou en partie » (p. 12), up to what fits below the limit (``actions.gain_track``).
    Data: ``track`` ("grain" or "certificates") and ``n``, the most that fits."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        if frame.data["track"] == "grain":
            return _("Advance your grain marker how far (up to {n})?", n=frame.data["n"])
        return _("Advance your certificate marker how far (up to {n})?", n=frame.data["n"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        grain = frame.data["track"] == "grain"
        out = [opt(f"take:{k}", _n("+{n} grain", "+{n} grain", k) if grain else
                   _n("+{n} certificate", "+{n} certificates", k))
               for k in range(frame.data["n"], 0, -1)]
        return out + [opt("take:0", _("Forgo it"))]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        k = int(key[5:])
        if k:
            advance_track(state, frame.seat, frame.data["track"], k, ctx)
        else:
            back_out(state, frame)
