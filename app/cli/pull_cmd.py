"""`vllm-tray pull` and `vllm-tray rm`: model files, with progress a terminal or a log can read."""

from __future__ import annotations

import argparse
import asyncio
import math
import shutil
import sys
from dataclasses import dataclass
from typing import Any

from app.cli.context import human_bytes, run_interruptible, services_from, session_from
from app.cli.progress import ProgressReporter
from app.core.events import DownloadFinished, DownloadProgressed, Event, EventBus
from app.core.models.registry import parse_checkpoint, user_model_id
from app.core.problems.problems import ProblemError, problem
from app.core.states import DownloadStatus
from app.runtime.api.services import Services
from app.runtime.composition.facade import Session


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "pull",
        parents=[common],
        help="download a model (or register your own with --checkpoint)",
        description=(
            "Download a built-in model, or register and download your own: "
            "vllm-tray pull user.NAME --checkpoint ORG/REPO[:REV] | /abs/folder"
        ),
    )
    p.add_argument("model")
    p.add_argument("--checkpoint", help="ORG/REPO[:REVISION] or an absolute local folder")
    p.add_argument("--label", action="append", default=[], help="a label (repeatable)")
    p.add_argument(
        "--replace",
        action="store_true",
        help="take an existing user model's files from --checkpoint from now on "
        "(its options stay); without it, pull never changes where a model's files come from",
    )
    p.set_defaults(func=cmd_pull)

    p = sub.add_parser(
        "rm",
        parents=[common],
        help="delete a model's downloaded files (a model of your own also leaves the list)",
    )
    p.add_argument("model")
    p.add_argument("--yes", action="store_true", help="do not ask")
    p.set_defaults(func=cmd_rm)


def progress_text(model_id: str, event: DownloadProgressed, bar: bool) -> str:
    """One progress line: "user.x: 45.0 % 1.2 GB of 2.6 GB, 12.3 MB/s, about 100 s left"."""
    frac = event.done / event.total if event.total else 0.0
    parts = [f"{frac * 100:.1f} %", f"{human_bytes(event.done)} of {human_bytes(event.total)}"]
    if event.stalled:
        parts.append("stalled: nothing arrived for a few seconds")
    elif event.speed_bps:
        parts.append(f"{human_bytes(event.speed_bps)}/s")
    if event.eta_s is not None and event.done < event.total:
        parts.append(f"about {math.ceil(event.eta_s)} s left")
    text = ", ".join(parts[1:])
    if bar:
        width = max(10, min(40, shutil.get_terminal_size((80, 20)).columns - 60))
        filled = int(frac * width)
        return f"[{'#' * filled}{'.' * (width - filled)}] {parts[0]:>7} {text}"
    return f"{model_id}: {parts[0]} {text}"


def cmd_pull(args: argparse.Namespace) -> int:
    if args.checkpoint is None:
        for flag, given in (("--label", args.label), ("--replace", args.replace)):
            if given:
                raise ProblemError(problem("cli.needs_checkpoint", flag=flag))
    session = session_from(args)
    if args.checkpoint is None:
        entry = session.services.models.entry(args.model)  # unknown: exit 2
        model_id, local = entry.id, entry.checkpoint.is_local
    else:
        model_id = user_model_id(args.model)
        local = parse_checkpoint(args.checkpoint).is_local  # bad input: exit 2, nothing written
    pulled = Pull(model_id, args.checkpoint, tuple(args.label), args.replace, local)
    return run_interruptible(_pull(session, pulled))


@dataclass(frozen=True)
class Pull:
    """What `pull` was asked: with `checkpoint`, register user.NAME first (or, `replace`,
    take an existing one's files from there); `local`: a folder, used in place."""

    model_id: str
    checkpoint: str | None
    labels: tuple[str, ...]
    replace: bool
    local: bool


async def _pull(session: Session, pulled: Pull) -> int:
    try:
        return await _download(session.services, session.bus, pulled)
    finally:
        await session.stop()


