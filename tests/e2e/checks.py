"""Assertions shared by the end-to-end tests."""

from __future__ import annotations

import json
import re

from games import get_game
from testkit.e2e import dbcheck
from testkit.e2e.fake import E2EFakeDiscord
from testkit.e2e.launcher import FAKE_TOKEN
from testkit.e2e.scenario import mentioned_ids, turn_button_of

#: Test games registered next to the real ones in the bot process (engine + renderer).
EXTRA_GAMES = "pasture=tests.discord.pasture"
LOG_ERROR = re.compile(r"^(ERROR|CRITICAL)\b|\b(ERROR|CRITICAL)\b\s", re.MULTILINE)
TRACEBACK = "Traceback (most recent call last)"
#: The start of a log record (bot/logs.py's format begins with the date).
LOG_RECORD = re.compile(r"^\d{4}-\d{2}-\d{2} |^=====")


def secret_fragments() -> list[str]:
    """The token and its parts that would identify it in a log line."""
    return [FAKE_TOKEN, *FAKE_TOKEN.split(".")[1:]]


def log_problems(text: str, allow_errors: bool = False) -> list[str]:
    problems = []
    for fragment in secret_fragments():
        if fragment in text:
            problems.append(f"the token (or a part of it: {fragment[:6]}…) is in the log")
    if not allow_errors:
        errors = _errors_with_tracebacks(text.splitlines())
        if errors or TRACEBACK in text:
            problems.append("errors logged:\n" + "\n".join(errors[:60]))
    return problems


def _errors_with_tracebacks(lines: list[str]) -> list[str]:
    """Each error line with the traceback under it (lines that are no new log record),
    so that a failure says what went wrong, not only that something did."""
    found: list[str] = []
    inside = False
    for line in lines:
        if LOG_ERROR.search(line):
            found.append(line)
            inside = True
        elif inside and not LOG_RECORD.match(line):
            found.append(line)
        else:
            inside = False
    return found


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


def private_event_texts(record: dbcheck.GameRecord) -> set[str]:
    """Every private event text of the game, replayed from the stored log."""
    engine = get_game(record.game)
    state = None
    texts: set[str] = set()
    for move in record.moves:
        if move.kind == "start":
            state = engine.setup(len(record.seats), engine.parse_options(record.options),
                                 record.seed)
        elif move.kind == "move" and state is not None:
            outcome = engine.apply(state, move.seat, move.option_key)
            texts.update(e.text for e in outcome.events if e.private_to is not None)
            state = outcome.state
    return texts


def public_texts(post: dict) -> list[str]:
    texts = [post.get("content") or ""]
    texts += [json.dumps(embed) for embed in post.get("embeds") or []]
    texts += [a.get("filename", "") + " " + (a.get("description") or "")
              for a in post.get("attachments") or []]
    return texts


def leaked_secrets(record: dbcheck.GameRecord, fake: E2EFakeDiscord, log: str) -> list[str]:
    """Private event texts of the game that appear in a public post or in the log."""
    secrets = private_event_texts(record)
    public = [t for post in fake.posts_in(record.channel_id) for t in public_texts(post)]
    return sorted(s for s in secrets if s in log or any(s in text for text in public))
