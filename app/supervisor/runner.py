"""One start of a model's engine: spawn (retrying a port lost to a race), wait, watch, stop.

A `ChildRunner` lives for one generation of a model's actor. Its coroutines run as the actor's
helper tasks and report only by posting messages (Ready, LaunchFailed, Exited) back to the
actor, which alone changes state. What it learns on the way (port, argv, pid, key) the actor
reads from its attributes.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core.contracts import CHILD_HOST, LaunchSpec
from app.core.problems.problems import Problem
from app.core.redact import redact_argv
from app.core.states import LoadPhase
from app.supervisor import diagnosis
from app.supervisor.activity import StallClock, TreeCpu
from app.supervisor.child import ChildProcess, check_engine, healthy
from app.supervisor.childenv import (
    GUARD_ARGS,
    GUARD_KEY_VAR,
    api_key_in_args,
    api_key_in_command,
    child_environment,
    guard_env,
)
from app.supervisor.output import OutputLog
from app.supervisor.ports import foreign_listener, free_port
from app.supervisor.protocol import (
    ActorConfig,
    Exited,
    LaunchFailed,
    Msg,
    Ready,
    SleepFailed,
    Slept,
    WakeFailed,
    Woke,
)
from app.supervisor.sleep import Gauge, SleepCallFailed, fall_asleep, wake_up

log = logging.getLogger(__name__)

KILL_WAIT_S = 5.0  # a hung child is SIGKILLed at once; this long for the group to go
# While a load is silent (a long compile), progress is repeated this often with a fresh
# elapsed time, so a view or a log without a clock of its own still sees time pass.
HEARTBEAT_S = 5.0
# uvicorn's line once vLLM's server can answer: the health check runs at once rather than at
# the next poll (up to health_interval later), which is the app's share of every load, and
# then often for a moment (the server may take a few milliseconds more to answer 200).
SERVING = re.compile(r"Application startup complete")
SERVING_POLL_S = 0.01
SERVING_POLL_FOR_S = 2.0


@dataclass
class _Attempt:
    """How one spawn ended: ready, aborted (a stop), or failed with a problem."""

    ready: bool = False
    problem: Problem | None = None
    permanent: bool = False


class ChildRunner:
    def __init__(
        self,
        model_id: str,
        gen: int,
        spec: LaunchSpec,
        cfg: ActorConfig,
        output: OutputLog,
        *,
        post: Callable[[Msg], None],
        on_line: Callable[[int, str], None],
        phase: Callable[[], LoadPhase | None],
        record_path: Callable[[int], Path],
        heartbeat: Callable[[int], None] = lambda gen: None,
    ) -> None:
        self.model_id = model_id
        self.gen = gen
        self.spec = spec
        self.cfg = cfg
        self.output = output
        self._post = post
        self._on_line = on_line
        self._phase = phase
        self._record_path = record_path
        self._heartbeat = heartbeat
        self._loop = asyncio.get_running_loop()
        self.port: int | None = None
        self.argv: tuple[str, ...] = ()
        self.child: ChildProcess | None = None
        self.api_key: str | None = None
        self.ports_tried: list[int] = []
        self._clock = StallClock(self._loop.time())
        self._serving = asyncio.Event()  # set by SERVING, cleared by the check it causes
        self._serving_at: float | None = None  # when SERVING came (loop time)
        self._foreign_said = False  # another program answered on the child's port
        self._env: dict[str, str] = {}

    # ---- starting ---------------------------------------------------------------------------

    async def launch(self, abort: asyncio.Event) -> None:
        """Start the child and post Ready or LaunchFailed (nothing when a stop aborted it)."""
        try:
            outcome = await self._launch(abort)
        except Exception:
            # A bug or an odd OS error must not leave the model STARTING forever.
            log.exception("%s: launching failed", self.model_id)
            if self.child is not None:
                await self.child.terminate(self.cfg.orphan_grace_s)
            outcome = _Attempt(problem=diagnosis.internal_error(self.model_id))
        if outcome.ready:
            self._post(Ready(self.gen))
            if self.cfg.spares is not None:
                # After it, not before: on two cores a spare's imports would slow this load
                # down, and its first answer.
                self.cfg.spares.refill_later(self.argv, self._env)
        elif outcome.problem is not None:
            self._post(LaunchFailed(self.gen, outcome.problem, outcome.permanent))

    async def _launch(self, abort: asyncio.Event) -> _Attempt:
        spec = self.spec
        problem = check_engine(spec.prefix)
        if problem is not None:
            return _Attempt(problem=problem, permanent=True)
        own_key = secrets.token_urlsafe(32) if self.cfg.child_api_keys else None
        # A user's own --api-key wins over VLLM_API_KEY in vLLM: then that is the key (the
        # model's flags come after the engine command's, so they win over its own).
        self.api_key = api_key_in_args(spec.args) or api_key_in_command(spec.prefix) or own_key
        env = child_environment(spec.env, api_key=own_key)
        if self.api_key is not None:
            # vLLM guards only its /v1-style routes with the key; the guard covers the rest.
            env.update(guard_env(self.api_key, env))
        self._env = env
        deadline = self._loop.time() + spec.load_timeout_s
        attempt = _Attempt()
        for tries in range(1, self.cfg.port_retries + 2):
            attempt = await self._spawn_and_wait(env, abort, deadline)
            lost_port = attempt.problem is not None and attempt.problem.code == "load.port_in_use"
            if not lost_port or tries > self.cfg.port_retries:
                break
            # Another program bound the port between our choice and vLLM's bind: not the
            # user's concern, so try another before saying anything.
            log.warning(
                "%s: port %s was taken before vLLM bound it; retrying on another port (%d of %d)",
                self.model_id,
                self.port,
                tries,
                self.cfg.port_retries,
            )
            self.output.note(f"----- vllm-tray: port {self.port} was taken; trying another")
            self.output.clear()
        return attempt

    async def _spawn_and_wait(
        self, env: dict[str, str], abort: asyncio.Event, deadline: float
    ) -> _Attempt:
        port = free_port(avoid={*self.cfg.ports_in_use(), *self.ports_tried})
        self.ports_tried.append(port)
        argv = self.spec.argv(port)
        if GUARD_KEY_VAR in env:
            argv += GUARD_ARGS
        self.port, self.argv = port, tuple(argv)
        shown = " ".join(redact_argv(argv, [self.api_key]))
        self.output.note(f"----- vllm-tray: starting {shown}")
        spares = self.cfg.spares
        child = spares.take(argv, env, self._line) if spares is not None else None
        # No engine kept ready: started through the spare module all the same where it runs
        # this engine, so that vLLM's own processes are forked from the imported server.
        forking = spares.forking(argv, env) if spares is not None and child is None else None
        try:
            child = child or await ChildProcess.spawn(
                forking.argv if forking else argv,
                env,
                on_line=self._line,
                record=self._record_path(len(self.ports_tried)),
                grace_s=self.cfg.stop_grace_s,
                orphan_grace_s=self.cfg.orphan_grace_s,
                state_dir=self.cfg.state_dir,
                request_pipe=forking is not None,
            )
        except OSError as exc:
            # Only the app's own python can fail here; the engine command fails in the watchdog.
            return _Attempt(problem=diagnosis.engine_unusable(str(exc), found=True), permanent=True)
        if forking is not None:
            child.send(forking.request)
        self.child = child
        return await self._wait_ready(child, port, abort, deadline)

    async def _wait_ready(
        self, child: ChildProcess, port: int, abort: asyncio.Event, deadline: float
    ) -> _Attempt:
        spec = self.spec
        url = f"http://{CHILD_HOST}:{port}/health"
        self._clock = clock = StallClock(self._loop.time())
        cpu = TreeCpu(child.pid)
        sampling: asyncio.Task[float] | None = None
        sampled_at = beat_at = self._loop.time()
        client = await self.cfg.http.get()
        try:
            while not abort.is_set():
                if child.exited.done():
                    lines = self.output.recent()
                    problem = diagnosis.diagnose(lines, child.returncode, model_id=self.model_id)
                    return _Attempt(problem=problem, permanent=diagnosis.is_permanent(problem))
                if await healthy(client, url, self.cfg.health_timeout_s) and await self._ours(
                    child, port
                ):
                    return _Attempt(ready=True)
                now = self._loop.time()
                if sampling is not None and sampling.done():
                    clock.saw_cpu(now, sampling.result())
                    sampling = None
                if sampling is None and now - sampled_at >= self.cfg.stall_sample_s:
                    sampled_at = now
                    sampling = self._loop.create_task(asyncio.to_thread(cpu.sample))
                if now - beat_at >= HEARTBEAT_S:
                    beat_at = now
                    self._heartbeat(self.gen)
                if clock.idle_for(now) >= spec.stall_timeout_s:
                    problem = diagnosis.stalled(
                        self.model_id, spec.stall_timeout_s, self._phase(), self.output.recent()
                    )
                    await child.kill_now(KILL_WAIT_S)
                    return _Attempt(problem=problem)
                if now >= deadline:
                    problem = diagnosis.timeout(
                        self.model_id, spec.load_timeout_s, self._phase(), self.output.recent()
                    )
                    await child.terminate(self.cfg.orphan_grace_s)
                    return _Attempt(problem=problem)
                aborted = self._loop.create_task(abort.wait())
                serving = self._loop.create_task(self._serving.wait())
                await asyncio.wait(
                    {child.exited, aborted, serving},
                    timeout=self._poll_interval(),
                    return_when=asyncio.FIRST_COMPLETED,
                )
                aborted.cancel()
                serving.cancel()
                self._serving.clear()  # one early check; then the usual interval again
        finally:
            if sampling is not None:
                sampling.cancel()
        return _Attempt()  # a stop aborted the start: the actor's stop task ends the child

    async def _ours(self, child: ChildProcess, port: int) -> bool:
        """Whether the answer on `port` can be the child's: no process outside its tree is
        known to listen there (ports.foreign_listener; the child then fails to bind and
        exits, and that is diagnosed). Said in the log once per start."""
        other = await asyncio.to_thread(foreign_listener, port, child.pid)
        if other is not None and not self._foreign_said:
            self._foreign_said = True
            log.warning(
                "%s: port %d answers, but process %d, not the engine, listens there",
                self.model_id,
                port,
                other,
            )
        return other is None

    def _poll_interval(self) -> float:
        since = self._serving_at
        if since is not None and self._loop.time() - since < SERVING_POLL_FOR_S:
            return min(SERVING_POLL_S, self.cfg.health_interval)
        return self.cfg.health_interval

    def _line(self, line: str) -> None:
        self._clock.saw_output(self._loop.time())
        if SERVING.search(line):
            self._serving_at = self._loop.time()
            self._serving.set()
        self._on_line(self.gen, line)

    # ---- running ----------------------------------------------------------------------------

    async def watch(self) -> None:
        """While RUNNING: post Exited when the child exits, or when it stops answering."""
        child = self.child
        assert child is not None
        try:
            problem = await self._watch(child)
        except Exception:
            log.exception("%s: watching failed; waiting for the child to exit", self.model_id)
            code = await child.wait()
            problem = diagnosis.diagnose(
                self.output.recent(), code, model_id=self.model_id, was_running=True
            )
        self._post(Exited(self.gen, problem))

    async def _watch(self, child: ChildProcess) -> Problem:
        url = f"http://{CHILD_HOST}:{self.port}/health"
        misses = 0
        first_miss = 0.0
        client = await self.cfg.http.get()
        while True:
            done, _ = await asyncio.wait({child.exited}, timeout=self.cfg.running_health_interval)
            if done:
                return diagnosis.diagnose(
                    self.output.recent(),
                    child.returncode,
                    model_id=self.model_id,
                    was_running=True,
                )
            asked = self._loop.time()
            if await healthy(client, url, self.cfg.health_timeout_s):
                misses = 0
                continue
            if child.exited.done():
                continue  # it died while we asked: the next round diagnoses the exit
            misses += 1
            first_miss = first_miss if misses > 1 else asked
            if misses >= self.cfg.health_failures:
                silent_s = self._loop.time() - first_miss + self.cfg.running_health_interval
                log.warning(
                    "%s: no answer to %d health checks in a row; killing pid %s",
                    self.model_id,
                    misses,
                    child.pid,
                )
                problem = diagnosis.unresponsive(
                    self.model_id, misses, silent_s, self.output.recent()
                )
                # A hung engine does not act on SIGTERM (a stopped one cannot): SIGKILL.
                await child.kill_now(KILL_WAIT_S)
                return problem

    # ---- sleeping (vLLM's sleep mode) -------------------------------------------------------

    async def fall_asleep(self, planned_bytes: int) -> None:
        """Put the child to sleep and measure; posts Slept or SleepFailed."""
        sleep, child = self.spec.sleep, self.child
        assert sleep is not None and child is not None
        gauge = Gauge(sleep.gauge, child.pid, self.cfg.gpu_used, self.spec.gpus)
        try:
            report = await fall_asleep(
                await self.cfg.http.get(),
                f"http://{CHILD_HOST}:{self.port}",
                model_id=self.model_id,
                spec=sleep,
                planned_bytes=planned_bytes,
                gauge=gauge,
                key=self.api_key,
            )
        except SleepCallFailed as exc:
            self._post(SleepFailed(self.gen, exc.problem))
            return
        except Exception:
            log.exception("%s: putting it to sleep failed", self.model_id)
            self._post(SleepFailed(self.gen, diagnosis.internal_error(self.model_id)))
            return
        verdicts = self.cfg.sleep_verdicts
        if verdicts is not None and report.measured:
            # Remembered before anyone hears of it: the next decision already knows.
            verdicts.note(sleep.verdict_key, report)
            await asyncio.to_thread(verdicts.save)
        self._post(Slept(self.gen, report))

    async def wake(self, level: int) -> None:
        """Wake the child from a sleep at `level`; posts Woke or WakeFailed."""
        try:
            await wake_up(
                await self.cfg.http.get(),
                f"http://{CHILD_HOST}:{self.port}",
                model_id=self.model_id,
                level=level,
                key=self.api_key,
            )
        except SleepCallFailed as exc:
            self._post(WakeFailed(self.gen, exc.problem))
            return
        except Exception:
            log.exception("%s: waking it failed", self.model_id)
            self._post(WakeFailed(self.gen, diagnosis.internal_error(self.model_id)))
            return
        self._post(Woke(self.gen))

    # ---- stopping ---------------------------------------------------------------------------

    async def stop(self) -> None:
        if self.child is not None:
            await self.child.terminate(self.cfg.stop_grace_s)
