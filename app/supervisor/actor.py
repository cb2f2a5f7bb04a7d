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
from typing import Any, TypeVar

import httpx

from app.core.contracts import CHILD_HOST, LaunchSpec
from app.core.events import LoadProgressed, ProcessStateChanged
from app.core.problems import Problem, ProblemError
from app.core.states import ALIVE, SETTLED, ProcessState, can_transition
from app.supervisor import diagnosis
from app.supervisor.child import ChildProcess, check_engine, child_env, healthy
from app.supervisor.logparse import LoadProgressParser
from app.supervisor.output import OutputLog
from app.supervisor.ports import free_port
from app.supervisor.protocol import (
    ActorConfig,
    BackoffOver,
    Exited,
    LaunchFailed,
    Msg,
    ProcessInfo,
    Ready,
    Reset,
    Start,
    Stop,
    Stopped,
)

log = logging.getLogger(__name__)

S = ProcessState
T = TypeVar("T")


def _slug(model_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", model_id)


class ModelActor:
    def __init__(self, model_id: str, cfg: ActorConfig) -> None:
        self.model_id = model_id
        self.cfg = cfg
        self.state = S.STOPPED
        self.output = OutputLog(model_id, cfg.logs_dir / f"{_slug(model_id)}.log", cfg.bus)
        self._loop = asyncio.get_running_loop()
        self._inbox: asyncio.Queue[Msg] = asyncio.Queue()
        self._gen = 0
        self._spec: LaunchSpec | None = None
        self._argv: tuple[str, ...] = ()
        self._child: ChildProcess | None = None
        self._port: int | None = None
        self._pid: int | None = None
        self._started_at: float | None = None
        self._ready_at: float | None = None
        self._problem: Problem | None = None
        self._parser: LoadProgressParser | None = None
        self._last_progress: LoadProgressed | None = None
        # Callers waiting for the start in progress; those of a start a stop aborted.
        self._waiters: list[asyncio.Future[ProcessInfo]] = []
        self._aborted: list[asyncio.Future[ProcessInfo]] = []
        self._stop_waiters: list[asyncio.Future[None]] = []
        self._pending: LaunchSpec | None = None  # what to start once the way is clear
        self._failures = 0
        self._failed_spec: LaunchSpec | None = None
        self._not_before = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._shutting_down = False
        self._abort = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._launch_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
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
        parser = self._parser
        return ProcessInfo(
            model_id=self.model_id,
            state=self.state,
            pid=self._pid,
            port=self._port,
            base_url=f"http://{CHILD_HOST}:{self._port}" if self._port else None,
            argv=self._argv,
            started_at=self._started_at,
            problem=self._problem,
            last_progress=self._last_progress,
            kv_cache_tokens=parser.kv_cache_tokens if parser else None,
            max_concurrency=parser.max_concurrency if parser else None,
            log_path=self.output.path,
            failures=self._failures,
        )

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
            except Exception:
                log.exception("%s: handling %s failed", self.model_id, type(msg).__name__)

    def _post(self, msg: Msg) -> None:
        self._inbox.put_nowait(msg)

    def _spawn_task(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = self._loop.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _handle(self, msg: Msg) -> None:
        match msg:
            case Start():
                self._on_start(msg)
            case Stop():
                self._on_stop(msg)
            case Reset():
                self._on_reset(msg)
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
                if self.state is S.RUNNING:
                    self._on_exited(msg)
            case Stopped():
                if self.state is S.STOPPING:
                    self._on_stopped()

    def _transition(
        self, new: ProcessState, problem: Problem | None = None, *, user: bool = False
    ) -> None:
        old = self.state
        if not can_transition(old, new):
            raise RuntimeError(f"{self.model_id}: {old} → {new} is not an allowed transition")
        self.state = new
        self._problem = problem
        self.cfg.bus.publish(
            ProcessStateChanged(
                model_id=self.model_id,
                old=old,
                new=new,
                pid=self._pid,
                port=self._port,
                problem=problem,
                user_initiated=user,
            )
        )
        if new not in ALIVE:
            self._pid = self._port = None  # the event above still names the process that ended
        if new in SETTLED:
            self._wake()

    def _wake(self) -> None:
        """Every settled state answers everyone waiting for the start it concerns."""
        if self.state is S.STOPPED:
            aborted, self._aborted = self._aborted, []
            error = ProblemError(diagnosis.cancelled(self.model_id))
            _fail_all(aborted, error)
            stop_waiters, self._stop_waiters = self._stop_waiters, []
            for stopped in stop_waiters:
                _resolve(stopped, None)
            return  # remaining waiters asked for a start after the stop: _on_stopped serves them
        waiters, self._waiters = self._waiters, []
        if self.state is S.RUNNING:
            info = self.info()
            for fut in waiters:
                _resolve(fut, info)
        else:
            assert self._problem is not None
            _fail_all(waiters, ProblemError(self._problem))

    # ---- handlers -------------------------------------------------------------------------

    def _on_start(self, msg: Start) -> None:
        if self._shutting_down:
            _reject(msg.fut, ProblemError(diagnosis.shutting_down(self.model_id)))
            return
        state = self.state
        if state is S.RUNNING:
            _resolve(msg.fut, self.info())
            return
        if state is S.STARTING:
            self._waiters.append(msg.fut)  # concurrent starts share one process
            return
        if state is S.FATAL and msg.spec == self._failed_spec:
            assert self._problem is not None
            _reject(msg.fut, ProblemError(self._problem))  # until reset(), or a changed spec
            return
        self._waiters.append(msg.fut)
        self._pending = msg.spec
        if state is S.STOPPING:
            return  # started once the stop finishes
        if msg.spec != self._failed_spec:
            # A different spec (the user applied a fix) deserves a fresh, immediate try.
            self._failures, self._not_before = 0, 0.0
        delay = self._not_before - self._loop.time()
        if delay > 0:
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
        if self.state is S.EXITED and self._failures >= self.cfg.max_failures:
            # Crashed too often: the table reaches FATAL only through a start.
            problem = self._problem
            assert problem is not None
            self._transition(S.STARTING)
            self._transition(S.FATAL, problem)
            return
        self._gen += 1
        self._spec = spec
        self._argv = ()
        self._pid = self._port = None
        self._started_at, self._ready_at = time.time(), None
        self._parser = LoadProgressParser(self.model_id)
        self.output.clear()  # a diagnosis must read this child's lines, not the last one's
        self._abort = asyncio.Event()
        self._transition(S.STARTING)
        self._emit_progress(self._parser.spawned())
        self._launch_task = self._spawn_task(
            self._launch(self._gen, spec, self._abort), f"launch:{self.model_id}"
        )

    def _on_ready(self) -> None:
        child = self._child
        assert child is not None and self._parser is not None
        self._pid = child.engine_pid() or child.pid
        self._ready_at = time.monotonic()
        self._emit_progress(self._parser.ready())
        self._transition(S.RUNNING)
        self._watch_task = self._spawn_task(self._watch(self._gen, child), f"watch:{self.model_id}")

    def _on_launch_failed(self, msg: LaunchFailed) -> None:
        self._failures += 1
        self._failed_spec = self._spec
        self._forget_child()
        if msg.permanent or self._failures >= self.cfg.max_failures:
            self._transition(S.FATAL, msg.problem)
        else:
            self._not_before = self._loop.time() + self._backoff()
            self._transition(S.BACKOFF, msg.problem)

    def _on_exited(self, msg: Exited) -> None:
        stable = self._ready_at is not None and (
            time.monotonic() - self._ready_at >= self.cfg.stable_after_s
        )
        # A child that ran a good while and then crashed starts a new count.
        self._failures = 1 if stable else self._failures + 1
        self._failed_spec = self._spec
        self._not_before = self._loop.time() + self._backoff() if self._failures > 1 else 0.0
        self._forget_child()
        self._transition(S.EXITED, msg.problem)

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
        if state in (S.STARTING, S.RUNNING):
            self._stop_waiters.append(msg.fut)
            self._transition(S.STOPPING, user=True)
            self._abort.set()
            if self._watch_task is not None:
                self._watch_task.cancel()
            self._spawn_task(self._stop_child(self._gen), f"stop:{self.model_id}")
        elif state is S.STOPPING:
            self._stop_waiters.append(msg.fut)
        elif state in (S.BACKOFF, S.EXITED):
            self._stop_waiters.append(msg.fut)
            self._failures, self._failed_spec, self._not_before = 0, None, 0.0
            self._transition(S.STOPPED, user=True)
        else:  # STOPPED, or FATAL which only reset() clears
            _fail_all(self._aborted, ProblemError(diagnosis.cancelled(self.model_id)))
            self._aborted.clear()
            _resolve(msg.fut, None)

    def _on_stopped(self) -> None:
        self._forget_child()
        self._failures, self._failed_spec, self._not_before = 0, None, 0.0
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
            self._failures, self._failed_spec, self._not_before = 0, None, 0.0
            self._transition(S.STOPPED, user=True)
        _resolve(msg.fut, None)

    # ---- helper tasks (they post messages; only `_child`, `_port`, `_argv` are theirs) -----

    async def _launch(self, gen: int, spec: LaunchSpec, abort: asyncio.Event) -> None:
        try:
            await self._launch_child(gen, spec, abort)
        except Exception as exc:
            # A bug or an odd OS error must not leave the model STARTING forever.
            log.exception("%s: launching failed", self.model_id)
            child = self._child
            if child is not None:
                await child.terminate(self.cfg.orphan_grace_s)
            lines = [*self.output.recent(), f"vllm-tray: {exc!r}"]
            code = child.returncode if child is not None else None
            self._post(LaunchFailed(gen, diagnosis.diagnose(lines, code, model_id=self.model_id)))

    async def _launch_child(self, gen: int, spec: LaunchSpec, abort: asyncio.Event) -> None:
        problem = check_engine(spec.prefix)
        if problem is not None:
            self._post(LaunchFailed(gen, problem, permanent=True))
            return
        port = free_port(avoid=self.cfg.ports_in_use())
        argv = spec.argv(port)
        self._port, self._argv = port, tuple(argv)
        self.output.note(f"----- vllm-tray: starting {' '.join(argv)}")
        try:
            child = await ChildProcess.spawn(
                argv,
                child_env(spec.env),
                on_line=lambda line: self._on_line(gen, line),
                record=self.cfg.state_dir
                / f"child-{_slug(self.model_id)}-{os.getpid()}-{gen}.json",
                grace_s=self.cfg.stop_grace_s,
                orphan_grace_s=self.cfg.orphan_grace_s,
            )
        except OSError as exc:
            # Only the app's own python can fail here; the engine command fails in the watchdog.
            self._post(LaunchFailed(gen, diagnosis.engine_unusable(str(exc), found=True), True))
            return
        self._child = child
        self._pid = child.pid
        deadline = self._loop.time() + spec.load_timeout_s
        url = f"http://{CHILD_HOST}:{port}/health"
        async with httpx.AsyncClient(timeout=self.cfg.health_timeout_s) as client:
            while not abort.is_set():
                if child.exited.done():
                    lines = self.output.recent()
                    problem = diagnosis.diagnose(lines, child.returncode, model_id=self.model_id)
                    self._post(LaunchFailed(gen, problem, diagnosis.is_permanent(problem)))
                    return
                if await healthy(client, url):
                    self._post(Ready(gen))
                    return
                if self._loop.time() >= deadline:
                    phase = self._parser.phase if self._parser else None
                    problem = diagnosis.timeout(
                        self.model_id, spec.load_timeout_s, phase, self.output.recent()
                    )
                    await child.terminate(self.cfg.orphan_grace_s)
                    self._post(LaunchFailed(gen, problem))
                    return
                aborted = self._loop.create_task(abort.wait())
                await asyncio.wait(
                    {child.exited, aborted},
                    timeout=self.cfg.health_interval,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                aborted.cancel()

    async def _watch(self, gen: int, child: ChildProcess) -> None:
        try:
            await self._watch_child(gen, child)
        except Exception:
            log.exception("%s: watching failed; waiting for the child to exit", self.model_id)
            code = await child.wait()
            lines = self.output.recent()
            problem = diagnosis.diagnose(lines, code, model_id=self.model_id, was_running=True)
            self._post(Exited(gen, problem))

    async def _watch_child(self, gen: int, child: ChildProcess) -> None:
        """While RUNNING: notice the child exiting, or /health failing several times in a row."""
        url = f"http://{CHILD_HOST}:{self._port}/health"
        misses = 0
        async with httpx.AsyncClient(timeout=self.cfg.health_timeout_s) as client:
            while True:
                done, _ = await asyncio.wait(
                    {child.exited}, timeout=self.cfg.running_health_interval
                )
                if done:
                    lines = self.output.recent()
                    problem = diagnosis.diagnose(
                        lines, child.returncode, model_id=self.model_id, was_running=True
                    )
                    self._post(Exited(gen, problem))
                    return
                if await healthy(client, url):
                    misses = 0
                    continue
                misses += 1
                if misses >= self.cfg.health_failures:
                    problem = diagnosis.health_lost(self.model_id, misses, self.output.recent())
                    await child.terminate(self.cfg.orphan_grace_s)
                    self._post(Exited(gen, problem))
                    return

    async def _stop_child(self, gen: int) -> None:
        try:
            if self._launch_task is not None:
                # It notices the abort within one health interval; a spawn in flight finishes.
                await asyncio.wait({self._launch_task})
            if self._child is not None:
                await self._child.terminate(self.cfg.stop_grace_s)
        finally:
            self._post(Stopped(gen))

    # ---- output and progress ----------------------------------------------------------------

    def _on_line(self, gen: int, line: str) -> None:
        self.output.line(line)
        child = self._child
        if gen == self._gen and child is not None and self._pid == child.pid:
            # The engine has started (it prints): report its pid rather than the watchdog's.
            self._pid = child.engine_pid() or child.pid
        if gen == self._gen and self.state is S.STARTING and self._parser is not None:
            event = self._parser.feed(line)
            if event is not None:
                self._emit_progress(event)

    def _emit_progress(self, event: LoadProgressed) -> None:
        self._last_progress = event
        self.cfg.bus.publish(event)

    def _forget_child(self) -> None:
        self._child = None
        self._launch_task = self._watch_task = None

    def _backoff(self) -> float:
        return float(
            min(self.cfg.backoff_max_s, self.cfg.backoff_s * 2 ** max(0, self._failures - 1))
        )

    @property
    def port(self) -> int | None:
        return self._port


# A caller may have given up (its future is cancelled): answering it then is a no-op.


def _resolve(fut: asyncio.Future[T], value: T) -> None:
    if not fut.done():
        fut.set_result(value)


def _reject(fut: asyncio.Future[Any], error: BaseException) -> None:
    if not fut.done():
        fut.set_exception(error)


def _fail_all(futures: list[asyncio.Future[ProcessInfo]], error: ProblemError) -> None:
    for fut in futures:
        _reject(fut, error)
