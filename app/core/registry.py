"""The model registry: the built-in catalog plus the user's models, and per-model options."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Literal

from app.core.checkpoints import Checkpoint, parse_checkpoint
from app.core.jsonstore import WatchedFile
from app.core.model_names import look_alike, look_alike_problem, validate_name
from app.core.optimize import OPTIMIZE_OPTION, Optimize, check_optimize
from app.core.parallel import PP_OPTION, TP_OPTION, bad_parallel_size
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, echoed, problem, tr_noop, worded_problem
from app.core.setting_rules import check_ctx_size
from app.core.untrusted import parse_json

# Checkpoint and parse_checkpoint are app.core.checkpoints'; callers import them from here too.
__all__ = [
    "BUILTIN_PREFIX",
    "USER_PREFIX",
    "Checkpoint",
    "ModelEntry",
    "ModelOptions",
    "ModelSource",
    "Registry",
    "parse_checkpoint",
    "source_taken",
    "validate_name",
]

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
    app.core.parallel) and `optimize` (app.core.optimize) are this app's, stored as extra
    fields of the same object, which Lemonade ignores. `extra` keeps every field neither
    knows (another recipe's options, a newer version's), so that a rewrite by this app never
    drops them.
    """

    ctx_size: int | None = None
    vllm_args: str = ""
    tensor_parallel_size: int | None = None
    pipeline_parallel_size: int | None = None
    gpus: tuple[int, ...] | None = None
    optimize: Optimize | None = None  # "start" / "serve" fast (app.core.optimize); None: default
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


# The fields ModelOptions reads, which a change may name (OPTION_FIELDS); any other field of
# an entry is kept as it is in `extra`.
OPTION_KEYS = OPTION_FIELDS = frozenset(
    {"ctx_size", "vllm_args", "tensor_parallel_size", "pipeline_parallel_size", "gpus"}
    | {OPTIMIZE_OPTION}
)


def _load_catalog() -> dict[str, ModelEntry]:
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


def check_user_name(name: str, users: Collection[str], builtins: Collection[str]) -> None:
    """`name` is usable for a user model next to `users` (bare names) and `builtins`, and does
    not only look like one of theirs: `Registry.check_new_name`, and an import's plan."""
    similar = look_alike(name, [*users, *builtins])
    if similar is not None:
        shown = similar if similar in builtins else USER_PREFIX + similar
        raise ProblemError(look_alike_problem(USER_PREFIX + name, shown))
    validate_name(name)


def user_model_id(name: str) -> str:
    """The id of the user model called `name` (given with or without its `user.`)."""
    return name if name.startswith(USER_PREFIX) else USER_PREFIX + name


def _parse_user_models(raw: Any) -> dict[str, ModelEntry]:
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


def _parse_options(raw: Any) -> dict[str, ModelOptions]:
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
            extra={k: v for k, v in item.items() if k not in OPTION_KEYS},
        )
    return out


def source_taken(current: ModelEntry, wanted: str) -> ProblemError:
    """The refusal to re-point an existing model by registering it again."""
    return ProblemError(
        problem(
            "models.exists",
            model=current.id,
            name=current.name,
            current=str(current.checkpoint),
            wanted=wanted.strip(),
        )
    )


