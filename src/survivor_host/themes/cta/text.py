"""Chase the Ace in words: the lines the room and each player see for each fact."""

from __future__ import annotations

from survivor_host.engine.events import CardTold, Event, Fact, Prompt, Roll, RoundTable, Say
from survivor_host.engine.render import battle_shown, card_name, join_names
from survivor_host.engine.voice import ask, command, privately
from survivor_host.themes.cta.facts.deal import (
    CardDealt,
    CardShown,
    ElimChanged,
    GameBegins,
    KingsKnown,
    Redealt,
    RoundBegins,
)
from survivor_host.themes.cta.facts.fourteens import (
    DrewJoker,
    DuelAsked,
    DuelPicked,
    DuelResolved,
    JesterGone,
    JestersBattle,
    JestersKnown,
    LostDuel,
    LostJestersBattle,
    Walkover,
)
from survivor_host.themes.cta.facts.kinds import CardWhy, Standing
from survivor_host.themes.cta.facts.reveal import (
    Finals,
    LostTieBreak,
    LowestCard,
    NobodyOut,
    PlaceBattle,
    RoundRevealed,
    SwapNote,
    TieAtCutoff,
)
from survivor_host.themes.cta.facts.swaps import (
    DefaultSticks,
    NoTargets,
    Stuck,
    SwapChoice,
    SwapOrder,
    SwapPhaseOpened,
    SwapResolved,
    SwapRoundAsked,
    SwapRoundOpened,
    SwapVoid,
    TurnAsked,
    TurnTimedOut,
)

CARD_LINES = {
    CardWhy.DEALT: "Your card is **{card}**.",
    CardWhy.ASKED: "Your card is **{card}**.",
    CardWhy.SWAPPED_AWAY: "You swapped with {other}. Your card is now **{card}**.",
    CardWhy.SWAPPED_WITH: "{other} swapped with you. Your card is now **{card}**.",
    CardWhy.AFTER_SWAP_ROUND: "After swap round {swap_round} your card is **{card}**.",
    CardWhy.TAKEOVER: "You take over this seat. Your card is **{card}**.",
}


STANDINGS = {
    Standing.SAFE: "safe",
    Standing.KING: "King: safe",
    Standing.ADVANCED: "advanced: safe",
    Standing.LOWEST: "out: lowest",
    Standing.TIE_LOST: "out: lost the tie-break",
    Standing.TIE_WON: "safe: won the tie-break",
    Standing.JOKER: "out: the Joker",
    Standing.DUEL_LOST: "out: lost the duel",
    Standing.JESTERS_LOST: "out: lost the Jesters' battle",
    Standing.MODKILLED: "out: modkilled",
}
PACKED = (
    Stuck,
    NoTargets,
    TurnTimedOut,
    SwapVoid,
    TieAtCutoff,
    NobodyOut,
    DrewJoker,
    LostDuel,
    LostJestersBattle,
    LowestCard,
    LostTieBreak,
    Walkover,
    DuelPicked,
    JesterGone,
)
"""Facts whose line the room may put on one line with its neighbours (within the line limit)."""


