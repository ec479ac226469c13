"""The texts of the information commands: `.pl`, `.rules`, `.help`, `.lb`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from survivor_host.engine.game import Game
from survivor_host.engine.render import join_names
from survivor_host.host.handhost.words import hand_help
from survivor_host.themes import THEMES, theme_spec


def game_player_list(game: Game) -> str:
    """`**PL (5):** Venus, Mars (immune), ... | Out: Io` with the theme's marks."""
    alive = [seat.name + game.marks(seat) for seat in game.alive()]
    out = [seat.name for seat in game.seats if not seat.alive]
    return f"**PL ({len(alive)}):** {', '.join(alive)}" + (f" | Out: {', '.join(out)}" if out else "")


def signup_player_list(players: Sequence[str]) -> str:
    return f"**PL ({len(players)}):** {', '.join(players)}"


def rules_text(theme: str, mods: Sequence[str], options: Mapping[str, object], link: str = "") -> str:
    """The theme, its active mods and options, a one-line summary and the rules link."""
    spec = theme_spec(theme)
    mods_text = join_names([spec.mod_title(m) for m in mods]) or "none"
    shown = ", ".join(f"{key}={value}" for key, value in options.items())
    text = f"**{spec.title}** — mods: {mods_text}. {spec.rules_summary}"
    text += f" Options: {shown}." if shown else ""
    return text + (f" Rules: {link}" if link else "")


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
    """The `help` answer: every command with its prefix, where to send it, and how to name a room.

    The player and host commands of the themes come from their specs (`ThemeSpec.help`).
    """
    helps = [spec.help for spec in THEMES.values()]
    in_room = ", ".join(f"{p}{command}" for text in helps for command in text.room)
    bare = next((text.bare for text in helps if text.bare), "")
    bare_note = f" (when it is your turn the bare word works too: {bare})" if bare else ""
    by_pm = _and_list([command for text in helps for command in text.pm])
    questions = "".join(f"; {text.questions}" for text in helps if text.questions)
    hosts = []
    for command, usage in COMMON_HOST_HELP:
        hosts.append(p + usage.format(themes="|".join(THEMES)))
        hosts += [p + own for text in helps for after, own in text.host if after == command]
    return (
        f"Join with /me in (leave: {p}out). {p}pl, {p}rules, {p}lb, {p}points [NAME] (by PM without the {p}). "
        f"In game, in the room: {in_room}{bare_note}. By PM to me: {by_pm}{questions}. "
        f"In games in two rooms at once, put the room first in a PM: {room} {pm_example()}. "
        f"Hosts (+ and up): {', '.join(hosts)}; room owners: {p}resetpoints. "
        f"Fair dice: {p}salt WORD (during signups), {p}lastgame, {p}replay [ID], {p}games [NAME]. {hand_help(p)}"
    )


def leaderboard_text(rows: Sequence[tuple[str, int]]) -> str:
    return "Leaderboard: " + ", ".join(f"{i}. {name} ({points})" for i, (name, points) in enumerate(rows, start=1))
