"""A fake Hugging Face Hub on 127.0.0.1 that serves repositories from local folders.

It answers the routes huggingface_hub 2.x really calls (read off its source):

- `GET /api/models?search=&author=&pipeline_tag=&sort=&limit=&expand=` (the model search
  `HfApi.list_models` sends: a case-insensitive substring of the id, an exact author and
  task, descending by `downloads`, `likes` or `lastModified`; with `expand`, only `_id`,
  `id` and the fields asked for, as the hub answers)
- `GET /api/models/{org}/{name}[/revision/{rev}]` (`HfApi.model_info`; `?blobs=true` adds
  `size`, `blobId` and `lfs` to each sibling, as `files_metadata=True` asks; `config` holds
  the parts of config.json the hub shows, `cardData` the license)
- `GET /api/models/{org}/{name}/tree/{rev}` (`list_repo_tree`, used by `snapshot_download`)
- `HEAD|GET /{org}/{name}/resolve/{rev}/{path}` (`get_hf_file_metadata`, `hf_hub_download`):
  regular files answer 200 with `ETag` (git blob sha1), `X-Repo-Commit`, `Content-Length`;
  LFS files (weights) answer 302 to a second "CDN" server on another port with
  `X-Linked-Etag` (sha256), `X-Linked-Size` and `X-Repo-Commit`, like the real hub, so that
  clients must drop the token when they follow it.
- errors carry the hub's `X-Error-Code` (`RepoNotFound`, `RevisionNotFound`, `EntryNotFound`,
  `GatedRepo`) and `X-Error-Message` headers, with the hub's 401/403/404 statuses.

Bodies honour `Range` (206 + `Content-Range`; 416 past the end). Switches: gated and private
repos (access only with `Authorization: Bearer <granted token>`), `throttle_bps`, `fail_once`
(cut the connection after N bytes of a file, once), `hold_after` (go silent after N bytes of
a body, the connection open, until `release` is set) and per-file counters of bytes served.

A hostile hub (`FakeHub(hostile=Hostile(...))`) lies in one part of its answers: file names
that climb out of the snapshot, a commit or an ETag that is a path, a CDN that sends a few
bytes per connection and closes it.

Use `FakeHub().start(root)` (each `root/org/name/` folder becomes a repo) or `add_repo`; or run
`python -m tests.fakes.fake_hub ROOT` for a separate process (prints `FAKE_HUB_URL=...`).
A repo's listing fields (downloads, likes, task, license, last change) are `add_repo`
arguments, or a `hub.json` in its folder (which the command line's ROOT can carry too).
`refusing_url()` gives an address where nothing listens: the hub with no network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import struct
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

LFS_SUFFIXES = (".safetensors", ".bin", ".pt", ".pth", ".gguf", ".msgpack", ".h5", ".onnx")
LFS_MIN_SIZE = 10 * 1024 * 1024
HUB_META = "hub.json"  # a repo folder's listing fields (downloads, likes…), not a repo file
# The parts of config.json the hub's model info shows under `config`.
CONFIG_SHOWN = ("architectures", "model_type", "quantization_config")
_CHUNK = 16 * 1024


def git_blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def _lfs_pointer(sha256: str, size: int) -> bytes:
    return (
        f"version https://git-lfs.github.com/spec/v1\noid sha256:{sha256}\nsize {size}\n".encode()
    )


@dataclass(frozen=True)
class HubFile:
    path: str  # posix path inside the repo
    disk: Path
    size: int
    sha256: str
    git_sha1: str  # of the content, or of the LFS pointer for LFS files
    lfs: bool


@dataclass
class HubRepo:
    repo_id: str
    folder: Path
    files: dict[str, HubFile]
    commit: str
    gated: bool = False
    private: bool = False
    tokens: frozenset[str] = frozenset()
    # What the hub's model list shows of it.
    downloads: int = 0
    likes: int = 0
    pipeline_tag: str | None = "text-generation"
    license: str | None = None
    last_modified: str = "2026-01-01T00:00:00.000Z"


@dataclass(frozen=True)
class HubRequest:
    server: str  # "hub" or "cdn"
    method: str
    path: str
    range: str | None
    authorization: str | None
    status: int


def scan_repo(repo_id: str, folder: Path) -> HubRepo:
    files: dict[str, HubFile] = {}
    for disk in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = disk.relative_to(folder).as_posix()
        if rel == HUB_META:
            continue
        data = disk.read_bytes()
        sha256 = hashlib.sha256(data).hexdigest()
        lfs = rel.endswith(LFS_SUFFIXES) or len(data) >= LFS_MIN_SIZE
        git = git_blob_sha1(_lfs_pointer(sha256, len(data)) if lfs else data)
        files[rel] = HubFile(rel, disk, len(data), sha256, git, lfs)
    listing = json.dumps([[f.path, f.git_sha1] for f in files.values()]).encode()
    commit = hashlib.sha1(repo_id.encode() + listing, usedforsecurity=False).hexdigest()
    return HubRepo(repo_id=repo_id, folder=folder, files=files, commit=commit)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (a cancel) is normal here, not worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@dataclass
class Hostile:
    """What a hostile hub says instead of the truth; each field set replaces one part of every
    answer (issue 31: a mirror in HF_ENDPOINT, a TLS-intercepting proxy, a compromised hub)."""

    # More files in model info (regular, not LFS), by name; their bytes are served for any
    # request no route knows (the client may have folded a name's `..` into the URL path).
    files: dict[str, bytes] = field(default_factory=dict)
    commit: str | None = None  # model info's `sha`, and every X-Repo-Commit
    etag: str | None = None  # every file's ETag and X-Linked-Etag
    trickle: int | None = None  # the CDN sends this many bytes of a body, then hangs up


@dataclass
class FakeHub:
    """The hub plus its CDN, each a ThreadingHTTPServer in a daemon thread."""

    hostile: Hostile = field(default_factory=Hostile)

    throttle_bps: int | None = None
    ignore_range: bool = False  # answer like a server without Range support: 200, whole body
    api_delay_s: float = 0.0  # each /api/ answer waits this long (a slow hub)
    # The model search answers 400 with this message (a search the hub cannot run).
    search_refusal: str | None = None
    api_in_flight: int = 0  # /api/ requests being answered now, and the most at once
    api_max_in_flight: int = 0
    fail_once: dict[tuple[str, str], int] = field(default_factory=dict)
    # Stop sending a file's body after this many bytes, connection open, until `release` is
    # set: a hub that died mid-download without closing the socket.
    hold_after: int | None = None
    release: threading.Event = field(default_factory=threading.Event)
    repos: dict[str, HubRepo] = field(default_factory=dict)
    valid_tokens: set[str] = field(default_factory=set)
    user_name: str = "test-user"  # whom every valid token belongs to (/api/whoami-v2)
    requests: list[HubRequest] = field(default_factory=list)
    bytes_served: Counter[tuple[str, str]] = field(default_factory=Counter)
    url: str = ""
    cdn_url: str = ""

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._servers: list[ThreadingHTTPServer] = []
        self._threads: list[threading.Thread] = []
        self._sending = 0  # file bodies being sent now
        self._sent_all = threading.Condition(self._lock)

    # -- setup ----------------------------------------------------------------------------
    def add_repo(
        self,
        repo_id: str,
        folder: Path,
        *,
        gated: bool = False,
        private: bool = False,
        tokens: tuple[str, ...] = (),
        **listing: Any,
    ) -> HubRepo:
        """Serve `folder` as `repo_id`. `listing` sets the fields the model list shows
        (downloads, likes, pipeline_tag, license, last_modified); a `hub.json` in the folder
        gives defaults for them (and for gated), so a repo tree on disk can carry them."""
        meta_file = folder / HUB_META
        meta = json.loads(meta_file.read_text()) if meta_file.is_file() else {}
        repo = scan_repo(repo_id, folder)
        repo.gated = gated or bool(meta.pop("gated", False))
        repo.private, repo.tokens = private, frozenset(tokens)
        for key, value in {**meta, **listing}.items():
            setattr(repo, key, value)
        self.valid_tokens.update(tokens)
        self.repos[repo_id] = repo
        return repo

    def start(self, repos_root: Path | None = None, port: int = 0) -> str:
        if repos_root is not None:
            for org in sorted(p for p in repos_root.iterdir() if p.is_dir()):
                for name in sorted(p for p in org.iterdir() if p.is_dir()):
                    self.add_repo(f"{org.name}/{name.name}", name)
        hub = self._serve("hub", port)
        cdn = self._serve("cdn", 0)
        self.url = f"http://127.0.0.1:{hub.server_address[1]}"
        self.cdn_url = f"http://127.0.0.1:{cdn.server_address[1]}"
        return self.url

    def _serve(self, kind: str, port: int) -> ThreadingHTTPServer:
        handler = type(f"{kind.title()}Handler", (_Handler,), {"hub": self, "kind": kind})
        server = _Server(("127.0.0.1", port), handler)
        thread = threading.Thread(
            target=server.serve_forever, args=(0.05,), name=f"fake-{kind}", daemon=True
        )
        thread.start()
        self._servers.append(server)
        self._threads.append(thread)
        return server

    def stop(self) -> None:
        self.release.set()  # a held body lets go, so its thread ends
        for server in self._servers:
            server.shutdown()
            server.server_close()
        for thread in self._threads:
            thread.join(timeout=5)
        self._servers.clear()
        self._threads.clear()

    def __enter__(self) -> FakeHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- counters -------------------------------------------------------------------------
    def served(self, repo_id: str, path: str) -> int:
        with self._lock:
            return self.bytes_served[(repo_id, path)]

    def total_served(self) -> int:
        with self._lock:
            return sum(self.bytes_served.values())

    def wait_until_no_body_is_sent(self, within: float = 10.0) -> bool:
        """Whether every file body's sending ended (finished, or the client went away) within
        `within` seconds: after it nothing more is served, so a test of "the transfer stopped"
        reads `total_served()` then, instead of sleeping."""
        with self._sent_all:
            return self._sent_all.wait_for(lambda: self._sending == 0, within)

    def body_requests(self, path_part: str) -> list[HubRequest]:
        return [r for r in list(self.requests) if r.method == "GET" and path_part in r.path]

    def _count(self, key: tuple[str, str], n: int) -> None:
        with self._lock:
            self.bytes_served[key] += n

    def _take_fail(self, key: tuple[str, str]) -> int | None:
        with self._lock:
            return self.fail_once.pop(key, None)


class _Handler(BaseHTTPRequestHandler):
    hub: FakeHub
    kind: str
    protocol_version = "HTTP/1.1"  # keep-alive, as the real hub and CDN

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: tests read `FakeHub.requests` instead."""

    def do_HEAD(self) -> None:
        self._dispatch(head=True)

    def do_GET(self) -> None:
        self._dispatch(head=False)

    # -- plumbing -------------------------------------------------------------------------
    def _record(self, status: int) -> None:
        self.hub.requests.append(
            HubRequest(
                server=self.kind,
                method=self.command,
                path=self.path,
                range=self.headers.get("Range"),
                authorization=self.headers.get("Authorization"),
                status=status,
            )
        )

    def _reply(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None) -> None:
        self._record(status)
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(data).encode()
        self._reply(status, body, {"Content-Type": "application/json", **(headers or {})})

    def _error(self, status: int, code: str | None, message: str, commit: str = "") -> None:
        headers = {"X-Error-Message": message}
        if code:
            headers["X-Error-Code"] = code
        if commit:
            headers["X-Repo-Commit"] = commit
        self._json(status, {"error": message}, headers)

    def _token(self) -> str | None:
        auth = self.headers.get("Authorization") or ""
        return auth[len("Bearer ") :] if auth.startswith("Bearer ") else None

    def _dispatch(self, *, head: bool) -> None:
        del head
        try:
            split = urlsplit(self.path)
            parts = [unquote(p) for p in split.path.split("/")[1:]]
            if self.kind == "cdn":
                self._cdn(parts)
            elif parts[:2] == ["api", "models"]:
                self._timed_api(parts[2:], parse_qs(split.query))
            elif parts[:2] == ["api", "whoami-v2"]:
                self._whoami()
            elif len(parts) >= 5 and parts[2] == "resolve":
                self._resolve(f"{parts[0]}/{parts[1]}", parts[3], "/".join(parts[4:]))
            else:
                self._hostile_file(parts)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _check_repo(self, repo_id: str, *, files: bool) -> HubRepo | None:
        """The hub's access rules; answers the error itself and returns None on refusal."""
        token = self._token()
        hub = self.hub
        if token is not None and token not in hub.valid_tokens:
            self._error(401, None, "Invalid credentials in Authorization header")
            return None
        repo = hub.repos.get(repo_id)
        if repo is None or (repo.private and token not in repo.tokens):
            status = 401 if token is None else 404
            self._error(status, "RepoNotFound", "Repository not found")
            return None
        if files and repo.gated and token not in repo.tokens:
            if token is None:
                msg = f"Access to model {repo_id} is restricted. You must have access to it and be authenticated to access it. Please log in."  # noqa: E501
                self._error(401, "GatedRepo", msg)
            else:
                msg = f"Access to model {repo_id} is restricted and you are not in the authorized list. Visit https://huggingface.co/{repo_id} to ask for access."  # noqa: E501
                self._error(403, "GatedRepo", msg)
            return None
        return repo

    def _whoami(self) -> None:
        """The hub's token check (`HfApi.whoami`): who a valid token belongs to, else 401."""
        token = self._token()
        if token is None or token not in self.hub.valid_tokens:
            self._error(401, None, "Invalid credentials in Authorization header")
            return
        self._json(
            200, {"type": "user", "name": self.hub.user_name, "auth": {"type": "access_token"}}
        )

    def _hostile_file(self, parts: list[str]) -> None:
        """The bytes of a hostile file whose name ends like the request's path, else 404."""
        for name, data in self.hub.hostile.files.items():
            if parts and name.endswith(parts[-1]):
                headers = {"ETag": f'"{self.hub.hostile.etag or git_blob_sha1(data)}"'}
                self._reply(200, data, {**headers, "X-Repo-Commit": self._commit(None)})
                return
        self._error(404, None, "Not Found")

    def _commit(self, repo: HubRepo | None) -> str:
        return self.hub.hostile.commit or (repo.commit if repo else "0" * 40)

    def _check_revision(self, repo: HubRepo, revision: str) -> bool:
        if revision in ("main", repo.commit):
            return True
        self._error(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        return False

    # -- routes ---------------------------------------------------------------------------
    def _timed_api(self, parts: list[str], query: dict[str, list[str]]) -> None:
        hub = self.hub
        with hub._lock:
            hub.api_in_flight += 1
            hub.api_max_in_flight = max(hub.api_max_in_flight, hub.api_in_flight)
        try:
            if hub.api_delay_s:
                time.sleep(hub.api_delay_s)
            self._api(parts, query)
        finally:
            with hub._lock:
                hub.api_in_flight -= 1

    def _api(self, parts: list[str], query: dict[str, list[str]]) -> None:
        if (not parts or parts == [""]) and self.hub.search_refusal is not None:
            self._error(400, None, self.hub.search_refusal)
            return
        if not parts or parts == [""]:
            self._json(200, _search(self.hub, query, self._token()))
            return
        if len(parts) < 2:
            self._error(404, None, "Not Found")
            return
        repo_id, rest = f"{parts[0]}/{parts[1]}", parts[2:]
        repo = self._check_repo(repo_id, files=False)
        if repo is None:
            return
        revision = rest[1] if len(rest) >= 2 and rest[0] in ("revision", "tree") else "main"
        if not self._check_revision(repo, revision):
            return
        if rest[:1] == ["tree"]:
            self._json(200, [_tree_item(f) for f in repo.files.values()])
            return
        blobs = query.get("blobs", ["false"])[0].lower() == "true"
        self._json(200, _model_info(repo, self.hub.hostile, blobs=blobs))

    def _resolve(self, repo_id: str, revision: str, path: str) -> None:
        repo = self._check_repo(repo_id, files=True)
        if repo is None or not self._check_revision(repo, revision):
            return
        f = repo.files.get(path)
        if f is None:
            if path in self.hub.hostile.files:
                self._hostile_file(path.split("/"))
                return
            self._error(404, "EntryNotFound", f"{path} does not exist", commit=repo.commit)
            return
        common = {"X-Repo-Commit": self._commit(repo), "Accept-Ranges": "bytes"}
        etag = self.hub.hostile.etag
        if f.lfs:
            org, name = repo_id.split("/")
            location = f"{self.hub.cdn_url}/lfs/{org}/{name}/{f.sha256}?X-Amz-Signature=fake"
            self._reply(
                302,
                headers={
                    **common,
                    "Location": location,
                    "ETag": f'"{etag or f.git_sha1}"',
                    "X-Linked-Etag": f'"{etag or f.sha256}"',
                    "X-Linked-Size": str(f.size),
                },
            )
            return
        self._body(repo, f, {**common, "ETag": f'"{etag or f.git_sha1}"'})

    def _cdn(self, parts: list[str]) -> None:
        if len(parts) != 4 or parts[0] != "lfs":
            self._error(404, None, "Not Found")
            return
        repo = self.hub.repos.get(f"{parts[1]}/{parts[2]}")
        match = [f for f in (repo.files.values() if repo else ()) if f.sha256 == parts[3]]
        if repo is None or not match:
            self._error(404, None, "NoSuchKey")
            return
        self._body(repo, match[0], {"ETag": f'"{match[0].sha256}"'})

    def _body(self, repo: HubRepo, f: HubFile, headers: dict[str, str]) -> None:
        start, status = 0, 200
        wanted = None if self.hub.ignore_range else self.headers.get("Range")
        if wanted:
            start = int(wanted.split("=", 1)[1].split("-", 1)[0] or 0)
            if start >= f.size:
                self._reply(416, headers={"Content-Range": f"bytes */{f.size}"})
                return
            status = 206
            headers = {**headers, "Content-Range": f"bytes {start}-{f.size - 1}/{f.size}"}
        self._record(status)
        self.send_response(status)
        for k, v in {**headers, "Content-Type": "application/octet-stream"}.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(f.size - start))
        self.end_headers()
        if self.command == "HEAD":
            return
        key = (repo.repo_id, f.path)
        cut = self.hub._take_fail(key) if self.command == "GET" else None
        if self.kind == "cdn" and self.hub.hostile.trickle is not None:
            cut = self.hub.hostile.trickle
        with self.hub._lock:
            self.hub._sending += 1
        try:
            self._send_file(f, start, key, cut)
        finally:
            with self.hub._sent_all:
                self.hub._sending -= 1
                self.hub._sent_all.notify_all()

    def _send_file(self, f: HubFile, start: int, key: tuple[str, str], cut: int | None) -> None:
        rate = self.hub.throttle_bps
        began, sent = time.monotonic(), 0
        with f.disk.open("rb") as src:
            src.seek(start)
            while chunk := src.read(_CHUNK):
                if cut is not None and sent + len(chunk) > cut:
                    chunk = chunk[: cut - sent]
                self.wfile.write(chunk)
                self.wfile.flush()
                sent += len(chunk)
                self.hub._count(key, len(chunk))
                if cut is not None and sent >= cut:
                    # Drop the connection mid-body, as a flaky network would.
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if self.hub.hold_after is not None and sent >= self.hub.hold_after:
                    self.hub.release.wait(120)
                if rate:
                    delay = began + sent / rate - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)


