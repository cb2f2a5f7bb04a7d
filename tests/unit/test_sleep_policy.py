"""Sleep mode's rules: which models sleep or stop to make room, when a sleep counts as freed,
which level and gauge an engine and GPU get, and the remembered verdicts."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.contracts import LaunchSpec, SleepGauge, SleepSpec
from app.core.gpu import GpuInfo
from app.core.swap import (
    HOST_RAM_MARGIN_BYTES,
    EvictAction,
    Eviction,
    SwapCandidate,
    choose_evictions,
    choose_victims,
    level_for_host_ram,
    plan_sleep,
    sleep_freed,
    sleep_level,
)
from app.runtime.planner import with_sleep_mode
from app.supervisor.childenv import child_environment
from app.supervisor.engines.base import EngineKind
from app.supervisor.sleep import DEV_MODE_VAR, FILE_NAME, SLEEP_FLAG, SleepReport, SleepVerdicts

GIB = 1024**3
SLEEP, STOP = EvictAction.SLEEP, EvictAction.STOP


def cand(
    model_id: str,
    gib: float,
    *,
    last_used: float = 0.0,
    in_flight: int = 0,
    asleep_gib: float | None = None,
    sleeping: bool = False,
) -> SwapCandidate:
    asleep = None if asleep_gib is None else int(asleep_gib * GIB)
    return SwapCandidate(model_id, int(gib * GIB), in_flight, last_used, asleep, sleeping)


def plan(cands: list[SwapCandidate], needed: float, budget: float) -> list[tuple[str, str]] | None:
    used = sum(c.planned_bytes for c in cands)
    chosen = choose_evictions(cands, int(needed * GIB), int(budget * GIB), used)
    return None if chosen is None else [(e.model_id, e.action.value) for e in chosen]


# ---- which models make room, and how --------------------------------------------------------


def test_a_model_that_can_sleep_is_slept_not_stopped() -> None:
    running = [cand("old", 4, last_used=1, asleep_gib=0), cand("new", 4, last_used=2)]
    assert plan(running, 4, 10) == [("old", "sleep")]


def test_models_that_cannot_sleep_are_stopped_in_lru_order() -> None:
    running = [cand("b", 3, last_used=2), cand("a", 3, last_used=1, asleep_gib=0)]
    assert plan(running, 6, 8) == [("a", "sleep"), ("b", "stop")]


def test_models_already_asleep_stay_asleep_while_sleeping_others_is_enough() -> None:
    running = [
        cand("dozing", 0.5, last_used=0, sleeping=True),
        cand("idle", 4, last_used=1, asleep_gib=0),
    ]
    assert plan(running, 4, 6) == [("idle", "sleep")]


def test_when_sleeping_is_not_enough_sleeping_models_are_stopped_first() -> None:
    running = [
        cand("dozing", 1, last_used=0, sleeping=True),
        cand("idle", 4, last_used=1, asleep_gib=1),  # a sleep would keep 1 GiB
    ]
    # 5 used + 7 needed - 9 budget = 3: sleeping "idle" frees exactly that.
    assert plan(running, 7, 9) == [("idle", "sleep")]
    # 4 short: that sleep and stopping "dozing" (1 more).
    assert plan(running, 8, 9) == [("dozing", "stop"), ("idle", "sleep")]
    # 5 short: "idle" is stopped outright too.
    assert plan(running, 9, 9) == [("dozing", "stop"), ("idle", "stop")]
    assert plan(running, 10, 9) is None


def test_a_busy_model_is_never_put_aside_and_too_big_is_none() -> None:
    running = [cand("busy", 4, in_flight=1, asleep_gib=0), cand("idle", 2, asleep_gib=0)]
    assert plan(running, 6, 8) is None
    assert plan(running, 4, 8) == [("idle", "sleep")]


def test_an_older_small_sleep_is_spared_when_a_later_one_frees_enough() -> None:
    running = [cand("small", 1, last_used=1, asleep_gib=0), cand("big", 6, last_used=2)]
    chosen = choose_evictions(running, 6 * GIB, 8 * GIB, 7 * GIB)
    assert chosen == [Eviction("big", STOP, 6 * GIB)]


def test_a_sleep_that_would_free_nothing_is_no_help() -> None:
    running = [cand("keeps", 2, last_used=1, asleep_gib=2), cand("other", 2, last_used=2)]
    assert plan(running, 2, 4) == [("other", "stop")]


def test_choose_victims_still_stops_without_sleep_information() -> None:
    running = [cand("a", 2, last_used=1), cand("b", 2, last_used=2)]
    assert choose_victims(running, 2 * GIB, 4 * GIB, 4 * GIB) == ["a"]
    assert plan(running, 2, 4) == [("a", "stop")]


def test_negative_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        choose_evictions([cand("a", 1, asleep_gib=-1)], 0, GIB, GIB)


# ---- when a sleep counts, and how a model sleeps ---------------------------------------------


def test_a_sleep_counts_when_it_freed_half_of_the_plan_and_more_than_noise() -> None:
    assert sleep_freed(3 * GIB, 4 * GIB)
    assert sleep_freed(2 * GIB, 4 * GIB)
    assert not sleep_freed(2 * GIB - 1, 4 * GIB)
    assert not sleep_freed(0, 4 * GIB)  # vLLM's CPU worker: 200, nothing freed
    assert not sleep_freed(16 * 2**20, 1 * 2**20)  # a tiny model: noise is not a sleep
    assert sleep_freed(200 * 2**20, 4 * 2**20)


def test_level_2_on_an_apu_and_the_cpu_level_1_on_a_discrete_gpu() -> None:
    assert sleep_level(uses_gpu=True, apu=True) == 2
    assert sleep_level(uses_gpu=False, apu=False) == 2
    assert sleep_level(uses_gpu=True, apu=False) == 1


def test_level_1_only_when_host_ram_takes_the_weights_with_room_to_spare() -> None:
    weights = 20 * GIB
    assert level_for_host_ram(1, weights, weights + HOST_RAM_MARGIN_BYTES) == 1
    assert level_for_host_ram(1, weights, weights + HOST_RAM_MARGIN_BYTES - 1) == 2
    assert level_for_host_ram(2, weights, 10**15) == 2


def gpu(target: str, *, apu: bool) -> GpuInfo:
    return GpuInfo(
        vendor="amd",
        name=target,
        gfx_target=target,
        node_id=1,
        render_minor=128,
        discrete=not apu,
        apu=apu,
        vram_total=GIB,
        vram_used=0,
        gtt_total=GIB,
        gtt_used=0,
        kernel_prereq_ok=None,
    )


def test_auto_sleeps_the_rocm_engine_only() -> None:
    halo = gpu("gfx1151", apu=True)
    rocm = plan_sleep("auto", "rocm", "vllm0.20.1-rocm7.12.0", halo, 8 * GIB)
    assert rocm == SleepSpec(2, SleepGauge.GPU, "rocm vllm0.20.1-rocm7.12.0 on gfx1151", 0)
    assert plan_sleep("auto", "cpu", "0.32.0", None, GIB) is None
    assert plan_sleep("auto", "custom", "vllm serve", halo, GIB) is None
    assert plan_sleep("off", "rocm", "x", halo, GIB) is None


def test_on_sleeps_any_engine_judged_by_the_gpu_or_the_processes() -> None:
    card = gpu("gfx1100", apu=False)
    discrete = plan_sleep("on", "rocm", "b", card, 8 * GIB)
    assert discrete is not None and discrete.level == 1 and discrete.host_bytes == 8 * GIB
    cpu = plan_sleep("on", "cpu", "0.32.0", card, GIB)  # a GPU in the box, the CPU engine
    assert cpu == SleepSpec(2, SleepGauge.PROCESS, "cpu 0.32.0 on cpu", 0)
    custom = plan_sleep("on", "custom", "python fake.py", None, GIB)
    assert custom is not None and custom.gauge is SleepGauge.PROCESS
    with pytest.raises(ValueError):
        plan_sleep("sometimes", "rocm", "b", card, GIB)


def test_sleep_mode_turns_on_dev_mode_and_the_flag_where_the_engine_takes_it() -> None:
    spec = LaunchSpec("m", "m", "/m", 512, ("vllm", "serve"), args=("--dtype", "half"))
    sleep = SleepSpec(2, SleepGauge.GPU, "k")
    rocm = with_sleep_mode(spec, sleep, EngineKind.ROCM)
    assert rocm.args == ("--dtype", "half", SLEEP_FLAG) and rocm.env[DEV_MODE_VAR] == "1"
    assert rocm.sleep == sleep
    # vLLM 0.32's CPU build exits on the flag ("Sleep mode is not supported on current
    # platform."), yet serves the routes: dev mode only.
    cpu = with_sleep_mode(spec, sleep, EngineKind.CPU)
    assert cpu.args == spec.args and cpu.env[DEV_MODE_VAR] == "1"
    given = with_sleep_mode(replace(spec, args=(SLEEP_FLAG,)), sleep, EngineKind.CUSTOM)
    assert given.args == (SLEEP_FLAG,)


def test_dev_mode_is_never_inherited_from_the_apps_environment() -> None:
    parent = {"PATH": "/bin", DEV_MODE_VAR: "1", "VLLM_CPU_KVCACHE_SPACE": "1"}
    assert DEV_MODE_VAR not in child_environment({}, parent=parent)
    assert child_environment({DEV_MODE_VAR: "1"}, parent=parent)[DEV_MODE_VAR] == "1"
    assert child_environment({}, parent=parent)["VLLM_CPU_KVCACHE_SPACE"] == "1"


# ---- remembered verdicts ---------------------------------------------------------------------


def report(freed: int, planned: int = GIB) -> SleepReport:
    return SleepReport("m", 2, SleepGauge.PROCESS, 5 * GIB, 5 * GIB - freed, planned, True, 200)


def test_verdicts_survive_a_restart_and_a_negative_one_forbids_sleeping(tmp_path: Path) -> None:
    store = SleepVerdicts(tmp_path)
    assert store.may_sleep("k") and not store.known_to_work("k")
    store.note("frees", report(GIB))
    store.note("k", report(0))
    store.save()

    again = SleepVerdicts(tmp_path)
    assert not again.may_sleep("k") and again.get("k") is not None
    assert again.known_to_work("frees") and again.get("frees").freed_bytes == GIB  # type: ignore[union-attr]


def test_only_a_measured_sleep_gives_a_verdict(tmp_path: Path) -> None:
    store = SleepVerdicts(tmp_path)
    unmeasured = SleepReport("m", 2, SleepGauge.GPU, None, None, GIB, True, 200)
    with pytest.raises(ValueError):
        store.note("k", unmeasured)


@pytest.mark.parametrize("text", ["", "{", '{"version": 1, "verdicts": {"k": {}}}', "[]"])
def test_an_unreadable_verdict_file_starts_afresh(tmp_path: Path, text: str) -> None:
    (tmp_path / FILE_NAME).write_text(text)
    assert SleepVerdicts(tmp_path).may_sleep("k")
    store = SleepVerdicts(tmp_path)
    store.note("k", report(0))
    store.save()
    assert json.loads((tmp_path / FILE_NAME).read_text())["verdicts"]["k"]["frees"] is False
