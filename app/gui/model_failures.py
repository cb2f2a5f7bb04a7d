"""How often a model failed, and what tries again: the failure counts and the banner's title."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication

from app.core.states import ProcessState
from app.gui.i18n import format_duration, format_int
from app.runtime.api.snapshot import ModelRow

translate = QCoreApplication.translate


def retry_wait_s(row: ModelRow, now: float | None = None) -> float | None:
    """Seconds before the next start of a failed model may begin; None when it may now."""
    if row.next_retry_at is None:
        return None
    wait = row.next_retry_at - (time.time() if now is None else now)
    return wait if wait >= 1 else None


def failure_count_text(row: ModelRow, now: float | None = None) -> str:
    """How often the model failed or was restarted, as a sentence; "" when it did not.

    What the supervisor counts (docs/process-states.md): failed starts and crashes in a
    row, and starts after a failure since the model was last unloaded. Nothing retries by
    itself: the next request (or Load) does, after the back-off, so that is what it says.
    """
    if row.failures and row.process in (ProcessState.BACKOFF, ProcessState.EXITED):
        return _failures_text(row, retry_wait_s(row, now))
    if row.process == ProcessState.FATAL or not row.restarts:
        return ""  # a given-up model's own sentence says how often it failed
    if row.restarts == 1:
        return translate("ModelState", "Restarted once after crashing or failing to start.")
    return translate(
        "ModelState", "Restarted {n} times after crashing or failing to start."
    ).format(n=format_int(row.restarts))


def _failures_text(row: ModelRow, wait: float | None) -> str:
    """Failed starts (BACKOFF) or crashes (EXITED) in a row, and what tries again."""
    if row.process == ProcessState.BACKOFF:
        texts = (
            translate("ModelState", "Failed to start once. The next request tries again."),
            translate(
                "ModelState",
                "Failed to start once. The next request tries again, after waiting {wait}; "
                "Load tries at once.",
            ),
            translate(
                "ModelState", "Failed to start {n} times in a row. The next request tries again."
            ),
            translate(
                "ModelState",
                "Failed to start {n} times in a row. The next request tries again, after "
                "waiting {wait}; Load tries at once.",
            ),
        )
    else:
        texts = (
            translate("ModelState", "Crashed once. The next request starts it again."),
            translate(
                "ModelState",
                "Crashed once. The next request starts it again, after waiting {wait}; Load "
                "starts it at once.",
            ),
            translate(
                "ModelState", "Crashed {n} times in a row. The next request starts it again."
            ),
            translate(
                "ModelState",
                "Crashed {n} times in a row. The next request starts it again, after waiting "
                "{wait}; Load starts it at once.",
            ),
        )
    text = texts[2 * (row.failures > 1) + (wait is not None)]
    return text.format(
        n=format_int(row.failures), wait=format_duration(wait) if wait is not None else ""
    )


def given_up(row: ModelRow) -> bool:
    """The app stopped trying after failures in a row: only the user's Load tries again."""
    return (
        row.process == ProcessState.FATAL
        and row.problem is not None
        and row.problem.code == "load.given_up"
    )


def failure_title(row: ModelRow) -> str:
    """The failure banner's title: how often the model failed, when more than once; for a
    model the app gave up on, that it stopped (the sentence below says how often)."""
    if given_up(row):
        assert row.problem is not None
        if row.problem.params.get("crashed"):
            return translate("ModelState", "The app stopped restarting {name}").format(
                name=row.name
            )
        return translate("ModelState", "The app stopped trying to start {name}").format(
            name=row.name
        )
    if row.process == ProcessState.EXITED and row.failures > 1:
        return translate("ModelState", "{name} crashed {n} times in a row").format(
            name=row.name, n=format_int(row.failures)
        )
    if row.process == ProcessState.EXITED:
        return translate("ModelState", "{name} stopped unexpectedly").format(name=row.name)
    if row.process == ProcessState.BACKOFF and row.failures > 1:
        return translate("ModelState", "{name} failed to start {n} times in a row").format(
            name=row.name, n=format_int(row.failures)
        )
    return translate("ModelState", "{name} could not start").format(name=row.name)
