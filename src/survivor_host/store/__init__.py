"""The bot's SQLite store: games, signups and seeds, points, closed records and migrations (`db.Store`)."""
