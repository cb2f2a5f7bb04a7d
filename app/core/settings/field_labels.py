"""The names people read for model options and settings, keyed by what files and the CLI
call them (`ctx_size`, `gpus`, `proxy.port`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.core.problems.problems import tr_noop
from app.core.settings.setting_rules import SPEC_BY_KEY

# A model's options, as the model dialog labels them. The settings `models.ctx_size` and
# `models.vllm_args` are their defaults for every model, with labels of their own.
OPTION_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "ctx_size": tr_noop("Context size"),
        "vllm_args": tr_noop("vLLM arguments"),
        "tensor_parallel_size": tr_noop("Tensor parallel size"),
        "pipeline_parallel_size": tr_noop("Pipeline parallel size"),
        "gpus": tr_noop("GPUs"),
        "optimize": tr_noop("Optimize for"),
    }
)


def field_labels() -> dict[str, str]:
    """Every key with a label (English templates, in the "problems" context), the model's
    options before the settings of the same name."""
    labels = {key: spec.label for key, spec in SPEC_BY_KEY.items() if spec.label}
    labels.update(OPTION_LABELS)
    return labels
