"""Trace the rooms a Load and a cold chat request walk through, and hold them to a budget.

Usage: .venv/bin/python scripts/trace_load.py [--path load|chat] [--events] [--table]

Runs a real Runtime on the fake engine (tests/fakes/fake_vllm.py) with one tiny model folder,
and records, with `sys.setprofile`, every call and return made by one task: for `load`,
`ModelService.load`'s own task until it returns; for `chat`, the endpoint's task that serves
one `POST /v1/chat/completions` for a model not running yet, from the proxy's middleware on
(the actor's loop and the child's helper tasks are other tasks: the inbox is a hop, not a
call). `--table` prints the Markdown table docs/architecture.md carries (a test compares).

A *room* is a module under app/, except the pure library of app.core (data and policy any
room may call); a package that is one concept (ROOM_PACKAGES) is one room. A *stay* is a run
of events in one room; a *return* is a stay in a room the path had already left; a
*re-entry* is a call (not a return) into a room the path had already left. The report is the
stays in order, which docs/architecture.md ("The Load path, room by room") records; BUDGETS
are the most re-entries each path may make (tests/unit/scripts/test_trace_load.py).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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
ROOM_PACKAGES = ("app.runtime.control.planning", "app.supervisor.engines")
# The most re-entries each traced path may make (before issue 30: 15 and 49; issue 30 asks 9
# and 20).
BUDGETS = {"load": 9, "chat": 16}
# Where a chat request's task enters the app: the proxy's one middleware.
CHAT_ENTRY = "ProxyServer._guard"


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
    """Records the events of one asyncio task on one thread: `task`, or (with `entry`) the
    first task that calls a function of that qualified name, from that call on."""

    def __init__(self, entry: str | None = None) -> None:
        self.events: list[Event] = []
        self.task: asyncio.Task[Any] | None = None
        self.entry = entry
        self.outer: set[int] = set()  # frames already running at the entry: not the path's
        self.thread = threading.get_ident()

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event not in ("call", "return") or threading.get_ident() != self.thread:
            return
        try:
            current = asyncio.current_task()
        except RuntimeError:
            return
        if self.task is None and event == "call" and frame.f_code.co_qualname == self.entry:
            self.task = current
            outer = frame.f_back
            while outer is not None:
                self.outer.add(id(outer))
                outer = outer.f_back
        if current is None or current is not self.task or id(frame) in self.outer:
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
    app.runtime.composition.runtime.Runtime)."""
    tracer = Tracer()
    task = asyncio.get_running_loop().create_task(rt.services.models.load(model_id))
    tracer.task = task
    sys.setprofile(tracer)
    try:
        await task
    finally:
        sys.setprofile(None)
    return real_events(tracer.events)


async def trace_chat(rt: Any, model_id: str) -> list[Event]:
    """The real calls and returns of the endpoint's task serving one chat request for
    `model_id` (`rt`: a Runtime started with serve=True), until the connection closes."""
    import httpx

    tracer = Tracer(CHAT_ENTRY)
    chat = {"model": model_id, "messages": [{"role": "user", "content": "hi"}]}
    sys.setprofile(tracer)
    try:
        async with httpx.AsyncClient(base_url=rt.services.endpoint.url, timeout=120) as client:
            answer = await client.post("/v1/chat/completions", json=chat)
        if tracer.task is not None:
            await asyncio.wait({tracer.task})  # the connection's task ends with the client
    finally:
        sys.setprofile(None)
    if answer.status_code != 200:
        raise RuntimeError(f"the traced request failed: {answer.status_code} {answer.text}")
    return real_events(tracer.events)


