"""The schema's history before Alembic, kept word for word: the migrations the releases up to
e65209e applied by hand, numbered in ``PRAGMA user_version`` (SQLite) and in the table
``estancia_schema`` (PostgreSQL). :func:`bot.storage.upgrade.upgrade` runs what a database
from such a release still lacks, up to :data:`BASELINE` (the schema of e65209e, Alembic's
baseline revision), then hands over to Alembic. Never edit these: a new change is an
Alembic migration (``bot/storage/migrations``).
"""

from __future__ import annotations

#: The last schema numbered by hand: 7 and 8, written by the program between release
#: e65209e and the one storage layer (7: games' clocks and players' notices; 8: a server's
#: computer level and hints, see ``migrations/versions/0007_*`` and ``0008_*``); a database at 7 or 8 has the tables of Alembic's
#: revision of that number and is stamped with it. The migrations kept below go up to
#: :data:`BASELINE` (6, release e65209e), the baseline revision ``0006``.
LAST = 8
BASELINE = 6
#: The revision a database at a hand-numbered schema from :data:`BASELINE` on is stamped
#: with (it then follows the Alembic history).
REVISIONS = {6: "0006", 7: "0007", 8: "0008"}
#: The migration that rewrote every move row in the compact form (a SQLite file is worth
#: compacting once after it).
COMPACTED_AT = 3

