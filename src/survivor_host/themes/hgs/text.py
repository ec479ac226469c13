"""Hunger Games Spotlight in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.duel_facts import GameBegins
from survivor_host.engine.duels import begins_shown, present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.modes import hearts
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask
from survivor_host.themes.hgs.facts import AttackAsked, SpotlightOn

RULES = (
    "Each turn one player still in is drawn at random (anyone, every turn, even if drawn before) and must "
    "attack someone in the room. The two duel, 100 vs 100 (the higher roll wins, equal rolls roll again), "
    "and the loser is out, attacker or target. The first valid attack is final; a player drawn who does not "
    "attack by the deadline is out. When two are left, they duel. Last one standing wins."
)


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    shown = present_duels(fact)
    if shown is not None:
        return shown
    match fact:
        case GameBegins(title=title, players=players, mods=mods):
            return begins_shown(title, players, mods, RULES)
        case SpotlightOn(number=number, player=player, players=players, lives=lives):
            listed = (
                [f"{name} {hearts(count)}" for name, count in zip(players, lives, strict=True)] if lives else players
            )
            drawn = f"drawn at random from {', '.join(listed)}"
            return [Say(f"**Turn {number}:** {drawn}: the spotlight is on **{player}**.")]
        case AttackAsked(player=player, targets=targets):
            text = (
                f"**{player}**, you are in the spotlight: {ask(['attack NAME'], by_pm=False)} ({join_names(targets)})."
            )
            return [Prompt(player, text, fact.actions, targets, secret=False)]
    raise TypeError(f"Hunger Games Spotlight has no words for {fact!r}")
