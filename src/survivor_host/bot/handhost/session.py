"""A hand-hosted session's state (docs/FAIRNESS.md "Hosting sessions"): its seed, its signups and
salts, its numbered draws and the host's player list. It is its own record: stored as it changes,
checked by `survivor-host verify`, and rebuilt from it after a restart (the stream is redrawn)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.fairness import clean_salt
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.numbers import NumberRefused, is_digits, whole_number
from survivor_host.fair.stream import ALGORITHM, HmacStream, commitment
from survivor_host.trust.session import (
    CARD_RANKS,
    FORMAT,
    KIND,
    MAX_ITEMS,
    SAFE_PUNCTUATION,
    clean_text,
    make_draw,
    parse_roll,
    plain_name,
    roll_draw,
    session_client_seed,
    what_drawn,
)
from survivor_host.words.lines import MAX_LINE

NOT_CLOSED = "Signups are not closed yet: the dice wait for the client seed."
"""A draw asked for before the client seed is fixed (the bot's refusal also names its close command)."""


@dataclass
class HandSession:
    """One person's hosting, from the commitment to the revealed seed."""

    room: str
    host: str
    seed: str
    started_at: float
    id: int = 0
    players: list[str] = field(default_factory=list)
    """Join order; after signups close, the client seed's players (renames do not change it)."""
    salts: dict[str, str] = field(default_factory=dict)
    """User id -> salt word, in the order first sent."""
    client_seed: str | None = None
    draws: list[dict[str, Any]] = field(default_factory=list)
    shown: dict[str, str] = field(default_factory=dict)
    """Names on the host's list as shown now, by the user id they joined with (renames)."""
    out: list[str] = field(default_factory=list)
    """User ids out, in the order they went out."""
    list_events: list[dict[str, Any]] = field(default_factory=list)
    ended: str | None = None
    ended_at: float | None = None
    followed: bool = False
    """True when the room bot named the host: the session ends when the room bot's hosting does."""
    host_id: str = ""
    """The user id the host uses now (a rename keeps the session; `host` stays the name in the client seed)."""
    unsent: list[int] = field(default_factory=list)
    """Draws stored whose room line and PMs are not known to have gone out: sent again after a restart."""
    held: dict[str, list[int]] = field(default_factory=dict)
    """Cards (draw numbers) by the user id of a player who was not in the room when dealt: their PM is
    sent again when the player comes back (joins the room or PMs the bot)."""
    _stream: HmacStream | None = None

    @property
    def open_for_signups(self) -> bool:
        return self.client_seed is None and self.ended is None

    def __post_init__(self) -> None:
        self.host_id = self.host_id or to_id(self.host)

    def is_host(self, name: str) -> bool:
        return to_id(name) == self.host_id

    # ----- signups -----

    def join(self, name: str) -> None:
        self._require_signups()
        if self.find(name) is not None:  # by any name they had: a rename does not make a second player
            raise IllegalAction(f"You are already on {self.host}'s list.")
        if self.is_host(name):
            raise IllegalAction("The host does not join their own game.")
        if not plain_name(name):
            raise IllegalAction(
                f"{self.host}'s fair dice session writes every player's name in its client seed: join with a name of "
                f"letters, digits, spaces and {SAFE_PUNCTUATION.strip()} only (/nick NAME, then /me in)."
            )
        self.players.append(name)
        self.shown[to_id(name)] = name

    def leave(self, name: str) -> None:
        self._require_signups()
        userid = self.find(name)
        if userid is None:
            raise IllegalAction(f"You were not on {self.host}'s list.")
        self.players = [player for player in self.players if to_id(player) != userid]
        self.shown.pop(userid, None)
        self.salts.pop(userid, None)

    def add_salt(self, name: str, word: str, prefix: str) -> str:
        self._require_signups()
        userid = self.find(name)
        if userid is None:
            raise IllegalAction("Join first (/me in): only players add salt.")
        self.salts[userid] = clean_salt(word, prefix)
        return f"Your salt {self.salts[userid]} goes into the client seed when {self.host} closes signups."

    def _require_signups(self) -> None:
        if not self.open_for_signups:
            raise IllegalAction(f"{self.host}'s signups are closed.")

    def close(self) -> str:
        """Signups end: the client seed is fixed (and the stream with it); it is returned."""
        self._require_signups()
        self.client_seed = session_client_seed(self.host, self.players, list(self.salts.values()))
        self._stream = HmacStream(self.seed, self.client_seed)
        return self.client_seed

    # ----- draws -----

    def _draw(self, draw: dict[str, Any]) -> dict[str, Any]:
        if self.ended is not None:
            raise IllegalAction("This session has ended.")
        if self._stream is None:
            raise IllegalAction(NOT_CLOSED)
        made = make_draw(self._stream, draw)
        made["number"] = len(self.draws) + 1
        self.draws.append(made)
        return made

    def roll(self, text: str) -> dict[str, Any]:
        """`roll XdY+Z // label`."""
        spec_text, _, label = text.partition("//")
        spec = parse_roll(spec_text)
        return self._draw(roll_draw(spec, label_of(label)))

    def pick_or_shuffle(self, kind: str, text: str) -> dict[str, Any]:
        """`pick A, B, C` / `shuffle A, B, C // label`; with no items, of the players still in."""
        items_text, _, label_text = text.partition("//")
        label = label_of(label_text)
        if items_text.strip():
            names = [clean_text(item, "item") for item in items_text.split(",")]
        else:
            names = self.still_in()
            if self.client_seed is None:
                raise IllegalAction(NOT_CLOSED)
        if len(names) < 2 and items_text.strip():
            raise IllegalAction(f"A {kind} needs at least two items, separated by commas: {kind} A, B, C")
        if len(names) < 2:
            raise IllegalAction(
                f"A {kind} with no items is of the players still in, and fewer than two are: name the items, "
                f"{kind} A, B, C"
            )
        if len(names) > MAX_ITEMS:
            raise IllegalAction(f"A {kind} takes at most {MAX_ITEMS} items.")
        if len({to_id(n) or n for n in names}) < len(names):
            raise IllegalAction(f"The same item is named twice in that {kind}.")
        draw = {"kind": kind, "names": names, "label": label}
        longest = ", ".join(names) if kind == "shuffle" else max(names, key=len)
        if len(f"#{len(self.draws) + 1} {what_drawn(draw)}: {longest}") > MAX_LINE:
            raise IllegalAction(f"That {kind} would not fit in one chat line: use fewer or shorter items.")
        return self._draw(draw)

    def card(self, text: str) -> dict[str, Any]:
        """`card NAME` (A to K) or `card 14 NAME`: one card for a player on the list."""
        first, _, rest = text.strip().partition(" ")
        ranks = 13
        if is_digits(first):
            try:
                ranks, text = whole_number(first, min(CARD_RANKS), max(CARD_RANKS), "a card's ranks"), rest
            except NumberRefused:
                raise IllegalAction("A card is drawn from 13 ranks (card NAME) or 14 (card 14 NAME).") from None
        player = self.find(text)
        if player is None:
            raise IllegalAction("Name a player on your list: card NAME, or card 14 NAME.")
        return self._draw({"kind": "card", "ranks": ranks, "for": self.shown.get(player, player)})

    # ----- the host's list -----

    def still_in(self) -> list[str]:
        """The players still in, by the names shown now, in join order."""
        return [self.shown.get(to_id(p), p) for p in self.players if to_id(p) not in self.out]

    def find(self, name: str) -> str | None:
        """The user id of a listed player, by any of the names they had."""
        wanted = to_id(name)
        for player in self.players:
            userid = to_id(player)
            if wanted and wanted in (userid, to_id(self.shown.get(userid, ""))):
                return userid
        return None

    def change_list(self, event: str, name: str, new_name: str = "") -> str:
        """Out, back, rename or remove one player (bookkeeping only); what the host's page says."""
        userid = self.find(name)
        if userid is None:
            raise IllegalAction(f"{name.strip()[:40]!r} is not on the list.")
        shown = self.shown.get(userid, userid)
        entry: dict[str, Any] = {"step": len(self.draws), "event": event, "name": shown}
        if event == "out":
            if userid in self.out:
                raise IllegalAction(f"{shown} is already out.")
            self.out.append(userid)
        elif event == "back":
            if userid not in self.out:
                raise IllegalAction(f"{shown} is not out.")
            self.out.remove(userid)
        elif event == "rename":
            entry["to"] = clean_text(new_name, "name")
            other = self.find(entry["to"])
            if other is not None and other != userid:  # one name, one player: out and remove find one
                taken = self.shown.get(other, other)
                raise IllegalAction(f"{entry['to']} is a name of {taken} on the list: give {shown} another name.")
            self.shown[userid] = entry["to"]
        elif event == "remove":
            if self.client_seed is None:
                self.leave(shown)
            elif userid not in self.out:
                self.out.append(userid)
        self.list_events.append(entry)
        return f"{shown}: {event}" + (f" → {entry['to']}" if event == "rename" else "")

    # ----- the record -----

    def end(self, why: str, at: float) -> None:
        self.ended, self.ended_at = why, at

    def record(self) -> dict[str, Any]:
        """The session as docs/FAIRNESS.md records it (the seed only once it has ended)."""
        return {
            "kind": KIND, "format": FORMAT, "dice": ALGORITHM, "id": self.id, "room": self.room, "host": self.host,
            "started_at": self.started_at, "ended_at": self.ended_at, "ended": self.ended,
            "seed": self.seed if self.ended is not None else None, "commitment": commitment(self.seed),
            "client_seed": self.client_seed, "players": list(self.players), "salts": list(self.salts.values()),
            "draws": [dict(d) for d in self.draws], "list": [dict(e) for e in self.list_events],
            "out": [self.shown.get(u, u) for u in self.out],
        }  # fmt: skip

    def stored(self) -> dict[str, Any]:
        """What the store keeps while it runs: the record, the seed, and what only the bot needs."""
        return {**self.record(), "seed": self.seed, "salt_by": dict(self.salts), "shown": dict(self.shown),
                "out_ids": list(self.out), "followed": self.followed,
                "host_id": self.host_id, "unsent": list(self.unsent),
                "held": {userid: list(numbers) for userid, numbers in self.held.items()}}  # fmt: skip

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> HandSession:
        """A stored session, its stream redrawn to where it was."""
        session = cls(str(data["room"]), str(data["host"]), str(data["seed"]), float(data["started_at"]),
                      int(data.get("id") or 0), list(data["players"]), dict(data.get("salt_by") or {}))  # fmt: skip
        session.shown = dict(data.get("shown") or {to_id(p): p for p in session.players})
        session.out = list(data.get("out_ids") or [])
        session.list_events = list(data.get("list") or [])
        session.ended, session.ended_at = data.get("ended"), data.get("ended_at")
        session.followed = bool(data.get("followed"))
        session.host_id = str(data.get("host_id") or session.host_id)
        session.unsent = [int(number) for number in data.get("unsent") or []]
        session.held = {str(u): [int(n) for n in numbers] for u, numbers in (data.get("held") or {}).items()}
        if data.get("client_seed"):
            session.client_seed = str(data["client_seed"])
            session._stream = HmacStream(session.seed, session.client_seed)
            for draw in data.get("draws") or []:
                session.draws.append({**make_draw(session._stream, draw), "number": draw["number"]})
        return session


def names_text(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "nobody"


def label_of(text: str) -> str:
    """A draw's label as typed after `//`, without the `for` the line puts before it (`// for Mars`,
    `// For Mars` and `// Mars` are one label; `// for` alone is none)."""
    words = text.split()
    while words and words[0].lower() == "for":
        words = words[1:]
    return clean_text(" ".join(words), "label") if words else ""
