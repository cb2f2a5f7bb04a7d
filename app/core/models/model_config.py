"""`vllm_model_config.json` (families, per-model arguments) and resolving a model's argv.

The layers and how they merge are app.core.models.vllm_args's; this module reads the file that adds
the family and model layers, and stacks every layer for one model (resolve_model_args).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from app.core.models.vllm_args import (
    GLOBAL_SOURCE,
    MODEL_SOURCE,
    ArgLayer,
    ResolvedArgs,
    check_global_args,
    check_user_args,
    merge_layers,
    split_args,
)
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json

SCHEMA_VERSION = 1
CONFIG_FILENAME = "vllm_model_config.json"
_ROOT_KEYS = ("schema_version", "enable_checkpoint_regex_match", "families", "models")


@dataclass(frozen=True)
class Family:
    """A model family: checkpoints it matches and the arguments it adds."""

    name: str
    patterns: tuple[re.Pattern[str], ...]
    args: tuple[str, ...]

    def matches(self, checkpoint: str) -> bool:
        return any(p.search(checkpoint) for p in self.patterns)


@dataclass(frozen=True)
class ConfiguredModel:
    """A `models` entry: an explicit family, own arguments, and whether to skip regex matching."""

    family: str | None
    args: tuple[str, ...]
    disable_family_match: bool


class _Invalid(Exception):
    """A validation failure; from_json turns it into `config.invalid` with the file name."""


def _obj(value: Any, where: str, allowed: Iterable[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Invalid(f"{where} must be a JSON object")
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise _Invalid(f"{where} has unknown key {unknown[0]!r}")
    return value


_JSON_TYPE = {bool: "boolean", int: "integer", str: "string", list: "array", dict: "object"}


def _opt(obj: dict[str, Any], key: str, kind: type, where: str, default: Any) -> Any:
    """`obj[key]` (or `default`) checked to be `kind`; `where` is the path prefix for errors."""
    value = obj.get(key, default)
    # bool is an int: a bare isinstance would let `true` pass as schema_version.
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise _Invalid(f"{where}{key} must be of JSON type {_JSON_TYPE[kind]}")
    return value


def _layer_args(node: dict[str, Any], where: str) -> tuple[str, ...]:
    text = _opt(node, "args", str, f"{where}.", "")
    try:
        args = split_args(text, source=f"{where}.args")
        check_user_args(args, source=f"{where}.args")
    except ProblemError as exc:
        raise _Invalid(exc.problem.english()) from exc
    spec = node.get("speculative_config")
    if spec is None:
        return args
    if not isinstance(spec, dict):
        raise _Invalid(f"{where}.speculative_config must be a JSON object")
    return (*args, "--speculative-config", json.dumps(spec))


def _family(name: str, node: Any) -> Family:
    where = f"families[{name!r}]"
    node = _obj(node, where, ("match", "args", "speculative_config"))
    matchers = _opt(node, "match", list, f"{where}.", [])
    patterns = []
    for i, raw in enumerate(matchers):
        m_where = f"{where}.match[{i}]"
        matcher = _obj(raw, m_where, ("checkpoint_regex",))
        regex = _opt(matcher, "checkpoint_regex", str, f"{m_where}.", None)
        try:
            patterns.append(re.compile(regex))
        except re.error as exc:
            raise _Invalid(f"{m_where}.checkpoint_regex {regex!r}: {exc}") from exc
    return Family(name, tuple(patterns), _layer_args(node, where))


def _model(name: str, node: Any, families: Mapping[str, Family]) -> ConfiguredModel:
    where = f"models[{name!r}]"
    node = _obj(node, where, ("family", "args", "disable_family_match", "speculative_config"))
    family = node.get("family")
    if family is not None and (not isinstance(family, str) or family not in families):
        raise _Invalid(f"{where}.family {family!r} is not one of the families")
    disable = _opt(node, "disable_family_match", bool, f"{where}.", False)
    return ConfiguredModel(family, _layer_args(node, where), disable)


@dataclass(frozen=True)
class ModelConfig:
    """`vllm_model_config.json`: families matched by checkpoint, and per-model arguments."""

    schema_version: int
    enable_checkpoint_regex_match: bool
    families: Mapping[str, Family]
    models: Mapping[str, ConfiguredModel]

    @classmethod
    def from_json(cls, obj: Any, *, file: str = CONFIG_FILENAME) -> ModelConfig:
        """Validate decoded JSON; raise `config.invalid` naming `file` and the reason."""
        try:
            root = _obj(obj, "the top level", _ROOT_KEYS)
            version = _opt(root, "schema_version", int, "", SCHEMA_VERSION)
            if version != SCHEMA_VERSION:
                raise _Invalid(f"schema_version {version} is not supported")
            regex = _opt(root, "enable_checkpoint_regex_match", bool, "", True)
            fam_nodes = _opt(root, "families", dict, "", {})
            families = {name: _family(name, node) for name, node in fam_nodes.items()}
            model_nodes = _opt(root, "models", dict, "", {})
            models = {name: _model(name, node, families) for name, node in model_nodes.items()}
        except _Invalid as exc:
            raise _config_invalid(file, str(exc)) from exc
        return cls(version, regex, MappingProxyType(families), MappingProxyType(models))

    def family_for(self, name: str, checkpoint: str) -> Family | None:
        """The explicit family of `name` if it has one; else the first family (in file order)
        whose regex finds `checkpoint`, unless regex matching is off globally or for `name`."""
        entry = self.models.get(name)
        if entry is not None and entry.family is not None:
            return self.families[entry.family]
        if not self.enable_checkpoint_regex_match or (entry and entry.disable_family_match):
            return None
        return next((f for f in self.families.values() if f.matches(checkpoint)), None)

    def model_args(self, name: str) -> tuple[str, ...]:
        entry = self.models.get(name)
        return entry.args if entry is not None else ()


def _config_invalid(file: str, reason: str) -> ProblemError:
    return ProblemError(problem("config.invalid", file=file, reason=reason))


@lru_cache(maxsize=1)
def _builtin_config() -> ModelConfig:
    text = resources.files("app.core").joinpath("data", CONFIG_FILENAME).read_text("utf-8")
    return ModelConfig.from_json(parse_json(text), file=f"built-in {CONFIG_FILENAME}")


def load_model_config(override: Path | None = None) -> ModelConfig:
    """The built-in configuration, or `override` when that file exists.

    An override that cannot be read or does not validate raises `config.invalid`; the caller
    decides whether to fall back to the built-in one (`load_model_config()`).
    """
    if override is None or not override.exists():
        return _builtin_config()
    try:
        obj = parse_json(override.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise _config_invalid(
            str(override), f"line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise _config_invalid(str(override), str(exc)) from exc
    return ModelConfig.from_json(obj, file=str(override))


# ---- resolution ----------------------------------------------------------------------------


def _user_layer(text: str, source: str) -> ArgLayer:
    args = split_args(text, source=source)
    check_user_args(args, source=source)
    return ArgLayer(source, args)


def resolve_model_args(
    config: ModelConfig,
    *,
    name: str,
    checkpoint: str,
    engine_args: Sequence[str] = (),
    settings: ArgLayer | None = None,
    global_vllm_args: str = "",
    model_vllm_args: str = "",
) -> ResolvedArgs:
    """Merge every layer for model `name` (as the registry addresses it) into one argv.

    Raises the `args.*` problems of the user texts with `source` "global vllm_args" or
    "model vllm_args". Layers without arguments are left out of `layers`.
    """
    family = config.family_for(name, checkpoint)
    candidates = [
        ArgLayer("engine defaults", tuple(engine_args)),
        settings,
        ArgLayer(f"family {family.name}", family.args, family.name) if family is not None else None,
        ArgLayer("model", config.model_args(name)),
        # The same rules as when it is stored: a hand-edited settings.json gets no further.
        ArgLayer(GLOBAL_SOURCE, check_global_args(global_vllm_args)),
        _user_layer(model_vllm_args, MODEL_SOURCE),
    ]
    layers = tuple(layer for layer in candidates if layer is not None and layer.args)
    return ResolvedArgs(merge_layers(layers), layers)
