"""Chatting with a model through the app's own endpoint (the OpenAI-compatible API).

The chat is a client of the endpoint like any other, so it exercises what clients see: the
endpoint loads the model on the first request, relays the stream and cancels the child's
request when the chat hangs up (Stop). While the endpoint is still loading the model, the
reply stream says so with the load's progress (from the event bus when the endpoint is this
runtime's, else from the endpoint's /v1/health, which reports each load's phase and
fraction). The GUI's Chat page and `vllm-tray chat`
both iterate `ChatService.send`.

httpx, not the proxy's aiohttp client: the docs keep httpx as the client everywhere but the
endpoint's relay (docs/architecture.md); one stream per chat costs nothing worth measuring.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import replace
from typing import Any, cast

import httpx

from app.core.chat.chat import (
    ChatMessage,
    ChatOptions,
    ChatStore,
    Conversation,
    ReplyDelta,
    ReplyDone,
    ReplyEvent,
    ReplyFailed,
)
from app.core.chat.chat_stream import ReplyParts, ReplyReader, envelope_problem
from app.core.events import Event, EventBus, LoadProgressed
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.untrusted import one_line, parse_json, read_bounded
from app.runtime.api.values import Endpoint
from app.runtime.chat.chat_load import loading, model_load, reported_loading

# Seconds between looks at the model's state while the endpoint loads it.
LOAD_POLL_S = 0.5
# States in which a reply waits for the model to come up. Not "stopped": the request may not
# have reached the endpoint yet, or be refused (a model not downloaded); not "fatal": given up.
WAITING_STATES = frozenset({"starting", "sleeping", "stopping", "backoff", "exited"})
# No read timeout: the first byte waits for the load (minutes on a cold start); the
# endpoint's own load and first-byte timeouts end a request that can never be answered.
TIMEOUT = httpx.Timeout(connect=10.0, read=None, write=30.0, pool=10.0)
# An error answer's envelope is a few hundred bytes; what is read of one is bounded.
ERROR_BODY_BYTES = 64 * 1024
_END = object()

log = logging.getLogger(__name__)

EndpointSource = Callable[[], Endpoint | None]


class ChatService:
    """Conversations kept per model (ChatStore, files written in worker threads) and replies
    streamed from the endpoint. One reply per model at a time."""

    def __init__(
        self,
        *,
        store: ChatStore,
        endpoint: EndpointSource,
        bus: EventBus | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self._endpoint = endpoint
        self._bus = bus
        self._clock = clock
        self._busy: set[str] = set()
        self._client: httpx.AsyncClient | None = None

    # -- conversations ------------------------------------------------------------------------
    async def conversation(self, model_id: str) -> Conversation:
        return await asyncio.to_thread(self.store.load, model_id)

    async def set_options(self, model_id: str, options: ChatOptions) -> Conversation:
        """Keep `options` for the model's conversation (checked first: nothing is written
        when one is out of range)."""
        options.checked()
        current = await self.conversation(model_id)
        updated = replace(current, options=options)
        await asyncio.to_thread(self.store.save, updated)
        return updated

    async def clear(self, model_id: str) -> None:
        self._refuse_busy(model_id)
        await asyncio.to_thread(self.store.clear, model_id)

    # -- replies --------------------------------------------------------------------------------
    async def send(
        self,
        model_id: str,
        text: str,
        *,
        options: ChatOptions | None = None,
        keep: bool = True,
    ) -> AsyncGenerator[ReplyEvent, None]:
        """Send `text` and stream the reply. With `keep`, the message and the reply join the
        model's conversation (and the whole conversation is sent), and `options`, when given,
        become the conversation's; without, only the system prompt and `text` go, and nothing
        is written (`vllm-tray chat MODEL PROMPT`).

        Stop = close the iterator (`contextlib.aclosing`) or cancel the task iterating it:
        the request to the endpoint is closed, which cancels the model's generation, and
        what had arrived is kept, marked as stopped.
        """
        if not text.strip():
            raise ProblemError(problem("chat.empty"))
        base = await self.conversation(model_id) if keep else Conversation(model_id)
        if options is not None:
            base = replace(base, options=options.checked())
        earlier = base.messages
        if earlier and earlier[-1].role == "user":
            # A message whose reply failed is replaced, not followed: many chat templates
            # refuse two user turns in a row. (Regenerate is how to send it again.)
            earlier = earlier[:-1]
        asked = replace(base, messages=(*earlier, ChatMessage("user", text)))
        async with contextlib.aclosing(self._reply(asked, keep=keep)) as events:
            async for event in events:
                yield event

    async def regenerate(
        self, model_id: str, *, options: ChatOptions | None = None
    ) -> AsyncGenerator[ReplyEvent, None]:
        """A new reply to the conversation's last message, in place of the one it had."""
        base = (await self.conversation(model_id)).without_last_reply()
        if not base.messages:
            raise ProblemError(problem("chat.nothing_to_regenerate"))
        if options is not None:
            base = replace(base, options=options.checked())
        async with contextlib.aclosing(self._reply(base, keep=True)) as events:
            async for event in events:
                yield event

    def through(self, endpoint: Endpoint) -> ChatService:
        """The same conversations, sent through `endpoint` (another running vLLM Tray's,
        whose runtime loads the models: its progress comes from its model list). Close it
        with `aclose()` when done."""
        return ChatService(store=self.store, endpoint=lambda: endpoint, clock=self._clock)

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()

    # -- the stream ---------------------------------------------------------------------------
    async def _reply(self, asked: Conversation, *, keep: bool) -> AsyncGenerator[ReplyEvent, None]:
        model_id = asked.model_id
        self._refuse_busy(model_id)
        endpoint = self._endpoint()
        if endpoint is None:
            yield ReplyFailed(endpoint_off_problem())
            return
        self._busy.add(model_id)
        reply = ReplyParts(self._clock())
        queue: asyncio.Queue[Any] = asyncio.Queue()
        answered = asyncio.Event()  # the endpoint's headers came: the model is loaded
        client = await self._http()
        tasks = [
            asyncio.ensure_future(
                self._stream(client, endpoint, asked, reply=reply, queue=queue, answered=answered)
            ),
            asyncio.ensure_future(
                self._watch_load(client, endpoint, model_id, queue=queue, answered=answered)
            ),
        ]
        # What the consumer was given: a stopped reply keeps what its reader saw, not what
        # the stream had read ahead.
        shown = ReplyParts(reply.began)
        try:
            while (item := await queue.get()) is not _END:
                if isinstance(item, BaseException):
                    raise item  # a fault of the chat's own, not of the stream: not hidden
                if isinstance(item, ReplyDelta):
                    shown.add([(item.kind, item.text)], self._clock())
                    shown.deltas += 1
                elif isinstance(item, ReplyDone):
                    shown = reply
                yield item
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._busy.discard(model_id)
            if keep:
                await self._keep(asked, shown if shown is reply else reply.seen_as(shown))

    async def _keep(self, asked: Conversation, reply: ReplyParts) -> None:
        """Write the conversation with what arrived (a stopped or failed reply's part too)."""
        messages = asked.messages
        if reply.done or reply.content or reply.reasoning:
            messages = (*messages, reply.message(stopped=not reply.done))
        # Shielded: a second cancel (Stop pressed twice) must not lose the message.
        await asyncio.shield(asyncio.to_thread(self.store.save, replace(asked, messages=messages)))

    async def _stream(
        self,
        client: httpx.AsyncClient,
        endpoint: Endpoint,
        asked: Conversation,
        *,
        reply: ReplyParts,
        queue: asyncio.Queue[Any],
        answered: asyncio.Event,
    ) -> None:
        try:
            async with client.stream(
                "POST",
                endpoint.url + "/v1/chat/completions",
                json=_request_body(asked),
                headers=endpoint.headers(),
            ) as response:
                answered.set()
                if response.status_code >= 400:
                    body = await _error_body(response)
                    queue.put_nowait(ReplyFailed(endpoint_problem(response.status_code, body)))
                    return
                await self._read_events(response, reply, queue)
        except httpx.TransportError as exc:
            queue.put_nowait(ReplyFailed(unreachable_problem(endpoint.url, exc), reply.partial()))
        except UnicodeEncodeError:  # a key stored before its shape was checked: httpx's refusal
            queue.put_nowait(ReplyFailed(problem("config.api_key_shape", key="api_key")))
        except ProblemError as exc:  # the stream was too long or could not be read
            queue.put_nowait(ReplyFailed(exc.problem, reply.partial()))
        except httpx.DecodingError:  # a body its own Content-Encoding does not decode
            queue.put_nowait(ReplyFailed(problem("chat.reply_cut"), reply.partial()))
        except Exception as exc:  # handed to the reader, who raises it: never silent
            log.exception("the chat's reply stream failed")
            queue.put_nowait(exc)
        finally:
            answered.set()
            queue.put_nowait(_END)

    async def _read_events(
        self, response: httpx.Response, reply: ReplyParts, queue: asyncio.Queue[Any]
    ) -> None:
        reader = ReplyReader(reply, self._clock)
        # Closed here, in this task: left to the garbage collector, httpx's stream would be
        # closed from another task, which its connection pool refuses.
        async with contextlib.aclosing(_chunks(response)) as chunks:
            async for chunk in chunks:
                for kind, text in reader.feed(chunk):
                    queue.put_nowait(ReplyDelta(kind, text))
                if reader.done:
                    break
        for kind, text in reader.finish():
            queue.put_nowait(ReplyDelta(kind, text))
        queue.put_nowait(ReplyDone(reply.message(stopped=False)))

    async def _watch_load(
        self,
        client: httpx.AsyncClient,
        endpoint: Endpoint,
        model_id: str,
        *,
        queue: asyncio.Queue[Any],
        answered: asyncio.Event,
    ) -> None:
        """Until the endpoint answers: the model's state and the load's progress, from the
        endpoint's /v1/health (any endpoint of the app has it) and, where this runtime runs
        the model, from its events as they come."""
        began = self._clock()
        loop = asyncio.get_running_loop()
        last: list[LoadProgressed] = []

        def on_event(event: Event) -> None:
            if isinstance(event, LoadProgressed) and event.model_id == model_id:
                loop.call_soon_threadsafe(_progressed, event)

        def _progressed(event: LoadProgressed) -> None:
            if answered.is_set():
                return
            last[:] = [event]
            queue.put_nowait(loading(model_id, "starting", self._clock() - began, event))

        unsubscribe = self._bus.subscribe(on_event) if self._bus is not None else None
        try:
            while not answered.is_set():
                state, load = await model_load(client, endpoint, model_id)
                if state in WAITING_STATES and not answered.is_set():
                    elapsed = self._clock() - began
                    if last or load is None:
                        queue.put_nowait(
                            loading(model_id, state, elapsed, last[0] if last else None)
                        )
                    else:
                        queue.put_nowait(reported_loading(model_id, state, elapsed, load))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(answered.wait(), LOAD_POLL_S)
        finally:
            if unsubscribe is not None:
                unsubscribe()

    async def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            # Built in a thread: httpx loads the system's CA certificates when it builds a
            # client, half a second on a busy machine. trust_env=False: a proxy set for the
            # internet must not stand between the app and its own endpoint.
            self._client = await asyncio.to_thread(
                httpx.AsyncClient, timeout=TIMEOUT, trust_env=False
            )
        return self._client

    def _refuse_busy(self, model_id: str) -> None:
        if model_id in self._busy:
            raise ProblemError(problem("chat.busy", model=model_id))


