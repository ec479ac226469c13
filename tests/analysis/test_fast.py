"""The fast numpy path against the engine (same distribution) and against the exact odds.

Each setting plays a few hundred games through the engine and many through the fast path, at fixed
seeds, and compares every per-game count (round outcomes, swaps, duels, ...), the rounds per game
and the wins by strategy with a two-sample z statistic. A planted bug (one rule figure perturbed
in the fast path) must push the statistic past the same threshold, so the threshold is not idle.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction

import pytest

from survivor_host.analysis.simulate import (
    SimResult,
    SimSetup,
    fast_reason,
    simulate,
    simulate_engine,
    simulate_fast,
)
from survivor_host.engine.odds import battle_win
from survivor_host.themes import THEMES
from survivor_host.themes.cta.odds import cta_elimination
from survivor_host.themes.cta.rules import KERNEL_RULES as CTA_RULES
from survivor_host.themes.ftl.odds import choice_outcomes, no_mercy_deposition
from survivor_host.themes.ftl.rules import KERNEL_RULES as FTL_RULES

THRESHOLD = 4.5
"""|z| above this fails: about 1 in 150,000 for one figure by chance, so a fixed-seed run is stable."""

SETTINGS = {
    "ftl": SimSetup("ftl", 6, (), (), ("random", "smart", "always-follow"), seed=11),
    "ftl-10": SimSetup("ftl", 10, (), (), ("smart", "random", "always-follow", "always-rebel"), seed=21),
    "ftl-tug": SimSetup("ftl", 6, ("tug-of-war",), (), ("random", "always-rebel"), seed=12),
    "ftl-nm": SimSetup("ftl", 6, ("no-mercy",), (), ("random", "always-follow", "smart"), seed=13),
    "ftl-tug-nm": SimSetup("ftl", 6, ("tug-of-war", "no-mercy"), (), ("random", "smart"), seed=20),
    "cta": SimSetup("cta", 6, (), (("elim", 2),), ("random", "threshold", "always-stick"), seed=14),
    "cta-adhesive": SimSetup("cta", 6, ("adhesive",), (), ("random", "threshold"), seed=15),
    "cta-jester": SimSetup("cta", 6, ("jesters-duel",), (), ("random", "threshold"), seed=16),
    "cta-backsies": SimSetup("cta", 6, ("no-backsies",), (), ("threshold", "random"), seed=17),
    "cta-joker": SimSetup("cta", 6, ("the-joker",), (("ties", "all"),), ("random", "threshold"), seed=18),
    "cta-aao": SimSetup("cta", 6, ("all-at-once",), (), ("random", "threshold", "always-stick"), seed=19),
    "cta-13": SimSetup("cta", 13, ("adhesive", "no-backsies"), (), ("smart", "random"), seed=22),
    "cta-17": SimSetup("cta", 17, ("all-at-once", "the-joker"), (("elim", 3),), ("random", "smart"), seed=23),
    # no seat reads a card: the kernel carries the reveal's lowest holders through the swaps instead
    "cta-10-random": SimSetup("cta", 10, (), (("elim", 2),), ("random", "always-stick"), seed=24),
    # no threshold seat: All At Once works out a random seat's choice as it is carried out
    "cta-aao-random": SimSetup("cta", 6, ("all-at-once",), (), ("random", "always-stick"), seed=25),
    "cta-aao-joker-random": SimSetup("cta", 10, ("all-at-once", "the-joker"), (), ("random",), seed=26),
    "cta-aao-adh-nb-random": SimSetup(
        "cta", 6, ("all-at-once", "adhesive", "no-backsies"), (("backsies", "both-ways"),), ("random",), seed=27
    ),
}
ENGINE_GAMES = 250
FAST_GAMES = 20_000


@functools.cache
def engine(name: str) -> SimResult:
    return simulate_engine(SETTINGS[name], ENGINE_GAMES)


def pooled_z(a: tuple[float, float, int], b: tuple[float, float, int]) -> float:
    """Two-sample z for means from (sum, sum of squares, n) each, with the pooled variance (equal under H0)."""
    (sa, qa, na), (sb, qb, nb) = a, b
    n = na + nb
    mean = (sa + sb) / n
    var = max((qa + qb) / n - mean * mean, 0.0)
    se = math.sqrt(var * (1 / na + 1 / nb))
    return (sa / na - sb / nb) / se if se > 0 else 0.0


def z_scores(a: SimResult, b: SimResult) -> dict[str, float]:
    """Two-sample z per figure: each count per game, rounds per game, each strategy's win rate."""
    out: dict[str, float] = {}
    for key in set(a.counts) | set(b.counts):
        if max(a.counts[key] / a.games, b.counts[key] / b.games) < 0.05:
            continue  # too rare for the normal approximation at this sample
        out[key] = pooled_z((a.counts[key], a.squares[key], a.games), (b.counts[key], b.squares[key], b.games))

    def rounds(r: SimResult) -> tuple[float, float, int]:
        return (
            sum(k * n for k, n in r.rounds.items()),
            sum(k * k * n for k, n in r.rounds.items()),
            r.games,
        )

    out["rounds"] = pooled_z(rounds(a), rounds(b))
    for kind in a.seats_by_strategy:
        # wins of this kind per game: 0/1 when one seat has it, a count otherwise; squares bound it
        wa, wb = a.wins_by_strategy[kind], b.wins_by_strategy[kind]
        out[f"wins {kind}"] = pooled_z((wa, wa, a.games), (wb, wb, b.games))
    return out


