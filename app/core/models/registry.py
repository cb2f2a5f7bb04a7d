"""The model registry: the built-in catalog plus the user's models, and per-model options."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.core.jsonstore import WatchedFile
from app.core.memory.parallel import PP_OPTION, TP_OPTION, bad_parallel_size
from app.core.models.checkpoints import Checkpoint, parse_checkpoint
from app.core.models.model_entries import (
    BUILTIN_PREFIX,
    OPTION_FIELDS,
    USER_PREFIX,
    ModelEntry,
    ModelOptions,
    ModelSource,
    load_catalog,
    options_json,
    parse_options,
    parse_user_models,
)
from app.core.models.model_names import look_alike, look_alike_problem, validate_name
from app.core.models.optimize import check_optimize
from app.core.paths import AppPaths
from app.core.problems.problems import (
    Problem,
    ProblemError,
    echoed,
    problem,
    tr_noop,
    worded_problem,
)
from app.core.settings.setting_rules import check_ctx_size

# Checkpoint and parse_checkpoint are app.core.models.checkpoints', the entries and options
# app.core.models.model_entries'; callers import them from here too.
__all__ = [
    "BUILTIN_PREFIX",
    "OPTION_FIELDS",
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
        self._catalog = load_catalog()
        self._users_file = WatchedFile(
            paths.user_models_file, parse_user_models, dict[str, ModelEntry]
        )
        self._options_file = WatchedFile(
            paths.recipe_options_file, parse_options, dict[str, ModelOptions]
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
                self._options_file.write(options_json(options))
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
            self._options_file.write(options_json(new))
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
