"""How `make test` spreads the tests over pytest-xdist workers (`--dist loadgroup`).

Each test is its own unit of work, handed to whichever worker is free, except the tests of
a module that defines a module-, class- or package-scoped fixture (a running serve, a
remote, the soak's run): those go to one worker together, or every worker that got one of
them would build that fixture again. xdist hands out the units with the most tests first
(its `--loadscope-reorder`, on by default), so these long modules start early and the many
one-test units fill the workers' time around them.

xdist's own `xdist_group` mark does not work with pytest 9.2 (it renames `item._nodeid`,
which pytest no longer reads), and the controller that schedules never collects, so the
rule is read from the test files themselves.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from xdist.scheduler import LoadScopeScheduling

SHARED = re.compile(r"""scope\s*=\s*["'](module|class|package)["']""")


@cache
def shares_a_fixture(path: str) -> bool:
    """Whether the test file at `path` defines a fixture shared by its tests."""
    try:
        return SHARED.search(Path(path).read_text(encoding="utf-8")) is not None
    except OSError:
        return False


class SharedFixtureScheduling(LoadScopeScheduling):
    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return path if shares_a_fixture(path) else nodeid


class XdistGroups:
    """The plugin tests/conftest.py registers when xdist is there."""

    def pytest_xdist_make_scheduler(self, config: Any, log: Any) -> Any:
        if config.getvalue("dist") == "loadgroup":
            return SharedFixtureScheduling(config, log)
        return None
