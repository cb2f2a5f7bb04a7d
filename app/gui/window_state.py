"""Where windows open: each one where it was last (size, splitters, column widths, sort
order), a first one centred on the main window, and every one kept on the screen.

The state lives in its own file (`ui_state.json` in the state dir), apart from settings.json:
it is what the windows remember, not what the user chose, and losing it loses nothing. Its
`flags` are the same kind of memory: a hint shown, an offer made (`flag`, `set_flag`).
Every window calls `track(self, "name")` once; `install()` (run_gui) says where the file is.
Without `install()` (tests of one page, the screenshots) windows are still placed and kept
on the screen, and nothing is written.
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QMargins,
    QObject,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QCursor, QGuiApplication, QScreen
from PySide6.QtWidgets import QAbstractItemView, QApplication, QHeaderView, QSplitter, QWidget

from app.core.jsonstore import atomic_write_json
from app.core.settings.setting_upgrade import UI_STATE_VERSION
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)
W = TypeVar("W", bound=QWidget)

VERSION = UI_STATE_VERSION  # the launcher's upgrade writes flags into the same document
TRAY_HINT_SHOWN = "tray_hint_shown"  # flag: the 'still running in the tray' hint was shown
SAVE_DELAY_MS = 800  # moves and resizes come in bursts: write once they stop
KEY_PROPERTY = "vllm_tray_window_key"
PLACED_PROPERTY = "vllm_tray_window_placed"  # placed on its first show
FRAMED_PROPERTY = "vllm_tray_window_framed"  # checked again once its frame was known
PLACED_AT_PROPERTY = "vllm_tray_window_placed_at"  # the client area _fit gave it (a QRect)
# Before a window manager has framed a window, Qt does not know the frame: until one window
# was seen framed, assume a title bar this high, so that a first window is not placed with
# its bottom edge off the screen.
GUESSED_FRAME = QMargins(0, 32, 0, 0)
MAX_FRAME = 200  # px: a frame side read as more than this was read mid-reframe


def install(path: Path | None, parent: QObject | None = None) -> WindowStates:
    """The app's one WindowStates, reading and writing `path` (None: remember nothing)."""
    owner = parent or QCoreApplication.instance()
    existing = owner.findChild(WindowStates) if owner is not None else None
    if existing is not None:
        existing.deleteLater()
        existing.setParent(None)
    return WindowStates(path, owner)


def states() -> WindowStates:
    """The installed WindowStates, or one that remembers nothing for this process."""
    app = QCoreApplication.instance()
    found = app.findChild(WindowStates) if app is not None else None
    return found if found is not None else WindowStates(None, app)


def track(window: QWidget, key: str) -> None:
    """Place `window` when it is first shown and remember it under `key` from then on."""
    states().track(window, key)


def flag(name: str) -> bool:
    """Whether the windows remember `name` ("tray_hint_shown", "lemonade_offered")."""
    return states().flag(name)


def set_flag(name: str) -> None:
    states().set_flag(name)


def show_one(parent: QWidget, kind: type[W], make: Callable[[], W]) -> W:
    """`parent`'s one window of `kind` (made by `make` the first time), shown and raised."""
    window = parent.findChild(kind)
    if window is None:
        window = make()
    window.show()
    window.raise_()
    window.activateWindow()
    return window


def keep_on_screen(window: QWidget) -> None:
    """Move (and if need be shrink) a shown window that grew past the screen's edge."""
    states().keep_on_screen(window)


