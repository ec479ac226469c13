"""The worksteal order (tests/slow_first.py): every test once, the long ones at the heads of the slices."""

from __future__ import annotations

from tests.slow_first import seconds, slices, slow_first


def test_the_slices_are_worksteals() -> None:
    assert slices(10, 3) == [3, 3, 4] and sum(slices(3425, 6)) == 3425


def test_each_slice_starts_with_its_share_of_the_long_tests() -> None:
    items = [f"t{n}" for n in range(12)]
    costs = [0.0] * 12
    costs[10], costs[11], costs[5] = 100.0, 60.0, 50.0
    order = slow_first(items, costs, 3)
    assert sorted(order) == sorted(items)
    assert [order[0], order[4], order[8]] == ["t10", "t11", "t5"]
    assert [item for item in order if costs[items.index(item)] == 0] == [f"t{n}" for n in range(12) if costs[n] == 0]


def test_the_longest_key_decides() -> None:
    assert seconds("tests/e2e/test_bot_survives.py::test_a_login_outage_is_waited_out", True) == 30
    assert seconds("tests/analysis/test_fast.py::test_fast_path_agrees_with_the_engine[cta-3]", False) == 20
    assert seconds("tests/e2e/test_client.py::test_x", True) == 20 and seconds("tests/test_cli.py::x", False) == 0
