"""Chase the Ace (`cta`): the theme text plus RULINGS C1-C9 and G1-G7.

A round is a chain of phases (`phases/`): the deal, a mod's duel, the swap phase (turns, or All At
Once's secret rounds), the reveal; then the next round, until the finals. This class wires the phases
and mods together and handles what crosses phases: removals (G4-G6), substitutes, questions and the record.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts.deal import ElimChanged, GameBegins
from survivor_host.themes.cta.facts.kinds import CardWhy, CtaStage
from survivor_host.themes.cta.facts.reveal import PlaceBattle
from survivor_host.themes.cta.mods import MOD_CLASSES
from survivor_host.themes.cta.phases.deal import Deal
from survivor_host.themes.cta.phases.finals import FinalsPhase
from survivor_host.themes.cta.phases.reveal import Reveal
from survivor_host.themes.cta.phases.turns import SwapTurns
from survivor_host.themes.cta.record import CtaRecorder, CtaRound
from survivor_host.themes.cta.rules import FINALS_DIE, FOURTEEN, KING
from survivor_host.themes.cta.spec import SPEC
from survivor_host.themes.cta.state import CtaMod, CtaState
from survivor_host.themes.cta.view import CtaView, view_of

PHASES: tuple[Phase[CtaState], ...] = (Deal(), SwapTurns(), Reveal(), FinalsPhase())


class ChaseTheAce(CtaState):
    """The Chase the Ace theme with Adhesive, Jester's Duel, No Backsies, The Joker, All At Once."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = ("stick", "swap", "duel", "card")
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = ("stick", "swap", "duel")
    QUESTIONS: ClassVar[tuple[str, ...]] = ("card",)
    THEME_HOST_ACTIONS: ClassVar[tuple[str, ...]] = SPEC.host_actions
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "stick": (),
        "swap": ("target",),
        "duel": ("target",),
        "card": (),
        "elim": ("count",),
    }

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        super().__init__(players, mods=mods, options=options, dice=dice, seed=seed)
        self.elim_count = self.opt_int("elim")
        self.k = 0
        self.dealt, self.round_causes = {}, {}
        self.clear_round()
        self.recorder = CtaRecorder()
        self.plugins = tuple(MOD_CLASSES[mod]() for mod in self.mods)
        self.blockers = tuple(plugin for plugin in self.plugins if type(plugin).swap_block is not CtaMod.swap_block)
        self.fourteen = next((plugin.fourteen for plugin in self.plugins if plugin.fourteen), str(FOURTEEN))
        self.die = max((plugin.card_die() or KING for plugin in self.plugins), default=KING)
        self.phases = {phase.name: phase for phase in PHASES}
        self.mod_state = {}
        for plugin in self.plugins:
            self.phases.update(plugin.phases)
            plugin.new_round(self)  # each mod's state before the first round

    def _start(self) -> list[Event]:
        mods = tuple(self.spec.mod_title(mod) for mod in self.mods)
        return [GameBegins(self.title, len(self.seats), mods), *self.move_to(self.phases[CtaStage.DEAL])]

    def take(self, facts: list[Event]) -> None:
        self.recorder.take(facts)

    # ----- inputs -----

    def refusal(self, action: str, seat: Seat) -> str:
        """Why a `stick`, `swap` or `duel` is refused when the current phase does not take it."""
        return "There is no duel to call now." if action == "duel" else "There is nothing to stick or swap now."

    def act_card(self, inp: Input) -> list[Event]:
        seat = self.actor(inp)
        if seat.index not in self.cards:
            raise IllegalAction("You have no card yet.")
        return self.private_state(seat.name)

    def private_state(self, name: str) -> list[Event]:
        seat = self.seat(name)
        if not seat.alive or self.finished or seat.index not in self.cards:
            return []
        return self.present([self.card_told(seat.index, CardWhy.ASKED)])

    def act_elim(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if inp.count is None or inp.count < 1:
            raise IllegalAction("Say how many players go each round: elim K, with K at least 1.")
        self.elim_count = inp.count
        return [ElimChanged(inp.count, len(self.alive()))]

    def is_secret(self, action: str) -> bool:
        """Under All At Once `stick` and `swap` go by PM (C7); otherwise they are said in chat (C6)."""
        return any(action in plugin.secret_actions() for plugin in self.plugins)

    # ----- modkills and substitutes -----

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkill `seats` in one step (G4, G6); two or fewer left stops the round."""
        events: list[Event] = [self.eliminate(seats, reason)]
        left = self.alive()
        if len(left) == 2:
            return [*events, *self.move_to(self.phases[CtaStage.FINALS])]
        if len(left) < 2:
            return [*events, *self.decide_by_battle(left, seats)]
        return [*events, *self.current.on_removal(self, seats)]

    def decide_by_battle(self, left: list[Seat], removed: list[Seat]) -> list[Event]:
        """G4: one left wins, second by a 13 battle among this step's modkilled; none left, both so."""
        events: list[Event] = []
        pool = list(removed)
        placed: list[Seat] = list(left)
        while len(placed) < 2 and pool:
            if len(pool) == 1:
                placed.append(pool.pop())
                continue
            result = battle(self.dice, [(seat.name, FINALS_DIE) for seat in pool], purpose="second place")
            best = self.seat(result.winners[0])
            events.append(PlaceBattle(tuple(result.events), tuple(result.rolls), best.name))
            placed.append(best)
            pool.remove(best)
        self.turn = None
        return [*events, *self.finish(placed[0], placed[1] if len(placed) > 1 else None)]

    def brief(self, seat: Seat) -> list[Event]:
        """Tell a substitute the seat's card and anything the seat owes."""
        if self.finished or not seat.alive:
            return []
        events: list[Event] = []
        if seat.index in self.cards:
            events.append(self.card_told(seat.index, CardWhy.TAKEOVER))
        return [*events, *self.current.brief(self, seat)]

    # ----- what a player knows, and the record -----

    def view(self, name: str) -> CtaView:
        """Only what player `name` knows (for AI seats)."""
        return view_of(self, self.seat(name))

    def round_record(self) -> list[CtaRound]:
        return copy.deepcopy(self.recorder.rounds)
