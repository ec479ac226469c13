"""Rock, Paper, Scissors in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.duel_facts import RoundBegins, dropped_shown
from survivor_host.engine.duels import present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Roll, Say
from survivor_host.engine.modes import LIVES, MODE_SPECS, SECOND_WIND, hearts
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask, privately
from survivor_host.themes.rps.facts import (
    AttackAsked,
    AttackDropped,
    AttacksIn,
    AttackTaken,
    Clash,
    FinalBegins,
    GameBegins,
    SameWeapon,
    ThrowAsked,
    Thrown,
    ThrowTaken,
)
from survivor_host.themes.rps.rules import BEATS, FAVOURED_DIE, LIZARD_SPOCK_MOD, OTHER_DIE

USAGE = "attack NAME, WEAPON"


def beat(weapon: str) -> str:
    """`rock beats`, `scissors beat`."""
    return f"{weapon} beat" if weapon.endswith("s") else f"{weapon} beats"


TITLES = {**{mod: spec.title for mod, spec in MODE_SPECS.items()}, LIZARD_SPOCK_MOD.id: LIZARD_SPOCK_MOD.title}


def rules_text(weapons: Sequence[str], mods: Sequence[str]) -> str:
    """The rules as the room reads them at the start, with the weapons of the variant and the modes in play."""
    matchups = "; ".join(f"{beat(weapon)} {' and '.join(sorted(BEATS[weapon] & set(weapons)))}" for weapon in weapons)
    said = [
        f"Each round, every player sends one attack {privately()}: a target and a weapon "
        f"({join_names(list(weapons))}; {matchups}). "
        "Your weapon also defends you against every attack on you that round. Attacks are resolved in the order "
        "they were sent: the same weapon does nothing; otherwise the player whose weapon wins the matchup rolls "
        f"{FAVOURED_DIE} against the other's {OTHER_DIE} (equal rolls roll again), and only that player can "
        "eliminate the other, by winning the roll. Anyone who has not attacked by the deadline is out before "
        "any attack. The last two throw against each other, no dice: the stronger weapon wins, the same weapon "
        "throws again. "
        "Last one standing wins."
    ]
    if SECOND_WIND in mods:
        said.append(
            f"Second Wind: everyone has {LIVES} lives; a lost clash or a lost throw of the final costs one, "
            "idling costs all."
        )
    return " ".join(said)


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    shown = present_duels(fact)
    if shown is not None:
        return shown
    match fact:
        case GameBegins(title=title, players=players, mods=mods, weapons=weapons):
            with_mods = f" ({join_names([TITLES[mod] for mod in mods])})" if mods else ""
            return [Say(f"**{title}**{with_mods} begins with {players} players."), Say(rules_text(weapons, mods))]
        case RoundBegins(number=number):
            return [Say(f"**Round {number}.**")]
        case AttackAsked(player=player, targets=targets, round=number, weapons=weapons):
            text = (
                f"Round {number}: {ask([USAGE], by_pm=True)} to choose whom you attack ({join_names(targets)}) "
                f"and your weapon ({join_names(weapons)}), which also defends you this round."
            )
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case AttackTaken(target=target, weapon=weapon, again=again):
            said = "This round you attack" if again else "You attack"
            return [Say(f"{said} **{target}** with **{weapon}**. It is final for this round.", to=fact.to)]
        case AttacksIn(count=0):  # two left mid-round before anyone attacked: the final follows
            return [Say("No attacks were sent this round.")]
        case AttacksIn(count=count):
            return [Say(f"The attacks are in ({count}): they are resolved in the order they were sent.")]
        case AttackDropped(by=by, target=target, out=()):
            return [Say(f"The attack of **{by}** on **{target}** is dropped: {target} sent no weapon.", pack=True)]
        case AttackDropped(by=by, target=target, out=out):
            return [dropped_shown(by, target, out)]
        case SameWeapon(attacker=attacker, target=target, weapon=weapon):
            return [Say(f"**{attacker}** attacks **{target}**: both chose **{weapon}**, nothing happens.", pack=True)]
        case Clash():
            return clash_shown(fact)
        case FinalBegins(first=first, second=second, lives=lives):
            names = [first, second]
            if lives:
                names = [f"{name} {hearts(count)}" for name, count in zip(names, lives, strict=True)]
            until = ", until one has no lives left" if lives else ""
            return [Say(f"**Final:** {names[0]} vs {names[1]}: straight throws, no dice{until}.")]
        case ThrowAsked(player=player, targets=weapons, opponent=opponent):
            how = ask(["throw WEAPON"], by_pm=True)
            text = f"Final: {how} to choose your weapon against {opponent} ({join_names(weapons)})."
            return [Prompt(player, text, fact.actions, weapons, fact.by_pm)]
        case ThrowTaken(weapon=weapon, again=again):
            said = "You have thrown" if again else "You throw"
            return [Say(f"{said} **{weapon}**.", to=fact.to)]
        case Thrown(first=first, second=second, weapons=(one, two), winner=None):
            return [Say(f"**{first}** and **{second}** both throw **{one}**: they throw again.")]
        case Thrown(first=first, second=second, weapons=(one, two)):
            strong, weak = (one, two) if fact.winner == first else (two, one)
            return [Say(f"**{first}** throws **{one}**, **{second}** throws **{two}**: {beat(strong)} {weak}.")]
    raise TypeError(f"Rock, Paper, Scissors has no words for {fact!r}")


def clash_shown(fact: Clash) -> list[Event]:
    """A clash: who attacks whom with what, who holds the stronger weapon, the rolls, and (when nobody loses)
    why: the target held the attack off, or the attacker won the roll but held the weaker weapon."""
    a, t = fact.attacker, fact.target
    other = t if fact.favoured == a else a
    weapon, defence = fact.weapons
    strong, weak = (weapon, defence) if fact.favoured == a else (defence, weapon)
    out: list[Event] = [
        Say(f"**{a}** ({weapon}) attacks **{t}** ({defence})!", pack=True),
        Say(
            f"{beat(strong).capitalize()} {weak}: {fact.favoured} rolls {FAVOURED_DIE}, {other} {OTHER_DIE}.", pack=True
        ),
    ]
    for number, (first, second) in enumerate(fact.rolls):
        out += [Roll(a, fact.dice[0], first, purpose="clash"), Roll(t, fact.dice[1], second, purpose="clash")]
        if number + 1 < len(fact.rolls):
            out.append(Say(f"{first} - {second}: a tie, both roll again.", pack=True))
    if fact.loser is None and fact.roll_winner == t:
        out.append(Say(f"**{t}** holds off the attack: nobody is out.", pack=True))
    elif fact.loser is None:
        out.append(Say(f"**{a}** wins the roll, but {weak} cannot beat {strong}: nobody is out.", pack=True))
    return out
