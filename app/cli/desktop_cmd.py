"""`vllm-tray desktop install|uninstall`: the arguments only; app.launcher runs the command,
because the files and icons it writes live in the GUI package (app.gui.desktop_install)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "desktop",
        parents=[common],
        help="add vLLM Tray to your desktop's menu (icons, AppStream data, autostart) or remove it",
    )
    actions = p.add_subparsers(dest="desktop", metavar="install|uninstall", required=True)
    install = actions.add_parser(
        "install",
        parents=[common],
        help="install the menu entry, icons and AppStream data for you, and check the "
        "system libraries Qt needs",
    )
    install.add_argument(
        "--autostart", action="store_true", help="also start vLLM Tray when you log in"
    )
    actions.add_parser(
        "uninstall",
        parents=[common],
        help="remove what `desktop install` added (settings and models stay)",
    )
