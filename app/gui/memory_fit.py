"""Whether a model's context size fits in memory, in the model dialog's words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from app.core.memory.memory import MemoryPlan
from app.core.memory.memory_room import DeviceRoom, fit_verdict
from app.core.memory.parallel import RAM_DEVICE, gpu_index
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


def device_name(device: str) -> str:
    index = gpu_index(device)
    if index is None or device == RAM_DEVICE:
        return translate("ModelSettingsDialog", "RAM")
    return translate("ModelSettingsDialog", "GPU {index}").format(index=index)


def room_words(planned: Mapping[str, int], rooms: Mapping[str, DeviceRoom]) -> str:
    """What memory is free now on each device the model would use, against what a start
    would reserve there. Both numbers are said: the budget, and what other programs or the
    host leave of it."""
    lines: list[str] = []
    for device in planned:
        room = rooms.get(device)
        if room is None:
            continue
        where = device_name(device)
        if room.binding == "host":
            lines.append(
                translate(
                    "ModelSettingsDialog",
                    "{device}: {room} can be taken now without swapping ({available} of RAM "
                    "available, {reserve} kept for the system), of {budget} in all.",
                ).format(
                    device=where,
                    room=format_bytes(room.room),
                    available=format_bytes(room.host_available),
                    reserve=format_bytes(room.reserve),
                    budget=format_bytes(room.budget),
                )
            )
        elif room.binding == "others":
            lines.append(
                translate(
                    "ModelSettingsDialog",
                    "{device}: {room} free now of {budget}; other programs hold {others}.",
                ).format(
                    device=where,
                    room=format_bytes(room.room),
                    budget=format_bytes(room.budget),
                    others=format_bytes(room.others),
                )
            )
        else:
            lines.append(
                translate("ModelSettingsDialog", "{device}: {room} free now.").format(
                    device=where, room=format_bytes(room.room)
                )
            )
    return "\n".join(lines)


def fit_words(
    plan: MemoryPlan,
    ctx: int,
    planned: Mapping[str, int] | None = None,
    rooms: Mapping[str, DeviceRoom] | None = None,
) -> FitWords:
    """The estimate in words. `planned` (what a start reserves on each device) and `rooms`
    (what is free there now): a start that would not fit now does not "fit", whatever the
    budget says."""
    needed, budget = format_bytes(plan.needed_bytes), format_bytes(plan.budget_bytes)
    verdict = fit_verdict(plan, ctx, planned or {}, rooms or {})
    room_line = room_words(planned or {}, rooms or {})
    if verdict == "too_long":
        # Memory may suffice, but vLLM refuses a max_model_len above the model's own.
        fit = translate(
            "ModelSettingsDialog", "✗ Too long for this model: it accepts at most {tokens} tokens."
        ).format(tokens=format_int(plan.model_max_ctx or 0))
    elif verdict == "not_now":
        fit = translate(
            "ModelSettingsDialog",
            "✗ Does not fit now: a start would reserve {reserve}, more than is free.",
        ).format(reserve=format_bytes(sum((planned or {}).values())))
    elif verdict == "fits":
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
            "ModelSettingsDialog", "Largest context size: {tokens} (the model's own limit)"
        ).format(tokens=format_int(largest))
    elif largest > 0:
        largest_text = translate(
            "ModelSettingsDialog", "Largest context size: {tokens} (what fits in memory)"
        ).format(tokens=format_int(largest))
    else:
        largest_text = translate("ModelSettingsDialog", "Even the weights alone do not fit.")
    concurrency = translate(
        "ModelSettingsDialog",
        "Max concurrency at this context size: {n} full-length requests at once.",
    ).format(n=format_number(plan.concurrency, 1))
    if room_line:
        fit += "\n" + room_line
    return FitWords(fit, verdict == "fits", largest_text, 0 < largest != ctx, concurrency)
