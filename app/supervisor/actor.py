"""One model's process actor: a single task owns the model's state; callers send it messages.

Every message is handled synchronously by `_handle` (no awaits), so no two handlers ever
interleave; slow work (spawning, waiting for /health, stopping) runs in helper tasks that only
post messages back. Each child incarnation has a generation number and messages of an older
generation are dropped, so a late "ready" can never revive a stopped model. `_transition` is the
only place the state changes: it checks TRANSITIONS, publishes ProcessStateChanged, and on
every settled state wakes the callers waiting for readiness.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from app.core.contracts import CHILD_HOST, LaunchSpec
from app.core.events import ProcessStateChanged
from app.core.problems import Problem, ProblemError
from app.core.states import ALIVE, SETTLED, ProcessState, can_transition
from app.supervisor import diagnosis
from app.supervisor.actor_sleep import SleepingActor, SleepPhase
from app.supervisor.answers import fail_all, reject, resolve
from app.supervisor.output import OutputLog
from app.supervisor.progress import LoadReport
from app.supervisor.protocol import (
    ActorConfig,
    BackoffOver,
    Exited,
    LaunchFailed,
    Msg,
    ProcessInfo,
    Ready,
    Reset,
    Sleep,
    SleepFailed,
    Slept,
    Start,
    Stop,
    Stopped,
    WakeFailed,
    Woke,
)
from app.supervisor.runner import ChildRunner

log = logging.getLogger(__name__)

S = ProcessState


def _slug(model_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", model_id)


class ModelActor(SleepingActor):
    def __init__(self, model_id: str, cfg: ActorConfig) -> None:
        self.model_id = model_id
        self.cfg = cfg
        self.state = S.STOPPED
        self.output = OutputLog(model_id, cfg.logs_dir / f"{_slug(model_id)}.log", cfg.bus)
        self._loop = asyncio.get_running_loop()
        self._inbox: asyncio.Queue[Msg] = asyncio.Queue()
        self._gen = 0
        self._spec: LaunchSpec | None = None
        self._runner: ChildRunner | None = None
        self._pid: int | None = None
        self._started_at: float | None = None
        self._ready_at: float | None = None
        self._problem: Problem | None = None
        self._report: LoadReport | None = None  # the progress of the latest start
        # Callers waiting for the start in progress; those of a start a stop aborted.
        self._waiters: list[asyncio.Future[ProcessInfo]] = []
        self._aborted: list[asyncio.Future[ProcessInfo]] = []
        self._stop_waiters: list[asyncio.Future[None]] = []
        self._pending: LaunchSpec | None = None  # what to start once the way is clear
        self._failures = 0  # failed starts and crashes in a row
        self._restarts = 0  # starts after a failure, since the last stop or reset
        self._failed_spec: LaunchSpec | None = None
        self._not_before = 0.0  # loop time before which no new start begins
        self._timer: asyncio.TimerHandle | None = None
        self._shutting_down = False
        self._abort = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._launch_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self._init_sleep()
        self._task = self._loop.create_task(self._run(), name=f"actor:{model_id}")

    # ---- the public side: post a message, await its future --------------------------------

    async def start(self, spec: LaunchSpec) -> ProcessInfo:
        fut: asyncio.Future[ProcessInfo] = self._loop.create_future()
        self._inbox.put_nowait(Start(spec, fut))
        return await fut

    async def stop(self, *, shutdown: bool = False) -> None:
        fut: asyncio.Future[None] = self._loop.create_future()
        self._inbox.put_nowait(Stop(fut, shutdown))
        await fut

    async def reset(self) -> None:
        fut: asyncio.Future[None] = self._loop.create_future()
        self._inbox.put_nowait(Reset(fut))
        await fut

    def info(self) -> ProcessInfo:
        runner = self._runner
        parser = self._report.parser if self._report is not None else None
        port = runner.port if runner is not None and self.state in ALIVE else None
        return ProcessInfo(
            model_id=self.model_id,
            state=self.state,
            pid=self._pid,
            port=port,
            base_url=f"http://{CHILD_HOST}:{port}" if port else None,
            argv=runner.argv if runner is not None else (),
            started_at=self._started_at,
            problem=self._problem,
            last_progress=self._report.last if self._report is not None else None,
            kv_cache_tokens=parser.kv_cache_tokens if parser else None,
            max_concurrency=parser.max_concurrency if parser else None,
            log_path=self.output.path,
            failures=self._failures,
            restarts=self._restarts,
            next_retry_at=self._next_retry_at(),
            api_key=runner.api_key if runner is not None and self.state in ALIVE else None,
            sleep=self._sleep_report if self.state is S.SLEEPING else None,
        )

    def refusal(self, spec: LaunchSpec) -> Problem | None:
        """The problem a start with `spec` would be refused with at once (given up on)."""
        if self.state is S.FATAL and spec == self._failed_spec:
            return self._problem
        return None

    async def close(self) -> None:
        """End the actor's task (after a shutdown) and release its log file."""
        self._task.cancel()
        for task in (self._task, *self._tasks):
            task.cancel()
        await asyncio.gather(self._task, *self._tasks, return_exceptions=True)
        self.output.close()

    # ---- the loop -------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            msg = await self._inbox.get()
            try:
                self._handle(msg)
            except Exception as exc:
                # A bug in a handler must not leave anyone waiting for ever: the caller of
                # this message and everyone waiting for readiness get the error now.
                log.exception("%s: handling %s failed", self.model_id, type(msg).__name__)
                self._fail_everyone(msg, exc)

    def _fail_everyone(self, msg: Msg, exc: Exception) -> None:
        error = ProblemError(diagnosis.internal_error(self.model_id))
        error.__cause__ = exc
        if isinstance(msg, Start | Stop | Reset | Sleep):
            reject(msg.fut, error)
        waiting: list[asyncio.Future[Any]] = [
            *self._waiters,
            *self._aborted,
            *self._stop_waiters,
            *self._sleep_waiters,
        ]
        self._waiters, self._aborted, self._stop_waiters = [], [], []
        self._sleep_waiters = []
        for waiter in waiting:
            reject(waiter, error)

    def _post(self, msg: Msg) -> None:
        self._inbox.put_nowait(msg)

    def _spawn_task(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = self._loop.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _handle(self, msg: Msg) -> None:  # noqa: C901 — the actor's dispatch: one case per message type
        match msg:
            case Start():
                self._on_start(msg)
            case Stop():
                self._on_stop(msg)
            case Reset():
                self._on_reset(msg)
            case Sleep():
                self._on_sleep(msg)
            case BackoffOver():
                self._timer = None
                if self._waiters and self._pending is not None and self.state not in ALIVE:
                    self._begin_start()
            case _ if msg.gen != self._gen:
                pass  # a message about an earlier child: that story is over
            case Ready():
                if self.state is S.STARTING:
                    self._on_ready()
            case LaunchFailed():
                if self.state is S.STARTING:
                    self._on_launch_failed(msg)
            case Exited():
                if self.state in (S.RUNNING, S.SLEEPING):
                    self._on_exited(msg)
            case Stopped():
                if self.state is S.STOPPING:
                    self._on_stopped()
            case Slept():
                if self.state is S.SLEEPING and self._sleep_phase is SleepPhase.FALLING:
                    self._on_slept(msg)
            case SleepFailed():
                if self.state is S.SLEEPING and self._sleep_phase is SleepPhase.FALLING:
                    self._on_sleep_failed(msg.problem)
            case Woke():
                if self.state is S.SLEEPING and self._sleep_phase is SleepPhase.WAKING:
                    self._on_woke()
            case WakeFailed():
                if self.state is S.SLEEPING and self._sleep_phase is SleepPhase.WAKING:
                    self._on_wake_failed(msg)

    def _transition(
        self, new: ProcessState, problem: Problem | None = None, *, user: bool = False
    ) -> None:
        old = self.state
        if not can_transition(old, new):
            raise RuntimeError(f"{self.model_id}: {old} → {new} is not an allowed transition")
        self.state = new
        self._problem = problem
        runner = self._runner
        # The event names the child it is about, also the one that just ended.
        port = runner.port if runner is not None and (old in ALIVE or new in ALIVE) else None
        self.cfg.bus.publish(
            ProcessStateChanged(
                model_id=self.model_id,
                old=old,
                new=new,
                pid=self._pid,
                port=port,
                problem=problem,
                user_initiated=user,
            )
        )
        if new not in ALIVE:
            self._pid = None
        if new not in (S.SLEEPING, S.STOPPING):
            self._answer_sleepers()
        if new in SETTLED:
            self._wake()

    def _wake(self) -> None:
        """Every settled state answers everyone waiting for the start it concerns."""
        if self.state is S.STOPPED:
            aborted, self._aborted = self._aborted, []
            error = ProblemError(diagnosis.cancelled(self.model_id))
            fail_all(aborted, error)
            stop_waiters, self._stop_waiters = self._stop_waiters, []
            for stopped in stop_waiters:
                resolve(stopped, None)
            return  # remaining waiters asked for a start after the stop: _on_stopped serves them
        waiters, self._waiters = self._waiters, []
        if self.state is S.RUNNING:
            info = self.info()
            for fut in waiters:
                resolve(fut, info)
        else:
            assert self._problem is not None
            fail_all(waiters, ProblemError(self._problem))

    # ---- handlers -------------------------------------------------------------------------

    def _on_start(self, msg: Start) -> None:
        if self._shutting_down:
            reject(msg.fut, ProblemError(diagnosis.shutting_down(self.model_id)))
            return
        state = self.state
        if state is S.RUNNING:
            resolve(msg.fut, self.info())
            return
        if state is S.STARTING:
            self._waiters.append(msg.fut)  # concurrent starts share one process
            return
        if state is S.SLEEPING:
            self._start_while_sleeping(msg.spec, msg.fut)
            return
        if state is S.FATAL and msg.spec == self._failed_spec:
            # Given up on: answered at once, until reset() or a changed spec.
            assert self._problem is not None
            reject(msg.fut, ProblemError(self._problem))
            return
        self._waiters.append(msg.fut)
        self._pending = msg.spec
        if state is S.STOPPING:
            return  # started once the stop finishes
        if msg.spec != self._failed_spec and self._failed_spec is not None:
            # A different spec (changed options, another engine, an applied fix) deserves a
            # fresh, immediate try.
            log.info("%s: options changed; starting afresh", self.model_id)
            self._clear_failures()
        delay = self._not_before - self._loop.time()
        if delay > 0:
            log.info("%s: next start in %.1f s (backing off)", self.model_id, delay)
            if self._timer is None:
                self._timer = self._loop.call_later(delay, self._post, BackoffOver())
            return
        self._begin_start()

    def _begin_start(self) -> None:
        spec, self._pending = self._pending, None
        assert spec is not None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.state in (S.BACKOFF, S.EXITED, S.FATAL):
            self._restarts += 1
            log.warning(
                "%s: restarting (restart %d; %d failure(s) in a row so far)",
                self.model_id,
                self._restarts,
                self._failures,
            )
        self._gen += 1
        gen = self._gen
        self._spec = spec
        self._pid = None
        self._started_at, self._ready_at = time.time(), None
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
        self._transition(S.STARTING)
        report.spawned()
        self._launch_task = self._spawn_task(
            self._runner.launch(self._abort), f"launch:{self.model_id}"
        )

    def _record_path(self, gen: int, attempt: int) -> Path:
        name = f"child-{_slug(self.model_id)}-{os.getpid()}-{gen}-{attempt}.json"
        return self.cfg.state_dir / name

    def _on_ready(self) -> None:
        runner = self._runner
        report = self._report
        assert runner is not None and runner.child is not None and report is not None
        child = runner.child
        self._pid = child.engine_pid() or child.pid
        self._ready_at = time.monotonic()
        took = report.ready()
        self._spawn_task(asyncio.to_thread(report.record, took), f"load-time:{self.model_id}")
        self._transition(S.RUNNING)
        self._watch_task = self._spawn_task(runner.watch(), f"watch:{self.model_id}")

    def _on_launch_failed(self, msg: LaunchFailed) -> None:
        self._failures += 1
        self._failed_spec = self._spec
        self._forget_child()
        if msg.permanent:
            # It fails the same way every time: say what is wrong, not "gave up".
            log.warning("%s: start failed (%s); not retrying", self.model_id, msg.problem.code)
            self._transition(S.FATAL, msg.problem)
        elif self._failures >= self.cfg.max_failures:
            self._give_up(msg.problem, crashed=False)
        else:
            backoff = self._backoff()
            self._not_before = self._loop.time() + backoff
            log.warning(
                "%s: start failed (%s), %d of %d in a row; the next start waits %.1f s",
                self.model_id,
                msg.problem.code,
                self._failures,
                self.cfg.max_failures,
                backoff,
            )
            self._transition(S.BACKOFF, msg.problem)

    def _on_exited(self, msg: Exited) -> None:
        stable = self._ready_at is not None and (
            time.monotonic() - self._ready_at >= self.cfg.stable_after_s
        )
        # A child that ran a good while and then crashed starts a new count.
        self._failures = 1 if stable else self._failures + 1
        self._failed_spec = self._spec
        backoff = self._backoff() if self._failures > 1 else 0.0
        self._not_before = self._loop.time() + backoff
        self._forget_child()
        log.warning(
            "%s: the engine exited while running (%s), %d failure(s) in a row",
            self.model_id,
            msg.problem.code,
            self._failures,
        )
        self._transition(S.EXITED, msg.problem)
        if self._failures >= self.cfg.max_failures:
            # Given up at once: the next request must not wait out a backoff to hear it.
            self._give_up(msg.problem, crashed=True)

    def _give_up(self, last: Problem, *, crashed: bool) -> None:
        log.error(
            "%s: giving up after %d %s in a row (last: %s); load it again to retry",
            self.model_id,
            self._failures,
            "crashes" if crashed else "failed starts",
            last.code,
        )
        self._not_before = 0.0
        self._transition(
            S.FATAL, diagnosis.given_up(self.model_id, self._failures, last, crashed=crashed)
        )

    def _on_stop(self, msg: Stop) -> None:
        if msg.shutdown:
            self._shutting_down = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._pending = None
        # Whoever waited for a start that this stop prevents is told so at STOPPED.
        self._aborted.extend(self._waiters)
        self._waiters.clear()
        state = self.state
        if state in (S.STARTING, S.RUNNING, S.SLEEPING):
            self._stop_waiters.append(msg.fut)
            self._end_sleep()
            self._transition(S.STOPPING, user=True)
            self._abort.set()
            if self._watch_task is not None:
                self._watch_task.cancel()
            self._spawn_task(self._stop_child(self._gen), f"stop:{self.model_id}")
        elif state is S.STOPPING:
            self._stop_waiters.append(msg.fut)
        elif state in (S.BACKOFF, S.EXITED, S.FATAL):
            # Nothing runs; a user's stop (Unload) clears the failure and is a real STOPPED.
            self._stop_waiters.append(msg.fut)
            self._clear_failures()
            self._transition(S.STOPPED, user=True)
        else:  # STOPPED
            fail_all(self._aborted, ProblemError(diagnosis.cancelled(self.model_id)))
            self._aborted.clear()
            resolve(msg.fut, None)

    def _on_stopped(self) -> None:
        self._forget_child()
        self._clear_failures()
        self._transition(S.STOPPED, user=True)
        if self._waiters and self._pending is not None:
            self._begin_start()

    def _on_reset(self, msg: Reset) -> None:
        if self.state in (S.FATAL, S.BACKOFF, S.EXITED):
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._aborted.extend(self._waiters)
            self._waiters.clear()
            self._pending = None
            self._clear_failures()
            self._transition(S.STOPPED, user=True)
        resolve(msg.fut, None)

    def _clear_failures(self) -> None:
        self._failures, self._restarts, self._failed_spec, self._not_before = 0, 0, None, 0.0

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

    # ---- output and progress ----------------------------------------------------------------

    def _on_line(self, gen: int, line: str) -> None:
        self.output.line(line)
        if gen != self._gen:
            return
        runner = self._runner
        child = runner.child if runner is not None else None
        if child is not None and self._pid in (None, child.pid):
            # The engine has started (it prints): report its pid rather than the watchdog's.
            self._pid = child.engine_pid() or child.pid
        if self.state is S.STARTING and self._report is not None:
            self._report.line(line)

    def _heartbeat(self, gen: int) -> None:
        if gen == self._gen and self.state is S.STARTING and self._report is not None:
            self._report.heartbeat()

    def _forget_child(self) -> None:
        self._launch_task = self._watch_task = None
        self._end_sleep()

    def _backoff(self) -> float:
        return float(
            min(self.cfg.backoff_max_s, self.cfg.backoff_s * 2 ** max(0, self._failures - 1))
        )

    def _next_retry_at(self) -> float | None:
        if self.state not in (S.BACKOFF, S.EXITED):
            return None
        wait = self._not_before - self._loop.time()
        return time.time() + wait if wait > 0 else None

    @property
    def port(self) -> int | None:
        runner = self._runner
        return runner.port if runner is not None and self.state in ALIVE else None
