"""Sleep mode's rules: which models sleep or stop to make room, when a sleep counts as freed,
which level and gauge an engine and GPU get, and the remembered verdicts."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.contracts import LaunchSpec, SleepGauge, SleepSpec
from app.core.memory.gpu import GpuInfo
from app.core.memory.swap import (
    HOST_RAM_MARGIN_BYTES,
    DeviceCandidate,
    EvictAction,
    Eviction,
    choose_evictions_on_devices,
    level_for_host_ram,
    plan_sleep,
    sleep_freed,
    sleep_level,
)
from app.core.states import EngineKind
from app.runtime.control.planning import with_sleep_mode
from app.supervisor.childenv import child_environment
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
    on: Sequence[str] = ("gpu0",),
) -> DeviceCandidate:
    """A model holding `gib` on each device it is `on` (a tp model holds a share on each)."""
    holds = dict.fromkeys(on, int(gib * GIB))
    asleep = None if asleep_gib is None else dict.fromkeys(on, int(asleep_gib * GIB))
    return DeviceCandidate(model_id, holds, in_flight, last_used, asleep, sleeping)


def held(cands: Sequence[DeviceCandidate]) -> dict[str, int]:
    used: dict[str, int] = {}
    for c in cands:
        for device, amount in c.holds.items():
            used[device] = used.get(device, 0) + amount
    return used


def plan(
    cands: list[DeviceCandidate], needed: float, budget: float, *, on: Sequence[str] = ("gpu0",)
) -> list[tuple[str, str]] | None:
    """The evictions for a model needing `needed` GiB on each device it is `on`, every GPU
    with a `budget` GiB budget."""
    budgets = dict.fromkeys(("gpu0", "gpu1"), int(budget * GIB))
    wanted = dict.fromkeys(on, int(needed * GIB))
    chosen = choose_evictions_on_devices(cands, wanted, budgets, held(cands))
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


def test_a_sleep_a_later_stop_made_unnecessary_is_not_done() -> None:
    running = [
        cand("idle", 1, last_used=0, asleep_gib=0),
        cand("dozing", 6, last_used=1, sleeping=True),  # a sleep that freed little
    ]
    # 7 used + 3 needed - 8 = 2: sleeping "idle" frees 1, stopping "dozing" 6 — alone enough.
    assert plan(running, 3, 8) == [("dozing", "stop")]


def test_a_stop_whose_sleep_is_enough_becomes_that_sleep() -> None:
    running = [
        cand("a", 4, last_used=0, asleep_gib=2),  # a sleep frees 2 of its 4
        cand("b", 4, last_used=1),  # cannot sleep
    ]
    # 8 used + 5 needed - 9 = 4: a's sleep (2), then b stopped (4) fits with 2 to spare;
    # b alone would do, so a is spared.
    assert plan(running, 5, 9) == [("b", "stop")]
    # 5 short: a's sleep (2) + b (4) = 6 fits, 1 to spare: neither can go.
    assert plan(running, 6, 9) == [("a", "sleep"), ("b", "stop")]
    # 7 short: a stopped outright (4) + b (4) = 8, and a's sleep would be 2 too little.
    assert plan(running, 8, 9) == [("a", "stop"), ("b", "stop")]


def test_a_busy_model_is_never_put_aside_and_too_big_is_none() -> None:
    running = [cand("busy", 4, in_flight=1, asleep_gib=0), cand("idle", 2, asleep_gib=0)]
    assert plan(running, 6, 8) is None
    assert plan(running, 4, 8) == [("idle", "sleep")]


def test_an_older_small_sleep_is_spared_when_a_later_one_frees_enough() -> None:
    running = [cand("small", 1, last_used=1, asleep_gib=0), cand("big", 6, last_used=2)]
    chosen = choose_evictions_on_devices(
        running, {"gpu0": 6 * GIB}, {"gpu0": 8 * GIB}, {"gpu0": 7 * GIB}
    )
    assert chosen == [Eviction("big", STOP, {"gpu0": 6 * GIB})]


def test_a_sleep_that_would_free_nothing_is_no_help() -> None:
    running = [cand("keeps", 2, last_used=1, asleep_gib=2), cand("other", 2, last_used=2)]
    assert plan(running, 2, 4) == [("other", "stop")]


def test_negative_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        choose_evictions_on_devices(
            [cand("a", 1, asleep_gib=-1)], {"gpu0": 0}, {"gpu0": GIB}, {"gpu0": GIB}
        )


# ---- sleeping on several GPUs ----------------------------------------------------------------


def test_a_sleepable_model_on_gpu1_is_not_slept_for_a_model_on_gpu0() -> None:
    running = [
        cand("on1", 8, last_used=0, asleep_gib=0, on=("gpu1",)),  # the oldest, and can sleep
        cand("on0", 8, last_used=1, on=("gpu0",)),
    ]
    # A model for GPU 0: sleeping "on1" would free nothing there; "on0" is stopped.
    assert plan(running, 4, 10, on=("gpu0",)) == [("on0", "stop")]
    # A model for GPU 1: "on1" sleeps, "on0" stays.
    assert plan(running, 4, 10, on=("gpu1",)) == [("on1", "sleep")]
    # Nothing on GPU 0 can make room and "on1" does not help: None, not a useless sleep.
    running[1] = cand("on0", 8, last_used=1, in_flight=1, on=("gpu0",))
    assert plan(running, 4, 10, on=("gpu0",)) is None


def test_a_tp_model_sleeps_for_a_model_on_one_of_its_gpus_and_frees_both() -> None:
    running = [cand("tp2", 9, asleep_gib=1, on=("gpu0", "gpu1"))]
    budgets = {"gpu0": 10 * GIB, "gpu1": 10 * GIB}
    chosen = choose_evictions_on_devices(running, {"gpu1": 5 * GIB}, budgets, held(running))
    assert chosen == [Eviction("tp2", SLEEP, {"gpu0": 8 * GIB, "gpu1": 8 * GIB})]


def test_a_model_asleep_on_two_gpus_is_stopped_only_for_what_it_still_holds() -> None:
    # Its sleep freed all but 1 GiB on GPU 0 and nothing on GPU 1 (as measured there).
    dozing = DeviceCandidate("dozing", {"gpu0": GIB, "gpu1": 6 * GIB}, 0, 0.0, sleeping=True)
    awake = cand("awake", 6, last_used=1, asleep_gib=0, on=("gpu0",))
    running = [dozing, awake]
    # GPU 0 holds 7 and a model needs 4 of its 10: sleeping "awake" is enough, and the plan
    # stops no model while a sleep will do.
    assert plan(running, 4, 10, on=("gpu0",)) == [("awake", "sleep")]
    # GPU 1 holds 6 and a model needs 5: only stopping "dozing" frees anything there.
    assert plan(running, 5, 10, on=("gpu1",)) == [("dozing", "stop")]


# ---- exhaustive: safe, minimal, sleeping preferred where it is enough ------------------------


def _fits(
    chosen: Mapping[str, Eviction],
    needed: Mapping[str, int],
    budgets: Mapping[str, int],
    used: Mapping[str, int],
) -> bool:
    return all(
        used.get(d, 0) - sum(e.frees.get(d, 0) for e in chosen.values()) + n <= budgets[d]
        for d, n in needed.items()
    )


def _options(c: DeviceCandidate) -> list[Eviction | None]:
    """Every way one candidate can be treated: kept, slept (if it can), stopped."""
    ways: list[Eviction | None] = [None, Eviction(c.model_id, STOP, dict(c.holds))]
    if c.asleep is not None and not c.sleeping:
        frees = {d: max(0, b - c.asleep.get(d, 0)) for d, b in c.holds.items()}
        ways.append(Eviction(c.model_id, SLEEP, frees))
    return ways


def test_evictions_agree_with_brute_force_on_every_small_case() -> None:
    """Two GPUs; models on one or both, awake (able to sleep or not) or asleep, busy or idle:
    an answer exists iff stopping every idle model makes room; it makes room, touches no busy
    model, sleeps only models that can sleep, is in LRU order, and is minimal: no eviction can
    be left out and no stop can become a sleep without losing the room."""
    placements = (("gpu0",), ("gpu1",), ("gpu0", "gpu1"))
    kinds = ("stops", "sleeps", "sleeps_half", "asleep", "busy")
    needs = ({"gpu0": 3}, {"gpu1": 5}, {"gpu0": 2, "gpu1": 2})
    checked = 0
    for n in range(4):
        for where in itertools.product(placements, repeat=n):
            for sizes in itertools.product((2, 4), repeat=n):
                for kind in itertools.product(kinds, repeat=n):
                    candidates = []
                    for i in range(n):
                        holds = dict.fromkeys(where[i], sizes[i])
                        asleep = {
                            "sleeps": dict.fromkeys(where[i], 0),
                            "sleeps_half": dict.fromkeys(where[i], sizes[i] // 2),
                        }.get(kind[i])
                        candidates.append(
                            DeviceCandidate(
                                f"m{i}",
                                holds,
                                1 if kind[i] == "busy" else 0,
                                float((i * 7) % 5),
                                asleep,
                                kind[i] == "asleep",
                            )
                        )
                    used = held(candidates)
                    for needed, budget in itertools.product(needs, (7,)):
                        budgets = {"gpu0": budget, "gpu1": budget}
                        got = choose_evictions_on_devices(candidates, needed, budgets, used)
                        checked += 1
                        idle = [c for c in candidates if not c.in_flight]
                        stop_all = {c.model_id: _options(c)[1] for c in idle}
                        if not _fits(stop_all, needed, budgets, used):  # type: ignore[arg-type]
                            assert got is None
                            continue
                        assert got is not None
                        by_id = {c.model_id: c for c in candidates}
                        chosen = {e.model_id: e for e in got}
                        assert len(chosen) == len(got)
                        assert _fits(chosen, needed, budgets, used)
                        for eviction in got:
                            candidate = by_id[eviction.model_id]
                            assert candidate.in_flight == 0
                            assert eviction in _options(candidate)
                            without = {m: e for m, e in chosen.items() if m != eviction.model_id}
                            assert not _fits(without, needed, budgets, used)
                            lighter = _options(candidate)[2:]
                            if eviction.action is STOP and lighter:
                                slept = {**without, eviction.model_id: lighter[0]}
                                assert not _fits(slept, needed, budgets, used)  # type: ignore[arg-type]
                        order = [(by_id[e.model_id].last_used, e.model_id) for e in got]
                        assert order == sorted(order)
    assert checked > 10000


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
    rocm = plan_sleep("auto", "rocm", "vllm0.20.1-rocm7.12.0", [halo], 8 * GIB)
    assert rocm == SleepSpec(2, SleepGauge.GPU, "rocm vllm0.20.1-rocm7.12.0 on gfx1151", 0)
    assert plan_sleep("auto", "cpu", "0.32.0", [], GIB) is None
    assert plan_sleep("auto", "custom", "vllm serve", [halo], GIB) is None
    assert plan_sleep("off", "rocm", "x", [halo], GIB) is None


def test_on_sleeps_any_engine_judged_by_the_gpu_or_the_processes() -> None:
    card = gpu("gfx1100", apu=False)
    discrete = plan_sleep("on", "rocm", "b", [card], 8 * GIB)
    assert discrete is not None and discrete.level == 1 and discrete.host_bytes == 8 * GIB
    cpu = plan_sleep("on", "cpu", "0.32.0", [card], GIB)  # a GPU in the box, the CPU engine
    assert cpu == SleepSpec(2, SleepGauge.PROCESS, "cpu 0.32.0 on cpu", 0)
    custom = plan_sleep("on", "custom", "python fake.py", [], GIB)  # no GPU detected
    assert custom is not None and custom.gauge is SleepGauge.PROCESS
    with pytest.raises(ValueError):
        plan_sleep("sometimes", "rocm", "b", [card], GIB)


def test_a_model_on_two_gpus_is_judged_on_their_targets_and_an_apu_means_level_2() -> None:
    card, other, halo = (
        gpu("gfx1100", apu=False),
        gpu("gfx1101", apu=False),
        gpu("gfx1151", apu=True),
    )
    two = plan_sleep("on", "rocm", "b", [card, card], 8 * GIB)
    assert two == SleepSpec(1, SleepGauge.GPU, "rocm b on gfx1100", 8 * GIB)  # as on one
    mixed = plan_sleep("on", "custom", "vllm", [other, card], GIB)
    assert mixed is not None and mixed.verdict_key == "custom vllm on gfx1100+gfx1101"
    with_apu = plan_sleep("on", "custom", "vllm", [card, halo], GIB)
    assert with_apu is not None and with_apu.level == 2 and with_apu.host_bytes == 0


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
    before, after = {"ram": 5 * GIB}, {"ram": 5 * GIB - freed}
    return SleepReport("m", 2, SleepGauge.PROCESS, before, after, planned, True, 200)


def test_a_report_tells_what_each_gpu_freed_and_a_gpu_that_grew_freed_nothing() -> None:
    before = {"gpu0": 9 * GIB, "gpu1": 9 * GIB, "gpu2": GIB}
    after = {"gpu0": GIB, "gpu1": 5 * GIB, "gpu2": 2 * GIB}
    found = SleepReport("m", 1, SleepGauge.GPU, before, after, 18 * GIB, True, 200)
    assert found.freed_by_device == {"gpu0": 8 * GIB, "gpu1": 4 * GIB, "gpu2": 0}
    assert found.freed_bytes == 12 * GIB and found.freed


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
