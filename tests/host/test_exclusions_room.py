"""Exclusions in the room host: nicknames and attacks only by PM (BG3, exclusions.txt 7i), the guess of an
exposed nickname asked in the room with Suspect buttons for the guesser alone, and the guesser's `suspect`
taken in the room (3.4c) while anyone else's is refused by PM."""

from __future__ import annotations

from pathlib import Path

from survivor_host.themes.exclusions.state import ExcState
from tests.host.test_room import PLAYERS, make_host, open_game, outbox


def test_secrets_by_pm_and_the_guess_in_the_room(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "exclusions", PLAYERS[:4])
    game = host.game
    assert isinstance(game, ExcState)
    prefix = host.settings.prefix
    host.handle_chat(" ", "Venus", f"{prefix}nick Shadow")
    assert game.nicks == {} and "by PM" in outbox(host).pms_to("Venus")[-1]
    for name in PLAYERS[:4]:
        host.handle_pm(name, f"nick {name}X")
    host.handle_chat(" ", "Venus", f"{prefix}attack Mars")
    assert game.attacks == {} and "by PM" in outbox(host).pms_to("Venus")[-1]
    assert not any("Shadow" in line or "VenusX" in line for line in outbox(host).room_lines())
    outbox(host).clear()
    for by, target in (("Venus", "Mars"), ("Mars", "Venus"), ("Jupiter", "Venus"), ("Saturn", "Venus")):
        host.handle_pm(by, f"attack {target}")
    assert game.guesser is not None  # Jupiter's and Saturn's nicknames are exposed, Jupiter's first
    guesser = game.seats[game.guesser].name
    asked = [line for line in outbox(host).room_lines() if "nobody attacked **JupiterX**" in line]
    assert asked and asked[0].startswith(f"**{guesser}**, ")
    assert any(">Suspect Jupiter<" in pm for pm in outbox(host).pms_to(guesser))
    assert not any("Suspect" in pm for name in PLAYERS[:4] if name != guesser for pm in outbox(host).pms_to(name))
    other = next(name for name in PLAYERS[:4] if name not in (guesser, "Jupiter"))
    host.handle_chat(" ", other, f"{prefix}suspect Jupiter")
    assert game.seats[game.guesser].name == guesser and "Only the player asked" in outbox(host).pms_to(other)[-1]
    host.handle_chat(" ", guesser, f"{prefix}suspect Jupiter")
    assert not game.seat("Jupiter").alive
    assert any("**JupiterX** was **Jupiter**, who is out." in line for line in outbox(host).room_lines())
