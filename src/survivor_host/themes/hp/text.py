"""Hot Potato in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.duels import present_duels
from survivor_host.engine.events import Event, Fact, Prompt, Roll, Say
from survivor_host.engine.render import join_names
from survivor_host.engine.voice import ask
from survivor_host.themes.hp.facts import Exploded, GameBegins, PassAsked, RoundBegins, Tossed
from survivor_host.themes.hp.rules import (
    PASSER_DIE,
    RECEIVER_DIE,
    TIMER_FLOOR,
    TIMER_RECEIVER_DIE,
    TIMER_START,
    TIMER_STEP,
    TOSSES,
    next_die,
)

RULES = (
    "Each round one player still in is drawn at random to hold the potato, and must pass it to someone in "
    f"the room. A pass is a roll-off, the passer's {PASSER_DIE} against the receiver's {RECEIVER_DIE} (equal "
    "rolls roll again): the passer must roll higher for the potato to move, else they keep it. After "
    f"{TOSSES} attempts the potato explodes on whoever holds it, and they are out. A holder who does not pass "
    "by the deadline is out. With two left the potato passes by itself. Last one standing wins."
)
TIMER_RULES = (
    "Each round one player still in is drawn at random to hold the potato, and must pass it to someone in "
    f"the room. A pass is a roll-off, the passer's die against the receiver's {TIMER_RECEIVER_DIE} (equal "
    f"rolls roll again). The passer's die starts each round at {TIMER_START} and falls by {TIMER_STEP} with "
    f"every pass that works, never below {TIMER_FLOOR}. The first pass that fails explodes the potato on its "
    "passer, who is out. A holder who does not pass by the deadline is out. With two left the potato passes "
    "by itself. Last one standing wins."
)


def rules_of(timer: bool) -> str:
    """The rules, of the Timer variation or not, as the opening states them."""
    return TIMER_RULES if timer else RULES


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    shown = present_duels(fact)
    if shown is not None:
        return shown
    match fact:
        case GameBegins(title=title, players=players, timer=timer):
            variation = " (Timer)" if timer else ""
            return [Say(f"**{title}**{variation} begins with {players} players."), Say(rules_of(timer))]
        case RoundBegins(number=number, players=players, holder=holder, timer=timer, tosses=tosses, die=die):
            until = (
                f"the passing die is {die}, and the first failed pass explodes it"
                if timer
                else f"it explodes after {tosses} attempts"
            )
            return [
                Say(f"**Round {number}:** {join_names(players)}."),
                Say(f"The potato lands on **{holder}** (drawn at random); {until}.", pack=True),
            ]
        case PassAsked(player=player, targets=targets, left=left, die=die, timer=timer):
            state = (
                f"your die is {die} against {TIMER_RECEIVER_DIE}"
                if timer
                else f"{_tosses(left)} left, this one included"
            )
            command = ask(["pass NAME"], by_pm=False)
            text = f"**{player}**, you hold the potato: {command} ({join_names(targets)}); {state}."
            return [Prompt(player, text, fact.actions, targets, secret=False)]
        case Tossed():
            return _tossed(fact)
        case Exploded(player=player):
            return [Say(f"**Boom!** The potato explodes on **{player}**, who is out.", pack=True)]
    raise TypeError(f"Hot Potato has no words for {fact!r}")


def _tosses(count: int) -> str:
    return f"{count} attempt{'s' if count != 1 else ''}"


def _tossed(toss: Tossed) -> list[Event]:
    """An attempt: who passes to whom, the rolls (passer first), ties, and what came of it."""
    if toss.auto:
        head = f"Two are left: the potato passes by itself from **{toss.passer}** to **{toss.receiver}**."
    else:
        head = f"**{toss.passer}** passes the potato to **{toss.receiver}**!"
    out: list[Event] = [Say(head, pack=True)]
    first, second = toss.dice
    for number, (mine, theirs) in enumerate(toss.pairs):
        out.append(Roll(toss.passer, first, mine, purpose="pass"))
        out.append(Roll(toss.receiver, second, theirs, purpose="pass"))
        if number + 1 < len(toss.pairs):
            out.append(Say(f"{mine} - {theirs}: a tie, both roll again.", pack=True))
    if toss.passed:
        held = f"The pass works: **{toss.receiver}** holds the potato"
        if toss.timer:
            die = next_die(first)
            change = f"falls to {die}" if die < first else f"stays at {die}, its lowest"
            return [*out, Say(f"{held}, and the passing die {change}.", pack=True)]
        more = f" ({_tosses(toss.left)} left)" if toss.left else ""
        return [*out, Say(f"{held}{more}.", pack=True)]
    if toss.timer:
        return [*out, Say("The pass fails!", pack=True)]
    more = f" ({_tosses(toss.left)} left)" if toss.left else ""
    return [*out, Say(f"The pass fails: **{toss.passer}** keeps the potato{more}.", pack=True)]
