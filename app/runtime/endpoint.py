"""What the endpoint may ask of the runtime (app.core.contracts), answered by the services."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from app.core.contracts import Backend, DownloadView, ModelView
from app.runtime.controller import Controller
from app.runtime.observed import Observed
from app.runtime.planner import Planner
from app.runtime.services.models import ModelService


class EndpointApi:
    """Implements ModelController and DownloadController for the proxy.

    Requests go through the controller (load on first use, swap); `/api/v1/load` and
    `/api/v1/unload` are the user's explicit commands and go through the model service, so
    that they clear a given-up model exactly as the GUI's and the CLI's do.
    """

    def __init__(
        self, controller: Controller, models: ModelService, planner: Planner, observed: Observed
    ) -> None:
        self._controller = controller
        self._models = models
        self._planner = planner
        self._observed = observed

    # -- ModelController ----------------------------------------------------------------
    def list_models(self) -> Sequence[ModelView]:
        return self._controller.list_models()

    def find_model(self, model_id: str) -> ModelView | None:
        return self._controller.find_model(model_id)

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        return self._controller.use(model_id)

    async def load(self, model_id: str) -> Backend:
        return await self._models.load(model_id)

    async def unload(self, model_id: str) -> None:
        await self._models.unload(model_id)

    def backends(self) -> Sequence[Backend]:
        return self._controller.backends()

    async def system_info(self) -> Mapping[str, Any]:
        # Read afresh (memory in use changes) in a worker thread: nvidia-smi may take seconds.
        return (await asyncio.to_thread(self._planner.refresh_system)).to_json()

    def stats(self) -> Mapping[str, Any]:
        return {"models": self._controller.usage(), "metrics": self._observed.latest_metrics()}

    # -- DownloadController -------------------------------------------------------------
    async def pull(self, model_id: str, checkpoint: str | None = None) -> str:
        return await self._models.pull(model_id, checkpoint)

    def downloads(self) -> Sequence[DownloadView]:
        return self._models.downloads()

    async def cancel(self, download_id: str) -> bool:
        return await self._models.cancel_download(download_id)
