"""The management routes under /api/v1: load, unload, system info, stats, pull and downloads."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Coroutine
from typing import Any, TypeVar

from aiohttp import web

from app.core.contracts import DownloadController, DownloadView, ModelController
from app.core.events import DownloadFinished, DownloadProgressed, Event, EventBus
from app.core.models.registry import USER_PREFIX, parse_checkpoint
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.states import DOWNLOAD_ENDED, DownloadStatus
from app.proxy import errors
from app.proxy.bodies import BodyReader, json_response
from app.proxy.in_flight import InFlight
from app.proxy.keepalive import RESPONSE_STARTED
from app.proxy.openai_routes import backend_card, resolve_model
from app.proxy.security import KEY_CHECKED

T = TypeVar("T")

# SSE event names of a pull, after Lemonade's: progress…, then complete | cancelled | error.
FINAL_EVENT = {
    DownloadStatus.COMPLETED: "complete",
    DownloadStatus.CANCELLED: "cancelled",
    DownloadStatus.FAILED: "error",
}


async def _survive_disconnect(coro: Coroutine[Any, Any, T]) -> T:
    """Await `coro` but let it finish even if the client goes away (the handler is cancelled).

    A load that a user started with curl and then interrupted should still come up; its
    outcome is visible in /v1/health and the tray.
    """
    task = asyncio.ensure_future(coro)
    # Retrieve the outcome of an abandoned task so asyncio does not report it as lost.
    task.add_done_callback(lambda t: None if t.cancelled() else t.exception())
    return await asyncio.shield(task)


def _download_card(view: DownloadView) -> dict[str, object]:
    return {
        "download_id": view.download_id,
        "model_name": view.model_id,
        "status": view.status,
        "done": view.done,
        "total": view.total,
        "percent": _percent(view.done, view.total),
        "problem": view.problem,
    }


def _percent(done: int, total: int) -> float | None:
    return round(100.0 * done / total, 1) if total > 0 else None


def _progress_card(event: DownloadProgressed) -> dict[str, object]:
    return {
        "download_id": event.download_id,
        "model_name": event.model_id,
        "done": event.done,
        "total": event.total,
        "percent": _percent(event.done, event.total),
        "file": event.file,
        "file_done": event.file_done,
        "file_total": event.file_total,
        "speed_bps": event.speed_bps,
        "eta_s": event.eta_s,
    }


def _download_failed(download_id: str) -> Problem:
    return worded_problem(
        "downloads.failed", tr_noop("The download {download_id} failed."), download_id=download_id
    )


def _failed_view(view: DownloadView) -> web.Response:
    """A download that had already failed: its problem as recorded (a Problem.to_json())."""
    recorded = view.problem or {}
    code = str(recorded.get("code") or "downloads.failed")
    status = errors.http_status(code)
    message = str(recorded.get("message") or _download_failed(view.download_id).english())
    body = {
        "error": {
            "message": message,
            "type": errors.error_type(status),
            "param": None,
            "code": code,
        }
    }
    return web.json_response(body, status=status)


def _refuse_without_key(name: str, checkpoint: str, *, replace: bool) -> None:
    """What a client without the endpoint's key may not ask of /api/v1/pull: a new source
    for an existing model, or a folder on this computer as a model. Anyone who can reach
    the endpoint could otherwise make the owner's vLLM run files they chose (with
    --trust-remote-code in that model's options, their code as the owner)."""
    model = name if name.startswith(USER_PREFIX) else USER_PREFIX + name
    if replace:
        raise ProblemError(
            problem("proxy.source_change_needs_key", model=model, checkpoint=checkpoint)
        )
    if parse_checkpoint(checkpoint).is_local:
        raise ProblemError(
            problem("proxy.local_folder_needs_key", model=model, checkpoint=checkpoint)
        )


def _sse(event: str, data: object) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


