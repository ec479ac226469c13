"""Follow the Leader's exact odds (F5-F13): every figure a Fraction, computed, not sampled; the `odds` tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.odds import Section, battle_win
from survivor_host.themes.ftl.rules import (
    LEADER_BONUS,
    LEADER_DIE,
    PLAYER_DIE,
    SCAPEGOAT_SUSPECT_DIE,
    SCAPEGOAT_TARGET_DIE,
    START_DIE,
    STEP,
    SUSPECT_DIE,
    SUSPECTS_FROM,
)

DieDistribution = Mapping[int, Fraction]


def scapegoat_survival() -> Fraction:
    """The suspect's chance to win the scapegoat battle, 70 against 100 (F7)."""
    return battle_win(SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE)


def survival_probability(
    choice: str,
    dice: DieDistribution,
    leader_die: int = LEADER_DIE,
    leader_bonus: int = LEADER_BONUS,
) -> Fraction:
    """The exact chance that `choice` survives the leader's `leader_die+leader_bonus` roll (F6, F8).

    `dice` maps each die you may roll to its probability. A follower survives a roll not above
    the leader's, a rebel a roll not below it (a tie always survives).

    >>> survival_probability("follow", {150: Fraction(1)})
    Fraction(1, 2)
    """
    total = Fraction(0)
    for die, weight in dice.items():
        if weight == 0:
            continue
        good = 0
        for leader in range(1 + leader_bonus, leader_die + leader_bonus + 1):
            if choice == "follow":
                good += min(leader, die)
            else:
                good += max(0, die - max(leader, 1) + 1)
        total += weight * Fraction(good, leader_die * die)
    return total


def tug_die_distribution(choice: str, choosers: int, floor: int) -> dict[int, Fraction]:
    """The die you roll under Tug of War (F12) if you make `choice` among `choosers` choosers.

    Your place among the choosers in the shuffled order is uniform; each chooser before you rebels
    or follows with even odds; immune players do not move the running die.

    >>> tug_die_distribution("rebel", 1, 20)
    {130: Fraction(1, 1)}
    """
    places = tug_running_dice(choosers, floor)
    out: dict[int, Fraction] = {}
    for running in places:
        for die, weight in running.items():
            mine = max(die - STEP if choice == "rebel" else die + STEP, floor)
            out[mine] = out.get(mine, Fraction(0)) + weight / len(places)
    return dict(sorted(out.items()))


# ----- v2: every mod, as tables of exact fractions -----

CHOICE_NAMES = ("follow", "rebel")


def roll_outcomes(die: int, leader_die: int = LEADER_DIE, leader_bonus: int = LEADER_BONUS) -> dict[str, Fraction]:
    """P(a `die` roll is below, equal to, above the leader's `leader_die+leader_bonus` roll)."""
    below = equal = above = 0
    for leader in range(1 + leader_bonus, leader_die + leader_bonus + 1):
        below += max(0, min(leader - 1, die))
        equal += 1 if 1 <= leader <= die else 0
        above += max(0, die - max(leader, 0))
    total = leader_die * die
    return {"below": Fraction(below, total), "equal": Fraction(equal, total), "above": Fraction(above, total)}


def choice_outcomes(die: int) -> dict[str, dict[str, Fraction]]:
    """For follow and rebel with a `die`: out, tie (survives; immune from 4 players, F6), survive."""
    rolls = roll_outcomes(die)
    return {
        "follow": {"out": rolls["above"], "tie": rolls["equal"], "survive": rolls["below"]},
        "rebel": {"out": rolls["below"], "tie": rolls["equal"], "survive": rolls["above"]},
    }


def tug_running_dice(choosers: int, floor: int) -> list[dict[int, Fraction]]:
    """The running die each place in the Tug of War order faces (F12), the choosers before it 50/50.

    Entry `j` is the distribution of the running die the chooser at place `j + 1` moves from; a
    rebel then rolls it minus 20 (not below `floor`), a follower plus 20.
    """
    places: list[dict[int, Fraction]] = []
    running: dict[int, Fraction] = {START_DIE: Fraction(1)}
    for _place in range(max(choosers, 1)):
        places.append(dict(sorted(running.items())))
        step: dict[int, Fraction] = {}
        for die, weight in running.items():
            for move in (-STEP, STEP):
                nxt = max(die + move, floor)
                step[nxt] = step.get(nxt, Fraction(0)) + weight / 2
        running = step
    return places


def tug_dice(choosers: int, floor: int) -> list[int]:
    """Every die a chooser can roll under Tug of War with `choosers` choosers, down to the floor."""
    found: set[int] = set()
    for running in tug_running_dice(choosers, floor):
        for die in running:
            found.update((max(die - STEP, floor), die + STEP))
    return sorted(found)


@dataclass(frozen=True)
class Deposition:
    """No Mercy (F13): a round whose choosers all rebel."""

    any: Fraction
    """The chance the leader is deposed at least once."""
    expected: Fraction
    """The expected number of depositions in the round."""


