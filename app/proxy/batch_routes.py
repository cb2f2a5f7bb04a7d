"""`/v1/files` and `/v1/batches`: the part of OpenAI's Batch API the official client uses.

The routes only translate HTTP; the jobs live in the runtime, reached through
`app.core.contracts.BatchController`. Uploads are streamed to disk part by part.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from aiohttp import BodyPartReader, MultipartReader, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestPayloadError

from app.core.batch.batch_jobs import check_purpose, expiry_seconds, file_too_large
from app.core.contracts import BatchController, FileUpload
from app.core.problems.problems import ProblemError, problem, tr_noop, worded_problem
from app.proxy import errors
from app.proxy.bodies import (
    BodyClock,
    BodyReader,
    json_response,
    payload_detail,
)
from app.proxy.connections import client_log

T = TypeVar("T")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

UPLOAD_CHUNK = 256 * 1024
FIELD_LIMIT = 1024  # bytes of a form field other than the file (purpose)
# Room for the multipart framing around the file when comparing Content-Length to the limit.
FRAMING_BYTES = 64 * 1024


def bad_form() -> ProblemError:
    return ProblemError(problem("batch.bad_upload"))


def bad_form_field(name: str) -> ProblemError:
    return ProblemError(
        worded_problem(
            "batch.bad_upload",
            tr_noop("The form field {field} must be UTF-8 text of at most {limit} bytes."),
            field=name,
            limit=FIELD_LIMIT,
            param=name,
        )
    )


def bad_limit(value: str) -> ProblemError:
    return ProblemError(
        worded_problem(
            "batch.bad_request",
            tr_noop("limit must be a whole number; got {value}."),
            value=value,
            param="limit",
        )
    )


def _problem_response(exc: ProblemError) -> web.Response:
    p = exc.problem
    param = p.params.get("param")
    return errors.error_response(p, param=str(param) if param else None)


def _answering_problems(handler: Handler) -> Handler:
    """Batch problems get their own statuses (404, 409, 413…), not the proxy's 503."""

    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except errors.ParamProblemError:
            raise  # the guard answers these with their param
        except ProblemError as exc:
            if exc.problem.code.startswith("proxy."):
                raise  # the guard's (a body timeout closes the connection, say)
            return _problem_response(exc)

    return wrapped


