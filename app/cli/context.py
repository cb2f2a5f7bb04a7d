"""What every subcommand needs: the resolved paths and the application's services.

A command is handed `Services` (app.runtime.api.services), never the runtime's parts: a quick
one reads or edits through them without starting anything; a long one (`serve`, `bench`,
`batch run`…) starts the session around its work.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from collections.abc import Coroutine
from typing import Any, TypeVar

from app.core.paths import AppPaths, resolve_paths
from app.core.untrusted import one_line
from app.runtime.api.services import Services
from app.runtime.composition.facade import RuntimeOptions, Session


def paths_from(args: argparse.Namespace) -> AppPaths:
    return resolve_paths(getattr(args, "config_dir", None))


def session_from(
    args: argparse.Namespace, options: RuntimeOptions | None = None, *, warn: bool = True
) -> Session:
    """The command's runtime, built and not started; with `warn`, each problem reading the
    configuration is one line on stderr."""
    session = Session(paths_from(args), options)
    if warn:
        warn_problems(session.services)
    return session


def services_from(args: argparse.Namespace, *, warn: bool = True) -> Services:
    """The services of a session that is never started (a command that reads or edits)."""
    return session_from(args, warn=warn).services


def warn_problems(services: Services) -> None:
    for found in services.views.problems():
        # A config file that cannot be read is worth one line, not a failure of this command.
        # One line, without the escape sequences a hand-edited file may hold (it is echoed).
        print(f"vllm-tray: warning: {one_line(found.english())}", file=sys.stderr)


T = TypeVar("T")


def run_interruptible(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` to its end, or until SIGINT (Ctrl-C) or SIGTERM: then it is cancelled, its
    clean-up runs (models put back, the engine stopped), and KeyboardInterrupt tells main()
    to exit with 130.

    asyncio.run alone turns only SIGINT into a cancel, and only when SIGINT was not ignored
    at start-up: a command started in the background by a non-interactive shell inherits an
    ignored SIGINT and would never stop. add_signal_handler installs the handler regardless.
    """

    async def main() -> list[T]:  # empty when interrupted
        task = asyncio.ensure_future(work)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, task.cancel)
        try:
            return [await task]
        except asyncio.CancelledError:
            if task.cancelled():
                return []
            raise
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)

    done = asyncio.run(main())
    if not done:
        raise KeyboardInterrupt
    return done[0]


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")


def human_bytes(n: float | None) -> str:
    if n is None:
        return "?"
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if abs(n) < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} TB"
