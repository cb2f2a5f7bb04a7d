<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>AccountsPage</name>
    <message>
        <source>Gated or private models on Hugging Face need an access token (huggingface.co → Settings → Access Tokens, read access is enough).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding where the token is kept…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;heck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask Hugging Face whose token this is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face &amp;token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer has no keyring, so the token is kept in {path}, which only you can read; never in the settings files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is kept in the system keyring, never in the settings files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking Hugging Face…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face accepts this token: it belongs to {user}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AddModelDialog</name>
    <message>
        <source>Add a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From &amp;Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From a local &amp;folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>organisation/model, e.g. Qwen/Qwen3-4B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/a/folder/with/config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how clients address it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. chat, tool-calling (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Download it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By &amp;repository or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients will ask for {model_id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the model folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BatchJobModel</name>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({id}), for {endpoint}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BatchPage</name>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed, {n} failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{eta} left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch jobs — vLLM Tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs sent to the endpoint&apos;s /v1/batches (for example with the openai client) run here one at a time, with as many requests at once as the model&apos;s tuned limit. A job that was running when the app closed goes on when it starts again. For a file on this computer, use: vllm-tray batch run IN.jsonl --out OUT.jsonl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the folder that holds the output file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch jobs…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BenchWindow</name>
    <message>
        <source>Benchmark — {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all at once, or e.g. 2,4,8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;max-num-seqs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts the model up to {n} times with temporary limits; nothing is saved until you apply the result. The model is left running or stopped as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token p99 at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency p99 at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highest limit tried:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max-num-seqs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency must be whole numbers separated by commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the model with a high limit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: putting the model back as it was…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved: the model&apos;s vLLM arguments are now {args}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{x}× the tokens per second with {c} requests at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No value met the latency objective.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed: --max-num-seqs {n} (now {now}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before: {b} tok/s, inter-token p99 {bi} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After: {a} tok/s, inter-token p99 {ai} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done in {n} engine starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring {c} requests at once…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{x}× the tokens per second with {c} requests at once (tokens counted by the engine: its answers carry no token counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start {k} of at most {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{run}: loading with --max-num-seqs {m}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Putting the model back as it was…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the model is as it was and nothing was saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confirming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measuring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{run}: {phase} {c} requests at once…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{run}: {phase}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatPage</name>
    <message>
        <source>Model to chat with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a message; Ctrl+Enter sends it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply; what arrived is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer the last message again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the last reply as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. You are a concise assistant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ystem prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply is copied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is cleared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▾ Hide the thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▸ Thought for {words} words (show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the answer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the model for this reply…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{elapsed} of about {expected}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first token after {s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply broke off:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reply:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatPages</name>
    <message>
        <source>M&amp;odels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hat</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterCounts</name>
    <message numerus="yes">
        <source>Not ready: %n problem(s) to fix first.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more in the table above.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checking the %n machine(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)… ({elapsed} so far; the model list shows its progress)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterWindow</name>
    <message>
        <source>Cluster: one model across machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 192.168.1.10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One address per line, e.g. 192.168.1.11 or 192.168.1.11:29601</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow public addresses (not recommended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel (GPUs per machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands for the other machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run this on each other machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;heck machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># machine %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up the model, this machine&apos;s address and the other machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: the model runs on this machine alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Serving across %n machine(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Starting across %n machine(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>On: the model loads across the machines on its next request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms, %2 MB/s from it, %3 MB/s to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Run the commands below on the other machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking each machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the model and the workers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the machines, then starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every machine is ready: the cluster can start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the workers on {addresses}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>The command was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong inside vLLM Tray; the details are in its log.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CurvePlot</name>
    <message>
        <source>Throughput and latency against concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best: {tps} tokens per second at concurrency {c}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- - inter-token latency p99 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No measurements yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeleteQuestion</name>
    <message>
        <source>Delete {name}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete the downloaded files of {name} ({size})? %n other model(s) use the same files and would need them downloaded again too: {others}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the downloaded files of {name} ({size})? You can download them again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {name} from the list? Its folder stays where it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Remove {name} from the list? Its downloaded files stay: %n other model(s) use them: {others}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Remove {name} from the list and delete its downloaded files?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Start vLLM Tray when I &amp;log in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start &amp;hidden in the tray, without the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosisBanner</name>
    <message>
        <source>Diagnosis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM stopped without a known cause. The log says more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply this change and load the model again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying the fix and loading again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: {fix}. Loading failed again; the sentence above says why.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EndpointPage</name>
    <message>
        <source>Start the endpoint when the app starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. mybox.lan, 192.168.1.20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. http://localhost:3000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen on &amp;address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed &amp;host names:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed &amp;web origins:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients must send it as &apos;Authorization: Bearer &lt;key&gt;&apos;. Kept in the keyring, or where there is none in a file only you can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other machines could reach the endpoint on this address, so it will not start without an API key. Set one above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other machines on your network can reach the endpoint with the key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter an address to listen on, e.g. 127.0.0.1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnginePanel</name>
    <message>
        <source>Engine and endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;advisories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine installation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Switch to this build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD ROCm build of vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM CPU build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your own vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: {name}, version {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: {name}, not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install the CPU build instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU here runs the ROCm build: models can run on the CPU, slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install the CPU build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No supported GPU was found: models run on the CPU, slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint: {url} (running). Any OpenAI client can use it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint: stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tart endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not rated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install this &amp;build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qualified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not qualified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict} ({marks})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>vLLM {version} has %n known security advisory(s); the worst is {severity}.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>vLLM {fixed} fixes them all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No release is known to fix them all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advisories from osv.dev as of {date}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advisories from the list shipped with vLLM Tray, as of {date}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide &amp;advisories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the installation…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Fix</name>
    <message>
        <source>Set {target} to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set this model&apos;s {target} to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the model and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the fix</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} GiB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} MiB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} KiB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} min {1} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuOptions</name>
    <message>
        <source>GPUs share each layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split every layer across this many GPUs (vLLM&apos;s {flag}); empty: 1. Stored as tensor_parallel_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stages, one GPU each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split the layers into this many stages, one per GPU (vLLM&apos;s {flag}); empty: 1. Stored as pipeline_parallel_size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chosen by the app, e.g. 0,1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPUs this model runs on, by their numbers below, the first one first; empty: the app chooses. Stored as gpus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tensor parallel size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pipeline parallel size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU was found on this machine. The CPU engine ignores these; with your own vLLM command leave GPUs empty: it finds its GPUs itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {index}: {name}, {memory}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine&apos;s GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It runs in system memory and would reserve {memory}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{memory} on GPU {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It would reserve {parts}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuPanel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel prerequisite for {target}: met (kernel {kernel}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models may use {room} now, not all {budget}: without swapping, the computer can spare only that ({available} of RAM available, {reserve} kept for the system).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models may use {room} now, not all {budget}: other programs hold {others}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models may use {room} now; the computer could spare {host} without swapping ({available} of RAM available, {reserve} kept for the system).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models may use {room} now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Kernel prerequisite for {target}: missing. Update to Linux {required} or newer before loading models on the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM: {available} available of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: weights {size} · {kv}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: weights {size}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models in memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuSection</name>
    <message>
        <source>VRAM in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GTT (shared system memory) in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GTT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models run on the CPU build of vLLM, slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared memory (APU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discrete card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{vram_swatch} VRAM &amp;nbsp; {gtt_swatch} GTT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{vram_swatch} VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{used} / {total} · {percent} %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{used} of {total} in use</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuiApp</name>
    <message>
        <source>vLLM Tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray is still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded models keep serving. Click the tray icon to open the window; choose Quit in its menu to stop everything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not change the autostart entry ({path}): {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it could not be written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LemonadeImportDialog</name>
    <message>
        <source>Add the model {model} ({checkpoint})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point {model} at {checkpoint} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set {setting} to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of {model}: the default context size, vLLM arguments {args}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of {model}: the default context size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of {model}: context size {ctx}, vLLM arguments {args}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of {model}: context size {ctx}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the downloaded files of {repo} ({size}) without copying them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Lemonade&apos;s vLLM bundle {tag} as the ROCm engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import from Lemonade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade Server&apos;s vLLM setup was found in {path}. vLLM Tray can take it over; nothing is downloaded or copied again, and Lemonade&apos;s files stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You can import later with: vllm-tray import-lemonade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Imported %n change(s) from Lemonade.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LimitsPage</name>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These keep clients that hold connections open or send too much from using up the endpoint. The defaults suit most uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most open &amp;connections:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close &amp;idle connections after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to send &amp;headers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to send a &amp;body:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds, plus 1 per 64 KiB received</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request bodies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Largest request:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory for all bodies at once:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers from models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for an answer to &amp;start:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest &amp;pause within an answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LivePlot</name>
    <message>
        <source>Live metrics of the running model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests running / waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings yet: the model must be running</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadBenchPanel</name>
    <message>
        <source>Seconds each step of a load took</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier load measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measure load (cold, then warm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empties the compile caches of this engine version, loads the model and waits for a first token; then loads it again with the caches that load filled. The model ends loaded or not, as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app, before the engine starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process start and imports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compile and graph capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache and profiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP server start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app noticing it is up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app handing it over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app relaying the first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Emptying the compile caches…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{asked} (vLLM: {said})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A warm load takes {r} × the cold one (goal: at most {g}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app&apos;s own share: at most {s} s (goal: at most {g} s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cold load: waiting for the first token…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm load: waiting for the first token…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unloading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; nothing was kept.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogsView</name>
    <message>
        <source>Log of {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the log (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest line in view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;health checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the lines of vLLM Tray&apos;s own /health and /metrics requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected lines, or the whole log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open log file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No output yet: the model has not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State: {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>vLLM Tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name, label or checkpoint (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Downloaded only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;luster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remote servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of {name} failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download of {name} started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model settings saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryPlot</name>
    <message>
        <source>GPU memory over the last ten minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VRAM now {percent} % used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>10 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelActions</name>
    <message>
        <source>&amp;Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the model&apos;s files from Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a vLLM server for this model (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop this model&apos;s vLLM server and free its memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hat with…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talk to this model on the Chat page; it loads when you send a message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context size and vLLM arguments of this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show lo&amp;g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-&amp;warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start this model once in the background and stop it again, so that vLLM compiles it now and its first load is warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Benchmark and tune…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure this model&apos;s throughput and find its best max-num-seqs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the model&apos;s files again; finished files are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try to start this model&apos;s vLLM server again now (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel pre-warming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is downloaded. Model ▸ Pre-warm compiles it now, so that its first load is fast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is pre-warmed: its next load is a warm one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download of {name} started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSearchPanel</name>
    <message>
        <source>Search Hugging Face, e.g. qwen3 0.6b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order of the results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a model&apos;s name to search Hugging Face.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the selected model to your models and download it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching for “{query}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No text-generation model matches “{query}”. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No text-generation model matches “{query}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading {repo}&apos;s files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts with {args} (its family&apos;s arguments).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already in your models as {model}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download {repo}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download its files ({size}) anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download &amp;anyway</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSettingsDialog</name>
    <message>
        <source>Settings of {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &amp;largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. --max-num-seqs 8 --kv-cache-dtype fp8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effective command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset to defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Context size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;vLLM arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Optimize for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading this model&apos;s settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line with the last valid settings (fix the error to update):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line the model runs with at its next load (until then it keeps the one it started with):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line the model runs with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the arguments come from, later lines win:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory estimate yet: it needs the model&apos;s config.json on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{device}: {room} can be taken now without swapping ({available} of RAM available, {reserve} kept for the system), of {budget} in all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{device}: {room} free now of {budget}; other programs hold {others}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{device}: {room} free now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Too long for this model: it accepts at most {tokens} tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Does not fit now: a start would reserve {reserve}, more than is free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Fits: needs {needed} of the {budget} vLLM may use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Does not fit: needs {needed}, but vLLM may use {budget}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest context size: {tokens} (the model&apos;s own limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest context size: {tokens} (what fits in memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Even the weights alone do not fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max concurrency at this context size: {n} full-length requests at once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelState</name>
    <message>
        <source>starting Python and vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compiling kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sizing the KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>see the log for details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{elapsed} of about {expected}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last cold load {duration}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last warm load {duration}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running, KV cache {percent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading: starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading: {phase}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cold load:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm load:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longer than usual: {elapsed}, usually {expected}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading: {phase} {percent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>swap back:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last swap back {duration}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running on {remote}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading on {remote}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unloading on {remote}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed on {remote}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asleep on {remote}, wakes on the next request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on {remote}, loads on first request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asleep at level 1: its weights wait in RAM, so it wakes in seconds on the next request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asleep at level 2: this GPU&apos;s memory is the computer&apos;s RAM, so its weights were dropped; the next request reads them from disk again, quicker than a restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asleep at level 2: RAM could not take its weights, so they were dropped; the next request reads them from disk again, quicker than a restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asleep: wakes on the next request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restarted once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restarted {n} times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-warming, {load}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unloading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crashed {n} times in a row: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped unexpectedly: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to start {n} times in a row: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given up: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache {tokens} tokens, {n}× concurrency at {ctx}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting to download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>downloading {percent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder missing or not a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>download failed: {diagnosis}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crashed {n} times in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped unexpectedly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to start {n} times in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache {tokens} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partly downloaded: {done} so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partly downloaded: {done} of {total} ({percent})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarted once after crashing or failing to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarted {n} times after crashing or failing to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to start once. The next request tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to start once. The next request tries again, after waiting {wait}; Load tries at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to start {n} times in a row. The next request tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to start {n} times in a row. The next request tries again, after waiting {wait}; Load tries at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crashed once. The next request starts it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crashed once. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crashed {n} times in a row. The next request starts it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crashed {n} times in a row. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app stopped restarting {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app stopped trying to start {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} crashed {n} times in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} stopped unexpectedly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} failed to start {n} times in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelTableModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experimental</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step: {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A built-in model. It runs on AMD&apos;s ROCm build of vLLM, which is experimental: expect rough edges.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelsPage</name>
    <message>
        <source>Use recomme&amp;nded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recommendation: the GPU&apos;s free memory could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended for this machine: {value}, 95 % of the memory that was free when the app started. vLLM&apos;s own default, 0.92, crashes on many APUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flags added for every model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (ROCm on a supported AMD GPU, else CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD ROCm build of vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM CPU build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your own vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. vllm serve, or /path/to/python -m vllm.entrypoints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU memory utilization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max concurrent &amp;requests per model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default &amp;context size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load &amp;timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unload after idle for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>minutes (0: never)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory &amp;budget for all models:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB (0: all of it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM ke&amp;pt for the system:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (with the ROCm engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With any engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never: unload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sleep instead of unloading:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pre-warm a model once its download finishes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra vLLM &amp;arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install only stable R&amp;OCm builds by default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your vLLM co&amp;mmand:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended for this machine: {value}. The engine runs models in RAM: {available} of its {total} are available, less {reserve} kept for the system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the command that starts your vLLM, e.g. vllm serve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A quote in the command is not closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above the recommended {recommended}: at {value} vLLM asks for more RAM than is available less what is kept for the system, so loading a model is likely to fail (“less than desired CPU memory utilization”) or the computer may start swapping.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above the recommended {recommended}: at {value} vLLM reserves more GPU memory than was free when the app started, so loading a model is likely to fail (“less than desired GPU memory utilization”) or to crash the GPU driver, and on an APU the computer may start swapping.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use {value} anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK runs “{command} --help” to check that it is a vLLM server; that can take a minute.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing the engine, then loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OptimizeChoice</name>
    <message>
        <source>Engine default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start fast: loads fastest, serves slower (-O0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve fast: answers fastest, loads slower (-O3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How vLLM starts this model. Start fast compiles nothing (and on the CPU engine runs in one process fewer): a load takes about half as long, requests are answered more slowly. Serve fast compiles and captures everything it can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimize for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuitGuard</name>
    <message>
        <source>Quit vLLM Tray?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing the window quits vLLM Tray.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quitting vLLM Tray ends what it is doing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It stops {names}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It interrupts the download of {names}; Download later goes on from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no system tray to keep it running in the background. Quit anyway, or keep the window open?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit anyway, or keep it running?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit and stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemotesWindow</name>
    <message>
        <source>Remote vLLM servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The models of these servers are served through this endpoint too, named NAME/MODEL. A server can be a vLLM server or another vLLM Tray.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;heck now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. http://192.168.1.20:8000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for services: read from this variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or key from &amp;variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the key or a variable, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the file {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reachable (vLLM Tray)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking {url} for its models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{problem} Check the address and key, or add it anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} was added; it does not answer now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{name} was added with %n model(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>{name} was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} answers.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RestartQuestion</name>
    <message>
        <source>Restart {name}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is loaded. The new settings take effect when it starts again. Restart it now? Requests in progress are cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply at &amp;next load</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchResults</name>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits here?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>License</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits at ctx {ctx}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>won&apos;t fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loadable by vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This repository has only GGUF files, which vLLM cannot load from Hugging Face. Look for the same model in safetensors format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This repository holds no model weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights {weights} of {budget} for models; the rest cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models. It fits with a context of {fitting} tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models. Not even a short context fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not stated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embeddings only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>draft model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a plugin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} ({support})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs on vLLM {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embeddings only, not chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a draft model, not served alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no longer in vLLM {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a vLLM plugin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported by vLLM {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown to vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{size} {format}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SecretField</name>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring did not answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking whether one is saved…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved — type to replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>will be removed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore &amp;defaults of this page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{settings}: applies to models loaded from now on. Loaded models keep the old value until you unload and load them again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{settings}: applies when the endpoint starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{settings}: applies after vLLM Tray restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking “{command}”: it runs with --help, which can take a minute…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your vLLM command was not accepted; nothing was saved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>Starting the engine…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrayController</name>
    <message>
        <source>vLLM Tray: no model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray: running {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray: {names} failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray: the endpoint could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray: working on {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: downloading {percent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint: {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint stopped: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tart endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No downloaded models yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hat with…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients can use it at {url}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the local endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log says more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} stopped unexpectedly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} failed to load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load it from the window or the tray menu, or send it a request.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrayWatch</name>
    <message>
        <source>The system tray has gone away, so vLLM Tray shows its window instead. Your models keep running, and the icon returns when a tray does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no system tray, so vLLM Tray shows its window instead: closing it quits vLLM Tray and stops your models (it asks first). The icon appears if a tray starts later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A system tray appeared after vLLM Tray started. Quit vLLM Tray and start it again to see its icon there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_Opener</name>
    <message>
        <source>Where the folder is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file manager opened the folder. It is here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the file is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No program opened the file. It is here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <source>Use either --reset or KEY=VALUE changes, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not of the form KEY=VALUE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the command that starts your vLLM, e.g. &apos;vllm serve&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleting {size} of {model} needs confirmation: add --yes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({target}) needs a Linux kernel with the gfx1151 queue fix, which this kernel ({kernel}) lacks: ROCm workloads hang or crash without it. Update to kernel {required} or newer, or to a distribution kernel that carries the backport.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU was found: no AMD GPU in the kernel&apos;s KFD topology and no NVIDIA GPU through nvidia-smi. vLLM Tray can still run models on the CPU engine, slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s config.json has no usable {key}, so its memory needs cannot be estimated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{checkpoint!r} is neither a Hugging Face repository (org/name or org/name:revision) nor an absolute path to a local folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} is not a usable model name: use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (up to 128 characters), starting with a letter or digit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is built in and cannot be removed from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No value was given for {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} was changed outside vLLM Tray and cannot be read ({reason}). The values read before stay in use until it is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} could not be read ({reason}) when vLLM Tray saved a change, so it was replaced; your version was kept as {kept_as}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of GPU memory each vLLM server may reserve. vLLM&apos;s own default of 0.92 crashes on many shared-memory APUs; the GPU panel shows a safe value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most requests one model serves at once (vLLM&apos;s --max-num-seqs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra vLLM flags for every model, before each model&apos;s own vllm_args.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default context length (vLLM&apos;s --max-model-len) for models without their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address the local OpenAI-compatible endpoint listens on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port of the local OpenAI-compatible endpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra Host header names accepted besides loopback, separated by commas (defence against DNS rebinding).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web origins allowed to call the endpoint from a browser, separated by commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the local endpoint when the app starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which vLLM runs models: auto (ROCm bundle on a supported AMD GPU, otherwise the CPU build), rocm, cpu, or custom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command prefix of your own vLLM (for the custom engine), e.g. &apos;vllm serve&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unload a model after this many minutes without requests (0 keeps it loaded).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start in the tray without opening the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start vLLM Tray when you log in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck load timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no setting called {key}. Known settings: {known}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app passes the model you load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app serves each model under its {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app picks each model&apos;s address itself; the address clients use is the setting {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app picks each model&apos;s port itself; the port clients use is the setting {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app reaches each model on a local port it picks; the port clients use is the setting {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the context length comes from the option {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, {token!r} is neither a flag nor the value of one: vLLM arguments are flags such as --max-num-seqs, each followed by its value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} is not a valid vLLM model configuration: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key} is not a model option; use ctx_size=N, vllm_args=&quot;...&quot;, tensor_parallel_size=N, pipeline_parallel_size=N, gpus=0,1 or optimize=start|serve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Lemonade setup was found in {path}; give its folder as DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path} holds no Lemonade setup (no user_models.json, recipe_options.json or config.json, and no vLLM bundle).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{flag} needs --checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--name needs --add.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit must be between 1 and {max}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The temperature must be between 0 and {max}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The maximum number of tokens must be 1 or more; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} is not the address of one machine (it means any address, a group or a reserved range). Give each machine&apos;s own address on the network that connects them, e.g. 192.168.1.20.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimize for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a Hugging Face access token: a token starts with hf_ followed by letters and digits (huggingface.co → Settings → Access Tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} is a symbolic link that cannot be followed ({reason}), so vLLM Tray did not change it. Point the link at a file, or put a file in its place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade&apos;s {file} cannot be read ({reason}); it is left out of the import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade&apos;s vLLM bundle {tag} is built for {bundle_gpu}, not for this computer&apos;s GPU ({gpu}); it is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM Tray&apos;s own ROCm engine {version} is installed and stays in use; Lemonade&apos;s bundle {tag} is not needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade has options for {model}, which is neither one of its vLLM models nor built into vLLM Tray.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade&apos;s download of {repo} is not complete, so its files are not reused; download {model} in vLLM Tray.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower its ctx_size, or close those programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower its ctx_size, or close other programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimize must be start (loads fastest), serve (answers fastest) or default; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The option optimize={value} and a -O level in the model&apos;s vllm_args both choose the optimization level; keep one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus names GPU {index}, but no GPU was found on this machine; leave it empty and your own vLLM command finds its GPUs itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program on this computer; choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} exists already and takes its files from {current}. Registering a model never changes that: to take them from {wanted}, change its source (vllm-tray pull {model} --checkpoint {wanted} --replace), or remove the model first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is built in: where its files come from is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Once a model&apos;s download finishes, start it in the background and stop it again, so that vLLM compiles it now and your first load is a warm one (without this, the window offers it: Model ▸ Pre-warm). Skipped while another model is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM, in GB, that models never take from the system: on a GPU that shares the computer&apos;s memory (an APU such as Strix Halo) and with the CPU engine, a model that would leave less than this available is refused, so the desktop never swaps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-warm models after download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM kept for the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, {flag} is not a flag of vLLM {version}: its --help does not list it. Check the spelling, or remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, {flag} is not a flag of this vLLM: its --help does not list it. Check the spelling, or remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, a quotation mark is not closed, or the text ends with a lone backslash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{flag} cannot be set for every model: any model added through the endpoint could then run its own code on this computer; set it in the options of the one model that needs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token could not be checked: {host} did not answer ({reason}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} has no weights vLLM can load (no .safetensors or PyTorch .bin files), so there is nothing to download for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} is gated: Hugging Face only lets signed-in users who accepted its terms download it. Accept them on the model&apos;s page, add an access token with read access, then download again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your Hugging Face token has no access to {repo}: accept the model&apos;s terms on its page with the account the token belongs to (or use a token with read access), then download again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face rejected the access token (it may be mistyped, revoked or expired). Replace it, then download {repo} again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} was not found on Hugging Face, or it is private. Check the name; if it is private, add an access token that can read it, then download again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no model {repo} on Hugging Face. Check the name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face ({endpoint}) cannot be reached: {error}. Check the network connection and try again; finished files are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloads are switched off because HF_HUB_OFFLINE is set in the environment. Unset it to download models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough disk space: the download needs {needed_gb} GB more but only {free_gb} GB are free on {path}. Free some space (or point HF_HOME at a larger disk) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {repo} failed: {error}. Try again; finished files are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} does not accept this token: it is wrong, expired or revoked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} disappeared from {repo} during the download. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} has no revision {revision} on Hugging Face. Check the name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no download {download_id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} of {repo} arrived damaged twice (its checksum does not match). Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search unavailable: Hugging Face ({endpoint}) cannot be reached ({reason}). Models you already have keep working; try again when you are online.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search unavailable: HF_HUB_OFFLINE is set in the environment, so nothing is asked of Hugging Face. Unset it to search for models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} is gated and your Hugging Face token has no access to it yet: accept its terms on https://huggingface.co/{repo} with the account the token belongs to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} is gated: accept its terms on https://huggingface.co/{repo}, then save a Hugging Face access token (vllm-tray config set-secret hf_token, or Settings) to see its details and download it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no model {repo} on Hugging Face (or it is private).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder {path} cannot be loaded: {what}. It needs config.json and the weights (*.safetensors) in the folder itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some files of {model} are damaged ({files}). Download it again to repair them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder {path} does not exist (or is not a folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} uses your folder {path} in place; vLLM Tray never deletes it. Remove the folder yourself if you no longer need it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changing where {model} takes its files from needs the endpoint&apos;s API key, and this request did not carry one. Change it on this computer (vllm-tray pull {model} --checkpoint {checkpoint} --replace), or set a key (vllm-tray config set-secret api_key).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding the folder {checkpoint} as a model needs the endpoint&apos;s API key, and this request did not carry one. Add it on this computer (vllm-tray pull {model} --checkpoint {checkpoint}), or set a key (vllm-tray config set-secret api_key).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint failed unexpectedly; the details are in the app&apos;s log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request is not valid HTTP/1.1: {detail}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This endpoint speaks plain HTTP, not HTTPS: use http:// in its address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request line or one of its headers is longer than {limit} bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request has more than {limit} headers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request&apos;s method is not one this endpoint knows; use GET or POST.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request&apos;s headers did not arrive within {timeout_s:g} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint already has {limit} open connections, its limit; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} stopped in the middle of its answer, so the answer is incomplete; the model may have crashed or been restarted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} stopped sending its answer for {timeout_s:g} s; it may be hung. The limit is the setting {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} answered {status}: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} does not offer {path}: its vLLM server has no such endpoint, which usually means the model cannot do this kind of request (for example embeddings from a chat model).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} refused the key the app gave it; unload the model and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request names the host {host}, which is not a valid host name with an optional port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body arrived too slowly: {received} of {expected} bytes in {elapsed_s:g} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body is not framed correctly: {detail}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint is holding as many request bodies as its memory budget of {budget_mib:g} MiB allows; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} could not be reached: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} sent nothing for {timeout_s:g} s after the request; it may be hung. The limit is the setting {setting}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body arrived too slowly: {received} bytes in {elapsed_s:g} s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No custom engine command is set. Set one with &apos;vllm-tray engine use COMMAND…&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second of {model} cannot be measured: its answers carry no token counts and its engine&apos;s /metrics has no vllm:generation_tokens_total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tune cannot measure the tokens per second of {model}: its answers carry no token counts and its engine&apos;s /metrics has no vllm:generation_tokens_total, so nothing is proposed or saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint is stopped, and the chat talks to models through it. Start the endpoint, then send the message again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at {url} did not answer ({reason}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no message to answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is still answering; stop that reply first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing the {kind} engine failed: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} points at the folder {path}, which does not hold a usable model (config.json and weights are needed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download {download_id} failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no file {file}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input, --out and --errors must be three different files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is loaded in the vLLM Tray running at {url}. Unload it there first, or tune it from that app&apos;s window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up the cluster first: the model, this machine&apos;s address and the addresses of the other machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank of another machine is 1 or more (the head is 0); got {rank}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the cluster&apos;s token with --token or in {variable}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port {port} cannot be used; choose one from 1024 to 65535.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vllm-tray serve does not start while {file} cannot be read ({reason}): it would run on defaults you did not choose. Fix the file, or move it away to start with the defaults.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} must be a positive number of milliseconds; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file}: &quot;{field}&quot; must be {expected}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--concurrency must be a whole number from 1 to {limit}, or auto; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} must be a JSON object with custom_id, method, url and body.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file}: method must be POST; got {method}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file}: the endpoint does not serve {url} in batches; use one of {urls}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} is for {url}, but this batch was created for {endpoint}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file}: the body needs a &quot;model&quot; naming a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} asks for a stream; batch requests are answered whole, so remove &quot;stream&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} names the model {model}, which the endpoint does not serve. Available models: {available}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} names {model}, which is not downloaded yet. Download it with: vllm-tray pull {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} is not valid JSON: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} has no &quot;{field}&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} repeats the custom_id {custom_id} of line {first}; each request needs its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} holds no requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} is not a batch result, so it cannot be told which requests are done. Move the file away or remove that line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no file {file_id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch failed: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no batch {batch_id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is larger than the limit of {limit_mib:g} MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit must be a whole number from 1 to {max}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batches cannot use {endpoint}; use one of {urls}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completion_window must be &quot;24h&quot;; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata must be at most {max} pairs of strings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request needs &quot;{param}&quot; as a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traffic between the machines (the model&apos;s activations, the prompts and the answers) is not encrypted. Use a network only you control.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} is not a private address. Traffic between the machines of a cluster is not encrypted, so vLLM Tray only uses private networks. Turn on &apos;allow public addresses&apos; if this network is really yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the model to serve across machines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add at least one other machine: a cluster needs two or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cluster can have at most {limit} machines; {count} were given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The head address {address} is only reachable from this machine; give its address on the network the other machines share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel {tp} × pipeline parallel {pp} = {world} GPUs cannot be shared evenly by {nodes} machines. Usually: pipeline parallel = number of machines, tensor parallel = GPUs per machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} was started as machine {actual} but is machine {expected} in this cluster. Run the join command shown for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} has no vLLM engine installed ({kind}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} does not have the files of {model}. Download the model there too: every machine reads its own copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address!r} is not an IP address. Give each machine&apos;s address on the network that connects them, e.g. 192.168.1.20.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} is listed twice; each machine takes part once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} runs the {node_engine} engine but this machine runs {head_engine}; every machine must run the same vLLM build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The files of {model} on {address} differ from this machine&apos;s (fingerprint {node_fp} ≠ {head_fp}); every machine needs the same files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} cannot be read ({reason}). The defaults are used for it until it is fixed; the file was left as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another vLLM Tray process has been changing {file} for more than {seconds:g} seconds. Try again, or stop the process that hangs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} reads at most {limit} tokens of context (its config.json says so), so vLLM refuses a context size of {ctx_size}. Use {limit} or less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} has {heads} attention heads, which vLLM cannot split evenly across tensor_parallel_size {tp}. Use a size that divides {heads}: {sizes}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} must be a positive whole number; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus names GPU {index}, which this machine does not have: its GPUs are numbered 0 to {last} (vllm-tray system-info lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs {wanted} GPUs (tensor_parallel_size {tp} × pipeline_parallel_size {pp}), but this machine has only {count} that its engine can use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus names both AMD and NVIDIA GPUs ({gpus}); one vLLM server runs on one kind of GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus must be GPU numbers separated by commas, such as 0,1; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {index} ({name}, {target}) cannot run the engine installed for {family} GPUs; choose GPUs of that family in gpus.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus names GPU {index} twice; each GPU can serve a model once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) does not answer: {reason}. Its models come back when it answers again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) refused vLLM Tray&apos;s key (HTTP {status}): set the key it expects (remove the remote and add it again with its key).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) asks for an API key (HTTP {status}): give its key when you add it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key of the remote server {name} is read from the environment variable {var}, which is not set for vLLM Tray.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) answered, but not with a model list as vLLM&apos;s /v1/models gives one: {detail}. Is this the address of a vLLM server?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} cannot name a remote server: use 1 to 32 lower-case letters, digits, &apos;-&apos; or &apos;_&apos; (its models are then called NAME/MODEL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{url!r} is not the address of a server: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a remote server called {name}; remove it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no remote server called {name} (remote servers: {known}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{var!r} is not the name of an environment variable (letters, digits and &apos;_&apos;, not starting with a digit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the remote server&apos;s key either in the keyring or through an environment variable, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} runs on the remote server {name}: it is loaded and unloaded there, and loads by itself on its first request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most client connections the endpoint keeps open at once; past it the longest idle one is closed, or a newcomer is told to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds an idle keep-alive connection stays open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a client has to send a request&apos;s headers once it started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a client has to send a request&apos;s body, plus one second for every 64 KiB it sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest request body the endpoint accepts, in MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request bodies held in memory at once, all requests together, in MiB; a request over it waits briefly, then is told to retry. At least the largest request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a model may take to start answering a request (a long prompt or a whole non-streamed answer); 0 waits for ever.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a streamed answer may pause between two pieces; 0 waits for ever.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory the loaded models may share on each GPU (in RAM for the CPU engine), in GB, before one is unloaded to make room (0: all of each GPU&apos;s memory, or RAM).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put a model to sleep instead of unloading it when another one needs its memory: it wakes in seconds instead of loading again. auto: with the ROCm engine (vLLM&apos;s CPU build cannot sleep); on: with any engine; off: never. The app checks that a sleep really freed the memory, and unloads instead where it did not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a whole number between {low} and {high}; nothing was typed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} can be made to run someone else&apos;s code on this machine ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} can let a request past its own access checks ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} can be made to fetch addresses on the server&apos;s own network ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} can load or build something other than what was asked for ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} can give away data it should keep to itself ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request can crash vLLM {version} or use up its memory or time ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} has a known security problem ({id}, fixed in {fixed_in}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} has a known security problem that no release is known to fix ({id}, affected: {affected}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower models.gpu_memory_utilization to {utilization}, or close those programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower models.gpu_memory_utilization to {utilization}, or close other programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another `vllm-tray batch run` is writing {file}; wait until it ends (it resumes where it stopped), or give this run another --out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another vllm-tray using this config folder is running this batch: pause or cancel it there. This one takes it over if that one stops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply is too long: one event of its stream passed {limit_mib} MiB, the most the chat reads at once. What came before it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply is too long: it passed {limit_mib} MiB of text, the most the chat keeps. What came before it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply broke off: the endpoint sent an event the chat cannot read ({event}). What came before it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply broke off: its stream ended before the endpoint said the reply was complete. What came before it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleting {size} of {model} needs confirmation: add --yes. They are {others}&apos;s files too, which would need them downloaded again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade&apos;s setup holds flags that would run code, said above; nothing was imported. Add --without-code-flags to import the rest without them, and set those flags yourself if you trust that code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An API key can only have the letters a–z and A–Z, digits and ASCII punctuation, with no spaces: clients send it in an HTTP header, which takes nothing else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hub at {endpoint} answered for {repo} with {value}, which cannot safely name a file in the cache; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} of {repo} is not arriving: {tries} tries in a row each brought less than {useful_mib} MiB ({error}). Try again later; what arrived is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program holds port {port}, where this configuration&apos;s vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program ({name}, pid {pid}) holds port {port}, where this configuration&apos;s vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the ROCm engine has builds to choose from; install the CPU build without “{build}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} of the ROCm build {tag} arrived damaged or altered: its SHA-256 is not the one the release lists. It was deleted; the engine in use stays as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The custom engine command {command!r} cannot be read: {detail}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list of qualified ROCm builds at {url} could not be used ({reason}); showing {used}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A newer qualified ROCm build is available: {wanted} (vLLM {vllm}, {channel}) supersedes {installed}. Install it with: vllm-tray engine install rocm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no ROCm build “{build}” for your GPU ({target}). vllm-tray engine list rocm lists the builds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM {version} has a known problem ({id}), fixed in {fixed_in}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list of vLLM advisories could not be updated from {url} ({reason}); the list of {taken} is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{flag} {value} in Lemonade&apos;s {source} would make vLLM import and run the Python code {value}, with your rights, in the engine of every model these arguments apply to; it is not imported. If you trust that code, set it yourself with vllm-tray options or vllm-tray config set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{flag} in Lemonade&apos;s {source} lets a model&apos;s repository run its own Python code on this computer when the model loads; it is not imported. If you trust the repository, set it yourself in the options of the model that needs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{flag} {value} in Lemonade&apos;s {source} would let whoever sends a request name Python code for vLLM to import and run with your rights; it is not imported. If you want that, set it yourself with vllm-tray options or vllm-tray config set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model_id} did not start: the graphs a pre-warm compiled for it could not be loaded from the engine&apos;s compile cache ({reason}), and the app asks vLLM not to recompile them silently. Pre-warm the model again, or clear the compile cache (vllm-tray engine clean-cache); the next load then compiles afresh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model runs in one part per GPU: tensor_parallel_size {tp} × pipeline_parallel_size {pp} = {wanted}, but gpus lists {count} ({gpus}). The two numbers must be the same: change gpus or the sizes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body arrived too slowly while the endpoint was full: {received} bytes in {elapsed_s:g} s. Its connection was closed to make room for another client.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body is sent with Content-Encoding {encoding}; this endpoint takes bodies uncompressed, as vLLM does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint stopped before this answer was complete (vLLM Tray was quit or its endpoint stopped), so the answer is cut short; send the request again once the endpoint is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} is this repository&apos;s own code, not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} is not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} was last in vLLM {last}; vLLM {version} cannot load it, so the model cannot run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} needs a vLLM plugin ({plugin}) that vLLM Tray does not install, so the model cannot run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{architecture} is a draft model for speculative decoding, which vLLM {version} does not serve on its own, so the model cannot run here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search unavailable: Hugging Face ({endpoint}) answered, but the hub&apos;s answer could not be read ({reason}). Models you already have keep working; if HF_ENDPOINT is set, check that it names a Hugging Face mirror.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{host}” is not an address of this computer. Give an IP address such as 127.0.0.1 (this computer only) or 0.0.0.0 (every network), or a name of this computer such as localhost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request brings its own chat template (&quot;{field}&quot;), which vLLM {version} renders without bounds ({advisories}); the endpoint does not pass it on unless the setting {setting} allows it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request sends prompt embeddings (&quot;{field}&quot;), which can crash vLLM {version} ({advisories}); the endpoint does not pass them on to this engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request asks for output that matches a regular expression (&quot;{field}&quot;), which can hang vLLM {version} ({advisories}); the endpoint does not pass it on to this engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be on or off; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep an engine ready for the next load, with vLLM already imported: after the first, each load on the CPU engine starts seconds sooner, for about 600 MB of memory while it waits, given back when memory runs short. The ROCm and custom engines do not use it (not measured there).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep an engine ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let requests bring their own chat template (chat_template, chat_template_kwargs.chat_template) to a vLLM that renders it without bounds (fixed in 0.32.0); off, the endpoint refuses them for such an engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install by default only ROCm builds the publisher qualified on its stable channel. Every qualified build so far is a nightly, so this keeps today&apos;s pinned build until a stable one qualifies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests served at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra vLLM flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default context size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed host names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed web origins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most open connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle connection timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request header timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request body timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for request bodies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause within an answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow request-supplied chat templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the endpoint with the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stable ROCm builds only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your own vLLM command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unload idle models after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for all models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sleep instead of unloading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start hidden in the tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}; nothing was typed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--config-dir needs a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line {line} of {file} is longer than {limit_mib:g} MiB; a request line must be shorter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch files already take {used_gb:g} GB of the {quota_gb:g} GB they may use (the setting {setting}), so {incoming_gb:g} GB more do not fit; delete files you no longer need or raise the setting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expires_after needs anchor &quot;created_at&quot; and seconds from 1 to {max}; got {anchor} and {seconds}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name {name} looks like the existing model {existing} (they differ only in letter case or in letters drawn alike); use that model or choose a name that reads differently.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ctx_size must be a whole number of tokens between {low} and {high}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number; nothing was typed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a whole number between {low} and {high}, in digits only; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be between {low} and {high}; you typed {typed}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be auto (the system&apos;s language) or one of the languages vLLM Tray ships: {languages}; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be one of {choices}; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a whole number, in digits only; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}, with a point for decimals; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be a number, with a point for decimals; you typed “{typed}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Must be text; you typed {typed}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds between the comment lines a streamed answer gets while it waits for its first token (a model loading, a long prompt), so clients with a short read timeout keep waiting; 0 sends none. A client can ask for none with the header X-SSE-Keepalive: off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most choices (n, best_of) one request may ask a model for; more is refused, since each is a sequence in the model&apos;s batch (older vLLM sets no bound of its own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk space all batch files (uploads and results) may take together, in GB; an upload that would go over it is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Days after which an uploaded batch file is deleted, unless its upload set expires_after (0 keeps files until they are deleted). Results are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of the window and the tray: auto (the system&apos;s language) or the code of a language vLLM Tray ships, such as en.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep-alive lines while a stream waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most choices per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk space for batch files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete uploaded batch files after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: set the model&apos;s option {setting} instead (with gpus to choose the GPUs), so that the app plans memory on every GPU the model uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{repo}” is not a Hugging Face repository id: write it as ORG/NAME, each part letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos; (at most 96 characters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{author}” is not a Hugging Face user or organisation name: use letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos; (at most 96 characters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face refused this search: {reason}. Check the words and the author.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An upload must be multipart/form-data with one &quot;file&quot; part and a &quot;purpose&quot; field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The form field {field} must be UTF-8 text of at most {limit} bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit must be a whole number; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request needs a &quot;{field}&quot; field naming a model; available: {available}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;{field}&quot; must be {expected}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no model called {model}. Available models: {available}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is not downloaded yet. Download it with: vllm-tray pull {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body is not valid JSON: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body must be a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body is larger than the limit of {limit_mib:g} MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no endpoint at {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{method} is not allowed on {path}; use {allowed}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This endpoint needs its API key, sent as the header &apos;Authorization: Bearer &lt;key&gt;&apos;; the key was missing or wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests addressed to {host} are refused: only loopback names and the hosts listed in proxy.allowed_hosts are served (a defence against DNS rebinding).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests from web pages at {origin} are refused; add the origin to proxy.cors_origins to allow them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloads are not available from this endpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model} answered with a redirect ({status}) to {location}, which the endpoint does not follow; check the server&apos;s address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{param} may be at most {limit} on this endpoint (the setting {setting}); this request asked for {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header {header} must be {expected}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint would listen on {host}, where other computers can reach it, but no API key is set. Set an API key first, or set proxy.host back to 127.0.0.1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program, so the endpoint cannot start. Choose another port in the proxy.port setting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint cannot listen on {host} port {port}: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} cannot connect to this machine on port {port} ({reason}). The machines of a cluster must be able to connect to each other: check the firewall on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent on {address} answered {reason} when asked about its worker. Look at the output of the join command on that machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something answers on {address} port {port}, but it is not a vLLM Tray cluster agent (it answered HTTP {status}). Check the port given for that machine, and run the join command shown for it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} does not answer on port {port} ({reason}). Is the join command running there, and does its firewall let this machine in?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} could not start its part of the model: {reason}. The output of the join command on that machine says more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check of {address} failed: its agent answered {reason}. Look at the output of the join command on that machine, and start it again there if it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent on {address} answered {reason} when asked to stop its worker. Look at the output of the join command on that machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} refused this cluster&apos;s token. Run the join command shown for it again (setting the cluster up again makes a new token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} was joined to another head address. Run the join command shown for it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} is not an address of this machine; give the address this machine has on the network the cluster uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine command {command} cannot run as a cluster worker; use the CPU or ROCm engine, or a custom engine that starts with &apos;vllm serve&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device} but only {free_gb:.2f} of {budget_gb:.2f} GB are free there, and no idle model can be unloaded to make room. Lower its ctx_size, run it on other GPUs (gpus), or raise the memory budget (memory.budget_gb).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benchmarks go through vLLM Tray&apos;s endpoint, which is stopped. Start it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Part of vLLM Tray did not start: {reason}. The log has the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch stopped unexpectedly: {reason}. It is paused; resume it to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This endpoint keeps files for batches only: purpose must be &quot;batch&quot;; got {purpose}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch {batch_id} has already ended ({status}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the endpoint: batch jobs run through it. Start it to go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file_id} was not uploaded with purpose &quot;batch&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file_id} belongs to the batch {batch_id}, which is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at {url} stopped answering ({reason}). The results so far are kept; run the batch again to resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} did not answer through the endpoint ({status}): {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} must be a whole number from 1 to {top}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is being benchmarked or tuned already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint at {url} did not answer: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker on {address} ended (exit code {exit_code}), so the model was stopped. Its last output: {tail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{address} stopped answering ({reason}); the model was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the cluster before changing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port {port} on {address} cannot be used ({reason}); choose another master port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory for request bodies ({budget} MiB) must hold at least one request of the largest size ({largest} MiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is not a secret vLLM Tray keeps (api_key or hf_token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The load generator failed: {detail}. Its log is {log}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s benchmark cannot run with this engine: {detail}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The load generator must be one of {choices}; got {value}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tune used its {n} engine starts without an answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another request started {model} with its own settings while the tune was restarting it. Try again while nothing else uses the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Even one request at a time misses the latency objective (time to first token {ttft} ms, inter-token {itl} ms): nothing to tune. Loosen the objective or use a smaller model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} was killed from outside the app, by another program or by the system when memory ran out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {model_id} failed: its vLLM server was killed from outside the app, by another program or by the system when memory ran out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} was stopped from outside the app ({signal}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {model_id} failed: its vLLM server was stopped from outside the app ({signal}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the {value} engine and load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} did not wake up from sleep ({detail}); it is loaded again instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} did not go to sleep ({detail}); it is unloaded instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only {free_gib} of {total_gib} GiB of memory was free, less than the {utilization} memory utilization asks for (on the CPU engine GPU memory utilization is a share of RAM). Use {safe} or less, or close other programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only {available_gib} GiB is available. Lower the context size or make the KV cache bigger (GPU memory utilization, or the KV cache size).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder {path} has no weights vLLM can load (no .safetensors or .bin files). Download the model again, or point the model at a complete folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s config.json in {path} cannot be read ({detail}). Download the model again, or repair the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This vLLM does not know the option {flags}. Remove it from the model&apos;s vLLM arguments (or the settings&apos; extra arguments).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM does not accept {value} for {flag}; it accepts {choices}. Change it in the model&apos;s vLLM arguments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model_id} was not ready after {timeout_s} seconds. A cold first load compiles kernels and can take many minutes; raise the load timeout and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine command {command} was not found. Install an engine with vllm-tray engine install, or set the custom engine command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {model_id} was stopped before it finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model_id} cannot start: the app is shutting down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The KV cache asks for {requested_gib} GiB of memory, but only {free_gib} of {total_gib} GiB is free. Make the KV cache smaller (VLLM_CPU_KVCACHE_SPACE or --kv-cache-memory-bytes; about {fits_gib} GiB fits now), or close other programs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The KV cache holds fewer tokens than one request of the context size {ctx_size} needs ({needed_gib} GiB needed, {available_gib} GiB available). Lower the context size (at most {estimated_max} fits) or make the KV cache bigger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context size {ctx_size} is larger than this model supports ({limit}, its {limit_key}). Set the context size to {limit} or less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM refused its command line: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program took the port chosen for {model_id} before vLLM could use it, several times in a row. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine command runs a Python without a working vLLM ({cause}). Reinstall the engine, or fix the custom engine command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only {free_gib} of {total_gib} GiB of GPU memory was free, less than the {utilization} GPU memory utilization asks for. Use {safe} or less, or close what else uses the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s weights left no memory for the KV cache. Raise GPU memory utilization or choose a smaller model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This vLLM build does not support the model&apos;s architecture ({architecture}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU ran out of memory. Lower GPU memory utilization or the context size, or close what else uses the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine command {command} exists but cannot be executed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the {value} engine again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the newer {value} engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set GPU memory utilization to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the context size to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the load timeout to {value} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {url} failed: {reason}. Try again; finished parts are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine archive was refused: its entry “{member}” {reason}. Nothing from it was installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine archive {file} is damaged ({reason}). Download it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is not enough free disk space in {path} for the engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The {kind} engine is not installed. Install it with: vllm-tray engine install {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing the {kind} engine failed at step {phase}:
{detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing the {kind} engine was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest a load may take in all, in seconds. A load that still makes progress is never stopped before this: a cold first load compiles kernels for many minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a load may go without any sign of progress (no new log line and no CPU use by the engine) before it is stopped as stuck.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB but only {free_gb:.2f} of {budget_gb:.2f} GB are free, and no idle model can be unloaded to make room. Lower its ctx_size, or raise the memory budget (memory.budget_gb).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Hugging Face token is set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM Tray running at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lemonade&apos;s files or vLLM Tray&apos;s changed since the import was shown; nothing was imported. Look at the import again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} gave no first token: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} was loaded already by someone else; measure again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} was not pre-warmed: {others} is loaded, and pre-warming must not take its memory. Load {model} when you need it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is loaded already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} has loaded on this engine before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} holds no model weights (no .safetensors or .bin files).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model called user.{name} exists already (it is {checkpoint}). Choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{repo} holds only GGUF files, which vLLM does not load from a Hugging Face repository. Look for the same model in safetensors format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s own start-up benchmark failed (exit {status}): {tail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-num-seqs {value} is not what the last tune of {model} proposed; run the tune again and apply its result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} exited with code {exit_code} while loading: {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {model_id} stalled: for {stall_s} seconds vLLM printed nothing and its processes used no CPU, so it was stopped. The log shows where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} stopped responding ({misses} health checks in a row, about {silent_s} seconds) and was killed. The next request starts it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model_id} crashed {failures} times in a row, so the app stopped restarting it. Last time: {cause} Load it again, or change its options, to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model_id} failed to start {failures} times in a row, so the app stopped trying. Last time: {cause} Load it again, or change its options, to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong inside the app while handling {model_id}. The app&apos;s log has the details; stopping and loading the model again may help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM&apos;s engine core died (exit code {exit_code}): {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} stopped by itself (exit code {exit_code}): {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The {kind} engine in {path} is incomplete. Reinstall it with: vllm-tray engine install {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{family} family defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings for all models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model&apos;s built-in arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra vLLM arguments for every model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model&apos;s vLLM arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs and parallel sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This start only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hub at {endpoint} listed a file of {repo} as {value}, which is not a safe name for a file in the model&apos;s folder; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the commit of {repo}, which is not a commit id; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the checksum of a file of {repo}, which is not a checksum; the file was not downloaded. Check HF_ENDPOINT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the size of a file of {repo}, which is not a size; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No command is set for the custom engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The custom engine command “{program}” was not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The custom engine command “{program}” is not executable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The custom engine command “{command} --help” ended with exit code {exit_code}:
{tail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The custom engine command “{command} --help” did not finish within {seconds} seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{command}” does not look like a vLLM server: its --help does not mention {missing}. Use e.g. “vllm serve” or “/path/to/python -m vllm.entrypoints.openai.api_server”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but no AMD GPU was found, so it cannot run here. Use the CPU engine or a custom engine instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but there is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but your GPU ({target}) needs a newer Linux kernel before it can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine is not started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ROCm engine {tag} has no {launcher}; it cannot be started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU was found, so the ROCm engine cannot be installed. Use the CPU engine or a custom engine instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your GPU ({target}) needs a newer Linux kernel before the ROCm engine can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine was not installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed; this GPU needs {wanted}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The release {tag} lists “{text}” as its number of parts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>self.actions_</name>
    <message>
        <source>Loading {name}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
