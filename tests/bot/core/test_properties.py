"""Random sessions of clicks, stale clicks, typed moves and undos keep the invariants."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.sessions import SessionError, Sessions
from bot.settings import Settings
from bot.storage.store import Store
from games import get_game
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock
from tests.bot.helpers import drain

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["click", "stale", "typed", "undo", "wrong_user"]),
        st.integers(min_value=0, max_value=3),
    ),
    min_size=1,
    max_size=60,
)


async def replay_matches(store: Store, game_id: int) -> None:
    """The moves that still count, replayed from the start, give the stored state."""
    game = get_game("diceroll")
    row = await store.game(game_id)
    assert row is not None and row.state is not None
    moves = await store.moves(game_id)
    state = game.load(moves[0].state_after)
    for move in moves[1:]:
        if move.kind == "move" and not move.undone:
            assert move.seat is not None and move.option_key is not None
            state = game.apply(state, move.seat, move.option_key).state
    assert game.dump(state) == row.state
    versions = [m.version for m in moves]
    assert versions == list(range(versions[0], row.version + 1))


async def run_session(actions: list[tuple[str, int]], computer: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "p.sqlite3")
        try:
            sessions = Sessions(store, Settings(_env_file=None), clock=FakeClock(),
                                seed_source=lambda: 77)
            await sessions.new(CHANNEL, 1, ALICE, "Alice", "diceroll", {"target": 20})
            if computer:
                await sessions.add_computer(CHANNEL, ALICE)
            else:
                await sessions.join(CHANNEL, BOB, "Bob")
            info = await sessions.start(CHANNEL, ALICE)
            await sessions.wait_for_computers()
            await drain(sessions)
            for action, pick in actions:
                info = await sessions.info_by_id(info.id)
                if info.status != "active":
                    break
                user = info.user_to_move
                assert user is not None
                decision, _ = await sessions.decision_for(info.id, user)
                assert decision is not None
                key = decision.options[pick % len(decision.options)].key
                before = info.version
                try:
                    if action == "click":
                        result = await sessions.play(info.id, user, key, info.version)
                    elif action == "stale":
                        result = await sessions.play(info.id, user, key, info.version - 1)
                    elif action == "typed":
                        result = await sessions.play(info.id, user, key, None)
                    elif action == "wrong_user":
                        result = await sessions.play(info.id, CAROL, key, info.version)
                    else:
                        result = await sessions.undo(CHANNEL, user)
                except SessionError:
                    await sessions.wait_for_computers()
                    after = await sessions.info_by_id(info.id)
                    assert after.version == before, "a refused action changed nothing"
                    assert await drain(sessions) == []
                    continue
                assert action not in ("stale", "wrong_user")
                await sessions.wait_for_computers()  # they play after the answer
                announcements = await drain(sessions)
                assert len(announcements) == int(result.turn_over)
                for announcement in announcements:
                    assert "secret" not in announcement.content()
                    now = await sessions.info_by_id(info.id)
                    if now.status == "active":
                        assert announcement.mention_user_ids == (now.user_to_move,)
                await replay_matches(store, info.id)
        finally:
            await sessions.close()
            await store.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS, computer=st.booleans())
def test_random_sessions_keep_the_invariants(actions: list[tuple[str, int]],
                                             computer: bool) -> None:
    asyncio.run(run_session(actions, computer))
