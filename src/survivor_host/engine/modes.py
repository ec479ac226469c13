"""The room's modes, as mods any theme may declare (modes.txt, BG13), implemented once here.

Golf: the lower roll wins a duel. Roll Switch: before each pair of rolls, re-rolls included, a fair
coin (a roll of 2: 1 is Regular, 2 is Golf) chooses the rule, and the room is told. Second Wind: every
player has two lives; a lost duel costs one, and only a player with none left is out. Equal rolls
roll again (G1). Golf with Roll Switch is refused (BG13); Second Wind combines with either.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from survivor_host.engine.dice import Dice
from survivor_host.engine.events import Event, Fact, Roll, Say
from survivor_host.engine.odds import Section, battle_win
from survivor_host.engine.theme import Conflict, ModSpec, RulesFn, mod_rules

GOLF = "golf"
ROLL_SWITCH = "roll-switch"
SECOND_WIND = "second-wind"
LIVES = 2
"""Second Wind: the lives each player starts with."""
MODE_SPECS: dict[str, ModSpec] = {
    GOLF: ModSpec(GOLF, "Golf", rule="in every duel the lower roll wins."),
    ROLL_SWITCH: ModSpec(
        ROLL_SWITCH,
        "Roll Switch",
        ("rs", "rollswitch"),
        "before each pair of rolls a fair coin picks Golf (lower wins) or Regular.",
    ),
    SECOND_WIND: ModSpec(
        SECOND_WIND,
        "Second Wind",
        ("sw", "secondwind"),
        f"everyone has {LIVES} lives; a lost duel costs one, idling costs all.",
    ),
}
HEART = "♥"
DUEL_DIE = 100


def mode_specs(*ids: str) -> tuple[ModSpec, ...]:
    """The declarations of the modes a theme allows, in the order given."""
    return tuple(MODE_SPECS[mode] for mode in ids)


def mode_conflicts(ids: Iterable[str]) -> tuple[Conflict, ...]:
    """BG13: Golf with Roll Switch is refused where a theme allows both."""
    allowed = set(ids)
    if {GOLF, ROLL_SWITCH} <= allowed:
        return (Conflict(GOLF, ROLL_SWITCH, "Roll Switch already chooses Golf or Regular"),)
    return ()


def starting_lives(mods: Sequence[str]) -> int:
    """Each player's lives at the start: two under Second Wind, else one."""
    return LIVES if SECOND_WIND in mods else 1


def hearts(lives: int) -> str:
    """Lives as shown after a name: `2♥`."""
    return f"{lives}{HEART}"


@dataclass(frozen=True, slots=True)
class RollPair:
    """One pair of rolls of a duel: the first side's, the second's, and whether the lower won (Golf).

    `switched`: the rule was drawn by Roll Switch's coin (and announced)."""

    first: int
    second: int
    golf: bool
    switched: bool = False


@dataclass(frozen=True, slots=True)
class Duel(Fact):
    """A duel of `first` against `second` (the first rolls first, BG4), every pair of rolls in order."""

    first: str
    second: str
    die: int
    pairs: tuple[RollPair, ...]
    winner: str
    loser: str

    def rolls(self) -> list[dict[str, int]]:
        """Each pair as the record shows it: `{first: roll, second: roll}`."""
        return [{self.first: pair.first, self.second: pair.second} for pair in self.pairs]

    def rules(self) -> list[str]:
        """Each pair's rule as the record shows it: `golf` or `regular`."""
        return ["golf" if pair.golf else "regular" for pair in self.pairs]


@dataclass(frozen=True, slots=True)
class LifeLost(Fact):
    """Second Wind: `player` lost a duel and has `left` lives (at least one: with none they are out)."""

    player: str
    left: int


@dataclass(frozen=True, slots=True)
class LivesTold(Fact):
    """Second Wind: `to` lost a duel (or a theme's clash or throw) and is told by PM how many lives are
    `left` (0: they are out), in words that fit each of them."""

    left: int


def fight(dice: Dice, first: str, second: str, mods: Sequence[str], die: int = DUEL_DIE) -> Duel:
    """A duel under the game's modes: the higher roll wins (Golf: the lower); equal rolls roll again."""
    pairs: list[RollPair] = []
    while True:
        switched = ROLL_SWITCH in mods
        golf = dice.roll(2, label="roll switch") == 2 if switched else GOLF in mods
        a, b = dice.roll_two(die, f"duel for {first}", die, f"duel for {second}")
        pairs.append(RollPair(a, b, golf, switched))
        if a != b:
            first_wins = (a < b) if golf else (a > b)
            winner, loser = (first, second) if first_wins else (second, first)
            return Duel(first, second, die, tuple(pairs), winner, loser)


