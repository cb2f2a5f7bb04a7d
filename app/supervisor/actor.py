"""One model's process actor: a single task owns the model's state; callers send it messages.

The actor is a loop: it takes one message at a time from its inbox, asks the transition table
(transitions.py, pure) for the new state and the effects, and performs them in order — the
only code here that publishes, answers callers or touches the child. No handler awaits, so no
two transitions ever interleave; slow work (spawning, waiting for /health, stopping, sleeping)
runs in helper tasks that only post messages back. The child side — its runner, pid, load
report and helper tasks — lives here; the decisions about it live in the table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import re
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, assert_never

from app.core.contracts import CHILD_HOST, LaunchSpec
from app.core.events import ProcessStateChanged
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ALIVE, ProcessState
from app.supervisor import diagnosis
from app.supervisor.actor_state import (
    ActorState,
    Announce,
    ArmTimer,
    CancelTimer,
    ChildReady,
    Context,
    Effect,
    EndSleep,
    FallAsleep,
    ForgetChild,
    Launch,
    Log,
    NewChild,
    Policy,
    Reject,
    Repost,
    Resolve,
    ResolveInfo,
    StopChild,
    Wake,
    Watch,
)
from app.supervisor.answers import fail_all, reject, resolve
from app.supervisor.output import OutputLog
from app.supervisor.progress import LoadReport
from app.supervisor.protocol import (
    ActorConfig,
    BackoffOver,
    Msg,
    ProcessInfo,
    Reset,
    Sleep,
    Start,
    Stop,
    Stopped,
    TurnDone,
)
from app.supervisor.runner import ChildRunner
from app.supervisor.sleep import SleepReport
from app.supervisor.transitions import step, waiting

log = logging.getLogger(__name__)

S = ProcessState


def _slug(model_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", model_id)


class ModelActor:
    def __init__(self, model_id: str, cfg: ActorConfig) -> None:
        self.model_id = model_id
        self.cfg = cfg
        self.output = OutputLog(model_id, cfg.logs_dir / f"{_slug(model_id)}.log", cfg.bus)
        self._loop = asyncio.get_running_loop()
        self._inbox: asyncio.Queue[Msg] = asyncio.Queue()
        self._s = ActorState(model_id)
        self._policy = Policy.of(cfg)
        # The child side, which the effects create and `info()` reads.
        self._runner: ChildRunner | None = None
        self._pid: int | None = None
        self._started_at: float | None = None
        self._report: LoadReport | None = None  # the progress of the latest start
        self._abort = asyncio.Event()
        self._timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._launch_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self._sleep_task: asyncio.Task[None] | None = None
        self._task = self._loop.create_task(self._run(), name=f"actor:{model_id}")

    @property
    def state(self) -> ProcessState:
        return self._s.state

    # ---- the public side: post a message, await its future --------------------------------

    async def start(self, spec: LaunchSpec) -> ProcessInfo:
        fut: asyncio.Future[ProcessInfo] = self._loop.create_future()
        self._post(Start(spec, fut))
        return await fut

    async def stop(self, *, shutdown: bool = False) -> None:
        fut: asyncio.Future[None] = self._loop.create_future()
        self._post(Stop(fut, shutdown))
        await fut

    async def reset(self) -> None:
        fut: asyncio.Future[None] = self._loop.create_future()
        self._post(Reset(fut))
        await fut

    async def sleep(self, planned_bytes: int) -> SleepReport:
        """Put the model aside: asleep if that frees its memory here, else stopped."""
        fut: asyncio.Future[SleepReport] = self._loop.create_future()
        self._post(Sleep(planned_bytes, fut))
        return await fut

    def info(self) -> ProcessInfo:
        s, runner = self._s, self._runner
        parser = self._report.parser if self._report is not None else None
        port = runner.port if runner is not None and s.state in ALIVE else None
        return ProcessInfo(
            model_id=self.model_id,
            state=s.state,
            pid=self._pid,
            port=port,
            base_url=f"http://{CHILD_HOST}:{port}" if port else None,
            argv=runner.argv if runner is not None else (),
            started_at=self._started_at,
            problem=s.problem,
            last_progress=self._report.last if self._report is not None else None,
            kv_cache_tokens=parser.kv_cache_tokens if parser else None,
            max_concurrency=parser.max_concurrency if parser else None,
            log_path=self.output.path,
            failures=s.failures,
            restarts=s.restarts,
            next_retry_at=self._next_retry_at(),
            api_key=runner.api_key if runner is not None and s.state in ALIVE else None,
            sleep=s.sleep_report if s.state is S.SLEEPING else None,
        )

    def refusal(self, spec: LaunchSpec) -> Problem | None:
        """The problem a start with `spec` would be refused with at once (given up on)."""
        if self._s.state is S.FATAL and spec == self._s.failed_spec:
            return self._s.problem
        return None

    def may_sleep(self) -> bool:
        """Whether a sleep would be tried: started with sleep mode, on a build and GPU not
        known to free nothing that way."""
        return self._s.state in (S.RUNNING, S.SLEEPING) and self._verdicts_allow_sleep()

    def sleep_known_to_work(self) -> bool:
        spec, verdicts = self._s.spec, self.cfg.sleep_verdicts
        if spec is None or spec.sleep is None or verdicts is None:
            return False
        return verdicts.known_to_work(spec.sleep.verdict_key)

    def _verdicts_allow_sleep(self) -> bool:
        spec, verdicts = self._s.spec, self.cfg.sleep_verdicts
        if spec is None or spec.sleep is None or verdicts is None:
            return False
        return verdicts.may_sleep(spec.sleep.verdict_key)

    async def close(self) -> None:
        """End the actor's task (after a shutdown) and release its log file."""
        self._task.cancel()
        for task in (self._task, *self._tasks):
            task.cancel()
        await asyncio.gather(self._task, *self._tasks, return_exceptions=True)
        self.output.close()

    async def settled(self) -> None:
        """Return once nothing is left to happen by itself: every message handled and no
        helper task running that could post one — a running child's health watch (it posts
        only if the child dies) and a back-off timer (it only ends the wait) aside."""
        while True:
            await self._inbox.join()
            busy = {t for t in self._tasks if t is not self._watch_task}
            if not busy:
                return
            await asyncio.wait(busy)

    @property
    def port(self) -> int | None:
        runner = self._runner
        return runner.port if runner is not None and self._s.state in ALIVE else None

    # ---- the loop -------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            msg = await self._inbox.get()
            try:
                self._turn(msg)
            except Exception as exc:
                # A bug in a transition must not leave anyone waiting for ever: the caller of
                # this message and everyone waiting for readiness get the error now.
                log.exception("%s: handling %s failed", self.model_id, type(msg).__name__)
                self._fail_everyone(msg, exc)
            self._inbox.task_done()
            self._tell_observers(msg)

    def _tell_observers(self, msg: Msg) -> None:
        if not self.cfg.turn_observers:
            return
        done = TurnDone(self.model_id, msg, self._s.state)
        for observer in tuple(self.cfg.turn_observers):
            try:
                observer(done)
            except Exception:  # an observer's bug must not stop the actor
                log.exception("%s: a turn observer failed", self.model_id)

    def _turn(self, msg: Msg) -> None:
        ctx = Context(self._loop.time(), self._policy, self._verdicts_allow_sleep())
        self._s, effects = step(self._s, msg, ctx)
        for effect in effects:
            self._perform(effect)

    def _fail_everyone(self, msg: Msg, exc: Exception) -> None:
        error = ProblemError(diagnosis.internal_error(self.model_id))
        error.__cause__ = exc
        if isinstance(msg, Start | Stop | Reset | Sleep):
            reject(msg.fut, error)
        owed = waiting(self._s)
        self._s = dataclasses.replace(
            self._s, waiters=(), aborted=(), stop_waiters=(), sleep_waiters=()
        )
        fail_all(owed, error)

    def _post(self, msg: Msg) -> None:
        self._inbox.put_nowait(msg)

    def _spawn_task(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = self._loop.create_task(coro, name=f"{name}:{self.model_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- performing the effects, in the order the transition listed them ------------------

    def _perform(self, effect: Effect) -> None:  # noqa: C901 — the loop's dispatch: one case per effect type
        match effect:
            case Announce():
                self._announce(effect)
            case Resolve():
                for fut in effect.futures:
                    resolve(fut, effect.value)
            case ResolveInfo():
                info = self.info()
                for fut in effect.futures:
                    resolve(fut, info)
            case Reject():
                fail_all(effect.futures, ProblemError(effect.problem))
            case ArmTimer():
                self._timer = self._loop.call_later(effect.delay, self._post, BackoffOver())
            case CancelTimer():
                if self._timer is not None:
                    self._timer.cancel()
                    self._timer = None
            case NewChild():
                self._new_child(effect.gen, effect.spec)
            case Launch():
                self._launch()
            case ChildReady():
                self._child_ready()
            case Watch():
                assert self._runner is not None
                self._watch_task = self._spawn_task(self._runner.watch(), "watch")
            case StopChild():
                self._abort.set()
                if self._watch_task is not None:
                    self._watch_task.cancel()
                self._spawn_task(self._stop_child(effect.gen), "stop")
            case ForgetChild():
                self._launch_task = self._watch_task = None
            case EndSleep():
                if self._sleep_task is not None:
                    self._sleep_task.cancel()
                self._sleep_task = None
            case FallAsleep():
                assert self._runner is not None
                coro = self._runner.fall_asleep(effect.planned_bytes)
                self._sleep_task = self._spawn_task(coro, "sleep")
            case Wake():
                assert self._runner is not None
                self._sleep_task = self._spawn_task(self._runner.wake(effect.level), "wake")
            case Repost():
                for msg in effect.messages:
                    self._post(msg)
            case Log():
                log.log(effect.level, effect.message, *effect.args)
            case _:
                assert_never(effect)

    def _announce(self, change: Announce) -> None:
        runner = self._runner
        # The event names the child it is about, also the one that just ended.
        alive = change.old in ALIVE or change.new in ALIVE
        self.cfg.bus.publish(
            ProcessStateChanged(
                model_id=self.model_id,
                old=change.old,
                new=change.new,
                pid=self._pid,
                port=runner.port if runner is not None and alive else None,
                problem=change.problem,
                user_initiated=change.user,
            )
        )
        if change.new not in ALIVE:
            self._pid = None

    def _new_child(self, gen: int, spec: LaunchSpec) -> None:
        self._pid = None
        self._started_at = time.time()
        report = LoadReport(self.model_id, spec, self.cfg.bus, self.cfg.load_times)
        self._report = report
        self.output.clear()  # a diagnosis must read this child's lines, not the last one's
        self._abort = asyncio.Event()
        self._runner = ChildRunner(
            self.model_id,
            gen,
            spec,
            self.cfg,
            self.output,
            post=self._post,
            on_line=self._on_line,
            phase=lambda: report.parser.phase,
            record_path=lambda attempt: self._record_path(gen, attempt),
            heartbeat=self._heartbeat,
        )

    def _launch(self) -> None:
        assert self._runner is not None and self._report is not None
        self._report.spawned()
        self._launch_task = self._spawn_task(self._runner.launch(self._abort), "launch")

    def _child_ready(self) -> None:
        runner, report = self._runner, self._report
        assert runner is not None and runner.child is not None and report is not None
        child = runner.child
        self._pid = child.engine_pid() or child.pid
        took = report.ready()
        self._spawn_task(asyncio.to_thread(report.record, took), "load-time")

    def _record_path(self, gen: int, attempt: int) -> Path:
        name = f"child-{_slug(self.model_id)}-{os.getpid()}-{gen}-{attempt}.json"
        return self.cfg.state_dir / name

    # ---- helper tasks (they post messages) -------------------------------------------------

    async def _stop_child(self, gen: int) -> None:
        try:
            if self._launch_task is not None:
                # It notices the abort within one health interval; a spawn in flight finishes.
                await asyncio.wait({self._launch_task})
            if self._runner is not None:
                await self._runner.stop()
        finally:
            self._post(Stopped(gen))

    # ---- output and progress (called by the runner, not through the inbox) ------------------

    def _on_line(self, gen: int, line: str) -> None:
        self.output.line(line)
        if gen != self._s.gen:
            return
        runner = self._runner
        child = runner.child if runner is not None else None
        if child is not None and self._pid in (None, child.pid):
            # The engine has started (it prints): report its pid rather than the watchdog's.
            self._pid = child.engine_pid() or child.pid
        if self._s.state is S.STARTING and self._report is not None:
            self._report.line(line)

    def _heartbeat(self, gen: int) -> None:
        if gen == self._s.gen and self._s.state is S.STARTING and self._report is not None:
            self._report.heartbeat()

    def _next_retry_at(self) -> float | None:
        if self._s.state not in (S.BACKOFF, S.EXITED):
            return None
        wait = self._s.not_before - self._loop.time()
        return time.time() + wait if wait > 0 else None