async def trace_path(home: Path, path: str) -> list[Event]:
    """Trace `path` ("load" or "chat") on a fresh runtime in `home`, one tiny model."""
    from app.core.paths import resolve_paths
    from app.runtime.composition.runtime import Runtime, RuntimeOptions
    from tests.fakes.engine_runtime import FAKE, make_model_folder

    os.environ["HF_HUB_CACHE"] = str(home / "hub")
    rt = Runtime(
        resolve_paths(home / "home"),
        RuntimeOptions(sysfs_root=home / "no-sys", sample_gpu=False, proxy_port=0),
    )
    rt._parts.settings.set_many(
        {
            "engine.kind": "custom",
            "engine.custom_command": shlex.join([sys.executable, str(FAKE)]),
            "models.ctx_size": 4096,
        }
    )
    rt._parts.registry.add_user_model("a", str(make_model_folder(home / "a")))
    await rt.start(serve=path == "chat")
    # A collection runs its callbacks (a test run's stall watch has one) in whatever task it
    # interrupts: no part of the path, and never at the same place twice.
    gc.disable()
    try:
        rt.services.models.preview_stored("user.a")  # warm the caches a first view fills
        if path == "chat":
            return await trace_chat(rt, "user.a")
        return await trace_load(rt, "user.a")
    finally:
        gc.enable()
        await rt.stop()


@dataclass(frozen=True)
class Walk:
    """A traced path in numbers: its stays (room, how entered, first function) and counts."""

    stays: list[tuple[str, str, str]]
    rooms: int
    returns: int  # stays in a room the path had already left
    reentries: int  # of them, calls

    @classmethod
    def of(cls, events: list[Event]) -> Walk:
        path = stays(events)
        left: set[str] = set()
        returns = reentries = 0
        for i, (room, how, _) in enumerate(path):
            if i:
                left.add(path[i - 1][0])
            returns += room in left
            reentries += room in left and how == "call"
        return cls(path, len({room for room, _, _ in path}), returns, reentries)


# The rows of docs/architecture.md's table: what each path starts from.
TITLES = {
    "load": "a Load, from `ModelService.load`",
    "chat": "a cold `POST /v1/chat/completions`, from the proxy's middleware",
}


def table(walks: dict[str, Walk]) -> str:
    """The Markdown table of the traced paths, as docs/architecture.md carries it."""
    lines = [
        "| path | stays | rooms | returns to a room already left | of them calls (re-entries)"
        " | budget |",
        "|---|---|---|---|---|---|",
    ]
    for name, walk in walks.items():
        lines.append(
            f"| {TITLES[name]} | {len(walk.stays)} | {walk.rooms} | {walk.returns}"
            f" | {walk.reentries} | {BUDGETS[name]} |"
        )
    return "\n".join(lines)


DOCS = ROOT / "docs" / "architecture.md"
TABLE_START = "<!-- generated by scripts/trace_load.py --table -->"
TABLE_END = "<!-- end of generated table -->"


def documented_table(text: str) -> str:
    """The table between the markers of docs/architecture.md (`text`)."""
    return text.split(TABLE_START, 1)[1].split(TABLE_END, 1)[0].strip()


def trace_walks(paths: list[str]) -> dict[str, tuple[Walk, list[Event]]]:
    out = {}
    for path in paths:
        with tempfile.TemporaryDirectory() as tmp:
            events = asyncio.run(trace_path(Path(tmp), path))
            out[path] = (Walk.of(events), events)
    return out


def report(walk: Walk, events: list[Event], show_events: bool) -> None:
    left: set[str] = set()
    for i, (room, how, name) in enumerate(walk.stays):
        if i:
            left.add(walk.stays[i - 1][0])
        mark = " (again)" if room in left else ""
        print(f"  {how:6} {room}{mark}  [{name}]")
    print(
        f"{len(walk.stays)} stays in {walk.rooms} rooms; {walk.returns} returns to a room "
        f"already left, {walk.reentries} of them calls (re-entries)"
    )
    if show_events:
        for event in events:
            print(f"    {event.kind:6} {event.room} {event.name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", choices=sorted(BUDGETS), action="append", help="default: all")
    parser.add_argument("--events", action="store_true", help="list every call and return too")
    parser.add_argument("--table", action="store_true", help="print docs/architecture.md's table")
    args = parser.parse_args()
    walks = trace_walks(args.path or list(BUDGETS))
    if args.table:
        print(table({name: walk for name, (walk, _) in walks.items()}))
        return
    for name, (walk, events) in walks.items():
        print(f"{TITLES[name]}:")
        report(walk, events, args.events)


if __name__ == "__main__":
    main()
