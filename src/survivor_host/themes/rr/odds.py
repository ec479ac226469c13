"""Russian Roulette's exact odds for the `odds` command, from `solve.py`: each place in round 1's draw,
its chance to survive the round and to win; the final from each pass held; a pull and a steal."""

from __future__ import annotations

from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.odds import Section
from survivor_host.themes.rr.policy import POLICIES
from survivor_host.themes.rr.rules import CHAMBERS
from survivor_host.themes.rr.solve import Solver
from survivor_host.themes.rr.spec import SPEC

POLICY = SPEC.default_strategy
POLICY_WORDS = {
    "early": "pass at the first turn, steal at chamber 2 or below once the pass is used, else pull",
    "hoarder": "pull unless the chamber is at 2; there pass, else steal once the pass is used",
    "random": "any open option at random",
}
"""Each policy the tables are worked out for, in words (steal targets are drawn evenly; the final is
played best by `early` and `hoarder`)."""
MOST_FOR_EVERY_POLICY = 10
"""Beyond this many players only the default policy's table is worked out: under the others the players
spread over every kind (pass used, steal used, acted), and counting every such position exactly takes
minutes, where the default's stays a fraction of a second at any size."""


def ordinal(number: int) -> str:
    return f"{number}{'th' if 10 <= number % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def draw_section(players: int, policy: str = POLICY) -> Section:
    """Each place in round 1's random order: the chance to survive the round and to win."""
    rule = POLICIES[policy]
    win, rnd = Solver(rule, rule), Solver(rule, rule, goal="round")
    note = f"everyone plays the AI's `{policy}` strategy: {POLICY_WORDS[policy]}"
    section = Section(f"Round 1, {players} players, by place in the draw, `{policy}`", note=note)
    if players == 2:
        section.title = f"2 players: straight to the final, `{policy}`"
        section.add("first to act", {"win": win.final(CHAMBERS, True, True, True)})
        section.add("second to act", {"win": win.final(CHAMBERS, False, True, True)})
        return section
    for ahead in range(players):
        section.add(
            f"drawn {ordinal(ahead + 1)}",
            {"survive round 1": rnd.start(players, ahead), "win": win.start(players, ahead)},
        )
    section.add("any seat, before the draw", {"survive round 1": rnd.start(players), "win": win.start(players)})
    return section


def final_section(policy: str = POLICY) -> Section:
    """The final from a fresh chamber: the first to act's chance to win, by the passes still held."""
    rule = POLICIES[policy]
    solver = Solver(rule, rule)
    section = Section("The final (a fresh chamber of 6): the first to act wins", note="both play the final best")
    for mine, theirs, label in (
        (True, True, "both hold their pass"),
        (True, False, "only the first holds a pass"),
        (False, True, "only the second holds a pass"),
        (False, False, "neither holds a pass"),
    ):
        section.add(label, {"": solver.final(CHAMBERS, True, mine, theirs)})
    return section


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size."""
    pull = Section("A pull: shot", note="a roll of 1 to the chambers left; the chambers left is a shot")
    for chamber in range(CHAMBERS, 1, -1):
        pull.add(f"chamber {chamber}", {"": Fraction(1, chamber)})
    steal = Section("A steal (100 vs 100, ties roll again)")
    steal.add("the stealer wins", {"": Fraction(1, 2)})
    players = len(game.seats)
    policies = [p for p in POLICY_WORDS if p == POLICY or players <= MOST_FOR_EVERY_POLICY]
    draws = [draw_section(players, policy) for policy in policies]
    left_out = [p for p in POLICY_WORDS if p not in policies]
    if left_out:
        draws[0].note += (
            f". The {' and '.join(f'`{p}`' for p in left_out)} tables are worked out up to"
            f" {MOST_FOR_EVERY_POLICY} players (counting every position exactly takes minutes beyond):"
            f" `simulate rr --players {players} --strategy {left_out[0]}` estimates them"
        )
    return [*draws, final_section(), pull, steal]
