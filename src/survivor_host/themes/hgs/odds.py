"""Hunger Games Spotlight's exact odds: the modes' duels and lives, and the draw of the spotlight."""

from __future__ import annotations

from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.modes import duel_sections
from survivor_host.engine.odds import Section, fair_share


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and modes."""
    players = len(game.seats)
    turn = Section(
        f"A turn, {players} players in",
        note="the spotlight is drawn from everyone still in, every turn (BG7); targets at random",
    )
    turn.add("you are drawn", {"": Fraction(1, players)})
    if players > 1:
        turn.add("you are attacked by the one drawn", {"": Fraction(1, players)})
    share = fair_share(players)
    return [turn, share, *duel_sections(game.mods)]
