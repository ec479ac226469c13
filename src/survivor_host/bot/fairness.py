"""The room's side of fair dice (docs/FAIRNESS.md): the seed committed when signups open, `.salt`
words from players, the client seed at `.start`, and dice rebuilt for a restored game."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.engine.dice import Dice, FairDice, dice_for_record
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.fair.stream import ALGORITHM, SALT_WORD, client_seed, commitment, is_salt


def new_server_seed() -> str:
    """256 bits from the OS's generator, as 64 hex digits."""
    return secrets.token_hex(32)


def clean_salt(word: str, prefix: str = DEFAULT_PREFIX) -> str:
    """A salt is one word of 1-24 letters or digits of any script (it is posted in the room at the game's
    start), composed (NFC) as typed; a word in look-alike letters (fullwidth, ligatures) is refused."""
    word = unicodedata.normalize("NFC", word.strip())
    if not SALT_WORD.fullmatch(word):
        raise IllegalAction(f"A salt is one word of 1 to 24 letters or digits: {prefix}salt WORD")
    if not is_salt(word):
        plain = unicodedata.normalize("NFKC", word)
        spelled = f": send {prefix}salt {plain}" if is_salt(plain) else f" ({prefix}salt WORD)"
        raise IllegalAction(f"The salt {word} is written in look-alike letters that read as {plain}{spelled}")
    return word


@dataclass
class SignupSeed:
    """The server seed fixed when signups opened, and the players' salt words (user id -> word, in
    the order first sent)."""

    seed: str
    salts: dict[str, str] = field(default_factory=dict)

    def add_salt(self, name: str, word: str, players: list[str], prefix: str = DEFAULT_PREFIX) -> str:
        """Player `name` adds (or replaces) their salt; the reply to send them."""
        if to_id(name) not in {to_id(player) for player in players}:
            raise IllegalAction("Join the game first: only players add salt.")
        self.salts[to_id(name)] = clean_salt(word, prefix)
        return f"Your salt {self.salts[to_id(name)]} goes into the client seed at {prefix}start."

    def dice_for(self, players: list[str]) -> FairDice:
        """The game's dice: the committed seed and the client seed of `players` (join order) and their salts."""
        ids = {to_id(player) for player in players}
        salts = [word for userid, word in self.salts.items() if userid in ids]
        return FairDice(self.seed, client_seed(players, salts), salts)

    def announce_commitment(self, prefix: str = DEFAULT_PREFIX) -> str:
        return (
            f"Dice commitment: sha256 {commitment(self.seed)} (the seed is revealed at the end). "
            f"Players may add luck of their own during signups: {prefix}salt WORD"
        )

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "salts": dict(self.salts)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, new_seed: str) -> SignupSeed:
        """Stored signups; those stored before seeds were committed at `.host` get `new_seed`."""
        if not data or not data.get("seed"):
            return cls(new_seed)
        return cls(str(data["seed"]), dict(data.get("salts") or {}))


def announce_client_seed(dice: FairDice) -> str:
    return f"Dice client seed (the players in join order, then salts): {dice.client_seed}"


def reveal_seed(seed: str) -> str:
    return (
        f"Dice seed: {seed} (sha256 {commitment(seed)[:16]}…). Anyone can check the game: "
        "survivor-host verify, or the replay page."
    )


def stored_dice(players: list[str], seed: str, algorithm: str | None, client: str | None, salts: list[str]) -> Dice:
    """The dice of a stored game (games stored before this scheme used the Mersenne Twister)."""
    record = {"players": players, "seed": seed, "dice": algorithm, "client_seed": client, "salts": salts}
    return dice_for_record(record)


__all__ = [
    "ALGORITHM",
    "SignupSeed",
    "announce_client_seed",
    "clean_salt",
    "new_server_seed",
    "reveal_seed",
    "stored_dice",
]
