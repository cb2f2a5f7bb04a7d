"""What the Benchmark window says: a benchmark's speed-up, a tune's proposal and progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.core.events import TuneProgressed
from app.gui.i18n import format_number, problem_text

if TYPE_CHECKING:  # the engine's modules load with the window, not with the app (startup)
    from app.runtime.api.bench import BenchRecord, TuneResult

# Direct translate("BenchWindow", "…") calls with literals, which lupdate reads: the
# Benchmark window's sentences, in its context.
translate = QCoreApplication.translate


def speedup_text(record: BenchRecord) -> str | None:
    """The best speed-up of a measured benchmark over one request at a time, if any."""
    ups = record.speedups()
    if not ups:
        return None
    top = max(ups, key=lambda c: ups[c])
    text = (
        translate(
            "BenchWindow",
            "{x}× the tokens per second with {c} requests at once (tokens counted by "
            "the engine: its answers carry no token counts)",
        )
        if any(p.token_source == "engine" for p in record.points)
        else translate("BenchWindow", "{x}× the tokens per second with {c} requests at once")
    )
    return text.format(x=format_number(ups[top], 2), c=top)


def result_text(result: TuneResult) -> str:
    """The value a tune proposes, with the speed before and after, or why there is none."""
    if result.chosen is None:
        return translate("BenchWindow", "No value met the latency objective.")
    lines = [
        translate("BenchWindow", "Proposed: --max-num-seqs {n} (now {now}).").format(
            n=result.chosen,
            now=result.current if result.current is not None else "–",
        )
    ]
    if result.before is not None and result.after is not None:
        lines.append(
            translate("BenchWindow", "Before: {b} tok/s, inter-token p99 {bi} ms").format(
                b=round(result.before.tok_per_s), bi=_ms(result.before.itl_p99_ms)
            )
        )
        lines.append(
            translate("BenchWindow", "After: {a} tok/s, inter-token p99 {ai} ms").format(
                a=round(result.after.tok_per_s), ai=_ms(result.after.itl_p99_ms)
            )
        )
    if result.applied:
        lines.append(translate("BenchWindow", "Applied."))
    return "\n".join(lines)


def tune_status(event: TuneProgressed) -> str:
    """Where a tune stands: which start, what it measures, or how it ended."""
    run = translate("BenchWindow", "start {k} of at most {n}").format(
        k=event.start, n=event.max_starts
    )
    if event.phase == "starting":
        return translate("BenchWindow", "{run}: loading with --max-num-seqs {m}…").format(
            run=run, m=event.max_num_seqs
        )
    if event.phase == "restoring":
        return translate("BenchWindow", "Putting the model back as it was…")
    if event.phase == "cancelled":
        return translate("BenchWindow", "Cancelled; the model is as it was and nothing was saved.")
    if event.phase == "failed" and event.problem is not None:
        return problem_text(event.problem)
    if event.phase == "done":
        return translate("BenchWindow", "Done.")
    if event.phase == "confirm":
        phase = translate("BenchWindow", "confirming")
    else:
        phase = translate("BenchWindow", "measuring")
    if event.concurrency is not None:
        return translate("BenchWindow", "{run}: {phase} {c} requests at once…").format(
            run=run, phase=phase, c=event.concurrency
        )
    return translate("BenchWindow", "{run}: {phase}").format(run=run, phase=phase)


def _ms(value: float | None) -> str:
    return "–" if value is None else format_number(value, 0)
