"""The global settings dialog: recommended utilization, validation, restart notes, secrets."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.problems import problem, tr_noop
from app.gui.app import GuiApp
from app.gui.settings_pages import (
    SECRET_API_KEY,
    SECRET_HF_TOKEN,
    AccountsPage,
    DesktopPage,
    EndpointPage,
    ModelsPage,
)
from tests.gui.fake_facade import FakeFacade


def pages(gui: GuiApp):
    dialog = gui.window.open_settings()
    return (
        dialog,
        dialog.page(ModelsPage),
        dialog.page(EndpointPage),
        dialog.page(AccountsPage),
        dialog.page(DesktopPage),
    )


def test_utilization_shows_and_applies_the_recommended_value(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, models, *_ = pages(gui)
    assert models.utilization.value() == 0.85  # the default
    assert "Recommended for this machine: 0.78" in models.recommended_label.text()
    assert models.utilization_warning.isVisible()  # 0.85 is above the safe value
    qtbot.mouseClick(models.use_recommended, Qt.MouseButton.LeftButton)
    assert models.utilization.value() == 0.78
    assert not models.utilization_warning.isVisible()
    assert "gpu_memory_utilization: applies to models loaded from now on" in (
        dialog.restart_note.text()
    )
    with qtbot.waitSignal(dialog.saved) as saved:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert saved.args == [{"gpu_memory_utilization": 0.78}]
    assert fake.called("set_settings") == [({"gpu_memory_utilization": 0.78},)]
    assert gui.store.setting("gpu_memory_utilization") == 0.78


def test_only_changed_settings_are_sent(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    dialog, models, endpoint, _accounts, desktop = pages(gui)
    models.max_num_seqs.setValue(10)
    models.ctx_size.setValue(32768)
    endpoint.port.setValue(9000)
    desktop.start_hidden.setChecked(True)
    note = dialog.restart_note.text()
    assert "max_num_seqs, ctx_size: applies to models loaded" in note
    assert "proxy.port: applies when the endpoint starts again." in note
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    assert fake.called("set_settings") == [
        (
            {
                "max_num_seqs": 10,
                "ctx_size": 32768,
                "proxy.port": 9000,
                "gui.start_hidden": True,
            },
        )
    ]


def test_a_managed_flag_in_global_args_blocks_ok(qtbot: QtBot, gui: GuiApp) -> None:
    dialog, models, *_ = pages(gui)
    qtbot.keyClicks(models.vllm_args, "--port 9000")
    assert not dialog.ok_button.isEnabled()
    assert models.args_problem.text().startswith("In global vllm_args, remove --port")
    models.vllm_args.setText("--enforce-eager")
    assert dialog.ok_button.isEnabled() and not models.args_problem.isVisible()
    dialog.reject()


def test_exposing_the_endpoint_asks_for_an_api_key(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, _models, endpoint, *_ = pages(gui)
    assert not endpoint.exposure.isVisible()
    endpoint.host.setCurrentText("0.0.0.0")
    assert "will not start without an API key" in endpoint.exposure.text()
    qtbot.keyClicks(endpoint.api_key.edit, "sk-local-123")
    assert "can reach the endpoint with the key" in endpoint.exposure.text()
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    assert fake.called("set_settings") == [({"proxy.host": "0.0.0.0"},)]
    assert fake.called("set_secret") == [(SECRET_API_KEY, "sk-local-123")]
    assert fake.secrets == {SECRET_API_KEY: "sk-local-123"}


def test_secrets_are_never_shown_and_can_be_cleared(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.secrets[SECRET_HF_TOKEN] = "hf_secret"
    dialog, *_rest, accounts, _desktop = pages(gui)
    token = accounts.hf_token
    assert token.edit.text() == "" and "stored in the keyring" in token.edit.placeholderText()
    qtbot.mouseClick(token.clear_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    assert fake.called("set_secret") == [(SECRET_HF_TOKEN, None)]
    assert fake.called("set_settings") == []  # no setting changed
    assert fake.secrets == {}


def test_a_refused_setting_keeps_the_dialog_open_on_its_page(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.fail_next["set_settings"] = problem(
        "settings.port_in_use",
        tr_noop("Port {port} is used by another program; choose another {key}."),
        port=9000,
        key="proxy.port",
    )
    dialog, _models, endpoint, *_ = pages(gui)
    endpoint.port.setValue(9000)
    dialog.save()
    qtbot.waitUntil(lambda: dialog.error_label.text() != "")
    assert dialog.error_label.text() == (
        "Port 9000 is used by another program; choose another proxy.port."
    )
    assert dialog.isVisible() and dialog.stack.currentWidget() is endpoint
    assert dialog.ok_button.isEnabled()
    dialog.reject()


def test_restore_defaults_of_one_page(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.settings["max_num_seqs"] = 64
    gui.store.refresh()
    dialog, models, *_ = pages(gui)
    assert models.max_num_seqs.value() == 64
    qtbot.mouseClick(dialog.defaults_button, Qt.MouseButton.LeftButton)
    assert models.max_num_seqs.value() == 16
    assert models.save()["max_num_seqs"] == 16
    dialog.reject()


def test_start_at_login_writes_the_autostart_entry(
    qtbot: QtBot, gui: GuiApp, tmp_path: Path
) -> None:
    dialog, *_rest, desktop = pages(gui)
    desktop.start_at_login.setChecked(True)
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    entry = tmp_path / "autostart" / "vllm-tray.desktop"
    qtbot.waitUntil(entry.exists)
    text = entry.read_text()
    assert "Exec=" in text and "-m app" in text and "Name=vLLM Tray" in text

    dialog, *_rest, desktop = pages(gui)
    desktop.start_at_login.setChecked(False)
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    qtbot.waitUntil(lambda: not entry.exists())
