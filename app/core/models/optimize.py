"""The per-model "start fast / serve fast" option: vLLM's optimization level, chosen in words.

vLLM 0.32 reads `-O0`…`-O3` as `--optimization-level` (vllm/config/vllm.py,
OptimizationLevel): `-O0` compiles nothing and captures no graphs, so a model loads fastest
and then serves slower; `-O3` (today the same as vLLM's default `-O2`) compiles and captures
everything it can, so it loads slower and serves fastest. The option stores the user's
choice as a word (`start` / `serve`, in recipe_options.json as `optimize`), and the planner
lays its flag over every other layer but the model's own `vllm_args`, where a `-O` of the
user's own would contradict it: that combination is refused with one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Literal, get_args

from app.core.models.vllm_args import (
    OPTIMIZE_SOURCE,
    ArgLayer,
    ResolvedArgs,
    flag_keys,
    merge_layers,
)
from app.core.problems.problems import Problem, ProblemError, problem

OPTIMIZE_OPTION = "optimize"
Optimize = Literal["start", "serve"]
CHOICES: tuple[Optimize, ...] = get_args(Optimize)
LEVEL_FLAG = "--optimization-level"
FLAGS: Mapping[Optimize, tuple[str, ...]] = MappingProxyType({"start": ("-O0",), "serve": ("-O3",)})
LAYER = OPTIMIZE_SOURCE


def bad_optimize(value: object) -> Problem:
    return problem("options.bad_optimize", value=value)


def parse_optimize(text: str) -> Optimize | None:
    """What a person typed (`start`, `serve`, `default` or nothing) as the option's value."""
    word = text.strip().lower()
    if word in ("", "default"):
        return None
    for choice in CHOICES:
        if word == choice:
            return choice
    raise ProblemError(bad_optimize(text.strip()))


def check_optimize(value: object) -> Optimize | None:
    """A stored or given value, checked (None: the engine's own default)."""
    if value is None:
        return None
    for choice in CHOICES:
        if value == choice:
            return choice
    raise ProblemError(bad_optimize(value))


def with_optimize(
    resolved: ResolvedArgs, value: Optimize | None, model_args: Sequence[str]
) -> ResolvedArgs:
    """`resolved` with the option's flag laid over it. `model_args` are the model's own
    vllm_args: a level set there and by the option contradict each other (refused)."""
    if value is None:
        return resolved
    if LEVEL_FLAG in flag_keys(model_args):
        raise ProblemError(problem("options.optimize_and_level", value=value))
    layer = ArgLayer(LAYER, FLAGS[value])
    return ResolvedArgs(
        merge_layers([ArgLayer("resolved", resolved.args), layer]), (*resolved.layers, layer)
    )
