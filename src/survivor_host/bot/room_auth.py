"""The room's auth as the bot knows them: who spoke, who hosted the bot, and words for them that found
no auth in the room (PMed to the first auth heard afterwards)."""

from __future__ import annotations

from dataclasses import dataclass, field

from survivor_host.bot.ports import AUTH_RANKS
from survivor_host.bot.room_bot_lines import pm_with_button
from survivor_host.bot.state import RoomState
from survivor_host.engine.ids import to_id


@dataclass(frozen=True)
class Button:
    """A PM's button at `*`: `label` sends `line` to the room; `key` names the PM's box."""

    key: str
    line: str
    label: str


@dataclass(frozen=True)
class Owed:
    """Words for the room's auth that found none in the room; `button`: its button, if any."""

    text: str
    button: Button | None = None


@dataclass
class RoomAuth:
    """One room's auth: those who spoke (userid -> name), who hosted our bot, and what they are owed."""

    state: RoomState
    seen: dict[str, str] = field(default_factory=dict)
    """Room auth who spoke here: the ones still in the room are told what concerns the room's auth."""
    hosted_by: str | None = None
    """The auth whose `.host OURBOT` the room bot last took (asked to `.dehost` should it keep us)."""
    handed_to: list[str] = field(default_factory=list)
    """Who hosted the game just handed back (the `.host` typer, then the signups' opener)."""
    owed: list[Owed] = field(default_factory=list)
    """Words that found no auth in the room: PMed to the first auth heard."""

    def heard(self, rank: str, name: str, text: str) -> None:
        """A line by `name`: an auth is noted, gets what is owed, and may be the one who hosted us."""
        if rank not in AUTH_RANKS:
            return
        self.seen[to_id(name)] = name
        owed, self.owed = self.owed, []
        for item in owed:
            self.pm(name, item)
        word, _, rest = text.strip().partition(" ")
        if word.lower() in (".host", ".subhost") and to_id(rest.partition(",")[0]) == to_id(self.state.out.name):
            self.hosted_by = name

    def online(self) -> list[str]:
        """Every auth seen who is in the room now."""
        state = self.state
        return [name for uid, name in self.seen.items() if state.out.rank_of(state.room, uid) is not None]

    def to_tell(self) -> list[str]:
        """Whoever hosted us if still in the room, else the game's host, else every auth seen and online."""
        state = self.state
        here = [n for n in self.handed_to if state.out.rank_of(state.room, to_id(n)) is not None]
        return here[:1] if here else self.online()

    def tell(self, item: Owed) -> bool:
        """PM `item` to those `to_tell` names; with none in the room it is owed to the first auth heard
        (False)."""
        names = self.to_tell()
        for name in names:
            self.pm(name, item)
        if not names:
            self.owed.append(item)
        return bool(names)

    def forget(self, key: str) -> None:
        """What is owed with a button keyed `key` is moot now."""
        self.owed = [item for item in self.owed if item.button is None or item.button.key != key]

    def pm(self, name: str, item: Owed) -> None:
        button = item.button
        if button is None:
            self.state.out.pm(name, item.text)
        else:
            pm_with_button(self.state, name, item.text, button.key, button.line, button.label)
