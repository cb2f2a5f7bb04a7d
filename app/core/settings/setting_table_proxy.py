"""The endpoint's settings (`proxy.*`): their rows of the settings table, in its shape."""

from __future__ import annotations

from app.core.problems.problems import tr_noop
from app.core.settings.setting_spec import SettingSpec

PROXY_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "proxy.host",
        "127.0.0.1",
        tr_noop("Address the local OpenAI-compatible endpoint listens on."),
        restart="server",
        label=tr_noop("Endpoint address"),
    ),
    SettingSpec(
        "proxy.port",
        8321,
        tr_noop("Port of the local OpenAI-compatible endpoint."),
        restart="server",
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
    SettingSpec(
        "proxy.max_connections",
        512,
        tr_noop(
            "Most client connections the endpoint keeps open at once; past it the longest idle "
            "one is closed, or a newcomer is told to retry."
        ),
        restart="server",
        minimum=16,
        maximum=65_535,
        label=tr_noop("Most open connections"),
    ),
    SettingSpec(
        "proxy.idle_timeout_s",
        60,
        tr_noop("Seconds an idle keep-alive connection stays open."),
        restart="server",
        minimum=1,
        maximum=3600,
        label=tr_noop("Idle connection timeout"),
    ),
    SettingSpec(
        "proxy.header_timeout_s",
        10,
        tr_noop("Seconds a client has to send a request's headers once it started."),
        restart="server",
        minimum=1,
        maximum=600,
        label=tr_noop("Request header timeout"),
    ),
    SettingSpec(
        "proxy.body_timeout_s",
        30,
        tr_noop(
            "Seconds a client has to send a request's body, plus one second for every 64 KiB "
            "it sent."
        ),
        restart="server",
        minimum=1,
        maximum=3600,
        label=tr_noop("Request body timeout"),
    ),
    SettingSpec(
        "proxy.max_body_mb",
        32,
        tr_noop("Largest request body the endpoint accepts, in MiB."),
        restart="server",
        minimum=1,
        maximum=4096,
        label=tr_noop("Largest request"),
    ),
    SettingSpec(
        "proxy.body_budget_mb",
        128,
        tr_noop(
            "Request bodies held in memory at once, all requests together, in MiB; a request "
            "over it waits briefly, then is told to retry. At least the largest request."
        ),
        restart="server",
        minimum=1,
        maximum=65_536,
        label=tr_noop("Memory for request bodies"),
    ),
    SettingSpec(
        "proxy.upstream_first_byte_timeout_s",
        600,
        tr_noop(
            "Seconds a model may take to start answering a request (a long prompt or a whole "
            "non-streamed answer); 0 waits for ever."
        ),
        restart="server",
        minimum=0,
        maximum=86_400,
        label=tr_noop("Time to first byte"),
    ),
    SettingSpec(
        "proxy.upstream_idle_timeout_s",
        120,
        tr_noop("Seconds a streamed answer may pause between two pieces; 0 waits for ever."),
        restart="server",
        minimum=0,
        maximum=86_400,
        label=tr_noop("Pause within an answer"),
    ),
    SettingSpec(
        "proxy.sse_keepalive_s",
        15,
        tr_noop(
            "Seconds between the comment lines a streamed answer gets while it waits for its "
            "first token (a model loading, a long prompt), so clients with a short read "
            "timeout keep waiting; 0 sends none. A client can ask for none with the header "
            "X-SSE-Keepalive: off."
        ),
        restart="server",
        minimum=0,
        maximum=3600,
        label=tr_noop("Keep-alive lines while a stream waits"),
    ),
    SettingSpec(
        "proxy.max_n",
        16,
        tr_noop(
            "Most choices (n, best_of) one request may ask a model for; more is refused, since "
            "each is a sequence in the model's batch (older vLLM sets no bound of its own)."
        ),
        restart="server",
        minimum=1,
        maximum=4096,
        label=tr_noop("Most choices per request"),
    ),
    SettingSpec(
        "proxy.allow_request_chat_templates",
        False,
        tr_noop(
            "Let requests bring their own chat template (chat_template, "
            "chat_template_kwargs.chat_template) to a vLLM that renders it without bounds "
            "(fixed in 0.32.0); off, the endpoint refuses them for such an engine."
        ),
        restart="server",
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
