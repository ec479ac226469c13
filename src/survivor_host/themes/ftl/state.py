"""What a game of Follow the Leader holds between inputs, and the questions its phases ask of it.

The state refers to seats by index (`leader`, `votes`, `choices`...); names appear only in the
facts and records that go out. Phases and mods (`FtlMod`, the hooks a mod may override) read and
change this state; they never import the game class that wires them together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from survivor_host.engine.events import Fact
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.kinds import Outcome
from survivor_host.themes.ftl.facts.rolls import RollRow
from survivor_host.themes.ftl.record import FtlRecorder, FtlRound
from survivor_host.themes.ftl.rules import PLAYER_DIE, SUSPECT_DIE, SUSPECTS_FROM, TIES_IMMUNE_FROM


class FtlMod:
    """A mod of Follow the Leader; one instance per game. A mod overrides the hooks it changes, or
    replaces a phase by name (`replaces`)."""

    id: ClassVar[str] = ""
    replaces: ClassVar[Mapping[str, Phase[FtlState]]] = {}
    """Phases the mod plays instead of the theme's, by name (No Mercy's `rolls`)."""

    def allows_suspects(self) -> bool:
        """False when the mod has no suspecting (F4: Tug of War and No Mercy)."""
        return True

    def die_for(self, game: FtlState, index: int, running: int) -> tuple[int, int] | None:
        """The die seat `index` rolls and the running die after it, when the mod decides it (F12)."""
        return None


class FtlState(Game):
    """The fields of a Follow the Leader game; `FollowTheLeader` adds its phases and mods."""

    leader: int | None
    votes: dict[int, int]
    """F2: each voter's vote, by seat."""
    immune_now: list[int]
    immune_next: list[int]
    round_start: list[int]
    """The seats in the game as the round began."""
    owed: list[int]
    """F3: the seats that owe a choice this round (neither the leader nor immune)."""
    choices: dict[int, str]
    suspect: int | None
    answered: bool
    """The one seat asked to name someone (the leader a suspect, the suspect a scapegoat) has answered."""
    leader_roll: int | None
    opening: tuple[str, int]
    """This round's leader and roll as the rolls began (No Mercy may depose them)."""
    rolls: dict[int, int]
    dice_of: dict[int, int]
    """The die each seat rolled this round (for the round's table)."""
    rows: list[RollRow]
    """The round's table as the rolls were judged."""
    last_rolls: dict[int, int]
    doomed: list[int]
    why_out: dict[int, Fact]
    """Why each doomed seat goes out (the cause facts of its elimination)."""
    outcome: Outcome | None
    """How the current round ended, once it has."""
    recorder: FtlRecorder
    plugins: tuple[FtlMod, ...]
    phases: dict[str, Phase[FtlState]]
    """The game's phases by name (a mod may replace one, as No Mercy does the rolls)."""

    def start_state(self) -> None:
        """The state of a game before its first round."""
        self.leader = None
        self.votes = {}
        self.immune_now, self.immune_next = [], []
        self.round_start = [seat.index for seat in self.seats]
        self.last_rolls = {}
        self.recorder = FtlRecorder()
        self.clear_round()

    def clear_round(self) -> None:
        """What one round fills in, empty."""
        self.owed = []
        self.choices = {}
        self.suspect = None
        self.answered = False
        self.leader_roll = None
        self.opening = ("", 0)
        self.rolls = {}
        self.dice_of = {}
        self.rows = []
        self.doomed = []
        self.why_out = {}
        self.outcome = None

    # ----- questions the rules ask -----

    def name(self, index: int | None) -> str | None:
        return None if index is None else self.seats[index].name

    @property
    def rounds(self) -> list[FtlRound]:
        """The record's rounds so far (built from the facts, see `FtlRecorder`)."""
        return self.recorder.rounds

    def suspecting(self) -> bool:
        """F4: only from 5 players at round start, never under Tug of War or No Mercy."""
        return len(self.round_start) >= SUSPECTS_FROM and all(plugin.allows_suspects() for plugin in self.plugins)

    def ties_give_immunity(self) -> bool:
        """F6: a tie gives immunity only when the round started with 4 or more players."""
        return len(self.round_start) >= TIES_IMMUNE_FROM

    def non_leaders(self) -> list[int]:
        """The players still in besides the leader, in list order."""
        return [seat.index for seat in self.alive() if seat.index != self.leader]

    def suspect_candidates(self) -> list[int]:
        """F4: whom the leader may suspect: neither the leader nor immune."""
        return [i for i in self.non_leaders() if i not in self.immune_now]

    def scapegoat_candidates(self) -> list[int]:
        """F7: still standing this round, not the leader, not immune (a tie this round counts)."""
        barred = {self.suspect, *self.doomed, *self.immune_now, *self.immune_next}
        return [i for i in self.non_leaders() if i not in barred]

    def marks(self, seat: Seat) -> str:
        if seat.index == self.leader:
            return " (leader)"
        if seat.index in self.immune_now:
            return " (immune)"
        return ""

    def die_for(self, index: int, running: int) -> tuple[int, int]:
        """F5: the die seat `index` rolls (150, the suspect 120, or a mod's) and the running die after it."""
        for plugin in self.plugins:
            chosen = plugin.die_for(self, index, running)
            if chosen is not None:
                return chosen
        return (SUSPECT_DIE if index == self.suspect else PLAYER_DIE), running

    def phase_named(self, name: str) -> Phase[FtlState]:
        return self.phases[name]