class Registry:
    """Built-in catalog + user_models.json + recipe_options.json. Thread-safe.

    Other processes (`vllm-tray pull`, `vllm-tray options`, an editor) may change the two
    files while the app runs: `reload()` picks that up, and every write re-reads first, under
    the file's lock, so it never undoes it. Reading never changes a file.
    """

    def __init__(self, paths: AppPaths) -> None:
        self._paths = paths
        self._lock = threading.RLock()
        self._catalog = _load_catalog()
        self._users_file = WatchedFile(
            paths.user_models_file, _parse_user_models, dict[str, ModelEntry]
        )
        self._options_file = WatchedFile(
            paths.recipe_options_file, _parse_options, dict[str, ModelOptions]
        )
        # An outside change a write took in, which `reload()` has not reported yet.
        self._unreported = False
        self._users: dict[str, ModelEntry] = self._users_file.load()
        self._options: dict[str, ModelOptions] = self._options_file.load()

    @property
    def problems(self) -> list[Problem]:
        """What is wrong with user_models.json and recipe_options.json now (empty: nothing).

        Codes as for `Settings.problem` (`config.unreadable`, `config.edit_unreadable`,
        `config.edit_replaced`); `params["file"]` names the file. Cleared when a readable
        version of that file appears.
        """
        with self._lock:
            files = (self._users_file, self._options_file)
            return [f.problem for f in files if f.problem is not None]

    @property
    def load_problems(self) -> list[Problem]:
        """Old name of `problems`, kept while callers move over."""
        return self.problems

    # -- other processes ------------------------------------------------------------------
    def reload(self) -> bool:
        """Re-read whichever file another process changed. True if models or options changed
        since the last call, including outside changes a write of ours took in meanwhile.

        A version that does not validate is left in place (the user may be mid-edit): the
        current models and options stay, and `problems` says why until a readable version
        appears.
        """
        with self._lock:
            changed = self._take_in() or self._unreported
            self._unreported = False
            return changed

    def _before_write(self) -> None:
        # Re-read first (the caller holds the file locks): writing our stale copy would undo
        # another process's change.
        self._unreported = self._take_in() or self._unreported

    def _take_in(self) -> bool:
        users = self._users_file.reread()
        options = self._options_file.reread()
        changed = False
        if users is not None and users != self._users:
            self._users, changed = users, True
        if options is not None and options != self._options:
            self._options, changed = options, True
        return changed

    # -- lookup ---------------------------------------------------------------------------
    def models(self) -> list[ModelEntry]:
        with self._lock:
            return [*self._catalog.values(), *self._users.values()]

    def find(self, model_id: str) -> ModelEntry | None:
        with self._lock:
            if model_id.startswith(USER_PREFIX):
                return self._users.get(model_id[len(USER_PREFIX) :])
            if model_id.startswith(BUILTIN_PREFIX):
                return self._catalog.get(model_id[len(BUILTIN_PREFIX) :])
            return self._catalog.get(model_id) or self._users.get(model_id)

    def sharing(self, model_id: str) -> tuple[str, ...]:
        """The other models whose downloaded files are this one's: the same repository, which
        the Hugging Face cache keeps in one folder whatever the revision."""
        entry = self.get(model_id)
        repo = entry.checkpoint.repo_id
        if repo is None:
            return ()
        return tuple(m.id for m in self.models() if m.checkpoint.repo_id == repo and m != entry)

    def get(self, model_id: str) -> ModelEntry:
        entry = self.find(model_id)
        if entry is None:
            raise ProblemError(
                problem(
                    "models.unknown",
                    model=echoed(model_id),
                    available=", ".join(m.id for m in self.models()),
                )
            )
        return entry

    # -- user models ----------------------------------------------------------------------
    def add_user_model(
        self,
        name: str,
        checkpoint: str,
        *,
        labels: Sequence[str] = (),
        size_gb: float | None = None,
    ) -> ModelEntry:
        """Register user.NAME from `checkpoint`. Registering never changes an existing
        model's source (issue 18 item 6): the same source again keeps the entry (labels given
        replace its labels), another one is refused with `models.exists`; `set_source` is
        the explicit change."""
        if name.startswith(USER_PREFIX):
            name = name[len(USER_PREFIX) :]
        self.check_new_name(name)
        entry = ModelEntry(
            name=name,
            source="user",
            checkpoint=parse_checkpoint(checkpoint),
            size_gb=size_gb,
            labels=tuple(labels),
        )
        with self._lock, self._users_file.locked():
            self._before_write()
            current = self._users.get(name)
            if current is not None:
                if current.checkpoint != entry.checkpoint:
                    raise source_taken(current, checkpoint)
                if not labels or tuple(labels) == current.labels:
                    return current
                entry = replace(current, labels=tuple(labels))
            users = {**self._users, name: entry}
            self._write_users(users)
            self._users = users
        return entry

    def check_new_name(self, name: str) -> None:
        """`name` is usable for a user model, and does not only look like another model's."""
        with self._lock:
            users, builtins = list(self._users), set(self._catalog)
        check_user_name(name, users, builtins)

    def set_source(
        self, model_id: str, checkpoint: str, *, size_gb: float | None = None
    ) -> ModelEntry:
        """The explicit change of a user model's source; its name, labels and options stay.
        A caller offers it only to someone allowed to (not the endpoint without its key)."""
        source = parse_checkpoint(checkpoint)
        with self._lock, self._users_file.locked():
            self._before_write()
            current = self.get(model_id)
            if current.source != "user":
                raise ProblemError(problem("models.builtin_readonly", model=model_id))
            entry = replace(current, checkpoint=source, size_gb=size_gb)
            users = {**self._users, current.name: entry}
            self._write_users(users)
            self._users = users
        return entry

    def remove_user_model(self, model_id: str) -> None:
        # Both files, always in this order (users, then options): no two writers deadlock.
        with self._lock, self._users_file.locked(), self._options_file.locked():
            self._before_write()
            entry = self.get(model_id)
            if entry.source != "user":
                raise ProblemError(
                    worded_problem(
                        "models.builtin_readonly",
                        tr_noop("{model} is built in and cannot be removed from the list."),
                        model=model_id,
                    )
                )
            users = {k: v for k, v in self._users.items() if k != entry.name}
            self._write_users(users)
            self._users = users
            if entry.options_key in self._options:
                options = {k: v for k, v in self._options.items() if k != entry.options_key}
                self._options_file.write(_options_json(options))
                self._options = options

    def _write_users(self, users: Mapping[str, ModelEntry]) -> None:
        data: dict[str, Any] = {}
        for name, e in users.items():
            item: dict[str, Any] = {"checkpoint": str(e.checkpoint), "recipe": e.recipe}
            if e.size_gb is not None:
                item["size"] = e.size_gb
            item["labels"] = list(e.labels)
            data[name] = item
        self._users_file.write(data)

    # -- options --------------------------------------------------------------------------
    def options(self, model_id: str) -> ModelOptions:
        entry = self.get(model_id)
        with self._lock:
            return self._options.get(entry.options_key, ModelOptions())

    def set_options(self, model_id: str, options: ModelOptions) -> ModelOptions:
        """Store options as given; callers validate vllm_args first (see app.core.launch)."""
        check_ctx_size(options.ctx_size)
        # What the file could not hold and read back (callers check against the machine).
        for name, size in (
            (TP_OPTION, options.tensor_parallel_size),
            (PP_OPTION, options.pipeline_parallel_size),
        ):
            if size is not None and size < 1:
                raise ProblemError(bad_parallel_size(name, size))
        check_optimize(options.optimize)
        if options.gpus is not None and any(g < 0 for g in options.gpus):
            raise ProblemError(
                problem("options.bad_gpus", value=",".join(str(g) for g in options.gpus))
            )
        with self._lock, self._options_file.locked():
            self._before_write()
            entry = self.get(model_id)
            new = dict(self._options)
            if options.is_empty():
                new.pop(entry.options_key, None)
            else:
                new[entry.options_key] = options
            self._options_file.write(_options_json(new))
            self._options = new
        return options

    def update_options(
        self, model_id: str, *, ctx_size: int | None = None, vllm_args: str | None = None
    ) -> ModelOptions:
        """Change only the fields given (None: keep what is stored)."""

        def change(current: ModelOptions) -> ModelOptions:
            if ctx_size is not None:
                current = replace(current, ctx_size=ctx_size)
            if vllm_args is not None:
                current = replace(current, vllm_args=vllm_args)
            return current

        return self.edit_options(model_id, change)

    def edit_options(
        self, model_id: str, edit: Callable[[ModelOptions], ModelOptions]
    ) -> ModelOptions:
        """One read-modify-write under the lock: `edit` gets the options stored now (another
        thread's or process's change included) and returns the new ones; it may raise to
        write nothing. Writes only when something changed."""
        with self._lock, self._options_file.locked():
            self._before_write()
            current = self.options(model_id)
            new = edit(current)
            if new == current:
                return current
            return self.set_options(model_id, new)


def _options_json(options: Mapping[str, ModelOptions]) -> dict[str, Any]:
    return {k: v.to_json() for k, v in options.items()}
