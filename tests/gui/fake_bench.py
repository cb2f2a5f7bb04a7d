"""Fake bench and tune services (app.runtime.api.protocols.BenchApi, TuneApi), and
sample results shaped like the blog's Strix Halo measurements (knee at 10)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from typing import Any

from app.core.bench.tuning import BenchPoint, Confirmation, Slo
from app.core.memory.gpu import SystemInfo
from app.runtime.api.bench import BenchOptions, BenchRecord, TuneOptions, TuneResult
from app.runtime.api.snapshot import ModelRow
from app.runtime.api.values import Endpoint
from tests.gui.fake_facade import T0, FakeFacade
from tests.gui.fake_services import FakeService

# concurrency: (tokens/s, inter-token p99 ms): sequential 95.6, best 317.5 at 10, then worse.
SAMPLE = {
    1: (95.6, 10.6),
    2: (171.0, 11.9),
    4: (243.0, 16.8),
    8: (301.0, 27.0),
    9: (309.0, 29.5),
    10: (317.5, 31.9),
    12: (311.0, 39.0),
    16: (262.0, 62.0),
    32: (121.0, 266.0),
}


def sample_point(c: int, limit: int | None = None) -> BenchPoint:
    tps, itl = SAMPLE[c]
    requests = max(10, 2 * c)
    tokens = requests * 64
    return BenchPoint(
        concurrency=c,
        requests=requests,
        completed=requests,
        failed=0,
        wall_s=tokens / tps,
        completion_tokens=tokens,
        tok_per_s=tps,
        ttft_p50_ms=itl * 2,
        ttft_p99_ms=itl * 3,
        itl_p50_ms=itl * 0.8,
        itl_p99_ms=itl,
        max_num_seqs=limit,
    )


def sample_tune(model_id: str) -> TuneResult:
    curve = tuple(sample_point(c, 256) for c in sorted(SAMPLE))
    confirm = Confirmation(10, sample_point(10, 10), sample_point(10, 10))
    return TuneResult(
        model_id=model_id,
        chosen=10,
        confirmed=True,
        starts=2,
        upper=256,
        current=16,
        before=sample_point(16, 256),
        after=sample_point(10, 10),
        overload=confirm.overload,
        curve=curve,
        confirmations=(confirm,),
        current_args="",
        proposed_args="--max-num-seqs 10",
        slo=Slo(),
    )


def sample_records(model_id: str) -> list[BenchRecord]:
    bench = BenchRecord(
        kind="bench",
        model_id=model_id,
        time=T0 - 3600,
        argv=("vllm-tray", "bench", model_id, "--concurrency", "2,4,8,10,16"),
        engine={"kind": "rocm", "version": "vllm0.20.1-rocm7.12.0-gfx1151"},
        generator={"name": "vllm bench serve", "version": "0.20.1"},
        settings={"requests": 10, "input_len": 32, "output_len": 64},
        points=tuple(sample_point(c) for c in (1, 2, 4, 8, 10, 16)),
    )
    tune = sample_tune(model_id)
    return [
        bench,
        BenchRecord(
            kind="tune",
            model_id=model_id,
            time=T0,
            argv=("vllm-tray", "tune", model_id),
            engine=bench.engine,
            generator=bench.generator,
            settings=bench.settings,
            points=tune.curve,
            tune=tune.to_json(),
        ),
    ]


class FakeBench(FakeService):
    """Runs stay pending (held) until a test resolves them, as a long run would."""

    area = "bench"

    def __init__(self, app: FakeFacade, records: Iterable[BenchRecord] = ()) -> None:
        super().__init__(app)
        self.records = list(records)

    async def run(
        self,
        model_id: str,
        options: BenchOptions,
        *,
        endpoint: Endpoint | None = None,
        argv: Sequence[str] = (),
    ) -> BenchRecord:
        self.record("run", model_id, options)
        first = self.records[0] if self.records else sample_records(model_id)[0]
        return self.answer("run", first)

    def cancel(self, model_id: str) -> bool:
        self.record("cancel", model_id)
        return True

    async def load_history(self, model_id: str) -> list[BenchRecord]:
        return [r for r in self.records if r.model_id == model_id]


class FakeTune(FakeService):
    area = "tune"

    def check(self, options: TuneOptions) -> TuneOptions:
        self.record("check", options)
        return options

    async def run(
        self, model_id: str, options: TuneOptions, *, argv: Sequence[str] = ()
    ) -> TuneResult:
        self.record("run", model_id, options)
        return self.answer("run", sample_tune(model_id))

    def cancel(self, model_id: str) -> bool:
        self.record("cancel", model_id)
        return True

    async def apply(self, model_id: str, value: int, *, restart: bool | None = None) -> str:
        self.record("apply", model_id, value, restart)
        return f"--max-num-seqs {value}"


class FakeBenchFacade(FakeFacade):
    """A FakeFacade whose benchmarks and tunes stay pending until a test resolves them
    (`bench_future`, `tune_future`), as a long run would."""

    def __init__(
        self,
        rows: Iterable[ModelRow] | None = None,
        system: SystemInfo | None = None,
        *,
        records: Iterable[BenchRecord] = (),
    ) -> None:
        self.bench_fake = FakeBench(self, records)
        super().__init__(rows, system, bench=lambda _app: self.bench_fake, tune=FakeTune)
        self.hold.update({"bench.run", "tune.run"})

    @property
    def records(self) -> list[BenchRecord]:
        return self.bench_fake.records

    def _last_held(self, name: str) -> Future[Any] | None:
        held = self.held.get(name)
        return held[-1][0] if held else None

    @property
    def bench_future(self) -> Future[Any] | None:
        return self._last_held("bench.run")

    @property
    def tune_future(self) -> Future[Any] | None:
        return self._last_held("tune.run")