RULE_WORDS = {True: "**Golf**: the lower roll wins.", False: "**Regular**: the higher roll wins."}


def duel_shown(duel: Duel) -> list[Event]:
    """A duel's rolls as the room sees them: each Roll Switch draw before its pair, each tie said."""
    out: list[Event] = []
    for number, pair in enumerate(duel.pairs):
        if number == 0 and pair.golf and not pair.switched:
            out.append(Say("Golf: the lower roll wins.", pack=True))
        if pair.switched:
            out.append(Say(f"Roll Switch: {RULE_WORDS[pair.golf]}", pack=True))
        out.append(Roll(duel.first, duel.die, pair.first, purpose="duel"))
        out.append(Roll(duel.second, duel.die, pair.second, purpose="duel"))
        if number + 1 < len(duel.pairs):
            out.append(Say(f"{pair.first} - {pair.second}: a tie, both roll again.", pack=True))
    return out


def present_mode(fact: Fact) -> list[Event] | None:
    """The modes' facts worded; None for any other fact."""
    match fact:
        case Duel():
            return duel_shown(fact)
        case LifeLost(player=player, left=left):
            lives = "life" if left == 1 else "lives"
            return [Say(f"**{player}** loses a life: {left} {lives} left ({hearts(left)}).", pack=True)]
        case LivesTold(left=0):
            return [Say("You lost your last life: you are out of the game.", to=fact.to)]
        case LivesTold(left=left):
            lives = "life" if left == 1 else "lives"
            return [Say(f"You lost a life: {left} {lives} left ({hearts(left)}).", to=fact.to)]
    return None


def mode_rules(mods: Sequence[str]) -> list[str]:
    """One sentence per mode in play, for a theme's rules line."""
    return mod_rules(list(MODE_SPECS.values()), mods)


def with_modes(rules: str, mods: Sequence[str]) -> str:
    """A duel theme's `rules` followed by the rule of each mode in play: what its opening and its `rules`
    answer state."""
    return " ".join([rules, *mode_rules(mods)])


def rules_with_modes(load: Callable[[], str]) -> Callable[[], RulesFn]:
    """A duel theme's `ThemeSpec.load_rules`: its rules text (`load`, imported on first use) followed by the
    rule of each mode in play, the words its opening states them in (`with_modes`)."""

    def loaded() -> RulesFn:
        rules = load()
        return lambda mods: with_modes(rules, mods)

    return loaded


def survive(duels: int, lives: int) -> Fraction:
    """The chance to come through `duels` even duels having lost fewer than `lives` of them."""
    kept = sum(math.comb(duels, lost) for lost in range(min(lives, duels + 1)))
    return Fraction(kept, 2**duels)


def final_win(mine: int, theirs: int) -> Fraction:
    """The chance to win a final of even duels repeated until one side has no lives: `mine` vs `theirs`."""
    if theirs == 0:
        return Fraction(1)
    if mine == 0:
        return Fraction(0)
    return (final_win(mine, theirs - 1) + final_win(mine - 1, theirs)) / 2


def duel_sections(mods: Sequence[str]) -> list[Section]:
    """The modes' exact odds: a duel is even under every rule (both roll the same die; Golf and Roll Switch
    only turn which end wins), so a player's chances rest on how many duels they fight and their lives."""
    rule = "Golf" if GOLF in mods else "Roll Switch" if ROLL_SWITCH in mods else "Regular"
    duel = Section(f"A duel, {DUEL_DIE} vs {DUEL_DIE} ({rule}; equal rolls roll again)")
    duel.add("the attacker wins", {"": battle_win(DUEL_DIE, DUEL_DIE)})
    lives = starting_lives(mods)
    rounds = Section(
        f"Coming through a round by the number of duels you fight ({lives} {'lives' if lives > 1 else 'life'})",
        note="your own attack is a duel unless its target is out first; each attack on you is another",
    )
    for duels in range(1, 6):
        rounds.add(f"{duels} duel{'s' if duels > 1 else ''}", {"": survive(duels, lives)})
    final = Section("The final: duels until one side has no lives left")
    for mine in range(1, lives + 1):
        for theirs in range(1, lives + 1):
            final.add(f"your {hearts(mine)} against {hearts(theirs)}", {"": final_win(mine, theirs)})
    return [duel, rounds, final]
