"""`vllm-tray cluster init|show|join-command|check|start|stop|status|join|fingerprint`.

One model across machines (docs/multi-machine.md): `init` on the head machine writes the
cluster and prints the command to run on each other machine (`join`); `check` verifies
every machine before anything starts; `start` serves the model across them in the
foreground until Ctrl-C, like `vllm-tray serve`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from typing import Any

from app.cli.context import print_json, services_from, session_from
from app.core.cluster.cluster import (
    DEFAULT_AGENT_PORT,
    DEFAULT_MASTER_PORT,
    AddressScope,
    ClusterConfig,
    WorkerNode,
    address_scope,
    check_address,
    check_port,
    unencrypted_notice,
)
from app.core.problems.problems import ProblemError, problem
from app.core.settings.settings import coerce
from app.runtime.api.cluster import AgentSettings, ClusterReport, ClusterView
from app.runtime.api.services import Services
from app.runtime.composition.facade import RuntimeOptions, Session


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "cluster",
        parents=[common],
        help="serve one model across several machines (vLLM multi-node)",
    )
    csub = p.add_subparsers(dest="cluster_command", metavar="COMMAND", required=True)

    i = csub.add_parser("init", parents=[common], help="set up the cluster on the head machine")
    i.add_argument("--model", required=True, help="the model to serve across the machines")
    i.add_argument("--head", required=True, metavar="ADDR", help="this machine's address")
    i.add_argument(
        "--worker",
        action="append",
        required=True,
        metavar="ADDR[:PORT]",
        help=f"another machine (repeat for each; agent port {DEFAULT_AGENT_PORT} by default)",
    )
    i.add_argument("--tp", type=int, default=1, help="tensor parallel size (GPUs per machine)")
    i.add_argument("--pp", type=int, help="pipeline parallel size (default: the machines)")
    i.add_argument("--master-port", type=int, default=DEFAULT_MASTER_PORT)
    i.add_argument(
        "--allow-public",
        action="store_true",
        help="allow addresses outside private networks (traffic is not encrypted)",
    )
    i.set_defaults(func=cmd_init)

    s = csub.add_parser("show", parents=[common], help="the cluster as set up")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_show)

    j = csub.add_parser(
        "join-command", parents=[common], help="the command to run on the other machines"
    )
    j.add_argument("--rank", type=int, help="only the machine of this rank")
    j.add_argument("--vllm", action="store_true", help="the bare `vllm serve` command instead")
    j.set_defaults(func=cmd_join_command)

    c = csub.add_parser("check", parents=[common], help="check every machine before a start")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)

    st = csub.add_parser(
        "start", parents=[common], help="check, then serve the model across the machines"
    )
    st.add_argument("--host", help="address of the endpoint (setting proxy.host)")
    st.add_argument("--port", type=int, help="port of the endpoint (setting proxy.port)")
    st.set_defaults(func=cmd_start)

    sp = csub.add_parser(
        "stop", parents=[common], help="turn the cluster off and stop every worker"
    )
    sp.set_defaults(func=cmd_stop)

    ss = csub.add_parser("status", parents=[common], help="what each worker agent runs now")
    ss.add_argument("--json", action="store_true")
    ss.set_defaults(func=cmd_status)

    jn = csub.add_parser(
        "join", parents=[common], help="on another machine: run the worker agent for a head"
    )
    jn.add_argument("--head", required=True, metavar="ADDR", help="the head machine's address")
    jn.add_argument("--rank", required=True, type=int, help="this machine's rank (1, 2, …)")
    jn.add_argument("--listen", required=True, metavar="ADDR", help="this machine's address")
    jn.add_argument("--port", type=int, default=DEFAULT_AGENT_PORT)
    jn.add_argument(
        "--token",
        help=f"the token from `cluster join-command` (or set {TOKEN_ENV}: then other users of "
        "this machine cannot read it in the process list)",
    )
    jn.add_argument("--allow-public", action="store_true")
    jn.set_defaults(func=cmd_join)

    f = csub.add_parser(
        "fingerprint", parents=[common], help="this machine's engine and model-files fingerprint"
    )
    f.add_argument("model")
    f.set_defaults(func=cmd_fingerprint)


TOKEN_ENV = "VLLM_TRAY_CLUSTER_TOKEN"


# -- set up -----------------------------------------------------------------------------------
def cmd_init(args: argparse.Namespace) -> int:
    services = services_from(args)
    workers = tuple(_worker(text) for text in args.worker)
    config = ClusterConfig(
        model_id=services.models.entry(args.model).id,
        head_address=args.head,
        workers=workers,
        master_port=args.master_port,
        tensor_parallel_size=args.tp,
        pipeline_parallel_size=args.pp,
        allow_public_addresses=args.allow_public,
    )
    view = asyncio.run(services.cluster.configure(config, renew_token=True))
    print(f"cluster: {view.config.model_id} on {view.config.nnodes} machines", file=sys.stderr)
    _print_warnings(view)
    print("Run on each other machine:", file=sys.stderr)
    for join in view.join_commands:
        print(f"  # machine {join.rank} ({join.address})", file=sys.stderr)
        print(join.command)
    return 0


def _worker(text: str) -> WorkerNode:
    address, port = text, DEFAULT_AGENT_PORT
    if text.count(":") == 1:  # ADDR:PORT (an IPv6 address has several colons)
        address, raw_port = text.split(":")
        try:
            port = int(raw_port)
        except ValueError:
            raise ProblemError(problem("cluster.bad_port", port=raw_port)) from None
    return WorkerNode(address=address, agent_port=port)


def cmd_show(args: argparse.Namespace) -> int:
    view = services_from(args).cluster.view()
    if args.json:
        data = view.config.to_json()
        data["join_commands"] = [j.command for j in view.join_commands]
        print_json(data)
        return 0
    config = view.config
    if not config.configured:
        print("no cluster is set up (see `vllm-tray cluster init --help`)")
        return 0
    print(f"model       {config.model_id} ({'on' if config.enabled else 'off'})")
    print(f"head        {config.head_address} (master port {config.master_port})")
    for rank in range(1, config.nnodes):
        node = config.worker(rank)
        print(f"machine {rank}   {node.address} (agent port {node.agent_port})")
    print(f"parallel    tp {config.tensor_parallel_size} × pp {config.pp_size}")
    _print_warnings(view)
    return 0


def cmd_join_command(args: argparse.Namespace) -> int:
    view = services_from(args).cluster.view()
    if not view.join_commands:
        raise ProblemError(problem("cluster.not_configured"))
    for join in view.join_commands:
        if args.rank is None or args.rank == join.rank:
            print(join.vllm_command if args.vllm else join.command)
    return 0


# -- check, start, stop -----------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    services = services_from(args)

    async def run() -> ClusterReport:
        try:
            return await services.cluster.check()
        finally:
            await services.cluster.shutdown()

    report = asyncio.run(run())
    if args.json:
        print_json(_report_json(report))
    else:
        _print_report(report)
    return 0 if report.ok else 1


def cmd_start(args: argparse.Namespace) -> int:
    # The same rules as the settings they stand in for, checked before anything starts.
    port = coerce("proxy.port", args.port) if args.port is not None else None
    host = coerce("proxy.host", args.host) if args.host is not None else None
    options = RuntimeOptions(
        proxy_host=str(host) if host is not None else None,
        proxy_port=int(port) if port is not None else None,
    )
    return asyncio.run(_start(session_from(args, options)))


async def _start(session: Session) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    services = session.services
    try:
        await session.start(serve=True)
        print(f"vllm-tray: {unencrypted_notice().english()}", file=sys.stderr)
        starting = loop.create_task(services.cluster.start())
        done, _ = await asyncio.wait(
            {starting, loop.create_task(stop.wait())}, return_when="FIRST_COMPLETED"
        )
        if starting in done:
            view = starting.result()
            _print_report_if(view)
            print(
                f"vllm-tray: {view.config.model_id} is served across {view.config.nnodes} "
                f"machines on {services.endpoint.url}",
                file=sys.stderr,
                flush=True,
            )
            await stop.wait()
        else:
            starting.cancel()
        await services.cluster.stop()
        return 0
    except ProblemError as exc:
        print(f"vllm-tray: {exc.problem.english()}", file=sys.stderr)
        report = services.cluster.view().report
        if report is not None:
            _print_report(report)
        return 1
    finally:
        await session.stop()


def _print_report_if(view: ClusterView) -> None:
    if view.report is not None:
        _print_report(view.report)


def cmd_stop(args: argparse.Namespace) -> int:
    services = services_from(args)

    async def run() -> ClusterView:
        try:
            return await services.cluster.stop(every_worker=True)
        finally:
            await services.cluster.shutdown()

    view = asyncio.run(run())
    print(f"cluster off: {view.config.model_id or '-'} runs on this machine alone")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    services = services_from(args)

    async def run() -> Any:
        try:
            return await services.cluster.worker_states()
        finally:
            await services.cluster.shutdown()

    states = asyncio.run(run())
    if args.json:
        print_json(
            [
                {
                    "rank": s.rank,
                    "address": s.address,
                    "reachable": s.reachable,
                    "running": s.running,
                    "pid": s.pid,
                    "returncode": s.returncode,
                    "problem": s.problem.to_json() if s.problem else None,
                }
                for s in states
            ]
        )
        return 0
    for s in states:
        if not s.reachable:
            what = f"unreachable: {s.problem.english() if s.problem else ''}"
        elif s.running:
            what = f"worker running (pid {s.pid})"
        else:
            what = "agent ready, no worker running"
        print(f"machine {s.rank} {s.address}: {what}")
    return 0


# -- the worker side --------------------------------------------------------------------------
def cmd_join(args: argparse.Namespace) -> int:
    head = check_address(args.head, allow_public=args.allow_public)
    listen = check_address(args.listen, allow_public=args.allow_public)
    check_port(args.port)
    if args.rank < 1:
        raise ProblemError(problem("cluster.bad_rank", rank=args.rank))
    token = args.token or os.environ.get(TOKEN_ENV, "")
    if not token:
        raise ProblemError(problem("cluster.no_token", variable=TOKEN_ENV))
    services = services_from(args)
    settings = AgentSettings(head=head, rank=args.rank, listen=listen, port=args.port, token=token)
    return asyncio.run(_join(services, settings))


async def _join(services: Services, settings: AgentSettings) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    agent = services.cluster.agent(
        settings, lambda text: print(f"vllm-tray: {text}", file=sys.stderr, flush=True)
    )
    await agent.start()
    print(
        f"vllm-tray: cluster agent for head {settings.head} (machine {settings.rank}) "
        f"listening on {agent.url}",
        file=sys.stderr,
        flush=True,
    )
    if address_scope(settings.listen) is not AddressScope.LOOPBACK:
        print(f"vllm-tray: {unencrypted_notice().english()}", file=sys.stderr)
    try:
        await stop.wait()
    finally:
        await agent.stop()
    print("vllm-tray: cluster agent stopped", file=sys.stderr, flush=True)
    return 0


def cmd_fingerprint(args: argparse.Namespace) -> int:
    info = services_from(args).cluster.node_info(args.model)
    print_json(info.to_json())
    return 0


# -- output -----------------------------------------------------------------------------------
def _print_warnings(view: ClusterView) -> None:
    for notice in view.notices:
        print(f"warning: {notice.english()}", file=sys.stderr)


def _print_report(report: ClusterReport) -> None:
    head = report.head
    if head is not None:
        engine = f"{head.engine_kind} {head.engine_version or '?'}"
        print(f"head       engine {engine}, model files {(head.fingerprint or '-')[:12]}")
    for node in report.nodes:
        if not node.reachable or node.info is None:
            print(f"machine {node.rank}  {node.address}: unreachable")
        else:
            info = node.info
            engine = f"{info.engine_kind} {info.engine_version or '?'}"
            print(
                f"machine {node.rank}  {node.address}: engine {engine}, model files "
                f"{(info.fingerprint or '-')[:12]}"
            )
        if node.link is not None:
            link = node.link
            print(
                f"           link: {link.rtt_ms:.2f} ms round trip, "
                f"{link.down_mb_s:.0f} MB/s from it, {link.up_mb_s:.0f} MB/s to it"
            )
    for found in report.problems:
        print(f"problem: {found.english()}")
    for notice in report.notices:
        print(f"warning: {notice.english()}", file=sys.stderr)
    print("ready to start" if report.ok else "not ready: fix the problems above")


def _report_json(report: ClusterReport) -> dict[str, Any]:
    return {
        "ok": report.ok,
        "head": report.head.to_json() if report.head else None,
        "nodes": [
            {
                "rank": n.rank,
                "address": n.address,
                "reachable": n.reachable,
                "info": n.info.to_json() if n.info else None,
                "link": n.link.to_json() if n.link else None,
                "problems": [p.to_json() for p in n.problems],
            }
            for n in report.nodes
        ],
        "problems": [p.to_json() for p in report.problems],
        "notices": [p.to_json() for p in report.notices],
    }
