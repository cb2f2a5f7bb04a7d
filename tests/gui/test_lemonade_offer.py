"""The first-run offer to import a Lemonade setup (issue 22, item 3): shown once, remembered."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.cli.import_cmd import _line
from app.core.lemonade.lemonade import LemonadeDirs, LemonadeOptions, LemonadeSetup
from app.core.lemonade.lemonade_compare import plan_import
from app.core.lemonade.lemonade_plan import Change, ChangeKind, ImportPlan
from app.core.redact import HIDDEN
from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.i18n import problem_text
from app.gui.lemonade_offer import OFFERED, LemonadeImportDialog, change_text
from app.gui.theme import error_color, ok_color
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.lemonade_home import USER_MODEL, LemonadeHome, build_lemonade_home
from tests.gui.conftest import flush_deletes, run, start_gui
from tests.gui.fake_facade import FakeFacade
from tests.unit.core.lemonade.test_lemonade import BUILTIN, here

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cretkey"

PLAN = ImportPlan(
    Path("/home/me/.config/lemonade"),
    True,
    changes=(
        Change(ChangeKind.ADD_MODEL, "user.mine", "org/mine", None, {"name": "mine"}),
        Change(
            ChangeKind.LINK_FILES,
            "org/mine",
            "/x",
            None,
            {"models": ["user.mine"], "bytes": 3 * 1024**3},
        ),
    ),
)


def offered_dialog(qtbot: QtBot) -> LemonadeImportDialog:
    def shown() -> LemonadeImportDialog | None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, LemonadeImportDialog) and widget.isVisible():
                return widget
        return None

    qtbot.waitUntil(lambda: shown() is not None)
    found = shown()
    assert found is not None
    return found


def close(gui: GuiApp) -> None:
    gui.close()
    flush_deletes()


def test_import_accepted(qtbot: QtBot, fake: FakeFacade, tmp_path: Path) -> None:
    fake.lemonade = PLAN
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        texts = [dialog.changes.item(i).text() for i in range(dialog.changes.count())]
        assert texts == [
            "Add the model user.mine (org/mine)",
            "Use the downloaded files of org/mine (3.0 GiB) without copying them",
        ]
        dialog.import_button.click()
        qtbot.waitUntil(lambda: bool(fake.called("lemonade.apply")))
        assert fake.called("lemonade.apply") == [(PLAN,)]
        qtbot.waitUntil(lambda: window_state.flag(OFFERED))
        qtbot.waitUntil(lambda: "Imported 2 changes" in gui.window.notice.text())
    finally:
        close(gui)


def test_not_now_imports_nothing_and_is_not_asked_again(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    fake.lemonade = PLAN
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        offered_dialog(qtbot).later_button.click()
        qtbot.waitUntil(lambda: window_state.flag(OFFERED))
        assert fake.called("lemonade.apply") == []
    finally:
        close(gui)
    fake.calls.clear()
    again = start_gui(qtbot, fake, tmp_path)
    try:
        qtbot.wait(200)  # the offer would be a task of the start: give it its turn
        assert fake.called("lemonade.plan") == []
    finally:
        close(again)


def test_no_lemonade_no_offer_and_asked_again_next_start(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        qtbot.waitUntil(lambda: bool(fake.called("lemonade.plan")))
        qtbot.wait(100)
        assert not any(isinstance(w, LemonadeImportDialog) for w in QApplication.topLevelWidgets())
        assert not window_state.flag(OFFERED)
    finally:
        close(gui)


def test_offer_on_the_real_runtime_imports_the_fixture(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app on its real runtime finds the Lemonade home, offers it, and imports it."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    monkeypatch.setenv("HOME", str(lemonade.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(lemonade.home / ".config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(lemonade.cache_dir))
    runtime = make_runtime(tmp_path, monkeypatch, models=())
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        assert dialog.changes.count() == 8  # the lowconc model comes too, without its --port
        dialog.import_button.click()
        model_id = f"user.{USER_MODEL}"

        def imported() -> bool:
            row = gui.store.row(model_id)
            return row is not None and row.file_state == "complete"

        qtbot.waitUntil(imported, timeout=10_000)
        qtbot.waitUntil(lambda: "Imported 8 changes" in gui.window.notice.text())
        assert window_state.flag(OFFERED)
        stored = json.loads((tmp_path / "home" / "settings.json").read_text())
        assert "gui.lemonade_offered" not in stored
        # Every event of the import is out by now: one more refresh covers the refreshes
        # they asked for, so none is still on its way to the runtime when it stops.
        run(qtbot, gui.store.refresh())
    finally:
        close(gui)
        facade.shutdown()


def test_the_offer_says_what_a_code_flag_would_do_and_imports_the_rest_without_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31 item 11: Lemonade's global `--middleware evil.Mw` is a line of the dialog
    saying what it would do; Import brings the rest, never the flag."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    config = lemonade.config_dir / "config.json"
    data = json.loads(config.read_text())
    data["vllm"]["args"] = "--max-num-batched-tokens 4096 --middleware evil.Mw"
    config.write_text(json.dumps(data))
    monkeypatch.setenv("HOME", str(lemonade.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(lemonade.home / ".config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(lemonade.cache_dir))
    runtime = make_runtime(tmp_path, monkeypatch, models=())
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        assert (
            "Not imported: --middleware evil.Mw in Lemonade's global vLLM arguments would make "
            "vLLM import and run the Python code evil.Mw"
        ) in dialog.skipped.text()
        dialog.import_button.click()
        qtbot.waitUntil(lambda: "Imported 8 changes" in gui.window.notice.text())
        stored = json.loads((tmp_path / "home" / "settings.json").read_text())
        assert stored["models.vllm_args"] == "--max-num-batched-tokens 4096"
        run(qtbot, gui.store.refresh())
    finally:
        close(gui)
        facade.shutdown()


def _with_secrets(lemonade: LemonadeHome) -> None:
    """Issue 32 item 2: a key in a model's arguments, in the global ones and in the arguments
    of a model this app does not have."""
    options = lemonade.config_dir / "recipe_options.json"
    data = json.loads(options.read_text())
    data[f"user.{USER_MODEL}"]["vllm_args"] = f"--max-num-seqs 4 --api-key {SECRET}"
    data["Qwen3.6-27B-FP8-vLLM-lowconc"]["vllm_args"] = f"--port 9000 --hf-token={SECRET}"
    options.write_text(json.dumps(data))
    config = lemonade.config_dir / "config.json"
    settings_data = json.loads(config.read_text())
    settings_data["vllm"]["args"] = f"--max-num-batched-tokens 4096 --api-key={SECRET}"
    settings_data["ctx_size"] = 4096
    config.write_text(json.dumps(settings_data))


def _use_home(lemonade: LemonadeHome, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(lemonade.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(lemonade.home / ".config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(lemonade.cache_dir))


def _everything_said(dialog: LemonadeImportDialog) -> str:
    """Every word the dialog shows: its title, its labels, its list of changes."""
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    items = [dialog.changes.item(i).text() for i in range(dialog.changes.count())]
    return "\n".join([dialog.windowTitle(), *labels, *items])


def test_the_offer_hides_keys_names_settings_by_label_and_reports_success_calmly(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 items 2 and 10: no key in clear text, labels not `models.` keys, whole
    sentences for the context size, and an import that worked is not shown as an error."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    _with_secrets(lemonade)
    _use_home(lemonade, monkeypatch)
    runtime = make_runtime(tmp_path, monkeypatch, models=())
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        said = _everything_said(dialog)
        assert SECRET not in said
        assert "models." not in said
        # The words the CLI prints too (shell-quoted: the line stays one a shell can read).
        assert "Set Extra vLLM flags to --max-num-batched-tokens 4096 '--api-key=<hidden>'" in said
        assert "Set Default context size to 4,096" in said
        assert (
            f"Options of user.{USER_MODEL}: context size 16,384, vLLM arguments "
            "--max-num-seqs 4 --api-key '<hidden>'"
        ) in said
        assert "the default context size, vLLM arguments '--hf-token=<hidden>'" in said
        assert "Options of Qwen3.5-0.8B-FP16-vLLM: context size 32,768" in said
        dialog.import_button.click()
        qtbot.waitUntil(lambda: "Imported 9 changes" in gui.window.notice.text(), timeout=10_000)
        colour = gui.window.notice.palette().color(QPalette.ColorRole.WindowText)
        assert colour != error_color(gui.window.notice.palette())
        assert colour == ok_color(gui.window.notice.palette())
        stored = json.loads((tmp_path / "home" / "settings.json").read_text())
        assert stored["models.vllm_args"] == f"--max-num-batched-tokens 4096 --api-key={SECRET}"
        run(qtbot, gui.store.refresh())
    finally:
        close(gui)
        facade.shutdown()


def test_the_cli_hides_the_same_keys(tmp_path: Path) -> None:
    """`vllm-tray import-lemonade DIR` prints the plan with the same redaction as the window."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    _with_secrets(lemonade)
    home = lemonade.home
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "LEMONADE_CACHE_DIR": str(lemonade.cache_dir),
        "VLLM_TRAY_HOME": str(tmp_path / "ours"),
        "HF_HOME": str(tmp_path / "our-hf"),
        "HF_HUB_OFFLINE": "1",
    }
    for argv in (["import-lemonade", str(lemonade.config_dir)], ["import-lemonade", "--json"]):
        done = subprocess.run(
            [sys.executable, "-m", "app", *argv],
            env=env,
            cwd=ROOT,
            input="n\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert SECRET not in done.stdout + done.stderr
        assert "--api-key '<hidden>'" in done.stdout, done.stdout + done.stderr
        assert "'--api-key=<hidden>'" in done.stdout
    assert not (tmp_path / "ours" / "settings.json").exists()  # declined: nothing written


_VALUE = st.text(
    st.characters(codec="ascii", categories=("L", "N", "P", "S")), min_size=1, max_size=20
).filter(lambda v: not v.startswith("-"))


@settings(max_examples=150, deadline=None)
@given(
    _VALUE,
    st.sampled_from(["--api-key", "--hf-token", "--ssl-keyfile-password", "--client_secret"]),
    st.booleans(),
)
def test_no_view_of_a_plan_shows_a_secret(
    qapp: QApplication, value: str, flag: str, inline: bool
) -> None:
    """Whatever the key, the window's lines, its left-out sentences and the CLI's lines hide it."""
    secret = f"S3C{value}"
    typed = f"{flag}={shlex.quote(secret)}" if inline else f"{flag} {shlex.quote(secret)}"
    dirs = LemonadeDirs(Path("/lemonade"), Path("/lemonade-cache"))
    setup = LemonadeSetup(
        dirs,
        files=(dirs.config_dir / "config.json",),
        options=(
            LemonadeOptions(BUILTIN.name, 4096, f"--max-num-seqs 4 {typed}"),
            LemonadeOptions("elsewhere-vLLM", None, f"--port 1 {typed}"),
        ),
        vllm_args=f"--enforce-eager {typed} --port 2",
    )
    plan = plan_import(setup, here())
    views = [change_text(c) for c in plan.changes]
    views += [_line(c) for c in plan.changes]
    views += [problem_text(s.problem) for s in plan.skipped]
    views += [json.dumps(plan.to_json())]
    assert plan.changes
    for view in views:
        assert secret not in view, view
    assert HIDDEN in change_text(plan.changes[0])
