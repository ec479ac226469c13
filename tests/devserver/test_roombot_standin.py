"""The room bot's stand-in answers `.lb` and `.points` with the points its `.addbot` gave, since the bot
sends players there (`$lb`: "Points are kept on Sir Vivor's leaderboard (.lb, .points)"), and the practice
room says why a command it failed did nothing."""

from __future__ import annotations

from survivor_host.devserver.practice_world import PracticeRoomBot
from survivor_host.devserver.roombot_standin import RoomBotRules, RoomBotState
from survivor_host.engine.ids import to_id


class StandIn(RoomBotRules):
    """The stand-in's rules with what it says and whispers kept."""

    def __init__(self) -> None:
        self.games = RoomBotState()
        self.said: list[str] = []
        self.whispered: list[tuple[str, str]] = []

    def _say(self, room: str, text: str) -> None:
        self.said.append(text)

    def _whisper(self, userid: str, text: str) -> None:
        self.whispered.append((userid, text))

    def _in_room(self, name: str) -> str | None:
        return name


def test_the_leaderboard_and_points_show_what_addbot_gave() -> None:
    sv = StandIn()
    sv._chat_message("+", "Auth", ".lb")
    assert sv.said == ["**Leaderboard:** no points yet"]
    sv._chat_message("+", "Auth", ".addbot 7, Bob, Io, A, B, C, D, E")
    sv._chat_message("+", "Auth", ".addbot 10, Io, A, Bob, B, C, D, E, F, G, H")
    sv._chat_message("@", "Auth", ".lb")
    assert sv.said[-1] == "**Leaderboard:** 1. Io (11), 2. Bob (7), 3. A (4)"
    sv._chat_message(" ", "Mars", ".points Io")
    assert sv.whispered[-1] == (to_id("Mars"), "Io: 11 points, 2 bot-hosted games.")
    sv._chat_message(" ", "Mars", ".points F")
    assert sv.whispered[-1] == (to_id("Mars"), "F: 0 points, 1 bot-hosted game.")
    sv._chat_message(" ", "Mars", ".points")
    assert sv.whispered[-1] == (to_id("Mars"), "Mars: 0 points, 0 bot-hosted games.")


def test_a_command_the_stand_in_fails_is_told_in_the_practice_room() -> None:
    """The real bot only logs a failing command; the practice room tells the person why nothing happened."""
    notes: list[str] = []

    class InRoom(PracticeRoomBot):
        def _in_room(self, name: str) -> str | None:
            return name

    sv = InRoom(notes.append)
    sv._chat_message("@", "Room Auth", ".host Survivor Host, ftl")
    assert sv.games.host is None
    assert notes == [
        "Sir Vivor did nothing with '.host Survivor Host, ftl': the command failed (gameTypes is not defined) "
        "(its .host NAME, THEME form fails at its current version: type .host NAME alone)"
    ]


def test_win_from_auth_who_is_not_the_host_is_ignored_as_the_real_bot_does() -> None:
    """Sir Vivor's `win` and `done` (commands/userHosts.js) return at once for anyone but its host, room
    auth included, and its `nexthost` (commands/manageHosts.js) refuses while a host is set: auth free the
    host with `.dehost`."""
    sv = StandIn()
    sv._chat_message("@", "Room Auth", ".host Survivor Host")
    said = len(sv.said)
    sv._chat_message("@", "Room Auth", ".win AI Mars")
    sv._chat_message("@", "Room Auth", ".done")
    assert sv.said[said:] == [] and sv.games.host == "Survivor Host"
    sv._chat_message("@", "Room Auth", ".nexthost")
    assert sv.said[-1] == "A game is currently in progress."
    sv._chat_message("@", "Room Auth", ".dehost")
    assert sv.said[-1] == "The game was forcibly ended." and sv.games.host is None
    sv._chat_message("@", "Room Auth", ".nexthost")
    assert sv.said[-1] == "The hostqueue is empty."


def test_the_practice_room_says_why_a_win_from_someone_not_hosted_did_nothing() -> None:
    notes: list[str] = []

    class InRoom(PracticeRoomBot):
        def _in_room(self, name: str) -> str | None:
            return name

    sv = InRoom(notes.append)
    sv._chat_message("@", "Room Auth", ".win AI Mars")
    sv._chat_message("@", "Room Auth", ".host Survivor Host")
    sv._chat_message("@", "Room Auth", ".win \x1b[2JAI Mars")
    sv._chat_message("@", "Room Auth", ".done")
    assert notes == [
        "Sir Vivor did nothing with '.win AI Mars': it takes .win only from its host (nobody is hosted now), "
        "and says nothing to anyone else (room auth end a hosting with .dehost)",
        "Sir Vivor did nothing with '.win ?[2JAI Mars': it takes .win only from its host, Survivor Host, "
        "and says nothing to anyone else (room auth end a hosting with .dehost)",
        "Sir Vivor did nothing with '.done': it takes .done only from its host, Survivor Host, "
        "and says nothing to anyone else (room auth end a hosting with .dehost)",
    ]
    assert sv.games.host == "Survivor Host"
