"""What a game of Hunger Games Anon holds between inputs: the lives and duels of `DuelGame`, each seat's
nickname, the round's attacks; and how a nickname or an attack's target is read."""

from __future__ import annotations

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Seat
from survivor_host.engine.ids import to_id
from survivor_host.engine.nicknames import Nicknamed
from survivor_host.engine.render import join_names
from survivor_host.themes.hga.names import SUGGESTED
from survivor_host.themes.hga.record import HgaRecorder


class HgaState(Nicknamed, DuelGame):
    """The fields of a Hunger Games Anon game; `HungerGamesAnon` adds its phases."""

    WORDS = SUGGESTED
    SPARE = "Tribute"
    attacks: dict[int, int]
    """This round's accepted attacks, attacker to target, in the order they were accepted."""
    recorder: HgaRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.setup_nicks()
        self.attacks = {}
        self.recorder = HgaRecorder()

    def marks(self, seat: Seat) -> str:
        """No lives beside real names: with the nicknames' hearts they would tell who is who."""
        return ""

    def read_nick(self, seat: Seat, nick: str | None) -> str:
        """BG8, and not `seat`'s own name (as user ids): such a nickname would tell everyone whose it is."""
        if to_id(nick or "") == seat.uid:
            raise IllegalAction("That nickname is your own name: it would tell everyone who you are; choose another.")
        return super().read_nick(seat, nick)

    def rename_seat(self, seat: Seat, new: str) -> None:
        """Not to any nickname of the game, the seat's own included (a player named as the seat's nickname
        would tell everyone whose it is); refused in the same words whoever's it is, so the refusal tells
        the host nothing more."""
        taken = next((nick for nick in self.nicks.values() if to_id(nick) == to_id(new)), None)
        if taken is not None:
            raise IllegalAction(
                f"The name {taken} is a nickname in this game: a player of that name would tell everyone whose "
                "it is; name someone else."
            )
        super().rename_seat(seat, new)

    def nick_targets(self, seat: Seat) -> list[tuple[str, Seat]]:
        """Whom `seat` may attack, by nickname, sorted: every other player still in with a nickname."""
        found = [
            (self.nicks[other.index], other)
            for other in self.alive()
            if other is not seat and other.index in self.nicks
        ]
        return sorted(found, key=lambda pair: to_id(pair[0]))

    def attack_target(self, seat: Seat, nick: str | None) -> Seat:
        """The living player whose nickname `seat` names (3.3, BG2: else refused, naming the nicknames)."""
        targets = self.nick_targets(seat)
        legal = join_names([name for name, _ in targets])
        if not nick:
            raise IllegalAction(f"Name the nickname you attack: {legal}.")
        if to_id(nick) == to_id(self.nicks.get(seat.index, "")):
            raise IllegalAction(f"That is your own nickname. You may attack: {legal}.")
        for name, target in targets:
            if to_id(name) == to_id(nick):
                return target
        raise IllegalAction(f"Nobody still in goes by that nickname. You may attack: {legal}.")
