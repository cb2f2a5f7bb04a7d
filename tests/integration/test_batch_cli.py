"""`vllm-tray batch run` as users run it (real subprocesses, the fake engine): bad input is
refused with its line number, a kill -9 mid-way and a rerun give each custom_id exactly once,
Ctrl-C stops cleanly, and a running `vllm-tray serve` is used instead of a second runtime."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import psutil
import pytest

from app.core.models.registry import ModelOptions, Registry
from app.core.paths import resolve_paths
from app.launcher import main
from tests.fakes.engine_runtime import fake_engine, make_runtime

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request_lines(n: int, model: str = "user.a") -> str:
    return "".join(
        json.dumps(
            {
                "custom_id": f"req-{i}",
                "method": "POST",
                "url": "/v1/chat/completions",
                "body": {
                    "model": model,
                    "messages": [{"role": "user", "content": f"q{i}"}],
                    "max_tokens": 4,
                },
            }
        )
        + "\n"
        for i in range(n)
    )


def make_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, token_delay: str, *switches: str
) -> Path:
    """A config dir with user.a on the fake engine, and an endpoint port nobody listens on."""
    make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={
            "engine.custom_command": fake_engine("--fake-token-delay", token_delay, *switches),
            "models.ctx_size": 4096,
            "proxy.port": free_port(),
            "models.max_num_seqs": 8,
        },
    )
    return tmp_path / "home"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return make_home(tmp_path, monkeypatch, "0.01")


def cli_env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")}
    env.pop("VLLM_TRAY_HOME", None)
    return env


def batch_argv(home: Path, source: Path, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "app",
        "batch",
        "run",
        str(source),
        "--out",
        str(out),
        "--config-dir",
        str(home),
        *extra,
    ]


def run_batch(
    home: Path, tmp_path: Path, source: Path, out: Path, *extra: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        batch_argv(home, source, out, *extra),
        env=cli_env(tmp_path),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )


def lines_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen[str], limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while lines_in(path) < n:
        assert proc.poll() is None, "the batch ended before the test could interrupt it"
        assert time.monotonic() < deadline
        time.sleep(0.02)


def ids_in(path: Path) -> Counter[str]:
    return Counter(json.loads(line)["custom_id"] for line in path.read_text().splitlines())


def engines_of(tmp_path: Path) -> list[psutil.Process]:
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            if any(str(tmp_path) in part for part in proc.info["cmdline"] or []):
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return [p for p in found if p.pid != os.getpid()]


def wait_no_engines(tmp_path: Path) -> None:
    deadline = time.monotonic() + 20
    while engines_of(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert engines_of(tmp_path) == []


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "extra", "needle"),
    [
        ('{"custom_id": "a"\n', (), "Line 1 of"),
        (
            request_lines(2) + '{"method": "POST", "url": "/v1/completions", "body": {}}\n',
            (),
            'Line 3 of {src} has no "custom_id"',
        ),
        (
            request_lines(3) + request_lines(2),
            (),
            "Line 4 of {src} repeats the custom_id req-0 of line 1",
        ),
        (
            request_lines(1).replace("/v1/chat/completions", "/v1/images/generations"),
            (),
            "does not serve /v1/images/generations",
        ),
        (request_lines(1), ("--concurrency", "0"), "--concurrency must be"),
        ("\n\n", (), "holds no requests"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    capsys: pytest.CaptureFixture[str],
    home: Path,
    tmp_path: Path,
    *,
    content: str,
    extra: tuple[str, ...],
    needle: str,
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(content)
    out = tmp_path / "out.jsonl"
    before = sorted(p.name for p in tmp_path.iterdir())
    code = main(["batch", "run", str(source), "--out", str(out), "--config-dir", str(home), *extra])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("vllm-tray: ")
    assert needle.format(src=source) in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_same_file_and_missing_input_are_refused(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(1))
    assert main(["batch", "run", str(source), "--out", str(source), "--config-dir", str(home)]) == 2
    assert "three different files" in capsys.readouterr().err
    missing = tmp_path / "nope.jsonl"
    assert main(["batch", "run", str(missing), "--out", "o.jsonl", "--config-dir", str(home)]) == 2
    assert f"There is no file {missing}." in capsys.readouterr().err


def test_an_unknown_model_is_refused_before_anything_is_sent(home: Path, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(2) + request_lines(1, "user.nope").replace("req-0", "x"))
    out = tmp_path / "out.jsonl"
    done = run_batch(home, tmp_path, source, out)
    assert done.returncode == 2, done.stderr
    assert "Line 3 of" in done.stderr and "user.nope" in done.stderr
    assert not out.exists()
    wait_no_engines(tmp_path)


# -- interruptions ------------------------------------------------------------------------------
def test_kill_9_mid_way_then_a_rerun_ends_with_every_id_once(home: Path, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(300))
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        batch_argv(home, source, out, "--concurrency", "8"),
        env=cli_env(tmp_path),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        wait_for_lines(out, 60, proc)
    finally:
        proc.kill()
        proc.wait(30)
    written = ids_in(out)
    assert 60 <= sum(written.values()) < 300
    # As if the kill had landed inside a write(): a torn last line is cut off by the rerun.
    with out.open("ab") as fh:
        fh.write(b'{"id":"batch_req_1","custom_id":"req-299","response":{"status_co')
    wait_no_engines(tmp_path)  # the killed run's engine went with it (the watchdog)

    again = run_batch(home, tmp_path, source, out, "--concurrency", "8")
    assert again.returncode == 0, again.stderr
    assert f"({sum(written.values())} already done)" in again.stderr
    assert ids_in(out) == Counter(f"req-{i}" for i in range(300))
    assert out.read_bytes().endswith(b"\n")
    statuses = {
        json.loads(line)["response"]["status_code"] for line in out.read_text().splitlines()
    }
    assert statuses == {200}
    assert not (tmp_path / "out.errors.jsonl").exists()
    # What the first run wrote is kept as it was, at the start of the file.
    head = [json.loads(line)["custom_id"] for line in out.read_text().splitlines()]
    assert Counter(head[: sum(written.values())]) == written

    nothing = run_batch(home, tmp_path, source, out)
    assert nothing.returncode == 0
    assert "nothing to send" in nothing.stdout
    wait_no_engines(tmp_path)


def test_ctrl_c_stops_cleanly_and_the_rerun_resumes(home: Path, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(200))
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        batch_argv(home, source, out, "--concurrency", "6"),
        env=cli_env(tmp_path),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_lines(out, 30, proc)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Run the same command again to resume" in err
    assert "Traceback" not in err
    stopped = ids_in(out)
    assert max(stopped.values()) == 1 and sum(stopped.values()) < 200
    assert out.read_bytes().endswith(b"\n")  # only whole results: in-flight ones were dropped
    wait_no_engines(tmp_path)

    again = run_batch(home, tmp_path, source, out)
    assert again.returncode == 0, again.stderr
    assert ids_in(out) == Counter(f"req-{i}" for i in range(200))


# -- a running endpoint, and concurrency auto ----------------------------------------------------
def test_a_running_serve_is_used_and_auto_takes_the_tuned_value(home: Path, tmp_path: Path) -> None:
    # The tuner writes its answer into the model's vllm_args; `auto` must find it there.
    Registry(resolve_paths(home)).set_options("user.a", ModelOptions(vllm_args="--max-num-seqs 3"))
    serve = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--config-dir", str(home)],
        env=cli_env(tmp_path),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert serve.stderr is not None
        for text in serve.stderr:
            if "serving on" in text:
                break
        else:
            pytest.fail("serve never started")
        source = tmp_path / "in.jsonl"
        source.write_text(request_lines(40))
        out = tmp_path / "out.jsonl"
        done = run_batch(home, tmp_path, source, out)
        assert done.returncode == 0, done.stderr
        assert "sending through the endpoint at http://127.0.0.1:" in done.stderr
        assert "3 at a time" in done.stderr
        assert "batch: 40/40 (100.0%)" in done.stderr  # whole progress lines without a tty
        assert "40 results: 40 in" in done.stdout
        assert ids_in(out) == Counter(f"req-{i}" for i in range(40))
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.communicate(timeout=60)
    wait_no_engines(tmp_path)


# -- two runs on one output ---------------------------------------------------------------------
def test_a_second_run_on_the_same_out_is_refused_and_each_id_stays_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first run's answers are held from its first result on, until the second run has
    # been refused: it is still sending then, however slowly the second one starts (on a
    # busy machine 16 requests of 0.4 s were all done before it had).
    hold = tmp_path / "hold"
    home = make_home(tmp_path, monkeypatch, "0.1", "--fake-hold-file", str(hold))
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(16))
    out = tmp_path / "dup.jsonl"
    first = subprocess.Popen(
        batch_argv(home, source, out, "--concurrency", "2"),
        env=cli_env(tmp_path),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_lines(out, 1, first)  # it is sending: the second one comes in mid-way
        hold.touch()
        before = out.read_bytes()
        second = run_batch(home, tmp_path, source, out, "--concurrency", "2")
        # Exit 2 (a conflict in what was asked), one sentence, and not one request sent.
        assert second.returncode == 2, second.stderr
        assert second.stderr == (
            f"vllm-tray: Another `vllm-tray batch run` is writing {out}; wait until it ends "
            "(it resumes where it stopped), or give this run another --out.\n"
        )
        assert second.stdout == ""
        assert first.poll() is None and out.read_bytes().startswith(before)
        hold.unlink()
        stdout, err = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
        if first.stdout is not None and not first.stdout.closed:
            first.communicate()  # its pipes closed even when an assert above failed
    assert first.returncode == 0, err
    assert "16 results: 16 in" in stdout
    assert ids_in(out) == Counter(f"req-{i}" for i in range(16))
    assert not (tmp_path / "dup.errors.jsonl").exists()
    # The lock is the first run's only until it ends: the same command now finds all done.
    again = run_batch(home, tmp_path, source, out)
    assert again.returncode == 0, again.stderr
    assert "nothing to send" in again.stdout
    wait_no_engines(tmp_path)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"custom_id": "a"\n', "Line 1 of"),
        (request_lines(2) * 2, "repeats the custom_id req-0 of line 1"),
    ],
)
def test_a_refused_file_leaves_a_config_dir_never_used_as_it_was(
    tmp_path: Path, content: str, needle: str
) -> None:
    """The file is checked by the batch service (`services.batch.open_file`) before anything
    starts: a fresh config dir is not even created, the output not opened."""
    source = tmp_path / "in.jsonl"
    source.write_text(content)
    home = tmp_path / "never"
    done = subprocess.run(
        [sys.executable, "-m", "app", "batch", "run", str(source), "--out", "out.jsonl"],
        env={**os.environ, "VLLM_TRAY_HOME": str(home)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and needle in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]
