"""Problems whose code starts with "batch."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "batch.bad_concurrency",
        tr_noop("--concurrency must be a whole number from 1 to {limit}, or auto; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.bad_endpoint",
        tr_noop("Batches cannot use {endpoint}; use one of {urls}."),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.bad_expiry",
        tr_noop(
            'expires_after needs anchor "created_at" and seconds from 1 to {max}; got '
            "{anchor} and {seconds}."
        ),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.bad_metadata",
        tr_noop("metadata must be at most {max} pairs of strings."),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.bad_purpose",
        tr_noop(
            'This endpoint keeps files for batches only: purpose must be "batch"; got {purpose}.'
        ),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.bad_request",
        tr_noop('The request needs "{param}" as a string.'),
        status=400,
        fix=None,
        data=("max", "value"),
        worded=True,
    ),
    ProblemSpec(
        "batch.bad_upload",
        tr_noop(
            'An upload must be multipart/form-data with one "file" part and a "purpose" field.'
        ),
        status=400,
        fix=None,
        data=("field", "limit", "param"),
        worded=True,
    ),
    ProblemSpec(
        "batch.bad_window",
        tr_noop('completion_window must be "24h"; got {value}.'),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.corrupt_output",
        tr_noop(
            "Line {line} of {file} is not a batch result, so it cannot be told which "
            "requests are done. Move the file away or remove that line."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.empty",
        tr_noop("{file} holds no requests."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.ended",
        tr_noop("The batch {batch_id} has already ended ({status})."),
        status=409,
        fix=None,
    ),
    ProblemSpec(
        "batch.endpoint_key",
        tr_noop(
            "The endpoint at {url} refused its API key. Save the key with `vllm-tray "
            "config set-secret api_key` or set VLLM_TRAY_API_KEY."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "batch.endpoint_stopped",
        tr_noop("Waiting for the endpoint: batch jobs run through it. Start it to go on."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "batch.endpoint_unreachable",
        tr_noop(
            "The endpoint at {url} stopped answering ({reason}). The results so far are "
            "kept; run the batch again to resume."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "batch.file_in_use",
        tr_noop("{file_id} belongs to the batch {batch_id}, which is still running."),
        status=409,
        fix=None,
    ),
    ProblemSpec(
        "batch.file_too_large",
        tr_noop("The file is larger than the limit of {limit_mib:g} MiB."),
        status=413,
        fix=None,
        data=("limit",),
    ),
    ProblemSpec(
        "batch.no_input",
        tr_noop("There is no file {file}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.not_input_file",
        tr_noop('{file_id} was not uploaded with purpose "batch".'),
        status=400,
        fix=None,
        data=("param",),
    ),
    ProblemSpec(
        "batch.output_busy",
        tr_noop(
            "Another `vllm-tray batch run` is writing {file}; wait until it ends (it "
            "resumes where it stopped), or give this run another --out."
        ),
        status=409,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.quota_full",
        tr_noop(
            "Batch files already take {used_gb:g} GB of the {quota_gb:g} GB they may use "
            "(the setting {setting}), so {incoming_gb:g} GB more do not fit; delete "
            "files you no longer need or raise the setting."
        ),
        status=507,
        fix=None,
        data=("incoming", "quota", "used"),
    ),
    ProblemSpec(
        "batch.running_elsewhere",
        tr_noop(
            "Another vllm-tray using this config folder is running this batch: pause or "
            "cancel it there. This one takes it over if that one stops."
        ),
        status=409,
        fix=None,
    ),
    ProblemSpec(
        "batch.same_file",
        tr_noop("The input, --out and --errors must be three different files."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.stopped",
        tr_noop("The batch stopped unexpectedly: {reason}. It is paused; resume it to try again."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "batch.unknown_batch",
        tr_noop("There is no batch {batch_id}."),
        status=404,
        fix=None,
    ),
    ProblemSpec(
        "batch.unknown_file",
        tr_noop("There is no file {file_id}."),
        status=404,
        fix=None,
    ),
    ProblemSpec(
        "batch.bad_field",
        tr_noop('Line {line} of {file}: "{field}" must be {expected}.'),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.bad_json",
        tr_noop("Line {line} of {file} is not valid JSON: {reason}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.bad_method",
        tr_noop("Line {line} of {file}: method must be POST; got {method}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.bad_url",
        tr_noop(
            "Line {line} of {file}: the endpoint does not serve {url} in batches; use "
            "one of {urls}."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.duplicate_id",
        tr_noop(
            "Line {line} of {file} repeats the custom_id {custom_id} of line {first}; "
            "each request needs its own."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.line_too_long",
        tr_noop(
            "Line {line} of {file} is longer than {limit_mib:g} MiB; a request line must "
            "be shorter."
        ),
        status=503,
        fix=None,
        data=("limit",),
    ),
    ProblemSpec(
        "batch.missing_field",
        tr_noop('Line {line} of {file} has no "{field}".'),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.no_model",
        tr_noop('Line {line} of {file}: the body needs a "model" naming a model.'),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.not_an_object",
        tr_noop(
            "Line {line} of {file} must be a JSON object with custom_id, method, url and body."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.not_downloaded",
        tr_noop(
            "Line {line} of {file} names {model}, which is not downloaded yet. Download "
            "it with: vllm-tray pull {model}"
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.other_url",
        tr_noop("Line {line} of {file} is for {url}, but this batch was created for {endpoint}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.stream",
        tr_noop(
            "Line {line} of {file} asks for a stream; batch requests are answered whole, "
            'so remove "stream".'
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "batch.unknown_model",
        tr_noop(
            "Line {line} of {file} names the model {model}, which the endpoint does not "
            "serve. Available models: {available}."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
)
