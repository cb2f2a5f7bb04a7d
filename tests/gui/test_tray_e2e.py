"""End to end: the real app (`python -m app`) on a real X server with a window manager and a
tray host — Xvfb, openbox, trayer — driven with xdotool as a person would: open the tray
menu, start the endpoint, load and unload a model, quit; the icon's colour is checked on
the screen at every step.

The session gets its own D-Bus bus (dbus-run-session) with no StatusNotifierWatcher on it, so
Qt shows an XEmbed icon, which trayer hosts (FACTS.md). The app runs as a subprocess; the
test waits on its log lines and on the X server's windows, never on fixed sleeps.
`make gui-test-deps` installs the programs (Debian packages xvfb openbox trayer xdotool
x11-utils imagemagick dbus and Qt's X11 libraries).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import fake_engine, make_model_folder

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "e2e"
PROGRAMS = ("Xvfb", "openbox", "trayer", "xdotool", "xwininfo", "import", "dbus-run-session")
# The tray icons' colours (app/gui/resources/tray-*.svg).
ICON_COLOURS = {
    "idle": (0x6B, 0x72, 0x80),
    "loading": (0xD9, 0x77, 0x06),
    "running": (0x15, 0x80, 0x3D),
    "error": (0xC6, 0x28, 0x28),
}
WAIT_S = 60.0


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def until(what: str, check: Callable[[], object], within: float = WAIT_S) -> object:
    """Poll `check` until it returns something true; fail saying `what` did not happen."""
    deadline = time.monotonic() + within
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Desktop:
    """Xvfb on a free display; everything else runs inside one dbus-run-session."""

    def __init__(self, tmp: Path) -> None:
        read, write = os.pipe()
        with (tmp / "xvfb.log").open("w") as log:
            argv = ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24"]
            self.xvfb = subprocess.Popen(
                [*argv, "-nolisten", "tcp"],
                pass_fds=(write,),
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        os.close(write)
        with os.fdopen(read) as pipe:
            self.display = ":" + pipe.readline().strip()
        self.env = {**os.environ, "DISPLAY": self.display}
        self.env.pop("QT_QPA_PLATFORM", None)  # the real platform: xcb
        self.env.pop("WAYLAND_DISPLAY", None)

    def run(self, *argv: str) -> str:
        return subprocess.run(
            argv, env=self.env, capture_output=True, text=True, check=True, timeout=30
        ).stdout

    def ask(self, *argv: str) -> str:
        """Like run, but "" when it fails: a window may go away between two questions."""
        try:
            return self.run(*argv)
        except subprocess.CalledProcessError:
            return ""

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.run("import", "-window", "root", str(path))
        return path

    def close(self) -> None:
        self.xvfb.terminate()
        self.xvfb.wait(10)


class App:
    """`python -m app` in a D-Bus session with openbox and trayer; its log is collected."""

    def __init__(self, desktop: Desktop, home: Path, log: Path) -> None:
        script = (
            "openbox >/dev/null 2>&1 & "
            "trayer --edge top --align right --widthtype request --height 32 "
            "--transparent false --tint 0xcccccc >/dev/null 2>&1 & "
            f"exec {sys.executable} -m app"
        )
        env = {**desktop.env, "VLLM_TRAY_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            ["dbus-run-session", "--", "sh", "-c", script],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # one group: the whole session ends with it
        )
        self.lines: list[str] = []
        self._log = log.open("w")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))
            self._log.write(line)
            self._log.flush()

    def logged(self, pattern: str, after: int = 0) -> Callable[[], str | None]:
        regex = re.compile(pattern)
        return lambda: next((x for x in self.lines[after:] if regex.search(x)), None)

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            # The whole session: dbus-daemon, openbox and trayer go with the app.
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self._reader.join(5)
        assert self.proc.stderr is not None
        self.proc.stderr.close()
        self._log.close()


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    missing = [p for p in PROGRAMS if shutil.which(p) is None]
    # Not a skip: this test is part of `make test`, whose setup installs them.
    assert not missing, f"missing {missing}: run `make gui-test-deps` (Debian/Ubuntu packages)"
    screen = Desktop(tmp_path)
    try:
        yield screen
    finally:
        screen.close()


def configure(tmp_path: Path, *settings: str) -> Path:
    """A config dir with the fake engine and one local model, set with the app's own CLI
    (`settings`: more KEY=VALUE for `config set`, after the endpoint is told not to start)."""
    home = tmp_path / "home"
    model = make_model_folder(tmp_path / "tiny")
    env = {**os.environ, "VLLM_TRAY_HOME": str(home)}
    cli = [sys.executable, "-m", "app"]
    for args in (
        [
            "config",
            "set",
            "engine.kind=custom",
            f"engine.custom_command={fake_engine('--fake-start-delay', '1')}",
            f"proxy.port={free_port()}",
            "proxy.autostart=false",
            *settings,
        ],
        ["pull", "user.tiny", "--checkpoint", str(model)],
    ):
        subprocess.run([*cli, *args], env=env, cwd=ROOT, check=True, capture_output=True)
    return home


def icon_window(desktop: Desktop) -> str | None:
    """The app's XEmbed icon: a 'vllm-tray' window inside trayer's panel."""
    tree = desktop.run("xwininfo", "-root", "-tree")
    in_panel = False
    for line in tree.splitlines():
        if '"panel": ("panel" "trayer")' in line:
            in_panel = True
        elif in_panel and '"vllm-tray")' in line:
            return line.split()[0]
    return None


def popups(desktop: Desktop) -> list[str]:
    """The app's menus on screen, topmost first: mapped popups of the app on the root
    window (xwininfo lists the root's children from the top of the stack down)."""
    found = []
    for line in desktop.run("xwininfo", "-root", "-children").splitlines():
        if '"vllm-tray")' not in line:
            continue
        window = line.split()[0]
        if "IsViewable" in desktop.ask("xwininfo", "-id", window):
            found.append(window)
    return found


def open_menu(desktop: Desktop) -> str | None:
    """The topmost open menu of the app, if one is on screen."""
    shown = popups(desktop)
    return shown[0] if shown else None


def icon_colour(desktop: Desktop, window: str) -> str:
    """Which status colour covers most of the icon as the screen shows it ("" for none).

    Read off the root window: an embedded icon's own window content is not what is shown.
    """
    geometry = icon_geometry(desktop, window)
    crop = "{}x{}+{}+{}".format(
        geometry["Width"],
        geometry["Height"],
        geometry["Absolute upper-left X"],
        geometry["Absolute upper-left Y"],
    )
    ppm = subprocess.run(
        ["import", "-window", "root", "-crop", crop, "-depth", "8", "ppm:-"],
        env=desktop.env,
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", ppm)
    assert header is not None and header.group(3) == b"255", ppm[:20]  # one byte a channel
    pixels = ppm[header.end() :]
    votes = dict.fromkeys(ICON_COLOURS, 0)
    for i in range(0, len(pixels) - 2, 3):
        rgb = pixels[i], pixels[i + 1], pixels[i + 2]
        for name, colour in ICON_COLOURS.items():
            if sum(abs(a - b) for a, b in zip(rgb, colour, strict=True)) < 60:
                votes[name] += 1
    best = max(votes, key=lambda name: votes[name])
    return best if votes[best] >= 20 else ""  # a 22 px icon's body is hundreds of pixels


def icon_geometry(desktop: Desktop, window: str) -> dict[str, int]:
    info = desktop.run("xwininfo", "-id", window)
    return {
        key: int(value)
        for key, value in re.findall(r"(Absolute upper-left [XY]|Width|Height):\s+(-?\d+)", info)
    }


def right_click(desktop: Desktop) -> None:
    """Right-click the middle of the icon, found afresh (Qt may give it a new window)."""
    window = until("the icon in trayer", lambda: icon_window(desktop))
    assert isinstance(window, str)
    box = icon_geometry(desktop, window)
    x = box["Absolute upper-left X"] + box["Width"] // 2
    y = box["Absolute upper-left Y"] + box["Height"] // 2
    # Moved there first and waited for: Qt drops a click that comes before the pointer
    # has entered the icon's window.
    desktop.run("xdotool", "mousemove", "--sync", "2", "2")
    desktop.run("xdotool", "mousemove", "--sync", str(x), str(y))
    desktop.run("xdotool", "click", "3")


def press(desktop: Desktop, *keys: str) -> None:
    """Press keys in the open menu, each sent to the topmost menu's own window: a key sent
    to the focus before the popup has grabbed the keyboard would go to the main window."""
    for key in keys:
        shown = popups(desktop)
        assert shown, f"no menu is open for {key}"
        # Its release may find the menu gone (the key chose an entry): not an error.
        desktop.ask("xdotool", "key", "--window", shown[0], key)
        if key == "Right":
            until("the submenu", lambda: len(popups(desktop)) > len(shown))  # noqa: B023


def test_tray_menu_of_the_real_app_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    home = configure(tmp_path)
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window and tray are up"))
        until("the icon in trayer", lambda: icon_window(desktop))
        until("the idle icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "idle")

        def open_tray_menu() -> str:
            """Right-click the icon until its menu is on screen (Qt drops a click that
            comes while it still closes the last popup; a person would click again)."""
            shown = len(app.lines)
            for attempt in range(3):
                right_click(desktop)
                try:
                    until("the tray menu", lambda: open_menu(desktop), within=2)
                except AssertionError:
                    print(f"menu did not open, attempt {attempt}")
                    desktop.screenshot(f"tray-menu-did-not-open-{attempt}")
                    continue
                entries = until("the menu's entries", app.logged(r"tray menu: ", after=shown))
                assert isinstance(entries, str)
                return entries
            raise AssertionError("the tray menu did not open (screenshots in artifacts/e2e)")

        def choose(keys: tuple[str, ...], effect: str, shot: str = "") -> None:
            """Open the menu, press `keys`, and wait for the app to log `effect`. A key
            pressed before the popup grabbed the keyboard is lost: then close and retry."""
            for attempt in range(3):
                mark = len(app.lines)
                open_tray_menu()
                if shot:
                    desktop.screenshot(shot)
                press(desktop, *keys)
                try:
                    until(effect, app.logged(effect, after=mark), within=15)
                    return
                except AssertionError:
                    print(f"keys {keys} lost, attempt {attempt}; log: {app.lines[mark:]}")
                    desktop.screenshot(f"tray-keys-lost-{attempt}")
                    while open_menu(desktop):
                        press(desktop, "Escape")
            raise AssertionError(f"{keys} in the tray menu did not lead to {effect!r}")

        entries = open_tray_menu()
        assert "Endpoint stopped | S&tart endpoint" in entries
        assert "tiny — local folder > &Load" in entries
        desktop.screenshot("tray-menu-open")
        press(desktop, "Escape")
        until("the menu to close", lambda: not open_menu(desktop))

        choose(("t",), r"endpoint started from the tray")  # S&tart endpoint
        # Down to the model's submenu, open it, its &Load.
        choose(("Down", "Down", "Right", "l"), r"tray icon: loading", shot="tray-menu-load")
        until("running", app.logged(r"tray icon: running"))
        until(
            "the running icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "running"
        )
        desktop.screenshot("tray-running")

        entries = open_tray_menu()
        assert "tiny — running" in entries and "> &Unload" in entries
        assert "S&top endpoint" in entries
        press(desktop, "Escape")
        until("the menu to close", lambda: not open_menu(desktop))
        choose(("Down", "Down", "Right", "u"), r"tray icon: idle")  # &Unload
        until("the idle icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "idle")

        choose(("t",), r"endpoint stopped from the tray")  # S&top endpoint
        entries = open_tray_menu()
        assert "Endpoint stopped | S&tart endpoint" in entries
        press(desktop, "Escape")
        until("the menu to close", lambda: not open_menu(desktop))
        choose(("q",), r"quitting: stopping every model")  # &Quit
        assert app.proc.wait(WAIT_S) == 0
    finally:
        app.stop()


def window_named(desktop: Desktop, name: str) -> str | None:
    """A mapped top-level window whose title is exactly `name`."""
    found = desktop.ask("xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(name)}$")
    return found.split()[0] if found.split() else None


def test_the_limits_page_refuses_a_bad_value_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    """Issue 11's limits in the real app, by keyboard: a largest request over the memory for
    all bodies is refused next to the field, Enter does not store it (OK is disabled) and
    settings.json is untouched; a right pair is stored."""
    home = configure(tmp_path)
    settings_file = home / "settings.json"
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window and tray are up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        desktop.run("xdotool", "windowactivate", "--sync", main)
        desktop.run("xdotool", "key", "--clearmodifiers", "ctrl+comma")
        dialog = until("the settings dialog", lambda: window_named(desktop, "vLLM Tray settings"))
        assert isinstance(dialog, str)
        desktop.screenshot("settings-open")
        before = settings_file.read_bytes()
        # Click the first page in the list (its top left corner, past the dialog's margin),
        # then down to the third, Limits.
        box = icon_geometry(desktop, dialog)
        x, y = box["Absolute upper-left X"] + 30, box["Absolute upper-left Y"] + 20
        desktop.run("xdotool", "mousemove", "--sync", str(x), str(y))
        desktop.run("xdotool", "click", "1")
        keys(desktop, "Down", "Down")
        # &Largest request: 200 MiB, over the 128 MiB of memory for all bodies.
        keys(desktop, "alt+l", "ctrl+a")
        desktop.run("xdotool", "type", "--delay", "20", "200")
        desktop.screenshot("settings-limits-refused")
        keys(desktop, "Return")  # OK is disabled: Enter stores nothing and closes nothing
        time.sleep(1)  # what an enabled OK would have done by now (it writes in < 0.1 s)
        assert settings_file.read_bytes() == before
        assert window_named(desktop, "vLLM Tray settings") == dialog

        keys(desktop, "alt+m", "ctrl+a")  # &Memory for all bodies at once
        desktop.run("xdotool", "type", "--delay", "20", "400")
        desktop.screenshot("settings-limits-right")
        keys(desktop, "Return")
        until("the dialog to close", lambda: window_named(desktop, "vLLM Tray settings") is None)
        stored = json.loads(settings_file.read_text())
        assert (stored["proxy.max_body_mb"], stored["proxy.body_budget_mb"]) == (200, 400)
        assert app.logged(r"Traceback")() is None
    finally:
        app.stop()


def test_a_hidden_start_with_the_endpoint_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    """gui.start_hidden and proxy.autostart, as `config set` stores them, in the real app:
    only the tray icon appears, and the endpoint answers from the start (the other tests
    here start with proxy.autostart=false and find it stopped)."""
    home = configure(tmp_path, "gui.start_hidden=true", "proxy.autostart=true")
    port = json.loads((home / "settings.json").read_text())["proxy.port"]
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window and tray are up"))
        until("the icon in trayer", lambda: icon_window(desktop))
        until("the endpoint", lambda: endpoint_answers(port))
        desktop.screenshot("hidden-start")
        assert window_named(desktop, "vLLM Tray") is None  # in the tray only
    finally:
        app.stop()


def endpoint_answers(port: int) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/live", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def keys(desktop: Desktop, *names: str) -> None:
    """Press keys in the focused window, as a person at the keyboard."""
    for name in names:
        desktop.run("xdotool", "key", "--clearmodifiers", name)
