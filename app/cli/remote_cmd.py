"""`vllm-tray remote add|list|rm`: remote vLLM servers whose models the endpoint serves too.

A remote's models appear as `NAME/MODEL` in the endpoint's /v1/models (docs/multi-machine.md,
"Remote vLLM servers"). A running app picks up these changes within a second.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import getpass
import sys
from typing import Any

from app.cli.context import print_json, services_from
from app.core.problems.problem_catalogue import PROBE_CODES
from app.core.problems.problems import ProblemError, problem
from app.core.remotes.remotes import RemoteView
from app.runtime.api.protocols import RemotesApi

EXIT_FAILURE = 1


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "remote",
        parents=[common],
        help="serve the models of other vLLM servers through this endpoint too",
    )
    rsub = p.add_subparsers(dest="remote_command", metavar="add|list|rm", required=True)

    a = rsub.add_parser(
        "add",
        parents=[common],
        help="add a remote vLLM server; its models are then called NAME/MODEL",
        description=(
            "Add a vLLM server (or another vllm-tray serve) whose models this endpoint then "
            "lists and relays as NAME/MODEL. Its /v1/models is asked first: a server that "
            "does not answer is refused unless --force."
        ),
    )
    a.add_argument("name", help="a short name: lower-case letters, digits, '-' or '_'")
    a.add_argument("url", help="the server's address, e.g. http://192.168.1.20:8000")
    key = a.add_mutually_exclusive_group()
    key.add_argument(
        "--ask-key",
        action="store_true",
        help="the server's API key, typed at a prompt (or the first line of stdin); "
        "kept in the keyring (or, where there is none, in a file only you can read)",
    )
    key.add_argument(
        "--api-key-env",
        metavar="VAR",
        help="read the server's API key from the environment variable VAR each time "
        "vLLM Tray runs (for services); nothing is stored",
    )
    a.add_argument("--force", action="store_true", help="add it even if it does not answer now")
    a.set_defaults(func=cmd_add)

    ls = rsub.add_parser(
        "list", parents=[common], help="the remote servers, asked now: reachable, models"
    )
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=cmd_list)

    rm = rsub.add_parser("rm", parents=[common], help="remove a remote server and its key")
    rm.add_argument("name")
    rm.set_defaults(func=cmd_rm)


def _service(args: argparse.Namespace) -> RemotesApi:
    # Only what these commands use is built: the remotes (and their file's problems).
    service = services_from(args, warn=False).remotes
    for found in service.load_problems:
        print(f"vllm-tray: warning: {found.english()}", file=sys.stderr)
    return service


async def _closing(service: RemotesApi, work: Any) -> Any:
    try:
        return await work
    finally:
        await service.aclose()


# -- add ------------------------------------------------------------------------------------------
def cmd_add(args: argparse.Namespace) -> int:
    service = _service(args)
    # Checked before the key is asked for: a typo is reported without typing a key first.
    service.check_new(args.name, args.url, api_key_env=args.api_key_env)
    key = _read_key(args.name) if args.ask_key else None
    adding = service.add(
        args.name, args.url, api_key=key, api_key_env=args.api_key_env, force=args.force
    )
    try:
        view: RemoteView = asyncio.run(_closing(service, adding))
    except ProblemError as exc:
        if exc.problem.code not in PROBE_CODES:
            raise
        print(f"vllm-tray: {exc.problem.english()}", file=sys.stderr)
        print(f"vllm-tray: {args.name} was not added; add it anyway with --force", file=sys.stderr)
        return EXIT_FAILURE
    if view.problem is not None:
        print(f"vllm-tray: warning: {view.problem.english()}", file=sys.stderr)
        print(f"{view.name} added anyway: {view.url}")
        return 0
    models = ", ".join(f"{view.name}/{m}" for m in view.model_ids) or "none yet"
    kind = "vLLM Tray" if view.server == "vllm-tray" else "vLLM"
    print(f"{view.name} added: {view.url} ({kind}; models: {models})")
    return 0


def _read_key(name: str) -> str:
    # Never from the command line: it would land in the shell's history and in `ps`.
    prompt = f"API key of {name}: "
    value = getpass.getpass(prompt) if sys.stdin.isatty() else sys.stdin.readline()
    value = value.strip()
    if not value:
        raise ProblemError(problem("cli.empty_secret", name=name))
    return value


# -- list -----------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    service = _service(args)
    views: list[RemoteView] = asyncio.run(_closing(service, service.check_all()))
    if args.json:
        print_json([_json(v) for v in views])
        return 0
    if not views:
        print("No remote servers. Add one with: vllm-tray remote add NAME URL")
        return 0
    rows = [("NAME", "URL", "KEY", "STATUS", "MODELS")]
    for v in views:
        count = str(len(v.model_ids)) if v.reachable else "-"
        rows.append((v.name, v.url, v.key_source or "none", v.status, count))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    for v in views:
        if v.problem is not None:
            print(f"{v.name}: {v.problem.english()}")
    in_file = sorted({v.key_file for v in views if v.key_file})
    for path in in_file:
        # Said where it is, not "keyring": this machine has no keyring the app can use.
        print(
            f"Keys marked 'file' are kept in {path} (readable by you only): no keyring is usable."
        )
    return 0


def _json(view: RemoteView) -> dict[str, Any]:
    checked = view.checked_at
    return {
        "name": view.name,
        "url": view.url,
        "status": view.status,
        "server": view.server,
        "key": view.key_source,
        "key_file": view.key_file,
        "models": [f"{view.name}/{m}" for m in view.model_ids],
        "checked_at": datetime.datetime.fromtimestamp(checked).isoformat() if checked else None,
        "problem": view.problem.to_json() if view.problem is not None else None,
    }


# -- rm -------------------------------------------------------------------------------------------
def cmd_rm(args: argparse.Namespace) -> int:
    service = _service(args)
    asyncio.run(_closing(service, service.remove(args.name)))
    print(f"{args.name} removed")
    return 0
