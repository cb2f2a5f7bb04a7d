"""`vllm-tray pull` and `vllm-tray rm`: model files, with progress a terminal or a log can read."""

from __future__ import annotations

import argparse
import asyncio
import math
import shutil
import sys
from typing import TYPE_CHECKING, Any

from app.cli.context import human_bytes, run_interruptible, runtime_from
from app.cli.progress import ProgressReporter
from app.core.events import DownloadFinished, DownloadProgressed, Event
from app.core.problems import ProblemError, problem
from app.core.registry import ModelEntry, parse_checkpoint
from app.core.states import DownloadStatus

if TYPE_CHECKING:
    from app.runtime.runtime import Runtime


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

    p = sub.add_parser("rm", parents=[common], help="delete a model's downloaded files")
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
    from app.downloads import validate_local_folder

    rt = runtime_from(args)
    model = args.model
    if args.checkpoint is None:
        for flag, given in (("--label", args.label), ("--replace", args.replace)):
            if given:
                raise ProblemError(problem("cli.needs_checkpoint", flag=flag))
        entry = rt.registry.get(model)
        if entry.checkpoint.local_path is not None:
            validate_local_folder(entry.checkpoint.local_path)
            print(f"{entry.id} uses the folder {entry.checkpoint} in place; nothing to download.")
            return 0
        return run_interruptible(_pull(rt, entry.id, None, (), replace=False))
    if not model.startswith("user."):
        model = "user." + model
    checkpoint = parse_checkpoint(args.checkpoint)  # bad input: exit 2, nothing written
    if checkpoint.local_path is not None:
        # Checked before anything is registered; the same rules as the window and the API.
        entry = asyncio.run(_register(rt, model, args.checkpoint, args.label, args.replace))
        print(f"registered {entry.id} -> {entry.checkpoint}")
        print(f"{entry.id} uses the folder {entry.checkpoint} in place; nothing to download.")
        return 0
    return run_interruptible(
        _pull(rt, model, args.checkpoint, tuple(args.label), replace=args.replace)
    )


async def _register(
    rt: Runtime, model: str, checkpoint: str, labels: list[str], replace: bool
) -> ModelEntry:
    if replace and rt.registry.find(model) is not None:
        return await rt.models.change_source(model, checkpoint)
    return await rt.models.add_user_model(model, checkpoint, labels)


async def _pull(
    rt: Any, model_id: str, checkpoint: str | None, labels: tuple[str, ...], *, replace: bool
) -> int:
    """Download with a progress bar; with `checkpoint`, register first (rolled back by the
    runtime when the download cannot even start, e.g. a mistyped repository)."""
    progress = ProgressReporter()
    finished: asyncio.Future[DownloadFinished] = asyncio.get_running_loop().create_future()
    loop = asyncio.get_running_loop()
    download_id: list[str] = []

    def show(event: DownloadProgressed) -> None:
        fraction = event.done / event.total if event.total else None
        # A stall is a step of its own: a log gets its line at once, not 5 s later.
        step = f"{model_id} stalled" if event.stalled else model_id
        progress.update(step, progress_text(model_id, event, progress.tty), fraction)

    def on_event(event: Event) -> None:
        if isinstance(event, DownloadProgressed) and event.model_id == model_id:
            loop.call_soon_threadsafe(show, event)
        elif isinstance(event, DownloadFinished) and event.model_id == model_id:
            loop.call_soon_threadsafe(_settle, finished, event)

    rt.bus.subscribe(on_event)
    try:
        download_id.append(
            await rt.models.pull(model_id, checkpoint, labels=labels, change_source=replace)
        )
        if checkpoint is not None:
            entry = rt.registry.get(model_id)
            print(f"registered {entry.id} -> {entry.checkpoint}")
        result = await finished
    except (KeyboardInterrupt, asyncio.CancelledError):
        if download_id:
            await rt.models.cancel_download(download_id[0])
        progress.finish()
        sys.stderr.write("vllm-tray: download interrupted; run the same command to resume\n")
        await rt.downloads.shutdown()
        return 130
    await rt.downloads.shutdown()
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
    from app.downloads import delete_model_files, model_status

    rt = runtime_from(args)
    entry = rt.registry.get(args.model)
    status = model_status(entry, rt.paths.hf_hub_cache)
    if entry.checkpoint.is_local:
        raise ProblemError(problem("cli.rm_local", model=entry.id, path=str(entry.checkpoint)))
    if status.bytes_on_disk == 0:
        print(f"{entry.id} has no files on disk; nothing to delete.")
        return 0
    if not args.yes:
        if not sys.stdin.isatty():
            raise ProblemError(
                problem(
                    "cli.confirm_needed", size=human_bytes(status.bytes_on_disk), model=entry.id
                )
            )
        answer = input(f"Delete {human_bytes(status.bytes_on_disk)} of {entry.id}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("nothing deleted")
            return 0
    freed = delete_model_files(entry, rt.paths.hf_hub_cache)
    print(f"deleted {entry.id}: {human_bytes(freed)} freed")
    return 0
