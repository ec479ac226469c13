"""Answers to the information commands: `.rules`, `.help`, `.lb`, `.points` (`.pl` is the announcer's)."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.bot.guide import help_text
from survivor_host.bot.present import Announcer
from survivor_host.bot.state import RoomState
from survivor_host.engine.ids import to_id
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.themes import DEFAULT_THEME, theme_spec
from survivor_host.trust.session import plain_name
from survivor_host.words import html, info


@dataclass
class Answers:
    """Read-only replies: in the room when asked there, else by PM naming the room."""

    state: RoomState
    present: Announcer

    def rules(self, to: str | None) -> None:
        """The theme of the game (else of the signups, else the default one), its mods and options."""
        state = self.state
        if state.game is not None:
            theme, mods, options = state.game.theme, list(state.game.mods), dict[str, object](state.game.options)
        elif state.signups is not None:
            theme, mods, options = state.signups.theme, state.signups.mods, dict(state.signups.options)
        else:
            theme, mods, options = DEFAULT_THEME, [], dict[str, object]()
        link = state.settings.rules_links.get(theme) or theme_spec(theme).rules_page
        self.present.reply(to, info.rules_text(theme, mods, options, link))

    def help(self, name: str) -> None:
        """The `help` answer, one PM naming the bot's rooms when it hosts in several."""
        settings = self.state.settings
        self.state.out.pm(name, help_text(settings.prefix, settings.rooms or (self.state.room,)))

    def leaderboard(self, name: str, in_room: bool) -> None:
        state = self.state
        if not state.settings.mirror_points:
            self._games_board(name, in_room)
            return
        rows = state.store.leaderboard(state.room)
        if not rows:
            state.out.pm(name, f"[{state.room}] No points yet this cycle.")
        elif in_room and state.out.can_use_html(state.room):
            state.out.add_html_box(state.room, html.leaderboard_box(state.room, rows))
        else:
            self.present.reply(None if in_room else name, info.leaderboard_text(rows))

    def points(self, who: str, asker: str, in_room: bool) -> None:
        state = self.state
        userid = to_id(who)
        if len(userid) > MAX_NAME_LENGTH:  # no Showdown name is this long: not repeated in the room
            state.out.pm(asker, f"[{state.room}] A Showdown name has at most {MAX_NAME_LENGTH} characters.")
            return
        shown = asker if userid == to_id(asker) and plain_name(asker) else userid or "nobody"  # never the text sent
        games = state.store.games_of(state.room, userid)
        played = f"Games played with me here by {shown}: {games}"
        if not state.settings.mirror_points:
            self.present.reply(None if in_room else asker, f"{played}. {self._where_points()}")
            return
        points = state.store.points_of(state.room, userid)
        self.present.reply(None if in_room else asker, f"Points this cycle for {shown}: {points}.")

    def _where_points(self) -> str:
        room_bot = self.state.settings.room_bot
        keeper = f"{room_bot.name}'s leaderboard (.lb, .points)" if room_bot else "the room's leaderboard"
        return f"Points are kept on {keeper}."

    def _games_board(self, name: str, in_room: bool) -> None:
        """Without our own points table: where the points are, and the most games played with us."""
        rows = self.state.store.most_games(self.state.room)
        most = ", ".join(f"{player} ({games})" for player, games in rows)
        text = self._where_points() + (f" Most games with me here: {most}." if most else "")
        self.present.reply(None if in_room else name, text)
