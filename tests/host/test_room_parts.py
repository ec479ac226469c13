"""Each part of the room host on its own: state, announcer, deadlines, session, signups, presence, reach,
commands, answers; `RoomHost` only wires them."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.answers import Answers
from survivor_host.bot.command_words import is_game_word
from survivor_host.bot.commands import Commands
from survivor_host.bot.deadlines import Deadlines
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.presence import Presence
from survivor_host.bot.present import Announcer
from survivor_host.bot.reach import Reach
from survivor_host.bot.room import RoomHost
from survivor_host.bot.session import Session
from survivor_host.bot.signups import REACH_CHECK, SignupDesk
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Prompt, Roll, Say
from survivor_host.engine.inputs import Input
from survivor_host.store.db import Store
from survivor_host.themes import THEMES, new_game
from survivor_host.words.lines import how_to_send, pack_rolls, round_phrase
from tests.host.fakes import FakeClock, FakeOutbox

ROOM = "survivor"
PLAYERS = ["Venus", "Mars", "Jupiter", "Saturn", "Ceres"]


def make_state(tmp_path: Path, html: bool = False) -> RoomState:
    out = FakeOutbox(html_rooms=(ROOM,) if html else ())
    return RoomState(ROOM, out, FakeClock(), Store(tmp_path / "bot.db"), HostSettings(), lambda: "seed-1")


def sent(state: RoomState) -> list[tuple[str, str, str]]:
    assert isinstance(state.out, FakeOutbox)
    return state.out.sent


def clock(state: RoomState) -> FakeClock:
    assert isinstance(state.clock, FakeClock)
    return state.clock


class Parts:
    """The parts wired as `RoomHost` wires them, each reachable by name."""

    def __init__(self, tmp_path: Path, html: bool = False) -> None:
        self.host = RoomHost(ROOM, FakeOutbox(html_rooms=(ROOM,) if html else ()), FakeClock(),
                             Store(tmp_path / "bot.db"), HostSettings(), lambda: "seed-1")  # fmt: skip
        self.state = self.host.state

    def open(self, theme: str, players: list[str] = PLAYERS, options: str = "") -> None:
        self.host.handle_chat("+", "Hostess", f".host {theme}")
        for line in options.split(";") if options else []:
            self.host.handle_chat("+", "Hostess", f".set {line}")
        for name in players:
            self.host.handle_chat(" ", name, "/me in")
        self.host.handle_chat("+", "Hostess", ".start")


# ----- state -----


def test_state_knows_the_running_game_and_its_seats(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    assert state.running() is None and state.alive_seat("venus") is None
    state.game = new_game("ftl", PLAYERS, seed=1)
    state.game.start()
    assert state.running() is state.game
    seat = state.alive_seat("venus")
    assert seat is not None and seat.name == "Venus"
    assert state.alive_seat("nobody") is None


# ----- present -----


def test_how_to_send_names_a_target_where_the_action_takes_one() -> None:
    ftl, cta = new_game("ftl", PLAYERS, seed=1), new_game("cta", PLAYERS, seed=1)
    assert how_to_send(ftl, "vote", secret=False, prefix=".") == ".vote NAME"
    assert how_to_send(ftl, "follow", secret=True, prefix=".") == "follow"
    assert how_to_send(cta, "swap", secret=True, prefix="!") == "swap NAME"
    assert how_to_send(cta, "stick", secret=False, prefix="!") == "!stick"


def test_round_phrase_before_and_during_the_rounds() -> None:
    game = new_game("ftl", PLAYERS, seed=1)
    assert round_phrase(game) == "before round 1"
    game.round = 3
    assert round_phrase(game) == "round 3"
    spotlight = new_game("hgs", PLAYERS, seed=1)  # the room says `Turn 3` there: so do its PM tags
    spotlight.round = 3
    assert round_phrase(spotlight) == "turn 3"


def test_announcer_packs_rolls_and_sends_private_lines_by_pm_after_them(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    present = Announcer(state)
    present.post([Roll("Venus", 150, 7), Say("Psst.", to="Mars"), Roll("Mars", 150, 9), Say("Hello room.")])
    # the PM does not end the packed line, and waits behind it: a player never reads a result before the
    # room's line of the rolls that led to it
    assert [kind for kind, _, _ in sent(state)] == ["say", "pm", "say"]
    assert sent(state)[1] == ("pm", "Mars", "[survivor] Psst.")
    assert sent(state)[0][2].count(" · ") == 1 and "Venus" in sent(state)[0][2] and "Mars" in sent(state)[0][2]
    assert sent(state)[2] == ("say", ROOM, "Hello room.")
    sent(state).clear()
    present.post([Roll("Venus", 150, 7), Say("Your card is 5.", to="Mars"), Prompt("Mars", "Swap?", ("stick",))])
    assert [(kind, text[:15]) for kind, _, text in sent(state)] == [
        ("say", "Roll (1 - 150) "),
        ("pm", "[survivor] Your"),  # a player in two rooms reads which room a result is about
        ("pm", "[survivor] Swap"),
    ]
    assert pack_rolls(["a" * 10] * 3, limit=25) == ["a" * 10 + " · " + "a" * 10, "a" * 10]


def test_announcer_replies_in_the_room_or_by_pm_naming_the_room(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    present = Announcer(state)
    present.reply(None, "Hi.")
    present.reply("Mars", "Hi.")
    assert sent(state) == [("say", ROOM, "Hi."), ("pm", "Mars", f"[{ROOM}] Hi.")]
    with pytest.raises(IllegalAction, match="No game or signups"):
        present.player_list(None)


def test_announcer_prompts_by_pm_with_the_room_and_the_legal_inputs(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    state.game = new_game("ftl", PLAYERS, seed=1, options={"leader": "pick"})
    state.game.start()
    present = Announcer(state)
    waits = state.game.awaiting()
    present.prompt(Prompt(waits[0].player, "Follow or rebel?", waits[0].actions, (), secret=True))
    assert sent(state) == [
        ("pm", waits[0].player, f"[{ROOM}, round 1] Follow or rebel? Reply here with follow or rebel.")
    ]


def test_reminding_voters_is_one_line_with_the_vote_box_note(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    state.game = new_game("ftl", PLAYERS, seed=1)
    state.game.start()
    Announcer(state).refresh_prompts()
    vote = THEMES["ftl"].vote_box
    assert vote is not None and vote.note
    lines = [text for kind, _, text in sent(state) if kind == "say"]
    assert lines == [
        "**Venus**, **Mars**, **Jupiter**, **Saturn** and **Ceres**, before round 1: "
        f"you have not voted yet, here in the room: **.{vote.action} NAME** ({vote.note})."
    ]


# ----- deadlines -----


def timed_game(tmp_path: Path) -> tuple[RoomState, Deadlines, list[str]]:
    """A room with a started game and its deadlines, whose callbacks write into the list."""
    state = make_state(tmp_path)
    calls: list[str] = []
    deadlines = Deadlines(state, before_timeout=lambda: calls.append("before"), timeout=lambda: calls.append("out"))
    state.game = new_game("ftl", PLAYERS, seed=1)
    state.game.start()
    return state, deadlines, calls


def test_deadlines_remind_then_time_out_the_wait(tmp_path: Path) -> None:
    state, deadlines, calls = timed_game(tmp_path)
    start = clock(state).now()
    deadlines.rearm()
    assert deadlines.deadline_at == start + 60  # the vote is public: public_deadline
    clock(state).advance(31)
    assert any(text.startswith("Waiting on: ") for kind, _, text in sent(state) if kind == "say")
    assert calls == []
    clock(state).advance(30)
    assert calls == ["before", "out"]


def test_deadlines_pause_keeps_the_time_left(tmp_path: Path) -> None:
    state, deadlines, calls = timed_game(tmp_path)
    deadlines.rearm()
    clock(state).advance(50)
    deadlines.pause()
    assert deadlines.paused and deadlines.paused_left == 10
    clock(state).advance(1000)
    assert calls == []
    deadlines.resume()  # at least 10 seconds, here exactly the 10 it had
    assert not deadlines.paused and deadlines.deadline_at == clock(state).now() + 10
    clock(state).advance(10)
    assert calls == ["before", "out"]


def test_a_timer_of_an_old_wait_does_nothing(tmp_path: Path) -> None:
    state, deadlines, calls = timed_game(tmp_path)
    deadlines.rearm()
    assert state.game is not None
    state.game.wait_id += 1  # the game moved on without this part being told
    clock(state).advance(100)
    assert calls == [] and not any(text.startswith("Waiting on") for _, _, text in sent(state))


# ----- session -----


def test_session_stores_an_input_before_it_is_announced(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    game, state = parts.host.game, parts.state
    assert game is not None and state.game_id is not None
    stored_before: list[int] = []
    assert isinstance(state.out, FakeOutbox)
    say, pm = state.out.say, state.out.pm

    def stored() -> None:
        stored_before.append(len(state.store.inputs_of(state.game_id)) if state.game_id else -1)

    state.out.say = lambda room, text: (stored(), say(room, text))[1]  # type: ignore[method-assign]
    state.out.pm = lambda user, text: (stored(), pm(user, text))[1]  # type: ignore[method-assign]
    assert parts.host.session.apply(Input("vote", by="Venus", target="Mars"), reply_to="Venus")
    assert stored_before and all(count == 1 for count in stored_before)


def test_session_refusals_go_to_the_sender_and_a_bug_ends_the_game(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    session, state = parts.host.session, parts.state
    assert not session.apply(Input("vote", by="Venus", target="Venus"), reply_to="Venus")
    assert sent(state)[-1][:2] == ("pm", "Venus")
    with pytest.raises(IllegalAction):
        session.apply(Input("vote", by="Venus", target="Venus"), reply_to=None)
    game = state.game
    assert game is not None

    def broken(inp: Input) -> list[object]:
        raise RuntimeError("a bug")

    game.apply = broken  # type: ignore[assignment,method-assign]
    assert not session.apply(Input("vote", by="Venus", target="Mars"), reply_to="Venus")
    assert state.game is None and state.game_id is None
    assert sent(state)[-1][2].startswith("**An internal error stopped this game.**")


# ----- signups -----


def test_signup_desk_keeps_the_list_and_its_box(tmp_path: Path) -> None:
    state = make_state(tmp_path, html=True)
    desk = SignupDesk(state)
    desk.open("ftl")
    desk.signup("Venus", joining=True)
    assert state.signups is not None and state.signups.players == ["Venus"]
    assert ("pm", "Venus", f"You are on the player list in {ROOM}. {REACH_CHECK}") in sent(state)
    with pytest.raises(IllegalAction, match="already signed up"):
        desk.signup("venus", joining=True)
    desk.rename("venus", "Venus2")
    assert state.signups.players == ["Venus2"]
    assert desk.drop("nobody") is None and desk.drop("venus2") == "Venus2"
    assert state.signups.players == [] and sent(state)[-1][0] == "uhtmlchange"
    assert state.store.all_signups()[ROOM]["players"] == []


def test_signup_desk_starts_the_stored_game_and_closes(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    desk = SignupDesk(state)
    with pytest.raises(IllegalAction, match="Open signups"):
        desk.start()
    desk.open("cta")
    for name in PLAYERS:
        desk.signup(name, joining=True)
    game, game_id = desk.start()
    assert game.theme == "cta" and [seat.name for seat in game.seats] == PLAYERS
    assert state.signups is None and ROOM not in state.store.all_signups()
    assert [stored.id for stored in state.store.unfinished_games()] == [game_id]
    assert state.game is None  # the session begins it


# ----- presence -----


def test_presence_leave_grace_then_modkill(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    presence, state = parts.host.presence, parts.state
    presence.handle_leave("mars")
    presence.handle_join("Mars")  # back in time
    clock(state).advance(91)
    assert state.alive_seat("mars") is not None
    presence.handle_leave("mars")
    clock(state).advance(91)
    assert state.alive_seat("mars") is None


def test_presence_rename_keeps_the_seat_and_the_grace(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    presence, state = parts.host.presence, parts.state
    presence.handle_leave("mars")
    presence.handle_rename("Ares", "mars")
    assert state.alive_seat("ares") is not None and "ares" in presence.leave_timers
    presence.handle_rename("Venus", "ares")  # onto another seat's name: refused, the seat is nobody's
    assert presence.borrowed == {"venus": "ares"}


def test_presence_pause_stops_the_leave_graces(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    presence, state = parts.host.presence, parts.state
    presence.handle_leave("mars")
    presence.pause()
    assert presence.leave_timers == {} and parts.host.deadlines.paused
    clock(state).advance(200)
    assert state.alive_seat("mars") is not None


# ----- reach -----


def test_reach_gives_a_player_the_bot_cannot_pm_the_spec_s_safe_choice(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl", options="leader pick")
    reach, state = parts.host.reach, parts.state
    game = state.game
    assert game is not None
    owed = game.awaiting()[0].player
    reach.unreachable(owed.lower())
    assert any(f"I cannot PM {owed}" in text for _, _, text in sent(state))
    reach.defaults()
    (safe,) = THEMES["ftl"].safe_choices
    assert any(inp.action == safe and inp.by == owed for inp in game.log)
    reach.reachable(owed.lower())
    assert owed.lower() not in reach.unreachable_ids


# ----- commands and answers -----


def test_commands_check_rank_and_answer_unknown_words(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    commands, state = parts.host.commands, parts.state
    commands.handle_chat(" ", "Mars", ".host ftl")
    assert state.signups is None and "Only room auth" in sent(state)[-1][2]
    commands.handle_chat("+", "Mars", ".resetpoints")
    assert "Only room owners" in sent(state)[-1][2]
    commands.handle_pm("Mars", "frobnicate")
    assert sent(state)[-1] == ("pm", "Mars", commands.unknown("frobnicate"))
    before = len(sent(state))
    commands.handle_chat(" ", "Mars", "just chatting about follow the leader")
    assert len(sent(state)) == before  # chat that is not a command is not read


def test_commands_take_the_bare_word_only_when_it_is_owed(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    commands, state = parts.host.commands, parts.state
    assert commands.plays("venus") and not commands.plays("nobody")
    assert commands.can_take("venus", "vote") and not commands.can_take("venus", "follow")
    assert commands.owed_text("venus") == "you owe .vote NAME"
    assert commands.owed_text("nobody") == "nothing owed from you now"
    commands.handle_chat(" ", "Venus", "vote Mars")
    game = state.game
    assert game is not None and game.log[-1] == Input("vote", by="Venus", target="Mars")


def test_a_secret_action_said_in_the_room_is_sent_back_to_pm(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl", options="leader pick")
    game = parts.state.game
    assert game is not None
    owed = game.awaiting()[0].player
    parts.host.commands.handle_chat(" ", owed, ".follow")
    assert sent(parts.state)[-1] == ("pm", owed, "Send that to me by PM so nobody sees it: /msg SurvivorBot, follow")
    assert all(inp.action != "follow" for inp in game.log)


def test_every_theme_action_is_a_game_word() -> None:
    for spec in THEMES.values():
        for action in spec.game.PLAYER_ACTIONS:
            assert is_game_word(action)
    assert not is_game_word("frobnicate")


def test_answers_reply_where_they_were_asked(tmp_path: Path) -> None:
    state = make_state(tmp_path)
    answers = Answers(state, Announcer(state))
    answers.points("Mars", "Mars", in_room=False)
    answers.rules(None)
    answers.leaderboard("Mars", in_room=True)
    assert sent(state)[0] == ("pm", "Mars", f"[{ROOM}] Points this cycle for Mars: 0.")
    assert sent(state)[1][0] == "say" and THEMES["ftl"].title in sent(state)[1][2]
    assert sent(state)[2] == ("pm", "Mars", f"[{ROOM}] No points yet this cycle.")


def test_points_for_a_name_no_user_can_have_is_refused_by_pm(tmp_path: Path) -> None:
    """Whatever text is sent as a name is never said back in the room: a name longer than Showdown's 18
    characters is refused to the asker alone."""
    state = make_state(tmp_path)
    answers = Answers(state, Announcer(state))
    answers.points("ElectionResultsAliceCheatedVisit" * 20, "Mars", in_room=True)
    assert sent(state) == [("pm", "Mars", f"[{ROOM}] A Showdown name has at most 18 characters.")]


def test_the_room_host_is_the_parts_wired_together(tmp_path: Path) -> None:
    host = Parts(tmp_path).host
    assert isinstance(host.commands, Commands) and isinstance(host.session, Session)
    assert isinstance(host.presence, Presence) and isinstance(host.reach, Reach)
    assert isinstance(host.desk, SignupDesk) and isinstance(host.deadlines, Deadlines)
    assert host.session.present is host.present is host.commands.present
    assert host.presence.session is host.session is host.reach.session


def test_a_secret_choice_typed_in_the_room_with_a_stray_name_is_told_the_pm_that_is_taken(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl", options="leader pick")
    game = parts.state.game
    assert game is not None
    owed = game.awaiting()[0].player
    parts.host.commands.handle_chat(" ", owed, ".rebel Mars")
    told = "rebel is typed alone, with no name after it. Send it to me by PM so nobody sees it: /msg SurvivorBot, rebel"
    assert sent(parts.state)[-1] == ("pm", owed, told)
    assert all(inp.action != "rebel" for inp in game.log)


def test_a_secret_choice_typed_in_the_room_when_it_is_not_for_now_is_told_what_is(tmp_path: Path) -> None:
    parts = Parts(tmp_path)
    parts.open("ftl")
    parts.host.commands.handle_chat(" ", "Venus", ".rebel")
    kind, to, text = sent(parts.state)[-1]
    assert (kind, to) == ("pm", "Venus") and "/msg" not in text and "Now you can send **vote NAME**" in text


def test_a_secret_choice_typed_in_the_room_with_hostile_text_is_answered_in_the_bot_s_words(tmp_path: Path) -> None:
    """Whatever follows the choice (a command, a `>>`, HTML) never leads the PM that answers it."""
    parts = Parts(tmp_path)
    parts.open("ftl", options="leader pick")
    game = parts.state.game
    assert game is not None
    owed = game.awaiting()[0].player
    for rest in ("/wall hi", "!code x", ">>eval 1", "<b>x</b>", "/html <img src=x>"):
        parts.host.commands.handle_chat(" ", owed, f".rebel {rest}")
        kind, to, text = sent(parts.state)[-1]
        assert (kind, to) == ("pm", owed)
        assert text.startswith("rebel is typed alone"), text
        assert rest not in text
    assert all(inp.action != "rebel" for inp in game.log)
