"""The `help` answer: every command with its prefix, where to send it, and how to name a room."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.bot.handhost.words import hand_help
from survivor_host.themes import THEMES

COMMON_HOST_HELP = (
    ("host", "host {themes} [mods]"), ("set", "set OPTION VALUE"), ("start", "start"), ("modkill", "modkill NAME"),
    ("sub", "sub OLD, NEW"), ("extend", "extend [s]"), ("end", "end"),
)  # fmt: skip
"""Every theme's host commands, as (command, usage); a theme's own are listed after the one they name."""


def pm_example() -> str:
    """A command sent by PM, for examples (the default theme's first)."""
    return next(command for spec in THEMES.values() for command in spec.help.pm)


def _and_list(items: Sequence[str]) -> str:
    """`a, b, and c` (`a` alone)."""
    return f"{', '.join(items[:-1])}, and {items[-1]}" if len(items) > 1 else "".join(items)


def help_text(p: str, room: str = "survivor") -> str:
    """The `help` answer, one PM long: every command with its prefix, where to send it, and how to name a room.

    The player and host commands of the themes come from their specs (`ThemeSpec.help`).
    """
    helps = [spec.help for spec in THEMES.values()]
    # each command once, in the order the themes first name it (several themes share some)
    in_room = ", ".join(dict.fromkeys(f"{p}{command}" for text in helps for command in text.room))
    bare = next((text.bare for text in helps if text.bare), "")
    bare_note = f" ({bare} needs no {p} on your turn)" if bare else ""
    by_pm = _and_list(list(dict.fromkeys(command for text in helps for command in text.pm)))
    questions = "".join(f"; {text.questions}" for text in helps if text.questions)
    hosts = []
    for command, usage in COMMON_HOST_HELP:
        hosts.append(p + usage.format(themes="|".join(THEMES)))
        owned = dict.fromkeys(own for text in helps for after, own in text.host if after == command)
        hosts += [p + own for own in owned]
    return (
        f"Join with /me in (leave: {p}out). {p}pl, {p}rules, {p}lb, {p}points [NAME] (by PM without the {p}). "
        f"In the room: {in_room}{bare_note}. By PM: {by_pm}{questions}. "
        f"In two rooms? Put the room first in a PM: {room} {pm_example()}. "
        f"Hosts (+ and up): {', '.join(hosts)}; room owners: {p}resetpoints. "
        f"Fair dice: {p}salt WORD (at signups), {p}lastgame, {p}replay [ID], {p}games [NAME]; {hand_help(p)}"
    )
