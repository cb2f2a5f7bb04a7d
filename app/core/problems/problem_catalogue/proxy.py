"""Problems whose code starts with "proxy."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "proxy.bad_field",
        tr_noop('"{field}" must be {expected}.'),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.bad_header",
        tr_noop("The header {header} must be {expected}; got {value}."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.bad_host",
        tr_noop(
            "The request names the host {host}, which is not a valid host name with an "
            "optional port."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.bad_json",
        tr_noop("The request body is not valid JSON: {reason}."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.bind_failed",
        tr_noop("The endpoint cannot listen on {host} port {port}: {reason}."),
        status=503,
        fix=None,
        data=("setting",),
    ),
    ProblemSpec(
        "proxy.body_timeout",
        tr_noop("The request body arrived too slowly: {received} bytes in {elapsed_s:g} s."),
        status=408,
        fix=None,
        data=("expected",),
        worded=True,
    ),
    ProblemSpec(
        "proxy.body_too_slow",
        tr_noop(
            "The request body arrived too slowly while the endpoint was full: {received} bytes "
            "in {elapsed_s:g} s. Its connection was closed to make room for another client."
        ),
        status=408,
        fix=None,
        data=("expected",),
    ),
    ProblemSpec(
        "proxy.body_encoded",
        tr_noop(
            "The request body is sent with Content-Encoding {encoding}; this endpoint takes "
            "bodies uncompressed, as vLLM does."
        ),
        status=415,
        fix=None,
    ),
    ProblemSpec(
        "proxy.body_too_large",
        tr_noop("The request body is larger than the limit of {limit_mib:g} MiB."),
        status=413,
        fix=None,
        data=("limit",),
    ),
    ProblemSpec(
        "proxy.busy",
        tr_noop(
            "The endpoint is holding as many request bodies as its memory budget of "
            "{budget_mib:g} MiB allows; try again in a moment."
        ),
        status=503,
        fix=None,
        data=("budget", "setting"),
    ),
    ProblemSpec(
        "proxy.downloads_unavailable",
        tr_noop("Downloads are not available from this endpoint."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "proxy.forbidden_host",
        tr_noop(
            "Requests addressed to {host} are refused: only loopback names and the hosts "
            "listed in proxy.allowed_hosts are served (a defence against DNS rebinding)."
        ),
        status=403,
        fix=None,
        data=("setting",),
    ),
    ProblemSpec(
        "proxy.forbidden_origin",
        tr_noop(
            "Requests from web pages at {origin} are refused; add the origin to "
            "proxy.cors_origins to allow them."
        ),
        status=403,
        fix=None,
        data=("setting",),
    ),
    ProblemSpec(
        "proxy.head_too_large",
        tr_noop("The request line or one of its headers is longer than {limit} bytes."),
        status=431,
        fix=None,
    ),
    ProblemSpec(
        "proxy.header_timeout",
        tr_noop("The request's headers did not arrive within {timeout_s:g} s."),
        status=408,
        fix=None,
    ),
    ProblemSpec(
        "proxy.http_error",
        tr_noop("{reason}."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "proxy.internal",
        tr_noop("The endpoint failed unexpectedly; the details are in the app's log."),
        status=500,
        fix=None,
    ),
    ProblemSpec(
        "proxy.key_required",
        tr_noop(
            "The endpoint would listen on {host}, where other computers can reach it, "
            "but no API key is set. Set an API key first, or set proxy.host back to "
            "127.0.0.1."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("setting",),
    ),
    ProblemSpec(
        "proxy.local_folder_needs_key",
        tr_noop(
            "Adding the folder {checkpoint} as a model needs the endpoint's API key, and "
            "this request did not carry one. Add it on this computer (vllm-tray pull "
            "{model} --checkpoint {checkpoint}), or set a key (vllm-tray config "
            "set-secret api_key)."
        ),
        status=403,
        fix=None,
    ),
    ProblemSpec(
        "proxy.malformed_body",
        tr_noop("The request body is not framed correctly: {detail}."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.malformed_request",
        tr_noop("The request is not valid HTTP/1.1: {detail}."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.method_not_allowed",
        tr_noop("{method} is not allowed on {path}; use {allowed}."),
        status=405,
        fix=None,
    ),
    ProblemSpec(
        "proxy.missing_field",
        tr_noop('The request needs a "{field}" field naming a model; available: {available}.'),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.not_an_object",
        tr_noop("The request body must be a JSON object."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.not_found",
        tr_noop("There is no endpoint at {path}."),
        status=404,
        fix=None,
    ),
    ProblemSpec(
        "proxy.not_http",
        tr_noop("This endpoint speaks plain HTTP, not HTTPS: use http:// in its address."),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.port_in_use",
        tr_noop(
            "Port {port} is already in use by another program, so the endpoint cannot "
            "start. Choose another port in the proxy.port setting."
        ),
        status=503,
        fix=None,
        data=("host", "setting"),
    ),
    ProblemSpec(
        "proxy.source_change_needs_key",
        tr_noop(
            "Changing where {model} takes its files from needs the endpoint's API key, "
            "and this request did not carry one. Change it on this computer (vllm-tray "
            "pull {model} --checkpoint {checkpoint} --replace), or set a key (vllm-tray "
            "config set-secret api_key)."
        ),
        status=403,
        fix=None,
    ),
    ProblemSpec(
        "proxy.stopping",
        tr_noop(
            "The endpoint stopped before this answer was complete (vLLM Tray was quit or "
            "its endpoint stopped), so the answer is cut short; send the request again "
            "once the endpoint is back."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "proxy.too_many_choices",
        tr_noop(
            "{param} may be at most {limit} on this endpoint (the setting {setting}); "
            "this request asked for {value}."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "proxy.too_many_connections",
        tr_noop(
            "The endpoint already has {limit} open connections, its limit; try again in a moment."
        ),
        status=503,
        fix=None,
        data=("setting",),
    ),
    ProblemSpec(
        "proxy.too_many_headers",
        tr_noop("The request has more than {limit} headers."),
        status=431,
        fix=None,
    ),
    ProblemSpec(
        "proxy.unauthorized",
        tr_noop(
            "This endpoint needs its API key, sent as the header 'Authorization: Bearer "
            "<key>'; the key was missing or wrong."
        ),
        status=401,
        fix=None,
    ),
    ProblemSpec(
        "proxy.unknown_method",
        tr_noop("The request's method is not one this endpoint knows; use GET or POST."),
        status=501,
        fix=None,
    ),
    ProblemSpec(
        "proxy.upstream_broke",
        tr_noop(
            "The vLLM server of {model} stopped in the middle of its answer, so the "
            "answer is incomplete; the model may have crashed or been restarted."
        ),
        status=502,
        fix=None,
        data=("reason",),
    ),
    ProblemSpec(
        "proxy.upstream_error",
        tr_noop("The vLLM server of {model} answered {status}: {detail}"),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "proxy.upstream_no_route",
        tr_noop(
            "{model} does not offer {path}: its vLLM server has no such endpoint, which "
            "usually means the model cannot do this kind of request (for example "
            "embeddings from a chat model)."
        ),
        status=404,
        fix=None,
    ),
    ProblemSpec(
        "proxy.upstream_redirect",
        tr_noop(
            "The vLLM server of {model} answered with a redirect ({status}) to "
            "{location}, which the endpoint does not follow; check the server's address."
        ),
        status=502,
        fix=None,
    ),
    ProblemSpec(
        "proxy.upstream_refused_key",
        tr_noop(
            "The vLLM server of {model} refused the key the app gave it; unload the "
            "model and try again."
        ),
        status=502,
        fix=None,
    ),
    ProblemSpec(
        "proxy.upstream_timeout",
        tr_noop(
            "The vLLM server of {model} sent nothing for {timeout_s:g} s after the "
            "request; it may be hung. The limit is the setting {setting}."
        ),
        status=504,
        fix=None,
        worded=True,
    ),
    ProblemSpec(
        "proxy.upstream_unreachable",
        tr_noop("The vLLM server of {model} could not be reached: {reason}."),
        status=502,
        fix=None,
    ),
)
