"""The actions every game takes besides its theme's, and the fields each input may set."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.inputs import Input

HOST_ACTIONS = ("modkill", "sub", "extend", "end")
SYSTEM_ACTIONS = ("timeout", "rename")
BASE_FIELDS: dict[str, tuple[str, ...]] = {
    "modkill": ("target", "reason"),
    "sub": ("target", "new"),
    "extend": ("seconds",),
    "end": (),
    "timeout": (),
    "rename": ("new",),
}
"""The input fields (besides `by`) each action reads; any other field is refused."""
SHOWN = {"target": "name", "new": "new name", "count": "number", "seconds": "seconds"}
"""How a refusal names a field."""


def check_fields(action: str, inp: Input, used: tuple[str, ...]) -> None:
    """Refuse a field the action does not use (a stray target is a mistake, not a detail)."""
    for name, value in (
        ("target", inp.target),
        ("new", inp.new),
        ("count", inp.count),
        ("seconds", inp.seconds),
        ("reason", inp.reason),
    ):
        if value is not None and name not in used:
            raise IllegalAction(f"{action} takes no {SHOWN.get(name, name)}.")
