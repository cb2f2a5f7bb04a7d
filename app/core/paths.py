"""Where the app keeps its files (config, caches, logs, engines, models) and who may read them."""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

APP_DIR_NAME = "vllm-tray"
HOME_ENV = "VLLM_TRAY_HOME"

# What users send (prompts in batch files, children's logs) and what the app keeps (config,
# secrets, records) is the user's alone: folders 0700, files 0600 (issue 18 item 5).
PRIVATE_DIR_MODE = 0o700
PRIVATE_UMASK = 0o077


@dataclass(frozen=True)
class AppPaths:
    """Every location the app reads or writes, resolved once at start-up; every config
    file's name is declared here.

    With `--config-dir DIR` or `VLLM_TRAY_HOME=DIR`, everything (config and caches) lives
    under DIR so that a test or a portable install touches nothing else. Models live in the
    standard Hugging Face cache (shared with other tools) unless HF_HOME/HF_HUB_CACHE say
    otherwise.
    """

    config_dir: Path
    cache_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def user_models_file(self) -> Path:
        return self.config_dir / "user_models.json"

    @property
    def recipe_options_file(self) -> Path:
        return self.config_dir / "recipe_options.json"

    @property
    def model_config_override(self) -> Path:
        return self.config_dir / "vllm_model_config.json"

    @property
    def secrets_file(self) -> Path:
        """Fallback secret store when no keyring backend exists (mode 0600)."""
        return self.config_dir / "secrets.json"

    @property
    def remotes_file(self) -> Path:
        """The remote servers behind the endpoint (`vllm-tray remote add`)."""
        return self.config_dir / "remotes.json"

    @property
    def cluster_file(self) -> Path:
        """The multi-machine setup (`vllm-tray cluster init`); holds its token (mode 0600)."""
        return self.config_dir / "cluster.json"

    @property
    def ui_state_file(self) -> Path:
        """What the windows remember (places, sizes, hints shown): not a preference, and
        losing it loses nothing, hence beside the runtime records, not in the config dir."""
        return self.state_dir / "ui_state.json"

    @property
    def chats_dir(self) -> Path:
        """One conversation per model (mode 0600): the chat keeps them between sessions."""
        return self.config_dir / "chats"

    @property
    def logs_dir(self) -> Path:
        return self.cache_dir / "logs"

    @property
    def engines_dir(self) -> Path:
        return self.cache_dir / "engines"

    @property
    def state_dir(self) -> Path:
        """Runtime records (child pids for orphan reaping, the single-instance socket)."""
        return self.cache_dir / "run"

    @property
    def endpoint_secret_file(self) -> Path:
        """The secret of the endpoint serving this configuration's port, while it runs (0600;
        app.proxy.instance): how the CLI tells its own app from another program there."""
        return self.state_dir / "endpoint.secret"

    @property
    def hf_home(self) -> Path:
        env = os.environ.get("HF_HOME")
        if env:
            return Path(env)
        return Path.home() / ".cache" / "huggingface"

    @property
    def hf_hub_cache(self) -> Path:
        env = os.environ.get("HF_HUB_CACHE") or os.environ.get("HUGGINGFACE_HUB_CACHE")
        if env:
            return Path(env)
        return self.hf_home / "hub"

    def ensure(self) -> AppPaths:
        """Create the app's folders, each readable by the user alone; narrow one an older
        version (or a looser umask) left open to others (their files are then out of reach)."""
        for d in (self.config_dir, self.cache_dir, self.logs_dir, self.engines_dir, self.state_dir):
            make_private_dir(d)
        return self


def make_private_dir(folder: Path) -> None:
    """`mkdir -p` whose last folder is 0700, narrowed to that if it exists and is wider."""
    folder.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)
    mode = stat.S_IMODE(folder.stat().st_mode)
    if mode & ~PRIVATE_DIR_MODE:
        folder.chmod(mode & PRIVATE_DIR_MODE)
        log.info("made %s readable by you alone (it was %o)", folder, mode)


# The umasks `private_umask()` replaced, outermost first: [0] is the one the user started with.
_replaced_umasks: list[int] = []


@contextlib.contextmanager
def private_umask() -> Iterator[None]:
    """Run the app with every file it creates 0600 and every folder 0700, whoever writes them
    (its own code, aiohttp, logging, the children and helpers it starts, which inherit it).

    One mechanism instead of a mode at each call; the shared writers (app.core.jsonstore,
    `AppPaths.ensure`) set their modes explicitly too, for code run without it (tests that
    build a Runtime). The umask before is restored at the end (tests call the launcher in
    their own process) and stays known meanwhile, for the one place the app writes for
    other tools: the Hugging Face cache (`shared_mkdir`, `shared_file_mode`).
    """
    before = os.umask(PRIVATE_UMASK)
    os.umask(before | PRIVATE_UMASK)  # never wider than the user asked for either
    _replaced_umasks.append(before)
    try:
        yield
    finally:
        _replaced_umasks.pop()
        os.umask(before)


def user_umask() -> int | None:
    """The umask the user started the app with, if `private_umask()` narrowed it."""
    return _replaced_umasks[0] if _replaced_umasks else None


def shared_file_mode() -> int | None:
    """The mode a new file in a cache shared with other tools (and maybe other accounts:
    the Hugging Face cache) would get from the user's own umask; None: the umask in force
    is the user's, nothing to change."""
    umask = user_umask()
    return None if umask is None else 0o666 & ~umask


def shared_mkdir(folder: Path) -> None:
    """`mkdir -p` in a cache shared with other tools: each folder it creates gets the mode
    the user's own umask gives, as `hf download` would have made it, not the app's 0700."""
    missing: list[Path] = []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    folder.mkdir(parents=True, exist_ok=True)
    umask = user_umask()
    if umask is None:
        return
    for created in reversed(missing):
        with contextlib.suppress(OSError):  # made meanwhile by another account: theirs
            created.chmod(0o777 & ~umask)


def resolve_paths(config_dir: str | Path | None = None) -> AppPaths:
    """`--config-dir` wins, then `VLLM_TRAY_HOME`, then the XDG defaults."""
    chosen = config_dir if config_dir is not None else os.environ.get(HOME_ENV)
    if chosen:
        root = Path(chosen).expanduser().resolve()
        return AppPaths(config_dir=root, cache_dir=root / "cache")
    xdg_config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    xdg_cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return AppPaths(
        config_dir=Path(xdg_config) / APP_DIR_NAME,
        cache_dir=Path(xdg_cache) / APP_DIR_NAME,
    )
