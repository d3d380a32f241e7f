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
