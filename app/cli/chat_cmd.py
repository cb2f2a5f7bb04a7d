"""`vllm-tray chat MODEL [PROMPT]`: talk to a model in a terminal, like `ollama run`.

With PROMPT (or text piped in), one answer is streamed to stdout. Without, an interactive
session continues the model's kept conversation (the GUI's Chat page shows the same one):
replies stream as they come, a progress line shows while the model loads, Ctrl-C stops a
reply and not the session, Ctrl-D or /bye ends it. The chat goes through the app's endpoint:
a running `vllm-tray serve` or tray app, else one started for the session.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import AsyncGenerator, Callable
from dataclasses import replace
from typing import Any

from app.cli.context import session_from
from app.cli.progress import ProgressReporter
from app.core.chat.chat import (
    ChatOptions,
    ReplyDelta,
    ReplyDone,
    ReplyEvent,
    ReplyFailed,
    ReplyLoading,
    ReplyStats,
)
from app.core.problems.problems import Problem, ProblemError
from app.core.states import LoadPhase
from app.core.untrusted import TerminalStream, terminal_text
from app.runtime.api.protocols import ChatApi
from app.runtime.composition.facade import RuntimeOptions, Session

EXIT_INPUT = 2
EXIT_FAILURE = 1
EXIT_INTERRUPTED = 130
PROMPT = ">>> "
DIM, RESET = "\x1b[2m", "\x1b[0m"
# The model's state while a reply waits for it, as the progress line says it.
STATE_WORDS = {
    "starting": "starting",
    "sleeping": "waking up",
    "backoff": "starting again after a failed start",
    "exited": "starting again after a crash",
    "stopping": "waiting for the previous run to stop",
}
# The load's phase (app.core.states.LoadPhase), in the words of the window's model list.
PHASE_WORDS: dict[str, str] = {
    LoadPhase.SPAWNED: "starting Python and vLLM",
    LoadPhase.RESOLVING: "reading the model config",
    LoadPhase.LOADING_WEIGHTS: "loading weights",
    LoadPhase.COMPILING: "compiling kernels",
    LoadPhase.KV_CACHE: "sizing the KV cache",
    LoadPhase.SERVER_STARTING: "starting the server",
    LoadPhase.READY: "ready",
}
HELP = """\
  /system TEXT        set the system prompt (empty: none)
  /set temperature T  0 to 2 (/set temperature default: the model's own)
  /set max_tokens N   the longest reply (/set max_tokens default: no limit)
  /regen              a new answer to the last message
  /clear              forget the conversation
  /bye                end the session (or Ctrl-D)
  Ctrl-C stops a reply."""


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "chat",
        parents=[common],
        help="talk to a model in the terminal (loads it on the first message)",
        description=(
            "Talk to MODEL through the app's endpoint (a running `vllm-tray serve` or tray "
            "app, else one started for this session). With PROMPT, print one answer; "
            "without, chat until Ctrl-D or /bye (Ctrl-C stops a reply)."
        ),
    )
    p.add_argument("model", help="a model id, as `vllm-tray models` lists it")
    p.add_argument("prompt", nargs="*", help="ask this once and print the answer")
    p.add_argument("--system", help="the system prompt")
    p.add_argument("--temperature", type=float, help="0 to 2 (default: the model's own)")
    p.add_argument("--max-tokens", type=int, help="the longest reply, in tokens")
    p.add_argument("--hide-thinking", action="store_true", help="do not print the thinking")
    p.set_defaults(func=cmd_chat)


def cmd_chat(args: argparse.Namespace) -> int:
    overrides = ChatOptions(
        system_prompt=args.system or "",
        temperature=args.temperature,
        max_tokens=args.max_tokens,
    ).checked()  # bad input: exit 2 before anything starts
    prompt = " ".join(args.prompt).strip()
    if not prompt and not sys.stdin.isatty():
        prompt = sys.stdin.read().strip()  # `echo question | vllm-tray chat MODEL`
        if not prompt:
            print("vllm-tray: nothing to ask: the input was empty", file=sys.stderr)
            return EXIT_INPUT
    options = RuntimeOptions(
        proxy_host="127.0.0.1", proxy_port=0, sample_gpu=False, batch_jobs=False
    )
    chat = ChatSession(session_from(args, options), args, overrides)
    return asyncio.run(chat.main(prompt))


class ChatSession:
    """One `vllm-tray chat` run: the endpoint, the signals, the conversation."""

    def __init__(self, session: Session, args: argparse.Namespace, overrides: ChatOptions) -> None:
        self.session = session
        self.model = str(args.model)
        self.hide_thinking = bool(args.hide_thinking)
        self.given = {
            "system_prompt": args.system is not None,
            "temperature": args.temperature is not None,
            "max_tokens": args.max_tokens is not None,
        }
        self.overrides = overrides
        self.tty = sys.stdout.isatty()
        self.reply_task: asyncio.Task[Problem | None] | None = None
        self.lines: LineReader | None = None
        self.chat: ChatApi = session.services.chat

    # -- the run ------------------------------------------------------------------------------
    async def main(self, prompt: str) -> int:
        work = asyncio.current_task()
        assert work is not None
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGINT, self._on_interrupt, bool(prompt), work)
        loop.add_signal_handler(signal.SIGTERM, work.cancel)
        started_here = False
        try:
            services = self.session.services
            # The one rule (bench, tune, batch run): a vLLM Tray serving this configuration.
            endpoint = await services.endpoint.find_running()
            if endpoint is None:
                # Said before an endpoint is started for nothing (a remote's REMOTE/MODEL
                # is known only once its endpoint lists it).
                await asyncio.to_thread(self._check_local_model)
                started_here = True  # stopped in the end even if Ctrl-C comes while it starts
                await self.session.start(serve=True)
                url = services.endpoint.url
                _say(f"no endpoint was running; started one for this chat at {url}")
            else:
                if not prompt:
                    _say(f"talking through the endpoint at {endpoint.url}")
                # That endpoint's runtime is another process: its load progress is read from
                # its model list, not from this process's (idle) event bus.
                self.chat = services.chat.through(endpoint)
            if prompt:
                return await self.one_answer(prompt)
            return await self.interactive()
        except asyncio.CancelledError:
            return EXIT_INTERRUPTED
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
            if self.chat is not self.session.services.chat:
                await self.chat.aclose()
            if started_here:
                await self.session.stop()

    def _check_local_model(self) -> None:
        """An unknown model, or one not downloaded, refused as the endpoint would."""
        if "/" in self.model and self.session.services.views.find_model(self.model) is None:
            return  # a remote's REMOTE/MODEL, known once its endpoint lists it
        self.session.services.models.check_downloaded(self.model)

    def _on_interrupt(self, one_shot: bool, work: asyncio.Task[Any]) -> None:
        """Ctrl-C: stop the reply; at the prompt, say how to leave; in a one-shot, quit."""
        if self.reply_task is not None and not self.reply_task.done():
            self.reply_task.cancel()
        elif one_shot or self.lines is None:
            work.cancel()
        else:
            sys.stdout.write("\nUse Ctrl + d or /bye to exit.\n" + PROMPT)
            sys.stdout.flush()

    async def one_answer(self, prompt: str) -> int:
        options = self._options(ChatOptions())
        found = await self._run_reply(
            self.chat.send(self.model, prompt, options=options, keep=False)
        )
        if self.reply_task is not None and self.reply_task.cancelled():
            return EXIT_INTERRUPTED
        return 0 if found is None else _exit_status(found)

    async def interactive(self) -> int:
        conversation = await self.chat.conversation(self.model)
        if any(self.given.values()):
            conversation = await self.chat.set_options(
                self.model, self._options(conversation.options)
            )
        _say(f"chatting with {self.model}; /? for help, Ctrl-D or /bye to end")
        if conversation.messages:
            _say(f"continuing {len(conversation.messages)} earlier messages; /clear starts over")
        self.lines = LineReader(asyncio.get_running_loop())
        while True:
            line = await self.lines.read(PROMPT)
            if line is None or line.strip() in ("/bye", "/exit"):
                return 0
            text = line.strip()
            if not text:
                continue
            if text.startswith("/"):
                with contextlib.suppress(_Handled):
                    await self._command(text)
                continue
            await self._run_reply(self.chat.send(self.model, text))

    async def _command(self, text: str) -> None:
        name, _, rest = text.partition(" ")
        if name in ("/?", "/help"):
            print(HELP)
        elif name == "/clear":
            await self.chat.clear(self.model)
            print("the conversation is cleared")
        elif name == "/regen":
            await self._run_reply(self.chat.regenerate(self.model))
        elif name == "/system":
            current = (await self.chat.conversation(self.model)).options
            await self._set(replace(current, system_prompt=rest.strip()))
        elif name == "/set":
            await self._set_option(rest.split())
        else:
            print(f"unknown command {name}; /? lists them")

    async def _set_option(self, words: list[str]) -> None:
        current = (await self.chat.conversation(self.model)).options
        if len(words) != 2 or words[0] not in ("temperature", "max_tokens"):
            print("usage: /set temperature T | /set max_tokens N")
            return
        key, value = words
        try:
            if key == "temperature":
                temperature = None if value == "default" else float(value)
                changed = replace(current, temperature=temperature)
            else:
                changed = replace(current, max_tokens=None if value == "default" else int(value))
        except ValueError:
            print(f"{value!r} is not a number")
            return
        await self._set(changed)

    async def _set(self, options: ChatOptions) -> None:
        try:
            await self.chat.set_options(self.model, options)
        except ProblemError as exc:
            print(exc.problem.english())
            raise _Handled from None
        print("set")

    def _options(self, base: ChatOptions) -> ChatOptions:
        """`base` with the options given on the command line."""
        changes = {k: getattr(self.overrides, k) for k, given in self.given.items() if given}
        return replace(base, **changes)

    # -- one reply ------------------------------------------------------------------------------
    async def _run_reply(self, events: AsyncGenerator[ReplyEvent, None]) -> Problem | None:
        """Print a reply as it streams; its problem (also printed) or None."""
        view = ReplyView(self.model, tty=self.tty, hide_thinking=self.hide_thinking)
        self.reply_task = asyncio.ensure_future(_consume(events, view.show))
        try:
            return await asyncio.shield(self.reply_task)
        except asyncio.CancelledError:
            if not self.reply_task.cancelled():
                # The whole session is ending: stop the reply and let it keep what came.
                self.reply_task.cancel()
                await asyncio.gather(self.reply_task, return_exceptions=True)
                raise
            view.stopped()
            return None
        except ProblemError as exc:
            view.failed(exc.problem)
            return exc.problem


async def _consume(
    events: AsyncGenerator[ReplyEvent, None], show: Callable[[ReplyEvent], Problem | None]
) -> Problem | None:
    found = None
    async with contextlib.aclosing(events):
        async for event in events:
            found = show(event) or found
    return found


class ReplyView:
    """A reply on a terminal: the load's progress line, the thinking, the answer, numbers."""

    def __init__(self, model: str, *, tty: bool, hide_thinking: bool) -> None:
        self.model = model
        self.tty = tty
        self.hide_thinking = hide_thinking
        self.progress: ProgressReporter | None = None
        self.thinking = False
        self.wrote = False
        # A model's text reaches the terminal without its escape sequences (a screen clear,
        # a window title, a hyperlink, a carriage return that overwrites what was printed).
        self.text = TerminalStream()

    def show(self, event: ReplyEvent) -> Problem | None:
        if isinstance(event, ReplyLoading):
            self._loading(event)
        elif isinstance(event, ReplyDelta):
            self._end_progress()
            self._delta(event)
        elif isinstance(event, ReplyDone):
            self._end_text()
            if event.message.stats is not None:
                _say(stats_text(event.message.stats), dim=True)
        else:
            assert isinstance(event, ReplyFailed)
            self.failed(event.problem)
            return event.problem
        return None

    def stopped(self) -> None:
        self._end_progress()
        self._end_text()
        _say("stopped", dim=True)

    def failed(self, found: Problem) -> None:
        self._end_progress()
        self._end_text()
        print(f"vllm-tray: {terminal_text(found.english())}", file=sys.stderr, flush=True)

    def _loading(self, event: ReplyLoading) -> None:
        """One line: "Loading MODEL: loading weights 40 % (12 s of about 60 s)"."""
        if self.progress is None:
            self.progress = ProgressReporter()
        words = PHASE_WORDS.get(event.phase or "") if event.state == "starting" else None
        doing = words or STATE_WORDS.get(event.state, event.state)
        if event.fraction is not None:
            doing += f" {event.fraction * 100:.0f} %"
        timing = f"{event.elapsed_s:.0f} s"
        if event.expected_s:
            timing += f" of about {event.expected_s:.0f} s"
        self.progress.update("load", f"Loading {self.model}: {doing} ({timing})", event.fraction)

    def _delta(self, event: ReplyDelta) -> None:
        if event.kind == "reasoning":
            if self.hide_thinking:
                return
            if not self.thinking:
                self._write("Thinking...\n", dim=True)
                self.thinking = True
            self._write(self.text.feed(event.text), dim=True)
            return
        if self.thinking:
            self._write(self.text.flush() + "\n...done thinking.\n\n", dim=True)
            self.thinking = False
        self._write(self.text.feed(event.text))

    def _write(self, text: str, *, dim: bool = False) -> None:
        if not text:
            return
        sys.stdout.write(f"{DIM}{text}{RESET}" if dim and self.tty else text)
        sys.stdout.flush()
        self.wrote = True

    def _end_progress(self) -> None:
        if self.progress is not None:
            self.progress.finish()
            self.progress = None

    def _end_text(self) -> None:
        self._write(self.text.flush(), dim=self.thinking)
        if self.wrote:
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.wrote = False


class LineReader:
    """Lines typed at the prompt, read in a daemon thread: the loop keeps serving (the
    endpoint may run in it) while the person types, and leaving never waits for a read."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._want = threading.Event()
        self._prompt = ""
        self._answer: asyncio.Future[str | None] | None = None
        threading.Thread(target=self._run, name="chat-input", daemon=True).start()

    async def read(self, prompt: str) -> str | None:
        """The next line, or None at the end of input (Ctrl-D)."""
        self._answer = self._loop.create_future()
        self._prompt = prompt
        self._want.set()
        return await self._answer

    def _run(self) -> None:
        while True:
            self._want.wait()
            self._want.clear()
            try:
                line: str | None = input(self._prompt)
            except (EOFError, OSError):
                line = None
            self._loop.call_soon_threadsafe(self._give, line)
            if line is None:
                return

    def _give(self, line: str | None) -> None:
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(line)


class _Handled(Exception):
    """A command's problem was shown; nothing more to do."""


def stats_text(stats: ReplyStats) -> str:
    parts = [f"{stats.completion_tokens} tokens"]
    if stats.ttft_s is not None:
        parts.append(f"first token {stats.ttft_s:.2f} s")
    if stats.tokens_per_s is not None:
        parts.append(f"{stats.tokens_per_s:.1f} tokens/s")
    return ", ".join(parts)


def _exit_status(found: Problem) -> int:
    """Bad input (an unknown or missing model, a bad option) is 2, like other commands."""
    return EXIT_INPUT if found.params.get("status") in (400, 404) else EXIT_FAILURE


def _say(text: str, *, dim: bool = False) -> None:
    line = f"{DIM}{text}{RESET}" if dim and sys.stderr.isatty() else text
    print(line, file=sys.stderr, flush=True)
