"""Hunger Games Anon in words: the room sees nicknames, and a real name beside one only once out."""

from __future__ import annotations

from survivor_host.engine.duel_facts import AttackAsked, AttacksIn, GameBegins
from survivor_host.engine.duels import begins_shown, present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.modes import hearts
from survivor_host.engine.nicknames import present_nicks
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask, privately
from survivor_host.themes.hga.facts import AttackTaken, RoundBegins

RULES = (
    f"First everyone sends me a secret nickname {privately()} (letters and digits, at most 15). Then each "
    f"round every player attacks one nickname {privately()}; the attacks are fought in the order they "
    "were sent, each a duel of 100 vs "
    "100 (the higher roll wins, equal rolls roll again) announced by nickname, and the loser is out, "
    "attacker or target: only then is their real name told. Anyone without a nickname or an attack by the "
    "deadline is out. When two are left, they duel. Last one standing wins."
)


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    shown = present_duels(fact)
    if shown is None:
        shown = present_nicks(fact)
    if shown is not None:
        return shown
    match fact:
        case GameBegins(title=title, players=players, mods=mods):
            return begins_shown(title, players, mods, RULES)
        case RoundBegins(number=number, nicks=nicks, names=names, lives=lives):
            listed = [f"{nick} {hearts(count)}" for nick, count in zip(nicks, lives, strict=True)] if lives else nicks
            return [
                Say(f"**Round {number}.** **Nicks:** {', '.join(listed)}"),
                Say(f"**Names:** {', '.join(names)}"),
            ]
        case AttackAsked(player=player, targets=targets, round=number):
            text = f"Round {number}: {ask(['attack NICKNAME'], by_pm=True)} ({join_names(targets)})."
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case AttackTaken(by=by, target=target, again=again):
            said = "This round you" if again else "You"
            return [Say(f"{said} ({by}) attack **{target}**. It is final for this round.", to=fact.to)]
        case AttacksIn(count=0):  # two left mid-round before anyone attacked: the final follows
            return [Say("No attacks were sent this round.")]
        case AttacksIn(count=count):
            return [Say(f"The attacks are in ({count}): they are fought in the order they were sent.")]
    raise TypeError(f"Hunger Games Anon has no words for {fact!r}")
