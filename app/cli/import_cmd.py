"""`vllm-tray import-lemonade [DIR]`: show what a Lemonade setup would add here, then import it."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from app.cli.context import human_bytes, print_json, services_from
from app.core.lemonade.lemonade_plan import Change, ChangeKind, ImportPlan
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import one_line


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "import-lemonade",
        parents=[common],
        help="import your vLLM models, options and engine from Lemonade Server",
        description=(
            "Read Lemonade Server's vLLM models (user_models.json), their options "
            "(recipe_options.json), its vLLM settings (config.json) and its installed vLLM "
            "ROCm bundle; show what would be added or changed; import on confirmation. "
            "Downloaded model files are linked, not downloaded or copied again."
        ),
    )
    p.add_argument(
        "dir",
        nargs="?",
        type=Path,
        help="Lemonade's config folder (default: $XDG_CONFIG_HOME/lemonade or ~/.config/lemonade)",
    )
    p.add_argument(
        "--cache-dir",
        type=Path,
        metavar="DIR",
        help="Lemonade's cache folder, where its engines are (default: ~/.cache/lemonade)",
    )
    p.add_argument("--yes", action="store_true", help="import without asking")
    p.add_argument(
        "--without-code-flags",
        action="store_true",
        help=(
            "with --yes: import even though flags that would run code (--trust-remote-code, "
            "--middleware, …) are left out"
        ),
    )
    p.add_argument(
        "--json", action="store_true", help="print the plan as JSON (imports only with --yes)"
    )
    p.set_defaults(func=cmd_import)


def _line(change: Change) -> str:
    kind, target = change.kind, change.target
    if kind is ChangeKind.ADD_MODEL:
        return f"+ add model {target} ({change.new})"
    if kind is ChangeKind.REPLACE_MODEL:
        return f"~ model {target}: checkpoint {change.old} → {change.new}"
    if kind is ChangeKind.SET_OPTIONS:
        return f"~ options of {target}: {change.old} → {change.new}"
    if kind is ChangeKind.SET_SETTING:
        return f"~ setting {target}: {change.old!r} → {change.new!r}"
    if kind is ChangeKind.LINK_FILES:
        size = human_bytes(change.values.get("bytes"))
        return (
            f"+ reuse the downloaded files of {target} ({size}, linked, not copied): {change.new}"
        )
    return f"+ use Lemonade's vLLM bundle {change.new} as the ROCm engine"


def print_plan(plan: ImportPlan) -> None:
    """The plan, a line each; what came from Lemonade's files without escape sequences."""

    def say(line: str) -> None:
        print(one_line(line))

    where = f"{plan.source}" + (f" (cache {plan.cache})" if plan.cache else "")
    say(f"Lemonade setup in {where}:")
    for found in plan.problems:
        say(f"! {found.english()}")
    if plan.changes:
        print("Will add or change:")
        for change in plan.changes:
            say(f"  {_line(change)}")
    for skipped in plan.skipped:
        say(f"  - not imported: {skipped.target}: {skipped.problem.english()}")
    if plan.unchanged:
        say(f"Already the same here: {', '.join(plan.unchanged)}")


def _confirm() -> bool:
    print("Import these? [y/N] ", end="", flush=True)
    answer = sys.stdin.readline()
    return answer.strip().lower() in ("y", "yes")


def _not_found(args: argparse.Namespace, plan: ImportPlan) -> ProblemError:
    if args.dir is not None:
        return ProblemError(problem("cli.lemonade_not_found", path=str(args.dir)))
    return ProblemError(problem("lemonade.not_found", path=str(plan.source)))


def cmd_import(args: argparse.Namespace) -> int:
    services = services_from(args)
    source = args.dir.expanduser().resolve() if args.dir is not None else None
    cache = args.cache_dir.expanduser().resolve() if args.cache_dir is not None else None
    plan = asyncio.run(services.lemonade.plan(source, cache))
    if args.json and not args.yes:
        print_json(plan.to_json())
        return 0 if plan.found else 1
    if not plan.found:
        raise _not_found(args, plan)
    if not args.json:
        print_plan(plan)
    if args.yes and plan.holds_code_flags and not args.without_code_flags:
        # --yes agrees to a plan unseen: not to leaving out flags the setup may rely on.
        raise ProblemError(problem("cli.lemonade_code_flags"))
    if not plan.changes:
        if args.json:
            print_json({**plan.to_json(), "imported": 0})
        elif plan.skipped:
            print("Nothing to import but what is left out above: vLLM Tray already has the rest.")
        else:
            print("Nothing to import: vLLM Tray already has all of it.")
        return 0
    if not args.yes and not _confirm():
        print("Nothing was imported.")
        return 1
    result = asyncio.run(services.lemonade.apply(plan))
    if args.json:
        print_json({**plan.to_json(), "imported": len(result.applied)})
        return 0
    linked = (
        f"; {human_bytes(result.linked_bytes)} of model files reused" if result.linked_bytes else ""
    )
    print(f"Imported {len(result.applied)} changes{linked}.")
    return 0
