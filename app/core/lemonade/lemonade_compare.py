"""Lemonade's setup compared with this app's, part by part, into an ImportPlan; nothing written.

Pure: the caller reads Lemonade's files (app.core.lemonade.lemonade) and gathers what is on disk
here
(which model files are complete, which engine is installed) as plain facts; `plan_import`
compares and validates. Every change is validated here, so applying a plan cannot fail on
bad input; what cannot be imported is listed in `skipped` with the reason, and the rest goes on.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence

from app.core.lemonade.lemonade import LemonadeBundle, LemonadeModel, LemonadeOptions, LemonadeSetup
from app.core.lemonade.lemonade_plan import (
    Change,
    ChangeKind,
    EngineFacts,
    HereNow,
    ImportPlan,
    Skipped,
)
from app.core.memory.gfx import gfx_family
from app.core.models.registry import (
    BUILTIN_PREFIX,
    USER_PREFIX,
    ModelEntry,
    ModelOptions,
    check_user_name,
    parse_checkpoint,
)
from app.core.models.vllm_args import GLOBAL_KEY, accepted_user_args, split_args
from app.core.models.vllm_flags import CODE_FLAGS, without_code_flags
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.redact import redact_text
from app.core.settings.setting_rules import check_ctx_size, coerce, shown_setting


def _skip(target: str, error: ProblemError) -> Skipped:
    return Skipped(target, error.problem)


def _code_flag_problem(flag: str, tokens: tuple[str, ...], source: str) -> Problem:
    """What a code flag (app.core.models.vllm_flags.CODE_FLAGS) would do, in one sentence."""
    typed, eq, inline = tokens[0].partition("=")
    value = redact_text(inline if eq else shlex.join(tokens[1:]))
    kind = CODE_FLAGS[flag]
    if kind == "repository":
        return problem("lemonade.code_flag_repository", flag=typed, source=source)
    if kind == "requests":
        return problem("lemonade.code_flag_requests", flag=typed, value=value, source=source)
    return problem("lemonade.code_flag_module", flag=typed, value=value, source=source)


def _accepted_args(text: str, target: str, skipped: list[Skipped]) -> str:
    """`text` without the flags this app refuses and the flags that run code (each said in
    `skipped`, by name, with its value): one such flag does not cost the user the rest of
    their flags, and code is never imported unseen."""
    args, held = without_code_flags(split_args(text))
    kept, refused = accepted_user_args(args)
    if not refused and not held:
        return text
    for flag, tokens in held:
        source = "global vllm_args" if target == GLOBAL_KEY else target
        skipped.append(Skipped(target, _code_flag_problem(flag, tokens, source)))
    for tokens, why in refused:
        skipped.append(Skipped(f"{target} {redact_text(shlex.join(tokens))}", why))
    return shlex.join(kept)


def _same_model(here: ModelEntry, model: LemonadeModel) -> bool:
    return str(here.checkpoint) == model.checkpoint and here.labels == model.labels


def _model_changes(
    setup: LemonadeSetup, now: HereNow
) -> tuple[list[Change], list[Skipped], list[str], dict[str, LemonadeModel]]:
    """User models: added, replaced (another checkpoint) or already the same."""
    changes: list[Change] = []
    skipped: list[Skipped] = []
    unchanged: list[str] = []
    kept: dict[str, LemonadeModel] = {}
    for model in setup.models:
        model_id = USER_PREFIX + model.name
        try:
            check_user_name(model.name, now.users, now.builtins)
            parse_checkpoint(model.checkpoint)
        except ProblemError as exc:
            skipped.append(_skip(model_id, exc))
            continue
        kept[model.name] = model
        values = {
            "name": model.name,
            "checkpoint": model.checkpoint,
            "labels": list(model.labels),
            "size_gb": model.size_gb,
        }
        here = now.users.get(model.name)
        if here is None:
            changes.append(Change(ChangeKind.ADD_MODEL, model_id, model.checkpoint, None, values))
        elif _same_model(here, model):
            unchanged.append(model_id)
        else:
            changes.append(
                Change(
                    ChangeKind.REPLACE_MODEL,
                    model_id,
                    model.checkpoint,
                    str(here.checkpoint),
                    values,
                )
            )
    return changes, skipped, unchanged, kept


def _options_target(key: str, now: HereNow, users: Mapping[str, LemonadeModel]) -> str | None:
    """The model id an options key belongs to here, None when it is not a vLLM model."""
    if key.startswith(USER_PREFIX):
        name = key[len(USER_PREFIX) :]
        return key if name in users else None
    name = key[len(BUILTIN_PREFIX) :] if key.startswith(BUILTIN_PREFIX) else key
    return name if name in now.builtins else None


def _describe(ctx: int | None, args: str) -> str:
    parts = [f"ctx_size {ctx}" if ctx is not None else "ctx_size default"]
    parts.append(f"vllm_args {redact_text(args)!r}" if args else "no vllm_args")
    return ", ".join(parts)


def _options_change(
    target: str, entry: LemonadeOptions, current: ModelOptions, skipped: list[Skipped]
) -> Change | None:
    ctx = current.ctx_size
    try:
        check_ctx_size(entry.ctx_size)  # the rule every other way of setting it follows
        ctx = entry.ctx_size if entry.ctx_size is not None else current.ctx_size
    except ProblemError as exc:
        skipped.append(_skip(f"{target} ctx_size", exc))
    args = current.vllm_args
    if entry.vllm_args is not None:
        try:
            args = _accepted_args(entry.vllm_args, f"{target} vllm_args", skipped)
        except ProblemError as exc:
            skipped.append(_skip(f"{target} vllm_args", exc))
    if ctx == current.ctx_size and args == current.vllm_args:
        return None
    return Change(
        ChangeKind.SET_OPTIONS,
        target,
        _describe(ctx, args),
        _describe(current.ctx_size, current.vllm_args),
        {"ctx_size": ctx, "vllm_args": args},
    )


def _option_changes(
    setup: LemonadeSetup, now: HereNow, users: Mapping[str, LemonadeModel]
) -> tuple[list[Change], list[Skipped], list[str]]:
    changes: list[Change] = []
    skipped: list[Skipped] = []
    unchanged: list[str] = []
    for entry in setup.options:
        target = _options_target(entry.key, now, users)
        if target is None:
            if entry.vllm_args:  # a vLLM model this app does not have: say so
                skipped.append(
                    Skipped(
                        entry.key,
                        problem("lemonade.unknown_model", model=entry.key),
                    )
                )
            continue
        current = now.options.get(target, ModelOptions())
        refused = len(skipped)
        change = _options_change(target, entry, current, skipped)
        if change is not None:
            changes.append(change)
        elif len(skipped) == refused:
            unchanged.append(f"{target} options")
    return changes, skipped, unchanged


def _setting_changes(
    setup: LemonadeSetup, now: HereNow
) -> tuple[list[Change], list[Skipped], list[str]]:
    changes: list[Change] = []
    skipped: list[Skipped] = []
    unchanged: list[str] = []
    wanted: list[tuple[str, object]] = []
    if setup.vllm_args:
        wanted.append(("models.vllm_args", setup.vllm_args))
    if setup.ctx_size is not None:
        wanted.append(("models.ctx_size", setup.ctx_size))
    for key, raw in wanted:
        try:
            value = coerce(key, raw)
            if key == "models.vllm_args":
                value = _accepted_args(str(value), key, skipped)
        except ProblemError as exc:
            skipped.append(_skip(key, exc))
            continue
        current = now.settings.get(key)
        if value == current:
            unchanged.append(key)
        else:
            shown = str(shown_setting(key, value))
            was = str(current if current is None else shown_setting(key, current))
            changes.append(Change(ChangeKind.SET_SETTING, key, shown, was, {"value": value}))
    return changes, skipped, unchanged


def _file_changes(
    models: Sequence[tuple[str, str]], now: HereNow
) -> tuple[list[Change], list[Skipped], list[str]]:
    """`models`: (model id, repository) of every model known after the import."""
    by_repo: dict[str, list[str]] = {}
    for model_id, repo in models:
        by_repo.setdefault(repo, []).append(model_id)
    changes: list[Change] = []
    skipped: list[Skipped] = []
    unchanged: list[str] = []
    for repo, ids in by_repo.items():
        facts = now.files.get(repo)
        if facts is None or (facts.lemonade_snapshot is None and not facts.lemonade_partial):
            continue  # Lemonade never downloaded it
        if facts.complete_here:
            unchanged.append(f"{repo} files")
        elif facts.lemonade_snapshot is not None:
            changes.append(
                Change(
                    ChangeKind.LINK_FILES,
                    repo,
                    str(facts.lemonade_snapshot),
                    None,
                    {"models": ids, "snapshot": facts.lemonade_snapshot, "bytes": facts.size},
                )
            )
        else:
            skipped.append(
                Skipped(
                    repo,
                    problem("lemonade.partial_files", repo=repo, model=ids[0]),
                )
            )
    return changes, skipped, unchanged


def _engine_change(bundle: LemonadeBundle | None, facts: EngineFacts) -> Change | Skipped | None:
    if bundle is None:
        return None
    bundle_family = gfx_family(bundle.gfx_target) if bundle.gfx_target else None
    if facts.uses_bundle is not None and facts.uses_bundle == bundle.top.resolve():
        return None
    if facts.gpu_family and bundle_family and facts.gpu_family != bundle_family:
        return Skipped(
            "rocm",
            problem(
                "lemonade.bundle_other_gpu",
                tag=bundle.tag,
                bundle_gpu=bundle_family,
                gpu=facts.gpu_family,
            ),
        )
    if facts.installed:
        return Skipped(
            "rocm",
            problem("lemonade.engine_kept", version=facts.version or "?", tag=bundle.tag),
        )
    return Change(
        ChangeKind.USE_ENGINE,
        "rocm",
        f"{bundle.tag} ({bundle.top})",
        None,
        {"tag": bundle.tag, "bundle": bundle.top, "gfx_target": bundle.gfx_target},
    )


def repositories(setup: LemonadeSetup, builtins: Mapping[str, ModelEntry]) -> dict[str, list[str]]:
    """Repository → model ids, for every model whose files the import may reuse."""
    out: dict[str, list[str]] = {}
    for name, entry in builtins.items():
        if entry.checkpoint.repo_id:
            out.setdefault(entry.checkpoint.repo_id, []).append(name)
    for model in setup.models:
        try:
            repo = parse_checkpoint(model.checkpoint).repo_id
        except ProblemError:
            continue
        if repo:
            out.setdefault(repo, []).append(USER_PREFIX + model.name)
    return out


def plan_import(setup: LemonadeSetup, now: HereNow) -> ImportPlan:
    """Compare Lemonade's vLLM setup with this app's; nothing is written."""
    if not setup.found:
        return ImportPlan(setup.dirs.config_dir, False, problems=setup.problems)
    changes, skipped, unchanged, users = _model_changes(setup, now)
    for part in (_option_changes(setup, now, users), _setting_changes(setup, now)):
        changes += part[0]
        skipped += part[1]
        unchanged += part[2]
    repos = repositories(setup, now.builtins)
    pairs = [
        (model_id, repo)
        for repo, ids in repos.items()
        for model_id in ids
        if not model_id.startswith(USER_PREFIX) or model_id[len(USER_PREFIX) :] in users
    ]
    files = _file_changes(pairs, now)
    changes += files[0]
    skipped += files[1]
    unchanged += files[2]
    engine = _engine_change(setup.bundle, now.engine)
    if isinstance(engine, Change):
        changes.append(engine)
    elif isinstance(engine, Skipped):
        skipped.append(engine)
    elif setup.bundle is not None:
        unchanged.append("rocm engine")
    return ImportPlan(
        setup.dirs.config_dir,
        True,
        tuple(changes),
        tuple(skipped),
        tuple(unchanged),
        setup.problems,
    )
