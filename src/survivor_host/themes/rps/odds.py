"""Rock, Paper, Scissors' exact odds: a clash's roll, an attack and the final when weapons are chosen at
random, and the fair share when everyone plays at random."""

from __future__ import annotations

from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.modes import final_win, hearts, starting_lives
from survivor_host.engine.odds import Section, battle_win, fair_share
from survivor_host.themes.rps.rules import FAVOURED_DIE, OTHER_DIE, weapons_of


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and variant."""
    players, count = len(game.seats), len(weapons_of(game.mods))
    roll = battle_win(FAVOURED_DIE, OTHER_DIE)
    share = fair_share(
        players, note="every seat is alike when targets, weapons and the order attacks are sent are random"
    )
    clash = Section(f"A clash, {FAVOURED_DIE} vs {OTHER_DIE} (equal rolls roll again)")
    clash.add("the stronger weapon wins the roll (and takes a life)", {"": roll})
    clash.add("the weaker weapon wins the roll (nobody loses)", {"": 1 - roll})
    each_side = Fraction(count - 1, 2 * count)
    attack = Section(
        f"One attack, both weapons at random ({count} weapons)",
        note="a weapon beats half of the others; the same weapon does nothing",
    )
    attack.add("the same weapon: nothing happens", {"": Fraction(1, count)})
    attack.add("the attacker takes a life from the target", {"": each_side * roll})
    attack.add("the target takes a life from the attacker", {"": each_side * roll})
    attack.add("nobody loses a life (the same weapon included)", {"": Fraction(1, count) + 2 * each_side * (1 - roll)})
    lives = starting_lives(game.mods)
    final = Section(
        "The final, throws at random",
        note="the same weapon throws again; a decided throw is even, so lives alone decide the odds",
    )
    final.add("a throw is decided", {"": Fraction(count - 1, count)})
    for mine in range(1, lives + 1):
        for theirs in range(1, lives + 1):
            final.add(f"your {hearts(mine)} against {hearts(theirs)}", {"": final_win(mine, theirs)})
    return [share, clash, attack, final]
