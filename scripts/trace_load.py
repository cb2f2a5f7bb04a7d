"""Trace the rooms a Load walks through, from `ModelService.load` until it returns.

Usage: .venv/bin/python scripts/trace_load.py [--events]

Runs a real Runtime on the fake engine (tests/fakes/fake_vllm.py) with one tiny model folder,
and records, with `sys.setprofile`, every call and return made by the Load's own task (the
actor's loop and the child's helper tasks are other tasks: the inbox is a hop, not a call).

A *room* is a module under app/, except the pure library of app.core (data and policy any
room may call); a package that is one concept (ROOM_PACKAGES) is one room. A *stay* is a run
of events in one room; a *return* is a stay in a room the path had already left; a
*re-entry* is a call (not a return) into a room the path had already left. The report is the
stays in order, which docs/architecture.md ("The path of a Load") records.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

APP = str(ROOT / "app") + os.sep
# Packages whose modules together are one concept, hence one room.
ROOM_PACKAGES = ("app.runtime.planning", "app.supervisor.engines")


def room_of(frame: FrameType) -> str | None:
    path = frame.f_code.co_filename
    if not path.startswith(APP):
        return None
    module = "app." + path[len(APP) :].removesuffix(".py").replace(os.sep, ".")
    module = module.removesuffix(".__init__")
    if module == "app.core" or module.startswith("app.core."):
        return None
    for package in ROOM_PACKAGES:
        if module == package or module.startswith(package + "."):
            return package
    return module


def room_from(frame: FrameType | None) -> str | None:
    """The room of the nearest frame of a room, walking out from `frame`."""
    while frame is not None:
        room = room_of(frame)
        if room is not None:
            return room
        frame = frame.f_back
    return None


@dataclass
class Event:
    kind: str  # "call" | "return"
    frame: FrameType
    room: str | None  # where control is after the event
    name: str


class Tracer:
    """Records the events of one asyncio task on one thread."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.task: asyncio.Task[Any] | None = None
        self.thread = threading.get_ident()

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event not in ("call", "return") or threading.get_ident() != self.thread:
            return
        try:
            if asyncio.current_task() is not self.task:
                return
        except RuntimeError:
            return
        where = frame if event == "call" else frame.f_back
        self.events.append(Event(event, frame, room_from(where), frame.f_code.co_qualname))


def real_events(events: list[Event]) -> list[Event]:
    """Drop a coroutine's suspensions and resumptions: a frame called again was resumed, so
    its return before that was a suspension (the task waited), not a return."""
    last_call = {id(e.frame): i for i, e in enumerate(events) if e.kind == "call"}
    started: set[int] = set()
    out = []
    for i, event in enumerate(events):
        key = id(event.frame)
        if event.kind == "call":
            if key not in started:
                started.add(key)
                out.append(event)
        elif last_call.get(key, -1) < i:
            out.append(event)  # the frame's final return
    return out


def stays(events: list[Event]) -> list[tuple[str, str, str]]:
    """(room, how it was entered: call | return, first function) per stay, in order."""
    out: list[tuple[str, str, str]] = []
    for event in events:
        if event.room is None:
            continue
        if not out or out[-1][0] != event.room:
            out.append((event.room, event.kind, event.name))
    return out


async def trace_load(rt: Any, model_id: str) -> list[Event]:
    """The real calls and returns of `rt.services.models.load(model_id)`'s own task (`rt`: a started
    app.runtime.runtime.Runtime)."""
    tracer = Tracer()
    task = asyncio.get_running_loop().create_task(rt.services.models.load(model_id))
    tracer.task = task
    sys.setprofile(tracer)
    try:
        await task
    finally:
        sys.setprofile(None)
    return real_events(tracer.events)


async def trace_one_load(home: Path, show_events: bool) -> None:
    from app.core.paths import resolve_paths
    from app.runtime.runtime import Runtime, RuntimeOptions
    from tests.fakes.engine_runtime import FAKE, make_model_folder

    os.environ["HF_HUB_CACHE"] = str(home / "hub")
    rt = Runtime(
        resolve_paths(home / "home"),
        RuntimeOptions(sysfs_root=home / "no-sys", sample_gpu=False),
    )
    rt._parts.settings.set_many(
        {
            "engine.kind": "custom",
            "engine.custom_command": shlex.join([sys.executable, str(FAKE)]),
            "models.ctx_size": 4096,
        }
    )
    rt._parts.registry.add_user_model("a", str(make_model_folder(home / "a")))
    await rt.start(serve=False)
    try:
        rt.services.models.preview_stored("user.a")  # warm the caches a first view fills
        events = await trace_load(rt, "user.a")
    finally:
        await rt.stop()
    report(events, show_events)


def report(events: list[Event], show_events: bool) -> None:
    path = stays(events)
    rooms = {room for room, _, _ in path}
    left: set[str] = set()
    returns = reentries = 0
    previous: str | None = None
    for room, how, name in path:
        again = room in left
        returns += again
        reentries += again and how == "call"
        mark = " (again)" if again else ""
        print(f"  {how:6} {room}{mark}  [{name}]")
        if previous is not None:
            left.add(previous)
        previous = room
    print(
        f"{len(path)} stays in {len(rooms)} rooms; {returns} returns to a room already left, "
        f"{reentries} of them calls (re-entries)"
    )
    if show_events:
        for event in events:
            print(f"    {event.kind:6} {event.room} {event.name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", action="store_true", help="list every call and return too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(trace_one_load(Path(tmp), args.events))


if __name__ == "__main__":
    main()
