"""The stand-in room bot's points: `.addbot` as Sir Vivor parses it (`commands/managePoints.js`, read,
not copied), and `.lb` and `.points` in words of the stand-in's own."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING

from survivor_host.engine.ids import to_id

if TYPE_CHECKING:
    from survivor_host.devserver.roombot_standin import RoomBotState


GROUPS = {" ": 0, "+": 1, "%": 2, "@": 3, "#": 4, "&": 5, "~": 6}
"""Sir Vivor's `Config.groups`: a rank it does not list (`*`, `★`) counts below every one of them."""


def has_rank(rank: str, wanted: str) -> bool:
    """`User.hasRank`: `Config.groups[group] >= Config.groups[tarGroup]` (undefined compares false)."""
    return rank in GROUPS and GROUPS[rank] >= GROUPS[wanted]


@dataclass
class Award:
    """One `.addbot` the stand-in accepted."""

    by: str
    players: int
    names: list[str]
    first: tuple[str, int]
    second: tuple[str, int]


class PointsCommands(ABC):
    """`.addbot`, `.lb` and `.points` on `games`; the room bot's rules answer and whisper."""

    games: RoomBotState

    @abstractmethod
    def _whisper(self, userid: str, text: str) -> None:
        """PM `text` to `userid`."""

    @abstractmethod
    def _answer(self, rank: str, name: str, text: str) -> None:
        """An answer in the room for + and up and the host, else by PM to the asker."""

    def _cmd_lb(self, arg: str, rank: str, name: str) -> None:
        """The top 10 of the points `.addbot` gave, in words of the stand-in's own."""
        names = {to_id(n): n for award in self.games.awards for n in award.names}
        top = sorted(self.games.points.items(), key=lambda item: (-item[1], item[0]))[:10]
        listed = ", ".join(f"{n}. {names.get(user, user)} ({points})" for n, (user, points) in enumerate(top, 1))
        self._answer(rank, name, f"**Leaderboard:** {listed or 'no points yet'}")

    _cmd_leaderboard = _cmd_lb

    def _cmd_points(self, arg: str, rank: str, name: str) -> None:
        user = to_id(arg) or to_id(name)
        points, games = self.games.points.get(user, 0), self.games.game_count.get(user, 0)
        plural = "" if games == 1 else "s"
        self._answer(rank, name, f"{arg.strip() or name}: {points} points, {games} bot-hosted game{plural}.")

    def _cmd_addbot(self, arg: str, rank: str, name: str) -> None:
        """`.addbot N, WINNER, SECOND, ...`: by + and up; all N players unless an RO; 7+ players."""
        userid = to_id(name)
        if not arg:
            self._whisper(userid, f"No target found :{arg}")
            return
        if not has_rank(rank, "+"):
            return
        split = arg.split(",")
        if len(split) < 2:
            self._whisper(userid, "You must specify the number of players, followed by the winner and runner-up.")
            return
        try:
            count = int(split[0].strip())
        except ValueError:
            count = 0
        if not count:
            self._whisper(userid, f"'{split[0]}' is not a valid number of players.")
            return
        if len(split) != count + 1 and not has_rank(rank, "#"):
            self._whisper(
                userid, "You must supply all players as arguments. ROs can bypass this if it's really necessary"
            )
            return
        if len(split) < 3 and count > 6:
            self._whisper(userid, "Please also specify the runner up for games with 7+ players.")
            return
        if count < 7:
            self._whisper(userid, "Bot hosted games with at least 7 players are worth points.")
            return
        first_points, second_points = (7, 2) if count < 10 else (9, 4)
        first, second = split[1].strip(), split[2].strip()
        self.games.points[to_id(first)] += first_points
        self.games.points[to_id(second)] += second_points
        for item in split:
            self.games.game_count[to_id(item)] += 1
        names = [item.strip() for item in split[1:]]
        self.games.awards.append(Award(name, count, names, (first, first_points), (second, second_points)))
        self._whisper(userid, f"**{first_points}** have been added to **{first}** on the leaderboard.")
        self._whisper(userid, f"**{second_points}** have been added to **{second}** on the leaderboard.")

    _cmd_addpointsbot = _cmd_addbot
