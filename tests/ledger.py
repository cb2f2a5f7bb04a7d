"""A run's ledger: which tests it collected and which have ended, as they end.

`make test` (scripts/tiers.py) sets VLLM_TRAY_TESTS_LEDGER for its `tests` tier. The ledger
is that path's folder: `collected` (the node ids, one a line), `ended` (one line per test
as its teardown ends, appended at once) and `failed` (a test whose setup, call or teardown
failed for good: a first try that pytest-rerunfailures runs again is not). From it,
tiers.py sees a run that stopped making progress, a hang no test's own timeout caught, and
which tests to run again once it has ended the hung one: those collected and never ended.

Written by the process that reports: the xdist controller when there are workers (a
worker's reports reach it as they come), else pytest itself.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

LEDGER_ENV = "VLLM_TRAY_TESTS_LEDGER"


class Ledger:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.collected = folder / "collected"
        self.ended = folder / "ended"
        self.failed = folder / "failed"
        self._seen: set[str] = set()
        self.ended.touch()
        self.failed.touch()

    def _collect(self, ids: Sequence[str]) -> None:
        new = [i for i in ids if i not in self._seen]
        self._seen.update(new)
        if new:
            with self.collected.open("a", encoding="utf-8") as out:
                out.writelines(f"{i}\n" for i in new)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._collect([item.nodeid for item in session.items])

    @pytest.hookimpl(optionalhook=True)  # xdist's hook, absent when it is not installed
    def pytest_xdist_node_collection_finished(self, node: Any, ids: Sequence[str]) -> None:
        del node
        self._collect(ids)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            with self.failed.open("a", encoding="utf-8") as out:
                out.write(f"{report.nodeid}\n")
        if report.when == "teardown":
            with self.ended.open("a", encoding="utf-8") as out:
                out.write(f"{report.nodeid}\n")


def register(config: pytest.Config) -> None:
    """Keep the ledger when the run asks for one, in the process that reports."""
    folder = os.environ.get(LEDGER_ENV)
    if folder and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Ledger(Path(folder)), "vllm-tray-ledger")
