from harness import run_async
from harness.env import E2EEnv


def test_fails(e2e: E2EEnv, ps_server_factory) -> None:
    ps_server_factory()
    async def s() -> None:
        async with e2e.player("Fail Guy") as p:
            await p.wait_for("never", timeout=0.5)
    run_async(s())
