"""The import plan leaves out every flag that runs code, says what it would do, keeps the rest."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.lemonade.lemonade import LemonadeDirs, LemonadeOptions, LemonadeSetup
from app.core.lemonade.lemonade_compare import plan_import
from app.core.lemonade.lemonade_plan import ChangeKind
from app.core.models.vllm_flags import CODE_FLAGS
from tests.unit.core.lemonade.test_lemonade import BUILTIN, here

DIRS = LemonadeDirs(Path("/lemonade"), Path("/lemonade-cache"))


def _setup(global_args: str | None = None, model_args: str | None = None) -> LemonadeSetup:
    options = (LemonadeOptions(BUILTIN.name, None, model_args),) if model_args else ()
    return LemonadeSetup(
        DIRS, files=(DIRS.config_dir / "config.json",), options=options, vllm_args=global_args
    )


def test_global_code_flags_are_held_back_each_with_its_sentence() -> None:
    plan = plan_import(
        _setup("--enforce-eager --trust_remote_code --middleware=evil.Mw --middleware x.Y"),
        here(),
    )
    (change,) = plan.changes
    assert (change.kind, change.values["value"]) == (ChangeKind.SET_SETTING, "--enforce-eager")
    assert [(s.target, s.problem.code) for s in plan.skipped] == [
        ("models.vllm_args", "lemonade.code_flag_repository"),
        ("models.vllm_args", "lemonade.code_flag_module"),
        ("models.vllm_args", "lemonade.code_flag_module"),
    ]
    assert (
        plan.skipped[1]
        .problem.english()
        .startswith(
            "--middleware evil.Mw in Lemonade's global vllm_args would make vLLM import and run "
            "the Python code evil.Mw"
        )
    )
    assert plan.holds_code_flags


def test_a_models_code_flags_are_held_back_and_its_other_flags_imported() -> None:
    plan = plan_import(
        _setup(model_args="--max-num-seqs 4 --logits-processor-pat '.*' --worker-ext a.B"),
        here(),
    )
    (change,) = plan.changes
    assert change.values["vllm_args"] == "--max-num-seqs 4"
    assert [s.problem.code for s in plan.skipped] == [
        "lemonade.code_flag_requests",
        "lemonade.code_flag_module",
    ]


def test_a_plan_without_code_flags_holds_none_back() -> None:
    plan = plan_import(_setup("--enforce-eager --tool-call-parser hermes"), here())
    assert not plan.skipped and not plan.holds_code_flags


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from([*CODE_FLAGS, "--enforce-eager", "--max-num-seqs 4", "--port 9"]),
        max_size=6,
    )
)
def test_no_code_flag_reaches_a_change(parts: list[str]) -> None:
    plan = plan_import(_setup(" ".join(parts), " ".join(parts)), here())
    for change in plan.changes:
        text = str(change.values)
        assert not any(flag in text for flag in CODE_FLAGS), text
    assert plan.holds_code_flags == any(p in CODE_FLAGS for p in parts)
