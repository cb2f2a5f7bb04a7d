"""What a cluster's nodes report, whether they agree with the head, and model fingerprints."""

from __future__ import annotations

import hashlib
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.problems.problems import Problem, problem


@dataclass(frozen=True)
class NodeInfo:
    """What a node answers about itself (the head computes its own the same way)."""

    rank: int
    app_version: str
    engine_kind: str
    engine_version: str | None
    engine_installed: bool
    model_id: str
    model_files: bool  # the model's files are complete on this node
    fingerprint: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "app_version": self.app_version,
            "engine": {
                "kind": self.engine_kind,
                "version": self.engine_version,
                "installed": self.engine_installed,
            },
            "model": {
                "id": self.model_id,
                "files": self.model_files,
                "fingerprint": self.fingerprint,
            },
        }


def node_info_from_json(raw: Any) -> NodeInfo:
    if not isinstance(raw, dict):
        raise ValueError("not a JSON object")
    engine = raw.get("engine") or {}
    model = raw.get("model") or {}
    version = engine.get("version")
    fingerprint = model.get("fingerprint")
    return NodeInfo(
        rank=int(raw["rank"]),
        app_version=str(raw.get("app_version", "")),
        engine_kind=str(engine.get("kind", "")),
        engine_version=None if version is None else str(version),
        engine_installed=bool(engine.get("installed", False)),
        model_id=str(model.get("id", "")),
        model_files=bool(model.get("files", False)),
        fingerprint=None if fingerprint is None else str(fingerprint),
    )


def compare_nodes(head: NodeInfo, node: NodeInfo, address: str, rank: int) -> list[Problem]:
    """Why `node` cannot join `head` to serve the model; empty when it can."""
    found: list[Problem] = []
    if node.rank != rank:
        found.append(
            problem("cluster.rank_mismatch", address=address, actual=node.rank, expected=rank)
        )
    if not node.engine_installed:
        found.append(
            problem("cluster.engine_missing", address=address, kind=node.engine_kind or "?")
        )
    elif (node.engine_kind, node.engine_version) != (head.engine_kind, head.engine_version):
        found.append(
            problem(
                "cluster.engine_mismatch",
                address=address,
                node_engine=f"{node.engine_kind} {node.engine_version or '?'}",
                head_engine=f"{head.engine_kind} {head.engine_version or '?'}",
            )
        )
    if not node.model_files:
        found.append(problem("cluster.model_missing", address=address, model=head.model_id))
    elif node.fingerprint != head.fingerprint:
        found.append(
            problem(
                "cluster.model_mismatch",
                address=address,
                model=head.model_id,
                node_fp=(node.fingerprint or "?")[:12],
                head_fp=(head.fingerprint or "?")[:12],
            )
        )
    return found


# -- fingerprints of model files --------------------------------------------------------------
SMALL_FILE = 4 << 20  # hashed whole: configs, tokenizers, small shards
SAMPLES = 16  # large files: this many evenly spaced samples of SAMPLE bytes
SAMPLE = 64 << 10
HF_BLOB_NAME_LEN = 64  # a Hugging Face cache blob is named by its content's sha256


def model_fingerprint(folder: Path) -> str:
    """A short hash that changes when the model's files differ, cheap on a 60 GB model.

    Files in the Hugging Face cache are symlinks to blobs named by their content's sha256:
    that name is an exact content hash for free. Other large files are identified by their
    size, their safetensors header (names, shapes, dtypes) and evenly spaced samples, which
    tells two fine-tunes of one architecture apart while reading about 1 MB per file.
    """
    digest = hashlib.sha256()
    for path in sorted(_model_files(folder)):
        rel = path.relative_to(folder).as_posix()
        digest.update(rel.encode() + b"\0")
        digest.update(_file_identity(path))
    return digest.hexdigest()


def _model_files(folder: Path) -> list[Path]:
    out = []
    for root, dirs, files in os.walk(folder, followlinks=True):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        out += [Path(root) / f for f in files if not f.startswith(".")]
    return out


def _file_identity(path: Path) -> bytes:
    target = path.resolve()
    size = target.stat().st_size
    if target.parent.name == "blobs" and len(target.name) == HF_BLOB_NAME_LEN:
        return f"blob:{target.name}:{size}".encode()
    with target.open("rb") as fh:
        if size <= SMALL_FILE:
            return b"sha256:" + hashlib.sha256(fh.read()).digest()
        parts = [f"size:{size}".encode()]
        if target.suffix == ".safetensors":
            (header_len,) = struct.unpack("<Q", fh.read(8))
            parts.append(hashlib.sha256(fh.read(min(header_len, SMALL_FILE))).digest())
        step = max((size - SAMPLE) // (SAMPLES - 1), 1)
        for i in range(SAMPLES):
            fh.seek(min(i * step, size - SAMPLE))
            parts.append(hashlib.sha256(fh.read(SAMPLE)).digest())
    return b"".join(parts)
