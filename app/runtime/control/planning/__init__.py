"""Planning a start: from a model id to one LaunchPlan (argv, env, placement, bytes per device,
sleep spec), and the options preview a dialog shows before anything is saved.

`Planner` (planner.py) gathers what a plan needs and caches the model's files and the
machine; `rules` holds the pure rules it applies, `devices` those of the machine's GPUs and
memory; `values` the values it answers with.
"""

from app.core.settings.setting_rules import bad_ctx_size
from app.runtime.api.snapshot import OptionsPreview
from app.runtime.control.planning.planner import Planner
from app.runtime.control.planning.rules import with_sleep_mode
from app.runtime.control.planning.values import LaunchPlan, ModelFiles

__all__ = [
    "LaunchPlan",
    "ModelFiles",
    "OptionsPreview",
    "Planner",
    "bad_ctx_size",
    "with_sleep_mode",
]
