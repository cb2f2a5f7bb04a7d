"""One writer per batch output file across processes: a lock file beside the output."""

from __future__ import annotations

from pathlib import Path

import filelock


class OutputLock:
    """Held by whoever appends results to an output file: a `vllm-tray batch run`, or the
    process whose scheduler runs a /v1/batches job. Two writers would each read the file,
    each send the requests it lacks and each append their answers: every custom_id twice.

    The lock is an OS lock (flock) on `.<output>.lock`, so a holder that dies, even by
    kill -9, frees it at once and a later run resumes. The empty lock file stays behind:
    deleting it on release would let a newcomer lock a fresh file while a waiter still
    locks the old one.
    """

    def __init__(self, output: Path) -> None:
        self.path = output.with_name(f".{output.name}.lock")
        # Not thread-local: the runtime takes it on its loop and a worker may hand it back.
        self._lock = filelock.FileLock(str(self.path), thread_local=False)

    def try_acquire(self) -> bool:
        """Take the lock if nobody holds it; never waits (a quick open and flock)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._lock.acquire(timeout=0)
        except filelock.Timeout:
            return False
        return True

    def release(self) -> None:
        self._lock.release()
