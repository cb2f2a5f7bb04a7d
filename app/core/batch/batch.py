"""OpenAI Batch JSONL: reading and checking request lines, result lines, and the resume rule.

A request line is `{"custom_id", "method", "url", "body"}`; a result line is
`{"id", "custom_id", "response": {"status_code", "request_id", "body"}, "error"}`, written to
the output file when the status is 2xx and to the error file otherwise (as OpenAI does).

The resume rule: a request is done when its `custom_id` is on a complete line (one ending in
"\n") of the output or the error file. A last line without its "\n" was being written when the
process died; it is cut off before anything is appended, and its request is sent again. So a
rerun after a kill -9 sends exactly the requests that have no complete line, and the files end
with every `custom_id` exactly once.

Pure: files come in as iterables of lines or binary file objects; nothing here opens a socket.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any, BinaryIO

from app.core.problems.problems import ProblemError, echoed, problem
from app.core.untrusted import parse_json

# The endpoint's routes a batch may use (each is relayed by app.proxy; a test checks that).
BATCH_URLS = (
    "/v1/chat/completions",
    "/v1/completions",
    "/v1/responses",
    "/v1/embeddings",
    "/v1/score",
    "/v1/rerank",
)
# A request line longer than this is refused, and never held whole: the file is read a line
# at a time, at most this much of it (a 100 MiB line once took the app from 68 MB to 374 MB).
# Chat requests with long prompts, even with an image or two, are far below it.
MAX_LINE_BYTES = 8 * 2**20
# custom_ids are kept in memory for every line of a file (duplicates, the resume rule).
MAX_CUSTOM_ID_CHARS = 512


@dataclass(frozen=True)
class BatchRequest:
    """One request line, checked; `line` is its 1-based line number in the input file."""

    line: int
    custom_id: str
    method: str
    url: str
    body: Mapping[str, Any]

    @property
    def model(self) -> str:
        return str(self.body["model"])

    def body_bytes(self) -> bytes:
        return json.dumps(self.body, ensure_ascii=False, separators=(",", ":")).encode()


@dataclass(frozen=True)
class ModelInfo:
    """What validation needs to know of a model the endpoint lists."""

    downloaded: bool


@dataclass(frozen=True)
class InputScan:
    """A whole input file, checked: how many requests, for which models and routes, and how
    many of them already have a result line (in the output file, in the error file)."""

    total: int
    models: frozenset[str]
    urls: frozenset[str]
    done_ok: int = 0
    done_failed: int = 0


# -- reading request lines ------------------------------------------------------------------
def parse_request(
    raw: bytes | str,
    line: int,
    file: str,
    *,
    urls: Sequence[str] = BATCH_URLS,
    endpoint: str | None = None,
) -> BatchRequest:
    """One request line, or a ProblemError naming the line and what is wrong with it.

    `endpoint`, when given, is the one route every line must use (a /v1/batches job).
    """
    data = _decode_line(raw, line, file)
    custom_id, method, url, body = data["custom_id"], data["method"], data["url"], data["body"]
    if not isinstance(custom_id, str) or not custom_id:
        raise _bad_field(line, file, "custom_id", "a non-empty string")
    if len(custom_id) > MAX_CUSTOM_ID_CHARS:
        raise _bad_field(line, file, "custom_id", f"at most {MAX_CUSTOM_ID_CHARS} characters long")
    if not isinstance(method, str) or method.upper() != "POST":
        raise ProblemError(problem("batch.bad_method", line=line, file=file, method=method))
    if not isinstance(url, str) or url not in urls:
        raise ProblemError(
            problem("batch.bad_url", line=line, file=file, url=url, urls=", ".join(urls))
        )
    if endpoint is not None and url != endpoint:
        raise ProblemError(
            problem("batch.other_url", line=line, file=file, url=url, endpoint=endpoint)
        )
    _check_body(body, line, file)
    return BatchRequest(line, custom_id, "POST", url, body)


def _decode_line(raw: bytes | str, line: int, file: str) -> dict[str, Any]:
    """The line's JSON object, with the four fields every request has."""
    try:
        data = parse_json(raw)  # too deep, a lone surrogate: core.untrusted says why
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        raise ProblemError(
            problem("batch.bad_json", line=line, file=file, reason=str(exc))
        ) from None
    if not isinstance(data, dict):
        raise ProblemError(problem("batch.not_an_object", line=line, file=file))
    for name in ("custom_id", "method", "url", "body"):
        if name not in data:
            raise ProblemError(problem("batch.missing_field", line=line, file=file, field=name))
    return data


def _check_body(body: Any, line: int, file: str) -> None:
    """The body a model can answer in one piece: an object naming a model, no stream."""
    if not isinstance(body, dict):
        raise _bad_field(line, file, "body", "a JSON object")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise ProblemError(problem("batch.no_model", line=line, file=file))
    if body.get("stream"):
        raise ProblemError(problem("batch.stream", line=line, file=file))


def _bad_field(line: int, file: str, name: str, expected: str) -> ProblemError:
    return ProblemError(
        problem("batch.bad_field", line=line, file=file, field=name, expected=expected)
    )


