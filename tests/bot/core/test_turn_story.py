"""A turn of several steps is told to the channel whole, when it ends.

Hazienda turns are up to three actions, each one or more steps; the players who wait
are pinged once, when the turn passes ("The ping goes out when the turn ends,
not after each action"), and that message must tell them everything that was played in
the turn — not only its last step — and nothing that was taken back.
"""

from __future__ import annotations

from bot.core.sessions import Sessions
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.helpers import drain, mover


async def hazienda_for_two(sessions: Sessions):
    await sessions.new(CHANNEL, GUILD, ALICE, "Alice", "hazienda", {})
    await sessions.join(CHANNEL, BOB, "Bob")
    info = await sessions.start(CHANNEL, ALICE)
    await drain(sessions)
    return info


async def test_the_turn_announcement_tells_every_step_of_the_turn(sessions: Sessions) -> None:
    info = await hazienda_for_two(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "buy:land:deck", None)
    await sessions.play(info.id, user, "buy:animal:deck", None)
    assert await drain(sessions) == []  # same player still to move: nobody is pinged
    await sessions.play(info.id, user, "end", None)
    (turn,) = await drain(sessions)
    assert "land card" in turn.text and "animal card" in turn.text
    assert turn.mention_user_ids == (BOB if user == ALICE else ALICE,)


async def test_a_step_taken_back_is_not_told(sessions: Sessions) -> None:
    info = await hazienda_for_two(sessions)
    user = await mover(sessions, info.id)
    decision, _ = await sessions.decision_for(info.id, user)
    # a card offered alone, its places next (they did not fit in the menu with it)
    play_card = next(o for o in decision.options
                     if o.key.startswith("play:land:") and o.key.count(":") == 2)
    result = await sessions.play(info.id, user, play_card.key, None)
    place = result.decision.options[0]
    placed = await sessions.play(info.id, user, place.key, None)
    told = " ".join(placed.events)
    await sessions.undo(CHANNEL, user)
    await sessions.undo(CHANNEL, user)
    await sessions.play(info.id, user, "buy:animal:deck", None)
    await sessions.play(info.id, user, "end", None)
    announcements = await drain(sessions)
    turn = announcements[-1]
    assert "animal card" in turn.text
    assert told and told not in turn.text


async def test_the_log_leaves_out_steps_that_told_nothing(sessions: Sessions) -> None:
    """Choosing a card to play says nothing by itself; the log tells the placement."""
    info = await hazienda_for_two(sessions)
    user = await mover(sessions, info.id)
    decision, _ = await sessions.decision_for(info.id, user)
    # a card offered alone, its places next (they did not fit in the menu with it)
    play_card = next(o for o in decision.options
                     if o.key.startswith("play:land:") and o.key.count(":") == 2)
    result = await sessions.play(info.id, user, play_card.key, None)
    await sessions.play(info.id, user, result.decision.options[0].key, None)
    log = await sessions.log(CHANNEL, 10)
    assert log[0] == f"#{info.version} The game began."
    assert len(log) == 2 and "land" in log[1]
    assert not any(line.endswith("moved.") for line in log)
