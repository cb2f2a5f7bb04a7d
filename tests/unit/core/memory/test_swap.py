"""The swap policy where nothing can sleep: least recently used idle models go first, busy
ones never, on one device or several."""

from __future__ import annotations

import itertools

import pytest

from app.core.memory.swap import DeviceCandidate, EvictAction, choose_evictions_on_devices

GIB = 1024**3
M = "memory"  # the one device of the single-device cases


def victims(
    candidates: list[DeviceCandidate],
    needed: dict[str, int],
    budgets: dict[str, int],
    used: dict[str, int],
) -> list[str] | None:
    """The models stopped to make room, where none can sleep."""
    chosen = choose_evictions_on_devices(candidates, needed, budgets, used)
    if chosen is None:
        return None
    assert all(e.action is EvictAction.STOP for e in chosen)
    return [e.model_id for e in chosen]


def choose_victims(
    candidates: list[DeviceCandidate], needed: int, budget: int, used: int
) -> list[str] | None:
    return victims(candidates, {M: needed}, {M: budget}, {M: used})


def cand(
    model_id: str, gib: float, *, in_flight: int = 0, last_used: float = 0.0
) -> DeviceCandidate:
    return DeviceCandidate(model_id, {M: int(gib * GIB)}, in_flight, last_used)


def test_fits_without_unloading_anything() -> None:
    running = [cand("a", 4, last_used=1)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 4 * GIB) == []


def test_exact_fit_needs_no_unload() -> None:
    running = [cand("a", 6, last_used=1)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 6 * GIB) == []


def test_nothing_running_and_fits() -> None:
    assert choose_victims([], 4 * GIB, 10 * GIB, 0) == []


def test_nothing_running_and_too_big_for_the_budget() -> None:
    assert choose_victims([], 11 * GIB, 10 * GIB, 0) is None


def test_model_bigger_than_the_whole_budget_is_refused_even_with_idle_models() -> None:
    running = [cand("a", 4, last_used=1), cand("b", 4, last_used=2)]
    assert choose_victims(running, 11 * GIB, 10 * GIB, 8 * GIB) is None


def test_least_recently_used_idle_model_goes_first() -> None:
    running = [cand("new", 4, last_used=30), cand("old", 4, last_used=10)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 8 * GIB) == ["old"]


def test_unloads_several_in_lru_order_until_it_fits() -> None:
    running = [
        cand("c", 2, last_used=3),
        cand("a", 2, last_used=1),
        cand("b", 2, last_used=2),
        cand("d", 2, last_used=4),
    ]
    # used 8 + needed 6 = 14 > 10: free at least 4 GiB → the two oldest.
    assert choose_victims(running, 6 * GIB, 10 * GIB, 8 * GIB) == ["a", "b"]


def test_never_unloads_a_model_with_requests_in_flight() -> None:
    running = [cand("busy", 4, in_flight=1, last_used=1), cand("idle", 4, last_used=5)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 8 * GIB) == ["idle"]


def test_none_when_only_busy_models_could_make_room() -> None:
    running = [cand("busy", 6, in_flight=3, last_used=1), cand("idle", 2, last_used=5)]
    # Unloading "idle" frees 2 GiB: 8 - 2 + 6 = 12 > 10 still.
    assert choose_victims(running, 6 * GIB, 10 * GIB, 8 * GIB) is None


def test_none_when_every_model_is_busy() -> None:
    running = [cand("a", 4, in_flight=1), cand("b", 4, in_flight=2)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 8 * GIB) is None


def test_memory_held_by_others_counts_against_the_budget() -> None:
    # Memory used by something that is not a candidate (the desktop, another app) stays.
    running = [cand("a", 4, last_used=1)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 7 * GIB) == ["a"]  # 3 GiB by others
    assert choose_victims(running, 4 * GIB, 10 * GIB, 10 * GIB) == ["a"]  # 6 GiB by others
    assert choose_victims(running, 4 * GIB, 10 * GIB, 11 * GIB) is None  # 7 GiB by others


def test_a_later_big_victim_spares_an_older_small_one() -> None:
    running = [cand("small", 1, last_used=1), cand("big", 6, last_used=2)]
    # Excess is 5 GiB: "small" (1) is not enough, "big" (6) alone is, so "small" stays.
    assert choose_victims(running, 7 * GIB, 10 * GIB, 8 * GIB) == ["big"]


def test_older_victims_still_needed_are_kept_with_the_last() -> None:
    running = [
        cand("a", 2, last_used=1),
        cand("b", 1, last_used=2),
        cand("c", 3, last_used=3),
    ]
    # Excess 5: a+b+c = 6 frees enough with 1 to spare → "b" (1 GiB, the more recent) is
    # spared, "a" is still needed.
    assert choose_victims(running, 5 * GIB, 10 * GIB, 10 * GIB) == ["a", "c"]


