"""The words of the host's tools in a hand-hosted session, and the `help` sentence that names them."""

from __future__ import annotations

HAND_START = "handhost"
"""Room auth's command that starts a session (the room bot's host gets one without it)."""
HAND_COMMANDS = (HAND_START, "close", "done", "roll", "pick", "shuffle", "timer", "card", "list")
"""The host's tools (with the bot's prefix): words of ours only while a session runs."""
SHARED_WITH_GAMES = ("pick", "card")
"""Tools whose names a game of ours also takes: they are the session's only while no game of ours runs."""
TIMERS_AT_ONCE = 3
"""Timers one session may have running at once (each ends with a line in the room)."""
HAND_USAGE = ("close", "roll XdY+Z // label", "pick A, B, C", "shuffle", "card NAME", "card 14 NAME",
              f"timer SECONDS ({TIMERS_AT_ONCE} at once)", "list",
              "done")  # fmt: skip


def hand_help(p: str) -> str:
    """The `help` answer's words on hosting any theme by hand with fair dice (docs/FAIRNESS.md "Hosting sessions"),
    after its other fair dice commands."""
    tools = " · ".join(p + usage for usage in HAND_USAGE)
    return f"by hand (the room bot's host, or {p}handhost NAME by auth): {tools}."
