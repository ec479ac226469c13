"""Strategy search: simple policies tuned by simulation on the fast path.

A policy has one knob per table size (SIZE_BUCKETS: 3, 4, 5-6, 7-9, 10-14, 15+ players): FTL the
chance to rebel, CTA the highest card that still swaps. A seat's score is its wins as a multiple of
the fair share, averaged over 5, 10 and 20 players, the other seats all playing one fixed policy.
Coordinate search: each knob in turn takes its best value (FTL: every value tried; CTA: a hill climb
along its values), every candidate at the same seeds (common random numbers), until no knob moves.
A 5-player game never reaches the 7-9 knob, so each table size is only replayed when a knob it
reaches changes.

Two searches per theme and mod set: `smart`, the best seat among random players (ai/: SMART_FTL,
SMART_CTA); and the best policy against a table of its own kind (OWN_KIND below): best replies to a
table of `smart`, each next table halfway to the reply, until the best reply is the table's own
policy; if `ROUNDS` replies do not settle, the table whose best reply gains least (the least
exploitable of those tried).

Run: python -m survivor_host.studies.search [ftl] [cta] [--mods none,adhesive,...] [--games-scale X]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from survivor_host.engine.strategy import SIZE_BUCKETS
from survivor_host.themes.cta.ai import CtaPolicy
from survivor_host.themes.cta.fast import run_cta
from survivor_host.themes.ftl.ai import FtlPolicy
from survivor_host.themes.ftl.fast import run_ftl

SIZES = (5, 10, 20)
FTL_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)
CTA_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10)
GAMES = {"ftl": {5: 40_000, 10: 40_000, 20: 40_000}, "cta": {5: 12_000, 10: 8_000, 20: 4_000}}
"""Games per evaluation and table size: Chase the Ace is slower (a 20-player game is 18 reveals)."""
ROUNDS = 4
"""Best replies tried when looking for the policy that is best against its own kind."""

Policy = FtlPolicy | CtaPolicy


def make_policy(theme: str, knobs: Sequence[float]) -> Policy:
    if theme == "ftl":
        return FtlPolicy.by_size(*knobs)
    return CtaPolicy.by_size(*(int(k) for k in knobs))


def random_policy(theme: str) -> Policy:
    return FtlPolicy.flat(0.5) if theme == "ftl" else CtaPolicy("random")


def seat_share(
    theme: str, mods: Sequence[str], mine: Policy, others: Policy, players: int, games: int, seed: int
) -> float:
    """Seat 1's wins as a multiple of the fair share, the other seats playing `others`."""
    rng = np.random.default_rng(seed)
    if theme == "ftl":
        assert isinstance(mine, FtlPolicy) and isinstance(others, FtlPolicy)
        out = run_ftl(games, players, mods, {}, [mine] + [others] * (players - 1), rng)
    else:
        assert isinstance(mine, CtaPolicy) and isinstance(others, CtaPolicy)
        out = run_cta(games, players, mods, {}, [mine] + [others] * (players - 1), rng)
    return float((out.winner == 0).mean() * players)


@dataclass(frozen=True)
class Found:
    """The best knobs found and the seat's score (wins as a multiple of the fair share), per table size."""

    knobs: tuple[float, ...]
    score: float
    by_size: dict[int, float]


