"""What the Cluster window says under its table: a check's findings, one sentence per problem
(each names the machine, the step and what to do), where a start stands, and the view."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea

from app.gui.i18n import format_duration, problem_text
from app.runtime.api.cluster import ClusterPhase, ClusterReport, ClusterView

MOST_LISTED = 6  # problems listed under the table after a check; the table has them all


# Direct translate("ClusterWindow", "…") calls with literals, which lupdate reads: the
# Cluster window's sentences, in its context.
translate = QCoreApplication.translate


class ClusterCounts(QObject):
    """The window's counted sentences, each with its plural forms. lupdate takes a message as
    a plural only from `self.tr(text, "", n)`: from translate() with a variable n it came out
    singular, and every language showed "4 problem(s)" (issue 32 item 9)."""

    def problems(self, n: int) -> str:
        return self.tr("Not ready: %n problem(s) to fix first.", "", n)

    def more(self, n: int) -> str:
        return self.tr("…and %n more in the table above.", "", n)

    def checking(self, n: int) -> str:
        return self.tr("Checking the %n machine(s)…", "", n)

    def loading(self, n: int) -> str:
        return self.tr("Loading the model across %n machine(s)…", "", n)

    def loading_for(self, n: int) -> str:
        """With "{elapsed}" to fill in."""
        return self.tr(
            "Loading the model across %n machine(s)… ({elapsed} so far; the model list shows "
            "its progress)",
            "",
            n,
        )


COUNTS = ClusterCounts()


def report_outcome(report: ClusterReport) -> str:
    """ "Every machine is ready", or how many problems stand in the way and each one."""
    if report.ok:
        return translate("ClusterWindow", "Every machine is ready: the cluster can start.")
    found = [problem_text(p) for p in report.problems]
    more = len(found) - MOST_LISTED
    lines = [COUNTS.problems(len(found))]
    lines += [f"• {text}" for text in found[:MOST_LISTED]]
    if more > 0:
        lines.append(COUNTS.more(more))
    return "\n".join(lines)


def phase_text(view: ClusterView, now: float | None = None) -> str:
    """Where a start stands: checking, starting the workers, loading (for how long)."""
    machines = view.config.nnodes
    if view.phase is ClusterPhase.CHECKING:
        return COUNTS.checking(machines)
    if view.phase is ClusterPhase.STARTING_WORKERS:
        addresses = ", ".join(w.address for w in view.config.workers)
        return translate("ClusterWindow", "Starting the workers on {addresses}…").format(
            addresses=addresses
        )
    if view.phase_since is None:
        return COUNTS.loading(machines)
    elapsed = format_duration((now or time.time()) - view.phase_since)
    return COUNTS.loading_for(machines).format(elapsed=elapsed)


def outcome_view() -> tuple[QLabel, QScrollArea]:
    """The label for the outcome, hidden, in a scroll area of a few lines' least height: a
    check's list of problems made the window's least height more than a laptop's screen
    (issue 32 item 11). All of it stays, a scroll away; the window grows for it as far as
    the screen lets it."""
    label = QLabel()
    label.setObjectName("cluster-outcome")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    area = QScrollArea()
    area.setWidget(label)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setMinimumHeight(label.fontMetrics().lineSpacing() * 3 + 4)
    area.setSizeAdjustPolicy(QScrollArea.SizeAdjustPolicy.AdjustToContents)
    area.hide()
    return label, area
