"""Whether a model's context size fits in memory, in the model dialog's words."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from app.core.memory import MemoryPlan
from app.gui.i18n import format_bytes, format_int, format_number

# The dialog's own translation context (lupdate reads only literal arguments).
translate = QCoreApplication.translate


def largest_ctx(plan: MemoryPlan) -> int:
    """The largest ctx_size that both fits in memory and the model accepts."""
    if plan.model_max_ctx is not None:
        return min(plan.max_ctx, plan.model_max_ctx)
    return plan.max_ctx


@dataclass(frozen=True)
class FitWords:
    """The estimate's lines: whether it fits (`fits` colours it), the largest size and
    which limit binds, whether to offer "Use largest", and the concurrency."""

    fit: str
    fits: bool
    largest: str
    offer_largest: bool
    concurrency: str


def fit_words(plan: MemoryPlan, ctx: int) -> FitWords:
    needed, budget = format_bytes(plan.needed_bytes), format_bytes(plan.budget_bytes)
    fits = False
    if plan.model_max_ctx is not None and ctx > plan.model_max_ctx:
        # Memory may suffice, but vLLM refuses a max_model_len above the model's own.
        fit = translate(
            "ModelSettingsDialog", "✗ Too long for this model: it accepts at most {tokens} tokens."
        ).format(tokens=format_int(plan.model_max_ctx))
    elif plan.fits:
        fits = True
        fit = translate(
            "ModelSettingsDialog", "✓ Fits: needs {needed} of the {budget} vLLM may use."
        ).format(needed=needed, budget=budget)
    else:
        fit = translate(
            "ModelSettingsDialog", "✗ Does not fit: needs {needed}, but vLLM may use {budget}."
        ).format(needed=needed, budget=budget)
    largest = largest_ctx(plan)
    model_binds = plan.model_max_ctx is not None and (
        plan.binding == "model" or plan.model_max_ctx <= plan.max_ctx
    )
    if largest > 0 and model_binds:
        largest_text = translate(
            "ModelSettingsDialog", "Largest ctx_size: {tokens} (the model's own limit)"
        ).format(tokens=format_int(largest))
    elif largest > 0:
        largest_text = translate(
            "ModelSettingsDialog", "Largest ctx_size: {tokens} (what fits in memory)"
        ).format(tokens=format_int(largest))
    else:
        largest_text = translate("ModelSettingsDialog", "Even the weights alone do not fit.")
    concurrency = translate(
        "ModelSettingsDialog",
        "Max concurrency at this ctx_size: {n} full-length requests at once.",
    ).format(n=format_number(plan.concurrency, 1))
    return FitWords(fit, fits, largest_text, 0 < largest != ctx, concurrency)
