#!/bin/bash
# One model across two "machines" with the real CPU engine, by hand (too slow for make test):
# two network namespaces joined by a veth pair stand for two hosts (10.213.0.1 = head,
# 10.213.0.2 = worker). The head runs `vllm-tray cluster start`, the worker
# `vllm-tray cluster join`; the tiny 2-layer model is served with pipeline parallel 2, one
# layer per "machine", and answers a chat request through the app's endpoint.
#
#   sudo flock /tmp/vllm-tray-real-engine.lock scripts/cluster_netns_check.sh
#
# Needs root (ip netns), the shared CPU engine (`make test-engine`) and the tiny model the
# real-engine tests build (~/.cache/vllm-tray-tests/tiny-llama-*). It removes everything it
# made, and fails if any vLLM process it started is left.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$ROOT/.venv/bin/python}
ENGINE=${VLLM_TRAY_TEST_ENGINE_DIR:-$HOME/.cache/vllm-tray-tests/engines/cpu}
MODEL=$(ls -d "$HOME"/.cache/vllm-tray-tests/tiny-llama-* | head -1)
WORK=$(mktemp -d /tmp/vllm-tray-cluster.XXXXXX)
HEAD_NS=vt-head-$$ WORKER_NS=vt-w1-$$
HEAD_IP=10.213.0.1 WORKER_IP=10.213.0.2
PORT=18431
AGENT_PID= START_PID=

log() { echo "== $*" >&2; }

cleanup() {
    set +e
    [ -n "$START_PID" ] && kill -TERM "$START_PID" 2>/dev/null && wait "$START_PID"
    [ -n "$AGENT_PID" ] && kill -TERM "$AGENT_PID" 2>/dev/null && wait "$AGENT_PID"
    ip netns del "$HEAD_NS" 2>/dev/null
    ip netns del "$WORKER_NS" 2>/dev/null
    left=$(pgrep -f "$WORK" || true)
    if [ -n "$left" ]; then
        log "LEFT RUNNING (killing): $left"
        ps -o pid,cmd -p $left
        kill -KILL $left
        exit 1
    fi
    log "nothing left running"
    rm -rf "$WORK"
}
trap cleanup EXIT

log "two hosts: $HEAD_NS ($HEAD_IP) and $WORKER_NS ($WORKER_IP)"
ip netns add "$HEAD_NS"
ip netns add "$WORKER_NS"
ip link add "vth$$" type veth peer name "vtw$$"
ip link set "vth$$" netns "$HEAD_NS"
ip link set "vtw$$" netns "$WORKER_NS"
ip -n "$HEAD_NS" addr add "$HEAD_IP/24" dev "vth$$"
ip -n "$WORKER_NS" addr add "$WORKER_IP/24" dev "vtw$$"
for ns in "$HEAD_NS" "$WORKER_NS"; do
    ip -n "$ns" link set lo up
done
ip -n "$HEAD_NS" link set "vth$$" up
ip -n "$WORKER_NS" link set "vtw$$" up

machine() {  # a config dir with the CPU engine and its own copy of the tiny model
    local home=$WORK/$1
    mkdir -p "$home/cache/engines"
    ln -s "$ENGINE" "$home/cache/engines/cpu"
    cp -r "$MODEL" "$WORK/$1-tiny"
    "$PY" -m app.launcher config set --config-dir "$home" engine.kind=cpu >/dev/null
    "$PY" - "$home" "$WORK/$1-tiny" <<'EOF'
import json, sys
from pathlib import Path
home, folder = Path(sys.argv[1]), sys.argv[2]
(home / "user_models.json").write_text(json.dumps({"tiny": {"checkpoint": folder, "recipe": "vllm"}}))
(home / "recipe_options.json").write_text(json.dumps({"user.tiny": {"ctx_size": 512, "vllm_args": "--dtype float32"}}))
EOF
}
machine head
machine worker
export HF_HUB_OFFLINE=1 PYTHONPATH=$ROOT

log "cluster init on the head"
JOIN=$(ip netns exec "$HEAD_NS" "$PY" -m app.launcher cluster init --config-dir "$WORK/head" \
    --model user.tiny --head "$HEAD_IP" --worker "$WORKER_IP")
echo "$JOIN"

log "the worker joins"
# shellcheck disable=SC2086
ip netns exec "$WORKER_NS" "$PY" -m app.launcher ${JOIN#vllm-tray } --config-dir "$WORK/worker" \
    2> "$WORK/agent.log" &
AGENT_PID=$!
for _ in $(seq 1 100); do grep -q "listening on" "$WORK/agent.log" && break; sleep 0.2; done
cat "$WORK/agent.log"

log "cluster check"
ip netns exec "$HEAD_NS" "$PY" -m app.launcher cluster check --config-dir "$WORK/head"

log "cluster start (PP=2: one layer per machine)"
started=$(date +%s)
ip netns exec "$HEAD_NS" "$PY" -m app.launcher cluster start --config-dir "$WORK/head" \
    --port "$PORT" 2> "$WORK/start.log" &
START_PID=$!
for _ in $(seq 1 1200); do
    grep -q "is served across" "$WORK/start.log" && break
    kill -0 "$START_PID" 2>/dev/null || { cat "$WORK/start.log"; exit 1; }
    sleep 0.5
done
grep "is served across" "$WORK/start.log"
log "ready after $(( $(date +%s) - started )) s"
log "head argv and worker argv"
grep -h "starting " "$WORK"/head/cache/logs/user.tiny.log | tail -1 | cut -c1-400
grep -h "starting " "$WORK"/worker/cache/logs/cluster-worker.log | tail -1 | cut -c1-400
grep -h "headless multiproc\|DP group leader\|world_size=2" "$WORK"/*/cache/logs/*.log | cut -c1-250

log "a chat request through the head's endpoint"
ip netns exec "$HEAD_NS" curl -s "http://127.0.0.1:$PORT/v1/chat/completions" \
    -H 'content-type: application/json' \
    -d '{"model": "user.tiny", "messages": [{"role": "user", "content": "Hello!"}], "max_tokens": 8, "temperature": 0}'
echo
ip netns exec "$HEAD_NS" "$PY" -m app.launcher cluster status --config-dir "$WORK/head"

log "Ctrl-C on the head: the model and the worker stop"
kill -INT "$START_PID"; wait "$START_PID" || true; START_PID=
tail -3 "$WORK/start.log"
ip netns exec "$HEAD_NS" "$PY" -m app.launcher cluster status --config-dir "$WORK/head"
log "Ctrl-C on the worker: the agent stops"
kill -INT "$AGENT_PID"; wait "$AGENT_PID" || true; AGENT_PID=
tail -2 "$WORK/agent.log"
