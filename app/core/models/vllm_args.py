"""vLLM argument resolution: split user text, reject managed flags, merge layered arguments.

The argv a model is served with is built from layers, lowest first: engine defaults, the
settings (gpu_memory_utilization, max_num_seqs), the model's family from
`vllm_model_config.json`, the model's own entry there, the global `vllm_args` setting and the
model's `vllm_args` option. A later layer replaces the conflicting flags of earlier layers and
keeps the rest. app.core.models.model_config reads that file and stacks the layers of one model.

How a token is read (the same way vLLM's argparse reads it):
- A flag starts with "-": long flags ("--max-num-seqs") and vLLM's few short aliases
  ("-tp", "-pp", "-q", "-O3"). A token that looks like a number ("-1", "-0.5", "-.5") is a
  value, never a flag, and so is a token with whitespace before any "=" (argparse reads
  "-x y" as a positional). A bare "--" is refused: vLLM would read every flag the app appends
  after it as a positional.
- A flag owns every following token up to the next flag: none (a switch such as
  "--enforce-eager"), one ("--max-num-seqs 8") or several (vLLM has nargs="+" flags such as
  "--cudagraph-capture-sizes 1 2 4"). Hence only tokens before the first flag are stray.
- `--flag=value` is the same flag as `--flag value`. Underscores in a long flag's name count as
  dashes (vLLM's FlexibleArgumentParser does the same), short aliases count as their long name,
  and `--no-x` is the same flag as `--x` (argparse's BooleanOptionalAction), so a later one
  cancels an earlier one in either direction.
- JSON sub-keys (`--speculative-config.method mtp`) are flags of their own; a later whole
  `--speculative-config '{…}'` replaces earlier sub-keys too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.redact import redact_argv

# Flags the app sets itself, each with the setting (or model option) that controls it.
MANAGED_FLAGS: Mapping[str, str] = MappingProxyType(
    {
        "--model": "model",
        "--served-model-name": "model name",
        "--host": "proxy.host",
        "--port": "proxy.port",
        # A unix socket makes vLLM ignore host and port, so the app could not reach it.
        "--uds": "proxy.port",
        "--max-model-len": "ctx_size",
        # The planner places a model on its GPUs and counts its memory on each of them, so
        # the number of GPUs is the app's to know: a model option, not a free flag.
        "--tensor-parallel-size": "tensor_parallel_size",
        "--pipeline-parallel-size": "pipeline_parallel_size",
    }
)

_MANAGED_TEMPLATES: Mapping[str, str] = MappingProxyType(
    {
        "--model": tr_noop("In {source}, remove {flag}: the app passes the model you load."),
        "--served-model-name": tr_noop(
            "In {source}, remove {flag}: the app serves each model under its {setting}."
        ),
        "--host": tr_noop(
            "In {source}, remove {flag}: the app picks each model's address itself; the "
            "address clients use is the setting {setting}."
        ),
        "--port": tr_noop(
            "In {source}, remove {flag}: the app picks each model's port itself; the port "
            "clients use is the setting {setting}."
        ),
        "--uds": tr_noop(
            "In {source}, remove {flag}: the app reaches each model on a local port it picks; "
            "the port clients use is the setting {setting}."
        ),
        "--max-model-len": tr_noop(
            "In {source}, remove {flag}: the context length comes from the option {setting}."
        ),
        "--tensor-parallel-size": tr_noop(
            "In {source}, remove {flag}: set the model's option {setting} instead (with gpus "
            "to choose the GPUs), so that the app plans memory on every GPU the model uses."
        ),
        "--pipeline-parallel-size": tr_noop(
            "In {source}, remove {flag}: set the model's option {setting} instead (with gpus "
            "to choose the GPUs), so that the app plans memory on every GPU the model uses."
        ),
    }
)

# vLLM's single-dash aliases (vllm/engine/arg_utils.py, entrypoints/openai/cli_args.py).
# "-O" is handled apart: "-O3", "-O=3", "-Odecode" and "-O 3" all mean --optimization-level.
_SHORT_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "-q": "--quantization",
        "-tp": "--tensor-parallel-size",
        "-pp": "--pipeline-parallel-size",
        "-dp": "--data-parallel-size",
        "-dcp": "--decode-context-parallel-size",
        "-pcp": "--prefill-context-parallel-size",
        "-dpn": "--data-parallel-rank",
        "-dpr": "--data-parallel-start-rank",
        "-dpl": "--data-parallel-size-local",
        "-dpa": "--data-parallel-address",
        "-dpp": "--data-parallel-rpc-port",
        "-dpb": "--data-parallel-backend",
        "-dph": "--data-parallel-hybrid-lb",
        "-dpe": "--data-parallel-external-lb",
        "-ep": "--enable-expert-parallel",
        "-n": "--nnodes",
        "-r": "--node-rank",
        "-cc": "--compilation-config",
        "-ac": "--attention-config",
        "-asc": "--api-server-count",
    }
)

# Different flags that set the same thing: a later member removes earlier members. Tool
# parser, tool choice and quantization are single flags in vLLM (their `--no-` forms and the
# `-q` alias fold into them above); they are listed so the table names every group.
# --tool-parser-plugin is not in the tool parser group: it registers parser names for
# --tool-call-parser to choose from, so it complements an earlier parser choice.
CONFLICT_GROUPS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "memory budget": frozenset({"--gpu-memory-utilization", "--kv-cache-memory-bytes"}),
        "tool parser": frozenset({"--tool-call-parser"}),
        "tool choice": frozenset({"--enable-auto-tool-choice"}),
        "quantization": frozenset({"--quantization"}),
    }
)
_GROUP_OF: Mapping[str, str] = MappingProxyType(
    {flag: name for name, flags in CONFLICT_GROUPS.items() for flag in flags}
)

_NUMBER_START = re.compile(r"-\.?\d")


@dataclass(frozen=True)
class ArgLayer:
    """One source of vLLM arguments. `source` is the short name the CLI prints (the words a
    user types there, "family qwen3."); the window shows `layer_label` instead. `family` is
    the model family's name for a family's layer."""

    source: str
    args: tuple[str, ...]
    family: str = ""


@dataclass(frozen=True)
class ResolvedArgs:
    """The merged argv (without the managed flags) and the non-empty layers it came from."""

    args: tuple[str, ...]
    layers: tuple[ArgLayer, ...]


# ---- tokens --------------------------------------------------------------------------------


def is_flag(token: str) -> bool:
    if len(token) < 2 or token[0] != "-" or _NUMBER_START.match(token):
        return False
    name = token.split("=", 1)[0]
    return not any(ch.isspace() for ch in name)


def flag_key(token: str) -> str:
    """The identity of a flag token: long name, dashes, no `no-`, aliases resolved."""
    name = token.split("=", 1)[0]
    if name.startswith("--"):
        head, dot, tail = name[2:].partition(".")
        head = head.replace("_", "-")
        if not dot and head.startswith("no-"):
            head = head[3:]
        return f"--{head}{dot}{tail}"
    if name.startswith("-O"):
        return "--optimization-level"
    return _SHORT_ALIASES.get(name, name)


@dataclass(frozen=True)
class _Arg:
    key: str
    tokens: tuple[str, ...]

    @property
    def conflict_id(self) -> str:
        return _GROUP_OF.get(self.key, self.key)


def _not_a_flag(token: str, source: str) -> ProblemError:
    return ProblemError(problem("args.not_a_flag", token=token, source=source))


def group_args(tokens: Iterable[str], source: str) -> list[_Arg]:
    """`tokens` as flags, each with its values; `args.not_a_flag` for a value before any."""
    groups: list[list[str]] = []
    for token in tokens:
        if token == "--":
            raise _not_a_flag(token, source)
        if is_flag(token):
            groups.append([token])
        elif not groups:
            raise _not_a_flag(token, source)
        else:
            groups[-1].append(token)
    return [_Arg(flag_key(g[0]), tuple(g)) for g in groups]


def split_args(text: str, *, source: str = "vllm_args") -> tuple[str, ...]:
    """Split `text` like a POSIX shell (quotes kept as grouping, so JSON values survive)."""
    try:
        tokens = shlex.split(text, comments=False, posix=True)
    except ValueError as exc:  # "No closing quotation" / "No escaped character"
        raise ProblemError(
            problem("args.unbalanced_quote", source=source, text=text, reason=str(exc))
        ) from exc
    group_args(tokens, source)
    return tuple(tokens)


def _managed_flag(key: str) -> str | None:
    if key in MANAGED_FLAGS:
        return key
    # vLLM's argparse accepts unique prefixes ("--max-model 4096"), so an abbreviation of a
    # managed flag would reach it too.
    if key.startswith("--") and len(key) > 2 and "." not in key:
        for flag in MANAGED_FLAGS:
            if flag.startswith(key):
                return flag
    return None


def check_user_args(args: Sequence[str], *, source: str = "vllm_args") -> None:
    """Raise `args.managed_flag` if `args` sets a flag the app manages (any spelling)."""
    for token in args:
        if not is_flag(token):
            continue
        managed = _managed_flag(flag_key(token))
        if managed is not None:
            raise ProblemError(
                worded_problem(
                    "args.managed_flag",
                    _MANAGED_TEMPLATES[managed],
                    flag=token.split("=", 1)[0],
                    setting=MANAGED_FLAGS[managed],
                    source=source,
                )
            )


GLOBAL_SOURCE = "global vllm_args"
MODEL_SOURCE = "model vllm_args"
PARALLEL_SOURCE = "parallel options"
ONE_START_SOURCE = "one start"
OPTIMIZE_SOURCE = "optimize option"
GLOBAL_KEY = "models.vllm_args"  # the setting that holds them
TRUST_REMOTE_CODE = "--trust-remote-code"
# The shortest prefix argparse takes for it: "--trust-r" (vLLM also has
# --trust-request-chat-template, so "--trust" alone is ambiguous and refused by vLLM).
_TRUST_PREFIX = "--trust-r"


def check_global_args(text: str) -> tuple[str, ...]:
    """The global `vllm_args` setting as it may be stored: readable, no flag the app
    manages, and no `--trust-remote-code` (per model it stays allowed). Returns the args."""
    args = split_args(text, source=GLOBAL_SOURCE)
    check_user_args(args, source=GLOBAL_SOURCE)
    for token in args:
        key = flag_key(token) if is_flag(token) else ""
        if key.startswith(_TRUST_PREFIX) and TRUST_REMOTE_CODE.startswith(key):
            raise ProblemError(
                problem(
                    "args.global_trust_remote_code",
                    flag=token.split("=", 1)[0],
                    key=GLOBAL_KEY,
                    source=GLOBAL_SOURCE,
                )
            )
    return args


def accepted_user_args(
    args: Sequence[str], *, source: str = "vllm_args"
) -> tuple[tuple[str, ...], list[tuple[tuple[str, ...], Problem]]]:
    """`args` without the flags `check_user_args` refuses, each left out with its values;
    and what was left out (its tokens, and why). Refuses (`args.not_a_flag`) args that do
    not start with a flag, as merging does."""
    kept: list[str] = []
    refused: list[tuple[tuple[str, ...], Problem]] = []
    for arg in group_args(args, source):
        try:
            check_user_args(arg.tokens, source=source)
        except ProblemError as exc:
            refused.append((arg.tokens, exc.problem))
            continue
        kept.extend(arg.tokens)
    return tuple(kept), refused


def flag_keys(args: Sequence[str]) -> frozenset[str]:
    """The flags `args` set, each by its long name (`-O3` is `--optimization-level`)."""
    return frozenset(flag_key(token) for token in args if is_flag(token))


def format_command(argv: Sequence[str]) -> str:
    """One line to show (and paste into a shell) for `argv`; secret values hidden
    (app.core.redact)."""
    return shlex.join(redact_argv(argv))


# ---- merging -------------------------------------------------------------------------------


def merge_layers(layers: Sequence[ArgLayer]) -> tuple[str, ...]:
    """Merge layers, lowest first, into one argv.

    Each flag of a later layer removes every earlier occurrence of the same flag (and of the
    members of its conflict group); a whole JSON flag also removes earlier sub-keys of it.
    Repeats inside one layer are kept (vLLM has repeatable flags such as --middleware).
    Output order: the surviving arguments of earlier layers in their order, then the later
    layers' arguments, each in its spelling.
    """
    merged: list[_Arg] = []
    for layer in layers:
        incoming = group_args(layer.args, layer.source)
        ids = {arg.conflict_id for arg in incoming}
        merged = [
            arg
            for arg in merged
            if arg.conflict_id not in ids and arg.key.split(".", 1)[0] not in ids
        ]
        merged.extend(incoming)
    return tuple(token for arg in merged for token in arg.tokens)


def _format_fraction(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def settings_layer(gpu_memory_utilization: float | None, max_num_seqs: int | None) -> ArgLayer:
    """The global settings as a layer (values already validated by the settings schema)."""
    args: list[str] = []
    if gpu_memory_utilization is not None:
        args += ["--gpu-memory-utilization", _format_fraction(gpu_memory_utilization)]
    if max_num_seqs is not None:
        args += ["--max-num-seqs", str(int(max_num_seqs))]
    return ArgLayer("settings", tuple(args))


# ---- what the window calls each layer ------------------------------------------------------

# Whole labels, translated in the window (context "problems"): never a key with a stray dot.
_LAYER_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "engine defaults": tr_noop("Engine defaults"),
        "settings": tr_noop("Settings for all models"),
        "model": tr_noop("This model's built-in arguments"),
        GLOBAL_SOURCE: tr_noop("Extra vLLM arguments for every model"),
        MODEL_SOURCE: tr_noop("This model's vLLM arguments"),
        PARALLEL_SOURCE: tr_noop("GPUs and parallel sizes"),
        ONE_START_SOURCE: tr_noop("This start only"),
        OPTIMIZE_SOURCE: tr_noop("Optimize for"),
    }
)
FAMILY_LABEL = tr_noop("{family} family defaults")
_NOT_A_NAME = re.compile(r"^[^0-9A-Za-z]+|[^0-9A-Za-z]+$")


def layer_label(layer: ArgLayer) -> tuple[str, dict[str, str]]:
    """The label template the window shows for `layer`, and its parameters: "Qwen3 family
    defaults" for the family "qwen3." (its name without the marks that end a prefix)."""
    if layer.family:
        name = _NOT_A_NAME.sub("", layer.family) or layer.family
        return FAMILY_LABEL, {"family": name[:1].upper() + name[1:]}
    return _LAYER_LABELS.get(layer.source, layer.source), {}
