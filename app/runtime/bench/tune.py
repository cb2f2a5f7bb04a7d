"""The max-num-seqs tune: find the knee in a few engine starts, propose it, apply it on request.

Start 1 runs the model with a high `--max-num-seqs`, so that the client's concurrency is the
engine's batch size: app.core.bench.tuning.KneeSearch walks that curve (doubling, then bisecting)
without restarting. Each further start confirms a candidate value with that value as the
engine's limit. The limit is a one-start override (Controller.load's `extra_args`): nothing
is written unless the user applies the result. Models are only started and stopped through
the app's own controller and supervisor, and the model is left as it was found.
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.core.bench.tuning import (
    MAX_STARTS,
    BenchPoint,
    Confirmation,
    KneeSearch,
    choose_confirmed,
    concurrency_bound,
    confirmation_candidates,
    confirmed,
    requests_for,
    with_limit,
)
from app.core.events import EventBus, TunePhase, TuneProgressed
from app.core.models.registry import Registry
from app.core.models.vllm_args import ArgLayer, merge_layers, split_args
from app.core.problems.problems import ProblemError, problem
from app.core.states import ProcessState
from app.runtime.api.bench import BenchOptions, BenchRecord, TuneOptions, TuneResult, tokens_problem
from app.runtime.bench.bench import BenchService, check_options, warm_up
from app.runtime.bench.loadgen import LoadGenerator
from app.runtime.control.controller import Controller
from app.runtime.control.planning import Planner
from app.runtime.services.models import ModelService
from app.supervisor import Supervisor

log = logging.getLogger(__name__)

FLAG = "--max-num-seqs"


def args_with_limit(vllm_args: str, value: int) -> str:
    """The model's vllm_args with `--max-num-seqs value` in place of any earlier one."""
    merged = merge_layers(
        [ArgLayer("model", split_args(vllm_args)), ArgLayer("tune", (FLAG, str(value)))]
    )
    return shlex.join(merged)


def limit_in(args: Sequence[str]) -> int | None:
    """The last --max-num-seqs value in an argv (vLLM takes the last one)."""
    found = None
    for i, token in enumerate(args):
        if token == FLAG and i + 1 < len(args):
            found = args[i + 1]
        elif token.startswith(FLAG + "="):
            found = token.split("=", 1)[1]
    try:
        return int(found) if found is not None else None
    except ValueError:
        return None


