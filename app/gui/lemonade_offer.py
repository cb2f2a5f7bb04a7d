"""The first-run offer to import a Lemonade user's vLLM setup: what would change, then Import.

Made once: when Lemonade's config or bundle is found and the import would change something,
the dialog lists the changes (and what would be left out, and why); whatever the answer,
`gui.lemonade_offered` remembers that it was asked. Later imports: `vllm-tray import-lemonade`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.lemonade_plan import Change, ChangeKind, ImportPlan
from app.gui.commands import CommandFailed, FailureReporter, call
from app.gui.i18n import format_bytes, format_int, problem_text, translate
from app.gui.store import AppStore
from app.gui.window_state import set_flag, track
from app.runtime.services import Facade

OFFERED = "lemonade_offered"  # the windows' flag (app.gui.window_state)


def _options_text(change: Change) -> str:
    ctx = change.values.get("ctx_size")
    args = change.values.get("vllm_args") or ""
    context = (
        format_int(ctx) if ctx is not None else translate("LemonadeImportDialog", "the default")
    )
    if args:
        return translate(
            "LemonadeImportDialog", "Options of {model}: context {ctx} tokens, arguments {args}"
        ).format(model=change.target, ctx=context, args=args)
    return translate("LemonadeImportDialog", "Options of {model}: context {ctx} tokens").format(
        model=change.target, ctx=context
    )


def change_text(change: Change) -> str:
    """One change in the user's language."""
    kind, values = change.kind, change.values
    if kind is ChangeKind.ADD_MODEL:
        return translate("LemonadeImportDialog", "Add the model {model} ({checkpoint})").format(
            model=change.target, checkpoint=change.new
        )
    if kind is ChangeKind.REPLACE_MODEL:
        return translate(
            "LemonadeImportDialog", "Point {model} at {checkpoint} instead of {old}"
        ).format(model=change.target, checkpoint=change.new, old=change.old)
    if kind is ChangeKind.SET_OPTIONS:
        return _options_text(change)
    if kind is ChangeKind.SET_SETTING:
        return translate("LemonadeImportDialog", "Set {setting} to {value}").format(
            setting=change.target, value=change.new
        )
    if kind is ChangeKind.LINK_FILES:
        return translate(
            "LemonadeImportDialog",
            "Use the downloaded files of {repo} ({size}) without copying them",
        ).format(repo=change.target, size=format_bytes(values.get("bytes")))
    return translate(
        "LemonadeImportDialog", "Use Lemonade's vLLM bundle {tag} as the ROCm engine"
    ).format(tag=values["tag"])


class LemonadeImportDialog(QDialog):
    """What importing would do: Import applies it, Not now leaves everything as it is."""

    def __init__(self, plan: ImportPlan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lemonadeImportDialog")
        self.setWindowTitle(self.tr("Import from Lemonade"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Lemonade Server's vLLM setup was found in {path}. vLLM Tray can take it over; "
                "nothing is downloaded or copied again, and Lemonade's files stay as they are."
            ).format(path=plan.source)
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.changes = QListWidget()
        self.changes.setObjectName("lemonadeChanges")
        self.changes.setWordWrap(True)
        self.changes.addItems([change_text(c) for c in plan.changes])
        layout.addWidget(self.changes)
        self.skipped = QLabel(
            "\n".join(
                self.tr("Not imported: {what}").format(what=problem_text(s.problem))
                for s in plan.skipped
            )
        )
        self.skipped.setWordWrap(True)
        self.skipped.setVisible(bool(plan.skipped))
        layout.addWidget(self.skipped)
        later = QLabel(self.tr("You can import later with: vllm-tray import-lemonade"))
        later.setWordWrap(True)
        layout.addWidget(later)
        buttons = QDialogButtonBox()
        self.import_button = buttons.addButton(
            self.tr("&Import"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.later_button = buttons.addButton(
            self.tr("&Not now"), QDialogButtonBox.ButtonRole.RejectRole
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 420)
        track(self, "lemonade-import")


async def _answer(dialog: QDialog) -> bool:
    """Open `dialog` (never exec(): no nested loop in an async slot) and wait for its answer."""
    loop = asyncio.get_running_loop()
    answered: asyncio.Future[bool] = loop.create_future()

    def finished(result: int) -> None:
        if not answered.done():
            answered.set_result(result == QDialog.DialogCode.Accepted)

    dialog.finished.connect(finished)
    dialog.open()
    return await answered


async def offer_lemonade_import(
    facade: Facade,
    *,
    store: AppStore,
    parent: QWidget,
    failures: FailureReporter,
    notice: Callable[[str], None],
) -> LemonadeImportDialog | None:
    """Offer the import once. Returns the dialog when one was shown (tests look at it)."""
    try:
        plan = await call(facade.submit(lambda s: s.lemonade.plan()))
    except CommandFailed as failure:
        failures.report(failure)
        return None
    if not plan.found:
        return None  # Lemonade may be installed later: ask again at the next start
    dialog: LemonadeImportDialog | None = None
    accepted = False
    if plan.changes:
        dialog = LemonadeImportDialog(plan, parent)
        accepted = await _answer(dialog)
    try:
        set_flag(OFFERED)
        if accepted:
            result = await call(facade.submit(lambda s: s.lemonade.apply(plan)))
            notice(
                translate("LemonadeImportDialog", "Imported {count} changes from Lemonade.").format(
                    count=format_int(len(result.applied))
                )
            )
    except CommandFailed as failure:
        failures.report(failure)
    return dialog
