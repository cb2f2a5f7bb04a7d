"""The walks held to numbers: scripts/trace_load.py traces a Load and a cold chat request on a
real runtime with the fake engine; each stays within its budget of re-entries (issue 30), and
docs/architecture.md carries the very table the tracer prints."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.timeout(180)

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "trace_load.py"


def load_tracer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trace_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def traced() -> tuple[ModuleType, dict[str, Any]]:
    tracer = load_tracer()
    walks = {name: walk for name, (walk, _) in tracer.trace_walks(list(tracer.BUDGETS)).items()}
    return tracer, walks


def test_a_load_and_a_cold_chat_request_stay_within_their_budgets(
    traced: tuple[ModuleType, dict[str, Any]],
) -> None:
    tracer, walks = traced
    for name, walk in walks.items():
        path = "\n".join(f"{how} {room} [{first}]" for room, how, first in walk.stays)
        assert walk.reentries <= tracer.BUDGETS[name], f"{name} re-enters too often:\n{path}"
    load = [(room, how) for room, how, _ in walks["load"].stays]
    assert load[0] == ("app.runtime.services.models", "call")
    # One snapshot of the supervisor for the decision, then its one command: no more asks.
    asked = [first for room, how, first in walks["load"].stays if how == "call"]
    assert asked.count("Supervisor.occupancy") == 1 and asked.count("Supervisor.start") == 1
    # Before issue 30: a stat of the config files on the start path, and the planner
    # calling up into the cluster service through a closure.
    rooms = {room for room, _ in load}
    assert "app.runtime.control.watcher" not in rooms and "app.runtime.cluster.cluster" not in rooms
    # The guard asks security one question; the body is read and parsed in one call.
    called = [room for room, how, _ in walks["chat"].stays if how == "call"]
    assert all(called.count(room) == 1 for room in ("app.proxy.security", "app.proxy.bodies"))


def test_the_documented_table_is_the_one_the_tracer_prints(
    traced: tuple[ModuleType, dict[str, Any]],
) -> None:
    tracer, walks = traced
    documented = tracer.documented_table(tracer.DOCS.read_text(encoding="utf-8"))
    assert documented == tracer.table(walks), (
        "docs/architecture.md's table of the traced paths is not the tracer's: paste the"
        " output of `python scripts/trace_load.py --table` between its markers"
    )


TRACER = load_tracer()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", None]), st.booleans()), max_size=40))
def test_the_counts_of_any_walk_are_consistent(events: list[tuple[str | None, bool]]) -> None:
    walk = TRACER.Walk.of(
        [
            SimpleNamespace(room=room, kind="call" if call else "return", name="f")
            for room, call in events
        ]
    )
    assert walk.reentries <= walk.returns <= max(0, len(walk.stays) - 1)
    assert walk.rooms <= len(walk.stays)
    assert all(a[0] != b[0] for a, b in zip(walk.stays, walk.stays[1:], strict=False))
    if walk.rooms == len(walk.stays):  # each room visited once: nothing to go back to
        assert walk.returns == 0
