"""Follow the Leader setup: player counts (F1) and the first leader (F2)."""

from __future__ import annotations

import pytest
from test_ftl_helpers import NAMES, Table

from survivor_host.engine.errors import SetupError
from survivor_host.engine.events import Say, is_public
from survivor_host.themes import new_game
from survivor_host.themes.ftl import FollowTheLeader

# ----- F1 -----


def test_f1_three_players_minimum() -> None:
    """F1: at least 3 players."""
    with pytest.raises(SetupError, match="at least 3"):
        FollowTheLeader(["Ann", "Bob"], seed=1)
    FollowTheLeader(["Ann", "Bob", "Cid"], seed=1)


def test_f1_max_players_option() -> None:
    """F1: `max_players` defaults to 30."""
    thirty = [f"P{i}" for i in range(30)]
    FollowTheLeader(thirty, seed=1)
    with pytest.raises(SetupError, match="at most 30"):
        FollowTheLeader([*thirty, "P30"], seed=1)
    with pytest.raises(SetupError, match="at most 4"):
        FollowTheLeader(list(NAMES[:5]), options={"max_players": 4}, seed=1)
    FollowTheLeader(list(NAMES[:4]), options={"max_players": 4}, seed=1)


def test_f1_setup_errors() -> None:
    """F1: the game refuses duplicate players, unknown mods and bad options clearly."""
    with pytest.raises(SetupError, match="twice"):
        FollowTheLeader(["Ann", "ann", "Bob"], seed=1)
    with pytest.raises(SetupError, match="Unknown mod"):
        FollowTheLeader(["Ann", "Bob", "Cid"], mods=["chaos"], seed=1)
    with pytest.raises(SetupError, match="leader"):
        FollowTheLeader(["Ann", "Bob", "Cid"], options={"leader": "elect"}, seed=1)
    game = new_game("ftl", ["Ann", "Bob", "Cid"], mods=["tug", "NM"], seed=1)
    assert game.mods == ("tug-of-war", "no-mercy")


# ----- F2 -----


def test_f2_votes_are_public_and_not_for_oneself() -> None:
    """F2: `vote NAME` typed in chat (so the vote is public); the voter gets a confirmation and the
    room one tally (`vote_tally`, shown in place by the host), not a line per vote (issue 8);
    nobody votes for themselves."""
    table = Table(4, leader="vote")
    assert table.phase == "vote"
    events = table.do("vote", by="Bob", target="Cid")
    assert events == [Say("You vote for **Cid**.", to="Bob")]
    assert not any(is_public(e) for e in events)
    assert table.game.vote_tally() == [("Cid", ["Bob"])]
    table.do("vote", by="Dee", target="Cid")
    assert table.game.vote_tally() == [("Cid", ["Bob", "Dee"])]
    table.illegal("vote", by="Bob", target="bob", match="yourself")
    table.illegal("vote", by="Bob", target="Zed", match="not in this game")
    table.illegal("vote", by="Zed", target="Bob", match="not in this game")
    table.illegal("vote", by="Bob", match="Name the player")
    table.illegal("follow", by="Bob", match="not been chosen")
    table.illegal("vote", target="Bob", match="Only a player")


def test_f2_votes_can_change_and_most_votes_lead() -> None:
    """F2: a vote can be changed until everyone has voted; most votes wins."""
    table = Table(4, leader="vote")
    table.do("vote", by="Ann", target="Bob")
    table.do("vote", by="Bob", target="Cid")
    table.do("vote", by="Cid", target="Bob")
    table.do("vote", by="Ann", target="Cid")  # changed
    assert table.phase == "vote"
    events = table.do("vote", by="Dee", target="Cid")
    assert Say("Votes: Bob 1, Cid 3.") in events
    assert table.leader == "Cid" and table.phase == "choices"
    table.illegal("vote", by="Dee", target="Bob", match="over")


def test_f2_a_vote_for_a_player_removed_after_the_vote_is_not_voided() -> None:
    """F2, G6: a voter is asked to vote again only while the vote is open; once a leader leads, the
    votes cast for a player who goes out later changed nothing and nobody is told they no longer count."""
    table = Table(6, leader="vote")
    table.do("vote", by="Ann", target="Cid")
    table.do("vote", by="Bob", target="Cid")
    table.do("vote", by="Cid", target="Dee")
    table.do("vote", by="Dee", target="Cid")
    table.do("vote", by="Eve", target="Dee")
    table.do("vote", by="Fay", target="Cid")  # Cid 4, Dee 2: Cid leads
    assert table.phase == "choices" and table.leader == "Cid"
    events = table.do("modkill", target="Dee")
    assert not [e for e in events if type(e).__name__ == "VoteVoided"]
    assert "no longer counts" not in table.text(events)


