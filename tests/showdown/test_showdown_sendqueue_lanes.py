"""Send lanes (issue 12 item 2, issue 8 item 4): the game's lines before confirmations before replies."""

from __future__ import annotations

import asyncio

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.clientsend import INFO_BY_PM, INFO_MAX, INFO_PER_USER
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.sendqueue import CONFIRM, GAME, INFO, PACE_REGULAR, SendQueue


def drain(queue: SendQueue, before_attach: list[str] | None = None) -> list[str]:
    """Attach a recording sender and send everything; callbacks append markers to the same list."""
    events = before_attach if before_attach is not None else []

    async def main() -> None:
        async def sender(frame: str) -> None:
            events.append(frame)

        queue.attach(sender)
        worker = asyncio.create_task(queue.run())
        try:
            await asyncio.wait_for(queue.join(), 2)
        finally:
            worker.cancel()

    asyncio.run(main())
    return events


def test_game_lines_go_before_confirmations_and_replies() -> None:
    queue = SendQueue(pace=0.0, margin=0.0)
    queue.put("", "/msg ann, .pl reply", lane=INFO)
    queue.put("", "/msg ann, You chose to follow.", lane=CONFIRM)
    queue.put("survivor", "All choices are in.", lane=GAME)
    queue.put("survivor", "Roll (1 - 109)+20 for Ann: 50", lane=GAME)
    assert drain(queue) == [
        "survivor|All choices are in.",
        "survivor|Roll (1 - 109)+20 for Ann: 50",
        "|/msg ann, You chose to follow.",
        "|/msg ann, .pl reply",
    ]


def test_a_barrier_waits_for_its_lanes_only() -> None:
    events: list[str] = []
    queue = SendQueue(pace=0.0, margin=0.0)
    queue.put("survivor", "reply", lane=INFO)
    queue.put("", "/msg ann, prompt", lane=GAME)
    queue.when_sent(lambda: events.append("PROMPTS SENT"), lane=CONFIRM)
    queue.when_sent(lambda: events.append("ALL SENT"))
    drain(queue, events)
    assert events == ["|/msg ann, prompt", "PROMPTS SENT", "survivor|reply", "ALL SENT"]


def test_identical_queued_replies_are_dropped_but_game_lines_never() -> None:
    queue = SendQueue(pace=PACE_REGULAR)
    assert queue.put("survivor", "**PL (3):** a, b, c", lane=INFO)
    assert not queue.put("survivor", "**PL (3):** a, b, c", lane=INFO)
    assert queue.put("survivortwo", "**PL (3):** a, b, c", lane=INFO)
    assert queue.put("survivor", "Reminder", lane=GAME)
    assert queue.put("survivor", "Reminder", lane=GAME)
    assert queue.pending == 4


class Ticker:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def client(clock: Ticker) -> ShowdownClient:
    return ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "Bot"), clock=clock)


def frames(bot: ShowdownClient) -> list[tuple[int, str]]:
    return [(lane, f.encode()) for lane, frames in enumerate(bot.queue._lanes) for f in frames]


def test_the_same_info_reply_to_the_same_user_has_a_cooldown() -> None:
    clock = Ticker()
    bot = client(clock)
    with bot.lane("info", "Ann"):
        bot.say("survivor", "PL")
    clock.now += 1.0
    with bot.lane("info", "Ann"):
        bot.say("survivor", "PL")  # Ann asks again within the cooldown: dropped
    with bot.lane("info", "Ann"):
        bot.say("survivor", "Ann has 7 points")  # another question is answered
    with bot.lane("info", "Ben"):
        bot.say("survivor", "PL")  # so is another user (the identical line is still queued: one line)
    assert frames(bot) == [(INFO, "survivor|PL"), (INFO, "survivor|Ann has 7 points")]
    bot.queue.clear()
    clock.now += bot.info_cooldown
    with bot.lane("info", "Ann"):
        bot.say("survivor", "PL")  # after the cooldown: answered again
    assert frames(bot) == [(INFO, "survivor|PL")]


def test_an_error_inside_an_info_reply_is_not_cut_by_the_cooldown() -> None:
    bot = client(Ticker())
    with bot.lane("info", "Ann"), bot.lane("info", "Ann"):
        bot.pm("Ann", "No game or signups here.")
    assert frames(bot) == [(INFO, "|/msg ann, No game or signups here.")]


def test_a_long_reply_queue_sends_by_pm_then_not_at_all() -> None:
    clock = Ticker()
    bot = client(clock)
    for n in range(INFO_MAX + 3):
        clock.now += 0.01
        with bot.lane("info", f"user{n}"):
            bot.say("survivor", f"PL {n}")
    sent = frames(bot)
    assert sent[:INFO_BY_PM] == [(INFO, f"survivor|PL {n}") for n in range(INFO_BY_PM)]
    assert sent[INFO_BY_PM:] == [(INFO, f"|/msg user{n}, PL {n}") for n in range(INFO_BY_PM, INFO_MAX)]


