"""What a Lemonade Server install holds for vLLM: its model list, options, settings and bundle.

Read only, never written. Where Lemonade keeps each thing (lemonade-sdk/lemonade, read for
this module; docs/lemonade-import.md cites the files):

- config dir (`utils/platform/path_linux.cpp`, `get_config_dir`): `$XDG_CONFIG_HOME/lemonade`,
  else `~/.config/lemonade`; `user_models.json`, `recipe_options.json` and `config.json`.
  Older releases kept those three in the cache dir and move them on start
  (`path_utils.cpp`, `migrate_legacy_json_files_to_config_dir`): both places are read.
- cache dir (`path_linux.cpp`, `get_cache_dir`): `$LEMONADE_CACHE_DIR`, else
  `$XDG_CACHE_HOME/lemonade`, else `~/.cache/lemonade`. Backends live in `bin/<recipe>/<backend>`
  (`backend_utils.cpp`, `get_install_directory`): the vLLM ROCm bundle in `bin/vllm/rocm`, its
  launcher `vllm-server` found anywhere below it, its release tag (`vllm0.20.1-rocm7.12.0-gfx1151`,
  `vllm_server.cpp`, `get_install_params`) in `version.txt`.
- `config.json` stores backend options nested (`"vllm": {"args": "…"}`; `runtime_config.cpp`
  promotes a flat `vllm_args` to that form), `ctx_size` and `models_dir` at the top.
- Hugging Face files (`path_utils.cpp`, `get_hf_cache_dir`): `models_dir` when it is set and
  not "auto", else `$HF_HUB_CACHE`, else `$HF_HOME/hub`, else `~/.cache/huggingface/hub`.
- `recipe_options.json` is keyed by the name a model is addressed by: a built-in's bare name,
  `user.NAME` for the user's own (this app writes `builtin.NAME`; both are read).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.problems.problems import Problem, problem
from app.core.untrusted import parse_json

LEMONADE_FILES = ("user_models.json", "recipe_options.json", "config.json")
VLLM_RECIPE = "vllm"
BUNDLE_LAUNCHER = "vllm-server"
BUNDLE_DIR = Path("bin") / "vllm" / "rocm"
# vllm0.20.1-rocm7.12.0-gfx1151: the vLLM and ROCm versions, then the GPU target family.
_TAG_RE = re.compile(
    r"^vllm(?P<vllm>[0-9][^-]*)-rocm(?P<rocm>[0-9][^-]*)-(?P<gfx>gfx[0-9a-zA-Z]+)$"
)
# Lemonade's files hold a few models' entries (kilobytes): a larger one is not read into memory.
MAX_FILE_BYTES = 8 * 2**20
_MAX_LAUNCHER_DEPTH = 4  # Lemonade searches the whole tree; a bundle keeps it at <top>/bin


@dataclass(frozen=True)
class LemonadeDirs:
    """Where to look: the config dir first, then the cache dir (older releases' layout)."""

    config_dir: Path
    cache_dir: Path


def lemonade_dirs(
    env: Mapping[str, str], home: Path, given: Path | None = None, cache: Path | None = None
) -> LemonadeDirs:
    """Lemonade's own resolution on Linux; `given` (the command's DIR) replaces the config dir,
    and serves as the cache dir too when it holds Lemonade's `bin` folder."""
    if given is not None:
        config_dir = given
    elif env.get("XDG_CONFIG_HOME"):
        config_dir = Path(env["XDG_CONFIG_HOME"]) / "lemonade"
    else:
        config_dir = home / ".config" / "lemonade"
    if cache is not None:
        cache_dir = cache
    elif given is not None and (given / "bin").is_dir():
        cache_dir = given
    elif env.get("LEMONADE_CACHE_DIR"):
        cache_dir = Path(env["LEMONADE_CACHE_DIR"])
    elif env.get("XDG_CACHE_HOME"):
        cache_dir = Path(env["XDG_CACHE_HOME"]) / "lemonade"
    else:
        cache_dir = home / ".cache" / "lemonade"
    return LemonadeDirs(config_dir=config_dir, cache_dir=cache_dir)


@dataclass(frozen=True)
class LemonadeModel:
    """One of the user's own vLLM models in Lemonade's user_models.json (bare name)."""

    name: str
    checkpoint: str
    size_gb: float | None = None
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class LemonadeOptions:
    """One recipe_options.json entry; None: the field is not set there."""

    key: str
    ctx_size: int | None = None
    vllm_args: str | None = None


@dataclass(frozen=True)
class LemonadeBundle:
    """An installed vLLM ROCm bundle: `top` holds `bin/vllm-server`."""

    top: Path
    launcher: Path
    tag: str
    vllm_version: str | None
    rocm_version: str | None
    gfx_target: str | None


@dataclass(frozen=True)
class LemonadeSetup:
    """Everything vLLM-related found; `problems` lists files that could not be read."""

    dirs: LemonadeDirs
    files: tuple[Path, ...] = ()
    models: tuple[LemonadeModel, ...] = ()
    other_models: tuple[str, ...] = ()  # user models of other recipes (llama.cpp, …)
    options: tuple[LemonadeOptions, ...] = ()
    vllm_args: str | None = None
    ctx_size: int | None = None
    hf_caches: tuple[Path, ...] = ()
    bundle: LemonadeBundle | None = None
    problems: tuple[Problem, ...] = field(default=())

    @property
    def found(self) -> bool:
        """Lemonade's config or its vLLM bundle exists here."""
        return bool(self.files) or self.bundle is not None


def _unreadable(path: Path, reason: str) -> Problem:
    return problem("lemonade.unreadable", file=str(path), reason=reason)


def _read_json(path: Path, problems: list[Problem]) -> dict[str, Any] | None:
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            problems.append(_unreadable(path, f"it is larger than {MAX_FILE_BYTES // 2**20} MB"))
            return None
        raw = parse_json(data.decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(_unreadable(path, str(exc)))
        return None
    if not isinstance(raw, dict):
        problems.append(_unreadable(path, "it does not hold a JSON object"))
        return None
    return raw


def _find_file(dirs: LemonadeDirs, name: str) -> Path | None:
    for folder in (dirs.config_dir, dirs.cache_dir):
        if (folder / name).is_file():
            return folder / name
    return None


def _checkpoint_of(item: Mapping[str, Any]) -> str | None:
    """`checkpoint`, or the main one of newer releases' `checkpoints` object."""
    value = item.get("checkpoint")
    if isinstance(value, str) and value.strip():
        return value.strip()
    many = item.get("checkpoints")
    if isinstance(many, Mapping):
        main = many.get("main")
        if isinstance(main, str) and main.strip():
            return main.strip()
    return None


def _model_of(name: str, item: Mapping[str, Any]) -> LemonadeModel | None:
    checkpoint = _checkpoint_of(item)
    if checkpoint is None:
        return None
    size = item.get("size")
    labels = item.get("labels")
    return LemonadeModel(
        name=name,
        checkpoint=checkpoint,
        size_gb=float(size)
        if isinstance(size, (int, float)) and not isinstance(size, bool) and size > 0
        else None,
        labels=tuple(x for x in labels if isinstance(x, str)) if isinstance(labels, list) else (),
    )


def _read_models(raw: Mapping[str, Any]) -> tuple[list[LemonadeModel], list[str]]:
    models: list[LemonadeModel] = []
    others: list[str] = []
    for name, item in raw.items():
        if not isinstance(item, Mapping):
            continue
        if str(item.get("recipe", "")) != VLLM_RECIPE:
            others.append(name)
            continue
        model = _model_of(name, item)
        if model is not None:
            models.append(model)
    return models, others


def _positive_int(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return None  # Lemonade writes -1 for "the default"
    return value


def _read_options(raw: Mapping[str, Any]) -> list[LemonadeOptions]:
    out: list[LemonadeOptions] = []
    for key, item in raw.items():
        if not isinstance(item, Mapping):
            continue
        args = item.get("vllm_args")
        out.append(
            LemonadeOptions(
                key=key,
                ctx_size=_positive_int(item.get("ctx_size")),
                vllm_args=args.strip() if isinstance(args, str) else None,
            )
        )
    return out


def _config_vllm_args(raw: Mapping[str, Any]) -> str | None:
    section = raw.get("vllm")
    if isinstance(section, Mapping) and isinstance(section.get("args"), str):
        return str(section["args"]).strip()
    flat = raw.get("vllm_args")  # the flat form Lemonade's `config set` also takes
    return flat.strip() if isinstance(flat, str) else None


def hf_caches(
    config: Mapping[str, Any] | None, env: Mapping[str, str], home: Path
) -> tuple[Path, ...]:
    """Where Lemonade's Hugging Face files may be, most likely first, without repeats.

    `models_dir` relative to Lemonade's executable cannot be resolved from here and is left
    out; Lemonade run as a service may see other variables than this process, so the
    default cache is always tried too.
    """
    found: list[Path] = []
    models_dir = config.get("models_dir") if config else None
    if isinstance(models_dir, str) and models_dir not in ("", "auto"):
        path = Path(models_dir).expanduser()
        if path.is_absolute():
            found.append(path)
    if env.get("HF_HUB_CACHE"):
        found.append(Path(env["HF_HUB_CACHE"]))
    elif env.get("HF_HOME"):
        found.append(Path(env["HF_HOME"]) / "hub")
    found.append(home / ".cache" / "huggingface" / "hub")
    out: list[Path] = []
    for path in found:
        if path not in out:
            out.append(path)
    return tuple(out)


def parse_bundle_tag(tag: str) -> tuple[str | None, str | None, str | None]:
    """`vllm0.20.1-rocm7.12.0-gfx1151` → ("0.20.1", "7.12.0", "gfx1151"); Nones if unknown."""
    match = _TAG_RE.match(tag.strip())
    if match is None:
        return None, None, None
    return match["vllm"], match["rocm"], match["gfx"]


def _find_launcher(root: Path) -> Path | None:
    """The bundle's `vllm-server`, the shallowest first (Lemonade searches recursively)."""
    frontier = [root]
    for _ in range(_MAX_LAUNCHER_DEPTH):
        below: list[Path] = []
        for folder in frontier:
            candidate = folder / "bin" / BUNDLE_LAUNCHER
            if candidate.is_file():
                return candidate
            try:
                below.extend(sorted(p for p in folder.iterdir() if p.is_dir()))
            except OSError:
                continue
        frontier = below
    return None


def read_bundle(cache_dir: Path) -> LemonadeBundle | None:
    """The installed vLLM ROCm bundle, or None when there is none (or no version.txt)."""
    root = cache_dir / BUNDLE_DIR
    try:
        tag = (root / "version.txt").read_text(encoding="utf-8").strip().splitlines()[0]
    except (OSError, UnicodeDecodeError, IndexError):
        return None
    launcher = _find_launcher(root)
    if launcher is None or not tag:
        return None
    vllm_version, rocm_version, gfx = parse_bundle_tag(tag)
    return LemonadeBundle(
        top=launcher.parent.parent,
        launcher=launcher,
        tag=tag,
        vllm_version=vllm_version,
        rocm_version=rocm_version,
        gfx_target=gfx,
    )


def read_setup(dirs: LemonadeDirs, env: Mapping[str, str], home: Path) -> LemonadeSetup:
    """Read what Lemonade has for vLLM under `dirs`. Unreadable files become `problems`."""
    problems: list[Problem] = []
    files: list[Path] = []
    raw: dict[str, dict[str, Any] | None] = {}
    for name in LEMONADE_FILES:
        path = _find_file(dirs, name)
        if path is not None:
            files.append(path)
            raw[name] = _read_json(path, problems)
    models, others = _read_models(raw.get("user_models.json") or {})
    config = raw.get("config.json")
    return LemonadeSetup(
        dirs=dirs,
        files=tuple(files),
        models=tuple(models),
        other_models=tuple(others),
        options=tuple(_read_options(raw.get("recipe_options.json") or {})),
        vllm_args=_config_vllm_args(config) if config else None,
        ctx_size=_positive_int(config.get("ctx_size")) if config else None,
        hf_caches=hf_caches(config, env, home),
        bundle=read_bundle(dirs.cache_dir),
        problems=tuple(problems),
    )