#: Migration ``n`` (1-based) brings a SQLite file to ``user_version = n``. Migration 3
#: uses ``estancia_pack`` (zlib-compressed state), registered on every connection.
SQLITE: list[list[str]] = [
    [
        """
        CREATE TABLE games (
            id                 INTEGER PRIMARY KEY,
            channel_id         INTEGER NOT NULL,
            guild_id           INTEGER,
            game               TEXT    NOT NULL,
            options            TEXT    NOT NULL DEFAULT '{}',
            status             TEXT    NOT NULL
                               CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            creator_id         INTEGER NOT NULL,
            seats              TEXT    NOT NULL DEFAULT '[]',
            seed               INTEGER NOT NULL,
            version            INTEGER NOT NULL DEFAULT 0,
            state              TEXT,
            turn_timeout_hours REAL    NOT NULL,
            reminder_hours     TEXT    NOT NULL DEFAULT '[]',
            timeout_policy     TEXT    NOT NULL CHECK (timeout_policy IN ('computer', 'forfeit')),
            turn_started_at    REAL,
            deadline_at        REAL,
            result             TEXT,
            created_at         REAL    NOT NULL,
            updated_at         REAL    NOT NULL
        )
        """,
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
        """
        CREATE TABLE moves (
            id          INTEGER PRIMARY KEY,
            game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version     INTEGER NOT NULL,
            kind        TEXT    NOT NULL
                        CHECK (kind IN ('start', 'move', 'undo', 'forfeit')),
            seat        INTEGER,
            user_id     INTEGER,
            by_computer INTEGER NOT NULL DEFAULT 0,
            option_key  TEXT,
            label       TEXT,
            events      TEXT    NOT NULL DEFAULT '[]',
            state_after TEXT    NOT NULL,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  REAL    NOT NULL,
            UNIQUE (game_id, version)
        )
        """,
        """
        CREATE TABLE outbox (
            id              INTEGER PRIMARY KEY,
            game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version         INTEGER NOT NULL,
            channel_id      INTEGER NOT NULL,
            payload         TEXT    NOT NULL,
            created_at      REAL    NOT NULL,
            sent_at         REAL,
            message_id      INTEGER,
            attempts        INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL
        )
        """,
        "CREATE INDEX outbox_unsent ON outbox (game_id, id) WHERE sent_at IS NULL",
        """
        CREATE TABLE timers (
            id       INTEGER PRIMARY KEY,
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind     TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            seat     INTEGER NOT NULL,
            turn     INTEGER NOT NULL,
            due_at   REAL    NOT NULL,
            fired_at REAL
        )
        """,
        "CREATE INDEX timers_unfired ON timers (due_at) WHERE fired_at IS NULL",
    ],
    [
        # Ratings per server (guild 0: none), per game, per player ("user:<id>" or
        # "computer"); rated_games makes rating a finished game happen exactly once.
        """
        CREATE TABLE ratings (
            guild_id   INTEGER NOT NULL,
            game       TEXT    NOT NULL,
            player     TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL DEFAULT 0,
            wins       INTEGER NOT NULL DEFAULT 0,
            updated_at REAL    NOT NULL,
            PRIMARY KEY (guild_id, game, player)
        )
        """,
        """
        CREATE TABLE rated_games (
            game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            rated_at REAL    NOT NULL
        )
        """,
        # A game played in a thread of its own: the channel the thread was opened from
        # (where the recap goes at the end).
        "ALTER TABLE games ADD COLUMN parent_id INTEGER",
        # Per-server settings (stale games, lobby expiry); a server without a row uses
        # the defaults of bot.core.stale.
        """
        CREATE TABLE servers (
            guild_id     INTEGER PRIMARY KEY,
            stale_days   REAL    NOT NULL,
            lobby_days   REAL    NOT NULL,
            stale_policy TEXT    NOT NULL CHECK (stale_policy IN ('computer', 'forfeit', 'cancel')),
            updated_at   REAL    NOT NULL
        )
        """,
        # A paused game (no turn timer, no moves) and the players who asked to pause or
        # resume it so far.
        "ALTER TABLE games ADD COLUMN paused_at REAL",
        "ALTER TABLE games ADD COLUMN votes TEXT NOT NULL DEFAULT '[]'",
        # Players away: their turns' clocks wait until they are back.
        """
        CREATE TABLE vacations (
            user_id    INTEGER PRIMARY KEY,
            away_until REAL    NOT NULL
        )
        """,
        # The one warning a stalled game gets, at the version it stalled on.
        """
        CREATE TABLE stale_warnings (
            game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            version   INTEGER NOT NULL,
            warned_at REAL    NOT NULL
        )
        """,
    ],
    # 3: moves keep option keys and a compressed snapshot now and then, not every state;
    # the game row's state is compressed. ``estancia_pack`` is registered at open. The
    # running games keep every state they have: their log was written by an earlier
    # program, whose rules (and option keys) the replay of today's engine may not know.
    [
        """
        CREATE TABLE moves_v2 (
            id          INTEGER PRIMARY KEY,
            game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version     INTEGER NOT NULL,
            kind        TEXT    NOT NULL
                        CHECK (kind IN ('start', 'move', 'undo', 'forfeit')),
            seat        INTEGER,
            user_id     INTEGER,
            by_computer INTEGER NOT NULL DEFAULT 0,
            option_key  TEXT,
            label       TEXT,
            events      TEXT    NOT NULL DEFAULT '[]',
            snapshot    BLOB,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  REAL    NOT NULL,
            UNIQUE (game_id, version),
            CHECK (snapshot IS NOT NULL OR kind IN ('move', 'forfeit'))
        )
        """,
        """
        INSERT INTO moves_v2 (id, game_id, version, kind, seat, user_id, by_computer,
            option_key, label, events, snapshot, reveals, undone, created_at)
        SELECT id, game_id, version, kind, seat, user_id, by_computer, option_key, label,
            events,
            CASE WHEN kind IN ('start', 'undo') OR (kind = 'move' AND (version % 50 = 0
                OR version = (SELECT MAX(m.version) FROM moves m WHERE m.game_id = moves.game_id)
                OR game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active'))))
                THEN estancia_pack(state_after) END,
            reveals, undone, created_at
        FROM moves
        """,
        "DROP TABLE moves",
        "ALTER TABLE moves_v2 RENAME TO moves",
        "UPDATE games SET state = estancia_pack(state) WHERE typeof(state) = 'text'",
        "CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL",
    ],
    # 4: the language of a game's public posts ("en", "fr"; games.i18n.LANGUAGES). Games
    # opened before it were played in English.
    [
        "ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
    ],
    # 5: the lease of a row being delivered or a timer being fired by one of several
    # processes. Only the PostgreSQL back end claims rows (one SQLite file has one bot
    # process); the columns are here too so that a schema number is the same tables and
    # columns on both back ends.
    [
        "ALTER TABLE outbox ADD COLUMN claimed_until REAL",
        "ALTER TABLE timers ADD COLUMN claimed_until REAL",
    ],
    # 6: the Discord interaction (the tap) that played a move, when one did: an instance
    # that receives a tap another instance already played recognises it and stays silent
    # (see ``bot.discord_ui.panel_actions.play_from_panel``).
    [
        "ALTER TABLE moves ADD COLUMN interaction_id INTEGER",
    ],
]

