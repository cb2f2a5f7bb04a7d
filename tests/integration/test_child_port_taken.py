"""A program that takes a child's port after the app chose it, and answers `/health` there, is
not taken for the engine: the load goes on on another port and the model answers from its own.

Seen in a bench run on a busy machine: a load was reported ready 10 s in while the engine had
printed nothing, and the first request then met "connection refused".
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from pathlib import Path

import httpx
import pytest

from app.core.contracts import CHILD_HOST
from app.supervisor import ports, runner
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.port_squatter import PortSquatter
from tests.harness import started


async def test_a_health_answer_from_another_program_on_the_childs_port_is_not_the_engines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rt = make_runtime(tmp_path, monkeypatch, models=("a",))
    with PortSquatter() as squatter:
        squatter.answers["/health"] = (200, b"{}")
        chosen: list[int] = []

        def free_port(host: str = CHILD_HOST, avoid: Collection[int] = ()) -> int:
            # The first port the app chooses is the one the other program took meanwhile.
            port = squatter.port if not chosen else ports.free_port(host, avoid)
            chosen.append(port)
            return port

        monkeypatch.setattr(runner, "free_port", free_port)
        caplog.set_level(logging.WARNING, logger="app.supervisor.runner")
        async with started(rt) as app:
            backend = await app.services.models.load("user.a")
            assert backend.base_url != squatter.url
            assert chosen[0] == squatter.port and len(chosen) == 2
            async with httpx.AsyncClient() as client:
                models = await client.get(
                    f"{backend.base_url}/v1/models",
                    headers={"Authorization": f"Bearer {backend.api_key}"},
                )
            assert models.status_code == 200 and models.json()["data"][0]["id"] == "user.a"
    assert any("not the engine, listens there" in r.getMessage() for r in caplog.records)
    assert [s.path for s in squatter.seen if s.path != "/health"] == []  # nothing else went there