def test_f2_vote_tie_is_a_battle_of_100() -> None:
    """F2: a tie for most votes is a G1 roll battle of 100 among the tied, in list order."""
    table = Table(4, [50, 50, 20, 70], leader="vote")
    table.do("vote", by="Ann", target="Dee")
    table.do("vote", by="Bob", target="Cid")
    table.do("vote", by="Cid", target="Dee")
    events = table.do("vote", by="Dee", target="Cid")
    assert table.rolls(events) == [("Cid", 100, 50), ("Dee", 100, 50), ("Cid", 100, 20), ("Dee", 100, 70)]
    assert table.leader == "Dee"


def test_f2_no_votes_means_a_random_pick() -> None:
    """F2: nobody voted by the deadline: a random pick."""
    table = Table(4, picks=["Cid"], leader="vote")
    events = table.timeout()
    assert not table.rolls(events)
    assert table.leader == "Cid"


def test_f2_deadline_counts_the_votes_cast() -> None:
    """F2: at the deadline the votes cast decide."""
    table = Table(4, leader="vote")
    table.do("vote", by="Ann", target="Dee")
    table.timeout()
    assert table.leader == "Dee"


def test_f2_leader_pick_option() -> None:
    """F2: `leader=pick` picks the first leader at random as the game starts."""
    table = Table(4, picks=["Dee"], leader="pick")
    assert table.leader == "Dee" and table.phase == "choices"
    seeded = FollowTheLeader(list(NAMES[:6]), options={"leader": "pick"}, seed=3)
    seeded.start()
    assert seeded.leader is not None and seeded.phase == "choices"


def test_f2_under_leader_pick_a_vote_is_told_there_is_no_vote() -> None:
    """F2: under `leader=pick` there never is a vote, so a `vote` is not told that voting is over."""
    table = Table(4, picks=["Dee"], leader="pick")
    table.illegal("vote", by="Ann", target="Bob", match=r"^There is no vote for the first leader in this game")
    voted = Table(4, leader="vote")
    voted.do("pick", target="Cid")
    voted.illegal("vote", by="Ann", target="Bob", match="Voting for the first leader is over")


def test_f2_host_pick() -> None:
    """F2: the host may `pick` the first leader (named, or at random) while votes are open."""
    table = Table(4, leader="vote")
    table.do("vote", by="Ann", target="Bob")
    table.illegal("pick", by="Ann", target="Cid", match="Only the host")
    table.illegal("pick", target="Zed", match="not in this game")
    table.do("pick", target="Cid")
    assert table.leader == "Cid"
    table.illegal("pick", target="Bob", match="already been chosen")
    random_pick = Table(4, picks=["Bob"], leader="vote")
    random_pick.do("pick")
    assert random_pick.leader == "Bob"


def test_f2_modkill_during_the_vote_drops_votes_for_and_by_that_player() -> None:
    """F2 with G6: votes by or for a modkilled player no longer count."""
    table = Table(4, leader="vote")
    table.do("vote", by="Ann", target="Dee")
    table.do("vote", by="Bob", target="Dee")
    table.do("vote", by="Cid", target="Ann")
    table.do("modkill", target="Dee")
    assert table.game.votes == {2: 0}
    assert table.phase == "vote"
    table.do("vote", by="Ann", target="Cid")
    table.do("vote", by="Bob", target="Cid")
    assert table.leader == "Cid"


def test_f2_vote_tie_after_modkill_battles() -> None:
    """F2: after a modkill, a three-way tie is a battle of 100 among the three."""
    table = Table(4, [10, 90, 30], leader="vote")
    table.do("vote", by="Ann", target="Dee")
    table.do("modkill", target="Dee")
    table.do("vote", by="Ann", target="Bob")
    table.do("vote", by="Bob", target="Cid")
    table.do("vote", by="Cid", target="Ann")
    assert table.rolls() == [("Ann", 100, 10), ("Bob", 100, 90), ("Cid", 100, 30)]
    assert table.leader == "Bob"
