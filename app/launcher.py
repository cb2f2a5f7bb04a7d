"""The `vllm-tray` entry point: a subcommand runs in the terminal, no subcommand opens the GUI.

It sits above both front-ends so that app.cli never imports app.gui (import-linter).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: Sequence[str] | None = None) -> int:
    from app.cli.main import build_parser, run

    args = build_parser().parse_args(argv)
    if getattr(args, "func", None) is not None:
        return run(args)
    if not has_display():
        print(
            "vllm-tray: no display found, so the window cannot open. To run the engine and "
            "the OpenAI-compatible endpoint without a desktop, use: vllm-tray serve",
            file=sys.stderr,
        )
        return 1
    return run_desktop(args)


def run_desktop(args: object) -> int:
    from app.cli.context import runtime_from
    from app.gui.app import run_gui
    from app.runtime.facade import ThreadFacade
    from app.runtime.thread import RuntimeThread

    runtime = runtime_from(args)  # type: ignore[arg-type]

    def make_facade() -> ThreadFacade:
        thread = RuntimeThread(runtime, serve=bool(runtime.settings.get("proxy.autostart")))
        thread.start()
        return ThreadFacade(thread)

    hidden = bool(getattr(args, "hidden", False)) or bool(runtime.settings.get("gui.start_hidden"))
    return run_gui(make_facade, start_hidden=hidden, instance_key=str(runtime.paths.config_dir))


if __name__ == "__main__":
    raise SystemExit(main())
