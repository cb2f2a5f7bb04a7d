"""One app per user and config dir: a second launch asks the first to show its window."""

from __future__ import annotations

import getpass
import hashlib
import logging

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

ACTIVATE = b"activate\n"
CONNECT_TIMEOUT_MS = 500


def server_name(key: str = "") -> str:
    """A socket name unique per user and per `key` (e.g. the config dir), short enough for
    the 108-byte limit of Unix socket paths."""
    digest = hashlib.sha256(f"{getpass.getuser()}\0{key}".encode()).hexdigest()[:16]
    return f"vllm-tray-{digest}"


class SingleInstance(QObject):
    """`notify_running()` first; if it returns False, `listen()` and serve `activated`."""

    activated = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._server: QLocalServer | None = None

    def notify_running(self) -> bool:
        """True when another instance answered and was asked to show itself.

        Blocks for at most CONNECT_TIMEOUT_MS, before the GUI exists, so nothing freezes.
        """
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(CONNECT_TIMEOUT_MS):
            return False
        socket.write(ACTIVATE)
        socket.flush()
        socket.waitForBytesWritten(CONNECT_TIMEOUT_MS)
        socket.disconnectFromServer()
        return True

    def listen(self) -> bool:
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            # A crashed instance leaves its socket file behind; nobody answered on it above.
            QLocalServer.removeServer(self.name)
            if not server.listen(self.name):
                log.warning("single-instance socket %s: %s", self.name, server.errorString())
                return False
        server.newConnection.connect(self._on_server_new_connection)
        self._server = server
        return True

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(self._on_socket_ready_read)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _on_socket_ready_read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        if ACTIVATE.strip() in bytes(socket.readAll().data()):
            self.activated.emit()

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
