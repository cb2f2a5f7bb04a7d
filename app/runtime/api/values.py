"""The values the other services answer with: an endpoint, search results, engine builds."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.engines.advisories import EngineAdvice
from app.core.engines.rocm_feed import FeedBuild, FeedView
from app.core.memory.fit import ArchSupport, FitEstimate, WeightFormat
from app.core.problems.problems import Problem
from app.core.search.hub_search import HubModel
from app.core.states import EngineKind


@dataclass(frozen=True)
class Endpoint:
    """Where requests go: an endpoint of vLLM Tray and its key (None when it needs none)."""

    url: str
    api_key: str | None = None

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers


@dataclass(frozen=True)
class SearchResult:
    """One result of a search; `details` when they were fetched already (else ask
    `SearchService.details`). `registered_as` is the model id it is known by here."""

    model: HubModel
    registered_as: str | None = None
    details: ModelDetails | None = None


@dataclass(frozen=True)
class SearchResults:
    """A search's results, and how many more the hub sent that could not be read (left out)."""

    results: list[SearchResult]
    skipped: int = 0


@dataclass(frozen=True)
class ModelDetails:
    """What running a repository here would take, before anything is downloaded."""

    repo_id: str
    weight_format: WeightFormat
    weights_bytes: int
    download_bytes: int
    architecture: str | None
    support: ArchSupport
    vllm_version: str
    quantization: str | None
    fit: FitEstimate
    gated: bool
    license: str | None
    family: str | None = None  # the vllm_model_config.json family its checkpoint matches
    family_args: tuple[str, ...] = ()
    registered_as: str | None = None
    problem: Problem | None = None  # why part of it is unknown (a gated config.json)


@dataclass(frozen=True)
class AddedModel:
    model_id: str
    download_id: str


@dataclass(frozen=True)
class EngineReport:
    """One engine build as the views list it."""

    kind: EngineKind
    installed: bool
    version: str | None = None
    location: str | None = None
    problem: Problem | None = None
    active: bool = False
    # The vLLM release it runs and the known advisories for it (app.core.engines.advisories); None
    # when it is not installed.
    advice: EngineAdvice | None = None


@dataclass(frozen=True)
class RocmBuildRow:
    """One ROCm build the GPU can choose, and where it stands on this machine."""

    build: FeedBuild
    installed: bool = False
    in_use: bool = False
    default: bool = False


@dataclass(frozen=True)
class RocmBuilds:
    """The ROCm builds for this machine's GPU and the feed they come from; `problem` says
    why the GPU cannot run any (then `rows` is empty)."""

    target: str | None
    rows: tuple[RocmBuildRow, ...]
    feed: FeedView
    problem: Problem | None = None
