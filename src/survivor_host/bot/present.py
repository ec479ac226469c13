"""The game as the room and its players see it: events into lines, HTML boxes and prompts with buttons.

Nothing here changes the game; it only shows what the engine said, where the room allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from survivor_host.bot.prompt_boxes import (
    PromptBox,
    PromptBoxes,
    box_name,
    button_command,
    plain_names,
    pm_heading,
)
from survivor_host.bot.state import RoomState
from survivor_host.engine import voice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, PhaseChanged, Prompt, Revealed, Roll, RoundTable, Say
from survivor_host.engine.game import Wait
from survivor_host.engine.ids import to_id
from survivor_host.engine.render import join_names, render, roll_text
from survivor_host.engine.theme import VoteBox
from survivor_host.showdown.unformat import unformatted_name
from survivor_host.words import html, info
from survivor_host.words.lines import how_to_send, pack_rolls, round_phrase, tabled_lines
from survivor_host.words.prompts import plain_prompt


@dataclass
class Announcer:
    """Says what the game did in one room: lines, round tables, the vote box, prompts and replies."""

    state: RoomState
    vote_open: bool = False
    """True while the theme's vote box in the room still takes votes."""
    boxes: PromptBoxes = field(init=False)
    """The players' prompt boxes with live buttons."""
    briefs_owed: set[str] = field(default_factory=set)
    """Substitutes not in the room when given their seat: told what it knows and owes once they come or PM
    (kept in the database too, `owe_brief`)."""

    def __post_init__(self) -> None:
        self.boxes = PromptBoxes(self.state, self.buttons_again)

    def spell(self, text: str, to: str | None) -> str:
        """`text` with its instructions in the room's words (`to` None) or a PM's."""
        prefix = self.state.settings.prefix
        return (voice.room(prefix) if to is None else voice.pm(prefix)).spell(text)

    def reply(self, to: str | None, text: str) -> None:
        """In the room when `to` is None, else by PM to `to`, saying which room it is about; any
        instruction in `text` spelled for where it is read."""
        room = self.state.room
        text = self.spell(text, to)
        if to is None:
            self.state.out.say(room, text)
        else:
            self.state.out.pm(to, f"[{room}] {text}")

    def player_list(self, to: str | None) -> None:
        """The game's player list (with the theme's marks), else the signups'; `to` as for `reply`."""
        state = self.state
        game = state.running()
        if game is not None:
            text = info.game_player_list(game)
        elif state.signups is not None:
            text = info.signup_player_list(state.signups.players)
        else:
            raise IllegalAction(f"No game or signups in {state.room}.")
        self.reply(to, text)

    def post(self, events: Sequence[Event], actor: str | None = None) -> None:
        """Events into chat: rolls and short lines in a row share one line (a public prompt ends it);
        private events go by PM (the room's packing goes on across them), what answers `actor`'s own
        input after the lines it caused. Where HTML is allowed a round's table is one box, and the lines
        it shows are left out; elsewhere the table is left out and its lines are said."""
        out, room = self.state.out, self.state.room
        if self.state.game is not None:  # a seat's name is written plain though its user was never seen
            out.note_names(seat.name for seat in self.state.game.seats)
        html_ok = out.can_use_html(room)
        packed: list[str] = []
        held: list[tuple[str, str]] = []  # PMs behind the packed lines before them: a result never comes first
        tabled = tabled_lines(events) if html_ok else {}

        def flush() -> None:
            for line in pack_rolls(packed):
                out.say(room, line)
            packed.clear()
            for to, text in held:
                out.pm(to, text)
            held.clear()

        for event in events:
            if html_ok and isinstance(event, Say | Roll | Revealed) and event.tabled:
                continue
            if isinstance(event, RoundTable):
                if html_ok:
                    flush()
                    # refused by the server, the box's lines are said instead: no result is lost
                    out.add_html_box(room, html.round_table_box(event), fallback=tabled.get(id(event), []))
                continue
            if event.to is None and isinstance(event, Roll):
                packed.append(roll_text(event))
                continue
            if event.to is None and isinstance(event, Say) and event.pack:
                packed.append(self.spell(event.text, None))
                continue
            if isinstance(event, Prompt):
                if not event.secret:  # a public prompt ends the room's line
                    packed.append(self.spell(event.text, None))
                    flush()
                elif held:  # a PM'd prompt after the PMs held: they keep their order
                    flush()
                self.prompt(event, said=True)
                continue
            if isinstance(event, PhaseChanged):  # no line of its own: packing goes on across it
                vote = self.public_vote()
                if vote and event.phase == vote.phase and html_ok:
                    flush()
                    self.vote_box()
                continue
            text = render(event)
            text = text and self.spell(text, event.to)
            if event.to is not None:  # by PM, saying its room: the room's packing goes on across it
                text = text and pm_heading(room, None, 0) + text
                if text and isinstance(event, Say) and actor is not None and to_id(event.to) == to_id(actor):
                    # A player's own confirmation waits behind the round's lines (results first); what
                    # the game tells others (a default made for them) goes in its place.
                    with out.lane("confirm"):
                        out.pm(event.to, text)
                elif text and packed:  # the room's line of what led to it is said first
                    held.append((event.to, text))
                elif text:
                    out.pm(event.to, text)
                continue
            flush()
            if text:
                out.say(room, text)
        flush()
        self.boxes.renew(close=actor is None)  # a player's own input: `boxes.chosen` closes the boxes after it

    def public_vote(self) -> VoteBox | None:
        """The theme's public vote shown as a box of buttons (its spec's `vote_box`), if it has one."""
        game = self.state.game
        return game.spec.vote_box if game is not None else None

    def vote_box(self, new: bool = True) -> None:
        """The theme's public vote: one box in the room, a button per player that says the vote command,
        and the votes so far below, updated in place as they come (not a room line per vote)."""
        state = self.state
        game, vote = state.game, self.public_vote()
        if game is None or vote is None:
            return
        prefix = state.settings.prefix
        tally = [  # a name's own `**` must not end the bold early: written plain (`unformatted_name`)
            f"**{unformatted_name(name)}** {len(voters)}: {', '.join(map(unformatted_name, voters))}"
            for name, voters in game.vote_tally()
        ]
        if game.phase == vote.phase:
            buttons = [(seat.name, button_command(state, vote.action, seat.name)) for seat in game.alive()]
            voted = sum(len(voters) for _, voters in game.vote_tally())
            head = f"{vote.title} with **{prefix}{vote.action} NAME** or a button:"
            tally = [*tally, f"{voted} of {len(game.alive())} voted."]
        else:
            buttons, head = [], vote.over
        box = html.choice_box(state.out.buttons(state.room), head, buttons, tally)
        (state.out.add_uhtml if new else state.out.change_uhtml)(state.room, f"survivor-vote-{state.room}", box)
        self.vote_open = game.phase == vote.phase

    def refresh_vote_box(self) -> None:
        """After an input during the vote: the box shows the new tally (or that the vote is over)."""
        if self.vote_open and self.state.out.can_use_html(self.state.room):
            self.vote_box(new=False)

    def prompt(self, prompt: Prompt, said: bool = False) -> None:
        """Ask a player: public prompts in the room (unless already `said`); PM prompts with buttons
        where HTML is allowed. A PM'd prompt starts with its room and round (a player may play in two
        rooms at once)."""
        out, room, game = self.state.out, self.state.room, self.state.game
        if not prompt.secret and not said:
            out.say(room, self.spell(prompt.text, None))
        text = self.spell(prompt.text, prompt.to)
        options = game.legal_inputs(prompt.to) if game else []
        number = game.round if game is not None else 0
        said = text.startswith(f"Round {number}")  # the prompt names its round itself
        where = pm_heading(room, game, 0 if said else number)
        plain = "\n".join(plain_prompt(where, text, prompt.actions, prompt.targets)) if prompt.secret else ""
        if game is not None and out.can_use_html(room) and options:
            label = game.spec.button_label  # `Action Mars` unless the theme's spec says otherwise
            commands = [(label(o.action, o.target), button_command(self.state, o.action, o.target)) for o in options]
            box = html.choice_box(out.buttons(room), plain_names(game, where + text), commands)
            out.pm_uhtml(room, prompt.to, box_name(room), box, fallback=plain)  # refused: the plain PM
            self.boxes.opened(PromptBox(prompt.to, game.wait_id, game.round, tuple(options)))
        elif plain:
            out.pm(prompt.to, plain)

    def box_renamed(self, old_id: str, new_name: str) -> None:
        """A seated player renamed (G5): their prompt box is still theirs. The server takes a PM to the old
        name to the renamed user, and every box of a room shares one name, so the box is kept under the
        new name, never closed as another player's."""
        box = self.boxes.boxed.pop(old_id, None)
        if box is not None:
            box.player = new_name
            self.boxes.boxed[to_id(new_name)] = box

    def refresh_prompts(self, skip: set[str] | frozenset[str] = frozenset(), only: str | None = None) -> None:
        """Ask again everyone the game waits for (and tell every player what they privately hold)."""
        state = self.state
        game = state.running()
        if game is None:
            return
        vote = self.public_vote()
        voters: list[str] = []
        for wait in game.awaiting():
            userid = to_id(wait.player)
            if userid in skip or (only is not None and userid != only):
                continue
            if vote is not None and wait.actions == (vote.action,) and not wait.secret:
                voters.append(wait.player)  # one line for everyone who owes a vote, not one each
                continue
            self.tell_private(wait.player)
            self.prompt(Prompt(wait.player, self.owed_prompt(wait), wait.actions, wait.targets, wait.secret))
        if voters and vote is not None:
            names = join_names([f"**{name}**" for name in voters])
            how = f"**{how_to_send(game, vote.action, False, state.settings.prefix)}**"
            note = f" ({vote.note})" if vote.note else ""
            owed = f"you have not voted yet, here in the room: {how}{note}."  # not voting is not punished
            state.out.say(state.room, f"{names}, {round_phrase(game)}: {owed}")
            if state.out.can_use_html(state.room) and not self.vote_open:
                self.vote_box()
        if only is None:
            awaited = {to_id(wait.player) for wait in game.awaiting()}
            for seat in game.alive():
                if seat.uid not in awaited:
                    self.tell_private(seat.name)

    def buttons_again(self, name: str) -> None:
        """After `name`'s input was refused: their prompt box again, below the refusal, while the game
        waits for them and the room allows HTML (else the refusal alone says what they may send)."""
        game = self.state.running()
        if game is None or not self.state.out.can_use_html(self.state.room):
            return
        vote = self.public_vote()
        for wait in game.awaiting():
            if vote is not None and wait.actions == (vote.action,) and not wait.secret:
                continue  # the room's vote box keeps its buttons
            if to_id(wait.player) == to_id(name):
                self.prompt(Prompt(wait.player, self.owed_prompt(wait), wait.actions, wait.targets, wait.secret), True)

    def owed_prompt(self, wait: Wait) -> str:
        """A re-prompt (after a restart, a reconnect, a return) that names what is owed and how to send
        it; PM'd ones get the room and round from `prompt`, room ones say the round here."""
        game = self.state.game
        assert game is not None
        prefix = self.state.settings.prefix
        how = " or ".join(f"**{how_to_send(game, action, wait.secret, prefix)}**" for action in wait.actions)
        targets = f" ({join_names(list(wait.targets))})" if wait.targets else ""
        if wait.secret:
            return f"You still owe an action: {how}{targets}."
        return f"**{wait.player}**, {round_phrase(game)}: you still owe an action here in the room: {how}{targets}."

    def brief_owed(self, userid: str) -> bool:
        """A substitute owed their seat's briefing (`briefs_owed`) gets it now, as a substitute does at `sub`:
        what the seat knows and owes, its prompt included. True when told."""
        if userid not in self.briefs_owed:
            return False
        self.brief_reached(userid)
        game, seat = self.state.running(), self.state.alive_seat(userid)
        if game is None or seat is None:
            return False
        self.post(game.present(game.brief(seat)))
        return True

    def owe_brief(self, userid: str) -> None:
        """`userid`, a substitute not in the room, is owed their seat's briefing: stored, so a restart owes it too."""
        self.briefs_owed.add(userid)
        game_id, store = self.state.game_id, self.state.store
        if game_id is not None:
            self.state.outage.now_or_owed(f"brief {userid}", lambda: store.owe_brief(game_id, userid))

    def brief_reached(self, userid: str) -> None:
        """`userid` is owed no briefing now: told it, or a PM of the bot's reached them."""
        if userid in self.briefs_owed:
            self.briefs_owed.discard(userid)
            game_id, store = self.state.game_id, self.state.store
            if game_id is not None:
                self.state.outage.now_or_owed(f"brief {userid}", lambda: store.brief_given(game_id, userid))

    def tell_private(self, name: str) -> None:
        """What a player privately holds (the game's `private_state`), by PM (after a restart or reconnect)."""
        if self.state.game is not None:
            self.post(self.state.game.private_state(name))
