"""Hugging Face search results as a Qt table model, and the words for a result's fit.

One row per result of the search service (app.runtime.search.search); its details (size,
format, architecture, context, fit) arrive later, a few at a time, and fill the row in.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, Qt
from PySide6.QtCore import QPersistentModelIndex as _Persistent
from PySide6.QtGui import QColor, QPalette
from PySide6.QtGui import Qt as GuiQt

from app.core.memory.fit import ArchSupport, FitVerdict, WeightFormat
from app.core.problems.problems import Problem
from app.gui.i18n import format_bytes, format_compact, format_int, problem_text
from app.gui.theme import error_color, ok_color, warning_color
from app.runtime.api.values import ModelDetails, SearchResult

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
REPO_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | _Persistent
Found = ModelDetails | Problem | None  # None: not fetched yet


# Direct translate("SearchResults", "…") calls with literals, which lupdate reads (it cannot see
# the strings a wrapper function is given).
translate = QCoreApplication.translate


class SearchColumn(IntEnum):
    """In the order a person choosing reads them: can it run here, then how popular."""

    MODEL = 0
    FIT = 1
    SIZE = 2
    ARCHITECTURE = 3
    GATED = 4
    DOWNLOADS = 5
    LIKES = 6
    UPDATED = 7
    QUANTIZATION = 8
    CONTEXT = 9
    LICENSE = 10


def column_titles() -> dict[SearchColumn, str]:
    return {
        SearchColumn.MODEL: translate("SearchResults", "Model"),
        SearchColumn.FIT: translate("SearchResults", "Fits here?"),
        SearchColumn.SIZE: translate("SearchResults", "Size"),
        SearchColumn.ARCHITECTURE: translate("SearchResults", "Architecture"),
        SearchColumn.QUANTIZATION: translate("SearchResults", "Weights"),
        SearchColumn.CONTEXT: translate("SearchResults", "Max context"),
        SearchColumn.DOWNLOADS: translate("SearchResults", "Downloads"),
        SearchColumn.LIKES: translate("SearchResults", "Likes"),
        SearchColumn.UPDATED: translate("SearchResults", "Updated"),
        SearchColumn.LICENSE: translate("SearchResults", "License"),
        SearchColumn.GATED: translate("SearchResults", "Access"),
    }


def fit_label(found: Found) -> str:
    """The plain label: fits / fits at ctx N / won't fit (or why it cannot be told)."""
    if found is None:
        return translate("SearchResults", "checking…")
    if isinstance(found, Problem):
        return translate("SearchResults", "unknown")
    fit = found.fit
    if fit.verdict is FitVerdict.FITS:
        return translate("SearchResults", "fits")
    if fit.verdict is FitVerdict.FITS_SHORTER:
        return translate("SearchResults", "fits at ctx {ctx}").format(
            ctx=format_int(fit.max_ctx or 0)
        )
    if fit.verdict is FitVerdict.WONT_FIT:
        return translate("SearchResults", "won't fit")
    if fit.verdict is FitVerdict.NOT_LOADABLE:
        return translate("SearchResults", "not loadable by vLLM")
    if fit.verdict is FitVerdict.CANNOT_RUN:
        return translate("SearchResults", "cannot run")
    return translate("SearchResults", "unknown")


