"""The FakeFacade with batch jobs: the Batch page's commands on in-memory job views."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from concurrent.futures import Future

from app.core.batch_jobs import BatchJobChanged, BatchJobView, JobStatus
from app.core.problems import ProblemError, problem
from tests.gui.fake_facade import T0, FakeFacade, done, failed

OUT_DIR = "/home/me/.config/vllm-tray/batches/files"


def job(
    n: int,
    status: JobStatus,
    *,
    total: int = 5000,
    completed: int = 0,
    failed: int = 0,
    **changes: object,
) -> BatchJobView:
    view = BatchJobView(
        id=f"batch_{n:024x}",
        status=status,
        paused=False,
        running=False,
        endpoint="/v1/chat/completions",
        models=("Qwen3.5-0.8B-FP16-vLLM",),
        total=total,
        completed=completed,
        failed=failed,
        created_at=int(T0) + 60 * n,
        input_name=f"tickets-{n}.jsonl",
        output_path=f"{OUT_DIR}/file-{n:024x}.jsonl",
        error_path=f"{OUT_DIR}/file-{n + 100:024x}.jsonl",
    )
    return dataclasses.replace(view, **changes)  # type: ignore[arg-type]


def sample_jobs() -> list[BatchJobView]:
    """A running job, one paused, one done with a few failures, one refused at validation."""
    return [
        job(
            4,
            JobStatus.IN_PROGRESS,
            completed=1838,
            failed=2,
            running=True,
            in_flight=10,
            rate=14.2,
            eta_s=222.0,
        ),
        job(3, JobStatus.IN_PROGRESS, total=800, completed=120, paused=True),
        job(2, JobStatus.COMPLETED, total=500000, completed=499988, failed=12),
        job(
            1,
            JobStatus.FAILED,
            total=0,
            problem=problem(
                "batch.duplicate_id", line=17, file="tickets-1.jsonl", custom_id="t-16", first=16
            ),
        ),
    ]


class FakeBatchFacade(FakeFacade):
    def __init__(self, jobs: Iterable[BatchJobView] = ()) -> None:
        super().__init__()
        self.jobs: dict[str, BatchJobView] = {j.id: j for j in jobs}

    def set_job(self, view: BatchJobView) -> None:
        """As the engine does: the new view, and a BatchJobChanged from another thread."""
        self.jobs[view.id] = view
        self.publish_from_thread(BatchJobChanged(view))

    def batch_jobs(self) -> Future[list[BatchJobView]]:
        return self._fail_or("batch_jobs", list(self.jobs.values()))

    def _change(self, name: str, batch_id: str, **changes: object) -> Future[BatchJobView]:
        """Like the engine: the changed view comes back (or `fail_next[name]` is raised)."""
        bad = self._record(name, batch_id)
        if bad is not None:
            return failed(ProblemError(bad))
        self.jobs[batch_id] = dataclasses.replace(self.jobs[batch_id], **changes)  # type: ignore[arg-type]
        return done(self.jobs[batch_id])

    def pause_batch(self, batch_id: str) -> Future[BatchJobView]:
        return self._change("pause_batch", batch_id, paused=True, running=False, rate=None)

    def resume_batch(self, batch_id: str) -> Future[BatchJobView]:
        return self._change("resume_batch", batch_id, paused=False)

    def cancel_batch(self, batch_id: str) -> Future[BatchJobView]:
        return self._change(
            "cancel_batch", batch_id, status=JobStatus.CANCELLING, paused=False, running=False
        )