class TuneService:
    """Runs one tune per model at a time; see the module docstring for the method."""

    def __init__(
        self,
        *,
        bus: EventBus,
        registry: Registry,
        planner: Planner,
        controller: Controller,
        supervisor: Supervisor,
        models: ModelService,
        bench: BenchService,
        engine_info: Callable[[], Mapping[str, Any]],
        max_starts: int = MAX_STARTS,
    ) -> None:
        self._bus = bus
        self._registry = registry
        self._planner = planner
        self._controller = controller
        self._supervisor = supervisor
        self._models = models
        self._bench = bench
        self._engine_info = engine_info
        self.max_starts = max_starts
        self._tools = _Tools(
            bus, registry, planner, controller, supervisor, models, bench, max_starts
        )

    def check(self, options: TuneOptions) -> TuneOptions:
        """Refuse numbers no tune can use, before anything starts (ProblemError)."""
        check_options(
            BenchOptions(
                requests=options.requests, concurrency=(options.high,), workload=options.workload
            )
        )
        for name, value in (
            ("slo_ttft_ms", options.slo.ttft_ms),
            ("slo_itl_ms", options.slo.itl_ms),
        ):
            if value is not None and value <= 0:
                raise ProblemError(problem("cli.bad_objective", name=name, value=value))
        return options

    def cancel(self, model_id: str) -> bool:
        return self._bench.jobs.cancel(model_id)

    async def apply(self, model_id: str, value: int, *, restart: bool | None = None) -> str:
        """Write `--max-num-seqs value` into the model's vllm_args (the user's click).
        `restart` is the user's answer to "restart it now?" (the window asks, as the model
        dialog does); None restarts a running model (`vllm-tray tune --apply`). Returns the
        new vllm_args."""
        entry = self._registry.get(model_id)
        await self._check_proposed(entry.id, value)
        proposed = args_with_limit(self._registry.options(entry.id).vllm_args, value)
        if restart is None:
            info = self._supervisor.info(entry.id)
            restart = info is not None and info.state in (
                ProcessState.RUNNING,
                ProcessState.STARTING,
            )
        await self._models.update_options(entry.id, vllm_args=proposed, restart=restart)
        return proposed

    async def _check_proposed(self, model_id: str, value: int) -> None:
        """Only a value the model's last tune proposed from measured tokens per second is
        saved: a run whose stream carried no token counts proposes nothing (issue 20)."""
        records = await asyncio.to_thread(self._bench.history.load, model_id)
        last = next((r for r in reversed(records) if r.kind == "tune"), None)
        if last is not None and (uncounted := tokens_problem(model_id, last.points, tune=True)):
            raise ProblemError(uncounted)
        if last is None or (last.tune or {}).get("chosen") != value:
            raise ProblemError(problem("tune.not_proposed", model=model_id, value=value))

    async def run(
        self,
        model_id: str,
        options: TuneOptions,
        *,
        argv: Sequence[str] = (),
    ) -> TuneResult:
        """Tune through this app's own endpoint (the tune restarts the model here)."""
        options = self.check(options)
        entry = self._registry.get(model_id)
        model_id = entry.id
        endpoint = self._bench.local_endpoint()
        base_url, api_key = endpoint.url, endpoint.api_key
        self._bench.jobs.claim(model_id)
        info = self._supervisor.info(model_id)
        was_running = info is not None and info.state in (
            ProcessState.RUNNING,
            ProcessState.STARTING,
        )
        run = _Run(self._tools, model_id, options, base_url, api_key)
        try:
            result = await run.execute()
            if options.apply and result.chosen is not None:
                await self._models.update_options(model_id, vllm_args=result.proposed_args)
                result = replace(result, applied=True)
            record = BenchRecord(
                kind="tune",
                model_id=model_id,
                time=time.time(),
                argv=tuple(argv),
                engine=self._engine_info(),
                generator=run.generator_info,
                settings={
                    "requests": options.requests,
                    **options.workload.to_json(),
                    "high": options.high,
                    "base_url": base_url,
                },
                points=result.curve,
                tune=result.to_json(),
            )
            await asyncio.to_thread(self._bench.history.append, record)
        except ProblemError as exc:
            run.publish("failed", problem_=exc.problem)
            raise
        except asyncio.CancelledError:
            run.publish("cancelled")
            raise
        finally:
            try:
                await run.restore(was_running)
            finally:
                self._bench.jobs.pop(model_id, None)
        run.publish("done", chosen=result.chosen)
        return result


@dataclass(frozen=True)
class _Tools:
    """What a tune works with, handed to each run."""

    bus: EventBus
    registry: Registry
    planner: Planner
    controller: Controller
    supervisor: Supervisor
    models: ModelService
    bench: BenchService
    max_starts: int


