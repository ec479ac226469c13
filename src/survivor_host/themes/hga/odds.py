"""Hunger Games Anon's exact odds: the modes' duels and lives, and the fair share."""

from __future__ import annotations

from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.modes import duel_sections
from survivor_host.engine.odds import Section


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and modes."""
    players = len(game.seats)
    share = Section(
        f"Winning, {players} players, everyone attacking at random",
        note="every seat is alike when targets and the order attacks are sent are random",
    )
    share.add("any one player wins", {"": Fraction(1, players)})
    return [share, *duel_sections(game.mods)]
