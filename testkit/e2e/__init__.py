"""Real bot processes (``python -m testkit.e2e.bot_process``) against the fake Discord, and
what reads their databases from outside."""
