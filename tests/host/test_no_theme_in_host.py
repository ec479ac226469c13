"""Issue 13 item 1: no theme name or theme-specific branch in host/; what a theme calls things comes
from its ThemeSpec (or the engine's `awaiting()` / `legal_inputs()`)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from survivor_host.engine.events import PhaseChanged
from survivor_host.terminal.table import seat_names
from survivor_host.themes import THEMES, new_game

PACKAGE = Path(__file__).parents[2] / "src" / "survivor_host"
FRONT_ENDS = ("bot", "words", "store", "terminal")
"""The front ends' packages and what they share (their own modules; `handhost/` is not scanned)."""


def host_modules() -> list[Path]:
    return sorted(path for part in FRONT_ENDS for path in (PACKAGE / part).glob("*.py"))


GENERIC = {"vote", "deal", "reveal", "choices", "rolls", "over"}
"""Words a theme uses that are everyone's: the engine's public vote (`VoteBox`, `Game.vote_tally`),
and phases named in plain English."""
VOCABULARY = ("leader", "king", "ace", "card", "cards", "jester", "joker", "rebellion", "handover", "deposed")
"""A theme's words that are neither ids nor actions (what its rules talk about)."""


def phases_of(theme: str, mods: tuple[str, ...], seed: int) -> set[str]:
    """Every phase a random game of `theme` passes through."""
    rng = random.Random(seed)
    game = new_game(theme, seat_names(7), mods=mods, seed=seed)
    events = game.start()
    seen = {str(game.phase)}
    while not game.finished:
        seen |= {str(event.phase) for event in events if isinstance(event, PhaseChanged)}
        wait = game.awaiting()[0]
        events = game.apply(rng.choice(game.legal_inputs(wait.player)))
        seen.add(str(game.phase))
    return seen | {str(event.phase) for event in events if isinstance(event, PhaseChanged)}


def theme_words() -> tuple[set[str], set[str]]:
    """(names: ids, titles and aliases of themes and mods; actions: actions and phases of every theme)."""
    names: set[str] = set()
    actions: set[str] = set()
    for spec in THEMES.values():
        names |= {spec.id, spec.title, *spec.aliases}
        for mod in spec.mods:
            names |= {mod.id, mod.title, *mod.aliases}
        game = spec.game
        actions |= {*game.PLAYER_ACTIONS, *game.ACTION_ALIASES, *game.QUESTIONS, *game.THEME_HOST_ACTIONS}
        for seed in range(3):
            actions |= phases_of(spec.id, tuple(mod.id for mod in spec.mods[:1]) if seed else (), seed)
    return names, actions


def pattern(words: set[str]) -> re.Pattern[str]:
    return re.compile("|".join(rf"\b{re.escape(word)}\b" for word in sorted(words, key=len, reverse=True)), re.I)


def found(path: Path, words: re.Pattern[str]) -> list[str]:
    return [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if words.search(line)]  # fmt: skip


def test_host_names_no_theme_mod_action_or_phase() -> None:
    names, actions = theme_words()
    assert {"ftl", "cta", "follow", "swap", "finals"} <= names | actions  # the registry was read
    words = pattern(names | (actions - GENERIC) | set(VOCABULARY))
    # the scan itself finds them where they belong
    assert found(PACKAGE / "themes" / "ftl" / "spec.py", words)
    hits = [hit for path in host_modules() for hit in found(path, words)]
    assert hits == []


def test_no_string_in_host_is_a_theme_action() -> None:
    """Even a generic word (the public vote) is never spelled as an action: it comes from the spec."""
    _, actions = theme_words()
    literals = []
    for path in host_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in actions:
                literals.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert literals == []
