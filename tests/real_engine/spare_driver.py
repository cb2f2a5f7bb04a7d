"""The app's side of the spare's real-engine tests, run as a process of its own (the test
kills it): an engine kept ready for the tiny model, then loads of it.

`MODES` is a comma-separated list, one word per load: `spare` (from the engine kept ready) or
`fresh` (the spare released first: a load as without the setting). An engine is prepared before
the first load. Prints `SPARE PID` once an engine waits imported, then waits for a line on stdin
before each load; `LOADED n PORT KEY SECONDS` once load n serves. Every engine log line is
printed as it comes.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LogLineEmitted
from app.supervisor.spare import SparePool
from app.supervisor.supervisor import Supervisor


async def main(tmp: Path, spec: LaunchSpec, modes: list[str]) -> None:
    bus = EventBus()

    def show(event: object) -> None:
        if isinstance(event, LogLineEmitted):
            print(event.line, flush=True)

    bus.subscribe(show)
    pool = SparePool(tmp / "state", enabled=lambda: True, eligible=lambda python: True)
    sv = Supervisor(bus, tmp / "logs", tmp / "state", child_api_keys=True, spares=pool)
    loop = asyncio.get_running_loop()
    await sv.prepare_spare(spec)
    for n, mode in enumerate(modes, 1):
        print(f"SPARE {await pool.wait_imported()}", flush=True)
        await loop.run_in_executor(None, sys.stdin.readline)
        await sv.stop(spec.model_id)
        if mode == "fresh":
            await pool.release()
        began = loop.time()
        info = await sv.start(spec)
        print(f"LOADED {n} {info.port} {info.api_key} {loop.time() - began:.1f}", flush=True)
    await sv.shutdown()


if __name__ == "__main__":
    given = LaunchSpec(**json.loads(sys.argv[2]))
    asyncio.run(main(Path(sys.argv[1]), given, sys.argv[3].split(",")))
