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

from app.core.lemonade.lemonade_plan import Change, ChangeKind, ImportPlan
from app.gui.commands import CommandFailed, FailureReporter, call
from app.gui.forms import setting_label
from app.gui.i18n import format_bytes, format_int, problem_text, translate
from app.gui.store import AppStore
from app.gui.window_state import set_flag, track
from app.runtime.api.services import Facade

OFFERED = "lemonade_offered"  # the windows' flag (app.gui.window_state)


def _options_text(change: Change) -> str:
    # Each case a whole sentence, so a language can order its words its own way.
    shown = change.shown  # never `values`: those keep a key in the arguments unhidden
    ctx, args = shown.get("ctx_size"), shown.get("vllm_args") or ""
    if ctx is None and args:
        return translate(
            "LemonadeImportDialog",
            "Options of {model}: the default context size, vLLM arguments {args}",
        ).format(model=change.target, args=args)
    if ctx is None:
        return translate(
            "LemonadeImportDialog", "Options of {model}: the default context size"
        ).format(model=change.target)
    if args:
        return translate(
            "LemonadeImportDialog", "Options of {model}: context size {ctx}, vLLM arguments {args}"
        ).format(model=change.target, ctx=format_int(ctx), args=args)
    return translate("LemonadeImportDialog", "Options of {model}: context size {ctx}").format(
        model=change.target, ctx=format_int(ctx)
    )


def _setting_text(change: Change) -> str:
    """A setting by the label its page shows, never by its key (`models.ctx_size`)."""
    value = change.shown.get("value", change.new)
    shown = format_int(value) if isinstance(value, int) and not isinstance(value, bool) else value
    return translate("LemonadeImportDialog", "Set {setting} to {value}").format(
        setting=setting_label(change.target), value=shown
    )


def change_text(change: Change) -> str:
    """One change in the user's language, its secrets hidden (`Change.shown`)."""
    kind, values = change.kind, change.shown
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
        return _setting_text(change)
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

    def imported_text(self, n: int) -> str:
        """What the window says after the import (lupdate takes a plural only from self.tr)."""
        return self.tr("Imported %n change(s) from Lemonade.", "", n)


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
    done: Callable[[str], None],
) -> LemonadeImportDialog | None:
    """Offer the import once; `done` says, as good news, what was imported. Returns the
    dialog when one was shown (tests look at it)."""
    try:
        plan = await call(facade.submit(lambda s: s.lemonade.plan()))
    except CommandFailed as failure:
        failures.report(failure)
        return None
    if not plan.found:
        return None  # Lemonade may be installed later: ask again at the next start
    if not plan.changes:
        set_flag(OFFERED)
        return None
    dialog = LemonadeImportDialog(plan, parent)
    accepted = await _answer(dialog)
    try:
        set_flag(OFFERED)
        if accepted:
            result = await call(facade.submit(lambda s: s.lemonade.apply(plan)))
            done(dialog.imported_text(len(result.applied)))
    except CommandFailed as failure:
        failures.report(failure)
    return dialog
