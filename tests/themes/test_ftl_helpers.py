"""Shared helpers for the Follow the Leader tests: a table of players on scripted dice.

Other `test_ftl_*` modules import this one (it holds no tests of its own).
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from typing import Any

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Eliminated, Event, GameOver, Roll, is_public
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.themes.ftl import FollowTheLeader

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou")


class Table:
    """A Follow the Leader game on scripted dice, keeping every event it produced.

    By default the first leader is picked (`leader=pick`), which under scripted dice is the
    first player. Dice values are added as the test goes with `roll(...)`.
    """

    def __init__(
        self,
        players: int | Sequence[str] = 5,
        values: Sequence[int] = (),
        *,
        shuffles: Sequence[Sequence[str]] = (),
        picks: Sequence[str] = (),
        mods: Sequence[str] = (),
        start: bool = True,
        **options: object,
    ) -> None:
        names = list(NAMES[:players]) if isinstance(players, int) else list(players)
        options.setdefault("leader", "pick")
        self.dice = ScriptedDice(values, shuffles=shuffles, picks=picks)
        self.game = FollowTheLeader(names, mods=mods, options=options, dice=self.dice)
        self.events: list[Event] = []
        if start:
            self.events += self.game.start()

    # ----- driving the game -----

    def roll(self, *values: int) -> Table:
        """Script more dice results, used after those already given."""
        self.dice.values.extend(values)
        return self

    def shuffle(self, *order: str) -> Table:
        """Script the next shuffle of the player list."""
        self.dice._shuffles.append(list(order))
        return self

    def do(self, action: str, by: str | None = None, **fields: Any) -> list[Event]:
        events = self.game.apply(Input(action, by=by, **fields))
        self.events += events
        return events

    def choose(self, **choices: str) -> list[Event]:
        """Send follow/rebel choices in the order given: `choose(Bob="rebel", Cid="follow")`."""
        events: list[Event] = []
        for name, choice in choices.items():
            events += self.do(choice, by=name)
        return events

    def timeout(self) -> list[Event]:
        return self.do("timeout")

    def illegal(self, action: str, by: str | None = None, match: str = "", **fields: Any) -> None:
        """The input is refused with a message matching `match`, and nothing changes."""
        before = snapshot(self.game)
        with pytest.raises(IllegalAction, match=match):
            self.game.apply(Input(action, by=by, **fields))
        assert snapshot(self.game) == before

    # ----- reading it -----

    @property
    def rec(self) -> dict[str, Any]:
        """The record of the current (last) round."""
        return self.game.rounds[-1]

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def leader(self) -> str | None:
        return self.game.name(self.game.leader)

    def alive(self) -> list[str]:
        return [seat.name for seat in self.game.alive()]

    def immune(self) -> list[str]:
        """Who is immune in the current round."""
        return self.game.names(self.game.immune_now)

    def rolls(self, events: Sequence[Event] | None = None) -> list[tuple[str, int, int]]:
        """(player, sides, result) of every roll shown, in order."""
        return [
            (e.player, e.sides, e.result) for e in (self.events if events is None else events) if isinstance(e, Roll)
        ]

    def eliminated(self, events: Sequence[Event] | None = None) -> list[tuple[str, ...]]:
        return [e.players for e in (self.events if events is None else events) if isinstance(e, Eliminated)]

    def over(self) -> GameOver:
        ends = [e for e in self.events if isinstance(e, GameOver)]
        assert len(ends) == 1, ends
        return ends[0]

    def text(self, events: Sequence[Event] | None = None, public: bool | None = None) -> str:
        """The rendered lines of `events` (all of this table's by default)."""
        lines = []
        for event in self.events if events is None else events:
            if public is not None and is_public(event) != public:
                continue
            line = render(event)
            if line:
                lines.append(line)
        return "\n".join(lines)


def snapshot(game: FollowTheLeader) -> bytes:
    """Everything a game holds, dice state included."""
    return pickle.dumps(game.__dict__)


def round_two_with_bob_immune() -> Table:
    """Six players; round 1 ends in a handover with Bob immune (tied 100) and Cid leading round 2."""
    table = Table(6)
    table.roll(100, 100, 50, 60, 70, 80)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    table.do("nosuspect", by="Ann")
    assert table.game.rounds[0]["outcome"] == "handover"
    assert (table.game.round, table.leader, table.immune()) == (2, "Cid", ["Bob"])
    return table


def scapegoat_round() -> Table:
    """Round 2 of six: Cid leads, Bob immune; Ann (suspect, 120) and Fay would go, Eve ties 60."""
    table = round_two_with_bob_immune()
    table.roll(60, 100, 10, 30, 60, 20)
    table.choose(Ann="follow", Dee="follow", Eve="rebel", Fay="rebel")
    table.do("suspect", by="Cid", target="Ann")
    assert table.phase == "scapegoat"
    assert table.game.doomed == [0, 5]
    return table


def test_table_starts_with_the_first_player_as_leader() -> None:
    table = Table(3)
    assert table.leader == "Ann"
    assert table.phase == "choices"
