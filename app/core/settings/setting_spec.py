"""What a setting is declared with (SettingSpec), its value types, and the interface languages."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Literal

SettingValue = bool | int | float | str
# What must restart for a change to take effect ("": nothing, it applies live).
Restart = Literal["", "server", "models", "app"]

# The languages vLLM Tray ships: translations/LANGUAGES (scripts/translations.py check fails
# when the two differ), English (the source) and the pseudo-locale en_XA that stretches
# strings. gui.language takes one of them, or "auto" / "" for the system's language.
SHIPPED_LANGUAGES: tuple[str, ...] = ("de",)
INTERFACE_LANGUAGES: tuple[str, ...] = ("en", *SHIPPED_LANGUAGES, "en_XA")


@dataclass(frozen=True)
class SettingSpec:
    """One option: its key, default, bounds, doc, and whether a change needs a restart.

    Its type is its default's (bool, int, float or str): a float setting's default is written
    with a point.

    `label` is the short name people read ("GPU memory utilization"), `doc` the sentence that
    explains it; both are English templates marked for translation ("problems" context).
    `restart` says what must restart for a change to take effect: "" (nothing, live),
    "server" (the proxy endpoint), "models" (running models), or "app". `decimals` is how
    many digits after the point a float's bounds are shown with (0: as short as exact).
    `effect_test` is for the few settings a running `vllm-tray serve` cannot show (below).
    """

    key: str
    default: SettingValue
    doc: str
    restart: Restart = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    label: str = ""
    decimals: int = 0
    # Where a change is seen to take effect when a running `vllm-tray serve` cannot show it:
    # "why; tests/PATH.py::test_name". Empty for every setting serve obeys: then
    # tests/integration/test_setting_effects.py must have a row that changes it with
    # `vllm-tray config set` and observes the effect on a running serve. That test fails for
    # a key with neither, or both (docs/DEVELOPING.md, "Adding a setting").
    effect_test: str = ""

    @property
    def type(self) -> builtins.type:
        return builtins.type(self.default)