class BatchRoutes:
    def __init__(self, batches: BatchController, reader: BodyReader) -> None:
        self._batches = batches
        self._reader = reader

    def register(self, router: web.UrlDispatcher) -> None:
        routes: list[tuple[str, str, Handler]] = [
            ("POST", "/v1/files", self.create_file),
            ("GET", "/v1/files", self.list_files),
            ("GET", "/v1/files/{file_id}", self.get_file),
            ("DELETE", "/v1/files/{file_id}", self.delete_file),
            ("GET", "/v1/files/{file_id}/content", self.file_content),
            ("POST", "/v1/batches", self.create_batch),
            ("GET", "/v1/batches", self.list_batches),
            ("GET", "/v1/batches/{batch_id}", self.get_batch),
            ("POST", "/v1/batches/{batch_id}/cancel", self.cancel_batch),
        ]
        for method, path, handler in routes:
            router.add_route(method, path, _answering_problems(handler))

    # -- files ------------------------------------------------------------------------------
    async def create_file(self, request: web.Request) -> web.Response:
        """An upload, bounded like every other body: its size (before a byte is read when it
        says its length), the body timeout (mod_reqtimeout's rule, as BodyReader's), the
        purpose (before the file is written when it came first, as the openai client and
        OpenAI's examples send it) and the disk quota of all batch files."""
        limit = self._batches.max_upload_bytes
        expected = request.content_length
        if expected is not None and expected > limit + FRAMING_BYTES:
            raise file_too_large(limit)  # refused before a byte of it is read
        try:
            reader = await request.multipart()
        except (AssertionError, ValueError, KeyError):
            raise bad_form() from None
        form = _Form(self._reader.clock(request, expected), expected=expected)
        try:
            async with form.clock:
                await self._read_form(reader, form)
            if form.upload is None or form.purpose is None:
                raise bad_form()
            expiry = expiry_seconds(form.fields.get("anchor"), form.fields.get("seconds"))
            created = await form.upload.commit(form.filename, form.purpose, expiry)
        except BaseException:
            # Too large, malformed or the client went away: nothing of it stays on disk.
            if form.upload is not None:
                await form.upload.abort()
            raise
        return json_response(created)

    async def _read_form(self, reader: MultipartReader, form: _Form) -> None:
        """The parts of an upload into `form`; the file's bytes go to its upload as they
        arrive (begun on the way, so the caller can abort it whatever happens)."""
        while (part := await _framed(reader.next())) is not None:
            if not isinstance(part, BodyPartReader):
                raise bad_form()
            if part.name == "purpose":
                form.purpose = (await _read_field(part, form)).strip()
                check_purpose(form.purpose)
            elif part.name in EXPIRY_FIELDS:
                form.fields[EXPIRY_FIELDS[part.name]] = (await _read_field(part, form)).strip()
            elif part.name == "file":
                if form.upload is not None:
                    raise bad_form()
                form.filename = part.filename or ""
                form.upload = await self._batches.begin_upload(form.expected, form.purpose)
                while chunk := await _framed(part.read_chunk(UPLOAD_CHUNK)):
                    form.got(len(chunk))
                    await form.upload.write(chunk)
            else:
                await _framed(part.release())  # fields this endpoint does not use

    async def list_files(self, request: web.Request) -> web.Response:
        purpose = request.query.get("purpose")
        page = await self._batches.list_files(purpose, request.query.get("after"), _limit(request))
        return json_response(page)

    async def get_file(self, request: web.Request) -> web.Response:
        return json_response(await self._batches.get_file(request.match_info["file_id"]))

    async def delete_file(self, request: web.Request) -> web.Response:
        return json_response(await self._batches.delete_file(request.match_info["file_id"]))

    async def file_content(self, request: web.Request) -> web.FileResponse:
        path = await self._batches.file_content(request.match_info["file_id"])
        # Sent by the kernel (sendfile) as it is on disk: a large output never sits in memory.
        return web.FileResponse(path, headers={"Content-Type": "application/jsonl"})

    # -- batches ----------------------------------------------------------------------------
    async def create_batch(self, request: web.Request) -> web.Response:
        body = await self._reader.read_object(request)
        return json_response(await self._batches.create_batch(body))

    async def list_batches(self, request: web.Request) -> web.Response:
        page = await self._batches.list_batches(request.query.get("after"), _limit(request))
        return json_response(page)

    async def get_batch(self, request: web.Request) -> web.Response:
        return json_response(await self._batches.get_batch(request.match_info["batch_id"]))

    async def cancel_batch(self, request: web.Request) -> web.Response:
        return json_response(await self._batches.cancel_batch(request.match_info["batch_id"]))


# OpenAI's expires_after, as the openai client sends it in a form.
EXPIRY_FIELDS = {"expires_after[anchor]": "anchor", "expires_after[seconds]": "seconds"}


@dataclass
class _Form:
    """What an upload's multipart form held, as far as it was read, and the body timeout
    that moves on as its bytes arrive."""

    clock: BodyClock
    expected: int | None = None
    purpose: str | None = None
    filename: str = ""
    upload: FileUpload | None = None
    fields: dict[str, str] = field(default_factory=dict)

    def got(self, size: int) -> None:
        self.clock.got(size)


async def _read_field(part: BodyPartReader, form: _Form) -> str:
    data = b""
    while chunk := await _framed(part.read_chunk(FIELD_LIMIT)):
        form.got(len(chunk))
        data += chunk
        if len(data) > FIELD_LIMIT:
            raise bad_form_field(str(part.name))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_form_field(str(part.name)) from None


async def _framed(step: Awaitable[T]) -> T:
    """A step of aiohttp's multipart reader, which tells a broken framing (a boundary that
    never comes, a part without its blank line, a header line that is none) by ValueError,
    AssertionError or its HTTP parser's errors: a 400."""
    try:
        return await step
    except RequestPayloadError as exc:  # the body itself is broken (its Content-Encoding)
        raise errors.malformed_body(payload_detail(exc)) from None
    except (ValueError, AssertionError, KeyError, HttpProcessingError) as exc:
        client_log.info("refused an upload: %s", str(exc).split("\n", 1)[0][:160])
        raise bad_form() from None


def _limit(request: web.Request) -> int | None:
    raw = request.query.get("limit")
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        raise bad_limit(raw) from None
