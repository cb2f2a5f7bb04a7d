"""One upload to /v1/files: checked before it is written, written to a temp file in the store
within the size limit and the disk quota, renamed into place on commit."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from typing import Any

from app.core.batch.batch_jobs import (
    FileRecord,
    check_purpose,
    file_object,
    file_too_large,
    new_id,
    quota_full,
)
from app.runtime.batch.batch_book import BatchBook, now_s


class UploadRoom:
    """The disk quota of batch files, shared by the uploads in progress: what the files on
    disk take (counted again whenever no upload is in progress, so deletions and growing
    outputs are seen) plus every upload's bytes so far."""

    def __init__(self) -> None:
        self.on_disk = 0
        self.in_progress = 0

    def check(self, incoming: int, quota: int) -> None:
        used = self.on_disk + self.in_progress
        if used + incoming > quota:
            raise quota_full(used, incoming, quota)


class BatchUpload:
    """Implements app.core.contracts.FileUpload; every file operation runs in a thread."""

    def __init__(
        self,
        book: BatchBook,
        *,
        limit: int,
        room: UploadRoom,
        quota: int,
        default_expiry_s: int | None,
    ) -> None:
        self._book = book
        self._limit = limit
        self._room = room
        self._quota = quota
        self._default_expiry_s = default_expiry_s
        self._path = book.store.new_upload()
        self._fh: Any = None
        self._size = 0

    async def write(self, chunk: bytes) -> None:
        try:
            if self._size + len(chunk) > self._limit:
                raise file_too_large(self._limit)
            self._room.check(len(chunk), self._quota)
        except BaseException:
            await self.abort()
            raise
        self._size += len(chunk)
        self._room.in_progress += len(chunk)
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        await asyncio.to_thread(self._fh.write, chunk)

    async def commit(
        self, filename: str, purpose: str, expires_after_s: int | None
    ) -> Mapping[str, Any]:
        try:
            check_purpose(purpose)
        except BaseException:
            await self.abort()
            raise
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        created = now_s()
        expiry = self._default_expiry_s if expires_after_s is None else expires_after_s
        record = FileRecord(
            new_id("file-"),
            filename or "upload.jsonl",
            purpose,
            created,
            self._size,
            expires_at=created + expiry if expiry else None,
        )
        try:
            await asyncio.to_thread(self._finish, record)
        except BaseException:
            await self.abort()
            raise
        self._room.in_progress -= self._size
        self._room.on_disk += self._size
        self._size = 0
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

    def _give_back_room(self) -> None:
        self._room.in_progress -= self._size
        self._size = 0

    async def abort(self) -> None:
        self._give_back_room()
        fh, self._fh = self._fh, None
        if fh is not None:
            await asyncio.to_thread(fh.close)
        await asyncio.to_thread(self._path.unlink, True)
