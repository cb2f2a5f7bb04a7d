"""Secrets (the Hugging Face token, the API key) in the system keyring, or a 0600 file.

keyring picks the desktop's secret service (GNOME Keyring, KWallet, macOS Keychain…). A
headless Linux box has none: `keyring.get_keyring()` is then keyring's "fail" backend (or the
"null" one, or a chainer with nothing to chain), which this store detects on first use and
replaces with a JSON file readable by the user only. A keyring that exists but fails (locked
collection, D-Bus gone) falls back to the same file for that call. The fallback is said once
per process, when a secret is stored in the file or first read from it: a command that never
touches a secret says nothing. Values are never logged; only names and the backend are.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import stat
import threading
from pathlib import Path

import keyring
import keyring.backend
from keyring.backends import chainer, fail, null

from app.core.jsonstore import atomic_write_text
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

SERVICE = "vllm-tray"
_NAME_RE = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")
FILE_BACKEND = "file"
KEYRING = "keyring"
# Backends raise their own errors besides KeyringError (secretstorage, jeepney/D-Bus,
# Windows API…); any of them means "use the file for this call", never a crash.
_BACKEND_ERRORS: tuple[type[Exception], ...] = (Exception,)


def usable_keyring() -> keyring.backend.KeyringBackend | None:
    """The system keyring, or None when keyring has no real backend here."""
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken keyring config must not break the app
        log.warning("keyring could not be initialised; using the secrets file", exc_info=True)
        return None
    if isinstance(backend, (fail.Keyring, null.Keyring)):
        return None
    if isinstance(backend, chainer.ChainerBackend) and not backend.backends:
        return None
    return backend


def _backend_label(backend: keyring.backend.KeyringBackend) -> str:
    cls = type(backend)
    return f"keyring:{cls.__module__}.{cls.__qualname__}"


class SecretStore:
    """get/set/delete secrets by name ("hf_token", "api_key"); thread-safe."""

    def __init__(
        self, fallback_file: Path, *, backend: keyring.backend.KeyringBackend | None = None
    ) -> None:
        self._file = Path(fallback_file)
        self._lock = threading.Lock()
        # Resolved on first use: finding the keyring may ask D-Bus, and most commands never
        # touch a secret.
        self._keyring = backend
        self._resolved = backend is not None
        self._warned = False

    def _backend(self) -> keyring.backend.KeyringBackend | None:
        with self._lock:
            if not self._resolved:
                self._keyring = usable_keyring()
                self._resolved = True
            return self._keyring

    @property
    def backend_name(self) -> str:
        """`keyring:<backend class>` or `file`."""
        backend = self._backend()
        return FILE_BACKEND if backend is None else _backend_label(backend)

    def get(self, name: str) -> str | None:
        return self.locate(name)[0]

    def locate(self, name: str) -> tuple[str | None, str | None]:
        """The secret and where it was found: KEYRING, FILE_BACKEND (the 0600 fallback file,
        `fallback_file`), or None for either when there is none."""
        _check_name(name)
        backend = self._backend()
        why = "no keyring backend is available"
        if backend is not None:
            try:
                value = backend.get_password(SERVICE, name)
            except _BACKEND_ERRORS as exc:
                why = f"reading {name} failed: {type(exc).__name__}"
                self._warn_fallback(why)
            else:
                if value is not None:
                    return str(value), KEYRING
                why = ""  # a copy left from before the keyring existed: nothing to warn of
        with self._lock:
            found = self._read_file().get(name)
        if found is None:
            return None, None
        if why:
            self._warn_fallback(why)
        return found, FILE_BACKEND

    @property
    def fallback_file(self) -> Path:
        return self._file

    def set(self, name: str, value: str) -> None:
        _check_name(name)
        if not value:
            self.delete(name)
            return
        backend = self._backend()
        why = "no keyring backend is available"
        if backend is not None:
            try:
                backend.set_password(SERVICE, name, value)
            except _BACKEND_ERRORS as exc:
                why = f"storing {name} failed: {type(exc).__name__}"
            else:
                # Once in the keyring, a copy in the file would only be a leak. The file is
                # rewritten all the same: it is the change notice other processes watch
                # (app.runtime.services.config.Secrets.reload); it never holds this secret.
                with self._lock:
                    data = self._read_file()
                    data.pop(name, None)
                    self._write_file(data)
                log.info("stored secret %s in %s", name, self.backend_name)
                return
        with self._lock:
            data = self._read_file()
            data[name] = value
            self._write_file(data)
        self._warn_fallback(why)
        log.info("stored secret %s in %s", name, self._file)

    def delete(self, name: str) -> bool:
        """Remove the secret wherever it is; True if there was one."""
        _check_name(name)
        found = False
        backend = self._backend()
        if backend is not None:
            try:
                if backend.get_password(SERVICE, name) is not None:
                    backend.delete_password(SERVICE, name)
                    found = True
            except _BACKEND_ERRORS as exc:
                self._warn_fallback(f"deleting {name} failed: {type(exc).__name__}")
        with self._lock:
            data = self._read_file()
            if data.pop(name, None) is not None:
                found = True
            if found:  # the file is also the change notice other processes watch (set())
                self._write_file(data)
        return found

    # -- the fallback file ----------------------------------------------------------------
    def _warn_fallback(self, why: str) -> None:
        with self._lock:
            if self._warned:
                return
            self._warned = True
        log.warning("%s; secrets are kept in %s (readable by this user only)", why, self._file)

    def _read_file(self) -> dict[str, str]:
        try:
            st = self._file.stat()
        except FileNotFoundError:
            return {}
        if stat.S_IMODE(st.st_mode) & 0o077:
            log.warning("%s was readable by others; restricting it to mode 0600", self._file)
            with contextlib.suppress(OSError):
                self._file.chmod(0o600)
        try:
            raw = parse_json(self._file.read_text("utf-8"))
        except (OSError, ValueError):
            log.warning("%s is unreadable; treating it as empty", self._file)
            return {}
        if not isinstance(raw, dict):
            return {}
        return {str(k): str(v) for k, v in raw.items() if isinstance(v, str)}

    def _write_file(self, data: dict[str, str]) -> None:
        # mkstemp creates the temporary file 0600: the secret is never on disk with wider
        # permissions.
        atomic_write_text(self._file, json.dumps(data, indent=2, sort_keys=True), mode=0o600)


def _check_name(name: str) -> None:
    if not _NAME_RE.match(name):
        raise ValueError(f"bad secret name {name!r}")