@dataclass
class Search:
    """One coordinate search: a seat's knobs against a table of `others`, scores cached per table size."""

    theme: str
    mods: tuple[str, ...]
    others: Policy
    seed: int = 1
    scale: float = 1.0
    sizes: tuple[int, ...] = SIZES
    cache: dict[tuple[int, tuple[float, ...]], float] = field(default_factory=dict)

    def share(self, knobs: Sequence[float], players: int) -> float:
        reached = tuple(knobs[: sum(1 for start in SIZE_BUCKETS if start <= players)])
        key = (players, reached)
        if key not in self.cache:
            games = max(500, int(GAMES[self.theme][players] * self.scale))
            mine = make_policy(self.theme, knobs)
            self.cache[key] = seat_share(self.theme, self.mods, mine, self.others, players, games, self.seed + players)
        return self.cache[key]

    def evaluate(self, knobs: Sequence[float]) -> Found:
        by_size = {n: self.share(knobs, n) for n in self.sizes}
        return Found(tuple(knobs), sum(by_size.values()) / len(by_size), by_size)

    def run(self, start: Sequence[float], passes: int = 2) -> Found:
        """Coordinate search from `start`: each knob in turn takes its best value, until no knob moves.

        Follow the Leader tries every value of a knob (five); Chase the Ace (nine, and slower games)
        steps a knob up or down while the score rises.
        """
        values: list[float] = list(FTL_VALUES if self.theme == "ftl" else CTA_VALUES)
        best = self.evaluate([min(values, key=lambda v: abs(v - k)) for k in start])
        for _ in range(passes):
            moved = False
            for index in range(len(SIZE_BUCKETS)):
                found = (
                    self._every_value(best, index, values) if self.theme == "ftl" else self._climb(best, index, values)
                )
                moved |= found.knobs != best.knobs
                best = found
            if not moved:
                break
        return best

    def _every_value(self, best: Found, index: int, values: Sequence[float]) -> Found:
        for value in values:
            trial = list(best.knobs)
            trial[index] = value
            found = self.evaluate(trial)
            if found.score > best.score:
                best = found
        return best

    def _climb(self, best: Found, index: int, values: list[float]) -> Found:
        for step in (1, -1):
            while 0 <= values.index(best.knobs[index]) + step < len(values):
                trial = list(best.knobs)
                trial[index] = values[values.index(trial[index]) + step]
                found = self.evaluate(trial)
                if found.score <= best.score:
                    break
                best = found
        return best


def knobs_of(theme: str, policy: Policy) -> tuple[float, ...]:
    """A tuned policy's knob per SIZE_BUCKETS entry."""
    if isinstance(policy, FtlPolicy):
        return tuple(float(policy.rebel_chance(n)) for n in SIZE_BUCKETS)
    return tuple(float(policy.threshold_for(n)) for n in SIZE_BUCKETS)


def versus_random(theme: str, mods: tuple[str, ...], scale: float = 1.0) -> Found:
    """The best seat among random players."""
    start = [1.0] * len(SIZE_BUCKETS) if theme == "ftl" else [6.0] * len(SIZE_BUCKETS)
    return Search(theme, mods, random_policy(theme), scale=scale).run(start)


def halfway(theme: str, table: Sequence[float], reply: Sequence[float]) -> tuple[float, ...]:
    """The next table: each knob halfway to the reply's, on the knob's grid (damped, so replies do not cycle)."""
    values = FTL_VALUES if theme == "ftl" else CTA_VALUES
    return tuple(
        min(values, key=lambda v: (abs(v - (t + r) / 2), abs(v - r))) for t, r in zip(table, reply, strict=True)
    )


def versus_own_kind(
    theme: str, mods: tuple[str, ...], start: Sequence[float], scale: float = 1.0
) -> list[tuple[tuple[float, ...], Found]]:
    """Best replies from a table of `start`; each next table moves halfway to the reply, until the best reply
    to a table is that table's own policy (it is then best against its own kind) or ROUNDS replies were tried.
    `own_kind_of` picks the result: the table whose best reply gains least."""
    replies: list[tuple[tuple[float, ...], Found]] = []
    table = tuple(start)
    for _ in range(ROUNDS):
        reply = Search(theme, mods, make_policy(theme, table), seed=2, scale=scale).run(table, passes=1)
        replies.append((table, reply))
        if reply.knobs == table:
            break
        table = halfway(theme, table, reply.knobs)
    return replies


def own_kind_of(replies: Sequence[tuple[tuple[float, ...], Found]]) -> tuple[tuple[float, ...], Found]:
    """The table whose best reply gains least (its own best reply when the replies settled), and that reply."""
    return min(replies, key=lambda pair: pair[1].score)


SEARCH_COMMANDS = (
    "python -m survivor_host.studies.search ftl",
    "python -m survivor_host.studies.search cta --games-scale 0.5",
)
"""The commands (seeded) that printed SMART_FTL, SMART_CTA and OWN_KIND."""

