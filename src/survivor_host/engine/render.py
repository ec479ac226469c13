"""Plain-text wording of events, shared by the terminal and the Showdown bot."""

from __future__ import annotations

from collections.abc import Callable

from survivor_host.engine.events import (
    CardTold,
    DeadlineExtended,
    Eliminated,
    Event,
    Fact,
    GameOver,
    PhaseChanged,
    PlayerList,
    Prompt,
    Revealed,
    Roll,
    Say,
    Substituted,
)

Presenter = Callable[[Fact], list[Event]]
"""A theme's words: the events (lines, rolls, prompts) one fact is shown as."""

CARD_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King", 14: "14"}


def card_name(card: int) -> str:
    """`1` is Ace, `11` Jack, `12` Queen, `13` King; other cards are their number."""
    return CARD_NAMES.get(card, str(card))


def join_names(names: tuple[str, ...] | list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def roll_text(event: Roll) -> str:
    """`Roll (1 - 150) for Venus: 87`; with a bonus, `Roll (1 - 109)+20 for Venus: 107`."""
    bonus = f"+{event.plus}" if event.plus else ""
    return f"Roll (1 - {event.sides}){bonus} for {event.player}: {event.result}"


def render(event: Event) -> str | None:
    """The line a host would post for `event`; None for events that need no line."""
    match event:
        case Say(text=text):
            return text
        case Roll():
            return roll_text(event)
        case Prompt(text=text):
            return text
        case Eliminated(players=players, reason=reason):
            verb = "is" if len(players) == 1 else "are"
            return f"**{join_names(players)}** {verb} eliminated ({reason})."
        case PhaseChanged():
            return None
        case CardTold(text=text):
            return text
        case Revealed(cards=cards):
            shown = ", ".join(f"{name}: {card_name(card)}" for name, card in cards)
            return f"**Cards:** {shown}"
        case GameOver(winner=None):
            return "**The game was ended by the host.**"
        case GameOver(winner=winner, second=second):
            tail = f" Second place: **{second}**." if second else ""
            return f"**{winner} wins the game!**{tail}"
    return None


def present_common(fact: Fact) -> list[Event] | None:
    """The facts every theme shares, worded; None for a theme's own facts."""
    match fact:
        case Substituted(old=old, new=new):
            return [Say(f"**{new}** substitutes for **{old}**.", to=fact.to)]
        case DeadlineExtended(seconds=seconds):
            return [Say(f"The deadline is extended by {seconds} seconds.", to=fact.to)]
        case PlayerList(entries=entries):
            return [Say(f"**PL ({len(entries)}):** {', '.join(entries)}", to=fact.to)]
    return None


def present(facts: list[Event], theme: Presenter | None) -> list[Event]:
    """Facts worded by `theme` (and `present_common`); other events pass as they are."""
    out: list[Event] = []
    for event in facts:
        if not isinstance(event, Fact):
            out.append(event)
            continue
        shown = present_common(event)
        if shown is None:
            if theme is None:
                raise TypeError(f"no presenter for {event!r}")
            shown = theme(event)
        out.extend(shown)
    return out
