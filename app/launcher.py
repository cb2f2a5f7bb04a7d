"""The `vllm-tray` entry point: a subcommand runs in the terminal, no subcommand opens the GUI.

It sits above both front-ends so that app.cli never imports app.gui (import-linter).
"""

from __future__ import annotations

import argparse
import ctypes
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple


class SystemLibrary(NamedTuple):
    soname: str
    debian: str  # the package on Debian and Ubuntu
    fedora: str
    arch: str


# What Qt's X11 platform plugin (libqxcb) links against beyond libxcb itself, read off
# `ldd` of PySide6's plugin. A fresh desktop often lacks some of them, and then Qt aborts
# with a message that names none of these packages.
XCB_LIBRARIES = (
    SystemLibrary("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    SystemLibrary("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    SystemLibrary("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    SystemLibrary("libxcb-image.so.0", "libxcb-image0", "xcb-util-image", "xcb-util-image"),
    SystemLibrary(
        "libxcb-render-util.so.0",
        "libxcb-render-util0",
        "xcb-util-renderutil",
        "xcb-util-renderutil",
    ),
    SystemLibrary("libxcb-util.so.1", "libxcb-util1", "xcb-util", "xcb-util"),
    SystemLibrary("libxcb-shape.so.0", "libxcb-shape0", "libxcb", "libxcb"),
    SystemLibrary("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb", "libxcb"),
    SystemLibrary(
        "libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"
    ),
)


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def uses_xcb(env: Mapping[str, str]) -> bool:
    """Whether Qt will open the window through X11 (its xcb platform plugin)."""
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].startswith("xcb")
    wayland = bool(env.get("WAYLAND_DISPLAY")) and env.get("XDG_SESSION_TYPE") == "wayland"
    return bool(env.get("DISPLAY")) and not wayland


def loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_xcb_libraries(
    env: Mapping[str, str], loadable: Callable[[str], bool] | None = None
) -> list[SystemLibrary]:
    """The X11 libraries Qt will need and cannot load (none when X11 is not used)."""
    if not uses_xcb(env):
        return []
    check = loadable or loads
    return [lib for lib in XCB_LIBRARIES if not check(lib.soname)]


def missing_libraries_message(missing: Sequence[SystemLibrary]) -> str:
    """One sentence: which packages to install, and the command for the usual systems."""
    debian = " ".join(dict.fromkeys(lib.debian for lib in missing))
    fedora = " ".join(dict.fromkeys(lib.fedora for lib in missing))
    arch = " ".join(dict.fromkeys(lib.arch for lib in missing))
    names = ", ".join(lib.soname for lib in missing)
    return (
        f"vllm-tray: the window cannot open because Qt needs system libraries that are not "
        f"installed ({names}); install them with `sudo apt install {debian}` "
        f"(Fedora: `sudo dnf install {fedora}`, Arch: `sudo pacman -S {arch}`) and start "
        f"vllm-tray again."
    )


def main(argv: Sequence[str] | None = None) -> int:
    from app.core.paths import private_umask

    # Every file vLLM Tray (and each process it starts) creates is the user's alone.
    with private_umask():
        return _run(argv)


def gui_arguments(argv: Sequence[str]) -> argparse.Namespace | None:
    """The options of a plain `vllm-tray` (the window), or None for anything else.

    The window's start skips building the whole command line (every subcommand's module,
    and through them the engine's: a second or more); anything this does not know — a
    subcommand, --help, --version, a typo — goes to the full parser, which says the rest.
    """
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    parser.add_argument("--config-dir", default=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS)
    parser.add_argument("--hidden", action="store_true")
    try:
        args, rest = parser.parse_known_args(list(argv))
    except argparse.ArgumentError:
        return None
    return None if rest else args


def upgrade_config(args: argparse.Namespace) -> None:
    """Bring a settings.json an older version wrote up to today's names, before anything
    reads it (app.core.settings.setting_upgrade); a failure leaves the file as it was."""
    from app.core.paths import resolve_paths
    from app.core.settings.setting_upgrade import upgrade

    try:
        upgrade(resolve_paths(getattr(args, "config_dir", None)))
    except Exception:  # the old names are still read: a failed upgrade loses nothing
        logging.getLogger(__name__).warning("could not upgrade the settings", exc_info=True)


def _run(argv: Sequence[str] | None) -> int:
    args = gui_arguments(sys.argv[1:] if argv is None else argv)
    if args is None:
        from app.cli.main import build_parser, run

        args = build_parser(argv).parse_args(argv)
        if getattr(args, "func", None) is not None:
            upgrade_config(args)
            return run(args)
        if getattr(args, "desktop", None) is not None:
            return run_desktop_install(args)
    if not has_display():
        print(
            "vllm-tray: no display found, so the window cannot open. To run the engine and "
            "the OpenAI-compatible endpoint without a desktop, use: vllm-tray serve",
            file=sys.stderr,
        )
        return 1
    missing = missing_xcb_libraries(os.environ)
    if missing:
        print(missing_libraries_message(missing), file=sys.stderr)
        return 1
    return run_desktop(args)


def run_desktop_install(args: argparse.Namespace) -> int:
    """`vllm-tray desktop install|uninstall`; an install also checks Qt's X11 libraries
    (as on X11, which Wayland sessions use too through XWayland) before the first start."""
    from app.cli.context import paths_from
    from app.gui.desktop_install import run

    for line in run(
        args.desktop,
        autostart=getattr(args, "autostart", False),
        settings_file=paths_from(args).settings_file,
    ):
        print(line)
    if args.desktop != "install":
        return 0
    missing = missing_xcb_libraries({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"})
    if missing:
        print(missing_libraries_message(missing), file=sys.stderr)
        return 1
    print(f"the system libraries Qt needs are there ({len(XCB_LIBRARIES)} checked)")
    print("done: start vLLM Tray from your menu, or run vllm-tray")
    return 0


def run_desktop(args: argparse.Namespace) -> int:
    from app.core.paths import resolve_paths
    from app.core.settings.settings import Settings
    from app.gui.app import run_gui

    logging.basicConfig(
        level=logging.DEBUG if getattr(args, "verbose", False) else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    paths = resolve_paths(getattr(args, "config_dir", None))
    upgrade_config(args)
    # What the start itself decides, read without the runtime (the runtime reads them again).
    settings = Settings(paths.settings_file).as_dict()

    def make_facade() -> Any:
        # On a worker thread once the window is up (app.gui.startup): importing and starting
        # the runtime takes seconds, and the window needs none of it to appear.
        from app.cli.context import paths_from, warn_problems
        from app.runtime.composition.facade import ThreadFacade
        from app.runtime.composition.runtime import Runtime
        from app.runtime.composition.thread import RuntimeThread

        runtime = Runtime(paths_from(args))
        warn_problems(runtime.services)
        autostart = runtime.services.config.value("proxy.autostart")
        thread = RuntimeThread(runtime, serve=bool(autostart))
        thread.start()
        return ThreadFacade(thread)

    hidden = bool(getattr(args, "hidden", False)) or bool(settings.get("gui.start_hidden"))
    return run_gui(
        make_facade,
        start_hidden=hidden,
        instance_key=str(paths.config_dir),
        language=str(settings.get("gui.language")),
        ui_state=paths.ui_state_file,
        settings=settings,
    )


if __name__ == "__main__":
    raise SystemExit(main())
