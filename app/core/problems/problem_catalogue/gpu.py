"""Problems whose code starts with "gpu."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "gpu.kernel_prerequisite",
        tr_noop(
            "{name} ({target}) needs a Linux kernel with the gfx1151 queue fix, which "
            "this kernel ({kernel}) lacks: ROCm workloads hang or crash without it. "
            "Update to kernel {required} or newer, or to a distribution kernel that "
            "carries the backport."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "gpu.none_found",
        tr_noop(
            "No GPU was found: no AMD GPU in the kernel's KFD topology and no NVIDIA GPU "
            "through nvidia-smi. vLLM Tray can still run models on the CPU engine, "
            "slowly."
        ),
        status=503,
        fix=None,
    ),
)
