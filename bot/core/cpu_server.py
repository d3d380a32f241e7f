"""What the CPU pool's fork server imports before it forks any worker (its preload).

The fork server ignores SIGTERM. A stop that reaches the bot's whole process group (a
systemd stop, ``kill`` of the group) also ends the workers; the bot, finishing its answers,
may still need a board drawn, in a new worker the fork server must be there to fork. It
leaves once the bot and its workers are gone (their end closes its pipe).
"""

import signal

from bot.core import cpu  # noqa: F401  (the games and renderers every worker needs)

signal.signal(signal.SIGTERM, signal.SIG_IGN)
