"""Alembic's environment for Estancia: migrations run on the connection the store opened
(:func:`bot.storage.upgrade.upgrade` puts it in ``config.attributes["connection"]``),
inside its transaction, so an upgrade is all or nothing. ``render_as_batch``: SQLite
alters a table by copying it (``op.batch_alter_table``), PostgreSQL in place."""

from alembic import context

from bot.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True,
                  transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
