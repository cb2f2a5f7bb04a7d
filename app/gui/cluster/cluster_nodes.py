"""The Cluster window's machines: each as typed (ADDR[:PORT]), the table of what a check found."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHeaderView, QTableWidget

from app.core.cluster.cluster import DEFAULT_AGENT_PORT, WorkerNode
from app.gui.forms import set_text_row, text_columns
from app.gui.i18n import format_number, problem_text

if TYPE_CHECKING:  # the engine's modules load with the window, not with the app (startup)
    from app.runtime.api.cluster import ClusterReport

LINK_WIDTH = 180  # px: the link's figures wrap onto two lines in it

# Direct translate("ClusterWindow", "…") calls with literals, which lupdate reads: the
# Cluster window's sentences, in its context.
translate = QCoreApplication.translate


class NodesTable(QTableWidget):
    """Read-only; one row per machine, this one first."""

    def __init__(self) -> None:
        super().__init__()
        text_columns(
            self,
            [
                translate("ClusterWindow", "Machine"),
                translate("ClusterWindow", "Engine"),
                translate("ClusterWindow", "Model files"),
                translate("ClusterWindow", "Link"),
                translate("ClusterWindow", "Problems"),
            ],
        )
        # The link's figures wrap onto two lines; the problems take the rest.
        header = self.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(3, max(LINK_WIDTH, header.sectionSizeFromContents(3).width()))

    def show_report(self, report: ClusterReport) -> None:
        rows: list[tuple[str, str, str, str, str]] = []
        if report.head is not None:
            head = report.head
            rows.append(
                (
                    translate("ClusterWindow", "this machine"),
                    f"{head.engine_kind} {head.engine_version or ''}".strip(),
                    (head.fingerprint or "—")[:12],
                    "",
                    "",
                )
            )
        for node in report.nodes:
            info = node.info
            link = ""
            if node.link is not None:
                link = (
                    translate("ClusterWindow", "%1 ms, %2 MB/s from it, %3 MB/s to it")
                    .replace("%1", format_number(node.link.rtt_ms, 2))
                    .replace("%2", format_number(node.link.down_mb_s, 0))
                    .replace("%3", format_number(node.link.up_mb_s, 0))
                )
            problems = " ".join(problem_text(p) for p in node.problems)
            rows.append(
                (
                    f"{node.rank}: {node.address}",
                    f"{info.engine_kind} {info.engine_version or ''}".strip() if info else "—",
                    (info.fingerprint or "—")[:12] if info else "—",
                    link,
                    problems or translate("ClusterWindow", "ready"),
                )
            )
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            set_text_row(self, r, row, row)


def worker_text(worker: WorkerNode) -> str:
    """The address as the form shows it: the agent's port only when not the default."""
    if worker.agent_port == DEFAULT_AGENT_PORT:
        return worker.address
    host = f"[{worker.address}]" if ":" in worker.address else worker.address
    return f"{host}:{worker.agent_port}"


def parse_worker(text: str) -> WorkerNode:
    """`ADDR`, `ADDR:PORT` or `[IPv6]:PORT`; what is not a port is left to validation."""
    if text.startswith("[") and "]:" in text:
        address, port = text[1:].split("]:", 1)
    elif text.count(":") == 1:
        address, port = text.split(":", 1)
    else:
        return WorkerNode(address=text.strip("[]"))
    try:
        return WorkerNode(address=address, agent_port=int(port))
    except ValueError:
        return WorkerNode(address=text)
