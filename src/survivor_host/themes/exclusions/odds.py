"""Exclusions' exact odds: a duel, the chance a nickname is exposed and found out in a round where everyone
attacks at random, and the fair share."""

from __future__ import annotations

from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.modes import DUEL_DIE, GOLF
from survivor_host.engine.odds import Section, battle_win, fair_share


def exposed(players: int) -> Fraction:
    """The chance nobody of the `players - 1` others attacks a given player, each attacking one of the
    others than themselves at random."""
    return Fraction(players - 2, players - 1) ** (players - 1)


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and modes."""
    players = len(game.seats)
    share = fair_share(
        players, "playing", note="every seat is alike when targets, guesses and the order attacks are sent are random"
    )
    rule = "Golf" if GOLF in game.mods else "Regular"
    duel = Section(f"A duel, {DUEL_DIE} vs {DUEL_DIE} ({rule}; equal rolls roll again)")
    duel.add("the attacker wins (the target is out; else nobody is)", {"": battle_win(DUEL_DIE, DUEL_DIE)})
    duel.add("either finalist wins the final", {"": battle_win(DUEL_DIE, DUEL_DIE)})
    rounds = Section(
        "A round with N players still in, everyone attacking one of the others at random",
        note="exposed: nobody attacked you; found out: exposed, and a guesser naming one of the N - 1 others "
        "at random names you",
    )
    for count in range(3, players + 1):  # two players play the final
        rounds.add(f"{count} players: exposed", {"": exposed(count)})
        rounds.add(f"{count} players: exposed and found out", {"": exposed(count) / (count - 1)})
    return [share, duel, rounds] if players > 2 else [share, duel]
