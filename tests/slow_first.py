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
    "tests/test_readme.py::test_every_readme_block_runs": 300,
    "tests/ai/test_hga_ai.py::test_under_second_wind_no_target_rule_moves_the_win_rate": 150,
    "tests/analysis/test_fast.py::test_fast_path_agrees_with_the_engine[cta-17]": 120,
    "tests/e2e/test_hostile_text.py::test_hostile_text_through_every_command_arrives_literal": 95,
    "tests/ai/test_hg_ai.py::test_opportunist_beats_random_among_random_players": 90,
    "tests/themes/test_cta_properties.py::test_g1_g7_random_games_end_with_one_winner_and_replay": 90,
    "tests/e2e/test_room_bot.py::test_cta_game_hosted_through_the_room_bot": 80,
    "tests/themes/test_ftl_properties.py::test_legal_inputs_are_all_accepted": 75,
    "tests/ai/test_typed_views.py::test_mypy_accepts_each_theme_s_strategies": 75,
    "tests/e2e/test_bot_games.py::test_twelve_players_with_an_ordinary_rank_bot": 75,
    "tests/e2e/test_bot_network.py::test_a_whole_game_through_a_slow_network": 60,
    "tests/ai/test_rr_ai.py::test_the_odds_agree_with_simulate": 65,
    "tests/e2e/test_hand_hosting.py::test_a_whole_hand_hosted_session_on_the_local_server": 65,
    "tests/analysis/test_fast.py::test_fast_path_agrees_with_the_engine[cta-13]": 60,
    "tests/analysis/test_fast.py::test_fast_path_agrees_with_the_engine[cta-aao-joker-random]": 55,
    "tests/e2e/test_harness_smoke.py::test_restart_and_reconnect": 50,
    "tests/adversarial/test_server_stall.py::test_a_stall_that_outlasts_the_connection": 50,
    "tests/e2e/test_bot_network.py::test_lines_dropped_by_the_throttle_are_resent_exactly": 50,
    "tests/e2e/test_room_bot.py::test_flood_filter_silent_when_the_room_bot_does_not_host_us": 50,
    "tests/e2e/test_bot_hunger_games.py::": 45,
    "tests/e2e/test_bot_survives.py::test_a_flood_does_not_delay_the_round_or_eliminate_anyone": 45,
    "tests/ai/test_hgs_ai.py::test_the_recursion_agrees_with_the_engine": 45,
    "tests/analysis/test_sim_order.py::test_every_seat_of_hunger_games_wins_its_fair_share": 40,
    "tests/e2e/test_practice.py::test_a_hosted_game_and_a_hand_hosted_session_typed_as_room_auth": 40,
    "tests/e2e/test_bot_survives.py::test_a_room_ban_pauses_the_game_and_the_bot_comes_back": 40,
    "tests/e2e/test_bot_exclusions.py::": 35,
    "tests/e2e/test_bot_persistence.py::test_server_restart_mid_game": 35,
    "tests/e2e/test_bot_pages.py::test_buttons_in_a_secret_room_are_the_quiet_form_the_server_takes": 35,
    "tests/e2e/test_bot_hp.py::": 35,
    "tests/e2e/test_readme_e2e.py::test_readme_demo_commands_play_whole_games": 35,
    "tests/adversarial/test_write_faults_found.py::test_a_write_that_fails_again_as_play_would_go_on": 35,
    "tests/analysis/test_fast_plain.py::test_every_game_is_played_once_whatever_the_block_width": 30,
    "tests/themes/test_ftl_properties.py::test_random_games_end_well_and_replay_exactly": 30,
    "tests/e2e/test_room_bot.py::test_ftl_game_hosted_through_the_room_bot_at_star": 35,
    "tests/e2e/test_room_bot.py::test_our_signups_yield_when_the_room_bot_comes_back": 30,
    "tests/e2e/test_bot_rps.py::": 30,
    "tests/e2e/test_bot_rr.py::": 25,
    "tests/analysis/test_fast.py::": 25,
}
"""Seconds a test took on the 2-core machine, by the longest key its node id starts with (a guide for
the order, nothing more)."""
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