def present(fact: Fact) -> list[Event]:
    """The events `fact` is shown as."""
    match fact:
        case TurnAsked(player=player, targets=targets):
            text = f"**{player}**, your turn: {command(['stick', 'swap NAME'])} ({join_names(targets)})."
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case DuelAsked(player=player, targets=targets):
            duel = command(["duel NAME"])
            text = f"**{player}**, you are the Jester: name your opponent with {duel} ({join_names(targets)})."
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case SwapRoundAsked(player=player, targets=targets, swap_round=swap_round):
            text = f"Swap round {swap_round}: {ask(['stick', 'swap NAME'], by_pm=True)} ({join_names(targets)})."
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case CardDealt(player=player, die=die, card=card, fourteen=fourteen):
            return [Roll(player, die, card, purpose="card", to=player), _card(player, card, fourteen, CardWhy.DEALT)]
        case CardShown(card=card, why=why, other=other, swap_round=swap_round, fourteen=fourteen):
            return [_card(fact.to or "", card, fourteen, why, other, swap_round)]
        case SwapResolved(by=by, target=target, rolls=rolls, swapped=swapped):
            outcome = (
                f"**{by}** wins: {by} and {target} exchange cards."
                if swapped
                else f"**{target}** holds on: the cards stay where they are."
            )
            return [
                Say(f"**{by}** wants to swap with **{target}**: roll battle 125 vs 100.", pack=True),
                *battle_shown(rolls),
                Say(outcome, pack=True),
            ]
        case DuelResolved(jester=jester, target=target, rolls=rolls, winner=winner):
            return [
                Say(f"**{jester}** duels **{target}**: roll battle 100 vs 100.", pack=True),
                *battle_shown(rolls),
                Say(f"**{winner}** wins the duel and advances to the next round.", pack=True),
            ]
        case Stuck(said=False):
            return []
        case TieAtCutoff(rolls=rolls) if rolls:
            return [Say(_line(fact), pack=True), *battle_shown(rolls)]
        case Finals(first=first, second=second, rolls=rolls):
            return [Say(f"**Finals:** {first} vs {second}, roll battle 13 vs 13."), *battle_shown(rolls)]
        case PlaceBattle(rolls=rolls):
            return battle_shown(rolls)
        case JestersBattle(jesters=jesters, rolls=rolls, winner=winner):
            said: list[Event] = [
                Say(f"**{join_names(jesters)}** are Jesters: they roll battle 100, the highest advances.", pack=True),
                *battle_shown(rolls),
            ]
            if winner is not None:
                said.append(Say(f"**{winner}** wins the Jesters' battle and advances to the next round.", pack=True))
            return said
        case RoundRevealed():
            return [round_table(fact)]
    return [Say(_line(fact), to=fact.to, pack=isinstance(fact, PACKED))]


def swap_text(note: SwapNote) -> str:
    """One swap in the table's swaps cell, from the player's side."""
    if note.other is None:
        return "stuck"
    if note.void:
        return f"swap {note.other}: void" if note.mine else f"{note.other}'s swap: void"
    if note.mine:
        return f"swapped with {note.other}" if note.swapped else f"tried {note.other}, who held on"
    return f"swapped by {note.other}" if note.swapped else f"held on against {note.other}"


def round_table(fact: RoundRevealed) -> RoundTable:
    """The round as one table: card dealt and revealed, swaps, and where each player stands."""

    def shown(card: int | None) -> str:
        # the card of a player out before the reveal is never shown: its cell is left empty
        return "" if card is None else card_name(card, fact.fourteen)

    rows: list[tuple[str, ...]] = []
    for row in fact.rows:
        swaps = "; ".join(swap_text(note) for note in row.swaps) or "-"
        rows.append((row.player, shown(row.dealt), shown(row.card), swaps, STANDINGS[row.standing]))
    if fact.cutoff is None:
        note = "Nobody goes out at the reveal."
    else:
        went = f"{lowest(fact.k)} go{'es' if fact.k == 1 else ''}"
        note = f"Cut-off: {card_name(fact.cutoff)} ({went})."
    return RoundTable(
        f"Round {fact.number}: the reveal",
        ("Player", "Dealt", "Revealed", "Swaps", "Result"),
        tuple(rows),
        (note,),
    )


def lowest(k: int) -> str:
    """`the lowest`, `the 2 lowest`: never `the 1 lowest`."""
    return "the lowest" if k == 1 else f"the {k} lowest"


def lowest_cards(k: int) -> str:
    """`the lowest card`, `the 2 lowest cards`."""
    return f"{lowest(k)} card{'s' if k > 1 else ''}"


def _card(player: str, card: int, fourteen: str, why: CardWhy, other: str = "", swap_round: int = 0) -> CardTold:
    named = card_name(card, fourteen)
    return CardTold(player, card, CARD_LINES[why].format(card=named, other=other, swap_round=swap_round))


