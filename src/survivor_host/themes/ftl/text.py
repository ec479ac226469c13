"""Follow the Leader in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.events import Event, Fact, Prompt, Say
from survivor_host.engine.render import battle_shown, join_names
from survivor_host.engine.voice import ask, command
from survivor_host.themes.ftl.facts.choices import (
    ChoiceAsked,
    ChoiceMade,
    ChoicesIn,
    ChoicesLocked,
    ChoicesOpened,
    DefaultChoice,
    NoScapegoat,
    ScapegoatAsked,
    ScapegoatResolved,
    SuspectAsked,
    Suspected,
)
from survivor_host.themes.ftl.facts.course import (
    FinalsBegin,
    GameBegins,
    LastStanding,
    LeaderChosen,
    RoundBegins,
    RoundVoided,
    SeatBriefing,
    VoteCast,
    VoteOpened,
    VotesCounted,
    VoteTie,
    VoteVoided,
    VotingClosed,
)
from survivor_host.themes.ftl.facts.kinds import LeaderHow, LeadWhy, NoSuspectWhy, Outcome
from survivor_host.themes.ftl.facts.rolls import (
    ChoiceShown,
    ChoicesRevealed,
    Deposed,
    DeposedBy,
    Depositions,
    FollowedAbove,
    ImmunityGained,
    LeaderRolls,
    LeadTie,
    NextLeader,
    Overthrown,
    RebelledBelow,
    RoundJudged,
    RoundRolled,
    ScapegoatLost,
    SuspectCaught,
    TiedForImmunity,
    TiedNoImmunity,
)
from survivor_host.themes.ftl.table import round_table

LEAD_WHY = {
    LeadWhy.LOWEST: "the lowest roll",
    LeadWhy.HIGHEST: "the highest roll",
    LeadWhy.HIGHEST_REBEL: "the highest rebel roll",
}
UNLESS = "out, unless a scapegoat goes instead."
DIE_GLOSSARY = "The leader's die 109+20 is a roll of 1 to 109, plus 20; the others roll the die shown."
PACKED = (
    VoteTie,
    ChoicesIn,
    TiedForImmunity,
    TiedNoImmunity,
    SuspectCaught,
    FollowedAbove,
    RebelledBelow,
    ScapegoatLost,
    Overthrown,
    DeposedBy,
    RoundJudged,
    LeadTie,
    NextLeader,
    NoScapegoat,
)
"""Facts whose line the room may put on one line with its neighbours (within the line limit)."""
TABLED = (LeaderRolls, ChoicesRevealed, ChoiceShown)
"""Facts whose line the round's table also shows: packed, and left out where the table is shown."""


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    to = fact.to
    match fact:
        case ChoiceAsked(player=player, round=number, leader=leader):
            text = f"Round {number}: do you follow or rebel? The leader is {leader}."
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case SuspectAsked(player=player):
            text = f"**{player}**, suspect a player with {command(['suspect NAME'])}, or {command(['nosuspect'])}."
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case ScapegoatAsked(player=player):
            text = (
                f"**{player}**, you would be eliminated: name a scapegoat with {command(['scapegoat NAME'])}, "
                f"or {command(['noscapegoat'])}."
            )
            return [Prompt(player, text, fact.actions, fact.targets, fact.by_pm)]
        case ScapegoatResolved(suspect=suspect, target=target, rolls=rolls, loser=loser):
            last = {roll.player: roll.result for roll in rolls[-2:]}
            winner = target if loser == suspect else suspect
            survives = ", and survives" if winner == suspect else ""
            return [
                Say(f"**{suspect}** names **{target}** as scapegoat: 70 vs 100!", pack=True),
                *battle_shown(rolls),
                Say(f"**{winner}** wins the scapegoat battle, {last[winner]} to {last[loser]}{survives}.", pack=True),
            ]
        case Deposed(by=by, lost=lost, leader=leader, roll=roll, against=against):
            said: list[Event] = [
                Say(f"**{by}** rebelled and rolled {roll}, above **{leader}**'s {against}: **{by}** takes the lead!")
            ]
            if lost:
                said.append(
                    Say(
                        f"Immunity cancelled: {join_names(lost)} tied the deposed leader's {against}; "
                        "they stay in, but are not immune.",
                        pack=True,
                    )
                )
            return said
        case RoundRolled(number=1):  # the leader's die explained once, after the first table
            return [round_table(fact), Say(DIE_GLOSSARY)]
        case RoundRolled():
            return [round_table(fact)]
        case SeatBriefing():
            return _briefing(fact)
    line = _line(fact)
    if line is None:
        return []  # a fact the room is not told (it feeds the record)
    return [Say(line, to=to, pack=isinstance(fact, PACKED + TABLED), tabled=isinstance(fact, TABLED))]


