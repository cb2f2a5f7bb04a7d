"""The cluster's pure rules: which addresses, which parallel sizes, what each node runs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.core.cluster.cluster import (
    AddressScope,
    ClusterConfig,
    WorkerNode,
    address_scope,
    check_address,
    config_from_json,
    head_overlay,
    new_token,
    parallel_flags,
    validate,
)
from app.core.cluster.cluster_commands import (
    HEADLESS_BOOT,
    headless_prefix,
    join_command,
    strip_flags,
    vllm_worker_command,
    worker_argv,
)
from app.core.cluster.cluster_nodes import NodeInfo, compare_nodes, model_fingerprint
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.runtime.cluster.node_facts import BOOT_ENV, headless_command
from app.supervisor.engines.base import EngineCommand

CPU_PREFIX = ("/e/venv/bin/python", "-m", "vllm.entrypoints.openai.api_server")


def two_boxes(**changes: object) -> ClusterConfig:
    config = ClusterConfig(
        model_id="user.big",
        head_address="192.168.1.10",
        workers=(WorkerNode("192.168.1.11"),),
        token="t0k",
    )
    return ClusterConfig(**{**config.__dict__, **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("address", "scope"),
    [
        ("127.0.0.1", AddressScope.LOOPBACK),
        ("::1", AddressScope.LOOPBACK),
        ("192.168.1.20", AddressScope.PRIVATE),
        ("10.1.2.3", AddressScope.PRIVATE),
        ("172.20.0.5", AddressScope.PRIVATE),
        ("fd00::5", AddressScope.PRIVATE),
        ("169.254.3.4", AddressScope.LINK_LOCAL),  # a USB4/Thunderbolt cable, unconfigured
        ("fe80::1", AddressScope.LINK_LOCAL),
        ("8.8.8.8", AddressScope.PUBLIC),
        ("2001:4860::8888", AddressScope.PUBLIC),
        ("::ffff:192.168.1.20", AddressScope.PRIVATE),  # IPv4 written as IPv6
        ("::ffff:8.8.8.8", AddressScope.PUBLIC),
        ("100.64.1.2", AddressScope.PUBLIC),  # a carrier's shared space, not your LAN
        # Python's is_private says True for all of these (issue 18, item 7):
        ("198.18.0.5", AddressScope.PUBLIC),  # benchmarking networks, 198.18.0.0/15
        ("198.19.255.1", AddressScope.PUBLIC),
        ("192.0.2.1", AddressScope.PUBLIC),  # documentation
        ("2001:db8::1", AddressScope.PUBLIC),  # documentation
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", AddressScope.PUBLIC),  # Teredo: the internet
        ("2001::1", AddressScope.PUBLIC),
        ("0.0.0.0", AddressScope.NOT_A_HOST),  # "any address"
        ("::", AddressScope.NOT_A_HOST),
        ("0.1.2.3", AddressScope.NOT_A_HOST),  # "this network"
        ("240.0.0.1", AddressScope.NOT_A_HOST),  # reserved, 240.0.0.0/4
        ("255.255.255.255", AddressScope.NOT_A_HOST),  # broadcast
        ("224.0.0.251", AddressScope.NOT_A_HOST),  # multicast
        ("ff02::1", AddressScope.NOT_A_HOST),
    ],
)
def test_address_scopes(address: str, scope: AddressScope) -> None:
    assert address_scope(address) is scope


@pytest.mark.parametrize(
    "address",
    ["198.18.0.5", "2001:db8::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "240.0.0.1", "0.0.0.0"],
)
def test_what_python_calls_private_is_not_accepted_as_a_private_network(address: str) -> None:
    with pytest.raises(ProblemError) as refused:
        check_address(address, allow_public=False)
    assert refused.value.problem.code in ("cluster.public_address", "cluster.not_a_host")


@pytest.mark.parametrize("address", ["0.0.0.0", "::", "240.0.0.1", "224.0.0.251", "ff02::1"])
def test_what_is_no_one_machine_is_refused_even_where_public_is_allowed(address: str) -> None:
    with pytest.raises(ProblemError) as refused:
        check_address(address, allow_public=True)
    assert refused.value.problem.code == "cluster.not_a_host"
    with pytest.raises(ProblemError) as config_refused:
        validate(two_boxes(workers=(WorkerNode(address),), allow_public_addresses=True))
    assert config_refused.value.problem.code == "cluster.not_a_host"


def test_public_addresses_need_the_explicit_setting() -> None:
    with pytest.raises(ProblemError) as refused:
        check_address("8.8.8.8", allow_public=False)
    assert refused.value.problem.code == "cluster.public_address"
    assert refused.value.problem.params["address"] == "8.8.8.8"
    assert check_address(" 8.8.8.8 ", allow_public=True) == "8.8.8.8"
    with pytest.raises(ProblemError) as config_refused:
        validate(two_boxes(workers=(WorkerNode("8.8.4.4"),)))
    assert config_refused.value.problem.code == "cluster.public_address"
    assert validate(two_boxes(workers=(WorkerNode("8.8.4.4"),), allow_public_addresses=True))


def test_names_are_not_addresses() -> None:
    with pytest.raises(ProblemError) as refused:
        check_address("box2.local", allow_public=False)
    assert refused.value.problem.code == "cluster.bad_address"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"model_id": ""}, "cluster.no_model"),
        ({"workers": ()}, "cluster.no_workers"),
        ({"workers": (WorkerNode("192.168.1.10"),)}, "cluster.duplicate_node"),
        (
            {"workers": (WorkerNode("192.168.1.11"), WorkerNode("192.168.1.11"))},
            "cluster.duplicate_node",
        ),
        ({"head_address": "127.0.0.1"}, "cluster.loopback_head"),
        ({"master_port": 80}, "cluster.bad_port"),
        ({"workers": (WorkerNode("192.168.1.11", 70000),)}, "cluster.bad_port"),
        ({"pipeline_parallel_size": 3}, "cluster.bad_parallel"),  # 3 stages on 2 boxes
        ({"tensor_parallel_size": 0}, "cluster.bad_parallel"),
    ],
)
def test_invalid_clusters_are_refused(changes: dict[str, object], code: str) -> None:
    with pytest.raises(ProblemError) as refused:
        validate(two_boxes(**changes))
    assert refused.value.problem.code == code


def test_defaults_give_one_pipeline_stage_per_machine() -> None:
    config = validate(two_boxes(tensor_parallel_size=2))
    assert (config.nnodes, config.pp_size, config.world_size) == (2, 2, 4)
    assert config.local_share == 0.5
    # Two machines on loopback (two engines on one box) are fine: tests do exactly that.
    assert validate(two_boxes(head_address="127.0.0.1", workers=(WorkerNode("127.0.0.1"),)))


def test_head_and_worker_flags() -> None:
    config = validate(two_boxes())
    head = parallel_flags(config, 0)
    worker = parallel_flags(config, 1)
    assert head == (
        "--distributed-executor-backend",
        "mp",
        "--tensor-parallel-size",
        "1",
        "--pipeline-parallel-size",
        "2",
        "--nnodes",
        "2",
        "--node-rank",
        "0",
        "--master-addr",
        "192.168.1.10",
        "--master-port",
        "29501",
    )
    assert worker[:-1] == (*head[:9], "1", *head[10:])
    assert worker[-1] == "--headless"
    overlay = head_overlay(config, "enp5s0")
    assert overlay.args == head
    assert dict(overlay.env) == {"VLLM_HOST_IP": "192.168.1.10", "GLOO_SOCKET_IFNAME": "enp5s0"}
    assert overlay.memory_share == 0.5


def test_the_api_server_prefix_becomes_the_headless_boot() -> None:
    assert headless_prefix(CPU_PREFIX) == ("/e/venv/bin/python", "-c", HEADLESS_BOOT)
    assert headless_prefix(("/usr/bin/vllm", "serve")) == ("/usr/bin/vllm", "serve")
    assert headless_prefix(("/opt/rocm-bundle/bin/vllm-server",)) is None
    assert headless_prefix(("python", "fake.py")) is None
    compile(HEADLESS_BOOT, "<boot>", "exec")  # it is valid Python


def test_worker_argv_keeps_the_heads_flags_but_not_its_node_flags() -> None:
    config = validate(two_boxes())
    head_args = (
        "--dtype",
        "float32",
        "--nnodes",
        "2",
        "--node-rank=0",
        "--headless",
        "--port",
        "8001",
        "--enable-prefix-caching",
    )
    assert strip_flags(head_args, frozenset({"--nnodes", "--node-rank", "--headless"})) == (
        "--dtype",
        "float32",
        "--port",
        "8001",
        "--enable-prefix-caching",
    )
    argv = worker_argv(
        ("vllm", "serve"),
        model_path="/w/models/big",
        ctx_size=4096,
        args=head_args,
        config=config,
        rank=1,
    )
    assert argv[:6] == ["vllm", "serve", "--model", "/w/models/big", "--max-model-len", "4096"]
    assert argv.count("--nnodes") == 1 and argv.count("--headless") == 1
    assert "--port" not in argv and "--dtype" in argv
    assert argv[argv.index("--node-rank") + 1] == "1"


def test_join_commands_name_the_head_the_rank_and_the_token() -> None:
    config = validate(two_boxes())
    assert join_command(config, 1) == (
        "vllm-tray",
        "cluster",
        "join",
        "--head",
        "192.168.1.10",
        "--rank",
        "1",
        "--listen",
        "192.168.1.11",
        "--port",
        "29601",
        "--token=t0k",
    )
    bare = vllm_worker_command(config, 1, "Qwen/Qwen3.5-9B", 8192, ("--dtype", "bfloat16"))
    assert bare[:3] == ("vllm", "serve", "Qwen/Qwen3.5-9B") and bare[-1] == "--headless"


def test_config_round_trips_and_bad_files_are_refused() -> None:
    config = validate(two_boxes(enabled=True, pipeline_parallel_size=2))
    assert config_from_json(json.loads(json.dumps(config.to_json()))) == config
    assert config_from_json({}) == ClusterConfig()
    with pytest.raises(ValueError):
        config_from_json({"workers": "192.168.1.11"})
    with pytest.raises(ValueError):
        config_from_json({"master_port": "29501"})
    with pytest.raises(ProblemError):
        config_from_json({**config.to_json(), "head_address": "not an address"})


def node(**changes: object) -> NodeInfo:
    base = NodeInfo(1, "0.1.0", "rocm", "vllm0.20.1-rocm7.12.0-gfx1151", True, "m", True, "ab")
    return NodeInfo(**{**base.__dict__, **changes})  # type: ignore[arg-type]


def test_nodes_must_run_the_same_engine_and_see_the_same_files() -> None:
    head = node(rank=0)
    assert compare_nodes(head, node(), "192.168.1.11", 1) == []
    cases = {
        "cluster.engine_mismatch": node(engine_version="vllm0.19.1-rocm7.13.0-gfx1151"),
        "cluster.engine_missing": node(engine_installed=False),
        "cluster.model_missing": node(model_files=False, fingerprint=None),
        "cluster.model_mismatch": node(fingerprint="cd"),
        "cluster.rank_mismatch": node(rank=2),
    }
    for code, other in cases.items():
        assert [p.code for p in compare_nodes(head, other, "192.168.1.11", 1)] == [code]


def write_model(folder: Path, weights: bytes) -> Path:
    folder.mkdir(parents=True)
    (folder / "config.json").write_text('{"hidden_size": 128}')
    header = json.dumps({"w": {"dtype": "F32", "shape": [len(weights) // 4]}}).encode()
    (folder / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header + weights)
    return folder


def test_fingerprint_tells_copies_from_different_files(tmp_path: Path) -> None:
    big = bytes(range(256)) * (5 * 4096)  # 5 MiB: over the whole-file limit, so sampled
    a = model_fingerprint(write_model(tmp_path / "a", big))
    assert model_fingerprint(write_model(tmp_path / "b", big)) == a  # a copy elsewhere
    changed = bytearray(big)
    changed[0] ^= 1  # a fine-tune of the same shape: same header, other values
    assert model_fingerprint(write_model(tmp_path / "c", bytes(changed))) != a
    other = write_model(tmp_path / "d", big)
    (other / "config.json").write_text('{"hidden_size": 256}')
    assert model_fingerprint(other) != a
    (tmp_path / "a" / ".cache").mkdir()  # tools' own folders do not count
    (tmp_path / "a" / ".cache" / "x").write_text("lock")
    assert model_fingerprint(tmp_path / "a") == a


def test_fingerprint_of_a_hub_snapshot_uses_the_blob_names(tmp_path: Path) -> None:
    blobs = tmp_path / "blobs"
    blobs.mkdir()
    digest = "a" * 64
    (blobs / digest).write_bytes(b"x" * 10)
    snap = tmp_path / "snapshots" / "rev"
    snap.mkdir(parents=True)
    (snap / "model.safetensors").symlink_to(blobs / digest)
    first = model_fingerprint(snap)
    (blobs / digest).write_bytes(b"y" * 10)  # same name: the hub's hash is trusted as is
    assert model_fingerprint(snap) == first
    (blobs / ("b" * 64)).write_bytes(b"x" * 10)
    (snap / "model.safetensors").unlink()
    (snap / "model.safetensors").symlink_to(blobs / ("b" * 64))
    assert model_fingerprint(snap) != first


ROCM_LAUNCHER = """#!/bin/bash
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV_DIR="$(dirname "$SCRIPT_DIR")"
export FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE
exec "$SCRIPT_DIR/python3" -m vllm.entrypoints.openai.api_server "$@"
"""


def test_the_rocm_bundle_launcher_gets_a_headless_twin(tmp_path: Path) -> None:
    bundle = tmp_path / "rocm" / "bin"
    bundle.mkdir(parents=True)
    launcher = bundle / "vllm-server"
    launcher.write_text(ROCM_LAUNCHER)
    command = EngineCommand(prefix=(str(launcher),), env={"A": "1"})
    headless = headless_command(EngineKind.ROCM, command, tmp_path / "state")
    (script,) = headless.prefix
    text = Path(script).read_text()
    assert f"SCRIPT_DIR={bundle}" in text  # the bundle's own python and libraries
    assert 'exec "$SCRIPT_DIR/python3" -c "$VLLM_TRAY_HEADLESS_BOOT" "$@"' in text
    assert "export FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE" in text
    assert headless.env == {"A": "1", BOOT_ENV: HEADLESS_BOOT}
    assert os.access(script, os.X_OK)
    launcher.write_text("#!/bin/sh\nexec something-else\n")
    with pytest.raises(ProblemError) as refused:
        headless_command(EngineKind.ROCM, command, tmp_path / "state")
    assert refused.value.problem.code == "cluster.engine_no_headless"


def test_cpu_engine_command_runs_the_boot(tmp_path: Path) -> None:
    command = EngineCommand(prefix=CPU_PREFIX, env={"VLLM_CPU_KVCACHE_SPACE": "1"})
    headless = headless_command(EngineKind.CPU, command, tmp_path)
    assert headless.prefix == ("/e/venv/bin/python", "-c", HEADLESS_BOOT)
    assert headless.env == {"VLLM_CPU_KVCACHE_SPACE": "1"}
    with pytest.raises(ProblemError) as refused:
        headless_command(EngineKind.CUSTOM, EngineCommand(prefix=("my-server",)), tmp_path)
    assert refused.value.problem.code == "cluster.engine_no_headless"


def test_a_new_token_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-first", "-again", "fine"])
    monkeypatch.setattr("app.core.cluster.cluster.secrets.token_urlsafe", lambda _n: next(drawn))
    assert new_token() == "fine"
