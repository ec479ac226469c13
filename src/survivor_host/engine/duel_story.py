"""The duel games' rounds on the replay page (every value escaped): attacks in the order sent, duels in
the order fought with each pair's rule (Golf, or what the Roll Switch coin chose), lives as hearts under
Second Wind, the final duel and a last battle. A theme's story picks these by its round's keys."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from survivor_host.engine.modes import hearts
from survivor_host.engine.story import Show, e, names, pairs, told

RULE = {"golf": "Golf: lower wins", "regular": "Regular: higher wins"}


def with_hearts(rnd: Mapping[str, Any], key: str) -> str:
    """The players in `rnd[key]`, each with their lives as hearts when the round records lives."""
    lives = rnd.get("lives")
    players = rnd.get(key)
    if not isinstance(lives, Mapping) or not isinstance(players, list):
        return names(players)
    return ", ".join(f"{e(p)} {e(hearts(lives[p]))}" if isinstance(lives.get(p), int) else e(p) for p in players)


def attacks(value: object) -> str:
    """`A → B, C → D`: who attacked whom, in the order sent."""
    if not isinstance(value, list) or not value:
        return "none"
    return ", ".join(f"{e(a.get('by'))} → {e(a.get('target'))}" for a in value if isinstance(a, Mapping))


def as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def one_duel(duel: Mapping[str, Any], final: bool) -> str:
    """`A attacks B: A 30 vs B 70 (Regular: …); B wins; A is out` (a tie: the pair again)."""
    rules = as_list(duel.get("rules"))
    rolls = as_list(duel.get("rolls"))
    told_pairs = []
    for index, pair in enumerate(rolls):
        rule = rules[index] if index < len(rules) else None
        shown = " vs ".join(f"{e(k)} {e(v)}" for k, v in pair.items()) if isinstance(pair, Mapping) else e(pair)
        told_pairs.append(shown + (f" ({e(RULE.get(str(rule), rule))})" if rule is not None else ""))
    verb = "duels" if final else "attacks"
    head = f"{e(duel.get('attacker'))} {verb} {e(duel.get('target'))}"
    left = duel.get("lives_left")
    loser = e(duel.get("loser"))
    loss = f"{loser} is out" if left == 0 else f"{loser} loses a life ({e(hearts(left))} left)" if isinstance(
        left, int) else f"{loser} loses"  # fmt: skip
    return f"{head}: {'; tie, again: '.join(told_pairs) or 'no rolls'}; {e(duel.get('winner'))} wins; {loss}"


def duels(value: object, final: bool = False) -> str:
    """Every duel of the round, in the order fought."""
    if not isinstance(value, list) or not value:
        return "none"
    return " · ".join(one_duel(d, final) for d in value if isinstance(d, Mapping))


def last_battle(value: object) -> str:
    """Everyone left went out together: one battle of 100 among them decides the winner."""
    if not isinstance(value, Mapping):
        return names(value)
    return f"{names(value.get('players'))}: {pairs(value.get('rolls'))}; {e(value.get('winner'))} wins"


def duel_round(
    rnd: Mapping[str, Any], before: Sequence[tuple[str, str, Show]], after: Sequence[tuple[str, str, Show]] = ()
) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The facts of a duel round: `before` (the theme's), the attacks, the duels, who went out, `after`;
    and the keys told, so the theme shows the rest as data."""
    final = rnd.get("final") is True
    fields: list[tuple[str, str, Show]] = [
        *before,
        ("attacks", "Attacks, in the order sent", attacks),
        ("dropped", "Attacks not fought (a side was already out)", attacks),
        ("duels", "The final duel" if final else "Duels, in the order fought", lambda v: duels(v, final)),
        ("last_battle", "Last battle (everyone left went out together)", last_battle),
        ("eliminated", "Out, in the order they went out", names),
        ("idle", "Out for not attacking in time", names),
        ("modkilled", "Modkilled", names),
        *after,
    ]
    empty = {key for key, value in rnd.items() if value == []}
    skipped = {"dropped", "idle", *(("attacks",) if final else ())} & empty
    shown = [field for field in fields if field[0] not in skipped]
    return told(rnd, shown), ("number", "final", "lives", *(key for key, _, _ in fields))