def _line(fact: Fact) -> str:
    match fact:
        case GameBegins(title=title, players=players, mods=mods):
            return f"**{title}** begins with {players} players. Mods: {', '.join(mods) or 'none'}."
        case RoundBegins(number=number, k=k):
            return f"**Round {number}:** {lowest_cards(k)} will be eliminated. Cards are sent {privately()}."
        case Redealt():
            return "The Jokers would leave fewer than 2 players: all cards are dealt again."
        case KingsKnown(kings=kings):
            if not kings:
                return "No Kings this round."
            are = "is" if len(kings) == 1 else "are"
            return f"**{'King' if len(kings) == 1 else 'Kings'}:** {join_names(kings)} {are} safe this round."
        case SwapPhaseOpened():
            return f"**Swap phase:** players are picked one by one to {ask(['stick', 'swap NAME'], by_pm=False)}."
        case NoTargets(player=player, later=later):
            return f"**{player}** has nobody to swap with and {'will stick' if later else 'sticks'}."
        case Stuck(player=player):
            return f"**{player}** sticks."
        case TurnTimedOut(player=player):
            return f"**{player}** did not answer in time and sticks."
        case SwapVoid(by=by, target=target, why=why):
            return f"**{by}**'s swap with **{target}** is void ({why})."
        case TieAtCutoff(card=card, all_out=True):
            return f"Tie at **{card_name(card)}**: everyone holding it is eliminated."
        case TieAtCutoff(card=card, tied=tied, need=need):
            out = f"{lowest(need)} roll goes out" if need == 1 else f"{lowest(need)} rolls go out"
            return f"Tie at **{card_name(card)}** between {join_names(tied)}: roll battle 100, {out}."
        case NobodyOut():
            return "Nobody is eliminated this round."
        case DrewJoker(player=player):
            return f"**{player}** drew the Joker: eliminated at once."
        case LostDuel(player=player, winner=winner, mine=mine, theirs=theirs):
            return f"**{player}** lost the duel to {winner}, {mine} to {theirs}: eliminated."
        case LostJestersBattle(player=player, roll=roll):
            return f"**{player}** rolled {roll} in the Jesters' battle, not the highest: eliminated."
        case LowestCard(player=player, card=card, cutoff=cutoff, k=k) if card < cutoff:
            return (
                f"**{player}** held {card_name(card)}, below the cut-off ({card_name(cutoff)}) "
                f"for {lowest(k)}: eliminated."
            )
        case LowestCard(player=player, card=card, k=1):
            return f"**{player}** held {card_name(card)}, the lowest card: eliminated."
        case LowestCard(player=player, card=card, k=k):
            return f"**{player}** held {card_name(card)}, the cut-off for {lowest(k)}: eliminated."
        case LostTieBreak(player=player, card=card, roll=None):
            return f"**{player}** held {card_name(card)}, the cut-off card, and every tie goes out: eliminated."
        case LostTieBreak(player=player, card=card, roll=roll):
            return (
                f"**{player}** held {card_name(card)}, the cut-off card, and lost the tie-break with {roll}: "
                "eliminated."
            )
        case ElimChanged(count=count, players=players) if count > players // 2 > 0:  # C2: half of each round's players
            each = f"at most {lowest_cards(players // 2)} will be eliminated each round, not {count}"
            half = f"never more than half the players in the round, and {players} are left now"
            return f"From the next deal, {each}: {half}."
        case ElimChanged(count=count):
            each = f"{lowest_cards(count)} will be eliminated each round"
            return f"From the next deal, {each} (at most half the players)."
        case SwapRoundOpened(number=number, of=of, players=players):
            how = ask(["stick", "swap NAME"], by_pm=True)
            return f"**Swap round {number} of {of}:** {join_names(players)}, {how}."
        case SwapChoice(swap_round=swap_round, target=target, standing=standing, last=last):
            said = "stick" if target is None else f"swap with {target}"
            if standing:
                return f"This seat's choice for swap round {swap_round} is **{said}**; you can still change it."
            yours = f"Your choice for swap round {swap_round}: **{said}**"
            if last:
                return f"{yours}. Yours is the last choice in: the swaps are carried out now."
            return f"{yours}. You can change it until everyone has chosen."
        case DefaultSticks(players=players):
            return f"**{join_names(players)}** sent no choice and will stick."
        case SwapOrder(swap_round=swap_round, order=order):
            return f"Swap round {swap_round} is carried out in this order: {join_names(order)}."
        case JestersKnown(jesters=jesters):
            return f"**{'Jester' if len(jesters) == 1 else 'Jesters'}:** {join_names(jesters)}."
        case DuelPicked(jester=jester, target=target):
            return f"**{jester}** named nobody in time; the game picks **{target}**."
        case JesterGone():
            return "The Jester is gone: there is no duel."
        case Walkover(jester=jester, left=False):
            return f"**{jester}** has nobody to duel and advances to the next round."
        case Walkover(jester=jester):
            return f"**{jester}** has nobody left to duel and advances."
    raise TypeError(f"Chase the Ace has no words for {fact!r}")
