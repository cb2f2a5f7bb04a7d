"""The instance proof: only a holder of the secret answers a challenge, for this challenge and
this port only; the endpoint answers it without the key and never reveals the secret."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.proxy.instance import INSTANCE_PATH, new_challenge, new_secret, prove, proves
from tests.unit.proxy.test_server import error_of, running_proxy


def test_the_holder_of_the_secret_proves_it() -> None:
    secret, challenge = new_secret(), new_challenge()
    assert proves(secret, challenge, 8321, prove(secret, challenge, 8321))


def test_a_wrong_secret_does_not_prove() -> None:
    challenge = new_challenge()
    assert not proves(new_secret(), challenge, 8321, prove(new_secret(), challenge, 8321))


def test_an_answer_replayed_to_another_challenge_does_not_prove() -> None:
    secret = new_secret()
    recorded = prove(secret, new_challenge(), 8321)
    assert not proves(secret, new_challenge(), 8321, recorded)


def test_an_answer_relayed_from_the_app_on_another_port_does_not_prove() -> None:
    secret, challenge = new_secret(), new_challenge()
    assert not proves(secret, challenge, 8321, prove(secret, challenge, 8322))


@settings(max_examples=200, deadline=None)
@given(answer=st.one_of(st.none(), st.integers(), st.text(max_size=100), st.lists(st.text())))
def test_no_other_answer_proves(answer: object) -> None:
    assert not proves(new_secret(), new_challenge(), 8321, answer)


async def test_the_endpoint_answers_without_the_key_once_armed() -> None:
    async with running_proxy(api_key="s3cret") as p:
        challenge = new_challenge()
        unarmed = await p.client.get(INSTANCE_PATH, params={"challenge": challenge})
        assert unarmed.status_code == 404
        secret = new_secret()
        p.server.instance.arm(secret, 8321)
        r = await p.client.get(INSTANCE_PATH, params={"challenge": challenge})
        assert r.status_code == 200
        assert r.json() == {"object": "vllm-tray.instance", "proof": prove(secret, challenge, 8321)}
        assert secret not in r.text
        # The key still guards everything else.
        assert (await p.client.get("/v1/models")).status_code == 401


async def test_a_challenge_that_is_not_hex_or_too_short_is_a_400() -> None:
    async with running_proxy() as p:
        p.server.instance.arm(new_secret(), 8321)
        for bad in ("", "abc", "zz" * 32, "AB" * 32, "a" * 129):
            r = await p.client.get(INSTANCE_PATH, params={"challenge": bad})
            assert r.status_code == 400, bad
            assert error_of(r)["param"] == "challenge"
