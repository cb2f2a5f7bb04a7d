"""The chat against the fake engine: `vllm-tray chat` through a running `vllm-tray serve` (one
answer, errors in place, an interactive session in a terminal with Ctrl-C mid-reply), the
ChatService through that endpoint (Stop cancels the engine's request) and through the runtime
that hosts it (load progress from the event bus, regenerate, clear, one reply at a time)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from app.cli.chat_cmd import PHASE_WORDS
from app.core.chat.chat import (
    ChatOptions,
    ChatStore,
    ReplyDelta,
    ReplyDone,
    ReplyEvent,
    ReplyFailed,
    ReplyLoading,
)
from app.core.models.registry import ModelOptions
from app.core.problems.problems import ProblemError
from app.runtime.api.values import Endpoint
from app.runtime.chat.chat import ChatService
from app.runtime.composition.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port
from tests.harness import internals

ROOT = Path(__file__).resolve().parents[2]
FULL = "Hello from the fake vLLM engine, token by token."
START_HOLD = "hold-start"
CHAT = (sys.executable, "-m", "app", "chat")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """user.a answers slowly enough to be stopped; user.broken cannot start (its KV cache does
    not fit, as vLLM says it); user.thinker thinks first, as a reasoning model behind vLLM's
    reasoning parser; user.absent is registered but not downloaded."""
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a", "broken", "thinker"),
        settings={
            # A start of 1.5 s, held halfway while START_HOLD exists: a test that must see
            # the load holds it until the chat has shown it (on a busy machine the chat's
            # looks, every 0.5 s, could all miss 1.5 s).
            "engine.custom_command": fake_engine(
                "--fake-token-delay",
                "0.05",
                "--fake-start-delay",
                "1.5",
                "--fake-start-hold-file",
                str(tmp_path / START_HOLD),
            ),
            "proxy.port": free_port(),
        },
    )
    internals(rt).registry.set_options(
        "user.broken", ModelOptions(vllm_args="--fake-fail kv_cache")
    )
    internals(rt).registry.set_options("user.thinker", ModelOptions(vllm_args="--fake-reasoning"))
    internals(rt).registry.add_user_model("absent", "org/absent")
    return tmp_path / "home"


@pytest.fixture
def serve(home: Path, tmp_path: Path) -> Iterator[ServeProcess]:
    server = ServeProcess(home, _port(home), {"HF_HUB_CACHE": str(tmp_path / "hub")})
    yield server
    assert server.stop() == 0, "".join(server.lines[-30:])


def _port(home: Path) -> int:
    return int(json.loads((home / "settings.json").read_text())["proxy.port"])


def chat_cli(home: Path, tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")}
    env.pop("VLLM_TRAY_HOME", None)
    return subprocess.run(
        [sys.executable, "-m", "app", "chat", *argv, "--config-dir", str(home)],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def held_chat_cli(
    home: Path, tmp_path: Path, shown: str, *argv: str
) -> subprocess.CompletedProcess[str]:
    """`vllm-tray chat ARGV` while the fake engine's start holds halfway until the chat's
    stderr matches `shown`: its looks at the load, every 0.5 s, could all miss a 1.5 s start
    on a busy machine (failed so, twice)."""
    hold = tmp_path / START_HOLD
    hold.touch()
    err = tmp_path / "chat.err"
    with err.open("w") as to_err:
        chat = subprocess.Popen(
            [*CHAT, *argv, "--config-dir", str(home)],
            env={**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")},
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=to_err,
            text=True,
        )
        deadline = time.monotonic() + 60
        while not re.search(shown, err.read_text()):
            assert chat.poll() is None and time.monotonic() < deadline, err.read_text()
            time.sleep(0.05)
        hold.unlink()
        out, _ = chat.communicate(timeout=120)
    return subprocess.CompletedProcess(chat.args, chat.returncode, out, err.read_text())


def running_requests(serve_url: str, model: str) -> float:
    """vllm:num_requests_running of the model's fake engine, found through /v1/health."""
    health = httpx.get(serve_url + "/v1/health", timeout=10).json()
    backend = next(c for c in health["all_models_loaded"] if c["model_name"] == model)
    text = httpx.get(backend["backend_url"] + "/metrics", timeout=10).text
    match = re.search(r"^vllm:num_requests_running\{[^}]*\} (\S+)$", text, re.MULTILINE)
    assert match is not None
    return float(match.group(1))