class WindowStates(QObject):
    """Places tracked windows on their first show; remembers them when they move, resize or
    hide, and when the app quits. Writes happen on a worker thread (an fsync'd atomic
    write), except `flush()`, which waits for them."""

    def __init__(self, path: Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.windows: dict[str, dict[str, Any]] = {}
        self.flags: dict[str, bool] = {}
        self.frame: QMargins | None = None  # the window manager's frame, once seen
        self._read()
        self._writer: ThreadPoolExecutor | None = None
        self._pending: Future[None] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        app = QCoreApplication.instance()
        if app is not None and path is not None:
            app.aboutToQuit.connect(self.flush)

    # -- the file ---------------------------------------------------------------------------
    def _read(self) -> None:
        if self.path is None:
            return
        try:
            data = parse_json(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            # Only where windows open is lost: they open centred, and the next save fixes it.
            log.warning("ignoring %s: %s", self.path, exc)
            return
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return
        windows = data.get("windows")
        if isinstance(windows, dict):
            self.windows = {k: v for k, v in windows.items() if isinstance(v, dict)}
        flags = data.get("flags")
        if isinstance(flags, dict):
            self.flags = {k: v for k, v in flags.items() if isinstance(v, bool)}
        frame = data.get("frame")
        if _ints(frame, 4):
            self.frame = QMargins(*frame)

    def _document(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": VERSION, "windows": self.windows}
        if self.flags:
            data["flags"] = self.flags
        if self.frame is not None:
            f = self.frame
            data["frame"] = [f.left(), f.top(), f.right(), f.bottom()]
        return data

    def _on_timer_timeout(self) -> None:
        if self.path is None:
            return
        if self._writer is None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="ui-state")
        # A copy: the GUI thread goes on changing `windows` while the worker writes.
        self._pending = self._writer.submit(
            _write, self.path, parse_json(json.dumps(self._document()))
        )

    def flush(self) -> None:
        """Remember every shown window and write now (the app is quitting)."""
        for window in self._tracked():
            if window.isVisible():
                self.remember(window)
        self._timer.stop()
        if self.path is None:
            return
        if self._pending is not None:
            with contextlib.suppress(Exception):
                self._pending.result(timeout=10)
        _write(self.path, self._document())

    # -- flags ------------------------------------------------------------------------------
    def flag(self, name: str) -> bool:
        return self.flags.get(name, False)

    def set_flag(self, name: str) -> None:
        """Remember `name` from now on (written with the windows' next save)."""
        if not self.flags.get(name):
            self.flags[name] = True
            self._timer.start()

    # -- windows ----------------------------------------------------------------------------
    def track(self, window: QWidget, key: str) -> None:
        window.setProperty(KEY_PROPERTY, key)
        window.installEventFilter(self)

    def _tracked(self) -> list[QWidget]:
        return [w for w in QApplication.topLevelWidgets() if w.property(KEY_PROPERTY)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(watched, QWidget) or not watched.isWindow():
            return False
        kind = event.type()
        if kind == QEvent.Type.Show and not watched.property(PLACED_PROPERTY):
            watched.setProperty(PLACED_PROPERTY, True)
            self.place(watched)
        elif kind in (QEvent.Type.Move, QEvent.Type.Resize) and watched.isVisible():
            self._on_framed(watched)
            self.remember(watched)
            self._timer.start()
        elif kind == QEvent.Type.Hide and watched.property(PLACED_PROPERTY):
            self.remember(watched)
            self._timer.start()
        return False

    def place(self, window: QWidget) -> None:
        """Restore `window`'s state, or centre it on its parent; then keep it on screen."""
        saved = self.windows.get(str(window.property(KEY_PROPERTY)), {})
        self._restore_views(window, saved)
        margins = self._margins()
        geometry = saved.get("geometry")
        if _ints(geometry, 4):
            inner = QRect(*geometry)
            inner.setSize(_needed(window, inner.size()))
        else:
            inner = QRect(QPoint(0, 0), _needed(window, window.size()))
            anchor = _anchor(window)
            if anchor is not None:
                # Client area on client area: the same frame around both. (The parent's
                # frameGeometry() is not to be trusted: read while a window manager is
                # reframing it, it can come back 1×1.)
                inner.moveCenter(anchor.geometry().center())
            else:
                inner.moveCenter(_screen_for(window, None).availableGeometry().center())
                # Centred as it will be seen: with its frame.
                inner.translate(
                    (margins.left() - margins.right()) // 2,
                    (margins.top() - margins.bottom()) // 2,
                )
        self._fit(window, inner, margins)
        if saved.get("maximized") is True:
            window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)

    def keep_on_screen(self, window: QWidget) -> None:
        if window.isVisible() and not (window.isMaximized() or window.isFullScreen()):
            self._fit(window, window.geometry(), self._margins())

    def _fit(self, window: QWidget, inner: QRect, margins: QMargins) -> None:
        """Give `window` the client area `inner`, moved and shrunk so that it lies inside
        the screen's free area with its frame around it."""
        frame = inner.marginsAdded(margins)
        area = _screen_for(window, frame).availableGeometry().marginsRemoved(margins)
        width = max(min(inner.width(), area.width()), window.minimumWidth())
        height = max(min(inner.height(), area.height()), window.minimumHeight())
        x = max(min(inner.x(), area.x() + area.width() - width), area.x())
        y = max(min(inner.y(), area.y() + area.height() - height), area.y())
        # setGeometry, not move(): the client area's own position, whatever frame the
        # window manager then puts around it.
        window.setGeometry(x, y, width, height)
        window.setProperty(PLACED_AT_PROPERTY, QRect(x, y, width, height))

    def _on_framed(self, window: QWidget) -> None:
        """Once the window manager has framed a window, its frame is known: if the guess
        was wrong, fit the window again, once."""
        if window.property(FRAMED_PROPERTY) or not window.isVisible():
            return
        frame = window.frameGeometry()
        inner = window.geometry()
        margins = QMargins(
            inner.left() - frame.left(),
            inner.top() - frame.top(),
            frame.right() - inner.right(),
            frame.bottom() - inner.bottom(),
        )
        if margins.isNull() or not _plausible(margins):
            return  # not framed yet, or read mid-reframe (or no window manager)
        window.setProperty(FRAMED_PROPERTY, True)
        self.frame = margins
        if window.isMaximized() or window.isFullScreen():
            return
        # Checked where the window was put, not where it reads now: while openbox reparents
        # a window, Qt sees its client area at (0, 0) for a moment, and fitting that reading
        # moved a restored window to the top left corner (one start in five).
        placed = window.property(PLACED_AT_PROPERTY)
        if isinstance(placed, QRect) and placed.isValid():
            inner = placed
        frame = inner.marginsAdded(margins)
        if not _screen_for(window, frame).availableGeometry().contains(frame):
            self._fit(window, inner, margins)

    def _margins(self) -> QMargins:
        return self.frame if self.frame is not None else GUESSED_FRAME

    def remember(self, window: QWidget) -> None:
        if self.path is None:
            return  # nothing kept: each window opens afresh (tests, screenshots)
        key = str(window.property(KEY_PROPERTY))
        state = dict(self.windows.get(key, {}))
        maximized = window.isMaximized()
        inner = window.normalGeometry() if maximized else window.geometry()
        if inner.isValid() and not window.isFullScreen():
            state["geometry"] = [inner.x(), inner.y(), inner.width(), inner.height()]
        state["maximized"] = maximized
        state.update(_view_states(window))
        self.windows[key] = state

    def _restore_views(self, window: QWidget, saved: dict[str, Any]) -> None:
        splitters = saved.get("splitters")
        if isinstance(splitters, dict):
            for name, splitter in _named(window, QSplitter).items():
                data = splitters.get(name)
                if isinstance(data, str):
                    splitter.restoreState(_decode(data))
        headers = saved.get("headers")
        if isinstance(headers, dict):
            for name, view in _named(window, QAbstractItemView).items():
                header = _header_of(view)
                data = headers.get(name)
                if header is None or not isinstance(data, str):
                    continue
                if header.restoreState(_decode(data)) and _sorting(view):
                    # The header keeps the indicator; the view sorts only when told.
                    view.sortByColumn(header.sortIndicatorSection(), header.sortIndicatorOrder())


def _write(path: Path, data: dict[str, Any]) -> None:
    # The state dir may not exist yet: the window can move before the engine made it.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_json(path, data)
    except OSError as exc:
        log.warning("could not write %s: %s", path, exc)


def _view_states(window: QWidget) -> dict[str, dict[str, str]]:
    splitters = {
        name: _encode(splitter.saveState()) for name, splitter in _named(window, QSplitter).items()
    }
    headers = {}
    for name, view in _named(window, QAbstractItemView).items():
        header = _header_of(view)
        if header is not None and header.count() > 0:
            headers[name] = _encode(header.saveState())
    return {"splitters": splitters, "headers": headers}


def _named(window: QWidget, kind: type[Any]) -> dict[str, Any]:
    """The window's own widgets of `kind` (not those of windows inside it), by object name
    or else by kind and position: the same name on every run of the same code."""
    found: dict[str, Any] = {}
    count = 0
    for child in window.findChildren(kind):
        if child.window() is not window:
            continue
        name = child.objectName() or f"{kind.__name__}{count}"
        count += 1
        found[name] = child
    return found


def _header_of(view: QAbstractItemView) -> QHeaderView | None:
    header = getattr(view, "horizontalHeader", None) or getattr(view, "header", None)
    found = header() if callable(header) else None
    return found if isinstance(found, QHeaderView) else None


def _sorting(view: QAbstractItemView) -> bool:
    enabled = getattr(view, "isSortingEnabled", None)
    return bool(enabled()) if callable(enabled) else False


def _needed(window: QWidget, wanted: QSize) -> QSize:
    """`wanted`, grown to what the window's layout needs: its minimum, and the height its
    word-wrapped labels take at that width (a layout does not grow a window for those: it
    squeezes the other widgets below their minimum instead)."""
    size = wanted.expandedTo(window.minimumSizeHint())
    if window.hasHeightForWidth():
        size.setHeight(max(size.height(), window.heightForWidth(size.width())))
    return size


def _anchor(window: QWidget) -> QWidget | None:
    """The window to centre on: the parent's window when it is on screen."""
    parent = window.parentWidget()
    if parent is None:
        return None
    top = parent.window()
    return top if top.isVisible() and not top.isMinimized() else None


def _screen_for(window: QWidget, frame: QRect | None) -> QScreen:
    screen = None
    if frame is not None:
        screen = QGuiApplication.screenAt(frame.center())
    if screen is None:
        anchor = _anchor(window)
        screen = anchor.screen() if anchor is not None else None
    if screen is None:
        screen = QGuiApplication.screenAt(QCursor.pos())
    return screen or QGuiApplication.primaryScreen()


def _plausible(margins: QMargins) -> bool:
    sides = (margins.left(), margins.top(), margins.right(), margins.bottom())
    return all(0 <= side <= MAX_FRAME for side in sides)


def _ints(value: object, n: int) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == n and all(type(v) is int for v in value)


def _encode(data: QByteArray) -> str:
    return base64.b64encode(bytes(data.data())).decode("ascii")


def _decode(text: str) -> QByteArray:
    try:
        return QByteArray(base64.b64decode(text, validate=True))
    except ValueError:
        return QByteArray()
