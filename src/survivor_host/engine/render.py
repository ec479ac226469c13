"""Plain-text wording of events, shared by the terminal and the Showdown bot."""

from __future__ import annotations

from collections.abc import Callable

from survivor_host.engine.events import (
    Battle,
    CardTold,
    Cause,
    DeadlineExtended,
    Eliminated,
    Event,
    Fact,
    GameOver,
    HostWords,
    IdleOut,
    PhaseChanged,
    PlayerList,
    Prompt,
    Revealed,
    Roll,
    RoundTable,
    Say,
    SeatTaken,
    Substituted,
)

Presenter = Callable[[Fact], list[Event]]
"""A theme's words: the events (lines, rolls, prompts) one fact is shown as."""

CARD_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
FOURTEEN = 14
"""The card a mod may add to the deal; the game names it (`Jester`, `Joker`) in the facts that carry it."""
PL_GLOSSARY = "(PL: the player list, everyone still in the game.)"
"""Said once a game, after its first player list."""


def card_name(card: int, fourteen: str = str(FOURTEEN)) -> str:
    """`1` is Ace, `11` Jack, `12` Queen, `13` King, `14` what the game calls it (`fourteen`: Jester,
    Joker); other cards are their number."""
    return fourteen if card == FOURTEEN else CARD_NAMES.get(card, str(card))


def join_names(names: tuple[str, ...] | list[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c` (`last="or"`: `a, b or c`)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {last} " + names[-1]


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
        case Eliminated(causes=causes) if causes:
            return None  # the theme's presenter said why each went out
        case Eliminated(players=players, reason=reason):
            return out_line(players, reason)
        case PhaseChanged():
            return None
        case CardTold(text=text):
            return text
        case Revealed(cards=cards, fourteen=fourteen):
            shown = ", ".join(f"{name}: {card_name(card, fourteen)}" for name, card in cards)
            return f"**Cards:** {shown}"
        case GameOver(winner=None):
            return "**The game was ended by the host.**"
        case GameOver(winner=winner, second=second, placements=placements):
            tail = f" Second place: **{second}**." if second else ""
            return f"**{winner} wins the game!**{tail}{places_text(placements, after=2 if second else 1)}"
        case RoundTable():
            return None  # shown as a table where it can be, its lines otherwise
    return None


OUT_REASONS: dict[str, str] = {
    Cause.IDLE: "did not answer before the deadline (idle)",
    Cause.LEFT: "left the room and did not come back in time",
    Cause.MODKILLED: "modkilled by the host",
}


def out_line(players: tuple[str, ...], reason: str) -> str:
    """`**Eve** is eliminated: idle...`; a host's own modkill reason is quoted as given. A theme's own
    reason has no words here (its cause facts carry them): TypeError, as for any fact without words."""
    verb = "is" if len(players) == 1 else "are"
    why = OUT_REASONS.get(reason)
    if why is None:
        if not isinstance(reason, HostWords):
            raise TypeError(f"no words for the elimination reason {reason!r}: eliminate with its cause facts")
        why = f"modkilled by the host ({reason})"
    return f"**{join_names(players)}** {verb} eliminated: {why}."


def places_text(placements: dict[str, int], after: int = 2) -> str:
    """` Places: 3 Ann · 4 Cid · 5 Eve, Fay.` for the places after `after` (shared places together):
    after the winner when second place is shared (` Places: 2 Mars, Jupiter · 4 Venus.`)."""
    by_place: dict[int, list[str]] = {}
    for name, place in placements.items():
        if place > after:
            by_place.setdefault(place, []).append(name)
    if not by_place:
        return ""
    return " Places: " + " · ".join(f"{place} {', '.join(by_place[place])}" for place in sorted(by_place)) + "."


def battle_shown(rolls: tuple[Roll, ...] | list[Roll]) -> list[Event]:
    """A roll battle's rolls, with a line after each round of rolling that ended in a tie (G1).

    A name rolling again starts a new round; those who roll again are the ones who tied."""
    rounds: list[list[Roll]] = []
    for roll in rolls:
        if not rounds or any(r.player == roll.player for r in rounds[-1]):
            rounds.append([])
        rounds[-1].append(roll)
    out: list[Event] = []
    for number, rolled in enumerate(rounds):
        out.extend(rolled)
        if number + 1 < len(rounds):
            again = [r.player for r in rounds[number + 1]]
            values = " - ".join(str(r.result) for r in rolled if r.player in again)
            out.append(Say(f"{values}: tie between {join_names(again)}, roll again.", pack=True))
    return out


def present_common(fact: Fact) -> list[Event] | None:
    """The facts every theme shares, worded; None for a theme's own facts."""
    match fact:
        case Battle(rolls=rolls):
            return battle_shown(rolls)
        case Substituted(old=old, new=new):
            return [Say(f"**{new}** substitutes for **{old}**.", to=fact.to)]
        case SeatTaken(title=title):
            return [Say(f"You now play in this seat of {title}.", to=fact.to)]
        case DeadlineExtended(seconds=seconds):
            return [Say(f"The deadline is extended by {seconds} seconds.", to=fact.to)]
        case IdleOut():
            return [Say("You are out of the game: you did not answer before the deadline.", to=fact.to)]
        case PlayerList(entries=entries, first=first):
            listed = Say(f"**PL ({len(entries)}):** {', '.join(entries)}", to=fact.to)
            return [listed, Say(PL_GLOSSARY, to=fact.to)] if first else [listed]
    return None


def present(facts: list[Event], theme: Presenter | None) -> list[Event]:
    """Facts worded by `theme` (and `present_common`); other events pass as they are."""
    out: list[Event] = []
    for event in facts:
        if isinstance(event, Eliminated) and event.causes and theme is not None:
            for cause in event.causes:
                out.extend(theme(cause))
            out.append(event)
            continue
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
