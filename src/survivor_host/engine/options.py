"""Game options named in RULINGS, with their defaults and checks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from survivor_host.engine.errors import SetupError
from survivor_host.engine.ids import quoted_value, quoted_word
from survivor_host.engine.numbers import NumberRefused, whole_number

OptionValue = int | str


@dataclass(frozen=True)
class Option:
    """One setting: a whole number (with a minimum) or one of `choices`."""

    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 1_000_000
    mod: str = ""
    """The mod whose rule this option changes (without that mod the game never reads it); "" for none."""

    def parse(self, name: str, value: object) -> OptionValue:
        """Check `value` (from a scenario, config or `.set` command); raise SetupError if unfit."""
        if self.choices:
            text = str(value).strip().lower()
            if text not in self.choices:
                raise SetupError(f"Option {name} must be one of {'|'.join(self.choices)}, not {quoted_word(value)}.")
            return text
        if isinstance(value, bool):
            raise SetupError(f"Option {name} takes a whole number, not {quoted_value(value)}.")
        if not isinstance(value, int):
            try:
                value = whole_number(str(value), self.minimum, self.maximum, f"option {name}")
            except NumberRefused as error:
                raise SetupError(str(error)) from None
        number = value
        if number > self.maximum:
            raise SetupError(f"Option {name} must be at most {self.maximum}, not {number}.")
        if number < self.minimum:
            raise SetupError(f"Option {name} must be at least {self.minimum}, not {number}.")
        return number


COMMON_OPTIONS: dict[str, Option] = {
    "idle": Option("modkill", "what happens to a player who misses a deadline (G4)", ("modkill", "default")),
    "secret_deadline": Option(120, "seconds to send a secret action by PM (G4)", minimum=5),
    "public_deadline": Option(60, "seconds for a public choice in chat (G4)", minimum=5),
    "reminder": Option(30, "seconds before a deadline when missing players are reminded (G4)", minimum=0),
    "leave_grace": Option(90, "seconds a player who left the room has to come back (G5)", minimum=0),
    "max_players": Option(30, "most players a game takes (F1, C1)", minimum=3),
}


def option_key(name: str) -> str:
    """An option's name as the specs spell it: `Leader`, ` tug-floor` and `tug_floor` are one option."""
    return name.strip().lower().replace("-", "_")


def resolve_options(specs: Mapping[str, Option], given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Defaults overridden by `given`; unknown names are an error."""
    values: dict[str, OptionValue] = {name: spec.default for name, spec in specs.items()}
    for name, value in (given or {}).items():
        key = option_key(name)
        if key not in specs:
            raise SetupError(f"Unknown option {quoted_word(name)}; options are: {', '.join(sorted(specs))}.")
        values[key] = specs[key].parse(key, value)
    return values


def refuse_unread_idle(title: str, has_harmless_choice: bool, key: str, value: object) -> None:
    """`idle=default` in a game with no harmless choice to make for an idle player (its texts put them out,
    BG5) would never be read: refused, so a host is not led to think idle players are spared."""
    if key == "idle" and not has_harmless_choice and COMMON_OPTIONS["idle"].parse(key, value) == "default":
        raise SetupError(f"In {title} an idle player is out, as its rules say: there is no harmless choice to make.")
