"""What the themes offer, for `--help`: mods, game options with their defaults, AI strategies.

Read from the themes' declarations (`ThemeSpec`), so it never goes stale.
"""

from __future__ import annotations

import re
from dataclasses import replace

from survivor_host.engine.options import COMMON_OPTIONS, Option
from survivor_host.themes import THEMES

DEFAULT_PREFIX = "$"
"""Our own command prefix (`[bot] prefix` changes it): Sir Vivor (the Survivor room's bot) and Lanette
use `.`, the UGO bot `;`, and the server itself `/` and `!`; `$` starts no command of theirs and seldom
starts a chat line."""


def first_sentence(doc: str | None) -> str:
    """The first sentence of a docstring, whole (its lines joined): a sentence ends at `.`, `!` or `?`
    before a capital letter or the end of the first paragraph."""
    paragraph = " ".join((doc or "").strip().split("\n\n", 1)[0].split())
    end = re.search(r"[.!?](?= [A-Z]|$)", paragraph)
    return paragraph[: end.end()] if end else paragraph


def allowed(spec: Option) -> str:
    """What an option takes: its choices, or a whole number and its minimum."""
    return " | ".join(spec.choices) if spec.choices else f"a whole number, at least {spec.minimum}"


def _option_line(name: str, spec: Option, others: str = "") -> str:
    mod = f"; only with the mod {spec.mod}" if spec.mod else ""
    return f"    {name} = {allowed(spec)} (default {spec.default}{others}{mod}): {spec.help}"


def _only_default_differs(option: Option, common: Option) -> bool:
    """True when a theme keeps a common option as it is but for its default (`idle`)."""
    return option != common and replace(option, default=common.default) == common


def _theme_defaults(name: str, common: Option) -> str:
    """`; hg, hga: default`: the themes that give a common option another default, by default."""
    by_default: dict[str, list[str]] = {}
    for theme, spec in THEMES.items():
        option = spec.option_specs()[name]
        if _only_default_differs(option, common):
            by_default.setdefault(str(option.default), []).append(theme)
    return "".join(f"; {', '.join(themes)}: {default}" for default, themes in by_default.items())


def themes_text() -> str:
    """Each theme's mods with the other names each is taken by (whole names only: `jester`, never `jes`)."""
    lines = ["themes and mods (--mods, comma-separated; the other names in [brackets] are taken too):"]
    for theme, spec in THEMES.items():
        mods = ", ".join(f"{mod.id} ({mod.title}){_aliases(mod.aliases)}" for mod in spec.mods) or "none"
        lines.append(f"  {theme}: {spec.title}; mods: {mods}")
    return "\n".join(lines)


def _aliases(names: tuple[str, ...]) -> str:
    return f" [{', '.join(names)}]" if names else ""


def options_text() -> str:
    """Every option once: the common ones with each theme's own default, then each theme's own options."""
    lines = [
        f"game options (--option NAME=VALUE; {DEFAULT_PREFIX}set NAME VALUE in a room; [defaults] in the bot's config):"
    ]
    lines.append("  every theme:")
    lines += [_option_line(name, spec, _theme_defaults(name, spec)) for name, spec in COMMON_OPTIONS.items()]
    for theme, spec in THEMES.items():
        own = {
            name: option
            for name, option in spec.option_specs().items()
            if name not in COMMON_OPTIONS
            or (option != COMMON_OPTIONS[name] and not _only_default_differs(option, COMMON_OPTIONS[name]))
        }
        if own:
            lines.append(f"  {theme} only:")
            lines += [_option_line(name, spec) for name, spec in own.items()]
    return "\n".join(lines)


def strategies_text() -> str:
    lines = ["AI strategies (--strategy):"]
    for theme, spec in THEMES.items():
        for name, factory in spec.strategies().items():
            default = " (default)" if name == spec.default_strategy else ""
            lines.append(f"  {theme} {name}{default}: {first_sentence(factory.__doc__)}")
    return "\n".join(lines)


def catalogue(*, strategies: bool = True) -> str:
    """The whole list for a `--help` epilog."""
    parts = [themes_text(), options_text()]
    if strategies:
        parts.append(strategies_text())
    return "\n\n".join(parts)
