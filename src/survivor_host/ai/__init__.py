"""Seat strategies by theme: what an AI seat does with the options a game offers it."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from survivor_host.ai.base import Strategy

STRATEGY_TABLES = {
    "ftl": ("survivor_host.ai.ftl", "FTL_STRATEGIES"),
    "cta": ("survivor_host.ai.cta", "CTA_STRATEGIES"),
}
DEFAULT_STRATEGY = {"ftl": "smart", "cta": "threshold"}


def strategies_for(theme: str) -> dict[str, Callable[[], Strategy]]:
    """Strategy factories for a theme, by name."""
    module, table = STRATEGY_TABLES[theme]
    found: dict[str, Callable[[], Strategy]] = getattr(importlib.import_module(module), table)
    return found


def make_strategy(theme: str, name: str | None = None) -> Strategy:
    """A fresh strategy; `name` None gives the theme's sensible default."""
    table = strategies_for(theme)
    chosen = name or DEFAULT_STRATEGY[theme]
    if chosen not in table:
        raise ValueError(f"Unknown strategy {chosen!r} for {theme}; strategies: {', '.join(table)}.")
    return table[chosen]()
