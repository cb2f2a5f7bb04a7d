"""One ROCm bundle release of lemonade-sdk/vllm-rocm: its asset names, checksums and download.

The publisher's build workflow (.github/workflows/build-vllm-rocm.yml) uploads a release per
tag with one asset `<tag>-x64.tar.gz`, or, above 1.9 GB, `<tag>-x64.partNN-of-MM.tar.gz` and a
`<tag>-x64.partcount` file holding MM. It publishes no checksum file; GitHub lists a SHA-256
`digest` for every release asset in its API (`/repos/…/releases/tags/<tag>`), which is checked
when the API answers (it allows 60 unauthenticated requests an hour).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json
from app.supervisor.engines.archive import TransferCancelled, download, fetch_text, remote_size
from app.supervisor.engines.base import ProgressCallback

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

MAX_PARTS = 99  # part names carry two digits
MAX_API_BYTES = 1_000_000
_DIGEST = re.compile(r"sha256:([0-9a-f]{64})")
_MB = 1_000_000

PHASE_CHECKING = "checking"
PHASE_DOWNLOADING = "downloading"
PHASE_VERIFYING = "verifying"


def part_assets(stem: str, count: int) -> list[str]:
    """Names of a split archive: `<stem>.part01-of-03.tar.gz` … (both numbers two digits)."""
    return [f"{stem}.part{index:02d}-of-{count:02d}.tar.gz" for index in range(1, count + 1)]


async def _release_assets(client: httpx.AsyncClient, base: str, stem: str, tag: str) -> list[str]:
    """The release's archive, or its parts when it lists a part count (large bundles)."""
    count_text = await fetch_text(client, f"{base}/{stem}.partcount")
    if count_text is None:
        return [f"{stem}.tar.gz"]
    text = count_text.strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_PARTS:
        raise ProblemError(problem("engine.bad_release", tag=tag, text=text[:40]))
    return part_assets(stem, int(text))


async def asset_digests(client: httpx.AsyncClient, api_url: str, tag: str) -> dict[str, str]:
    """SHA-256 (hex) per asset name as GitHub's API lists them; empty when it does not say."""
    import httpx  # imported when used: a quick command never loads it

    url = f"{api_url.rstrip('/')}/{tag}"
    try:
        async with client.stream("GET", url, headers={"Accept": "application/json"}) as response:
            if response.status_code != 200:
                log.info("no checksums for %s: HTTP %s", tag, response.status_code)
                return {}
            data = bytearray()
            async for chunk in response.aiter_bytes():
                data += chunk
                if len(data) > MAX_API_BYTES:
                    log.info("no checksums for %s: the answer is too large", tag)
                    return {}
        doc = parse_json(bytes(data))
    except (httpx.HTTPError, ValueError) as exc:
        log.info("no checksums for %s: %s", tag, exc)
        return {}
    assets = doc.get("assets") if isinstance(doc, dict) else None
    found: dict[str, str] = {}
    for asset in assets if isinstance(assets, list) else []:
        if not isinstance(asset, dict) or not isinstance(asset.get("name"), str):
            continue
        digest = _DIGEST.fullmatch(str(asset.get("digest", "")))
        if digest is not None:
            found[asset["name"]] = digest.group(1)
    return found


def _sha256(path: Path) -> str:
    hasher = hashlib.sha256()
    with path.open("rb") as stream:
        while block := stream.read(1 << 20):
            hasher.update(block)
    return hasher.hexdigest()


async def download_release(
    *,
    base_url: str,
    api_url: str | None,
    tag: str,
    downloads: Path,
    progress: ProgressCallback,
    cancel: asyncio.Event | None,
) -> tuple[list[Path], int]:
    """Fetch the release's archive (or parts) into `downloads` and check each against the
    SHA-256 the API lists; returns the files and their size. A mismatch deletes `downloads`
    and raises `engine.checksum_mismatch`."""
    import httpx  # imported when used: a quick command never loads it

    stem = f"{tag}-x64"
    base = f"{base_url.rstrip('/')}/{tag}"
    progress(InstallProgress(PHASE_CHECKING, 0, None, f"Looking up {tag}"))
    await asyncio.to_thread(_prepare, downloads, stem)
    timeout = httpx.Timeout(60.0, connect=20.0)
    async with httpx.AsyncClient(follow_redirects=True, timeout=timeout) as client:
        assets = await _release_assets(client, base, stem, tag)
        digests = await asset_digests(client, api_url, tag) if api_url else {}
        sizes = [await remote_size(client, f"{base}/{asset}") for asset in assets]
        total = sum(s for s in sizes if s is not None) if None not in sizes else None
        finished = 0
        for index, (asset, size) in enumerate(zip(assets, sizes, strict=True), start=1):
            if cancel is not None and cancel.is_set():
                raise TransferCancelled
            dest = downloads / asset
            if dest.exists() and size not in (None, dest.stat().st_size):
                dest.unlink()  # not the file the server has now
            label = f"part {index} of {len(assets)}" if len(assets) > 1 else tag
            if dest.exists():
                finished += dest.stat().st_size
                progress(InstallProgress(PHASE_DOWNLOADING, finished, total, label))
                continue

            def report(
                done: int, part_total: int | None, label: str = label, before: int = finished
            ) -> None:
                detail = f"{done / _MB:.1f}"
                if part_total is not None:
                    detail += f" of {part_total / _MB:.1f}"
                progress(
                    InstallProgress(
                        PHASE_DOWNLOADING, before + done, total, f"{label}: {detail} MB"
                    )
                )

            finished += await download(client, f"{base}/{asset}", dest, report, cancel)
    files = [downloads / asset for asset in assets]
    await _verify(files, digests, tag, progress)
    return files, finished


def _prepare(downloads: Path, stem: str) -> None:
    downloads.mkdir(parents=True, exist_ok=True)
    for stale in downloads.iterdir():
        if not stale.name.startswith(stem + "."):
            stale.unlink()  # leftovers of another release


async def _verify(
    files: list[Path], digests: dict[str, str], tag: str, progress: ProgressCallback
) -> None:
    """Each file against its listed SHA-256; a mismatch deletes their folder (the bytes are
    not what was published: neither resumed from nor unpacked)."""
    for path in files:
        wanted = digests.get(path.name)
        if wanted is None:
            continue
        progress(InstallProgress(PHASE_VERIFYING, 0, None, f"Checking {path.name}"))
        if await asyncio.to_thread(_sha256, path) != wanted:
            await asyncio.to_thread(shutil.rmtree, path.parent, True)
            raise ProblemError(problem("engine.checksum_mismatch", file=path.name, tag=tag))
