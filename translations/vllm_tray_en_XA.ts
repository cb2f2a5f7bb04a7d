<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_XA">
  <context>
    <name>AccountsPage</name>
    <message>
      <source>Gated or private models on Hugging Face need an access token (huggingface.co → Settings → Access Tokens, read access is enough).</source>
      <translation>[Ĝàţéđ öŕ þŕîṽàţé ɱöđéĺš öñ Ĥûĝĝîñĝ Ƒàçé ñééđ àñ àççéšš ţöķéñ (ĥûĝĝîñĝƒàçé.çö → Šéţţîñĝš → Åççéšš Ţöķéñš, ŕéàđ àççéšš îš éñöûĝĥ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Finding where the token is kept…</source>
      <translation>[Ƒîñđîñĝ ŵĥéŕé ţĥé ţöķéñ îš ķéþţ…~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>C&amp;heck</source>
      <translation>[Ç&amp;ĥéçķ~~]</translation>
    </message>
    <message>
      <source>Ask Hugging Face whose token this is</source>
      <translation>[Åšķ Ĥûĝĝîñĝ Ƒàçé ŵĥöšé ţöķéñ ţĥîš îš~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face &amp;token:</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé &amp;ţöķéñ:~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé~~~~~]</translation>
    </message>
    <message>
      <source>This computer has no keyring, so the token is kept in {path}, which only you can read; never in the settings files.</source>
      <translation>[Ţĥîš çöɱþûţéŕ ĥàš ñö ķéýŕîñĝ, šö ţĥé ţöķéñ îš ķéþţ îñ {path}, ŵĥîçĥ öñĺý ýöû çàñ ŕéàđ; ñéṽéŕ îñ ţĥé šéţţîñĝš ƒîĺéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>It is kept in the system keyring, never in the settings files.</source>
      <translation>[Îţ îš ķéþţ îñ ţĥé šýšţéɱ ķéýŕîñĝ, ñéṽéŕ îñ ţĥé šéţţîñĝš ƒîĺéš.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Asking Hugging Face…</source>
      <translation>[Åšķîñĝ Ĥûĝĝîñĝ Ƒàçé…~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face accepts this token: it belongs to {user}.</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé àççéþţš ţĥîš ţöķéñ: îţ ƀéĺöñĝš ţö {user}.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>AddModelDialog</name>
    <message>
      <source>Add a model</source>
      <translation>[Åđđ à ɱöđéĺ~~~~]</translation>
    </message>
    <message>
      <source>From &amp;Hugging Face</source>
      <translation>[Ƒŕöɱ &amp;Ĥûĝĝîñĝ Ƒàçé~~~~~~~]</translation>
    </message>
    <message>
      <source>From a local &amp;folder</source>
      <translation>[Ƒŕöɱ à ĺöçàĺ &amp;ƒöĺđéŕ~~~~~~~~]</translation>
    </message>
    <message>
      <source>organisation/model, e.g. Qwen/Qwen3-4B</source>
      <translation>[öŕĝàñîšàţîöñ/ɱöđéĺ, é.ĝ. Ǫŵéñ/Ǫŵéñ3-4Ɓ~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face repository</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé ŕéþöšîţöŕý~~~~~~~~~]</translation>
    </message>
    <message>
      <source>/path/to/a/folder/with/config.json</source>
      <translation>[/þàţĥ/ţö/à/ƒöĺđéŕ/ŵîţĥ/çöñƒîĝ.ĵšöñ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Local folder</source>
      <translation>[Ĺöçàĺ ƒöĺđéŕ~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation>[&amp;Ɓŕöŵšé…~~~]</translation>
    </message>
    <message>
      <source>how clients address it</source>
      <translation>[ĥöŵ çĺîéñţš àđđŕéšš îţ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>e.g. chat, tool-calling (optional)</source>
      <translation>[é.ĝ. çĥàţ, ţööĺ-çàĺĺîñĝ (öþţîöñàĺ)~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Download it now</source>
      <translation>[&amp;Đöŵñĺöàđ îţ ñöŵ~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Add</source>
      <translation>[&amp;Åđđ~~]</translation>
    </message>
    <message>
      <source>&amp;Repository:</source>
      <translation>[&amp;Ŕéþöšîţöŕý:~~~~~]</translation>
    </message>
    <message>
      <source>F&amp;older:</source>
      <translation>[Ƒ&amp;öĺđéŕ:~~~]</translation>
    </message>
    <message>
      <source>&amp;Name:</source>
      <translation>[&amp;Ñàɱé:~~]</translation>
    </message>
    <message>
      <source>&amp;Labels:</source>
      <translation>[&amp;Ĺàƀéĺš:~~~]</translation>
    </message>
    <message>
      <source>&amp;Search Hugging Face</source>
      <translation>[&amp;Šéàŕçĥ Ĥûĝĝîñĝ Ƒàçé~~~~~~~~]</translation>
    </message>
    <message>
      <source>By &amp;repository or folder</source>
      <translation>[Ɓý &amp;ŕéþöšîţöŕý öŕ ƒöĺđéŕ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Clients will ask for {model_id}</source>
      <translation>[Çĺîéñţš ŵîĺĺ àšķ ƒöŕ {model_id}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Choose the model folder</source>
      <translation>[Çĥööšé ţĥé ɱöđéĺ ƒöĺđéŕ~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>BatchJobModel</name>
    <message>
      <source>Created</source>
      <translation>[Çŕéàţéđ~~~]</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>[Îñþûţ~~]</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>[Šţàţûš~~]</translation>
    </message>
    <message>
      <source>Progress</source>
      <translation>[Þŕöĝŕéšš~~~]</translation>
    </message>
    <message>
      <source>Output file</source>
      <translation>[Öûţþûţ ƒîĺé~~~~]</translation>
    </message>
    <message>
      <source>{name} ({id}), for {endpoint}</source>
      <translation>[{name} ({id}), ƒöŕ {endpoint}~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>BatchPage</name>
    <message>
      <source>Paused</source>
      <translation>[Þàûšéđ~~]</translation>
    </message>
    <message>
      <source>Running</source>
      <translation>[Ŕûññîñĝ~~~]</translation>
    </message>
    <message>
      <source>Queued</source>
      <translation>[Ǫûéûéđ~~]</translation>
    </message>
    <message>
      <source>Failed: {reason}</source>
      <translation>[Ƒàîĺéđ: {reason}~~~~~~]</translation>
    </message>
    <message>
      <source>Completed, {n} failed</source>
      <translation>[Çöɱþĺéţéđ, {n} ƒàîĺéđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Checking the file</source>
      <translation>[Çĥéçķîñĝ ţĥé ƒîĺé~~~~~~~]</translation>
    </message>
    <message>
      <source>Failed</source>
      <translation>[Ƒàîĺéđ~~]</translation>
    </message>
    <message>
      <source>Finishing</source>
      <translation>[Ƒîñîšĥîñĝ~~~~]</translation>
    </message>
    <message>
      <source>Completed</source>
      <translation>[Çöɱþĺéţéđ~~~~]</translation>
    </message>
    <message>
      <source>Expired</source>
      <translation>[Éẋþîŕéđ~~~]</translation>
    </message>
    <message>
      <source>Cancelling</source>
      <translation>[Çàñçéĺĺîñĝ~~~~]</translation>
    </message>
    <message>
      <source>Cancelled</source>
      <translation>[Çàñçéĺĺéđ~~~~]</translation>
    </message>
    <message>
      <source>{done} of {total}</source>
      <translation>[{done} öƒ {total}~~~~~~~]</translation>
    </message>
    <message>
      <source>{rate} requests/s</source>
      <translation>[{rate} ŕéǫûéšţš/š~~~~~~~]</translation>
    </message>
    <message>
      <source>{eta} left</source>
      <translation>[{eta} ĺéƒţ~~~~]</translation>
    </message>
    <message>
      <source>Batch jobs — vLLM Tray</source>
      <translation>[Ɓàţçĥ ĵöƀš — ṽĹĹṀ Ţŕàý~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Batch jobs</source>
      <translation>[Ɓàţçĥ ĵöƀš~~~~]</translation>
    </message>
    <message>
      <source>Jobs sent to the endpoint's /v1/batches (for example with the openai client) run here one at a time, with as many requests at once as the model's tuned limit. A job that was running when the app closed goes on when it starts again. For a file on this computer, use: vllm-tray batch run IN.jsonl --out OUT.jsonl</source>
      <translation>[Ĵöƀš šéñţ ţö ţĥé éñđþöîñţ'š /ṽ1/ƀàţçĥéš (ƒöŕ éẋàɱþĺé ŵîţĥ ţĥé öþéñàî çĺîéñţ) ŕûñ ĥéŕé öñé àţ à ţîɱé, ŵîţĥ àš ɱàñý ŕéǫûéšţš àţ öñçé àš ţĥé ɱöđéĺ'š ţûñéđ ĺîɱîţ. Å ĵöƀ ţĥàţ ŵàš ŕûññîñĝ ŵĥéñ ţĥé àþþ çĺöšéđ ĝöéš öñ ŵĥéñ îţ šţàŕţš àĝàîñ. Ƒöŕ à ƒîĺé öñ ţĥîš çöɱþûţéŕ, ûšé: ṽĺĺɱ-ţŕàý ƀàţçĥ ŕûñ ÎÑ.ĵšöñĺ --öûţ ÖÛŢ.ĵšöñĺ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Pause</source>
      <translation>[&amp;Þàûšé~~]</translation>
    </message>
    <message>
      <source>&amp;Resume</source>
      <translation>[&amp;Ŕéšûɱé~~~]</translation>
    </message>
    <message>
      <source>&amp;Cancel job</source>
      <translation>[&amp;Çàñçéĺ ĵöƀ~~~~]</translation>
    </message>
    <message>
      <source>&amp;Open folder</source>
      <translation>[&amp;Öþéñ ƒöĺđéŕ~~~~~]</translation>
    </message>
    <message>
      <source>Show the folder that holds the output file</source>
      <translation>[Šĥöŵ ţĥé ƒöĺđéŕ ţĥàţ ĥöĺđš ţĥé öûţþûţ ƒîĺé~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Batch jobs…</source>
      <translation>[&amp;Ɓàţçĥ ĵöƀš…~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>BenchWindow</name>
    <message>
      <source>Benchmark — {model}</source>
      <translation>[Ɓéñçĥɱàŕķ — {model}~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not measured yet.</source>
      <translation>[Ñöţ ɱéàšûŕéđ ýéţ.~~~~~~~]</translation>
    </message>
    <message>
      <source>Earlier results</source>
      <translation>[Éàŕĺîéŕ ŕéšûĺţš~~~~~~]</translation>
    </message>
    <message>
      <source>all at once, or e.g. 2,4,8</source>
      <translation>[àĺĺ àţ öñçé, öŕ é.ĝ. 2,4,8~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Run benchmark</source>
      <translation>[&amp;Ŕûñ ƀéñçĥɱàŕķ~~~~~~]</translation>
    </message>
    <message>
      <source>Find &amp;max-num-seqs</source>
      <translation>[Ƒîñđ &amp;ɱàẋ-ñûɱ-šéǫš~~~~~~~]</translation>
    </message>
    <message>
      <source>Starts the model up to {n} times with temporary limits; nothing is saved until you apply the result. The model is left running or stopped as it was.</source>
      <translation>[Šţàŕţš ţĥé ɱöđéĺ ûþ ţö {n} ţîɱéš ŵîţĥ ţéɱþöŕàŕý ĺîɱîţš; ñöţĥîñĝ îš šàṽéđ ûñţîĺ ýöû àþþĺý ţĥé ŕéšûĺţ. Ţĥé ɱöđéĺ îš ĺéƒţ ŕûññîñĝ öŕ šţöþþéđ àš îţ ŵàš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>[&amp;Çàñçéĺ~~~]</translation>
    </message>
    <message>
      <source>&amp;Apply</source>
      <translation>[&amp;Åþþĺý~~]</translation>
    </message>
    <message>
      <source>Requests:</source>
      <translation>[Ŕéǫûéšţš:~~~~]</translation>
    </message>
    <message>
      <source>Concurrency:</source>
      <translation>[Çöñçûŕŕéñçý:~~~~~]</translation>
    </message>
    <message>
      <source>Prompt tokens:</source>
      <translation>[Þŕöɱþţ ţöķéñš:~~~~~~]</translation>
    </message>
    <message>
      <source>Generated tokens:</source>
      <translation>[Ĝéñéŕàţéđ ţöķéñš:~~~~~~~]</translation>
    </message>
    <message>
      <source>Benchmark</source>
      <translation>[Ɓéñçĥɱàŕķ~~~~]</translation>
    </message>
    <message>
      <source>Time to first token p99 at most:</source>
      <translation>[Ţîɱé ţö ƒîŕšţ ţöķéñ þ99 àţ ɱöšţ:~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Inter-token latency p99 at most:</source>
      <translation>[Îñţéŕ-ţöķéñ ĺàţéñçý þ99 àţ ɱöšţ:~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Highest limit tried:</source>
      <translation>[Ĥîĝĥéšţ ĺîɱîţ ţŕîéđ:~~~~~~~~]</translation>
    </message>
    <message>
      <source>max-num-seqs</source>
      <translation>[ɱàẋ-ñûɱ-šéǫš~~~~~]</translation>
    </message>
    <message>
      <source>Result:</source>
      <translation>[Ŕéšûĺţ:~~~]</translation>
    </message>
    <message>
      <source>Curve</source>
      <translation>[Çûŕṽé~~]</translation>
    </message>
    <message>
      <source>Live</source>
      <translation>[Ĺîṽé~~]</translation>
    </message>
    <message>
      <source>Load time</source>
      <translation>[Ĺöàđ ţîɱé~~~~]</translation>
    </message>
    <message>
      <source>Concurrency must be whole numbers separated by commas.</source>
      <translation>[Çöñçûŕŕéñçý ɱûšţ ƀé ŵĥöĺé ñûɱƀéŕš šéþàŕàţéđ ƀý çöɱɱàš.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading the model…</source>
      <translation>[Ĺöàđîñĝ ţĥé ɱöđéĺ…~~~~~~~]</translation>
    </message>
    <message>
      <source>Starting the model with a high limit…</source>
      <translation>[Šţàŕţîñĝ ţĥé ɱöđéĺ ŵîţĥ à ĥîĝĥ ĺîɱîţ…~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Cancelling: putting the model back as it was…</source>
      <translation>[Çàñçéĺĺîñĝ: þûţţîñĝ ţĥé ɱöđéĺ ƀàçķ àš îţ ŵàš…~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Saved: the model's vLLM arguments are now {args}</source>
      <translation>[Šàṽéđ: ţĥé ɱöđéĺ'š ṽĹĹṀ àŕĝûɱéñţš àŕé ñöŵ {args}~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{x}× the tokens per second with {c} requests at once</source>
      <translation>[{x}× ţĥé ţöķéñš þéŕ šéçöñđ ŵîţĥ {c} ŕéǫûéšţš àţ öñçé~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No value met the latency objective.</source>
      <translation>[Ñö ṽàĺûé ɱéţ ţĥé ĺàţéñçý öƀĵéçţîṽé.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Proposed: --max-num-seqs {n} (now {now}).</source>
      <translation>[Þŕöþöšéđ: --ɱàẋ-ñûɱ-šéǫš {n} (ñöŵ {now}).~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Before: {b} tok/s, inter-token p99 {bi} ms</source>
      <translation>[Ɓéƒöŕé: {b} ţöķ/š, îñţéŕ-ţöķéñ þ99 {bi} ɱš~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>After: {a} tok/s, inter-token p99 {ai} ms</source>
      <translation>[Åƒţéŕ: {a} ţöķ/š, îñţéŕ-ţöķéñ þ99 {ai} ɱš~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Applied.</source>
      <translation>[Åþþĺîéđ.~~~]</translation>
    </message>
    <message>
      <source>Done in {n} engine starts.</source>
      <translation>[Đöñé îñ {n} éñĝîñé šţàŕţš.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>tune</source>
      <translation>[ţûñé~~]</translation>
    </message>
    <message>
      <source>benchmark</source>
      <translation>[ƀéñçĥɱàŕķ~~~~]</translation>
    </message>
    <message>
      <source>Measuring {c} requests at once…</source>
      <translation>[Ṁéàšûŕîñĝ {c} ŕéǫûéšţš àţ öñçé…~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{x}× the tokens per second with {c} requests at once (tokens counted by the engine: its answers carry no token counts)</source>
      <translation>[{x}× ţĥé ţöķéñš þéŕ šéçöñđ ŵîţĥ {c} ŕéǫûéšţš àţ öñçé (ţöķéñš çöûñţéđ ƀý ţĥé éñĝîñé: îţš àñšŵéŕš çàŕŕý ñö ţöķéñ çöûñţš)~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>start {k} of at most {n}</source>
      <translation>[šţàŕţ {k} öƒ àţ ɱöšţ {n}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{run}: loading with --max-num-seqs {m}…</source>
      <translation>[{run}: ĺöàđîñĝ ŵîţĥ --ɱàẋ-ñûɱ-šéǫš {m}…~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Putting the model back as it was…</source>
      <translation>[Þûţţîñĝ ţĥé ɱöđéĺ ƀàçķ àš îţ ŵàš…~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Cancelled; the model is as it was and nothing was saved.</source>
      <translation>[Çàñçéĺĺéđ; ţĥé ɱöđéĺ îš àš îţ ŵàš àñđ ñöţĥîñĝ ŵàš šàṽéđ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Done.</source>
      <translation>[Đöñé.~~]</translation>
    </message>
    <message>
      <source>confirming</source>
      <translation>[çöñƒîŕɱîñĝ~~~~]</translation>
    </message>
    <message>
      <source>measuring</source>
      <translation>[ɱéàšûŕîñĝ~~~~]</translation>
    </message>
    <message>
      <source>{run}: {phase} {c} requests at once…</source>
      <translation>[{run}: {phase} {c} ŕéǫûéšţš àţ öñçé…~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{run}: {phase}</source>
      <translation>[{run}: {phase}~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ChatPage</name>
    <message>
      <source>Model to chat with</source>
      <translation>[Ṁöđéĺ ţö çĥàţ ŵîţĥ~~~~~~~]</translation>
    </message>
    <message>
      <source>C&amp;lear conversation</source>
      <translation>[Ç&amp;ĺéàŕ çöñṽéŕšàţîöñ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Conversation</source>
      <translation>[Çöñṽéŕšàţîöñ~~~~~]</translation>
    </message>
    <message>
      <source>Type a message; Ctrl+Enter sends it</source>
      <translation>[Ţýþé à ɱéššàĝé; Çţŕĺ+Éñţéŕ šéñđš îţ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Message</source>
      <translation>[Ṁéššàĝé~~~]</translation>
    </message>
    <message>
      <source>&amp;Send</source>
      <translation>[&amp;Šéñđ~~]</translation>
    </message>
    <message>
      <source>Send the message (Ctrl+Enter)</source>
      <translation>[Šéñđ ţĥé ɱéššàĝé (Çţŕĺ+Éñţéŕ)~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;top</source>
      <translation>[Š&amp;ţöþ~~]</translation>
    </message>
    <message>
      <source>Stop the reply; what arrived is kept</source>
      <translation>[Šţöþ ţĥé ŕéþĺý; ŵĥàţ àŕŕîṽéđ îš ķéþţ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Regenerate</source>
      <translation>[&amp;Ŕéĝéñéŕàţé~~~~]</translation>
    </message>
    <message>
      <source>Answer the last message again</source>
      <translation>[Åñšŵéŕ ţĥé ĺàšţ ɱéššàĝé àĝàîñ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Copy reply</source>
      <translation>[&amp;Çöþý ŕéþĺý~~~~]</translation>
    </message>
    <message>
      <source>Copy the last reply as Markdown</source>
      <translation>[Çöþý ţĥé ĺàšţ ŕéþĺý àš Ṁàŕķđöŵñ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>e.g. You are a concise assistant.</source>
      <translation>[é.ĝ. Ýöû àŕé à çöñçîšé àššîšţàñţ.~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>model's default</source>
      <translation>[ɱöđéĺ'š đéƒàûĺţ~~~~~~]</translation>
    </message>
    <message>
      <source>Mo&amp;del:</source>
      <translation>[Ṁö&amp;đéĺ:~~~]</translation>
    </message>
    <message>
      <source>S&amp;ystem prompt:</source>
      <translation>[Š&amp;ýšţéɱ þŕöɱþţ:~~~~~~]</translation>
    </message>
    <message>
      <source>T&amp;emperature:</source>
      <translation>[Ţ&amp;éɱþéŕàţûŕé:~~~~~]</translation>
    </message>
    <message>
      <source>Ma&amp;x tokens:</source>
      <translation>[Ṁà&amp;ẋ ţöķéñš:~~~~~]</translation>
    </message>
    <message>
      <source>The reply is copied.</source>
      <translation>[Ţĥé ŕéþĺý îš çöþîéđ.~~~~~~~~]</translation>
    </message>
    <message>
      <source>The conversation is cleared.</source>
      <translation>[Ţĥé çöñṽéŕšàţîöñ îš çĺéàŕéđ.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>(stopped)</source>
      <translation>[(šţöþþéđ)~~~~]</translation>
    </message>
    <message>
      <source>You</source>
      <translation>[Ýöû~]</translation>
    </message>
    <message>
      <source>▾ Hide the thinking</source>
      <translation>[▾ Ĥîđé ţĥé ţĥîñķîñĝ~~~~~~~~]</translation>
    </message>
    <message>
      <source>▸ Thought for {words} words (show)</source>
      <translation>[▸ Ţĥöûĝĥţ ƒöŕ {words} ŵöŕđš (šĥöŵ)~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Waiting for the answer…</source>
      <translation>[Ŵàîţîñĝ ƒöŕ ţĥé àñšŵéŕ…~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading the model for this reply…</source>
      <translation>[Ĺöàđîñĝ ţĥé ɱöđéĺ ƒöŕ ţĥîš ŕéþĺý…~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{elapsed} of about {expected}</source>
      <translation>[{elapsed} öƒ àƀöûţ {expected}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{n} tokens</source>
      <translation>[{n} ţöķéñš~~~~]</translation>
    </message>
    <message>
      <source>first token after {s} s</source>
      <translation>[ƒîŕšţ ţöķéñ àƒţéŕ {s} š~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{rate} tokens/s</source>
      <translation>[{rate} ţöķéñš/š~~~~~~]</translation>
    </message>
    <message>
      <source>The reply broke off:</source>
      <translation>[Ţĥé ŕéþĺý ƀŕöķé öƒƒ:~~~~~~~~]</translation>
    </message>
    <message>
      <source>No reply:</source>
      <translation>[Ñö ŕéþĺý:~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ChatPages</name>
    <message>
      <source>M&amp;odels</source>
      <translation>[Ṁ&amp;öđéĺš~~~]</translation>
    </message>
    <message>
      <source>C&amp;hat</source>
      <translation>[Ç&amp;ĥàţ~~]</translation>
    </message>
  </context>
  <context>
    <name>ClusterCounts</name>
    <message numerus="yes">
      <source>Not ready: %n problem(s) to fix first.</source>
      <translation>
        <numerusform>[Ñöţ ŕéàđý: %n þŕöƀĺéɱ(š) ţö ƒîẋ ƒîŕšţ.~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Ñöţ ŕéàđý: %n þŕöƀĺéɱ(š) ţö ƒîẋ ƒîŕšţ.~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>…and %n more in the table above.</source>
      <translation>
        <numerusform>[…àñđ %n ɱöŕé îñ ţĥé ţàƀĺé àƀöṽé.~~~~~~~~~~~~~]</numerusform>
        <numerusform>[…àñđ %n ɱöŕé îñ ţĥé ţàƀĺé àƀöṽé.~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Checking the %n machine(s)…</source>
      <translation>
        <numerusform>[Çĥéçķîñĝ ţĥé %n ɱàçĥîñé(š)…~~~~~~~~~~~]</numerusform>
        <numerusform>[Çĥéçķîñĝ ţĥé %n ɱàçĥîñé(š)…~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Loading the model across %n machine(s)…</source>
      <translation>
        <numerusform>[Ĺöàđîñĝ ţĥé ɱöđéĺ àçŕöšš %n ɱàçĥîñé(š)…~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Ĺöàđîñĝ ţĥé ɱöđéĺ àçŕöšš %n ɱàçĥîñé(š)…~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Loading the model across %n machine(s)… ({elapsed} so far; the model list shows its progress)</source>
      <translation>
        <numerusform>[Ĺöàđîñĝ ţĥé ɱöđéĺ àçŕöšš %n ɱàçĥîñé(š)… ({elapsed} šö ƒàŕ; ţĥé ɱöđéĺ ĺîšţ šĥöŵš îţš þŕöĝŕéšš)~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Ĺöàđîñĝ ţĥé ɱöđéĺ àçŕöšš %n ɱàçĥîñé(š)… ({elapsed} šö ƒàŕ; ţĥé ɱöđéĺ ĺîšţ šĥöŵš îţš þŕöĝŕéšš)~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ClusterWindow</name>
    <message>
      <source>Cluster: one model across machines</source>
      <translation>[Çĺûšţéŕ: öñé ɱöđéĺ àçŕöšš ɱàçĥîñéš~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>[Ṁöđéĺ~~]</translation>
    </message>
    <message>
      <source>e.g. 192.168.1.10</source>
      <translation>[é.ĝ. 192.168.1.10~~~~~~~]</translation>
    </message>
    <message>
      <source>One address per line, e.g. 192.168.1.11 or 192.168.1.11:29601</source>
      <translation>[Öñé àđđŕéšš þéŕ ĺîñé, é.ĝ. 192.168.1.11 öŕ 192.168.1.11:29601~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>one per machine</source>
      <translation>[öñé þéŕ ɱàçĥîñé~~~~~~]</translation>
    </message>
    <message>
      <source>Allow public addresses (not recommended)</source>
      <translation>[Åĺĺöŵ þûƀĺîç àđđŕéššéš (ñöţ ŕéçöɱɱéñđéđ)~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Save</source>
      <translation>[&amp;Šàṽé~~]</translation>
    </message>
    <message>
      <source>This machine's address</source>
      <translation>[Ţĥîš ɱàçĥîñé'š àđđŕéšš~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Other machines</source>
      <translation>[Öţĥéŕ ɱàçĥîñéš~~~~~~]</translation>
    </message>
    <message>
      <source>Tensor parallel (GPUs per machine)</source>
      <translation>[Ţéñšöŕ þàŕàĺĺéĺ (ĜÞÛš þéŕ ɱàçĥîñé)~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Pipeline parallel</source>
      <translation>[Þîþéĺîñé þàŕàĺĺéĺ~~~~~~~]</translation>
    </message>
    <message>
      <source>Master port</source>
      <translation>[Ṁàšţéŕ þöŕţ~~~~]</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>[Šéţûþ~~]</translation>
    </message>
    <message>
      <source>Commands for the other machines</source>
      <translation>[Çöɱɱàñđš ƒöŕ ţĥé öţĥéŕ ɱàçĥîñéš~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Copy commands</source>
      <translation>[&amp;Çöþý çöɱɱàñđš~~~~~~]</translation>
    </message>
    <message>
      <source>Run this on each other machine</source>
      <translation>[Ŕûñ ţĥîš öñ éàçĥ öţĥéŕ ɱàçĥîñé~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Machine</source>
      <translation>[Ṁàçĥîñé~~~]</translation>
    </message>
    <message>
      <source>Engine</source>
      <translation>[Éñĝîñé~~]</translation>
    </message>
    <message>
      <source>Model files</source>
      <translation>[Ṁöđéĺ ƒîĺéš~~~~]</translation>
    </message>
    <message>
      <source>Link</source>
      <translation>[Ĺîñķ~~]</translation>
    </message>
    <message>
      <source>Problems</source>
      <translation>[Þŕöƀĺéɱš~~~]</translation>
    </message>
    <message>
      <source>C&amp;heck machines</source>
      <translation>[Ç&amp;ĥéçķ ɱàçĥîñéš~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;tart</source>
      <translation>[Š&amp;ţàŕţ~~]</translation>
    </message>
    <message>
      <source>St&amp;op</source>
      <translation>[Šţ&amp;öþ~~]</translation>
    </message>
    <message>
      <source>Machines</source>
      <translation>[Ṁàçĥîñéš~~~]</translation>
    </message>
    <message>
      <source># machine %1 (%2)</source>
      <translation>[# ɱàçĥîñé %1 (%2)~~~~~~~]</translation>
    </message>
    <message>
      <source>Set up the model, this machine's address and the other machines.</source>
      <translation>[Šéţ ûþ ţĥé ɱöđéĺ, ţĥîš ɱàçĥîñé'š àđđŕéšš àñđ ţĥé öţĥéŕ ɱàçĥîñéš.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Off: the model runs on this machine alone.</source>
      <translation>[Öƒƒ: ţĥé ɱöđéĺ ŕûñš öñ ţĥîš ɱàçĥîñé àĺöñé.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>Serving across %n machine(s).</source>
      <translation>
        <numerusform>[Šéŕṽîñĝ àçŕöšš %n ɱàçĥîñé(š).~~~~~~~~~~~~]</numerusform>
        <numerusform>[Šéŕṽîñĝ àçŕöšš %n ɱàçĥîñé(š).~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Starting across %n machine(s)…</source>
      <translation>
        <numerusform>[Šţàŕţîñĝ àçŕöšš %n ɱàçĥîñé(š)…~~~~~~~~~~~~]</numerusform>
        <numerusform>[Šţàŕţîñĝ àçŕöšš %n ɱàçĥîñé(š)…~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>On: the model loads across the machines on its next request.</source>
      <translation>[Öñ: ţĥé ɱöđéĺ ĺöàđš àçŕöšš ţĥé ɱàçĥîñéš öñ îţš ñéẋţ ŕéǫûéšţ.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>this machine</source>
      <translation>[ţĥîš ɱàçĥîñé~~~~~]</translation>
    </message>
    <message>
      <source>%1 ms, %2 MB/s from it, %3 MB/s to it</source>
      <translation>[%1 ɱš, %2 ṀƁ/š ƒŕöɱ îţ, %3 ṀƁ/š ţö îţ~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>ready</source>
      <translation>[ŕéàđý~~]</translation>
    </message>
    <message>
      <source>Saved. Run the commands below on the other machines.</source>
      <translation>[Šàṽéđ. Ŕûñ ţĥé çöɱɱàñđš ƀéĺöŵ öñ ţĥé öţĥéŕ ɱàçĥîñéš.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Checking each machine…</source>
      <translation>[Çĥéçķîñĝ éàçĥ ɱàçĥîñé…~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not started: {reason}</source>
      <translation>[Ñöţ šţàŕţéđ: {reason}~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not started.</source>
      <translation>[Ñöţ šţàŕţéđ.~~~~~]</translation>
    </message>
    <message>
      <source>Stopping the model and the workers…</source>
      <translation>[Šţöþþîñĝ ţĥé ɱöđéĺ àñđ ţĥé ŵöŕķéŕš…~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Stopped.</source>
      <translation>[Šţöþþéđ.~~~]</translation>
    </message>
    <message>
      <source>Checking the machines, then starting…</source>
      <translation>[Çĥéçķîñĝ ţĥé ɱàçĥîñéš, ţĥéñ šţàŕţîñĝ…~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Every machine is ready: the cluster can start.</source>
      <translation>[Éṽéŕý ɱàçĥîñé îš ŕéàđý: ţĥé çĺûšţéŕ çàñ šţàŕţ.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Starting the workers on {addresses}…</source>
      <translation>[Šţàŕţîñĝ ţĥé ŵöŕķéŕš öñ {addresses}…~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>Commands</name>
    <message>
      <source>The command was cancelled.</source>
      <translation>[Ţĥé çöɱɱàñđ ŵàš çàñçéĺĺéđ.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Something went wrong inside vLLM Tray; the details are in its log.</source>
      <translation>[Šöɱéţĥîñĝ ŵéñţ ŵŕöñĝ îñšîđé ṽĹĹṀ Ţŕàý; ţĥé đéţàîĺš àŕé îñ îţš ĺöĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>CurvePlot</name>
    <message>
      <source>Throughput and latency against concurrency</source>
      <translation>[Ţĥŕöûĝĥþûţ àñđ ĺàţéñçý àĝàîñšţ çöñçûŕŕéñçý~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Best: {tps} tokens per second at concurrency {c}</source>
      <translation>[Ɓéšţ: {tps} ţöķéñš þéŕ šéçöñđ àţ çöñçûŕŕéñçý {c}~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>— tokens/s</source>
      <translation>[— ţöķéñš/š~~~~]</translation>
    </message>
    <message>
      <source>- - inter-token latency p99 (ms)</source>
      <translation>[- - îñţéŕ-ţöķéñ ĺàţéñçý þ99 (ɱš)~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>requests in flight</source>
      <translation>[ŕéǫûéšţš îñ ƒĺîĝĥţ~~~~~~~]</translation>
    </message>
    <message>
      <source>No measurements yet</source>
      <translation>[Ñö ɱéàšûŕéɱéñţš ýéţ~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>DeleteQuestion</name>
    <message>
      <source>Delete {name}?</source>
      <translation>[Đéĺéţé {name}?~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Delete</source>
      <translation>[&amp;Đéĺéţé~~~]</translation>
    </message>
    <message numerus="yes">
      <source>Delete the downloaded files of {name} ({size})? %n other model(s) use the same files and would need them downloaded again too: {others}.</source>
      <translation>
        <numerusform>[Đéĺéţé ţĥé đöŵñĺöàđéđ ƒîĺéš öƒ {name} ({size})? %n öţĥéŕ ɱöđéĺ(š) ûšé ţĥé šàɱé ƒîĺéš àñđ ŵöûĺđ ñééđ ţĥéɱ đöŵñĺöàđéđ àĝàîñ ţöö: {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Đéĺéţé ţĥé đöŵñĺöàđéđ ƒîĺéš öƒ {name} ({size})? %n öţĥéŕ ɱöđéĺ(š) ûšé ţĥé šàɱé ƒîĺéš àñđ ŵöûĺđ ñééđ ţĥéɱ đöŵñĺöàđéđ àĝàîñ ţöö: {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>Delete the downloaded files of {name} ({size})? You can download them again later.</source>
      <translation>[Đéĺéţé ţĥé đöŵñĺöàđéđ ƒîĺéš öƒ {name} ({size})? Ýöû çàñ đöŵñĺöàđ ţĥéɱ àĝàîñ ĺàţéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Remove {name} from the list? Its folder stays where it is.</source>
      <translation>[Ŕéɱöṽé {name} ƒŕöɱ ţĥé ĺîšţ? Îţš ƒöĺđéŕ šţàýš ŵĥéŕé îţ îš.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>Remove {name} from the list? Its downloaded files stay: %n other model(s) use them: {others}.</source>
      <translation>
        <numerusform>[Ŕéɱöṽé {name} ƒŕöɱ ţĥé ĺîšţ? Îţš đöŵñĺöàđéđ ƒîĺéš šţàý: %n öţĥéŕ ɱöđéĺ(š) ûšé ţĥéɱ: {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Ŕéɱöṽé {name} ƒŕöɱ ţĥé ĺîšţ? Îţš đöŵñĺöàđéđ ƒîĺéš šţàý: %n öţĥéŕ ɱöđéĺ(š) ûšé ţĥéɱ: {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>Remove {name} from the list and delete its downloaded files?</source>
      <translation>[Ŕéɱöṽé {name} ƒŕöɱ ţĥé ĺîšţ àñđ đéĺéţé îţš đöŵñĺöàđéđ ƒîĺéš?~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>DesktopPage</name>
    <message>
      <source>Start vLLM Tray when I &amp;log in</source>
      <translation>[Šţàŕţ ṽĹĹṀ Ţŕàý ŵĥéñ Î &amp;ĺöĝ îñ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start &amp;hidden in the tray, without the window</source>
      <translation>[Šţàŕţ &amp;ĥîđđéñ îñ ţĥé ţŕàý, ŵîţĥöûţ ţĥé ŵîñđöŵ~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Desktop</source>
      <translation>[Đéšķţöþ~~~]</translation>
    </message>
  </context>
  <context>
    <name>DiagnosisBanner</name>
    <message>
      <source>Diagnosis</source>
      <translation>[Đîàĝñöšîš~~~~]</translation>
    </message>
    <message>
      <source>Dismiss</source>
      <translation>[Đîšɱîšš~~~]</translation>
    </message>
    <message>
      <source>Show &amp;log</source>
      <translation>[Šĥöŵ &amp;ĺöĝ~~~~]</translation>
    </message>
    <message>
      <source>vLLM stopped without a known cause. The log says more.</source>
      <translation>[ṽĹĹṀ šţöþþéđ ŵîţĥöûţ à ķñöŵñ çàûšé. Ţĥé ĺöĝ šàýš ɱöŕé.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Apply this change and load the model again</source>
      <translation>[Åþþĺý ţĥîš çĥàñĝé àñđ ĺöàđ ţĥé ɱöđéĺ àĝàîñ~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Applying the fix and loading again…</source>
      <translation>[Åþþĺýîñĝ ţĥé ƒîẋ àñđ ĺöàđîñĝ àĝàîñ…~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Done: {fix}. Loading failed again; the sentence above says why.</source>
      <translation>[Đöñé: {fix}. Ĺöàđîñĝ ƒàîĺéđ àĝàîñ; ţĥé šéñţéñçé àƀöṽé šàýš ŵĥý.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>EndpointPage</name>
    <message>
      <source>Start the endpoint when the app starts</source>
      <translation>[Šţàŕţ ţĥé éñđþöîñţ ŵĥéñ ţĥé àþþ šţàŕţš~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>e.g. mybox.lan, 192.168.1.20</source>
      <translation>[é.ĝ. ɱýƀöẋ.ĺàñ, 192.168.1.20~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>e.g. http://localhost:3000</source>
      <translation>[é.ĝ. ĥţţþ://ĺöçàĺĥöšţ:3000~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Listen on &amp;address:</source>
      <translation>[Ĺîšţéñ öñ &amp;àđđŕéšš:~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Port:</source>
      <translation>[&amp;Þöŕţ:~~]</translation>
    </message>
    <message>
      <source>API &amp;key:</source>
      <translation>[ÅÞÎ &amp;ķéý:~~~~]</translation>
    </message>
    <message>
      <source>Allowed &amp;host names:</source>
      <translation>[Åĺĺöŵéđ &amp;ĥöšţ ñàɱéš:~~~~~~~~]</translation>
    </message>
    <message>
      <source>Allowed &amp;web origins:</source>
      <translation>[Åĺĺöŵéđ &amp;ŵéƀ öŕîĝîñš:~~~~~~~~]</translation>
    </message>
    <message>
      <source>Clients must send it as 'Authorization: Bearer &lt;key&gt;'. Kept in the keyring, or where there is none in a file only you can read.</source>
      <translation>[Çĺîéñţš ɱûšţ šéñđ îţ àš 'Åûţĥöŕîžàţîöñ: Ɓéàŕéŕ &lt;key&gt;'. Ķéþţ îñ ţĥé ķéýŕîñĝ, öŕ ŵĥéŕé ţĥéŕé îš ñöñé îñ à ƒîĺé öñĺý ýöû çàñ ŕéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint</source>
      <translation>[Éñđþöîñţ~~~]</translation>
    </message>
    <message>
      <source>Other machines could reach the endpoint on this address, so it will not start without an API key. Set one above.</source>
      <translation>[Öţĥéŕ ɱàçĥîñéš çöûĺđ ŕéàçĥ ţĥé éñđþöîñţ öñ ţĥîš àđđŕéšš, šö îţ ŵîĺĺ ñöţ šţàŕţ ŵîţĥöûţ àñ ÅÞÎ ķéý. Šéţ öñé àƀöṽé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Other machines on your network can reach the endpoint with the key.</source>
      <translation>[Öţĥéŕ ɱàçĥîñéš öñ ýöûŕ ñéţŵöŕķ çàñ ŕéàçĥ ţĥé éñđþöîñţ ŵîţĥ ţĥé ķéý.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Enter an address to listen on, e.g. 127.0.0.1.</source>
      <translation>[Éñţéŕ àñ àđđŕéšš ţö ĺîšţéñ öñ, é.ĝ. 127.0.0.1.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>EnginePanel</name>
    <message>
      <source>Engine and endpoint</source>
      <translation>[Éñĝîñé àñđ éñđþöîñţ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Show &amp;advisories</source>
      <translation>[Šĥöŵ &amp;àđṽîšöŕîéš~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Install engine</source>
      <translation>[&amp;Îñšţàĺĺ éñĝîñé~~~~~~]</translation>
    </message>
    <message>
      <source>Engine installation</source>
      <translation>[Éñĝîñé îñšţàĺĺàţîöñ~~~~~~~~]</translation>
    </message>
    <message>
      <source>ROCm build</source>
      <translation>[ŔÖÇɱ ƀûîĺđ~~~~]</translation>
    </message>
    <message>
      <source>&amp;Switch to this build</source>
      <translation>[&amp;Šŵîţçĥ ţö ţĥîš ƀûîĺđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Copy URL</source>
      <translation>[&amp;Çöþý ÛŔĹ~~~~]</translation>
    </message>
    <message>
      <source>AMD ROCm build of vLLM</source>
      <translation>[ÅṀĐ ŔÖÇɱ ƀûîĺđ öƒ ṽĹĹṀ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM CPU build</source>
      <translation>[ṽĹĹṀ ÇÞÛ ƀûîĺđ~~~~~~]</translation>
    </message>
    <message>
      <source>your own vLLM command</source>
      <translation>[ýöûŕ öŵñ ṽĹĹṀ çöɱɱàñđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Engine: unknown</source>
      <translation>[Éñĝîñé: ûñķñöŵñ~~~~~~]</translation>
    </message>
    <message>
      <source>Engine: {name}, version {version}</source>
      <translation>[Éñĝîñé: {name}, ṽéŕšîöñ {version}~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>[ûñķñöŵñ~~~]</translation>
    </message>
    <message>
      <source>Engine: {name}, not installed</source>
      <translation>[Éñĝîñé: {name}, ñöţ îñšţàĺĺéđ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Install the CPU build instead</source>
      <translation>[&amp;Îñšţàĺĺ ţĥé ÇÞÛ ƀûîĺđ îñšţéàđ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No GPU here runs the ROCm build: models can run on the CPU, slowly.</source>
      <translation>[Ñö ĜÞÛ ĥéŕé ŕûñš ţĥé ŔÖÇɱ ƀûîĺđ: ɱöđéĺš çàñ ŕûñ öñ ţĥé ÇÞÛ, šĺöŵĺý.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Install the CPU build</source>
      <translation>[&amp;Îñšţàĺĺ ţĥé ÇÞÛ ƀûîĺđ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No supported GPU was found: models run on the CPU, slowly.</source>
      <translation>[Ñö šûþþöŕţéđ ĜÞÛ ŵàš ƒöûñđ: ɱöđéĺš ŕûñ öñ ţĥé ÇÞÛ, šĺöŵĺý.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint: {url} (running). Any OpenAI client can use it.</source>
      <translation>[Éñđþöîñţ: {url} (ŕûññîñĝ). Åñý ÖþéñÅÎ çĺîéñţ çàñ ûšé îţ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;top endpoint</source>
      <translation>[Š&amp;ţöþ éñđþöîñţ~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint: stopped.</source>
      <translation>[Éñđþöîñţ: šţöþþéđ.~~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;tart endpoint</source>
      <translation>[Š&amp;ţàŕţ éñđþöîñţ~~~~~~]</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>[çŕîţîçàĺ~~~]</translation>
    </message>
    <message>
      <source>high</source>
      <translation>[ĥîĝĥ~~]</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>[ɱéđîûɱ~~]</translation>
    </message>
    <message>
      <source>low</source>
      <translation>[ĺöŵ~]</translation>
    </message>
    <message>
      <source>not rated</source>
      <translation>[ñöţ ŕàţéđ~~~~]</translation>
    </message>
    <message>
      <source>Install this &amp;build</source>
      <translation>[Îñšţàĺĺ ţĥîš &amp;ƀûîĺđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>qualified</source>
      <translation>[ǫûàĺîƒîéđ~~~~]</translation>
    </message>
    <message>
      <source>not qualified</source>
      <translation>[ñöţ ǫûàĺîƒîéđ~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict} ({marks})</source>
      <translation>[ṽĹĹṀ {vllm} · ŔÖÇɱ {rocm} · {channel} · {verdict} ({marks})~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict}</source>
      <translation>[ṽĹĹṀ {vllm} · ŔÖÇɱ {rocm} · {channel} · {verdict}~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>default</source>
      <translation>[đéƒàûĺţ~~~]</translation>
    </message>
    <message>
      <source>in use</source>
      <translation>[îñ ûšé~~]</translation>
    </message>
    <message>
      <source>installed</source>
      <translation>[îñšţàĺĺéđ~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>vLLM {version} has %n known security advisory(s); the worst is {severity}.</source>
      <translation>
        <numerusform>[ṽĹĹṀ {version} ĥàš %n ķñöŵñ šéçûŕîţý àđṽîšöŕý(š); ţĥé ŵöŕšţ îš {severity}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[ṽĹĹṀ {version} ĥàš %n ķñöŵñ šéçûŕîţý àđṽîšöŕý(š); ţĥé ŵöŕšţ îš {severity}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>vLLM {fixed} fixes them all.</source>
      <translation>[ṽĹĹṀ {fixed} ƒîẋéš ţĥéɱ àĺĺ.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No release is known to fix them all.</source>
      <translation>[Ñö ŕéĺéàšé îš ķñöŵñ ţö ƒîẋ ţĥéɱ àĺĺ.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Advisories from osv.dev as of {date}.</source>
      <translation>[Åđṽîšöŕîéš ƒŕöɱ öšṽ.đéṽ àš öƒ {date}.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Advisories from the list shipped with vLLM Tray, as of {date}.</source>
      <translation>[Åđṽîšöŕîéš ƒŕöɱ ţĥé ĺîšţ šĥîþþéđ ŵîţĥ ṽĹĹṀ Ţŕàý, àš öƒ {date}.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hide &amp;advisories</source>
      <translation>[Ĥîđé &amp;àđṽîšöŕîéš~~~~~~]</translation>
    </message>
    <message>
      <source>{done} of {total}</source>
      <translation>[{done} öƒ {total}~~~~~~~]</translation>
    </message>
    <message>
      <source>Starting the installation…</source>
      <translation>[Šţàŕţîñĝ ţĥé îñšţàĺĺàţîöñ…~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>Fix</name>
    <message>
      <source>Set {target} to {value}</source>
      <translation>[Šéţ {target} ţö {value}~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set this model's {target} to {value}</source>
      <translation>[Šéţ ţĥîš ɱöđéĺ'š {target} ţö {value}~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Install the engine</source>
      <translation>[Îñšţàĺĺ ţĥé éñĝîñé~~~~~~~]</translation>
    </message>
    <message>
      <source>Reset the model and try again</source>
      <translation>[Ŕéšéţ ţĥé ɱöđéĺ àñđ ţŕý àĝàîñ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Apply the fix</source>
      <translation>[Åþþĺý ţĥé ƒîẋ~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>Format</name>
    <message>
      <source>unknown</source>
      <translation>[ûñķñöŵñ~~~]</translation>
    </message>
    <message>
      <source>{0} GiB</source>
      <translation>[{0} ĜîƁ~~~]</translation>
    </message>
    <message>
      <source>{0} MiB</source>
      <translation>[{0} ṀîƁ~~~]</translation>
    </message>
    <message>
      <source>{0} KiB</source>
      <translation>[{0} ĶîƁ~~~]</translation>
    </message>
    <message>
      <source>{0} GiB/s</source>
      <translation>[{0} ĜîƁ/š~~~~]</translation>
    </message>
    <message>
      <source>{0} MiB/s</source>
      <translation>[{0} ṀîƁ/š~~~~]</translation>
    </message>
    <message>
      <source>{0} KiB/s</source>
      <translation>[{0} ĶîƁ/š~~~~]</translation>
    </message>
    <message>
      <source>{0} %</source>
      <translation>[{0} %~~]</translation>
    </message>
    <message>
      <source>{0} s</source>
      <translation>[{0} š~~]</translation>
    </message>
    <message>
      <source>{0} min</source>
      <translation>[{0} ɱîñ~~~]</translation>
    </message>
    <message>
      <source>{0} min {1} s</source>
      <translation>[{0} ɱîñ {1} š~~~~~]</translation>
    </message>
    <message>
      <source>{0} h {1} min</source>
      <translation>[{0} ĥ {1} ɱîñ~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>GpuOptions</name>
    <message>
      <source>GPUs share each layer</source>
      <translation>[ĜÞÛš šĥàŕé éàçĥ ĺàýéŕ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Tensor parallel size</source>
      <translation>[Ţéñšöŕ þàŕàĺĺéĺ šîžé~~~~~~~~]</translation>
    </message>
    <message>
      <source>Split every layer across this many GPUs (vLLM's {flag}); empty: 1. Stored as tensor_parallel_size.</source>
      <translation>[Šþĺîţ éṽéŕý ĺàýéŕ àçŕöšš ţĥîš ɱàñý ĜÞÛš (ṽĹĹṀ'š {flag}); éɱþţý: 1. Šţöŕéđ àš ţéñšöŕ_þàŕàĺĺéĺ_šîžé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>stages, one GPU each</source>
      <translation>[šţàĝéš, öñé ĜÞÛ éàçĥ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Pipeline parallel size</source>
      <translation>[Þîþéĺîñé þàŕàĺĺéĺ šîžé~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Split the layers into this many stages, one per GPU (vLLM's {flag}); empty: 1. Stored as pipeline_parallel_size.</source>
      <translation>[Šþĺîţ ţĥé ĺàýéŕš îñţö ţĥîš ɱàñý šţàĝéš, öñé þéŕ ĜÞÛ (ṽĹĹṀ'š {flag}); éɱþţý: 1. Šţöŕéđ àš þîþéĺîñé_þàŕàĺĺéĺ_šîžé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>chosen by the app, e.g. 0,1</source>
      <translation>[çĥöšéñ ƀý ţĥé àþþ, é.ĝ. 0,1~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPUs</source>
      <translation>[ĜÞÛš~~]</translation>
    </message>
    <message>
      <source>The GPUs this model runs on, by their numbers below, the first one first; empty: the app chooses. Stored as gpus.</source>
      <translation>[Ţĥé ĜÞÛš ţĥîš ɱöđéĺ ŕûñš öñ, ƀý ţĥéîŕ ñûɱƀéŕš ƀéĺöŵ, ţĥé ƒîŕšţ öñé ƒîŕšţ; éɱþţý: ţĥé àþþ çĥööšéš. Šţöŕéđ àš ĝþûš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Tensor parallel size:</source>
      <translation>[&amp;Ţéñšöŕ þàŕàĺĺéĺ šîžé:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Pipeline parallel size:</source>
      <translation>[&amp;Þîþéĺîñé þàŕàĺĺéĺ šîžé:~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;GPUs:</source>
      <translation>[&amp;ĜÞÛš:~~]</translation>
    </message>
    <message>
      <source>No GPU was found on this machine. The CPU engine ignores these; with your own vLLM command leave GPUs empty: it finds its GPUs itself.</source>
      <translation>[Ñö ĜÞÛ ŵàš ƒöûñđ öñ ţĥîš ɱàçĥîñé. Ţĥé ÇÞÛ éñĝîñé îĝñöŕéš ţĥéšé; ŵîţĥ ýöûŕ öŵñ ṽĹĹṀ çöɱɱàñđ ĺéàṽé ĜÞÛš éɱþţý: îţ ƒîñđš îţš ĜÞÛš îţšéĺƒ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPU {index}: {name}, {memory}</source>
      <translation>[ĜÞÛ {index}: {name}, {memory}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This machine's GPUs:</source>
      <translation>[Ţĥîš ɱàçĥîñé'š ĜÞÛš:~~~~~~~~]</translation>
    </message>
    <message>
      <source>It runs in system memory and would reserve {memory}.</source>
      <translation>[Îţ ŕûñš îñ šýšţéɱ ɱéɱöŕý àñđ ŵöûĺđ ŕéšéŕṽé {memory}.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{memory} on GPU {index}</source>
      <translation>[{memory} öñ ĜÞÛ {index}~~~~~~~~~]</translation>
    </message>
    <message>
      <source>It would reserve {parts}.</source>
      <translation>[Îţ ŵöûĺđ ŕéšéŕṽé {parts}.~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>GpuPanel</name>
    <message>
      <source>GPU</source>
      <translation>[ĜÞÛ~]</translation>
    </message>
    <message>
      <source>Kernel prerequisite for {target}: met (kernel {kernel}).</source>
      <translation>[Ķéŕñéĺ þŕéŕéǫûîšîţé ƒöŕ {target}: ɱéţ (ķéŕñéĺ {kernel}).~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models may use {room} now, not all {budget}: without swapping, the computer can spare only that ({available} of RAM available, {reserve} kept for the system).</source>
      <translation>[Ṁöđéĺš ɱàý ûšé {room} ñöŵ, ñöţ àĺĺ {budget}: ŵîţĥöûţ šŵàþþîñĝ, ţĥé çöɱþûţéŕ çàñ šþàŕé öñĺý ţĥàţ ({available} öƒ ŔÅṀ àṽàîĺàƀĺé, {reserve} ķéþţ ƒöŕ ţĥé šýšţéɱ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models may use {room} now, not all {budget}: other programs hold {others}.</source>
      <translation>[Ṁöđéĺš ɱàý ûšé {room} ñöŵ, ñöţ àĺĺ {budget}: öţĥéŕ þŕöĝŕàɱš ĥöĺđ {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models may use {room} now; the computer could spare {host} without swapping ({available} of RAM available, {reserve} kept for the system).</source>
      <translation>[Ṁöđéĺš ɱàý ûšé {room} ñöŵ; ţĥé çöɱþûţéŕ çöûĺđ šþàŕé {host} ŵîţĥöûţ šŵàþþîñĝ ({available} öƒ ŔÅṀ àṽàîĺàƀĺé, {reserve} ķéþţ ƒöŕ ţĥé šýšţéɱ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models may use {room} now.</source>
      <translation>[Ṁöđéĺš ɱàý ûšé {room} ñöŵ.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>⚠ Kernel prerequisite for {target}: missing. Update to Linux {required} or newer before loading models on the GPU.</source>
      <translation>[⚠ Ķéŕñéĺ þŕéŕéǫûîšîţé ƒöŕ {target}: ɱîššîñĝ. Ûþđàţé ţö Ĺîñûẋ {required} öŕ ñéŵéŕ ƀéƒöŕé ĺöàđîñĝ ɱöđéĺš öñ ţĥé ĜÞÛ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>RAM: {available} available of {total}</source>
      <translation>[ŔÅṀ: {available} àṽàîĺàƀĺé öƒ {total}~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name}: weights {size} · {kv}</source>
      <translation>[{name}: ŵéîĝĥţš {size} · {kv}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name}: weights {size}</source>
      <translation>[{name}: ŵéîĝĥţš {size}~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models in memory</source>
      <translation>[Ṁöđéĺš îñ ɱéɱöŕý~~~~~~]</translation>
    </message>
    <message>
      <source>No model is loaded.</source>
      <translation>[Ñö ɱöđéĺ îš ĺöàđéđ.~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>GpuSection</name>
    <message>
      <source>VRAM in use</source>
      <translation>[ṼŔÅṀ îñ ûšé~~~~]</translation>
    </message>
    <message>
      <source>GTT (shared system memory) in use</source>
      <translation>[ĜŢŢ (šĥàŕéđ šýšţéɱ ɱéɱöŕý) îñ ûšé~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>VRAM</source>
      <translation>[ṼŔÅṀ~~]</translation>
    </message>
    <message>
      <source>GTT</source>
      <translation>[ĜŢŢ~]</translation>
    </message>
    <message>
      <source>No GPU found</source>
      <translation>[Ñö ĜÞÛ ƒöûñđ~~~~~]</translation>
    </message>
    <message>
      <source>Models run on the CPU build of vLLM, slowly.</source>
      <translation>[Ṁöđéĺš ŕûñ öñ ţĥé ÇÞÛ ƀûîĺđ öƒ ṽĹĹṀ, šĺöŵĺý.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>shared memory (APU)</source>
      <translation>[šĥàŕéđ ɱéɱöŕý (ÅÞÛ)~~~~~~~~]</translation>
    </message>
    <message>
      <source>discrete card</source>
      <translation>[đîšçŕéţé çàŕđ~~~~~]</translation>
    </message>
    <message>
      <source>{vram_swatch} VRAM &amp;nbsp; {gtt_swatch} GTT</source>
      <translation>[{vram_swatch} ṼŔÅṀ &amp;nbsp; {gtt_swatch} ĜŢŢ~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{vram_swatch} VRAM</source>
      <translation>[{vram_swatch} ṼŔÅṀ~~~~~~~]</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>[ûñķñöŵñ~~~]</translation>
    </message>
    <message>
      <source>{used} / {total} · {percent} %</source>
      <translation>[{used} / {total} · {percent} %~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{used} of {total} in use</source>
      <translation>[{used} öƒ {total} îñ ûšé~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>GuiApp</name>
    <message>
      <source>vLLM Tray</source>
      <translation>[ṽĹĹṀ Ţŕàý~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray is still running</source>
      <translation>[ṽĹĹṀ Ţŕàý îš šţîĺĺ ŕûññîñĝ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loaded models keep serving. Click the tray icon to open the window; choose Quit in its menu to stop everything.</source>
      <translation>[Ĺöàđéđ ɱöđéĺš ķééþ šéŕṽîñĝ. Çĺîçķ ţĥé ţŕàý îçöñ ţö öþéñ ţĥé ŵîñđöŵ; çĥööšé Ǫûîţ îñ îţš ɱéñû ţö šţöþ éṽéŕýţĥîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Could not change the autostart entry ({path}): {reason}.</source>
      <translation>[Çöûĺđ ñöţ çĥàñĝé ţĥé àûţöšţàŕţ éñţŕý ({path}): {reason}.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>it could not be written</source>
      <translation>[îţ çöûĺđ ñöţ ƀé ŵŕîţţéñ~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>LemonadeImportDialog</name>
    <message>
      <source>Add the model {model} ({checkpoint})</source>
      <translation>[Åđđ ţĥé ɱöđéĺ {model} ({checkpoint})~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Point {model} at {checkpoint} instead of {old}</source>
      <translation>[Þöîñţ {model} àţ {checkpoint} îñšţéàđ öƒ {old}~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set {setting} to {value}</source>
      <translation>[Šéţ {setting} ţö {value}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Options of {model}: the default context size, vLLM arguments {args}</source>
      <translation>[Öþţîöñš öƒ {model}: ţĥé đéƒàûĺţ çöñţéẋţ šîžé, ṽĹĹṀ àŕĝûɱéñţš {args}~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Options of {model}: the default context size</source>
      <translation>[Öþţîöñš öƒ {model}: ţĥé đéƒàûĺţ çöñţéẋţ šîžé~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Options of {model}: context size {ctx}, vLLM arguments {args}</source>
      <translation>[Öþţîöñš öƒ {model}: çöñţéẋţ šîžé {ctx}, ṽĹĹṀ àŕĝûɱéñţš {args}~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Options of {model}: context size {ctx}</source>
      <translation>[Öþţîöñš öƒ {model}: çöñţéẋţ šîžé {ctx}~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Use the downloaded files of {repo} ({size}) without copying them</source>
      <translation>[Ûšé ţĥé đöŵñĺöàđéđ ƒîĺéš öƒ {repo} ({size}) ŵîţĥöûţ çöþýîñĝ ţĥéɱ~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Use Lemonade's vLLM bundle {tag} as the ROCm engine</source>
      <translation>[Ûšé Ĺéɱöñàđé'š ṽĹĹṀ ƀûñđĺé {tag} àš ţĥé ŔÖÇɱ éñĝîñé~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Import from Lemonade</source>
      <translation>[Îɱþöŕţ ƒŕöɱ Ĺéɱöñàđé~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade Server's vLLM setup was found in {path}. vLLM Tray can take it over; nothing is downloaded or copied again, and Lemonade's files stay as they are.</source>
      <translation>[Ĺéɱöñàđé Šéŕṽéŕ'š ṽĹĹṀ šéţûþ ŵàš ƒöûñđ îñ {path}. ṽĹĹṀ Ţŕàý çàñ ţàķé îţ öṽéŕ; ñöţĥîñĝ îš đöŵñĺöàđéđ öŕ çöþîéđ àĝàîñ, àñđ Ĺéɱöñàđé'š ƒîĺéš šţàý àš ţĥéý àŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not imported: {what}</source>
      <translation>[Ñöţ îɱþöŕţéđ: {what}~~~~~~~~]</translation>
    </message>
    <message>
      <source>You can import later with: vllm-tray import-lemonade</source>
      <translation>[Ýöû çàñ îɱþöŕţ ĺàţéŕ ŵîţĥ: ṽĺĺɱ-ţŕàý îɱþöŕţ-ĺéɱöñàđé~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Import</source>
      <translation>[&amp;Îɱþöŕţ~~~]</translation>
    </message>
    <message>
      <source>&amp;Not now</source>
      <translation>[&amp;Ñöţ ñöŵ~~~]</translation>
    </message>
    <message numerus="yes">
      <source>Imported %n change(s) from Lemonade.</source>
      <translation>
        <numerusform>[Îɱþöŕţéđ %n çĥàñĝé(š) ƒŕöɱ Ĺéɱöñàđé.~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Îɱþöŕţéđ %n çĥàñĝé(š) ƒŕöɱ Ĺéɱöñàđé.~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>LimitsPage</name>
    <message>
      <source>seconds</source>
      <translation>[šéçöñđš~~~]</translation>
    </message>
    <message>
      <source>MiB</source>
      <translation>[ṀîƁ~]</translation>
    </message>
    <message>
      <source>These keep clients that hold connections open or send too much from using up the endpoint. The defaults suit most uses.</source>
      <translation>[Ţĥéšé ķééþ çĺîéñţš ţĥàţ ĥöĺđ çöññéçţîöñš öþéñ öŕ šéñđ ţöö ɱûçĥ ƒŕöɱ ûšîñĝ ûþ ţĥé éñđþöîñţ. Ţĥé đéƒàûĺţš šûîţ ɱöšţ ûšéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Client connections</source>
      <translation>[Çĺîéñţ çöññéçţîöñš~~~~~~~]</translation>
    </message>
    <message>
      <source>Most open &amp;connections:</source>
      <translation>[Ṁöšţ öþéñ &amp;çöññéçţîöñš:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>connections</source>
      <translation>[çöññéçţîöñš~~~~]</translation>
    </message>
    <message>
      <source>Close &amp;idle connections after:</source>
      <translation>[Çĺöšé &amp;îđĺé çöññéçţîöñš àƒţéŕ:~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Time to send &amp;headers:</source>
      <translation>[Ţîɱé ţö šéñđ &amp;ĥéàđéŕš:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Time to send a &amp;body:</source>
      <translation>[Ţîɱé ţö šéñđ à &amp;ƀöđý:~~~~~~~~]</translation>
    </message>
    <message>
      <source>seconds, plus 1 per 64 KiB received</source>
      <translation>[šéçöñđš, þĺûš 1 þéŕ 64 ĶîƁ ŕéçéîṽéđ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Request bodies</source>
      <translation>[Ŕéǫûéšţ ƀöđîéš~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Largest request:</source>
      <translation>[&amp;Ĺàŕĝéšţ ŕéǫûéšţ:~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Memory for all bodies at once:</source>
      <translation>[&amp;Ṁéɱöŕý ƒöŕ àĺĺ ƀöđîéš àţ öñçé:~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Answers from models</source>
      <translation>[Åñšŵéŕš ƒŕöɱ ɱöđéĺš~~~~~~~~]</translation>
    </message>
    <message>
      <source>seconds (0: no limit)</source>
      <translation>[šéçöñđš (0: ñö ĺîɱîţ)~~~~~~~~]</translation>
    </message>
    <message>
      <source>Wait for an answer to &amp;start:</source>
      <translation>[Ŵàîţ ƒöŕ àñ àñšŵéŕ ţö &amp;šţàŕţ:~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Longest &amp;pause within an answer:</source>
      <translation>[Ĺöñĝéšţ &amp;þàûšé ŵîţĥîñ àñ àñšŵéŕ:~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Limits</source>
      <translation>[Ĺîɱîţš~~]</translation>
    </message>
  </context>
  <context>
    <name>LivePlot</name>
    <message>
      <source>Live metrics of the running model</source>
      <translation>[Ĺîṽé ɱéţŕîçš öƒ ţĥé ŕûññîñĝ ɱöđéĺ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>tokens/s</source>
      <translation>[ţöķéñš/š~~~]</translation>
    </message>
    <message>
      <source>requests running / waiting</source>
      <translation>[ŕéǫûéšţš ŕûññîñĝ / ŵàîţîñĝ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>KV cache %</source>
      <translation>[ĶṼ çàçĥé %~~~~]</translation>
    </message>
    <message>
      <source>now: {value}</source>
      <translation>[ñöŵ: {value}~~~~~]</translation>
    </message>
    <message>
      <source>5 min ago</source>
      <translation>[5 ɱîñ àĝö~~~~]</translation>
    </message>
    <message>
      <source>now</source>
      <translation>[ñöŵ~]</translation>
    </message>
    <message>
      <source>No readings yet: the model must be running</source>
      <translation>[Ñö ŕéàđîñĝš ýéţ: ţĥé ɱöđéĺ ɱûšţ ƀé ŕûññîñĝ~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>LoadBenchPanel</name>
    <message>
      <source>Seconds each step of a load took</source>
      <translation>[Šéçöñđš éàçĥ šţéþ öƒ à ĺöàđ ţööķ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not measured yet.</source>
      <translation>[Ñöţ ɱéàšûŕéđ ýéţ.~~~~~~~]</translation>
    </message>
    <message>
      <source>Earlier load measurements</source>
      <translation>[Éàŕĺîéŕ ĺöàđ ɱéàšûŕéɱéñţš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Measure load (cold, then warm)</source>
      <translation>[&amp;Ṁéàšûŕé ĺöàđ (çöĺđ, ţĥéñ ŵàŕɱ)~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Empties the compile caches of this engine version, loads the model and waits for a first token; then loads it again with the caches that load filled. The model ends loaded or not, as it was.</source>
      <translation>[Éɱþţîéš ţĥé çöɱþîĺé çàçĥéš öƒ ţĥîš éñĝîñé ṽéŕšîöñ, ĺöàđš ţĥé ɱöđéĺ àñđ ŵàîţš ƒöŕ à ƒîŕšţ ţöķéñ; ţĥéñ ĺöàđš îţ àĝàîñ ŵîţĥ ţĥé çàçĥéš ţĥàţ ĺöàđ ƒîĺĺéđ. Ţĥé ɱöđéĺ éñđš ĺöàđéđ öŕ ñöţ, àš îţ ŵàš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>[Çàñçéĺ~~]</translation>
    </message>
    <message>
      <source>Result:</source>
      <translation>[Ŕéšûĺţ:~~~]</translation>
    </message>
    <message>
      <source>The app, before the engine starts</source>
      <translation>[Ţĥé àþþ, ƀéƒöŕé ţĥé éñĝîñé šţàŕţš~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Process start and imports</source>
      <translation>[Þŕöçéšš šţàŕţ àñđ îɱþöŕţš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Weights</source>
      <translation>[Ŵéîĝĥţš~~~]</translation>
    </message>
    <message>
      <source>Compile and graph capture</source>
      <translation>[Çöɱþîĺé àñđ ĝŕàþĥ çàþţûŕé~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>KV cache and profiling</source>
      <translation>[ĶṼ çàçĥé àñđ þŕöƒîĺîñĝ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>HTTP server start</source>
      <translation>[ĤŢŢÞ šéŕṽéŕ šţàŕţ~~~~~~~]</translation>
    </message>
    <message>
      <source>The app noticing it is up</source>
      <translation>[Ţĥé àþþ ñöţîçîñĝ îţ îš ûþ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The app handing it over</source>
      <translation>[Ţĥé àþþ ĥàñđîñĝ îţ öṽéŕ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>First token</source>
      <translation>[Ƒîŕšţ ţöķéñ~~~~]</translation>
    </message>
    <message>
      <source>The app relaying the first token</source>
      <translation>[Ţĥé àþþ ŕéĺàýîñĝ ţĥé ƒîŕšţ ţöķéñ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Emptying the compile caches…</source>
      <translation>[Éɱþţýîñĝ ţĥé çöɱþîĺé çàçĥéš…~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Done.</source>
      <translation>[Đöñé.~~]</translation>
    </message>
    <message>
      <source>Total</source>
      <translation>[Ţöţàĺ~~]</translation>
    </message>
    <message>
      <source>{s} s</source>
      <translation>[{s} š~~]</translation>
    </message>
    <message>
      <source>Cold</source>
      <translation>[Çöĺđ~~]</translation>
    </message>
    <message>
      <source>Warm</source>
      <translation>[Ŵàŕɱ~~]</translation>
    </message>
    <message>
      <source>Swap back</source>
      <translation>[Šŵàþ ƀàçķ~~~~]</translation>
    </message>
    <message>
      <source>cold</source>
      <translation>[çöĺđ~~]</translation>
    </message>
    <message>
      <source>warm</source>
      <translation>[ŵàŕɱ~~]</translation>
    </message>
    <message>
      <source>{asked} (vLLM: {said})</source>
      <translation>[{asked} (ṽĹĹṀ: {said})~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A warm load takes {r} × the cold one (goal: at most {g}).</source>
      <translation>[Å ŵàŕɱ ĺöàđ ţàķéš {r} × ţĥé çöĺđ öñé (ĝöàĺ: àţ ɱöšţ {g}).~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The app's own share: at most {s} s (goal: at most {g} s).</source>
      <translation>[Ţĥé àþþ'š öŵñ šĥàŕé: àţ ɱöšţ {s} š (ĝöàĺ: àţ ɱöšţ {g} š).~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Cold load: waiting for the first token…</source>
      <translation>[Çöĺđ ĺöàđ: ŵàîţîñĝ ƒöŕ ţĥé ƒîŕšţ ţöķéñ…~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Warm load: waiting for the first token…</source>
      <translation>[Ŵàŕɱ ĺöàđ: ŵàîţîñĝ ƒöŕ ţĥé ƒîŕšţ ţöķéñ…~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Unloading the model…</source>
      <translation>[Ûñĺöàđîñĝ ţĥé ɱöđéĺ…~~~~~~~~]</translation>
    </message>
    <message>
      <source>Cancelled; nothing was kept.</source>
      <translation>[Çàñçéĺĺéđ; ñöţĥîñĝ ŵàš ķéþţ.~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>LogsView</name>
    <message>
      <source>Log of {name}</source>
      <translation>[Ĺöĝ öƒ {name}~~~~~]</translation>
    </message>
    <message>
      <source>Search the log (Ctrl+F)</source>
      <translation>[Šéàŕçĥ ţĥé ĺöĝ (Çţŕĺ+Ƒ)~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search</source>
      <translation>[Šéàŕçĥ~~]</translation>
    </message>
    <message>
      <source>&amp;Previous</source>
      <translation>[&amp;Þŕéṽîöûš~~~~]</translation>
    </message>
    <message>
      <source>&amp;Next</source>
      <translation>[&amp;Ñéẋţ~~]</translation>
    </message>
    <message>
      <source>&amp;Follow</source>
      <translation>[&amp;Ƒöĺĺöŵ~~~]</translation>
    </message>
    <message>
      <source>Keep the newest line in view</source>
      <translation>[Ķééþ ţĥé ñéŵéšţ ĺîñé îñ ṽîéŵ~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Show &amp;health checks</source>
      <translation>[Šĥöŵ &amp;ĥéàĺţĥ çĥéçķš~~~~~~~~]</translation>
    </message>
    <message>
      <source>Show the lines of vLLM Tray's own /health and /metrics requests</source>
      <translation>[Šĥöŵ ţĥé ĺîñéš öƒ ṽĹĹṀ Ţŕàý'š öŵñ /ĥéàĺţĥ àñđ /ɱéţŕîçš ŕéǫûéšţš~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Copy</source>
      <translation>[&amp;Çöþý~~]</translation>
    </message>
    <message>
      <source>Copy the selected lines, or the whole log</source>
      <translation>[Çöþý ţĥé šéĺéçţéđ ĺîñéš, öŕ ţĥé ŵĥöĺé ĺöĝ~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Open log file</source>
      <translation>[&amp;Öþéñ ĺöĝ ƒîĺé~~~~~~]</translation>
    </message>
    <message>
      <source>Log lines</source>
      <translation>[Ĺöĝ ĺîñéš~~~~]</translation>
    </message>
    <message>
      <source>Reading the log…</source>
      <translation>[Ŕéàđîñĝ ţĥé ĺöĝ…~~~~~~]</translation>
    </message>
    <message>
      <source>No output yet: the model has not run.</source>
      <translation>[Ñö öûţþûţ ýéţ: ţĥé ɱöđéĺ ĥàš ñöţ ŕûñ.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This model was removed.</source>
      <translation>[Ţĥîš ɱöđéĺ ŵàš ŕéɱöṽéđ.~~~~~~~~~]</translation>
    </message>
    <message>
      <source>State: {state}</source>
      <translation>[Šţàţé: {state}~~~~~~]</translation>
    </message>
    <message>
      <source>{n} found</source>
      <translation>[{n} ƒöûñđ~~~~]</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>vLLM Tray</source>
      <translation>[ṽĹĹṀ Ţŕàý~~~~]</translation>
    </message>
    <message>
      <source>Filter by name, label or checkpoint (Ctrl+F)</source>
      <translation>[Ƒîĺţéŕ ƀý ñàɱé, ĺàƀéĺ öŕ çĥéçķþöîñţ (Çţŕĺ+Ƒ)~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Filter models</source>
      <translation>[Ƒîĺţéŕ ɱöđéĺš~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Downloaded only</source>
      <translation>[&amp;Đöŵñĺöàđéđ öñĺý~~~~~~]</translation>
    </message>
    <message>
      <source>Models</source>
      <translation>[Ṁöđéĺš~~]</translation>
    </message>
    <message>
      <source>&amp;Add model…</source>
      <translation>[&amp;Åđđ ɱöđéĺ…~~~~]</translation>
    </message>
    <message>
      <source>Se&amp;ttings…</source>
      <translation>[Šé&amp;ţţîñĝš…~~~~]</translation>
    </message>
    <message>
      <source>App settings</source>
      <translation>[Åþþ šéţţîñĝš~~~~~]</translation>
    </message>
    <message>
      <source>Model settings</source>
      <translation>[Ṁöđéĺ šéţţîñĝš~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Close window</source>
      <translation>[&amp;Çĺöšé ŵîñđöŵ~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>[&amp;Ǫûîţ~~]</translation>
    </message>
    <message>
      <source>&amp;Find</source>
      <translation>[&amp;Ƒîñđ~~]</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>[&amp;Ƒîĺé~~]</translation>
    </message>
    <message>
      <source>C&amp;luster…</source>
      <translation>[Ç&amp;ĺûšţéŕ…~~~~]</translation>
    </message>
    <message>
      <source>&amp;Remote servers…</source>
      <translation>[&amp;Ŕéɱöţé šéŕṽéŕš…~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Model</source>
      <translation>[&amp;Ṁöđéĺ~~]</translation>
    </message>
    <message>
      <source>Model actions</source>
      <translation>[Ṁöđéĺ àçţîöñš~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Load again</source>
      <translation>[&amp;Ĺöàđ àĝàîñ~~~~]</translation>
    </message>
    <message>
      <source>The download of {name} failed</source>
      <translation>[Ţĥé đöŵñĺöàđ öƒ {name} ƒàîĺéđ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Retry download</source>
      <translation>[&amp;Ŕéţŕý đöŵñĺöàđ~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {name}…</source>
      <translation>[Ĺöàđîñĝ {name}…~~~~~~]</translation>
    </message>
    <message>
      <source>Download of {name} started.</source>
      <translation>[Đöŵñĺöàđ öƒ {name} šţàŕţéđ.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Model settings saved.</source>
      <translation>[Ṁöđéĺ šéţţîñĝš šàṽéđ.~~~~~~~~]</translation>
    </message>
    <message>
      <source>Deleted.</source>
      <translation>[Đéĺéţéđ.~~~]</translation>
    </message>
  </context>
  <context>
    <name>MemoryPlot</name>
    <message>
      <source>GPU memory over the last ten minutes</source>
      <translation>[ĜÞÛ ɱéɱöŕý öṽéŕ ţĥé ĺàšţ ţéñ ɱîñûţéš~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>VRAM now {percent} % used</source>
      <translation>[ṼŔÅṀ ñöŵ {percent} % ûšéđ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>10 min ago</source>
      <translation>[10 ɱîñ àĝö~~~~]</translation>
    </message>
    <message>
      <source>now</source>
      <translation>[ñöŵ~]</translation>
    </message>
    <message>
      <source>No readings yet</source>
      <translation>[Ñö ŕéàđîñĝš ýéţ~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelActions</name>
    <message>
      <source>&amp;Download</source>
      <translation>[&amp;Đöŵñĺöàđ~~~~]</translation>
    </message>
    <message>
      <source>Download the model's files from Hugging Face</source>
      <translation>[Đöŵñĺöàđ ţĥé ɱöđéĺ'š ƒîĺéš ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Cancel download</source>
      <translation>[&amp;Çàñçéĺ đöŵñĺöàđ~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Load</source>
      <translation>[&amp;Ĺöàđ~~]</translation>
    </message>
    <message>
      <source>Start a vLLM server for this model (Ctrl+L)</source>
      <translation>[Šţàŕţ à ṽĹĹṀ šéŕṽéŕ ƒöŕ ţĥîš ɱöđéĺ (Çţŕĺ+Ĺ)~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Unload</source>
      <translation>[&amp;Ûñĺöàđ~~~]</translation>
    </message>
    <message>
      <source>Stop this model's vLLM server and free its memory</source>
      <translation>[Šţöþ ţĥîš ɱöđéĺ'š ṽĹĹṀ šéŕṽéŕ àñđ ƒŕéé îţš ɱéɱöŕý~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>C&amp;hat with…</source>
      <translation>[Ç&amp;ĥàţ ŵîţĥ…~~~~]</translation>
    </message>
    <message>
      <source>Chat</source>
      <translation>[Çĥàţ~~]</translation>
    </message>
    <message>
      <source>Talk to this model on the Chat page; it loads when you send a message</source>
      <translation>[Ţàĺķ ţö ţĥîš ɱöđéĺ öñ ţĥé Çĥàţ þàĝé; îţ ĺöàđš ŵĥéñ ýöû šéñđ à ɱéššàĝé~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Settings…</source>
      <translation>[&amp;Šéţţîñĝš…~~~~]</translation>
    </message>
    <message>
      <source>Context size and vLLM arguments of this model</source>
      <translation>[Çöñţéẋţ šîžé àñđ ṽĹĹṀ àŕĝûɱéñţš öƒ ţĥîš ɱöđéĺ~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Show lo&amp;g</source>
      <translation>[Šĥöŵ ĺö&amp;ĝ~~~~]</translation>
    </message>
    <message>
      <source>De&amp;lete…</source>
      <translation>[Đé&amp;ĺéţé…~~~]</translation>
    </message>
    <message>
      <source>Pre-&amp;warm</source>
      <translation>[Þŕé-&amp;ŵàŕɱ~~~~]</translation>
    </message>
    <message>
      <source>Start this model once in the background and stop it again, so that vLLM compiles it now and its first load is warm</source>
      <translation>[Šţàŕţ ţĥîš ɱöđéĺ öñçé îñ ţĥé ƀàçķĝŕöûñđ àñđ šţöþ îţ àĝàîñ, šö ţĥàţ ṽĹĹṀ çöɱþîĺéš îţ ñöŵ àñđ îţš ƒîŕšţ ĺöàđ îš ŵàŕɱ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Benchmark and tune…</source>
      <translation>[&amp;Ɓéñçĥɱàŕķ àñđ ţûñé…~~~~~~~~]</translation>
    </message>
    <message>
      <source>Measure this model's throughput and find its best max-num-seqs</source>
      <translation>[Ṁéàšûŕé ţĥîš ɱöđéĺ'š ţĥŕöûĝĥþûţ àñđ ƒîñđ îţš ƀéšţ ɱàẋ-ñûɱ-šéǫš~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Retry download</source>
      <translation>[&amp;Ŕéţŕý đöŵñĺöàđ~~~~~~]</translation>
    </message>
    <message>
      <source>Download the model's files again; finished files are kept</source>
      <translation>[Đöŵñĺöàđ ţĥé ɱöđéĺ'š ƒîĺéš àĝàîñ; ƒîñîšĥéđ ƒîĺéš àŕé ķéþţ~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Load again</source>
      <translation>[&amp;Ĺöàđ àĝàîñ~~~~]</translation>
    </message>
    <message>
      <source>Try to start this model's vLLM server again now (Ctrl+L)</source>
      <translation>[Ţŕý ţö šţàŕţ ţĥîš ɱöđéĺ'š ṽĹĹṀ šéŕṽéŕ àĝàîñ ñöŵ (Çţŕĺ+Ĺ)~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Cancel pre-warming</source>
      <translation>[&amp;Çàñçéĺ þŕé-ŵàŕɱîñĝ~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} is downloaded. Model ▸ Pre-warm compiles it now, so that its first load is fast.</source>
      <translation>[{name} îš đöŵñĺöàđéđ. Ṁöđéĺ ▸ Þŕé-ŵàŕɱ çöɱþîĺéš îţ ñöŵ, šö ţĥàţ îţš ƒîŕšţ ĺöàđ îš ƒàšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} is pre-warmed: its next load is a warm one.</source>
      <translation>[{name} îš þŕé-ŵàŕɱéđ: îţš ñéẋţ ĺöàđ îš à ŵàŕɱ öñé.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Download of {name} started.</source>
      <translation>[Đöŵñĺöàđ öƒ {name} šţàŕţéđ.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {name}…</source>
      <translation>[Ĺöàđîñĝ {name}…~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelSearchPanel</name>
    <message>
      <source>Search Hugging Face, e.g. qwen3 0.6b</source>
      <translation>[Šéàŕçĥ Ĥûĝĝîñĝ Ƒàçé, é.ĝ. ǫŵéñ3 0.6ƀ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search Hugging Face</source>
      <translation>[Šéàŕçĥ Ĥûĝĝîñĝ Ƒàçé~~~~~~~~]</translation>
    </message>
    <message>
      <source>Order of the results</source>
      <translation>[Öŕđéŕ öƒ ţĥé ŕéšûĺţš~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most downloaded</source>
      <translation>[Ṁöšţ đöŵñĺöàđéđ~~~~~~]</translation>
    </message>
    <message>
      <source>Most liked</source>
      <translation>[Ṁöšţ ĺîķéđ~~~~]</translation>
    </message>
    <message>
      <source>Recently updated</source>
      <translation>[Ŕéçéñţĺý ûþđàţéđ~~~~~~]</translation>
    </message>
    <message>
      <source>Type a model's name to search Hugging Face.</source>
      <translation>[Ţýþé à ɱöđéĺ'š ñàɱé ţö šéàŕçĥ Ĥûĝĝîñĝ Ƒàçé.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search results</source>
      <translation>[Šéàŕçĥ ŕéšûĺţš~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Download</source>
      <translation>[&amp;Đöŵñĺöàđ~~~~]</translation>
    </message>
    <message>
      <source>Add the selected model to your models and download it</source>
      <translation>[Åđđ ţĥé šéĺéçţéđ ɱöđéĺ ţö ýöûŕ ɱöđéĺš àñđ đöŵñĺöàđ îţ~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Searching for “{query}”…</source>
      <translation>[Šéàŕçĥîñĝ ƒöŕ “{query}”…~~~~~~~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>No text-generation model matches “{query}”. %n result(s) from Hugging Face could not be read and are left out.</source>
      <translation>
        <numerusform>[Ñö ţéẋţ-ĝéñéŕàţîöñ ɱöđéĺ ɱàţçĥéš “{query}”. %n ŕéšûĺţ(š) ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé çöûĺđ ñöţ ƀé ŕéàđ àñđ àŕé ĺéƒţ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[Ñö ţéẋţ-ĝéñéŕàţîöñ ɱöđéĺ ɱàţçĥéš “{query}”. %n ŕéšûĺţ(š) ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé çöûĺđ ñöţ ƀé ŕéàđ àñđ àŕé ĺéƒţ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>No text-generation model matches “{query}”.</source>
      <translation>[Ñö ţéẋţ-ĝéñéŕàţîöñ ɱöđéĺ ɱàţçĥéš “{query}”.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result(s) from Hugging Face could not be read and are left out.</source>
      <translation>
        <numerusform>[{count} ɱöđéĺš. Šéĺéçţ öñé ţö šéé ŵĥàţ îţ ñééđš; šîžéš àñđ ƒîţ àŕé ŕéàđ ƒŕöɱ éàçĥ ŕéþöšîţöŕý. %n ŕéšûĺţ(š) ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé çöûĺđ ñöţ ƀé ŕéàđ àñđ àŕé ĺéƒţ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[{count} ɱöđéĺš. Šéĺéçţ öñé ţö šéé ŵĥàţ îţ ñééđš; šîžéš àñđ ƒîţ àŕé ŕéàđ ƒŕöɱ éàçĥ ŕéþöšîţöŕý. %n ŕéšûĺţ(š) ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé çöûĺđ ñöţ ƀé ŕéàđ àñđ àŕé ĺéƒţ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository.</source>
      <translation>[{count} ɱöđéĺš. Šéĺéçţ öñé ţö šéé ŵĥàţ îţ ñééđš; šîžéš àñđ ƒîţ àŕé ŕéàđ ƒŕöɱ éàçĥ ŕéþöšîţöŕý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Reading {repo}'s files…</source>
      <translation>[Ŕéàđîñĝ {repo}'š ƒîĺéš…~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Starts with {args} (its family's arguments).</source>
      <translation>[Šţàŕţš ŵîţĥ {args} (îţš ƒàɱîĺý'š àŕĝûɱéñţš).~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Already in your models as {model}.</source>
      <translation>[Åĺŕéàđý îñ ýöûŕ ɱöđéĺš àš {model}.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Download {repo}?</source>
      <translation>[Đöŵñĺöàđ {repo}?~~~~~~]</translation>
    </message>
    <message>
      <source>Download its files ({size}) anyway?</source>
      <translation>[Đöŵñĺöàđ îţš ƒîĺéš ({size}) àñýŵàý?~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Download &amp;anyway</source>
      <translation>[Đöŵñĺöàđ &amp;àñýŵàý~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelSettingsDialog</name>
    <message>
      <source>Settings of {name}</source>
      <translation>[Šéţţîñĝš öƒ {name}~~~~~~~]</translation>
    </message>
    <message>
      <source>Context size</source>
      <translation>[Çöñţéẋţ šîžé~~~~~]</translation>
    </message>
    <message>
      <source>tokens</source>
      <translation>[ţöķéñš~~]</translation>
    </message>
    <message>
      <source>Use &amp;largest</source>
      <translation>[Ûšé &amp;ĺàŕĝéšţ~~~~~]</translation>
    </message>
    <message>
      <source>e.g. --max-num-seqs 8 --kv-cache-dtype fp8</source>
      <translation>[é.ĝ. --ɱàẋ-ñûɱ-šéǫš 8 --ķṽ-çàçĥé-đţýþé ƒþ8~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM arguments</source>
      <translation>[ṽĹĹṀ àŕĝûɱéñţš~~~~~~]</translation>
    </message>
    <message>
      <source>Effective command line</source>
      <translation>[Éƒƒéçţîṽé çöɱɱàñđ ĺîñé~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Reset to defaults</source>
      <translation>[&amp;Ŕéšéţ ţö đéƒàûĺţš~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Context size:</source>
      <translation>[&amp;Çöñţéẋţ šîžé:~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;vLLM arguments:</source>
      <translation>[&amp;ṽĹĹṀ àŕĝûɱéñţš:~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Optimize for:</source>
      <translation>[&amp;Öþţîɱîžé ƒöŕ:~~~~~~]</translation>
    </message>
    <message>
      <source>Reading this model's settings…</source>
      <translation>[Ŕéàđîñĝ ţĥîš ɱöđéĺ'š šéţţîñĝš…~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Command line with the last valid settings (fix the error to update):</source>
      <translation>[Çöɱɱàñđ ĺîñé ŵîţĥ ţĥé ĺàšţ ṽàĺîđ šéţţîñĝš (ƒîẋ ţĥé éŕŕöŕ ţö ûþđàţé):~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Command line the model runs with at its next load (until then it keeps the one it started with):</source>
      <translation>[Çöɱɱàñđ ĺîñé ţĥé ɱöđéĺ ŕûñš ŵîţĥ àţ îţš ñéẋţ ĺöàđ (ûñţîĺ ţĥéñ îţ ķééþš ţĥé öñé îţ šţàŕţéđ ŵîţĥ):~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Command line the model runs with:</source>
      <translation>[Çöɱɱàñđ ĺîñé ţĥé ɱöđéĺ ŕûñš ŵîţĥ:~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Where the arguments come from, later lines win:</source>
      <translation>[Ŵĥéŕé ţĥé àŕĝûɱéñţš çöɱé ƒŕöɱ, ĺàţéŕ ĺîñéš ŵîñ:~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No memory estimate yet: it needs the model's config.json on disk.</source>
      <translation>[Ñö ɱéɱöŕý éšţîɱàţé ýéţ: îţ ñééđš ţĥé ɱöđéĺ'š çöñƒîĝ.ĵšöñ öñ đîšķ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>RAM</source>
      <translation>[ŔÅṀ~]</translation>
    </message>
    <message>
      <source>GPU {index}</source>
      <translation>[ĜÞÛ {index}~~~~]</translation>
    </message>
    <message>
      <source>{device}: {room} can be taken now without swapping ({available} of RAM available, {reserve} kept for the system), of {budget} in all.</source>
      <translation>[{device}: {room} çàñ ƀé ţàķéñ ñöŵ ŵîţĥöûţ šŵàþþîñĝ ({available} öƒ ŔÅṀ àṽàîĺàƀĺé, {reserve} ķéþţ ƒöŕ ţĥé šýšţéɱ), öƒ {budget} îñ àĺĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{device}: {room} free now of {budget}; other programs hold {others}.</source>
      <translation>[{device}: {room} ƒŕéé ñöŵ öƒ {budget}; öţĥéŕ þŕöĝŕàɱš ĥöĺđ {others}.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{device}: {room} free now.</source>
      <translation>[{device}: {room} ƒŕéé ñöŵ.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>✗ Too long for this model: it accepts at most {tokens} tokens.</source>
      <translation>[✗ Ţöö ĺöñĝ ƒöŕ ţĥîš ɱöđéĺ: îţ àççéþţš àţ ɱöšţ {tokens} ţöķéñš.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>✗ Does not fit now: a start would reserve {reserve}, more than is free.</source>
      <translation>[✗ Đöéš ñöţ ƒîţ ñöŵ: à šţàŕţ ŵöûĺđ ŕéšéŕṽé {reserve}, ɱöŕé ţĥàñ îš ƒŕéé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>✓ Fits: needs {needed} of the {budget} vLLM may use.</source>
      <translation>[✓ Ƒîţš: ñééđš {needed} öƒ ţĥé {budget} ṽĹĹṀ ɱàý ûšé.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>✗ Does not fit: needs {needed}, but vLLM may use {budget}.</source>
      <translation>[✗ Đöéš ñöţ ƒîţ: ñééđš {needed}, ƀûţ ṽĹĹṀ ɱàý ûšé {budget}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Largest context size: {tokens} (the model's own limit)</source>
      <translation>[Ĺàŕĝéšţ çöñţéẋţ šîžé: {tokens} (ţĥé ɱöđéĺ'š öŵñ ĺîɱîţ)~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Largest context size: {tokens} (what fits in memory)</source>
      <translation>[Ĺàŕĝéšţ çöñţéẋţ šîžé: {tokens} (ŵĥàţ ƒîţš îñ ɱéɱöŕý)~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Even the weights alone do not fit.</source>
      <translation>[Éṽéñ ţĥé ŵéîĝĥţš àĺöñé đö ñöţ ƒîţ.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Max concurrency at this context size: {n} full-length requests at once.</source>
      <translation>[Ṁàẋ çöñçûŕŕéñçý àţ ţĥîš çöñţéẋţ šîžé: {n} ƒûĺĺ-ĺéñĝţĥ ŕéǫûéšţš àţ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelState</name>
    <message>
      <source>starting Python and vLLM</source>
      <translation>[šţàŕţîñĝ Þýţĥöñ àñđ ṽĹĹṀ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>reading the model config</source>
      <translation>[ŕéàđîñĝ ţĥé ɱöđéĺ çöñƒîĝ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>loading weights</source>
      <translation>[ĺöàđîñĝ ŵéîĝĥţš~~~~~~]</translation>
    </message>
    <message>
      <source>compiling kernels</source>
      <translation>[çöɱþîĺîñĝ ķéŕñéĺš~~~~~~~]</translation>
    </message>
    <message>
      <source>sizing the KV cache</source>
      <translation>[šîžîñĝ ţĥé ĶṼ çàçĥé~~~~~~~~]</translation>
    </message>
    <message>
      <source>starting the server</source>
      <translation>[šţàŕţîñĝ ţĥé šéŕṽéŕ~~~~~~~~]</translation>
    </message>
    <message>
      <source>ready</source>
      <translation>[ŕéàđý~~]</translation>
    </message>
    <message>
      <source>see the log for details</source>
      <translation>[šéé ţĥé ĺöĝ ƒöŕ đéţàîĺš~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{elapsed} of about {expected}</source>
      <translation>[{elapsed} öƒ àƀöûţ {expected}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>last cold load {duration}</source>
      <translation>[ĺàšţ çöĺđ ĺöàđ {duration}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>last warm load {duration}</source>
      <translation>[ĺàšţ ŵàŕɱ ĺöàđ {duration}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>running, KV cache {percent}</source>
      <translation>[ŕûññîñĝ, ĶṼ çàçĥé {percent}~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{n} requests</source>
      <translation>[{n} ŕéǫûéšţš~~~~~]</translation>
    </message>
    <message>
      <source>running</source>
      <translation>[ŕûññîñĝ~~~]</translation>
    </message>
    <message>
      <source>loading: starting</source>
      <translation>[ĺöàđîñĝ: šţàŕţîñĝ~~~~~~~]</translation>
    </message>
    <message>
      <source>loading: {phase}</source>
      <translation>[ĺöàđîñĝ: {phase}~~~~~~]</translation>
    </message>
    <message>
      <source>cold load:</source>
      <translation>[çöĺđ ĺöàđ:~~~~]</translation>
    </message>
    <message>
      <source>warm load:</source>
      <translation>[ŵàŕɱ ĺöàđ:~~~~]</translation>
    </message>
    <message>
      <source>longer than usual: {elapsed}, usually {expected}</source>
      <translation>[ĺöñĝéŕ ţĥàñ ûšûàĺ: {elapsed}, ûšûàĺĺý {expected}~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>loading: {phase} {percent}</source>
      <translation>[ĺöàđîñĝ: {phase} {percent}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>swap back:</source>
      <translation>[šŵàþ ƀàçķ:~~~~]</translation>
    </message>
    <message>
      <source>last swap back {duration}</source>
      <translation>[ĺàšţ šŵàþ ƀàçķ {duration}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>unreachable: {diagnosis}</source>
      <translation>[ûñŕéàçĥàƀĺé: {diagnosis}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>running on {remote}</source>
      <translation>[ŕûññîñĝ öñ {remote}~~~~~~~~]</translation>
    </message>
    <message>
      <source>loading on {remote}</source>
      <translation>[ĺöàđîñĝ öñ {remote}~~~~~~~~]</translation>
    </message>
    <message>
      <source>unloading on {remote}</source>
      <translation>[ûñĺöàđîñĝ öñ {remote}~~~~~~~~]</translation>
    </message>
    <message>
      <source>failed on {remote}</source>
      <translation>[ƒàîĺéđ öñ {remote}~~~~~~~]</translation>
    </message>
    <message>
      <source>asleep on {remote}, wakes on the next request</source>
      <translation>[àšĺééþ öñ {remote}, ŵàķéš öñ ţĥé ñéẋţ ŕéǫûéšţ~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>on {remote}, loads on first request</source>
      <translation>[öñ {remote}, ĺöàđš öñ ƒîŕšţ ŕéǫûéšţ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>asleep at level 1: its weights wait in RAM, so it wakes in seconds on the next request</source>
      <translation>[àšĺééþ àţ ĺéṽéĺ 1: îţš ŵéîĝĥţš ŵàîţ îñ ŔÅṀ, šö îţ ŵàķéš îñ šéçöñđš öñ ţĥé ñéẋţ ŕéǫûéšţ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>asleep at level 2: this GPU's memory is the computer's RAM, so its weights were dropped; the next request reads them from disk again, quicker than a restart</source>
      <translation>[àšĺééþ àţ ĺéṽéĺ 2: ţĥîš ĜÞÛ'š ɱéɱöŕý îš ţĥé çöɱþûţéŕ'š ŔÅṀ, šö îţš ŵéîĝĥţš ŵéŕé đŕöþþéđ; ţĥé ñéẋţ ŕéǫûéšţ ŕéàđš ţĥéɱ ƒŕöɱ đîšķ àĝàîñ, ǫûîçķéŕ ţĥàñ à ŕéšţàŕţ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>asleep at level 2: RAM could not take its weights, so they were dropped; the next request reads them from disk again, quicker than a restart</source>
      <translation>[àšĺééþ àţ ĺéṽéĺ 2: ŔÅṀ çöûĺđ ñöţ ţàķé îţš ŵéîĝĥţš, šö ţĥéý ŵéŕé đŕöþþéđ; ţĥé ñéẋţ ŕéǫûéšţ ŕéàđš ţĥéɱ ƒŕöɱ đîšķ àĝàîñ, ǫûîçķéŕ ţĥàñ à ŕéšţàŕţ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>asleep: wakes on the next request</source>
      <translation>[àšĺééþ: ŵàķéš öñ ţĥé ñéẋţ ŕéǫûéšţ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>restarted once</source>
      <translation>[ŕéšţàŕţéđ öñçé~~~~~~]</translation>
    </message>
    <message>
      <source>restarted {n} times</source>
      <translation>[ŕéšţàŕţéđ {n} ţîɱéš~~~~~~~~]</translation>
    </message>
    <message>
      <source>pre-warming, {load}</source>
      <translation>[þŕé-ŵàŕɱîñĝ, {load}~~~~~~~~]</translation>
    </message>
    <message>
      <source>unloading</source>
      <translation>[ûñĺöàđîñĝ~~~~]</translation>
    </message>
    <message>
      <source>crashed {n} times in a row: {diagnosis}</source>
      <translation>[çŕàšĥéđ {n} ţîɱéš îñ à ŕöŵ: {diagnosis}~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>stopped unexpectedly: {diagnosis}</source>
      <translation>[šţöþþéđ ûñéẋþéçţéđĺý: {diagnosis}~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>failed to start {n} times in a row: {diagnosis}</source>
      <translation>[ƒàîĺéđ ţö šţàŕţ {n} ţîɱéš îñ à ŕöŵ: {diagnosis}~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>given up: {diagnosis}</source>
      <translation>[ĝîṽéñ ûþ: {diagnosis}~~~~~~~~]</translation>
    </message>
    <message>
      <source>failed: {diagnosis}</source>
      <translation>[ƒàîĺéđ: {diagnosis}~~~~~~~~]</translation>
    </message>
    <message>
      <source>KV cache {tokens} tokens, {n}× concurrency at {ctx}</source>
      <translation>[ĶṼ çàçĥé {tokens} ţöķéñš, {n}× çöñçûŕŕéñçý àţ {ctx}~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>waiting to download</source>
      <translation>[ŵàîţîñĝ ţö đöŵñĺöàđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>downloading {percent}</source>
      <translation>[đöŵñĺöàđîñĝ {percent}~~~~~~~~]</translation>
    </message>
    <message>
      <source>stalled</source>
      <translation>[šţàĺĺéđ~~~]</translation>
    </message>
    <message>
      <source>local folder</source>
      <translation>[ĺöçàĺ ƒöĺđéŕ~~~~~]</translation>
    </message>
    <message>
      <source>downloaded</source>
      <translation>[đöŵñĺöàđéđ~~~~]</translation>
    </message>
    <message>
      <source>folder missing or not a model</source>
      <translation>[ƒöĺđéŕ ɱîššîñĝ öŕ ñöţ à ɱöđéĺ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>download failed: {diagnosis}</source>
      <translation>[đöŵñĺöàđ ƒàîĺéđ: {diagnosis}~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>not downloaded</source>
      <translation>[ñöţ đöŵñĺöàđéđ~~~~~~]</translation>
    </message>
    <message>
      <source>crashed {n} times in a row</source>
      <translation>[çŕàšĥéđ {n} ţîɱéš îñ à ŕöŵ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>stopped unexpectedly</source>
      <translation>[šţöþþéđ ûñéẋþéçţéđĺý~~~~~~~~]</translation>
    </message>
    <message>
      <source>failed to start {n} times in a row</source>
      <translation>[ƒàîĺéđ ţö šţàŕţ {n} ţîɱéš îñ à ŕöŵ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>given up</source>
      <translation>[ĝîṽéñ ûþ~~~]</translation>
    </message>
    <message>
      <source>failed to start</source>
      <translation>[ƒàîĺéđ ţö šţàŕţ~~~~~~]</translation>
    </message>
    <message>
      <source>KV cache {tokens} tokens</source>
      <translation>[ĶṼ çàçĥé {tokens} ţöķéñš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>partly downloaded: {done} so far</source>
      <translation>[þàŕţĺý đöŵñĺöàđéđ: {done} šö ƒàŕ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>partly downloaded: {done} of {total} ({percent})</source>
      <translation>[þàŕţĺý đöŵñĺöàđéđ: {done} öƒ {total} ({percent})~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Restarted once after crashing or failing to start.</source>
      <translation>[Ŕéšţàŕţéđ öñçé àƒţéŕ çŕàšĥîñĝ öŕ ƒàîĺîñĝ ţö šţàŕţ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Restarted {n} times after crashing or failing to start.</source>
      <translation>[Ŕéšţàŕţéđ {n} ţîɱéš àƒţéŕ çŕàšĥîñĝ öŕ ƒàîĺîñĝ ţö šţàŕţ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Failed to start once. The next request tries again.</source>
      <translation>[Ƒàîĺéđ ţö šţàŕţ öñçé. Ţĥé ñéẋţ ŕéǫûéšţ ţŕîéš àĝàîñ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Failed to start once. The next request tries again, after waiting {wait}; Load tries at once.</source>
      <translation>[Ƒàîĺéđ ţö šţàŕţ öñçé. Ţĥé ñéẋţ ŕéǫûéšţ ţŕîéš àĝàîñ, àƒţéŕ ŵàîţîñĝ {wait}; Ĺöàđ ţŕîéš àţ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Failed to start {n} times in a row. The next request tries again.</source>
      <translation>[Ƒàîĺéđ ţö šţàŕţ {n} ţîɱéš îñ à ŕöŵ. Ţĥé ñéẋţ ŕéǫûéšţ ţŕîéš àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Failed to start {n} times in a row. The next request tries again, after waiting {wait}; Load tries at once.</source>
      <translation>[Ƒàîĺéđ ţö šţàŕţ {n} ţîɱéš îñ à ŕöŵ. Ţĥé ñéẋţ ŕéǫûéšţ ţŕîéš àĝàîñ, àƒţéŕ ŵàîţîñĝ {wait}; Ĺöàđ ţŕîéš àţ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Crashed once. The next request starts it again.</source>
      <translation>[Çŕàšĥéđ öñçé. Ţĥé ñéẋţ ŕéǫûéšţ šţàŕţš îţ àĝàîñ.~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Crashed once. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
      <translation>[Çŕàšĥéđ öñçé. Ţĥé ñéẋţ ŕéǫûéšţ šţàŕţš îţ àĝàîñ, àƒţéŕ ŵàîţîñĝ {wait}; Ĺöàđ šţàŕţš îţ àţ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Crashed {n} times in a row. The next request starts it again.</source>
      <translation>[Çŕàšĥéđ {n} ţîɱéš îñ à ŕöŵ. Ţĥé ñéẋţ ŕéǫûéšţ šţàŕţš îţ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Crashed {n} times in a row. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
      <translation>[Çŕàšĥéđ {n} ţîɱéš îñ à ŕöŵ. Ţĥé ñéẋţ ŕéǫûéšţ šţàŕţš îţ àĝàîñ, àƒţéŕ ŵàîţîñĝ {wait}; Ĺöàđ šţàŕţš îţ àţ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The app stopped restarting {name}</source>
      <translation>[Ţĥé àþþ šţöþþéđ ŕéšţàŕţîñĝ {name}~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The app stopped trying to start {name}</source>
      <translation>[Ţĥé àþþ šţöþþéđ ţŕýîñĝ ţö šţàŕţ {name}~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} crashed {n} times in a row</source>
      <translation>[{name} çŕàšĥéđ {n} ţîɱéš îñ à ŕöŵ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} stopped unexpectedly</source>
      <translation>[{name} šţöþþéđ ûñéẋþéçţéđĺý~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} failed to start {n} times in a row</source>
      <translation>[{name} ƒàîĺéđ ţö šţàŕţ {n} ţîɱéš îñ à ŕöŵ~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} could not start</source>
      <translation>[{name} çöûĺđ ñöţ šţàŕţ~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelTableModel</name>
    <message>
      <source>Name</source>
      <translation>[Ñàɱé~~]</translation>
    </message>
    <message>
      <source>State</source>
      <translation>[Šţàţé~~]</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>[Šîžé~~]</translation>
    </message>
    <message>
      <source>Labels</source>
      <translation>[Ĺàƀéĺš~~]</translation>
    </message>
    <message>
      <source>Checkpoint</source>
      <translation>[Çĥéçķþöîñţ~~~~]</translation>
    </message>
    <message>
      <source>experimental</source>
      <translation>[éẋþéŕîɱéñţàĺ~~~~~]</translation>
    </message>
    <message>
      <source>Last step: {line}</source>
      <translation>[Ĺàšţ šţéþ: {line}~~~~~~~]</translation>
    </message>
    <message>
      <source>A built-in model. It runs on AMD's ROCm build of vLLM, which is experimental: expect rough edges.</source>
      <translation>[Å ƀûîĺţ-îñ ɱöđéĺ. Îţ ŕûñš öñ ÅṀĐ'š ŔÖÇɱ ƀûîĺđ öƒ ṽĹĹṀ, ŵĥîçĥ îš éẋþéŕîɱéñţàĺ: éẋþéçţ ŕöûĝĥ éđĝéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>ModelsPage</name>
    <message>
      <source>Use recomme&amp;nded</source>
      <translation>[Ûšé ŕéçöɱɱé&amp;ñđéđ~~~~~~]</translation>
    </message>
    <message>
      <source>No recommendation: the GPU's free memory could not be read.</source>
      <translation>[Ñö ŕéçöɱɱéñđàţîöñ: ţĥé ĜÞÛ'š ƒŕéé ɱéɱöŕý çöûĺđ ñöţ ƀé ŕéàđ.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Recommended for this machine: {value}, 95 % of the memory that was free when the app started. vLLM's own default, 0.92, crashes on many APUs.</source>
      <translation>[Ŕéçöɱɱéñđéđ ƒöŕ ţĥîš ɱàçĥîñé: {value}, 95 % öƒ ţĥé ɱéɱöŕý ţĥàţ ŵàš ƒŕéé ŵĥéñ ţĥé àþþ šţàŕţéđ. ṽĹĹṀ'š öŵñ đéƒàûĺţ, 0.92, çŕàšĥéš öñ ɱàñý ÅÞÛš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>flags added for every model</source>
      <translation>[ƒĺàĝš àđđéđ ƒöŕ éṽéŕý ɱöđéĺ~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Automatic (ROCm on a supported AMD GPU, else CPU)</source>
      <translation>[Åûţöɱàţîç (ŔÖÇɱ öñ à šûþþöŕţéđ ÅṀĐ ĜÞÛ, éĺšé ÇÞÛ)~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>AMD ROCm build of vLLM</source>
      <translation>[ÅṀĐ ŔÖÇɱ ƀûîĺđ öƒ ṽĹĹṀ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM CPU build</source>
      <translation>[ṽĹĹṀ ÇÞÛ ƀûîĺđ~~~~~~]</translation>
    </message>
    <message>
      <source>Your own vLLM command</source>
      <translation>[Ýöûŕ öŵñ ṽĹĹṀ çöɱɱàñđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>e.g. vllm serve, or /path/to/python -m vllm.entrypoints…</source>
      <translation>[é.ĝ. ṽĺĺɱ šéŕṽé, öŕ /þàţĥ/ţö/þýţĥöñ -ɱ ṽĺĺɱ.éñţŕýþöîñţš…~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;GPU memory utilization:</source>
      <translation>[&amp;ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ:~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Max concurrent &amp;requests per model:</source>
      <translation>[Ṁàẋ çöñçûŕŕéñţ &amp;ŕéǫûéšţš þéŕ ɱöđéĺ:~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Default &amp;context size:</source>
      <translation>[Đéƒàûĺţ &amp;çöñţéẋţ šîžé:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>tokens</source>
      <translation>[ţöķéñš~~]</translation>
    </message>
    <message>
      <source>Load &amp;timeout:</source>
      <translation>[Ĺöàđ &amp;ţîɱéöûţ:~~~~~~]</translation>
    </message>
    <message>
      <source>seconds</source>
      <translation>[šéçöñđš~~~]</translation>
    </message>
    <message>
      <source>&amp;Unload after idle for:</source>
      <translation>[&amp;Ûñĺöàđ àƒţéŕ îđĺé ƒöŕ:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>minutes (0: never)</source>
      <translation>[ɱîñûţéš (0: ñéṽéŕ)~~~~~~~]</translation>
    </message>
    <message>
      <source>Memory &amp;budget for all models:</source>
      <translation>[Ṁéɱöŕý &amp;ƀûđĝéţ ƒöŕ àĺĺ ɱöđéĺš:~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GB (0: all of it)</source>
      <translation>[ĜƁ (0: àĺĺ öƒ îţ)~~~~~~~]</translation>
    </message>
    <message>
      <source>RAM ke&amp;pt for the system:</source>
      <translation>[ŔÅṀ ķé&amp;þţ ƒöŕ ţĥé šýšţéɱ:~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GB</source>
      <translation>[ĜƁ~]</translation>
    </message>
    <message>
      <source>Automatic (with the ROCm engine)</source>
      <translation>[Åûţöɱàţîç (ŵîţĥ ţĥé ŔÖÇɱ éñĝîñé)~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>With any engine</source>
      <translation>[Ŵîţĥ àñý éñĝîñé~~~~~~]</translation>
    </message>
    <message>
      <source>Never: unload</source>
      <translation>[Ñéṽéŕ: ûñĺöàđ~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Sleep instead of unloading:</source>
      <translation>[&amp;Šĺééþ îñšţéàđ öƒ ûñĺöàđîñĝ:~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Pre-warm a model once its download finishes</source>
      <translation>[&amp;Þŕé-ŵàŕɱ à ɱöđéĺ öñçé îţš đöŵñĺöàđ ƒîñîšĥéš~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Extra vLLM &amp;arguments:</source>
      <translation>[Éẋţŕà ṽĹĹṀ &amp;àŕĝûɱéñţš:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Engine:</source>
      <translation>[&amp;Éñĝîñé:~~~]</translation>
    </message>
    <message>
      <source>Install only stable R&amp;OCm builds by default</source>
      <translation>[Îñšţàĺĺ öñĺý šţàƀĺé Ŕ&amp;ÖÇɱ ƀûîĺđš ƀý đéƒàûĺţ~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Your vLLM co&amp;mmand:</source>
      <translation>[Ýöûŕ ṽĹĹṀ çö&amp;ɱɱàñđ:~~~~~~~~]</translation>
    </message>
    <message>
      <source>Models</source>
      <translation>[Ṁöđéĺš~~]</translation>
    </message>
    <message>
      <source>Recommended for this machine: {value}. The engine runs models in RAM: {available} of its {total} are available, less {reserve} kept for the system.</source>
      <translation>[Ŕéçöɱɱéñđéđ ƒöŕ ţĥîš ɱàçĥîñé: {value}. Ţĥé éñĝîñé ŕûñš ɱöđéĺš îñ ŔÅṀ: {available} öƒ îţš {total} àŕé àṽàîĺàƀĺé, ĺéšš {reserve} ķéþţ ƒöŕ ţĥé šýšţéɱ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Type the command that starts your vLLM, e.g. vllm serve.</source>
      <translation>[Ţýþé ţĥé çöɱɱàñđ ţĥàţ šţàŕţš ýöûŕ ṽĹĹṀ, é.ĝ. ṽĺĺɱ šéŕṽé.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A quote in the command is not closed.</source>
      <translation>[Å ǫûöţé îñ ţĥé çöɱɱàñđ îš ñöţ çĺöšéđ.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Above the recommended {recommended}: at {value} vLLM asks for more RAM than is available less what is kept for the system, so loading a model is likely to fail (“less than desired CPU memory utilization”) or the computer may start swapping.</source>
      <translation>[Åƀöṽé ţĥé ŕéçöɱɱéñđéđ {recommended}: àţ {value} ṽĹĹṀ àšķš ƒöŕ ɱöŕé ŔÅṀ ţĥàñ îš àṽàîĺàƀĺé ĺéšš ŵĥàţ îš ķéþţ ƒöŕ ţĥé šýšţéɱ, šö ĺöàđîñĝ à ɱöđéĺ îš ĺîķéĺý ţö ƒàîĺ (“ĺéšš ţĥàñ đéšîŕéđ ÇÞÛ ɱéɱöŕý ûţîĺîžàţîöñ”) öŕ ţĥé çöɱþûţéŕ ɱàý šţàŕţ šŵàþþîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Above the recommended {recommended}: at {value} vLLM reserves more GPU memory than was free when the app started, so loading a model is likely to fail (“less than desired GPU memory utilization”) or to crash the GPU driver, and on an APU the computer may start swapping.</source>
      <translation>[Åƀöṽé ţĥé ŕéçöɱɱéñđéđ {recommended}: àţ {value} ṽĹĹṀ ŕéšéŕṽéš ɱöŕé ĜÞÛ ɱéɱöŕý ţĥàñ ŵàš ƒŕéé ŵĥéñ ţĥé àþþ šţàŕţéđ, šö ĺöàđîñĝ à ɱöđéĺ îš ĺîķéĺý ţö ƒàîĺ (“ĺéšš ţĥàñ đéšîŕéđ ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ”) öŕ ţö çŕàšĥ ţĥé ĜÞÛ đŕîṽéŕ, àñđ öñ àñ ÅÞÛ ţĥé çöɱþûţéŕ ɱàý šţàŕţ šŵàþþîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Use {value} anyway</source>
      <translation>[&amp;Ûšé {value} àñýŵàý~~~~~~~~]</translation>
    </message>
    <message>
      <source>OK runs “{command} --help” to check that it is a vLLM server; that can take a minute.</source>
      <translation>[ÖĶ ŕûñš “{command} --ĥéĺþ” ţö çĥéçķ ţĥàţ îţ îš à ṽĹĹṀ šéŕṽéŕ; ţĥàţ çàñ ţàķé à ɱîñûţé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>NoticeBar</name>
    <message>
      <source>Dismiss</source>
      <translation>[Đîšɱîšš~~~]</translation>
    </message>
    <message>
      <source>Installing the engine, then loading the model…</source>
      <translation>[Îñšţàĺĺîñĝ ţĥé éñĝîñé, ţĥéñ ĺöàđîñĝ ţĥé ɱöđéĺ…~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>OptimizeChoice</name>
    <message>
      <source>Engine default</source>
      <translation>[Éñĝîñé đéƒàûĺţ~~~~~~]</translation>
    </message>
    <message>
      <source>Start fast: loads fastest, serves slower (-O0)</source>
      <translation>[Šţàŕţ ƒàšţ: ĺöàđš ƒàšţéšţ, šéŕṽéš šĺöŵéŕ (-Ö0)~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Serve fast: answers fastest, loads slower (-O3)</source>
      <translation>[Šéŕṽé ƒàšţ: àñšŵéŕš ƒàšţéšţ, ĺöàđš šĺöŵéŕ (-Ö3)~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>How vLLM starts this model. Start fast compiles nothing (and on the CPU engine runs in one process fewer): a load takes about half as long, requests are answered more slowly. Serve fast compiles and captures everything it can.</source>
      <translation>[Ĥöŵ ṽĹĹṀ šţàŕţš ţĥîš ɱöđéĺ. Šţàŕţ ƒàšţ çöɱþîĺéš ñöţĥîñĝ (àñđ öñ ţĥé ÇÞÛ éñĝîñé ŕûñš îñ öñé þŕöçéšš ƒéŵéŕ): à ĺöàđ ţàķéš àƀöûţ ĥàĺƒ àš ĺöñĝ, ŕéǫûéšţš àŕé àñšŵéŕéđ ɱöŕé šĺöŵĺý. Šéŕṽé ƒàšţ çöɱþîĺéš àñđ çàþţûŕéš éṽéŕýţĥîñĝ îţ çàñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Optimize for</source>
      <translation>[Öþţîɱîžé ƒöŕ~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>QuitGuard</name>
    <message>
      <source>Quit vLLM Tray?</source>
      <translation>[Ǫûîţ ṽĹĹṀ Ţŕàý?~~~~~~]</translation>
    </message>
    <message>
      <source>Closing the window quits vLLM Tray.</source>
      <translation>[Çĺöšîñĝ ţĥé ŵîñđöŵ ǫûîţš ṽĹĹṀ Ţŕàý.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Quitting vLLM Tray ends what it is doing.</source>
      <translation>[Ǫûîţţîñĝ ṽĹĹṀ Ţŕàý éñđš ŵĥàţ îţ îš đöîñĝ.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>It stops {names}.</source>
      <translation>[Îţ šţöþš {names}.~~~~~~~]</translation>
    </message>
    <message>
      <source>It interrupts the download of {names}; Download later goes on from where it stopped.</source>
      <translation>[Îţ îñţéŕŕûþţš ţĥé đöŵñĺöàđ öƒ {names}; Đöŵñĺöàđ ĺàţéŕ ĝöéš öñ ƒŕöɱ ŵĥéŕé îţ šţöþþéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no system tray to keep it running in the background. Quit anyway, or keep the window open?</source>
      <translation>[Ţĥéŕé îš ñö šýšţéɱ ţŕàý ţö ķééþ îţ ŕûññîñĝ îñ ţĥé ƀàçķĝŕöûñđ. Ǫûîţ àñýŵàý, öŕ ķééþ ţĥé ŵîñđöŵ öþéñ?~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Quit anyway, or keep it running?</source>
      <translation>[Ǫûîţ àñýŵàý, öŕ ķééþ îţ ŕûññîñĝ?~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Quit and stop</source>
      <translation>[&amp;Ǫûîţ àñđ šţöþ~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Keep running</source>
      <translation>[&amp;Ķééþ ŕûññîñĝ~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>RemotesWindow</name>
    <message>
      <source>Remote vLLM servers</source>
      <translation>[Ŕéɱöţé ṽĹĹṀ šéŕṽéŕš~~~~~~~~]</translation>
    </message>
    <message>
      <source>The models of these servers are served through this endpoint too, named NAME/MODEL. A server can be a vLLM server or another vLLM Tray.</source>
      <translation>[Ţĥé ɱöđéĺš öƒ ţĥéšé šéŕṽéŕš àŕé šéŕṽéđ ţĥŕöûĝĥ ţĥîš éñđþöîñţ ţöö, ñàɱéđ ÑÅṀÉ/ṀÖĐÉĹ. Å šéŕṽéŕ çàñ ƀé à ṽĹĹṀ šéŕṽéŕ öŕ àñöţĥéŕ ṽĹĹṀ Ţŕàý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>[Ñàɱé~~]</translation>
    </message>
    <message>
      <source>Address</source>
      <translation>[Åđđŕéšš~~~]</translation>
    </message>
    <message>
      <source>Key</source>
      <translation>[Ķéý~]</translation>
    </message>
    <message>
      <source>State</source>
      <translation>[Šţàţé~~]</translation>
    </message>
    <message>
      <source>Models</source>
      <translation>[Ṁöđéĺš~~]</translation>
    </message>
    <message>
      <source>C&amp;heck now</source>
      <translation>[Ç&amp;ĥéçķ ñöŵ~~~~]</translation>
    </message>
    <message>
      <source>&amp;Remove</source>
      <translation>[&amp;Ŕéɱöṽé~~~]</translation>
    </message>
    <message>
      <source>e.g. office</source>
      <translation>[é.ĝ. öƒƒîçé~~~~]</translation>
    </message>
    <message>
      <source>e.g. http://192.168.1.20:8000</source>
      <translation>[é.ĝ. ĥţţþ://192.168.1.20:8000~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>none</source>
      <translation>[ñöñé~~]</translation>
    </message>
    <message>
      <source>for services: read from this variable</source>
      <translation>[ƒöŕ šéŕṽîçéš: ŕéàđ ƒŕöɱ ţĥîš ṽàŕîàƀĺé~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Name:</source>
      <translation>[&amp;Ñàɱé:~~]</translation>
    </message>
    <message>
      <source>&amp;Address:</source>
      <translation>[&amp;Åđđŕéšš:~~~~]</translation>
    </message>
    <message>
      <source>API &amp;key:</source>
      <translation>[ÅÞÎ &amp;ķéý:~~~~]</translation>
    </message>
    <message>
      <source>or key from &amp;variable:</source>
      <translation>[öŕ ķéý ƒŕöɱ &amp;ṽàŕîàƀĺé:~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Add</source>
      <translation>[&amp;Åđđ~~]</translation>
    </message>
    <message>
      <source>Add a server</source>
      <translation>[Åđđ à šéŕṽéŕ~~~~~]</translation>
    </message>
    <message>
      <source>Give the key or a variable, not both.</source>
      <translation>[Ĝîṽé ţĥé ķéý öŕ à ṽàŕîàƀĺé, ñöţ ƀöţĥ.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Add &amp;anyway</source>
      <translation>[Åđđ &amp;àñýŵàý~~~~]</translation>
    </message>
    <message>
      <source>in the keyring</source>
      <translation>[îñ ţĥé ķéýŕîñĝ~~~~~~]</translation>
    </message>
    <message>
      <source>in the file {path}</source>
      <translation>[îñ ţĥé ƒîĺé {path}~~~~~~~]</translation>
    </message>
    <message>
      <source>variable {name}</source>
      <translation>[ṽàŕîàƀĺé {name}~~~~~~]</translation>
    </message>
    <message>
      <source>checking…</source>
      <translation>[çĥéçķîñĝ…~~~~]</translation>
    </message>
    <message>
      <source>unreachable</source>
      <translation>[ûñŕéàçĥàƀĺé~~~~]</translation>
    </message>
    <message>
      <source>reachable (vLLM Tray)</source>
      <translation>[ŕéàçĥàƀĺé (ṽĹĹṀ Ţŕàý)~~~~~~~~]</translation>
    </message>
    <message>
      <source>reachable</source>
      <translation>[ŕéàçĥàƀĺé~~~~]</translation>
    </message>
    <message>
      <source>Asking {url} for its models…</source>
      <translation>[Åšķîñĝ {url} ƒöŕ îţš ɱöđéĺš…~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{problem} Check the address and key, or add it anyway.</source>
      <translation>[{problem} Çĥéçķ ţĥé àđđŕéšš àñđ ķéý, öŕ àđđ îţ àñýŵàý.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} was added; it does not answer now.</source>
      <translation>[{name} ŵàš àđđéđ; îţ đöéš ñöţ àñšŵéŕ ñöŵ.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message numerus="yes">
      <source>{name} was added with %n model(s).</source>
      <translation>
        <numerusform>[{name} ŵàš àđđéđ ŵîţĥ %n ɱöđéĺ(š).~~~~~~~~~~~~~~]</numerusform>
        <numerusform>[{name} ŵàš àđđéđ ŵîţĥ %n ɱöđéĺ(š).~~~~~~~~~~~~~~]</numerusform>
      </translation>
    </message>
    <message>
      <source>{name} was removed.</source>
      <translation>[{name} ŵàš ŕéɱöṽéđ.~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} answers.</source>
      <translation>[{name} àñšŵéŕš.~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>RestartQuestion</name>
    <message>
      <source>Restart {name}?</source>
      <translation>[Ŕéšţàŕţ {name}?~~~~~~]</translation>
    </message>
    <message>
      <source>{name} is loaded. The new settings take effect when it starts again. Restart it now? Requests in progress are cut off.</source>
      <translation>[{name} îš ĺöàđéđ. Ţĥé ñéŵ šéţţîñĝš ţàķé éƒƒéçţ ŵĥéñ îţ šţàŕţš àĝàîñ. Ŕéšţàŕţ îţ ñöŵ? Ŕéǫûéšţš îñ þŕöĝŕéšš àŕé çûţ öƒƒ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Restart now</source>
      <translation>[&amp;Ŕéšţàŕţ ñöŵ~~~~~]</translation>
    </message>
    <message>
      <source>Apply at &amp;next load</source>
      <translation>[Åþþĺý àţ &amp;ñéẋţ ĺöàđ~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>SearchResults</name>
    <message>
      <source>Model</source>
      <translation>[Ṁöđéĺ~~]</translation>
    </message>
    <message>
      <source>Fits here?</source>
      <translation>[Ƒîţš ĥéŕé?~~~~]</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>[Šîžé~~]</translation>
    </message>
    <message>
      <source>Architecture</source>
      <translation>[Åŕçĥîţéçţûŕé~~~~~]</translation>
    </message>
    <message>
      <source>Weights</source>
      <translation>[Ŵéîĝĥţš~~~]</translation>
    </message>
    <message>
      <source>Max context</source>
      <translation>[Ṁàẋ çöñţéẋţ~~~~]</translation>
    </message>
    <message>
      <source>Downloads</source>
      <translation>[Đöŵñĺöàđš~~~~]</translation>
    </message>
    <message>
      <source>Likes</source>
      <translation>[Ĺîķéš~~]</translation>
    </message>
    <message>
      <source>Updated</source>
      <translation>[Ûþđàţéđ~~~]</translation>
    </message>
    <message>
      <source>License</source>
      <translation>[Ĺîçéñšé~~~]</translation>
    </message>
    <message>
      <source>Access</source>
      <translation>[Åççéšš~~]</translation>
    </message>
    <message>
      <source>checking…</source>
      <translation>[çĥéçķîñĝ…~~~~]</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>[ûñķñöŵñ~~~]</translation>
    </message>
    <message>
      <source>fits</source>
      <translation>[ƒîţš~~]</translation>
    </message>
    <message>
      <source>fits at ctx {ctx}</source>
      <translation>[ƒîţš àţ çţẋ {ctx}~~~~~~~]</translation>
    </message>
    <message>
      <source>won't fit</source>
      <translation>[ŵöñ'ţ ƒîţ~~~~]</translation>
    </message>
    <message>
      <source>not loadable by vLLM</source>
      <translation>[ñöţ ĺöàđàƀĺé ƀý ṽĹĹṀ~~~~~~~~]</translation>
    </message>
    <message>
      <source>cannot run</source>
      <translation>[çàññöţ ŕûñ~~~~]</translation>
    </message>
    <message>
      <source>This repository has only GGUF files, which vLLM cannot load from Hugging Face. Look for the same model in safetensors format.</source>
      <translation>[Ţĥîš ŕéþöšîţöŕý ĥàš öñĺý ĜĜÛƑ ƒîĺéš, ŵĥîçĥ ṽĹĹṀ çàññöţ ĺöàđ ƒŕöɱ Ĥûĝĝîñĝ Ƒàçé. Ĺööķ ƒöŕ ţĥé šàɱé ɱöđéĺ îñ šàƒéţéñšöŕš ƒöŕɱàţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This repository holds no model weights.</source>
      <translation>[Ţĥîš ŕéþöšîţöŕý ĥöĺđš ñö ɱöđéĺ ŵéîĝĥţš.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Weights {weights} of {budget} for models; the rest cannot be read.</source>
      <translation>[Ŵéîĝĥţš {weights} öƒ {budget} ƒöŕ ɱöđéĺš; ţĥé ŕéšţ çàññöţ ƀé ŕéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Needs about {needed} at context {ctx}, of {budget} for models. It fits with a context of {fitting} tokens.</source>
      <translation>[Ñééđš àƀöûţ {needed} àţ çöñţéẋţ {ctx}, öƒ {budget} ƒöŕ ɱöđéĺš. Îţ ƒîţš ŵîţĥ à çöñţéẋţ öƒ {fitting} ţöķéñš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Needs about {needed} at context {ctx}, of {budget} for models. Not even a short context fits.</source>
      <translation>[Ñééđš àƀöûţ {needed} àţ çöñţéẋţ {ctx}, öƒ {budget} ƒöŕ ɱöđéĺš. Ñöţ éṽéñ à šĥöŕţ çöñţéẋţ ƒîţš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Needs about {needed} at context {ctx}, of {budget} for models.</source>
      <translation>[Ñééđš àƀöûţ {needed} àţ çöñţéẋţ {ctx}, öƒ {budget} ƒöŕ ɱöđéĺš.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>not stated</source>
      <translation>[ñöţ šţàţéđ~~~~]</translation>
    </message>
    <message>
      <source>supported</source>
      <translation>[šûþþöŕţéđ~~~~]</translation>
    </message>
    <message>
      <source>embeddings only</source>
      <translation>[éɱƀéđđîñĝš öñĺý~~~~~~]</translation>
    </message>
    <message>
      <source>draft model</source>
      <translation>[đŕàƒţ ɱöđéĺ~~~~]</translation>
    </message>
    <message>
      <source>not supported</source>
      <translation>[ñöţ šûþþöŕţéđ~~~~~]</translation>
    </message>
    <message>
      <source>needs a plugin</source>
      <translation>[ñééđš à þĺûĝîñ~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} ({support})</source>
      <translation>[{architecture} ({support})~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>runs on vLLM {version}</source>
      <translation>[ŕûñš öñ ṽĹĹṀ {version}~~~~~~~~~]</translation>
    </message>
    <message>
      <source>embeddings only, not chat</source>
      <translation>[éɱƀéđđîñĝš öñĺý, ñöţ çĥàţ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>a draft model, not served alone</source>
      <translation>[à đŕàƒţ ɱöđéĺ, ñöţ šéŕṽéđ àĺöñé~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>no longer in vLLM {version}</source>
      <translation>[ñö ĺöñĝéŕ îñ ṽĹĹṀ {version}~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>needs a vLLM plugin</source>
      <translation>[ñééđš à ṽĹĹṀ þĺûĝîñ~~~~~~~~]</translation>
    </message>
    <message>
      <source>not supported by vLLM {version}</source>
      <translation>[ñöţ šûþþöŕţéđ ƀý ṽĹĹṀ {version}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>unknown to vLLM</source>
      <translation>[ûñķñöŵñ ţö ṽĹĹṀ~~~~~~]</translation>
    </message>
    <message>
      <source>no weights</source>
      <translation>[ñö ŵéîĝĥţš~~~~]</translation>
    </message>
    <message>
      <source>{size} {format}</source>
      <translation>[{size} {format}~~~~~~]</translation>
    </message>
    <message>
      <source>gated</source>
      <translation>[ĝàţéđ~~]</translation>
    </message>
    <message>
      <source>open</source>
      <translation>[öþéñ~~]</translation>
    </message>
  </context>
  <context>
    <name>SecretField</name>
    <message>
      <source>Clear</source>
      <translation>[Çĺéàŕ~~]</translation>
    </message>
    <message>
      <source>the keyring did not answer</source>
      <translation>[ţĥé ķéýŕîñĝ đîđ ñöţ àñšŵéŕ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>checking whether one is saved…</source>
      <translation>[çĥéçķîñĝ ŵĥéţĥéŕ öñé îš šàṽéđ…~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>not set</source>
      <translation>[ñöţ šéţ~~~]</translation>
    </message>
    <message>
      <source>saved — type to replace</source>
      <translation>[šàṽéđ — ţýþé ţö ŕéþĺàçé~~~~~~~~~]</translation>
    </message>
    <message>
      <source>will be removed</source>
      <translation>[ŵîĺĺ ƀé ŕéɱöṽéđ~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>SettingsDialog</name>
    <message>
      <source>Settings</source>
      <translation>[Šéţţîñĝš~~~]</translation>
    </message>
    <message>
      <source>Settings pages</source>
      <translation>[Šéţţîñĝš þàĝéš~~~~~~]</translation>
    </message>
    <message>
      <source>Restore &amp;defaults of this page</source>
      <translation>[Ŕéšţöŕé &amp;đéƒàûĺţš öƒ ţĥîš þàĝé~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{settings}: applies to models loaded from now on. Loaded models keep the old value until you unload and load them again.</source>
      <translation>[{settings}: àþþĺîéš ţö ɱöđéĺš ĺöàđéđ ƒŕöɱ ñöŵ öñ. Ĺöàđéđ ɱöđéĺš ķééþ ţĥé öĺđ ṽàĺûé ûñţîĺ ýöû ûñĺöàđ àñđ ĺöàđ ţĥéɱ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{settings}: applies when the endpoint starts again.</source>
      <translation>[{settings}: àþþĺîéš ŵĥéñ ţĥé éñđþöîñţ šţàŕţš àĝàîñ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{settings}: applies after vLLM Tray restarts.</source>
      <translation>[{settings}: àþþĺîéš àƒţéŕ ṽĹĹṀ Ţŕàý ŕéšţàŕţš.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Checking “{command}”: it runs with --help, which can take a minute…</source>
      <translation>[Çĥéçķîñĝ “{command}”: îţ ŕûñš ŵîţĥ --ĥéĺþ, ŵĥîçĥ çàñ ţàķé à ɱîñûţé…~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Your vLLM command was not accepted; nothing was saved.</source>
      <translation>[Ýöûŕ ṽĹĹṀ çöɱɱàñđ ŵàš ñöţ àççéþţéđ; ñöţĥîñĝ ŵàš šàṽéđ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>Startup</name>
    <message>
      <source>Starting the engine…</source>
      <translation>[Šţàŕţîñĝ ţĥé éñĝîñé…~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>TrayController</name>
    <message>
      <source>vLLM Tray: no model loaded</source>
      <translation>[ṽĹĹṀ Ţŕàý: ñö ɱöđéĺ ĺöàđéđ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray: running {names}</source>
      <translation>[ṽĹĹṀ Ţŕàý: ŕûññîñĝ {names}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray: {names} failed</source>
      <translation>[ṽĹĹṀ Ţŕàý: {names} ƒàîĺéđ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray: the endpoint could not start</source>
      <translation>[ṽĹĹṀ Ţŕàý: ţĥé éñđþöîñţ çöûĺđ ñöţ šţàŕţ~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray: working on {names}</source>
      <translation>[ṽĹĹṀ Ţŕàý: ŵöŕķîñĝ öñ {names}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name}: downloading {percent}</source>
      <translation>[{name}: đöŵñĺöàđîñĝ {percent}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint: {url}</source>
      <translation>[Éñđþöîñţ: {url}~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint stopped: {reason}</source>
      <translation>[Éñđþöîñţ šţöþþéđ: {reason}~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint stopped</source>
      <translation>[Éñđþöîñţ šţöþþéđ~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;top endpoint</source>
      <translation>[Š&amp;ţöþ éñđþöîñţ~~~~~~]</translation>
    </message>
    <message>
      <source>S&amp;tart endpoint</source>
      <translation>[Š&amp;ţàŕţ éñđþöîñţ~~~~~~]</translation>
    </message>
    <message>
      <source>Models</source>
      <translation>[Ṁöđéĺš~~]</translation>
    </message>
    <message>
      <source>&amp;Unload</source>
      <translation>[&amp;Ûñĺöàđ~~~]</translation>
    </message>
    <message>
      <source>&amp;Load</source>
      <translation>[&amp;Ĺöàđ~~]</translation>
    </message>
    <message>
      <source>&amp;Load again</source>
      <translation>[&amp;Ĺöàđ àĝàîñ~~~~]</translation>
    </message>
    <message>
      <source>No downloaded models yet</source>
      <translation>[Ñö đöŵñĺöàđéđ ɱöđéĺš ýéţ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Starting the engine…</source>
      <translation>[Šţàŕţîñĝ ţĥé éñĝîñé…~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Open window</source>
      <translation>[&amp;Öþéñ ŵîñđöŵ~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>[&amp;Ǫûîţ~~]</translation>
    </message>
    <message>
      <source>C&amp;hat with…</source>
      <translation>[Ç&amp;ĥàţ ŵîţĥ…~~~~]</translation>
    </message>
    <message>
      <source>{name} is ready</source>
      <translation>[{name} îš ŕéàđý~~~~~~]</translation>
    </message>
    <message>
      <source>Clients can use it at {url}</source>
      <translation>[Çĺîéñţš çàñ ûšé îţ àţ {url}~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>the local endpoint</source>
      <translation>[ţĥé ĺöçàĺ éñđþöîñţ~~~~~~~]</translation>
    </message>
    <message>
      <source>The log says more.</source>
      <translation>[Ţĥé ĺöĝ šàýš ɱöŕé.~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} stopped unexpectedly</source>
      <translation>[{name} šţöþþéđ ûñéẋþéçţéđĺý~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} failed to load</source>
      <translation>[{name} ƒàîĺéđ ţö ĺöàđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} is downloaded</source>
      <translation>[{name} îš đöŵñĺöàđéđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Load it from the window or the tray menu, or send it a request.</source>
      <translation>[Ĺöàđ îţ ƒŕöɱ ţĥé ŵîñđöŵ öŕ ţĥé ţŕàý ɱéñû, öŕ šéñđ îţ à ŕéǫûéšţ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>TrayWatch</name>
    <message>
      <source>The system tray has gone away, so vLLM Tray shows its window instead. Your models keep running, and the icon returns when a tray does.</source>
      <translation>[Ţĥé šýšţéɱ ţŕàý ĥàš ĝöñé àŵàý, šö ṽĹĹṀ Ţŕàý šĥöŵš îţš ŵîñđöŵ îñšţéàđ. Ýöûŕ ɱöđéĺš ķééþ ŕûññîñĝ, àñđ ţĥé îçöñ ŕéţûŕñš ŵĥéñ à ţŕàý đöéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no system tray, so vLLM Tray shows its window instead: closing it quits vLLM Tray and stops your models (it asks first). The icon appears if a tray starts later.</source>
      <translation>[Ţĥéŕé îš ñö šýšţéɱ ţŕàý, šö ṽĹĹṀ Ţŕàý šĥöŵš îţš ŵîñđöŵ îñšţéàđ: çĺöšîñĝ îţ ǫûîţš ṽĹĹṀ Ţŕàý àñđ šţöþš ýöûŕ ɱöđéĺš (îţ àšķš ƒîŕšţ). Ţĥé îçöñ àþþéàŕš îƒ à ţŕàý šţàŕţš ĺàţéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A system tray appeared after vLLM Tray started. Quit vLLM Tray and start it again to see its icon there.</source>
      <translation>[Å šýšţéɱ ţŕàý àþþéàŕéđ àƒţéŕ ṽĹĹṀ Ţŕàý šţàŕţéđ. Ǫûîţ ṽĹĹṀ Ţŕàý àñđ šţàŕţ îţ àĝàîñ ţö šéé îţš îçöñ ţĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>_Opener</name>
    <message>
      <source>Where the folder is</source>
      <translation>[Ŵĥéŕé ţĥé ƒöĺđéŕ îš~~~~~~~~]</translation>
    </message>
    <message>
      <source>No file manager opened the folder. It is here:</source>
      <translation>[Ñö ƒîĺé ɱàñàĝéŕ öþéñéđ ţĥé ƒöĺđéŕ. Îţ îš ĥéŕé:~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Where the file is</source>
      <translation>[Ŵĥéŕé ţĥé ƒîĺé îš~~~~~~~]</translation>
    </message>
    <message>
      <source>No program opened the file. It is here:</source>
      <translation>[Ñö þŕöĝŕàɱ öþéñéđ ţĥé ƒîĺé. Îţ îš ĥéŕé:~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>&amp;Copy path</source>
      <translation>[&amp;Çöþý þàţĥ~~~~]</translation>
    </message>
  </context>
  <context>
    <name>problems</name>
    <message>
      <source>Use either --reset or KEY=VALUE changes, not both.</source>
      <translation>[Ûšé éîţĥéŕ --ŕéšéţ öŕ ĶÉÝ=ṼÅĹÛÉ çĥàñĝéš, ñöţ ƀöţĥ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{text!r} is not of the form KEY=VALUE.</source>
      <translation>[{text!r} îš ñöţ öƒ ţĥé ƒöŕɱ ĶÉÝ=ṼÅĹÛÉ.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Give the command that starts your vLLM, e.g. 'vllm serve'.</source>
      <translation>[Ĝîṽé ţĥé çöɱɱàñđ ţĥàţ šţàŕţš ýöûŕ ṽĹĹṀ, é.ĝ. 'ṽĺĺɱ šéŕṽé'.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Deleting {size} of {model} needs confirmation: add --yes.</source>
      <translation>[Đéĺéţîñĝ {size} öƒ {model} ñééđš çöñƒîŕɱàţîöñ: àđđ --ýéš.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} ({target}) needs a Linux kernel with the gfx1151 queue fix, which this kernel ({kernel}) lacks: ROCm workloads hang or crash without it. Update to kernel {required} or newer, or to a distribution kernel that carries the backport.</source>
      <translation>[{name} ({target}) ñééđš à Ĺîñûẋ ķéŕñéĺ ŵîţĥ ţĥé ĝƒẋ1151 ǫûéûé ƒîẋ, ŵĥîçĥ ţĥîš ķéŕñéĺ ({kernel}) ĺàçķš: ŔÖÇɱ ŵöŕķĺöàđš ĥàñĝ öŕ çŕàšĥ ŵîţĥöûţ îţ. Ûþđàţé ţö ķéŕñéĺ {required} öŕ ñéŵéŕ, öŕ ţö à đîšţŕîƀûţîöñ ķéŕñéĺ ţĥàţ çàŕŕîéš ţĥé ƀàçķþöŕţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No GPU was found: no AMD GPU in the kernel's KFD topology and no NVIDIA GPU through nvidia-smi. vLLM Tray can still run models on the CPU engine, slowly.</source>
      <translation>[Ñö ĜÞÛ ŵàš ƒöûñđ: ñö ÅṀĐ ĜÞÛ îñ ţĥé ķéŕñéĺ'š ĶƑĐ ţöþöĺöĝý àñđ ñö ÑṼÎĐÎÅ ĜÞÛ ţĥŕöûĝĥ ñṽîđîà-šɱî. ṽĹĹṀ Ţŕàý çàñ šţîĺĺ ŕûñ ɱöđéĺš öñ ţĥé ÇÞÛ éñĝîñé, šĺöŵĺý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model's config.json has no usable {key}, so its memory needs cannot be estimated.</source>
      <translation>[Ţĥé ɱöđéĺ'š çöñƒîĝ.ĵšöñ ĥàš ñö ûšàƀĺé {key}, šö îţš ɱéɱöŕý ñééđš çàññöţ ƀé éšţîɱàţéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{checkpoint!r} is neither a Hugging Face repository (org/name or org/name:revision) nor an absolute path to a local folder.</source>
      <translation>[{checkpoint!r} îš ñéîţĥéŕ à Ĥûĝĝîñĝ Ƒàçé ŕéþöšîţöŕý (öŕĝ/ñàɱé öŕ öŕĝ/ñàɱé:ŕéṽîšîöñ) ñöŕ àñ àƀšöĺûţé þàţĥ ţö à ĺöçàĺ ƒöĺđéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name!r} is not a usable model name: use letters, digits, '.', '_' and '-' (up to 128 characters), starting with a letter or digit.</source>
      <translation>[{name!r} îš ñöţ à ûšàƀĺé ɱöđéĺ ñàɱé: ûšé ĺéţţéŕš, đîĝîţš, '.', '_' àñđ '-' (ûþ ţö 128 çĥàŕàçţéŕš), šţàŕţîñĝ ŵîţĥ à ĺéţţéŕ öŕ đîĝîţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is built in and cannot be removed from the list.</source>
      <translation>[{model} îš ƀûîĺţ îñ àñđ çàññöţ ƀé ŕéɱöṽéđ ƒŕöɱ ţĥé ĺîšţ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No value was given for {name}.</source>
      <translation>[Ñö ṽàĺûé ŵàš ĝîṽéñ ƒöŕ {name}.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} was changed outside vLLM Tray and cannot be read ({reason}). The values read before stay in use until it is fixed.</source>
      <translation>[{file} ŵàš çĥàñĝéđ öûţšîđé ṽĹĹṀ Ţŕàý àñđ çàññöţ ƀé ŕéàđ ({reason}). Ţĥé ṽàĺûéš ŕéàđ ƀéƒöŕé šţàý îñ ûšé ûñţîĺ îţ îš ƒîẋéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} could not be read ({reason}) when vLLM Tray saved a change, so it was replaced; your version was kept as {kept_as}.</source>
      <translation>[{file} çöûĺđ ñöţ ƀé ŕéàđ ({reason}) ŵĥéñ ṽĹĹṀ Ţŕàý šàṽéđ à çĥàñĝé, šö îţ ŵàš ŕéþĺàçéđ; ýöûŕ ṽéŕšîöñ ŵàš ķéþţ àš {kept_as}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Fraction of GPU memory each vLLM server may reserve. vLLM's own default of 0.92 crashes on many shared-memory APUs; the GPU panel shows a safe value.</source>
      <translation>[Ƒŕàçţîöñ öƒ ĜÞÛ ɱéɱöŕý éàçĥ ṽĹĹṀ šéŕṽéŕ ɱàý ŕéšéŕṽé. ṽĹĹṀ'š öŵñ đéƒàûĺţ öƒ 0.92 çŕàšĥéš öñ ɱàñý šĥàŕéđ-ɱéɱöŕý ÅÞÛš; ţĥé ĜÞÛ þàñéĺ šĥöŵš à šàƒé ṽàĺûé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most requests one model serves at once (vLLM's --max-num-seqs).</source>
      <translation>[Ṁöšţ ŕéǫûéšţš öñé ɱöđéĺ šéŕṽéš àţ öñçé (ṽĹĹṀ'š --ɱàẋ-ñûɱ-šéǫš).~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Extra vLLM flags for every model, before each model's own vllm_args.</source>
      <translation>[Éẋţŕà ṽĹĹṀ ƒĺàĝš ƒöŕ éṽéŕý ɱöđéĺ, ƀéƒöŕé éàçĥ ɱöđéĺ'š öŵñ ṽĺĺɱ_àŕĝš.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Default context length (vLLM's --max-model-len) for models without their own.</source>
      <translation>[Đéƒàûĺţ çöñţéẋţ ĺéñĝţĥ (ṽĹĹṀ'š --ɱàẋ-ɱöđéĺ-ĺéñ) ƒöŕ ɱöđéĺš ŵîţĥöûţ ţĥéîŕ öŵñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Address the local OpenAI-compatible endpoint listens on.</source>
      <translation>[Åđđŕéšš ţĥé ĺöçàĺ ÖþéñÅÎ-çöɱþàţîƀĺé éñđþöîñţ ĺîšţéñš öñ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Port of the local OpenAI-compatible endpoint.</source>
      <translation>[Þöŕţ öƒ ţĥé ĺöçàĺ ÖþéñÅÎ-çöɱþàţîƀĺé éñđþöîñţ.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Extra Host header names accepted besides loopback, separated by commas (defence against DNS rebinding).</source>
      <translation>[Éẋţŕà Ĥöšţ ĥéàđéŕ ñàɱéš àççéþţéđ ƀéšîđéš ĺööþƀàçķ, šéþàŕàţéđ ƀý çöɱɱàš (đéƒéñçé àĝàîñšţ ĐÑŠ ŕéƀîñđîñĝ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Web origins allowed to call the endpoint from a browser, separated by commas.</source>
      <translation>[Ŵéƀ öŕîĝîñš àĺĺöŵéđ ţö çàĺĺ ţĥé éñđþöîñţ ƒŕöɱ à ƀŕöŵšéŕ, šéþàŕàţéđ ƀý çöɱɱàš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start the local endpoint when the app starts.</source>
      <translation>[Šţàŕţ ţĥé ĺöçàĺ éñđþöîñţ ŵĥéñ ţĥé àþþ šţàŕţš.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Which vLLM runs models: auto (ROCm bundle on a supported AMD GPU, otherwise the CPU build), rocm, cpu, or custom.</source>
      <translation>[Ŵĥîçĥ ṽĹĹṀ ŕûñš ɱöđéĺš: àûţö (ŔÖÇɱ ƀûñđĺé öñ à šûþþöŕţéđ ÅṀĐ ĜÞÛ, öţĥéŕŵîšé ţĥé ÇÞÛ ƀûîĺđ), ŕöçɱ, çþû, öŕ çûšţöɱ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Command prefix of your own vLLM (for the custom engine), e.g. 'vllm serve'.</source>
      <translation>[Çöɱɱàñđ þŕéƒîẋ öƒ ýöûŕ öŵñ ṽĹĹṀ (ƒöŕ ţĥé çûšţöɱ éñĝîñé), é.ĝ. 'ṽĺĺɱ šéŕṽé'.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Unload a model after this many minutes without requests (0 keeps it loaded).</source>
      <translation>[Ûñĺöàđ à ɱöđéĺ àƒţéŕ ţĥîš ɱàñý ɱîñûţéš ŵîţĥöûţ ŕéǫûéšţš (0 ķééþš îţ ĺöàđéđ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start in the tray without opening the window.</source>
      <translation>[Šţàŕţ îñ ţĥé ţŕàý ŵîţĥöûţ öþéñîñĝ ţĥé ŵîñđöŵ.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start vLLM Tray when you log in.</source>
      <translation>[Šţàŕţ ṽĹĹṀ Ţŕàý ŵĥéñ ýöû ĺöĝ îñ.~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Load time limit</source>
      <translation>[Ĺöàđ ţîɱé ĺîɱîţ~~~~~~]</translation>
    </message>
    <message>
      <source>Stuck load timeout</source>
      <translation>[Šţûçķ ĺöàđ ţîɱéöûţ~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no setting called {key}. Known settings: {known}.</source>
      <translation>[Ţĥéŕé îš ñö šéţţîñĝ çàĺĺéđ {key}. Ķñöŵñ šéţţîñĝš: {known}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the app passes the model you load.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé àþþ þàššéš ţĥé ɱöđéĺ ýöû ĺöàđ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the app serves each model under its {setting}.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé àþþ šéŕṽéš éàçĥ ɱöđéĺ ûñđéŕ îţš {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the app picks each model's address itself; the address clients use is the setting {setting}.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé àþþ þîçķš éàçĥ ɱöđéĺ'š àđđŕéšš îţšéĺƒ; ţĥé àđđŕéšš çĺîéñţš ûšé îš ţĥé šéţţîñĝ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the app picks each model's port itself; the port clients use is the setting {setting}.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé àþþ þîçķš éàçĥ ɱöđéĺ'š þöŕţ îţšéĺƒ; ţĥé þöŕţ çĺîéñţš ûšé îš ţĥé šéţţîñĝ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the app reaches each model on a local port it picks; the port clients use is the setting {setting}.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé àþþ ŕéàçĥéš éàçĥ ɱöđéĺ öñ à ĺöçàĺ þöŕţ îţ þîçķš; ţĥé þöŕţ çĺîéñţš ûšé îš ţĥé šéţţîñĝ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: the context length comes from the option {setting}.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: ţĥé çöñţéẋţ ĺéñĝţĥ çöɱéš ƒŕöɱ ţĥé öþţîöñ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, {token!r} is neither a flag nor the value of one: vLLM arguments are flags such as --max-num-seqs, each followed by its value.</source>
      <translation>[Îñ {source}, {token!r} îš ñéîţĥéŕ à ƒĺàĝ ñöŕ ţĥé ṽàĺûé öƒ öñé: ṽĹĹṀ àŕĝûɱéñţš àŕé ƒĺàĝš šûçĥ àš --ɱàẋ-ñûɱ-šéǫš, éàçĥ ƒöĺĺöŵéđ ƀý îţš ṽàĺûé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} is not a valid vLLM model configuration: {reason}.</source>
      <translation>[{file} îš ñöţ à ṽàĺîđ ṽĹĹṀ ɱöđéĺ çöñƒîĝûŕàţîöñ: {reason}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{key} is not a model option; use ctx_size=N, vllm_args="...", tensor_parallel_size=N, pipeline_parallel_size=N, gpus=0,1 or optimize=start|serve.</source>
      <translation>[{key} îš ñöţ à ɱöđéĺ öþţîöñ; ûšé çţẋ_šîžé=Ñ, ṽĺĺɱ_àŕĝš="...", ţéñšöŕ_þàŕàĺĺéĺ_šîžé=Ñ, þîþéĺîñé_þàŕàĺĺéĺ_šîžé=Ñ, ĝþûš=0,1 öŕ öþţîɱîžé=šţàŕţ|šéŕṽé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No Lemonade setup was found in {path}; give its folder as DIR.</source>
      <translation>[Ñö Ĺéɱöñàđé šéţûþ ŵàš ƒöûñđ îñ {path}; ĝîṽé îţš ƒöĺđéŕ àš ĐÎŔ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{path} holds no Lemonade setup (no user_models.json, recipe_options.json or config.json, and no vLLM bundle).</source>
      <translation>[{path} ĥöĺđš ñö Ĺéɱöñàđé šéţûþ (ñö ûšéŕ_ɱöđéĺš.ĵšöñ, ŕéçîþé_öþţîöñš.ĵšöñ öŕ çöñƒîĝ.ĵšöñ, àñđ ñö ṽĹĹṀ ƀûñđĺé).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{flag} needs --checkpoint.</source>
      <translation>[{flag} ñééđš --çĥéçķþöîñţ.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>--name needs --add.</source>
      <translation>[--ñàɱé ñééđš --àđđ.~~~~~~~~]</translation>
    </message>
    <message>
      <source>--limit must be between 1 and {max}; got {value}.</source>
      <translation>[--ĺîɱîţ ɱûšţ ƀé ƀéţŵééñ 1 àñđ {max}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The temperature must be between 0 and {max}; got {value}.</source>
      <translation>[Ţĥé ţéɱþéŕàţûŕé ɱûšţ ƀé ƀéţŵééñ 0 àñđ {max}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The maximum number of tokens must be 1 or more; got {value}.</source>
      <translation>[Ţĥé ɱàẋîɱûɱ ñûɱƀéŕ öƒ ţöķéñš ɱûšţ ƀé 1 öŕ ɱöŕé; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} is not the address of one machine (it means any address, a group or a reserved range). Give each machine's own address on the network that connects them, e.g. 192.168.1.20.</source>
      <translation>[{address} îš ñöţ ţĥé àđđŕéšš öƒ öñé ɱàçĥîñé (îţ ɱéàñš àñý àđđŕéšš, à ĝŕöûþ öŕ à ŕéšéŕṽéđ ŕàñĝé). Ĝîṽé éàçĥ ɱàçĥîñé'š öŵñ àđđŕéšš öñ ţĥé ñéţŵöŕķ ţĥàţ çöññéçţš ţĥéɱ, é.ĝ. 192.168.1.20.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Context size</source>
      <translation>[Çöñţéẋţ šîžé~~~~~]</translation>
    </message>
    <message>
      <source>vLLM arguments</source>
      <translation>[ṽĹĹṀ àŕĝûɱéñţš~~~~~~]</translation>
    </message>
    <message>
      <source>Tensor parallel size</source>
      <translation>[Ţéñšöŕ þàŕàĺĺéĺ šîžé~~~~~~~~]</translation>
    </message>
    <message>
      <source>Pipeline parallel size</source>
      <translation>[Þîþéĺîñé þàŕàĺĺéĺ šîžé~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPUs</source>
      <translation>[ĜÞÛš~~]</translation>
    </message>
    <message>
      <source>Optimize for</source>
      <translation>[Öþţîɱîžé ƒöŕ~~~~~]</translation>
    </message>
    <message>
      <source>This is not a Hugging Face access token: a token starts with hf_ followed by letters and digits (huggingface.co → Settings → Access Tokens).</source>
      <translation>[Ţĥîš îš ñöţ à Ĥûĝĝîñĝ Ƒàçé àççéšš ţöķéñ: à ţöķéñ šţàŕţš ŵîţĥ ĥƒ_ ƒöĺĺöŵéđ ƀý ĺéţţéŕš àñđ đîĝîţš (ĥûĝĝîñĝƒàçé.çö → Šéţţîñĝš → Åççéšš Ţöķéñš).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} is a symbolic link that cannot be followed ({reason}), so vLLM Tray did not change it. Point the link at a file, or put a file in its place.</source>
      <translation>[{file} îš à šýɱƀöĺîç ĺîñķ ţĥàţ çàññöţ ƀé ƒöĺĺöŵéđ ({reason}), šö ṽĹĹṀ Ţŕàý đîđ ñöţ çĥàñĝé îţ. Þöîñţ ţĥé ĺîñķ àţ à ƒîĺé, öŕ þûţ à ƒîĺé îñ îţš þĺàçé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade's {file} cannot be read ({reason}); it is left out of the import.</source>
      <translation>[Ĺéɱöñàđé'š {file} çàññöţ ƀé ŕéàđ ({reason}); îţ îš ĺéƒţ öûţ öƒ ţĥé îɱþöŕţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade's vLLM bundle {tag} is built for {bundle_gpu}, not for this computer's GPU ({gpu}); it is not used.</source>
      <translation>[Ĺéɱöñàđé'š ṽĹĹṀ ƀûñđĺé {tag} îš ƀûîĺţ ƒöŕ {bundle_gpu}, ñöţ ƒöŕ ţĥîš çöɱþûţéŕ'š ĜÞÛ ({gpu}); îţ îš ñöţ ûšéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM Tray's own ROCm engine {version} is installed and stays in use; Lemonade's bundle {tag} is not needed.</source>
      <translation>[ṽĹĹṀ Ţŕàý'š öŵñ ŔÖÇɱ éñĝîñé {version} îš îñšţàĺĺéđ àñđ šţàýš îñ ûšé; Ĺéɱöñàđé'š ƀûñđĺé {tag} îš ñöţ ñééđéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade has options for {model}, which is neither one of its vLLM models nor built into vLLM Tray.</source>
      <translation>[Ĺéɱöñàđé ĥàš öþţîöñš ƒöŕ {model}, ŵĥîçĥ îš ñéîţĥéŕ öñé öƒ îţš ṽĹĹṀ ɱöđéĺš ñöŕ ƀûîĺţ îñţö ṽĹĹṀ Ţŕàý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade's download of {repo} is not complete, so its files are not reused; download {model} in vLLM Tray.</source>
      <translation>[Ĺéɱöñàđé'š đöŵñĺöàđ öƒ {repo} îš ñöţ çöɱþĺéţé, šö îţš ƒîĺéš àŕé ñöţ ŕéûšéđ; đöŵñĺöàđ {model} îñ ṽĹĹṀ Ţŕàý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower its ctx_size, or close those programs.</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ öñ {device}, ƀûţ öţĥéŕ þŕöĝŕàɱš ĥöĺđ {others_gb:.2f} öƒ îţš {total_gb:.2f} ĜƁ, šö öñĺý {room_gb:.2f} ĜƁ àŕé ƒŕéé ƒöŕ ɱöđéĺš: ĺöŵéŕ îţš çţẋ_šîžé, öŕ çĺöšé ţĥöšé þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower its ctx_size, or close other programs.</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ öñ {device}, ƀûţ öñĺý {room_gb:.2f} ĜƁ çàñ ƀé ţàķéñ ŵîţĥöûţ þûšĥîñĝ ţĥîš çöɱþûţéŕ îñţö šŵàþ ({available_gb:.2f} ĜƁ öƒ ŔÅṀ àṽàîĺàƀĺé, {reserve_gb:.2f} ĜƁ ķéþţ ƒöŕ ţĥé šýšţéɱ): ĺöŵéŕ îţš çţẋ_šîžé, öŕ çĺöšé öţĥéŕ þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>optimize must be start (loads fastest), serve (answers fastest) or default; got {value}.</source>
      <translation>[öþţîɱîžé ɱûšţ ƀé šţàŕţ (ĺöàđš ƒàšţéšţ), šéŕṽé (àñšŵéŕš ƒàšţéšţ) öŕ đéƒàûĺţ; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The option optimize={value} and a -O level in the model's vllm_args both choose the optimization level; keep one of them.</source>
      <translation>[Ţĥé öþţîöñ öþţîɱîžé={value} àñđ à -Ö ĺéṽéĺ îñ ţĥé ɱöđéĺ'š ṽĺĺɱ_àŕĝš ƀöţĥ çĥööšé ţĥé öþţîɱîžàţîöñ ĺéṽéĺ; ķééþ öñé öƒ ţĥéɱ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>gpus names GPU {index}, but no GPU was found on this machine; leave it empty and your own vLLM command finds its GPUs itself.</source>
      <translation>[ĝþûš ñàɱéš ĜÞÛ {index}, ƀûţ ñö ĜÞÛ ŵàš ƒöûñđ öñ ţĥîš ɱàçĥîñé; ĺéàṽé îţ éɱþţý àñđ ýöûŕ öŵñ ṽĹĹṀ çöɱɱàñđ ƒîñđš îţš ĜÞÛš îţšéĺƒ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Port {port} is already in use by another program on this computer; choose another.</source>
      <translation>[Þöŕţ {port} îš àĺŕéàđý îñ ûšé ƀý àñöţĥéŕ þŕöĝŕàɱ öñ ţĥîš çöɱþûţéŕ; çĥööšé àñöţĥéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} exists already and takes its files from {current}. Registering a model never changes that: to take them from {wanted}, change its source (vllm-tray pull {model} --checkpoint {wanted} --replace), or remove the model first.</source>
      <translation>[{model} éẋîšţš àĺŕéàđý àñđ ţàķéš îţš ƒîĺéš ƒŕöɱ {current}. Ŕéĝîšţéŕîñĝ à ɱöđéĺ ñéṽéŕ çĥàñĝéš ţĥàţ: ţö ţàķé ţĥéɱ ƒŕöɱ {wanted}, çĥàñĝé îţš šöûŕçé (ṽĺĺɱ-ţŕàý þûĺĺ {model} --çĥéçķþöîñţ {wanted} --ŕéþĺàçé), öŕ ŕéɱöṽé ţĥé ɱöđéĺ ƒîŕšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is built in: where its files come from is fixed.</source>
      <translation>[{model} îš ƀûîĺţ îñ: ŵĥéŕé îţš ƒîĺéš çöɱé ƒŕöɱ îš ƒîẋéđ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Once a model's download finishes, start it in the background and stop it again, so that vLLM compiles it now and your first load is a warm one (without this, the window offers it: Model ▸ Pre-warm). Skipped while another model is loaded.</source>
      <translation>[Öñçé à ɱöđéĺ'š đöŵñĺöàđ ƒîñîšĥéš, šţàŕţ îţ îñ ţĥé ƀàçķĝŕöûñđ àñđ šţöþ îţ àĝàîñ, šö ţĥàţ ṽĹĹṀ çöɱþîĺéš îţ ñöŵ àñđ ýöûŕ ƒîŕšţ ĺöàđ îš à ŵàŕɱ öñé (ŵîţĥöûţ ţĥîš, ţĥé ŵîñđöŵ öƒƒéŕš îţ: Ṁöđéĺ ▸ Þŕé-ŵàŕɱ). Šķîþþéđ ŵĥîĺé àñöţĥéŕ ɱöđéĺ îš ĺöàđéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>RAM, in GB, that models never take from the system: on a GPU that shares the computer's memory (an APU such as Strix Halo) and with the CPU engine, a model that would leave less than this available is refused, so the desktop never swaps.</source>
      <translation>[ŔÅṀ, îñ ĜƁ, ţĥàţ ɱöđéĺš ñéṽéŕ ţàķé ƒŕöɱ ţĥé šýšţéɱ: öñ à ĜÞÛ ţĥàţ šĥàŕéš ţĥé çöɱþûţéŕ'š ɱéɱöŕý (àñ ÅÞÛ šûçĥ àš Šţŕîẋ Ĥàĺö) àñđ ŵîţĥ ţĥé ÇÞÛ éñĝîñé, à ɱöđéĺ ţĥàţ ŵöûĺđ ĺéàṽé ĺéšš ţĥàñ ţĥîš àṽàîĺàƀĺé îš ŕéƒûšéđ, šö ţĥé đéšķţöþ ñéṽéŕ šŵàþš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Pre-warm models after download</source>
      <translation>[Þŕé-ŵàŕɱ ɱöđéĺš àƒţéŕ đöŵñĺöàđ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>RAM kept for the system</source>
      <translation>[ŔÅṀ ķéþţ ƒöŕ ţĥé šýšţéɱ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>[Ĺàñĝûàĝé~~~]</translation>
    </message>
    <message>
      <source>In {source}, {flag} is not a flag of vLLM {version}: its --help does not list it. Check the spelling, or remove it.</source>
      <translation>[Îñ {source}, {flag} îš ñöţ à ƒĺàĝ öƒ ṽĹĹṀ {version}: îţš --ĥéĺþ đöéš ñöţ ĺîšţ îţ. Çĥéçķ ţĥé šþéĺĺîñĝ, öŕ ŕéɱöṽé îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, {flag} is not a flag of this vLLM: its --help does not list it. Check the spelling, or remove it.</source>
      <translation>[Îñ {source}, {flag} îš ñöţ à ƒĺàĝ öƒ ţĥîš ṽĹĹṀ: îţš --ĥéĺþ đöéš ñöţ ĺîšţ îţ. Çĥéçķ ţĥé šþéĺĺîñĝ, öŕ ŕéɱöṽé îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, a quotation mark is not closed, or the text ends with a lone backslash.</source>
      <translation>[Îñ {source}, à ǫûöţàţîöñ ɱàŕķ îš ñöţ çĺöšéđ, öŕ ţĥé ţéẋţ éñđš ŵîţĥ à ĺöñé ƀàçķšĺàšĥ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{flag} cannot be set for every model: any model added through the endpoint could then run its own code on this computer; set it in the options of the one model that needs it.</source>
      <translation>[{flag} çàññöţ ƀé šéţ ƒöŕ éṽéŕý ɱöđéĺ: àñý ɱöđéĺ àđđéđ ţĥŕöûĝĥ ţĥé éñđþöîñţ çöûĺđ ţĥéñ ŕûñ îţš öŵñ çöđé öñ ţĥîš çöɱþûţéŕ; šéţ îţ îñ ţĥé öþţîöñš öƒ ţĥé öñé ɱöđéĺ ţĥàţ ñééđš îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The token could not be checked: {host} did not answer ({reason}).</source>
      <translation>[Ţĥé ţöķéñ çöûĺđ ñöţ ƀé çĥéçķéđ: {host} đîđ ñöţ àñšŵéŕ ({reason}).~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} has no weights vLLM can load (no .safetensors or PyTorch .bin files), so there is nothing to download for it.</source>
      <translation>[{repo} ĥàš ñö ŵéîĝĥţš ṽĹĹṀ çàñ ĺöàđ (ñö .šàƒéţéñšöŕš öŕ ÞýŢöŕçĥ .ƀîñ ƒîĺéš), šö ţĥéŕé îš ñöţĥîñĝ ţö đöŵñĺöàđ ƒöŕ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} is gated: Hugging Face only lets signed-in users who accepted its terms download it. Accept them on the model's page, add an access token with read access, then download again.</source>
      <translation>[{repo} îš ĝàţéđ: Ĥûĝĝîñĝ Ƒàçé öñĺý ĺéţš šîĝñéđ-îñ ûšéŕš ŵĥö àççéþţéđ îţš ţéŕɱš đöŵñĺöàđ îţ. Åççéþţ ţĥéɱ öñ ţĥé ɱöđéĺ'š þàĝé, àđđ àñ àççéšš ţöķéñ ŵîţĥ ŕéàđ àççéšš, ţĥéñ đöŵñĺöàđ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Your Hugging Face token has no access to {repo}: accept the model's terms on its page with the account the token belongs to (or use a token with read access), then download again.</source>
      <translation>[Ýöûŕ Ĥûĝĝîñĝ Ƒàçé ţöķéñ ĥàš ñö àççéšš ţö {repo}: àççéþţ ţĥé ɱöđéĺ'š ţéŕɱš öñ îţš þàĝé ŵîţĥ ţĥé àççöûñţ ţĥé ţöķéñ ƀéĺöñĝš ţö (öŕ ûšé à ţöķéñ ŵîţĥ ŕéàđ àççéšš), ţĥéñ đöŵñĺöàđ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face rejected the access token (it may be mistyped, revoked or expired). Replace it, then download {repo} again.</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé ŕéĵéçţéđ ţĥé àççéšš ţöķéñ (îţ ɱàý ƀé ɱîšţýþéđ, ŕéṽöķéđ öŕ éẋþîŕéđ). Ŕéþĺàçé îţ, ţĥéñ đöŵñĺöàđ {repo} àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} was not found on Hugging Face, or it is private. Check the name; if it is private, add an access token that can read it, then download again.</source>
      <translation>[{repo} ŵàš ñöţ ƒöûñđ öñ Ĥûĝĝîñĝ Ƒàçé, öŕ îţ îš þŕîṽàţé. Çĥéçķ ţĥé ñàɱé; îƒ îţ îš þŕîṽàţé, àđđ àñ àççéšš ţöķéñ ţĥàţ çàñ ŕéàđ îţ, ţĥéñ đöŵñĺöàđ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no model {repo} on Hugging Face. Check the name.</source>
      <translation>[Ţĥéŕé îš ñö ɱöđéĺ {repo} öñ Ĥûĝĝîñĝ Ƒàçé. Çĥéçķ ţĥé ñàɱé.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face ({endpoint}) cannot be reached: {error}. Check the network connection and try again; finished files are kept.</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé ({endpoint}) çàññöţ ƀé ŕéàçĥéđ: {error}. Çĥéçķ ţĥé ñéţŵöŕķ çöññéçţîöñ àñđ ţŕý àĝàîñ; ƒîñîšĥéđ ƒîĺéš àŕé ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Downloads are switched off because HF_HUB_OFFLINE is set in the environment. Unset it to download models.</source>
      <translation>[Đöŵñĺöàđš àŕé šŵîţçĥéđ öƒƒ ƀéçàûšé ĤƑ_ĤÛƁ_ÖƑƑĹÎÑÉ îš šéţ îñ ţĥé éñṽîŕöñɱéñţ. Ûñšéţ îţ ţö đöŵñĺöàđ ɱöđéĺš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Not enough disk space: the download needs {needed_gb} GB more but only {free_gb} GB are free on {path}. Free some space (or point HF_HOME at a larger disk) and try again.</source>
      <translation>[Ñöţ éñöûĝĥ đîšķ šþàçé: ţĥé đöŵñĺöàđ ñééđš {needed_gb} ĜƁ ɱöŕé ƀûţ öñĺý {free_gb} ĜƁ àŕé ƒŕéé öñ {path}. Ƒŕéé šöɱé šþàçé (öŕ þöîñţ ĤƑ_ĤÖṀÉ àţ à ĺàŕĝéŕ đîšķ) àñđ ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Downloading {repo} failed: {error}. Try again; finished files are kept.</source>
      <translation>[Đöŵñĺöàđîñĝ {repo} ƒàîĺéđ: {error}. Ţŕý àĝàîñ; ƒîñîšĥéđ ƒîĺéš àŕé ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{host} does not accept this token: it is wrong, expired or revoked.</source>
      <translation>[{host} đöéš ñöţ àççéþţ ţĥîš ţöķéñ: îţ îš ŵŕöñĝ, éẋþîŕéđ öŕ ŕéṽöķéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} disappeared from {repo} during the download. Try again.</source>
      <translation>[{file} đîšàþþéàŕéđ ƒŕöɱ {repo} đûŕîñĝ ţĥé đöŵñĺöàđ. Ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} has no revision {revision} on Hugging Face. Check the name.</source>
      <translation>[{repo} ĥàš ñö ŕéṽîšîöñ {revision} öñ Ĥûĝĝîñĝ Ƒàçé. Çĥéçķ ţĥé ñàɱé.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no download {download_id}.</source>
      <translation>[Ţĥéŕé îš ñö đöŵñĺöàđ {download_id}.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} of {repo} arrived damaged twice (its checksum does not match). Try again later.</source>
      <translation>[{file} öƒ {repo} àŕŕîṽéđ đàɱàĝéđ ţŵîçé (îţš çĥéçķšûɱ đöéš ñöţ ɱàţçĥ). Ţŕý àĝàîñ ĺàţéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search unavailable: Hugging Face ({endpoint}) cannot be reached ({reason}). Models you already have keep working; try again when you are online.</source>
      <translation>[Šéàŕçĥ ûñàṽàîĺàƀĺé: Ĥûĝĝîñĝ Ƒàçé ({endpoint}) çàññöţ ƀé ŕéàçĥéđ ({reason}). Ṁöđéĺš ýöû àĺŕéàđý ĥàṽé ķééþ ŵöŕķîñĝ; ţŕý àĝàîñ ŵĥéñ ýöû àŕé öñĺîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search unavailable: HF_HUB_OFFLINE is set in the environment, so nothing is asked of Hugging Face. Unset it to search for models.</source>
      <translation>[Šéàŕçĥ ûñàṽàîĺàƀĺé: ĤƑ_ĤÛƁ_ÖƑƑĹÎÑÉ îš šéţ îñ ţĥé éñṽîŕöñɱéñţ, šö ñöţĥîñĝ îš àšķéđ öƒ Ĥûĝĝîñĝ Ƒàçé. Ûñšéţ îţ ţö šéàŕçĥ ƒöŕ ɱöđéĺš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} is gated and your Hugging Face token has no access to it yet: accept its terms on https://huggingface.co/{repo} with the account the token belongs to.</source>
      <translation>[{repo} îš ĝàţéđ àñđ ýöûŕ Ĥûĝĝîñĝ Ƒàçé ţöķéñ ĥàš ñö àççéšš ţö îţ ýéţ: àççéþţ îţš ţéŕɱš öñ ĥţţþš://ĥûĝĝîñĝƒàçé.çö/{repo} ŵîţĥ ţĥé àççöûñţ ţĥé ţöķéñ ƀéĺöñĝš ţö.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} is gated: accept its terms on https://huggingface.co/{repo}, then save a Hugging Face access token (vllm-tray config set-secret hf_token, or Settings) to see its details and download it.</source>
      <translation>[{repo} îš ĝàţéđ: àççéþţ îţš ţéŕɱš öñ ĥţţþš://ĥûĝĝîñĝƒàçé.çö/{repo}, ţĥéñ šàṽé à Ĥûĝĝîñĝ Ƒàçé àççéšš ţöķéñ (ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ-šéçŕéţ ĥƒ_ţöķéñ, öŕ Šéţţîñĝš) ţö šéé îţš đéţàîĺš àñđ đöŵñĺöàđ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no model {repo} on Hugging Face (or it is private).</source>
      <translation>[Ţĥéŕé îš ñö ɱöđéĺ {repo} öñ Ĥûĝĝîñĝ Ƒàçé (öŕ îţ îš þŕîṽàţé).~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model folder {path} cannot be loaded: {what}. It needs config.json and the weights (*.safetensors) in the folder itself.</source>
      <translation>[Ţĥé ɱöđéĺ ƒöĺđéŕ {path} çàññöţ ƀé ĺöàđéđ: {what}. Îţ ñééđš çöñƒîĝ.ĵšöñ àñđ ţĥé ŵéîĝĥţš (*.šàƒéţéñšöŕš) îñ ţĥé ƒöĺđéŕ îţšéĺƒ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Some files of {model} are damaged ({files}). Download it again to repair them.</source>
      <translation>[Šöɱé ƒîĺéš öƒ {model} àŕé đàɱàĝéđ ({files}). Đöŵñĺöàđ îţ àĝàîñ ţö ŕéþàîŕ ţĥéɱ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model folder {path} does not exist (or is not a folder).</source>
      <translation>[Ţĥé ɱöđéĺ ƒöĺđéŕ {path} đöéš ñöţ éẋîšţ (öŕ îš ñöţ à ƒöĺđéŕ).~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} uses your folder {path} in place; vLLM Tray never deletes it. Remove the folder yourself if you no longer need it.</source>
      <translation>[{model} ûšéš ýöûŕ ƒöĺđéŕ {path} îñ þĺàçé; ṽĹĹṀ Ţŕàý ñéṽéŕ đéĺéţéš îţ. Ŕéɱöṽé ţĥé ƒöĺđéŕ ýöûŕšéĺƒ îƒ ýöû ñö ĺöñĝéŕ ñééđ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Changing where {model} takes its files from needs the endpoint's API key, and this request did not carry one. Change it on this computer (vllm-tray pull {model} --checkpoint {checkpoint} --replace), or set a key (vllm-tray config set-secret api_key).</source>
      <translation>[Çĥàñĝîñĝ ŵĥéŕé {model} ţàķéš îţš ƒîĺéš ƒŕöɱ ñééđš ţĥé éñđþöîñţ'š ÅÞÎ ķéý, àñđ ţĥîš ŕéǫûéšţ đîđ ñöţ çàŕŕý öñé. Çĥàñĝé îţ öñ ţĥîš çöɱþûţéŕ (ṽĺĺɱ-ţŕàý þûĺĺ {model} --çĥéçķþöîñţ {checkpoint} --ŕéþĺàçé), öŕ šéţ à ķéý (ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ-šéçŕéţ àþî_ķéý).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Adding the folder {checkpoint} as a model needs the endpoint's API key, and this request did not carry one. Add it on this computer (vllm-tray pull {model} --checkpoint {checkpoint}), or set a key (vllm-tray config set-secret api_key).</source>
      <translation>[Åđđîñĝ ţĥé ƒöĺđéŕ {checkpoint} àš à ɱöđéĺ ñééđš ţĥé éñđþöîñţ'š ÅÞÎ ķéý, àñđ ţĥîš ŕéǫûéšţ đîđ ñöţ çàŕŕý öñé. Åđđ îţ öñ ţĥîš çöɱþûţéŕ (ṽĺĺɱ-ţŕàý þûĺĺ {model} --çĥéçķþöîñţ {checkpoint}), öŕ šéţ à ķéý (ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ-šéçŕéţ àþî_ķéý).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint failed unexpectedly; the details are in the app's log.</source>
      <translation>[Ţĥé éñđþöîñţ ƒàîĺéđ ûñéẋþéçţéđĺý; ţĥé đéţàîĺš àŕé îñ ţĥé àþþ'š ĺöĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request is not valid HTTP/1.1: {detail}.</source>
      <translation>[Ţĥé ŕéǫûéšţ îš ñöţ ṽàĺîđ ĤŢŢÞ/1.1: {detail}.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This endpoint speaks plain HTTP, not HTTPS: use http:// in its address.</source>
      <translation>[Ţĥîš éñđþöîñţ šþéàķš þĺàîñ ĤŢŢÞ, ñöţ ĤŢŢÞŠ: ûšé ĥţţþ:// îñ îţš àđđŕéšš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request line or one of its headers is longer than {limit} bytes.</source>
      <translation>[Ţĥé ŕéǫûéšţ ĺîñé öŕ öñé öƒ îţš ĥéàđéŕš îš ĺöñĝéŕ ţĥàñ {limit} ƀýţéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request has more than {limit} headers.</source>
      <translation>[Ţĥé ŕéǫûéšţ ĥàš ɱöŕé ţĥàñ {limit} ĥéàđéŕš.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request's method is not one this endpoint knows; use GET or POST.</source>
      <translation>[Ţĥé ŕéǫûéšţ'š ɱéţĥöđ îš ñöţ öñé ţĥîš éñđþöîñţ ķñöŵš; ûšé ĜÉŢ öŕ ÞÖŠŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request's headers did not arrive within {timeout_s:g} s.</source>
      <translation>[Ţĥé ŕéǫûéšţ'š ĥéàđéŕš đîđ ñöţ àŕŕîṽé ŵîţĥîñ {timeout_s:g} š.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint already has {limit} open connections, its limit; try again in a moment.</source>
      <translation>[Ţĥé éñđþöîñţ àĺŕéàđý ĥàš {limit} öþéñ çöññéçţîöñš, îţš ĺîɱîţ; ţŕý àĝàîñ îñ à ɱöɱéñţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} stopped in the middle of its answer, so the answer is incomplete; the model may have crashed or been restarted.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} šţöþþéđ îñ ţĥé ɱîđđĺé öƒ îţš àñšŵéŕ, šö ţĥé àñšŵéŕ îš îñçöɱþĺéţé; ţĥé ɱöđéĺ ɱàý ĥàṽé çŕàšĥéđ öŕ ƀééñ ŕéšţàŕţéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} stopped sending its answer for {timeout_s:g} s; it may be hung. The limit is the setting {setting}.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} šţöþþéđ šéñđîñĝ îţš àñšŵéŕ ƒöŕ {timeout_s:g} š; îţ ɱàý ƀé ĥûñĝ. Ţĥé ĺîɱîţ îš ţĥé šéţţîñĝ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} answered {status}: {detail}</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} àñšŵéŕéđ {status}: {detail}~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} does not offer {path}: its vLLM server has no such endpoint, which usually means the model cannot do this kind of request (for example embeddings from a chat model).</source>
      <translation>[{model} đöéš ñöţ öƒƒéŕ {path}: îţš ṽĹĹṀ šéŕṽéŕ ĥàš ñö šûçĥ éñđþöîñţ, ŵĥîçĥ ûšûàĺĺý ɱéàñš ţĥé ɱöđéĺ çàññöţ đö ţĥîš ķîñđ öƒ ŕéǫûéšţ (ƒöŕ éẋàɱþĺé éɱƀéđđîñĝš ƒŕöɱ à çĥàţ ɱöđéĺ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} refused the key the app gave it; unload the model and try again.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} ŕéƒûšéđ ţĥé ķéý ţĥé àþþ ĝàṽé îţ; ûñĺöàđ ţĥé ɱöđéĺ àñđ ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request names the host {host}, which is not a valid host name with an optional port.</source>
      <translation>[Ţĥé ŕéǫûéšţ ñàɱéš ţĥé ĥöšţ {host}, ŵĥîçĥ îš ñöţ à ṽàĺîđ ĥöšţ ñàɱé ŵîţĥ àñ öþţîöñàĺ þöŕţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body arrived too slowly: {received} of {expected} bytes in {elapsed_s:g} s.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý àŕŕîṽéđ ţöö šĺöŵĺý: {received} öƒ {expected} ƀýţéš îñ {elapsed_s:g} š.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body is not framed correctly: {detail}.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý îš ñöţ ƒŕàɱéđ çöŕŕéçţĺý: {detail}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint is holding as many request bodies as its memory budget of {budget_mib:g} MiB allows; try again in a moment.</source>
      <translation>[Ţĥé éñđþöîñţ îš ĥöĺđîñĝ àš ɱàñý ŕéǫûéšţ ƀöđîéš àš îţš ɱéɱöŕý ƀûđĝéţ öƒ {budget_mib:g} ṀîƁ àĺĺöŵš; ţŕý àĝàîñ îñ à ɱöɱéñţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} could not be reached: {reason}.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} çöûĺđ ñöţ ƀé ŕéàçĥéđ: {reason}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} sent nothing for {timeout_s:g} s after the request; it may be hung. The limit is the setting {setting}.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} šéñţ ñöţĥîñĝ ƒöŕ {timeout_s:g} š àƒţéŕ ţĥé ŕéǫûéšţ; îţ ɱàý ƀé ĥûñĝ. Ţĥé ĺîɱîţ îš ţĥé šéţţîñĝ {setting}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body arrived too slowly: {received} bytes in {elapsed_s:g} s.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý àŕŕîṽéđ ţöö šĺöŵĺý: {received} ƀýţéš îñ {elapsed_s:g} š.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is not running.</source>
      <translation>[{model} îš ñöţ ŕûññîñĝ.~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No custom engine command is set. Set one with 'vllm-tray engine use COMMAND…'.</source>
      <translation>[Ñö çûšţöɱ éñĝîñé çöɱɱàñđ îš šéţ. Šéţ öñé ŵîţĥ 'ṽĺĺɱ-ţŕàý éñĝîñé ûšé ÇÖṀṀÅÑĐ…'.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Tokens per second of {model} cannot be measured: its answers carry no token counts and its engine's /metrics has no vllm:generation_tokens_total.</source>
      <translation>[Ţöķéñš þéŕ šéçöñđ öƒ {model} çàññöţ ƀé ɱéàšûŕéđ: îţš àñšŵéŕš çàŕŕý ñö ţöķéñ çöûñţš àñđ îţš éñĝîñé'š /ɱéţŕîçš ĥàš ñö ṽĺĺɱ:ĝéñéŕàţîöñ_ţöķéñš_ţöţàĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The tune cannot measure the tokens per second of {model}: its answers carry no token counts and its engine's /metrics has no vllm:generation_tokens_total, so nothing is proposed or saved.</source>
      <translation>[Ţĥé ţûñé çàññöţ ɱéàšûŕé ţĥé ţöķéñš þéŕ šéçöñđ öƒ {model}: îţš àñšŵéŕš çàŕŕý ñö ţöķéñ çöûñţš àñđ îţš éñĝîñé'š /ɱéţŕîçš ĥàš ñö ṽĺĺɱ:ĝéñéŕàţîöñ_ţöķéñš_ţöţàĺ, šö ñöţĥîñĝ îš þŕöþöšéđ öŕ šàṽéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint is stopped, and the chat talks to models through it. Start the endpoint, then send the message again.</source>
      <translation>[Ţĥé éñđþöîñţ îš šţöþþéđ, àñđ ţĥé çĥàţ ţàĺķš ţö ɱöđéĺš ţĥŕöûĝĥ îţ. Šţàŕţ ţĥé éñđþöîñţ, ţĥéñ šéñđ ţĥé ɱéššàĝé àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint at {url} did not answer ({reason}).</source>
      <translation>[Ţĥé éñđþöîñţ àţ {url} đîđ ñöţ àñšŵéŕ ({reason}).~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{message}</source>
      <translation>[{message}~~~~]</translation>
    </message>
    <message>
      <source>Type a message first.</source>
      <translation>[Ţýþé à ɱéššàĝé ƒîŕšţ.~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no message to answer.</source>
      <translation>[Ţĥéŕé îš ñö ɱéššàĝé ţö àñšŵéŕ.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is still answering; stop that reply first.</source>
      <translation>[{model} îš šţîĺĺ àñšŵéŕîñĝ; šţöþ ţĥàţ ŕéþĺý ƒîŕšţ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Installing the {kind} engine failed: {reason}</source>
      <translation>[Îñšţàĺĺîñĝ ţĥé {kind} éñĝîñé ƒàîĺéđ: {reason}~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} points at the folder {path}, which does not hold a usable model (config.json and weights are needed).</source>
      <translation>[{model} þöîñţš àţ ţĥé ƒöĺđéŕ {path}, ŵĥîçĥ đöéš ñöţ ĥöĺđ à ûšàƀĺé ɱöđéĺ (çöñƒîĝ.ĵšöñ àñđ ŵéîĝĥţš àŕé ñééđéđ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The download {download_id} failed.</source>
      <translation>[Ţĥé đöŵñĺöàđ {download_id} ƒàîĺéđ.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no file {file}.</source>
      <translation>[Ţĥéŕé îš ñö ƒîĺé {file}.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The input, --out and --errors must be three different files.</source>
      <translation>[Ţĥé îñþûţ, --öûţ àñđ --éŕŕöŕš ɱûšţ ƀé ţĥŕéé đîƒƒéŕéñţ ƒîĺéš.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
      <translation>[Ţĥé éñđþöîñţ àţ {url} ŕéƒûšéđ îţš ÅÞÎ ķéý. Šàṽé ţĥé ķéý ŵîţĥ `ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ-šéçŕéţ àþî_ķéý` öŕ šéţ ṼĹĹṀ_ŢŔÅÝ_ÅÞÎ_ĶÉÝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is loaded in the vLLM Tray running at {url}. Unload it there first, or tune it from that app's window.</source>
      <translation>[{model} îš ĺöàđéđ îñ ţĥé ṽĹĹṀ Ţŕàý ŕûññîñĝ àţ {url}. Ûñĺöàđ îţ ţĥéŕé ƒîŕšţ, öŕ ţûñé îţ ƒŕöɱ ţĥàţ àþþ'š ŵîñđöŵ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set up the cluster first: the model, this machine's address and the addresses of the other machines.</source>
      <translation>[Šéţ ûþ ţĥé çĺûšţéŕ ƒîŕšţ: ţĥé ɱöđéĺ, ţĥîš ɱàçĥîñé'š àđđŕéšš àñđ ţĥé àđđŕéššéš öƒ ţĥé öţĥéŕ ɱàçĥîñéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The rank of another machine is 1 or more (the head is 0); got {rank}.</source>
      <translation>[Ţĥé ŕàñķ öƒ àñöţĥéŕ ɱàçĥîñé îš 1 öŕ ɱöŕé (ţĥé ĥéàđ îš 0); ĝöţ {rank}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Give the cluster's token with --token or in {variable}.</source>
      <translation>[Ĝîṽé ţĥé çĺûšţéŕ'š ţöķéñ ŵîţĥ --ţöķéñ öŕ îñ {variable}.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Port {port} cannot be used; choose one from 1024 to 65535.</source>
      <translation>[Þöŕţ {port} çàññöţ ƀé ûšéđ; çĥööšé öñé ƒŕöɱ 1024 ţö 65535.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vllm-tray serve does not start while {file} cannot be read ({reason}): it would run on defaults you did not choose. Fix the file, or move it away to start with the defaults.</source>
      <translation>[ṽĺĺɱ-ţŕàý šéŕṽé đöéš ñöţ šţàŕţ ŵĥîĺé {file} çàññöţ ƀé ŕéàđ ({reason}): îţ ŵöûĺđ ŕûñ öñ đéƒàûĺţš ýöû đîđ ñöţ çĥööšé. Ƒîẋ ţĥé ƒîĺé, öŕ ɱöṽé îţ àŵàý ţö šţàŕţ ŵîţĥ ţĥé đéƒàûĺţš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} must be a positive number of milliseconds; got {value}.</source>
      <translation>[{name} ɱûšţ ƀé à þöšîţîṽé ñûɱƀéŕ öƒ ɱîĺĺîšéçöñđš; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file}: "{field}" must be {expected}.</source>
      <translation>[Ĺîñé {line} öƒ {file}: "{field}" ɱûšţ ƀé {expected}.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>--concurrency must be a whole number from 1 to {limit}, or auto; got {value}.</source>
      <translation>[--çöñçûŕŕéñçý ɱûšţ ƀé à ŵĥöĺé ñûɱƀéŕ ƒŕöɱ 1 ţö {limit}, öŕ àûţö; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} must be a JSON object with custom_id, method, url and body.</source>
      <translation>[Ĺîñé {line} öƒ {file} ɱûšţ ƀé à ĴŠÖÑ öƀĵéçţ ŵîţĥ çûšţöɱ_îđ, ɱéţĥöđ, ûŕĺ àñđ ƀöđý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file}: method must be POST; got {method}.</source>
      <translation>[Ĺîñé {line} öƒ {file}: ɱéţĥöđ ɱûšţ ƀé ÞÖŠŢ; ĝöţ {method}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file}: the endpoint does not serve {url} in batches; use one of {urls}.</source>
      <translation>[Ĺîñé {line} öƒ {file}: ţĥé éñđþöîñţ đöéš ñöţ šéŕṽé {url} îñ ƀàţçĥéš; ûšé öñé öƒ {urls}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} is for {url}, but this batch was created for {endpoint}.</source>
      <translation>[Ĺîñé {line} öƒ {file} îš ƒöŕ {url}, ƀûţ ţĥîš ƀàţçĥ ŵàš çŕéàţéđ ƒöŕ {endpoint}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file}: the body needs a "model" naming a model.</source>
      <translation>[Ĺîñé {line} öƒ {file}: ţĥé ƀöđý ñééđš à "ɱöđéĺ" ñàɱîñĝ à ɱöđéĺ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} asks for a stream; batch requests are answered whole, so remove "stream".</source>
      <translation>[Ĺîñé {line} öƒ {file} àšķš ƒöŕ à šţŕéàɱ; ƀàţçĥ ŕéǫûéšţš àŕé àñšŵéŕéđ ŵĥöĺé, šö ŕéɱöṽé "šţŕéàɱ".~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} names the model {model}, which the endpoint does not serve. Available models: {available}.</source>
      <translation>[Ĺîñé {line} öƒ {file} ñàɱéš ţĥé ɱöđéĺ {model}, ŵĥîçĥ ţĥé éñđþöîñţ đöéš ñöţ šéŕṽé. Åṽàîĺàƀĺé ɱöđéĺš: {available}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} names {model}, which is not downloaded yet. Download it with: vllm-tray pull {model}</source>
      <translation>[Ĺîñé {line} öƒ {file} ñàɱéš {model}, ŵĥîçĥ îš ñöţ đöŵñĺöàđéđ ýéţ. Đöŵñĺöàđ îţ ŵîţĥ: ṽĺĺɱ-ţŕàý þûĺĺ {model}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} is not valid JSON: {reason}.</source>
      <translation>[Ĺîñé {line} öƒ {file} îš ñöţ ṽàĺîđ ĴŠÖÑ: {reason}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} has no "{field}".</source>
      <translation>[Ĺîñé {line} öƒ {file} ĥàš ñö "{field}".~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} repeats the custom_id {custom_id} of line {first}; each request needs its own.</source>
      <translation>[Ĺîñé {line} öƒ {file} ŕéþéàţš ţĥé çûšţöɱ_îđ {custom_id} öƒ ĺîñé {first}; éàçĥ ŕéǫûéšţ ñééđš îţš öŵñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} holds no requests.</source>
      <translation>[{file} ĥöĺđš ñö ŕéǫûéšţš.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} is not a batch result, so it cannot be told which requests are done. Move the file away or remove that line.</source>
      <translation>[Ĺîñé {line} öƒ {file} îš ñöţ à ƀàţçĥ ŕéšûĺţ, šö îţ çàññöţ ƀé ţöĺđ ŵĥîçĥ ŕéǫûéšţš àŕé đöñé. Ṁöṽé ţĥé ƒîĺé àŵàý öŕ ŕéɱöṽé ţĥàţ ĺîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no file {file_id}.</source>
      <translation>[Ţĥéŕé îš ñö ƒîĺé {file_id}.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The batch failed: {message}</source>
      <translation>[Ţĥé ƀàţçĥ ƒàîĺéđ: {message}~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no batch {batch_id}.</source>
      <translation>[Ţĥéŕé îš ñö ƀàţçĥ {batch_id}.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The file is larger than the limit of {limit_mib:g} MiB.</source>
      <translation>[Ţĥé ƒîĺé îš ĺàŕĝéŕ ţĥàñ ţĥé ĺîɱîţ öƒ {limit_mib:g} ṀîƁ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>limit must be a whole number from 1 to {max}; got {value}.</source>
      <translation>[ĺîɱîţ ɱûšţ ƀé à ŵĥöĺé ñûɱƀéŕ ƒŕöɱ 1 ţö {max}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Batches cannot use {endpoint}; use one of {urls}.</source>
      <translation>[Ɓàţçĥéš çàññöţ ûšé {endpoint}; ûšé öñé öƒ {urls}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>completion_window must be "24h"; got {value}.</source>
      <translation>[çöɱþĺéţîöñ_ŵîñđöŵ ɱûšţ ƀé "24ĥ"; ĝöţ {value}.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>metadata must be at most {max} pairs of strings.</source>
      <translation>[ɱéţàđàţà ɱûšţ ƀé àţ ɱöšţ {max} þàîŕš öƒ šţŕîñĝš.~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request needs "{param}" as a string.</source>
      <translation>[Ţĥé ŕéǫûéšţ ñééđš "{param}" àš à šţŕîñĝ.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Traffic between the machines (the model's activations, the prompts and the answers) is not encrypted. Use a network only you control.</source>
      <translation>[Ţŕàƒƒîç ƀéţŵééñ ţĥé ɱàçĥîñéš (ţĥé ɱöđéĺ'š àçţîṽàţîöñš, ţĥé þŕöɱþţš àñđ ţĥé àñšŵéŕš) îš ñöţ éñçŕýþţéđ. Ûšé à ñéţŵöŕķ öñĺý ýöû çöñţŕöĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} is not a private address. Traffic between the machines of a cluster is not encrypted, so vLLM Tray only uses private networks. Turn on 'allow public addresses' if this network is really yours.</source>
      <translation>[{address} îš ñöţ à þŕîṽàţé àđđŕéšš. Ţŕàƒƒîç ƀéţŵééñ ţĥé ɱàçĥîñéš öƒ à çĺûšţéŕ îš ñöţ éñçŕýþţéđ, šö ṽĹĹṀ Ţŕàý öñĺý ûšéš þŕîṽàţé ñéţŵöŕķš. Ţûŕñ öñ 'àĺĺöŵ þûƀĺîç àđđŕéššéš' îƒ ţĥîš ñéţŵöŕķ îš ŕéàĺĺý ýöûŕš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Choose the model to serve across machines.</source>
      <translation>[Çĥööšé ţĥé ɱöđéĺ ţö šéŕṽé àçŕöšš ɱàçĥîñéš.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Add at least one other machine: a cluster needs two or more.</source>
      <translation>[Åđđ àţ ĺéàšţ öñé öţĥéŕ ɱàçĥîñé: à çĺûšţéŕ ñééđš ţŵö öŕ ɱöŕé.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A cluster can have at most {limit} machines; {count} were given.</source>
      <translation>[Å çĺûšţéŕ çàñ ĥàṽé àţ ɱöšţ {limit} ɱàçĥîñéš; {count} ŵéŕé ĝîṽéñ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The head address {address} is only reachable from this machine; give its address on the network the other machines share.</source>
      <translation>[Ţĥé ĥéàđ àđđŕéšš {address} îš öñĺý ŕéàçĥàƀĺé ƒŕöɱ ţĥîš ɱàçĥîñé; ĝîṽé îţš àđđŕéšš öñ ţĥé ñéţŵöŕķ ţĥé öţĥéŕ ɱàçĥîñéš šĥàŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Tensor parallel {tp} × pipeline parallel {pp} = {world} GPUs cannot be shared evenly by {nodes} machines. Usually: pipeline parallel = number of machines, tensor parallel = GPUs per machine.</source>
      <translation>[Ţéñšöŕ þàŕàĺĺéĺ {tp} × þîþéĺîñé þàŕàĺĺéĺ {pp} = {world} ĜÞÛš çàññöţ ƀé šĥàŕéđ éṽéñĺý ƀý {nodes} ɱàçĥîñéš. Ûšûàĺĺý: þîþéĺîñé þàŕàĺĺéĺ = ñûɱƀéŕ öƒ ɱàçĥîñéš, ţéñšöŕ þàŕàĺĺéĺ = ĜÞÛš þéŕ ɱàçĥîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} was started as machine {actual} but is machine {expected} in this cluster. Run the join command shown for it.</source>
      <translation>[{address} ŵàš šţàŕţéđ àš ɱàçĥîñé {actual} ƀûţ îš ɱàçĥîñé {expected} îñ ţĥîš çĺûšţéŕ. Ŕûñ ţĥé ĵöîñ çöɱɱàñđ šĥöŵñ ƒöŕ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} has no vLLM engine installed ({kind}).</source>
      <translation>[{address} ĥàš ñö ṽĹĹṀ éñĝîñé îñšţàĺĺéđ ({kind}).~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} does not have the files of {model}. Download the model there too: every machine reads its own copy.</source>
      <translation>[{address} đöéš ñöţ ĥàṽé ţĥé ƒîĺéš öƒ {model}. Đöŵñĺöàđ ţĥé ɱöđéĺ ţĥéŕé ţöö: éṽéŕý ɱàçĥîñé ŕéàđš îţš öŵñ çöþý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address!r} is not an IP address. Give each machine's address on the network that connects them, e.g. 192.168.1.20.</source>
      <translation>[{address!r} îš ñöţ àñ ÎÞ àđđŕéšš. Ĝîṽé éàçĥ ɱàçĥîñé'š àđđŕéšš öñ ţĥé ñéţŵöŕķ ţĥàţ çöññéçţš ţĥéɱ, é.ĝ. 192.168.1.20.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} is listed twice; each machine takes part once.</source>
      <translation>[{address} îš ĺîšţéđ ţŵîçé; éàçĥ ɱàçĥîñé ţàķéš þàŕţ öñçé.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} runs the {node_engine} engine but this machine runs {head_engine}; every machine must run the same vLLM build.</source>
      <translation>[{address} ŕûñš ţĥé {node_engine} éñĝîñé ƀûţ ţĥîš ɱàçĥîñé ŕûñš {head_engine}; éṽéŕý ɱàçĥîñé ɱûšţ ŕûñ ţĥé šàɱé ṽĹĹṀ ƀûîĺđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The files of {model} on {address} differ from this machine's (fingerprint {node_fp} ≠ {head_fp}); every machine needs the same files.</source>
      <translation>[Ţĥé ƒîĺéš öƒ {model} öñ {address} đîƒƒéŕ ƒŕöɱ ţĥîš ɱàçĥîñé'š (ƒîñĝéŕþŕîñţ {node_fp} ≠ {head_fp}); éṽéŕý ɱàçĥîñé ñééđš ţĥé šàɱé ƒîĺéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} cannot be read ({reason}). The defaults are used for it until it is fixed; the file was left as it is.</source>
      <translation>[{file} çàññöţ ƀé ŕéàđ ({reason}). Ţĥé đéƒàûĺţš àŕé ûšéđ ƒöŕ îţ ûñţîĺ îţ îš ƒîẋéđ; ţĥé ƒîĺé ŵàš ĺéƒţ àš îţ îš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another vLLM Tray process has been changing {file} for more than {seconds:g} seconds. Try again, or stop the process that hangs.</source>
      <translation>[Åñöţĥéŕ ṽĹĹṀ Ţŕàý þŕöçéšš ĥàš ƀééñ çĥàñĝîñĝ {file} ƒöŕ ɱöŕé ţĥàñ {seconds:g} šéçöñđš. Ţŕý àĝàîñ, öŕ šţöþ ţĥé þŕöçéšš ţĥàţ ĥàñĝš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} reads at most {limit} tokens of context (its config.json says so), so vLLM refuses a context size of {ctx_size}. Use {limit} or less.</source>
      <translation>[{model} ŕéàđš àţ ɱöšţ {limit} ţöķéñš öƒ çöñţéẋţ (îţš çöñƒîĝ.ĵšöñ šàýš šö), šö ṽĹĹṀ ŕéƒûšéš à çöñţéẋţ šîžé öƒ {ctx_size}. Ûšé {limit} öŕ ĺéšš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} has {heads} attention heads, which vLLM cannot split evenly across tensor_parallel_size {tp}. Use a size that divides {heads}: {sizes}.</source>
      <translation>[{model} ĥàš {heads} àţţéñţîöñ ĥéàđš, ŵĥîçĥ ṽĹĹṀ çàññöţ šþĺîţ éṽéñĺý àçŕöšš ţéñšöŕ_þàŕàĺĺéĺ_šîžé {tp}. Ûšé à šîžé ţĥàţ đîṽîđéš {heads}: {sizes}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} must be a positive whole number; got {value}.</source>
      <translation>[{name} ɱûšţ ƀé à þöšîţîṽé ŵĥöĺé ñûɱƀéŕ; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>gpus names GPU {index}, which this machine does not have: its GPUs are numbered 0 to {last} (vllm-tray system-info lists them).</source>
      <translation>[ĝþûš ñàɱéš ĜÞÛ {index}, ŵĥîçĥ ţĥîš ɱàçĥîñé đöéš ñöţ ĥàṽé: îţš ĜÞÛš àŕé ñûɱƀéŕéđ 0 ţö {last} (ṽĺĺɱ-ţŕàý šýšţéɱ-îñƒö ĺîšţš ţĥéɱ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs {wanted} GPUs (tensor_parallel_size {tp} × pipeline_parallel_size {pp}), but this machine has only {count} that its engine can use.</source>
      <translation>[{model} ñééđš {wanted} ĜÞÛš (ţéñšöŕ_þàŕàĺĺéĺ_šîžé {tp} × þîþéĺîñé_þàŕàĺĺéĺ_šîžé {pp}), ƀûţ ţĥîš ɱàçĥîñé ĥàš öñĺý {count} ţĥàţ îţš éñĝîñé çàñ ûšé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>gpus names both AMD and NVIDIA GPUs ({gpus}); one vLLM server runs on one kind of GPU.</source>
      <translation>[ĝþûš ñàɱéš ƀöţĥ ÅṀĐ àñđ ÑṼÎĐÎÅ ĜÞÛš ({gpus}); öñé ṽĹĹṀ šéŕṽéŕ ŕûñš öñ öñé ķîñđ öƒ ĜÞÛ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>gpus must be GPU numbers separated by commas, such as 0,1; got {value}.</source>
      <translation>[ĝþûš ɱûšţ ƀé ĜÞÛ ñûɱƀéŕš šéþàŕàţéđ ƀý çöɱɱàš, šûçĥ àš 0,1; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPU {index} ({name}, {target}) cannot run the engine installed for {family} GPUs; choose GPUs of that family in gpus.</source>
      <translation>[ĜÞÛ {index} ({name}, {target}) çàññöţ ŕûñ ţĥé éñĝîñé îñšţàĺĺéđ ƒöŕ {family} ĜÞÛš; çĥööšé ĜÞÛš öƒ ţĥàţ ƒàɱîĺý îñ ĝþûš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>gpus names GPU {index} twice; each GPU can serve a model once.</source>
      <translation>[ĝþûš ñàɱéš ĜÞÛ {index} ţŵîçé; éàçĥ ĜÞÛ çàñ šéŕṽé à ɱöđéĺ öñçé.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The remote server {name} ({url}) does not answer: {reason}. Its models come back when it answers again.</source>
      <translation>[Ţĥé ŕéɱöţé šéŕṽéŕ {name} ({url}) đöéš ñöţ àñšŵéŕ: {reason}. Îţš ɱöđéĺš çöɱé ƀàçķ ŵĥéñ îţ àñšŵéŕš àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The remote server {name} ({url}) refused vLLM Tray's key (HTTP {status}): set the key it expects (remove the remote and add it again with its key).</source>
      <translation>[Ţĥé ŕéɱöţé šéŕṽéŕ {name} ({url}) ŕéƒûšéđ ṽĹĹṀ Ţŕàý'š ķéý (ĤŢŢÞ {status}): šéţ ţĥé ķéý îţ éẋþéçţš (ŕéɱöṽé ţĥé ŕéɱöţé àñđ àđđ îţ àĝàîñ ŵîţĥ îţš ķéý).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The remote server {name} ({url}) asks for an API key (HTTP {status}): give its key when you add it.</source>
      <translation>[Ţĥé ŕéɱöţé šéŕṽéŕ {name} ({url}) àšķš ƒöŕ àñ ÅÞÎ ķéý (ĤŢŢÞ {status}): ĝîṽé îţš ķéý ŵĥéñ ýöû àđđ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The key of the remote server {name} is read from the environment variable {var}, which is not set for vLLM Tray.</source>
      <translation>[Ţĥé ķéý öƒ ţĥé ŕéɱöţé šéŕṽéŕ {name} îš ŕéàđ ƒŕöɱ ţĥé éñṽîŕöñɱéñţ ṽàŕîàƀĺé {var}, ŵĥîçĥ îš ñöţ šéţ ƒöŕ ṽĹĹṀ Ţŕàý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The remote server {name} ({url}) answered, but not with a model list as vLLM's /v1/models gives one: {detail}. Is this the address of a vLLM server?</source>
      <translation>[Ţĥé ŕéɱöţé šéŕṽéŕ {name} ({url}) àñšŵéŕéđ, ƀûţ ñöţ ŵîţĥ à ɱöđéĺ ĺîšţ àš ṽĹĹṀ'š /ṽ1/ɱöđéĺš ĝîṽéš öñé: {detail}. Îš ţĥîš ţĥé àđđŕéšš öƒ à ṽĹĹṀ šéŕṽéŕ?~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name!r} cannot name a remote server: use 1 to 32 lower-case letters, digits, '-' or '_' (its models are then called NAME/MODEL).</source>
      <translation>[{name!r} çàññöţ ñàɱé à ŕéɱöţé šéŕṽéŕ: ûšé 1 ţö 32 ĺöŵéŕ-çàšé ĺéţţéŕš, đîĝîţš, '-' öŕ '_' (îţš ɱöđéĺš àŕé ţĥéñ çàĺĺéđ ÑÅṀÉ/ṀÖĐÉĹ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{url!r} is not the address of a server: {reason}.</source>
      <translation>[{url!r} îš ñöţ ţĥé àđđŕéšš öƒ à šéŕṽéŕ: {reason}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is already a remote server called {name}; remove it first.</source>
      <translation>[Ţĥéŕé îš àĺŕéàđý à ŕéɱöţé šéŕṽéŕ çàĺĺéđ {name}; ŕéɱöṽé îţ ƒîŕšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no remote server called {name} (remote servers: {known}).</source>
      <translation>[Ţĥéŕé îš ñö ŕéɱöţé šéŕṽéŕ çàĺĺéđ {name} (ŕéɱöţé šéŕṽéŕš: {known}).~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{var!r} is not the name of an environment variable (letters, digits and '_', not starting with a digit).</source>
      <translation>[{var!r} îš ñöţ ţĥé ñàɱé öƒ àñ éñṽîŕöñɱéñţ ṽàŕîàƀĺé (ĺéţţéŕš, đîĝîţš àñđ '_', ñöţ šţàŕţîñĝ ŵîţĥ à đîĝîţ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Give the remote server's key either in the keyring or through an environment variable, not both.</source>
      <translation>[Ĝîṽé ţĥé ŕéɱöţé šéŕṽéŕ'š ķéý éîţĥéŕ îñ ţĥé ķéýŕîñĝ öŕ ţĥŕöûĝĥ àñ éñṽîŕöñɱéñţ ṽàŕîàƀĺé, ñöţ ƀöţĥ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} runs on the remote server {name}: it is loaded and unloaded there, and loads by itself on its first request.</source>
      <translation>[{model} ŕûñš öñ ţĥé ŕéɱöţé šéŕṽéŕ {name}: îţ îš ĺöàđéđ àñđ ûñĺöàđéđ ţĥéŕé, àñđ ĺöàđš ƀý îţšéĺƒ öñ îţš ƒîŕšţ ŕéǫûéšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most client connections the endpoint keeps open at once; past it the longest idle one is closed, or a newcomer is told to retry.</source>
      <translation>[Ṁöšţ çĺîéñţ çöññéçţîöñš ţĥé éñđþöîñţ ķééþš öþéñ àţ öñçé; þàšţ îţ ţĥé ĺöñĝéšţ îđĺé öñé îš çĺöšéđ, öŕ à ñéŵçöɱéŕ îš ţöĺđ ţö ŕéţŕý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds an idle keep-alive connection stays open.</source>
      <translation>[Šéçöñđš àñ îđĺé ķééþ-àĺîṽé çöññéçţîöñ šţàýš öþéñ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds a client has to send a request's headers once it started.</source>
      <translation>[Šéçöñđš à çĺîéñţ ĥàš ţö šéñđ à ŕéǫûéšţ'š ĥéàđéŕš öñçé îţ šţàŕţéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds a client has to send a request's body, plus one second for every 64 KiB it sent.</source>
      <translation>[Šéçöñđš à çĺîéñţ ĥàš ţö šéñđ à ŕéǫûéšţ'š ƀöđý, þĺûš öñé šéçöñđ ƒöŕ éṽéŕý 64 ĶîƁ îţ šéñţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Largest request body the endpoint accepts, in MiB.</source>
      <translation>[Ĺàŕĝéšţ ŕéǫûéšţ ƀöđý ţĥé éñđþöîñţ àççéþţš, îñ ṀîƁ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Request bodies held in memory at once, all requests together, in MiB; a request over it waits briefly, then is told to retry. At least the largest request.</source>
      <translation>[Ŕéǫûéšţ ƀöđîéš ĥéĺđ îñ ɱéɱöŕý àţ öñçé, àĺĺ ŕéǫûéšţš ţöĝéţĥéŕ, îñ ṀîƁ; à ŕéǫûéšţ öṽéŕ îţ ŵàîţš ƀŕîéƒĺý, ţĥéñ îš ţöĺđ ţö ŕéţŕý. Åţ ĺéàšţ ţĥé ĺàŕĝéšţ ŕéǫûéšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds a model may take to start answering a request (a long prompt or a whole non-streamed answer); 0 waits for ever.</source>
      <translation>[Šéçöñđš à ɱöđéĺ ɱàý ţàķé ţö šţàŕţ àñšŵéŕîñĝ à ŕéǫûéšţ (à ĺöñĝ þŕöɱþţ öŕ à ŵĥöĺé ñöñ-šţŕéàɱéđ àñšŵéŕ); 0 ŵàîţš ƒöŕ éṽéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds a streamed answer may pause between two pieces; 0 waits for ever.</source>
      <translation>[Šéçöñđš à šţŕéàɱéđ àñšŵéŕ ɱàý þàûšé ƀéţŵééñ ţŵö þîéçéš; 0 ŵàîţš ƒöŕ éṽéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Memory the loaded models may share on each GPU (in RAM for the CPU engine), in GB, before one is unloaded to make room (0: all of each GPU's memory, or RAM).</source>
      <translation>[Ṁéɱöŕý ţĥé ĺöàđéđ ɱöđéĺš ɱàý šĥàŕé öñ éàçĥ ĜÞÛ (îñ ŔÅṀ ƒöŕ ţĥé ÇÞÛ éñĝîñé), îñ ĜƁ, ƀéƒöŕé öñé îš ûñĺöàđéđ ţö ɱàķé ŕööɱ (0: àĺĺ öƒ éàçĥ ĜÞÛ'š ɱéɱöŕý, öŕ ŔÅṀ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Put a model to sleep instead of unloading it when another one needs its memory: it wakes in seconds instead of loading again. auto: with the ROCm engine (vLLM's CPU build cannot sleep); on: with any engine; off: never. The app checks that a sleep really freed the memory, and unloads instead where it did not.</source>
      <translation>[Þûţ à ɱöđéĺ ţö šĺééþ îñšţéàđ öƒ ûñĺöàđîñĝ îţ ŵĥéñ àñöţĥéŕ öñé ñééđš îţš ɱéɱöŕý: îţ ŵàķéš îñ šéçöñđš îñšţéàđ öƒ ĺöàđîñĝ àĝàîñ. àûţö: ŵîţĥ ţĥé ŔÖÇɱ éñĝîñé (ṽĹĹṀ'š ÇÞÛ ƀûîĺđ çàññöţ šĺééþ); öñ: ŵîţĥ àñý éñĝîñé; öƒƒ: ñéṽéŕ. Ţĥé àþþ çĥéçķš ţĥàţ à šĺééþ ŕéàĺĺý ƒŕééđ ţĥé ɱéɱöŕý, àñđ ûñĺöàđš îñšţéàđ ŵĥéŕé îţ đîđ ñöţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a whole number between {low} and {high}; nothing was typed.</source>
      <translation>[Ṁûšţ ƀé à ŵĥöĺé ñûɱƀéŕ ƀéţŵééñ {low} àñđ {high}; ñöţĥîñĝ ŵàš ţýþéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} can be made to run someone else's code on this machine ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} çàñ ƀé ɱàđé ţö ŕûñ šöɱéöñé éĺšé'š çöđé öñ ţĥîš ɱàçĥîñé ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} can let a request past its own access checks ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} çàñ ĺéţ à ŕéǫûéšţ þàšţ îţš öŵñ àççéšš çĥéçķš ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} can be made to fetch addresses on the server's own network ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} çàñ ƀé ɱàđé ţö ƒéţçĥ àđđŕéššéš öñ ţĥé šéŕṽéŕ'š öŵñ ñéţŵöŕķ ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} can load or build something other than what was asked for ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} çàñ ĺöàđ öŕ ƀûîĺđ šöɱéţĥîñĝ öţĥéŕ ţĥàñ ŵĥàţ ŵàš àšķéđ ƒöŕ ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} can give away data it should keep to itself ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} çàñ ĝîṽé àŵàý đàţà îţ šĥöûĺđ ķééþ ţö îţšéĺƒ ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A request can crash vLLM {version} or use up its memory or time ({id}, fixed in {fixed_in}).</source>
      <translation>[Å ŕéǫûéšţ çàñ çŕàšĥ ṽĹĹṀ {version} öŕ ûšé ûþ îţš ɱéɱöŕý öŕ ţîɱé ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} has a known security problem ({id}, fixed in {fixed_in}).</source>
      <translation>[ṽĹĹṀ {version} ĥàš à ķñöŵñ šéçûŕîţý þŕöƀĺéɱ ({id}, ƒîẋéđ îñ {fixed_in}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} has a known security problem that no release is known to fix ({id}, affected: {affected}).</source>
      <translation>[ṽĹĹṀ {version} ĥàš à ķñöŵñ šéçûŕîţý þŕöƀĺéɱ ţĥàţ ñö ŕéĺéàšé îš ķñöŵñ ţö ƒîẋ ({id}, àƒƒéçţéđ: {affected}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower models.gpu_memory_utilization to {utilization}, or close those programs.</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ öñ {device}, ƀûţ öţĥéŕ þŕöĝŕàɱš ĥöĺđ {others_gb:.2f} öƒ îţš {total_gb:.2f} ĜƁ, šö öñĺý {room_gb:.2f} ĜƁ àŕé ƒŕéé ƒöŕ ɱöđéĺš: ĺöŵéŕ ɱöđéĺš.ĝþû_ɱéɱöŕý_ûţîĺîžàţîöñ ţö {utilization}, öŕ çĺöšé ţĥöšé þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower models.gpu_memory_utilization to {utilization}, or close other programs.</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ öñ {device}, ƀûţ öñĺý {room_gb:.2f} ĜƁ çàñ ƀé ţàķéñ ŵîţĥöûţ þûšĥîñĝ ţĥîš çöɱþûţéŕ îñţö šŵàþ ({available_gb:.2f} ĜƁ öƒ ŔÅṀ àṽàîĺàƀĺé, {reserve_gb:.2f} ĜƁ ķéþţ ƒöŕ ţĥé šýšţéɱ): ĺöŵéŕ ɱöđéĺš.ĝþû_ɱéɱöŕý_ûţîĺîžàţîöñ ţö {utilization}, öŕ çĺöšé öţĥéŕ þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another `vllm-tray batch run` is writing {file}; wait until it ends (it resumes where it stopped), or give this run another --out.</source>
      <translation>[Åñöţĥéŕ `ṽĺĺɱ-ţŕàý ƀàţçĥ ŕûñ` îš ŵŕîţîñĝ {file}; ŵàîţ ûñţîĺ îţ éñđš (îţ ŕéšûɱéš ŵĥéŕé îţ šţöþþéđ), öŕ ĝîṽé ţĥîš ŕûñ àñöţĥéŕ --öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another vllm-tray using this config folder is running this batch: pause or cancel it there. This one takes it over if that one stops.</source>
      <translation>[Åñöţĥéŕ ṽĺĺɱ-ţŕàý ûšîñĝ ţĥîš çöñƒîĝ ƒöĺđéŕ îš ŕûññîñĝ ţĥîš ƀàţçĥ: þàûšé öŕ çàñçéĺ îţ ţĥéŕé. Ţĥîš öñé ţàķéš îţ öṽéŕ îƒ ţĥàţ öñé šţöþš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The reply is too long: one event of its stream passed {limit_mib} MiB, the most the chat reads at once. What came before it is kept.</source>
      <translation>[Ţĥé ŕéþĺý îš ţöö ĺöñĝ: öñé éṽéñţ öƒ îţš šţŕéàɱ þàššéđ {limit_mib} ṀîƁ, ţĥé ɱöšţ ţĥé çĥàţ ŕéàđš àţ öñçé. Ŵĥàţ çàɱé ƀéƒöŕé îţ îš ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The reply is too long: it passed {limit_mib} MiB of text, the most the chat keeps. What came before it is kept.</source>
      <translation>[Ţĥé ŕéþĺý îš ţöö ĺöñĝ: îţ þàššéđ {limit_mib} ṀîƁ öƒ ţéẋţ, ţĥé ɱöšţ ţĥé çĥàţ ķééþš. Ŵĥàţ çàɱé ƀéƒöŕé îţ îš ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The reply broke off: the endpoint sent an event the chat cannot read ({event}). What came before it is kept.</source>
      <translation>[Ţĥé ŕéþĺý ƀŕöķé öƒƒ: ţĥé éñđþöîñţ šéñţ àñ éṽéñţ ţĥé çĥàţ çàññöţ ŕéàđ ({event}). Ŵĥàţ çàɱé ƀéƒöŕé îţ îš ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The reply broke off: its stream ended before the endpoint said the reply was complete. What came before it is kept.</source>
      <translation>[Ţĥé ŕéþĺý ƀŕöķé öƒƒ: îţš šţŕéàɱ éñđéđ ƀéƒöŕé ţĥé éñđþöîñţ šàîđ ţĥé ŕéþĺý ŵàš çöɱþĺéţé. Ŵĥàţ çàɱé ƀéƒöŕé îţ îš ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Deleting {size} of {model} needs confirmation: add --yes. They are {others}'s files too, which would need them downloaded again.</source>
      <translation>[Đéĺéţîñĝ {size} öƒ {model} ñééđš çöñƒîŕɱàţîöñ: àđđ --ýéš. Ţĥéý àŕé {others}'š ƒîĺéš ţöö, ŵĥîçĥ ŵöûĺđ ñééđ ţĥéɱ đöŵñĺöàđéđ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade's setup holds flags that would run code, said above; nothing was imported. Add --without-code-flags to import the rest without them, and set those flags yourself if you trust that code.</source>
      <translation>[Ĺéɱöñàđé'š šéţûþ ĥöĺđš ƒĺàĝš ţĥàţ ŵöûĺđ ŕûñ çöđé, šàîđ àƀöṽé; ñöţĥîñĝ ŵàš îɱþöŕţéđ. Åđđ --ŵîţĥöûţ-çöđé-ƒĺàĝš ţö îɱþöŕţ ţĥé ŕéšţ ŵîţĥöûţ ţĥéɱ, àñđ šéţ ţĥöšé ƒĺàĝš ýöûŕšéĺƒ îƒ ýöû ţŕûšţ ţĥàţ çöđé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>An API key can only have the letters a–z and A–Z, digits and ASCII punctuation, with no spaces: clients send it in an HTTP header, which takes nothing else.</source>
      <translation>[Åñ ÅÞÎ ķéý çàñ öñĺý ĥàṽé ţĥé ĺéţţéŕš à–ž àñđ Å–Ž, đîĝîţš àñđ ÅŠÇÎÎ þûñçţûàţîöñ, ŵîţĥ ñö šþàçéš: çĺîéñţš šéñđ îţ îñ àñ ĤŢŢÞ ĥéàđéŕ, ŵĥîçĥ ţàķéš ñöţĥîñĝ éĺšé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The hub at {endpoint} answered for {repo} with {value}, which cannot safely name a file in the cache; nothing was downloaded. Check HF_ENDPOINT.</source>
      <translation>[Ţĥé ĥûƀ àţ {endpoint} àñšŵéŕéđ ƒöŕ {repo} ŵîţĥ {value}, ŵĥîçĥ çàññöţ šàƒéĺý ñàɱé à ƒîĺé îñ ţĥé çàçĥé; ñöţĥîñĝ ŵàš đöŵñĺöàđéđ. Çĥéçķ ĤƑ_ÉÑĐÞÖÎÑŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} of {repo} is not arriving: {tries} tries in a row each brought less than {useful_mib} MiB ({error}). Try again later; what arrived is kept.</source>
      <translation>[{file} öƒ {repo} îš ñöţ àŕŕîṽîñĝ: {tries} ţŕîéš îñ à ŕöŵ éàçĥ ƀŕöûĝĥţ ĺéšš ţĥàñ {useful_mib} ṀîƁ ({error}). Ţŕý àĝàîñ ĺàţéŕ; ŵĥàţ àŕŕîṽéđ îš ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another program holds port {port}, where this configuration's vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
      <translation>[Åñöţĥéŕ þŕöĝŕàɱ ĥöĺđš þöŕţ {port}, ŵĥéŕé ţĥîš çöñƒîĝûŕàţîöñ'š ṽĹĹṀ Ţŕàý éñđþöîñţ šĥöûĺđ àñšŵéŕ, àñđ çöûĺđ ñöţ þŕöṽé îţ îš ţĥàţ àþþ, šö ñéîţĥéŕ ţĥé ÅÞÎ ķéý ñöŕ à þŕöɱþţ ŵàš šéñţ ţö îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another program ({name}, pid {pid}) holds port {port}, where this configuration's vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
      <translation>[Åñöţĥéŕ þŕöĝŕàɱ ({name}, þîđ {pid}) ĥöĺđš þöŕţ {port}, ŵĥéŕé ţĥîš çöñƒîĝûŕàţîöñ'š ṽĹĹṀ Ţŕàý éñđþöîñţ šĥöûĺđ àñšŵéŕ, àñđ çöûĺđ ñöţ þŕöṽé îţ îš ţĥàţ àþþ, šö ñéîţĥéŕ ţĥé ÅÞÎ ķéý ñöŕ à þŕöɱþţ ŵàš šéñţ ţö îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Only the ROCm engine has builds to choose from; install the CPU build without “{build}”.</source>
      <translation>[Öñĺý ţĥé ŔÖÇɱ éñĝîñé ĥàš ƀûîĺđš ţö çĥööšé ƒŕöɱ; îñšţàĺĺ ţĥé ÇÞÛ ƀûîĺđ ŵîţĥöûţ “{build}”.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file} of the ROCm build {tag} arrived damaged or altered: its SHA-256 is not the one the release lists. It was deleted; the engine in use stays as it was.</source>
      <translation>[{file} öƒ ţĥé ŔÖÇɱ ƀûîĺđ {tag} àŕŕîṽéđ đàɱàĝéđ öŕ àĺţéŕéđ: îţš ŠĤÅ-256 îš ñöţ ţĥé öñé ţĥé ŕéĺéàšé ĺîšţš. Îţ ŵàš đéĺéţéđ; ţĥé éñĝîñé îñ ûšé šţàýš àš îţ ŵàš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The custom engine command {command!r} cannot be read: {detail}.</source>
      <translation>[Ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ {command!r} çàññöţ ƀé ŕéàđ: {detail}.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The list of qualified ROCm builds at {url} could not be used ({reason}); showing {used}.</source>
      <translation>[Ţĥé ĺîšţ öƒ ǫûàĺîƒîéđ ŔÖÇɱ ƀûîĺđš àţ {url} çöûĺđ ñöţ ƀé ûšéđ ({reason}); šĥöŵîñĝ {used}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A newer qualified ROCm build is available: {wanted} (vLLM {vllm}, {channel}) supersedes {installed}. Install it with: vllm-tray engine install rocm</source>
      <translation>[Å ñéŵéŕ ǫûàĺîƒîéđ ŔÖÇɱ ƀûîĺđ îš àṽàîĺàƀĺé: {wanted} (ṽĹĹṀ {vllm}, {channel}) šûþéŕšéđéš {installed}. Îñšţàĺĺ îţ ŵîţĥ: ṽĺĺɱ-ţŕàý éñĝîñé îñšţàĺĺ ŕöçɱ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no ROCm build “{build}” for your GPU ({target}). vllm-tray engine list rocm lists the builds.</source>
      <translation>[Ţĥéŕé îš ñö ŔÖÇɱ ƀûîĺđ “{build}” ƒöŕ ýöûŕ ĜÞÛ ({target}). ṽĺĺɱ-ţŕàý éñĝîñé ĺîšţ ŕöçɱ ĺîšţš ţĥé ƀûîĺđš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM {version} has a known problem ({id}), fixed in {fixed_in}.</source>
      <translation>[ṽĹĹṀ {version} ĥàš à ķñöŵñ þŕöƀĺéɱ ({id}), ƒîẋéđ îñ {fixed_in}.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The list of vLLM advisories could not be updated from {url} ({reason}); the list of {taken} is used.</source>
      <translation>[Ţĥé ĺîšţ öƒ ṽĹĹṀ àđṽîšöŕîéš çöûĺđ ñöţ ƀé ûþđàţéđ ƒŕöɱ {url} ({reason}); ţĥé ĺîšţ öƒ {taken} îš ûšéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{flag} {value} in Lemonade's {source} would make vLLM import and run the Python code {value}, with your rights, in the engine of every model these arguments apply to; it is not imported. If you trust that code, set it yourself with vllm-tray options or vllm-tray config set.</source>
      <translation>[{flag} {value} îñ Ĺéɱöñàđé'š {source} ŵöûĺđ ɱàķé ṽĹĹṀ îɱþöŕţ àñđ ŕûñ ţĥé Þýţĥöñ çöđé {value}, ŵîţĥ ýöûŕ ŕîĝĥţš, îñ ţĥé éñĝîñé öƒ éṽéŕý ɱöđéĺ ţĥéšé àŕĝûɱéñţš àþþĺý ţö; îţ îš ñöţ îɱþöŕţéđ. Îƒ ýöû ţŕûšţ ţĥàţ çöđé, šéţ îţ ýöûŕšéĺƒ ŵîţĥ ṽĺĺɱ-ţŕàý öþţîöñš öŕ ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{flag} in Lemonade's {source} lets a model's repository run its own Python code on this computer when the model loads; it is not imported. If you trust the repository, set it yourself in the options of the model that needs it.</source>
      <translation>[{flag} îñ Ĺéɱöñàđé'š {source} ĺéţš à ɱöđéĺ'š ŕéþöšîţöŕý ŕûñ îţš öŵñ Þýţĥöñ çöđé öñ ţĥîš çöɱþûţéŕ ŵĥéñ ţĥé ɱöđéĺ ĺöàđš; îţ îš ñöţ îɱþöŕţéđ. Îƒ ýöû ţŕûšţ ţĥé ŕéþöšîţöŕý, šéţ îţ ýöûŕšéĺƒ îñ ţĥé öþţîöñš öƒ ţĥé ɱöđéĺ ţĥàţ ñééđš îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{flag} {value} in Lemonade's {source} would let whoever sends a request name Python code for vLLM to import and run with your rights; it is not imported. If you want that, set it yourself with vllm-tray options or vllm-tray config set.</source>
      <translation>[{flag} {value} îñ Ĺéɱöñàđé'š {source} ŵöûĺđ ĺéţ ŵĥöéṽéŕ šéñđš à ŕéǫûéšţ ñàɱé Þýţĥöñ çöđé ƒöŕ ṽĹĹṀ ţö îɱþöŕţ àñđ ŕûñ ŵîţĥ ýöûŕ ŕîĝĥţš; îţ îš ñöţ îɱþöŕţéđ. Îƒ ýöû ŵàñţ ţĥàţ, šéţ îţ ýöûŕšéĺƒ ŵîţĥ ṽĺĺɱ-ţŕàý öþţîöñš öŕ ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model_id} did not start: the graphs a pre-warm compiled for it could not be loaded from the engine's compile cache ({reason}), and the app asks vLLM not to recompile them silently. Pre-warm the model again, or clear the compile cache (vllm-tray engine clean-cache); the next load then compiles afresh.</source>
      <translation>[{model_id} đîđ ñöţ šţàŕţ: ţĥé ĝŕàþĥš à þŕé-ŵàŕɱ çöɱþîĺéđ ƒöŕ îţ çöûĺđ ñöţ ƀé ĺöàđéđ ƒŕöɱ ţĥé éñĝîñé'š çöɱþîĺé çàçĥé ({reason}), àñđ ţĥé àþþ àšķš ṽĹĹṀ ñöţ ţö ŕéçöɱþîĺé ţĥéɱ šîĺéñţĺý. Þŕé-ŵàŕɱ ţĥé ɱöđéĺ àĝàîñ, öŕ çĺéàŕ ţĥé çöɱþîĺé çàçĥé (ṽĺĺɱ-ţŕàý éñĝîñé çĺéàñ-çàçĥé); ţĥé ñéẋţ ĺöàđ ţĥéñ çöɱþîĺéš àƒŕéšĥ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model runs in one part per GPU: tensor_parallel_size {tp} × pipeline_parallel_size {pp} = {wanted}, but gpus lists {count} ({gpus}). The two numbers must be the same: change gpus or the sizes.</source>
      <translation>[Ţĥé ɱöđéĺ ŕûñš îñ öñé þàŕţ þéŕ ĜÞÛ: ţéñšöŕ_þàŕàĺĺéĺ_šîžé {tp} × þîþéĺîñé_þàŕàĺĺéĺ_šîžé {pp} = {wanted}, ƀûţ ĝþûš ĺîšţš {count} ({gpus}). Ţĥé ţŵö ñûɱƀéŕš ɱûšţ ƀé ţĥé šàɱé: çĥàñĝé ĝþûš öŕ ţĥé šîžéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body arrived too slowly while the endpoint was full: {received} bytes in {elapsed_s:g} s. Its connection was closed to make room for another client.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý àŕŕîṽéđ ţöö šĺöŵĺý ŵĥîĺé ţĥé éñđþöîñţ ŵàš ƒûĺĺ: {received} ƀýţéš îñ {elapsed_s:g} š. Îţš çöññéçţîöñ ŵàš çĺöšéđ ţö ɱàķé ŕööɱ ƒöŕ àñöţĥéŕ çĺîéñţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body is sent with Content-Encoding {encoding}; this endpoint takes bodies uncompressed, as vLLM does.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý îš šéñţ ŵîţĥ Çöñţéñţ-Éñçöđîñĝ {encoding}; ţĥîš éñđþöîñţ ţàķéš ƀöđîéš ûñçöɱþŕéššéđ, àš ṽĹĹṀ đöéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint stopped before this answer was complete (vLLM Tray was quit or its endpoint stopped), so the answer is cut short; send the request again once the endpoint is back.</source>
      <translation>[Ţĥé éñđþöîñţ šţöþþéđ ƀéƒöŕé ţĥîš àñšŵéŕ ŵàš çöɱþĺéţé (ṽĹĹṀ Ţŕàý ŵàš ǫûîţ öŕ îţš éñđþöîñţ šţöþþéđ), šö ţĥé àñšŵéŕ îš çûţ šĥöŕţ; šéñđ ţĥé ŕéǫûéšţ àĝàîñ öñçé ţĥé éñđþöîñţ îš ƀàçķ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} is this repository's own code, not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
      <translation>[{architecture} îš ţĥîš ŕéþöšîţöŕý'š öŵñ çöđé, ñöţ öñé öƒ ţĥé àŕçĥîţéçţûŕéš ṽĹĹṀ {version} çàñ ĺöàđ, šö ţĥé ɱöđéĺ çàññöţ ŕûñ ĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} is not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
      <translation>[{architecture} îš ñöţ öñé öƒ ţĥé àŕçĥîţéçţûŕéš ṽĹĹṀ {version} çàñ ĺöàđ, šö ţĥé ɱöđéĺ çàññöţ ŕûñ ĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} was last in vLLM {last}; vLLM {version} cannot load it, so the model cannot run here.</source>
      <translation>[{architecture} ŵàš ĺàšţ îñ ṽĹĹṀ {last}; ṽĹĹṀ {version} çàññöţ ĺöàđ îţ, šö ţĥé ɱöđéĺ çàññöţ ŕûñ ĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} needs a vLLM plugin ({plugin}) that vLLM Tray does not install, so the model cannot run here.</source>
      <translation>[{architecture} ñééđš à ṽĹĹṀ þĺûĝîñ ({plugin}) ţĥàţ ṽĹĹṀ Ţŕàý đöéš ñöţ îñšţàĺĺ, šö ţĥé ɱöđéĺ çàññöţ ŕûñ ĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{architecture} is a draft model for speculative decoding, which vLLM {version} does not serve on its own, so the model cannot run here.</source>
      <translation>[{architecture} îš à đŕàƒţ ɱöđéĺ ƒöŕ šþéçûĺàţîṽé đéçöđîñĝ, ŵĥîçĥ ṽĹĹṀ {version} đöéš ñöţ šéŕṽé öñ îţš öŵñ, šö ţĥé ɱöđéĺ çàññöţ ŕûñ ĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Search unavailable: Hugging Face ({endpoint}) answered, but the hub's answer could not be read ({reason}). Models you already have keep working; if HF_ENDPOINT is set, check that it names a Hugging Face mirror.</source>
      <translation>[Šéàŕçĥ ûñàṽàîĺàƀĺé: Ĥûĝĝîñĝ Ƒàçé ({endpoint}) àñšŵéŕéđ, ƀûţ ţĥé ĥûƀ'š àñšŵéŕ çöûĺđ ñöţ ƀé ŕéàđ ({reason}). Ṁöđéĺš ýöû àĺŕéàđý ĥàṽé ķééþ ŵöŕķîñĝ; îƒ ĤƑ_ÉÑĐÞÖÎÑŢ îš šéţ, çĥéçķ ţĥàţ îţ ñàɱéš à Ĥûĝĝîñĝ Ƒàçé ɱîŕŕöŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>“{host}” is not an address of this computer. Give an IP address such as 127.0.0.1 (this computer only) or 0.0.0.0 (every network), or a name of this computer such as localhost.</source>
      <translation>[“{host}” îš ñöţ àñ àđđŕéšš öƒ ţĥîš çöɱþûţéŕ. Ĝîṽé àñ ÎÞ àđđŕéšš šûçĥ àš 127.0.0.1 (ţĥîš çöɱþûţéŕ öñĺý) öŕ 0.0.0.0 (éṽéŕý ñéţŵöŕķ), öŕ à ñàɱé öƒ ţĥîš çöɱþûţéŕ šûçĥ àš ĺöçàĺĥöšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This request brings its own chat template ("{field}"), which vLLM {version} renders without bounds ({advisories}); the endpoint does not pass it on unless the setting {setting} allows it.</source>
      <translation>[Ţĥîš ŕéǫûéšţ ƀŕîñĝš îţš öŵñ çĥàţ ţéɱþĺàţé ("{field}"), ŵĥîçĥ ṽĹĹṀ {version} ŕéñđéŕš ŵîţĥöûţ ƀöûñđš ({advisories}); ţĥé éñđþöîñţ đöéš ñöţ þàšš îţ öñ ûñĺéšš ţĥé šéţţîñĝ {setting} àĺĺöŵš îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This request sends prompt embeddings ("{field}"), which can crash vLLM {version} ({advisories}); the endpoint does not pass them on to this engine.</source>
      <translation>[Ţĥîš ŕéǫûéšţ šéñđš þŕöɱþţ éɱƀéđđîñĝš ("{field}"), ŵĥîçĥ çàñ çŕàšĥ ṽĹĹṀ {version} ({advisories}); ţĥé éñđþöîñţ đöéš ñöţ þàšš ţĥéɱ öñ ţö ţĥîš éñĝîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This request asks for output that matches a regular expression ("{field}"), which can hang vLLM {version} ({advisories}); the endpoint does not pass it on to this engine.</source>
      <translation>[Ţĥîš ŕéǫûéšţ àšķš ƒöŕ öûţþûţ ţĥàţ ɱàţçĥéš à ŕéĝûĺàŕ éẋþŕéššîöñ ("{field}"), ŵĥîçĥ çàñ ĥàñĝ ṽĹĹṀ {version} ({advisories}); ţĥé éñđþöîñţ đöéš ñöţ þàšš îţ öñ ţö ţĥîš éñĝîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number between {low} and {high}; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ ƀéţŵééñ {low} àñđ {high}; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be on or off; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé öñ öŕ öƒƒ; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Keep an engine ready for the next load, with vLLM already imported: after the first, each load on the CPU engine starts seconds sooner, for about 600 MB of memory while it waits, given back when memory runs short. The ROCm and custom engines do not use it (not measured there).</source>
      <translation>[Ķééþ àñ éñĝîñé ŕéàđý ƒöŕ ţĥé ñéẋţ ĺöàđ, ŵîţĥ ṽĹĹṀ àĺŕéàđý îɱþöŕţéđ: àƒţéŕ ţĥé ƒîŕšţ, éàçĥ ĺöàđ öñ ţĥé ÇÞÛ éñĝîñé šţàŕţš šéçöñđš šööñéŕ, ƒöŕ àƀöûţ 600 ṀƁ öƒ ɱéɱöŕý ŵĥîĺé îţ ŵàîţš, ĝîṽéñ ƀàçķ ŵĥéñ ɱéɱöŕý ŕûñš šĥöŕţ. Ţĥé ŔÖÇɱ àñđ çûšţöɱ éñĝîñéš đö ñöţ ûšé îţ (ñöţ ɱéàšûŕéđ ţĥéŕé).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Keep an engine ready</source>
      <translation>[Ķééþ àñ éñĝîñé ŕéàđý~~~~~~~~]</translation>
    </message>
    <message>
      <source>Let requests bring their own chat template (chat_template, chat_template_kwargs.chat_template) to a vLLM that renders it without bounds (fixed in 0.32.0); off, the endpoint refuses them for such an engine.</source>
      <translation>[Ĺéţ ŕéǫûéšţš ƀŕîñĝ ţĥéîŕ öŵñ çĥàţ ţéɱþĺàţé (çĥàţ_ţéɱþĺàţé, çĥàţ_ţéɱþĺàţé_ķŵàŕĝš.çĥàţ_ţéɱþĺàţé) ţö à ṽĹĹṀ ţĥàţ ŕéñđéŕš îţ ŵîţĥöûţ ƀöûñđš (ƒîẋéđ îñ 0.32.0); öƒƒ, ţĥé éñđþöîñţ ŕéƒûšéš ţĥéɱ ƒöŕ šûçĥ àñ éñĝîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Install by default only ROCm builds the publisher qualified on its stable channel. Every qualified build so far is a nightly, so this keeps today's pinned build until a stable one qualifies.</source>
      <translation>[Îñšţàĺĺ ƀý đéƒàûĺţ öñĺý ŔÖÇɱ ƀûîĺđš ţĥé þûƀĺîšĥéŕ ǫûàĺîƒîéđ öñ îţš šţàƀĺé çĥàññéĺ. Éṽéŕý ǫûàĺîƒîéđ ƀûîĺđ šö ƒàŕ îš à ñîĝĥţĺý, šö ţĥîš ķééþš ţöđàý'š þîññéđ ƀûîĺđ ûñţîĺ à šţàƀĺé öñé ǫûàĺîƒîéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPU memory utilization</source>
      <translation>[ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Requests served at once</source>
      <translation>[Ŕéǫûéšţš šéŕṽéđ àţ öñçé~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Extra vLLM flags</source>
      <translation>[Éẋţŕà ṽĹĹṀ ƒĺàĝš~~~~~~]</translation>
    </message>
    <message>
      <source>Default context size</source>
      <translation>[Đéƒàûĺţ çöñţéẋţ šîžé~~~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint address</source>
      <translation>[Éñđþöîñţ àđđŕéšš~~~~~~]</translation>
    </message>
    <message>
      <source>Endpoint port</source>
      <translation>[Éñđþöîñţ þöŕţ~~~~~]</translation>
    </message>
    <message>
      <source>Allowed host names</source>
      <translation>[Åĺĺöŵéđ ĥöšţ ñàɱéš~~~~~~~]</translation>
    </message>
    <message>
      <source>Allowed web origins</source>
      <translation>[Åĺĺöŵéđ ŵéƀ öŕîĝîñš~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most open connections</source>
      <translation>[Ṁöšţ öþéñ çöññéçţîöñš~~~~~~~~]</translation>
    </message>
    <message>
      <source>Idle connection timeout</source>
      <translation>[Îđĺé çöññéçţîöñ ţîɱéöûţ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Request header timeout</source>
      <translation>[Ŕéǫûéšţ ĥéàđéŕ ţîɱéöûţ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Request body timeout</source>
      <translation>[Ŕéǫûéšţ ƀöđý ţîɱéöûţ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Largest request</source>
      <translation>[Ĺàŕĝéšţ ŕéǫûéšţ~~~~~~]</translation>
    </message>
    <message>
      <source>Memory for request bodies</source>
      <translation>[Ṁéɱöŕý ƒöŕ ŕéǫûéšţ ƀöđîéš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Time to first byte</source>
      <translation>[Ţîɱé ţö ƒîŕšţ ƀýţé~~~~~~~]</translation>
    </message>
    <message>
      <source>Pause within an answer</source>
      <translation>[Þàûšé ŵîţĥîñ àñ àñšŵéŕ~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Allow request-supplied chat templates</source>
      <translation>[Åĺĺöŵ ŕéǫûéšţ-šûþþĺîéđ çĥàţ ţéɱþĺàţéš~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start the endpoint with the app</source>
      <translation>[Šţàŕţ ţĥé éñđþöîñţ ŵîţĥ ţĥé àþþ~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM engine</source>
      <translation>[ṽĹĹṀ éñĝîñé~~~~]</translation>
    </message>
    <message>
      <source>Stable ROCm builds only</source>
      <translation>[Šţàƀĺé ŔÖÇɱ ƀûîĺđš öñĺý~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Your own vLLM command</source>
      <translation>[Ýöûŕ öŵñ ṽĹĹṀ çöɱɱàñđ~~~~~~~~]</translation>
    </message>
    <message>
      <source>Unload idle models after</source>
      <translation>[Ûñĺöàđ îđĺé ɱöđéĺš àƒţéŕ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Memory for all models</source>
      <translation>[Ṁéɱöŕý ƒöŕ àĺĺ ɱöđéĺš~~~~~~~~]</translation>
    </message>
    <message>
      <source>Sleep instead of unloading</source>
      <translation>[Šĺééþ îñšţéàđ öƒ ûñĺöàđîñĝ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start hidden in the tray</source>
      <translation>[Šţàŕţ ĥîđđéñ îñ ţĥé ţŕàý~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Start at login</source>
      <translation>[Šţàŕţ àţ ĺöĝîñ~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number between {low} and {high}; nothing was typed.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ ƀéţŵééñ {low} àñđ {high}; ñöţĥîñĝ ŵàš ţýþéđ.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>--config-dir needs a folder.</source>
      <translation>[--çöñƒîĝ-đîŕ ñééđš à ƒöĺđéŕ.~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Line {line} of {file} is longer than {limit_mib:g} MiB; a request line must be shorter.</source>
      <translation>[Ĺîñé {line} öƒ {file} îš ĺöñĝéŕ ţĥàñ {limit_mib:g} ṀîƁ; à ŕéǫûéšţ ĺîñé ɱûšţ ƀé šĥöŕţéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Batch files already take {used_gb:g} GB of the {quota_gb:g} GB they may use (the setting {setting}), so {incoming_gb:g} GB more do not fit; delete files you no longer need or raise the setting.</source>
      <translation>[Ɓàţçĥ ƒîĺéš àĺŕéàđý ţàķé {used_gb:g} ĜƁ öƒ ţĥé {quota_gb:g} ĜƁ ţĥéý ɱàý ûšé (ţĥé šéţţîñĝ {setting}), šö {incoming_gb:g} ĜƁ ɱöŕé đö ñöţ ƒîţ; đéĺéţé ƒîĺéš ýöû ñö ĺöñĝéŕ ñééđ öŕ ŕàîšé ţĥé šéţţîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>expires_after needs anchor "created_at" and seconds from 1 to {max}; got {anchor} and {seconds}.</source>
      <translation>[éẋþîŕéš_àƒţéŕ ñééđš àñçĥöŕ "çŕéàţéđ_àţ" àñđ šéçöñđš ƒŕöɱ 1 ţö {max}; ĝöţ {anchor} àñđ {seconds}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The name {name} looks like the existing model {existing} (they differ only in letter case or in letters drawn alike); use that model or choose a name that reads differently.</source>
      <translation>[Ţĥé ñàɱé {name} ĺööķš ĺîķé ţĥé éẋîšţîñĝ ɱöđéĺ {existing} (ţĥéý đîƒƒéŕ öñĺý îñ ĺéţţéŕ çàšé öŕ îñ ĺéţţéŕš đŕàŵñ àĺîķé); ûšé ţĥàţ ɱöđéĺ öŕ çĥööšé à ñàɱé ţĥàţ ŕéàđš đîƒƒéŕéñţĺý.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>ctx_size must be a whole number of tokens between {low} and {high}; got {value}.</source>
      <translation>[çţẋ_šîžé ɱûšţ ƀé à ŵĥöĺé ñûɱƀéŕ öƒ ţöķéñš ƀéţŵééñ {low} àñđ {high}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number; nothing was typed.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ; ñöţĥîñĝ ŵàš ţýþéđ.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a whole number between {low} and {high}, in digits only; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ŵĥöĺé ñûɱƀéŕ ƀéţŵééñ {low} àñđ {high}, îñ đîĝîţš öñĺý; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be between {low} and {high}; you typed {typed}.</source>
      <translation>[Ṁûšţ ƀé ƀéţŵééñ {low} àñđ {high}; ýöû ţýþéđ {typed}.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be auto (the system's language) or one of the languages vLLM Tray ships: {languages}; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé àûţö (ţĥé šýšţéɱ'š ĺàñĝûàĝé) öŕ öñé öƒ ţĥé ĺàñĝûàĝéš ṽĹĹṀ Ţŕàý šĥîþš: {languages}; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be one of {choices}; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé öñé öƒ {choices}; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a whole number, in digits only; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ŵĥöĺé ñûɱƀéŕ, îñ đîĝîţš öñĺý; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number between {low} and {high}, with a point for decimals; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ ƀéţŵééñ {low} àñđ {high}, ŵîţĥ à þöîñţ ƒöŕ đéçîɱàĺš; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be a number, with a point for decimals; you typed “{typed}”.</source>
      <translation>[Ṁûšţ ƀé à ñûɱƀéŕ, ŵîţĥ à þöîñţ ƒöŕ đéçîɱàĺš; ýöû ţýþéđ “{typed}”.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Must be text; you typed {typed}.</source>
      <translation>[Ṁûšţ ƀé ţéẋţ; ýöû ţýþéđ {typed}.~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds between the comment lines a streamed answer gets while it waits for its first token (a model loading, a long prompt), so clients with a short read timeout keep waiting; 0 sends none. A client can ask for none with the header X-SSE-Keepalive: off.</source>
      <translation>[Šéçöñđš ƀéţŵééñ ţĥé çöɱɱéñţ ĺîñéš à šţŕéàɱéđ àñšŵéŕ ĝéţš ŵĥîĺé îţ ŵàîţš ƒöŕ îţš ƒîŕšţ ţöķéñ (à ɱöđéĺ ĺöàđîñĝ, à ĺöñĝ þŕöɱþţ), šö çĺîéñţš ŵîţĥ à šĥöŕţ ŕéàđ ţîɱéöûţ ķééþ ŵàîţîñĝ; 0 šéñđš ñöñé. Å çĺîéñţ çàñ àšķ ƒöŕ ñöñé ŵîţĥ ţĥé ĥéàđéŕ Ẋ-ŠŠÉ-Ķééþàĺîṽé: öƒƒ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most choices (n, best_of) one request may ask a model for; more is refused, since each is a sequence in the model's batch (older vLLM sets no bound of its own).</source>
      <translation>[Ṁöšţ çĥöîçéš (ñ, ƀéšţ_öƒ) öñé ŕéǫûéšţ ɱàý àšķ à ɱöđéĺ ƒöŕ; ɱöŕé îš ŕéƒûšéđ, šîñçé éàçĥ îš à šéǫûéñçé îñ ţĥé ɱöđéĺ'š ƀàţçĥ (öĺđéŕ ṽĹĹṀ šéţš ñö ƀöûñđ öƒ îţš öŵñ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Disk space all batch files (uploads and results) may take together, in GB; an upload that would go over it is refused.</source>
      <translation>[Đîšķ šþàçé àĺĺ ƀàţçĥ ƒîĺéš (ûþĺöàđš àñđ ŕéšûĺţš) ɱàý ţàķé ţöĝéţĥéŕ, îñ ĜƁ; àñ ûþĺöàđ ţĥàţ ŵöûĺđ ĝö öṽéŕ îţ îš ŕéƒûšéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Days after which an uploaded batch file is deleted, unless its upload set expires_after (0 keeps files until they are deleted). Results are kept.</source>
      <translation>[Đàýš àƒţéŕ ŵĥîçĥ àñ ûþĺöàđéđ ƀàţçĥ ƒîĺé îš đéĺéţéđ, ûñĺéšš îţš ûþĺöàđ šéţ éẋþîŕéš_àƒţéŕ (0 ķééþš ƒîĺéš ûñţîĺ ţĥéý àŕé đéĺéţéđ). Ŕéšûĺţš àŕé ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The language of the window and the tray: auto (the system's language) or the code of a language vLLM Tray ships, such as en.</source>
      <translation>[Ţĥé ĺàñĝûàĝé öƒ ţĥé ŵîñđöŵ àñđ ţĥé ţŕàý: àûţö (ţĥé šýšţéɱ'š ĺàñĝûàĝé) öŕ ţĥé çöđé öƒ à ĺàñĝûàĝé ṽĹĹṀ Ţŕàý šĥîþš, šûçĥ àš éñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Keep-alive lines while a stream waits</source>
      <translation>[Ķééþ-àĺîṽé ĺîñéš ŵĥîĺé à šţŕéàɱ ŵàîţš~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Most choices per request</source>
      <translation>[Ṁöšţ çĥöîçéš þéŕ ŕéǫûéšţ~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Disk space for batch files</source>
      <translation>[Đîšķ šþàçé ƒöŕ ƀàţçĥ ƒîĺéš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Delete uploaded batch files after</source>
      <translation>[Đéĺéţé ûþĺöàđéđ ƀàţçĥ ƒîĺéš àƒţéŕ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>In {source}, remove {flag}: set the model's option {setting} instead (with gpus to choose the GPUs), so that the app plans memory on every GPU the model uses.</source>
      <translation>[Îñ {source}, ŕéɱöṽé {flag}: šéţ ţĥé ɱöđéĺ'š öþţîöñ {setting} îñšţéàđ (ŵîţĥ ĝþûš ţö çĥööšé ţĥé ĜÞÛš), šö ţĥàţ ţĥé àþþ þĺàñš ɱéɱöŕý öñ éṽéŕý ĜÞÛ ţĥé ɱöđéĺ ûšéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>“{repo}” is not a Hugging Face repository id: write it as ORG/NAME, each part letters, digits, '-', '_' or '.' (at most 96 characters).</source>
      <translation>[“{repo}” îš ñöţ à Ĥûĝĝîñĝ Ƒàçé ŕéþöšîţöŕý îđ: ŵŕîţé îţ àš ÖŔĜ/ÑÅṀÉ, éàçĥ þàŕţ ĺéţţéŕš, đîĝîţš, '-', '_' öŕ '.' (àţ ɱöšţ 96 çĥàŕàçţéŕš).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>“{author}” is not a Hugging Face user or organisation name: use letters, digits, '-', '_' or '.' (at most 96 characters).</source>
      <translation>[“{author}” îš ñöţ à Ĥûĝĝîñĝ Ƒàçé ûšéŕ öŕ öŕĝàñîšàţîöñ ñàɱé: ûšé ĺéţţéŕš, đîĝîţš, '-', '_' öŕ '.' (àţ ɱöšţ 96 çĥàŕàçţéŕš).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Hugging Face refused this search: {reason}. Check the words and the author.</source>
      <translation>[Ĥûĝĝîñĝ Ƒàçé ŕéƒûšéđ ţĥîš šéàŕçĥ: {reason}. Çĥéçķ ţĥé ŵöŕđš àñđ ţĥé àûţĥöŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>An upload must be multipart/form-data with one "file" part and a "purpose" field.</source>
      <translation>[Åñ ûþĺöàđ ɱûšţ ƀé ɱûĺţîþàŕţ/ƒöŕɱ-đàţà ŵîţĥ öñé "ƒîĺé" þàŕţ àñđ à "þûŕþöšé" ƒîéĺđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The form field {field} must be UTF-8 text of at most {limit} bytes.</source>
      <translation>[Ţĥé ƒöŕɱ ƒîéĺđ {field} ɱûšţ ƀé ÛŢƑ-8 ţéẋţ öƒ àţ ɱöšţ {limit} ƀýţéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>limit must be a whole number; got {value}.</source>
      <translation>[ĺîɱîţ ɱûšţ ƀé à ŵĥöĺé ñûɱƀéŕ; ĝöţ {value}.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request needs a "{field}" field naming a model; available: {available}.</source>
      <translation>[Ţĥé ŕéǫûéšţ ñééđš à "{field}" ƒîéĺđ ñàɱîñĝ à ɱöđéĺ; àṽàîĺàƀĺé: {available}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>"{field}" must be {expected}.</source>
      <translation>["{field}" ɱûšţ ƀé {expected}.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no model called {model}. Available models: {available}.</source>
      <translation>[Ţĥéŕé îš ñö ɱöđéĺ çàĺĺéđ {model}. Åṽàîĺàƀĺé ɱöđéĺš: {available}.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is not downloaded yet. Download it with: vllm-tray pull {model}</source>
      <translation>[{model} îš ñöţ đöŵñĺöàđéđ ýéţ. Đöŵñĺöàđ îţ ŵîţĥ: ṽĺĺɱ-ţŕàý þûĺĺ {model}~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body is not valid JSON: {reason}.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý îš ñöţ ṽàĺîđ ĴŠÖÑ: {reason}.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body must be a JSON object.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý ɱûšţ ƀé à ĴŠÖÑ öƀĵéçţ.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The request body is larger than the limit of {limit_mib:g} MiB.</source>
      <translation>[Ţĥé ŕéǫûéšţ ƀöđý îš ĺàŕĝéŕ ţĥàñ ţĥé ĺîɱîţ öƒ {limit_mib:g} ṀîƁ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no endpoint at {path}.</source>
      <translation>[Ţĥéŕé îš ñö éñđþöîñţ àţ {path}.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{method} is not allowed on {path}; use {allowed}.</source>
      <translation>[{method} îš ñöţ àĺĺöŵéđ öñ {path}; ûšé {allowed}.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This endpoint needs its API key, sent as the header 'Authorization: Bearer &lt;key&gt;'; the key was missing or wrong.</source>
      <translation>[Ţĥîš éñđþöîñţ ñééđš îţš ÅÞÎ ķéý, šéñţ àš ţĥé ĥéàđéŕ 'Åûţĥöŕîžàţîöñ: Ɓéàŕéŕ &lt;key&gt;'; ţĥé ķéý ŵàš ɱîššîñĝ öŕ ŵŕöñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Requests addressed to {host} are refused: only loopback names and the hosts listed in proxy.allowed_hosts are served (a defence against DNS rebinding).</source>
      <translation>[Ŕéǫûéšţš àđđŕéššéđ ţö {host} àŕé ŕéƒûšéđ: öñĺý ĺööþƀàçķ ñàɱéš àñđ ţĥé ĥöšţš ĺîšţéđ îñ þŕöẋý.àĺĺöŵéđ_ĥöšţš àŕé šéŕṽéđ (à đéƒéñçé àĝàîñšţ ĐÑŠ ŕéƀîñđîñĝ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Requests from web pages at {origin} are refused; add the origin to proxy.cors_origins to allow them.</source>
      <translation>[Ŕéǫûéšţš ƒŕöɱ ŵéƀ þàĝéš àţ {origin} àŕé ŕéƒûšéđ; àđđ ţĥé öŕîĝîñ ţö þŕöẋý.çöŕš_öŕîĝîñš ţö àĺĺöŵ ţĥéɱ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Downloads are not available from this endpoint.</source>
      <translation>[Đöŵñĺöàđš àŕé ñöţ àṽàîĺàƀĺé ƒŕöɱ ţĥîš éñđþöîñţ.~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model} answered with a redirect ({status}) to {location}, which the endpoint does not follow; check the server's address.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model} àñšŵéŕéđ ŵîţĥ à ŕéđîŕéçţ ({status}) ţö {location}, ŵĥîçĥ ţĥé éñđþöîñţ đöéš ñöţ ƒöĺĺöŵ; çĥéçķ ţĥé šéŕṽéŕ'š àđđŕéšš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{param} may be at most {limit} on this endpoint (the setting {setting}); this request asked for {value}.</source>
      <translation>[{param} ɱàý ƀé àţ ɱöšţ {limit} öñ ţĥîš éñđþöîñţ (ţĥé šéţţîñĝ {setting}); ţĥîš ŕéǫûéšţ àšķéđ ƒöŕ {value}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The header {header} must be {expected}; got {value}.</source>
      <translation>[Ţĥé ĥéàđéŕ {header} ɱûšţ ƀé {expected}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint would listen on {host}, where other computers can reach it, but no API key is set. Set an API key first, or set proxy.host back to 127.0.0.1.</source>
      <translation>[Ţĥé éñđþöîñţ ŵöûĺđ ĺîšţéñ öñ {host}, ŵĥéŕé öţĥéŕ çöɱþûţéŕš çàñ ŕéàçĥ îţ, ƀûţ ñö ÅÞÎ ķéý îš šéţ. Šéţ àñ ÅÞÎ ķéý ƒîŕšţ, öŕ šéţ þŕöẋý.ĥöšţ ƀàçķ ţö 127.0.0.1.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Port {port} is already in use by another program, so the endpoint cannot start. Choose another port in the proxy.port setting.</source>
      <translation>[Þöŕţ {port} îš àĺŕéàđý îñ ûšé ƀý àñöţĥéŕ þŕöĝŕàɱ, šö ţĥé éñđþöîñţ çàññöţ šţàŕţ. Çĥööšé àñöţĥéŕ þöŕţ îñ ţĥé þŕöẋý.þöŕţ šéţţîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint cannot listen on {host} port {port}: {reason}.</source>
      <translation>[Ţĥé éñđþöîñţ çàññöţ ĺîšţéñ öñ {host} þöŕţ {port}: {reason}.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{reason}.</source>
      <translation>[{reason}.~~~~]</translation>
    </message>
    <message>
      <source>{address} cannot connect to this machine on port {port} ({reason}). The machines of a cluster must be able to connect to each other: check the firewall on this machine.</source>
      <translation>[{address} çàññöţ çöññéçţ ţö ţĥîš ɱàçĥîñé öñ þöŕţ {port} ({reason}). Ţĥé ɱàçĥîñéš öƒ à çĺûšţéŕ ɱûšţ ƀé àƀĺé ţö çöññéçţ ţö éàçĥ öţĥéŕ: çĥéçķ ţĥé ƒîŕéŵàĺĺ öñ ţĥîš ɱàçĥîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The agent on {address} answered {reason} when asked about its worker. Look at the output of the join command on that machine.</source>
      <translation>[Ţĥé àĝéñţ öñ {address} àñšŵéŕéđ {reason} ŵĥéñ àšķéđ àƀöûţ îţš ŵöŕķéŕ. Ĺööķ àţ ţĥé öûţþûţ öƒ ţĥé ĵöîñ çöɱɱàñđ öñ ţĥàţ ɱàçĥîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Something answers on {address} port {port}, but it is not a vLLM Tray cluster agent (it answered HTTP {status}). Check the port given for that machine, and run the join command shown for it there.</source>
      <translation>[Šöɱéţĥîñĝ àñšŵéŕš öñ {address} þöŕţ {port}, ƀûţ îţ îš ñöţ à ṽĹĹṀ Ţŕàý çĺûšţéŕ àĝéñţ (îţ àñšŵéŕéđ ĤŢŢÞ {status}). Çĥéçķ ţĥé þöŕţ ĝîṽéñ ƒöŕ ţĥàţ ɱàçĥîñé, àñđ ŕûñ ţĥé ĵöîñ çöɱɱàñđ šĥöŵñ ƒöŕ îţ ţĥéŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} does not answer on port {port} ({reason}). Is the join command running there, and does its firewall let this machine in?</source>
      <translation>[{address} đöéš ñöţ àñšŵéŕ öñ þöŕţ {port} ({reason}). Îš ţĥé ĵöîñ çöɱɱàñđ ŕûññîñĝ ţĥéŕé, àñđ đöéš îţš ƒîŕéŵàĺĺ ĺéţ ţĥîš ɱàçĥîñé îñ?~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} could not start its part of the model: {reason}. The output of the join command on that machine says more.</source>
      <translation>[{address} çöûĺđ ñöţ šţàŕţ îţš þàŕţ öƒ ţĥé ɱöđéĺ: {reason}. Ţĥé öûţþûţ öƒ ţĥé ĵöîñ çöɱɱàñđ öñ ţĥàţ ɱàçĥîñé šàýš ɱöŕé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The check of {address} failed: its agent answered {reason}. Look at the output of the join command on that machine, and start it again there if it stopped.</source>
      <translation>[Ţĥé çĥéçķ öƒ {address} ƒàîĺéđ: îţš àĝéñţ àñšŵéŕéđ {reason}. Ĺööķ àţ ţĥé öûţþûţ öƒ ţĥé ĵöîñ çöɱɱàñđ öñ ţĥàţ ɱàçĥîñé, àñđ šţàŕţ îţ àĝàîñ ţĥéŕé îƒ îţ šţöþþéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The agent on {address} answered {reason} when asked to stop its worker. Look at the output of the join command on that machine.</source>
      <translation>[Ţĥé àĝéñţ öñ {address} àñšŵéŕéđ {reason} ŵĥéñ àšķéđ ţö šţöþ îţš ŵöŕķéŕ. Ĺööķ àţ ţĥé öûţþûţ öƒ ţĥé ĵöîñ çöɱɱàñđ öñ ţĥàţ ɱàçĥîñé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} refused this cluster's token. Run the join command shown for it again (setting the cluster up again makes a new token).</source>
      <translation>[{address} ŕéƒûšéđ ţĥîš çĺûšţéŕ'š ţöķéñ. Ŕûñ ţĥé ĵöîñ çöɱɱàñđ šĥöŵñ ƒöŕ îţ àĝàîñ (šéţţîñĝ ţĥé çĺûšţéŕ ûþ àĝàîñ ɱàķéš à ñéŵ ţöķéñ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} was joined to another head address. Run the join command shown for it again.</source>
      <translation>[{address} ŵàš ĵöîñéđ ţö àñöţĥéŕ ĥéàđ àđđŕéšš. Ŕûñ ţĥé ĵöîñ çöɱɱàñđ šĥöŵñ ƒöŕ îţ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} is not an address of this machine; give the address this machine has on the network the cluster uses.</source>
      <translation>[{address} îš ñöţ àñ àđđŕéšš öƒ ţĥîš ɱàçĥîñé; ĝîṽé ţĥé àđđŕéšš ţĥîš ɱàçĥîñé ĥàš öñ ţĥé ñéţŵöŕķ ţĥé çĺûšţéŕ ûšéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine command {command} cannot run as a cluster worker; use the CPU or ROCm engine, or a custom engine that starts with 'vllm serve'.</source>
      <translation>[Ţĥé éñĝîñé çöɱɱàñđ {command} çàññöţ ŕûñ àš à çĺûšţéŕ ŵöŕķéŕ; ûšé ţĥé ÇÞÛ öŕ ŔÖÇɱ éñĝîñé, öŕ à çûšţöɱ éñĝîñé ţĥàţ šţàŕţš ŵîţĥ 'ṽĺĺɱ šéŕṽé'.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB on {device} but only {free_gb:.2f} of {budget_gb:.2f} GB are free there, and no idle model can be unloaded to make room. Lower its ctx_size, run it on other GPUs (gpus), or raise the memory budget (memory.budget_gb).</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ öñ {device} ƀûţ öñĺý {free_gb:.2f} öƒ {budget_gb:.2f} ĜƁ àŕé ƒŕéé ţĥéŕé, àñđ ñö îđĺé ɱöđéĺ çàñ ƀé ûñĺöàđéđ ţö ɱàķé ŕööɱ. Ĺöŵéŕ îţš çţẋ_šîžé, ŕûñ îţ öñ öţĥéŕ ĜÞÛš (ĝþûš), öŕ ŕàîšé ţĥé ɱéɱöŕý ƀûđĝéţ (ɱéɱöŕý.ƀûđĝéţ_ĝƀ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Benchmarks go through vLLM Tray's endpoint, which is stopped. Start it first.</source>
      <translation>[Ɓéñçĥɱàŕķš ĝö ţĥŕöûĝĥ ṽĹĹṀ Ţŕàý'š éñđþöîñţ, ŵĥîçĥ îš šţöþþéđ. Šţàŕţ îţ ƒîŕšţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Part of vLLM Tray did not start: {reason}. The log has the details.</source>
      <translation>[Þàŕţ öƒ ṽĹĹṀ Ţŕàý đîđ ñöţ šţàŕţ: {reason}. Ţĥé ĺöĝ ĥàš ţĥé đéţàîĺš.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The batch stopped unexpectedly: {reason}. It is paused; resume it to try again.</source>
      <translation>[Ţĥé ƀàţçĥ šţöþþéđ ûñéẋþéçţéđĺý: {reason}. Îţ îš þàûšéđ; ŕéšûɱé îţ ţö ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This endpoint keeps files for batches only: purpose must be "batch"; got {purpose}.</source>
      <translation>[Ţĥîš éñđþöîñţ ķééþš ƒîĺéš ƒöŕ ƀàţçĥéš öñĺý: þûŕþöšé ɱûšţ ƀé "ƀàţçĥ"; ĝöţ {purpose}.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The batch {batch_id} has already ended ({status}).</source>
      <translation>[Ţĥé ƀàţçĥ {batch_id} ĥàš àĺŕéàđý éñđéđ ({status}).~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Waiting for the endpoint: batch jobs run through it. Start it to go on.</source>
      <translation>[Ŵàîţîñĝ ƒöŕ ţĥé éñđþöîñţ: ƀàţçĥ ĵöƀš ŕûñ ţĥŕöûĝĥ îţ. Šţàŕţ îţ ţö ĝö öñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file_id} was not uploaded with purpose "batch".</source>
      <translation>[{file_id} ŵàš ñöţ ûþĺöàđéđ ŵîţĥ þûŕþöšé "ƀàţçĥ".~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{file_id} belongs to the batch {batch_id}, which is still running.</source>
      <translation>[{file_id} ƀéĺöñĝš ţö ţĥé ƀàţçĥ {batch_id}, ŵĥîçĥ îš šţîĺĺ ŕûññîñĝ.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint at {url} stopped answering ({reason}). The results so far are kept; run the batch again to resume.</source>
      <translation>[Ţĥé éñđþöîñţ àţ {url} šţöþþéđ àñšŵéŕîñĝ ({reason}). Ţĥé ŕéšûĺţš šö ƒàŕ àŕé ķéþţ; ŕûñ ţĥé ƀàţçĥ àĝàîñ ţö ŕéšûɱé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} did not answer through the endpoint ({status}): {message}</source>
      <translation>[{model} đîđ ñöţ àñšŵéŕ ţĥŕöûĝĥ ţĥé éñđþöîñţ ({status}): {message}~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} must be a whole number from 1 to {top}; got {value}.</source>
      <translation>[{name} ɱûšţ ƀé à ŵĥöĺé ñûɱƀéŕ ƒŕöɱ 1 ţö {top}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is being benchmarked or tuned already.</source>
      <translation>[{model} îš ƀéîñĝ ƀéñçĥɱàŕķéđ öŕ ţûñéđ àĺŕéàđý.~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The endpoint at {url} did not answer: {reason}.</source>
      <translation>[Ţĥé éñđþöîñţ àţ {url} đîđ ñöţ àñšŵéŕ: {reason}.~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The worker on {address} ended (exit code {exit_code}), so the model was stopped. Its last output: {tail}</source>
      <translation>[Ţĥé ŵöŕķéŕ öñ {address} éñđéđ (éẋîţ çöđé {exit_code}), šö ţĥé ɱöđéĺ ŵàš šţöþþéđ. Îţš ĺàšţ öûţþûţ: {tail}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{address} stopped answering ({reason}); the model was stopped.</source>
      <translation>[{address} šţöþþéđ àñšŵéŕîñĝ ({reason}); ţĥé ɱöđéĺ ŵàš šţöþþéđ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Stop the cluster before changing it.</source>
      <translation>[Šţöþ ţĥé çĺûšţéŕ ƀéƒöŕé çĥàñĝîñĝ îţ.~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Port {port} on {address} cannot be used ({reason}); choose another master port.</source>
      <translation>[Þöŕţ {port} öñ {address} çàññöţ ƀé ûšéđ ({reason}); çĥööšé àñöţĥéŕ ɱàšţéŕ þöŕţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The memory for request bodies ({budget} MiB) must hold at least one request of the largest size ({largest} MiB).</source>
      <translation>[Ţĥé ɱéɱöŕý ƒöŕ ŕéǫûéšţ ƀöđîéš ({budget} ṀîƁ) ɱûšţ ĥöĺđ àţ ĺéàšţ öñé ŕéǫûéšţ öƒ ţĥé ĺàŕĝéšţ šîžé ({largest} ṀîƁ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{name} is not a secret vLLM Tray keeps (api_key or hf_token).</source>
      <translation>[{name} îš ñöţ à šéçŕéţ ṽĹĹṀ Ţŕàý ķééþš (àþî_ķéý öŕ ĥƒ_ţöķéñ).~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The load generator failed: {detail}. Its log is {log}.</source>
      <translation>[Ţĥé ĺöàđ ĝéñéŕàţöŕ ƒàîĺéđ: {detail}. Îţš ĺöĝ îš {log}.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM's benchmark cannot run with this engine: {detail}.</source>
      <translation>[ṽĹĹṀ'š ƀéñçĥɱàŕķ çàññöţ ŕûñ ŵîţĥ ţĥîš éñĝîñé: {detail}.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The load generator must be one of {choices}; got {value}.</source>
      <translation>[Ţĥé ĺöàđ ĝéñéŕàţöŕ ɱûšţ ƀé öñé öƒ {choices}; ĝöţ {value}.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The tune used its {n} engine starts without an answer.</source>
      <translation>[Ţĥé ţûñé ûšéđ îţš {n} éñĝîñé šţàŕţš ŵîţĥöûţ àñ àñšŵéŕ.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another request started {model} with its own settings while the tune was restarting it. Try again while nothing else uses the model.</source>
      <translation>[Åñöţĥéŕ ŕéǫûéšţ šţàŕţéđ {model} ŵîţĥ îţš öŵñ šéţţîñĝš ŵĥîĺé ţĥé ţûñé ŵàš ŕéšţàŕţîñĝ îţ. Ţŕý àĝàîñ ŵĥîĺé ñöţĥîñĝ éĺšé ûšéš ţĥé ɱöđéĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Even one request at a time misses the latency objective (time to first token {ttft} ms, inter-token {itl} ms): nothing to tune. Loosen the objective or use a smaller model.</source>
      <translation>[Éṽéñ öñé ŕéǫûéšţ àţ à ţîɱé ɱîššéš ţĥé ĺàţéñçý öƀĵéçţîṽé (ţîɱé ţö ƒîŕšţ ţöķéñ {ttft} ɱš, îñţéŕ-ţöķéñ {itl} ɱš): ñöţĥîñĝ ţö ţûñé. Ĺööšéñ ţĥé öƀĵéçţîṽé öŕ ûšé à šɱàĺĺéŕ ɱöđéĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model_id} was killed from outside the app, by another program or by the system when memory ran out.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model_id} ŵàš ķîĺĺéđ ƒŕöɱ öûţšîđé ţĥé àþþ, ƀý àñöţĥéŕ þŕöĝŕàɱ öŕ ƀý ţĥé šýšţéɱ ŵĥéñ ɱéɱöŕý ŕàñ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {model_id} failed: its vLLM server was killed from outside the app, by another program or by the system when memory ran out.</source>
      <translation>[Ĺöàđîñĝ {model_id} ƒàîĺéđ: îţš ṽĹĹṀ šéŕṽéŕ ŵàš ķîĺĺéđ ƒŕöɱ öûţšîđé ţĥé àþþ, ƀý àñöţĥéŕ þŕöĝŕàɱ öŕ ƀý ţĥé šýšţéɱ ŵĥéñ ɱéɱöŕý ŕàñ öûţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model_id} was stopped from outside the app ({signal}).</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model_id} ŵàš šţöþþéđ ƒŕöɱ öûţšîđé ţĥé àþþ ({signal}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {model_id} failed: its vLLM server was stopped from outside the app ({signal}).</source>
      <translation>[Ĺöàđîñĝ {model_id} ƒàîĺéđ: îţš ṽĹĹṀ šéŕṽéŕ ŵàš šţöþþéđ ƒŕöɱ öûţšîđé ţĥé àþþ ({signal}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Install the {value} engine and load</source>
      <translation>[Îñšţàĺĺ ţĥé {value} éñĝîñé àñđ ĺöàđ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} did not wake up from sleep ({detail}); it is loaded again instead.</source>
      <translation>[{model} đîđ ñöţ ŵàķé ûþ ƒŕöɱ šĺééþ ({detail}); îţ îš ĺöàđéđ àĝàîñ îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} did not go to sleep ({detail}); it is unloaded instead.</source>
      <translation>[{model} đîđ ñöţ ĝö ţö šĺééþ ({detail}); îţ îš ûñĺöàđéđ îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Only {free_gib} of {total_gib} GiB of memory was free, less than the {utilization} memory utilization asks for (on the CPU engine GPU memory utilization is a share of RAM). Use {safe} or less, or close other programs.</source>
      <translation>[Öñĺý {free_gib} öƒ {total_gib} ĜîƁ öƒ ɱéɱöŕý ŵàš ƒŕéé, ĺéšš ţĥàñ ţĥé {utilization} ɱéɱöŕý ûţîĺîžàţîöñ àšķš ƒöŕ (öñ ţĥé ÇÞÛ éñĝîñé ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ îš à šĥàŕé öƒ ŔÅṀ). Ûšé {safe} öŕ ĺéšš, öŕ çĺöšé öţĥéŕ þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only {available_gib} GiB is available. Lower the context size or make the KV cache bigger (GPU memory utilization, or the KV cache size).</source>
      <translation>[Ţĥé çöñţéẋţ šîžé {ctx_size} ñééđš {needed_gib} ĜîƁ öƒ ĶṼ çàçĥé, ƀûţ öñĺý {available_gib} ĜîƁ îš àṽàîĺàƀĺé. Ĺöŵéŕ ţĥé çöñţéẋţ šîžé öŕ ɱàķé ţĥé ĶṼ çàçĥé ƀîĝĝéŕ (ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ, öŕ ţĥé ĶṼ çàçĥé šîžé).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model folder {path} has no weights vLLM can load (no .safetensors or .bin files). Download the model again, or point the model at a complete folder.</source>
      <translation>[Ţĥé ɱöđéĺ ƒöĺđéŕ {path} ĥàš ñö ŵéîĝĥţš ṽĹĹṀ çàñ ĺöàđ (ñö .šàƒéţéñšöŕš öŕ .ƀîñ ƒîĺéš). Đöŵñĺöàđ ţĥé ɱöđéĺ àĝàîñ, öŕ þöîñţ ţĥé ɱöđéĺ àţ à çöɱþĺéţé ƒöĺđéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model's config.json in {path} cannot be read ({detail}). Download the model again, or repair the file.</source>
      <translation>[Ţĥé ɱöđéĺ'š çöñƒîĝ.ĵšöñ îñ {path} çàññöţ ƀé ŕéàđ ({detail}). Đöŵñĺöàđ ţĥé ɱöđéĺ àĝàîñ, öŕ ŕéþàîŕ ţĥé ƒîĺé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This vLLM does not know the option {flags}. Remove it from the model's vLLM arguments (or the settings' extra arguments).</source>
      <translation>[Ţĥîš ṽĹĹṀ đöéš ñöţ ķñöŵ ţĥé öþţîöñ {flags}. Ŕéɱöṽé îţ ƒŕöɱ ţĥé ɱöđéĺ'š ṽĹĹṀ àŕĝûɱéñţš (öŕ ţĥé šéţţîñĝš' éẋţŕà àŕĝûɱéñţš).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM does not accept {value} for {flag}; it accepts {choices}. Change it in the model's vLLM arguments.</source>
      <translation>[ṽĹĹṀ đöéš ñöţ àççéþţ {value} ƒöŕ {flag}; îţ àççéþţš {choices}. Çĥàñĝé îţ îñ ţĥé ɱöđéĺ'š ṽĹĹṀ àŕĝûɱéñţš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model_id} was not ready after {timeout_s} seconds. A cold first load compiles kernels and can take many minutes; raise the load timeout and try again.</source>
      <translation>[{model_id} ŵàš ñöţ ŕéàđý àƒţéŕ {timeout_s} šéçöñđš. Å çöĺđ ƒîŕšţ ĺöàđ çöɱþîĺéš ķéŕñéĺš àñđ çàñ ţàķé ɱàñý ɱîñûţéš; ŕàîšé ţĥé ĺöàđ ţîɱéöûţ àñđ ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine command {command} was not found. Install an engine with vllm-tray engine install, or set the custom engine command.</source>
      <translation>[Ţĥé éñĝîñé çöɱɱàñđ {command} ŵàš ñöţ ƒöûñđ. Îñšţàĺĺ àñ éñĝîñé ŵîţĥ ṽĺĺɱ-ţŕàý éñĝîñé îñšţàĺĺ, öŕ šéţ ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {model_id} was stopped before it finished.</source>
      <translation>[Ĺöàđîñĝ {model_id} ŵàš šţöþþéđ ƀéƒöŕé îţ ƒîñîšĥéđ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model_id} cannot start: the app is shutting down.</source>
      <translation>[{model_id} çàññöţ šţàŕţ: ţĥé àþþ îš šĥûţţîñĝ đöŵñ.~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The KV cache asks for {requested_gib} GiB of memory, but only {free_gib} of {total_gib} GiB is free. Make the KV cache smaller (VLLM_CPU_KVCACHE_SPACE or --kv-cache-memory-bytes; about {fits_gib} GiB fits now), or close other programs.</source>
      <translation>[Ţĥé ĶṼ çàçĥé àšķš ƒöŕ {requested_gib} ĜîƁ öƒ ɱéɱöŕý, ƀûţ öñĺý {free_gib} öƒ {total_gib} ĜîƁ îš ƒŕéé. Ṁàķé ţĥé ĶṼ çàçĥé šɱàĺĺéŕ (ṼĹĹṀ_ÇÞÛ_ĶṼÇÅÇĤÉ_ŠÞÅÇÉ öŕ --ķṽ-çàçĥé-ɱéɱöŕý-ƀýţéš; àƀöûţ {fits_gib} ĜîƁ ƒîţš ñöŵ), öŕ çĺöšé öţĥéŕ þŕöĝŕàɱš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The KV cache holds fewer tokens than one request of the context size {ctx_size} needs ({needed_gib} GiB needed, {available_gib} GiB available). Lower the context size (at most {estimated_max} fits) or make the KV cache bigger.</source>
      <translation>[Ţĥé ĶṼ çàçĥé ĥöĺđš ƒéŵéŕ ţöķéñš ţĥàñ öñé ŕéǫûéšţ öƒ ţĥé çöñţéẋţ šîžé {ctx_size} ñééđš ({needed_gib} ĜîƁ ñééđéđ, {available_gib} ĜîƁ àṽàîĺàƀĺé). Ĺöŵéŕ ţĥé çöñţéẋţ šîžé (àţ ɱöšţ {estimated_max} ƒîţš) öŕ ɱàķé ţĥé ĶṼ çàçĥé ƀîĝĝéŕ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The context size {ctx_size} is larger than this model supports ({limit}, its {limit_key}). Set the context size to {limit} or less.</source>
      <translation>[Ţĥé çöñţéẋţ šîžé {ctx_size} îš ĺàŕĝéŕ ţĥàñ ţĥîš ɱöđéĺ šûþþöŕţš ({limit}, îţš {limit_key}). Šéţ ţĥé çöñţéẋţ šîžé ţö {limit} öŕ ĺéšš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM refused its command line: {message}</source>
      <translation>[ṽĹĹṀ ŕéƒûšéđ îţš çöɱɱàñđ ĺîñé: {message}~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Another program took the port chosen for {model_id} before vLLM could use it, several times in a row. Try again.</source>
      <translation>[Åñöţĥéŕ þŕöĝŕàɱ ţööķ ţĥé þöŕţ çĥöšéñ ƒöŕ {model_id} ƀéƒöŕé ṽĹĹṀ çöûĺđ ûšé îţ, šéṽéŕàĺ ţîɱéš îñ à ŕöŵ. Ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine command runs a Python without a working vLLM ({cause}). Reinstall the engine, or fix the custom engine command.</source>
      <translation>[Ţĥé éñĝîñé çöɱɱàñđ ŕûñš à Þýţĥöñ ŵîţĥöûţ à ŵöŕķîñĝ ṽĹĹṀ ({cause}). Ŕéîñšţàĺĺ ţĥé éñĝîñé, öŕ ƒîẋ ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Only {free_gib} of {total_gib} GiB of GPU memory was free, less than the {utilization} GPU memory utilization asks for. Use {safe} or less, or close what else uses the GPU.</source>
      <translation>[Öñĺý {free_gib} öƒ {total_gib} ĜîƁ öƒ ĜÞÛ ɱéɱöŕý ŵàš ƒŕéé, ĺéšš ţĥàñ ţĥé {utilization} ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ àšķš ƒöŕ. Ûšé {safe} öŕ ĺéšš, öŕ çĺöšé ŵĥàţ éĺšé ûšéš ţĥé ĜÞÛ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The model's weights left no memory for the KV cache. Raise GPU memory utilization or choose a smaller model.</source>
      <translation>[Ţĥé ɱöđéĺ'š ŵéîĝĥţš ĺéƒţ ñö ɱéɱöŕý ƒöŕ ţĥé ĶṼ çàçĥé. Ŕàîšé ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ öŕ çĥööšé à šɱàĺĺéŕ ɱöđéĺ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This vLLM build does not support the model's architecture ({architecture}).</source>
      <translation>[Ţĥîš ṽĹĹṀ ƀûîĺđ đöéš ñöţ šûþþöŕţ ţĥé ɱöđéĺ'š àŕçĥîţéçţûŕé ({architecture}).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The GPU ran out of memory. Lower GPU memory utilization or the context size, or close what else uses the GPU.</source>
      <translation>[Ţĥé ĜÞÛ ŕàñ öûţ öƒ ɱéɱöŕý. Ĺöŵéŕ ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ öŕ ţĥé çöñţéẋţ šîžé, öŕ çĺöšé ŵĥàţ éĺšé ûšéš ţĥé ĜÞÛ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine command {command} exists but cannot be executed.</source>
      <translation>[Ţĥé éñĝîñé çöɱɱàñđ {command} éẋîšţš ƀûţ çàññöţ ƀé éẋéçûţéđ.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Install the {value} engine again</source>
      <translation>[Îñšţàĺĺ ţĥé {value} éñĝîñé àĝàîñ~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Install the newer {value} engine</source>
      <translation>[Îñšţàĺĺ ţĥé ñéŵéŕ {value} éñĝîñé~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set GPU memory utilization to {value}</source>
      <translation>[Šéţ ĜÞÛ ɱéɱöŕý ûţîĺîžàţîöñ ţö {value}~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set the context size to {value}</source>
      <translation>[Šéţ ţĥé çöñţéẋţ šîžé ţö {value}~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Set the load timeout to {value} s</source>
      <translation>[Šéţ ţĥé ĺöàđ ţîɱéöûţ ţö {value} š~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Downloading {url} failed: {reason}. Try again; finished parts are kept.</source>
      <translation>[Đöŵñĺöàđîñĝ {url} ƒàîĺéđ: {reason}. Ţŕý àĝàîñ; ƒîñîšĥéđ þàŕţš àŕé ķéþţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine archive was refused: its entry “{member}” {reason}. Nothing from it was installed.</source>
      <translation>[Ţĥé éñĝîñé àŕçĥîṽé ŵàš ŕéƒûšéđ: îţš éñţŕý “{member}” {reason}. Ñöţĥîñĝ ƒŕöɱ îţ ŵàš îñšţàĺĺéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The engine archive {file} is damaged ({reason}). Download it again.</source>
      <translation>[Ţĥé éñĝîñé àŕçĥîṽé {file} îš đàɱàĝéđ ({reason}). Đöŵñĺöàđ îţ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is not enough free disk space in {path} for the engine.</source>
      <translation>[Ţĥéŕé îš ñöţ éñöûĝĥ ƒŕéé đîšķ šþàçé îñ {path} ƒöŕ ţĥé éñĝîñé.~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The {kind} engine is not installed. Install it with: vllm-tray engine install {kind}</source>
      <translation>[Ţĥé {kind} éñĝîñé îš ñöţ îñšţàĺĺéđ. Îñšţàĺĺ îţ ŵîţĥ: ṽĺĺɱ-ţŕàý éñĝîñé îñšţàĺĺ {kind}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Installing the {kind} engine failed at step {phase}:
{detail}</source>
      <translation>[Îñšţàĺĺîñĝ ţĥé {kind} éñĝîñé ƒàîĺéđ àţ šţéþ {phase}:
{detail}~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Installing the {kind} engine was cancelled.</source>
      <translation>[Îñšţàĺĺîñĝ ţĥé {kind} éñĝîñé ŵàš çàñçéĺĺéđ.~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Longest a load may take in all, in seconds. A load that still makes progress is never stopped before this: a cold first load compiles kernels for many minutes.</source>
      <translation>[Ĺöñĝéšţ à ĺöàđ ɱàý ţàķé îñ àĺĺ, îñ šéçöñđš. Å ĺöàđ ţĥàţ šţîĺĺ ɱàķéš þŕöĝŕéšš îš ñéṽéŕ šţöþþéđ ƀéƒöŕé ţĥîš: à çöĺđ ƒîŕšţ ĺöàđ çöɱþîĺéš ķéŕñéĺš ƒöŕ ɱàñý ɱîñûţéš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Seconds a load may go without any sign of progress (no new log line and no CPU use by the engine) before it is stopped as stuck.</source>
      <translation>[Šéçöñđš à ĺöàđ ɱàý ĝö ŵîţĥöûţ àñý šîĝñ öƒ þŕöĝŕéšš (ñö ñéŵ ĺöĝ ĺîñé àñđ ñö ÇÞÛ ûšé ƀý ţĥé éñĝîñé) ƀéƒöŕé îţ îš šţöþþéđ àš šţûçķ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} needs about {needed_gb:.2f} GB but only {free_gb:.2f} of {budget_gb:.2f} GB are free, and no idle model can be unloaded to make room. Lower its ctx_size, or raise the memory budget (memory.budget_gb).</source>
      <translation>[{model} ñééđš àƀöûţ {needed_gb:.2f} ĜƁ ƀûţ öñĺý {free_gb:.2f} öƒ {budget_gb:.2f} ĜƁ àŕé ƒŕéé, àñđ ñö îđĺé ɱöđéĺ çàñ ƀé ûñĺöàđéđ ţö ɱàķé ŕööɱ. Ĺöŵéŕ îţš çţẋ_šîžé, öŕ ŕàîšé ţĥé ɱéɱöŕý ƀûđĝéţ (ɱéɱöŕý.ƀûđĝéţ_ĝƀ).~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No Hugging Face token is set.</source>
      <translation>[Ñö Ĥûĝĝîñĝ Ƒàçé ţöķéñ îš šéţ.~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM Tray running at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
      <translation>[Ţĥé ṽĹĹṀ Ţŕàý ŕûññîñĝ àţ {url} ŕéƒûšéđ îţš ÅÞÎ ķéý. Šàṽé ţĥé ķéý ŵîţĥ `ṽĺĺɱ-ţŕàý çöñƒîĝ šéţ-šéçŕéţ àþî_ķéý` öŕ šéţ ṼĹĹṀ_ŢŔÅÝ_ÅÞÎ_ĶÉÝ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Lemonade's files or vLLM Tray's changed since the import was shown; nothing was imported. Look at the import again.</source>
      <translation>[Ĺéɱöñàđé'š ƒîĺéš öŕ ṽĹĹṀ Ţŕàý'š çĥàñĝéđ šîñçé ţĥé îɱþöŕţ ŵàš šĥöŵñ; ñöţĥîñĝ ŵàš îɱþöŕţéđ. Ĺööķ àţ ţĥé îɱþöŕţ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} gave no first token: {reason}</source>
      <translation>[{model} ĝàṽé ñö ƒîŕšţ ţöķéñ: {reason}~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} was loaded already by someone else; measure again.</source>
      <translation>[{model} ŵàš ĺöàđéđ àĺŕéàđý ƀý šöɱéöñé éĺšé; ɱéàšûŕé àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} was not pre-warmed: {others} is loaded, and pre-warming must not take its memory. Load {model} when you need it.</source>
      <translation>[{model} ŵàš ñöţ þŕé-ŵàŕɱéđ: {others} îš ĺöàđéđ, àñđ þŕé-ŵàŕɱîñĝ ɱûšţ ñöţ ţàķé îţš ɱéɱöŕý. Ĺöàđ {model} ŵĥéñ ýöû ñééđ îţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} is loaded already.</source>
      <translation>[{model} îš ĺöàđéđ àĺŕéàđý.~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model} has loaded on this engine before.</source>
      <translation>[{model} ĥàš ĺöàđéđ öñ ţĥîš éñĝîñé ƀéƒöŕé.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} holds no model weights (no .safetensors or .bin files).</source>
      <translation>[{repo} ĥöĺđš ñö ɱöđéĺ ŵéîĝĥţš (ñö .šàƒéţéñšöŕš öŕ .ƀîñ ƒîĺéš).~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>A model called user.{name} exists already (it is {checkpoint}). Choose another name.</source>
      <translation>[Å ɱöđéĺ çàĺĺéđ ûšéŕ.{name} éẋîšţš àĺŕéàđý (îţ îš {checkpoint}). Çĥööšé àñöţĥéŕ ñàɱé.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{repo} holds only GGUF files, which vLLM does not load from a Hugging Face repository. Look for the same model in safetensors format.</source>
      <translation>[{repo} ĥöĺđš öñĺý ĜĜÛƑ ƒîĺéš, ŵĥîçĥ ṽĹĹṀ đöéš ñöţ ĺöàđ ƒŕöɱ à Ĥûĝĝîñĝ Ƒàçé ŕéþöšîţöŕý. Ĺööķ ƒöŕ ţĥé šàɱé ɱöđéĺ îñ šàƒéţéñšöŕš ƒöŕɱàţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM's own start-up benchmark failed (exit {status}): {tail}</source>
      <translation>[ṽĹĹṀ'š öŵñ šţàŕţ-ûþ ƀéñçĥɱàŕķ ƒàîĺéđ (éẋîţ {status}): {tail}~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>--max-num-seqs {value} is not what the last tune of {model} proposed; run the tune again and apply its result.</source>
      <translation>[--ɱàẋ-ñûɱ-šéǫš {value} îš ñöţ ŵĥàţ ţĥé ĺàšţ ţûñé öƒ {model} þŕöþöšéđ; ŕûñ ţĥé ţûñé àĝàîñ àñđ àþþĺý îţš ŕéšûĺţ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model_id} exited with code {exit_code} while loading: {cause}</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model_id} éẋîţéđ ŵîţĥ çöđé {exit_code} ŵĥîĺé ĺöàđîñĝ: {cause}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Loading {model_id} stalled: for {stall_s} seconds vLLM printed nothing and its processes used no CPU, so it was stopped. The log shows where it stopped.</source>
      <translation>[Ĺöàđîñĝ {model_id} šţàĺĺéđ: ƒöŕ {stall_s} šéçöñđš ṽĹĹṀ þŕîñţéđ ñöţĥîñĝ àñđ îţš þŕöçéššéš ûšéđ ñö ÇÞÛ, šö îţ ŵàš šţöþþéđ. Ţĥé ĺöĝ šĥöŵš ŵĥéŕé îţ šţöþþéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model_id} stopped responding ({misses} health checks in a row, about {silent_s} seconds) and was killed. The next request starts it again.</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model_id} šţöþþéđ ŕéšþöñđîñĝ ({misses} ĥéàĺţĥ çĥéçķš îñ à ŕöŵ, àƀöûţ {silent_s} šéçöñđš) àñđ ŵàš ķîĺĺéđ. Ţĥé ñéẋţ ŕéǫûéšţ šţàŕţš îţ àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model_id} crashed {failures} times in a row, so the app stopped restarting it. Last time: {cause} Load it again, or change its options, to try again.</source>
      <translation>[{model_id} çŕàšĥéđ {failures} ţîɱéš îñ à ŕöŵ, šö ţĥé àþþ šţöþþéđ ŕéšţàŕţîñĝ îţ. Ĺàšţ ţîɱé: {cause} Ĺöàđ îţ àĝàîñ, öŕ çĥàñĝé îţš öþţîöñš, ţö ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{model_id} failed to start {failures} times in a row, so the app stopped trying. Last time: {cause} Load it again, or change its options, to try again.</source>
      <translation>[{model_id} ƒàîĺéđ ţö šţàŕţ {failures} ţîɱéš îñ à ŕöŵ, šö ţĥé àþþ šţöþþéđ ţŕýîñĝ. Ĺàšţ ţîɱé: {cause} Ĺöàđ îţ àĝàîñ, öŕ çĥàñĝé îţš öþţîöñš, ţö ţŕý àĝàîñ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Something went wrong inside the app while handling {model_id}. The app's log has the details; stopping and loading the model again may help.</source>
      <translation>[Šöɱéţĥîñĝ ŵéñţ ŵŕöñĝ îñšîđé ţĥé àþþ ŵĥîĺé ĥàñđĺîñĝ {model_id}. Ţĥé àþþ'š ĺöĝ ĥàš ţĥé đéţàîĺš; šţöþþîñĝ àñđ ĺöàđîñĝ ţĥé ɱöđéĺ àĝàîñ ɱàý ĥéĺþ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>vLLM's engine core died (exit code {exit_code}): {cause}</source>
      <translation>[ṽĹĹṀ'š éñĝîñé çöŕé đîéđ (éẋîţ çöđé {exit_code}): {cause}~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The vLLM server of {model_id} stopped by itself (exit code {exit_code}): {cause}</source>
      <translation>[Ţĥé ṽĹĹṀ šéŕṽéŕ öƒ {model_id} šţöþþéđ ƀý îţšéĺƒ (éẋîţ çöđé {exit_code}): {cause}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The {kind} engine in {path} is incomplete. Reinstall it with: vllm-tray engine install {kind}</source>
      <translation>[Ţĥé {kind} éñĝîñé îñ {path} îš îñçöɱþĺéţé. Ŕéîñšţàĺĺ îţ ŵîţĥ: ṽĺĺɱ-ţŕàý éñĝîñé îñšţàĺĺ {kind}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>{family} family defaults</source>
      <translation>[{family} ƒàɱîĺý đéƒàûĺţš~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Engine defaults</source>
      <translation>[Éñĝîñé đéƒàûĺţš~~~~~~]</translation>
    </message>
    <message>
      <source>Settings for all models</source>
      <translation>[Šéţţîñĝš ƒöŕ àĺĺ ɱöđéĺš~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This model's built-in arguments</source>
      <translation>[Ţĥîš ɱöđéĺ'š ƀûîĺţ-îñ àŕĝûɱéñţš~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Extra vLLM arguments for every model</source>
      <translation>[Éẋţŕà ṽĹĹṀ àŕĝûɱéñţš ƒöŕ éṽéŕý ɱöđéĺ~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This model's vLLM arguments</source>
      <translation>[Ţĥîš ɱöđéĺ'š ṽĹĹṀ àŕĝûɱéñţš~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>GPUs and parallel sizes</source>
      <translation>[ĜÞÛš àñđ þàŕàĺĺéĺ šîžéš~~~~~~~~~]</translation>
    </message>
    <message>
      <source>This start only</source>
      <translation>[Ţĥîš šţàŕţ öñĺý~~~~~~]</translation>
    </message>
    <message>
      <source>The hub at {endpoint} listed a file of {repo} as {value}, which is not a safe name for a file in the model's folder; nothing was downloaded. Check HF_ENDPOINT.</source>
      <translation>[Ţĥé ĥûƀ àţ {endpoint} ĺîšţéđ à ƒîĺé öƒ {repo} àš {value}, ŵĥîçĥ îš ñöţ à šàƒé ñàɱé ƒöŕ à ƒîĺé îñ ţĥé ɱöđéĺ'š ƒöĺđéŕ; ñöţĥîñĝ ŵàš đöŵñĺöàđéđ. Çĥéçķ ĤƑ_ÉÑĐÞÖÎÑŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The hub at {endpoint} gave {value} as the commit of {repo}, which is not a commit id; nothing was downloaded. Check HF_ENDPOINT.</source>
      <translation>[Ţĥé ĥûƀ àţ {endpoint} ĝàṽé {value} àš ţĥé çöɱɱîţ öƒ {repo}, ŵĥîçĥ îš ñöţ à çöɱɱîţ îđ; ñöţĥîñĝ ŵàš đöŵñĺöàđéđ. Çĥéçķ ĤƑ_ÉÑĐÞÖÎÑŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The hub at {endpoint} gave {value} as the checksum of a file of {repo}, which is not a checksum; the file was not downloaded. Check HF_ENDPOINT.</source>
      <translation>[Ţĥé ĥûƀ àţ {endpoint} ĝàṽé {value} àš ţĥé çĥéçķšûɱ öƒ à ƒîĺé öƒ {repo}, ŵĥîçĥ îš ñöţ à çĥéçķšûɱ; ţĥé ƒîĺé ŵàš ñöţ đöŵñĺöàđéđ. Çĥéçķ ĤƑ_ÉÑĐÞÖÎÑŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The hub at {endpoint} gave {value} as the size of a file of {repo}, which is not a size; nothing was downloaded. Check HF_ENDPOINT.</source>
      <translation>[Ţĥé ĥûƀ àţ {endpoint} ĝàṽé {value} àš ţĥé šîžé öƒ à ƒîĺé öƒ {repo}, ŵĥîçĥ îš ñöţ à šîžé; ñöţĥîñĝ ŵàš đöŵñĺöàđéđ. Çĥéçķ ĤƑ_ÉÑĐÞÖÎÑŢ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No command is set for the custom engine.</source>
      <translation>[Ñö çöɱɱàñđ îš šéţ ƒöŕ ţĥé çûšţöɱ éñĝîñé.~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The custom engine command “{program}” was not found.</source>
      <translation>[Ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ “{program}” ŵàš ñöţ ƒöûñđ.~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The custom engine command “{program}” is not executable.</source>
      <translation>[Ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ “{program}” îš ñöţ éẋéçûţàƀĺé.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The custom engine command “{command} --help” ended with exit code {exit_code}:
{tail}</source>
      <translation>[Ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ “{command} --ĥéĺþ” éñđéđ ŵîţĥ éẋîţ çöđé {exit_code}:
{tail}~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The custom engine command “{command} --help” did not finish within {seconds} seconds.</source>
      <translation>[Ţĥé çûšţöɱ éñĝîñé çöɱɱàñđ “{command} --ĥéĺþ” đîđ ñöţ ƒîñîšĥ ŵîţĥîñ {seconds} šéçöñđš.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>“{command}” does not look like a vLLM server: its --help does not mention {missing}. Use e.g. “vllm serve” or “/path/to/python -m vllm.entrypoints.openai.api_server”.</source>
      <translation>[“{command}” đöéš ñöţ ĺööķ ĺîķé à ṽĹĹṀ šéŕṽéŕ: îţš --ĥéĺþ đöéš ñöţ ɱéñţîöñ {missing}. Ûšé é.ĝ. “ṽĺĺɱ šéŕṽé” öŕ “/þàţĥ/ţö/þýţĥöñ -ɱ ṽĺĺɱ.éñţŕýþöîñţš.öþéñàî.àþî_šéŕṽéŕ”.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The ROCm engine {installed} is installed, but no AMD GPU was found, so it cannot run here. Use the CPU engine or a custom engine instead.</source>
      <translation>[Ţĥé ŔÖÇɱ éñĝîñé {installed} îš îñšţàĺĺéđ, ƀûţ ñö ÅṀĐ ĜÞÛ ŵàš ƒöûñđ, šö îţ çàññöţ ŕûñ ĥéŕé. Ûšé ţĥé ÇÞÛ éñĝîñé öŕ à çûšţöɱ éñĝîñé îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The ROCm engine {installed} is installed, but there is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
      <translation>[Ţĥé ŔÖÇɱ éñĝîñé {installed} îš îñšţàĺĺéđ, ƀûţ ţĥéŕé îš ñö ŔÖÇɱ éñĝîñé ƒöŕ ýöûŕ ĜÞÛ ({target}). Šûþþöŕţéđ ĜÞÛ ƒàɱîĺîéš: {supported}. Ûšé ţĥé ÇÞÛ éñĝîñé öŕ à çûšţöɱ éñĝîñé îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The ROCm engine {installed} is installed, but your GPU ({target}) needs a newer Linux kernel before it can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine is not started.</source>
      <translation>[Ţĥé ŔÖÇɱ éñĝîñé {installed} îš îñšţàĺĺéđ, ƀûţ ýöûŕ ĜÞÛ ({target}) ñééđš à ñéŵéŕ Ĺîñûẋ ķéŕñéĺ ƀéƒöŕé îţ çàñ ŕûñ: îţš ĶƑĐ ţöþöĺöĝý ĺàçķš çŵšŕ_šîžé àñđ çţĺ_šţàçķ_šîžé, ŵĥîçĥ çöɱé ŵîţĥ ķéŕñéĺ {required} öŕ ñéŵéŕ öŕ à đîšţŕîƀûţîöñ ķéŕñéĺ ţĥàţ çàŕŕîéš ţĥé ƀàçķþöŕţ. Ŵîţĥöûţ ţĥéɱ ŔÖÇɱ ŵöŕķĺöàđš ĥàñĝ öŕ çŕàšĥ, šö ţĥé éñĝîñé îš ñöţ šţàŕţéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The ROCm engine {tag} has no {launcher}; it cannot be started.</source>
      <translation>[Ţĥé ŔÖÇɱ éñĝîñé {tag} ĥàš ñö {launcher}; îţ çàññöţ ƀé šţàŕţéđ.~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>No AMD GPU was found, so the ROCm engine cannot be installed. Use the CPU engine or a custom engine instead.</source>
      <translation>[Ñö ÅṀĐ ĜÞÛ ŵàš ƒöûñđ, šö ţĥé ŔÖÇɱ éñĝîñé çàññöţ ƀé îñšţàĺĺéđ. Ûšé ţĥé ÇÞÛ éñĝîñé öŕ à çûšţöɱ éñĝîñé îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>There is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
      <translation>[Ţĥéŕé îš ñö ŔÖÇɱ éñĝîñé ƒöŕ ýöûŕ ĜÞÛ ({target}). Šûþþöŕţéđ ĜÞÛ ƒàɱîĺîéš: {supported}. Ûšé ţĥé ÇÞÛ éñĝîñé öŕ à çûšţöɱ éñĝîñé îñšţéàđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>Your GPU ({target}) needs a newer Linux kernel before the ROCm engine can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine was not installed.</source>
      <translation>[Ýöûŕ ĜÞÛ ({target}) ñééđš à ñéŵéŕ Ĺîñûẋ ķéŕñéĺ ƀéƒöŕé ţĥé ŔÖÇɱ éñĝîñé çàñ ŕûñ: îţš ĶƑĐ ţöþöĺöĝý ĺàçķš çŵšŕ_šîžé àñđ çţĺ_šţàçķ_šîžé, ŵĥîçĥ çöɱé ŵîţĥ ķéŕñéĺ {required} öŕ ñéŵéŕ öŕ à đîšţŕîƀûţîöñ ķéŕñéĺ ţĥàţ çàŕŕîéš ţĥé ƀàçķþöŕţ. Ŵîţĥöûţ ţĥéɱ ŔÖÇɱ ŵöŕķĺöàđš ĥàñĝ öŕ çŕàšĥ, šö ţĥé éñĝîñé ŵàš ñöţ îñšţàĺĺéđ.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The ROCm engine {installed} is installed; this GPU needs {wanted}.</source>
      <translation>[Ţĥé ŔÖÇɱ éñĝîñé {installed} îš îñšţàĺĺéđ; ţĥîš ĜÞÛ ñééđš {wanted}.~~~~~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
    <message>
      <source>The release {tag} lists “{text}” as its number of parts.</source>
      <translation>[Ţĥé ŕéĺéàšé {tag} ĺîšţš “{text}” àš îţš ñûɱƀéŕ öƒ þàŕţš.~~~~~~~~~~~~~~~~~~~~~~]</translation>
    </message>
  </context>
  <context>
    <name>self.actions_</name>
    <message>
      <source>Loading {name}…</source>
      <translation>[Ĺöàđîñĝ {name}…~~~~~~]</translation>
    </message>
  </context>
</TS>