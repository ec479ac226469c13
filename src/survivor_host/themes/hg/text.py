"""Hunger Games in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.duel_facts import (
    AttackAsked,
    AttacksIn,
    AttackTaken,
    GameBegins,
    RoundBegins,
)
from survivor_host.engine.duels import begins_shown, present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask, privately

RULES = (
    f"Each round, every player attacks one other player {privately()}. The attacks are fought in the order they "
    "were sent, each a duel of 100 vs 100 (the higher roll wins, equal rolls roll again), and the loser is "
    "out, attacker or target. An attack whose attacker or target is already out is dropped. Anyone who has "
    "not attacked by the deadline is out before any duel. When two are left, they duel. Last one standing wins."
)


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    shown = present_duels(fact)
    if shown is not None:
        return shown
    match fact:
        case GameBegins(title=title, players=players, mods=mods):
            return begins_shown(title, players, mods, RULES)
        case RoundBegins(number=number):
            return [Say(f"**Round {number}.**")]
        case AttackAsked(player=player, targets=targets, round=number):
            text = (
                f"Round {number}: {ask(['attack NAME'], by_pm=True)} to choose whom you attack ({join_names(targets)})."
            )
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case AttackTaken(target=target, again=again):
            said = "This round you attack" if again else "You attack"
            return [Say(f"{said} **{target}**. It is final for this round.", to=fact.to)]
        case AttacksIn(count=0):  # two left mid-round before anyone attacked: the final follows
            return [Say("No attacks were sent this round.")]
        case AttacksIn(count=count):
            return [Say(f"The attacks are in ({count}): they are fought in the order they were sent.")]
    raise TypeError(f"Hunger Games has no words for {fact!r}")
