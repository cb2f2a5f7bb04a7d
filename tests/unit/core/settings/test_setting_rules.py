"""What a person types for a setting, in their locale's numbers (issue 32, item 8): a decimal
takes the locale's mark or a point, never a grouping mark, and a refusal asks for no point
where a comma is the mark."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.problems.problems import ProblemError
from app.core.settings.setting_rules import parse_setting_text

KEY = "models.gpu_memory_utilization"


@pytest.mark.parametrize("typed", ["0,9", "0.9", " 0,9 ", ",9"])
def test_a_german_decimal_is_read_with_a_comma_or_a_point(typed: str) -> None:
    assert parse_setting_text(KEY, typed, decimal_point=",") == 0.9


def test_the_command_line_still_reads_only_a_point() -> None:
    assert parse_setting_text(KEY, "0.9") == 0.9
    with pytest.raises(ProblemError) as refused:
        parse_setting_text(KEY, "0,9")
    assert refused.value.problem.code == "settings.bad_type"
    assert "with a point for decimals" in refused.value.problem.english()


@pytest.mark.parametrize("typed", ["0,9,1", "0.9,1", "1.000,5", "0,9x"])
def test_two_marks_or_a_grouping_mark_are_refused_without_asking_for_a_point(typed: str) -> None:
    with pytest.raises(ProblemError) as refused:
        parse_setting_text(KEY, typed, decimal_point=",")
    problem = refused.value.problem
    assert problem.code == "settings.bad_type" and problem.params["typed"] == typed
    assert problem.english() == (f"Must be a number between 0.10 and 0.99; you typed “{typed}”.")


def test_whole_numbers_take_no_decimal_mark() -> None:
    assert parse_setting_text("models.ctx_size", "8192", decimal_point=",") == 8192
    with pytest.raises(ProblemError):
        parse_setting_text("models.ctx_size", "8,192", decimal_point=",")


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=0.1, max_value=0.99, allow_nan=False))
def test_every_value_shown_with_a_comma_reads_back(value: float) -> None:
    assert parse_setting_text(KEY, repr(value).replace(".", ","), decimal_point=",") == value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789,.-+eE x", max_size=12))
def test_any_text_is_a_value_in_range_or_one_sentence_without_a_point(text: str) -> None:
    try:
        value = parse_setting_text(KEY, text, decimal_point=",")
    except ProblemError as exc:
        assert exc.problem.code in ("settings.bad_type", "settings.empty", "settings.out_of_range")
        assert "point" not in exc.problem.english()
    else:
        assert isinstance(value, float) and 0.1 <= value <= 0.99
