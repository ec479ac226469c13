"""A theme declared in one place: what every front end (host, terminal, CLI, AI) reads about it.

>>> from survivor_host.themes import theme_spec
>>> theme_spec("ftl").mod("tow").title
'Tug of War'
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from survivor_host.engine.errors import SetupError
from survivor_host.engine.ids import quoted_word, to_id
from survivor_host.engine.options import COMMON_OPTIONS, Option, option_key, refuse_unread_idle
from survivor_host.engine.render import join_names

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.inputs import Input
    from survivor_host.engine.kernel import Simulation
    from survivor_host.engine.odds import Section
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy


@dataclass(frozen=True)
class ModSpec:
    """One mod: its id (as typed in `.host cta adhesive`), title, other accepted names, and its rule in
    one sentence (`rules` states it after the theme's summary when the mod is in play)."""

    id: str
    title: str
    aliases: tuple[str, ...] = ()
    rule: str = ""


def mod_rules(specs: Sequence[ModSpec], mods: Sequence[str]) -> list[str]:
    """`Title: rule.` for each of `specs` in play (in `mods`), in the theme's order."""
    return [f"{spec.title}: {spec.rule}" for spec in specs if spec.id in mods and spec.rule]


@dataclass(frozen=True)
class Conflict:
    """Two mods that cannot be played together, and why."""

    first: str
    second: str
    why: str


@dataclass(frozen=True)
class VoteBox:
    """A public vote a front end may show as one box of buttons: in `phase`, one `action NAME` per player."""

    phase: str
    action: str
    title: str
    over: str
    """What the box says once the vote is over."""
    note: str = ""
    """Said in brackets after the vote command when voters are reminded (`not yourself`)."""


@dataclass(frozen=True)
class HelpText:
    """How a front end names this theme's commands in its help (without the command prefix)."""

    room: tuple[str, ...] = ()
    """Player commands said in the room (`vote NAME`)."""
    pm: tuple[str, ...] = ()
    """Player commands sent by PM (`follow`)."""
    bare: str = ""
    """A room command that also works without the prefix on one's turn (`stick`)."""
    questions: str = ""
    """What the theme's read-only questions answer (`card shows your card again`)."""
    host: tuple[tuple[str, str], ...] = ()
    """Host commands as (the common command they are listed after, usage): `("start", "pick [NAME]")`."""
    asks: tuple[tuple[str, str], ...] = ()
    """Read-only questions a terminal answers, as (word, what it shows): `("card", "your card")`."""
    none_held: str = ""
    """A question's answer when the player holds nothing now (`You hold no card now.`)."""


@dataclass(frozen=True)
class Styles:
    """How a front end colours the theme's words, by kind: `eliminated`, `safe`, `immune`, `winner`, `accent`."""

    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Words and phrases of the theme's lines by kind (`Rebellion`, `(King)`)."""
    marks: Mapping[str, str] = field(default_factory=dict)
    """Player-list marks (`leader` of ` (leader)`) and their kind."""
    cells: Mapping[str, str] = field(default_factory=dict)
    """How a round table's verdict cell may begin (`leads`), and its kind."""
    number_columns: tuple[str, ...] = ()
    """Round-table columns of numbers (shown right-aligned)."""
    headings: Mapping[str, str] = field(default_factory=dict)
    """Phases a front end marks with a heading as they begin (`finals`: `Finals`)."""


@dataclass(frozen=True)
class Chance:
    """What a player may type, their chance to stay in if they do, and how that chance was worked out."""

    command: str
    stay_in: Fraction
    why: str


ChancesFn = Callable[[object, Sequence["Input"]], tuple[list[Chance], str]]
"""A player's view and legal inputs -> their chance for each choice, and a note on what it assumes."""

RulesFn = Callable[[Sequence[str]], str]
"""The mods in play -> the rules with them, in the theme's own words (its opening's, where it states them)."""

OddsFn = Callable[["Game"], list["Section"]]
"""A game not started yet (its table size, mods and options) -> the `odds` command's exact tables."""


@dataclass(frozen=True)
class ThemeSpec:
    """Everything about a theme that is not its rules code: names, mods, options, AI, texts, UI hints."""

    id: str
    title: str
    aliases: tuple[str, ...]
    load_game: Callable[[], type[Game]]
    """The game class (imported on first use, so reading a spec stays cheap)."""
    mods: tuple[ModSpec, ...]
    options: Mapping[str, Option]
    load_strategies: Callable[[], Mapping[str, Callable[[], Strategy]]]
    default_strategy: str
    rules_summary: str
    rules_page: str = ""
    """The room's page of the theme's rules (`.rules` links it unless the bot's config names another)."""
    conflicts: tuple[Conflict, ...] = ()
    min_players: int = 3
    round_word: str = "round"
    """What the bot calls one of the theme's rounds where it tags a PM or a reminder (`turn` where the
    theme counts turns)."""
    host_actions: tuple[str, ...] = ()
    """Host commands of this theme besides everyone's (`modkill`, `sub`, `extend`, `end`)."""
    vote_box: VoteBox | None = None
    button_labels: Mapping[str, str] = field(default_factory=dict)
    """Button text by action, `{target}` standing for the target's name (default: `Action Target`)."""
    chosen_labels: Mapping[str, str] = field(default_factory=dict)
    """A choice as "You chose ..." names it, where the button's words would not read (default: the button's)."""
    usage: Mapping[str, str] = field(default_factory=dict)
    """How an action is typed where it reads more than one name (`attack NAME, WEAPON`); else `action NAME`.
    Its refusals name what is legal themselves: the targets are not listed after them."""
    suggested: frozenset[str] = frozenset()
    """Actions whose offered targets are suggestions, not the only ones (any nickname that fits is
    taken): a refusal names them as examples."""
    load_presenter: Callable[[], Presenter] | None = None
    """The theme's words for its facts (imported on first use; simulations never need it)."""
    help: HelpText = HelpText()
    """How the bot's `help` and the terminal name the theme's commands and questions."""
    safe_choices: tuple[str, ...] = ()
    """Choices made at the deadline for a player the bot cannot PM (and under `idle=default`), not a modkill."""
    styles: Styles = Styles()
    """The theme's words a front end colours, its number columns and headed phases."""
    load_chances: Callable[[], ChancesFn] | None = None
    """The exact odds of each choice a player has now (terminal `odds`), imported on first use."""
    load_odds: Callable[[], OddsFn] | None = None
    """The `odds` command's tables of exact odds for a setting, imported on first use."""
    load_simulation: Callable[[], Simulation] | None = None
    """What the simulator counts in a record, its figures and the numpy kernel, imported on first use."""
    load_rules: Callable[[], RulesFn] | None = None
    """The rules for the mods in play in the theme's own words (imported on first use): a theme whose opening
    states its rules gives the opening's words; without it, `rules_summary` and each mod's `rule`."""
    load_story: Callable[[], StoryFn] | None = None
    """A round of the record told as HTML facts (the replay page); without it, every field as data."""
    arrival_order_matters: bool = False
    """The order in which awaited players send changes play (attacks fought in the order sent): the
    simulator then lets them act in a random order, else in seat order."""

    def chances(self) -> ChancesFn | None:
        return self.load_chances() if self.load_chances else None

    def odds(self) -> OddsFn | None:
        return self.load_odds() if self.load_odds else None

    def simulation(self) -> Simulation | None:
        return self.load_simulation() if self.load_simulation else None

    def story(self) -> StoryFn | None:
        return self.load_story() if self.load_story else None

    def rules(self, mods: Sequence[str]) -> str:
        """The rules with `mods` in play (the `rules` answer): the theme's own words for them, else the
        summary followed by each mod's rule."""
        if self.load_rules is not None:
            return self.load_rules()(mods)
        return " ".join([self.rules_summary, *mod_rules(self.mods, mods)])

    def presenter(self) -> Presenter | None:
        return self.load_presenter() if self.load_presenter else None

    @property
    def game(self) -> type[Game]:
        return self.load_game()

    def strategies(self) -> Mapping[str, Callable[[], Strategy]]:
        return self.load_strategies()

    def option_specs(self) -> dict[str, Option]:
        """The common options (G4, G5) and the theme's own."""
        return {**COMMON_OPTIONS, **self.options}

    def mod(self, name: str) -> ModSpec:
        """A mod by its whole id or a listed alias (case and punctuation ignored, never a prefix);
        SetupError if unknown, naming the closest id or alias when there is one a typo away."""
        key = to_id(name)
        for mod in self.mods:
            if key == to_id(mod.id) or any(key == to_id(alias) for alias in mod.aliases):
                return mod
        from survivor_host.engine.modes import MODE_SPECS  # the room's modes declare themselves as mods

        room_mode = next((m for m in MODE_SPECS.values() if key in {to_id(m.id), *map(to_id, m.aliases)}), None)
        if room_mode is not None:  # BG13: a mode the theme does not allow, refused with those it does
            allowed = f"its mods are: {', '.join(mod.id for mod in self.mods)}" if self.mods else "it has no mods"
            raise SetupError(f"{self.title} does not allow {room_mode.title}; {allowed}.")
        if not self.mods:
            raise SetupError(f"Unknown mod {quoted_word(name)}: {self.title} has no mods.")
        known = ", ".join(mod.id for mod in self.mods)
        guess = self.closest_mod(name)
        known = f"did you mean {guess}? Mods are: {known}" if guess else f"mods are: {known}"
        raise SetupError(f"Unknown mod {quoted_word(name)} for {self.title}; {known}.")

    def closest_mod(self, name: str) -> str | None:
        """The mod id or alias `name` is a typo of (`jesters-duel` for `jesters-dual`), an alias with its
        mod's id (`tow (tug-of-war)`); None if none is close."""
        names = {to_id(word): (word, mod.id) for mod in self.mods for word in (mod.id, *mod.aliases)}
        found = difflib.get_close_matches(to_id(name), list(names), n=1, cutoff=0.75)
        if not found:
            return None
        word, mod_id = names[found[0]]
        return word if word == mod_id else f"{word} ({mod_id})"

    def mod_title(self, mod_id: str) -> str:
        return self.mod(mod_id).title

    def mod_titles(self) -> dict[str, str]:
        """Each mod's title by id, in the theme's order."""
        return {mod.id: mod.title for mod in self.mods}

    def played_title(self, mods: Sequence[str]) -> str:
        """`Chase the Ace (Adhesive and Jester's Duel)`: the game as played, its mods named (an id this theme
        does not know is named as it is)."""
        return self.title + (f" ({join_names([self.mod_titles().get(mod, mod) for mod in mods])})" if mods else "")

    def normalize_mods(self, mods: Sequence[str]) -> tuple[str, ...]:
        """Mod ids in the theme's order; unknown or conflicting mods raise SetupError."""
        chosen = {self.mod(given).id for given in mods}
        for conflict in self.conflicts:
            if conflict.first in chosen and conflict.second in chosen:
                raise SetupError(
                    f"{self.mod_title(conflict.first)} and {self.mod_title(conflict.second)} "
                    f"cannot be combined ({conflict.why})."
                )
        return tuple(mod.id for mod in self.mods if mod.id in chosen)

    def check_options_read(self, mods: Sequence[str], options: Mapping[str, object]) -> None:
        """Refuse an option a host set away from its default that changes only a mod this game does not play:
        the game would never read it."""
        chosen = self.normalize_mods(mods)
        specs = self.option_specs()
        for name, value in options.items():
            key = option_key(name)
            refuse_unread_idle(self.title, bool(self.safe_choices), key, value)
            option = specs.get(key)
            if option is None or not option.mod or option.mod in chosen:
                continue
            if option.parse(key, value) != option.default:
                raise SetupError(
                    f"Option {key} changes only {self.mod_title(option.mod)}, which this game does not play: "
                    f"add the mod {option.mod}, or leave the option out."
                )

    def legal_mod_sets(self) -> list[tuple[str, ...]]:
        """Every combination of the theme's mods that a game accepts, smallest first (none included)."""
        ids = [mod.id for mod in self.mods]
        found: list[tuple[str, ...]] = []
        for size in range(len(ids) + 1):
            for mods in itertools.combinations(ids, size):
                try:
                    self.normalize_mods(mods)
                except SetupError:
                    continue
                found.append(mods)
        return found

    def usage_of(self, action: str, target: bool) -> str:
        """How `action` is typed: the theme's `usage`, else `action NAME` where it takes a `target`."""
        return self.usage.get(action) or (f"{action} NAME" if target else action)

    def chosen_label(self, action: str, target: str | None) -> str:
        """A choice as the player's box names it once made, e.g. `the nickname Sneaky` (else its button's text)."""
        template = self.chosen_labels.get(action)
        return template.format(target=target or "") if template is not None else self.button_label(action, target)

    def button_label(self, action: str, target: str | None) -> str:
        """The text of a choice button, e.g. `Swap with Mars` or `Follow`."""
        template = self.button_labels.get(action)
        if template is not None:
            return template.format(target=target or "")
        return f"{action.capitalize()} {target}" if target else action.capitalize()
