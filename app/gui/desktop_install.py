"""`vllm-tray desktop install|uninstall`: the menu entry, icons and AppStream metadata for the
current user, written from the installed package, and removed exactly as written.

Called after `uv tool install` / `pipx install` (packaging/install.sh runs both); a manifest
lists every file and folder this made, with each file's hash, so `uninstall` removes what it
added and nothing else: a file changed since (or not made here) is left, and said so.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from app.core.untrusted import parse_json
from app.gui.autostart import (
    DESKTOP_FILE,
    autostart_dir,
    exec_value,
    launch_argv,
    set_start_at_login,
)
from app.gui.icons import icon_path

APP = "vllm-tray"
METAINFO = "io.github.vllm_tray.VllmTray.metainfo.xml"
MARKER = "X-VLLM-Tray-Installed-By=vllm-tray desktop install"
# The hicolor sizes menus, docks, task switchers and software centres ask for.
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
MANIFEST = "desktop-install.json"


def data_home() -> Path:
    base = os.environ.get("XDG_DATA_HOME", "")  # the spec: ignore an empty or relative value
    return Path(base) if base.startswith("/") else Path.home() / ".local" / "share"


def shipped(name: str) -> Path:
    """A file of the desktop integration shipped in the package (app/gui/desktop)."""
    return Path(str(resources.files("app.gui").joinpath("desktop", name)))


def menu_entry(exec_line: str) -> str:
    """The shipped entry with `Exec` set to this installation's command by absolute path, so
    the menu works before ~/.local/bin is on the session's PATH."""
    lines = shipped(DESKTOP_FILE).read_text(encoding="utf-8").splitlines()
    assert f"Exec={APP}" in lines, "the shipped entry runs the console script"
    out = [f"Exec={exec_line}" if line == f"Exec={APP}" else line for line in lines]
    return "\n".join([*out, MARKER]) + "\n"


def render_png(size: int) -> bytes:
    """app.svg at `size` px, as PNG (Qt's SVG renderer; no display needed)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(icon_path("app"))).render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # str at run time; stubs say bytes
    buffer.close()
    return bytes(data.data())


def planned_files(exec_line: str) -> dict[Path, bytes]:
    """Every file `install` writes, under XDG_DATA_HOME, with its content."""
    home = data_home()
    icons = home / "icons" / "hicolor"
    files = {
        home / "applications" / DESKTOP_FILE: menu_entry(exec_line).encode(),
        home / "metainfo" / METAINFO: shipped(METAINFO).read_bytes(),
        icons / "scalable" / "apps" / f"{APP}.svg": icon_path("app").read_bytes(),
        icons / "symbolic" / "apps" / f"{APP}-symbolic.svg": icon_path("app-symbolic").read_bytes(),
    }
    for size in PNG_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP}.png"] = render_png(size)
    return files


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Manifest:
    """What install made: files (path → sha256) and the folders it had to create."""

    path: Path
    files: dict[str, str] = field(default_factory=dict)
    folders: list[str] = field(default_factory=list)

    @classmethod
    def load(cls) -> Manifest:
        path = data_home() / APP / MANIFEST
        try:
            raw = parse_json(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        return cls(path, dict(raw.get("files", {})), list(raw.get("folders", [])))

    def save(self) -> None:
        self.make_folder(self.path.parent)
        body = {"files": self.files, "folders": self.folders}
        self.path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")

    def make_folder(self, folder: Path) -> None:
        """mkdir -p, remembering each folder that did not exist (outermost first)."""
        missing = [p for p in [folder, *folder.parents] if not p.exists()]
        for created in reversed(missing):
            created.mkdir()
            if str(created) not in self.folders:
                self.folders.append(str(created))


def ours(path: Path, known: dict[str, str]) -> bool:
    try:
        return digest(path.read_bytes()) == known.get(str(path))
    except OSError:
        return False


def install(*, autostart: bool, settings_file: Path | None = None) -> list[str]:
    """Write the files; returns one line per step for the terminal."""
    manifest = Manifest.load()
    said = []
    exec_line = exec_value(launch_argv())
    for path, data in planned_files(exec_line).items():
        if path.exists() and not ours(path, manifest.files):
            said.append(f"left {path} alone: it was not made by vllm-tray desktop install")
            continue
        manifest.make_folder(path.parent)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        manifest.files[str(path)] = digest(data)
        said.append(f"installed {path}")
    # Icon caches compare their time with the theme folder's; touching it marks them stale.
    (data_home() / "icons" / "hicolor").touch(exist_ok=True)
    if autostart:
        manifest.make_folder(autostart_dir())  # so uninstall removes it if it made it
    manifest.save()
    if autostart:
        said.append(f"start at login: {set_start_at_login(True)}")
        if settings_file is not None:
            remember_start_at_login(settings_file)
    return said


def remember_start_at_login(settings_file: Path) -> None:
    """The setting the Desktop page shows (the GUI keeps the entry and the setting alike)."""
    from app.core.settings.settings import Settings

    Settings(settings_file).set("gui.start_at_login", True)


def forget_start_at_login(settings_file: Path) -> bool:
    """Back to the default (off), else the app's next start would write the entry again;
    returns whether the setting was stored."""
    from app.core.settings.settings import Settings

    settings = Settings(settings_file)
    if settings.is_default("gui.start_at_login"):
        return False  # nothing to undo: no file or lock is made
    settings.reset("gui.start_at_login")
    return True


def uninstall(settings_file: Path | None = None) -> list[str]:
    manifest = Manifest.load()
    said = []
    for name, sha in sorted(manifest.files.items()):
        path = Path(name)
        if not path.exists():
            continue
        if ours(path, {name: sha}):
            path.unlink()
            said.append(f"removed {path}")
        else:
            said.append(f"left {path} alone: it changed after vllm-tray desktop install")
    entry = autostart_dir() / DESKTOP_FILE
    if entry.exists():
        entry.unlink()
        said.append(f"removed {entry}")
    if settings_file is not None and forget_start_at_login(settings_file):
        said.append(f"start at login: off in {settings_file}")
    manifest.path.unlink(missing_ok=True)
    for folder in sorted(manifest.folders, key=len, reverse=True):  # innermost first
        try:
            Path(folder).rmdir()  # only if empty: what others put there stays
        except OSError:
            continue
    said.append("uninstalled the menu entry and icons; settings and models were kept")
    return said


def run(action: str, *, autostart: bool, settings_file: Path) -> list[str]:
    """`vllm-tray desktop ACTION` (app.launcher calls it); one line per step."""
    if action == "uninstall":
        return uninstall(settings_file)
    return install(autostart=autostart, settings_file=settings_file)