def test_game_lines_are_never_limited() -> None:
    bot = client(Ticker())
    for n in range(INFO_MAX + 3):
        bot.say("survivor", "same line")
        with bot.lane("confirm"):
            bot.pm("Ann", f"confirm {n}")
    assert len(frames(bot)) == 2 * (INFO_MAX + 3)


def test_rooms_take_turns_in_the_game_lane() -> None:
    queue = SendQueue(pace=0.0, margin=0.0)
    for n in range(3):
        queue.put("survivortwo", f"two {n}")
    queue.put("survivor", "All choices are in.")
    queue.put("survivor", "one 1")
    sent = drain(queue)
    # The second room's result goes out second, not after the first room's whole burst.
    assert sent[:2] == ["survivortwo|two 0", "survivor|All choices are in."]
    assert [f for f in sent if f.startswith("survivortwo")] == [f"survivortwo|two {n}" for n in range(3)]
    assert [f for f in sent if f.startswith("survivor|")] == ["survivor|All choices are in.", "survivor|one 1"]


def test_a_confirmation_never_arrives_after_the_same_players_next_prompt() -> None:
    events: list[str] = []
    queue = SendQueue(pace=0.0, margin=0.0)
    queue.put("", "/msg ann, You chose to **follow** this round.", lane=CONFIRM)
    queue.put("", "/msg ben, You chose to **rebel** this round.", lane=CONFIRM)
    queue.when_sent(lambda: events.append("STEP POSTED"), lane=CONFIRM)
    queue.put("survivor", "Round 2 begins.", lane=GAME)
    queue.put("survivor", "/pmuhtml ann, prompt, <b>follow or rebel?</b>", lane=GAME)
    drain(queue, events)
    assert events == [
        "survivor|Round 2 begins.",
        "|/msg ann, You chose to **follow** this round.",
        "survivor|/pmuhtml ann, prompt, <b>follow or rebel?</b>",
        "|/msg ben, You chose to **rebel** this round.",
        "STEP POSTED",
    ]


def test_every_refusal_is_answered_but_an_identical_queued_one_is_not_repeated() -> None:
    bot = client(Ticker())
    for text in ("Only room auth (+ and up) can host games.", "It is not your turn.", "It is not your turn."):
        with bot.lane("error", "Ann"):
            bot.pm("Ann", text)
    assert frames(bot) == [
        (INFO, "|/msg ann, Only room auth (+ and up) can host games."),
        (INFO, "|/msg ann, It is not your turn."),
    ]


def test_one_users_flood_of_refusals_never_drops_another_users_refusal() -> None:
    """The flooder alone loses refusals: a few of theirs wait, and the lane keeps room for everyone else's."""
    bot = client(Ticker())
    for n in range(3 * INFO_MAX):
        with bot.lane("error", "Flooder"):
            bot.pm("Flooder", f"'{n}d6' is not a roll: say roll 100, roll 3d6 or roll 2d10+5.")
    with bot.lane("error", "Calm"):
        bot.pm("Calm", "It is not your turn.")
    with bot.lane("info", "Quiet"):
        bot.say("survivor", "**PL (3):** a, b, c")
    sent = frames(bot)
    assert sum("/msg flooder," in text for _, text in sent) == INFO_PER_USER
    assert (INFO, "|/msg calm, It is not your turn.") in sent
    assert (INFO, "|/msg quiet, **PL (3):** a, b, c") in sent  # by PM: several replies wait


def test_a_flood_of_one_command_without_a_game_gets_one_error() -> None:
    bot = client(Ticker())
    for _ in range(5):
        with bot.lane("info", "Ann"), bot.lane("error", "Ann"):
            bot.pm("Ann", "No game or signups here.")  # `.pl` again and again: inside the cooldown
    assert frames(bot) == [(INFO, "|/msg ann, No game or signups here.")]


def test_taking_turns_keeps_a_players_pms_in_order_across_rooms() -> None:
    queue = SendQueue(pace=0.0, margin=0.0)
    queue.put("survivor", "one")
    queue.put("survivor", "/pmuhtml lou, prompt, <b>survivor turn</b>")
    queue.put("survivortwo", "/pmuhtml lou, prompt, <b>survivortwo turn</b>")
    queue.put("survivortwo", "two")
    sent = drain(queue)
    lou = [f for f in sent if "lou" in f]
    assert lou == [
        "survivor|/pmuhtml lou, prompt, <b>survivor turn</b>",
        "survivortwo|/pmuhtml lou, prompt, <b>survivortwo turn</b>",
    ]
    assert sent[1] == "survivortwo|two"  # another room's line may still go between
