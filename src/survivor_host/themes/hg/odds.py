"""Hunger Games' exact odds: the modes' duels and lives, and the fair share when everyone attacks at random."""

from __future__ import annotations

from survivor_host.engine.game import Game
from survivor_host.engine.modes import duel_sections
from survivor_host.engine.odds import Section, fair_share


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and modes."""
    players = len(game.seats)
    share = fair_share(players, note="every seat is alike when targets and the order attacks are sent are random")
    return [share, *duel_sections(game.mods)]
