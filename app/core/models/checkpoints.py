"""Where a model's files come from: a Hugging Face repository (and revision) or a local folder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import is_safe_relative_path

_REPO_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$")
REPO_PATTERN = _REPO_RE.pattern  # for the endpoint's OpenAPI document
# What `git check-ref-format` refuses in a ref besides what a path may not hold.
_NOT_IN_REF = re.compile(r"[\s~^:?*\[]|\.\.|@\{|\.lock(?:/|$)|^\.|/\.|\.$")


@dataclass(frozen=True)
class Checkpoint:
    """Where a model's files come from: a Hugging Face repo (and revision) or a local folder."""

    repo_id: str | None = None
    revision: str | None = None
    local_path: Path | None = None

    @property
    def is_local(self) -> bool:
        return self.local_path is not None

    def __str__(self) -> str:
        if self.local_path is not None:
            return str(self.local_path)
        assert self.repo_id is not None
        return f"{self.repo_id}:{self.revision}" if self.revision else self.repo_id


def parse_checkpoint(text: str) -> Checkpoint:
    """`org/repo`, `org/repo:revision` or an absolute local folder."""
    text = text.strip()
    if text.startswith(("/", "~")):
        path = Path(text).expanduser()
        if not path.is_absolute():
            raise _bad_checkpoint(text)
        return Checkpoint(local_path=path)
    repo, colon, revision = text.partition(":")
    if not _REPO_RE.match(repo) or (colon and not _is_revision(revision)):
        raise _bad_checkpoint(text)
    return Checkpoint(repo_id=repo, revision=revision or None)


def _is_revision(text: str) -> bool:
    """A branch, tag or commit as git names them: it becomes `refs/<revision>` in the cache, so
    nothing that climbs out of a folder (`..`, an absolute path), and none of the characters
    git refuses in a ref name."""
    return is_safe_relative_path(text, max_length=255) and not _NOT_IN_REF.search(text)


def _bad_checkpoint(text: str) -> ProblemError:
    return ProblemError(problem("models.bad_checkpoint", checkpoint=text))
