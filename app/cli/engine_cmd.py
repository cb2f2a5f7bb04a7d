"""`vllm-tray engine status (or list) | install rocm|cpu | use COMMAND… | clean-cache`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from app.cli.context import human_bytes, print_json, run_interruptible, services_from
from app.cli.engine_builds import print_rocm_builds
from app.cli.progress import ProgressReporter
from app.core.engines.advisories import AdvisoryDB, EngineAdvice
from app.core.engines.engine_values import InstallProgress
from app.core.engines.shield import ALLOW_CHAT_TEMPLATES, ShieldRule, affecting_names, in_force
from app.core.models.vllm_args import format_command
from app.core.problems.problems import ProblemError, problem
from app.core.redact import redact_argv
from app.core.states import EngineKind


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("engine", parents=[common], help="install or choose the vLLM engine")
    esub = p.add_subparsers(
        dest="engine_command", metavar="status|list|install|use|clean-cache", required=True
    )
    s = esub.add_parser(
        "status",
        parents=[common],
        help="which engine runs models, its vLLM version and the advisories that apply",
    )
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_status)
    lp = esub.add_parser(
        "list",
        parents=[common],
        help="like status; 'list rocm': the ROCm builds for this GPU from the publisher's feed",
    )
    lp.add_argument("kind", nargs="?", choices=["rocm"])
    lp.add_argument("--json", action="store_true")
    lp.set_defaults(func=cmd_list)
    i = esub.add_parser("install", parents=[common], help="install the ROCm bundle or CPU build")
    i.add_argument("kind", choices=["rocm", "cpu"])
    i.add_argument(
        "build",
        nargs="?",
        help="ROCm only: the build (its tag or vLLM version, see 'engine list rocm'); an "
        "installed one is switched to without a download",
    )
    i.add_argument("--no-select", action="store_true", help="install but do not switch to it")
    i.add_argument("--json", action="store_true", help="print the installed engine as JSON")
    i.set_defaults(func=cmd_install)
    u = esub.add_parser(
        "use",
        parents=[common],
        help="use your own vLLM: a command prefix such as 'vllm serve'",
        description=(
            "Use your own vLLM: a command prefix such as 'vllm serve'. vllm-tray's own "
            "--config-dir DIR and -v/--verbose count wherever they stand, after the command "
            "too; put -- before a command that takes such a flag itself "
            "(engine use -- my-vllm --config-dir X)."
        ),
    )
    u.add_argument("--json", action="store_true", help="print the stored command as JSON")
    u.add_argument("prefix", nargs=argparse.REMAINDER, metavar="COMMAND…")
    u.set_defaults(func=cmd_use, own_options=own_options)
    c = esub.add_parser(
        "clean-cache",
        parents=[common],
        help="delete the compile caches that make later loads fast (they fill again)",
    )
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_clean_cache)


def cmd_status(args: argparse.Namespace) -> int:
    services = services_from(args)
    selected = str(services.config.value("engine.kind"))
    # The user's own vLLM is asked for its version (once per command; then it is cached).
    reports = asyncio.run(services.engines.checked_reports())
    rows: list[dict[str, Any]] = [
        {
            "kind": r.kind.value,
            "installed": r.installed,
            "version": r.version,
            "location": r.location,
            "problem": r.problem.english() if r.problem else None,
            "active": r.active,
            **(r.advice.to_json() if r.advice is not None else {}),
            **({"shield": [rule.to_json() for rule in _rules(r.advice)]} if r.advice else {}),
        }
        for r in reports
    ]
    allowed = bool(services.config.value(ALLOW_CHAT_TEMPLATES))
    if args.json:
        print_json({"selected": selected, "engines": rows})
        return 0
    print(f"engine.kind = {selected}")
    for row, report in zip(rows, reports, strict=True):
        mark = "*" if row.get("active") else " "
        state = "installed" if row["installed"] else "not installed"
        version = f" {row['version']}" if row.get("version") else ""
        print(f"{mark} {row['kind']:<7} {state}{version}")
        if row.get("location"):
            print(f"          {row['location']}")
        if row.get("problem"):
            print(f"          {row['problem']}")
        if report.advice is not None:
            _print_advice(report.advice)
            _print_shield(_rules(report.advice), report.advice.db, allowed)
    return 0


def _rules(advice: EngineAdvice) -> tuple[ShieldRule, ...]:
    """The endpoint's shield rules in force for this engine (app.core.engines.shield)."""
    return in_force(advice.version, affecting_names(advice.advisories))


def _print_shield(
    rules: tuple[ShieldRule, ...], db: AdvisoryDB | None, chat_templates_allowed: bool
) -> None:
    if not rules:
        print("          endpoint shield: no rule in force")
        return
    print(f"          endpoint shield: {len(rules)} rule{'s' if len(rules) != 1 else ''} in force")
    for rule in rules:
        allowed = chat_templates_allowed and rule.allowed_by == ALLOW_CHAT_TEMPLATES
        note = f" (allowed by {rule.allowed_by})" if allowed else ""
        advisories = ", ".join(rule.advisories)
        print(f"          - {rule.id}: {advisories}, affected {rule.affected(db)}{note}")


