"""Remote servers, the pure rules: names, addresses, the remotes file, a remote's model list."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.problems.problems import ProblemError
from app.core.remotes.remotes import (
    SERVER_VLLM,
    SERVER_VLLM_TRAY,
    RemotesConfig,
    RemoteServer,
    check_env_name,
    check_name,
    new_remote,
    normalize_url,
    parse_model_list,
    remotes_from_json,
    split_model_id,
)
from app.core.states import ProcessState


@pytest.mark.parametrize("name", ["office", "gpu-box_2", "a", "0", "x" * 32])
def test_good_names(name: str) -> None:
    assert check_name(name) == name


@pytest.mark.parametrize("name", ["", "Office", "off/ice", "-x", "_x", "a b", "x" * 33, "é"])
def test_bad_names_say_the_rule(name: str) -> None:
    with pytest.raises(ProblemError) as err:
        check_name(name)
    assert err.value.problem.code == "remotes.bad_name"
    assert err.value.problem.params == {"name": name}
    assert "NAME/MODEL" in err.value.problem.english()


@pytest.mark.parametrize(
    ("typed", "normal"),
    [
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("  http://192.168.1.20:8000/  ", "http://192.168.1.20:8000"),
        ("http://192.168.1.20:8000/v1", "http://192.168.1.20:8000"),  # the openai base_url
        ("http://192.168.1.20:8000/v1/", "http://192.168.1.20:8000"),
        ("HTTPS://Box.Example:443/vllm/v1", "https://box.example:443/vllm"),
        ("http://[fd00::7]:8000", "http://[fd00::7]:8000"),
        ("http://gpu-box", "http://gpu-box"),
    ],
)
def test_urls_are_normalised(typed: str, normal: str) -> None:
    assert normalize_url(typed) == normal


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("ftp://host:21", "http:// or https://"),
        ("192.168.1.20:8000", "http:// or https://"),
        ("", "http:// or https://"),
        ("http://", "no host"),
        ("http://user:secret@host:8000", "user name or key"),
        ("http://host:8000/?x=1", "query or fragment"),
        ("http://host:8000/#top", "query or fragment"),
        ("http://host:99999", "from 1 to 65535"),
        ("http://host:port", "from 1 to 65535"),
        ("http://host:0", "from 1 to 65535"),
        ("http://[fd00::7:8000", "not a valid address"),
        ("http://ho st:8000", "spaces"),
    ],
)
def test_bad_urls_say_why(typed: str, why: str) -> None:
    with pytest.raises(ProblemError) as err:
        normalize_url(typed)
    assert err.value.problem.code == "remotes.bad_url"
    assert why in err.value.problem.params["reason"]


def test_env_names() -> None:
    assert check_env_name("OFFICE_VLLM_KEY") == "OFFICE_VLLM_KEY"
    for bad in ("1KEY", "KEY-NAME", "$KEY", ""):
        with pytest.raises(ProblemError) as err:
            check_env_name(bad)
        assert err.value.problem.code == "remotes.bad_env"


def test_new_remote_refuses_duplicates_and_two_key_sources() -> None:
    config = RemotesConfig().added(RemoteServer("office", "http://a:1"))
    with pytest.raises(ProblemError) as dup:
        new_remote(config, "office", "http://b:2", api_key_env=None, key_saved=False)
    assert dup.value.problem.code == "remotes.exists"
    with pytest.raises(ProblemError) as both:
        new_remote(config, "lab", "http://b:2", api_key_env="K", key_saved=True)
    assert both.value.problem.code == "remotes.two_keys"
    lab = new_remote(config, "lab", "http://b:2/v1", api_key_env="K", key_saved=False)
    assert lab == RemoteServer("lab", "http://b:2", api_key_env="K")
    assert lab.key_source == "env:K" and lab.secret_name == "remote.lab"


def test_the_file_round_trips_and_refuses_what_the_cli_refuses() -> None:
    config = RemotesConfig(
        (
            RemoteServer("office", "http://192.168.1.20:8000", key_saved=True),
            RemoteServer("lab", "https://lab.example", api_key_env="LAB_KEY"),
        )
    )
    assert remotes_from_json(config.to_json()) == config
    assert remotes_from_json({}) == RemotesConfig()
    bad: list[Any] = [
        [],
        {"remotes": {}},
        {"remotes": ["office"]},
        {"remotes": [{"name": "office"}]},
        {"remotes": [{"name": "Off/ice", "url": "http://a"}]},
        {"remotes": [{"name": "a", "url": "ftp://a"}]},
        {"remotes": [{"name": "a", "url": "http://a"}, {"name": "a", "url": "http://b"}]},
        {"remotes": [{"name": "a", "url": "http://a", "key_saved": "yes"}]},
    ]
    for raw in bad:
        with pytest.raises((ValueError, ProblemError)):
            remotes_from_json(raw)


def test_model_ids_split_at_the_first_slash() -> None:
    assert split_model_id("office/Qwen/Qwen3-8B") == ("office", "Qwen/Qwen3-8B")
    assert split_model_id("office/user.a") == ("office", "user.a")
    for local in ("user.a", "Qwen3.5-0.8B-FP16-vLLM", "/x", "office/"):
        assert split_model_id(local) is None


def test_a_bare_vllm_lists_what_it_serves() -> None:
    listed = parse_model_list(
        {
            "object": "list",
            "data": [
                {
                    "id": "Qwen/Qwen3-8B",
                    "object": "model",
                    "owned_by": "vllm",
                    "root": "/models/qwen3-8b",
                    "max_model_len": 32768,
                    "created": 1700000000,
                }
            ],
        }
    )
    assert listed.server == SERVER_VLLM
    (model,) = listed.models
    assert model.id == "Qwen/Qwen3-8B"
    assert model.state is ProcessState.RUNNING
    assert (model.ctx_size, model.checkpoint, model.created) == (
        32768,
        "/models/qwen3-8b",
        1700000000,
    )


def test_another_vllm_tray_lists_its_downloaded_models_with_their_states_one_hop_only() -> None:
    def card(model_id: str, **extra: Any) -> dict[str, Any]:
        return {
            "id": model_id,
            "owned_by": "vllm-tray",
            "state": "stopped",
            "downloaded": True,
            "ctx_size": 4096,
            "checkpoint": "org/x",
            "size_gb": 1.5,
            "remote": None,
            **extra,
        }

    listed = parse_model_list(
        {
            "data": [
                card("user.a", state="running"),
                card("user.b"),
                card("builtin.big", downloaded=False),  # its catalog: not servable
                card("lab/tiny", remote="lab"),  # its own remote's: never relayed twice
                card("user.c", state="hibernating"),  # a state this version does not know
                card("user.d", state="sleeping"),  # put aside by sleep mode there
            ]
        }
    )
    assert listed.server == SERVER_VLLM_TRAY
    assert [(m.id, m.state) for m in listed.models] == [
        ("user.a", ProcessState.RUNNING),
        ("user.b", ProcessState.STOPPED),
        ("user.c", ProcessState.RUNNING),
        ("user.d", ProcessState.SLEEPING),
    ]
    assert listed.models[0].size_gb == 1.5


@pytest.mark.parametrize(
    "raw", [[], {"data": "x"}, {"models": []}, {"data": [{"object": "model"}]}, {"data": [1]}]
)
def test_what_is_not_a_model_list(raw: Any) -> None:
    with pytest.raises(ValueError):
        parse_model_list(raw)