async def _download(services: Services, bus: EventBus, pulled: Pull) -> int:
    """Download with a progress bar; the use case is the window's and the API's
    (ModelService.pull): a folder is checked before it is registered and "downloads" at
    once, a registration whose download cannot even start is undone (a mistyped
    repository leaves nothing behind)."""
    model_id = pulled.model_id
    progress = ProgressReporter()
    finished: asyncio.Future[DownloadFinished] = asyncio.get_running_loop().create_future()
    loop = asyncio.get_running_loop()
    download_id: str | None = None

    def show(event: DownloadProgressed) -> None:
        fraction = event.done / event.total if event.total else None
        # A stall is a step of its own: a log gets its line at once, not 5 s later.
        step = f"{model_id} stalled" if event.stalled else model_id
        progress.update(step, progress_text(model_id, event, progress.tty), fraction)

    def on_event(event: Event) -> None:
        if isinstance(event, DownloadProgressed) and event.model_id == model_id:
            if not pulled.local:  # a folder "downloads" at once: no progress to show
                loop.call_soon_threadsafe(show, event)
        elif isinstance(event, DownloadFinished) and event.model_id == model_id:
            loop.call_soon_threadsafe(_settle, finished, event)

    unsubscribe = bus.subscribe(on_event)
    try:
        download_id = await services.models.pull(
            model_id, pulled.checkpoint, labels=pulled.labels, change_source=pulled.replace
        )
        entry = services.models.entry(model_id)
        if pulled.checkpoint is not None:
            print(f"registered {entry.id} -> {entry.checkpoint}")
        result = await finished
        if pulled.local and result.status == DownloadStatus.COMPLETED:
            print(f"{entry.id} uses the folder {entry.checkpoint} in place; nothing to download.")
            return 0
    except (KeyboardInterrupt, asyncio.CancelledError):
        if download_id is not None:
            await services.models.cancel_download(download_id)
        progress.finish()
        sys.stderr.write("vllm-tray: download interrupted; run the same command to resume\n")
        return 130
    finally:
        unsubscribe()
    progress.finish()
    return _report(model_id, result)


def _report(model_id: str, result: DownloadFinished) -> int:
    """The exit status of a finished download (a failure raises its problem)."""
    if result.status == DownloadStatus.COMPLETED:
        print(f"{model_id} downloaded")
        return 0
    if result.problem is not None:
        raise ProblemError(result.problem)
    print(f"vllm-tray: download {result.status}", file=sys.stderr)
    return 1


def _settle(fut: asyncio.Future[DownloadFinished], event: DownloadFinished) -> None:
    if not fut.done():
        fut.set_result(event)


def cmd_rm(args: argparse.Namespace) -> int:
    """The window's Delete (`ModelService.delete`): a model's downloaded files go, and a model
    of your own leaves the list too (a folder of yours is never deleted, only no longer listed;
    files another model uses stay with it)."""
    services = services_from(args)
    entry = services.models.entry(args.model)
    own = entry.source == "user"
    row = services.views.row(entry.id)
    others = ", ".join(row.shares_files_with)
    goes = 0 if entry.checkpoint.is_local or (own and others) else row.bytes_on_disk
    if goes == 0 and not own:
        print(f"{entry.id} has no files on disk; nothing to delete.")
        return 0
    if goes > 0 and not args.yes:
        _confirm(entry.id, goes, "" if own else others)
    freed = asyncio.run(services.models.delete(entry.id))
    if goes > 0:
        print(f"deleted {entry.id}: {human_bytes(freed)} freed")
    if own and entry.checkpoint.is_local:
        print(f"{entry.id} is no longer listed; your folder {entry.checkpoint} is left as it is.")
    elif own and others:
        print(f"{entry.id} is no longer listed; its files stay with {others}.")
    elif own:
        print(f"{entry.id} is no longer listed.")
    return 0


def _confirm(model_id: str, size: int, others: str) -> None:
    """Ask on a terminal (naming the other models whose files these are too); elsewhere
    `--yes` is needed. Returns only when the user said yes."""
    if not sys.stdin.isatty():
        if others:
            raise ProblemError(
                problem("cli.confirm_shared", size=human_bytes(size), model=model_id, others=others)
            )
        raise ProblemError(problem("cli.confirm_needed", size=human_bytes(size), model=model_id))
    also = (
        f" They are {others}'s files too, which would need them downloaded again." if others else ""
    )
    answer = input(f"Delete {human_bytes(size)} of {model_id}?{also} [y/N] ")
    if answer.strip().lower() not in ("y", "yes"):
        print("nothing deleted")
        raise SystemExit(0)
