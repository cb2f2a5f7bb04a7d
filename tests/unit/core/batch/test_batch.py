"""OpenAI Batch JSONL: request checks with line numbers, result lines, the resume rule."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.batch.batch import (
    BATCH_URLS,
    MAX_CUSTOM_ID_CHARS,
    ModelInfo,
    capped_lines,
    encode_result,
    parse_request,
    result_record,
    scan_input,
    scan_results,
)
from app.core.batch.batch_jobs import (
    JobRecord,
    JobStatus,
    batch_object,
    check_create,
    expiry_seconds,
    page_after,
)
from app.core.batch.batch_progress import (
    RateMeter,
    max_num_seqs,
    parse_concurrency,
)
from app.core.problems.problems import ProblemError
from app.proxy.openai_routes import RELAYED_PATHS


def line(custom_id: str = "a", **changes: object) -> str:
    data: dict[str, object] = {
        "custom_id": custom_id,
        "method": "POST",
        "url": "/v1/chat/completions",
        "body": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
    }
    data.update(changes)
    return json.dumps(data)


def problem_of(lines: list[str], **kwargs: object) -> ProblemError:
    with pytest.raises(ProblemError) as err:
        scan_input(lines, "in.jsonl", **kwargs)  # type: ignore[arg-type]
    return err.value


def test_a_good_file_is_counted_with_its_models_and_blank_lines_are_skipped() -> None:
    scan = scan_input([line("a"), "", "  ", line("b")], "in.jsonl")
    assert scan.total == 2
    assert scan.models == {"m"}
    assert scan.urls == {"/v1/chat/completions"}


@pytest.mark.parametrize(
    ("bad", "code", "params"),
    [
        ("{not json", "batch.bad_json", {}),
        ("[1, 2]", "batch.not_an_object", {}),
        ("[" * 100_000, "batch.bad_json", {}),
        (line("x", body={"model": "m", "prompt": "\ud800"}), "batch.bad_json", {}),
        (
            json.dumps({"custom_id": "x", "method": "POST", "url": "/v1/completions"}),
            "batch.missing_field",
            {"field": "body"},
        ),
        (line(1), "batch.bad_field", {"field": "custom_id"}),
        (line(""), "batch.bad_field", {"field": "custom_id"}),
        (line("x", method="GET"), "batch.bad_method", {"method": "GET"}),
        (
            line("x", url="/v1/images/generations"),
            "batch.bad_url",
            {"url": "/v1/images/generations"},
        ),
        (line("x", body=[1]), "batch.bad_field", {"field": "body"}),
        (line("x", body={"prompt": "p"}), "batch.no_model", {}),
        (line("x", body={"model": "m", "stream": True}), "batch.stream", {}),
    ],
)
def test_each_bad_line_is_named_by_its_number(
    bad: str, code: str, params: dict[str, object]
) -> None:
    exc = problem_of([line("ok"), "", bad])
    assert exc.problem.code == code
    assert exc.problem.params["line"] == 3
    assert exc.problem.params["file"] == "in.jsonl"
    for key, value in params.items():
        assert exc.problem.params[key] == value
    assert "Line 3 of in.jsonl" in exc.problem.english()


def test_a_repeated_custom_id_names_both_lines() -> None:
    exc = problem_of([line("a"), line("b"), line("a")])
    assert exc.problem.code == "batch.duplicate_id"
    assert (exc.problem.params["line"], exc.problem.params["first"]) == (3, 1)


def test_an_empty_file_is_refused() -> None:
    assert problem_of(["", "\n"]).problem.code == "batch.empty"


def test_models_are_checked_when_the_endpoint_list_is_given() -> None:
    models = {"m": ModelInfo(downloaded=True), "big": ModelInfo(downloaded=False)}
    assert scan_input([line("a")], "in.jsonl", models=models).total == 1
    unknown = problem_of([line("a"), line("b", body={"model": "nope"})], models=models)
    assert unknown.problem.code == "batch.unknown_model"
    assert unknown.problem.params["line"] == 2
    assert "big, m" in unknown.problem.english()
    missing = problem_of([line("a", body={"model": "big"})], models=models)
    assert missing.problem.code == "batch.not_downloaded"
    assert "vllm-tray pull big" in missing.problem.english()


def test_a_job_file_must_use_the_jobs_endpoint() -> None:
    exc = problem_of([line("a", url="/v1/completions")], endpoint="/v1/chat/completions")
    assert exc.problem.code == "batch.other_url"


def test_done_requests_are_counted_by_the_file_they_are_in() -> None:
    scan = scan_input(
        [line("a"), line("b"), line("c")], "in.jsonl", done_ok={"a", "zz"}, done_failed={"c"}
    )
    assert (scan.done_ok, scan.done_failed) == (1, 1)


def test_every_batch_url_is_relayed_by_the_endpoint() -> None:
    assert set(BATCH_URLS) <= set(RELAYED_PATHS)


# -- result lines and the resume rule ------------------------------------------------------------
def test_a_success_has_no_error_and_takes_the_answers_id() -> None:
    record = result_record("a", 200, {"id": "chatcmpl-1", "choices": []})
    assert record["custom_id"] == "a"
    assert record["id"].startswith("batch_req_")
    assert record["response"] == {
        "status_code": 200,
        "request_id": "chatcmpl-1",
        "body": {"id": "chatcmpl-1", "choices": []},
    }
    assert record["error"] is None


def test_a_failure_carries_the_endpoints_code_and_message() -> None:
    body = {"error": {"message": "There is no model called x.", "code": "models.unknown"}}
    record = result_record("a", 404, body, request_id="req-9")
    assert record["response"]["request_id"] == "req-9"
    assert record["error"] == {"code": "models.unknown", "message": "There is no model called x."}
    assert result_record("b", 502, "bad gateway")["error"]["code"] == "http_502"


def test_a_result_line_is_one_line_even_when_the_answer_has_newlines() -> None:
    encoded = encode_result(result_record("a", 200, {"text": "one\ntwo"}))
    assert encoded.endswith(b"\n") and encoded.count(b"\n") == 1
    assert json.loads(encoded)["response"]["body"]["text"] == "one\ntwo"


def results(*ids: str) -> bytes:
    return b"".join(encode_result(result_record(i, 200, {})) for i in ids)


def test_scan_results_cuts_off_only_a_half_written_last_line() -> None:
    complete = results("a", "b")
    scan = scan_results(io.BytesIO(complete + b'{"id":"batch_req_x","custom_id":"c","res'), "o")
    assert scan.ids == {"a", "b"}
    assert scan.valid_bytes == len(complete)
    assert scan.torn_bytes == len(b'{"id":"batch_req_x","custom_id":"c","res')
    whole = scan_results(io.BytesIO(complete), "o")
    assert (whole.ids, whole.torn_bytes, whole.lines) == ({"a", "b"}, 0, 2)


def test_a_zero_filled_tail_after_a_power_cut_is_cut_off_too() -> None:
    scan = scan_results(io.BytesIO(results("a") + b"\0" * 4096), "o")
    assert scan.ids == {"a"} and scan.torn_bytes == 4096


def test_a_complete_line_that_is_not_a_result_is_refused() -> None:
    with pytest.raises(ProblemError) as err:
        scan_results(io.BytesIO(results("a") + b"hello\n" + results("b")), "out.jsonl")
    assert err.value.problem.code == "batch.corrupt_output"
    assert err.value.problem.params["line"] == 2


def test_results_round_trip_through_a_real_file(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_bytes(results("x", "y"))
    with path.open("rb") as fh:
        assert scan_results(fh, str(path)).ids == {"x", "y"}


# -- concurrency and progress -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--max-num-seqs", "16", "--dtype", "float32"), 16),
        (("--max-num-seqs", "16", "--max-num-seqs", "10"), 10),
        (("--max-num-seqs=12",), 12),
        (("--max_num_seqs", "7"), 7),
        (("--dtype", "float32"), None),
        (("--max-num-seqs",), None),
    ],
)
def test_the_effective_max_num_seqs_is_the_last_one(
    args: tuple[str, ...], expected: int | None
) -> None:
    assert max_num_seqs(args) == expected


def test_concurrency_is_a_positive_number_or_auto() -> None:
    assert parse_concurrency("auto") is None
    assert parse_concurrency("8") == 8
    for bad in ("0", "-1", "many", "100000"):
        with pytest.raises(ProblemError) as err:
            parse_concurrency(bad)
        assert err.value.problem.code == "batch.bad_concurrency"


def test_rate_and_eta_follow_the_recent_window() -> None:
    meter = RateMeter(window_s=10)
    assert meter.rate() is None and meter.eta(5) is None
    meter.add(0.0, 1)
    meter.add(0.5, 30)  # a burst in the first half second: too soon to call it a pace
    assert meter.rate() is None
    meter = RateMeter(window_s=10)
    for t in range(0, 21):
        meter.add(float(t), t * 2)  # 2 per second
    assert meter.rate() == pytest.approx(2.0)
    assert meter.eta(10) == pytest.approx(5.0)
    meter.add(21.0, 42 + 40)  # a burst: the window's average moves, not jumps to 40/s
    assert 2.0 < (meter.rate() or 0) < 8.0
    assert meter.eta(0) == 0.0


# -- jobs --------------------------------------------------------------------------------------
def test_create_batch_body_checks_name_the_field() -> None:
    good = {"input_file_id": "file-1", "endpoint": "/v1/completions", "completion_window": "24h"}
    assert check_create(good).endpoint == "/v1/completions"
    cases = [
        ({**good, "endpoint": "/v1/videos"}, "batch.bad_endpoint", "endpoint"),
        ({**good, "completion_window": "1h"}, "batch.bad_window", "completion_window"),
        ({**good, "metadata": {"k": 1}}, "batch.bad_metadata", "metadata"),
        (
            {"endpoint": "/v1/completions", "completion_window": "24h"},
            "batch.bad_request",
            "input_file_id",
        ),
    ]
    for body, code, param in cases:
        with pytest.raises(ProblemError) as err:
            check_create(body)
        assert (err.value.problem.code, err.value.problem.params["param"]) == (code, param)


def test_a_job_record_survives_json_and_names_its_output_once_ended() -> None:
    job = JobRecord(
        id="batch_" + "0" * 24,
        endpoint="/v1/chat/completions",
        input_file_id="file-" + "1" * 24,
        completion_window="24h",
        status=JobStatus.VALIDATING,
        created_at=100,
        output_file_id="file-" + "2" * 24,
        error_file_id="file-" + "3" * 24,
        metadata={"k": "v"},
    )
    running = job.moved_to(JobStatus.IN_PROGRESS, 105, total=3, models=("m",))
    assert JobRecord.from_json(json.loads(json.dumps(running.to_json()))) == running
    shown = batch_object(running, has_errors=False)
    assert shown["status"] == "in_progress" and shown["in_progress_at"] == 105
    assert shown["output_file_id"] is None and shown["model"] == "m"
    done = running.moved_to(JobStatus.COMPLETED, 110, completed=2, failed=1)
    ended = batch_object(done, has_errors=True)
    assert ended["output_file_id"] == job.output_file_id
    assert ended["error_file_id"] == job.error_file_id
    assert ended["request_counts"] == {"total": 3, "completed": 2, "failed": 1}
    # The first time a status is reached is kept.
    assert done.moved_to(JobStatus.IN_PROGRESS, 999).in_progress_at == 105


def test_pages_run_newest_first_after_a_cursor() -> None:
    ids = ["e", "d", "c", "b", "a"]
    assert page_after(ids, None, 2) == (["e", "d"], True)
    assert page_after(ids, "d", 2) == (["c", "b"], True)
    assert page_after(ids, "b", 20) == (["a"], False)
    with pytest.raises(ProblemError):
        page_after(ids, None, 0)


def test_lines_are_read_with_a_cap_and_a_longer_one_is_named() -> None:
    data = b"short\n" + b"x" * 100 + b"\n" + b"y" * 101 + b"\nafter\n"
    lines = capped_lines(io.BytesIO(data), "in.jsonl", limit=101)
    assert next(lines) == b"short\n"
    assert next(lines) == b"x" * 100 + b"\n"
    with pytest.raises(ProblemError) as err:
        next(lines)
    assert err.value.problem.code == "batch.line_too_long"
    assert err.value.problem.params["line"] == 3
    assert list(capped_lines(io.BytesIO(b"a\nb"), "f", limit=4)) == [b"a\n", b"b"]


def test_a_custom_id_over_the_cap_is_refused_with_its_line() -> None:
    ok = line("i" * MAX_CUSTOM_ID_CHARS)
    err = problem_of([ok, line("j" * (MAX_CUSTOM_ID_CHARS + 1))])
    assert (err.problem.code, err.problem.params["line"]) == ("batch.bad_field", 2)
    assert err.problem.params["field"] == "custom_id"


def test_expires_after_follows_openais_shape() -> None:
    assert expiry_seconds(None, None) is None
    assert expiry_seconds("created_at", "3600") == 3600
    for anchor, seconds in (("created_at", "0"), ("last_use", "60"), ("created_at", "x"),
                            ("created_at", str(31 * 86400)), (None, "60")):  # fmt: skip
        with pytest.raises(ProblemError) as err:
            expiry_seconds(anchor, seconds)
        assert err.value.problem.code == "batch.bad_expiry"


# Text with what breaks a writer: lone surrogates (which st.text leaves out), emoji, controls.
_TEXT = st.lists(
    st.sampled_from(["\ud800", "\udfff", "\U0001f600", "\x00", "\u202e"]) | st.characters(),
    max_size=12,
).map("".join)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _TEXT,
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids, max_size=3)
    ),
    max_leaves=10,
)
# Mostly the right shape, so that what follows the shape checks is reached too.
_LINE_FIELDS = st.fixed_dictionaries(
    {
        "custom_id": _TEXT | _TEXT | _JSON,
        "method": st.just("POST") | st.just("POST") | _JSON,
        "url": st.sampled_from(BATCH_URLS) | st.sampled_from(BATCH_URLS) | _JSON,
        "body": st.fixed_dictionaries(
            {"model": _TEXT}, optional={"messages": _JSON, "stream": _JSON}
        )
        | _JSON,
    },
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_LINE_FIELDS.map(json.dumps), st.binary(max_size=64), st.text(max_size=64)))
def test_any_line_is_a_request_or_a_problem_naming_it(raw: str | bytes) -> None:
    """A batch JSONL line from outside is a request whose body can be sent on, or a
    ProblemError naming its line: never another exception (issue 31's batch JSONL fuzz)."""
    try:
        request = parse_request(raw, 7, "in.jsonl")
    except ProblemError as exc:
        assert exc.problem.params["line"] == 7
        exc.problem.english()
        return
    assert request.body_bytes()