def wait_until_idle(serve_url: str, model: str, limit_s: float = 20) -> None:
    deadline = time.monotonic() + limit_s
    while running_requests(serve_url, model) != 0.0:
        assert time.monotonic() < deadline, "the engine kept generating for a stopped chat"
        time.sleep(0.05)


# -- vllm-tray chat MODEL PROMPT ---------------------------------------------------------------
def test_one_answer_through_serve_loads_the_model_on_send(
    home: Path, tmp_path: Path, serve: ServeProcess
) -> None:
    done = held_chat_cli(
        home,
        tmp_path,
        r"Loading user\.a: \D+ \d+ %",
        "user.a",
        "hello",
        "there",
        "--max-tokens",
        "8",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Hello from the fake vLLM engine, token\n"
    # Loaded on send, with a progress line in place of the answer meanwhile.
    # One line per step of the load, from the phase and fraction serve's /v1/health reports
    # (this chat is another process: it has no event bus of the load), never a log line.
    loading = [line for line in done.stderr.splitlines() if line.startswith("Loading user.a: ")]
    assert loading, done.stderr
    phases = "|".join(re.escape(words) for words in PHASE_WORDS.values())
    for line in loading:
        assert re.fullmatch(rf"Loading user\.a: (starting|(?:{phases}) \d+ %) \(\d+ s\)", line)
    # At least one look saw the load's own progress (the first may come before its first
    # log line, and then says "starting").
    assert any(re.search(rf"(?:{phases}) \d+ %", x) for x in loading), loading
    assert "INFO" not in done.stderr and "Starting to load model" not in done.stderr
    assert re.search(r"^8 tokens, first token \d+\.\d\d s, \d+\.\d tokens/s$", done.stderr, re.M)
    # A one-shot question is not kept in the model's conversation.
    assert not (home / "chats").exists()


async def test_a_reasoning_models_thinking_comes_apart_from_the_answer(
    home: Path, tmp_path: Path, serve: ServeProcess
) -> None:
    done = await asyncio.to_thread(
        chat_cli, home, tmp_path, "user.thinker", "hi", "--max-tokens", "2"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Thinking...\nThe user greets me.\n...done thinking.\n\nHello from\n"
    hidden = await asyncio.to_thread(
        chat_cli, home, tmp_path, "user.thinker", "hi", "--max-tokens", "2", "--hide-thinking"
    )
    assert hidden.stdout == "Hello from\n"

    chat = ChatService(store=ChatStore(home / "chats"), endpoint=lambda: Endpoint(serve.url))
    try:
        events = await collect(chat.send("user.thinker", "hi", options=ChatOptions(max_tokens=2)))
    finally:
        await chat.aclose()
    kinds = [e.kind for e in events if isinstance(e, ReplyDelta)]
    assert kinds == ["reasoning"] * 5 + ["content"] * 2
    (_, answer) = (await chat.conversation("user.thinker")).messages
    assert (answer.reasoning, answer.content) == ("The user greets me.", "Hello from")


def test_errors_are_shown_in_place_of_the_answer(
    home: Path, tmp_path: Path, serve: ServeProcess
) -> None:
    broken = held_chat_cli(home, tmp_path, r"Loading user\.broken", "user.broken", "hi")
    assert broken.returncode == 1
    assert broken.stdout == ""
    assert "Loading user.broken" in broken.stderr
    last = broken.stderr.strip().splitlines()[-1]
    assert last.startswith("vllm-tray: The KV cache holds fewer tokens than one request")

    absent = chat_cli(home, tmp_path, "user.absent", "hi")
    assert absent.returncode == 2
    assert absent.stderr.strip() == (
        "vllm-tray: user.absent is not downloaded yet. Download it with: vllm-tray pull user.absent"
    )
    bad = chat_cli(home, tmp_path, "user.a", "hi", "--temperature", "9")
    assert bad.returncode == 2
    assert bad.stderr == "vllm-tray: The temperature must be between 0 and 2.0; got 9.0.\n"


def test_without_a_running_endpoint_one_is_started_for_the_chat(home: Path, tmp_path: Path) -> None:
    done = chat_cli(home, tmp_path, "user.a", "hi", "--max-tokens", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Hello from the\n"
    assert "no endpoint was running; started one for this chat at http://127.0.0.1:" in (
        done.stderr
    )
    assert "user.a" in done.stderr


# -- the service through serve's endpoint ----------------------------------------------------
async def test_a_failed_message_is_kept_for_regenerate_and_replaced_by_the_next(
    home: Path, serve: ServeProcess
) -> None:
    chat = ChatService(store=ChatStore(home / "chats"), endpoint=lambda: Endpoint(serve.url))
    try:
        first = await collect(chat.send("user.broken", "hi"))
        assert isinstance(first[-1], ReplyFailed)
        assert first[-1].problem.code == "chat.endpoint_error"
        assert first[-1].problem.params["status"] == 503
        kept = await chat.conversation("user.broken")
        assert [(m.role, m.content) for m in kept.messages] == [("user", "hi")]
        retried = await collect(chat.regenerate("user.broken"))
        assert isinstance(retried[-1], ReplyFailed)
        await collect(chat.send("user.broken", "hello?"))
        kept = await chat.conversation("user.broken")
        assert [(m.role, m.content) for m in kept.messages] == [("user", "hello?")]
    finally:
        await chat.aclose()


async def test_stop_mid_stream_cancels_the_engines_request(
    home: Path, tmp_path: Path, serve: ServeProcess
) -> None:
    chat = ChatService(store=ChatStore(home / "chats"), endpoint=lambda: Endpoint(serve.url))
    seen: list[ReplyEvent] = []
    hold = tmp_path / START_HOLD
    hold.touch()  # the load holds halfway until the chat has shown it (a busy machine's
    # looks at /v1/health, every 0.5 s, could all miss a 1.5 s start: failed once so)
    try:
        reply = chat.send("user.a", "a long story", options=ChatOptions(max_tokens=400))
        async with contextlib.aclosing(reply):
            async for event in reply:
                seen.append(event)
                if isinstance(event, ReplyLoading):
                    hold.unlink(missing_ok=True)
                if sum(isinstance(e, ReplyDelta) for e in seen) == 3:
                    assert await asyncio.to_thread(running_requests, serve.url, "user.a") == 1
                    break  # Stop: 400 tokens at 50 ms were still to come
        # The endpoint hung up on the engine: its request ends at once, not in 20 s.
        await asyncio.to_thread(wait_until_idle, serve.url, "user.a")
    finally:
        await chat.aclose()
    assert any(isinstance(e, ReplyLoading) for e in seen)  # the first message loaded it
    kept = await chat.conversation("user.a")
    user, answer = kept.messages
    assert (user.role, user.content) == ("user", "a long story")
    assert answer.stopped and answer.content == "Hello from the"
    assert kept.options == ChatOptions(max_tokens=400)  # kept with the conversation


# -- an interactive session in a terminal -------------------------------------------------------
# Run in the new session: make the terminal on stdin the controlling one, then become ARGV.
TAKE_TERMINAL = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execvp(sys.argv[1], sys.argv[1:])"
)


class Terminal:
    """A program on a pseudo-terminal that is its controlling terminal, as in a shell: the
    terminal turns Ctrl-C into SIGINT and Ctrl-D into the end of input."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        master, slave = os.openpty()
        self.fd = master
        self.proc = subprocess.Popen(
            [sys.executable, "-c", TAKE_TERMINAL, *argv],
            env=env,
            cwd=ROOT,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        self.text = ""
        self._at = 0

    def expect(self, needle: str, limit_s: float = 60) -> str:
        """Read until `needle` appears after what was expected before; the text up to it."""
        deadline = time.monotonic() + limit_s
        while (found := self.text.find(needle, self._at)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {needle!r} in:\n{self.text[self._at :]}"
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
            if ready:
                try:
                    self.text += os.read(self.fd, 4096).decode(errors="replace")
                except OSError:  # the program ended and the terminal closed
                    assert self.proc.poll() is not None
        before, self._at = self.text[self._at : found], found + len(needle)
        return before

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)
            os.close(self.fd)


def test_interactive_chat_in_a_terminal_ctrl_c_stops_the_reply_not_the_session(
    home: Path, tmp_path: Path, serve: ServeProcess
) -> None:
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")}
    env.pop("VLLM_TRAY_HOME", None)
    argv = [sys.executable, "-m", "app", "chat", "user.a", "--config-dir", str(home)]
    hold = tmp_path / START_HOLD
    hold.touch()  # the load holds halfway until the chat has shown its progress
    term = Terminal([*argv, "--max-tokens", "300", "--system", "Be brief."], env)
    try:
        assert f"talking through the endpoint at {serve.url}" in term.expect(">>> ")
        term.type("tell me a story\r")
        term.expect("Loading user.a")  # loads on send, a progress line meanwhile
        hold.unlink()
        term.expect("Hello from the fake vLLM")
        assert running_requests(serve.url, "user.a") == 1
        term.type("\x03")  # Ctrl-C mid-reply
        term.expect("stopped")
        wait_until_idle(serve.url, "user.a")  # the engine saw the hang-up
        term.expect(">>> ")  # the session goes on

        term.type("/set max_tokens 4\r")
        term.expect("set\r\n>>> ")
        term.type("and now?\r")
        answer = term.expect(">>> ")
        assert "Hello from the fake" in answer and "4 tokens, first token" in answer

        term.type("\x03")  # at the prompt: a hint, not an exit
        term.expect("Use Ctrl + d or /bye to exit.")
        term.type("\x04")  # Ctrl-D ends the session
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    kept = ChatStore(home / "chats").load("user.a")
    assert kept.options == ChatOptions("Be brief.", None, 4)
    roles = [(m.role, m.stopped) for m in kept.messages]
    assert roles == [("user", False), ("assistant", True), ("user", False), ("assistant", False)]
    assert kept.messages[3].content == "Hello from the fake"


# -- the service in the runtime that hosts the endpoint (what the GUI calls) -------------------
@pytest.fixture
async def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Runtime:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={"engine.custom_command": fake_engine("--fake-start-delay", "1.5")},
        proxy_host="127.0.0.1",
        proxy_port=0,
    )
    await rt.start(serve=False)
    return rt


async def collect(events: AsyncIterator[ReplyEvent]) -> list[ReplyEvent]:
    return [e async for e in events]


async def test_chat_in_the_runtime_reports_the_load_from_the_bus(runtime: Runtime) -> None:
    rt = runtime
    try:
        off = await collect(rt.services.chat.send("user.a", "hi"))
        assert [type(e) for e in off] == [ReplyFailed]
        assert isinstance(off[0], ReplyFailed) and off[0].problem.code == "chat.endpoint_off"

        await rt.services.endpoint.start()
        events = await collect(rt.services.chat.send("user.a", "hi"))
        loading = [e for e in events if isinstance(e, ReplyLoading)]
        fractions = [e.fraction for e in loading if e.fraction is not None]
        assert fractions and fractions == sorted(fractions)  # the log's phases, in order
        assert {e.phase for e in loading} - {None}  # the phase, not a log line
        text = "".join(e.text for e in events if isinstance(e, ReplyDelta))
        assert text == "Hello from the fake vLLM engine, token by token.Hello from the fake vLLM"
        done = events[-1]
        assert isinstance(done, ReplyDone) and done.message.stats is not None
        assert done.message.stats.completion_tokens == 16
        assert done.message.stats.prompt_tokens == 1

        with pytest.raises(ProblemError) as bad:
            await rt.services.chat.set_options("user.a", ChatOptions(temperature=-1))
        assert bad.value.problem.code == "chat.bad_temperature"
        await rt.services.chat.set_options("user.a", ChatOptions(max_tokens=2))
        again = await collect(rt.services.chat.regenerate("user.a"))
        assert "".join(e.text for e in again if isinstance(e, ReplyDelta)) == "Hello from"
        kept = await rt.services.chat.conversation("user.a")
        assert [m.content for m in kept.messages] == ["hi", "Hello from"]

        first = rt.services.chat.send("user.a", "one")
        await anext(first)  # the reply is on its way
        with pytest.raises(ProblemError) as busy:
            await collect(rt.services.chat.send("user.a", "two"))
        assert busy.value.problem.code == "chat.busy"
        await first.aclose()

        await rt.services.chat.clear("user.a")
        assert (await rt.services.chat.conversation("user.a")).messages == ()
    finally:
        await rt.stop()
