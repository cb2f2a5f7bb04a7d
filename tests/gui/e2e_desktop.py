"""A desktop for end-to-end tests: Xvfb, a session D-Bus of its own, openbox, and on request
a tray host — trayer (XEmbed) or a StatusNotifierWatcher (tests/fakes/fake_desktop_bus.py) —
and a notification server; the real app (`python -m app`) as a subprocess whose log the
tests wait on, never fixed sleeps.

`make gui-test-deps` installs the programs (Debian packages xvfb openbox trayer xdotool
x11-utils imagemagick dbus and Qt's X11 libraries).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tests.fakes.engine_runtime import fake_engine, make_model_folder
from tests.fakes.fake_desktop_bus import Stub
from tests.pipes import close_when_read

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "e2e"
PROGRAMS = ("Xvfb", "openbox", "trayer", "xdotool", "xwininfo", "import", "dbus-daemon")
# The tray icons' colours (app/gui/resources/tray-*.svg).
ICON_COLOURS = {
    "idle": (0x6B, 0x72, 0x80),
    "loading": (0xD9, 0x77, 0x06),
    "running": (0x15, 0x80, 0x3D),
    "error": (0xC6, 0x28, 0x28),
}
WAIT_S = 60.0
# WM_CLASS of the app's windows: instance "vllm-tray" (the menu entry's StartupWMClass),
# class "vLLM Tray" (the application's name); xwininfo prints both.
APP_CLASS = '("vllm-tray" "vLLM Tray")'


def missing_programs() -> list[str]:
    return [p for p in PROGRAMS if shutil.which(p) is None]


@contextlib.contextmanager
def desktop_session(tmp: Path, size: str = "1280x800") -> Iterator[Desktop]:
    """A Desktop for one test, closed after it; the programs must be there (not a skip: the
    end-to-end tests are part of `make test`, whose setup installs them)."""
    missing = missing_programs()
    assert not missing, f"missing {missing}: run `make gui-test-deps` (Debian/Ubuntu packages)"
    screen = Desktop(tmp, size=size)
    try:
        yield screen
    finally:
        screen.close()


def free_port() -> int:
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
    """Xvfb on a free display, a dbus-daemon session bus and openbox; trayer and the
    D-Bus stubs are started and stopped by the test, as a panel comes and goes."""

    def __init__(self, tmp: Path, size: str = "1280x800") -> None:
        self.tmp = tmp
        read, write = os.pipe()
        with (tmp / "xvfb.log").open("w") as log:
            argv = ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24"]
            self.xvfb = subprocess.Popen(
                [*argv, "-nolisten", "tcp"],
                pass_fds=(write,),
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        os.close(write)
        with os.fdopen(read) as pipe:
            self.display = ":" + pipe.readline().strip()
        # A short folder of its own: unix socket paths are limited to 108 bytes.
        self._bus_dir = Path(tempfile.mkdtemp(prefix="vt-bus-"))
        self.dbus = subprocess.Popen(
            [
                "dbus-daemon",
                "--session",
                "--nofork",
                "--nopidfile",
                "--print-address",
                f"--address=unix:path={self._bus_dir / 'bus'}",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.dbus.stdout is not None
        self.bus_address = self.dbus.stdout.readline().strip()
        assert self.bus_address, "dbus-daemon did not start"
        self.env = {
            **os.environ,
            "DISPLAY": self.display,
            "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
        }
        self.env.pop("QT_QPA_PLATFORM", None)  # the real platform: xcb
        self.env.pop("WAYLAND_DISPLAY", None)
        self.openbox = subprocess.Popen(
            ["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.trayer: subprocess.Popen[bytes] | None = None
        self.stubs: list[Stub] = []

    # -- what a session's panel and services do -------------------------------------------
    def start_trayer(self) -> None:
        assert self.trayer is None or self.trayer.poll() is not None
        self.trayer = subprocess.Popen(
            [
                "trayer",
                "--edge",
                "top",
                "--align",
                "right",
                "--widthtype",
                "request",
                "--height",
                "32",
                "--transparent",
                "false",
                "--tint",
                "0xcccccc",
            ],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        until("trayer's panel", lambda: "trayer" in self.run("xwininfo", "-root", "-tree"))

    def kill_trayer(self) -> None:
        """As a panel that crashes: SIGKILL, no goodbye to the icons it holds."""
        assert self.trayer is not None
        self.trayer.kill()
        self.trayer.wait(10)
        self.trayer = None

    def stub(self, kind: str) -> Stub:
        """A fake StatusNotifierWatcher ("watcher") or notification server, not started."""
        stub = Stub(kind, self.bus_address, self.tmp / f"{kind}.jsonl")
        self.stubs.append(stub)
        return stub

    # -- looking at the screen -------------------------------------------------------------
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
        for stub in self.stubs:
            stub.stop()
        if self.trayer is not None:
            self.trayer.kill()
            self.trayer.wait(10)
        for process in (self.openbox, self.dbus, self.xvfb):
            process.terminate()
            process.wait(10)
        if self.dbus.stdout is not None:
            self.dbus.stdout.close()
        shutil.rmtree(self._bus_dir, ignore_errors=True)


class App:
    """`python -m app` on the desktop; its log is collected line by line."""

    def __init__(
        self,
        desktop: Desktop,
        home: Path,
        log: Path,
        *,
        args: Sequence[str] = (),
        command: Sequence[str] = (sys.executable, "-m", "app"),
        env: dict[str, str] | None = None,
    ) -> None:
        env = {**desktop.env, "VLLM_TRAY_HOME": str(home), "PYTHONPATH": str(ROOT), **(env or {})}
        self.proc = subprocess.Popen(
            [*command, *args],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # one group: its engine children go with it
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
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        close_when_read(self.proc.stderr, self._reader)
        self._log.close()


def configure(
    tmp_path: Path, *settings: str, command: Sequence[str] = (sys.executable, "-m", "app")
) -> Path:
    """A config dir with the fake engine and one local model, set with the app's own CLI
    (`settings`: more KEY=VALUE for `config set`, after the endpoint is told not to start)."""
    home = tmp_path / "home"
    model = make_model_folder(tmp_path / "tiny")
    env = {**os.environ, "VLLM_TRAY_HOME": str(home)}
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
        subprocess.run([*command, *args], env=env, cwd=ROOT, check=True, capture_output=True)
    return home


# -- the X server's windows ------------------------------------------------------------------
def icon_window(desktop: Desktop) -> str | None:
    """The app's XEmbed icon: one of its windows inside trayer's panel."""
    tree = desktop.run("xwininfo", "-root", "-tree")
    in_panel = False
    for line in tree.splitlines():
        if '"panel": ("panel" "trayer")' in line:
            in_panel = True
        elif in_panel and APP_CLASS in line:
            return line.split()[0]
    return None


def popups(desktop: Desktop) -> list[str]:
    """The app's menus on screen, topmost first: mapped popups of the app on the root
    window (xwininfo lists the root's children from the top of the stack down)."""
    found = []
    for line in desktop.run("xwininfo", "-root", "-children").splitlines():
        if APP_CLASS not in line:
            continue
        window = line.split()[0]
        if "IsViewable" in desktop.ask("xwininfo", "-id", window):
            found.append(window)
    return found


def open_menu(desktop: Desktop) -> str | None:
    """The topmost open menu of the app, if one is on screen."""
    shown = popups(desktop)
    return shown[0] if shown else None


def window_named(desktop: Desktop, name: str) -> str | None:
    """A mapped top-level window whose title is exactly `name`."""
    found = desktop.ask("xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(name)}$")
    return found.split()[0] if found.split() else None


def app_window(desktop: Desktop, title: str) -> str | None:
    """A mapped top-level window of the app titled `title`, with or without the " — vLLM
    Tray" Qt adds to it on some platforms (the application's display name)."""
    found = desktop.ask(
        "xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(title)}( — vLLM Tray)?$"
    )
    return found.split()[0] if found.split() else None


def geometry(desktop: Desktop, window: str) -> dict[str, int]:
    info = desktop.run("xwininfo", "-id", window)
    return {
        key: int(value)
        for key, value in re.findall(r"(Absolute upper-left [XY]|Width|Height):\s+(-?\d+)", info)
    }


def dominant_colour(rgb_pixels: bytes, minimum: int = 20) -> str:
    """Which status colour covers most of an RGB image ("" for none)."""
    votes = dict.fromkeys(ICON_COLOURS, 0)
    for i in range(0, len(rgb_pixels) - 2, 3):
        rgb = rgb_pixels[i], rgb_pixels[i + 1], rgb_pixels[i + 2]
        for name, colour in ICON_COLOURS.items():
            if sum(abs(a - b) for a, b in zip(rgb, colour, strict=True)) < 60:
                votes[name] += 1
    best = max(votes, key=lambda name: votes[name])
    return best if votes[best] >= minimum else ""


def icon_colour(desktop: Desktop, window: str) -> str:
    """The status colour of the icon as the screen shows it, read off the root window: an
    embedded icon's own window content is not what is shown. "" when the window went away
    meanwhile (a tray that just came re-embeds the icon in a new window): look again."""
    try:
        box = geometry(desktop, window)
    except subprocess.CalledProcessError:
        return ""
    crop = "{}x{}+{}+{}".format(
        box["Width"], box["Height"], box["Absolute upper-left X"], box["Absolute upper-left Y"]
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
    return dominant_colour(ppm[header.end() :])  # a 22 px icon's body is hundreds of pixels


def right_click(desktop: Desktop) -> None:
    """Right-click the middle of the icon, found afresh (Qt may give it a new window)."""
    window = until("the icon in trayer", lambda: icon_window(desktop))
    assert isinstance(window, str)
    box = geometry(desktop, window)
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


def open_tray_menu(desktop: Desktop, within: float = 5) -> str:
    """Right-click the icon until its menu is on screen; its window. Qt drops a click that
    comes while it still closes the last popup or hides a window, and a person would click
    again."""
    for attempt in range(3):
        right_click(desktop)
        try:
            found = until("the tray menu", lambda: open_menu(desktop), within=within)
        except AssertionError:
            print(f"menu did not open, attempt {attempt}")
            desktop.screenshot(f"tray-menu-did-not-open-{attempt}")
            continue
        assert isinstance(found, str)
        return found
    raise AssertionError("the tray menu did not open (screenshots in artifacts/e2e)")


def close_menus(desktop: Desktop) -> None:
    """Escape until no menu of the app is on screen (an Escape that comes while the popup
    is still being mapped can be lost, as a person's would be: press it again)."""
    for _attempt in range(5):
        if not open_menu(desktop):
            return
        press(desktop, "Escape")
        try:
            until("the menu to close", lambda: not open_menu(desktop), within=3)
            return
        except AssertionError:
            continue
    raise AssertionError("the menu did not close on Escape (screenshots in artifacts/e2e)")


def keys(desktop: Desktop, *names: str) -> None:
    """Press keys in the focused window, as a person at the keyboard."""
    for name in names:
        desktop.run("xdotool", "key", "--clearmodifiers", name)


def close_to_tray(desktop: Desktop, window: str) -> None:
    """Close the window with the window manager's Alt+F4, as a person does, until it is
    gone (hidden to the tray); a key that arrives before the window has the focus is lost
    on a busy machine, and then a person presses it again."""
    for _attempt in range(3):
        desktop.ask("xdotool", "windowactivate", "--sync", window)
        keys(desktop, "alt+F4")
        try:
            until("the window to hide", lambda: window_named(desktop, "vLLM Tray") is None, 10)
            return
        except AssertionError:
            continue
    raise AssertionError("Alt+F4 did not close the window")
