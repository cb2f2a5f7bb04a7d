"""The batch store on disk: records round-trip, a bad record is set aside without stopping the
others, half-done uploads are deleted, and ids from URLs never become other paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.batch.batch_jobs import FileRecord, JobRecord, JobStatus
from app.runtime.batch.batch_store import BatchStore

FILE_A = "file-" + "a" * 24
FILE_B = "file-" + "b" * 24
FILE_C = "file-" + "c" * 24
JOB = "batch_" + "1" * 24


def job(**changes: object) -> JobRecord:
    base = JobRecord(
        id=JOB,
        endpoint="/v1/completions",
        input_file_id=FILE_A,
        completion_window="24h",
        status=JobStatus.IN_PROGRESS,
        created_at=1,
        output_file_id=FILE_B,
        error_file_id=FILE_C,
    )
    return base if not changes else JobRecord.from_json({**base.to_json(), **changes})


def test_records_round_trip_and_leftovers_are_cleaned(tmp_path: Path) -> None:
    store = BatchStore(tmp_path / "batches")
    upload = store.new_upload()
    upload.write_bytes(b'{"custom_id": "x"}\n')
    record = FileRecord(FILE_A, "in.jsonl", "batch", 1, 19)
    store.commit_upload(upload, record)
    store.save_job(job())
    half = store.new_upload()
    half.write_bytes(b"half an upload")
    files, jobs = BatchStore(tmp_path / "batches").load()
    assert files == {FILE_A: record}
    assert jobs == {JOB: job()}
    assert not half.exists()
    assert store.content_path(FILE_A).read_bytes() == b'{"custom_id": "x"}\n'


def test_a_bad_record_is_moved_aside_and_the_rest_load(tmp_path: Path) -> None:
    store = BatchStore(tmp_path / "batches")
    store.load()
    store.save_job(job())
    other = "batch_" + "2" * 24
    (store.jobs_dir / f"{other}.json").write_text("{not json")
    sneaky = "batch_" + "3" * 24
    (store.jobs_dir / f"{sneaky}.json").write_text(
        json.dumps({**job().to_json(), "id": sneaky, "output_file_id": "../../settings"})
    )
    _files, jobs = store.load()
    assert list(jobs) == [JOB]
    assert not (store.jobs_dir / f"{other}.json").exists()
    assert any(p.name.startswith(f"{other}.json.corrupted-") for p in store.jobs_dir.iterdir())


def test_a_file_record_without_content_is_not_listed(tmp_path: Path) -> None:
    store = BatchStore(tmp_path / "batches")
    store.load()
    store.save_file(FileRecord(FILE_A, "in.jsonl", "batch", 1, 5))
    assert store.load()[0] == {}


@pytest.mark.parametrize("bad", ["../settings", "file-x", "file-" + "A" * 24, "batch_" + "1" * 24])
def test_only_ids_the_store_made_become_paths(tmp_path: Path, bad: str) -> None:
    with pytest.raises(ValueError):
        BatchStore(tmp_path).content_path(bad)


def test_read_job_sees_what_another_process_wrote_and_none_when_unreadable(
    tmp_path: Path,
) -> None:
    store = BatchStore(tmp_path / "batches")
    store.load()
    assert store.read_job(JOB) is None
    store.save_job(job())
    BatchStore(tmp_path / "batches").save_job(job(status="completed", completed=3))
    fresh = store.read_job(JOB)
    assert fresh is not None and fresh.status is JobStatus.COMPLETED and fresh.completed == 3
    (store.jobs_dir / f"{JOB}.json").write_text("{")
    assert store.read_job(JOB) is None
    assert (store.jobs_dir / f"{JOB}.json").exists()  # left for load() to set aside
    with pytest.raises(ValueError):
        store.read_job("../x")
