"""Russian Roulette in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.events import Event, Fact, Prompt, Roll, Say
from survivor_host.engine.modes import duel_shown
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask
from survivor_host.themes.rr.facts import (
    FinalBegins,
    GameBegins,
    LostSteal,
    NobodyToRob,
    Passed,
    Pulled,
    RoundBegins,
    Shot,
    Spent,
    StealFought,
    TurnAsked,
    TurnDrawn,
)
from survivor_host.themes.rr.rules import PASS, PULL, STEAL

RULES = (
    "Each round everyone still in takes one turn, in an order drawn at random. On your turn: **pull** (a roll "
    "of 1 to the chambers left; rolling the chambers left is a shot: you are out and the chamber goes back "
    "to 6; else it goes down by one), **pass** (once a game: safe this round), or, once your pass is used, "
    "**steal NAME** from someone who still holds theirs (once a game: 100 vs 100, the loser is out). At "
    "chamber 1 nobody pulls: with your pass you must pass, with your steal you must steal, with neither you "
    "are out. A player who does not act by the deadline is out. When two are left, the final: a fresh "
    "chamber of 6, no steals, turns alternate, and a finalist without a pass pulls at once. Last one alive wins."
)

WORDS = {PULL: "pull", PASS: "pass", STEAL: "steal NAME"}


def odds(chamber: int) -> str:
    return "where nobody pulls" if chamber == 1 else f"a pull is shot 1 time in {chamber}"


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    match fact:
        case GameBegins(title=title, players=players, chambers=chambers):
            return [Say(f"**{title}** begins with {players} players and {chambers} chambers."), Say(RULES)]
        case RoundBegins(number=number, players=players, passed=passed):
            listed = [f"{name} (pass used)" if name in passed else name for name in players]
            return [Say(f"**Round {number}:** {', '.join(listed)}.")]
        case FinalBegins(players=players, first=first, chambers=chambers):
            return [
                Say(
                    f"**Final:** {join_names(players)}. No more steals; the chamber is reset to {chambers}. "
                    f"Drawn at random to go first: **{first}**."
                )
            ]
        case TurnDrawn(player=player, chamber=chamber, drawn_from=drawn_from, final=final):
            if final or len(drawn_from) < 2:
                how = "" if final else " (the last to act this round)"
            else:
                how = f" (drawn at random from {join_names(drawn_from)})"
            return [Say(f"**{player}** is up{how}: chamber **{chamber}**, {odds(chamber)}.", pack=True)]
        case TurnAsked(player=player, actions=actions, targets=targets, chamber=chamber):
            whom = f" ({join_names(targets)})" if targets else ""
            text = (
                f"**{player}**, your turn at chamber {chamber}: {ask([WORDS[a] for a in actions], by_pm=False)}{whom}."
            )
            return [Prompt(player, text, actions, targets, secret=False)]
        case Pulled(player=player, chamber=chamber, roll=roll, forced=forced):
            told = forced and chamber > 1  # at chamber 1 `NobodyToRob` said why
            lead = [Say(f"**{player}** has no pass left: the trigger is pulled for them.", pack=True)] if told else []
            if fact.shot:
                verdict = Say("**BANG!**", pack=True)
            else:
                verdict = Say(f"*Click.* **{player}** is safe; the chamber goes down to {chamber - 1}.", pack=True)
            return [*lead, Roll(player, chamber, roll, purpose="pull"), verdict]
        case Passed(player=player, chamber=chamber, forced=forced):
            why = "At chamber 1 nobody pulls: " if forced else ""
            return [Say(f"{why}**{player}** uses their one pass and is safe; the chamber stays at {chamber}.")]
        case StealFought(duel=duel):
            return [Say(f"**{duel.first}** tries to steal **{duel.second}**'s pass!", pack=True), *duel_shown(duel)]
        case NobodyToRob(player=player):
            return [Say(f"At chamber 1 **{player}** must steal, but nobody has a pass left: the trigger is pulled.")]
        case Shot(player=player, final=final):
            tail = "" if final else " The chamber is reset to 6."
            return [Say(f"**{player}** is shot and out.{tail}")]
        case LostSteal(player=player, winner=winner, stealer=stealer):
            how = "keeps their pass" if stealer else "wins the roll-off"
            return [Say(f"**{winner}** {how}: **{player}** is out.")]
        case Spent(player=player, reset=reset):
            has = "pass and steal are" if reset else "pass is"
            tail = " The chamber is reset to 6." if reset else ""
            return [Say(f"At chamber 1 nobody pulls, and **{player}**'s {has} used: out.{tail}")]
    raise TypeError(f"Russian Roulette has no words for {fact!r}")
