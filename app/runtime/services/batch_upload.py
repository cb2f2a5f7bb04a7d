"""One upload to /v1/files: written to a temp file in the store, renamed into place on commit."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from typing import Any

from app.core.batch_jobs import INPUT_PURPOSE, FileRecord, file_object, file_too_large, new_id
from app.core.problems import ProblemError, problem, tr_noop
from app.runtime.services.batch_book import BatchBook, now_s


def bad_purpose(purpose: str) -> ProblemError:
    return ProblemError(
        problem(
            "batch.bad_purpose",
            tr_noop(
                "This endpoint keeps files for batches only: "
                'purpose must be "batch"; got {purpose}.'
            ),
            purpose=purpose,
            param="purpose",
        )
    )


class BatchUpload:
    """Implements app.core.contracts.FileUpload; every file operation runs in a thread."""

    def __init__(self, book: BatchBook, limit: int) -> None:
        self._book = book
        self._limit = limit
        self._path = book.store.new_upload()
        self._fh: Any = None
        self._size = 0

    async def write(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size > self._limit:
            await self.abort()
            raise file_too_large(self._limit)
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        await asyncio.to_thread(self._fh.write, chunk)

    async def commit(self, filename: str, purpose: str) -> Mapping[str, Any]:
        if purpose != INPUT_PURPOSE:
            await self.abort()
            raise bad_purpose(purpose)
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        record = FileRecord(
            new_id("file-"), filename or "upload.jsonl", purpose, now_s(), self._size
        )
        await asyncio.to_thread(self._finish, record)
        self._book.files[record.id] = record
        return file_object(record)

    def _finish(self, record: FileRecord) -> None:
        fh, self._fh = self._fh, None
        try:
            fh.flush()
            os.fsync(fh.fileno())
        finally:
            fh.close()
        self._book.store.commit_upload(self._path, record)

    async def abort(self) -> None:
        fh, self._fh = self._fh, None
        if fh is not None:
            await asyncio.to_thread(fh.close)
        await asyncio.to_thread(self._path.unlink, True)
