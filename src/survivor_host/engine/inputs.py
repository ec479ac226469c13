"""Inputs: everything that advances a game. Action names are the words players type."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from survivor_host.engine.ids import HOST as HOST
from survivor_host.engine.ids import names_host, quoted_value, quoted_words
from survivor_host.engine.numbers import whole_number

MAX_ELIM, MAX_EXTEND = 999, 600
"""The largest numbers `elim` and `extend` read (the rules check the count against the players)."""

INPUT_FIELDS = ("by", "action", "target", "new", "count", "seconds", "reason")


@dataclass(frozen=True)
class Input:
    """One action. `by` is a player's name, or None for the host and for deadlines (`timeout`).

    >>> Input("follow", by="Venus")
    >>> Input("sub", target="Venus", new="Mars")   # host substitutes Mars into Venus's seat
    """

    action: str
    by: str | None = None
    target: str | None = None
    new: str | None = None
    count: int | None = None
    seconds: int | None = None
    reason: str | None = None

    def __init__(
        self,
        action: str,
        by: str | None = None,
        target: str | None = None,
        new: str | None = None,
        count: int | None = None,
        seconds: int | None = None,
        reason: str | None = None,
    ) -> None:
        # Every legal input a game offers is one of these: the fields go straight into the instance,
        # once, where the generated frozen __init__ would call object.__setattr__ for each.
        fields = self.__dict__
        fields["action"], fields["by"], fields["target"], fields["new"] = action, by, target, new
        fields["count"], fields["seconds"], fields["reason"] = count, seconds, reason

    def to_dict(self) -> dict[str, Any]:
        """The scenario-file form: `by` is "host" for host inputs, empty fields are left out."""
        out: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if key == "by":
                if self.action != "timeout":
                    out["by"] = HOST if value is None else value
            elif value is not None:
                out[key] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Input:
        """Read the scenario-file form; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"an input must be an object, not {quoted_value(data)}")
        unknown = set(data) - set(INPUT_FIELDS)
        if unknown:
            raise ValueError(f"unknown input field(s) {quoted_words(sorted(unknown))} in {quoted_value(data)}")
        action = data.get("action")
        if not isinstance(action, str) or not action:
            raise ValueError(f"input {quoted_value(data)} has no action")
        by = data.get("by")
        if by is not None and not isinstance(by, str):
            raise ValueError(f"input {quoted_value(data)}: 'by' must be a name or \"host\"")
        for key in ("target", "new", "reason"):
            if data.get(key) is not None and not isinstance(data[key], str):
                raise ValueError(f"input {quoted_value(data)}: {key!r} must be a string")
        for key in ("count", "seconds"):
            value = data.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise ValueError(f"input {quoted_value(data)}: {key!r} must be a whole number")
        return cls(
            action=action.lower(),
            by=None if by is None or names_host(by) else by,
            target=data.get("target"),
            new=data.get("new"),
            count=data.get("count"),
            seconds=data.get("seconds"),
            reason=data.get("reason"),
        )


def parse_command(text: str, by: str | None) -> Input:
    """Read what a player or host typed, e.g. `swap Mars`, `vote Venus`, `elim 2`, `extend 30`.

    >>> parse_command("swap Mars", "Venus")
    Input(action='swap', by='Venus', target='Mars', ...)
    """
    words = text.strip().split(None, 1)
    if not words:
        raise ValueError("Type an action.")
    action = words[0].lower().lstrip(".!/")
    rest = words[1].strip() if len(words) > 1 else ""
    if action == "elim":
        count = whole_number(rest, 1, MAX_ELIM, "the number eliminated each round") if rest else None
        return Input(action, by=by, count=count)
    if action == "extend":
        seconds = whole_number(rest, 1, MAX_EXTEND, "an extension in seconds") if rest else None
        return Input(action, by=by, seconds=seconds)
    if action == "sub":
        old, _, new = rest.partition(",")
        return Input(action, by=by, target=old.strip() or None, new=new.strip() or None)
    return Input(action, by=by, target=rest or None)
