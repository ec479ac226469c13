"""The bot database's schema, as the migrations that build it one version at a time."""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # version 1
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        theme TEXT NOT NULL,
        mods TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        seed TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'running',
        started_at REAL NOT NULL,
        finished_at REAL,
        record TEXT,
        deadline_at REAL,
        heartbeat REAL,
        posted INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX games_running ON games(status, room);
    CREATE TABLE inputs (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        at REAL NOT NULL,
        input TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE signups (
        room TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE points (
        room TEXT NOT NULL,
        cycle INTEGER NOT NULL,
        userid TEXT NOT NULL,
        name TEXT NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (room, cycle, userid)
    );
    CREATE TABLE cycles (
        room TEXT PRIMARY KEY,
        cycle INTEGER NOT NULL
    );
    """,
    # version 2: the wait a stored deadline belongs to, so a restore can tell a stale deadline
    # (the bot died between storing an input that began a new wait and storing its deadline)
    """
    ALTER TABLE games ADD COLUMN deadline_wait INTEGER;
    ALTER TABLE games ADD COLUMN deadline_extension INTEGER;
    """,
    # version 3: fair dice (docs/FAIRNESS.md): the algorithm, the client seed and the salt words;
    # games stored before (still running after an upgrade) keep their Mersenne Twister dice
    """
    ALTER TABLE games ADD COLUMN dice TEXT NOT NULL DEFAULT 'mt19937-python-random';
    ALTER TABLE games ADD COLUMN client_seed TEXT;
    ALTER TABLE games ADD COLUMN salts TEXT NOT NULL DEFAULT '[]';
    """,
    # version 4: who hosted each game (they get its points line), and every player's game count,
    # kept whether or not our own points table is (games before it are not counted)
    """
    ALTER TABLE games ADD COLUMN host TEXT;
    ALTER TABLE games ADD COLUMN room_bot_hosted INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE game_counts (
        room TEXT NOT NULL,
        userid TEXT NOT NULL,
        name TEXT NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (room, userid)
    );
    """,
    # version 5: hand-hosted sessions (docs/FAIRNESS.md "Hosting sessions"): each its own record,
    # stored as it changes (`data`, with the seed), closed with its revealed record
    """
    CREATE TABLE hand_sessions (
        id INTEGER PRIMARY KEY,
        room TEXT NOT NULL,
        host TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'running',
        started_at REAL NOT NULL,
        finished_at REAL,
        data TEXT NOT NULL DEFAULT '{}',
        record TEXT
    );
    CREATE INDEX hand_sessions_room ON hand_sessions(room, status)
    """,
    # version 6: what `games NAME` lists, kept beside each closed record (read without opening it):
    # the winner and counts, and who took part; filled here for the records closed before
    """
    ALTER TABLE games ADD COLUMN winner TEXT;
    ALTER TABLE games ADD COLUMN player_count INTEGER;
    ALTER TABLE hand_sessions ADD COLUMN draw_count INTEGER;
    CREATE TABLE record_players (
        kind TEXT NOT NULL,
        id INTEGER NOT NULL,
        room TEXT NOT NULL,
        userid TEXT NOT NULL,
        PRIMARY KEY (kind, id, userid)
    );
    CREATE INDEX record_players_user ON record_players(room, userid, kind, id);
    UPDATE games SET winner = json_extract(record, '$.winner'),
        player_count = coalesce(json_array_length(record, '$.players'), 0)
        WHERE record IS NOT NULL AND json_valid(record);
    UPDATE hand_sessions SET draw_count = coalesce(json_array_length(record, '$.draws'), 0)
        WHERE record IS NOT NULL AND json_valid(record);
    INSERT OR IGNORE INTO record_players (kind, id, room, userid)
        SELECT 'game', games.id, games.room, survivor_id(player.value)
        FROM games, json_each(CASE WHEN json_valid(games.record) THEN games.record ELSE '{}' END, '$.players') AS player
        WHERE games.record IS NOT NULL AND survivor_id(player.value) != '';
    INSERT OR IGNORE INTO record_players (kind, id, room, userid)
        SELECT 'session', s.id, s.room, survivor_id(person.value)
        FROM hand_sessions AS s,
            json_each(CASE WHEN json_valid(s.record) THEN s.record ELSE '{}' END, '$.players') AS person
        WHERE s.record IS NOT NULL AND survivor_id(person.value) != '';
    INSERT OR IGNORE INTO record_players (kind, id, room, userid)
        SELECT 'session', id, room, survivor_id(host) FROM hand_sessions
        WHERE record IS NOT NULL AND survivor_id(host) != ''
    """,
    # version 7: a game's last lines, stored with its close before the first is sent, and how many went out
    # (store/ending.py), so a restart sends only the rest
    """
    ALTER TABLE games ADD COLUMN ending TEXT;
    ALTER TABLE games ADD COLUMN ending_sent INTEGER NOT NULL DEFAULT 0
    """,
    # version 8: what waits in a room's hosting beside the room bot (store/hosting.py): a `$host` typed before
    # the room bot hosted our bot, our `.win`/`.done` not yet answered; a restart waits for them again
    """
    CREATE TABLE hosting (
        room TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated REAL NOT NULL
    )
    """,
    # version 9: the substitutes owed their seat's briefing (store/briefs.py): not in the room when given it,
    # told as they come or PM the bot, after a restart too
    """
    CREATE TABLE briefs_owed (
        game_id INTEGER NOT NULL REFERENCES games(id),
        userid TEXT NOT NULL,
        PRIMARY KEY (game_id, userid)
    )
    """,
)