def _print_advice(advice: EngineAdvice) -> None:
    if advice.version is None:
        print("          vLLM version: unknown (its known advisories cannot be checked)")
        return
    found = advice.problems()
    if not found:
        print(f"          vLLM {advice.version}: no known security advisory")
    else:
        count = f"{len(found)} known security advisor{'y' if len(found) == 1 else 'ies'}"
        fix = (
            f"{advice.fixed_by} fixes {'it' if len(found) == 1 else 'them all'}"
            if advice.fixed_by
            else "no release is known to fix them all"
        )
        print(f"          vLLM {advice.version}: {count} (worst: {advice.worst_severity}); {fix}")
    if advice.db is not None:
        origin = "osv.dev" if advice.db.source == "osv.dev" else "the shipped snapshot"
        print(f"          advisories: {origin} as of {advice.db.taken}")
        if advice.db.note:
            print(f"          {advice.db.note}")
    for item, advisory in zip(found, advice.advisories, strict=True):
        print(f"          ! [{advisory.severity}] {item.english()}")


def cmd_list(args: argparse.Namespace) -> int:
    if args.kind is None:
        return cmd_status(args)
    services = services_from(args)
    builds = asyncio.run(services.engines.rocm_builds())
    return print_rocm_builds(builds, args.json)


def cmd_install(args: argparse.Namespace) -> int:
    services = services_from(args)
    kind = EngineKind(args.kind)
    if args.build is not None and kind is not EngineKind.ROCM:
        raise ProblemError(problem("engine.build_for_rocm_only", build=args.build))
    if kind is EngineKind.ROCM:
        view = asyncio.run(services.engines.refresh_feed())
        if view.problem is not None:
            print(view.problem.english(), file=sys.stderr)

    progress = ProgressReporter()

    def show(p: InstallProgress) -> None:
        total = f"/{p.total}" if p.total else ""
        text = f"[{p.phase} {p.done}{total}] {p.message.strip()}"[:200]
        progress.update(p.phase, text, p.done / p.total if p.total else None)

    try:
        status = run_interruptible(
            services.engines.install(
                kind,
                select=not args.no_select,
                on_progress=show,
                build=args.build,
                use_build=not args.no_select,
            )
        )
    finally:
        progress.finish()
    if args.json:
        print_json(
            {"kind": kind.value, "version": status.version, "location": str(status.location)}
        )
        return 0
    print(f"{kind.value} engine installed: {status.version} at {status.location}")
    return 0


def own_options(args: argparse.Namespace) -> None:
    """Takes vllm-tray's own options typed after the engine command out of it (main.run
    calls this before it sets up logging, so a trailing -v counts too).

    argparse hands everything after the command's first word to the command (REMAINDER), so
    `engine use vllm serve --config-dir X` would store `--config-dir X` as vLLM's flag and
    use the default config dir. vLLM has no --config-dir or --verbose: they are taken out
    here and applied to `args`. After a leading `--` every word is the command's.
    """
    words = list(args.prefix)
    if words[:1] == ["--"]:
        args.prefix = words[1:]
        return
    command: list[str] = []
    rest = iter(words)
    for word in rest:
        if word == "--config-dir":
            args.config_dir = next(rest, None)
            if args.config_dir is None:
                raise ProblemError(problem("cli.option_needs_value"))
        elif word.startswith("--config-dir="):
            args.config_dir = word.partition("=")[2]
        elif word in ("-v", "--verbose"):
            args.verbose = True
        else:
            command.append(word)
    args.prefix = command


def cmd_use(args: argparse.Namespace) -> int:
    services = services_from(args)
    prefix = asyncio.run(services.engines.use_custom(list(args.prefix)))
    if args.json:
        print_json({"kind": "custom", "command": redact_argv(prefix)})
        return 0
    print(f"custom engine: {format_command(prefix)}")
    return 0


def cmd_clean_cache(args: argparse.Namespace) -> int:
    services = services_from(args)
    cleaned = asyncio.run(services.engines.clean_cache())
    if args.json:
        print_json(
            {
                "freed_bytes": cleaned.freed_bytes,
                "builds": list(cleaned.builds),
                "folder": str(cleaned.folder),
            }
        )
        return 0
    if not cleaned.builds:
        print(f"no compile caches to delete in {cleaned.folder}")
        return 0
    print(
        f"freed {human_bytes(cleaned.freed_bytes)}: the compile caches of "
        f"{', '.join(cleaned.builds)} in {cleaned.folder}; the next load of each model "
        "is cold (it compiles again)"
    )
    return 0
