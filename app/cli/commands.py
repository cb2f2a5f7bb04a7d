"""`models`, `options`, `config` and `system-info`: reading and editing configuration."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import getpass
import sys
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from app.cli.context import human_bytes, print_json, services_from
from app.core.jsonstore import REPLACED_CODE
from app.core.memory.memory_room import DeviceRoom, RamShare, fit_verdict
from app.core.memory.parallel import (
    GPUS_OPTION,
    PP_OPTION,
    RAM_DEVICE,
    TP_OPTION,
    gpu_device,
    parse_gpus,
    parse_parallel_size,
)
from app.core.models.optimize import OPTIMIZE_OPTION, parse_optimize
from app.core.models.registry import OPTION_FIELDS, ModelOptions
from app.core.models.vllm_args import format_command
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.redact import redact_argv, redact_text
from app.core.settings.setting_rules import bad_ctx_size, check_ctx_size, shown_setting
from app.core.settings.setting_table import RENAMED
from app.core.settings.settings import SPEC_BY_KEY, SPECS
from app.core.untrusted import one_line

if TYPE_CHECKING:
    from app.runtime.api.protocols import ConfigApi
    from app.runtime.api.snapshot import ModelRow, OptionsPreview


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("models", parents=[common], help="list built-in and your own models")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_models)

    p = sub.add_parser(
        "options",
        parents=[common],
        help="show or change a model's ctx_size, vllm_args, GPUs and start/serve choice",
        description=(
            "Show a model's options and the vLLM command line they give; change them with "
            'ctx_size=N, vllm_args="--flag value ...", tensor_parallel_size=N, '
            "pipeline_parallel_size=N, gpus=0,1 (GPU numbers as system-info lists them) and "
            "optimize=start|serve (start: loads fastest, vLLM's -O0; serve: answers fastest, "
            "-O3). A value of 'default' goes back to the default."
        ),
    )
    p.add_argument("model")
    p.add_argument("assignments", nargs="*", metavar="KEY=VALUE")
    p.add_argument("--reset", action="store_true", help="back to the defaults")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_options)

    p = sub.add_parser("config", parents=[common], help="read or change global settings")
    csub = p.add_subparsers(dest="config_command", metavar="get|set|reset", required=True)
    g = csub.add_parser("get", parents=[common], help="print one setting or all")
    g.add_argument("key", nargs="?")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=cmd_config_get)
    s = csub.add_parser("set", parents=[common], help="change settings: KEY=VALUE ...")
    s.add_argument("assignments", nargs="+", metavar="KEY=VALUE")
    s.add_argument("--json", action="store_true", help="print the stored values as JSON")
    s.set_defaults(func=cmd_config_set)
    r = csub.add_parser("reset", parents=[common], help="back to the default value")
    r.add_argument("key")
    r.add_argument("--json", action="store_true", help="print the default value as JSON")
    r.set_defaults(func=cmd_config_reset)
    k = csub.add_parser(
        "set-secret",
        parents=[common],
        help="store api_key or hf_token in the keyring (the value is read from stdin)",
    )
    k.add_argument("name", choices=["api_key", "hf_token"])
    k.add_argument("--delete", action="store_true", help="remove the secret")
    k.set_defaults(func=cmd_config_set_secret)

    p = sub.add_parser("system-info", parents=[common], help="GPUs, memory, kernel, engine")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_system_info)


# -- models -------------------------------------------------------------------------------
def cmd_models(args: argparse.Namespace) -> int:
    services = services_from(args)
    rows = [row_json(row) for row in services.views.rows() if row.source != "remote"]
    if args.json:
        print_json(rows)
        return 0
    width = max(len(r["id"]) for r in rows)
    print(f"{'MODEL':<{width}}  {'SIZE':>8}  {'FILES':<14}  CHECKPOINT / LABELS")
    for r in rows:
        size = f"{r['size_gb']:.2f} GB" if r["size_gb"] is not None else "?"
        mark = " (experimental)" if r["experimental"] else ""
        print(
            f"{r['id']:<{width}}  {size:>8}  {r['files']:<14}  {r['checkpoint']}{mark}  "
            f"[{', '.join(r['labels'])}]"
        )
    return 0


def row_json(row: ModelRow) -> dict[str, Any]:
    """A model as `models --json` prints it: the fields of its row that do not change
    while it runs (the one projection of a model, app.runtime.views.Views.row)."""
    return {
        "id": row.id,
        "checkpoint": row.checkpoint,
        "size_gb": row.size_gb,
        "labels": list(row.labels),
        "source": row.source,
        "downloaded": row.downloaded,
        "files": row.file_state,
        "experimental": row.experimental,
    }


# -- options ------------------------------------------------------------------------------
def _parse_assignments(pairs: list[str], allowed: set[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ProblemError(problem("cli.bad_assignment", text=pair))
        if allowed is not None and key not in allowed:
            raise ProblemError(problem("cli.unknown_option", key=key))
        out[key] = value
    return out


def _parse_ctx(text: str) -> int | None:
    text = text.strip()
    if text in ("", "default"):
        return None
    try:
        value = int(text)
    except ValueError:
        raise ProblemError(bad_ctx_size(repr(text))) from None
    check_ctx_size(value)
    return value


OPTIMIZE_WORDS = {"start": "start (loads fastest: -O0)", "serve": "serve (answers fastest: -O3)"}


def cmd_options(args: argparse.Namespace) -> int:
    services = services_from(args)
    entry = services.models.entry(args.model)
    changes = _parse_assignments(args.assignments, set(OPTION_FIELDS))
    if args.reset and changes:
        raise ProblemError(problem("cli.reset_and_set"))
    wanted = ModelOptions(
        ctx_size=_parse_ctx(changes["ctx_size"]) if "ctx_size" in changes else None,
        vllm_args=changes.get("vllm_args", "").strip(),
        tensor_parallel_size=parse_parallel_size(TP_OPTION, changes.get(TP_OPTION, "")),
        pipeline_parallel_size=parse_parallel_size(PP_OPTION, changes.get(PP_OPTION, "")),
        gpus=parse_gpus(changes.get(GPUS_OPTION, "")),
        optimize=parse_optimize(changes.get(OPTIMIZE_OPTION, "")),
    )
    # The same use case as the GUI's: checks the result before writing anything, and writes
    # only the fields named here (a concurrent change to the others is kept).
    fields = set(OPTION_FIELDS) if args.reset else set(changes)
    preview = asyncio.run(services.models.set_options(entry.id, wanted, fields=fields))
    new = services.models.options(entry.id)
    if args.json:
        print_json(
            {
                "model": entry.id,
                "ctx_size": new.ctx_size,
                "effective_ctx_size": preview.ctx_size,
                "vllm_args": redact_text(new.vllm_args),
                "tensor_parallel_size": new.tensor_parallel_size,
                "pipeline_parallel_size": new.pipeline_parallel_size,
                "gpus": list(new.gpus) if new.gpus is not None else None,
                "effective_gpus": list(preview.effective_gpus),
                "optimize": new.optimize,
                "planned_bytes": dict(preview.planned),
                "fit": _fit(preview)[0],
                # Shown, so a secret flag's value is hidden (app.core.redact).
                "argv": redact_argv(preview.command),
                "layers": [
                    {"source": x.source, "args": redact_argv(x.args)} for x in preview.layers
                ],
            }
        )
        return 0
    default_note = "" if new.ctx_size is not None else " (default)"
    print(f"model:      {entry.id}")
    print(f"ctx_size:   {preview.ctx_size}{default_note}")
    print(f"vllm_args:  {redact_text(new.vllm_args) or '(none)'}")
    if new.tensor_parallel_size is not None or new.pipeline_parallel_size is not None:
        print(
            f"parallel:   tensor {new.tensor_parallel_size or 1} × pipeline "
            f"{new.pipeline_parallel_size or 1}"
        )
    if preview.effective_gpus:
        chosen = "" if new.gpus is not None else " (chosen by the app)"
        print(f"gpus:       {', '.join(str(g) for g in preview.effective_gpus)}{chosen}")
    if new.optimize is not None:
        print(f"optimize:   {OPTIMIZE_WORDS[new.optimize]}")
    for layer in preview.layers:
        print(f"  from {layer.source}: {format_command(layer.args)}")
    print(f"command:    {format_command(preview.command)}")
    print(f"fit:        {_fit(preview)[1]}")
    return 0


def _fit(preview: OptionsPreview) -> tuple[str | None, str]:
    """The Model settings dialog's verdict (app.core.memory.memory_room.fit_verdict) and its
    line."""
    plan = preview.memory
    if plan is None:
        return None, "no estimate yet: it needs the model's config.json on disk"
    verdict = fit_verdict(plan, preview.ctx_size, preview.planned, preview.rooms)
    needed, budget = human_bytes(plan.needed_bytes), human_bytes(plan.budget_bytes)
    words = {
        "too_long": f"too long for this model: it accepts at most {plan.model_max_ctx} tokens",
        "not_now": f"does not fit now: a start would reserve "
        f"{human_bytes(sum(preview.planned.values()))}, more than is free",
        "fits": f"fits: needs {needed} of the {budget} vLLM may use",
        "does_not_fit": f"does not fit: needs {needed}, but vLLM may use {budget}",
    }
    return verdict, words[verdict]


# -- config -------------------------------------------------------------------------------
RESTART_NOTES = {
    "models": "applies to models loaded from now on; unload and load a running one",
    "server": "applies when the endpoint restarts",
    "app": "applies when vLLM Tray restarts",
}


def _config(args: argparse.Namespace) -> ConfigApi:
    # Reading never changes settings.json; a write replaces a broken one and logs where the
    # copy went (app.core.jsonstore), so commands report what is left with `_warn`.
    return services_from(args, warn=False).config


def _warn(config: ConfigApi) -> None:
    found = config.load_problem()
    if found is not None and found.code != REPLACED_CODE:  # a replacement was logged
        print(f"vllm-tray: warning: {one_line(found.english())}", file=sys.stderr)


def _current_names(args: argparse.Namespace) -> None:
    """A setting typed by its name before the keys were dotted (`gpu_memory_utilization`)
    means the setting it became (`models.gpu_memory_utilization`): old habits, scripts and
    notes keep working, and the answer shows the name it has now."""
    if getattr(args, "key", None) is not None:
        args.key = RENAMED.get(args.key, args.key)
    if getattr(args, "assignments", None):
        args.assignments = [
            RENAMED.get(key, key) + sep + value
            for key, sep, value in (pair.partition("=") for pair in args.assignments)
        ]


def cmd_config_get(args: argparse.Namespace) -> int:
    _current_names(args)
    config = _config(args)
    _warn(config)
    if args.key is not None:
        value = shown_setting(args.key, config.value(args.key))
        if args.json:
            print_json({args.key: value})
        else:
            print(value)
        return 0
    values = {key: shown_setting(key, value) for key, value in config.settings().items()}
    if args.json:
        print_json(values)
        return 0
    for spec in SPECS:
        default = "" if not config.is_default(spec.key) else "  (default)"
        print(f"{spec.key} = {values[spec.key]!r}{default}")
    return 0


def named(found: Problem, name: str) -> Problem:
    """`found` with `NAME: ` in front: a command line sets several values at once, so the
    sentence (written for the field it stands next to in the GUI) says which one it means."""
    return dataclasses.replace(
        found,
        template="{named}: " + found.template,
        params=MappingProxyType({**found.params, "named": name}),
    )


def cmd_config_set(args: argparse.Namespace) -> int:
    _current_names(args)
    config = _config(args)
    changes = _parse_assignments(args.assignments, None)
    try:
        # Validates every value and the rules between them before writing anything.
        changed = asyncio.run(config.set_settings(changes))
    except ProblemError as exc:
        key = exc.problem.params.get("key")
        if key is None or exc.problem.code == "settings.unknown_key":
            raise
        raise ProblemError(named(exc.problem, str(key))) from None
    _warn(config)
    if args.json:
        print_json({key: shown_setting(key, config.value(key)) for key in changes})
        return 0
    for key in changes:
        note = ""
        spec = SPEC_BY_KEY[key]
        if key in changed and spec.restart:
            note = f"  ({RESTART_NOTES[spec.restart]})"
        print(f"{key} = {shown_setting(key, config.value(key))!r}{note}")
    return 0


def cmd_config_reset(args: argparse.Namespace) -> int:
    _current_names(args)
    config = _config(args)
    # The same use case as a change: checked against the rules between settings first.
    value = shown_setting(args.key, asyncio.run(config.reset(args.key)))
    _warn(config)
    if args.json:
        print_json({args.key: value})
        return 0
    print(f"{args.key} = {value!r}  (default)")
    return 0


def cmd_config_set_secret(args: argparse.Namespace) -> int:
    config = _config(args)
    if args.delete:
        # Refused (nothing deleted) while proxy.host lets other computers reach the endpoint.
        asyncio.run(config.set_secret(args.name, None))
        print(f"{args.name} removed")
        return 0
    # Never from the command line: it would land in the shell's history and in `ps`.
    value = getpass.getpass(f"{args.name}: ") if sys.stdin.isatty() else sys.stdin.readline()
    value = value.strip()
    if not value:
        raise ProblemError(problem("cli.empty_secret", name=args.name))
    asyncio.run(config.set_secret(args.name, value))
    print(f"{args.name} saved ({config.secrets_backend})")
    return 0


# -- system-info --------------------------------------------------------------------------
def cmd_system_info(args: argparse.Namespace) -> int:
    services = services_from(args)
    info = services.views.system_info()
    # What models may take now: the budget, less what other programs hold, and on an APU and
    # in RAM what the host can spare (no model of this process runs: all use is others').
    host = services.views.host_rooms()
    rooms = host.rooms
    engine = services.views.engine()
    engine_status = {
        "kind": engine.kind,
        "installed": engine.installed,
        "version": engine.version,
        "location": engine.location,
        "problem": engine.problem.to_json() if engine.problem else None,
    }
    if args.json:
        room_json = {
            "reserve": host.reserve,
            "rooms": [room.to_json() for room in rooms.values()],
        }
        print_json({**info.to_json(), "engine": engine_status, "memory_room": room_json})
        return 0
    if not info.gpus:
        print("GPU:     none found")
    for number, gpu in enumerate(info.gpus):
        kind = "integrated (APU, unified memory)" if gpu.apu else "discrete"
        target = f" {gpu.gfx_target}" if gpu.gfx_target else ""
        # The number a model's gpus option uses (detection order, not the HIP/CUDA one).
        print(f"GPU {number}:   {gpu.name}{target}, {kind}")
        print(f"         VRAM {human_bytes(gpu.vram_used)} / {human_bytes(gpu.vram_total)} used")
        if gpu.apu:
            print(f"         GTT  {human_bytes(gpu.gtt_used)} / {human_bytes(gpu.gtt_total)} used")
        room = rooms.get(gpu_device(number))
        if room is not None:
            print(f"         {room_line(room)}")
    print(f"RAM:     {human_bytes(info.ram_available)} free of {human_bytes(info.ram_total)}")
    ram = rooms.get(RAM_DEVICE)
    if ram is not None and ram.host_limit is not None and not host.uses_gpu:
        print(f"         {room_line(ram)}")
        setting = float(services.config.value(UTILIZATION_KEY))
        print(f"         {ram_share_line(ram, setting)}")
    print(f"CPUs:    {info.cpu_count}")
    print(f"Kernel:  {info.kernel_release}")
    state = "installed" if engine.installed else "not installed"
    print(f"Engine:  {engine.kind} ({state})")
    for found in info.problems:
        print(f"Note:    {found.english()}")
    return 0


UTILIZATION_KEY = "models.gpu_memory_utilization"


def ram_share_line(ram: DeviceRoom, setting: float) -> str:
    """The CPU engine's share of RAM that fits now, against the one set: vLLM's CPU build
    asks for that share of the RAM and fails a load when less is free (issue 32 item 4)."""
    fits = RamShare(ram.host_available or 0, ram.reserve, ram.total or 0).utilization()
    line = f"gpu-memory-utilization that fits in RAM now: {fits:.2f}"
    if setting > fits:
        line += f" ({UTILIZATION_KEY} is {setting:g}: above that a load is likely to fail)"
    return line


def room_line(room: DeviceRoom) -> str:
    """ "models may use 16.5 GB now (of 128.8 GB: VRAM + GTT; …)": both numbers, and which
    one binds."""
    line = f"models may use {human_bytes(room.room)} now (budget {human_bytes(room.budget)}"
    if room.others:
        line += f"; other programs hold {human_bytes(room.others)}"
    if room.host_limit is not None:
        line += (
            f"; without swapping the host can spare {human_bytes(room.host_limit)}: "
            f"{human_bytes(room.host_available)} RAM available, "
            f"{human_bytes(room.reserve)} kept for the system"
        )
    return line + ")"
