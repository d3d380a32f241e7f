"""Side steps through the session layer: what a seat may do outside the pending decision
(``Game.side_decision``), played with ``Sessions.play_side`` — a GWT:A exchange token on
another player's turn (« même quand ce n'est pas votre tour », rulebook p. 18).

A side step is a move of its seat: the same version check (a doubled tap or an old hand
panel is refused), logged and replayed like any step, never taken back across what it
revealed, and it does not make the player to move's panel out of date."""

from __future__ import annotations

import pytest

import games
from bot.core import cpu
from bot.core.sessions import (
    CANNOT_UNDO,
    NOT_YOUR_TURN,
    STALE,
    YOUR_TURN,
    SessionError,
    Sessions,
)
from bot.storage.store import Store
from games.i18n import using
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.helpers import drain


@pytest.fixture(autouse=True)
def gwt_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAME_MODULES, "gwt-argentina", "games.gwt_argentina")


async def two_players(sessions: Sessions):
    """A 2-player GWT:A game; returns (info, the user to move, the other user)."""
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "gwt-argentina", None)
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    mover = info.user_to_move
    assert mover is not None
    return info, mover, BOB if mover == ALICE else ALICE


async def test_a_token_on_the_other_players_turn(sessions: Sessions, store: Store) -> None:
    info, mover, waiting = await two_players(sessions)
    await drain(sessions)
    seen = await sessions.seat_view(info.id, waiting)
    assert seen.decision is None and seen.side is not None and seen.side.optional
    assert [o.key for o in seen.side.options] == ["xt:2", "xt:1"]
    assert seen.holdings is not None and seen.holdings.text.startswith("Your hand: ")
    assert (await sessions.seat_view(info.id, mover)).side is None

    result = await sessions.play_side(info.id, waiting, "xt:2", info.version)
    assert result.version == info.version + 1 and not result.turn_over
    assert result.label == "Exchange token: draw 2, then discard 2 (1 left)"
    assert result.events[0].startswith("You drew ")
    assert result.events[1].endswith("uses an exchange token.")
    assert result.decision is None
    assert result.side is not None and not result.side.optional
    assert result.side.prompt == "Exchange token: discard 2 cards."
    assert (await sessions.info_by_id(info.id)).user_to_move == mover, "still their turn"
    assert await drain(sessions) == [], "a side step of the same turn announces nothing yet"

    first = result.side.options[0].key
    result = await sessions.play_side(info.id, waiting, first, result.version)
    result = await sessions.play_side(info.id, waiting, result.side.options[0].key,
                                      result.version)
    assert result.side is None, "no token left"
    moves = await store.moves(info.id)
    seat = info.seat_of(waiting)
    assert [(m.seat, m.option_key) for m in moves[-3:]] == [
        (seat, "xt:2"), (seat, first), (seat, moves[-1].option_key)]
    assert moves[-3].reveals and not moves[-2].reveals
    # replayed from the log (its snapshot and the (seat, key) steps after it, side steps
    # among them), the game is exactly the one played
    row = await store.game(info.id)
    snapshot, steps = await store.replay_from(info.id, row.version)
    assert (seat, "xt:2") in steps
    assert cpu.replay_text("games.gwt_argentina", snapshot, steps) == row.state


async def test_the_player_to_moves_panel_holds_but_a_doubled_tap_does_not(
        sessions: Sessions) -> None:
    info, mover, waiting = await two_players(sessions)
    panel = info.version  # the mover's panel, built before the other's token
    side = await sessions.play_side(info.id, waiting, "xt:1", info.version)
    with pytest.raises(SessionError, match=STALE):  # the same token button tapped again
        await sessions.play_side(info.id, waiting, "xt:1", info.version)
    decision, _seat = await sessions.decision_for(info.id, mover)
    played = await sessions.play(info.id, mover, decision.options[0].key, panel)
    assert played.version == side.version + 1
    with pytest.raises(SessionError, match=STALE):  # the mover's own double tap
        await sessions.play(info.id, mover, decision.options[0].key, panel)
    # the hand panel shown after the draw still discards: only the mover played since
    discard = side.side.options[0].key
    after = await sessions.play_side(info.id, waiting, discard, side.version)
    assert after.version == played.version + 1
    assert after.side is None, "its one token used, its one card discarded"


async def test_refusals(sessions: Sessions) -> None:
    info, mover, waiting = await two_players(sessions)
    with pytest.raises(SessionError, match=YOUR_TURN.split(":")[0]):
        await sessions.play_side(info.id, mover, "xt:2", info.version)
    with pytest.raises(SessionError, match=NOT_YOUR_TURN):
        await sessions.play_side(info.id, waiting, "to:N1", info.version)
    with pytest.raises(SessionError, match=NOT_YOUR_TURN):  # a side key from the turn panel
        await sessions.play(info.id, waiting, "xt:2", info.version)
    with using("fr"):
        with pytest.raises(SessionError) as refused:
            await sessions.play_side(info.id, waiting, "xt:9", None)
        assert str(refused.value) == "Ce n'est pas votre tour."
    assert (await sessions.info_by_id(info.id)).version == info.version, "nothing changed"


async def test_undo_never_crosses_a_side_step(sessions: Sessions) -> None:
    """The mover's step, then the other's token: the mover's step can no longer be taken
    back (someone else moved, and what the token drew cannot be unseen); the token itself
    revealed cards, so it cannot be taken back either; a discard after it can."""
    info, mover, waiting = await two_players(sessions)
    decision, _seat = await sessions.decision_for(info.id, mover)
    await sessions.play(info.id, mover, decision.options[0].key, None)
    assert await sessions.undoable(info.id, mover)
    drawn = await sessions.play_side(info.id, waiting, "xt:2", None)
    assert not await sessions.undoable(info.id, mover)
    with pytest.raises(SessionError, match=CANNOT_UNDO.split(",")[0]):
        await sessions.undo(CHANNEL, mover)
    with pytest.raises(SessionError, match="revealed something"):
        await sessions.undo(CHANNEL, waiting)
    key = drawn.side.options[0].key
    await sessions.play_side(info.id, waiting, key, None)
    back = await sessions.undo(CHANNEL, waiting)
    assert back.events == [f"You took back: {drawn.side.options[0].label}."]
    seen = await sessions.seat_view(info.id, waiting)
    assert seen.side is not None and key in [o.key for o in seen.side.options]
    assert (await sessions.info_by_id(info.id)).user_to_move == mover


async def test_panel_holds(sessions: Sessions) -> None:
    """A turn panel holds across the other's side steps, not across its own player's step."""
    info, mover, waiting = await two_players(sessions)
    assert await sessions.panel_holds(info.id, mover, info.version)
    await sessions.play_side(info.id, waiting, "xt:2", None)
    assert await sessions.panel_holds(info.id, mover, info.version)
    decision, _seat = await sessions.decision_for(info.id, mover)
    await sessions.play(info.id, mover, decision.options[0].key, None)
    assert not await sessions.panel_holds(info.id, mover, info.version)
