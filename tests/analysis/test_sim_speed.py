"""bench/sim_speed.py's raw-draw baseline is exactly the fast path's generator calls, replayed.

The recorder has only the two methods the kernel may call, so a call of any other kind fails the
recording outright.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

from survivor_host.analysis.simulate import SimSetup, run_fast, seat_strategies

BENCH = Path(__file__).resolve().parents[2] / "bench" / "sim_speed.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sim_speed", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["sim_speed"] = module
    spec.loader.exec_module(module)
    return module


def test_the_replay_makes_the_kernels_calls_and_the_recorder_changes_nothing() -> None:
    sim_speed = bench()
    setup = SimSetup("ftl", 10, (), (), ("random",), seed=1)
    games = 45_000  # several blocks and a drain, in one batch
    calls, drawn = sim_speed.recorded_draws(setup, games)
    assert len(calls) > 50 and drawn > 60 * games
    assert {method for method, _, _ in calls} == {"random", "integers"}
    again = sim_speed.RecordingRng(99)
    sim_speed.replay(calls, again)
    assert again.calls == calls and again.drawn == drawn
    # the recorder only watches: the recorded run plays the very games an unrecorded run does
    recorded = sim_speed.RecordingRng(0)
    plain = np.random.default_rng(0)
    kinds = seat_strategies(setup)
    a = run_fast("ftl", 5_000, 10, (), {}, kinds, recorded)  # type: ignore[arg-type]
    b = run_fast("ftl", 5_000, 10, (), {}, kinds, plain)
    assert np.array_equal(a.winner, b.winner) and np.array_equal(a.rounds, b.rounds)
    assert all(np.array_equal(a.counts[k], b.counts[k]) for k in a.counts)
