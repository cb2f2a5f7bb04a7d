"""Ports for children: who listens on a child's port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from app.core.contracts import CHILD_HOST
from app.supervisor.ports import foreign_listener


def test_a_listener_outside_the_childs_tree_is_named_and_one_inside_is_not() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((CHILD_HOST, 0))
        sock.listen()
        port = int(sock.getsockname()[1])
        assert foreign_listener(port, os.getpid()) is None  # this process is the "child"
        with subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE) as other:
            try:
                assert foreign_listener(port, other.pid) == os.getpid()
            finally:
                other.communicate(b"\n", timeout=30)
    assert foreign_listener(port, os.getpid()) is None  # nobody listens any more