def test_models_holding_no_memory_are_not_unloaded_for_nothing() -> None:
    running = [cand("zero", 0, last_used=0), cand("a", 4, last_used=1)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 8 * GIB) == ["a"]


def test_ties_in_last_use_are_broken_by_id_for_repeatable_choices() -> None:
    running = [cand("b", 4, last_used=1), cand("a", 4, last_used=1)]
    assert choose_victims(running, 4 * GIB, 10 * GIB, 8 * GIB) == ["a"]
    assert choose_victims(list(reversed(running)), 4 * GIB, 10 * GIB, 8 * GIB) == ["a"]


@pytest.mark.parametrize(
    ("needed", "budget", "used"),
    [(-1, 10, 0), (1, -10, 0), (1, 10, -1)],
)
def test_negative_sizes_are_rejected(needed: int, budget: int, used: int) -> None:
    with pytest.raises(ValueError, match="negative"):
        choose_victims([], needed, budget, used)


def test_negative_candidate_fields_are_rejected() -> None:
    with pytest.raises(ValueError, match="x"):
        choose_victims([DeviceCandidate("x", {M: -1}, 0, 0.0)], 1, 10, 0)
    with pytest.raises(ValueError, match="x"):
        choose_victims([DeviceCandidate("x", {M: 1}, -1, 0.0)], 1, 10, 0)


def test_duplicate_candidates_are_rejected() -> None:
    with pytest.raises(ValueError, match="once"):
        choose_victims([cand("a", 1), cand("a", 2)], 1, 10, 0)


def _brute_force(
    candidates: list[DeviceCandidate], needed: int, budget: int, used: int
) -> tuple[bool, set[frozenset[str]]]:
    """Whether any set of idle models makes room, and every minimal such set."""
    idle = [c for c in candidates if c.in_flight == 0]
    fitting: list[frozenset[str]] = []
    for size in range(len(idle) + 1):
        for combo in itertools.combinations(idle, size):
            if used - sum(c.holds[M] for c in combo) + needed <= budget:
                fitting.append(frozenset(c.model_id for c in combo))
    minimal = {s for s in fitting if not any(o < s for o in fitting)}
    return bool(fitting), minimal


def test_agrees_with_brute_force_on_every_small_case() -> None:
    """Exhaustive over small worlds: fits iff some idle set fits; the answer is minimal and safe."""
    sizes = (1, 2, 3)
    checked = 0
    for n in range(4):
        for sizes_combo in itertools.product(sizes, repeat=n):
            for busy_mask in itertools.product((0, 1), repeat=n):
                candidates = [
                    DeviceCandidate(f"m{i}", {M: sizes_combo[i]}, busy_mask[i], float((i * 7) % 5))
                    for i in range(n)
                ]
                held = sum(sizes_combo)
                for needed, budget, extra in itertools.product((0, 1, 3, 6), (4, 6, 9), (0, 1)):
                    used = held + extra
                    got = choose_victims(candidates, needed, budget, used)
                    possible, minimal = _brute_force(candidates, needed, budget, used)
                    checked += 1
                    if not possible:
                        assert got is None
                        continue
                    assert got is not None
                    chosen = frozenset(got)
                    assert len(chosen) == len(got)
                    by_id = {c.model_id: c for c in candidates}
                    assert all(by_id[m].in_flight == 0 for m in got)
                    freed = sum(by_id[m].holds[M] for m in got)
                    assert used - freed + needed <= budget
                    # Nothing unloaded that could be kept: the choice is inclusion-minimal.
                    assert chosen in minimal
                    # Victims come in least-recently-used order.
                    order = [(by_id[m].last_used, m) for m in got]
                    assert order == sorted(order)
    assert checked > 1000


# --- several devices (GPUs) ------------------------------------------------------------------


def dev(
    model_id: str, holds: dict[str, int], *, in_flight: int = 0, last_used: float = 0.0
) -> DeviceCandidate:
    return DeviceCandidate(model_id, holds, in_flight, last_used)


def test_a_model_on_another_gpu_is_never_unloaded() -> None:
    running = [dev("on0", {"gpu0": 8}, last_used=1), dev("on1", {"gpu1": 8}, last_used=2)]
    used = {"gpu0": 8, "gpu1": 8}
    budgets = {"gpu0": 10, "gpu1": 10}
    # New model on gpu1 only: "on0" is older but holds nothing there.
    assert victims(running, {"gpu1": 4}, budgets, used) == ["on1"]
    # Fits beside "on0" on gpu0? 8 + 2 <= 10: nothing goes.
    assert victims(running, {"gpu0": 2}, budgets, used) == []


