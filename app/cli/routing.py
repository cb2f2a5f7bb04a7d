"""Which command a command line names, found before argparse runs: `main.build_parser`
imports only that command's module, so `vllm-tray config get …` does not load the HTTP
clients, the Hugging Face library and the engine code that other commands need."""

from __future__ import annotations

from collections.abc import Sequence

BENCH_LOAD = "bench load"  # one token: `bench` keeps its MODEL positional (see route)

# Each command and the module in app.cli that registers it, in the order `--help` lists them.
COMMAND_MODULES = {
    "models": "commands",
    "options": "commands",
    "config": "commands",
    "system-info": "commands",
    "engine": "engine_cmd",
    "pull": "pull_cmd",
    "rm": "pull_cmd",
    "serve": "serve_cmd",
    "bench": "bench_cmd",
    BENCH_LOAD: "bench_load_cmd",
    "tune": "tune_cmd",
    "batch": "batch_cmd",
    "cluster": "cluster_cmd",
    "remote": "remote_cmd",
    "desktop": "desktop_cmd",
    "import-lemonade": "import_cmd",
    "search": "search_cmd",
    "chat": "chat_cmd",
}


def _command_index(args: Sequence[str]) -> int:
    """Where the command word is: after vllm-tray's own options (`--config-dir DIR` takes
    the next word)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] == "--config-dir" else 1
    return i


def route(argv: Sequence[str]) -> list[str]:
    """`bench load …` as the one token COMMAND: argparse cannot give `bench` both a MODEL
    positional and a `load` subcommand. Only the command word is looked at (after the
    common options), so a model named `load` stays reachable as `bench -- load`."""
    args = list(argv)
    i = _command_index(args)
    if args[i : i + 2] == ["bench", "load"]:
        return [*args[:i], BENCH_LOAD, *args[i + 2 :]]
    return args


def command_module(argv: Sequence[str]) -> str | None:
    """The module of the command `argv` names (already routed), or None when it names none
    that exists (help, a typo: every command is then registered, to list them)."""
    args = list(argv)
    i = _command_index(args)
    return COMMAND_MODULES.get(args[i]) if i < len(args) else None
