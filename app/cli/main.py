"""`vllm-tray`: the GUI by default, and the subcommands for terminals and scripts."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence
from typing import NoReturn

from app import __version__
from app.cli.routing import COMMAND_MODULES, command_module, route
from app.core.problems.problem_catalogue import INPUT_CODES
from app.core.problems.problems import ProblemError
from app.core.untrusted import terminal_text

# Problems the catalogue classes as input (what the user typed or gave) exit with 2; every
# other failure with 1.
EXIT_INPUT = 2
EXIT_FAILURE = 1


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one clear line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")


class TopParser(Parser):
    """The `vllm-tray` parser: `bench load MODEL` goes to its own command (bench_load_cmd)."""

    def parse_known_args(  # type: ignore[override]  # typeshed overloads; same behaviour
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        routed = route(sys.argv[1:] if args is None else args)
        return super().parse_known_args(routed, namespace)


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The parser for `argv` (None: this process's command line)."""
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
    parser = TopParser(
        prog="vllm-tray",
        description="Run vLLM models on your own GPU from the desktop tray.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"vllm-tray {__version__}")
    parser.add_argument(
        "--hidden", action="store_true", help="start in the tray without opening the window"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    # Only the module of the command asked for is imported (its imports are what a start
    # of `vllm-tray` costs); every one when the line names none (help, a typo).
    named = command_module(route(sys.argv[1:] if argv is None else argv))
    for name in dict.fromkeys(COMMAND_MODULES.values()):
        if named is None or name == named:
            importlib.import_module(f"app.cli.{name}").register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Terminal-only entry (subcommands); `app.launcher.main` adds the GUI default."""
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return EXIT_INPUT
    return run(args)


# Loggers of the app itself; everything else is a library.
APP_LOGGERS = ("app", "vllm-tray")


class _OwnLogFilter(logging.Filter):
    """Lets the app's own records through from `own_level`, libraries' from `library_level`.

    A filter on the handler, not logger levels: libraries set their own (huggingface_hub puts
    WARNING on its logger), and records propagate to the root's handler regardless of the
    root logger's level.
    """

    def __init__(self, own_level: int, library_level: int) -> None:
        super().__init__()
        self.own_level = own_level
        self.library_level = library_level

    def filter(self, record: logging.LogRecord) -> bool:
        own = any(record.name == n or record.name.startswith(n + ".") for n in APP_LOGGERS)
        return record.levelno >= (self.own_level if own else self.library_level)


class _CommandFormatter(logging.Formatter):
    """`vllm-tray: warning: …`, the shape of the CLI's other messages."""

    def format(self, record: logging.LogRecord) -> str:
        # A message may echo a hand-edited file or a server's text: no escape sequences.
        return f"vllm-tray: {record.levelname.lower()}: {terminal_text(record.getMessage())}"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to the sys.stderr of the moment (pytest's capture and redirections swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def setup_logging(verbose: bool, command: str | None) -> None:
    """What a terminal shows: the app's own warnings and errors, and no library's chatter
    (huggingface_hub's HTTP client logs every request at INFO). `serve` is a log by nature:
    its own INFO lines (state changes, load progress) show with timestamps. `-v` shows the
    app's DEBUG and the libraries' INFO."""
    timestamped = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    if verbose:
        own, library, formatter = logging.DEBUG, logging.INFO, timestamped
    elif command == "serve":
        own, library, formatter = logging.INFO, logging.ERROR, timestamped
    else:
        own, library, formatter = logging.WARNING, logging.ERROR, _CommandFormatter()
    handler = _StderrHandler()
    handler.setFormatter(formatter)
    handler.addFilter(_OwnLogFilter(own, library))
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _StderrHandler)]:
        root.removeHandler(old)  # a second run() in one process (tests) replaces the first
    root.addHandler(handler)
    root.setLevel(min(own, library))
    # huggingface_hub prints through a handler of its own besides: one place says it all.
    import huggingface_hub.utils.logging  # noqa: F401  (configures its logger on import)

    hf_logger = logging.getLogger("huggingface_hub")
    for own_handler in list(hf_logger.handlers):
        hf_logger.removeHandler(own_handler)
    hf_logger.setLevel(library)


def run(args: argparse.Namespace) -> int:
    handler = args.func
    try:
        # A command whose last argument takes the rest of the line (engine use COMMAND…)
        # finds vllm-tray's own options in it first.
        take_own = getattr(args, "own_options", None)
        if take_own is not None:
            take_own(args)
        setup_logging(bool(getattr(args, "verbose", False)), getattr(args, "command", None))
        result: int = handler(args)
        return result
    except ProblemError as exc:
        code = exc.problem.code
        # A sentence may echo text from a file or a server: no escape sequences reach here.
        print(f"vllm-tray: {terminal_text(exc.problem.english())}", file=sys.stderr)
        return EXIT_INPUT if code in INPUT_CODES else EXIT_FAILURE
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
