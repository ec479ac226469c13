"""The texts of the information commands: `.pl`, `.rules`, `.help`, `.lb`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from survivor_host.engine.game import Game
from survivor_host.engine.render import join_names
from survivor_host.themes import THEMES, theme_spec


def game_player_list(game: Game) -> str:
    """`**PL (5):** Venus (leader), Mars (immune), ... | Out: Io` with the theme's marks."""
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


def help_text(p: str, room: str = "survivor") -> str:
    """The `help` answer: every command with its prefix, where to send it, and how to name a room."""
    return (
        f"Join with /me in (leave: /me out). {p}pl, {p}rules, {p}lb, {p}points [NAME] (by PM without the {p}). "
        f"In game, in the room: {p}vote NAME, {p}suspect NAME, {p}nosuspect, {p}scapegoat NAME, {p}noscapegoat, "
        f"{p}duel NAME, {p}stick, {p}swap NAME (when it is your turn the bare word works too: stick). By PM to me: "
        "follow, rebel, and All At Once's stick / swap NAME; card shows your card again. In games in two rooms "
        f"at once, put the room first in a PM: {room} follow. "
        f"Hosts (+ and up): {p}host {'|'.join(THEMES)} [mods], {p}set OPTION VALUE, {p}start, {p}pick [NAME], "
        f"{p}modkill NAME, {p}sub OLD, NEW, {p}extend [s], {p}elim K, {p}end; room owners: {p}resetpoints. "
        f"Fair dice: {p}salt WORD (during signups), {p}lastgame, {p}replay [ID], {p}games [NAME]."
    )


def leaderboard_text(rows: Sequence[tuple[str, int]]) -> str:
    return "Leaderboard: " + ", ".join(f"{i}. {name} ({points})" for i, (name, points) in enumerate(rows, start=1))
