"""The `help` answer: every command with its prefix, where to send it, and how to name a room."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from survivor_host.bot.handhost.words import hand_help
from survivor_host.showdown.text import PM_TEXT_LENGTH, message_len
from survivor_host.themes import THEMES

COMMON_HOST_HELP = (
    ("host", "host {themes} [mods]"), ("set", "set OPTION VALUE"), ("start", "start"), ("modkill", "modkill NAME"),
    ("sub", "sub OLD, NEW"), ("extend", "extend [s]"), ("end", "end"),
)  # fmt: skip
"""Every theme's host commands, as (command, usage); a theme's own are listed after the one they name."""
HELP_LENGTH = PM_TEXT_LENGTH
"""The longest `help` answer that goes as one PM to any user (how the client splits a longer PM)."""


def pm_example() -> str:
    """A command sent by PM, for examples (the default theme's first)."""
    return next(command for spec in THEMES.values() for command in spec.help.pm)


def _and_list(items: Sequence[str]) -> str:
    """`a, b, and c` (`a` alone)."""
    return f"{', '.join(items[:-1])}, and {items[-1]}" if len(items) > 1 else "".join(items)


def _forms(usages: Iterable[str]) -> dict[str, str]:
    """Each command once, in the order first named, with its arguments in every form the themes give:
    `poke NAME` and `poke` are `poke [NAME]`; `poke NAME` and `poke TEAM` are `poke NAME / TEAM`."""
    forms: dict[str, list[str]] = {}
    for usage in usages:
        word, _, arg = usage.partition(" ")
        forms.setdefault(word, [])
        if arg not in forms[word]:
            forms[word].append(arg)
    merged = {}
    for word, args in forms.items():
        given = " / ".join(arg for arg in args if arg)
        merged[word] = f" [{given}]" if given and "" in args else f" {given}" if given else ""
    return merged


def help_text(p: str, rooms: Sequence[str] = ("survivor",)) -> str:
    """The `help` answer, one PM long: every command with its prefix, where to send it, and, with several
    `rooms`, which they are and how to name one (as many as fit).

    The player and host commands of the themes come from their specs (`ThemeSpec.help`).
    """
    helps = [spec.help for spec in THEMES.values()]
    room_forms = _forms(command for text in helps for command in text.room)
    pm_forms = _forms(command for text in helps for command in text.pm)
    # each command once: one sent by PM in some games and in the room in others is listed by PM
    in_room = ", ".join(f"{p}{word}{args}" for word, args in room_forms.items() if word not in pm_forms)
    bare = next((text.bare for text in helps if text.bare), "")
    bare_note = f" ({bare} needs no {p} on your turn)" if bare else ""
    also = {word: f" (or in the room: {p}{word}{room_forms[word]})" for word in room_forms}
    by_pm = _and_list([f"{word}{args}{also.get(word, '')}" for word, args in pm_forms.items()])
    questions = "".join(f"; {text.questions}" for text in helps if text.questions)
    hosts = []
    for command, usage in COMMON_HOST_HELP:
        hosts.append(p + usage.format(themes="|".join(THEMES)))
        owned = dict.fromkeys(own for text in helps for after, own in text.host if after == command)
        hosts += [p + own for own in owned]
    text = ""
    for where, who, owners in _variants(p, rooms):
        text = (
            f"Join with /me in (leave: {p}out). {p}pl, {p}rules, {p}lb, {p}points [NAME] (by PM: no {p}). "
            f"In the room: {in_room}{bare_note}. By PM: {by_pm}{questions}. {where}"
            f"Hosts ({who}): {', '.join(hosts)}{owners}. "
            f"Fair dice: {p}salt WORD (at signups), {p}lastgame, {p}replay [ID] (no ID: your room's last), "
            f"{p}games [NAME]; {hand_help(p)}"
        )
        if message_len(text) <= HELP_LENGTH:
            break
    return text


def _variants(p: str, rooms: Sequence[str]) -> list[tuple[str, str, str]]:
    """What the help may say of the rooms, of where hosts are and of the owners' command, fullest first:
    with several rooms their names come first, then that hosts are in the room, then an example."""
    note, plain, owners = "+ and up, in the room", "+ and up", f"; room owners: {p}resetpoints"
    if len(rooms) < 2:
        return [("", note, owners), ("", note, ""), ("", plain, owners), ("", plain, "")]
    how = f"put the room first in a PM: {rooms[0]} {pm_example()}. "
    named, counted = f"I host in {', '.join(rooms)}; ", f"I host in {len(rooms)} rooms; "
    short = "put the room first in a PM. "
    return [
        (named + how, note, owners), (named + how, note, ""), (named + short, note, owners),
        (named + short, note, ""), (named + how, plain, ""), (named + short, plain, ""),
        (counted + how, note, owners), (counted + how, note, ""), (counted + how, plain, ""), ("", plain, ""),
    ]  # fmt: skip
