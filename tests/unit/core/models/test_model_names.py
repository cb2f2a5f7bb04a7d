"""Names that read the same: case, accents and Cyrillic or Greek letters drawn like Latin."""

from __future__ import annotations

from app.core.models.model_names import look_alike, skeleton


def test_names_that_read_the_same_share_a_skeleton() -> None:
    assert skeleton("Qwen") == skeleton("QWEN") == skeleton("Qw\u0435n") == skeleton("Qwén")
    assert skeleton("Qwen") != skeleton("Qwen2")
    assert skeleton("GLM-4.7") != skeleton("GLM_4.7")  # a different mark reads differently


def test_look_alike_names_the_other_and_never_the_name_itself() -> None:
    assert look_alike("QWEN", ["Llama", "Qwen"]) == "Qwen"
    assert look_alike("Qwen", ["Qwen"]) is None
    assert look_alike("Mistral", ["Qwen"]) is None
