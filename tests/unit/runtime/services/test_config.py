"""ConfigService.set_secrets: the settings dialog's secrets stored in one call, all or none."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError
from app.runtime.composition.facade import Session

GOOD = {"hf_token": "hf_" + "a1B2" * 9, "api_key": "sk-local-123"}
VALUES = st.sampled_from([None, "", "not a token\n", "hf_" + "a1B2" * 9, "sk-local-123"])
CHANGES = st.dictionaries(st.sampled_from(["hf_token", "api_key", "nope"]), VALUES, max_size=3)


def stored(session: Session) -> dict[str, bool]:
    config = session.services.config
    return {name: asyncio.run(config.has_secret(name)) for name in GOOD}


def test_one_refused_secret_stores_none_of_them(tmp_path: Path) -> None:
    session = Session(AppPaths(tmp_path / "config", tmp_path / "cache"))
    with pytest.raises(ProblemError) as refused:
        asyncio.run(
            session.services.config.set_secrets({"api_key": GOOD["api_key"], "hf_token": "x y"})
        )
    assert refused.value.problem.code == "config.hf_token_shape"
    assert stored(session) == {"hf_token": False, "api_key": False}
    asyncio.run(session.services.config.set_secrets(GOOD))
    assert stored(session) == {"hf_token": True, "api_key": True}


@settings(max_examples=25, deadline=None)
@given(changes=CHANGES)
def test_secrets_are_stored_all_or_none(
    tmp_path_factory: pytest.TempPathFactory, changes: dict[str, str | None]
) -> None:
    home = tmp_path_factory.mktemp("home")
    session = Session(AppPaths(home / "config", home / "cache"))
    asyncio.run(session.services.config.set_secrets(GOOD))
    try:
        asyncio.run(session.services.config.set_secrets(changes))
    except ProblemError:
        assert stored(session) == {"hf_token": True, "api_key": True}  # nothing changed
        return
    assert "nope" not in changes
    assert stored(session) == {
        name: bool(changes[name]) if name in changes else True for name in GOOD
    }
