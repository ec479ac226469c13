"""A refused input leaves the player their buttons: the refusal by PM, then their prompt box again
below it (where the room allows HTML), while the game still waits for them."""

from __future__ import annotations

from pathlib import Path

from tests.host.test_room import PLAYERS, make_host, open_game, outbox


def to(host_sent: list[tuple[str, str, str]], name: str) -> list[tuple[str, str]]:
    return [(kind, text) for kind, who, text in host_sent if who == name and kind in ("pm", "pmuhtml")]


def test_a_refused_attack_is_followed_by_the_players_buttons(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:4])
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    outbox(host).clear()
    host.handle_pm(name, "attack Nobody")
    sent = to(outbox(host).sent, name)
    assert [kind for kind, _ in sent] == ["pm", "pmuhtml"]
    assert "Nobody" in sent[0][1]
    for other in PLAYERS[:4]:
        assert (f"attack {other}" in sent[1][1]) is (other != name)  # a button for every legal target
    assert any(wait.player == name for wait in game.awaiting())


def test_a_refused_attack_in_the_room_brings_the_spotlight_its_buttons(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hgs", PLAYERS[:4])
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    outbox(host).clear()
    host.handle_chat(" ", name, f".attack {name}")
    assert [kind for kind, _ in to(outbox(host).sent, name)] == ["pm", "pmuhtml"]
    assert not outbox(host).room_lines()  # nothing said again in the room


def test_no_box_without_html_nor_for_one_not_awaited(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    (tmp_path / "html").mkdir()
    plain = make_host(tmp_path / "plain")
    open_game(plain, "hg", PLAYERS[:4])
    assert plain.game is not None
    name = plain.game.awaiting()[0].player
    outbox(plain).clear()
    plain.handle_pm(name, "attack Nobody")
    assert [kind for kind, _ in to(outbox(plain).sent, name)] == ["pm"]

    host = make_host(tmp_path / "html", html=True)
    open_game(host, "hga", PLAYERS[:4])
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    host.handle_pm(name, f"nick {game.legal_inputs(name)[0].target}")
    outbox(host).clear()
    host.handle_pm(name, "nick Another")  # a nickname is final: refused, and nothing is owed
    assert [kind for kind, _ in to(outbox(host).sent, name)] == ["pm"]


def test_a_refused_public_vote_keeps_to_the_room_s_vote_box(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="vote")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    wait = game.awaiting()[0]
    assert not wait.secret
    outbox(host).clear()
    host.handle_chat(" ", wait.player, f".{wait.actions[0]} Nobody")
    assert [kind for kind, _ in to(outbox(host).sent, wait.player)] == ["pm"]
