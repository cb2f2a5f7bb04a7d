"""vLLM's sleep mode for a child: put it to sleep, measure what that freed, wake it, remember.

vLLM 0.32 serves these only with `VLLM_SERVER_DEV_MODE=1` (entrypoints/serve/dev/sleep and
dev/rpc). vLLM's own key check leaves them open (it guards only /v1, /v2, /inference and
/cohere), but a keyed child also loads the app's guard (guard/vllm_tray_guard.py), which
refuses them without the child's key: every call here sends it. They are
`POST /sleep?level=1|2` (the level is a query parameter; a `level` in the body is ignored and
level 1 is done), `POST /wake_up[?tags=weights|kv_cache]`, `GET /is_sleeping` and
`POST /collective_rpc {"method": …}`. A sleep answers 200 whether or not memory was freed (the
CPU worker logs "sleep mode is not supported on CPU, ignore it."), so the app measures, on
each device the model uses: each of its GPUs, or the child's RAM.

Verdicts are a cache of measurements in `state_dir/sleep_verdicts.json`, one per engine build
and GPU (`SleepSpec.verdict_key`): a build that freed nothing is never slept again, the next
swaps stop it at once. A file that cannot be read is started afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import psutil

from app.core.contracts import SleepGauge, SleepSpec
from app.core.jsonstore import atomic_write_json
from app.core.memory.parallel import RAM_DEVICE, gpu_device
from app.core.memory.swap import level_for_host_ram, sleep_freed
from app.core.problems.problems import Problem, problem
from app.core.untrusted import parse_json

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

FILE_NAME = "sleep_verdicts.json"
VERSION = 1
DEV_MODE_VAR = "VLLM_SERVER_DEV_MODE"  # vLLM registers the sleep routes only with it set
SLEEP_FLAG = "--enable-sleep-mode"
# A sleep at level 1 copies the weights to host RAM and a level 2 wake reads them from disk
# again: tens of seconds for a large model. A call that takes longer than this is a hang.
CALL_TIMEOUT_S = 300.0
# vLLM answers once its worker freed the memory (on ROCm it waits up to 5 s for the driver);
# the counters the app reads may lag a little behind that.
SETTLE_S = 3.0
SETTLE_POLL_S = 0.25

# Why a sleep took its level. "parked": level 1, the weights wait in host RAM (a discrete GPU
# with RAM to spare). "shared": level 2 because the GPU's memory is the host's RAM (an APU),
# where parking the weights would free nothing. "ram_short": level 2 because host RAM could not
# take the weights with room to spare (level_for_host_ram). A level 2 wake reads the weights
# from disk again but keeps the process and its imports, so it is still quicker than a stop
# and a warm restart, which pays the imports again; the CPU build ignores sleeps, and there a
# swap is a stop and a swap back a warm restart (docs/sleep-mode.md).
SleepWhy = Literal["parked", "shared", "ram_short"]

# The used memory of the GPU at this index of SystemInfo.gpus, in bytes (blocking).
GpuUsed = Callable[[int], int | None]


@dataclass(frozen=True)
class SleepReport:
    """What one sleep did: the level asked, the memory measured before and after, the verdict.

    `asleep` says whether the model sleeps now; when the sleep freed too little (or failed)
    the model was stopped instead and `asleep` is False. Sizes are bytes of the gauge
    (`SleepGauge`) per device, keyed as the planner keys them (`gpu0`…, or `ram`): the used
    memory of each GPU the model runs on, or the resident memory of the child's processes.
    """

    model_id: str
    level: int | None  # None: no sleep was tried (the model was stopped at once)
    gauge: SleepGauge | None
    before: Mapping[str, int] | None
    after: Mapping[str, int] | None
    planned_bytes: int  # all its devices together
    asleep: bool
    answered: int | None = None  # the HTTP status /sleep answered with (None: no answer)
    # Why this level (SleepWhy): the row says it in words.
    why: SleepWhy | None = None

    @property
    def measured(self) -> bool:
        """Whether memory was read before and after (a GPU that reports none cannot tell)."""
        return self.before is not None and self.after is not None

    @property
    def freed_by_device(self) -> dict[str, int]:
        """What the sleep freed on each device (a device that grew freed nothing)."""
        if self.before is None or self.after is None:
            return {}
        return {d: max(0, b - self.after.get(d, b)) for d, b in self.before.items()}

    @property
    def freed_bytes(self) -> int:
        return sum(self.freed_by_device.values())

    @property
    def freed(self) -> bool:
        return sleep_freed(self.freed_bytes, self.planned_bytes)


@dataclass(frozen=True)
class Verdict:
    """Whether sleeping freed memory on one engine build and GPU, as last measured."""

    frees: bool
    level: int
    gauge: str
    freed_bytes: int
    planned_bytes: int
    measured_at: str


class SleepVerdicts:
    """The remembered verdicts of one state dir; `save` writes, so call it off the loop."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / FILE_NAME
        self._lock = threading.Lock()  # saved from worker threads, read on the loop
        self._verdicts: dict[str, Verdict] = self._read()

    def get(self, key: str) -> Verdict | None:
        with self._lock:
            return self._verdicts.get(key)

    def may_sleep(self, key: str) -> bool:
        """False once a sleep on this build and GPU was measured to free nothing."""
        verdict = self.get(key)
        return verdict is None or verdict.frees

    def known_to_work(self, key: str) -> bool:
        verdict = self.get(key)
        return verdict is not None and verdict.frees

    def note(self, key: str, report: SleepReport) -> Verdict:
        """Remember what `report` measured (in memory at once; `save` writes it)."""
        if report.level is None or report.gauge is None or not report.measured:
            raise ValueError("only a measured sleep gives a verdict")
        verdict = Verdict(
            frees=report.freed,
            level=report.level,
            gauge=report.gauge.value,
            freed_bytes=report.freed_bytes,
            planned_bytes=report.planned_bytes,
            measured_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        with self._lock:
            self._verdicts[key] = verdict
        return verdict

    def save(self) -> None:
        with self._lock:
            payload = {
                "version": VERSION,
                "verdicts": {key: vars(v) for key, v in sorted(self._verdicts.items())},
            }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(self.path, payload)
        except OSError as exc:
            # A cache: the worst outcome of losing it is one more measured sleep.
            log.warning("could not save sleep verdicts to %s: %s", self.path, exc)

    def _read(self) -> dict[str, Verdict]:
        try:
            data = parse_json(self.path.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                return {}
            return {str(k): _verdict(v) for k, v in dict(data["verdicts"]).items()}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("ignoring unreadable sleep verdicts in %s: %s", self.path, exc)
            return {}


def _verdict(raw: Mapping[str, Any]) -> Verdict:
    return Verdict(
        frees=bool(raw["frees"]),
        level=int(raw["level"]),
        gauge=str(raw["gauge"]),
        freed_bytes=int(raw["freed_bytes"]),
        planned_bytes=int(raw["planned_bytes"]),
        measured_at=str(raw["measured_at"]),
    )


# ---- measuring ---------------------------------------------------------------------------


def process_tree_rss(pid: int) -> int | None:
    """Resident bytes of `pid` and everything below it (blocking: call it in a thread).

    Shared pages count once per process, which overstates the total; the difference before
    and after a sleep is what matters, and shared pages do not change with it.
    """
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return None
    total = 0
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            total += proc.memory_info().rss
    return total


class Gauge:
    """Reads the memory a sleep is judged by, per device: the used bytes of each GPU the
    child runs on (`gpus`, positions in SystemInfo.gpus), or the child's RSS as `ram`."""

    def __init__(
        self, kind: SleepGauge, pid: int, gpu_used: GpuUsed | None, gpus: Sequence[int] = ()
    ) -> None:
        self.kind = kind
        self._pid = pid
        self._gpu_used = gpu_used
        self._gpus = tuple(gpus)

    def read(self) -> dict[str, int] | None:
        """Blocking (sysfs, /proc): call it in a thread. None when a device cannot tell."""
        if self.kind is SleepGauge.PROCESS:
            rss = process_tree_rss(self._pid)
            return None if rss is None else {RAM_DEVICE: rss}
        if self._gpu_used is None or not self._gpus:
            return None
        used = {gpu_device(i): self._gpu_used(i) for i in self._gpus}
        if any(b is None for b in used.values()):
            return None
        return {d: b for d, b in used.items() if b is not None}


# ---- talking to the child ----------------------------------------------------------------


class SleepCallFailed(Exception):
    """A sleep or wake call did not answer 200; `problem` says which and how."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem


def _call_failed(model_id: str, waking: bool, detail: str) -> SleepCallFailed:
    if waking:
        found = problem("sleep.wake_failed", model=model_id, detail=detail)
    else:
        found = problem("sleep.failed", model=model_id, detail=detail)
    return SleepCallFailed(found)


async def _post(
    client: httpx.AsyncClient,
    url: str,
    *,
    model_id: str,
    waking: bool,
    key: str | None,
    json_body: Mapping[str, Any] | None = None,
) -> httpx.Response:
    import httpx  # imported when used: a quick command never loads it

    try:
        response = await client.post(
            url, json=json_body, headers=_auth(key), timeout=CALL_TIMEOUT_S
        )
    except httpx.HTTPError as exc:
        raise _call_failed(model_id, waking, _describe(exc)) from exc
    if response.status_code != 200:
        detail = f"HTTP {response.status_code} {response.text[:200]}".strip()
        raise _call_failed(model_id, waking, detail)
    return response


def _auth(key: str | None) -> dict[str, str]:
    """The child's key: the app's guard refuses the dev routes without it (vLLM does not)."""
    return {"Authorization": f"Bearer {key}"} if key else {}


def _describe(exc: Exception) -> str:
    """An HTTP failure in words (httpx's timeouts carry no message of their own)."""
    import httpx  # imported when used: a quick command never loads it

    if isinstance(exc, httpx.TimeoutException):
        return f"no answer within {CALL_TIMEOUT_S:.0f} s"
    return str(exc) or "the connection failed"


async def fall_asleep(
    client: httpx.AsyncClient,
    base_url: str,
    *,
    model_id: str,
    spec: SleepSpec,
    planned_bytes: int,
    gauge: Gauge,
    key: str | None,
) -> SleepReport:
    """Put the child to sleep and measure what that freed; raises SleepCallFailed.

    The level goes in the query string: vLLM reads it from there only (a body `level` is
    silently ignored and level 1 done). Memory is read again until the sleep counts as freed
    or SETTLE_S passed.
    """
    loop = asyncio.get_running_loop()
    available = (await asyncio.to_thread(psutil.virtual_memory)).available
    level = level_for_host_ram(spec.level, spec.host_bytes, available)
    why: SleepWhy = "ram_short" if level != spec.level else "parked" if level == 1 else "shared"
    if level != spec.level:
        log.info("%s: host RAM is short for a level 1 sleep; sleeping at level 2", model_id)
    before = await asyncio.to_thread(gauge.read)
    response = await _post(
        client,
        f"{base_url}/sleep?level={level}",
        model_id=model_id,
        waking=False,
        key=key,
    )
    report = SleepReport(
        model_id, level, gauge.kind, before, before, planned_bytes, True, response.status_code, why
    )
    deadline = loop.time() + SETTLE_S
    while True:
        after = await asyncio.to_thread(gauge.read)
        report = SleepReport(
            model_id,
            level,
            gauge.kind,
            before,
            after,
            planned_bytes,
            True,
            response.status_code,
            why,
        )
        if report.freed or loop.time() >= deadline:
            return report
        await asyncio.sleep(SETTLE_POLL_S)


async def wake_up(
    client: httpx.AsyncClient,
    base_url: str,
    *,
    model_id: str,
    level: int,
    key: str | None,
) -> None:
    """Wake the child from a sleep at `level`; raises SleepCallFailed.

    Level 2 dropped the weights, so they are mapped back, reloaded from the model's files,
    and only then is the KV cache reallocated (vLLM's documented order); level 1 kept them in
    host RAM and one call brings everything back.
    """
    import httpx  # imported when used: a quick command never loads it

    started = time.monotonic()
    common: dict[str, Any] = {"model_id": model_id, "waking": True, "key": key}
    if level >= 2:
        await _post(client, f"{base_url}/wake_up?tags=weights", **common)
        await _post(
            client, f"{base_url}/collective_rpc", json_body={"method": "reload_weights"}, **common
        )
        await _post(client, f"{base_url}/wake_up?tags=kv_cache", **common)
    else:
        await _post(client, f"{base_url}/wake_up", **common)
    # Traffic goes to it as soon as this returns: it must say it is awake and healthy (after
    # a system suspend, a GPU may not have survived).
    try:
        state = await client.get(
            f"{base_url}/is_sleeping", headers=_auth(key), timeout=CALL_TIMEOUT_S
        )
        if state.status_code != 200:
            detail = f"/is_sleeping answered HTTP {state.status_code} {state.text[:200]}"
            raise _call_failed(model_id, True, detail.strip())
        still_asleep = bool(state.json().get("is_sleeping"))
        # /health is open (the guard lets it through); the key does no harm there.
        health = await client.get(f"{base_url}/health", headers=_auth(key), timeout=CALL_TIMEOUT_S)
    except (httpx.HTTPError, ValueError, AttributeError) as exc:
        raise _call_failed(model_id, True, _describe(exc)) from exc
    if still_asleep:
        raise _call_failed(model_id, True, "it still says it is sleeping")
    if health.status_code != 200:
        raise _call_failed(model_id, True, f"its health check answered HTTP {health.status_code}")
    log.info("%s: awake after %.1f s (level %d sleep)", model_id, time.monotonic() - started, level)
