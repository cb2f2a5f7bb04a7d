"""A fake batch service (app.runtime.api.protocols.BatchApi) on in-memory job views."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable
from typing import Any

from app.core.batch.batch_jobs import BatchJobChanged, BatchJobView, JobStatus
from app.core.problems.problems import problem
from tests.gui.fake_facade import T0, FakeFacade
from tests.gui.fake_services import IdleBatch

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


class FakeBatch(IdleBatch):
    """The Batch page's commands on in-memory job views; each changed view comes back (or
    `fail_next["batch.NAME"]` is raised), like the engine's."""

    area = "batch"

    def __init__(self, app: FakeFacade, jobs: Iterable[BatchJobView]) -> None:
        super().__init__(app)
        self.jobs: dict[str, BatchJobView] = {j.id: j for j in jobs}

    def views(self) -> list[BatchJobView]:
        self.record("views")
        return list(self.jobs.values())

    def view(self, batch_id: str) -> BatchJobView:
        return self.jobs[batch_id]

    def _change(self, name: str, batch_id: str, **changes: Any) -> BatchJobView:
        self.record(name, batch_id)
        self.jobs[batch_id] = dataclasses.replace(self.jobs[batch_id], **changes)
        return self.jobs[batch_id]

    async def pause(self, batch_id: str) -> BatchJobView:
        return self._change("pause", batch_id, paused=True, running=False, rate=None)

    async def resume(self, batch_id: str) -> BatchJobView:
        return self._change("resume", batch_id, paused=False)

    async def cancel(self, batch_id: str) -> BatchJobView:
        return self._change(
            "cancel", batch_id, status=JobStatus.CANCELLING, paused=False, running=False
        )

    def concurrency(self, model_ids: Collection[str]) -> int:
        return 10


class FakeBatchFacade(FakeFacade):
    def __init__(self, jobs: Iterable[BatchJobView] = ()) -> None:
        self.batch_fake = FakeBatch(self, jobs)
        super().__init__(batch=lambda _app: self.batch_fake)

    def set_job(self, view: BatchJobView) -> None:
        """As the engine does: the new view, and a BatchJobChanged from another thread."""
        self.batch_fake.jobs[view.id] = view
        self.publish_from_thread(BatchJobChanged(view))
