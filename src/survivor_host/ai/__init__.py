"""Seat strategies by theme: what an AI seat does with the options a game offers it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from survivor_host.engine.strategy import Strategy
from survivor_host.themes import THEMES, theme_spec

DEFAULT_STRATEGY = {theme: spec.default_strategy for theme, spec in THEMES.items()}
"""Each theme's default strategy (from its spec)."""


def strategies_for(theme: str) -> Mapping[str, Callable[[], Strategy]]:
    """Strategy factories for a theme, by name (from the theme's declaration)."""
    return theme_spec(theme).strategies()


def make_strategy(theme: str, name: str | None = None) -> Strategy:
    """A fresh strategy; `name` None gives the theme's sensible default."""
    spec = theme_spec(theme)
    table = spec.strategies()
    chosen = name or spec.default_strategy
    if chosen not in table:
        raise ValueError(f"Unknown strategy {chosen!r} for {theme}; strategies: {', '.join(table)}.")
    return table[chosen]()
