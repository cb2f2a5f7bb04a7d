"""The endpoint's settings (`proxy.*`): their rows of the settings table, in its shape."""

from __future__ import annotations

from functools import partial

from app.core.problems.problems import tr_noop
from app.core.settings.setting_spec import SettingSpec

# Most of them are read when the endpoint starts: a change restarts it.
_server = partial(SettingSpec, restart="server")

PROXY_SPECS: tuple[SettingSpec, ...] = (
    _server(
        "proxy.host",
        "127.0.0.1",
        tr_noop("Address the local OpenAI-compatible endpoint listens on."),
        label=tr_noop("Endpoint address"),
    ),
    _server(
        "proxy.port",
        8321,
        tr_noop("Port of the local OpenAI-compatible endpoint."),
        minimum=1,
        maximum=65_535,
        label=tr_noop("Endpoint port"),
    ),
    SettingSpec(
        "proxy.allowed_hosts",
        "",
        tr_noop(
            "Extra Host header names accepted besides loopback, separated by commas "
            "(defence against DNS rebinding)."
        ),
        label=tr_noop("Allowed host names"),
    ),
    SettingSpec(
        "proxy.cors_origins",
        "",
        tr_noop("Web origins allowed to call the endpoint from a browser, separated by commas."),
        label=tr_noop("Allowed web origins"),
    ),
    _server(
        "proxy.max_connections",
        512,
        tr_noop(
            "Most client connections the endpoint keeps open at once; past it the longest idle "
            "one is closed, or a newcomer is told to retry."
        ),
        minimum=16,
        maximum=65_535,
        label=tr_noop("Most open connections"),
    ),
    _server(
        "proxy.idle_timeout_s",
        60,
        tr_noop("Seconds an idle keep-alive connection stays open."),
        minimum=1,
        maximum=3600,
        label=tr_noop("Idle connection timeout"),
    ),
    _server(
        "proxy.header_timeout_s",
        10,
        tr_noop("Seconds a client has to send a request's headers once it started."),
        minimum=1,
        maximum=600,
        label=tr_noop("Request header timeout"),
    ),
    _server(
        "proxy.body_timeout_s",
        30,
        tr_noop(
            "Seconds a client has to send a request's body, plus one second for every 64 KiB "
            "it sent."
        ),
        minimum=1,
        maximum=3600,
        label=tr_noop("Request body timeout"),
    ),
    _server(
        "proxy.max_body_mb",
        32,
        tr_noop("Largest request body the endpoint accepts, in MiB."),
        minimum=1,
        maximum=4096,
        label=tr_noop("Largest request"),
    ),
    _server(
        "proxy.body_budget_mb",
        128,
        tr_noop(
            "Request bodies held in memory at once, all requests together, in MiB; a request "
            "over it waits briefly, then is told to retry. At least the largest request."
        ),
        minimum=1,
        maximum=65_536,
        label=tr_noop("Memory for request bodies"),
    ),
    _server(
        "proxy.upstream_first_byte_timeout_s",
        600,
        tr_noop(
            "Seconds a model may take to start answering a request (a long prompt or a whole "
            "non-streamed answer); 0 waits for ever."
        ),
        minimum=0,
        maximum=86_400,
        label=tr_noop("Time to first byte"),
    ),
    _server(
        "proxy.upstream_idle_timeout_s",
        120,
        tr_noop("Seconds a streamed answer may pause between two pieces; 0 waits for ever."),
        minimum=0,
        maximum=86_400,
        label=tr_noop("Pause within an answer"),
    ),
    _server(
        "proxy.sse_keepalive_s",
        15,
        tr_noop(
            "Seconds between the comment lines a streamed answer gets while it waits for its "
            "first token (a model loading, a long prompt), so clients with a short read "
            "timeout keep waiting; 0 sends none. A client can ask for none with the header "
            "X-SSE-Keepalive: off."
        ),
        minimum=0,
        maximum=3600,
        label=tr_noop("Keep-alive lines while a stream waits"),
    ),
    _server(
        "proxy.max_n",
        16,
        tr_noop(
            "Most choices (n, best_of) one request may ask a model for; more is refused, since "
            "each is a sequence in the model's batch (older vLLM sets no bound of its own)."
        ),
        minimum=1,
        maximum=4096,
        label=tr_noop("Most choices per request"),
    ),
    _server(
        "proxy.allow_request_chat_templates",
        False,
        tr_noop(
            "Let requests bring their own chat template (chat_template, "
            "chat_template_kwargs.chat_template) to a vLLM that renders it without bounds "
            "(fixed in 0.32.0); off, the endpoint refuses them for such an engine."
        ),
        label=tr_noop("Allow request-supplied chat templates"),
        effect_test=(
            "acts only on an engine older than 0.32.0, and the module's serve runs a fixed "
            "one; tests/integration/test_serve_shield.py::"
            "test_the_setting_lets_request_chat_templates_pass"
        ),
    ),
    SettingSpec(
        "proxy.autostart",
        True,
        tr_noop("Start the local endpoint when the app starts."),
        label=tr_noop("Start the endpoint with the app"),
        effect_test=(
            "the window's setting: serve always starts the endpoint; "
            "tests/gui/test_tray_e2e.py::test_a_hidden_start_with_the_endpoint_on_a_desktop"
        ),
    ),
)