def no_mercy_deposition(choosers: int, tug_of_war: bool = False, floor: int = 20) -> Deposition:
    """Depositions in a No Mercy round where all `choosers` rebel (each rolls 150, or the Tug of War die).

    A rebel deposes when their roll is above the standing leader's; their roll then stands.
    """
    dice = []
    running = START_DIE
    for _ in range(choosers):
        if tug_of_war:
            running = max(running - STEP, floor)
            dice.append(running)
        else:
            dice.append(PLAYER_DIE_150)
    top = max([LEADER_DIE + LEADER_BONUS, *dice])
    standing = [Fraction(0)] * (top + 1)
    for leader in range(1 + LEADER_BONUS, LEADER_DIE + LEADER_BONUS + 1):
        standing[leader] = Fraction(1, LEADER_DIE)
    expected = Fraction(0)
    for die in dice:
        nxt = [Fraction(0)] * (top + 1)
        carried = Fraction(0)  # sum over s < t of weight(s) / die: mass that moves up to t
        for t in range(top + 1):
            if t <= die and t >= 1:
                nxt[t] += carried
                expected += carried
            w = standing[t]
            if w:
                stay = Fraction(min(t, die), die)
                nxt[t] += w * stay
                carried += w / die
        standing = nxt
    return Deposition(any=1 - never_deposed(dice), expected=expected)


PLAYER_DIE_150 = 150


def never_deposed(dice: list[int]) -> Fraction:
    """The chance no rebel in turn rolls above the leader's roll (their die list in order)."""
    total = Fraction(0)
    for leader in range(1 + LEADER_BONUS, LEADER_DIE + LEADER_BONUS + 1):
        chance = Fraction(1)
        for die in dice:
            chance *= Fraction(min(leader, die), die)
        total += chance
    return total / LEADER_DIE


def ftl_sections(players: int, mods: Sequence[str], tug_floor: int = 20) -> list[Section]:
    """F5-F13: survival by choice and die, the scapegoat, Tug of War dice, No Mercy depositions, finals."""
    tug, mercy = "tug-of-war" in mods, "no-mercy" in mods
    choosers = players - 1
    sections: list[Section] = []
    plain = Section(
        "Against the leader's roll of 109+20 (F6): out / tie / survive",
        note="a tie survives and gives immunity when the round starts with 4 or more players",
    )
    suspecting = not (tug or mercy) and players >= SUSPECTS_FROM  # F4, F12, F13
    dice = [(PLAYER_DIE, "die 150"), *([(SUSPECT_DIE, "die 120 (suspect)")] if suspecting else [])]
    if not tug:
        for die, label in dice:
            for choice, values in choice_outcomes(die).items():
                plain.add(f"{choice:6s} {label}", values)
        sections.append(plain)
    if suspecting:
        scape = Section("Scapegoat battle, suspect 70 vs scapegoat 100 (F7, G1: ties re-rolled)")
        scape.add("the suspect wins", {"": scapegoat_survival()})
        sections.append(scape)
    if tug:
        table = Section(
            f"Tug of War (F12): every die a chooser can roll with {choosers} choosers, floor {tug_floor}",
            note="immune players roll 150 and do not move the running die",
        )
        for die in tug_dice(choosers, tug_floor):
            outcomes = choice_outcomes(die)
            table.add(
                f"die {die:3d}",
                {
                    "follow survives": 1 - outcomes["follow"]["out"],
                    "rebel survives": 1 - outcomes["rebel"]["out"],
                    "tie": outcomes["follow"]["tie"],
                },
            )
        sections.append(table)
        facing = Section(
            "Tug of War: the running die you move from, by your place in the order",
            note="every chooser before you follows or rebels with even odds",
        )
        for place, running in enumerate(tug_running_dice(choosers, tug_floor), start=1):
            facing.add(f"place {place:2d}", {f"{die}": weight for die, weight in running.items()})
        sections.append(facing)
        overall = Section("Tug of War: your chance to survive the leader's roll, your place random, others 50/50")
        for choice in ("follow", "rebel"):
            overall.add(choice, {"": survival_probability(choice, tug_die_distribution(choice, choosers, tug_floor))})
        sections.append(overall)
    if mercy:
        deposed = no_mercy_deposition(choosers, tug_of_war=tug, floor=tug_floor)
        table = Section(
            f"No Mercy (F13): a round with {choosers} choosers who all rebel" + (" (Tug of War dice)" if tug else ""),
        )
        table.add("the leader is deposed at least once", {"": deposed.any})
        sections.append(table)
        count = Section("No Mercy: the expected number of depositions in that round", percent=False)
        count.add("depositions", {"": deposed.expected})
        sections.append(count)
    finals = Section("Finals (F10, G1)")
    finals.add("150 vs 150: either player wins", {"": battle_win(150, 150)})
    sections.append(finals)
    return sections


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this game's table size, mods and Tug of War floor."""
    return ftl_sections(len(game.seats), game.mods, game.opt_int("tug_floor"))