def test_a_two_gpu_model_needs_room_on_both() -> None:
    running = [dev("on0", {"gpu0": 8}, last_used=1), dev("on1", {"gpu1": 8}, last_used=2)]
    used = {"gpu0": 8, "gpu1": 8}
    budgets = {"gpu0": 10, "gpu1": 10}
    assert victims(running, {"gpu0": 5, "gpu1": 5}, budgets, used) == [
        "on0",
        "on1",
    ]
    # A busy model on one of them: it cannot fit now.
    running[1] = dev("on1", {"gpu1": 8}, in_flight=1, last_used=2)
    assert victims(running, {"gpu0": 5, "gpu1": 5}, budgets, used) is None


def test_a_tp_model_holding_both_gpus_goes_for_a_one_gpu_model() -> None:
    running = [dev("tp2", {"gpu0": 9, "gpu1": 9}, last_used=1)]
    used = {"gpu0": 9, "gpu1": 9}
    budgets = {"gpu0": 10, "gpu1": 10}
    assert victims(running, {"gpu1": 5}, budgets, used) == ["tp2"]


def test_ram_models_do_not_count_against_a_gpu() -> None:
    running = [dev("cpu", {"ram": 50}, last_used=0)]
    assert victims(running, {"gpu0": 5}, {"gpu0": 10, "ram": 60}, {"ram": 50}) == []


def test_a_needed_device_without_a_budget_is_an_error() -> None:
    with pytest.raises(ValueError, match="gpu3"):
        victims([], {"gpu3": 1}, {"gpu0": 10}, {})


def _brute_force_devices(
    candidates: list[DeviceCandidate],
    needed: dict[str, int],
    budgets: dict[str, int],
    used: dict[str, int],
) -> tuple[bool, set[frozenset[str]]]:
    """Whether any set of idle models makes room on every needed device, and every minimal set."""
    idle = [c for c in candidates if c.in_flight == 0]
    fitting: list[frozenset[str]] = []
    for size in range(len(idle) + 1):
        for combo in itertools.combinations(idle, size):
            if all(
                used.get(d, 0) - sum(c.holds.get(d, 0) for c in combo) + n <= budgets[d]
                for d, n in needed.items()
            ):
                fitting.append(frozenset(c.model_id for c in combo))
    minimal = {s for s in fitting if not any(o < s for o in fitting)}
    return bool(fitting), minimal


def test_devices_agree_with_brute_force_on_every_small_case() -> None:
    """Two GPUs, models on one or both of them (like tp=2), any of them busy: the answer exists
    iff some idle set makes room on every device the new model needs; it is safe, minimal and
    in least-recently-used order."""
    placements = ({"gpu0"}, {"gpu1"}, {"gpu0", "gpu1"})
    needs = ({"gpu0": 3}, {"gpu1": 5}, {"gpu0": 2, "gpu1": 2}, {"gpu0": 6, "gpu1": 1})
    checked = 0
    for n in range(4):
        for where in itertools.product(placements, repeat=n):
            for sizes in itertools.product((1, 3), repeat=n):
                for busy_mask in itertools.product((0, 1), repeat=n):
                    candidates = [
                        dev(
                            f"m{i}",
                            dict.fromkeys(sorted(where[i]), sizes[i]),
                            in_flight=busy_mask[i],
                            last_used=float((i * 7) % 5),
                        )
                        for i in range(n)
                    ]
                    held = {"gpu0": 0, "gpu1": 0}
                    for c in candidates:
                        for d, b in c.holds.items():
                            held[d] += b
                    for needed, budget, extra in itertools.product(needs, (6, 8), (0, 1)):
                        budgets = {"gpu0": budget, "gpu1": budget}
                        used = {"gpu0": held["gpu0"] + extra, "gpu1": held["gpu1"]}
                        got = victims(candidates, needed, budgets, used)
                        possible, minimal = _brute_force_devices(candidates, needed, budgets, used)
                        checked += 1
                        if not possible:
                            assert got is None
                            continue
                        assert got is not None
                        by_id = {c.model_id: c for c in candidates}
                        assert len(set(got)) == len(got)
                        assert all(by_id[m].in_flight == 0 for m in got)
                        for d, amount in needed.items():
                            freed = sum(by_id[m].holds.get(d, 0) for m in got)
                            assert used[d] - freed + amount <= budgets[d]
                        assert frozenset(got) in minimal
                        order = [(by_id[m].last_used, m) for m in got]
                        assert order == sorted(order)
    assert checked > 5000
