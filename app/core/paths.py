"""Where the app keeps its files: config dir, caches, logs, engines, models."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP_DIR_NAME = "vllm-tray"
HOME_ENV = "VLLM_TRAY_HOME"


@dataclass(frozen=True)
class AppPaths:
    """Every location the app reads or writes, resolved once at start-up.

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
        for d in (self.config_dir, self.cache_dir, self.logs_dir, self.engines_dir, self.state_dir):
            d.mkdir(parents=True, exist_ok=True)
        return self


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
