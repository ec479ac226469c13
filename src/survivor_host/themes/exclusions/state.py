"""What a game of Exclusions holds between inputs: each seat's nickname, the round's attacks (by
username), the exposed nicknames still to guess and who guesses now; and how a target is read."""

from __future__ import annotations

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.game import Seat
from survivor_host.engine.nicknames import Nicknamed
from survivor_host.themes.exclusions.record import ExcRecorder

WORDS = (
    "Shadow", "Echo", "Ghost", "Cipher", "Mirage", "Phantom", "Riddle", "Enigma", "Whisper", "Outcast",
    "Stranger", "Drifter", "Hermit", "Loner", "Nomad", "Rogue", "Exile", "Wanderer", "Specter", "Veil",
    "Mystery", "Incognito", "Alias", "Masked", "Hidden", "Unknown", "Vagabond", "Outsider", "Recluse", "Lurker",
)  # fmt: skip
"""Words the nicknames a player may take by a button are made of."""


class ExcState(Nicknamed, DuelGame):
    """The fields of an Exclusions game; `Exclusions` adds its phases."""

    WORDS = WORDS
    SPARE = "Outsider"
    attacks: dict[int, int]
    """This round's accepted attacks, attacker to target, in the order they were accepted."""
    exposed: list[int]
    """The owners of this round's exposed nicknames still to be guessed, in the order they joined."""
    guesser: int | None
    """Who guesses the exposed nickname now (None: nobody is asked)."""
    suspected: int | None
    """The owner of the nickname being guessed now."""
    learned: dict[int, dict[str, str]]
    """What each seat learned from its own attacks: the nickname a duel named for the user it attacked."""
    recorder: ExcRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.setup_nicks()
        self.attacks, self.exposed, self.learned = {}, [], {}
        self.guesser = self.suspected = None
        self.recorder = ExcRecorder()

    def target_names(self, seat: Seat) -> tuple[str, ...]:
        """Whom `seat` may attack: every other player still in, by username, sorted."""
        return tuple(sorted((other.name for other in self.alive() if other is not seat), key=str.lower))

    def attack_target(self, seat: Seat, name: str | None) -> Seat:
        """The user `seat` attacks (3.3): any other player still in, by username."""
        return self.living_target(seat, name, "attack", self.target_names(seat))

    def suspect_names(self) -> tuple[str, ...]:
        """Whom the guesser may suspect (3.4c, BG2): every player still in, the guesser too, by username, sorted."""
        return tuple(sorted((other.name for other in self.alive()), key=str.lower))

    def suspect_target(self, seat: Seat, name: str | None) -> Seat:
        """The user `seat` suspects (3.4c): any player still in, oneself included, as the text takes it (the
        guesser never owns the nickname, BG9, so naming oneself is a wrong guess); others refused (BG2)."""
        return self.living_target(seat, name, "suspect", self.suspect_names(), oneself=True)
