"""Seats: the player list by index, found by name or user id, and who is still in (G5-G7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Eliminated, Fact
from survivor_host.engine.ids import name_problem, quoted_value, to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import join_names

MAX_NAME_LENGTH = 18


def quoted_name(name: str) -> str:
    """A name as typed, in quotes, cut after `MAX_NAME_LENGTH` characters (no Showdown name is longer,
    so a refusal never repeats a long text back)."""
    return f'"{name}"' if len(name) <= MAX_NAME_LENGTH else f'"{name[:MAX_NAME_LENGTH]}…"'


@dataclass(slots=True, init=False)
class Seat:
    """A place in the player list; a substitute or a rename keeps the seat."""

    index: int
    name: str
    alive: bool
    out_step: int | None
    uid: str

    def __init__(self, index: int, name: str, alive: bool = True, out_step: int | None = None) -> None:
        self.index = index
        self.name = name
        self.alive = alive
        self.out_step = out_step
        self.uid = to_id(name)

    def rename(self, name: str) -> None:
        """A new holder (substitute) or a new name (rename) for this seat."""
        self.name = name
        self.uid = to_id(name)


class Roster:
    """The seats of a game: lookups by name (matched by user id, G5), who is still in, eliminations
    in steps and the places they give (G7)."""

    def __init__(self, players: Sequence[str]) -> None:
        self.seats: list[Seat] = [Seat(index, name) for index, name in enumerate(players)]
        ids = [seat.uid for seat in self.seats]
        if "" in ids:
            raise SetupError("Every player needs a name with a letter or digit in it.")
        problems = [problem for problem in map(name_problem, players) if problem]
        if problems:
            raise SetupError(f"Not a usable name: {problems[0]}.")
        if len(set(ids)) != len(ids):
            raise SetupError("A player is listed twice.")
        self._alive: list[Seat] = list(self.seats)
        self._by_name: dict[str, Seat] = {}
        self._index_names()
        self.steps = 0
        """Elimination steps so far: players out in the same step share a place (G7)."""

    def _index_names(self) -> None:
        """Seats by name as held and by user id (rebuilt when a name changes)."""
        self._by_name = {seat.uid: seat for seat in self.seats}
        self._by_name.update({seat.name: seat for seat in self.seats})

    def seat(self, name: str | None, *, who: str = "") -> Seat:
        """The seat of `name` (matched by user id); `who` is how the error names the asker."""
        found = self._by_name.get(name or "")
        if found is not None and (found.name == name or found.uid == name):
            return found
        found = self._by_name.get(to_id(name or ""))
        if found is not None:
            return found
        if who:
            raise IllegalAction(f"{who} not in this game.")
        raise IllegalAction(f"{quoted_name(name or '')} is not in this game.")  # a reply never starts with user text

    def alive(self) -> list[Seat]:
        """The seats still in the game, in list order (a fresh list)."""
        return list(self._alive)

    def names(self, indexes: Sequence[int]) -> list[str]:
        return [self.seats[index].name for index in indexes]

    def alive_target(self, name: str | None, verb: str) -> Seat:
        """A player still in the game named as a target; errors say what was wrong."""
        if not name:
            raise IllegalAction(f"Name the player you want to {verb}.")
        seat = self.seat(name)
        if not seat.alive:
            raise IllegalAction(f"{seat.name} is already eliminated.")
        return seat

    def living_target(
        self, seat: Seat, name: str | None, verb: str, legal: Sequence[str], oneself: bool = False
    ) -> Seat:
        """The other living player `seat` names, or `seat` itself where the text takes oneself (`oneself`)
        (BG2: else refused, naming the `legal` targets)."""
        listed = join_names(list(legal))
        if not name:
            raise IllegalAction(f"Name the player you {verb}: {listed}.")
        try:
            target = self.seat(name)
        except IllegalAction:
            raise IllegalAction(f"{quoted_name(name)} is not in this game. You may {verb}: {listed}.") from None
        if target is seat and not oneself:
            raise IllegalAction(f"You can't {verb} yourself. You may {verb}: {listed}.")
        if not target.alive:
            raise IllegalAction(f"{target.name} is already out. You may {verb}: {listed}.")
        return target

    def actor(self, inp: Input) -> Seat:
        """The player sending a player action; the host cannot act for a player."""
        if inp.by is None:
            raise IllegalAction(f"Only a player can {inp.action}; nobody can act for another player.")
        seat = self.seat(inp.by, who="You are")
        if not seat.alive:
            raise IllegalAction("You have been eliminated.")
        return seat

    @staticmethod
    def require_host(inp: Input) -> None:
        if inp.by is not None:
            raise IllegalAction(f"Only the host can {inp.action}.")

    def rename_seat(self, seat: Seat, new: str) -> None:
        """G5, G6: `seat` is held under the name `new` from now on (a usable name nobody else holds)."""
        uid = to_id(new)
        if not uid or len(new) > MAX_NAME_LENGTH:
            raise IllegalAction(f"{quoted_value(new)} is not a usable name.")
        problem = name_problem(new)
        if problem:
            raise IllegalAction(f"Not a usable name: {problem}.")
        for other in self.seats:
            if other is not seat and other.uid == uid:
                raise IllegalAction(f"{other.name} is already in this game.")
        seat.rename(new)
        self._index_names()

    def eliminate(self, seats: Sequence[Seat], reason: str, causes: Sequence[Fact] = ()) -> Eliminated:
        """Take `seats` out in one step: they share a place (G7). `causes`: why each went out, as facts."""
        self.steps += 1
        for seat in seats:
            seat.alive = False
            seat.out_step = self.steps
        self._alive = [seat for seat in self.seats if seat.alive]
        return Eliminated(tuple(seat.name for seat in seats), reason, None, tuple(causes))

    def places(self, winner: Seat, seconds: Sequence[Seat] = ()) -> dict[str, int]:
        """G7: the winner first, then `seconds` (sharing second place), then everyone else by how late
        they went out, those out in the same step sharing a place."""
        groups: list[list[Seat]] = [[winner]]
        if seconds:
            groups.append(list(seconds))
        placed = {winner.index, *(seat.index for seat in seconds)}
        rest = [seat for seat in self.seats if seat.index not in placed]
        steps = sorted({seat.out_step or 0 for seat in rest}, reverse=True)
        groups.extend([seat for seat in rest if (seat.out_step or 0) == step] for step in steps)
        places: dict[str, int] = {}
        ahead = 0
        for group in groups:
            for seat in group:
                places[seat.name] = ahead + 1
            ahead += len(group)
        return places
