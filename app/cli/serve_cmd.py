"""`vllm-tray serve`: the engine and the local endpoint, headless, until SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from typing import Any

from app.cli.commands import RESTART_NOTES, named
from app.cli.context import paths_from, session_from
from app.core.events import Event, LoadProgressed, ProcessStateChanged, SettingChanged
from app.core.models.registry import Registry
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError, problem
from app.core.settings.setting_rules import SPEC_BY_KEY, shown_setting
from app.core.settings.settings import Settings, coerce
from app.runtime.api.services import Services
from app.runtime.composition.facade import RuntimeOptions, Session

log = logging.getLogger("vllm-tray")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "serve",
        parents=[common],
        help="run the OpenAI-compatible endpoint without a GUI",
        description=(
            "Serve every registered model on one OpenAI-compatible endpoint; a model loads "
            "on its first request. Stops every model on Ctrl-C or SIGTERM."
        ),
    )
    p.add_argument("--host", help="address to listen on (setting proxy.host)")
    p.add_argument("--port", type=int, help="port to listen on (setting proxy.port)")
    p.add_argument(
        "--load", action="append", default=[], metavar="MODEL", help="load MODEL at start"
    )
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    # Same rules as the settings they stand in for, checked before anything starts.
    try:
        port = coerce("proxy.port", args.port) if args.port is not None else None
    except ProblemError as exc:
        raise ProblemError(named(exc.problem, "--port")) from None
    host = coerce("proxy.host", args.host) if args.host is not None else None
    refuse_unreadable_config(paths_from(args))
    options = RuntimeOptions(
        proxy_host=str(host) if host is not None else None,
        proxy_port=int(port) if port is not None else None,
    )
    session = session_from(args, options)
    preload = [session.services.models.entry(model).id for model in args.load]
    return asyncio.run(_serve(session, preload))


def refuse_unreadable_config(paths: AppPaths) -> None:
    """A server nobody watches does not start on defaults nobody chose.

    The GUI starts with the defaults for an unreadable file and shows why; a headless server
    would silently use another memory fraction, engine or address than the user set. Once
    running, a broken edit keeps the values read before (app.core.jsonstore).
    """
    found = [*Registry(paths).problems, Settings(paths.settings_file).problem]
    for item in found:
        if item is not None and item.code == "config.unreadable":
            raise ProblemError(
                problem(
                    "config.serve_unreadable",
                    file=item.params["file"],
                    reason=item.params["reason"],
                )
            )


async def _serve(session: Session, preload: list[str]) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    def report(event: Event) -> None:
        if isinstance(event, ProcessStateChanged):
            why = f": {event.problem.english()}" if event.problem else ""
            log.info("%s: %s -> %s%s", event.model_id, event.old, event.new, why)
        elif isinstance(event, SettingChanged):
            # A headless server says what a `config set` beside it changed, and when it
            # applies; the settings-effect test waits on this line.
            spec = SPEC_BY_KEY.get(event.key)
            note = RESTART_NOTES.get(spec.restart, "applies now") if spec else "applies now"
            value = event.value
            # A key in a command line is hidden, as `config get` shows it.
            shown = shown_setting(event.key, value) if isinstance(value, str) else value
            log.info("setting %s = %r (%s)", event.key, shown, note)
        elif isinstance(event, LoadProgressed):
            log.info(
                "%s: loading %3.0f%% %s %s",
                event.model_id,
                event.fraction * 100,
                event.phase,
                event.detail,
            )

    session.bus.subscribe(report)
    services = session.services
    try:
        await session.start(serve=True)
    except Exception as exc:
        print(f"vllm-tray: {exc}", file=sys.stderr)
        await session.stop()
        return (
            2 if isinstance(exc, ProblemError) and exc.problem.code == "proxy.key_required" else 1
        )
    print(f"vllm-tray: serving on {services.endpoint.url}", file=sys.stderr, flush=True)
    loads = [loop.create_task(_preload(services, model)) for model in preload]
    await stop.wait()
    log.info("stopping every model")
    for task in loads:
        task.cancel()
    await session.stop()
    print("vllm-tray: stopped", file=sys.stderr, flush=True)
    return 0


async def _preload(services: Services, model: str) -> None:
    try:
        await services.models.load(model)
    except Exception as exc:
        log.error("could not load %s: %s", model, exc)