OWN_KIND: dict[tuple[str, tuple[str, ...]], tuple[tuple[float, ...], float]] = {
    # (theme, mods) -> the table policy the own-kind search settled on (or the least exploited one it tried)
    # and its best reply's score against it (1.0: nothing beats playing the same), from SEARCH_COMMANDS
    ("ftl", ()): ((1, 0.75, 0.75, 0.5, 0.5, 0.75), 1.058),
    ("ftl", ("tug-of-war",)): ((0.5, 0.75, 0.25, 0.5, 0.5, 0.5), 1.297),
    ("ftl", ("no-mercy",)): ((1, 0.75, 0.25, 0.25, 0.25, 0.25), 1.163),
    ("ftl", ("tug-of-war", "no-mercy")): ((1, 0.75, 0.25, 0.25, 0.25, 0.25), 1.224),
    ("cta", ()): ((10, 5, 6, 5, 4, 6), 0.964),
    ("cta", ("adhesive",)): ((10, 8, 2, 2, 2, 7), 0.973),
    ("cta", ("jesters-duel",)): ((9, 7, 7, 4, 7, 7), 1.046),
    ("cta", ("no-backsies",)): ((7, 7, 7, 6, 7, 3), 1.016),
    ("cta", ("the-joker",)): ((7, 10, 7, 4, 5, 6), 1.045),
    ("cta", ("all-at-once",)): ((10, 7, 6, 6, 6, 6), 0.965),
}


FTL_MOD_SETS: tuple[tuple[str, ...], ...] = ((), ("tug-of-war",), ("no-mercy",), ("tug-of-war", "no-mercy"))
CTA_MOD_SETS: tuple[tuple[str, ...], ...] = (
    (),
    ("adhesive",),
    ("jesters-duel",),
    ("no-backsies",),
    ("the-joker",),
    ("all-at-once",),
)
MOD_SETS = {"ftl": FTL_MOD_SETS, "cta": CTA_MOD_SETS}


def _knobs(theme: str, knobs: Sequence[float]) -> str:
    return ", ".join(f"{k:g}" if theme == "ftl" else str(int(k)) for k in knobs)


def _sizes(found: Found) -> str:
    return " ".join(f"{n}: {score:.2f}" for n, score in found.by_size.items())


def main(argv: Sequence[str] | None = None) -> None:
    """Print, per mod set, the tuned knobs and scores: SMART_FTL and SMART_CTA (ai/) and OWN_KIND hold."""
    parser = argparse.ArgumentParser(
        prog="python -m survivor_host.studies.search", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("themes", nargs="*", default=["ftl", "cta"], help="ftl, cta or both (default both)")
    parser.add_argument("--games-scale", type=float, default=1.0, help="multiply the games per evaluation")
    parser.add_argument("--mods", help="only these mod sets: 'none' or mods joined by '+', separated by ','")
    args = parser.parse_args(argv)
    unknown = [theme for theme in args.themes if theme not in MOD_SETS]
    if unknown:
        parser.error(f"the search tunes ftl and cta, not {', '.join(unknown)}")
    if not (math.isfinite(args.games_scale) and args.games_scale > 0):
        parser.error(f"--games-scale must be a number above 0, not {args.games_scale}")
    chosen = None if args.mods is None else {"" if m == "none" else m for m in args.mods.split(",")}
    named = {"+".join(mods) for theme in args.themes for mods in MOD_SETS[theme]}
    if chosen is not None and not chosen <= named:  # a typo would otherwise search nothing, silently
        sets = ", ".join(name or "none" for name in sorted(named))
        parser.error(f"--mods {args.mods!r} names a mod set not searched; the mod sets are: {sets}")
    own_kind: dict[tuple[str, tuple[str, ...]], tuple[tuple[float, ...], float]] = {}
    for theme in args.themes:
        for mods in MOD_SETS[theme]:
            if chosen is not None and "+".join(mods) not in chosen:
                continue
            first = versus_random(theme, mods, args.games_scale)
            replies = versus_own_kind(theme, mods, first.knobs, args.games_scale)
            table, reply = own_kind_of(replies)
            settled = "its own best reply" if reply.knobs == table else "the least exploited table tried"
            own_kind[(theme, mods)] = (table, round(reply.score, 3))
            print(
                f"{theme} {'+'.join(mods) or '(no mods)'}: smart ({_knobs(theme, first.knobs)}) x{first.score:.3f} "
                f"[{_sizes(first)}] among random; own kind ({_knobs(theme, table)}), {settled}: best reply "
                f"x{reply.score:.3f} [{_sizes(reply)}]",
                flush=True,
            )
            for tried, answer in replies:
                reply_text = f"best reply ({_knobs(theme, answer.knobs)}) x{answer.score:.3f}"
                print(f"    table ({_knobs(theme, tried)}): {reply_text}", flush=True)

    print("OWN_KIND entries:")
    for key, (table, score) in own_kind.items():
        print(f"    {key!r}: (({_knobs(key[0], table)}), {score}),")


if __name__ == "__main__":
    main()
