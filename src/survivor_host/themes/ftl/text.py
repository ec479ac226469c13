"""Follow the Leader in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.render import join_names
from survivor_host.themes.ftl.facts import (
    ChoiceAsked,
    ChoiceMade,
    ChoiceShown,
    ChoicesIn,
    ChoicesLocked,
    ChoicesOpened,
    ChoicesRevealed,
    DefaultChoice,
    Deposed,
    Depositions,
    FinalsBegin,
    GameBegins,
    ImmunityGained,
    LastStanding,
    LeaderChosen,
    LeaderHow,
    LeaderRolls,
    LeadTie,
    NextLeader,
    NoScapegoat,
    NoSuspectWhy,
    Outcome,
    RoundBegins,
    RoundJudged,
    RoundVoided,
    ScapegoatAsked,
    ScapegoatResolved,
    SeatBriefing,
    SuspectAsked,
    Suspected,
    VoteCast,
    VoteOpened,
    VotesCounted,
    VotingClosed,
)


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    to = fact.to
    match fact:
        case ChoiceAsked(player=player, round=number, leader=leader):
            text = f"Round {number}: do you follow or rebel? The leader is {leader}."
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case SuspectAsked(player=player):
            text = f"**{player}**, suspect a player with **suspect NAME**, or **nosuspect**."
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case ScapegoatAsked(player=player):
            text = f"**{player}**, you would be eliminated: name a **scapegoat NAME** or say **noscapegoat**."
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case ScapegoatResolved(suspect=suspect, target=target, rolls=rolls):
            return [Say(f"**{suspect}** names **{target}** as scapegoat: 70 vs 100!"), *rolls]
        case Deposed(by=by, lost=lost):
            said: list[Event] = [Say(f"**{by}** rolls above the leader and takes the lead!")]
            if lost:
                said.append(Say(f"Immunity gained against the deposed leader is lost: {join_names(lost)}."))
            return said
        case SeatBriefing():
            return _briefing(fact)
    line = _line(fact)
    return [] if line is None else [Say(line, to=to)]  # a fact the room is not told (it feeds the record)


def _line(fact: Fact) -> str | None:
    match fact:
        case GameBegins(title=title, mods=mods):
            return f"**{title}**{f' with {join_names(mods)}' if mods else ''} begins!"
        case VoteOpened():
            return "Vote for the first leader in chat with **vote NAME** (not yourself)."
        case VoteCast(target=target):
            return f"You vote for **{target}**."
        case VotingClosed():
            return "Time is up for votes."
        case VotesCounted(tally=tally):
            return f"Votes: {', '.join(f'{name} {count}' for name, count in tally)}."
        case LeaderChosen(leader=leader, how=LeaderHow.PICKED):
            return f"**{leader}** is picked as the first leader."
        case LeaderChosen(leader=leader, how=LeaderHow.NOBODY_VOTED):
            return f"Nobody voted, so **{leader}** is picked as the first leader."
        case LeaderChosen(leader=leader):
            return f"**{leader}** is the first leader."
        case RoundBegins(number=number, leader=leader, immune=immune):
            immune_text = f" Immune this round: {join_names(immune)}." if immune else ""
            return f"**Round {number}!** Leader: **{leader}**.{immune_text}"
        case ChoicesOpened():
            return "Everyone else: PM me **follow** or **rebel**."
        case ChoiceMade(choice=choice, changed=changed):
            return f"You {'changed your choice to' if changed else 'chose to'} **{choice}** this round."
        case DefaultChoice(choice=choice):
            return f"You did not choose in time, so you **{choice}**."
        case ChoicesIn():
            return "All choices are in."
        case Suspected(leader=leader, target=None, why=NoSuspectWhy.TIME):
            return f"**{leader}** suspects nobody in time."
        case Suspected(why=NoSuspectWhy.NOBODY_LEFT):
            return "Nobody is left to suspect."
        case Suspected(leader=leader, target=None):
            return f"**{leader}** suspects nobody."
        case Suspected(leader=leader, target=target):
            return f"**{leader}** suspects **{target}**, who rolls 120 this round."
        case LeaderRolls(leader=leader):
            return f"The leader **{leader}** rolls:"
        case ChoicesRevealed(followed=followed, rebelled=rebelled):
            shown = (("Followed", followed), ("Rebelled", rebelled))
            parts = [f"{label}: {', '.join(names)}." for label, names in shown if names]
            return " ".join(parts) if parts else "Nobody made a choice this round."
        case ChoiceShown(player=player, choice=choice):
            return f"{player} chose to {choice}."
        case NoScapegoat(suspect=suspect, in_time=True):
            return f"**{suspect}** names no scapegoat."
        case NoScapegoat(suspect=suspect):
            return f"**{suspect}** names no scapegoat in time."
        case RoundJudged(outcome=Outcome.REBELLION):
            return "**Rebellion!** Every rebel succeeded."
        case RoundJudged(outcome=Outcome.HANDOVER):
            return "**Peaceful Handover!** Everyone followed."
        case RoundJudged() | ChoicesLocked() | ImmunityGained() | Depositions():
            return None
        case LeadTie(players=players):
            return f"{join_names(players)} tie for the lead: roll battle of 100!"
        case NextLeader(leader=leader):
            return f"**{leader}** leads the next round."
        case RoundVoided(leader=leader):
            return f"The leader is gone: the round starts again, led by **{leader}**."
        case FinalsBegin(first=first, second=second):
            return f"**Finals:** {first} vs {second}, 150 each!"
        case LastStanding(winner=winner):
            return f"**{winner}** is the last one standing! Second place: roll battle of 150."
    raise TypeError(f"Follow the Leader has no words for {fact!r}")


def _briefing(fact: SeatBriefing) -> list[Event]:
    to = fact.to
    lines = [f"You now play in this seat of {fact.title}."]
    if fact.leader:
        lines.append("You are the leader.")
    if fact.immune:
        lines.append("You are immune this round: you make no choice.")
    if fact.voting:
        already = f" This seat voted for {fact.voted_for}." if fact.voted_for is not None else ""
        lines.append(f"Vote for the first leader with **vote NAME**.{already}")
    if fact.choice is not None:
        lines.append(f"Your choice this round: **{fact.choice}**.")
    return [Say(line, to=to) for line in lines]
