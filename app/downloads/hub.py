"""Talking to the Hugging Face Hub: a repository's file plan and hub errors as problems."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from huggingface_hub import constants as hf_constants
from huggingface_hub import get_token
from huggingface_hub.errors import (
    FileMetadataError,
    GatedRepoError,
    HfHubHTTPError,
    OfflineModeIsEnabled,
    RemoteEntryNotFoundError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)

from app.core.problems.problems import Problem, problem, tr_noop, worded_problem
from app.core.untrusted import is_safe_relative_path, one_line
from app.downloads.selection import is_weight_file, select_files

DEFAULT_REVISION = "main"
# Seconds to wait for the hub's metadata answers (model info, HEAD of a file).
METADATA_TIMEOUT = 30.0

# What `token=` means to huggingface_hub: a string, or False to forbid the implicit login token.
HubToken = str | Literal[False]

COMMIT_RE = re.compile(r"^[0-9a-f]{40}$")
# A blob's name in the cache is its ETag: the sha256 of an LFS file or the git blob id.
_BLOB_NAME_RE = re.compile(r"^(?:[0-9a-f]{64}|[0-9a-f]{40})$")

# Which part of a hub's answer was refused (the `part` param of downloads.hub_bad_answer).
HubAnswerPart = Literal["file_name", "commit", "etag", "size"]


class BadHubAnswer(Exception):
    """The hub answered with a name that cannot safely become a path in the cache (a file name,
    commit or ETag that climbs out of it), or a size that is no size: nothing is written."""

    def __init__(self, part: HubAnswerPart, value: object) -> None:
        self.part: HubAnswerPart = part
        self.value = one_line(repr(value))[:200]  # shown to the user: printable, bounded
        super().__init__(f"the hub gave an unusable {part}: {self.value}")


def checked_file_name(value: object) -> str:
    """A repository file name from the hub, refused unless it stays below the snapshot."""
    if not isinstance(value, str) or not is_safe_relative_path(value):
        raise BadHubAnswer("file_name", value)
    return value


def checked_commit(value: object) -> str:
    if not isinstance(value, str) or not COMMIT_RE.match(value):
        raise BadHubAnswer("commit", value)
    return value


def checked_blob_name(value: object) -> str:
    """An ETag that names a blob: the hub's sha256 (LFS) or git blob id, nothing else."""
    if not isinstance(value, str) or not _BLOB_NAME_RE.match(value):
        raise BadHubAnswer("etag", value)
    return value


