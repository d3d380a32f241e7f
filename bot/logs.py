"""Logging set-up for ``estancia run`` and ``estancia play``: one format, and no log line
longer than :data:`LOG_MESSAGE_LIMIT` characters, whatever a user typed into it."""

from __future__ import annotations

import logging

#: A log message (not its traceback) is cut to this many characters.
LOG_MESSAGE_LIMIT = 500
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ClipLongMessages(logging.Filter):
    """Formats each record's message once and cuts it (user input can be 6000 characters:
    a custom id, an option, a game name)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if len(message) > LOG_MESSAGE_LIMIT:
            cut = len(message) - LOG_MESSAGE_LIMIT
            record.msg = f"{message[:LOG_MESSAGE_LIMIT]}… ({cut} more characters)"
            record.args = None
        return True


def configure_logging(level: str | int) -> None:
    """Log to stderr at ``level``, every handler clipping long messages."""
    logging.basicConfig(level=level, format=FORMAT)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, ClipLongMessages) for f in handler.filters):
            handler.addFilter(ClipLongMessages())


class HeldUntilStarted(logging.Filter):
    """Until the bot has started (logged in, commands synced), its INFO and DEBUG lines
    wait: a start that fails prints only the one line saying what to do, one that
    succeeds prints them then. Warnings and errors are never held."""

    #: At most this many lines wait (the rest of a long start is dropped).
    LIMIT = 1000

    def __init__(self) -> None:
        super().__init__()
        self.holding = True
        self.held: list[logging.LogRecord] = []

    def filter(self, record: logging.LogRecord) -> bool:
        if self.holding and record.levelno < logging.WARNING:
            if len(self.held) < self.LIMIT:
                self.held.append(record)
            return False
        return True


def hold_until_started() -> None:
    """Hold the INFO lines of ``estancia run`` until :func:`started` (see
    :class:`HeldUntilStarted`)."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, HeldUntilStarted) for f in handler.filters):
            handler.addFilter(HeldUntilStarted())


def started() -> None:
    """The bot has started: the held lines are written, and no more are held."""
    for handler in logging.getLogger().handlers:
        for held in [f for f in handler.filters if isinstance(f, HeldUntilStarted)]:
            handler.removeFilter(held)
            for record in held.held:
                handler.handle(record)


def stop_holding() -> None:
    """Hold no more lines; those still held (a start that failed) are dropped."""
    for handler in logging.getLogger().handlers:
        for held in [f for f in handler.filters if isinstance(f, HeldUntilStarted)]:
            handler.removeFilter(held)
