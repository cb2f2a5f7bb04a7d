"""The main window's menus, toolbar and keys: File, Model, the model actions' toolbar."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from app.gui.batch_page import BatchPageOpener
from app.gui.model_actions import ModelActions
from app.runtime.api.services import Facade

# Direct translate("MainWindow", "…") calls with literals, which lupdate reads: the main
# window's sentences, in its context.
translate = QCoreApplication.translate

Slot = Callable[[], object]


@dataclass(frozen=True)
class Menus:
    """What the window and its tests reach again."""

    add_action: QAction
    settings_action: QAction
    cluster_action: QAction
    remotes_action: QAction
    batch_jobs: BatchPageOpener
    model_menu: QMenu
    toolbar: QToolBar


def build_menus(
    window: QMainWindow,
    actions: ModelActions,
    facade: Facade,
    *,
    add_model: Slot,
    settings: Slot,
    cluster: Slot,
    remotes: Slot,
    quit: Slot,
    find: Slot,
) -> Menus:
    """Put the File and Model menus, the toolbar and the Find key on `window`."""
    add_action = _action(window, translate("MainWindow", "&Add model…"), add_model)
    add_action.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
    settings_action = _action(window, translate("MainWindow", "Se&ttings…"), settings)
    settings_action.setShortcut(QKeySequence("Ctrl+,"))
    # Toolbar buttons drop the "…": say which settings each one opens.
    settings_action.setIconText(translate("MainWindow", "App settings"))
    actions.settings.setIconText(translate("MainWindow", "Model settings"))
    close_action = _action(window, translate("MainWindow", "&Close window"), window.close)
    close_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Close))
    quit_action = _action(window, translate("MainWindow", "&Quit"), quit)
    # Ctrl+Q where the platform's theme names no Quit key (the offscreen one, bare X11).
    quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
    find_action = _action(window, translate("MainWindow", "&Find"), find)
    find_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
    window.addAction(find_action)

    file_menu = window.menuBar().addMenu(translate("MainWindow", "&File"))
    file_menu.addAction(add_action)
    file_menu.addAction(settings_action)
    batch_jobs = BatchPageOpener(facade, window)
    file_menu.addAction(batch_jobs.action)
    cluster_action = _action(window, translate("MainWindow", "C&luster…"), cluster)
    file_menu.addAction(cluster_action)
    remotes_action = _action(window, translate("MainWindow", "&Remote servers…"), remotes)
    file_menu.addAction(remotes_action)
    file_menu.addSeparator()
    file_menu.addAction(close_action)
    file_menu.addAction(quit_action)
    model_menu = window.menuBar().addMenu(translate("MainWindow", "&Model"))
    for action in (*actions.all, actions.prewarm):  # pre-warm: issue 23
        model_menu.addAction(action)
    model_menu.addSeparator()
    model_menu.addAction(actions.bench)

    toolbar = QToolBar(translate("MainWindow", "Model actions"))
    toolbar.setObjectName("model-actions")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    toolbar.setMovable(False)
    toolbar.addAction(add_action)
    toolbar.addSeparator()
    for action in actions.all:
        toolbar.addAction(action)
    toolbar.addSeparator()
    toolbar.addAction(settings_action)
    window.addToolBar(toolbar)
    return Menus(
        add_action, settings_action, cluster_action, remotes_action, batch_jobs, model_menu, toolbar
    )


def _action(window: QMainWindow, text: str, slot: Slot) -> QAction:
    action = QAction(text, window)
    action.triggered.connect(slot)
    return action
