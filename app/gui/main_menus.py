"""The main window's menus, toolbar and keys: File, Model, the model actions' toolbar."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from app.gui.batch_page import BatchPageOpener
from app.runtime.services import Facade

if TYPE_CHECKING:
    from app.gui.main_window import MainWindow

# Direct translate("MainWindow", "…") calls with literals, which lupdate reads: the main
# window's sentences, in its context.
translate = QCoreApplication.translate


def build_menus(window: MainWindow, facade: Facade) -> None:
    """Make the window's actions (`add_action`, `settings_action`, …), menus and toolbar."""
    actions = window.actions_
    window.add_action = _action(
        window, translate("MainWindow", "&Add model…"), window.open_add_model
    )
    window.add_action.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
    window.settings_action = _action(
        window, translate("MainWindow", "Se&ttings…"), window.open_settings
    )
    window.settings_action.setShortcut(QKeySequence("Ctrl+,"))
    # Toolbar buttons drop the "…": say which settings each one opens.
    window.settings_action.setIconText(translate("MainWindow", "App settings"))
    actions.settings.setIconText(translate("MainWindow", "Model settings"))
    close_action = _action(window, translate("MainWindow", "&Close window"), window.close)
    close_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Close))
    quit_action = _action(window, translate("MainWindow", "&Quit"), window.quit_question.ask)
    # Ctrl+Q where the platform's theme names no Quit key (the offscreen one, bare X11).
    quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
    find_action = _action(window, translate("MainWindow", "&Find"), window.focus_filter)
    find_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
    window.addAction(find_action)

    file_menu = window.menuBar().addMenu(translate("MainWindow", "&File"))
    file_menu.addAction(window.add_action)
    file_menu.addAction(window.settings_action)
    window.batch_jobs = BatchPageOpener(facade, window)
    file_menu.addAction(window.batch_jobs.action)
    window.cluster_action = _action(
        window, translate("MainWindow", "C&luster…"), window.open_cluster
    )
    file_menu.addAction(window.cluster_action)
    window.remotes_action = _action(
        window, translate("MainWindow", "&Remote servers…"), window.open_remotes
    )
    file_menu.addAction(window.remotes_action)
    file_menu.addSeparator()
    file_menu.addAction(close_action)
    file_menu.addAction(quit_action)
    window.model_menu = window.menuBar().addMenu(translate("MainWindow", "&Model"))
    for action in (*actions.all, actions.prewarm):  # pre-warm: issue 23
        window.model_menu.addAction(action)
    window.model_menu.addSeparator()
    window.model_menu.addAction(actions.bench)

    toolbar = QToolBar(translate("MainWindow", "Model actions"))
    toolbar.setObjectName("model-actions")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    toolbar.setMovable(False)
    toolbar.addAction(window.add_action)
    toolbar.addSeparator()
    for action in actions.all:
        toolbar.addAction(action)
    toolbar.addSeparator()
    toolbar.addAction(window.settings_action)
    window.addToolBar(toolbar)
    window.toolbar = toolbar


def _action(window: MainWindow, text: str, slot: Callable[[], object]) -> QAction:
    action = QAction(text, window)
    action.triggered.connect(slot)
    return action