def _checked_size(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadHubAnswer("size", value)
    return value


@dataclass(frozen=True)
class RemoteFile:
    """One repository file to fetch; the digest comes from the hub's metadata."""

    path: str
    size: int
    sha256: str | None = None  # LFS files: sha256 of the content (also their ETag)
    git_sha1: str | None = None  # other files: the git blob id (also their ETag)

    @property
    def etag(self) -> str | None:
        """The name huggingface_hub gives this file's blob in the cache."""
        return self.sha256 or self.git_sha1


@dataclass(frozen=True)
class RepoPlan:
    """What a download of `repo_id` at `revision` fetches: files pinned to one commit."""

    repo_id: str
    revision: str
    commit: str
    files: tuple[RemoteFile, ...]
    gated: bool = False

    @property
    def total(self) -> int:
        return sum(f.size for f in self.files)


def hf_login_token() -> str | None:
    """The token `hf auth login` / `HF_TOKEN` provide, for callers that want to fall back to it."""
    return get_token()


def fetch_plan(
    repo_id: str, revision: str | None, *, token: HubToken, endpoint: str | None
) -> RepoPlan:
    """Ask the hub which files `repo_id` has at `revision` (blocking; run it in a thread).

    Raises the hub's own exceptions; `hub_problem` turns them into problems.
    """
    from huggingface_hub import HfApi  # its client: when used

    rev = revision or DEFAULT_REVISION
    api = HfApi(endpoint=endpoint, token=token)
    info = api.model_info(repo_id, revision=rev, files_metadata=True, timeout=METADATA_TIMEOUT)
    commit = checked_commit(info.sha)
    # Every name is checked where it enters, before any becomes a path (the ones not
    # downloaded too: a hub that sends one such name is not trusted with the others).
    siblings = {checked_file_name(s.rfilename): s for s in info.siblings or []}
    files: list[RemoteFile] = []
    for path in select_files(siblings):
        s = siblings[path]
        size = s.lfs.size if s.lfs is not None else s.size
        if size is None:
            raise RuntimeError(f"the hub did not report the size of {path}")
        files.append(
            RemoteFile(
                path=path,
                size=_checked_size(size),
                sha256=checked_blob_name(s.lfs.sha256) if s.lfs is not None else None,
                git_sha1=checked_blob_name(s.blob_id) if s.lfs is None else None,
            )
        )
    return RepoPlan(
        repo_id=repo_id,
        revision=rev,
        commit=commit,
        files=tuple(files),
        gated=bool(info.gated),
    )


def whoami(token: str, *, endpoint: str | None) -> str:
    """The account `token` belongs to, as the hub says (blocking; run it in a thread).
    Raises the hub's own exceptions (401: not a valid token); `token_problem` words them."""
    from huggingface_hub import HfApi  # its client: when used

    info = HfApi(endpoint=endpoint).whoami(token=token)
    return str(info.get("name") or "?")


def token_problem(exc: Exception, endpoint: str | None) -> Problem:
    """Why the hub did not accept a token: refused by it, or not reached."""
    host = endpoint or hf_constants.ENDPOINT
    status = exc.response.status_code if isinstance(exc, HfHubHTTPError) else None
    if status in (401, 403):
        return problem("downloads.token_refused", host=host)
    return problem("downloads.token_unchecked", host=host, reason=str(exc) or type(exc).__name__)


def has_weights(plan: RepoPlan) -> bool:
    return any(is_weight_file(f.path) for f in plan.files)


def no_weights_problem(plan: RepoPlan) -> Problem:
    return problem("downloads.no_weights", repo=plan.repo_id)


def _status(exc: HfHubHTTPError) -> int | None:
    response = getattr(exc, "response", None)
    return None if response is None else int(response.status_code)


# Why the hub refused a download (also the `reason` param of its problem).
GatedReason = Literal["no_token", "no_access", "token_rejected", "private_or_missing"]


def gated_problem(repo: str, reason: GatedReason) -> Problem:
    templates: dict[GatedReason, str] = {
        "no_token": tr_noop(
            "{repo} is gated: Hugging Face only lets signed-in users who accepted its terms "
            "download it. Accept them on the model's page, add an access token with read "
            "access, then download again."
        ),
        "no_access": tr_noop(
            "Your Hugging Face token has no access to {repo}: accept the model's terms on its "
            "page with the account the token belongs to (or use a token with read access), "
            "then download again."
        ),
        "token_rejected": tr_noop(
            "Hugging Face rejected the access token (it may be mistyped, revoked or expired). "
            "Replace it, then download {repo} again."
        ),
        "private_or_missing": tr_noop(
            "{repo} was not found on Hugging Face, or it is private. Check the name; if it is "
            "private, add an access token that can read it, then download again."
        ),
    }
    return worded_problem("downloads.gated", templates[reason], repo=repo, reason=reason)


def not_found_problem(repo: str, revision: str | None, file: str | None = None) -> Problem:
    if file is not None:
        return worded_problem(
            "downloads.not_found",
            tr_noop("{file} disappeared from {repo} during the download. Try again."),
            repo=repo,
            revision=revision,
            file=file,
        )
    if revision and revision != DEFAULT_REVISION:
        return worded_problem(
            "downloads.not_found",
            tr_noop("{repo} has no revision {revision} on Hugging Face. Check the name."),
            repo=repo,
            revision=revision,
        )
    return problem("downloads.not_found", repo=repo, revision=revision)


def unreachable_problem(endpoint: str | None, error: str) -> Problem:
    return problem(
        "downloads.unreachable",
        # None: the host huggingface_hub really uses (HF_ENDPOINT, else huggingface.co).
        endpoint=endpoint or hf_constants.ENDPOINT,
        error=error,
    )


def offline_problem() -> Problem:
    return problem("downloads.offline")


def no_space_problem(needed: int, free: int, path: str) -> Problem:
    return problem(
        "downloads.no_space",
        needed_gb=round(needed / 1e9, 2),
        free_gb=round(free / 1e9, 2),
        needed_bytes=needed,
        free_bytes=free,
        path=path,
    )


def failed_problem(repo: str, error: str) -> Problem:
    return problem("downloads.failed", repo=repo, error=error)


def hub_problem(
    exc: BaseException,
    *,
    repo: str,
    revision: str | None,
    endpoint: str | None,
    token_set: bool,
    file: str | None = None,
) -> Problem:
    """Turn an exception from huggingface_hub or the HTTP client into a user-facing problem."""
    if isinstance(exc, OfflineModeIsEnabled):
        return offline_problem()
    if isinstance(exc, BadHubAnswer):
        return bad_answer_problem(exc, repo=repo, endpoint=endpoint)
    if isinstance(exc, GatedRepoError):
        return gated_problem(repo, "no_access" if token_set else "no_token")
    if isinstance(exc, RevisionNotFoundError):
        return not_found_problem(repo, revision)
    if isinstance(exc, RemoteEntryNotFoundError):
        return not_found_problem(repo, revision, file=file or "a file")
    if isinstance(exc, RepositoryNotFoundError):
        # The hub answers 401 for both a missing and a private repo to anonymous callers.
        if _status(exc) == 401 and not token_set:
            return gated_problem(repo, "private_or_missing")
        return not_found_problem(repo, None)
    if isinstance(exc, HfHubHTTPError):
        return _http_problem(_status(exc), repo=repo, endpoint=endpoint, token_set=token_set)
    return _transport_problem(exc, repo=repo, endpoint=endpoint)


def _transport_problem(exc: BaseException, *, repo: str, endpoint: str | None) -> Problem:
    """The way to the hub broke, or what answered is not a hub."""
    import httpx2  # imported when used: a quick command never loads it

    if isinstance(exc, httpx2.TransportError):
        return unreachable_problem(endpoint, transport_reason(exc))
    if isinstance(exc, FileMetadataError):
        # Typically HF_ENDPOINT pointing at a proxy or server that is not a hub mirror.
        return unreachable_problem(endpoint, "the server does not answer like a Hugging Face hub")
    return failed_problem(repo, str(exc) or "the download stopped unexpectedly")


def bad_answer_problem(exc: BadHubAnswer, *, repo: str, endpoint: str | None) -> Problem:
    """The hub's refused answer, named, in one sentence."""
    templates: dict[HubAnswerPart, str] = {
        "file_name": tr_noop(
            "The hub at {endpoint} listed a file of {repo} as {value}, which is not a safe "
            "name for a file in the model's folder; nothing was downloaded. Check HF_ENDPOINT."
        ),
        "commit": tr_noop(
            "The hub at {endpoint} gave {value} as the commit of {repo}, which is not a "
            "commit id; nothing was downloaded. Check HF_ENDPOINT."
        ),
        "etag": tr_noop(
            "The hub at {endpoint} gave {value} as the checksum of a file of {repo}, which is "
            "not a checksum; the file was not downloaded. Check HF_ENDPOINT."
        ),
        "size": tr_noop(
            "The hub at {endpoint} gave {value} as the size of a file of {repo}, which is not "
            "a size; nothing was downloaded. Check HF_ENDPOINT."
        ),
    }
    return worded_problem(
        "downloads.hub_bad_answer",
        templates[exc.part],
        endpoint=endpoint or hf_constants.ENDPOINT,
        repo=repo,
        value=exc.value,
        part=exc.part,
    )


def _http_problem(
    status: int | None, *, repo: str, endpoint: str | None, token_set: bool
) -> Problem:
    """An HTTP error status the hub answered with, other than a missing repo or revision."""
    if status == 401:
        return gated_problem(repo, "token_rejected" if token_set else "no_token")
    if status == 403:
        return gated_problem(repo, "no_access" if token_set else "no_token")
    return unreachable_problem(endpoint, f"the hub answered HTTP {status}")


def transport_reason(exc: Exception) -> str:
    """What went wrong on the way, in words: a user sees this, never the exception's class."""
    import httpx2  # imported when used: a quick command never loads it

    if isinstance(exc, httpx2.TimeoutException):
        return "it did not answer in time"
    if isinstance(exc, httpx2.ConnectError):
        return "the connection could not be made"
    return "the connection broke off"
