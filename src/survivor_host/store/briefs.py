"""The substitutes owed their seat's briefing (they were not in the room when given it), kept for a restart:
one row a game and substitute until they are told or a PM of the bot's reached them."""

from __future__ import annotations

from survivor_host.store.writes import Writes


class BriefsLedger(Writes):
    """The owed-briefing writes of `Store`, over its connection `db`."""

    def owe_brief(self, game_id: int, userid: str) -> None:
        """`userid` is owed their seat's briefing in game `game_id`."""
        self.db.execute("INSERT OR IGNORE INTO briefs_owed (game_id, userid) VALUES (?, ?)", (game_id, userid))

    def brief_given(self, game_id: int, userid: str) -> None:
        """`userid` is owed nothing more in game `game_id` (told, or reached by PM)."""
        self.db.execute("DELETE FROM briefs_owed WHERE game_id = ? AND userid = ?", (game_id, userid))

    def briefs_owed(self, game_id: int) -> set[str]:
        """Who is still owed their seat's briefing in game `game_id`."""
        rows = self.db.execute("SELECT userid FROM briefs_owed WHERE game_id = ?", (game_id,))
        return {str(row[0]) for row in rows}
