"""One model across machines, orchestrated on loopback with the fake multi-node engine.

The head is a real Runtime; each other machine is a real ClusterAgent with its own config
dir (its own registry, engine and copy of the model files), reached over HTTP on 127.0.0.1.
The fake engine (tests/fakes/fake_vllm_cluster.py) behaves like vLLM's `--nnodes` launcher:
the head serves only once every worker connected to its master port. Every test ends with
no fake engine process left.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import stat
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path

import psutil
import pytest

from app.core.cluster.cluster import ClusterConfig, WorkerNode
from app.core.events import Event
from app.core.paths import resolve_paths
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.runtime.api.cluster import AgentSettings
from app.runtime.cluster.cluster_agent import ClusterAgent
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from tests.fakes.engine_runtime import make_model_folder, make_runtime
from tests.harness import internals, process

FAKE_CLUSTER = Path(__file__).resolve().parents[1] / "fakes" / "fake_vllm_cluster.py"
MODEL = "user.a"
SETTLE_S = 15.0


def vllm_shim(folder: Path) -> str:
    """An engine named `vllm` whose `serve` runs the fake: what a `vllm serve` engine is."""
    folder.mkdir(parents=True, exist_ok=True)
    shim = folder / "vllm"
    shim.write_text(f'#!/bin/sh\nshift\nexec "{sys.executable}" "{FAKE_CLUSTER}" "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return f"{shim} serve"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Node:
    runtime: Runtime
    agent: ClusterAgent


async def start_agent(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    *,
    rank: int = 1,
    token: str = "secret-token",
    head: str = "127.0.0.1",
    model_text: str | None = None,
    engine: str | None = None,
) -> Node:
    """Another "machine": its own config dir, its own copy of the model, its agent."""
    root = tmp_path / name
    root.mkdir()
    rt = Runtime(
        resolve_paths(root / "home"),
        RuntimeOptions(sysfs_root=root / "no-sys", sample_gpu=False),
    )
    internals(rt).settings.set_many(
        {"engine.kind": "custom", "engine.custom_command": engine or vllm_shim(root / "bin")}
    )
    folder = make_model_folder(root / "a")
    if model_text is not None:
        (folder / "config.json").write_text(model_text)
    internals(rt).registry.add_user_model("a", str(folder))
    agent = ClusterAgent(
        AgentSettings(head=head, rank=rank, listen="127.0.0.1", port=0, token=token),
        planner=internals(rt).planner,
        registry=internals(rt).registry,
        logs_dir=internals(rt).paths.logs_dir,
        state_dir=internals(rt).paths.state_dir,
    )
    await agent.start()
    return Node(rt, agent)


@pytest.fixture
async def head(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path / "head",
        monkeypatch,
        models=("a",),
        settings={"engine.custom_command": vllm_shim(tmp_path / "head-bin")},
    )
    await rt.start(serve=False)
    try:
        yield rt
    finally:
        await rt.stop()


def cluster_for(*agents: ClusterAgent, token: str = "secret-token") -> ClusterConfig:
    return ClusterConfig(
        model_id=MODEL,
        head_address="127.0.0.1",
        workers=tuple(WorkerNode("127.0.0.1", a.port) for a in agents),
        master_port=free_port(),
        token=token,
    )


async def configured(head: Runtime, *agents: ClusterAgent, token: str = "secret-token") -> None:
    view = await head.services.cluster.configure(cluster_for(*agents, token=token))
    assert view.config.token == token  # kept: the agents were started with it


def alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


async def wait_for(predicate: object, within_s: float = SETTLE_S) -> None:
    assert callable(predicate)
    deadline = asyncio.get_running_loop().time() + within_s
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_check_reports_engine_files_link_and_the_way_back(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    try:
        await configured(head, node.agent)
        report = await head.services.cluster.check()
    finally:
        await node.agent.stop()
    assert report.ok, [p.english() for p in report.problems]
    assert report.head is not None and report.head.fingerprint
    (seen,) = report.nodes
    assert seen.reachable and seen.info is not None
    assert seen.info.fingerprint == report.head.fingerprint  # same files, other folder
    assert seen.info.engine_kind == "custom"
    assert seen.link is not None
    assert seen.link.rtt_ms > 0 and seen.link.down_mb_s > 1 and seen.link.up_mb_s > 1
    assert [n.code for n in report.notices] == ["cluster.unencrypted"]


async def test_check_names_every_machine_that_cannot_join(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other_files = await start_agent(tmp_path, monkeypatch, "m1", model_text='{"other": 1}')
    wrong_rank = await start_agent(tmp_path, monkeypatch, "m2", rank=1)
    no_engine = await start_agent(
        tmp_path, monkeypatch, "m3", rank=3, engine="/nonexistent/vllm serve"
    )
    gone = free_port()  # nobody listens there
    try:
        config = cluster_for(other_files.agent, wrong_rank.agent, no_engine.agent)
        config = replace(config, workers=(*config.workers, WorkerNode("127.0.0.1", gone)))
        await head.services.cluster.configure(config)
        report = await head.services.cluster.check()
        with pytest.raises(ProblemError) as refused:
            await head.services.cluster.start()
    finally:
        for node in (other_files, wrong_rank, no_engine):
            await node.agent.stop()
    codes = {n.rank: [p.code for p in n.problems] for n in report.nodes}
    assert codes[1] == ["cluster.model_mismatch"]
    assert codes[2] == ["cluster.rank_mismatch"]
    assert "cluster.engine_mismatch" in codes[3] or "cluster.engine_missing" in codes[3]
    assert codes[4] == ["cluster.unreachable"]
    assert report.nodes[3].problems[0].params["port"] == gone
    assert not report.ok
    # Refused before anything started: no head child, no worker.
    assert refused.value.problem.code == "cluster.model_mismatch"
    assert process(head, MODEL) is None
    assert not any(n.agent.worker.running for n in (other_files, wrong_rank, no_engine))


async def test_wrong_token_and_foreign_head_are_refused(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1", token="the-right-one")
    # An agent joined to another head answers nobody else (no traffic leaves loopback:
    # the head address is only compared with the caller's).
    foreign = await start_agent(tmp_path, monkeypatch, "m2", rank=2, head="192.168.77.1")
    try:
        await configured(head, node.agent, foreign.agent, token="not-the-token")
        report = await head.services.cluster.check()
    finally:
        await node.agent.stop()
        await foreign.agent.stop()
    assert [p.code for p in report.nodes[0].problems] == ["cluster.bad_token"]
    assert [p.code for p in report.nodes[1].problems] == ["cluster.not_head"]


async def test_start_serves_across_machines_and_stop_leaves_nothing_running(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    events: list[Event] = []
    head.bus.subscribe(events.append)
    try:
        await configured(head, node.agent)
        single = sum(internals(head).planner.plan_launch(MODEL).device_bytes.values())
        view = await head.services.cluster.start()
        assert view.model_state is ProcessState.RUNNING
        info = process(head, MODEL)
        assert info is not None and info.pid is not None
        head_argv = list(info.argv)
        worker_argv = list(node.agent.worker.argv)
        worker_pid = node.agent.worker.pid
        assert node.agent.worker.running
        # The head serves through the endpoint's controller like any model.
        backend = await head.services.models.load(MODEL)
        assert backend.base_url.startswith("http://127.0.0.1:")
        shared = sum(internals(head).planner.plan_launch(MODEL).device_bytes.values())
        stopped = await head.services.cluster.stop()
    finally:
        await node.agent.stop()
    port = str(view.config.master_port)
    assert _flags(head_argv, "--nnodes", "--node-rank", "--master-port") == ["2", "0", port]
    assert "--headless" not in head_argv
    assert _flags(worker_argv, "--nnodes", "--node-rank", "--master-port") == ["2", "1", port]
    assert "--headless" in worker_argv
    assert "--pipeline-parallel-size" in worker_argv
    # Only this machine's half of the weights counts against its memory.
    assert shared < single
    assert stopped.model_state is ProcessState.STOPPED and not stopped.config.enabled
    assert not node.agent.worker.running
    await wait_for(lambda: not alive(worker_pid) and not alive(info.pid))
    # Off again: the model runs on this machine alone, without the cluster's flags.
    assert "--nnodes" not in internals(head).planner.plan_launch(MODEL).spec.args


async def test_start_while_the_model_runs_alone_restarts_it_across_machines(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    try:
        await configured(head, node.agent)
        alone = await head.services.models.load(MODEL)
        assert "--nnodes" not in alone.command
        await head.services.cluster.start()
        # The stop of the lone child must not stop the workers started after it: give any
        # such stray stop the time it would take to land (a negative can only be waited for).
        await asyncio.sleep(0.5)
        info = process(head, MODEL)
        assert info is not None and info.state is ProcessState.RUNNING
        assert "--nnodes" in info.argv and info.pid != alone.pid
        assert node.agent.worker.running
        await head.services.cluster.stop()
    finally:
        await node.agent.stop()


async def test_a_worker_that_dies_stops_the_head(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    try:
        await configured(head, node.agent)
        await head.services.models.set_options(
            MODEL,
            replace(head.services.models.options(MODEL), vllm_args="--fake-worker-exit-after 1"),
        )
        await head.services.cluster.start()
        worker_pid = node.agent.worker.pid
        await wait_for(
            lambda: (
                head.services.cluster.view().problem is not None
                and head.services.cluster.view().model_state is ProcessState.STOPPED
            )
        )
        view = head.services.cluster.view()
    finally:
        await node.agent.stop()
    assert view.problem is not None and view.problem.code == "cluster.worker_exited"
    assert view.problem.params["exit_code"] == 1
    assert "failed on purpose" in view.problem.params["tail"]
    assert not alive(worker_pid)


async def test_a_request_after_an_unload_starts_the_workers_again(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    try:
        await configured(head, node.agent)
        await head.services.cluster.start()
        first = node.agent.worker.pid
        await head.services.models.unload(MODEL)  # what an idle unload or a swap does
        await wait_for(lambda: not node.agent.worker.running)
        backend = await head.services.models.load(MODEL)  # what the next request does
        assert backend.state is ProcessState.RUNNING
        assert node.agent.worker.running and node.agent.worker.pid != first
        await head.services.cluster.stop()
    finally:
        await node.agent.stop()
    assert not alive(first)


async def test_quitting_the_app_stops_the_workers_it_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = make_runtime(
        tmp_path / "head",
        monkeypatch,
        models=("a",),
        settings={"engine.custom_command": vllm_shim(tmp_path / "head-bin")},
    )
    await rt.start(serve=False)
    node = await start_agent(tmp_path, monkeypatch, "m1")
    try:
        await configured(rt, node.agent)
        await rt.services.cluster.start()
        head_pid = process(rt, MODEL).pid  # type: ignore[union-attr]
        worker_pid = node.agent.worker.pid
        await rt.stop()
        assert not node.agent.worker.running
        await wait_for(lambda: not alive(worker_pid) and not alive(head_pid))
        # The cluster stays on for the next run of the app.
        assert rt.services.cluster.config.enabled
    finally:
        await node.agent.stop()


async def test_an_agent_that_quits_takes_its_worker_with_it(
    head: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    node = await start_agent(tmp_path, monkeypatch, "m1")
    await configured(head, node.agent)
    await head.services.cluster.start()
    worker_pid = node.agent.worker.pid
    await node.agent.stop()  # Ctrl-C on the other machine
    await wait_for(lambda: not alive(worker_pid))
    await wait_for(lambda: head.services.cluster.view().model_state is ProcessState.STOPPED)
    assert head.services.cluster.view().problem is not None
    assert head.services.cluster.view().problem.code in (
        "cluster.worker_exited",
        "cluster.worker_lost",
    )


def _flags(argv: list[str], *names: str) -> list[str]:
    return [argv[argv.index(name) + 1] for name in names]


async def test_a_broken_cluster_file_is_reported_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "head" / "home"
    home.mkdir(parents=True)
    broken = '{"model": "user.a", "head_address": "8.8.8.8", "workers": [{"address": "10.0.0.2"}]}'
    (home / "cluster.json").write_text(broken)
    rt = make_runtime(tmp_path / "head", monkeypatch, models=("a",))
    codes = [p.code for p in rt.services.views.problems()]
    assert "config.unreadable" in codes
    assert (home / "cluster.json").read_text() == broken  # a reader never changes it
    assert not rt.services.cluster.config.configured and MODEL not in internals(rt).planner.overlays


@contextlib.asynccontextmanager
async def other_program(status: int = 404, body: str = "Not Found") -> AsyncIterator[int]:
    """A web server that is no cluster agent (a machine's port taken by something else):
    every request gets `status` and `body`. Yields its port."""
    from aiohttp import web

    async def answer(request: web.Request) -> web.Response:
        del request
        return web.Response(status=status, text=body, content_type="text/html")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        server = site._server
        assert server is not None
        yield int(server.sockets[0].getsockname()[1])  # type: ignore[attr-defined]
    finally:
        await runner.cleanup()


async def test_an_address_where_another_program_answers_is_named_with_what_to_do(
    head: Runtime,
) -> None:
    """Issue 20.6: a check reported "could not start its part of the model: HTTP 404" for an
    address that answers 404. Now: which machine, what was found there, what to do; and a
    start that this stops says so afterwards, in the view, too."""
    async with other_program() as port:
        config = ClusterConfig(
            model_id=MODEL,
            head_address="127.0.0.1",
            workers=(WorkerNode("127.0.0.1", port),),
            master_port=free_port(),
            token="secret-token",
        )
        await head.services.cluster.configure(config)
        report = await head.services.cluster.check()
        with pytest.raises(ProblemError) as refused:
            await head.services.cluster.start()
    (node,) = report.nodes
    (found,) = node.problems
    assert found.code == "cluster.not_an_agent"
    assert found.params == {"address": "127.0.0.1", "port": port, "status": 404}
    assert found.english() == (
        f"Something answers on 127.0.0.1 port {port}, but it is not a vLLM Tray cluster "
        "agent (it answered HTTP 404). Check the port given for that machine, and run the "
        "join command shown for it there."
    )
    assert refused.value.problem == found
    view = head.services.cluster.view()
    assert view.problem == found  # why the last start failed, for a window opened later
    assert view.phase is None  # the start is over
    assert process(head, MODEL) is None


async def test_an_agent_that_fails_the_check_is_told_apart_from_a_failed_start(
    head: Runtime,
) -> None:
    async with (
        other_program(500, '{"error": "disk full"}') as broken,
        other_program(200, "<html>a router's login page</html>") as page,
    ):
        config = ClusterConfig(
            model_id=MODEL,
            head_address="127.0.0.1",
            workers=(WorkerNode("127.0.0.1", broken), WorkerNode("127.0.0.1", page)),
            master_port=free_port(),
            token="secret-token",
        )
        await head.services.cluster.configure(config)
        report = await head.services.cluster.check()
    failed, other = ([p.code for p in n.problems] for n in report.nodes)
    assert failed == ["cluster.check_failed"]
    assert other == ["cluster.not_an_agent"]  # answers 200, but not as an agent does
    sentence = report.nodes[0].problems[0].english()
    assert "could not start" not in sentence
    assert sentence.startswith("The check of 127.0.0.1 failed: its agent answered HTTP 500")
