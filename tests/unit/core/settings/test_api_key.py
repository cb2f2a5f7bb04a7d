from __future__ import annotations

import pytest

from app.core.settings.api_key import api_key_problem


@pytest.mark.parametrize("key", ["sk-local-1234", "a", "A_b.c~d+e/f=", "!#$%&'*:;<>?@[]^`{|}"])
def test_visible_ascii_keys_are_fine(key: str) -> None:
    assert api_key_problem(key) is None


@pytest.mark.parametrize("key", ["kéy", "two words", "tab\there", "line\nbreak", "€"])
def test_keys_a_header_cannot_carry_are_refused(key: str) -> None:
    found = api_key_problem(key)
    assert found is not None and found.code == "config.api_key_shape"
