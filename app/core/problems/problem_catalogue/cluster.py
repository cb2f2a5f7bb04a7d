"""Problems whose code starts with "cluster."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "cluster.bad_address",
        tr_noop(
            "{address!r} is not an IP address. Give each machine's address on the "
            "network that connects them, e.g. 192.168.1.20."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.bad_parallel",
        tr_noop(
            "Tensor parallel {tp} × pipeline parallel {pp} = {world} GPUs cannot be "
            "shared evenly by {nodes} machines. Usually: pipeline parallel = number of "
            "machines, tensor parallel = GPUs per machine."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.bad_port",
        tr_noop("Port {port} cannot be used; choose one from 1024 to 65535."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.bad_rank",
        tr_noop("The rank of another machine is 1 or more (the head is 0); got {rank}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.bad_token",
        tr_noop(
            "{address} refused this cluster's token. Run the join command shown for it "
            "again (setting the cluster up again makes a new token)."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.check_failed",
        tr_noop(
            "The check of {address} failed: its agent answered {reason}. Look at the "
            "output of the join command on that machine, and start it again there if it "
            "stopped."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.duplicate_node",
        tr_noop("{address} is listed twice; each machine takes part once."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.engine_mismatch",
        tr_noop(
            "{address} runs the {node_engine} engine but this machine runs "
            "{head_engine}; every machine must run the same vLLM build."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.engine_missing",
        tr_noop("{address} has no vLLM engine installed ({kind})."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.engine_no_headless",
        tr_noop(
            "The engine command {command} cannot run as a cluster worker; use the CPU or "
            "ROCm engine, or a custom engine that starts with 'vllm serve'."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.follow_failed",
        tr_noop(
            "The agent on {address} answered {reason} when asked about its worker. Look "
            "at the output of the join command on that machine."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.head_unreachable",
        tr_noop(
            "{address} cannot connect to this machine on port {port} ({reason}). The "
            "machines of a cluster must be able to connect to each other: check the "
            "firewall on this machine."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.loopback_head",
        tr_noop(
            "The head address {address} is only reachable from this machine; give its "
            "address on the network the other machines share."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.model_mismatch",
        tr_noop(
            "The files of {model} on {address} differ from this machine's (fingerprint "
            "{node_fp} ≠ {head_fp}); every machine needs the same files."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.model_missing",
        tr_noop(
            "{address} does not have the files of {model}. Download the model there too: "
            "every machine reads its own copy."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.no_model",
        tr_noop("Choose the model to serve across machines."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.no_token",
        tr_noop("Give the cluster's token with --token or in {variable}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.no_workers",
        tr_noop("Add at least one other machine: a cluster needs two or more."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.not_a_host",
        tr_noop(
            "{address} is not the address of one machine (it means any address, a group "
            "or a reserved range). Give each machine's own address on the network that "
            "connects them, e.g. 192.168.1.20."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.not_an_agent",
        tr_noop(
            "Something answers on {address} port {port}, but it is not a vLLM Tray "
            "cluster agent (it answered HTTP {status}). Check the port given for that "
            "machine, and run the join command shown for it there."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.not_configured",
        tr_noop(
            "Set up the cluster first: the model, this machine's address and the "
            "addresses of the other machines."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.not_head",
        tr_noop(
            "{address} was joined to another head address. Run the join command shown for it again."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.not_local_address",
        tr_noop(
            "{address} is not an address of this machine; give the address this machine "
            "has on the network the cluster uses."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.port_in_use",
        tr_noop("Port {port} on {address} cannot be used ({reason}); choose another master port."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.public_address",
        tr_noop(
            "{address} is not a private address. Traffic between the machines of a "
            "cluster is not encrypted, so vLLM Tray only uses private networks. Turn on "
            "'allow public addresses' if this network is really yours."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.rank_mismatch",
        tr_noop(
            "{address} was started as machine {actual} but is machine {expected} in this "
            "cluster. Run the join command shown for it."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.running",
        tr_noop("Stop the cluster before changing it."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.stop_failed",
        tr_noop(
            "The agent on {address} answered {reason} when asked to stop its worker. "
            "Look at the output of the join command on that machine."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.too_many_nodes",
        tr_noop("A cluster can have at most {limit} machines; {count} were given."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cluster.unencrypted",
        tr_noop(
            "Traffic between the machines (the model's activations, the prompts and the "
            "answers) is not encrypted. Use a network only you control."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.unreachable",
        tr_noop(
            "{address} does not answer on port {port} ({reason}). Is the join command "
            "running there, and does its firewall let this machine in?"
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.worker_exited",
        tr_noop(
            "The worker on {address} ended (exit code {exit_code}), so the model was "
            "stopped. Its last output: {tail}"
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.worker_failed",
        tr_noop(
            "{address} could not start its part of the model: {reason}. The output of "
            "the join command on that machine says more."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "cluster.worker_lost",
        tr_noop("{address} stopped answering ({reason}); the model was stopped."),
        status=503,
        fix=None,
    ),
)
