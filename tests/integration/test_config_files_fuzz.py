"""Hand-edited config files and Lemonade folders of any content, through the CLI's entry point.

Issue 31 ("a fuzz pass per input surface"): settings.json, user_models.json and
recipe_options.json holding any JSON or any bytes make a reading command say which file and
why, never a traceback, and leave the file as it was; a Lemonade folder of random files gives
a plan or one sentence, and `--yes` imports all of a plan or nothing. Bounded: each pass runs
`app.cli.main.main` in this process (the CLI's own entry, about 30 ms a run once imported).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.cli.main import main
from app.core.models.vllm_flags import CODE_FLAGS
from app.core.settings.setting_rules import SPEC_BY_KEY

BUILTIN = "Qwen3.5-0.8B-FP16-vLLM"
FIELDS = ["checkpoint", "recipe", "labels", "size", "ctx_size", "vllm_args", "gpus", "vllm"]
FIELDS += ["args", "models_dir", "checkpoints", "main", "tensor_parallel_size", "optimize"]
ARGS = ["--max-num-seqs 4", "--port 9", "--enforce-eager", "'", "--", *CODE_FLAGS]
ARGS += ["--middleware evil.Mw", "--trust-remote-code", "-O3", "--max-model 9"]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["vllm", "llamacpp", "Qwen/Qwen3-0.6B", "a/b:../../x", "/abs", "auto"])
    | st.sampled_from(ARGS)
)
keys = st.sampled_from([*SPEC_BY_KEY, *FIELDS, BUILTIN, f"user.{BUILTIN}", "m", "user.m"])
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(keys | st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=25,
)
contents = (
    values.map(lambda v: json.dumps(v).encode())
    | st.binary(max_size=64)
    | st.integers(min_value=1, max_value=200_000).map(lambda n: Nested(b"[" * n + b"]" * n))
    | st.sampled_from([b"", b"\xff\xfe{", b"{", b'{"a": NaN}', b"\x1b[2J{}"])
)


class Nested(bytes):
    """Brackets nested N deep, shown short when Hypothesis reports an example."""

    def __repr__(self) -> str:
        return f"Nested(depth={len(self) // 2})"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """HOME and the Hugging Face cache of this test alone (an import looks in both)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LEMONADE_CACHE_DIR", "HF_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)
    return tmp_path


READERS = {
    "settings.json": ("config", "get"),
    "user_models.json": ("models",),
    "recipe_options.json": ("models",),
}


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=st.sampled_from(sorted(READERS)), content=contents)
# Found by this test: a value's carriage return reached the terminal in the warning.
@example(name="settings.json", content=b'{"models.gpu_memory_utilization": "0\\r0"}')
@example(name="user_models.json", content=b'{"m": {"checkpoint": "\\u001b]0;owned\\u0007"}}')
def test_a_config_file_of_any_content_is_read_or_named_and_left_alone(
    isolated: Path, name: str, content: bytes
) -> None:
    with tempfile.TemporaryDirectory(dir=isolated) as folder:
        home = Path(folder)
        (home / name).write_bytes(content)
        code, _, err = _run(*READERS[name], "--config-dir", str(home))
        assert code == 0, err
        assert "Traceback" not in err
        for line in err.splitlines():  # every complaint names the file, on one line
            assert line.startswith(f"vllm-tray: warning: {home / name} "), line
        assert (home / name).read_bytes() == content
        assert {p.name for p in home.iterdir()} <= {name, "cache"}


def _lemonade_files() -> st.SearchStrategy[dict[str, bytes]]:
    names = st.sampled_from(["user_models.json", "recipe_options.json", "config.json"])
    vllm_models = st.dictionaries(
        st.sampled_from(["m", "Qwen3-0.6B-vLLM", "bad name", "..", BUILTIN[:-1]]),
        st.fixed_dictionaries(
            {"recipe": st.just("vllm")},
            optional={
                "checkpoint": scalars,
                "labels": values,
                "size": scalars,
            },
        ),
        max_size=3,
    )
    options = st.dictionaries(
        st.sampled_from(["user.m", BUILTIN, f"user.{BUILTIN}", "user.Qwen3-0.6B-vLLM"]),
        st.fixed_dictionaries(
            {}, optional={"ctx_size": scalars, "vllm_args": st.sampled_from(ARGS) | scalars}
        ),
        max_size=3,
    )
    config = st.fixed_dictionaries(
        {},
        optional={
            "vllm": st.fixed_dictionaries({}, optional={"args": st.sampled_from(ARGS) | scalars}),
            "ctx_size": scalars,
            "models_dir": scalars,
        },
    )
    shaped = {
        "user_models.json": vllm_models,
        "recipe_options.json": options,
        "config.json": config,
    }
    one = names.flatmap(
        lambda n: st.tuples(
            st.just(n),
            shaped[n].map(lambda v: json.dumps(v).encode()) | contents,
        )
    )
    return st.lists(one, min_size=1, max_size=3).map(dict)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(files=_lemonade_files(), yes=st.booleans())
def test_a_lemonade_folder_of_any_content_gives_a_plan_or_one_sentence(
    isolated: Path, files: dict[str, bytes], yes: bool
) -> None:
    with tempfile.TemporaryDirectory(dir=isolated) as folder:
        lemonade, ours, cache = Path(folder) / "lemonade", Path(folder) / "ours", Path(folder)
        lemonade.mkdir()
        for name, data in files.items():
            (lemonade / name).write_bytes(data)
        before = _tree(lemonade)
        argv = ["import-lemonade", str(lemonade), "--cache-dir", str(cache / "lc")]
        argv += ["--yes"] if yes else ["--json"]
        code, out, err = _run(*argv, "--config-dir", str(ours))
        assert "Traceback" not in out + err
        assert "\x1b" not in out + err
        assert _tree(lemonade) == before  # Lemonade's folder is only read
        written = {p.name for p in ours.glob("*.json")}
        if not yes:
            assert code == 0, err
            plan: Any = json.loads(out)
            assert plan["found"] is True
            assert not written
        elif code != 0:  # refused: one sentence, nothing of the plan applied
            assert code == 2, err
            assert len(err.strip().splitlines()) == 1, err
            assert not written
        else:
            _imported_only_what_was_planned(ours, out)


def _imported_only_what_was_planned(ours: Path, out: str) -> None:
    """After an import: no code flag reached our files, and no NaN either."""
    for path in ours.glob("*.json"):
        text = path.read_text(encoding="utf-8")
        for flag in CODE_FLAGS:
            assert flag not in text, (path.name, text)
        data = json.loads(text)
        assert not _has_nan(data)
    assert "Imported" in out or "Nothing to import" in out


def _has_nan(value: object) -> bool:
    if isinstance(value, float):
        return math.isnan(value) or math.isinf(value)
    if isinstance(value, dict):
        return any(_has_nan(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_nan(v) for v in value)
    return False
