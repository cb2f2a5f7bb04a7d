"""The app started as a user starts it picks its language from the system locale (issue 22, 4).

`vllm-tray` runs as a subprocess on the offscreen platform with LANG=de_DE.UTF-8 and a tiny
catalogue compiled here that translates the window title; the app's log says which
language and catalogue it took, and the title it shows. The setting gui.language overrides
the locale.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from scripts.translations import tool
from tests.pipes import close_when_read

ROOT = Path(__file__).resolve().parents[2]
GERMAN_TITLE = "vLLM-Leiste"
TINY_TS = f"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>MainWindow</name>
    <message>
        <source>vLLM Tray</source>
        <translation>{GERMAN_TITLE}</translation>
    </message>
</context>
</TS>
"""


@pytest.fixture
def catalogues(tmp_path: Path) -> Path:
    folder = tmp_path / "qm"
    folder.mkdir()
    ts = tmp_path / "vllm_tray_de.ts"
    ts.write_text(TINY_TS, encoding="utf-8")
    subprocess.run(
        [tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(folder / "vllm_tray_de.qm")],
        check=True,
    )
    return folder


def start_app(home: Path, catalogues: Path, lang: str) -> list[str]:
    """Start the desktop app, wait until its window is up, quit it; returns its log lines."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "VLLM_TRAY_LANG", "VLLM_TRAY_HOME")
    }
    env.update(
        {
            "LANG": lang,
            "QT_QPA_PLATFORM": "offscreen",
            "VLLM_TRAY_TRANSLATIONS": str(catalogues),
            "PYTHONPATH": str(ROOT),
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--config-dir", str(home)],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    up = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))
            if "window is up" in line:
                up.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert up.wait(90), "\n".join(lines[-30:])
    finally:
        proc.send_signal(signal.SIGINT)  # as Ctrl+C in a terminal: the app quits cleanly
        try:
            proc.wait(60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
        close_when_read(proc.stderr, reader)
    return lines


def settings(home: Path, **values: object) -> None:
    home.mkdir(parents=True, exist_ok=True)
    # The old key on purpose: the start moves it to the windows' own state (no Lemonade offer).
    values = {"proxy.autostart": False, "gui.lemonade_offered": True, **values}
    (home / "settings.json").write_text(json.dumps(values), encoding="utf-8")


def test_a_german_locale_loads_the_german_catalogue(tmp_path: Path, catalogues: Path) -> None:
    home = tmp_path / "home"
    settings(home)
    log = "\n".join(start_app(home, catalogues, "de_DE.UTF-8"))
    assert "interface language: de_DE" in log
    assert f"translation loaded: {catalogues / 'vllm_tray_de.qm'}" in log
    assert f"window is up: {GERMAN_TITLE}" in log


def test_the_language_setting_overrides_the_locale(tmp_path: Path, catalogues: Path) -> None:
    home = tmp_path / "home"
    settings(home, **{"gui.language": "en"})
    log = "\n".join(start_app(home, catalogues, "de_DE.UTF-8"))
    assert "interface language: en" in log
    assert "translation loaded" not in log
    assert "window is up: vLLM Tray" in log
