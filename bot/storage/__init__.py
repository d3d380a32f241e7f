"""Storage back ends: SQLite (the embedded default) and PostgreSQL (``DATABASE_URL``)."""