def fit_detail(d: ModelDetails) -> str:
    """One sentence on what the label rests on."""
    fit = d.fit
    budget = format_bytes(fit.budget_bytes)
    if fit.verdict is FitVerdict.NOT_LOADABLE:
        if d.weight_format is WeightFormat.GGUF:
            return translate(
                "SearchResults",
                "This repository has only GGUF files, which vLLM cannot load from Hugging "
                "Face. Look for the same model in safetensors format.",
            )
        return translate("SearchResults", "This repository holds no model weights.")
    if fit.cannot_run is not None:
        return problem_text(fit.cannot_run)
    if fit.verdict is FitVerdict.UNKNOWN:
        return translate(
            "SearchResults", "Weights {weights} of {budget} for models; the rest cannot be read."
        ).format(weights=format_bytes(d.weights_bytes), budget=budget)
    if fit.verdict is FitVerdict.FITS_SHORTER:
        needs = translate(
            "SearchResults",
            "Needs about {needed} at context {ctx}, of {budget} for models. It fits with a "
            "context of {fitting} tokens.",
        )
    elif fit.verdict is FitVerdict.WONT_FIT:
        needs = translate(
            "SearchResults",
            "Needs about {needed} at context {ctx}, of {budget} for models. Not even a short "
            "context fits.",
        )
    else:
        needs = translate(
            "SearchResults", "Needs about {needed} at context {ctx}, of {budget} for models."
        )
    return needs.format(
        needed=format_bytes(fit.needed_bytes),
        ctx=format_int(fit.ctx_size),
        budget=budget,
        fitting=format_int(fit.max_ctx or 0),
    )


def support_word(d: ModelDetails) -> str:
    """The table's short form: the architecture and whether the pinned vLLM runs it."""
    arch = d.architecture or translate("SearchResults", "not stated")
    words = {
        ArchSupport.GENERATE: translate("SearchResults", "supported"),
        ArchSupport.POOLING: translate("SearchResults", "embeddings only"),
        ArchSupport.DRAFT: translate("SearchResults", "draft model"),
        ArchSupport.REMOVED: translate("SearchResults", "not supported"),
        ArchSupport.PLUGIN: translate("SearchResults", "needs a plugin"),
        ArchSupport.UNKNOWN: translate("SearchResults", "not supported"),
        ArchSupport.MISSING: translate("SearchResults", "unknown"),
    }
    return translate("SearchResults", "{architecture} ({support})").format(
        architecture=arch, support=words[d.support]
    )


def support_text(d: ModelDetails) -> str:
    arch = d.architecture or translate("SearchResults", "not stated")
    words = {
        ArchSupport.GENERATE: translate("SearchResults", "runs on vLLM {version}"),
        ArchSupport.POOLING: translate("SearchResults", "embeddings only, not chat"),
        ArchSupport.DRAFT: translate("SearchResults", "a draft model, not served alone"),
        ArchSupport.REMOVED: translate("SearchResults", "no longer in vLLM {version}"),
        ArchSupport.PLUGIN: translate("SearchResults", "needs a vLLM plugin"),
        ArchSupport.UNKNOWN: translate("SearchResults", "not supported by vLLM {version}"),
        ArchSupport.MISSING: translate("SearchResults", "unknown to vLLM"),
    }
    return translate("SearchResults", "{architecture} ({support})").format(
        architecture=arch, support=words[d.support].format(version=d.vllm_version)
    )


def format_text(d: ModelDetails) -> str:
    kinds = {
        WeightFormat.SAFETENSORS: "safetensors",
        WeightFormat.PYTORCH: "PyTorch .bin",
        WeightFormat.GGUF: "GGUF",
        WeightFormat.NONE: translate("SearchResults", "no weights"),
    }
    if d.weight_format is WeightFormat.NONE:
        return kinds[d.weight_format]
    return translate("SearchResults", "{size} {format}").format(
        size=format_bytes(d.weights_bytes), format=kinds[d.weight_format]
    )


def loadable(found: Found) -> bool:
    """Whether a download of it could succeed: weights vLLM loads, and access to them (a
    gated repository's terms accepted, which its config.json being readable shows)."""
    if not isinstance(found, ModelDetails):
        return False
    gated = found.problem is not None and found.problem.code == "search.gated"
    return not gated and found.weight_format not in (WeightFormat.GGUF, WeightFormat.NONE)


def cannot_run(found: Found) -> Problem | None:
    """Why a result that could be downloaded cannot run here (Download asks first)."""
    return found.fit.cannot_run if isinstance(found, ModelDetails) else None