def worst(name: str, rules: object = None) -> tuple[str, float]:
    fast = simulate_fast(SETTINGS[name], FAST_GAMES, rules=rules)
    scores = z_scores(engine(name), fast)
    key = max(scores, key=lambda k: abs(scores[k]))
    return key, scores[key]


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_fast_path_agrees_with_the_engine(name: str) -> None:
    assert fast_reason(SETTINGS[name]) == ""
    key, z = worst(name)
    assert abs(z) < THRESHOLD, f"{name}: {key} differs, z = {z:.1f}"


CTA_STRATEGIES = (("random", "smart", "threshold"), ("smart", "random"), ("random", "always-stick", "smart"))
CTA_OPTIONS: tuple[tuple[tuple[str, object], ...], ...] = ((), (("elim", 2),), (("ties", "all"),))


def cta_setting(number: int, mods: tuple[str, ...]) -> SimSetup:
    """Chase the Ace with `mods`: mixed seats, and (in turn) two going a round, ties all out, No Backsies both ways."""
    options = CTA_OPTIONS[number % len(CTA_OPTIONS)]
    if "no-backsies" in mods and number % 2:
        options = (*options, ("backsies", "both-ways"))
    return SimSetup("cta", 6, mods, options, CTA_STRATEGIES[number % len(CTA_STRATEGIES)], seed=100 + number)


@pytest.mark.parametrize(("number", "mods"), list(enumerate(THEMES["cta"].legal_mod_sets())))
def test_the_chase_the_ace_kernel_agrees_with_the_engine_on_every_mod_set(number: int, mods: tuple[str, ...]) -> None:
    setup = cta_setting(number, mods)
    assert fast_reason(setup) == ""
    scores = z_scores(simulate_engine(setup, ENGINE_GAMES), simulate_fast(setup, FAST_GAMES))
    key = max(scores, key=lambda k: abs(scores[k]))
    assert abs(scores[key]) < THRESHOLD, f"{setup}: {key} differs, z = {scores[key]:.1f}"


@pytest.mark.parametrize(
    ("name", "bug"),
    [
        ("ftl", replace(FTL_RULES, scapegoat_win=43 / 66)),  # F7: the sides of 70 vs 100 mixed up
        ("ftl-10", replace(FTL_RULES, scapegoat_win=0.5)),  # F7 at 10 players: 70 vs 100 wins 23/66, not 1/2
        ("ftl-tug", replace(FTL_RULES, tug_step=-20)),  # F12: a rebel rolls the running die minus 20
        ("ftl-nm", replace(FTL_RULES, leader_bonus=0)),  # F5: the leader rolls 109+20, not 109
        ("cta-adhesive", replace(CTA_RULES, swap_win=0.5)),  # C6: 125 vs 100 wins 149/248, not 1/2
        ("cta-aao", replace(CTA_RULES, swap_win=0.5)),
        ("cta-aao-random", replace(CTA_RULES, swap_win=0.5)),
        ("cta-10-random", replace(CTA_RULES, swap_win=0.5)),
    ],
)
def test_a_planted_bug_fails_the_agreement_check(name: str, bug: object) -> None:
    key, z = worst(name, bug)
    assert abs(z) >= THRESHOLD, f"{name}: the planted bug went unseen (largest |z| {abs(z):.1f} on {key})"