def _listing(repo: HubRepo) -> dict[str, Any]:
    """The fields the hub's model list and model info share."""
    tags = [repo.pipeline_tag] if repo.pipeline_tag else []
    if any(f.path.endswith(".safetensors") for f in repo.files.values()):
        tags.append("safetensors")
    if any(f.path.endswith(".gguf") for f in repo.files.values()):
        tags.append("gguf")
    if repo.license:
        tags.append(f"license:{repo.license}")
    return {
        "_id": repo.commit[:24],
        "id": repo.repo_id,
        "author": repo.repo_id.split("/")[0],
        "sha": repo.commit,
        "lastModified": repo.last_modified,
        "private": repo.private,
        "gated": "manual" if repo.gated else False,
        "disabled": False,
        "downloads": repo.downloads,
        "likes": repo.likes,
        "tags": tags,
        "pipeline_tag": repo.pipeline_tag,
        "library_name": "gguf" if "gguf" in tags and "safetensors" not in tags else "transformers",
        "createdAt": "2025-01-01T00:00:00.000Z",
    }


_SORT_KEYS = {"downloads": "downloads", "likes": "likes", "lastModified": "lastModified"}


def _search(hub: FakeHub, query: dict[str, list[str]], token: str | None) -> list[dict[str, Any]]:
    """The hub's model search: filters, a descending sort, `limit`, `expand`."""

    def one(key: str) -> str | None:
        return query.get(key, [None])[0]

    text = (one("search") or "").lower()
    author, task = one("author"), one("pipeline_tag")
    found = [
        _listing(repo)
        for repo in list(hub.repos.values())
        if (not repo.private or token in repo.tokens)
        and text in repo.repo_id.lower()
        and (author is None or repo.repo_id.split("/")[0] == author)
        and (task is None or repo.pipeline_tag == task)
    ]
    sort = _SORT_KEYS.get(one("sort") or "", "")
    if sort:
        found.sort(key=lambda item: item[sort], reverse=True)
    found = found[: int(one("limit") or 1000)]
    expand = query.get("expand", []) + query.get("expand[]", [])
    if expand:
        found = [{k: v for k, v in item.items() if k in ("_id", "id", *expand)} for item in found]
    return found


