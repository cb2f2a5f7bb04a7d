"""`vllm-tray import-lemonade` on a setup whose vLLM arguments would run code (issue 31 item 11).

Before: Lemonade's global `--trust-remote-code` was listed as an ordinary change, and `--yes`
added the models and then failed on that setting (exit 2, the import half done), while a
global `--middleware evil.Mw` (a module imported into every engine) came along without a word.
Now every change is checked while planning, with the checks `config set` and `options` make;
a flag that runs code is said in the plan with what it would do and never imported; `--yes`
imports nothing while such a flag is left out, unless the user says to leave it out.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import fake_engine
from tests.fakes.lemonade_home import USER_MODEL, LemonadeHome, build_lemonade_home
from tests.fakes.remote_servers import run_cli
from tests.integration.test_lemonade_import import tree_digest, user_env

GLOBAL_ARGS = "--max-num-batched-tokens 4096 --trust-remote-code --middleware evil.Mw"
TRUST = (
    "  - not imported: models.vllm_args: --trust-remote-code in Lemonade's global vllm_args "
    "lets a model's repository run its own Python code on this computer when the model "
    "loads; it is not imported. If you trust the repository, set it yourself in the options "
    "of the model that needs it."
)
MIDDLEWARE = (
    "  - not imported: models.vllm_args: --middleware evil.Mw in Lemonade's global vllm_args "
    "would make vLLM import and run the Python code evil.Mw, with your rights, in the engine "
    "of every model these arguments apply to; it is not imported. If you trust that code, set "
    "it yourself with vllm-tray options or vllm-tray config set."
)
OUR_FILES = ("settings.json", "user_models.json", "recipe_options.json")


@pytest.fixture
def lemonade(tmp_path: Path) -> LemonadeHome:
    home = build_lemonade_home(tmp_path / "lemonade")
    config = home.config_dir / "config.json"
    data = json.loads(config.read_text())
    data["vllm"]["args"] = GLOBAL_ARGS
    config.write_text(json.dumps(data))
    return home


def _ours_untouched(ours: Path) -> None:
    for name in OUR_FILES:
        assert not (ours / name).exists(), name
    assert not (ours / "cache" / "engines" / "rocm").exists()


def test_the_plan_says_what_each_code_flag_would_do(lemonade: LemonadeHome, tmp_path: Path) -> None:
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    shown = run_cli(ours, "import-lemonade", stdin="n\n", env=env)
    assert shown.returncode == 1, shown.stderr
    lines = shown.stdout.splitlines()
    assert TRUST in lines and MIDDLEWARE in lines
    # The rest of the global arguments is an ordinary change.
    assert "  ~ setting models.vllm_args: '' → '--max-num-batched-tokens 4096'" in lines
    plan = json.loads(run_cli(ours, "import-lemonade", "--json", env=env).stdout)
    codes = {(s["target"], s["code"]) for s in plan["skipped"]}
    assert ("models.vllm_args", "lemonade.code_flag_repository") in codes
    assert ("models.vllm_args", "lemonade.code_flag_module") in codes
    _ours_untouched(ours)


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_yes_imports_nothing_while_a_code_flag_is_left_out(
    lemonade: LemonadeHome, tmp_path: Path, extra: tuple[str, ...]
) -> None:
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    before = tree_digest(lemonade.home)
    done = run_cli(ours, "import-lemonade", "--yes", *extra, env=env)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "vllm-tray: Lemonade's setup holds flags that would run code, said above; nothing was "
        "imported. Add --without-code-flags to import the rest without them, and set those "
        "flags yourself if you trust that code."
    ]
    _ours_untouched(ours)
    assert tree_digest(lemonade.home) == before


def test_without_code_flags_imports_the_rest_and_never_the_flags(
    lemonade: LemonadeHome, tmp_path: Path
) -> None:
    """Per model too: a worker extension and a request-chosen logits processor stay out."""
    options_file = lemonade.config_dir / "recipe_options.json"
    options = json.loads(options_file.read_text())
    options[f"user.{USER_MODEL}"]["vllm_args"] = (
        "--max-num-seqs 4 --worker-extension-cls=evil.Ext --logits-processor-pattern '.*'"
    )
    options_file.write_text(json.dumps(options))
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    done = run_cli(ours, "import-lemonade", "--yes", "--without-code-flags", env=env)
    assert done.returncode == 0, done.stderr
    assert TRUST in done.stdout.splitlines() and MIDDLEWARE in done.stdout.splitlines()
    assert (
        f"  - not imported: user.{USER_MODEL} vllm_args: --worker-extension-cls evil.Ext in "
        f"Lemonade's user.{USER_MODEL} vllm_args would make vLLM import and run the Python code "
        "evil.Ext"
    ) in done.stdout
    assert (
        f"--logits-processor-pattern '.*' in Lemonade's user.{USER_MODEL} vllm_args would let "
        "whoever sends a request name Python code"
    ) in done.stdout
    settings = json.loads((ours / "settings.json").read_text())
    assert settings["models.vllm_args"] == "--max-num-batched-tokens 4096"
    imported = json.loads((ours / "recipe_options.json").read_text())
    assert imported[f"user.{USER_MODEL}"]["vllm_args"] == "--max-num-seqs 4"
    everything = "".join((ours / name).read_text() for name in OUR_FILES)
    for flag in ("trust-remote", "middleware", "evil", "worker-extension", "logits-processor"):
        assert flag not in everything


def test_a_setting_config_set_refuses_is_said_in_the_plan_not_half_applied(
    tmp_path: Path,
) -> None:
    """The original half-import: a global flag the engine does not take passed the plan,
    and `--yes` then added the models and failed on it. The plan now runs `config set`'s own
    checks (the engine's --help here), says the setting is not imported, and the rest is."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    config = lemonade.config_dir / "config.json"
    data = json.loads(config.read_text())
    data["vllm"]["args"] = "--foo-bar 3"
    config.write_text(json.dumps(data))
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    for setting in ("engine.kind=custom", f"engine.custom_command={fake_engine()}"):
        assert run_cli(ours, "config", "set", setting, env=env).returncode == 0
    before = (ours / "settings.json").read_text()

    plan = json.loads(run_cli(ours, "import-lemonade", "--json", env=env).stdout)
    assert "models.vllm_args" not in {c["target"] for c in plan["changes"]}
    (refused,) = [s for s in plan["skipped"] if s["target"] == "models.vllm_args"]
    assert refused["code"] == "args.unknown_flag"

    done = run_cli(ours, "import-lemonade", "--yes", env=env)
    assert done.returncode == 0, done.stderr
    assert (
        "  - not imported: models.vllm_args: In global vllm_args, --foo-bar is not a flag of "
        "this vLLM: its --help does not list it. Check the spelling, or remove it."
    ) in done.stdout.splitlines()
    assert json.loads((ours / "user_models.json").read_text())[USER_MODEL]
    assert (ours / "settings.json").read_text() == before
