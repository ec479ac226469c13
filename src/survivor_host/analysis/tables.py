"""The `odds` command's tables: exact fractions for a theme, its mods and a table size, as text or JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from survivor_host.analysis.odds import (
    any_fourteen,
    battle_win,
    choice_outcomes,
    cta_elimination,
    joker_redeal,
    no_mercy_deposition,
    scapegoat_survival,
    survival_probability,
    tug_dice,
    tug_die_distribution,
    tug_running_dice,
)
from survivor_host.engine.render import card_name
from survivor_host.themes.ftl.game import PLAYER_DIE, SUSPECT_DIE

MOD_NAMES = {
    "tug-of-war": "Tug of War",
    "no-mercy": "No Mercy",
    "adhesive": "Adhesive",
    "jesters-duel": "Jester's Duel",
    "no-backsies": "No Backsies",
    "the-joker": "The Joker",
    "all-at-once": "All At Once",
}
THEME_NAMES = {"ftl": "Follow the Leader", "cta": "Chase the Ace"}


def setting_title(theme: str, mods: Sequence[str], players: int | None = None) -> str:
    """'Chase the Ace with The Joker, 6 players': theme and mods in words."""
    text = THEME_NAMES.get(theme, theme)
    if mods:
        text += " with " + " + ".join(MOD_NAMES.get(mod, mod) for mod in mods)
    if players is not None:
        text += f", {players} players"
    return text


@dataclass
class Section:
    """One table: rows of named exact chances; `note` says what the figures assume."""

    title: str
    rows: list[tuple[str, dict[str, Fraction]]] = field(default_factory=list)
    note: str = ""
    percent: bool = True
    """False for expectations (a count, not a chance): shown as a fraction and a decimal."""

    def add(self, label: str, values: Mapping[str, Fraction]) -> None:
        self.rows.append((label, dict(values)))


def show(value: Fraction, percent: bool = True) -> str:
    """'149/248 (60.08%)': the exact fraction and its percentage (or its decimal value)."""
    decimal = f"{float(value):.2%}" if percent else f"{float(value):.4f}"
    return f"{value}" if value.denominator == 1 and not percent else f"{value} ({decimal})"


def render_text(title: str, sections: Sequence[Section]) -> list[str]:
    lines = [title]
    for section in sections:
        lines.append("")
        lines.append(section.title)
        if section.note:
            lines.append(f"  ({section.note})")
        for label, values in section.rows:
            cells = "   ".join(
                f"{key} {show(value, section.percent)}" if key else show(value, section.percent)
                for key, value in values.items()
            )
            lines.append(f"  {label}: {cells}")
    return lines


def ftl_sections(players: int, mods: Sequence[str], tug_floor: int = 20) -> list[Section]:
    """F5-F13: survival by choice and die, the scapegoat, Tug of War dice, No Mercy depositions, finals."""
    tug, mercy = "tug-of-war" in mods, "no-mercy" in mods
    choosers = players - 1
    sections: list[Section] = []
    plain = Section(
        "Against the leader's roll of 109+20 (F6): out / tie / survive",
        note="a tie survives and gives immunity when the round starts with 4 or more players",
    )
    dice = (
        [(PLAYER_DIE, "die 150")] if (tug or mercy) else [(PLAYER_DIE, "die 150"), (SUSPECT_DIE, "die 120 (suspect)")]
    )
    if not tug:
        for die, label in dice:
            for choice, values in choice_outcomes(die).items():
                plain.add(f"{choice:6s} {label}", values)
        sections.append(plain)
    if not tug and not mercy and players >= 5:
        scape = Section("Scapegoat battle, suspect 70 vs scapegoat 100 (F7, G1: ties re-rolled)")
        scape.add("the suspect wins", {"": scapegoat_survival()})
        sections.append(scape)
    if tug:
        table = Section(
            f"Tug of War (F12): every die a chooser can roll with {choosers} choosers, floor {tug_floor}",
            note="immune players roll 150 and do not move the running die",
        )
        for die in tug_dice(choosers, tug_floor):
            outcomes = choice_outcomes(die)
            table.add(
                f"die {die:3d}",
                {
                    "follow survives": 1 - outcomes["follow"]["out"],
                    "rebel survives": 1 - outcomes["rebel"]["out"],
                    "tie": outcomes["follow"]["tie"],
                },
            )
        sections.append(table)
        facing = Section(
            "Tug of War: the running die you move from, by your place in the order",
            note="every chooser before you follows or rebels with even odds",
        )
        for place, running in enumerate(tug_running_dice(choosers, tug_floor), start=1):
            facing.add(f"place {place:2d}", {f"{die}": weight for die, weight in running.items()})
        sections.append(facing)
        overall = Section("Tug of War: your chance to survive the leader's roll, your place random, others 50/50")
        for choice in ("follow", "rebel"):
            overall.add(choice, {"": survival_probability(choice, tug_die_distribution(choice, choosers, tug_floor))})
        sections.append(overall)
    if mercy:
        deposed = no_mercy_deposition(choosers, tug_of_war=tug, floor=tug_floor)
        table = Section(
            f"No Mercy (F13): a round with {choosers} choosers who all rebel" + (" (Tug of War dice)" if tug else ""),
        )
        table.add("the leader is deposed at least once", {"": deposed.any})
        sections.append(table)
        count = Section("No Mercy: the expected number of depositions in that round", percent=False)
        count.add("depositions", {"": deposed.expected})
        sections.append(count)
    finals = Section("Finals (F10, G1)")
    finals.add("150 vs 150: either player wins", {"": battle_win(150, 150)})
    sections.append(finals)
    return sections


def cta_sections(players: int, mods: Sequence[str], elim: int, ties: str = "battle") -> list[Section]:
    """C2-C9: the swap battle, each card's elimination chance, duels, Jokers, finals."""
    k = min(elim, players // 2)
    sections: list[Section] = []
    swap = Section("Swap battle, swapper 125 vs target 100 (C6, G1: ties re-rolled)")
    swap.add("the swapper wins (cards change hands)", {"": battle_win(125, 100)})
    sections.append(swap)
    capped = f" (elim {elim} is capped at half the players, C2)" if k < elim else ""
    table = Section(
        f"Each card's chance to be eliminated this round: {players} players, the {k} lowest go{capped}",
        note="nobody swaps; Kings are safe; ties at the cut-off: "
        + ("roll battle (C8)" if ties == "battle" else "all"),
    )
    if "the-joker" in mods:
        table.note += "; a deal the Jokers would ruin is redone (C4), so figures are for a deal that stands"
    if "jesters-duel" in mods:
        table.note += "; a lone Jester names an opponent at random (C5)"
    for card, chance in cta_elimination(players, elim, mods, ties).items():
        label = card_name(card) if card <= 13 else ("Joker (14)" if "the-joker" in mods else "Jester (14)")
        table.add(f"{label:11s}", {"": chance})
    sections.append(table)
    if "jesters-duel" in mods:
        duel = Section("Jester's Duel (C5)")
        duel.add("a deal holds at least one Jester", {"": any_fourteen(players)})
        duel.add("you are dealt a Jester", {"": Fraction(1, 14)})
        duel.add("the Jester wins the duel, 100 vs 100", {"": battle_win(100, 100)})
        sections.append(duel)
    if "the-joker" in mods:
        joker = Section("The Joker (C4)")
        joker.add("a deal holds at least one Joker", {"": any_fourteen(players)})
        joker.add("you are dealt the Joker", {"": Fraction(1, 14)})
        joker.add("the deal is redone (Jokers would leave fewer than 2)", {"": joker_redeal(players)})
        sections.append(joker)
    finals = Section("Finals (C9, G1)")
    finals.add("13 vs 13: either player wins", {"": battle_win(13, 13)})
    sections.append(finals)
    return sections
