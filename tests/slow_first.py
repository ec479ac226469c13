"""The order that lets `pytest -n N --dist worksteal` start the longest tests first.

xdist's worksteal hands worker k the k-th of N equal slices of the collected items, and an idle worker
steals the tail of the longest queue. So the longest tests go to the heads of the slices, spread so
that each slice starts with about as many seconds of them (longest first to the least loaded); every
other test keeps its place in collection order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

SECONDS: dict[str, float] = {
    "tests/test_readme.py::test_every_readme_block_runs": 175,
    "tests/e2e/test_hand_hosting.py::test_a_whole_hand_hosted_session_on_the_local_server": 85,
    "tests/e2e/test_bot_network.py::test_a_whole_game_through_a_slow_network": 80,
    "tests/e2e/test_bot_games.py::test_twelve_players_with_an_ordinary_rank_bot": 80,
    "tests/e2e/test_room_bot.py::test_cta_game_hosted_through_the_room_bot": 80,
    "tests/e2e/test_hostile_text.py::test_hostile_text_through_every_command_arrives_literal": 70,
    "tests/themes/test_ftl_properties.py::test_legal_inputs_are_all_accepted": 55,
    "tests/ai/test_hga_ai.py::test_under_second_wind_no_target_rule_moves_the_win_rate": 55,
    "tests/adversarial/test_server_stall.py::test_a_stall_that_outlasts_the_connection": 50,
    "tests/ai/test_typed_views.py::test_mypy_accepts_each_theme_s_strategies": 45,
    "tests/e2e/test_room_bot.py::test_flood_filter_silent_when_the_room_bot_does_not_host_us": 45,
    "tests/e2e/test_bot_persistence.py::test_dropped_socket_pauses_the_deadline": 40,
    "tests/e2e/test_practice.py::test_a_hosted_game_and_a_hand_hosted_session_typed_as_room_auth": 40,
    "tests/e2e/test_bot_hunger_games.py::": 40,
    "tests/e2e/test_bot_survives.py::test_a_room_ban_pauses_the_game_and_the_bot_comes_back": 40,
    "tests/adversarial/test_server_stall.py::test_players_who_pmed_before_a_stall": 40,
    "tests/adversarial/test_store_faults_server.py::": 35,
    "tests/e2e/test_bot_survives.py::test_a_flood_does_not_delay_the_round_or_eliminate_anyone": 40,
    "tests/e2e/test_readme_e2e.py::test_readme_demo_commands_play_whole_games": 35,
    "tests/e2e/test_bot_hp.py::": 35,
    "tests/e2e/test_bot_persistence.py::test_server_restart_mid_game": 35,
    "tests/e2e/test_client.py::test_reconnects_after_server_restart": 35,
    "tests/e2e/test_bot_survives.py::test_batched_joins_restore_the_signups_box_after_a_restart": 35,
    "tests/ai/test_hg_ai.py::test_opportunist_beats_random_among_random_players": 35,
    "tests/e2e/test_bot_network.py::test_lines_dropped_by_the_throttle_are_resent_exactly": 35,
    "tests/e2e/test_harness_smoke.py::test_restart_and_reconnect": 35,
    "tests/ai/test_hgs_ai.py::test_the_recursion_agrees_with_the_engine": 35,
    "tests/e2e/test_bot_survives.py::test_a_login_outage_is_waited_out": 30,
    "tests/e2e/test_bot_survives.py::test_a_renamed_room_is_followed": 30,
    "tests/e2e/test_demo.py::": 25,
    "tests/ai/test_rr_ai.py::test_the_odds_agree_with_simulate": 25,
    "tests/themes/test_cta_properties.py::test_g1_g7_random_games_end_with_one_winner_and_replay": 25,
    "tests/analysis/test_fast.py::": 20,
    "tests/analysis/test_sim_order.py::test_every_seat_of_hunger_games_wins_its_fair_share": 20,
}
"""Seconds a test took in a whole run on the 2-core machine, by the longest key its node id starts with
(a guide for the order, nothing more)."""
E2E_SECONDS = 20.0
"""Seconds of an end-to-end test not listed: they wait on a real server."""

T = TypeVar("T")


def seconds(nodeid: str, e2e: bool) -> float:
    """The expected length of the test `nodeid` (0 for a short one)."""
    keys = [key for key in SECONDS if nodeid.startswith(key)]
    if keys:
        return SECONDS[max(keys, key=len)]
    return E2E_SECONDS if e2e else 0.0


def slices(total: int, workers: int) -> list[int]:
    """The sizes of the workers' first slices, as worksteal cuts them."""
    sizes = []
    for worker in range(workers):
        size = total // (workers - worker)
        sizes.append(size)
        total -= size
    return sizes


def slow_first(items: Sequence[T], costs: Sequence[float], workers: int) -> list[T]:
    """`items` reordered so each of the `workers` slices begins with its share of the long ones."""
    sizes = slices(len(items), workers)
    heads: list[list[T]] = [[] for _ in sizes]
    load = [0.0 for _ in sizes]
    ranked = sorted((i for i, cost in enumerate(costs) if cost > 0), key=lambda i: -costs[i])
    taken = set()
    for i in ranked:
        open_slices = [k for k in range(len(sizes)) if len(heads[k]) < sizes[k]]
        k = min(open_slices, key=lambda k: (load[k], k))
        heads[k].append(items[i])
        load[k] += costs[i]
        taken.add(i)
    rest = iter(item for i, item in enumerate(items) if i not in taken)
    order: list[T] = []
    for head, size in zip(heads, sizes, strict=True):
        order += head
        order += [next(rest) for _ in range(size - len(head))]
    return order
