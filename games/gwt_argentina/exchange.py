"""Exchange tokens outside one's own turn (the engine contract's side decisions).

« Les jetons Échange sont particuliers, car vous pouvez les utiliser à tout moment de la
partie, même au cours d'une action et même quand ce n'est pas votre tour. Pour utiliser un
jeton Échange, remettez-le à la banque. Piochez ensuite jusqu'à 2 cartes de votre pioche
Bétail. Puis, défaussez ensuite autant de cartes que vous en avez piochées. » (p. 18)

On one's own turn the token is an option of the pending decision
(:func:`.card_steps.exchange_options`). Any other seat is offered it as its *side
decision* (:meth:`games.base.Game.side_decision`): drawing is one step, and the cards
still to discard are a ``discard_cards`` frame of that seat kept in ``state.aside``,
apart from the turn's stack, so the player to move goes on meanwhile. That seat then has
nothing else to do outside the turn until it has discarded; if its own turn comes first,
the discard is asked before anything else of that turn (:func:`aside_decision`).

The restriction « ces moments sont les seuls où vous ne pouvez pas utiliser de jetons
Échange durant votre tour » (p. 20: revealing the hand, reckoning strength or breeding
value) is about one's own turn: on another's turn the token is always offered.
"""

from __future__ import annotations

from games.base import Decision, Option, seat_ref
from games.gwt_argentina import player_board
from games.gwt_argentina.card_steps import DiscardCardsStep, exchange_options
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n

#: The frame kind of the cards still to discard after an exchange token (``state.aside``).
DISCARD = "discard_cards"


def aside_of(state: GwtState, seat: int) -> Frame | None:
    """The seat's unfinished exchange (cards still to discard), if any."""
    return next((f for f in state.aside if f.seat == seat), None)


def discard_prompt(frame: Frame) -> str:
    n = frame.data["n"]
    return _n("Exchange token: discard {n} card.", "Exchange token: discard {n} cards.", n)


def aside_decision(state: GwtState, seat: int) -> Decision | None:
    """The cards ``seat`` still has to discard after an exchange token, as a decision it
    must answer (None when it has none)."""
    frame = aside_of(state, seat)
    if frame is None:
        return None
    options = DiscardCardsStep.options(state, frame)
    if not options:  # cannot happen (the drawn cards are in hand): nothing to ask
        return None
    return Decision(seat=seat, prompt=discard_prompt(frame)[:300], options=options,
                    turn=state.turn)


def side_decision(state: GwtState, seat: int, pending_seat: int | None) -> Decision | None:
    """What ``seat`` may do outside the pending decision (``pending_seat``'s): finish
    discarding, or use an exchange token."""
    if state.finished or pending_seat is None or seat == pending_seat:
        return None
    if not 0 <= seat < state.seats:  # Pedro has no tokens (« ni argent ni jeton Échange »)
        return None
    unfinished = aside_decision(state, seat)
    if unfinished is not None:
        return unfinished
    options = exchange_options(state.players[seat])
    if not options:
        return None
    return Decision(seat=seat, prompt=_("Not your turn: use an exchange token?"),
                    options=options, turn=state.turn, optional=True)


def apply_side(state: GwtState, seat: int, option: Option, ctx: Ctx) -> None:
    """Play a side option of ``seat`` (checked legal by the caller)."""
    frame = aside_of(state, seat)
    if frame is None:
        use_token_aside(state, seat, int(option.key[3:]), ctx)
    else:
        discard_aside(state, frame, option.key)


def use_token_aside(state: GwtState, seat: int, k: int, ctx: Ctx) -> None:
    """Give the token back and draw ``k``; the discard waits in ``state.aside``."""
    player = state.players[seat]
    player.exchange_tokens -= 1
    drawn = player_board.draw(state, player, k, ctx)
    ctx.announce(state, _("{who} uses an exchange token.", who=seat_ref(seat)), seat)
    if drawn:
        state.aside.append(Frame(kind=DISCARD, seat=seat, data={"n": len(drawn)}))


def discard_aside(state: GwtState, frame: Frame, key: str) -> None:
    """One card of the exchange's discard (``discard:<card>``)."""
    player_board.discard(state.players[frame.seat], key[8:])
    frame.data["n"] -= 1
    if frame.data["n"] <= 0 or not state.players[frame.seat].hand:
        state.aside = [f for f in state.aside if f is not frame]