class SearchResultsModel(QAbstractTableModel):
    """The results of one search; `set_details` fills a row in when its details arrive."""

    def __init__(self, palette: QPalette, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._palette = palette
        self.results: list[SearchResult] = []
        self.found: dict[str, Found] = {}
        self._titles = column_titles()

    def set_results(self, results: list[SearchResult]) -> None:
        """Results whose repository ids were checked where they came in
        (app.downloads.search.search)."""
        self.beginResetModel()
        self.results = list(results)
        self.found = {r.model.repo_id: r.details for r in results}
        self.endResetModel()

    def set_details(self, repo_id: str, found: ModelDetails | Problem) -> None:
        if repo_id not in self.found:
            return  # a result of an earlier search
        self.found[repo_id] = found
        row = next(i for i, r in enumerate(self.results) if r.model.repo_id == repo_id)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(SearchColumn) - 1))

    def result(self, row: int) -> SearchResult | None:
        return self.results[row] if 0 <= row < len(self.results) else None

    def row_of(self, repo_id: str) -> int:
        return next((i for i, r in enumerate(self.results) if r.model.repo_id == repo_id), -1)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 — Qt's signature
        return 0 if parent.isValid() else len(self.results)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 — Qt's signature
        return 0 if parent.isValid() else len(SearchColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[SearchColumn(section)]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        result = self.result(index.row())
        if result is None:
            return None
        column = SearchColumn(index.column())
        found = self.found.get(result.model.repo_id)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(result, found, column)
        if role == REPO_ROLE:
            return result.model.repo_id
        if role == Qt.ItemDataRole.ForegroundRole and column == SearchColumn.FIT:
            return self._fit_color(found)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(result, found, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in _NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, result: SearchResult, found: Found, column: SearchColumn) -> str:  # noqa: C901 — one case per column
        m = result.model
        d = found if isinstance(found, ModelDetails) else None
        if column == SearchColumn.MODEL:
            return m.repo_id
        if column == SearchColumn.FIT:
            return fit_label(found)
        if column == SearchColumn.DOWNLOADS:
            return format_compact(m.downloads) if m.downloads is not None else "—"
        if column == SearchColumn.LIKES:
            return format_int(m.likes) if m.likes is not None else "—"
        if column == SearchColumn.UPDATED:
            return m.last_modified.date().isoformat() if m.last_modified else "—"
        if column == SearchColumn.LICENSE:
            return m.license or "—"
        if column == SearchColumn.GATED:
            return (
                translate("SearchResults", "gated")
                if m.gated
                else translate("SearchResults", "open")
            )
        if d is None:
            return "…" if found is None else "—"
        if column == SearchColumn.SIZE:
            return format_text(d)
        if column == SearchColumn.ARCHITECTURE:
            return support_word(d)
        if column == SearchColumn.QUANTIZATION:
            return d.quantization or "—"
        return format_int(d.fit.model_max_ctx) if d.fit.model_max_ctx else "—"

    def _tooltip(self, result: SearchResult, found: Found, column: SearchColumn) -> str:
        """The cell's whole story as plain text: Qt takes a tooltip that looks like HTML for
        rich text, and names, tags and config.json's words come from the hub."""
        if isinstance(found, Problem):
            text = problem_text(found)
        elif column == SearchColumn.FIT and isinstance(found, ModelDetails):
            text = fit_detail(found)
        elif column == SearchColumn.ARCHITECTURE and isinstance(found, ModelDetails):
            text = support_text(found)
        else:
            text = self._text(result, found, column)
        return str(GuiQt.convertFromPlainText(text))

    def _fit_color(self, found: Found) -> QColor | None:
        if not isinstance(found, ModelDetails):
            return None
        verdict = found.fit.verdict
        if verdict is FitVerdict.FITS:
            return ok_color(self._palette)
        if verdict is FitVerdict.FITS_SHORTER:
            return warning_color(self._palette)
        if verdict in (FitVerdict.WONT_FIT, FitVerdict.NOT_LOADABLE, FitVerdict.CANNOT_RUN):
            return error_color(self._palette)
        return None


_NUMERIC = frozenset(
    {SearchColumn.DOWNLOADS, SearchColumn.LIKES, SearchColumn.CONTEXT, SearchColumn.SIZE}
)
