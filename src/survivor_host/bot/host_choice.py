"""What `$host REST` asks for: the theme and its mods, checked when typed."""

from __future__ import annotations

from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import SetupError
from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import DEFAULT_THEME, theme_spec


def theme_and_mods(rest: str) -> tuple[str, str]:
    """`THEME, MOD` or `THEME MOD MOD`: the theme's word and the mods' words, commas read as spaces."""
    theme_word, _, mods_text = rest.replace(",", " ").strip().partition(" ")
    return theme_word, mods_text


def host_choice(state: RoomState, rest: str) -> tuple[ThemeSpec, list[str]]:
    """`$host REST`'s theme and mod ids; an unknown theme (often a person's name) or mod raises SetupError."""
    theme_word, mods_text = theme_and_mods(rest)
    try:
        spec = theme_spec(theme_word or DEFAULT_THEME)
    except SetupError as error:
        room_bot = state.settings.room_bot
        person = f" To host a person, use {room_bot.name}'s .host NAME." if room_bot else ""
        raise SetupError(f"{error}{person}") from None
    return spec, list(spec.normalize_mods(mods_text.split()))