def capped_lines(fh: BinaryIO, file: str, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of a binary file, each read with at most `limit` bytes in memory; a longer
    one is refused with its line number (a plain `for line in fh` reads it whole)."""
    for number in count(1):
        raw = fh.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit:
            raise ProblemError(
                problem(
                    "batch.line_too_long",
                    line=number,
                    file=file,
                    limit=limit,
                    limit_mib=round(limit / 2**20, 2),
                )
            )
        yield raw


def iter_requests(
    lines: Iterable[bytes | str],
    file: str,
    *,
    urls: Sequence[str] = BATCH_URLS,
    endpoint: str | None = None,
) -> Iterator[BatchRequest]:
    """Every request line in file order; blank lines are skipped but still counted."""
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        yield parse_request(raw, number, file, urls=urls, endpoint=endpoint)


def scan_input(
    lines: Iterable[bytes | str],
    file: str,
    *,
    models: Mapping[str, ModelInfo] | None = None,
    urls: Sequence[str] = BATCH_URLS,
    endpoint: str | None = None,
    done_ok: Collection[str] = (),
    done_failed: Collection[str] = (),
) -> InputScan:
    """Check a whole input file before anything is sent or written.

    Raises the first problem, naming its line: a line that is not a request, a custom_id used
    twice, and (when `models` is given) a model the endpoint does not serve or has not
    downloaded. Holds only the custom_ids in memory, never the requests.
    """
    first_line: dict[str, int] = {}
    counts = {True: 0, False: 0}
    used_models: set[str] = set()
    used_urls: set[str] = set()
    for request in iter_requests(lines, file, urls=urls, endpoint=endpoint):
        earlier = first_line.setdefault(request.custom_id, request.line)
        if earlier != request.line:
            raise ProblemError(
                problem(
                    "batch.duplicate_id",
                    line=request.line,
                    file=file,
                    custom_id=request.custom_id,
                    first=earlier,
                )
            )
        if models is not None and request.model not in used_models:
            _check_model(request, file, models)
        used_models.add(request.model)
        used_urls.add(request.url)
        if request.custom_id in done_ok:
            counts[True] += 1
        elif request.custom_id in done_failed:
            counts[False] += 1
    if not first_line:
        raise ProblemError(problem("batch.empty", file=file))
    return InputScan(
        len(first_line),
        frozenset(used_models),
        frozenset(used_urls),
        done_ok=counts[True],
        done_failed=counts[False],
    )


def _check_model(request: BatchRequest, file: str, models: Mapping[str, ModelInfo]) -> None:
    info = models.get(request.model)
    if info is None:
        raise ProblemError(
            problem(
                "batch.unknown_model",
                line=request.line,
                file=file,
                model=echoed(request.model),
                available=", ".join(sorted(models)) or "(none registered)",
            )
        )
    if not info.downloaded:
        raise ProblemError(
            problem("batch.not_downloaded", line=request.line, file=file, model=request.model)
        )


# -- result lines ---------------------------------------------------------------------------
def new_request_id() -> str:
    return "batch_req_" + secrets.token_hex(12)


def is_success(status_code: int) -> bool:
    return 200 <= status_code < 300


def result_record(
    custom_id: str,
    status_code: int,
    body: Any,
    *,
    request_id: str | None = None,
) -> dict[str, Any]:
    """The result line of a request the endpoint answered.

    `request_id` is the answer's own id when it has one (`x-request-id`, else the body's
    `id`). A failed answer also gets `error` with the endpoint's code and message, so the
    error file reads without digging into bodies.
    """
    if request_id is None:
        body_id = body.get("id") if isinstance(body, dict) else None
        request_id = body_id if isinstance(body_id, str) else new_request_id()
    error = None
    if not is_success(status_code):
        detail = body.get("error") if isinstance(body, dict) else None
        detail = detail if isinstance(detail, dict) else {}
        error = {
            "code": str(detail.get("code") or f"http_{status_code}"),
            "message": str(detail.get("message") or body),
        }
    return {
        "id": new_request_id(),
        "custom_id": custom_id,
        "response": {"status_code": status_code, "request_id": request_id, "body": body},
        "error": error,
    }


def encode_result(record: Mapping[str, Any]) -> bytes:
    """One result line: compact JSON (never containing a raw newline) and its "\n"."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


@dataclass
class ResultScan:
    """What a result file already holds: the custom_ids done and where appending resumes.

    `valid_bytes` is the length of the complete lines; anything after it (`torn_bytes`) is
    the half-written line of a process that died, to be cut off before appending.
    """

    ids: set[str] = field(default_factory=set)
    lines: int = 0
    valid_bytes: int = 0
    torn_bytes: int = 0


def scan_results(fh: BinaryIO, file: str) -> ResultScan:
    """Read a result file (binary, from the start) under the resume rule.

    A complete line that is not a result line means the file is not what this run wrote
    (or was edited): that is refused with its line number rather than guessed around.
    """
    scan = ResultScan()
    for number, raw in enumerate(fh, start=1):
        if not raw.endswith(b"\n"):
            scan.torn_bytes = len(raw)
            break
        if raw.strip():
            custom_id = _result_id(raw)
            if custom_id is None:
                raise ProblemError(problem("batch.corrupt_output", line=number, file=file))
            scan.ids.add(custom_id)
            scan.lines += 1
        scan.valid_bytes += len(raw)
    return scan


def _result_id(raw: bytes) -> str | None:
    try:
        data = parse_json(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    custom_id = data.get("custom_id")
    return custom_id if isinstance(custom_id, str) and "response" in data else None
