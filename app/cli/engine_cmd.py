"""`vllm-tray engine status | install rocm|cpu | use COMMAND…`."""

from __future__ import annotations

import argparse
import asyncio
import shlex
from typing import Any

from app.cli.context import print_json, runtime_from
from app.cli.progress import ProgressReporter
from app.core.problems import ProblemError
from app.supervisor.engines.base import EngineKind, InstallProgress


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("engine", parents=[common], help="install or choose the vLLM engine")
    esub = p.add_subparsers(dest="engine_command", metavar="status|install|use", required=True)
    s = esub.add_parser("status", parents=[common], help="which engine runs models")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_status)
    i = esub.add_parser("install", parents=[common], help="install the ROCm bundle or CPU build")
    i.add_argument("kind", choices=["rocm", "cpu"])
    i.add_argument("--no-select", action="store_true", help="install but do not switch to it")
    i.set_defaults(func=cmd_install)
    u = esub.add_parser(
        "use",
        parents=[common],
        help="use your own vLLM: a command prefix such as 'vllm serve'",
    )
    u.add_argument("prefix", nargs=argparse.REMAINDER, metavar="COMMAND…")
    u.set_defaults(func=cmd_use)


def cmd_status(args: argparse.Namespace) -> int:
    rt = runtime_from(args)
    rows: list[dict[str, Any]] = []
    selected = str(rt.settings.get("engine.kind"))
    active = None
    try:
        active = rt.engine().kind
    except ProblemError:
        active = None
    for kind in EngineKind:
        try:
            status = rt.engine(kind).status()
        except ProblemError as exc:
            rows.append({"kind": kind.value, "installed": False, "problem": exc.problem.english()})
            continue
        rows.append(
            {
                "kind": kind.value,
                "installed": status.installed,
                "version": status.version,
                "location": str(status.location) if status.location else None,
                "problem": status.problem.english() if status.problem else None,
                "active": kind is active,
            }
        )
    if args.json:
        print_json({"selected": selected, "engines": rows})
        return 0
    print(f"engine.kind = {selected}")
    for row in rows:
        mark = "*" if row.get("active") else " "
        state = "installed" if row["installed"] else "not installed"
        version = f" {row['version']}" if row.get("version") else ""
        print(f"{mark} {row['kind']:<7} {state}{version}")
        if row.get("location"):
            print(f"          {row['location']}")
        if row.get("problem"):
            print(f"          {row['problem']}")
    return 0


def cmd_install(args: argparse.Namespace) -> int:
    from app.runtime.install import install_engine

    rt = runtime_from(args)
    kind = EngineKind(args.kind)

    progress = ProgressReporter()

    def show(p: InstallProgress) -> None:
        total = f"/{p.total}" if p.total else ""
        text = f"[{p.phase} {p.done}{total}] {p.message.strip()}"[:200]
        progress.update(p.phase, text, p.done / p.total if p.total else None)

    try:
        status = asyncio.run(install_engine(rt, kind, on_progress=show))
    finally:
        progress.finish()
    if not args.no_select:
        rt.settings.set("engine.kind", kind.value)
    print(f"{kind.value} engine installed: {status.version} at {status.location}")
    return 0


def cmd_use(args: argparse.Namespace) -> int:
    from app.supervisor.engines.custom import CustomEngine

    prefix = list(args.prefix)
    if prefix and prefix[0] == "--":
        prefix = prefix[1:]
    if len(prefix) == 1 and " " in prefix[0]:
        prefix = shlex.split(prefix[0])
    rt = runtime_from(args)
    if not prefix:
        from app.core.problems import problem, tr_noop

        raise ProblemError(
            problem(
                "cli.engine_command_missing",
                tr_noop("Give the command that starts your vLLM, e.g. 'vllm serve'."),
            )
        )
    asyncio.run(CustomEngine.validate(prefix))
    rt.settings.set_many({"engine.custom_command": shlex.join(prefix), "engine.kind": "custom"})
    print(f"custom engine: {shlex.join(prefix)}")
    return 0
