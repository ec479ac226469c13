"""Hot Potato strategies earn their names: `grudge` passes the potato back to whoever last passed it to
them, and among grudge players the potato goes back and forth between the holder drawn and the first player
they pass to, so the holder drawn goes out more often than among random players; `random` passes anywhere.

Every pass has the same chance whoever receives it, so among random players every choice is alike and each
seat wins 1/n: the game is luck. The exact chances come from a recursion over the whole game (who is in,
who holds the potato, the attempts made, who last passed to whom) that asks the strategies themselves for
their targets; an engine simulation checks the recursion.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.themes.hp.ai import HP_STRATEGIES
from survivor_host.themes.hp.odds import pass_chance
from survivor_host.themes.hp.rules import PASS, TOSSES
from survivor_host.themes.hp.view import HpView

Seats = tuple[int, ...]
Grudges = tuple[tuple[int, int], ...]
"""(player, who last passed them the potato), sorted, for players still in."""


@cache
def exact(kinds: tuple[str, ...]) -> tuple[tuple[Fraction, ...], Fraction]:
    """Standard Hot Potato with one strategy a seat: each seat's chance to win, and the chance that the
    potato explodes on the holder drawn in round 1."""
    n = len(kinds)
    names = [f"P{i}" for i in range(n)]
    strategies = [HP_STRATEGIES[kind]() for kind in kinds]
    works = pass_chance(False)

    @cache
    def targets(me: int, alive: Seats, made: int, grudges: Grudges) -> Seats:
        """Every target the strategy picks here (each picks evenly among those it favours)."""
        view = HpView(
            names[me], 1, False, tuple(names[i] for i in alive), names[me], None, TOSSES - made, 200,
            tuple((names[a], names[b]) for a, b in grudges),
        )  # fmt: skip
        options = [Input(PASS, by=names[me], target=names[i]) for i in alive if i != me]
        picked = {strategies[me].choose(view, options, random.Random(draw)).target for draw in range(64)}
        return tuple(sorted(names.index(str(name)) for name in picked))

    @cache
    def rounds(alive: Seats, grudges: Grudges) -> tuple[Fraction, ...]:
        if len(alive) == 1:
            return tuple(Fraction(i in alive) for i in range(n))
        total = [Fraction(0)] * n
        for holder in alive:
            for (out, after), chance in explode(alive, holder, 0, grudges).items():
                left = tuple(i for i in alive if i != out)
                kept = tuple((a, b) for a, b in after if a != out and b != out)
                for seat, value in enumerate(rounds(left, kept)):
                    total[seat] += chance * value / len(alive)
        return tuple(total)

    @cache
    def explode(alive: Seats, holder: int, made: int, grudges: Grudges) -> dict[tuple[int, Grudges], Fraction]:
        """Who the potato explodes on and the grudges after the round, with their chances."""
        if made == TOSSES:
            return {(holder, grudges): Fraction(1)}
        found: dict[tuple[int, Grudges], Fraction] = {}
        picks = targets(holder, alive, made, grudges)
        for target in picks:
            moved = tuple(sorted({**dict(grudges), target: holder}.items()))
            passed, kept = explode(alive, target, made + 1, moved), explode(alive, holder, made + 1, grudges)
            for way, chance in ((passed, works), (kept, 1 - works)):
                for key, value in way.items():
                    found[key] = found.get(key, Fraction(0)) + chance * value / len(picks)
        return found

    everyone = tuple(range(n))
    drawn_out = Fraction(0)
    for holder in everyone:
        drawn_out += sum((v for (out, _), v in explode(everyone, holder, 0, ()).items() if out == holder), Fraction(0))
    return rounds(everyone, ()), drawn_out / n


@pytest.mark.parametrize("players", [3, 4])
def test_among_random_players_every_choice_is_alike(players: int) -> None:
    """Against players who pass at random, a grudge seat wins exactly its fair share, as a random one does."""
    fair = (Fraction(1, players),) * players
    assert exact(("random",) * players)[0] == fair
    assert exact(("grudge",) + ("random",) * (players - 1))[0] == fair


def test_among_grudge_players_the_holder_drawn_goes_out_more() -> None:
    """Grudge players send the potato straight back: the holder drawn is in every second attempt."""
    _, random_table = exact(("random",) * 4)
    _, grudge_table = exact(("grudge",) * 4)
    assert random_table == 1 - Fraction(641817, 953312)  # odds.py: the holder drawn comes through 67.32%
    assert grudge_table > random_table + Fraction(15, 100)  # 50.4% against 32.7%


def test_the_recursion_agrees_with_the_engine() -> None:
    """Four grudge players on the engine: the holder drawn goes out in round 1 as often as the recursion says."""
    games = 1000
    result = simulate(SimSetup("hp", 4, (), (), ("grudge",), seed=32), games)
    out = result.counts["rounds of 4, the drawn holder out"]
    low, high = wilson(out, games)
    assert low <= exact(("grudge",) * 4)[1] <= high


def test_grudge_passes_back_and_random_anywhere() -> None:
    names = ("Me", "Ann", "Bob", "Cid")
    view = HpView("Me", 2, False, names, "Me", "Bob", 2, 200, (("Me", "Bob"), ("Bob", "Ann")))
    options = [Input(PASS, by="Me", target=name) for name in names[1:]]
    grudge, anyone = HP_STRATEGIES["grudge"](), HP_STRATEGIES["random"]()
    assert {grudge.choose(view, options, random.Random(draw)).target for draw in range(32)} == {"Bob"}
    assert {anyone.choose(view, options, random.Random(draw)).target for draw in range(32)} == {"Ann", "Bob", "Cid"}
