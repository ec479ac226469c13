"""The bot's command words: which are ours, by kind, and which are a theme's player actions."""

from __future__ import annotations

from survivor_host.bot import replays
from survivor_host.bot.handhost.words import HAND_START
from survivor_host.themes import THEME_HOST_ACTIONS, THEMES

INFO_COMMANDS = ("pl", "rules", "help", "lb", "leaderboard", "points", *replays.REPLAY_COMMANDS)
"""Their replies wait behind the game's lines and are rate-limited per user (Outbox.lane "info")."""
SIGNUP_COMMANDS = ("in", "join", "out", "leave")
SIGNUP_PM_COMMANDS = (*SIGNUP_COMMANDS, "salt")
"""What a PM sends to the room whose signups are open."""
HOST_COMMANDS = ("host", "start", "end", "modkill", "sub", "extend", "set", *THEME_HOST_ACTIONS)
OTHER_COMMANDS = ("salt", "resetpoints")
COSTLY_COMMANDS = (*INFO_COMMANDS, *SIGNUP_PM_COMMANDS)
"""What anyone may send that costs the bot work: each user's allowance is counted before it is done."""


def is_command_word(word: str) -> bool:
    """True when `word` is one of our commands (else the bot stays silent in the room)."""
    known = (*HOST_COMMANDS, *SIGNUP_COMMANDS, *INFO_COMMANDS, *OTHER_COMMANDS, HAND_START, "leaderboard")
    return word in known or is_game_word(word)


def is_game_word(word: str) -> bool:
    """True when `word` is a player action of some theme (or one of its other names)."""
    for spec in THEMES.values():
        cls = spec.game
        if cls.ACTION_ALIASES.get(word, word) in cls.PLAYER_ACTIONS:
            return True
    return False


def not_started(room: str) -> str:
    """The refusal of a game command while `room`'s signups are open."""
    return f"The game in {room} has not started yet: signups are open."
