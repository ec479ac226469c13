"""The texts of the information commands: `.pl`, `.rules`, `.lb` (the `.help` text is the bot's, in `bot/guide.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from survivor_host.engine.game import Game
from survivor_host.engine.render import join_names
from survivor_host.themes import theme_spec


def game_player_list(game: Game) -> str:
    """`**PL (5):** Venus, Mars (immune), ... | Out: Io` with the theme's marks."""
    alive = [seat.name + game.marks(seat) for seat in game.alive()]
    out = [seat.name for seat in game.seats if not seat.alive]
    return f"**PL ({len(alive)}):** {', '.join(alive)}" + (f" | Out: {', '.join(out)}" if out else "")


def signup_player_list(players: Sequence[str]) -> str:
    return f"**PL ({len(players)}):** {', '.join(players)}"


def rules_text(theme: str, mods: Sequence[str], options: Mapping[str, object], link: str = "") -> str:
    """The theme, its active mods and options, its rules with those mods (`ThemeSpec.rules`: the opening's
    words where the opening states them) and the rules link."""
    spec = theme_spec(theme)
    mods_text = join_names([spec.mod_title(m) for m in mods]) or "none"
    shown = ", ".join(f"{key}={value}" for key, value in options.items())
    text = f"**{spec.title}** — mods: {mods_text}. {spec.rules(mods)}"
    text += f" Options: {shown}." if shown else ""
    return text + (f" Rules: {link}" if link else "")


def leaderboard_text(rows: Sequence[tuple[str, int]]) -> str:
    return "Leaderboard: " + ", ".join(f"{i}. {name} ({points})" for i, (name, points) in enumerate(rows, start=1))
