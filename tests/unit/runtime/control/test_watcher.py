"""The config watcher takes in what another writer stored as soon as the kernel reports it
(inotify on the config folder), not at its next poll: no start has to stat the files first."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.events import Event, EventBus, RegistryChanged
from app.core.models.registry import Registry
from app.core.paths import resolve_paths
from app.core.settings.settings import Settings, SettingValue
from app.runtime.control.watcher import ConfigWatcher, _inotify

NEVER_S = 3600.0  # a poll interval no test waits out: what is taken in came from the kernel
WAIT_S = 20.0


async def test_changes_another_process_stored_are_taken_in_before_the_next_poll(
    tmp_path: Path,
) -> None:
    paths = resolve_paths(tmp_path / "home")
    paths.ensure()
    mine, registry, bus = Settings(paths.settings_file), Registry(paths), EventBus()
    changed: asyncio.Queue[tuple[str, SettingValue]] = asyncio.Queue()
    registry_changed = asyncio.Event()
    mine.subscribe(lambda key, value: changed.put_nowait((key, value)))

    def on_event(event: Event) -> None:
        if isinstance(event, RegistryChanged):
            registry_changed.set()

    bus.subscribe(on_event)
    watcher = ConfigWatcher(mine, registry, bus, NEVER_S, folder=paths.config_dir)
    watcher.start()
    try:
        # Another process, as `vllm-tray config set` and `vllm-tray add` are.
        code = (
            "import sys; from app.core.paths import resolve_paths;"
            "from app.core.settings.settings import Settings;"
            "from app.core.models.registry import Registry;"
            "p = resolve_paths(sys.argv[1]); Settings(p.settings_file).set_many("
            "{'models.idle_ttl_min': 7}); Registry(p).add_user_model('a', sys.argv[2])"
        )
        folder = tmp_path / "a"
        folder.mkdir()
        writer = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, str(tmp_path / "home"), str(folder)
        )
        assert await asyncio.wait_for(writer.wait(), 60) == 0
        assert await asyncio.wait_for(changed.get(), WAIT_S) == ("models.idle_ttl_min", 7)
        await asyncio.wait_for(registry_changed.wait(), WAIT_S)
    finally:
        await watcher.stop()
    assert mine.get("models.idle_ttl_min") == 7
    assert registry.find("user.a") is not None


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=1, max_size=40).filter(lambda s: "\0" not in s and "/" not in s))
def test_a_folder_that_cannot_be_watched_leaves_the_poll_alone(name: str) -> None:
    # Missing (or any odd name under a missing folder): no descriptor, no error.
    assert _inotify(Path("/nonexistent-vllm-tray") / name) is None
