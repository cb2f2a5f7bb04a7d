"""SecretStore: the keyring when there is one, a 0600 file when there is none or it fails."""

from __future__ import annotations

import json
import logging
import stat
from collections.abc import Iterator
from pathlib import Path

import keyring
import keyring.backend
import keyring.errors
import pytest
from keyring.backends import chainer, fail

from app.runtime.secrets import SERVICE, SecretStore

SECRET = "hf_s3cr3t-value-never-logged"


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A tiny in-memory backend standing in for GNOME Keyring / KWallet."""

    # Subclasses register themselves with keyring; priority 0 keeps keyring's own
    # auto-detection and the chainer from ever picking this test class.
    priority = 0  # type: ignore[assignment]

    def __init__(self, *, broken: bool = False) -> None:
        super().__init__()
        self.data: dict[tuple[str, str], str] = {}
        self.broken = broken

    def get_password(self, service: str, username: str) -> str | None:
        if self.broken:
            raise keyring.errors.KeyringLocked("collection is locked")
        return self.data.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        if self.broken:
            raise keyring.errors.PasswordSetError("collection is locked")
        self.data[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.broken:
            raise keyring.errors.PasswordDeleteError("collection is locked")
        del self.data[(service, username)]


@pytest.fixture(autouse=True)
def restore_keyring() -> Iterator[None]:
    original = keyring.get_keyring()
    yield
    keyring.set_keyring(original)


@pytest.fixture
def secrets_file(tmp_path: Path) -> Path:
    return tmp_path / "config" / "secrets.json"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_headless_fallback_is_a_private_file(
    secrets_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    keyring.set_keyring(fail.Keyring())
    caplog.set_level(logging.DEBUG)
    store = SecretStore(secrets_file)
    assert store.backend_name == "file"
    assert store.get("hf_token") is None

    store.set("hf_token", SECRET)
    assert mode(secrets_file) == 0o600
    assert json.loads(secrets_file.read_text()) == {"hf_token": SECRET}
    assert store.get("hf_token") == SECRET
    assert store.locate("hf_token") == (SECRET, "file")  # `remote list` says where it is
    assert store.locate("other") == (None, None)
    # A second store (the next app start) reads it back.
    assert SecretStore(secrets_file).get("hf_token") == SECRET

    assert store.delete("hf_token") is True
    assert store.get("hf_token") is None
    assert store.delete("hf_token") is False

    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert any(str(secrets_file) in r.getMessage() for r in warnings)
    assert all(SECRET not in r.getMessage() for r in caplog.records)


def test_an_empty_chainer_counts_as_no_keyring(
    secrets_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(keyring.backend, "get_all_keyring", list)  # no backend installed
    empty = chainer.ChainerBackend()
    assert empty.backends == []
    keyring.set_keyring(empty)
    assert SecretStore(secrets_file).backend_name == "file"


def test_a_real_keyring_is_used_and_no_secret_touches_the_disk(
    secrets_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    caplog.set_level(logging.DEBUG)
    store = SecretStore(secrets_file)
    assert store.backend_name.startswith("keyring:") and "MemoryKeyring" in store.backend_name

    store.set("api_key", SECRET)
    assert backend.data == {(SERVICE, "api_key"): SECRET}
    # The file is rewritten as the change notice running apps watch; it holds no secret.
    assert json.loads(secrets_file.read_text()) == {}
    assert store.get("api_key") == SECRET
    assert store.locate("api_key") == (SECRET, "keyring")
    assert store.delete("api_key") is True
    assert backend.data == {}
    assert all(SECRET not in r.getMessage() for r in caplog.records)


def test_a_failing_keyring_falls_back_to_the_file(
    secrets_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    keyring.set_keyring(MemoryKeyring(broken=True))
    caplog.set_level(logging.WARNING)
    store = SecretStore(secrets_file)
    store.set("hf_token", SECRET)
    assert json.loads(secrets_file.read_text()) == {"hf_token": SECRET}
    assert store.get("hf_token") == SECRET
    assert store.locate("hf_token") == (SECRET, "file")  # a keyring exists, but not for this
    assert any("PasswordSetError" in r.getMessage() for r in caplog.records)
    assert all(SECRET not in r.getMessage() for r in caplog.records)


def test_moving_to_the_keyring_removes_the_file_copy(secrets_file: Path) -> None:
    keyring.set_keyring(fail.Keyring())
    SecretStore(secrets_file).set("hf_token", "old")
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    store = SecretStore(secrets_file)
    assert store.get("hf_token") == "old"  # still found where it was
    store.set("hf_token", "new")
    assert backend.data == {(SERVICE, "hf_token"): "new"}
    assert json.loads(secrets_file.read_text()) == {}


def test_a_too_open_file_is_tightened(secrets_file: Path) -> None:
    secrets_file.parent.mkdir(parents=True)
    secrets_file.write_text(json.dumps({"hf_token": SECRET}))
    secrets_file.chmod(0o644)
    keyring.set_keyring(fail.Keyring())
    assert SecretStore(secrets_file).get("hf_token") == SECRET
    assert mode(secrets_file) == 0o600


def test_setting_an_empty_value_deletes(secrets_file: Path) -> None:
    keyring.set_keyring(fail.Keyring())
    store = SecretStore(secrets_file)
    store.set("hf_token", SECRET)
    store.set("hf_token", "")
    assert store.get("hf_token") is None


@pytest.mark.parametrize("name", ["", "HF_TOKEN", "../x", "a b"])
def test_bad_names_are_refused(secrets_file: Path, name: str) -> None:
    keyring.set_keyring(fail.Keyring())
    with pytest.raises(ValueError):
        SecretStore(secrets_file).get(name)


def test_fallback_is_said_once_and_only_when_a_secret_is_in_the_file(
    secrets_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    keyring.set_keyring(fail.Keyring())
    caplog.set_level(logging.WARNING)
    store = SecretStore(secrets_file)  # every command builds one; most never use it
    assert store.get("api_key") is None  # nothing stored anywhere: nothing to say
    assert caplog.records == []

    store.set("hf_token", SECRET)
    assert store.get("hf_token") == SECRET
    store.set("api_key", SECRET)
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        f"no keyring backend is available; secrets are kept in {secrets_file} "
        "(readable by this user only)"
    ]

    caplog.clear()
    later = SecretStore(secrets_file)  # the next command, reading the token
    assert later.get("hf_token") == SECRET
    assert later.get("hf_token") == SECRET
    assert len(caplog.records) == 1
    assert all(SECRET not in r.getMessage() for r in caplog.records)
