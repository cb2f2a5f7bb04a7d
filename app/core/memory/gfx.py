"""AMD GPU targets: LLVM names from KFD's version numbers, marketing names, ROCm bundle families."""

from __future__ import annotations

from collections.abc import Mapping

from app.core.problems.problems import Problem, problem

# Families of AMD's ROCm vLLM bundles (release tag suffix); Lemonade ships exactly these: the
# consumer families on its default pin, the Instinct ones (gfx942, gfx950) on a pin of their own.
SUPPORTED_ROCM_TARGETS: frozenset[str] = frozenset(
    {"gfx110X", "gfx120X", "gfx1150", "gfx1151", "gfx942", "gfx950"}
)

# Marketing names for when the driver gives no `product_name` (consumer cards and APUs
# usually leave it empty or absent; it is read from the board FRU on server parts).
GFX_NAMES: Mapping[str, str] = {
    "gfx1151": "Radeon 8060S (Strix Halo)",
    "gfx1150": "Radeon 890M (Strix Point)",
    "gfx1152": "Radeon 880M/860M (Krackan Point)",
    "gfx1103": "Radeon 780M (Phoenix)",
    "gfx1100": "Radeon RX 7900 XTX/XT",
    "gfx1101": "Radeon RX 7800 XT/7700 XT",
    "gfx1102": "Radeon RX 7600",
    "gfx1200": "Radeon RX 9060 series",
    "gfx1201": "Radeon RX 9070 series",
    "gfx1030": "Radeon RX 6800/6900 series",
    "gfx90a": "Instinct MI200",
    "gfx942": "Instinct MI300",
    "gfx950": "Instinct MI350",
}


def gfx_target_name(version: int) -> str | None:
    """KFD's decimal `gfx_target_version` as an LLVM target: 110501 → gfx1151, 90010 → gfx90a.

    The number is major·10000 + minor·100 + stepping; LLVM writes minor and stepping as one
    hex digit each. Returns None for 0 (a CPU node) and for values that do not decode.
    """
    if version <= 0:
        return None
    major, minor, step = version // 10000, (version // 100) % 100, version % 100
    if major == 0 or minor > 0xF or step > 0xF:
        return None
    return f"gfx{major}{minor:x}{step:x}"


def gfx_family(target: str) -> str:
    """The family tag AMD's ROCm vLLM bundles use: gfx1100–1103 → gfx110X, gfx1200/1201 → gfx120X.

    gfx1150 and gfx1151 have bundles of their own; any other target maps to itself.
    """
    if target in {"gfx1100", "gfx1101", "gfx1102", "gfx1103"}:
        return "gfx110X"
    if target in {"gfx1200", "gfx1201"}:
        return "gfx120X"
    return target


def gfx_display_name(target: str) -> str:
    return GFX_NAMES.get(target, f"AMD GPU {target}")


def no_bundle_problem(name: str, target: str) -> Problem:
    """`engine.unsupported_gpu`: no ROCm bundle exists for the GPU `name` (`target`)."""
    return problem(
        "engine.unsupported_gpu",
        name=name,
        target=target,
        supported=", ".join(sorted(SUPPORTED_ROCM_TARGETS)),
    )