def _chunks(response: httpx.Response) -> AsyncGenerator[bytes, None]:
    """The body's chunks as the async generator httpx makes them (typed as an iterator)."""
    return cast(AsyncGenerator[bytes, None], response.aiter_bytes())


async def _error_body(response: httpx.Response) -> bytes:
    """The start of an error answer's body: enough for its envelope, never all of a huge one."""
    async with contextlib.aclosing(_chunks(response)) as chunks:
        body, _more = await read_bounded(chunks, ERROR_BODY_BYTES)
    return body


def _request_body(asked: Conversation) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": asked.model_id,
        "messages": asked.request_messages(),
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if asked.options.temperature is not None:
        body["temperature"] = asked.options.temperature
    if asked.options.max_tokens is not None:
        body["max_tokens"] = asked.options.max_tokens
    return body


# -- problems --------------------------------------------------------------------------------------
def endpoint_off_problem() -> Problem:
    return problem("chat.endpoint_off")


def unreachable_problem(url: str, exc: Exception) -> Problem:
    reason = (
        "the connection could not be made"
        if isinstance(exc, httpx.ConnectError)
        else "the connection broke off"
    )
    return problem("chat.endpoint_unreachable", url=url, reason=reason)


def endpoint_problem(status: int, body: bytes) -> Problem:
    """The endpoint's error answer (OpenAI's envelope) as the reply's problem."""
    try:
        data = parse_json(body)
    except ValueError:
        data = None
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, dict):
        return envelope_problem(error, status)
    text = one_line(body.decode("utf-8", "replace")).strip()[:300] or f"HTTP {status}"
    return envelope_problem({"message": text}, status)