class _Run:
    """The state of one tune: starts so far, the generator, the current curve."""

    def __init__(
        self,
        tools: _Tools,
        model_id: str,
        options: TuneOptions,
        base_url: str,
        api_key: str | None,
    ) -> None:
        self.t = tools
        self.model_id = model_id
        self.options = options
        self.base_url = base_url
        self.api_key = api_key
        self.starts = 0
        self.limit: int | None = None
        self.curve: list[BenchPoint] = []
        self.generator: LoadGenerator | None = None
        self.generator_info: dict[str, str] = {}
        self.started_any = False

    def publish(
        self,
        phase: TunePhase,
        *,
        concurrency: int | None = None,
        chosen: int | None = None,
        problem_: Any = None,
    ) -> None:
        self.t.bus.publish(
            TuneProgressed(
                model_id=self.model_id,
                phase=phase,
                start=self.starts,
                max_starts=self.t.max_starts,
                max_num_seqs=self.limit,
                concurrency=concurrency,
                points=tuple(self.curve),
                chosen=chosen,
                problem=problem_,
            )
        )

    async def start_with(self, limit: int) -> None:
        if self.starts >= self.t.max_starts:
            raise ProblemError(problem("tune.out_of_starts", n=self.t.max_starts))
        self.starts += 1
        self.limit = limit
        self.curve = []
        self.publish("starting")
        # Through the model service: it stops the model's own child and clears a given-up
        # state; the controller then starts it with the limit for this start only.
        await self.t.models.unload(self.model_id)
        self.started_any = True
        backend = await self.t.controller.load(self.model_id, extra_args=(FLAG, str(limit)))
        if limit_in(backend.command) != limit:
            # A request from elsewhere started the model as configured in between.
            raise ProblemError(problem("tune.disturbed", model=self.model_id))
        timeout = float(self.t.planner.plan_launch(self.model_id).spec.load_timeout_s)
        await warm_up(self.base_url, self.model_id, self.api_key, timeout)

    async def probe(self, phase: TunePhase, concurrency: int) -> BenchPoint:
        assert self.generator is not None
        self.publish(phase, concurrency=concurrency)
        n = requests_for(concurrency, self.options.requests)
        measured = await self.t.bench.measure(self.generator, self.model_id, concurrency, n)
        point = with_limit(measured, self.limit)
        self.curve.append(point)
        # All-zero figures would make the smallest limit look best (issue 20).
        uncounted = tokens_problem(self.model_id, [point], tune=True)
        if uncounted is not None:
            raise ProblemError(uncounted)
        self.publish(phase)
        return point

    async def execute(self) -> TuneResult:
        options = self.options
        spec = self.t.planner.plan_launch(self.model_id).spec
        current = limit_in(spec.args)
        current_args = self.t.registry.options(self.model_id).vllm_args
        await self.start_with(options.high)
        info = self.t.supervisor.info(self.model_id)
        upper = concurrency_bound(
            info.max_concurrency if info is not None else None,
            spec.ctx_size,
            options.workload.input_len + options.workload.output_len,
            options.high,
        )
        target = self.t.bench.target(self.model_id, self.base_url, self.api_key)
        self.generator = await self.t.bench.open_generator(
            target, options.workload, options.generator
        )
        self.generator_info = {"name": self.generator.name, "version": self.generator.version}
        try:
            search = KneeSearch(upper=upper, slo=options.slo)
            # Before: the model's current limit, i.e. that many requests in the batch. Measured
            # first and seeded into the search, so that it never proposes a value that
            # measured worse than what the model has now.
            before = await self.probe("before", min(current or options.high, upper))
            search.seed(before)
            while (c := search.next_concurrency()) is not None:
                search.record(await self.probe(search.phase, c))
            curve = tuple(sorted(search.points.values(), key=lambda p: p.concurrency))
            best = search.best()
            if best is None or search.knee() is None:
                raise ProblemError(
                    problem(
                        "tune.objective_unreachable",
                        ttft=options.slo.ttft_ms,
                        itl=options.slo.itl_ms,
                    )
                )
            confirmations: list[Confirmation] = []
            for value in confirmation_candidates(search)[: self.t.max_starts - 1]:
                await self.start_with(value)
                at_value = await self.probe("confirm", value)
                overload = await self.probe("confirm", min(2 * value, max(upper, value)))
                conf = Confirmation(value, at_value, overload)
                confirmations.append(conf)
                if confirmed(conf, best.tok_per_s, options.slo):
                    break
            final = choose_confirmed(confirmations, best.tok_per_s, options.slo)
        finally:
            await self.generator.close()
        chosen = final.value if final is not None else None
        return TuneResult(
            model_id=self.model_id,
            chosen=chosen,
            confirmed=final is not None and confirmed(final, best.tok_per_s, options.slo),
            starts=self.starts,
            upper=upper,
            current=current,
            before=before,
            after=final.at_value if final is not None else None,
            overload=final.overload if final is not None else None,
            curve=curve,
            confirmations=tuple(confirmations),
            current_args=current_args,
            proposed_args=args_with_limit(current_args, chosen) if chosen is not None else "",
            slo=options.slo,
        )

    async def restore(self, was_running: bool) -> None:
        """Stop the tune's child (its limit was temporary); start the model again as it is
        configured if it ran before. Runs on success, failure and cancel alike."""
        if not self.started_any:
            return
        self.publish("restoring")
        await self.t.models.unload(self.model_id)
        if was_running:
            await self.t.models.load(self.model_id)
