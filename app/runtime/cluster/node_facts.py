"""What every machine of a cluster knows about itself: engine, model files, network interface.

Shared by the head (app.runtime.cluster.cluster) and the worker agent
(app.runtime.cluster.cluster_agent), so both describe a node the same way and compare like with
like.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import shlex
import socket
from dataclasses import dataclass
from pathlib import Path

import psutil

from app import __version__
from app.core.cluster.cluster_commands import HEADLESS_BOOT, headless_prefix
from app.core.cluster.cluster_nodes import NodeInfo, model_fingerprint
from app.core.models.registry import Registry
from app.core.problems.problems import ProblemError, problem
from app.core.redact import redact_argv
from app.core.states import USABLE_FILES, EngineKind
from app.runtime.control.planning import Planner
from app.supervisor.engines.base import EngineCommand

BOOT_ENV = "VLLM_TRAY_HEADLESS_BOOT"
# The ROCm bundle's bin/vllm-server ends in this exec line (lemonade-sdk/vllm-rocm's build).
_ROCM_EXEC = re.compile(r'^exec "\$SCRIPT_DIR/python3" -m vllm\.entrypoints\.openai\.api_server')
_ROCM_SCRIPT_DIR = re.compile(r"^SCRIPT_DIR=.*$")


def local_node_info(planner: Planner, registry: Registry, model_id: str, rank: int) -> NodeInfo:
    """This machine as a cluster node sees it (blocking: reads the model's files)."""
    try:
        status = planner.engine().status()
        kind, version, installed = status.kind.value, status.version, status.installed
    except ProblemError:
        kind, version, installed = "", None, False
    entry = registry.find(model_id)
    files_ok = False
    fingerprint = None
    if entry is not None:
        files = planner.model_files(entry)
        files_ok = files.state in USABLE_FILES and files.path is not None
        if files_ok and files.path is not None:
            fingerprint = model_fingerprint(Path(files.path))
    return NodeInfo(
        rank=rank,
        app_version=__version__,
        engine_kind=kind,
        engine_version=version,
        engine_installed=installed,
        model_id=model_id,
        model_files=files_ok,
        fingerprint=fingerprint,
    )


def interface_for(address: str) -> str | None:
    """The name of the network interface that holds `address` (for GLOO_SOCKET_IFNAME)."""
    wanted = ipaddress.ip_address(address)
    for name, addrs in psutil.net_if_addrs().items():
        for addr in addrs:
            if addr.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            try:
                if ipaddress.ip_address(addr.address.split("%", 1)[0]) == wanted:
                    return name
            except ValueError:
                continue
    return None


def require_local_address(address: str) -> str:
    """The interface of `address`, or ProblemError when no interface of this machine has it:
    vLLM would bind to it and fail with a far less helpful error."""
    interface = interface_for(address)
    if interface is None:
        raise ProblemError(problem("cluster.not_local_address", address=address))
    return interface


@dataclass(frozen=True)
class HeadlessCommand:
    """How this machine's engine runs vLLM's `serve --headless`."""

    prefix: tuple[str, ...]
    env: dict[str, str]


def headless_command(kind: EngineKind, command: EngineCommand, state_dir: Path) -> HeadlessCommand:
    """The engine's api_server command turned into its headless worker command.

    The ROCm bundle's launcher is a shell script that sets the library path and then runs
    the api_server module, which ignores `--headless`; a copy of it that runs the headless
    boot instead keeps the library setup exactly as the bundle ships it.
    """
    env = dict(command.env)
    prefix = headless_prefix(command.prefix)
    if prefix is None and kind is EngineKind.ROCM and len(command.prefix) == 1:
        prefix = (str(_headless_launcher(Path(command.prefix[0]), state_dir)),)
        env[BOOT_ENV] = HEADLESS_BOOT
    if prefix is None:
        raise ProblemError(
            problem("cluster.engine_no_headless", command=shlex.join(redact_argv(command.prefix)))
        )
    return HeadlessCommand(prefix=prefix, env=env)


def _headless_launcher(launcher: Path, state_dir: Path) -> Path:
    try:
        lines = launcher.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    out: list[str] = []
    replaced = 0
    for line in lines:
        if _ROCM_SCRIPT_DIR.match(line):
            # The copy lives elsewhere: point it at the bundle's own bin directory.
            out.append(f"SCRIPT_DIR={shlex.quote(str(launcher.resolve().parent))}")
            replaced += 1
        elif _ROCM_EXEC.match(line):
            out.append(f'exec "$SCRIPT_DIR/python3" -c "${BOOT_ENV}" "$@"')
            replaced += 1
        else:
            out.append(line)
    if replaced != 2:
        raise ProblemError(problem("cluster.engine_no_headless", command=str(launcher)))
    text = "\n".join(out) + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = state_dir / f"vllm-headless-{digest}.sh"
    if not path.exists():
        state_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.chmod(0o755)
        tmp.replace(path)
    return path