class ManagementRoutes:
    def __init__(
        self,
        controller: ModelController,
        downloads: DownloadController | None,
        bus: EventBus,
        reader: BodyReader,
        in_flight: InFlight | None = None,
    ) -> None:
        self._controller = controller
        self._downloads = downloads
        self._bus = bus
        self._reader = reader
        self._in_flight = InFlight() if in_flight is None else in_flight

    def register(self, router: web.UrlDispatcher) -> None:
        # The long ones (a load, a download) are the stop's to end with a word, as relays are.
        router.add_post("/api/v1/load", self._in_flight.hold(self.load))
        router.add_post("/api/v1/unload", self._in_flight.hold(self.unload))
        router.add_get("/api/v1/system-info", self.system_info)
        router.add_get("/api/v1/stats", self.stats)
        router.add_post("/api/v1/pull", self._in_flight.hold(self.pull))
        router.add_get("/api/v1/downloads", self.list_downloads)
        router.add_post("/api/v1/downloads/{download_id}/cancel", self.cancel_download)

    async def load(self, request: web.Request) -> web.Response:
        body = await self._reader.read_object(request)
        view = resolve_model(self._controller, body, "model_name", need_download=True)
        backend = await _survive_disconnect(self._controller.load(view.id))
        return json_response({"status": "success", **backend_card(backend)})

    async def unload(self, request: web.Request) -> web.Response:
        body = await self._reader.read_object(request, empty_ok=True)
        if body.get("model_name") is None:  # no name: unload every loaded model
            names = [b.model_id for b in self._controller.backends()]
        else:
            names = [resolve_model(self._controller, body, "model_name", need_download=False).id]
        for name in names:
            await _survive_disconnect(self._controller.unload(name))
        return json_response({"status": "success", "unloaded": names})

    async def system_info(self, request: web.Request) -> web.Response:
        return json_response(await self._controller.system_info())

    async def stats(self, request: web.Request) -> web.Response:
        return json_response(self._controller.stats())

    def _need_downloads(self) -> DownloadController:
        if self._downloads is None:
            raise errors.downloads_unavailable()
        return self._downloads

    async def list_downloads(self, request: web.Request) -> web.Response:
        views = self._need_downloads().downloads()
        return json_response({"downloads": [_download_card(v) for v in views]})

    async def cancel_download(self, request: web.Request) -> web.Response:
        downloads = self._need_downloads()
        download_id = request.match_info["download_id"]
        if not any(v.download_id == download_id for v in downloads.downloads()):
            raise ProblemError(problem("downloads.unknown", download_id=download_id))
        cancelled = await downloads.cancel(download_id)
        return json_response({"download_id": download_id, "cancelled": cancelled})

    async def pull(self, request: web.Request) -> web.StreamResponse:
        """Start a download and stream its progress as SSE (or wait, with "stream": false)."""
        downloads = self._need_downloads()
        body = await self._reader.read_object(request)
        name = body.get("model_name")
        checkpoint = body.get("checkpoint")
        stream = body.get("stream", True)
        replace = body.get("replace", False)
        if name is None or not isinstance(name, str):
            raise errors.bad_field("model_name", "the name of a model")
        if checkpoint is not None and not isinstance(checkpoint, str):
            raise errors.bad_field("checkpoint", "a Hugging Face repository id")
        if not isinstance(stream, bool):
            raise errors.bad_field("stream", "true or false")
        if not isinstance(replace, bool):
            raise errors.bad_field("replace", "true or false")
        if checkpoint is None:  # pulling a registered model: say what exists if it is not
            resolve_model(self._controller, body, "model_name", need_download=False)
        elif not request.get(KEY_CHECKED, False):
            _refuse_without_key(name, checkpoint, replace=replace)

        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Event] = asyncio.Queue()

        def on_event(event: Event) -> None:
            # Runs in the publisher's thread (maybe a download worker): hop onto our loop.
            if isinstance(event, DownloadProgressed | DownloadFinished):
                loop.call_soon_threadsafe(queue.put_nowait, event)

        # Subscribed before the download starts so that no early event is missed.
        unsubscribe = self._bus.subscribe(on_event)
        try:
            download_id = await downloads.pull(name, checkpoint, change_source=replace)
            already = next((v for v in downloads.downloads() if v.download_id == download_id), None)
            if not stream:
                return await self._wait_for(download_id, already, queue)
            return await self._stream(request, download_id, name, already, queue)
        finally:
            unsubscribe()

    async def _wait_for(
        self, download_id: str, already: DownloadView | None, queue: asyncio.Queue[Event]
    ) -> web.Response:
        if already is not None and already.status in DOWNLOAD_ENDED:
            status = DownloadStatus(already.status)
            if status is DownloadStatus.FAILED:
                return _failed_view(already)
        else:
            final = await self._next_final(download_id, queue)
            status = DownloadStatus(final.status)
            if final.problem is not None:
                return errors.error_response(final.problem)
        if status is DownloadStatus.FAILED:
            return errors.error_response(_download_failed(download_id))
        done = "success" if status is DownloadStatus.COMPLETED else status.value
        return json_response({"status": done, "download_id": download_id})

    @staticmethod
    async def _next_final(download_id: str, queue: asyncio.Queue[Event]) -> DownloadFinished:
        while True:
            event = await queue.get()
            if isinstance(event, DownloadFinished) and event.download_id == download_id:
                return event

    async def _stream(
        self,
        request: web.Request,
        download_id: str,
        name: str,
        already: DownloadView | None,
        queue: asyncio.Queue[Event],
    ) -> web.StreamResponse:
        out = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await out.prepare(request)
        request[RESPONSE_STARTED] = True
        try:
            await self._stream_events(out, download_id, name, already, queue)
        except asyncio.CancelledError:
            if self._in_flight.stopping:  # the stop, after its grace: an event says why
                cut: dict[str, object] = {"download_id": download_id, "model_name": name}
                cut["error"] = errors.envelope(problem("proxy.stopping"), 503)["error"]
                with contextlib.suppress(ConnectionError):
                    await out.write(_sse("error", cut))
                    await out.write_eof()
            raise
        await out.write_eof()
        return out

    @staticmethod
    async def _stream_events(
        out: web.StreamResponse,
        download_id: str,
        name: str,
        already: DownloadView | None,
        queue: asyncio.Queue[Event],
    ) -> None:
        await out.write(_sse("start", {"download_id": download_id, "model_name": name}))
        if already is not None and already.status in DOWNLOAD_ENDED:
            final_event = FINAL_EVENT[DownloadStatus(already.status)]
            await out.write(_sse(final_event, _download_card(already)))
        else:
            while True:
                event = await queue.get()
                if getattr(event, "download_id", None) != download_id:
                    continue
                if isinstance(event, DownloadProgressed):
                    await out.write(_sse("progress", _progress_card(event)))
                    continue
                assert isinstance(event, DownloadFinished)
                data: dict[str, object] = {
                    "download_id": download_id,
                    "model_name": name,
                    "status": event.status,
                }
                if event.problem is not None:
                    data["error"] = errors.envelope(
                        event.problem, errors.http_status(event.problem.code)
                    )["error"]
                await out.write(_sse(FINAL_EVENT.get(event.status, "error"), data))
                break
