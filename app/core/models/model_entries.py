"""What the registry's files hold: model entries and per-model options, read from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal

from app.core.models.checkpoints import Checkpoint, parse_checkpoint
from app.core.models.model_names import validate_name
from app.core.models.optimize import OPTIMIZE_OPTION, Optimize, check_optimize
from app.core.problems.problems import ProblemError
from app.core.untrusted import parse_json

USER_PREFIX = "user."
BUILTIN_PREFIX = "builtin."


# Where a model comes from: the built-in catalog, or added by the user.
ModelSource = Literal["builtin", "user"]


@dataclass(frozen=True)
class ModelEntry:
    """One model the app knows. `id` is how users and the API address it.

    Built-ins are addressed by their bare name (as in Lemonade), user models as `user.NAME`.
    """

    name: str
    source: ModelSource
    checkpoint: Checkpoint
    size_gb: float | None
    labels: tuple[str, ...]
    recipe: str = "vllm"

    @property
    def id(self) -> str:
        return self.name if self.source == "builtin" else USER_PREFIX + self.name

    @property
    def options_key(self) -> str:
        return (BUILTIN_PREFIX if self.source == "builtin" else USER_PREFIX) + self.name

    @property
    def experimental(self) -> bool:
        """The built-in catalog targets AMD's experimental ROCm vLLM backend."""
        return self.source == "builtin"


@dataclass(frozen=True)
class ModelOptions:
    """Per-model options as stored in recipe_options.json (None: use the default).

    `ctx_size` and `vllm_args` are Lemonade's fields. `tensor_parallel_size`,
    `pipeline_parallel_size`, `gpus` (GPU numbers as detection orders them, see
    app.core.memory.parallel) and `optimize` (app.core.models.optimize) are this app's, stored as
    extra
    fields of the same object, which Lemonade ignores. `extra` keeps every field neither
    knows (another recipe's options, a newer version's), so that a rewrite by this app never
    drops them.
    """

    ctx_size: int | None = None
    vllm_args: str = ""
    tensor_parallel_size: int | None = None
    pipeline_parallel_size: int | None = None
    gpus: tuple[int, ...] | None = None
    optimize: Optimize | None = (
        None  # "start" / "serve" fast (app.core.models.optimize); None: default
    )
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.extra)
        if self.ctx_size is not None:
            out["ctx_size"] = self.ctx_size
        if self.vllm_args:
            out["vllm_args"] = self.vllm_args
        if self.tensor_parallel_size is not None:
            out["tensor_parallel_size"] = self.tensor_parallel_size
        if self.pipeline_parallel_size is not None:
            out["pipeline_parallel_size"] = self.pipeline_parallel_size
        if self.gpus is not None:
            out["gpus"] = list(self.gpus)
        if self.optimize is not None:
            out[OPTIMIZE_OPTION] = self.optimize
        return out

    def is_empty(self) -> bool:
        """Nothing of its own: the model follows every default (and its entry can go)."""
        return not self.to_json()


# The fields ModelOptions reads, which a change may name; any other field of an entry is kept
# as it is in `extra`.
OPTION_FIELDS = frozenset(
    {"ctx_size", "vllm_args", "tensor_parallel_size", "pipeline_parallel_size", "gpus"}
    | {OPTIMIZE_OPTION}
)


def load_catalog() -> dict[str, ModelEntry]:
    text = resources.files("app.core").joinpath("data/catalog.json").read_text("utf-8")
    raw = parse_json(text)
    out: dict[str, ModelEntry] = {}
    for name, item in raw["models"].items():
        out[name] = ModelEntry(
            name=name,
            source="builtin",
            checkpoint=parse_checkpoint(item["checkpoint"]),
            size_gb=float(item["size"]),
            labels=tuple(item.get("labels", ())),
        )
    return out


def parse_user_models(raw: Any) -> dict[str, ModelEntry]:
    if not isinstance(raw, dict):
        raise ValueError("user_models.json must hold a JSON object keyed by model name")
    out: dict[str, ModelEntry] = {}
    for name, item in raw.items():
        validate_name(name)
        if not isinstance(item, dict) or not isinstance(item.get("checkpoint"), str):
            raise ValueError(f"model {name!r} needs a string 'checkpoint'")
        size = item.get("size")
        labels = item.get("labels", [])
        if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float))):
            raise ValueError(f"model {name!r}: 'size' must be a number of GB")
        if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            raise ValueError(f"model {name!r}: 'labels' must be a list of strings")
        out[name] = ModelEntry(
            name=name,
            source="user",
            checkpoint=parse_checkpoint(item["checkpoint"]),
            size_gb=float(size) if size is not None else None,
            labels=tuple(labels),
            recipe=str(item.get("recipe", "vllm")),
        )
    return out


def _positive_int_field(item: Mapping[str, Any], key: str, where: str) -> int | None:
    value = item.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{where}: {key} must be a positive whole number")
    return value


def parse_options(raw: Any) -> dict[str, ModelOptions]:
    if not isinstance(raw, dict):
        raise ValueError("recipe_options.json must hold a JSON object")
    out: dict[str, ModelOptions] = {}
    for key, item in raw.items():
        if not isinstance(item, dict):
            raise ValueError(f"options for {key!r} must be an object")
        ctx = _positive_int_field(item, "ctx_size", key)
        args = item.get("vllm_args", "")
        if not isinstance(args, str):
            raise ValueError(f"{key}: vllm_args must be a string")
        gpus = item.get("gpus")
        if gpus is not None and (
            not isinstance(gpus, list)
            or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in gpus)
        ):
            raise ValueError(f"{key}: gpus must be a list of GPU numbers (0, 1, …)")
        try:
            optimize = check_optimize(item.get(OPTIMIZE_OPTION))
        except ProblemError:
            raise ValueError(f'{key}: optimize must be "start" or "serve"') from None
        out[key] = ModelOptions(
            ctx_size=ctx,
            vllm_args=args,
            tensor_parallel_size=_positive_int_field(item, "tensor_parallel_size", key),
            pipeline_parallel_size=_positive_int_field(item, "pipeline_parallel_size", key),
            gpus=tuple(gpus) if gpus is not None else None,
            optimize=optimize,
            extra={k: v for k, v in item.items() if k not in OPTION_FIELDS},
        )
    return out


def options_json(options: Mapping[str, ModelOptions]) -> dict[str, Any]:
    return {k: v.to_json() for k, v in options.items()}