def rate(result: SimResult, hits: str, trials: str) -> tuple[float, float]:
    n = result.counts[trials]
    p = result.counts[hits] / n
    return p, math.sqrt(p * (1 - p) / n)


def test_f6_first_round_followers_match_the_exact_odds_on_both_paths() -> None:
    """Four players (no suspect): a follower rolling 150 goes out with chance 1/2 exactly (F6)."""
    exact = float(choice_outcomes(150)["follow"]["out"])
    setup = SimSetup("ftl", 4, (), (), ("random",), seed=3)  # random seats draw from their own stream
    for result in (simulate_fast(setup, 100_000), simulate_engine(setup, 1_500)):
        p, se = rate(result, "r1 followers on 150 out", "r1 followers on 150")
        assert abs(p - exact) < THRESHOLD * se, (result.path, p, exact)


def test_f13_first_round_deposition_matches_the_exact_odds() -> None:
    exact = float(no_mercy_deposition(6).any)
    result = simulate_fast(SimSetup("ftl", 7, ("no-mercy",), (), ("always-rebel",), seed=4), 100_000)
    p = result.counts["r1 deposed"] / result.games
    assert abs(p - exact) < THRESHOLD * math.sqrt(exact * (1 - exact) / result.games)


@pytest.mark.parametrize(
    ("mods", "options"),
    [((), (("elim", 2),)), (("the-joker",), (("elim", 3),)), ((), (("ties", "all"),))],
)
def test_c8_first_round_eliminations_by_card_match_the_exact_odds(
    mods: tuple[str, ...], options: tuple[tuple[str, object], ...]
) -> None:
    players = 7
    setup = SimSetup("cta", players, mods, options, ("always-stick",), seed=5)
    result = simulate_fast(setup, 40_000)
    opts = dict(options)
    exact = cta_elimination(players, int(str(opts.get("elim", 1))), mods, str(opts.get("ties", "battle")))
    for card in range(1, 13):
        p, se = rate(result, f"r1 card {card} out", f"r1 card {card}")
        assert abs(p - float(exact[card])) < THRESHOLD * max(se, 1e-3), (card, p, float(exact[card]))


def test_simulate_chooses_the_fast_path_and_says_why_not() -> None:
    fast = simulate(SimSetup("cta", 5, ("adhesive",), (), ("smart", "random")), 200)
    assert fast.path == "fast" and fast.games == 200
    slow = simulate(SimSetup("cta", 5, (), (), ("random",)), 20, path="engine")
    assert slow.path == "engine" and "asked" in slow.why_engine
    assert "has no fast-path policy" in fast_reason(SimSetup("ftl", 5, (), (), ("mystery",)))
    assert "does not know option" in fast_reason(SimSetup("ftl", 5, (), (("wild", 1),), ("random",)))


@pytest.mark.parametrize(
    ("name", "hits", "trials", "exact"),
    [
        ("cta", "swaps won", "swaps", battle_win(125, 100)),  # C6
        ("cta-aao", "swaps won", "swaps", battle_win(125, 100)),  # C7
        ("ftl", "scapegoat battles won", "scapegoat battles", battle_win(70, 100)),  # F7
    ],
)
def test_battle_frequencies_match_the_exact_odds_on_both_paths(
    name: str, hits: str, trials: str, exact: Fraction
) -> None:
    for result in (engine(name), simulate_fast(SETTINGS[name], FAST_GAMES)):
        p, se = rate(result, hits, trials)
        assert abs(p - float(exact)) < THRESHOLD * se, (result.path, p, float(exact))


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_a_table_larger_than_the_kernel_seats_plays_on_the_engine(theme: str) -> None:
    setup = SimSetup(theme, 32, (), (("max_players", 100),), ("random",))
    assert fast_reason(setup) == "the fast path plays at most 31 seats, not 32"
    assert fast_reason(replace(setup, players=31)) == ""
    result = simulate(setup, 2, workers=1)
    assert result.path == "engine" and result.games == 2 and "at most 31 seats" in result.why_engine


def test_the_ftl_mods_kernel_plays_any_table() -> None:
    assert fast_reason(SimSetup("ftl", 64, ("tug-of-war",), (("max_players", 100),), ("random",))) == ""
