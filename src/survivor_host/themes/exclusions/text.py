"""Exclusions in words: attacks name users by PM, the room sees duels by nickname, and a real name beside a
nickname only once its owner is out (or has won)."""

from __future__ import annotations

from survivor_host.engine.duel_facts import AttackAsked, AttacksIn, AttackTaken, GameBegins
from survivor_host.engine.duels import begins_shown, present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.nicknames import present_nicks
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask, privately
from survivor_host.themes.exclusions.facts import (
    AttacksBegin,
    Defended,
    Exposed,
    FinalPair,
    FoundOut,
    GuessAsked,
    Guessed,
    NoGuess,
    RoundBegins,
)

RULES = (
    f"First everyone sends me a secret nickname {privately()} (letters and digits, at most 15). Each round "
    f"every player sends me one attack {privately()}, on a player's real username. A nickname nobody "
    "attacked is exposed: a player drawn at "
    "random (never its owner) names in the room who they think owns it. Right, the owner is out; wrong, "
    "nothing happens; no guess by the deadline, the guesser is out. Then the attacks are fought in the order "
    "they were sent, each a duel of 100 vs 100 announced by nickname (the higher roll wins, equal rolls roll "
    "again): only a winning attacker puts anyone out; a target who wins just defends. Anyone without a "
    "nickname or an attack by the deadline is out. When two are left they duel, and either loser is out. "
    "Last one standing wins."
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
        case RoundBegins(number=number, names=names):
            return [Say(f"**Round {number}.** Still in: {', '.join(names)}. Attacks {privately()}, naming a username.")]
        case AttackAsked(player=player, targets=targets, round=number):
            text = f"Round {number}: {ask(['attack NAME'], by_pm=True)} with a username ({join_names(targets)})."
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case AttackTaken(target=target, again=again):
            said = "This round you" if again else "You"
            return [Say(f"{said} attack **{target}**. It is final for this round.", to=fact.to)]
        case AttacksIn(count=0):  # two left mid-round before anyone attacked: the final follows
            return [Say("No attacks were sent this round.")]
        case AttacksIn(count=count):
            return [Say(f"The attacks are in ({count}).")]
        case Exposed(nicks=nicks) if nicks:
            bold = join_names([f"**{nick}**" for nick in nicks])
            each = "each is guessed in turn" if len(nicks) > 1 else "it is guessed"
            return [Say(f"Nobody attacked {bold}: {each} before the attacks are fought.")]
        case Exposed():
            return [Say("Every nickname still in was attacked: nothing to guess.")]
        case GuessAsked(player=player, nick=nick, targets=targets):
            text = (
                f"**{player}**, nobody attacked **{nick}**: who is it? {ask(['suspect NAME'], by_pm=False)} "
                f"({join_names(targets)}): right, they are out; wrong, nothing happens; no guess in time, you are out."
            )
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case Guessed(player=player, nick=nick, suspect=suspect, correct=True):
            return [Say(f"**{player}** suspects **{suspect}** of being {nick}: correct!", pack=True)]
        case Guessed(player=player, nick=nick, suspect=suspect):
            return [Say(f"**{player}** suspects **{suspect}** of being {nick}: incorrect. Nothing happens.")]
        case FoundOut(player=player, nick=nick):
            return [Say(f"**{nick}** was **{player}**, who is out.", pack=True)]
        case NoGuess(player=player, nick=nick):
            return [Say(f"**{player}** never suspected anyone of being {nick}.", pack=True)]
        case AttacksBegin(count=count):
            return [
                Say(
                    f"The attacks begin ({count}), in the order they were sent."
                    if count
                    else "No attack is left to fight."
                )
            ]
        case Defended(target=target, attacker=attacker):
            return [Say(f"**{target}** defends against **{attacker}**: nobody is out.", pack=True)]
        case FinalPair(names=names):
            bold = join_names([f"**{name}**" for name in names])
            return [Say(f"Two are left, {bold}: the final, where either loser is out.")]
    raise TypeError(f"Exclusions has no words for {fact!r}")
