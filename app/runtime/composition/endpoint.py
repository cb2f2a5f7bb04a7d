"""What the endpoint may ask of the runtime (app.core.contracts), answered by the services."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from app.core.contracts import Backend, DownloadView, ModelView
from app.core.remotes.remotes import RemoteView, not_local, split_model_id
from app.runtime.api.services import Services

HEALTH_ENGINE_WAIT_S = 2.0


class EndpointApi:
    """Implements ModelController and DownloadController for the proxy over `Services`.

    Requests go through `models.use` (load on first use, swap); `/api/v1/load` and
    `/api/v1/unload` are the user's explicit commands and go through `models.load` and
    `models.unload`, so that they clear a given-up model exactly as the GUI's and the CLI's
    do.

    A model id `NAME/MODEL` whose NAME is a remote server goes to the remote service
    instead (local ids never hold a slash), so the controller knows nothing of remotes.
    """

    def __init__(self, services: Services) -> None:
        self._s = services

    # -- ModelController ----------------------------------------------------------------
    def list_models(self) -> Sequence[ModelView]:
        return self._s.views.model_views()

    def find_model(self, model_id: str) -> ModelView | None:
        return self._s.views.find_model(model_id)

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        # A local id holds no slash: the remotes are asked only about an id that may be theirs.
        if split_model_id(model_id) is not None and self._s.remotes.owns(model_id):
            return self._s.remotes.use(model_id)
        return self._s.models.use(model_id)

    async def load(self, model_id: str) -> Backend:
        self._refuse_remote(model_id)
        return await self._s.models.load(model_id)

    async def unload(self, model_id: str) -> None:
        self._refuse_remote(model_id)
        await self._s.models.unload(model_id)

    def _refuse_remote(self, model_id: str) -> None:
        parts = split_model_id(model_id)
        if parts is not None and self._s.remotes.owns(model_id):
            raise not_local(model_id, parts[0])

    def remotes(self) -> Sequence[RemoteView]:
        return self._s.remotes.views()

    def backends(self) -> Sequence[Backend]:
        return self._s.models.backends()

    async def system_info(self) -> Mapping[str, Any]:
        return (await self._s.views.refresh_system()).to_json()

    async def engine(self) -> Mapping[str, Any] | None:
        # /v1/health must answer at once: the first reading of a user's own vLLM may take
        # seconds; it goes on and the next answer has it.
        advice = await self._s.engines.current_advice(wait_s=HEALTH_ENGINE_WAIT_S)
        return advice.to_json() if advice is not None else None

    def stats(self) -> Mapping[str, Any]:
        return self._s.views.stats()

    # -- DownloadController -------------------------------------------------------------
    async def pull(
        self, model_id: str, checkpoint: str | None = None, *, change_source: bool = False
    ) -> str:
        return await self._s.models.pull(model_id, checkpoint, change_source=change_source)

    def downloads(self) -> Sequence[DownloadView]:
        return self._s.models.downloads()

    async def cancel(self, download_id: str) -> bool:
        return await self._s.models.cancel_download(download_id)
