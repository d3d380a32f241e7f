"""Taps per turn (issue 8): a scripted whole game through the session layer and the panels.

Two players take turns; each step a player must choose is counted as the interactions
a phone needs with the components the bot would send: one for a button or a menu pick,
two when a big decision asks for a group first. A turn whose first choices are not on
the public turn message costs one more tap ("Your turn", to open the private panel).
Steps the platform plays without asking (a decision with one option) cost nothing.
A *real choice* is a decision with more than one option; the target is
taps per turn ≤ real choices + 1.

Written against the session and panel APIs only, so it also measures an older checkout
(without ``public_decision`` every turn opens the panel).
"""

from __future__ import annotations

import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from games import get_game
from games.base import Decision
from games.rng import Rng

END_KEYS = {"end", "end_turn", "pass", "done"}


@dataclass
class Tally:
    turns: list[tuple[int, int]] = field(default_factory=list)  # (taps, real choices)
    #: Turns that began with "Your turn" (no choices on the public message), and picks
    #: that needed a group first.
    opened: int = 0
    group_steps: int = 0

    @property
    def meets_target(self) -> bool:
        return all(taps <= real + 1 for taps, real in self.turns)

    def line(self, name: str) -> str:
        taps = [t for t, _ in self.turns]
        real = [r for _, r in self.turns]
        extra = [t - r for t, r in self.turns]
        verdict = "meets the target" if self.meets_target else "MISSES the target"
        return (f"{name:10s} taps     {statistics.mean(taps):8.2f} taps/turn ({min(taps)}–{max(taps)}) "
                f"for {statistics.mean(real):.2f} real choices/turn, at most {max(extra)} extra "
                f"({len(self.turns)} turns, {self.opened} opened by \"Your turn\", "
                f"{self.group_steps} group steps; {verdict}: at most 1 extra)")


def taps_for(decision: Decision, key: str, game_id: int, version: int) -> int:
    """Interactions to pick ``key`` on the panel the bot builds for ``decision``."""
    from bot.discord_ui.panels import decision_view

    index = next(i for i, o in enumerate(decision.options) if o.key == key)
    for row in decision_view(game_id, version, decision).to_components():
        for component in row.get("components") or []:  # (a V2 panel: text, image, rows)
            custom_id = component.get("custom_id", "")
            # est:opt:<game>:<version>:<key or #index> (keys may hold colons)
            if component["type"] == 2 and custom_id.split(":", 4)[-1] in (key, f"#{index}"):
                return 1
            if component["type"] == 3 and ":grp:" not in custom_id and key in [
                    o["value"] for o in component["options"]]:
                return 1
    return 2  # a group first, then the option


def pick(decision: Decision, rng: Rng) -> str:
    """A random option, not ending the turn or the step early while something else is left
    (a scripted player who uses the turn)."""
    moves = [o for o in decision.options if o.key not in END_KEYS] or decision.options
    return rng.choice(moves).key


async def taps_per_turn(name: str, seed: int = 1) -> Tally:
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from bot.storage.store import Store

    tally = Tally()
    game = get_game(name)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, estancia_db=str(Path(tmp) / "taps.sqlite3"))
        store = await Store.open(settings.estancia_db)
        sessions = Sessions(store, settings, seed_source=lambda: seed)
        try:
            channel = 4242
            await sessions.new(channel, 1, 1, "Ana", name, {})
            for extra in range(1, max(2, game.min_seats)):
                await sessions.join(channel, 1 + extra, f"P{extra}")
            info = await sessions.start(channel, 1)
            rng = Rng.from_seed(seed)
            turn: tuple[int, int] | None = None
            taps = real = 0
            while True:
                info = await sessions.info_by_id(info.id)
                if info.status != "active":
                    break
                user = info.user_to_move
                assert user is not None, "every seat is a person here"
                decision, _ = await sessions.decision_for(info.id, user)
                assert decision is not None
                if (decision.seat, decision.turn) != turn:
                    if turn is not None:
                        tally.turns.append((taps, real))
                    turn, taps, real = (decision.seat, decision.turn), 0, 0
                    public = getattr(sessions, "public_decision", None)
                    on_message = public is not None and await public(info.id, info.version)
                    taps += 0 if on_message else 1  # "Your turn" opens the panel
                    tally.opened += 0 if on_message else 1
                key = pick(decision, rng)
                if len(decision.options) > 1:
                    real += 1
                step = taps_for(decision, key, info.id, info.version)
                tally.group_steps += step - 1
                taps += step
                await sessions.play(info.id, user, key, info.version)
            if turn is not None:
                tally.turns.append((taps, real))
        finally:
            await store.close()
    return tally
