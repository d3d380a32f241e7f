"""Assertions shared by the end-to-end tests."""

from __future__ import annotations

import re

from tests.e2e.fake import E2EFakeDiscord
from tests.e2e.launcher import FAKE_TOKEN
from tests.e2e.scenario import mentioned_ids, turn_button_of

#: Test games registered next to the real ones in the bot process (engine + renderer).
EXTRA_GAMES = "pasture=tests.discord.pasture"
LOG_ERROR = re.compile(r"^(ERROR|CRITICAL)\b|\b(ERROR|CRITICAL)\b\s", re.MULTILINE)
TRACEBACK = "Traceback (most recent call last)"


def secret_fragments() -> list[str]:
    """The token and its parts that would identify it in a log line."""
    return [FAKE_TOKEN, *FAKE_TOKEN.split(".")[1:]]


def log_problems(text: str, allow_errors: bool = False) -> list[str]:
    problems = []
    for fragment in secret_fragments():
        if fragment in text:
            problems.append(f"the token (or a part of it: {fragment[:6]}…) is in the log")
    if not allow_errors:
        errors = [line for line in text.splitlines() if LOG_ERROR.search(line)]
        if errors or TRACEBACK in text:
            problems.append("errors logged:\n" + "\n".join(errors[:20]))
    return problems


def channel_post_problems(fake: E2EFakeDiscord, channel_id: int) -> list[str]:
    """Every public post: pings exactly the users it names (allowed_mentions), carries a
    nonce Discord enforces (exactly-once across a crash); turn posts ping one player and
    carry the board."""
    problems = []
    calls = [c for c in fake.find("POST", rf"^/channels/{channel_id}/messages$") if c.status == 200]
    for call in calls:
        body = call.body
        named = sorted(set(mentioned_ids(body)))
        allowed = body.get("allowed_mentions") or {}
        if allowed.get("parse"):
            problems.append(f"post allows parsed mentions {allowed['parse']}: {body.get('content')!r}")
        if sorted(int(u) for u in allowed.get("users") or []) != named:
            problems.append(f"allowed_mentions {allowed} ≠ mentions in {body.get('content')!r}")
        if turn_button_of(body):
            if len(named) != 1:
                problems.append(f"a turn post pings {named}: {body.get('content')!r}")
            if not any(f.is_png for f in call.files):
                problems.append(f"a turn post without a board image: {body.get('content')!r}")
        if len(body.get("content") or "") > 2000:
            problems.append("content over 2000 characters")
        if not body.get("nonce") or body.get("enforce_nonce") is not True:
            problems.append(f"a post without an enforced nonce (a resend after a crash would "
                            f"duplicate it): {body.get('content')!r}")
    return problems