#: PostgreSQL's schema number -> statements; a database there started at 3 (SQLite's 3).
POSTGRESQL: dict[int, list[str]] = {
    3: [
        """
        CREATE TABLE games (
            id                 BIGSERIAL PRIMARY KEY,
            channel_id         BIGINT  NOT NULL,
            guild_id           BIGINT,
            game               TEXT    NOT NULL,
            options            TEXT    NOT NULL DEFAULT '{}',
            status             TEXT    NOT NULL
                               CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            creator_id         BIGINT  NOT NULL,
            seats              TEXT    NOT NULL DEFAULT '[]',
            seed               BIGINT  NOT NULL,
            version            INTEGER NOT NULL DEFAULT 0,
            state              BYTEA,
            turn_timeout_hours DOUBLE PRECISION NOT NULL,
            reminder_hours     TEXT    NOT NULL DEFAULT '[]',
            timeout_policy     TEXT    NOT NULL CHECK (timeout_policy IN ('computer', 'forfeit')),
            turn_started_at    DOUBLE PRECISION,
            deadline_at        DOUBLE PRECISION,
            result             TEXT,
            created_at         DOUBLE PRECISION NOT NULL,
            updated_at         DOUBLE PRECISION NOT NULL,
            parent_id          BIGINT,
            paused_at          DOUBLE PRECISION,
            votes              TEXT    NOT NULL DEFAULT '[]'
        )
        """,
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
        """
        CREATE TABLE moves (
            id          BIGSERIAL PRIMARY KEY,
            game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version     INTEGER NOT NULL,
            kind        TEXT    NOT NULL
                        CHECK (kind IN ('start', 'move', 'undo', 'forfeit')),
            seat        INTEGER,
            user_id     BIGINT,
            by_computer INTEGER NOT NULL DEFAULT 0,
            option_key  TEXT,
            label       TEXT,
            events      TEXT    NOT NULL DEFAULT '[]',
            snapshot    BYTEA,
            reveals     INTEGER NOT NULL DEFAULT 0,
            undone      INTEGER NOT NULL DEFAULT 0,
            created_at  DOUBLE PRECISION NOT NULL,
            UNIQUE (game_id, version),
            CHECK (snapshot IS NOT NULL OR kind IN ('move', 'forfeit'))
        )
        """,
        """
        CREATE TABLE outbox (
            id              BIGSERIAL PRIMARY KEY,
            game_id         BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version         INTEGER NOT NULL,
            channel_id      BIGINT  NOT NULL,
            payload         TEXT    NOT NULL,
            created_at      DOUBLE PRECISION NOT NULL,
            sent_at         DOUBLE PRECISION,
            message_id      BIGINT,
            attempts        INTEGER NOT NULL DEFAULT 0,
            next_attempt_at DOUBLE PRECISION
        )
        """,
        "CREATE INDEX outbox_unsent ON outbox (game_id, id) WHERE sent_at IS NULL",
        "CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL",
        """
        CREATE TABLE timers (
            id       BIGSERIAL PRIMARY KEY,
            game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind     TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline')),
            seat     INTEGER NOT NULL,
            turn     INTEGER NOT NULL,
            due_at   DOUBLE PRECISION NOT NULL,
            fired_at DOUBLE PRECISION
        )
        """,
        "CREATE INDEX timers_unfired ON timers (due_at) WHERE fired_at IS NULL",
        """
        CREATE TABLE ratings (
            guild_id   BIGINT  NOT NULL,
            game       TEXT    NOT NULL,
            player     TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            mu         DOUBLE PRECISION NOT NULL,
            sigma      DOUBLE PRECISION NOT NULL,
            games      INTEGER NOT NULL DEFAULT 0,
            wins       INTEGER NOT NULL DEFAULT 0,
            updated_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, game, player)
        )
        """,
        """
        CREATE TABLE rated_games (
            game_id  BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            rated_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE servers (
            guild_id     BIGINT PRIMARY KEY,
            stale_days   DOUBLE PRECISION NOT NULL,
            lobby_days   DOUBLE PRECISION NOT NULL,
            stale_policy TEXT NOT NULL CHECK (stale_policy IN ('computer', 'forfeit', 'cancel')),
            updated_at   DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE vacations (
            user_id    BIGINT PRIMARY KEY,
            away_until DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE stale_warnings (
            game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            version   INTEGER NOT NULL,
            warned_at DOUBLE PRECISION NOT NULL
        )
        """,
    ],
}

# The same numbers as SQLite's migrations from here on: a schema number is the same tables
# and columns on both back ends. (Databases made before this numbering had the leases as
# their 4 and the language as their 5: ``IF NOT EXISTS`` lets either order end at 5.)
# 4: the language of a game's public posts.
POSTGRESQL[4] = [
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS language TEXT NOT NULL DEFAULT 'en'",
]
# 5: a row being delivered, a timer being fired: by one process until then (a lease).
POSTGRESQL[5] = [
    "ALTER TABLE outbox ADD COLUMN IF NOT EXISTS claimed_until DOUBLE PRECISION",
    "ALTER TABLE timers ADD COLUMN IF NOT EXISTS claimed_until DOUBLE PRECISION",
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS language TEXT NOT NULL DEFAULT 'en'",
]
# 6: the Discord interaction (the tap) that played a move, when one did.
POSTGRESQL[6] = [
    "ALTER TABLE moves ADD COLUMN IF NOT EXISTS interaction_id BIGINT",
]
