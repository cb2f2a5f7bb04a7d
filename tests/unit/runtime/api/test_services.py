"""The application API declared once: `Services` forwards exactly the declared services, is
frozen, and the runtime builds each of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.events import EventBus
from app.core.paths import AppPaths
from app.runtime.api.services import SERVICE_NAMES, Services, ServiceSource
from app.runtime.composition.parts import Parts, RuntimeOptions


def test_the_declaration_names_each_service_once_and_services_forwards_them() -> None:
    assert len(SERVICE_NAMES) == len(set(SERVICE_NAMES)) == 16
    assert {"models", "config", "engines", "views", "endpoint"} <= set(SERVICE_NAMES)

    class Source:  # any object with the declared attributes
        def __getattr__(self, name: str) -> str:
            return f"the {name} service"

    services = Services.over(Source())  # type: ignore[arg-type]
    assert [getattr(services, n) for n in SERVICE_NAMES] == [
        f"the {n} service" for n in SERVICE_NAMES
    ]
    with pytest.raises(AttributeError, match="frozen"):
        services.models = services.config  # type: ignore[misc]
    assert not hasattr(services, "settings")  # a part, not a service


def parts_in(tmp_path: Path) -> Parts:
    return Parts(AppPaths(tmp_path / "config", tmp_path / "cache"), RuntimeOptions(), EventBus())


def test_a_service_is_built_when_first_asked_for(tmp_path: Path) -> None:
    parts = parts_in(tmp_path)
    assert parts.services.config.value("proxy.port")
    assert parts.built("config") and not parts.built("supervisor")
    assert not (tmp_path / "config").exists()


def test_the_runtime_builds_every_declared_service(tmp_path: Path) -> None:
    parts = parts_in(tmp_path)
    parts.build_all()
    source: ServiceSource = parts
    for name in SERVICE_NAMES:
        assert getattr(parts.services, name) is getattr(source, name)
        assert parts.built(name) or parts.built("_bench_and_tune")  # bench, tune: one part
