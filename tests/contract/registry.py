"""The contract suite's cases: every theme and every legal mod set, read from the theme registry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from survivor_host.engine.events import CardTold, Event, Fact, Prompt, Roll
from survivor_host.engine.game import Game
from survivor_host.engine.options import Option
from survivor_host.engine.render import render
from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import THEMES


@dataclass(frozen=True)
class Case:
    """One theme with one mod set."""

    theme: str
    mods: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.theme}[{'+'.join(self.mods) or 'none'}]"

    @property
    def spec(self) -> ThemeSpec:
        return THEMES[self.theme]

    @property
    def cls(self) -> type[Game]:
        return self.spec.game

    @property
    def options(self) -> dict[str, Option]:
        return self.spec.option_specs()

    @property
    def min_players(self) -> int:
        return self.spec.min_players

    @property
    def actions(self) -> tuple[str, ...]:
        cls = self.cls
        return cls.PLAYER_ACTIONS + cls.THEME_HOST_ACTIONS + ("modkill", "sub", "extend", "timeout", "rename")

    @property
    def questions(self) -> tuple[str, ...]:
        """Read-only player actions: answered, never awaited, so never in `legal_inputs`."""
        return tuple(action for action in ("card",) if action in self.cls.PLAYER_ACTIONS)

    def make(self, players: Sequence[str], options: dict[str, object], seed: int) -> Game:
        return self.cls(players, mods=self.mods, options=options, seed=seed)


CASES = [Case(theme, mods) for theme in THEMES for mods in THEMES[theme].legal_mod_sets()]


def secret_leaks(case: Case, events: Sequence[Event]) -> list[Event]:
    """Events that carry a secret to someone other than its holder (G3), judged by addressing alone.

    Cards and card rolls travel only to the card's holder; secret prompts go to one player by PM.
    """
    return [
        event
        for event in events
        if (isinstance(event, CardTold) and event.to is None)
        or (isinstance(event, Roll) and event.purpose == "card" and event.to != event.player)
        or (isinstance(event, Prompt) and event.secret and not event.to)
    ]


def secret_facts_astray(game: Game, facts: Sequence[Event]) -> list[Event]:
    """Secret facts (G3) without an addressee, about someone else, or worded for anyone but the addressee."""
    astray: list[Event] = []
    for fact in facts:
        if not isinstance(fact, Fact) or not fact.secret:
            continue
        holder = getattr(fact, "player", fact.to)
        shown = game.present([fact])
        if fact.to is None or holder != fact.to or any(event.to != fact.to for event in shown):
            astray.append(fact)
    return astray


def unworded(events: Sequence[Event]) -> list[Event]:
    """Events no front end can word: an elimination for a theme's own reason without its cause facts."""
    found: list[Event] = []
    for event in events:
        try:
            render(event)
        except TypeError:
            found.append(event)
    return found
