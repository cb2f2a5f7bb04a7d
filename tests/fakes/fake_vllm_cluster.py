"""A fake of vLLM's native multi-node serving, around tests/fakes/fake_vllm.py.

Run as `python fake_vllm_cluster.py [vLLM flags]`. Like vLLM's `--nnodes N` launcher:
  * the head (`--node-rank 0`) listens on `--master-addr:--master-port` and serves HTTP only
    once all N-1 workers have connected (vLLM's head blocks in its rendezvous the same way);
  * a worker (`--headless --node-rank R`) connects to the head, retrying until it listens
    (torch's store client does), prints vLLM's headless log line and runs until the head
    closes the connection or SIGTERM;
  * without `--nnodes` (or with 1) it is exactly fake_vllm.py.
Switches: `--fake-worker-exit-after S` makes a worker exit with code 1 S seconds after it
connected (a worker dying under a running model).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fake_vllm  # a sibling script, not a package

CONNECT_RETRY_S = 0.1


def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(prog="fake_vllm_cluster", allow_abbrev=False)
    p.add_argument("--nnodes", type=int, default=1)
    p.add_argument("--node-rank", type=int, default=0)
    p.add_argument("--master-addr", default="127.0.0.1")
    p.add_argument("--master-port", type=int, default=29501)
    p.add_argument("--headless", action="store_true")
    p.add_argument("--fake-worker-exit-after", type=float, default=None)
    return p.parse_known_args(argv)


def head(a: argparse.Namespace, rest: list[str]) -> int:
    server = socket.create_server((a.master_addr, a.master_port))
    print(
        f"(EngineCore pid={os.getpid()}) INFO multiproc_executor.py:153 DP group leader: "
        f"node_rank=0, master_addr={a.master_addr}, world_size={a.nnodes}",
        flush=True,
    )
    workers = []
    while len(workers) < a.nnodes - 1:
        conn, _peer = server.accept()
        rank = conn.makefile("r").readline().strip()
        print(f"fake-cluster: worker {rank} joined", flush=True)
        workers.append(conn)
    server.close()
    # The workers hold their connection until the head goes: closing it on exit tells them.
    return fake_vllm.main(rest)


def worker(a: argparse.Namespace) -> int:
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    conn = None
    while conn is None and not stop.is_set():
        try:
            conn = socket.create_connection((a.master_addr, a.master_port), timeout=1.0)
        except OSError:
            time.sleep(CONNECT_RETRY_S)
    if conn is None:
        return 0
    conn.sendall(f"{a.node_rank}\n".encode())
    conn.settimeout(0.1)
    print(
        f"(MainProcess pid={os.getpid()}) INFO serve.py:225 Launching vLLM (v0.32.0) headless "
        f"multiproc executor, with head node address {a.master_addr}:{a.master_port} for "
        "torch.distributed process group.",
        flush=True,
    )
    connected = time.monotonic()
    while not stop.is_set():
        exit_after = a.fake_worker_exit_after
        if exit_after is not None and time.monotonic() - connected >= exit_after:
            print("fake-cluster: worker failed on purpose", flush=True)
            return 1
        try:
            if conn.recv(1) == b"":
                print("fake-cluster: the head went away", flush=True)
                return 0
        except TimeoutError:
            continue
        except OSError:
            return 0
    return 0


def main() -> int:
    a, rest = parse(sys.argv[1:])
    if a.nnodes <= 1:
        return fake_vllm.main(rest)
    if a.headless:
        return worker(a)
    return head(a, rest)


if __name__ == "__main__":
    sys.exit(main())
