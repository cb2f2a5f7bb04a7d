"""Remote vLLM servers behind the endpoint: the remotes file, its rules, and what a remote says.

A remote is another OpenAI-compatible vLLM server (a bare `vllm serve`, or another machine's
`vllm-tray serve`) whose models the endpoint lists and relays as `NAME/MODEL`, the way
llama-swap's `peers:` work. This module only decides what a valid remote is and reads a
remote's model list; checking and relaying live in app.runtime.remotes.remotes.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from app.core.problems.problems import Problem, ProblemError, echoed, problem
from app.core.states import ProcessState

CONFIG_VERSION = 1
# Lower case only: the name is also part of the keyring entry's name (`remote.NAME`), and
# two remotes that differ only in case would be one model prefix to a human reader.
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
_ENV_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
SECRET_PREFIX = "remote."
SEPARATOR = "/"  # between a remote's name and its model's own id
SERVER_VLLM_TRAY = "vllm-tray"  # another vllm-tray serve: its cards carry model states
SERVER_VLLM = "vllm"  # anything else that answers /v1/models (a bare vLLM server)


# -- problems ---------------------------------------------------------------------------------
def bad_name(name: str) -> ProblemError:
    return ProblemError(problem("remotes.bad_name", name=name))


def bad_url(url: str, reason: str) -> ProblemError:
    return ProblemError(problem("remotes.bad_url", url=url, reason=reason))


def exists(name: str) -> ProblemError:
    return ProblemError(problem("remotes.exists", name=name))


def unknown(name: str, known: Iterable[str]) -> ProblemError:
    return ProblemError(
        problem("remotes.unknown", name=echoed(name), known=", ".join(sorted(known)) or "none")
    )


def bad_env(var: str) -> ProblemError:
    return ProblemError(problem("remotes.bad_env", var=var))


def two_keys() -> ProblemError:
    return ProblemError(problem("remotes.two_keys"))


def unreachable(name: str, url: str, reason: str) -> Problem:
    return problem("remotes.unreachable", name=name, url=url, reason=reason)


def refused_key(name: str, url: str, status: int) -> Problem:
    return problem("remotes.refused_key", name=name, url=url, status=status)


def needs_key(name: str, url: str, status: int) -> Problem:
    return problem("remotes.needs_key", name=name, url=url, status=status)


def missing_env_key(name: str, var: str) -> Problem:
    return problem("remotes.missing_env_key", name=name, var=var)


def not_a_model_list(name: str, url: str, detail: str) -> Problem:
    return problem("remotes.not_a_model_list", name=name, url=url, detail=detail)


def not_local(model_id: str, name: str) -> ProblemError:
    return ProblemError(problem("remotes.not_local", model=model_id, name=name))


# -- the remotes file ------------------------------------------------------------------------
@dataclass(frozen=True)
class RemoteServer:
    """One remote as saved in `remotes.json`. Its key is never in the file: it is in the
    keyring as `remote.NAME` (`key_saved`), or read from `api_key_env` at run time."""

    name: str
    url: str  # normalised: scheme://host[:port][/prefix], without a trailing /v1
    api_key_env: str | None = None
    key_saved: bool = False

    @property
    def secret_name(self) -> str:
        return secret_name(self.name)

    @property
    def key_source(self) -> str | None:
        """Where its key comes from, for people: "keyring", "env:VAR", or None."""
        if self.api_key_env:
            return f"env:{self.api_key_env}"
        return "keyring" if self.key_saved else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "url": self.url,
            "api_key_env": self.api_key_env,
            "key_saved": self.key_saved,
        }


@dataclass(frozen=True)
class RemotesConfig:
    remotes: tuple[RemoteServer, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.remotes)

    def get(self, name: str) -> RemoteServer | None:
        return next((r for r in self.remotes if r.name == name), None)

    def added(self, remote: RemoteServer) -> RemotesConfig:
        if self.get(remote.name) is not None:
            raise exists(remote.name)
        return replace(self, remotes=(*self.remotes, remote))

    def removed(self, name: str) -> RemotesConfig:
        if self.get(name) is None:
            raise unknown(name, self.names)
        return replace(self, remotes=tuple(r for r in self.remotes if r.name != name))

    def to_json(self) -> dict[str, Any]:
        return {"version": CONFIG_VERSION, "remotes": [r.to_json() for r in self.remotes]}


def secret_name(name: str) -> str:
    return SECRET_PREFIX + name


def check_name(name: str) -> str:
    if not _NAME_RE.match(name):
        raise bad_name(name)
    return name


def check_env_name(var: str) -> str:
    if not _ENV_RE.match(var):
        raise bad_env(var)
    return var


def normalize_url(text: str) -> str:
    """The base URL requests are sent under: `http(s)://host[:port][/prefix]`.

    A trailing `/v1` (the openai client's base_url, which people copy) is dropped: the
    endpoint appends the full path (`/v1/chat/completions`). A user name or password in the
    URL is refused: the key belongs in the keyring, not in a file or a command line.
    """
    url = text.strip()
    parts, port = _split(url, text)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise bad_url(text, "it must start with http:// or https://")
    if not parts.hostname:
        raise bad_url(text, "it names no host")
    if parts.username is not None or parts.password is not None:
        raise bad_url(text, "it must not hold a user name or key (give the key separately)")
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        raise bad_url(text, "it must not have a query or fragment")
    if any(c.isspace() for c in url):
        raise bad_url(text, "it contains spaces")
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"  # an IPv6 literal keeps its brackets
    netloc = host if port is None else f"{host}:{port}"
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[: -len("/v1")]
    return f"{scheme}://{netloc}{path}"


def _split(url: str, text: str) -> tuple[urllib.parse.SplitResult, int | None]:
    """`url` in parts, and its port; `text` (as typed) is what a refusal names."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port  # raises ValueError for a port that is not a number or too big
    except ValueError as exc:
        # urllib's own words ("Port could not be cast to integer value…") are not the user's.
        if "port" in str(exc).lower():
            raise bad_url(text, "its port must be a number from 1 to 65535") from None
        raise bad_url(text, "it is not a valid address") from None
    if port == 0:
        raise bad_url(text, "its port must be a number from 1 to 65535")
    return parts, port


def new_remote(
    config: RemotesConfig, name: str, url: str, *, api_key_env: str | None, key_saved: bool
) -> RemoteServer:
    """A remote to add, checked against the rules and the remotes there are (raises
    ProblemError with a `remotes.*` input code)."""
    check_name(name)
    normal = normalize_url(url)
    env = check_env_name(api_key_env) if api_key_env is not None else None
    if env is not None and key_saved:
        raise two_keys()
    if config.get(name) is not None:
        raise exists(name)
    return RemoteServer(name=name, url=normal, api_key_env=env, key_saved=key_saved)


def remotes_from_json(raw: Any) -> RemotesConfig:
    """Parse and validate `remotes.json` (a version that does not validate is reported and
    left alone by app.core.jsonstore)."""
    if not isinstance(raw, dict):
        raise ValueError("the file must hold a JSON object")
    items = raw.get("remotes", [])
    if not isinstance(items, list):
        raise ValueError('"remotes" must be a list')
    config = RemotesConfig()
    for item in items:
        if not isinstance(item, dict):
            raise ValueError("each remote must be a JSON object")
        name, url = item.get("name"), item.get("url")
        env = item.get("api_key_env")
        key_saved = item.get("key_saved", False)
        if not isinstance(name, str) or not isinstance(url, str):
            raise ValueError('each remote needs a "name" and a "url"')
        if env is not None and not isinstance(env, str):
            raise ValueError('"api_key_env" must be a name or null')
        if not isinstance(key_saved, bool):
            raise ValueError('"key_saved" must be true or false')
        config = config.added(
            new_remote(config, name, url, api_key_env=env, key_saved=key_saved and env is None)
        )
    return config


def split_model_id(model_id: str) -> tuple[str, str] | None:
    """("office", "Qwen/Qwen3-8B") for "office/Qwen/Qwen3-8B"; None for a local id (local ids
    never hold a slash). The remote's own id may hold slashes (vLLM's default served name is
    the model's repository)."""
    name, sep, own = model_id.partition(SEPARATOR)
    if not sep or not name or not own:
        return None
    return name, own


# -- what a remote's /v1/models says -----------------------------------------------------------
@dataclass(frozen=True)
class RemoteModel:
    """One model a remote offers, under its own id."""

    id: str
    state: ProcessState = ProcessState.RUNNING  # a bare vLLM serves what it lists
    ctx_size: int = 0
    checkpoint: str = ""
    size_gb: float | None = None
    created: int = 0


@dataclass(frozen=True)
class ModelList:
    server: str  # SERVER_VLLM_TRAY or SERVER_VLLM
    models: tuple[RemoteModel, ...]


def parse_model_list(raw: Any) -> ModelList:
    """A remote's /v1/models answer; raises ValueError (its text says what is wrong).

    From another vllm-tray, only models it has on disk are taken (it lists its whole catalog,
    most of which it cannot serve without a download), and not the models it relays from
    its own remotes: one hop only, so that two apps that list each other never loop.
    """
    if not isinstance(raw, dict) or not isinstance(raw.get("data"), list):
        raise ValueError('no "data" list')
    cards = raw["data"]
    tray = any(isinstance(c, dict) and c.get("owned_by") == SERVER_VLLM_TRAY for c in cards)
    models: list[RemoteModel] = []
    for card in cards:
        if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
            raise ValueError("a model without an id")
        if card.get("remote") is not None:
            continue  # relayed from a remote of that remote
        if tray and card.get("downloaded") is False:
            continue
        models.append(_remote_model(card))
    return ModelList(SERVER_VLLM_TRAY if tray else SERVER_VLLM, tuple(models))


def model_list_json(listing: ModelList) -> dict[str, Any]:
    """`listing` as the /v1/models answer `parse_model_list` reads back (the app keeps each
    remote's last answer across restarts in this shape, read through the same checks)."""
    return {
        "data": [
            {
                "id": m.id,
                "owned_by": listing.server,
                "state": m.state.value,
                "ctx_size": m.ctx_size,
                "checkpoint": m.checkpoint,
                "size_gb": m.size_gb,
                "created": m.created,
            }
            for m in listing.models
        ]
    }


def _remote_model(card: Mapping[str, Any]) -> RemoteModel:
    try:
        state = ProcessState(card.get("state", ProcessState.RUNNING.value))
    except ValueError:
        state = ProcessState.RUNNING
    ctx = card.get("ctx_size", card.get("max_model_len"))
    size = card.get("size_gb")
    created = card.get("created")
    checkpoint = card.get("checkpoint", card.get("root"))
    return RemoteModel(
        id=card["id"],
        state=state,
        ctx_size=ctx if isinstance(ctx, int) and not isinstance(ctx, bool) else 0,
        checkpoint=checkpoint if isinstance(checkpoint, str) else "",
        size_gb=float(size)
        if isinstance(size, int | float) and not isinstance(size, bool)
        else None,
        created=created if isinstance(created, int) and not isinstance(created, bool) else 0,
    )


@dataclass(frozen=True)
class RemoteView:
    """A remote as /v1/health, the CLI and the GUI show it."""

    name: str
    url: str
    reachable: bool | None  # None: not checked yet
    server: str | None  # SERVER_VLLM_TRAY, SERVER_VLLM, or None before it first answered
    model_ids: tuple[str, ...]  # the remote's own ids
    key_source: str | None  # "keyring", "file" (no keyring here), "env:VAR" or None
    problem: Problem | None = None
    checked_at: float | None = None  # wall clock of the last check
    next_check_at: float | None = None  # wall clock
    key_file: str | None = None  # the file that holds the key when key_source is "file"

    @property
    def status(self) -> str:
        """One word: "reachable", "unreachable" or "checking"."""
        if self.reachable is None:
            return "checking"
        return "reachable" if self.reachable else "unreachable"