def _line(fact: Fact) -> str | None:
    match fact:
        case GameBegins(title=title, mods=mods):
            return f"**{title}**{f' with {join_names(mods)}' if mods else ''} begins!"
        case VoteOpened():
            return f"Vote for the first leader: {ask(['vote NAME'], by_pm=False)} (not yourself)."
        case VoteCast(target=target):
            return f"You vote for **{target}**."
        case VoteVoided(target=target):
            return f"**{target}** is out, so your vote no longer counts. Vote again: {ask(['vote NAME'], by_pm=False)}."
        case VotingClosed():
            return "Time is up for votes."
        case VotesCounted(tally=tally):
            return f"Votes: {', '.join(f'{name} {count}' for name, count in tally)}."
        case VoteTie(players=players, votes=votes):
            each = f"{votes} vote{'s' if votes > 1 else ''} each"
            return f"{join_names(players)} tie with {each}: roll battle of 100 among them!"
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
            return f"Everyone else: {ask(['follow', 'rebel'], by_pm=True)}."
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
        case TiedForImmunity(player=player, roll=roll, again=True):
            return f"**{player}** tied the leader's {roll} again: immune next round too."
        case TiedForImmunity(player=player, roll=roll):
            return f"**{player}** tied the leader's {roll}: immune this round and next."
        case TiedNoImmunity(player=player, roll=roll):
            return f"**{player}** tied the leader's {roll}: safe (no immunity with 3 players or fewer)."
        case FollowedAbove(player=player, roll=roll, against=against):
            return f"**{player}** followed and rolled {roll}, above the leader's {against}: eliminated."
        case RebelledBelow(player=player, roll=roll, against=against):
            return f"**{player}** rebelled and rolled {roll}, below the leader's {against}: eliminated."
        case ScapegoatLost(player=player, winner=winner, suspect=True, mine=mine, theirs=theirs):
            return f"**{player}** lost the scapegoat battle to {winner}, {mine} to {theirs}: eliminated."
        case ScapegoatLost(player=player, winner=winner, mine=mine, theirs=theirs):
            return (
                f"**{player}** lost the scapegoat battle to {winner}, {mine} to {theirs}: "
                f"eliminated in {winner}'s place."
            )
        case SuspectCaught(cause=FollowedAbove(player=player, roll=roll, against=against)):
            return f"**{player}** (suspect) followed and rolled {roll}, above the leader's {against}: {UNLESS}"
        case SuspectCaught(cause=RebelledBelow(player=player, roll=roll, against=against)):
            return f"**{player}** (suspect) rebelled and rolled {roll}, below the leader's {against}: {UNLESS}"
        case Overthrown(leader=leader):
            return f"**{leader}** is overthrown by the rebellion: eliminated."
        case DeposedBy(leader=leader, by=by, roll=roll, against=against):
            return f"**{leader}** is deposed by **{by}** ({roll}, above {against}): eliminated."
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
        case RoundJudged(outcome=Outcome.REBELLION, rebels=rebels, leader_roll=roll):
            return f"**Rebellion!** Every rebel ({join_names(rebels)}) rolled at least the leader's {roll}."
        case RoundJudged(outcome=Outcome.HANDOVER, leader=leader):
            return f"**Peaceful Handover!** Everyone followed: the leader **{leader}** stays in."
        case RoundJudged(outcome=Outcome.NORMAL, leader=leader, failed=failed, leader_roll=roll) if failed:
            were = "was" if len(failed) == 1 else "were"
            return (
                f"No Rebellion: {join_names(failed)} rebelled and {were} below the leader's {roll}, "
                f"so the leader **{leader}** stays in."
            )
        case RoundJudged(outcome=Outcome.NORMAL, leader=leader, rebels=rebels) if rebels:
            return f"No Rebellion: nobody is left standing beside the leader, so **{leader}** stays in."
        case RoundJudged(outcome=Outcome.NORMAL, leader=leader):
            return f"Nobody made a choice: the leader **{leader}** stays in."
        case RoundJudged() | ChoicesLocked() | ImmunityGained() | Depositions():
            return None
        case LeadTie(players=players, roll=roll, why=why):
            return f"{join_names(players)} tie for {LEAD_WHY[why]} ({roll}): roll battle of 100 among them!"
        case NextLeader(leader=leader, why=LeadWhy.DEPOSED, roll=roll):
            return f"**{leader}** deposed the leader and leads the next round (their {roll} stood)."
        case NextLeader(leader=leader, why=None):
            return f"**{leader}** leads the next round."
        case NextLeader(leader=leader, why=why, roll=roll, tie_break=True) if why is not None:
            return f"**{leader}** won the tie-break for {LEAD_WHY[why]} ({roll}) and leads the next round."
        case NextLeader(leader=leader, why=why, roll=roll) if why is not None:
            return f"**{leader}** leads the next round: {LEAD_WHY[why]}, {roll}."
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
        lines.append(f"Vote for the first leader: {ask(['vote NAME'], by_pm=False)}.{already}")
    if fact.choice is not None:
        lines.append(f"Your choice this round: **{fact.choice}**.")
    return [Say(line, to=to) for line in lines]
