"""The `odds` command's tables: exact fractions for a theme, its mods and a table size, as text or JSON."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from survivor_host.engine.odds import Section
from survivor_host.themes import theme_spec


def setting_title(theme: str, mods: Sequence[str], players: int | None = None) -> str:
    """'Chase the Ace with The Joker, 6 players': theme and mods in words."""
    spec = theme_spec(theme)
    text = spec.title
    if mods:
        text += " with " + " + ".join(spec.mod_title(mod) for mod in mods)
    if players is not None:
        text += f", {players} players"
    return text


LONGEST_FRACTION = 40
"""A longer exact fraction is shown by its value alone (`odds --json` gives every digit)."""


def share(value: Fraction, digits: int) -> str:
    """A chance as a percentage with `digits` decimals; one that is neither 0 nor 1 is never printed as either:
    '<0.01%', '>99.99%'."""
    text = f"{float(value):.{digits}%}"
    step = 10.0 ** -(digits + 2)
    if value > 0 and text == f"{0:.{digits}%}":
        return f"<{step:.{digits}%}"
    if value < 1 and text == f"{1:.{digits}%}":
        return f">{1 - step:.{digits}%}"
    return text


def show(value: Fraction, percent: bool = True) -> str:
    """'149/248 (60.08%)': the exact fraction and its percentage (or its decimal value); a chance of 1 or 0 in
    words, 'certain (100%)' and 'never (0%)', as a bare 1 or 0 would read as part of a label such as 'round 1'."""
    if percent and value in (0, 1):
        return "certain (100%)" if value == 1 else "never (0%)"
    decimal = share(value, 2) if percent else f"{float(value):.4f}"
    if len(str(value)) > LONGEST_FRACTION:
        precise = share(value, 6) if percent else f"{float(value):.8f}"
        return f"{precise} (exact: a fraction of {len(str(value.denominator))} digits, in --json)"
    return f"{value}" if value.denominator == 1 and not percent else f"{value} ({decimal})"


def render_text(title: str, sections: Sequence[Section]) -> list[str]:
    lines = [title]
    for section in sections:
        lines.append("")
        lines.append(section.title)
        if section.note:
            lines.append(f"  ({section.note})")
        for label, values in section.rows:
            cells = "   ".join(
                f"{key} {show(value, section.percent)}" if key else show(value, section.percent)
                for key, value in values.items()
            )
            lines.append(f"  {label}: {cells}")
    return lines
