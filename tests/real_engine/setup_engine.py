"""`make test-engine`: install the shared CPU engine and build the tiny model before pytest runs.

Doing it as its own step shows pip's progress in CI's log and keeps the slow, once-per-machine
install out of any test's timeout.
"""

from __future__ import annotations

from app.core.engines.engine_values import InstallProgress
from tests.real_engine.conftest import ensure_cpu_engine, ensure_tiny_model


def _show(update: InstallProgress) -> None:
    print(f"[{update.phase} {update.done}/{update.total}] {update.message}"[:200], flush=True)


if __name__ == "__main__":
    engine = ensure_cpu_engine(_show)
    model = ensure_tiny_model(engine)
    print(f"engine: {engine.root}\ntiny model: {model}", flush=True)
