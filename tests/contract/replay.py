"""Play one contract game again, outside pytest: `python -m tests.contract.replay 'cta[adhesive]' SEED`.

Prints every input the game took or refused and every line it said, then checks the whole contract;
a broken contract ends with the AssertionError that names what broke.
"""

from __future__ import annotations

import sys

from survivor_host.engine.render import render
from tests.contract.games import Run, check_game, play
from tests.contract.registry import CASES, Case


def case_named(label: str) -> Case:
    """The case of a label as the test ids spell it: `ftl[none]`, `cta[adhesive+all-at-once]`."""
    for case in CASES:
        if case.label == label:
            return case
    raise SystemExit(f"no case {label!r}; cases: {', '.join(case.label for case in CASES)}")


def told(run: Run) -> list[str]:
    """The game as it was played: the inputs it took, and the lines everyone was shown."""
    lines = [f"{run.case.label} seed {run.seed}: {run.accepted} inputs taken, {run.rejected} refused"]
    lines += [f"  input: {inp.to_dict()}" for inp in run.game.log]
    for event in run.events:
        try:
            line = render(event)
        except TypeError as error:
            line = f"(no words: {error})"
        to = getattr(event, "to", None)
        if line is not None:
            lines.append(f"  {f'to {to}: ' if to else ''}{line}")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    case, seed = case_named(argv[0]), int(argv[1])
    print("\n".join(told(play(case, seed))))
    check_game(case, seed)
    print("the contract holds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
