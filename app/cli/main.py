"""`vllm-tray`: the GUI by default, and the subcommands for terminals and scripts."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from typing import NoReturn

from app import __version__
from app.cli import bench_cmd, commands, engine_cmd, pull_cmd, serve_cmd, tune_cmd
from app.core.problems import ProblemError

# Problems that mean "your input was wrong" exit with 2; everything else that fails is 1.
INPUT_PROBLEM_PREFIXES = ("args.", "settings.", "models.", "options.", "config.", "cli.")
INPUT_PROBLEM_CODES = frozenset(
    {"engine.custom_invalid", "engine.command_missing", "downloads.local_folder"}
    | {"bench.bad_number", "bench.bad_generator"}
)
EXIT_INPUT = 2
EXIT_FAILURE = 1


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one clear line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def build_parser() -> Parser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--config-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="keep configuration and caches in DIR (also: VLLM_TRAY_HOME)",
    )
    common.add_argument(
        "-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="log more"
    )
    parser = Parser(
        prog="vllm-tray",
        description="Run vLLM models on your own GPU from the desktop tray.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"vllm-tray {__version__}")
    parser.add_argument(
        "--hidden", action="store_true", help="start in the tray without opening the window"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (commands, engine_cmd, pull_cmd, serve_cmd, bench_cmd, tune_cmd):
        module.register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Terminal-only entry (subcommands); `app.launcher.main` adds the GUI default."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return EXIT_INPUT
    return run(args)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.DEBUG if getattr(args, "verbose", False) else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    handler = args.func
    try:
        result: int = handler(args)
        return result
    except ProblemError as exc:
        code = exc.problem.code
        print(f"vllm-tray: {exc.problem.english()}", file=sys.stderr)
        is_input = code.startswith(INPUT_PROBLEM_PREFIXES) or code in INPUT_PROBLEM_CODES
        return EXIT_INPUT if is_input else EXIT_FAILURE
    except BrokenPipeError:  # `vllm-tray models | head`
        return 0
    except OSError as exc:
        # A path that cannot be used (--config-dir naming a file, no permission): one line.
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"vllm-tray: {exc.strerror or exc}{where}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("vllm-tray: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
