"""AMD target naming: KFD version numbers, bundle families, the targets with a bundle."""

from __future__ import annotations

import pytest

from app.core.memory.gfx import SUPPORTED_ROCM_TARGETS, gfx_family, gfx_target_name


@pytest.mark.parametrize(
    ("version", "target"),
    [
        (110501, "gfx1151"),
        (110500, "gfx1150"),
        (110000, "gfx1100"),
        (110003, "gfx1103"),
        (120001, "gfx1201"),
        (90402, "gfx942"),
        (90010, "gfx90a"),
        (90012, "gfx90c"),
        (100300, "gfx1030"),
    ],
)
def test_gfx_target_version_decodes_like_llvm(version: int, target: str) -> None:
    assert gfx_target_name(version) == target


@pytest.mark.parametrize("version", [0, -1, 91600, 90016])
def test_gfx_target_version_that_does_not_decode_is_none(version: int) -> None:
    assert gfx_target_name(version) is None


@pytest.mark.parametrize(
    ("target", "family"),
    [
        ("gfx1100", "gfx110X"),
        ("gfx1101", "gfx110X"),
        ("gfx1102", "gfx110X"),
        ("gfx1103", "gfx110X"),
        ("gfx1200", "gfx120X"),
        ("gfx1201", "gfx120X"),
        ("gfx1150", "gfx1150"),
        ("gfx1151", "gfx1151"),
        ("gfx942", "gfx942"),
        ("gfx1030", "gfx1030"),
    ],
)
def test_gfx_family_matches_rocm_bundle_tags(target: str, family: str) -> None:
    assert gfx_family(target) == family


def test_supported_targets_are_the_bundles_lemonade_ships() -> None:
    # The Instinct targets have bundles of their own, on another pin (see the ROCm engine).
    assert {"gfx110X", "gfx120X", "gfx1150", "gfx1151", "gfx942", "gfx950"} == (
        SUPPORTED_ROCM_TARGETS
    )