def refusing_url() -> str:
    """An address on 127.0.0.1 where nothing listens (connections are refused): a hub
    that cannot be reached, as with no network."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def _model_info(repo: HubRepo, hostile: Hostile, *, blobs: bool) -> dict[str, Any]:
    siblings = []
    for f in repo.files.values():
        item: dict[str, Any] = {"rfilename": f.path}
        if blobs:
            item |= {"size": f.size, "blobId": f.git_sha1}
            if f.lfs:
                pointer = len(_lfs_pointer(f.sha256, f.size))
                item["lfs"] = {"size": f.size, "sha256": f.sha256, "pointerSize": pointer}
        siblings.append(item)
    for name, data in hostile.files.items():
        extra: dict[str, Any] = {"rfilename": name}
        siblings.append(
            extra | ({"size": len(data), "blobId": git_blob_sha1(data)} if blobs else {})
        )
    info: dict[str, Any] = {**_listing(repo), "modelId": repo.repo_id, "siblings": siblings}
    if hostile.commit is not None:
        info["sha"] = hostile.commit
    config_file = repo.files.get("config.json")
    if config_file is not None:
        # The hub shows these parts of config.json to everyone, gated repos included.
        config = json.loads(config_file.disk.read_text())
        info["config"] = {k: config[k] for k in CONFIG_SHOWN if k in config}
    if repo.license:
        info["cardData"] = {"license": repo.license}
    return info


def _tree_item(f: HubFile) -> dict[str, Any]:
    item: dict[str, Any] = {"type": "file", "oid": f.git_sha1, "size": f.size, "path": f.path}
    if f.lfs:
        pointer = len(_lfs_pointer(f.sha256, f.size))
        item["lfs"] = {"oid": f.sha256, "size": f.size, "pointerSize": pointer}
    return item


# -- a tiny model folder ------------------------------------------------------------------
def write_safetensors(path: Path, payload_bytes: int, seed: int) -> None:
    """A valid safetensors file holding one U8 tensor of random bytes."""
    header = json.dumps(
        {"weight": {"dtype": "U8", "shape": [payload_bytes], "data_offsets": [0, payload_bytes]}}
    ).encode()
    header += b" " * (-len(header) % 8)  # the format pads the header to 8 bytes
    rnd = hashlib.shake_256(struct.pack("<Q", seed)).digest(payload_bytes)
    path.write_bytes(struct.pack("<Q", len(header)) + header + rnd)


def build_tiny_model(
    folder: Path, *, weights_bytes: int = 3 * 1024 * 1024, shards: int = 1, extras: bool = True
) -> Path:
    """config, generation config, tokenizer files, safetensors weights (and files to skip)."""
    folder.mkdir(parents=True, exist_ok=True)
    config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 128}
    (folder / "config.json").write_text(json.dumps(config, indent=2))
    (folder / "generation_config.json").write_text(json.dumps({"max_new_tokens": 16}))
    (folder / "tokenizer.json").write_text(json.dumps({"version": "1.0", "model": {}}))
    (folder / "tokenizer_config.json").write_text(json.dumps({"chat_template": "{{ x }}"}))
    (folder / "special_tokens_map.json").write_text(json.dumps({"eos_token": "</s>"}))
    (folder / "README.md").write_text("# tiny\n")
    per_shard = weights_bytes // shards
    if shards == 1:
        write_safetensors(folder / "model.safetensors", per_shard, seed=1)
    else:
        names = [f"model-{i:05d}-of-{shards:05d}.safetensors" for i in range(1, shards + 1)]
        for i, name in enumerate(names):
            write_safetensors(folder / name, per_shard, seed=i + 1)
        index = {"metadata": {}, "weight_map": {f"w{i}": n for i, n in enumerate(names)}}
        (folder / "model.safetensors.index.json").write_text(json.dumps(index))
    if extras:
        # Same weights in formats vLLM does not read from an HF folder: never downloaded.
        (folder / "pytorch_model.bin").write_bytes(os.urandom(256 * 1024))
        (folder / "onnx").mkdir(exist_ok=True)
        (folder / "onnx" / "model.onnx").write_bytes(os.urandom(64 * 1024))
    return folder


def repo_url_path(repo_id: str, revision: str, path: str) -> str:
    return f"/{repo_id}/resolve/{quote(revision, safe='')}/{quote(path)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="folder of ORG/NAME repository folders")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--throttle-bps", type=int, default=None)
    args = parser.parse_args(argv)
    hub = FakeHub(throttle_bps=args.throttle_bps)
    url = hub.start(args.root, port=args.port)
    print(f"FAKE_HUB_URL={url}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    hub.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
