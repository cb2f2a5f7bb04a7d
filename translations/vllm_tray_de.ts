<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccountsPage</name>
    <message>
        <source>Gated or private models on Hugging Face need an access token (huggingface.co → Settings → Access Tokens, read access is enough).</source>
        <translation>Zugangsbeschränkte oder private Modelle auf Hugging Face brauchen ein Zugriffstoken (huggingface.co → Settings → Access Tokens, Lesezugriff genügt).</translation>
    </message>
    <message>
        <source>Finding where the token is kept…</source>
        <translation>Ablageort des Tokens wird ermittelt …</translation>
    </message>
    <message>
        <source>C&amp;heck</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Ask Hugging Face whose token this is</source>
        <translation>Hugging Face fragen, wem dieses Token gehört</translation>
    </message>
    <message>
        <source>Hugging Face &amp;token:</source>
        <translation>Hugging-Face-&amp;Token:</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>This computer has no keyring, so the token is kept in {path}, which only you can read; never in the settings files.</source>
        <translation>Dieser Computer hat keinen Schlüsselbund, daher wird das Token in {path} aufbewahrt, das nur Sie lesen können; nie in den Einstellungsdateien.</translation>
    </message>
    <message>
        <source>It is kept in the system keyring, never in the settings files.</source>
        <translation>Es wird im Schlüsselbund des Systems aufbewahrt, nie in den Einstellungsdateien.</translation>
    </message>
    <message>
        <source>Asking Hugging Face…</source>
        <translation>Hugging Face wird gefragt …</translation>
    </message>
    <message>
        <source>Hugging Face accepts this token: it belongs to {user}.</source>
        <translation>Hugging Face nimmt dieses Token an: Es gehört {user}.</translation>
    </message>
</context>
<context>
    <name>AddModelDialog</name>
    <message>
        <source>Add a model</source>
        <translation>Modell hinzufügen</translation>
    </message>
    <message>
        <source>From &amp;Hugging Face</source>
        <translation>Von &amp;Hugging Face</translation>
    </message>
    <message>
        <source>From a local &amp;folder</source>
        <translation>Aus einem lokalen &amp;Ordner</translation>
    </message>
    <message>
        <source>organisation/model, e.g. Qwen/Qwen3-4B</source>
        <translation>Organisation/Modell, z. B. Qwen/Qwen3-4B</translation>
    </message>
    <message>
        <source>Hugging Face repository</source>
        <translation>Hugging-Face-Repository</translation>
    </message>
    <message>
        <source>/path/to/a/folder/with/config.json</source>
        <translation>/pfad/zu/einem/ordner/mit/config.json</translation>
    </message>
    <message>
        <source>Local folder</source>
        <translation>Lokaler Ordner</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>how clients address it</source>
        <translation>so sprechen Clients es an</translation>
    </message>
    <message>
        <source>e.g. chat, tool-calling (optional)</source>
        <translation>z. B. chat, tool-calling (optional)</translation>
    </message>
    <message>
        <source>&amp;Download it now</source>
        <translation>&amp;Jetzt herunterladen</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>Hinzu&amp;fügen</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Repository:</translation>
    </message>
    <message>
        <source>F&amp;older:</source>
        <translation>Ordn&amp;er:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>&amp;Search Hugging Face</source>
        <translation>Auf Hugging Face &amp;suchen</translation>
    </message>
    <message>
        <source>By &amp;repository or folder</source>
        <translation>Nach &amp;Repository oder Ordner</translation>
    </message>
    <message>
        <source>Clients will ask for {model_id}</source>
        <translation>Clients fragen nach {model_id}</translation>
    </message>
    <message>
        <source>Choose the model folder</source>
        <translation>Modellordner wählen</translation>
    </message>
</context>
<context>
    <name>BatchJobModel</name>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Output file</source>
        <translation>Ausgabedatei</translation>
    </message>
    <message>
        <source>{name} ({id}), for {endpoint}</source>
        <translation>{name} ({id}), für {endpoint}</translation>
    </message>
</context>
<context>
    <name>BatchPage</name>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Completed, {n} failed</source>
        <translation>Abgeschlossen, {n} fehlgeschlagen</translation>
    </message>
    <message>
        <source>Checking the file</source>
        <translation>Datei wird geprüft</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>Wird abgeschlossen</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Abgelaufen</translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation>Wird abgebrochen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} von {total}</translation>
    </message>
    <message>
        <source>{rate} requests/s</source>
        <translation>{rate} Anfragen/s</translation>
    </message>
    <message>
        <source>{eta} left</source>
        <translation>noch {eta}</translation>
    </message>
    <message>
        <source>Batch jobs — vLLM Tray</source>
        <translation>Batch-Aufträge – vLLM Tray</translation>
    </message>
    <message>
        <source>Batch jobs</source>
        <translation>Batch-Aufträge</translation>
    </message>
    <message>
        <source>Jobs sent to the endpoint&apos;s /v1/batches (for example with the openai client) run here one at a time, with as many requests at once as the model&apos;s tuned limit. A job that was running when the app closed goes on when it starts again. For a file on this computer, use: vllm-tray batch run IN.jsonl --out OUT.jsonl</source>
        <translation>Aufträge an /v1/batches des Endpunkts (zum Beispiel mit dem openai-Client) laufen hier nacheinander, mit so vielen gleichzeitigen Anfragen, wie das abgestimmte Limit des Modells erlaubt. Ein Auftrag, der beim Beenden der App lief, geht beim nächsten Start weiter. Für eine Datei auf diesem Computer: vllm-tray batch run IN.jsonl --out OUT.jsonl</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>Auftrag abbre&amp;chen</translation>
    </message>
    <message>
        <source>&amp;Open folder</source>
        <translation>Ordner &amp;öffnen</translation>
    </message>
    <message>
        <source>Show the folder that holds the output file</source>
        <translation>Den Ordner mit der Ausgabedatei zeigen</translation>
    </message>
    <message>
        <source>&amp;Batch jobs…</source>
        <translation>Ba&amp;tch-Aufträge …</translation>
    </message>
</context>
<context>
    <name>BenchWindow</name>
    <message>
        <source>Benchmark — {model}</source>
        <translation>Benchmark – {model}</translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation>Noch nicht gemessen.</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>Frühere Ergebnisse</translation>
    </message>
    <message>
        <source>all at once, or e.g. 2,4,8</source>
        <translation>alle auf einmal, oder z. B. 2,4,8</translation>
    </message>
    <message>
        <source>&amp;Run benchmark</source>
        <translation>Benchmark &amp;starten</translation>
    </message>
    <message>
        <source>Find &amp;max-num-seqs</source>
        <translation>&amp;max-num-seqs finden</translation>
    </message>
    <message>
        <source>Starts the model up to {n} times with temporary limits; nothing is saved until you apply the result. The model is left running or stopped as it was.</source>
        <translation>Startet das Modell bis zu {n}-mal mit vorübergehenden Limits; gespeichert wird erst, wenn Sie das Ergebnis übernehmen. Das Modell bleibt danach geladen oder gestoppt, wie es war.</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>Ü&amp;bernehmen</translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation>Anfragen:</translation>
    </message>
    <message>
        <source>Concurrency:</source>
        <translation>Parallelität:</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>Prompt-Tokens:</translation>
    </message>
    <message>
        <source>Generated tokens:</source>
        <translation>Erzeugte Tokens:</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Time to first token p99 at most:</source>
        <translation>Zeit bis zum ersten Token, p99 höchstens:</translation>
    </message>
    <message>
        <source>Inter-token latency p99 at most:</source>
        <translation>Latenz zwischen Tokens, p99 höchstens:</translation>
    </message>
    <message>
        <source>Highest limit tried:</source>
        <translation>Höchstes getestetes Limit:</translation>
    </message>
    <message>
        <source>max-num-seqs</source>
        <translation>max-num-seqs</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>Curve</source>
        <translation>Kurve</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Load time</source>
        <translation>Ladezeit</translation>
    </message>
    <message>
        <source>Concurrency must be whole numbers separated by commas.</source>
        <translation>Die Parallelität muss aus ganzen Zahlen bestehen, durch Kommas getrennt.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Modell wird geladen …</translation>
    </message>
    <message>
        <source>Starting the model with a high limit…</source>
        <translation>Modell wird mit hohem Limit gestartet …</translation>
    </message>
    <message>
        <source>Cancelling: putting the model back as it was…</source>
        <translation>Abbruch: Modell wird in den vorigen Zustand gebracht …</translation>
    </message>
    <message>
        <source>Saved: the model&apos;s vLLM arguments are now {args}</source>
        <translation>Gespeichert: Die vLLM-Argumente des Modells sind jetzt {args}</translation>
    </message>
    <message>
        <source>{x}× the tokens per second with {c} requests at once</source>
        <translation>{x}× so viele Tokens pro Sekunde bei {c} gleichzeitigen Anfragen</translation>
    </message>
    <message>
        <source>No value met the latency objective.</source>
        <translation>Kein Wert hat das Latenzziel erreicht.</translation>
    </message>
    <message>
        <source>Proposed: --max-num-seqs {n} (now {now}).</source>
        <translation>Vorschlag: --max-num-seqs {n} (jetzt {now}).</translation>
    </message>
    <message>
        <source>Before: {b} tok/s, inter-token p99 {bi} ms</source>
        <translation>Vorher: {b} Tok/s, zwischen Tokens p99 {bi} ms</translation>
    </message>
    <message>
        <source>After: {a} tok/s, inter-token p99 {ai} ms</source>
        <translation>Nachher: {a} Tok/s, zwischen Tokens p99 {ai} ms</translation>
    </message>
    <message>
        <source>Applied.</source>
        <translation>Übernommen.</translation>
    </message>
    <message>
        <source>Done in {n} engine starts.</source>
        <translation>Fertig nach {n} Engine-Starts.</translation>
    </message>
    <message>
        <source>tune</source>
        <translation>Abstimmung</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Measuring {c} requests at once…</source>
        <translation>{c} gleichzeitige Anfragen werden gemessen …</translation>
    </message>
    <message>
        <source>{x}× the tokens per second with {c} requests at once (tokens counted by the engine: its answers carry no token counts)</source>
        <translation>{x}× so viele Tokens pro Sekunde bei {c} gleichzeitigen Anfragen (Tokens von der Engine gezählt: ihre Antworten enthalten keine Tokenzahlen)</translation>
    </message>
    <message>
        <source>start {k} of at most {n}</source>
        <translation>Start {k} von höchstens {n}</translation>
    </message>
    <message>
        <source>{run}: loading with --max-num-seqs {m}…</source>
        <translation>{run}: Laden mit --max-num-seqs {m} …</translation>
    </message>
    <message>
        <source>Putting the model back as it was…</source>
        <translation>Modell wird in den vorigen Zustand gebracht …</translation>
    </message>
    <message>
        <source>Cancelled; the model is as it was and nothing was saved.</source>
        <translation>Abgebrochen; das Modell ist wie zuvor, und nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>confirming</source>
        <translation>Bestätigung</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>Messung</translation>
    </message>
    <message>
        <source>{run}: {phase} {c} requests at once…</source>
        <translation>{run}: {phase} mit {c} gleichzeitigen Anfragen …</translation>
    </message>
    <message>
        <source>{run}: {phase}</source>
        <translation>{run}: {phase}</translation>
    </message>
</context>
<context>
    <name>ChatPage</name>
    <message>
        <source>Model to chat with</source>
        <translation>Modell für den Chat</translation>
    </message>
    <message>
        <source>C&amp;lear conversation</source>
        <translation>Unterhaltung &amp;leeren</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>Type a message; Ctrl+Enter sends it</source>
        <translation>Nachricht eingeben; Strg+Eingabe sendet sie</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <source>Send the message (Ctrl+Enter)</source>
        <translation>Nachricht senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>Stop the reply; what arrived is kept</source>
        <translation>Antwort stoppen; was schon ankam, bleibt erhalten</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <source>Answer the last message again</source>
        <translation>Die letzte Nachricht erneut beantworten</translation>
    </message>
    <message>
        <source>&amp;Copy reply</source>
        <translation>Antwort &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the last reply as Markdown</source>
        <translation>Die letzte Antwort als Markdown kopieren</translation>
    </message>
    <message>
        <source>e.g. You are a concise assistant.</source>
        <translation>z. B. Du bist ein knapper Assistent.</translation>
    </message>
    <message>
        <source>model&apos;s default</source>
        <translation>Voreinstellung des Modells</translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation>Mo&amp;dell:</translation>
    </message>
    <message>
        <source>S&amp;ystem prompt:</source>
        <translation>S&amp;ystem-Prompt:</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>T&amp;emperatur:</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>Ma&amp;x. Tokens:</translation>
    </message>
    <message>
        <source>The reply is copied.</source>
        <translation>Die Antwort ist kopiert.</translation>
    </message>
    <message>
        <source>The conversation is cleared.</source>
        <translation>Die Unterhaltung ist geleert.</translation>
    </message>
    <message>
        <source>(stopped)</source>
        <translation>(gestoppt)</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>▾ Hide the thinking</source>
        <translation>▾ Denkprozess ausblenden</translation>
    </message>
    <message>
        <source>▸ Thought for {words} words (show)</source>
        <translation>▸ {words} Wörter nachgedacht (anzeigen)</translation>
    </message>
    <message>
        <source>Waiting for the answer…</source>
        <translation>Warten auf die Antwort …</translation>
    </message>
    <message>
        <source>Loading the model for this reply…</source>
        <translation>Modell wird für diese Antwort geladen …</translation>
    </message>
    <message>
        <source>{elapsed} of about {expected}</source>
        <translation>{elapsed} von etwa {expected}</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} Tokens</translation>
    </message>
    <message>
        <source>first token after {s} s</source>
        <translation>erstes Token nach {s} s</translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation>{rate} Tokens/s</translation>
    </message>
    <message>
        <source>The reply broke off:</source>
        <translation>Die Antwort brach ab:</translation>
    </message>
    <message>
        <source>No reply:</source>
        <translation>Keine Antwort:</translation>
    </message>
</context>
<context>
    <name>ChatPages</name>
    <message>
        <source>M&amp;odels</source>
        <translation>M&amp;odelle</translation>
    </message>
    <message>
        <source>C&amp;hat</source>
        <translation>C&amp;hat</translation>
    </message>
</context>
<context>
    <name>ClusterCounts</name>
    <message numerus="yes">
        <source>Not ready: %n problem(s) to fix first.</source>
        <translation>
            <numerusform>Nicht bereit: Zuerst %n Problem beheben.</numerusform>
            <numerusform>Nicht bereit: Zuerst %n Probleme beheben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more in the table above.</source>
        <translation>
            <numerusform>… und %n weiteres in der Tabelle oben.</numerusform>
            <numerusform>… und %n weitere in der Tabelle oben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checking the %n machine(s)…</source>
        <translation>
            <numerusform>Der Rechner wird geprüft …</numerusform>
            <numerusform>%n Rechner werden geprüft …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)…</source>
        <translation>
            <numerusform>Modell wird auf %n Rechner geladen …</numerusform>
            <numerusform>Modell wird auf %n Rechnern geladen …</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)… ({elapsed} so far; the model list shows its progress)</source>
        <translation>
            <numerusform>Modell wird auf %n Rechner geladen … (bisher {elapsed}; die Modellliste zeigt den Fortschritt)</numerusform>
            <numerusform>Modell wird auf %n Rechnern geladen … (bisher {elapsed}; die Modellliste zeigt den Fortschritt)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterWindow</name>
    <message>
        <source>Every machine is ready: the cluster can start.</source>
        <translation>Alle Rechner sind bereit: Der Cluster kann starten.</translation>
    </message>
    <message>
        <source>Starting the workers on {addresses}…</source>
        <translation>Worker auf {addresses} werden gestartet …</translation>
    </message>
    <message>
        <source>Cluster: one model across machines</source>
        <translation>Cluster: ein Modell auf mehreren Rechnern</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>e.g. 192.168.1.10</source>
        <translation>z. B. 192.168.1.10</translation>
    </message>
    <message>
        <source>One address per line, e.g. 192.168.1.11 or 192.168.1.11:29601</source>
        <translation>Eine Adresse pro Zeile, z. B. 192.168.1.11 oder 192.168.1.11:29601</translation>
    </message>
    <message>
        <source>one per machine</source>
        <translation>einer pro Rechner</translation>
    </message>
    <message>
        <source>Allow public addresses (not recommended)</source>
        <translation>Öffentliche Adressen erlauben (nicht empfohlen)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>This machine&apos;s address</source>
        <translation>Adresse dieses Rechners</translation>
    </message>
    <message>
        <source>Other machines</source>
        <translation>Andere Rechner</translation>
    </message>
    <message>
        <source>Tensor parallel (GPUs per machine)</source>
        <translation>Tensor-Parallelität (GPUs pro Rechner)</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>Pipeline-Parallelität</translation>
    </message>
    <message>
        <source>Master port</source>
        <translation>Master-Port</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Einrichtung</translation>
    </message>
    <message>
        <source>Commands for the other machines</source>
        <translation>Befehle für die anderen Rechner</translation>
    </message>
    <message>
        <source>&amp;Copy commands</source>
        <translation>Befehle &amp;kopieren</translation>
    </message>
    <message>
        <source>Run this on each other machine</source>
        <translation>Auf jedem anderen Rechner ausführen</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Model files</source>
        <translation>Modelldateien</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>C&amp;heck machines</source>
        <translation>Rechner &amp;prüfen</translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation>S&amp;tarten</translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation>St&amp;oppen</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source># machine %1 (%2)</source>
        <translation># Rechner %1 (%2)</translation>
    </message>
    <message>
        <source>Set up the model, this machine&apos;s address and the other machines.</source>
        <translation>Legen Sie das Modell, die Adresse dieses Rechners und die anderen Rechner fest.</translation>
    </message>
    <message>
        <source>Off: the model runs on this machine alone.</source>
        <translation>Aus: Das Modell läuft nur auf diesem Rechner.</translation>
    </message>
    <message numerus="yes">
        <source>Serving across %n machine(s).</source>
        <translation>
            <numerusform>Läuft auf %n Rechner.</numerusform>
            <numerusform>Läuft auf %n Rechnern.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Starting across %n machine(s)…</source>
        <translation>
            <numerusform>Startet auf %n Rechner …</numerusform>
            <numerusform>Startet auf %n Rechnern …</numerusform>
        </translation>
    </message>
    <message>
        <source>On: the model loads across the machines on its next request.</source>
        <translation>An: Das Modell lädt bei der nächsten Anfrage auf allen Rechnern.</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>%1 ms, %2 MB/s from it, %3 MB/s to it</source>
        <translation>%1 ms, %2 MB/s von ihm, %3 MB/s zu ihm</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>Saved. Run the commands below on the other machines.</source>
        <translation>Gespeichert. Führen Sie die Befehle unten auf den anderen Rechnern aus.</translation>
    </message>
    <message>
        <source>Checking each machine…</source>
        <translation>Jeder Rechner wird geprüft …</translation>
    </message>
    <message>
        <source>Checking the machines, then starting…</source>
        <translation>Rechner werden geprüft, dann gestartet …</translation>
    </message>
    <message>
        <source>Not started: {reason}</source>
        <translation>Nicht gestartet: {reason}</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>Stopping the model and the workers…</source>
        <translation>Modell und Worker werden gestoppt …</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>The command was cancelled.</source>
        <translation>Der Befehl wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Something went wrong inside vLLM Tray; the details are in its log.</source>
        <translation>In vLLM Tray ist etwas schiefgegangen; die Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>CurvePlot</name>
    <message>
        <source>Throughput and latency against concurrency</source>
        <translation>Durchsatz und Latenz nach Parallelität</translation>
    </message>
    <message>
        <source>Best: {tps} tokens per second at concurrency {c}</source>
        <translation>Bestwert: {tps} Tokens pro Sekunde bei Parallelität {c}</translation>
    </message>
    <message>
        <source>— tokens/s</source>
        <translation>— Tokens/s</translation>
    </message>
    <message>
        <source>- - inter-token latency p99 (ms)</source>
        <translation>- - Latenz zwischen Tokens p99 (ms)</translation>
    </message>
    <message>
        <source>requests in flight</source>
        <translation>laufende Anfragen</translation>
    </message>
    <message>
        <source>No measurements yet</source>
        <translation>Noch keine Messungen</translation>
    </message>
</context>
<context>
    <name>DeleteQuestion</name>
    <message>
        <source>Delete {name}?</source>
        <translation>{name} löschen?</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete the downloaded files of {name} ({size})? %n other model(s) use the same files and would need them downloaded again too: {others}.</source>
        <translation>
            <numerusform>Die heruntergeladenen Dateien von {name} ({size}) löschen? %n weiteres Modell verwendet dieselben Dateien und müsste sie ebenfalls neu herunterladen: {others}.</numerusform>
            <numerusform>Die heruntergeladenen Dateien von {name} ({size}) löschen? %n weitere Modelle verwenden dieselben Dateien und müssten sie ebenfalls neu herunterladen: {others}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the downloaded files of {name} ({size})? You can download them again later.</source>
        <translation>Die heruntergeladenen Dateien von {name} ({size}) löschen? Sie können sie später erneut herunterladen.</translation>
    </message>
    <message>
        <source>Remove {name} from the list? Its folder stays where it is.</source>
        <translation>{name} aus der Liste entfernen? Sein Ordner bleibt, wo er ist.</translation>
    </message>
    <message numerus="yes">
        <source>Remove {name} from the list? Its downloaded files stay: %n other model(s) use them: {others}.</source>
        <translation>
            <numerusform>{name} aus der Liste entfernen? Seine heruntergeladenen Dateien bleiben: %n weiteres Modell verwendet sie: {others}.</numerusform>
            <numerusform>{name} aus der Liste entfernen? Seine heruntergeladenen Dateien bleiben: %n weitere Modelle verwenden sie: {others}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove {name} from the list and delete its downloaded files?</source>
        <translation>{name} aus der Liste entfernen und seine heruntergeladenen Dateien löschen?</translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Start vLLM Tray when I &amp;log in</source>
        <translation>vLLM Tray beim &amp;Anmelden starten</translation>
    </message>
    <message>
        <source>Start &amp;hidden in the tray, without the window</source>
        <translation>&amp;Verborgen im Systemabschnitt starten, ohne Fenster</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>Desktop</translation>
    </message>
</context>
<context>
    <name>DiagnosisBanner</name>
    <message>
        <source>Diagnosis</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Show &amp;log</source>
        <translation>&amp;Protokoll anzeigen</translation>
    </message>
    <message>
        <source>vLLM stopped without a known cause. The log says more.</source>
        <translation>vLLM hat ohne bekannten Grund angehalten. Das Protokoll sagt mehr.</translation>
    </message>
    <message>
        <source>Apply this change and load the model again</source>
        <translation>Diese Änderung übernehmen und das Modell erneut laden</translation>
    </message>
    <message>
        <source>Applying the fix and loading again…</source>
        <translation>Korrektur wird übernommen und erneut geladen …</translation>
    </message>
    <message>
        <source>Done: {fix}. Loading failed again; the sentence above says why.</source>
        <translation>Erledigt: {fix}. Das Laden ist erneut fehlgeschlagen; der Satz oben sagt, warum.</translation>
    </message>
</context>
<context>
    <name>EndpointPage</name>
    <message>
        <source>Start the endpoint when the app starts</source>
        <translation>Endpunkt beim Start der App starten</translation>
    </message>
    <message>
        <source>Listen on &amp;address:</source>
        <translation>Auf &amp;Adresse hören:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Allowed &amp;host names:</source>
        <translation>Erlaubte &amp;Hostnamen:</translation>
    </message>
    <message>
        <source>e.g. mybox.lan, 192.168.1.20</source>
        <translation>z. B. meinpc.lan, 192.168.1.20</translation>
    </message>
    <message>
        <source>Allowed &amp;web origins:</source>
        <translation>Erlaubte &amp;Web-Ursprünge:</translation>
    </message>
    <message>
        <source>e.g. http://localhost:3000</source>
        <translation>z. B. http://localhost:3000</translation>
    </message>
    <message>
        <source>Clients must send it as &apos;Authorization: Bearer &lt;key&gt;&apos;. Kept in the keyring, or where there is none in a file only you can read.</source>
        <translation>Clients senden ihn als &apos;Authorization: Bearer &lt;key&gt;&apos;. Liegt im Schlüsselbund, oder wo es keinen gibt, in einer Datei, die nur Sie lesen können.</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Enter an address to listen on, e.g. 127.0.0.1.</source>
        <translation>Geben Sie eine Adresse zum Hören ein, z. B. 127.0.0.1.</translation>
    </message>
    <message>
        <source>Other machines could reach the endpoint on this address, so it will not start without an API key. Set one above.</source>
        <translation>Andere Rechner könnten den Endpunkt unter dieser Adresse erreichen, daher startet er nicht ohne API-Schlüssel. Legen Sie oben einen fest.</translation>
    </message>
    <message>
        <source>Other machines on your network can reach the endpoint with the key.</source>
        <translation>Andere Rechner in Ihrem Netzwerk erreichen den Endpunkt mit dem Schlüssel.</translation>
    </message>
</context>
<context>
    <name>EnginePanel</name>
    <message>
        <source>Engine and endpoint</source>
        <translation>Engine und Endpunkt</translation>
    </message>
    <message>
        <source>Show &amp;advisories</source>
        <translation>Sicherheitswarnungen &amp;anzeigen</translation>
    </message>
    <message>
        <source>&amp;Install engine</source>
        <translation>Engine &amp;installieren</translation>
    </message>
    <message>
        <source>Engine installation</source>
        <translation>Engine-Installation</translation>
    </message>
    <message>
        <source>ROCm build</source>
        <translation>ROCm-Build</translation>
    </message>
    <message>
        <source>&amp;Switch to this build</source>
        <translation>Zu diesem Build &amp;wechseln</translation>
    </message>
    <message>
        <source>&amp;Copy URL</source>
        <translation>URL &amp;kopieren</translation>
    </message>
    <message>
        <source>AMD ROCm build of vLLM</source>
        <translation>AMD-ROCm-Build von vLLM</translation>
    </message>
    <message>
        <source>vLLM CPU build</source>
        <translation>CPU-Build von vLLM</translation>
    </message>
    <message>
        <source>your own vLLM command</source>
        <translation>Ihr eigener vLLM-Befehl</translation>
    </message>
    <message>
        <source>Engine: unknown</source>
        <translation>Engine: unbekannt</translation>
    </message>
    <message>
        <source>Engine: {name}, version {version}</source>
        <translation>Engine: {name}, Version {version}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Engine: {name}, not installed</source>
        <translation>Engine: {name}, nicht installiert</translation>
    </message>
    <message>
        <source>&amp;Install the CPU build instead</source>
        <translation>Stattdessen den CPU-Build &amp;installieren</translation>
    </message>
    <message>
        <source>No GPU here runs the ROCm build: models can run on the CPU, slowly.</source>
        <translation>Keine GPU hier kann den ROCm-Build ausführen: Modelle können auf der CPU laufen, langsam.</translation>
    </message>
    <message>
        <source>&amp;Install the CPU build</source>
        <translation>CPU-Build &amp;installieren</translation>
    </message>
    <message>
        <source>No supported GPU was found: models run on the CPU, slowly.</source>
        <translation>Keine unterstützte GPU gefunden: Modelle laufen auf der CPU, langsam.</translation>
    </message>
    <message>
        <source>Endpoint: {url} (running). Any OpenAI client can use it.</source>
        <translation>Endpunkt: {url} (läuft). Jeder OpenAI-Client kann ihn nutzen.</translation>
    </message>
    <message>
        <source>S&amp;top endpoint</source>
        <translation>Endpunkt s&amp;toppen</translation>
    </message>
    <message>
        <source>Endpoint: stopped.</source>
        <translation>Endpunkt: gestoppt.</translation>
    </message>
    <message>
        <source>S&amp;tart endpoint</source>
        <translation>Endpunkt s&amp;tarten</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>nicht bewertet</translation>
    </message>
    <message>
        <source>Install this &amp;build</source>
        <translation>Diesen &amp;Build installieren</translation>
    </message>
    <message>
        <source>qualified</source>
        <translation>qualifiziert</translation>
    </message>
    <message>
        <source>not qualified</source>
        <translation>nicht qualifiziert</translation>
    </message>
    <message>
        <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict} ({marks})</source>
        <translation>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict} ({marks})</translation>
    </message>
    <message>
        <source>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict}</source>
        <translation>vLLM {vllm} · ROCm {rocm} · {channel} · {verdict}</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>in Verwendung</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installiert</translation>
    </message>
    <message numerus="yes">
        <source>vLLM {version} has %n known security advisory(s); the worst is {severity}.</source>
        <translation>
            <numerusform>vLLM {version} hat %n bekannte Sicherheitswarnung; sie ist {severity}.</numerusform>
            <numerusform>vLLM {version} hat %n bekannte Sicherheitswarnungen; die schwerste ist {severity}.</numerusform>
        </translation>
    </message>
    <message>
        <source>vLLM {fixed} fixes them all.</source>
        <translation>vLLM {fixed} behebt sie alle.</translation>
    </message>
    <message>
        <source>No release is known to fix them all.</source>
        <translation>Kein bekanntes Release behebt sie alle.</translation>
    </message>
    <message>
        <source>Advisories from osv.dev as of {date}.</source>
        <translation>Sicherheitswarnungen von osv.dev, Stand {date}.</translation>
    </message>
    <message>
        <source>Advisories from the list shipped with vLLM Tray, as of {date}.</source>
        <translation>Sicherheitswarnungen aus der mit vLLM Tray gelieferten Liste, Stand {date}.</translation>
    </message>
    <message>
        <source>Hide &amp;advisories</source>
        <translation>Sicherheitswarnungen &amp;ausblenden</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} von {total}</translation>
    </message>
    <message>
        <source>Starting the installation…</source>
        <translation>Installation wird gestartet …</translation>
    </message>
</context>
<context>
    <name>Fix</name>
    <message>
        <source>Set {target} to {value}</source>
        <translation>{target} auf {value} setzen</translation>
    </message>
    <message>
        <source>Set this model&apos;s {target} to {value}</source>
        <translation>{target} dieses Modells auf {value} setzen</translation>
    </message>
    <message>
        <source>Install the engine</source>
        <translation>Engine installieren</translation>
    </message>
    <message>
        <source>Reset the model and try again</source>
        <translation>Modell zurücksetzen und erneut versuchen</translation>
    </message>
    <message>
        <source>Apply the fix</source>
        <translation>Korrektur übernehmen</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>{0} GiB</source>
        <translation>{0} GiB</translation>
    </message>
    <message>
        <source>{0} MiB</source>
        <translation>{0} MiB</translation>
    </message>
    <message>
        <source>{0} KiB</source>
        <translation>{0} KiB</translation>
    </message>
    <message>
        <source>{0} GiB/s</source>
        <translation>{0} GiB/s</translation>
    </message>
    <message>
        <source>{0} MiB/s</source>
        <translation>{0} MiB/s</translation>
    </message>
    <message>
        <source>{0} KiB/s</source>
        <translation>{0} KiB/s</translation>
    </message>
    <message>
        <source>{0} %</source>
        <translation>{0} %</translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation>{0} s</translation>
    </message>
    <message>
        <source>{0} min</source>
        <translation>{0} min</translation>
    </message>
    <message>
        <source>{0} min {1} s</source>
        <translation>{0} min {1} s</translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation>{0} h {1} min</translation>
    </message>
</context>
<context>
    <name>GpuOptions</name>
    <message>
        <source>GPUs share each layer</source>
        <translation>GPUs teilen sich jede Schicht</translation>
    </message>
    <message>
        <source>Tensor parallel size</source>
        <translation>Tensor-Parallelität</translation>
    </message>
    <message>
        <source>Split every layer across this many GPUs (vLLM&apos;s {flag}); empty: 1. Stored as tensor_parallel_size.</source>
        <translation>Jede Schicht auf so viele GPUs aufteilen (vLLMs {flag}); leer: 1. Gespeichert als tensor_parallel_size.</translation>
    </message>
    <message>
        <source>stages, one GPU each</source>
        <translation>Stufen, je eine GPU</translation>
    </message>
    <message>
        <source>Pipeline parallel size</source>
        <translation>Pipeline-Parallelität</translation>
    </message>
    <message>
        <source>Split the layers into this many stages, one per GPU (vLLM&apos;s {flag}); empty: 1. Stored as pipeline_parallel_size.</source>
        <translation>Die Schichten in so viele Stufen aufteilen, eine pro GPU (vLLMs {flag}); leer: 1. Gespeichert als pipeline_parallel_size.</translation>
    </message>
    <message>
        <source>chosen by the app, e.g. 0,1</source>
        <translation>von der App gewählt, z. B. 0,1</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>The GPUs this model runs on, by their numbers below, the first one first; empty: the app chooses. Stored as gpus.</source>
        <translation>Die GPUs, auf denen dieses Modell läuft, mit ihren Nummern unten, die erste zuerst; leer: Die App wählt. Gespeichert als gpus.</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel size:</source>
        <translation>&amp;Tensor-Parallelität:</translation>
    </message>
    <message>
        <source>&amp;Pipeline parallel size:</source>
        <translation>&amp;Pipeline-Parallelität:</translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation>&amp;GPUs:</translation>
    </message>
    <message>
        <source>No GPU was found on this machine. The CPU engine ignores these; with your own vLLM command leave GPUs empty: it finds its GPUs itself.</source>
        <translation>Auf diesem Rechner wurde keine GPU gefunden. Die CPU-Engine ignoriert diese Angaben; mit Ihrem eigenen vLLM-Befehl lassen Sie GPUs leer: Er findet seine GPUs selbst.</translation>
    </message>
    <message>
        <source>GPU {index}: {name}, {memory}</source>
        <translation>GPU {index}: {name}, {memory}</translation>
    </message>
    <message>
        <source>This machine&apos;s GPUs:</source>
        <translation>GPUs dieses Rechners:</translation>
    </message>
    <message>
        <source>It runs in system memory and would reserve {memory}.</source>
        <translation>Es läuft im Arbeitsspeicher und würde {memory} belegen.</translation>
    </message>
    <message>
        <source>{memory} on GPU {index}</source>
        <translation>{memory} auf GPU {index}</translation>
    </message>
    <message>
        <source>It would reserve {parts}.</source>
        <translation>Es würde {parts} belegen.</translation>
    </message>
</context>
<context>
    <name>GpuPanel</name>
    <message>
        <source>Models may use {room} now, not all {budget}: without swapping, the computer can spare only that ({available} of RAM available, {reserve} kept for the system).</source>
        <translation>Modelle dürfen jetzt {room} nutzen, nicht die ganzen {budget}: Ohne Auslagern kann der Computer nur so viel abgeben ({available} RAM verfügbar, {reserve} für das System reserviert).</translation>
    </message>
    <message>
        <source>Models may use {room} now, not all {budget}: other programs hold {others}.</source>
        <translation>Modelle dürfen jetzt {room} nutzen, nicht die ganzen {budget}: Andere Programme belegen {others}.</translation>
    </message>
    <message>
        <source>Models may use {room} now; the computer could spare {host} without swapping ({available} of RAM available, {reserve} kept for the system).</source>
        <translation>Modelle dürfen jetzt {room} nutzen; der Computer könnte ohne Auslagern {host} abgeben ({available} RAM verfügbar, {reserve} für das System reserviert).</translation>
    </message>
    <message>
        <source>Models may use {room} now.</source>
        <translation>Modelle dürfen jetzt {room} nutzen.</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Kernel prerequisite for {target}: met (kernel {kernel}).</source>
        <translation>Kernel-Voraussetzung für {target}: erfüllt (Kernel {kernel}).</translation>
    </message>
    <message>
        <source>⚠ Kernel prerequisite for {target}: missing. Update to Linux {required} or newer before loading models on the GPU.</source>
        <translation>⚠ Kernel-Voraussetzung für {target}: fehlt. Aktualisieren Sie auf Linux {required} oder neuer, bevor Sie Modelle auf der GPU laden.</translation>
    </message>
    <message>
        <source>RAM: {available} available of {total}</source>
        <translation>RAM: {available} von {total} verfügbar</translation>
    </message>
    <message>
        <source>{name}: weights {size} · {kv}</source>
        <translation>{name}: Gewichte {size} · {kv}</translation>
    </message>
    <message>
        <source>{name}: weights {size}</source>
        <translation>{name}: Gewichte {size}</translation>
    </message>
    <message>
        <source>Models in memory</source>
        <translation>Modelle im Speicher</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Kein Modell geladen.</translation>
    </message>
</context>
<context>
    <name>GpuSection</name>
    <message>
        <source>VRAM in use</source>
        <translation>Belegter Grafikspeicher (VRAM)</translation>
    </message>
    <message>
        <source>GTT (shared system memory) in use</source>
        <translation>Belegter GTT (geteilter Arbeitsspeicher)</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <source>GTT</source>
        <translation>GTT</translation>
    </message>
    <message>
        <source>No GPU found</source>
        <translation>Keine GPU gefunden</translation>
    </message>
    <message>
        <source>Models run on the CPU build of vLLM, slowly.</source>
        <translation>Modelle laufen auf dem CPU-Build von vLLM, langsam.</translation>
    </message>
    <message>
        <source>shared memory (APU)</source>
        <translation>geteilter Speicher (APU)</translation>
    </message>
    <message>
        <source>discrete card</source>
        <translation>dedizierte Grafikkarte</translation>
    </message>
    <message>
        <source>{vram_swatch} VRAM &amp;nbsp; {gtt_swatch} GTT</source>
        <translation>{vram_swatch} VRAM &amp;nbsp; {gtt_swatch} GTT</translation>
    </message>
    <message>
        <source>{vram_swatch} VRAM</source>
        <translation>{vram_swatch} VRAM</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>{used} / {total} · {percent} %</source>
        <translation>{used} / {total} · {percent} %</translation>
    </message>
    <message>
        <source>{used} of {total} in use</source>
        <translation>{used} von {total} belegt</translation>
    </message>
</context>
<context>
    <name>GuiApp</name>
    <message>
        <source>vLLM Tray</source>
        <translation>vLLM Tray</translation>
    </message>
    <message>
        <source>vLLM Tray is still running</source>
        <translation>vLLM Tray läuft weiter</translation>
    </message>
    <message>
        <source>Loaded models keep serving. Click the tray icon to open the window; choose Quit in its menu to stop everything.</source>
        <translation>Geladene Modelle bleiben erreichbar. Klicken Sie auf das Symbol im Systemabschnitt, um das Fenster zu öffnen; wählen Sie dort im Menü „Beenden“, um alles zu stoppen.</translation>
    </message>
    <message>
        <source>Could not change the autostart entry ({path}): {reason}.</source>
        <translation>Der Autostart-Eintrag ({path}) konnte nicht geändert werden: {reason}.</translation>
    </message>
    <message>
        <source>it could not be written</source>
        <translation>er konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>LemonadeImportDialog</name>
    <message>
        <source>Add the model {model} ({checkpoint})</source>
        <translation>Modell {model} hinzufügen ({checkpoint})</translation>
    </message>
    <message>
        <source>Point {model} at {checkpoint} instead of {old}</source>
        <translation>{model} auf {checkpoint} statt {old} verweisen lassen</translation>
    </message>
    <message>
        <source>Set {setting} to {value}</source>
        <translation>{setting} auf {value} setzen</translation>
    </message>
    <message>
        <source>Options of {model}: the default context size, vLLM arguments {args}</source>
        <translation>Optionen von {model}: die voreingestellte Kontextlänge, vLLM-Argumente {args}</translation>
    </message>
    <message>
        <source>Options of {model}: the default context size</source>
        <translation>Optionen von {model}: die voreingestellte Kontextlänge</translation>
    </message>
    <message>
        <source>Options of {model}: context size {ctx}, vLLM arguments {args}</source>
        <translation>Optionen von {model}: Kontextlänge {ctx}, vLLM-Argumente {args}</translation>
    </message>
    <message>
        <source>Options of {model}: context size {ctx}</source>
        <translation>Optionen von {model}: Kontextlänge {ctx}</translation>
    </message>
    <message>
        <source>Use the downloaded files of {repo} ({size}) without copying them</source>
        <translation>Die heruntergeladenen Dateien von {repo} ({size}) nutzen, ohne sie zu kopieren</translation>
    </message>
    <message>
        <source>Use Lemonade&apos;s vLLM bundle {tag} as the ROCm engine</source>
        <translation>Lemonades vLLM-Paket {tag} als ROCm-Engine nutzen</translation>
    </message>
    <message>
        <source>Import from Lemonade</source>
        <translation>Aus Lemonade importieren</translation>
    </message>
    <message>
        <source>Lemonade Server&apos;s vLLM setup was found in {path}. vLLM Tray can take it over; nothing is downloaded or copied again, and Lemonade&apos;s files stay as they are.</source>
        <translation>Die vLLM-Einrichtung von Lemonade Server wurde in {path} gefunden. vLLM Tray kann sie übernehmen; nichts wird erneut heruntergeladen oder kopiert, und Lemonades Dateien bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>Not imported: {what}</source>
        <translation>Nicht importiert: {what}</translation>
    </message>
    <message>
        <source>You can import later with: vllm-tray import-lemonade</source>
        <translation>Später importieren mit: vllm-tray import-lemonade</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n change(s) from Lemonade.</source>
        <translation>
            <numerusform>%n Änderung aus Lemonade importiert.</numerusform>
            <numerusform>%n Änderungen aus Lemonade importiert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LimitsPage</name>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>These keep clients that hold connections open or send too much from using up the endpoint. The defaults suit most uses.</source>
        <translation>Diese Grenzen verhindern, dass Clients, die Verbindungen offen halten oder zu viel senden, den Endpunkt auslasten. Die Voreinstellungen passen für die meisten Zwecke.</translation>
    </message>
    <message>
        <source>Client connections</source>
        <translation>Client-Verbindungen</translation>
    </message>
    <message>
        <source>Most open &amp;connections:</source>
        <translation>Max. offene &amp;Verbindungen:</translation>
    </message>
    <message>
        <source>connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Close &amp;idle connections after:</source>
        <translation>&amp;Untätige Verbindungen schließen nach:</translation>
    </message>
    <message>
        <source>Time to send &amp;headers:</source>
        <translation>Zeit zum Senden der &amp;Header:</translation>
    </message>
    <message>
        <source>Time to send a &amp;body:</source>
        <translation>Zeit zum Senden des &amp;Rumpfs:</translation>
    </message>
    <message>
        <source>seconds, plus 1 per 64 KiB received</source>
        <translation>Sekunden, plus 1 je 64 KiB empfangen</translation>
    </message>
    <message>
        <source>Request bodies</source>
        <translation>Anfragerümpfe</translation>
    </message>
    <message>
        <source>&amp;Largest request:</source>
        <translation>&amp;Größte Anfrage:</translation>
    </message>
    <message>
        <source>&amp;Memory for all bodies at once:</source>
        <translation>&amp;Speicher für alle Rümpfe zusammen:</translation>
    </message>
    <message>
        <source>Answers from models</source>
        <translation>Antworten der Modelle</translation>
    </message>
    <message>
        <source>seconds (0: no limit)</source>
        <translation>Sekunden (0: unbegrenzt)</translation>
    </message>
    <message>
        <source>Wait for an answer to &amp;start:</source>
        <translation>Auf &amp;Beginn einer Antwort warten:</translation>
    </message>
    <message>
        <source>Longest &amp;pause within an answer:</source>
        <translation>Längste &amp;Pause in einer Antwort:</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
</context>
<context>
    <name>LivePlot</name>
    <message>
        <source>Live metrics of the running model</source>
        <translation>Live-Messwerte des laufenden Modells</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>requests running / waiting</source>
        <translation>Anfragen laufend / wartend</translation>
    </message>
    <message>
        <source>KV cache %</source>
        <translation>KV-Cache %</translation>
    </message>
    <message>
        <source>now: {value}</source>
        <translation>jetzt: {value}</translation>
    </message>
    <message>
        <source>5 min ago</source>
        <translation>vor 5 min</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>No readings yet: the model must be running</source>
        <translation>Noch keine Messwerte: Das Modell muss laufen</translation>
    </message>
</context>
<context>
    <name>LoadBenchPanel</name>
    <message>
        <source>Seconds each step of a load took</source>
        <translation>Sekunden je Schritt eines Ladevorgangs</translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation>Noch nicht gemessen.</translation>
    </message>
    <message>
        <source>Earlier load measurements</source>
        <translation>Frühere Lademessungen</translation>
    </message>
    <message>
        <source>&amp;Measure load (cold, then warm)</source>
        <translation>Laden &amp;messen (kalt, dann warm)</translation>
    </message>
    <message>
        <source>Empties the compile caches of this engine version, loads the model and waits for a first token; then loads it again with the caches that load filled. The model ends loaded or not, as it was.</source>
        <translation>Leert die Kompilier-Caches dieser Engine-Version, lädt das Modell und wartet auf ein erstes Token; lädt es dann erneut mit den Caches, die dieser Ladevorgang gefüllt hat. Danach ist das Modell geladen oder nicht, wie zuvor.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>The app, before the engine starts</source>
        <translation>Die App, vor dem Engine-Start</translation>
    </message>
    <message>
        <source>Process start and imports</source>
        <translation>Prozessstart und Importe</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Compile and graph capture</source>
        <translation>Kompilieren und Graph-Erfassung</translation>
    </message>
    <message>
        <source>KV cache and profiling</source>
        <translation>KV-Cache und Profiling</translation>
    </message>
    <message>
        <source>HTTP server start</source>
        <translation>Start des HTTP-Servers</translation>
    </message>
    <message>
        <source>The app noticing it is up</source>
        <translation>Die App bemerkt die Bereitschaft</translation>
    </message>
    <message>
        <source>The app handing it over</source>
        <translation>Übergabe durch die App</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Erstes Token</translation>
    </message>
    <message>
        <source>The app relaying the first token</source>
        <translation>Die App leitet das erste Token weiter</translation>
    </message>
    <message>
        <source>Emptying the compile caches…</source>
        <translation>Kompilier-Caches werden geleert …</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} s</translation>
    </message>
    <message>
        <source>Cold</source>
        <translation>Kalt</translation>
    </message>
    <message>
        <source>Warm</source>
        <translation>Warm</translation>
    </message>
    <message>
        <source>Swap back</source>
        <translation>Zurückholen</translation>
    </message>
    <message>
        <source>cold</source>
        <translation>kalt</translation>
    </message>
    <message>
        <source>warm</source>
        <translation>warm</translation>
    </message>
    <message>
        <source>{asked} (vLLM: {said})</source>
        <translation>{asked} (vLLM: {said})</translation>
    </message>
    <message>
        <source>A warm load takes {r} × the cold one (goal: at most {g}).</source>
        <translation>Ein Warmstart dauert {r} × so lange wie der Kaltstart (Ziel: höchstens {g}).</translation>
    </message>
    <message>
        <source>The app&apos;s own share: at most {s} s (goal: at most {g} s).</source>
        <translation>Anteil der App selbst: höchstens {s} s (Ziel: höchstens {g} s).</translation>
    </message>
    <message>
        <source>Cold load: waiting for the first token…</source>
        <translation>Kaltstart: Warten auf das erste Token …</translation>
    </message>
    <message>
        <source>Warm load: waiting for the first token…</source>
        <translation>Warmstart: Warten auf das erste Token …</translation>
    </message>
    <message>
        <source>Unloading the model…</source>
        <translation>Modell wird entladen …</translation>
    </message>
    <message>
        <source>Cancelled; nothing was kept.</source>
        <translation>Abgebrochen; nichts wurde behalten.</translation>
    </message>
</context>
<context>
    <name>LogsView</name>
    <message>
        <source>Log of {name}</source>
        <translation>Protokoll von {name}</translation>
    </message>
    <message>
        <source>Search the log (Ctrl+F)</source>
        <translation>Protokoll durchsuchen (Strg+F)</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>&amp;Vorheriger</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Nächster</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Folgen</translation>
    </message>
    <message>
        <source>Keep the newest line in view</source>
        <translation>Die neueste Zeile sichtbar halten</translation>
    </message>
    <message>
        <source>Show &amp;health checks</source>
        <translation>&amp;Zustandsabfragen zeigen</translation>
    </message>
    <message>
        <source>Show the lines of vLLM Tray&apos;s own /health and /metrics requests</source>
        <translation>Die Zeilen der eigenen /health- und /metrics-Anfragen von vLLM Tray zeigen</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected lines, or the whole log</source>
        <translation>Die ausgewählten Zeilen kopieren, oder das ganze Protokoll</translation>
    </message>
    <message>
        <source>&amp;Open log file</source>
        <translation>Protokoll&amp;datei öffnen</translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation>Protokollzeilen</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Protokoll wird gelesen …</translation>
    </message>
    <message>
        <source>No output yet: the model has not run.</source>
        <translation>Noch keine Ausgabe: Das Modell lief noch nicht.</translation>
    </message>
    <message>
        <source>This model was removed.</source>
        <translation>Dieses Modell wurde entfernt.</translation>
    </message>
    <message>
        <source>State: {state}</source>
        <translation>Zustand: {state}</translation>
    </message>
    <message>
        <source>{n} found</source>
        <translation>{n} gefunden</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>vLLM Tray</source>
        <translation>vLLM Tray</translation>
    </message>
    <message>
        <source>Filter by name, label or checkpoint (Ctrl+F)</source>
        <translation>Nach Name, Label oder Checkpoint filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>Modelle filtern</translation>
    </message>
    <message>
        <source>&amp;Downloaded only</source>
        <translation>Nur &amp;heruntergeladene</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>&amp;Add model…</source>
        <translation>Modell &amp;hinzufügen …</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>App settings</source>
        <translation>App-Einstellungen</translation>
    </message>
    <message>
        <source>Model settings</source>
        <translation>Modelleinstellungen</translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation>Fenster &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>C&amp;luster…</source>
        <translation>C&amp;luster …</translation>
    </message>
    <message>
        <source>&amp;Remote servers…</source>
        <translation>Entfernte Se&amp;rver …</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Model actions</source>
        <translation>Modellaktionen</translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation>Erneut &amp;laden</translation>
    </message>
    <message>
        <source>The download of {name} failed</source>
        <translation>Der Download von {name} ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Retry download</source>
        <translation>Download &amp;wiederholen</translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation>{name} wird geladen …</translation>
    </message>
    <message>
        <source>Download of {name} started.</source>
        <translation>Download von {name} gestartet.</translation>
    </message>
    <message>
        <source>Model settings saved.</source>
        <translation>Modelleinstellungen gespeichert.</translation>
    </message>
    <message>
        <source>Deleted.</source>
        <translation>Gelöscht.</translation>
    </message>
</context>
<context>
    <name>MemoryPlot</name>
    <message>
        <source>GPU memory over the last ten minutes</source>
        <translation>GPU-Speicher in den letzten zehn Minuten</translation>
    </message>
    <message>
        <source>VRAM now {percent} % used</source>
        <translation>VRAM jetzt zu {percent} % belegt</translation>
    </message>
    <message>
        <source>10 min ago</source>
        <translation>vor 10 min</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>No readings yet</source>
        <translation>Noch keine Messwerte</translation>
    </message>
</context>
<context>
    <name>ModelActions</name>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>&amp;Cancel download</source>
        <translation>Download a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Laden</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Entladen</translation>
    </message>
    <message>
        <source>Stop this model&apos;s vLLM server and free its memory</source>
        <translation>Den vLLM-Server dieses Modells stoppen und seinen Speicher freigeben</translation>
    </message>
    <message>
        <source>C&amp;hat with…</source>
        <translation>C&amp;hatten mit …</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Talk to this model on the Chat page; it loads when you send a message</source>
        <translation>Mit diesem Modell auf der Chat-Seite sprechen; es lädt, wenn Sie eine Nachricht senden</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Ein&amp;stellungen …</translation>
    </message>
    <message>
        <source>Context size and vLLM arguments of this model</source>
        <translation>Kontextlänge und vLLM-Argumente dieses Modells</translation>
    </message>
    <message>
        <source>Show lo&amp;g</source>
        <translation>&amp;Protokoll anzeigen</translation>
    </message>
    <message>
        <source>De&amp;lete…</source>
        <translation>L&amp;öschen …</translation>
    </message>
    <message>
        <source>Pre-&amp;warm</source>
        <translation>&amp;Vorwärmen</translation>
    </message>
    <message>
        <source>Start this model once in the background and stop it again, so that vLLM compiles it now and its first load is warm</source>
        <translation>Dieses Modell einmal im Hintergrund starten und wieder stoppen, damit vLLM es jetzt kompiliert und sein erstes Laden ein Warmstart ist</translation>
    </message>
    <message>
        <source>&amp;Benchmark and tune…</source>
        <translation>Benchmark und &amp;Abstimmung …</translation>
    </message>
    <message>
        <source>Measure this model&apos;s throughput and find its best max-num-seqs</source>
        <translation>Den Durchsatz dieses Modells messen und sein bestes max-num-seqs finden</translation>
    </message>
    <message>
        <source>&amp;Retry download</source>
        <translation>Download &amp;wiederholen</translation>
    </message>
    <message>
        <source>Download the model&apos;s files again; finished files are kept</source>
        <translation>Die Dateien des Modells erneut herunterladen; fertige Dateien bleiben erhalten</translation>
    </message>
    <message>
        <source>Download the model&apos;s files from Hugging Face</source>
        <translation>Die Dateien des Modells von Hugging Face herunterladen</translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation>Erneut &amp;laden</translation>
    </message>
    <message>
        <source>Try to start this model&apos;s vLLM server again now (Ctrl+L)</source>
        <translation>Den vLLM-Server dieses Modells jetzt erneut starten (Strg+L)</translation>
    </message>
    <message>
        <source>Start a vLLM server for this model (Ctrl+L)</source>
        <translation>Einen vLLM-Server für dieses Modell starten (Strg+L)</translation>
    </message>
    <message>
        <source>&amp;Cancel pre-warming</source>
        <translation>Vorwärmen a&amp;bbrechen</translation>
    </message>
    <message>
        <source>{name} is downloaded. Model ▸ Pre-warm compiles it now, so that its first load is fast.</source>
        <translation>{name} ist heruntergeladen. Modell ▸ Vorwärmen kompiliert es jetzt, damit das erste Laden schnell geht.</translation>
    </message>
    <message>
        <source>{name} is pre-warmed: its next load is a warm one.</source>
        <translation>{name} ist vorgewärmt: Das nächste Laden ist ein Warmstart.</translation>
    </message>
    <message>
        <source>Download of {name} started.</source>
        <translation>Download von {name} gestartet.</translation>
    </message>
    <message>
        <source>Loading {name}…</source>
        <translation>{name} wird geladen …</translation>
    </message>
</context>
<context>
    <name>ModelSearchPanel</name>
    <message>
        <source>Search Hugging Face, e.g. qwen3 0.6b</source>
        <translation>Hugging Face durchsuchen, z. B. qwen3 0.6b</translation>
    </message>
    <message>
        <source>Search Hugging Face</source>
        <translation>Hugging Face durchsuchen</translation>
    </message>
    <message>
        <source>Order of the results</source>
        <translation>Reihenfolge der Ergebnisse</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>Meist heruntergeladen</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>Meist gemocht</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Zuletzt aktualisiert</translation>
    </message>
    <message>
        <source>Type a model&apos;s name to search Hugging Face.</source>
        <translation>Geben Sie den Namen eines Modells ein, um Hugging Face zu durchsuchen.</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>Add the selected model to your models and download it</source>
        <translation>Das ausgewählte Modell zu Ihren Modellen hinzufügen und herunterladen</translation>
    </message>
    <message>
        <source>Searching for “{query}”…</source>
        <translation>Suche nach „{query}“ …</translation>
    </message>
    <message numerus="yes">
        <source>No text-generation model matches “{query}”. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation>
            <numerusform>Kein Textgenerierungsmodell passt zu „{query}“. %n Ergebnis von Hugging Face konnte nicht gelesen werden und wird ausgelassen.</numerusform>
            <numerusform>Kein Textgenerierungsmodell passt zu „{query}“. %n Ergebnisse von Hugging Face konnten nicht gelesen werden und werden ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No text-generation model matches “{query}”.</source>
        <translation>Kein Textgenerierungsmodell passt zu „{query}“.</translation>
    </message>
    <message numerus="yes">
        <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation>
            <numerusform>{count} Modelle. Wählen Sie eines, um zu sehen, was es braucht; Größen und Passung werden aus jedem Repository gelesen. %n Ergebnis von Hugging Face konnte nicht gelesen werden und wird ausgelassen.</numerusform>
            <numerusform>{count} Modelle. Wählen Sie eines, um zu sehen, was es braucht; Größen und Passung werden aus jedem Repository gelesen. %n Ergebnisse von Hugging Face konnten nicht gelesen werden und werden ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository.</source>
        <translation>{count} Modelle. Wählen Sie eines, um zu sehen, was es braucht; Größen und Passung werden aus jedem Repository gelesen.</translation>
    </message>
    <message>
        <source>Reading {repo}&apos;s files…</source>
        <translation>Dateien von {repo} werden gelesen …</translation>
    </message>
    <message>
        <source>Starts with {args} (its family&apos;s arguments).</source>
        <translation>Startet mit {args} (den Argumenten seiner Familie).</translation>
    </message>
    <message>
        <source>Already in your models as {model}.</source>
        <translation>Schon unter Ihren Modellen als {model}.</translation>
    </message>
    <message>
        <source>Download {repo}?</source>
        <translation>{repo} herunterladen?</translation>
    </message>
    <message>
        <source>Download its files ({size}) anyway?</source>
        <translation>Seine Dateien ({size}) trotzdem herunterladen?</translation>
    </message>
    <message>
        <source>Download &amp;anyway</source>
        <translation>&amp;Trotzdem herunterladen</translation>
    </message>
</context>
<context>
    <name>ModelSettingsDialog</name>
    <message>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>GPU {index}</translation>
    </message>
    <message>
        <source>{device}: {room} can be taken now without swapping ({available} of RAM available, {reserve} kept for the system), of {budget} in all.</source>
        <translation>{device}: {room} sind jetzt ohne Auslagern nutzbar ({available} RAM verfügbar, {reserve} für das System reserviert), von insgesamt {budget}.</translation>
    </message>
    <message>
        <source>{device}: {room} free now of {budget}; other programs hold {others}.</source>
        <translation>{device}: jetzt {room} von {budget} frei; andere Programme belegen {others}.</translation>
    </message>
    <message>
        <source>{device}: {room} free now.</source>
        <translation>{device}: jetzt {room} frei.</translation>
    </message>
    <message>
        <source>✗ Too long for this model: it accepts at most {tokens} tokens.</source>
        <translation>✗ Zu lang für dieses Modell: Es nimmt höchstens {tokens} Tokens an.</translation>
    </message>
    <message>
        <source>✗ Does not fit now: a start would reserve {reserve}, more than is free.</source>
        <translation>✗ Passt jetzt nicht: Ein Start würde {reserve} belegen, mehr als frei ist.</translation>
    </message>
    <message>
        <source>✓ Fits: needs {needed} of the {budget} vLLM may use.</source>
        <translation>✓ Passt: braucht {needed} der {budget}, die vLLM nutzen darf.</translation>
    </message>
    <message>
        <source>✗ Does not fit: needs {needed}, but vLLM may use {budget}.</source>
        <translation>✗ Passt nicht: braucht {needed}, aber vLLM darf {budget} nutzen.</translation>
    </message>
    <message>
        <source>Largest context size: {tokens} (the model&apos;s own limit)</source>
        <translation>Größte Kontextlänge: {tokens} (Grenze des Modells)</translation>
    </message>
    <message>
        <source>Largest context size: {tokens} (what fits in memory)</source>
        <translation>Größte Kontextlänge: {tokens} (was in den Speicher passt)</translation>
    </message>
    <message>
        <source>Max concurrency at this context size: {n} full-length requests at once.</source>
        <translation>Höchste Parallelität bei dieser Kontextlänge: {n} Anfragen voller Länge gleichzeitig.</translation>
    </message>
    <message>
        <source>Even the weights alone do not fit.</source>
        <translation>Schon die Gewichte allein passen nicht.</translation>
    </message>
    <message>
        <source>Settings of {name}</source>
        <translation>Einstellungen von {name}</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Context size</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Use &amp;largest</source>
        <translation>&amp;Größte nutzen</translation>
    </message>
    <message>
        <source>e.g. --max-num-seqs 8 --kv-cache-dtype fp8</source>
        <translation>z. B. --max-num-seqs 8 --kv-cache-dtype fp8</translation>
    </message>
    <message>
        <source>vLLM arguments</source>
        <translation>vLLM-Argumente</translation>
    </message>
    <message>
        <source>Effective command line</source>
        <translation>Tatsächliche Befehlszeile</translation>
    </message>
    <message>
        <source>&amp;Reset to defaults</source>
        <translation>Auf Voreinstellungen &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Context size:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <source>&amp;vLLM arguments:</source>
        <translation>&amp;vLLM-Argumente:</translation>
    </message>
    <message>
        <source>&amp;Optimize for:</source>
        <translation>&amp;Optimieren für:</translation>
    </message>
    <message>
        <source>Reading this model&apos;s settings…</source>
        <translation>Einstellungen des Modells werden gelesen …</translation>
    </message>
    <message>
        <source>Command line with the last valid settings (fix the error to update):</source>
        <translation>Befehlszeile mit den letzten gültigen Einstellungen (zum Aktualisieren den Fehler beheben):</translation>
    </message>
    <message>
        <source>Command line the model runs with at its next load (until then it keeps the one it started with):</source>
        <translation>Befehlszeile, mit der das Modell beim nächsten Laden läuft (bis dahin behält es die, mit der es gestartet wurde):</translation>
    </message>
    <message>
        <source>Command line the model runs with:</source>
        <translation>Befehlszeile, mit der das Modell läuft:</translation>
    </message>
    <message>
        <source>Where the arguments come from, later lines win:</source>
        <translation>Herkunft der Argumente, spätere Zeilen haben Vorrang:</translation>
    </message>
    <message>
        <source>No memory estimate yet: it needs the model&apos;s config.json on disk.</source>
        <translation>Noch keine Speicherschätzung: Dafür muss die config.json des Modells auf der Festplatte liegen.</translation>
    </message>
</context>
<context>
    <name>ModelState</name>
    <message>
        <source>starting Python and vLLM</source>
        <translation>Python und vLLM starten</translation>
    </message>
    <message>
        <source>reading the model config</source>
        <translation>Modellkonfiguration lesen</translation>
    </message>
    <message>
        <source>loading weights</source>
        <translation>Gewichte einlesen</translation>
    </message>
    <message>
        <source>compiling kernels</source>
        <translation>Kernel kompilieren</translation>
    </message>
    <message>
        <source>sizing the KV cache</source>
        <translation>KV-Cache bemessen</translation>
    </message>
    <message>
        <source>starting the server</source>
        <translation>Server starten</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>see the log for details</source>
        <translation>Einzelheiten im Protokoll</translation>
    </message>
    <message>
        <source>loading: starting</source>
        <translation>lädt: Start</translation>
    </message>
    <message>
        <source>loading: {phase}</source>
        <translation>lädt: {phase}</translation>
    </message>
    <message>
        <source>cold load:</source>
        <translation>Kaltstart:</translation>
    </message>
    <message>
        <source>warm load:</source>
        <translation>Warmstart:</translation>
    </message>
    <message>
        <source>longer than usual: {elapsed}, usually {expected}</source>
        <translation>länger als sonst: {elapsed}, sonst {expected}</translation>
    </message>
    <message>
        <source>loading: {phase} {percent}</source>
        <translation>lädt: {phase} {percent}</translation>
    </message>
    <message>
        <source>{elapsed} of about {expected}</source>
        <translation>{elapsed} von etwa {expected}</translation>
    </message>
    <message>
        <source>swap back:</source>
        <translation>Zurückholen:</translation>
    </message>
    <message>
        <source>last cold load {duration}</source>
        <translation>letzter Kaltstart {duration}</translation>
    </message>
    <message>
        <source>last warm load {duration}</source>
        <translation>letzter Warmstart {duration}</translation>
    </message>
    <message>
        <source>last swap back {duration}</source>
        <translation>letztes Zurückholen {duration}</translation>
    </message>
    <message>
        <source>unreachable: {diagnosis}</source>
        <translation>nicht erreichbar: {diagnosis}</translation>
    </message>
    <message>
        <source>running on {remote}</source>
        <translation>läuft auf {remote}</translation>
    </message>
    <message>
        <source>loading on {remote}</source>
        <translation>lädt auf {remote}</translation>
    </message>
    <message>
        <source>unloading on {remote}</source>
        <translation>wird auf {remote} entladen</translation>
    </message>
    <message>
        <source>failed on {remote}</source>
        <translation>fehlgeschlagen auf {remote}</translation>
    </message>
    <message>
        <source>asleep on {remote}, wakes on the next request</source>
        <translation>schläft auf {remote}, wacht bei der nächsten Anfrage auf</translation>
    </message>
    <message>
        <source>on {remote}, loads on first request</source>
        <translation>auf {remote}, lädt bei der ersten Anfrage</translation>
    </message>
    <message>
        <source>asleep at level 1: its weights wait in RAM, so it wakes in seconds on the next request</source>
        <translation>schläft auf Stufe 1: Die Gewichte warten im Arbeitsspeicher (RAM), daher wacht es bei der nächsten Anfrage in Sekunden auf</translation>
    </message>
    <message>
        <source>asleep at level 2: this GPU&apos;s memory is the computer&apos;s RAM, so its weights were dropped; the next request reads them from disk again, quicker than a restart</source>
        <translation>schläft auf Stufe 2: Der Speicher dieser GPU ist der Arbeitsspeicher (RAM) des Rechners, daher wurden die Gewichte verworfen; die nächste Anfrage liest sie wieder von der Platte, schneller als ein Neustart</translation>
    </message>
    <message>
        <source>asleep at level 2: RAM could not take its weights, so they were dropped; the next request reads them from disk again, quicker than a restart</source>
        <translation>schläft auf Stufe 2: Der Arbeitsspeicher (RAM) konnte die Gewichte nicht aufnehmen, daher wurden sie verworfen; die nächste Anfrage liest sie wieder von der Platte, schneller als ein Neustart</translation>
    </message>
    <message>
        <source>asleep: wakes on the next request</source>
        <translation>schläft: wacht bei der nächsten Anfrage auf</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>running, KV cache {percent}</source>
        <translation>läuft, KV-Cache {percent}</translation>
    </message>
    <message>
        <source>{n} requests</source>
        <translation>{n} Anfragen</translation>
    </message>
    <message>
        <source>restarted once</source>
        <translation>einmal neu gestartet</translation>
    </message>
    <message>
        <source>restarted {n} times</source>
        <translation>{n}-mal neu gestartet</translation>
    </message>
    <message>
        <source>pre-warming, {load}</source>
        <translation>wird vorgewärmt, {load}</translation>
    </message>
    <message>
        <source>unloading</source>
        <translation>wird entladen</translation>
    </message>
    <message>
        <source>crashed {n} times in a row: {diagnosis}</source>
        <translation>{n}-mal in Folge abgestürzt: {diagnosis}</translation>
    </message>
    <message>
        <source>stopped unexpectedly: {diagnosis}</source>
        <translation>unerwartet beendet: {diagnosis}</translation>
    </message>
    <message>
        <source>failed to start {n} times in a row: {diagnosis}</source>
        <translation>{n}-mal in Folge nicht gestartet: {diagnosis}</translation>
    </message>
    <message>
        <source>given up: {diagnosis}</source>
        <translation>aufgegeben: {diagnosis}</translation>
    </message>
    <message>
        <source>failed: {diagnosis}</source>
        <translation>fehlgeschlagen: {diagnosis}</translation>
    </message>
    <message>
        <source>KV cache {tokens} tokens, {n}× concurrency at {ctx}</source>
        <translation>KV-Cache {tokens} Tokens, {n}× parallel bei {ctx}</translation>
    </message>
    <message>
        <source>waiting to download</source>
        <translation>wartet auf Download</translation>
    </message>
    <message>
        <source>downloading {percent}</source>
        <translation>Download {percent}</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>stockt</translation>
    </message>
    <message>
        <source>local folder</source>
        <translation>lokaler Ordner</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>heruntergeladen</translation>
    </message>
    <message>
        <source>folder missing or not a model</source>
        <translation>Ordner fehlt oder ist kein Modell</translation>
    </message>
    <message>
        <source>download failed: {diagnosis}</source>
        <translation>Download fehlgeschlagen: {diagnosis}</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>nicht heruntergeladen</translation>
    </message>
    <message>
        <source>crashed {n} times in a row</source>
        <translation>{n}-mal in Folge abgestürzt</translation>
    </message>
    <message>
        <source>stopped unexpectedly</source>
        <translation>unerwartet beendet</translation>
    </message>
    <message>
        <source>failed to start {n} times in a row</source>
        <translation>{n}-mal in Folge nicht gestartet</translation>
    </message>
    <message>
        <source>given up</source>
        <translation>aufgegeben</translation>
    </message>
    <message>
        <source>failed to start</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>partly downloaded: {done} so far</source>
        <translation>teilweise heruntergeladen: bisher {done}</translation>
    </message>
    <message>
        <source>partly downloaded: {done} of {total} ({percent})</source>
        <translation>teilweise heruntergeladen: {done} von {total} ({percent})</translation>
    </message>
    <message>
        <source>KV cache {tokens} tokens</source>
        <translation>KV-Cache {tokens} Tokens</translation>
    </message>
    <message>
        <source>Restarted once after crashing or failing to start.</source>
        <translation>Einmal neu gestartet nach Absturz oder Startfehler.</translation>
    </message>
    <message>
        <source>Restarted {n} times after crashing or failing to start.</source>
        <translation>{n}-mal neu gestartet nach Absturz oder Startfehler.</translation>
    </message>
    <message>
        <source>Failed to start once. The next request tries again.</source>
        <translation>Einmal nicht gestartet. Die nächste Anfrage versucht es erneut.</translation>
    </message>
    <message>
        <source>Failed to start once. The next request tries again, after waiting {wait}; Load tries at once.</source>
        <translation>Einmal nicht gestartet. Die nächste Anfrage versucht es nach {wait} Wartezeit erneut; Laden versucht es sofort.</translation>
    </message>
    <message>
        <source>Failed to start {n} times in a row. The next request tries again.</source>
        <translation>{n}-mal in Folge nicht gestartet. Die nächste Anfrage versucht es erneut.</translation>
    </message>
    <message>
        <source>Failed to start {n} times in a row. The next request tries again, after waiting {wait}; Load tries at once.</source>
        <translation>{n}-mal in Folge nicht gestartet. Die nächste Anfrage versucht es nach {wait} Wartezeit erneut; Laden versucht es sofort.</translation>
    </message>
    <message>
        <source>Crashed once. The next request starts it again.</source>
        <translation>Einmal abgestürzt. Die nächste Anfrage startet es erneut.</translation>
    </message>
    <message>
        <source>Crashed once. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
        <translation>Einmal abgestürzt. Die nächste Anfrage startet es nach {wait} Wartezeit erneut; Laden startet es sofort.</translation>
    </message>
    <message>
        <source>Crashed {n} times in a row. The next request starts it again.</source>
        <translation>{n}-mal in Folge abgestürzt. Die nächste Anfrage startet es erneut.</translation>
    </message>
    <message>
        <source>Crashed {n} times in a row. The next request starts it again, after waiting {wait}; Load starts it at once.</source>
        <translation>{n}-mal in Folge abgestürzt. Die nächste Anfrage startet es nach {wait} Wartezeit erneut; Laden startet es sofort.</translation>
    </message>
    <message>
        <source>The app stopped restarting {name}</source>
        <translation>Die App startet {name} nicht mehr neu</translation>
    </message>
    <message>
        <source>The app stopped trying to start {name}</source>
        <translation>Die App versucht nicht mehr, {name} zu starten</translation>
    </message>
    <message>
        <source>{name} crashed {n} times in a row</source>
        <translation>{name} ist {n}-mal in Folge abgestürzt</translation>
    </message>
    <message>
        <source>{name} stopped unexpectedly</source>
        <translation>{name} wurde unerwartet beendet</translation>
    </message>
    <message>
        <source>{name} failed to start {n} times in a row</source>
        <translation>{name} ist {n}-mal in Folge nicht gestartet</translation>
    </message>
    <message>
        <source>{name} could not start</source>
        <translation>{name} konnte nicht starten</translation>
    </message>
</context>
<context>
    <name>ModelTableModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>experimental</source>
        <translation>experimentell</translation>
    </message>
    <message>
        <source>Last step: {line}</source>
        <translation>Letzter Schritt: {line}</translation>
    </message>
    <message>
        <source>A built-in model. It runs on AMD&apos;s ROCm build of vLLM, which is experimental: expect rough edges.</source>
        <translation>Ein eingebautes Modell. Es läuft mit AMDs ROCm-Build von vLLM, der experimentell ist: Rechnen Sie mit Ecken und Kanten.</translation>
    </message>
</context>
<context>
    <name>ModelsPage</name>
    <message>
        <source>Use recomme&amp;nded</source>
        <translation>Empfo&amp;hlenen Wert nutzen</translation>
    </message>
    <message>
        <source>No recommendation: the GPU&apos;s free memory could not be read.</source>
        <translation>Keine Empfehlung: Der freie Speicher der GPU konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Recommended for this machine: {value}, 95 % of the memory that was free when the app started. vLLM&apos;s own default, 0.92, crashes on many APUs.</source>
        <translation>Empfohlen für diesen Rechner: {value}, 95 % des Speichers, der beim Start der App frei war. vLLMs eigene Voreinstellung 0,92 stürzt auf vielen APUs ab.</translation>
    </message>
    <message>
        <source>flags added for every model</source>
        <translation>Flags für jedes Modell</translation>
    </message>
    <message>
        <source>Automatic (ROCm on a supported AMD GPU, else CPU)</source>
        <translation>Automatisch (ROCm auf unterstützter AMD-GPU, sonst CPU)</translation>
    </message>
    <message>
        <source>AMD ROCm build of vLLM</source>
        <translation>AMD-ROCm-Build von vLLM</translation>
    </message>
    <message>
        <source>vLLM CPU build</source>
        <translation>CPU-Build von vLLM</translation>
    </message>
    <message>
        <source>Your own vLLM command</source>
        <translation>Ihr eigener vLLM-Befehl</translation>
    </message>
    <message>
        <source>e.g. vllm serve, or /path/to/python -m vllm.entrypoints…</source>
        <translation>z. B. vllm serve, oder /pfad/zu/python -m vllm.entrypoints…</translation>
    </message>
    <message>
        <source>&amp;GPU memory utilization:</source>
        <translation>&amp;GPU-Speicherauslastung:</translation>
    </message>
    <message>
        <source>Max concurrent &amp;requests per model:</source>
        <translation>Max. gleichzeitige &amp;Anfragen je Modell:</translation>
    </message>
    <message>
        <source>Default &amp;context size:</source>
        <translation>Standard-&amp;Kontextlänge:</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Load &amp;timeout:</source>
        <translation>Lade-&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>&amp;Unload after idle for:</source>
        <translation>&amp;Entladen nach Leerlauf von:</translation>
    </message>
    <message>
        <source>minutes (0: never)</source>
        <translation>Minuten (0: nie)</translation>
    </message>
    <message>
        <source>Memory &amp;budget for all models:</source>
        <translation>Speicher&amp;budget für alle Modelle:</translation>
    </message>
    <message>
        <source>GB (0: all of it)</source>
        <translation>GB (0: alles)</translation>
    </message>
    <message>
        <source>RAM ke&amp;pt for the system:</source>
        <translation>RAM-&amp;Reserve für das System:</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>Automatic (with the ROCm engine)</source>
        <translation>Automatisch (mit der ROCm-Engine)</translation>
    </message>
    <message>
        <source>With any engine</source>
        <translation>Mit jeder Engine</translation>
    </message>
    <message>
        <source>Never: unload</source>
        <translation>Nie: entladen</translation>
    </message>
    <message>
        <source>&amp;Sleep instead of unloading:</source>
        <translation>&amp;Schlafen statt Entladen:</translation>
    </message>
    <message>
        <source>&amp;Pre-warm a model once its download finishes</source>
        <translation>Modell nach dem Download &amp;vorwärmen</translation>
    </message>
    <message>
        <source>Extra vLLM &amp;arguments:</source>
        <translation>Zusätzliche vLLM-Arg&amp;umente:</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>E&amp;ngine:</translation>
    </message>
    <message>
        <source>Install only stable R&amp;OCm builds by default</source>
        <translation>Standardmäßig nur stabile R&amp;OCm-Builds installieren</translation>
    </message>
    <message>
        <source>Your vLLM co&amp;mmand:</source>
        <translation>Ihr vLLM-Be&amp;fehl:</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Recommended for this machine: {value}. The engine runs models in RAM: {available} of its {total} are available, less {reserve} kept for the system.</source>
        <translation>Empfohlen für diesen Rechner: {value}. Die Engine führt Modelle im Arbeitsspeicher aus: {available} von {total} sind verfügbar, abzüglich {reserve} für das System.</translation>
    </message>
    <message>
        <source>Type the command that starts your vLLM, e.g. vllm serve.</source>
        <translation>Geben Sie den Befehl ein, der Ihr vLLM startet, z. B. vllm serve.</translation>
    </message>
    <message>
        <source>A quote in the command is not closed.</source>
        <translation>Ein Anführungszeichen im Befehl ist nicht geschlossen.</translation>
    </message>
    <message>
        <source>Above the recommended {recommended}: at {value} vLLM asks for more RAM than is available less what is kept for the system, so loading a model is likely to fail (“less than desired CPU memory utilization”) or the computer may start swapping.</source>
        <translation>Über dem empfohlenen Wert {recommended}: Bei {value} verlangt vLLM mehr Arbeitsspeicher, als abzüglich der Reserve für das System verfügbar ist; das Laden eines Modells scheitert daher wahrscheinlich („less than desired CPU memory utilization“), oder der Computer beginnt auszulagern.</translation>
    </message>
    <message>
        <source>Above the recommended {recommended}: at {value} vLLM reserves more GPU memory than was free when the app started, so loading a model is likely to fail (“less than desired GPU memory utilization”) or to crash the GPU driver, and on an APU the computer may start swapping.</source>
        <translation>Über dem empfohlenen Wert {recommended}: Bei {value} belegt vLLM mehr GPU-Speicher, als beim Start der App frei war; das Laden eines Modells scheitert daher wahrscheinlich („less than desired GPU memory utilization“) oder lässt den GPU-Treiber abstürzen, und auf einer APU kann der Computer anfangen auszulagern.</translation>
    </message>
    <message>
        <source>&amp;Use {value} anyway</source>
        <translation>{value} &amp;trotzdem nutzen</translation>
    </message>
    <message>
        <source>OK runs “{command} --help” to check that it is a vLLM server; that can take a minute.</source>
        <translation>OK führt „{command} --help“ aus, um zu prüfen, ob es ein vLLM-Server ist; das kann eine Minute dauern.</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Installing the engine, then loading the model…</source>
        <translation>Engine wird installiert, dann das Modell geladen …</translation>
    </message>
</context>
<context>
    <name>OptimizeChoice</name>
    <message>
        <source>Engine default</source>
        <translation>Voreinstellung der Engine</translation>
    </message>
    <message>
        <source>Start fast: loads fastest, serves slower (-O0)</source>
        <translation>Schnell starten: lädt am schnellsten, antwortet langsamer (-O0)</translation>
    </message>
    <message>
        <source>Serve fast: answers fastest, loads slower (-O3)</source>
        <translation>Schnell antworten: antwortet am schnellsten, lädt langsamer (-O3)</translation>
    </message>
    <message>
        <source>How vLLM starts this model. Start fast compiles nothing (and on the CPU engine runs in one process fewer): a load takes about half as long, requests are answered more slowly. Serve fast compiles and captures everything it can.</source>
        <translation>Wie vLLM dieses Modell startet. „Schnell starten“ kompiliert nichts (und läuft auf der CPU-Engine in einem Prozess weniger): Das Laden dauert etwa halb so lange, Anfragen werden langsamer beantwortet. „Schnell antworten“ kompiliert und erfasst alles, was es kann.</translation>
    </message>
    <message>
        <source>Optimize for</source>
        <translation>Optimieren für</translation>
    </message>
</context>
<context>
    <name>QuitGuard</name>
    <message>
        <source>Quit vLLM Tray?</source>
        <translation>vLLM Tray beenden?</translation>
    </message>
    <message>
        <source>Closing the window quits vLLM Tray.</source>
        <translation>Das Schließen des Fensters beendet vLLM Tray.</translation>
    </message>
    <message>
        <source>Quitting vLLM Tray ends what it is doing.</source>
        <translation>Das Beenden von vLLM Tray bricht ab, was es gerade tut.</translation>
    </message>
    <message>
        <source>It stops {names}.</source>
        <translation>Es stoppt {names}.</translation>
    </message>
    <message>
        <source>It interrupts the download of {names}; Download later goes on from where it stopped.</source>
        <translation>Es unterbricht den Download von {names}; „Herunterladen“ setzt ihn später dort fort, wo er aufgehört hat.</translation>
    </message>
    <message>
        <source>There is no system tray to keep it running in the background. Quit anyway, or keep the window open?</source>
        <translation>Es gibt keinen Systemabschnitt, in dem es im Hintergrund weiterlaufen könnte. Trotzdem beenden oder das Fenster offen lassen?</translation>
    </message>
    <message>
        <source>Quit anyway, or keep it running?</source>
        <translation>Trotzdem beenden oder weiterlaufen lassen?</translation>
    </message>
    <message>
        <source>&amp;Quit and stop</source>
        <translation>&amp;Beenden und stoppen</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Weiterlaufen lassen</translation>
    </message>
</context>
<context>
    <name>RemotesWindow</name>
    <message>
        <source>Remote vLLM servers</source>
        <translation>Entfernte vLLM-Server</translation>
    </message>
    <message>
        <source>The models of these servers are served through this endpoint too, named NAME/MODEL. A server can be a vLLM server or another vLLM Tray.</source>
        <translation>Die Modelle dieser Server sind auch über diesen Endpunkt erreichbar, als NAME/MODELL. Ein Server kann ein vLLM-Server oder ein anderes vLLM Tray sein.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>C&amp;heck now</source>
        <translation>Jetzt &amp;prüfen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>e.g. office</source>
        <translation>z. B. buero</translation>
    </message>
    <message>
        <source>e.g. http://192.168.1.20:8000</source>
        <translation>z. B. http://192.168.1.20:8000</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>for services: read from this variable</source>
        <translation>für Dienste: aus dieser Variable lesen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>or key from &amp;variable:</source>
        <translation>oder Schlüssel aus &amp;Variable:</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>Hinzu&amp;fügen</translation>
    </message>
    <message>
        <source>Add a server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>Give the key or a variable, not both.</source>
        <translation>Geben Sie den Schlüssel oder eine Variable an, nicht beides.</translation>
    </message>
    <message>
        <source>Add &amp;anyway</source>
        <translation>&amp;Trotzdem hinzufügen</translation>
    </message>
    <message>
        <source>in the keyring</source>
        <translation>im Schlüsselbund</translation>
    </message>
    <message>
        <source>in the file {path}</source>
        <translation>in der Datei {path}</translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation>Variable {name}</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft …</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>reachable (vLLM Tray)</source>
        <translation>erreichbar (vLLM Tray)</translation>
    </message>
    <message>
        <source>reachable</source>
        <translation>erreichbar</translation>
    </message>
    <message>
        <source>Asking {url} for its models…</source>
        <translation>{url} wird nach seinen Modellen gefragt …</translation>
    </message>
    <message>
        <source>{problem} Check the address and key, or add it anyway.</source>
        <translation>{problem} Prüfen Sie Adresse und Schlüssel, oder fügen Sie ihn trotzdem hinzu.</translation>
    </message>
    <message>
        <source>{name} was added; it does not answer now.</source>
        <translation>{name} wurde hinzugefügt; er antwortet gerade nicht.</translation>
    </message>
    <message numerus="yes">
        <source>{name} was added with %n model(s).</source>
        <translation>
            <numerusform>{name} wurde mit %n Modell hinzugefügt.</numerusform>
            <numerusform>{name} wurde mit %n Modellen hinzugefügt.</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} was removed.</source>
        <translation>{name} wurde entfernt.</translation>
    </message>
    <message>
        <source>{name} answers.</source>
        <translation>{name} antwortet.</translation>
    </message>
</context>
<context>
    <name>RestartQuestion</name>
    <message>
        <source>Restart {name}?</source>
        <translation>{name} neu starten?</translation>
    </message>
    <message>
        <source>{name} is loaded. The new settings take effect when it starts again. Restart it now? Requests in progress are cut off.</source>
        <translation>{name} ist geladen. Die neuen Einstellungen wirken beim nächsten Start. Jetzt neu starten? Laufende Anfragen werden abgebrochen.</translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation>Jetzt &amp;neu starten</translation>
    </message>
    <message>
        <source>Apply at &amp;next load</source>
        <translation>Beim nächsten &amp;Laden übernehmen</translation>
    </message>
</context>
<context>
    <name>SearchResults</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Fits here?</source>
        <translation>Passt hier?</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Max context</source>
        <translation>Max. Kontext</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>Likes</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Zugang</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft …</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>fits at ctx {ctx}</source>
        <translation>passt bis {ctx}</translation>
    </message>
    <message>
        <source>won&apos;t fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>not loadable by vLLM</source>
        <translation>von vLLM nicht ladbar</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>läuft hier nicht</translation>
    </message>
    <message>
        <source>This repository has only GGUF files, which vLLM cannot load from Hugging Face. Look for the same model in safetensors format.</source>
        <translation>Dieses Repository hat nur GGUF-Dateien, die vLLM nicht von Hugging Face laden kann. Suchen Sie dasselbe Modell im safetensors-Format.</translation>
    </message>
    <message>
        <source>This repository holds no model weights.</source>
        <translation>Dieses Repository enthält keine Modellgewichte.</translation>
    </message>
    <message>
        <source>Weights {weights} of {budget} for models; the rest cannot be read.</source>
        <translation>Gewichte {weights} von {budget} für Modelle; der Rest lässt sich nicht lesen.</translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models. It fits with a context of {fitting} tokens.</source>
        <translation>Braucht etwa {needed} bei Kontext {ctx}, von {budget} für Modelle. Es passt mit einem Kontext von {fitting} Tokens.</translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models. Not even a short context fits.</source>
        <translation>Braucht etwa {needed} bei Kontext {ctx}, von {budget} für Modelle. Nicht einmal ein kurzer Kontext passt.</translation>
    </message>
    <message>
        <source>Needs about {needed} at context {ctx}, of {budget} for models.</source>
        <translation>Braucht etwa {needed} bei Kontext {ctx}, von {budget} für Modelle.</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>supported</source>
        <translation>unterstützt</translation>
    </message>
    <message>
        <source>embeddings only</source>
        <translation>nur Embeddings</translation>
    </message>
    <message>
        <source>draft model</source>
        <translation>Draft-Modell</translation>
    </message>
    <message>
        <source>not supported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <source>needs a plugin</source>
        <translation>braucht ein Plugin</translation>
    </message>
    <message>
        <source>{architecture} ({support})</source>
        <translation>{architecture} ({support})</translation>
    </message>
    <message>
        <source>runs on vLLM {version}</source>
        <translation>läuft mit vLLM {version}</translation>
    </message>
    <message>
        <source>embeddings only, not chat</source>
        <translation>nur Embeddings, kein Chat</translation>
    </message>
    <message>
        <source>a draft model, not served alone</source>
        <translation>ein Draft-Modell, nicht allein nutzbar</translation>
    </message>
    <message>
        <source>no longer in vLLM {version}</source>
        <translation>nicht mehr in vLLM {version}</translation>
    </message>
    <message>
        <source>needs a vLLM plugin</source>
        <translation>braucht ein vLLM-Plugin</translation>
    </message>
    <message>
        <source>not supported by vLLM {version}</source>
        <translation>von vLLM {version} nicht unterstützt</translation>
    </message>
    <message>
        <source>unknown to vLLM</source>
        <translation>vLLM unbekannt</translation>
    </message>
    <message>
        <source>no weights</source>
        <translation>keine Gewichte</translation>
    </message>
    <message>
        <source>{size} {format}</source>
        <translation>{size} {format}</translation>
    </message>
    <message>
        <source>gated</source>
        <translation>beschränkt</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
</context>
<context>
    <name>SecretField</name>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>the keyring did not answer</source>
        <translation>der Schlüsselbund hat nicht geantwortet</translation>
    </message>
    <message>
        <source>checking whether one is saved…</source>
        <translation>wird geprüft, ob einer gespeichert ist …</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>saved — type to replace</source>
        <translation>gespeichert – zum Ersetzen tippen</translation>
    </message>
    <message>
        <source>will be removed</source>
        <translation>wird entfernt</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Einstellungsseiten</translation>
    </message>
    <message>
        <source>Restore &amp;defaults of this page</source>
        <translation>&amp;Voreinstellungen dieser Seite wiederherstellen</translation>
    </message>
    <message>
        <source>{settings}: applies to models loaded from now on. Loaded models keep the old value until you unload and load them again.</source>
        <translation>{settings}: gilt für Modelle, die ab jetzt geladen werden. Geladene Modelle behalten den alten Wert, bis Sie sie entladen und erneut laden.</translation>
    </message>
    <message>
        <source>{settings}: applies when the endpoint starts again.</source>
        <translation>{settings}: gilt, wenn der Endpunkt neu startet.</translation>
    </message>
    <message>
        <source>{settings}: applies after vLLM Tray restarts.</source>
        <translation>{settings}: gilt nach einem Neustart von vLLM Tray.</translation>
    </message>
    <message>
        <source>Checking “{command}”: it runs with --help, which can take a minute…</source>
        <translation>„{command}“ wird geprüft: Es läuft mit --help, das kann eine Minute dauern …</translation>
    </message>
    <message>
        <source>Your vLLM command was not accepted; nothing was saved.</source>
        <translation>Ihr vLLM-Befehl wurde nicht angenommen; nichts wurde gespeichert.</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>Starting the engine…</source>
        <translation>Engine wird gestartet …</translation>
    </message>
</context>
<context>
    <name>TrayController</name>
    <message>
        <source>vLLM Tray: {names} failed</source>
        <translation>vLLM Tray: {names} fehlgeschlagen</translation>
    </message>
    <message>
        <source>vLLM Tray: the endpoint could not start</source>
        <translation>vLLM Tray: Der Endpunkt konnte nicht starten</translation>
    </message>
    <message>
        <source>vLLM Tray: working on {names}</source>
        <translation>vLLM Tray: arbeitet an {names}</translation>
    </message>
    <message>
        <source>vLLM Tray: running {names}</source>
        <translation>vLLM Tray: {names} bereit</translation>
    </message>
    <message>
        <source>vLLM Tray: no model loaded</source>
        <translation>vLLM Tray: kein Modell geladen</translation>
    </message>
    <message>
        <source>{name}: downloading {percent}</source>
        <translation>{name}: Download {percent}</translation>
    </message>
    <message>
        <source>Endpoint: {url}</source>
        <translation>Endpunkt: {url}</translation>
    </message>
    <message>
        <source>Endpoint stopped: {reason}</source>
        <translation>Endpunkt gestoppt: {reason}</translation>
    </message>
    <message>
        <source>Endpoint stopped</source>
        <translation>Endpunkt gestoppt</translation>
    </message>
    <message>
        <source>S&amp;top endpoint</source>
        <translation>Endpunkt s&amp;toppen</translation>
    </message>
    <message>
        <source>S&amp;tart endpoint</source>
        <translation>Endpunkt s&amp;tarten</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Entladen</translation>
    </message>
    <message>
        <source>&amp;Load again</source>
        <translation>Erneut &amp;laden</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Laden</translation>
    </message>
    <message>
        <source>No downloaded models yet</source>
        <translation>Noch keine heruntergeladenen Modelle</translation>
    </message>
    <message>
        <source>Starting the engine…</source>
        <translation>Engine wird gestartet …</translation>
    </message>
    <message>
        <source>&amp;Open window</source>
        <translation>Fenster ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>C&amp;hat with…</source>
        <translation>C&amp;hatten mit …</translation>
    </message>
    <message>
        <source>{name} is ready</source>
        <translation>{name} ist bereit</translation>
    </message>
    <message>
        <source>Clients can use it at {url}</source>
        <translation>Clients erreichen es unter {url}</translation>
    </message>
    <message>
        <source>the local endpoint</source>
        <translation>dem lokalen Endpunkt</translation>
    </message>
    <message>
        <source>The log says more.</source>
        <translation>Das Protokoll sagt mehr.</translation>
    </message>
    <message>
        <source>{name} stopped unexpectedly</source>
        <translation>{name} wurde unerwartet beendet</translation>
    </message>
    <message>
        <source>{name} failed to load</source>
        <translation>{name} konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>{name} is downloaded</source>
        <translation>{name} ist heruntergeladen</translation>
    </message>
    <message>
        <source>Load it from the window or the tray menu, or send it a request.</source>
        <translation>Laden Sie es im Fenster oder im Menü des Systemabschnitts, oder senden Sie ihm eine Anfrage.</translation>
    </message>
</context>
<context>
    <name>TrayWatch</name>
    <message>
        <source>The system tray has gone away, so vLLM Tray shows its window instead. Your models keep running, and the icon returns when a tray does.</source>
        <translation>Der Systemabschnitt ist verschwunden, deshalb zeigt vLLM Tray stattdessen sein Fenster. Ihre Modelle laufen weiter, und das Symbol kehrt zurück, sobald ein Systemabschnitt da ist.</translation>
    </message>
    <message>
        <source>There is no system tray, so vLLM Tray shows its window instead: closing it quits vLLM Tray and stops your models (it asks first). The icon appears if a tray starts later.</source>
        <translation>Es gibt keinen Systemabschnitt, deshalb zeigt vLLM Tray stattdessen sein Fenster: Wenn Sie es schließen, wird vLLM Tray beendet und Ihre Modelle werden gestoppt (vorher wird gefragt). Das Symbol erscheint, wenn später ein Systemabschnitt startet.</translation>
    </message>
    <message>
        <source>A system tray appeared after vLLM Tray started. Quit vLLM Tray and start it again to see its icon there.</source>
        <translation>Ein Systemabschnitt ist erst nach dem Start von vLLM Tray erschienen. Beenden Sie vLLM Tray und starten Sie es erneut, um dort sein Symbol zu sehen.</translation>
    </message>
</context>
<context>
    <name>_Opener</name>
    <message>
        <source>Where the folder is</source>
        <translation>Wo der Ordner liegt</translation>
    </message>
    <message>
        <source>No file manager opened the folder. It is here:</source>
        <translation>Kein Dateimanager hat den Ordner geöffnet. Er liegt hier:</translation>
    </message>
    <message>
        <source>Where the file is</source>
        <translation>Wo die Datei liegt</translation>
    </message>
    <message>
        <source>No program opened the file. It is here:</source>
        <translation>Kein Programm hat die Datei geöffnet. Sie liegt hier:</translation>
    </message>
    <message>
        <source>&amp;Copy path</source>
        <translation>Pfad &amp;kopieren</translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <source>There is no file {file}.</source>
        <translation>Es gibt keine Datei {file}.</translation>
    </message>
    <message>
        <source>The input, --out and --errors must be three different files.</source>
        <translation>Die Eingabe, --out und --errors müssen drei verschiedene Dateien sein.</translation>
    </message>
    <message>
        <source>The endpoint at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
        <translation>Der Endpunkt unter {url} hat den API-Schlüssel abgelehnt. Speichern Sie den Schlüssel mit `vllm-tray config set-secret api_key` oder setzen Sie VLLM_TRAY_API_KEY.</translation>
    </message>
    <message>
        <source>{model} is loaded in the vLLM Tray running at {url}. Unload it there first, or tune it from that app&apos;s window.</source>
        <translation>{model} ist in dem vLLM Tray geladen, das unter {url} läuft. Entladen Sie es zuerst dort, oder stimmen Sie es im Fenster dieser App ab.</translation>
    </message>
    <message>
        <source>Set up the cluster first: the model, this machine&apos;s address and the addresses of the other machines.</source>
        <translation>Richten Sie zuerst den Cluster ein: das Modell, die Adresse dieses Rechners und die Adressen der anderen Rechner.</translation>
    </message>
    <message>
        <source>The rank of another machine is 1 or more (the head is 0); got {rank}.</source>
        <translation>Der Rang eines anderen Rechners ist 1 oder mehr (der Hauptrechner hat 0); erhalten: {rank}.</translation>
    </message>
    <message>
        <source>Give the cluster&apos;s token with --token or in {variable}.</source>
        <translation>Geben Sie das Token des Clusters mit --token oder in {variable} an.</translation>
    </message>
    <message>
        <source>Port {port} cannot be used; choose one from 1024 to 65535.</source>
        <translation>Port {port} kann nicht verwendet werden; wählen Sie einen von 1024 bis 65535.</translation>
    </message>
    <message>
        <source>Use either --reset or KEY=VALUE changes, not both.</source>
        <translation>Verwenden Sie entweder --reset oder Änderungen der Form KEY=VALUE, nicht beides.</translation>
    </message>
    <message>
        <source>No value was given for {name}.</source>
        <translation>Für {name} wurde kein Wert angegeben.</translation>
    </message>
    <message>
        <source>{text!r} is not of the form KEY=VALUE.</source>
        <translation>{text!r} hat nicht die Form KEY=VALUE.</translation>
    </message>
    <message>
        <source>{key} is not a model option; use ctx_size=N, vllm_args=&quot;...&quot;, tensor_parallel_size=N, pipeline_parallel_size=N, gpus=0,1 or optimize=start|serve.</source>
        <translation>{key} ist keine Modelloption; verwenden Sie ctx_size=N, vllm_args=&quot;...&quot;, tensor_parallel_size=N, pipeline_parallel_size=N, gpus=0,1 oder optimize=start|serve.</translation>
    </message>
    <message>
        <source>No Lemonade setup was found in {path}; give its folder as DIR.</source>
        <translation>In {path} wurde keine Lemonade-Einrichtung gefunden; geben Sie ihren Ordner als DIR an.</translation>
    </message>
    <message>
        <source>{path} holds no Lemonade setup (no user_models.json, recipe_options.json or config.json, and no vLLM bundle).</source>
        <translation>{path} enthält keine Lemonade-Einrichtung (keine user_models.json, recipe_options.json oder config.json und kein vLLM-Paket).</translation>
    </message>
    <message>
        <source>Deleting {size} of {model} needs confirmation: add --yes.</source>
        <translation>Das Löschen von {size} von {model} muss bestätigt werden: Fügen Sie --yes hinzu.</translation>
    </message>
    <message>
        <source>{flag} needs --checkpoint.</source>
        <translation>{flag} braucht --checkpoint.</translation>
    </message>
    <message>
        <source>--name needs --add.</source>
        <translation>--name braucht --add.</translation>
    </message>
    <message>
        <source>--limit must be between 1 and {max}; got {value}.</source>
        <translation>--limit muss zwischen 1 und {max} liegen; erhalten: {value}.</translation>
    </message>
    <message>
        <source>vllm-tray serve does not start while {file} cannot be read ({reason}): it would run on defaults you did not choose. Fix the file, or move it away to start with the defaults.</source>
        <translation>vllm-tray serve startet nicht, solange {file} nicht gelesen werden kann ({reason}): Es liefe sonst mit Voreinstellungen, die Sie nicht gewählt haben. Reparieren Sie die Datei, oder verschieben Sie sie, um mit den Voreinstellungen zu starten.</translation>
    </message>
    <message>
        <source>{name} must be a positive number of milliseconds; got {value}.</source>
        <translation>{name} muss eine positive Anzahl Millisekunden sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>Line {line} of {file}: &quot;{field}&quot; must be {expected}.</source>
        <translation>Zeile {line} von {file}: &quot;{field}&quot; muss {expected} sein.</translation>
    </message>
    <message>
        <source>Line {line} of {file}: method must be POST; got {method}.</source>
        <translation>Zeile {line} von {file}: method muss POST sein; erhalten: {method}.</translation>
    </message>
    <message>
        <source>Line {line} of {file}: the endpoint does not serve {url} in batches; use one of {urls}.</source>
        <translation>Zeile {line} von {file}: Der Endpunkt bedient {url} nicht in Batches; verwenden Sie eines von {urls}.</translation>
    </message>
    <message>
        <source>Line {line} of {file} is for {url}, but this batch was created for {endpoint}.</source>
        <translation>Zeile {line} von {file} ist für {url}, aber dieser Batch wurde für {endpoint} erstellt.</translation>
    </message>
    <message>
        <source>Line {line} of {file} must be a JSON object with custom_id, method, url and body.</source>
        <translation>Zeile {line} von {file} muss ein JSON-Objekt mit custom_id, method, url und body sein.</translation>
    </message>
    <message>
        <source>Line {line} of {file}: the body needs a &quot;model&quot; naming a model.</source>
        <translation>Zeile {line} von {file}: Der body braucht ein &quot;model&quot;, das ein Modell nennt.</translation>
    </message>
    <message>
        <source>Line {line} of {file} asks for a stream; batch requests are answered whole, so remove &quot;stream&quot;.</source>
        <translation>Zeile {line} von {file} verlangt einen Stream; Batch-Anfragen werden am Stück beantwortet, entfernen Sie also &quot;stream&quot;.</translation>
    </message>
    <message>
        <source>Line {line} of {file} names the model {model}, which the endpoint does not serve. Available models: {available}.</source>
        <translation>Zeile {line} von {file} nennt das Modell {model}, das der Endpunkt nicht bereitstellt. Verfügbare Modelle: {available}.</translation>
    </message>
    <message>
        <source>Line {line} of {file} names {model}, which is not downloaded yet. Download it with: vllm-tray pull {model}</source>
        <translation>Zeile {line} von {file} nennt {model}, das noch nicht heruntergeladen ist. Laden Sie es herunter mit: vllm-tray pull {model}</translation>
    </message>
    <message>
        <source>Line {line} of {file} is not valid JSON: {reason}.</source>
        <translation>Zeile {line} von {file} ist kein gültiges JSON: {reason}.</translation>
    </message>
    <message>
        <source>Line {line} of {file} has no &quot;{field}&quot;.</source>
        <translation>Zeile {line} von {file} hat kein &quot;{field}&quot;.</translation>
    </message>
    <message>
        <source>Line {line} of {file} is longer than {limit_mib:g} MiB; a request line must be shorter.</source>
        <translation>Zeile {line} von {file} ist länger als {limit_mib:g} MiB; eine Anfragezeile muss kürzer sein.</translation>
    </message>
    <message>
        <source>Line {line} of {file} repeats the custom_id {custom_id} of line {first}; each request needs its own.</source>
        <translation>Zeile {line} von {file} wiederholt die custom_id {custom_id} aus Zeile {first}; jede Anfrage braucht ihre eigene.</translation>
    </message>
    <message>
        <source>{file} holds no requests.</source>
        <translation>{file} enthält keine Anfragen.</translation>
    </message>
    <message>
        <source>Line {line} of {file} is not a batch result, so it cannot be told which requests are done. Move the file away or remove that line.</source>
        <translation>Zeile {line} von {file} ist kein Batch-Ergebnis, daher lässt sich nicht sagen, welche Anfragen erledigt sind. Verschieben Sie die Datei oder entfernen Sie diese Zeile.</translation>
    </message>
    <message>
        <source>There is no file {file_id}.</source>
        <translation>Es gibt keine Datei {file_id}.</translation>
    </message>
    <message>
        <source>The batch failed: {message}</source>
        <translation>Der Batch ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>There is no batch {batch_id}.</source>
        <translation>Es gibt keinen Batch {batch_id}.</translation>
    </message>
    <message>
        <source>The file is larger than the limit of {limit_mib:g} MiB.</source>
        <translation>Die Datei ist größer als die Grenze von {limit_mib:g} MiB.</translation>
    </message>
    <message>
        <source>Batch files already take {used_gb:g} GB of the {quota_gb:g} GB they may use (the setting {setting}), so {incoming_gb:g} GB more do not fit; delete files you no longer need or raise the setting.</source>
        <translation>Batch-Dateien belegen schon {used_gb:g} GB der {quota_gb:g} GB, die sie nutzen dürfen (die Einstellung {setting}), daher passen {incoming_gb:g} GB mehr nicht; löschen Sie Dateien, die Sie nicht mehr brauchen, oder erhöhen Sie die Einstellung.</translation>
    </message>
    <message>
        <source>limit must be a whole number from 1 to {max}; got {value}.</source>
        <translation>limit muss eine ganze Zahl von 1 bis {max} sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>Batches cannot use {endpoint}; use one of {urls}.</source>
        <translation>Batches können {endpoint} nicht verwenden; verwenden Sie eines von {urls}.</translation>
    </message>
    <message>
        <source>completion_window must be &quot;24h&quot;; got {value}.</source>
        <translation>completion_window muss &quot;24h&quot; sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>metadata must be at most {max} pairs of strings.</source>
        <translation>metadata darf höchstens {max} Paare von Zeichenketten enthalten.</translation>
    </message>
    <message>
        <source>This endpoint keeps files for batches only: purpose must be &quot;batch&quot;; got {purpose}.</source>
        <translation>Dieser Endpunkt bewahrt nur Dateien für Batches auf: purpose muss &quot;batch&quot; sein; erhalten: {purpose}.</translation>
    </message>
    <message>
        <source>expires_after needs anchor &quot;created_at&quot; and seconds from 1 to {max}; got {anchor} and {seconds}.</source>
        <translation>expires_after braucht anchor &quot;created_at&quot; und seconds von 1 bis {max}; erhalten: {anchor} und {seconds}.</translation>
    </message>
    <message>
        <source>The request needs &quot;{param}&quot; as a string.</source>
        <translation>Die Anfrage braucht &quot;{param}&quot; als Zeichenkette.</translation>
    </message>
    <message>
        <source>--concurrency must be a whole number from 1 to {limit}, or auto; got {value}.</source>
        <translation>--concurrency muss eine ganze Zahl von 1 bis {limit} oder auto sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The temperature must be between 0 and {max}; got {value}.</source>
        <translation>Die Temperatur muss zwischen 0 und {max} liegen; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The maximum number of tokens must be 1 or more; got {value}.</source>
        <translation>Die Höchstzahl der Tokens muss 1 oder mehr sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>{checkpoint!r} is neither a Hugging Face repository (org/name or org/name:revision) nor an absolute path to a local folder.</source>
        <translation>{checkpoint!r} ist weder ein Hugging-Face-Repository (org/name oder org/name:revision) noch ein absoluter Pfad zu einem lokalen Ordner.</translation>
    </message>
    <message>
        <source>Traffic between the machines (the model&apos;s activations, the prompts and the answers) is not encrypted. Use a network only you control.</source>
        <translation>Der Verkehr zwischen den Rechnern (die Aktivierungen des Modells, die Prompts und die Antworten) ist nicht verschlüsselt. Verwenden Sie ein Netzwerk, das nur Sie kontrollieren.</translation>
    </message>
    <message>
        <source>{address} is not the address of one machine (it means any address, a group or a reserved range). Give each machine&apos;s own address on the network that connects them, e.g. 192.168.1.20.</source>
        <translation>{address} ist nicht die Adresse eines einzelnen Rechners (sie steht für jede Adresse, eine Gruppe oder einen reservierten Bereich). Geben Sie die eigene Adresse jedes Rechners in dem Netzwerk an, das sie verbindet, z. B. 192.168.1.20.</translation>
    </message>
    <message>
        <source>{address} is not a private address. Traffic between the machines of a cluster is not encrypted, so vLLM Tray only uses private networks. Turn on &apos;allow public addresses&apos; if this network is really yours.</source>
        <translation>{address} ist keine private Adresse. Der Verkehr zwischen den Rechnern eines Clusters ist nicht verschlüsselt, daher nutzt vLLM Tray nur private Netzwerke. Schalten Sie „Öffentliche Adressen erlauben“ ein, wenn dieses Netzwerk wirklich Ihres ist.</translation>
    </message>
    <message>
        <source>Choose the model to serve across machines.</source>
        <translation>Wählen Sie das Modell, das auf mehreren Rechnern laufen soll.</translation>
    </message>
    <message>
        <source>Add at least one other machine: a cluster needs two or more.</source>
        <translation>Fügen Sie mindestens einen weiteren Rechner hinzu: Ein Cluster braucht zwei oder mehr.</translation>
    </message>
    <message>
        <source>A cluster can have at most {limit} machines; {count} were given.</source>
        <translation>Ein Cluster kann höchstens {limit} Rechner haben; angegeben wurden {count}.</translation>
    </message>
    <message>
        <source>The head address {address} is only reachable from this machine; give its address on the network the other machines share.</source>
        <translation>Die Adresse des Hauptrechners {address} ist nur von diesem Rechner aus erreichbar; geben Sie seine Adresse in dem Netzwerk an, das die anderen Rechner teilen.</translation>
    </message>
    <message>
        <source>Tensor parallel {tp} × pipeline parallel {pp} = {world} GPUs cannot be shared evenly by {nodes} machines. Usually: pipeline parallel = number of machines, tensor parallel = GPUs per machine.</source>
        <translation>Tensor-Parallelität {tp} × Pipeline-Parallelität {pp} = {world} GPUs lassen sich nicht gleichmäßig auf {nodes} Rechner verteilen. Üblich ist: Pipeline-Parallelität = Anzahl der Rechner, Tensor-Parallelität = GPUs pro Rechner.</translation>
    </message>
    <message>
        <source>{address!r} is not an IP address. Give each machine&apos;s address on the network that connects them, e.g. 192.168.1.20.</source>
        <translation>{address!r} ist keine IP-Adresse. Geben Sie die Adresse jedes Rechners in dem Netzwerk an, das sie verbindet, z. B. 192.168.1.20.</translation>
    </message>
    <message>
        <source>{address} is listed twice; each machine takes part once.</source>
        <translation>{address} steht zweimal in der Liste; jeder Rechner nimmt einmal teil.</translation>
    </message>
    <message>
        <source>{address} was started as machine {actual} but is machine {expected} in this cluster. Run the join command shown for it.</source>
        <translation>{address} wurde als Rechner {actual} gestartet, ist in diesem Cluster aber Rechner {expected}. Führen Sie den dafür gezeigten Beitrittsbefehl aus.</translation>
    </message>
    <message>
        <source>{address} has no vLLM engine installed ({kind}).</source>
        <translation>Auf {address} ist keine vLLM-Engine installiert ({kind}).</translation>
    </message>
    <message>
        <source>{address} does not have the files of {model}. Download the model there too: every machine reads its own copy.</source>
        <translation>{address} hat die Dateien von {model} nicht. Laden Sie das Modell auch dort herunter: Jeder Rechner liest seine eigene Kopie.</translation>
    </message>
    <message>
        <source>{address} runs the {node_engine} engine but this machine runs {head_engine}; every machine must run the same vLLM build.</source>
        <translation>{address} nutzt die Engine {node_engine}, dieser Rechner aber {head_engine}; alle Rechner müssen denselben vLLM-Build nutzen.</translation>
    </message>
    <message>
        <source>The files of {model} on {address} differ from this machine&apos;s (fingerprint {node_fp} ≠ {head_fp}); every machine needs the same files.</source>
        <translation>Die Dateien von {model} auf {address} unterscheiden sich von denen dieses Rechners (Fingerabdruck {node_fp} ≠ {head_fp}); alle Rechner brauchen dieselben Dateien.</translation>
    </message>
    <message>
        <source>{name} ({target}) needs a Linux kernel with the gfx1151 queue fix, which this kernel ({kernel}) lacks: ROCm workloads hang or crash without it. Update to kernel {required} or newer, or to a distribution kernel that carries the backport.</source>
        <translation>{name} ({target}) braucht einen Linux-Kernel mit der gfx1151-Queue-Korrektur, die diesem Kernel ({kernel}) fehlt: Ohne sie hängen ROCm-Arbeitslasten oder stürzen ab. Aktualisieren Sie auf Kernel {required} oder neuer, oder auf einen Distributionskernel mit dem Backport.</translation>
    </message>
    <message>
        <source>No GPU was found: no AMD GPU in the kernel&apos;s KFD topology and no NVIDIA GPU through nvidia-smi. vLLM Tray can still run models on the CPU engine, slowly.</source>
        <translation>Keine GPU gefunden: keine AMD-GPU in der KFD-Topologie des Kernels und keine NVIDIA-GPU über nvidia-smi. vLLM Tray kann Modelle trotzdem auf der CPU-Engine ausführen, langsam.</translation>
    </message>
    <message>
        <source>{file} was changed outside vLLM Tray and cannot be read ({reason}). The values read before stay in use until it is fixed.</source>
        <translation>{file} wurde außerhalb von vLLM Tray geändert und kann nicht gelesen werden ({reason}). Die zuvor gelesenen Werte bleiben in Gebrauch, bis die Datei repariert ist.</translation>
    </message>
    <message>
        <source>{file} cannot be read ({reason}). The defaults are used for it until it is fixed; the file was left as it is.</source>
        <translation>{file} kann nicht gelesen werden ({reason}). Bis die Datei repariert ist, gelten dafür die Voreinstellungen; die Datei selbst blieb unverändert.</translation>
    </message>
    <message>
        <source>{file} could not be read ({reason}) when vLLM Tray saved a change, so it was replaced; your version was kept as {kept_as}.</source>
        <translation>{file} konnte beim Speichern einer Änderung nicht gelesen werden ({reason}) und wurde daher ersetzt; Ihre Fassung wurde als {kept_as} aufbewahrt.</translation>
    </message>
    <message>
        <source>{file} is a symbolic link that cannot be followed ({reason}), so vLLM Tray did not change it. Point the link at a file, or put a file in its place.</source>
        <translation>{file} ist ein symbolischer Link, dem nicht gefolgt werden kann ({reason}), daher hat vLLM Tray ihn nicht geändert. Lassen Sie den Link auf eine Datei zeigen, oder ersetzen Sie ihn durch eine Datei.</translation>
    </message>
    <message>
        <source>Another vLLM Tray process has been changing {file} for more than {seconds:g} seconds. Try again, or stop the process that hangs.</source>
        <translation>Ein anderer vLLM-Tray-Prozess ändert {file} seit mehr als {seconds:g} Sekunden. Versuchen Sie es erneut, oder beenden Sie den hängenden Prozess.</translation>
    </message>
    <message>
        <source>Lemonade&apos;s {file} cannot be read ({reason}); it is left out of the import.</source>
        <translation>Lemonades {file} kann nicht gelesen werden ({reason}); sie bleibt beim Import außen vor.</translation>
    </message>
    <message>
        <source>Lemonade&apos;s vLLM bundle {tag} is built for {bundle_gpu}, not for this computer&apos;s GPU ({gpu}); it is not used.</source>
        <translation>Lemonades vLLM-Paket {tag} ist für {bundle_gpu} gebaut, nicht für die GPU dieses Computers ({gpu}); es wird nicht verwendet.</translation>
    </message>
    <message>
        <source>vLLM Tray&apos;s own ROCm engine {version} is installed and stays in use; Lemonade&apos;s bundle {tag} is not needed.</source>
        <translation>Die eigene ROCm-Engine {version} von vLLM Tray ist installiert und bleibt in Gebrauch; Lemonades Paket {tag} wird nicht gebraucht.</translation>
    </message>
    <message>
        <source>Lemonade has options for {model}, which is neither one of its vLLM models nor built into vLLM Tray.</source>
        <translation>Lemonade hat Optionen für {model}, das weder eines seiner vLLM-Modelle noch in vLLM Tray eingebaut ist.</translation>
    </message>
    <message>
        <source>Lemonade&apos;s download of {repo} is not complete, so its files are not reused; download {model} in vLLM Tray.</source>
        <translation>Lemonades Download von {repo} ist nicht vollständig, daher werden seine Dateien nicht wiederverwendet; laden Sie {model} in vLLM Tray herunter.</translation>
    </message>
    <message>
        <source>{model} reads at most {limit} tokens of context (its config.json says so), so vLLM refuses a context size of {ctx_size}. Use {limit} or less.</source>
        <translation>{model} liest höchstens {limit} Tokens Kontext (so steht es in seiner config.json), daher lehnt vLLM eine Kontextlänge von {ctx_size} ab. Verwenden Sie {limit} oder weniger.</translation>
    </message>
    <message>
        <source>The model&apos;s config.json has no usable {key}, so its memory needs cannot be estimated.</source>
        <translation>Die config.json des Modells hat kein brauchbares {key}, daher lässt sich sein Speicherbedarf nicht schätzen.</translation>
    </message>
    <message>
        <source>Set the context size to {value}</source>
        <translation>Kontextlänge auf {value} setzen</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB but only {free_gb:.2f} of {budget_gb:.2f} GB are free, and no idle model can be unloaded to make room. Lower its ctx_size, or raise the memory budget (memory.budget_gb).</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB, aber nur {free_gb:.2f} von {budget_gb:.2f} GB sind frei, und kein untätiges Modell kann entladen werden, um Platz zu schaffen. Senken Sie seine ctx_size, oder erhöhen Sie das Speicherbudget (memory.budget_gb).</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower its ctx_size, or close those programs.</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB auf {device}, aber andere Programme belegen {others_gb:.2f} der {total_gb:.2f} GB, sodass nur {room_gb:.2f} GB für Modelle frei sind: Senken Sie seine ctx_size, oder schließen Sie diese Programme.</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device} but only {free_gb:.2f} of {budget_gb:.2f} GB are free there, and no idle model can be unloaded to make room. Lower its ctx_size, run it on other GPUs (gpus), or raise the memory budget (memory.budget_gb).</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB auf {device}, aber dort sind nur {free_gb:.2f} von {budget_gb:.2f} GB frei, und kein untätiges Modell kann entladen werden, um Platz zu schaffen. Senken Sie seine ctx_size, lassen Sie es auf anderen GPUs laufen (gpus), oder erhöhen Sie das Speicherbudget (memory.budget_gb).</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower its ctx_size, or close other programs.</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB auf {device}, aber nur {room_gb:.2f} GB sind nutzbar, ohne dass dieser Computer auslagern muss ({available_gb:.2f} GB RAM verfügbar, {reserve_gb:.2f} GB für das System reserviert): Senken Sie seine ctx_size, oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>{file} is not a valid vLLM model configuration: {reason}.</source>
        <translation>{file} ist keine gültige vLLM-Modellkonfiguration: {reason}.</translation>
    </message>
    <message>
        <source>optimize must be start (loads fastest), serve (answers fastest) or default; got {value}.</source>
        <translation>optimize muss start (lädt am schnellsten), serve (antwortet am schnellsten) oder default sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The option optimize={value} and a -O level in the model&apos;s vllm_args both choose the optimization level; keep one of them.</source>
        <translation>Die Option optimize={value} und eine -O-Stufe in den vllm_args des Modells wählen beide die Optimierungsstufe; behalten Sie nur eines davon.</translation>
    </message>
    <message>
        <source>{model} has {heads} attention heads, which vLLM cannot split evenly across tensor_parallel_size {tp}. Use a size that divides {heads}: {sizes}.</source>
        <translation>{model} hat {heads} Attention-Heads, die vLLM nicht gleichmäßig auf tensor_parallel_size {tp} aufteilen kann. Verwenden Sie eine Größe, die {heads} teilt: {sizes}.</translation>
    </message>
    <message>
        <source>{name} must be a positive whole number; got {value}.</source>
        <translation>{name} muss eine positive ganze Zahl sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>gpus names GPU {index}, which this machine does not have: its GPUs are numbered 0 to {last} (vllm-tray system-info lists them).</source>
        <translation>gpus nennt GPU {index}, die dieser Rechner nicht hat: Seine GPUs sind von 0 bis {last} nummeriert (vllm-tray system-info listet sie auf).</translation>
    </message>
    <message>
        <source>{model} needs {wanted} GPUs (tensor_parallel_size {tp} × pipeline_parallel_size {pp}), but this machine has only {count} that its engine can use.</source>
        <translation>{model} braucht {wanted} GPUs (tensor_parallel_size {tp} × pipeline_parallel_size {pp}), aber dieser Rechner hat nur {count}, die seine Engine nutzen kann.</translation>
    </message>
    <message>
        <source>gpus names both AMD and NVIDIA GPUs ({gpus}); one vLLM server runs on one kind of GPU.</source>
        <translation>gpus nennt sowohl AMD- als auch NVIDIA-GPUs ({gpus}); ein vLLM-Server läuft auf einer Sorte GPU.</translation>
    </message>
    <message>
        <source>gpus must be GPU numbers separated by commas, such as 0,1; got {value}.</source>
        <translation>gpus müssen GPU-Nummern sein, durch Kommas getrennt, etwa 0,1; erhalten: {value}.</translation>
    </message>
    <message>
        <source>gpus names GPU {index} twice; each GPU can serve a model once.</source>
        <translation>gpus nennt GPU {index} zweimal; jede GPU kann einem Modell einmal dienen.</translation>
    </message>
    <message>
        <source>GPU {index} ({name}, {target}) cannot run the engine installed for {family} GPUs; choose GPUs of that family in gpus.</source>
        <translation>GPU {index} ({name}, {target}) kann die für {family}-GPUs installierte Engine nicht ausführen; wählen Sie in gpus GPUs dieser Familie.</translation>
    </message>
    <message>
        <source>{model} exists already and takes its files from {current}. Registering a model never changes that: to take them from {wanted}, change its source (vllm-tray pull {model} --checkpoint {wanted} --replace), or remove the model first.</source>
        <translation>{model} gibt es schon, und es bezieht seine Dateien von {current}. Das Registrieren eines Modells ändert das nie: Um sie von {wanted} zu beziehen, ändern Sie seine Quelle (vllm-tray pull {model} --checkpoint {wanted} --replace), oder entfernen Sie zuerst das Modell.</translation>
    </message>
    <message>
        <source>{name!r} is not a usable model name: use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (up to 128 characters), starting with a letter or digit.</source>
        <translation>{name!r} ist kein brauchbarer Modellname: Verwenden Sie Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos; (bis zu 128 Zeichen), beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>{model} is built in: where its files come from is fixed.</source>
        <translation>{model} ist eingebaut: Woher seine Dateien kommen, steht fest.</translation>
    </message>
    <message>
        <source>{model} is built in and cannot be removed from the list.</source>
        <translation>{model} ist eingebaut und kann nicht aus der Liste entfernt werden.</translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) does not answer: {reason}. Its models come back when it answers again.</source>
        <translation>Der entfernte Server {name} ({url}) antwortet nicht: {reason}. Seine Modelle kommen zurück, sobald er wieder antwortet.</translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) refused vLLM Tray&apos;s key (HTTP {status}): set the key it expects (remove the remote and add it again with its key).</source>
        <translation>Der entfernte Server {name} ({url}) hat den Schlüssel von vLLM Tray abgelehnt (HTTP {status}): Legen Sie den erwarteten Schlüssel fest (entfernen Sie den Server und fügen Sie ihn mit seinem Schlüssel erneut hinzu).</translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) asks for an API key (HTTP {status}): give its key when you add it.</source>
        <translation>Der entfernte Server {name} ({url}) verlangt einen API-Schlüssel (HTTP {status}): Geben Sie seinen Schlüssel beim Hinzufügen an.</translation>
    </message>
    <message>
        <source>The key of the remote server {name} is read from the environment variable {var}, which is not set for vLLM Tray.</source>
        <translation>Der Schlüssel des entfernten Servers {name} wird aus der Umgebungsvariable {var} gelesen, die für vLLM Tray nicht gesetzt ist.</translation>
    </message>
    <message>
        <source>The remote server {name} ({url}) answered, but not with a model list as vLLM&apos;s /v1/models gives one: {detail}. Is this the address of a vLLM server?</source>
        <translation>Der entfernte Server {name} ({url}) hat geantwortet, aber nicht mit einer Modellliste, wie vLLMs /v1/models sie liefert: {detail}. Ist das die Adresse eines vLLM-Servers?</translation>
    </message>
    <message>
        <source>{name!r} cannot name a remote server: use 1 to 32 lower-case letters, digits, &apos;-&apos; or &apos;_&apos; (its models are then called NAME/MODEL).</source>
        <translation>{name!r} taugt nicht als Name eines entfernten Servers: Verwenden Sie 1 bis 32 Kleinbuchstaben, Ziffern, &apos;-&apos; oder &apos;_&apos; (seine Modelle heißen dann NAME/MODELL).</translation>
    </message>
    <message>
        <source>{url!r} is not the address of a server: {reason}.</source>
        <translation>{url!r} ist nicht die Adresse eines Servers: {reason}.</translation>
    </message>
    <message>
        <source>There is already a remote server called {name}; remove it first.</source>
        <translation>Es gibt schon einen entfernten Server namens {name}; entfernen Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>There is no remote server called {name} (remote servers: {known}).</source>
        <translation>Es gibt keinen entfernten Server namens {name} (entfernte Server: {known}).</translation>
    </message>
    <message>
        <source>{var!r} is not the name of an environment variable (letters, digits and &apos;_&apos;, not starting with a digit).</source>
        <translation>{var!r} ist kein Name einer Umgebungsvariable (Buchstaben, Ziffern und &apos;_&apos;, nicht mit einer Ziffer beginnend).</translation>
    </message>
    <message>
        <source>Give the remote server&apos;s key either in the keyring or through an environment variable, not both.</source>
        <translation>Geben Sie den Schlüssel des entfernten Servers entweder im Schlüsselbund oder über eine Umgebungsvariable an, nicht beides.</translation>
    </message>
    <message>
        <source>{model} runs on the remote server {name}: it is loaded and unloaded there, and loads by itself on its first request.</source>
        <translation>{model} läuft auf dem entfernten Server {name}: Es wird dort geladen und entladen und lädt bei der ersten Anfrage von selbst.</translation>
    </message>
    <message>
        <source>Must be a whole number between {low} and {high}; nothing was typed.</source>
        <translation>Muss eine ganze Zahl zwischen {low} und {high} sein; es wurde nichts eingegeben.</translation>
    </message>
    <message>
        <source>Must be on or off; you typed “{typed}”.</source>
        <translation>Muss on oder off sein; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>There is no setting called {key}. Known settings: {known}.</source>
        <translation>Es gibt keine Einstellung namens {key}. Bekannte Einstellungen: {known}.</translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}; nothing was typed.</source>
        <translation>Muss eine Zahl zwischen {low} und {high} sein; es wurde nichts eingegeben.</translation>
    </message>
    <message>
        <source>Must be a number; nothing was typed.</source>
        <translation>Muss eine Zahl sein; es wurde nichts eingegeben.</translation>
    </message>
    <message>
        <source>Must be a whole number between {low} and {high}, in digits only; you typed “{typed}”.</source>
        <translation>Muss eine ganze Zahl zwischen {low} und {high} sein, nur aus Ziffern; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>The memory for request bodies ({budget} MiB) must hold at least one request of the largest size ({largest} MiB).</source>
        <translation>Der Speicher für Anfragerümpfe ({budget} MiB) muss mindestens eine Anfrage der größten Größe ({largest} MiB) fassen.</translation>
    </message>
    <message>
        <source>Must be between {low} and {high}; you typed {typed}.</source>
        <translation>Muss zwischen {low} und {high} liegen; Sie haben {typed} eingegeben.</translation>
    </message>
    <message>
        <source>Must be one of {choices}; you typed “{typed}”.</source>
        <translation>Muss eines von {choices} sein; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Must be a whole number, in digits only; you typed “{typed}”.</source>
        <translation>Muss eine ganze Zahl sein, nur aus Ziffern; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}, with a point for decimals; you typed “{typed}”.</source>
        <translation>Muss eine Zahl zwischen {low} und {high} sein, mit Punkt als Dezimaltrennzeichen; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Must be a number, with a point for decimals; you typed “{typed}”.</source>
        <translation>Muss eine Zahl sein, mit Punkt als Dezimaltrennzeichen; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Must be text; you typed {typed}.</source>
        <translation>Muss Text sein; Sie haben {typed} eingegeben.</translation>
    </message>
    <message>
        <source>vLLM {version} can be made to run someone else&apos;s code on this machine ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} kann dazu gebracht werden, fremden Code auf diesem Rechner auszuführen ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} can let a request past its own access checks ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} kann eine Anfrage an seinen eigenen Zugangsprüfungen vorbeilassen ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} can be made to fetch addresses on the server&apos;s own network ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} kann dazu gebracht werden, Adressen im eigenen Netz des Servers abzurufen ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} can load or build something other than what was asked for ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} kann etwas anderes laden oder bauen als verlangt ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} can give away data it should keep to itself ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} kann Daten preisgeben, die es für sich behalten sollte ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>A request can crash vLLM {version} or use up its memory or time ({id}, fixed in {fixed_in}).</source>
        <translation>Eine Anfrage kann vLLM {version} zum Absturz bringen oder seinen Speicher oder seine Zeit aufbrauchen ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} has a known security problem ({id}, fixed in {fixed_in}).</source>
        <translation>vLLM {version} hat ein bekanntes Sicherheitsproblem ({id}, behoben in {fixed_in}).</translation>
    </message>
    <message>
        <source>vLLM {version} has a known security problem that no release is known to fix ({id}, affected: {affected}).</source>
        <translation>vLLM {version} hat ein bekanntes Sicherheitsproblem, das laut bekannten Angaben kein Release behebt ({id}, betroffen: {affected}).</translation>
    </message>
    <message>
        <source>Context size</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>vLLM arguments</source>
        <translation>vLLM-Argumente</translation>
    </message>
    <message>
        <source>Tensor parallel size</source>
        <translation>Tensor-Parallelität</translation>
    </message>
    <message>
        <source>Pipeline parallel size</source>
        <translation>Pipeline-Parallelität</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Optimize for</source>
        <translation>Optimieren für</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold {others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for models: lower models.gpu_memory_utilization to {utilization}, or close those programs.</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB auf {device}, aber andere Programme belegen {others_gb:.2f} der {total_gb:.2f} GB, sodass nur {room_gb:.2f} GB für Modelle frei sind: Senken Sie models.gpu_memory_utilization auf {utilization}, oder schließen Sie diese Programme.</translation>
    </message>
    <message>
        <source>{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB can be taken without pushing this computer into swap ({available_gb:.2f} GB of RAM available, {reserve_gb:.2f} GB kept for the system): lower models.gpu_memory_utilization to {utilization}, or close other programs.</source>
        <translation>{model} braucht etwa {needed_gb:.2f} GB auf {device}, aber nur {room_gb:.2f} GB sind nutzbar, ohne dass dieser Computer auslagern muss ({available_gb:.2f} GB RAM verfügbar, {reserve_gb:.2f} GB für das System reserviert): Senken Sie models.gpu_memory_utilization auf {utilization}, oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>gpus names GPU {index}, but no GPU was found on this machine; leave it empty and your own vLLM command finds its GPUs itself.</source>
        <translation>gpus nennt GPU {index}, aber auf diesem Rechner wurde keine GPU gefunden; lassen Sie es leer, dann findet Ihr eigener vLLM-Befehl seine GPUs selbst.</translation>
    </message>
    <message>
        <source>{flag} cannot be set for every model: any model added through the endpoint could then run its own code on this computer; set it in the options of the one model that needs it.</source>
        <translation>{flag} kann nicht für jedes Modell gesetzt werden: Jedes über den Endpunkt hinzugefügte Modell könnte dann eigenen Code auf diesem Computer ausführen; setzen Sie es in den Optionen des einen Modells, das es braucht.</translation>
    </message>
    <message>
        <source>In {source}, {flag} is not a flag of this vLLM: its --help does not list it. Check the spelling, or remove it.</source>
        <translation>In {source} ist {flag} kein Flag dieses vLLM: Sein --help führt es nicht auf. Prüfen Sie die Schreibweise, oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>Another `vllm-tray batch run` is writing {file}; wait until it ends (it resumes where it stopped), or give this run another --out.</source>
        <translation>Ein anderes `vllm-tray batch run` schreibt gerade {file}; warten Sie, bis es endet (es setzt dort fort, wo es aufgehört hat), oder geben Sie diesem Lauf ein anderes --out.</translation>
    </message>
    <message>
        <source>Another vllm-tray using this config folder is running this batch: pause or cancel it there. This one takes it over if that one stops.</source>
        <translation>Ein anderes vllm-tray mit diesem Konfigurationsordner führt diesen Batch aus: Halten Sie ihn dort an oder brechen Sie ihn dort ab. Dieses übernimmt ihn, wenn jenes endet.</translation>
    </message>
    <message>
        <source>The reply is too long: one event of its stream passed {limit_mib} MiB, the most the chat reads at once. What came before it is kept.</source>
        <translation>Die Antwort ist zu lang: Ein Ereignis ihres Streams überschritt {limit_mib} MiB, so viel liest der Chat höchstens auf einmal. Was davor kam, bleibt erhalten.</translation>
    </message>
    <message>
        <source>The reply is too long: it passed {limit_mib} MiB of text, the most the chat keeps. What came before it is kept.</source>
        <translation>Die Antwort ist zu lang: Sie überschritt {limit_mib} MiB Text, so viel behält der Chat höchstens. Was davor kam, bleibt erhalten.</translation>
    </message>
    <message>
        <source>The reply broke off: the endpoint sent an event the chat cannot read ({event}). What came before it is kept.</source>
        <translation>Die Antwort brach ab: Der Endpunkt sandte ein Ereignis, das der Chat nicht lesen kann ({event}). Was davor kam, bleibt erhalten.</translation>
    </message>
    <message>
        <source>The reply broke off: its stream ended before the endpoint said the reply was complete. What came before it is kept.</source>
        <translation>Die Antwort brach ab: Ihr Stream endete, bevor der Endpunkt die Antwort als vollständig meldete. Was davor kam, bleibt erhalten.</translation>
    </message>
    <message>
        <source>Deleting {size} of {model} needs confirmation: add --yes. They are {others}&apos;s files too, which would need them downloaded again.</source>
        <translation>Das Löschen von {size} von {model} muss bestätigt werden: fügen Sie --yes hinzu. Es sind auch die Dateien von {others}, die dann neu heruntergeladen werden müssten.</translation>
    </message>
    <message>
        <source>Lemonade&apos;s setup holds flags that would run code, said above; nothing was imported. Add --without-code-flags to import the rest without them, and set those flags yourself if you trust that code.</source>
        <translation>Lemonades Einrichtung enthält Flags, die Code ausführen würden (oben genannt); es wurde nichts importiert. Fügen Sie --without-code-flags hinzu, um den Rest ohne sie zu importieren, und setzen Sie diese Flags selbst, wenn Sie diesem Code vertrauen.</translation>
    </message>
    <message>
        <source>--config-dir needs a folder.</source>
        <translation>--config-dir braucht einen Ordner.</translation>
    </message>
    <message>
        <source>An API key can only have the letters a–z and A–Z, digits and ASCII punctuation, with no spaces: clients send it in an HTTP header, which takes nothing else.</source>
        <translation>Ein API-Schlüssel darf nur die Buchstaben a–z und A–Z, Ziffern und ASCII-Satzzeichen enthalten, ohne Leerzeichen: Clients senden ihn in einem HTTP-Header, der nichts anderes zulässt.</translation>
    </message>
    <message>
        <source>This is not a Hugging Face access token: a token starts with hf_ followed by letters and digits (huggingface.co → Settings → Access Tokens).</source>
        <translation>Das ist kein Hugging-Face-Zugriffstoken: Ein Token beginnt mit hf_, gefolgt von Buchstaben und Ziffern (huggingface.co → Settings → Access Tokens).</translation>
    </message>
    <message>
        <source>No Hugging Face token is set.</source>
        <translation>Es ist kein Hugging-Face-Token festgelegt.</translation>
    </message>
    <message>
        <source>{host} does not accept this token: it is wrong, expired or revoked.</source>
        <translation>{host} nimmt dieses Token nicht an: Es ist falsch, abgelaufen oder widerrufen.</translation>
    </message>
    <message>
        <source>The token could not be checked: {host} did not answer ({reason}).</source>
        <translation>Das Token konnte nicht geprüft werden: {host} hat nicht geantwortet ({reason}).</translation>
    </message>
    <message>
        <source>The hub at {endpoint} answered for {repo} with {value}, which cannot safely name a file in the cache; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation>Der Hub unter {endpoint} hat für {repo} mit {value} geantwortet, was keine Datei im Cache sicher benennen kann; es wurde nichts heruntergeladen. Prüfen Sie HF_ENDPOINT.</translation>
    </message>
    <message>
        <source>{file} of {repo} is not arriving: {tries} tries in a row each brought less than {useful_mib} MiB ({error}). Try again later; what arrived is kept.</source>
        <translation>{file} von {repo} kommt nicht an: {tries} Versuche in Folge brachten jeweils weniger als {useful_mib} MiB ({error}). Versuchen Sie es später erneut; was angekommen ist, bleibt erhalten.</translation>
    </message>
    <message>
        <source>Another program holds port {port}, where this configuration&apos;s vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
        <translation>Ein anderes Programm belegt Port {port}, an dem der Endpunkt von vLLM Tray für diese Konfiguration antworten sollte, und konnte nicht nachweisen, dass es diese App ist; daher wurden ihm weder der API-Schlüssel noch ein Prompt geschickt.</translation>
    </message>
    <message>
        <source>Another program ({name}, pid {pid}) holds port {port}, where this configuration&apos;s vLLM Tray endpoint should answer, and could not prove it is that app, so neither the API key nor a prompt was sent to it.</source>
        <translation>Ein anderes Programm ({name}, PID {pid}) belegt Port {port}, an dem der Endpunkt von vLLM Tray für diese Konfiguration antworten sollte, und konnte nicht nachweisen, dass es diese App ist; daher wurden ihm weder der API-Schlüssel noch ein Prompt geschickt.</translation>
    </message>
    <message>
        <source>Only the ROCm engine has builds to choose from; install the CPU build without “{build}”.</source>
        <translation>Nur die ROCm-Engine hat Builds zur Auswahl; installieren Sie den CPU-Build ohne „{build}“.</translation>
    </message>
    <message>
        <source>{file} of the ROCm build {tag} arrived damaged or altered: its SHA-256 is not the one the release lists. It was deleted; the engine in use stays as it was.</source>
        <translation>{file} des ROCm-Builds {tag} kam beschädigt oder verändert an: Seine SHA-256-Prüfsumme ist nicht die, die das Release angibt. Die Datei wurde gelöscht; die verwendete Engine bleibt, wie sie war.</translation>
    </message>
    <message>
        <source>The custom engine command {command!r} cannot be read: {detail}.</source>
        <translation>Der Befehl der eigenen Engine {command!r} kann nicht gelesen werden: {detail}.</translation>
    </message>
    <message>
        <source>The list of qualified ROCm builds at {url} could not be used ({reason}); showing {used}.</source>
        <translation>Die Liste der qualifizierten ROCm-Builds unter {url} konnte nicht verwendet werden ({reason}); angezeigt wird {used}.</translation>
    </message>
    <message>
        <source>A newer qualified ROCm build is available: {wanted} (vLLM {vllm}, {channel}) supersedes {installed}. Install it with: vllm-tray engine install rocm</source>
        <translation>Ein neuerer qualifizierter ROCm-Build ist verfügbar: {wanted} (vLLM {vllm}, {channel}) löst {installed} ab. Installieren Sie ihn mit: vllm-tray engine install rocm</translation>
    </message>
    <message>
        <source>There is no ROCm build “{build}” for your GPU ({target}). vllm-tray engine list rocm lists the builds.</source>
        <translation>Für Ihre GPU ({target}) gibt es keinen ROCm-Build „{build}“. vllm-tray engine list rocm listet die Builds auf.</translation>
    </message>
    <message>
        <source>vLLM {version} has a known problem ({id}), fixed in {fixed_in}.</source>
        <translation>vLLM {version} hat ein bekanntes Problem ({id}), behoben in {fixed_in}.</translation>
    </message>
    <message>
        <source>The list of vLLM advisories could not be updated from {url} ({reason}); the list of {taken} is used.</source>
        <translation>Die Liste der vLLM-Sicherheitswarnungen konnte nicht von {url} aktualisiert werden ({reason}); die Liste vom {taken} wird verwendet.</translation>
    </message>
    <message>
        <source>{flag} {value} in Lemonade&apos;s {source} would make vLLM import and run the Python code {value}, with your rights, in the engine of every model these arguments apply to; it is not imported. If you trust that code, set it yourself with vllm-tray options or vllm-tray config set.</source>
        <translation>{flag} {value} in Lemonades {source} würde vLLM den Python-Code {value} mit Ihren Rechten in der Engine jedes Modells laden und ausführen lassen, für das diese Argumente gelten; es wird nicht importiert. Wenn Sie diesem Code vertrauen, setzen Sie es selbst mit vllm-tray options oder vllm-tray config set.</translation>
    </message>
    <message>
        <source>{flag} in Lemonade&apos;s {source} lets a model&apos;s repository run its own Python code on this computer when the model loads; it is not imported. If you trust the repository, set it yourself in the options of the model that needs it.</source>
        <translation>{flag} in Lemonades {source} lässt das Repository eines Modells beim Laden eigenen Python-Code auf diesem Computer ausführen; es wird nicht importiert. Wenn Sie dem Repository vertrauen, setzen Sie es selbst in den Optionen des Modells, das es braucht.</translation>
    </message>
    <message>
        <source>{flag} {value} in Lemonade&apos;s {source} would let whoever sends a request name Python code for vLLM to import and run with your rights; it is not imported. If you want that, set it yourself with vllm-tray options or vllm-tray config set.</source>
        <translation>{flag} {value} in Lemonades {source} würde jedem, der eine Anfrage sendet, erlauben, Python-Code zu nennen, den vLLM mit Ihren Rechten lädt und ausführt; es wird nicht importiert. Wenn Sie das wollen, setzen Sie es selbst mit vllm-tray options oder vllm-tray config set.</translation>
    </message>
    <message>
        <source>{model_id} did not start: the graphs a pre-warm compiled for it could not be loaded from the engine&apos;s compile cache ({reason}), and the app asks vLLM not to recompile them silently. Pre-warm the model again, or clear the compile cache (vllm-tray engine clean-cache); the next load then compiles afresh.</source>
        <translation>{model_id} ist nicht gestartet: Die Graphen, die ein Vorwärmen dafür kompiliert hat, ließen sich nicht aus dem Kompilier-Cache der Engine laden ({reason}), und die App bittet vLLM, sie nicht stillschweigend neu zu kompilieren. Wärmen Sie das Modell erneut vor oder leeren Sie den Kompilier-Cache (vllm-tray engine clean-cache); das nächste Laden kompiliert dann neu.</translation>
    </message>
    <message>
        <source>Loading {model_id} failed: its vLLM server was stopped from outside the app ({signal}).</source>
        <translation>Das Laden von {model_id} ist fehlgeschlagen: Sein vLLM-Server wurde von außerhalb der App gestoppt ({signal}).</translation>
    </message>
    <message>
        <source>The name {name} looks like the existing model {existing} (they differ only in letter case or in letters drawn alike); use that model or choose a name that reads differently.</source>
        <translation>Der Name {name} sieht aus wie das vorhandene Modell {existing} (sie unterscheiden sich nur in Groß- und Kleinschreibung oder in gleich aussehenden Zeichen); nutzen Sie dieses Modell oder wählen Sie einen deutlich anderen Namen.</translation>
    </message>
    <message>
        <source>ctx_size must be a whole number of tokens between {low} and {high}; got {value}.</source>
        <translation>ctx_size muss eine ganze Zahl von Tokens zwischen {low} und {high} sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The model runs in one part per GPU: tensor_parallel_size {tp} × pipeline_parallel_size {pp} = {wanted}, but gpus lists {count} ({gpus}). The two numbers must be the same: change gpus or the sizes.</source>
        <translation>Das Modell läuft in einem Teil pro GPU: tensor_parallel_size {tp} × pipeline_parallel_size {pp} = {wanted}, aber gpus nennt {count} ({gpus}). Beide Zahlen müssen gleich sein: Ändern Sie gpus oder die Größen.</translation>
    </message>
    <message>
        <source>The request body arrived too slowly while the endpoint was full: {received} bytes in {elapsed_s:g} s. Its connection was closed to make room for another client.</source>
        <translation>Der Anfragerumpf kam zu langsam an, während der Endpunkt voll war: {received} Bytes in {elapsed_s:g} s. Seine Verbindung wurde geschlossen, um Platz für einen anderen Client zu schaffen.</translation>
    </message>
    <message>
        <source>The request body is sent with Content-Encoding {encoding}; this endpoint takes bodies uncompressed, as vLLM does.</source>
        <translation>Der Anfragerumpf ist mit Content-Encoding {encoding} gesendet; dieser Endpunkt nimmt Rümpfe unkomprimiert an, wie vLLM.</translation>
    </message>
    <message>
        <source>The endpoint stopped before this answer was complete (vLLM Tray was quit or its endpoint stopped), so the answer is cut short; send the request again once the endpoint is back.</source>
        <translation>Der Endpunkt wurde beendet, bevor diese Antwort vollständig war (vLLM Tray wurde beendet oder sein Endpunkt gestoppt); die Antwort ist daher unvollständig. Senden Sie die Anfrage erneut, sobald der Endpunkt wieder läuft.</translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} was stopped from outside the app ({signal}).</source>
        <translation>Der vLLM-Server von {model_id} wurde von außerhalb der App gestoppt ({signal}).</translation>
    </message>
    <message>
        <source>{architecture} is this repository&apos;s own code, not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
        <translation>{architecture} ist eigener Code dieses Repositorys und keine der Architekturen, die vLLM {version} laden kann; das Modell läuft hier also nicht.</translation>
    </message>
    <message>
        <source>{architecture} is not one of the architectures vLLM {version} can load, so the model cannot run here.</source>
        <translation>{architecture} ist keine der Architekturen, die vLLM {version} laden kann; das Modell läuft hier also nicht.</translation>
    </message>
    <message>
        <source>{architecture} was last in vLLM {last}; vLLM {version} cannot load it, so the model cannot run here.</source>
        <translation>{architecture} gab es zuletzt in vLLM {last}; vLLM {version} kann sie nicht laden, das Modell läuft hier also nicht.</translation>
    </message>
    <message>
        <source>{architecture} needs a vLLM plugin ({plugin}) that vLLM Tray does not install, so the model cannot run here.</source>
        <translation>{architecture} braucht ein vLLM-Plugin ({plugin}), das vLLM Tray nicht installiert; das Modell läuft hier also nicht.</translation>
    </message>
    <message>
        <source>{architecture} is a draft model for speculative decoding, which vLLM {version} does not serve on its own, so the model cannot run here.</source>
        <translation>{architecture} ist ein Entwurfsmodell für spekulatives Dekodieren, das vLLM {version} nicht allein bereitstellt; das Modell läuft hier also nicht.</translation>
    </message>
    <message>
        <source>Search unavailable: Hugging Face ({endpoint}) answered, but the hub&apos;s answer could not be read ({reason}). Models you already have keep working; if HF_ENDPOINT is set, check that it names a Hugging Face mirror.</source>
        <translation>Suche nicht verfügbar: Hugging Face ({endpoint}) hat geantwortet, aber die Antwort des Hubs konnte nicht gelesen werden ({reason}). Vorhandene Modelle funktionieren weiter; wenn HF_ENDPOINT gesetzt ist, prüfen Sie, ob es einen Hugging-Face-Spiegelserver nennt.</translation>
    </message>
    <message>
        <source>“{author}” is not a Hugging Face user or organisation name: use letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos; (at most 96 characters).</source>
        <translation>„{author}“ ist kein Nutzer- oder Organisationsname auf Hugging Face: Verwenden Sie Buchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; oder &apos;.&apos; (höchstens 96 Zeichen).</translation>
    </message>
    <message>
        <source>“{repo}” is not a Hugging Face repository id: write it as ORG/NAME, each part letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos; (at most 96 characters).</source>
        <translation>„{repo}“ ist keine Hugging-Face-Repository-ID: Schreiben Sie sie als ORG/NAME, jeder Teil aus Buchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; oder &apos;.&apos; (höchstens 96 Zeichen).</translation>
    </message>
    <message>
        <source>Hugging Face refused this search: {reason}. Check the words and the author.</source>
        <translation>Hugging Face hat diese Suche abgelehnt: {reason}. Prüfen Sie die Suchwörter und den Autor.</translation>
    </message>
    <message>
        <source>Must be auto (the system&apos;s language) or one of the languages vLLM Tray ships: {languages}; you typed “{typed}”.</source>
        <translation>Muss auto (die Sprache des Systems) oder eine der Sprachen von vLLM Tray sein: {languages}; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>“{host}” is not an address of this computer. Give an IP address such as 127.0.0.1 (this computer only) or 0.0.0.0 (every network), or a name of this computer such as localhost.</source>
        <translation>„{host}“ ist keine Adresse dieses Computers. Geben Sie eine IP-Adresse wie 127.0.0.1 (nur dieser Computer) oder 0.0.0.0 (alle Netzwerke) an, oder einen Namen dieses Computers wie localhost.</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program on this computer; choose another.</source>
        <translation>Port {port} wird auf diesem Computer schon von einem anderen Programm verwendet; wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>This request brings its own chat template (&quot;{field}&quot;), which vLLM {version} renders without bounds ({advisories}); the endpoint does not pass it on unless the setting {setting} allows it.</source>
        <translation>Diese Anfrage bringt ihre eigene Chatvorlage mit („{field}“), die vLLM {version} ohne Grenzen rendert ({advisories}); der Endpunkt gibt sie nicht weiter, solange die Einstellung {setting} es nicht erlaubt.</translation>
    </message>
    <message>
        <source>This request sends prompt embeddings (&quot;{field}&quot;), which can crash vLLM {version} ({advisories}); the endpoint does not pass them on to this engine.</source>
        <translation>Diese Anfrage sendet Prompt-Embeddings („{field}“), die vLLM {version} zum Absturz bringen können ({advisories}); der Endpunkt gibt sie an diese Engine nicht weiter.</translation>
    </message>
    <message>
        <source>This request asks for output that matches a regular expression (&quot;{field}&quot;), which can hang vLLM {version} ({advisories}); the endpoint does not pass it on to this engine.</source>
        <translation>Diese Anfrage verlangt eine Ausgabe, die zu einem regulären Ausdruck passt („{field}“), was vLLM {version} blockieren kann ({advisories}); der Endpunkt gibt sie an diese Engine nicht weiter.</translation>
    </message>
    <message>
        <source>Must be a number between {low} and {high}; you typed “{typed}”.</source>
        <translation>Muss eine Zahl zwischen {low} und {high} sein; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Must be a number; you typed “{typed}”.</source>
        <translation>Muss eine Zahl sein; Sie haben „{typed}“ eingegeben.</translation>
    </message>
    <message>
        <source>Fraction of GPU memory each vLLM server may reserve. vLLM&apos;s own default of 0.92 crashes on many shared-memory APUs; the GPU panel shows a safe value.</source>
        <translation>Anteil des GPU-Speichers, den jeder vLLM-Server belegen darf. vLLMs eigene Voreinstellung 0.92 stürzt auf vielen APUs mit geteiltem Speicher ab; der GPU-Bereich zeigt einen sicheren Wert.</translation>
    </message>
    <message>
        <source>Most requests one model serves at once (vLLM&apos;s --max-num-seqs).</source>
        <translation>Höchstzahl der Anfragen, die ein Modell gleichzeitig bedient (vLLMs --max-num-seqs).</translation>
    </message>
    <message>
        <source>Extra vLLM flags for every model, before each model&apos;s own vllm_args.</source>
        <translation>Zusätzliche vLLM-Flags für jedes Modell, vor den eigenen vllm_args des Modells.</translation>
    </message>
    <message>
        <source>Default context length (vLLM&apos;s --max-model-len) for models without their own.</source>
        <translation>Standard-Kontextlänge (vLLMs --max-model-len) für Modelle ohne eigene.</translation>
    </message>
    <message>
        <source>Longest a load may take in all, in seconds. A load that still makes progress is never stopped before this: a cold first load compiles kernels for many minutes.</source>
        <translation>Längste Gesamtdauer eines Ladevorgangs, in Sekunden. Ein Ladevorgang, der noch vorankommt, wird nie früher gestoppt: Ein erster Kaltstart kompiliert viele Minuten lang Kernel.</translation>
    </message>
    <message>
        <source>Seconds a load may go without any sign of progress (no new log line and no CPU use by the engine) before it is stopped as stuck.</source>
        <translation>Sekunden, die ein Ladevorgang ohne jedes Lebenszeichen (keine neue Protokollzeile und keine CPU-Nutzung der Engine) dauern darf, bevor er als hängend gestoppt wird.</translation>
    </message>
    <message>
        <source>Keep an engine ready for the next load, with vLLM already imported: after the first, each load on the CPU engine starts seconds sooner, for about 600 MB of memory while it waits, given back when memory runs short. The ROCm and custom engines do not use it (not measured there).</source>
        <translation>Eine Engine für das nächste Laden bereithalten, mit bereits importiertem vLLM: Nach dem ersten startet jedes Laden auf der CPU-Engine Sekunden früher, für etwa 600 MB Speicher, solange sie wartet; bei Speicherknappheit wird er freigegeben. Die ROCm- und die eigene Engine nutzen das nicht (dort nicht gemessen).</translation>
    </message>
    <message>
        <source>Keep an engine ready</source>
        <translation>Eine Engine bereithalten</translation>
    </message>
    <message>
        <source>Address the local OpenAI-compatible endpoint listens on.</source>
        <translation>Adresse, auf der der lokale OpenAI-kompatible Endpunkt hört.</translation>
    </message>
    <message>
        <source>Port of the local OpenAI-compatible endpoint.</source>
        <translation>Port des lokalen OpenAI-kompatiblen Endpunkts.</translation>
    </message>
    <message>
        <source>Extra Host header names accepted besides loopback, separated by commas (defence against DNS rebinding).</source>
        <translation>Zusätzliche Namen im Host-Header, die neben Loopback angenommen werden, durch Kommas getrennt (Schutz gegen DNS-Rebinding).</translation>
    </message>
    <message>
        <source>Web origins allowed to call the endpoint from a browser, separated by commas.</source>
        <translation>Web-Ursprünge, die den Endpunkt aus einem Browser aufrufen dürfen, durch Kommas getrennt.</translation>
    </message>
    <message>
        <source>Most client connections the endpoint keeps open at once; past it the longest idle one is closed, or a newcomer is told to retry.</source>
        <translation>Höchstzahl gleichzeitig offener Client-Verbindungen am Endpunkt; darüber hinaus wird die am längsten untätige geschlossen, oder ein Neuankömmling soll es später erneut versuchen.</translation>
    </message>
    <message>
        <source>Seconds an idle keep-alive connection stays open.</source>
        <translation>Sekunden, die eine untätige Keep-Alive-Verbindung offen bleibt.</translation>
    </message>
    <message>
        <source>Seconds a client has to send a request&apos;s headers once it started.</source>
        <translation>Sekunden, die ein Client nach dem Beginn für die Header einer Anfrage hat.</translation>
    </message>
    <message>
        <source>Seconds a client has to send a request&apos;s body, plus one second for every 64 KiB it sent.</source>
        <translation>Sekunden, die ein Client für den Rumpf einer Anfrage hat, plus eine Sekunde je gesendeten 64 KiB.</translation>
    </message>
    <message>
        <source>Largest request body the endpoint accepts, in MiB.</source>
        <translation>Größter Anfragerumpf, den der Endpunkt annimmt, in MiB.</translation>
    </message>
    <message>
        <source>Request bodies held in memory at once, all requests together, in MiB; a request over it waits briefly, then is told to retry. At least the largest request.</source>
        <translation>Anfragerümpfe, die gleichzeitig im Speicher liegen, alle Anfragen zusammen, in MiB; eine Anfrage darüber wartet kurz und soll es dann erneut versuchen. Mindestens die größte Anfrage.</translation>
    </message>
    <message>
        <source>Seconds a model may take to start answering a request (a long prompt or a whole non-streamed answer); 0 waits for ever.</source>
        <translation>Sekunden, die ein Modell bis zum Beginn seiner Antwort brauchen darf (ein langer Prompt oder eine ganze nicht gestreamte Antwort); 0 wartet unbegrenzt.</translation>
    </message>
    <message>
        <source>Seconds a streamed answer may pause between two pieces; 0 waits for ever.</source>
        <translation>Sekunden, die eine gestreamte Antwort zwischen zwei Teilen pausieren darf; 0 wartet unbegrenzt.</translation>
    </message>
    <message>
        <source>Seconds between the comment lines a streamed answer gets while it waits for its first token (a model loading, a long prompt), so clients with a short read timeout keep waiting; 0 sends none. A client can ask for none with the header X-SSE-Keepalive: off.</source>
        <translation>Sekunden zwischen den Kommentarzeilen, die eine gestreamte Antwort erhält, während sie auf ihr erstes Token wartet (ein Modell lädt, ein langer Prompt), damit Clients mit kurzem Lese-Zeitlimit weiter warten; 0 sendet keine. Ein Client kann mit dem Header X-SSE-Keepalive: off darauf verzichten.</translation>
    </message>
    <message>
        <source>Most choices (n, best_of) one request may ask a model for; more is refused, since each is a sequence in the model&apos;s batch (older vLLM sets no bound of its own).</source>
        <translation>Höchstzahl der Auswahlen (n, best_of), die eine Anfrage von einem Modell verlangen darf; mehr wird abgelehnt, da jede eine Sequenz im Batch des Modells ist (älteres vLLM setzt selbst keine Grenze).</translation>
    </message>
    <message>
        <source>Let requests bring their own chat template (chat_template, chat_template_kwargs.chat_template) to a vLLM that renders it without bounds (fixed in 0.32.0); off, the endpoint refuses them for such an engine.</source>
        <translation>Anfragen ihre eigene Chatvorlage (chat_template, chat_template_kwargs.chat_template) an ein vLLM mitbringen lassen, das sie ohne Grenzen rendert (behoben in 0.32.0); ausgeschaltet lehnt der Endpunkt sie für eine solche Engine ab.</translation>
    </message>
    <message>
        <source>Start the local endpoint when the app starts.</source>
        <translation>Den lokalen Endpunkt beim Start der App starten.</translation>
    </message>
    <message>
        <source>Which vLLM runs models: auto (ROCm bundle on a supported AMD GPU, otherwise the CPU build), rocm, cpu, or custom.</source>
        <translation>Welches vLLM die Modelle ausführt: auto (ROCm-Paket auf einer unterstützten AMD-GPU, sonst der CPU-Build), rocm, cpu oder custom.</translation>
    </message>
    <message>
        <source>Install by default only ROCm builds the publisher qualified on its stable channel. Every qualified build so far is a nightly, so this keeps today&apos;s pinned build until a stable one qualifies.</source>
        <translation>Standardmäßig nur ROCm-Builds installieren, die der Herausgeber auf seinem stabilen Kanal qualifiziert hat. Bisher ist jeder qualifizierte Build ein Nightly-Build; diese Einstellung behält daher den heute festgelegten Build, bis ein stabiler qualifiziert ist.</translation>
    </message>
    <message>
        <source>Command prefix of your own vLLM (for the custom engine), e.g. &apos;vllm serve&apos;.</source>
        <translation>Befehlsanfang Ihres eigenen vLLM (für die eigene Engine), z. B. &apos;vllm serve&apos;.</translation>
    </message>
    <message>
        <source>Unload a model after this many minutes without requests (0 keeps it loaded).</source>
        <translation>Ein Modell nach so vielen Minuten ohne Anfragen entladen (0 lässt es geladen).</translation>
    </message>
    <message>
        <source>Once a model&apos;s download finishes, start it in the background and stop it again, so that vLLM compiles it now and your first load is a warm one (without this, the window offers it: Model ▸ Pre-warm). Skipped while another model is loaded.</source>
        <translation>Sobald der Download eines Modells fertig ist, es im Hintergrund starten und wieder stoppen, damit vLLM es gleich kompiliert und Ihr erstes Laden ein Warmstart ist (ohne diese Einstellung bietet das Fenster es an: Modell ▸ Vorwärmen). Wird übersprungen, solange ein anderes Modell geladen ist.</translation>
    </message>
    <message>
        <source>Memory the loaded models may share on each GPU (in RAM for the CPU engine), in GB, before one is unloaded to make room (0: all of each GPU&apos;s memory, or RAM).</source>
        <translation>Speicher, den sich die geladenen Modelle auf jeder GPU teilen dürfen (im RAM bei der CPU-Engine), in GB, bevor eines entladen wird, um Platz zu schaffen (0: der ganze Speicher jeder GPU, bzw. RAM).</translation>
    </message>
    <message>
        <source>RAM, in GB, that models never take from the system: on a GPU that shares the computer&apos;s memory (an APU such as Strix Halo) and with the CPU engine, a model that would leave less than this available is refused, so the desktop never swaps.</source>
        <translation>RAM in GB, den Modelle dem System nie wegnehmen: Auf einer GPU, die sich den Speicher mit dem Computer teilt (eine APU wie Strix Halo), und mit der CPU-Engine wird ein Modell abgelehnt, das weniger als diesen Wert übrig ließe, damit der Desktop nie auslagert.</translation>
    </message>
    <message>
        <source>Put a model to sleep instead of unloading it when another one needs its memory: it wakes in seconds instead of loading again. auto: with the ROCm engine (vLLM&apos;s CPU build cannot sleep); on: with any engine; off: never. The app checks that a sleep really freed the memory, and unloads instead where it did not.</source>
        <translation>Ein Modell schlafen legen statt es zu entladen, wenn ein anderes seinen Speicher braucht: Es wacht in Sekunden auf, statt neu zu laden. auto: mit der ROCm-Engine (vLLMs CPU-Build kann nicht schlafen); on: mit jeder Engine; off: nie. Die App prüft, ob der Schlaf den Speicher wirklich freigegeben hat, und entlädt sonst.</translation>
    </message>
    <message>
        <source>Disk space all batch files (uploads and results) may take together, in GB; an upload that would go over it is refused.</source>
        <translation>Speicherplatz, den alle Batch-Dateien (Uploads und Ergebnisse) zusammen belegen dürfen, in GB; ein Upload, der ihn überschreiten würde, wird abgelehnt.</translation>
    </message>
    <message>
        <source>Days after which an uploaded batch file is deleted, unless its upload set expires_after (0 keeps files until they are deleted). Results are kept.</source>
        <translation>Tage, nach denen eine hochgeladene Batch-Datei gelöscht wird, sofern ihr Upload kein expires_after gesetzt hat (0 behält Dateien, bis sie gelöscht werden). Ergebnisse bleiben erhalten.</translation>
    </message>
    <message>
        <source>Start in the tray without opening the window.</source>
        <translation>Im Systemabschnitt starten, ohne das Fenster zu öffnen.</translation>
    </message>
    <message>
        <source>Start vLLM Tray when you log in.</source>
        <translation>vLLM Tray beim Anmelden starten.</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>GPU-Speicherauslastung</translation>
    </message>
    <message>
        <source>Requests served at once</source>
        <translation>Gleichzeitig bediente Anfragen</translation>
    </message>
    <message>
        <source>Extra vLLM flags</source>
        <translation>Zusätzliche vLLM-Flags</translation>
    </message>
    <message>
        <source>Default context size</source>
        <translation>Standard-Kontextlänge</translation>
    </message>
    <message>
        <source>Load time limit</source>
        <translation>Zeitlimit für das Laden</translation>
    </message>
    <message>
        <source>Stuck load timeout</source>
        <translation>Zeitlimit für hängendes Laden</translation>
    </message>
    <message>
        <source>Endpoint address</source>
        <translation>Adresse des Endpunkts</translation>
    </message>
    <message>
        <source>Endpoint port</source>
        <translation>Port des Endpunkts</translation>
    </message>
    <message>
        <source>Allowed host names</source>
        <translation>Erlaubte Hostnamen</translation>
    </message>
    <message>
        <source>Allowed web origins</source>
        <translation>Erlaubte Web-Ursprünge</translation>
    </message>
    <message>
        <source>Most open connections</source>
        <translation>Max. offene Verbindungen</translation>
    </message>
    <message>
        <source>Idle connection timeout</source>
        <translation>Zeitlimit für untätige Verbindungen</translation>
    </message>
    <message>
        <source>Request header timeout</source>
        <translation>Zeitlimit für Anfrage-Header</translation>
    </message>
    <message>
        <source>Request body timeout</source>
        <translation>Zeitlimit für Anfragerumpf</translation>
    </message>
    <message>
        <source>Largest request</source>
        <translation>Größte Anfrage</translation>
    </message>
    <message>
        <source>Memory for request bodies</source>
        <translation>Speicher für Anfragerümpfe</translation>
    </message>
    <message>
        <source>Time to first byte</source>
        <translation>Zeit bis zum ersten Byte</translation>
    </message>
    <message>
        <source>Pause within an answer</source>
        <translation>Pause in einer Antwort</translation>
    </message>
    <message>
        <source>Keep-alive lines while a stream waits</source>
        <translation>Keep-Alive-Zeilen, während ein Stream wartet</translation>
    </message>
    <message>
        <source>Most choices per request</source>
        <translation>Max. Auswahlen pro Anfrage</translation>
    </message>
    <message>
        <source>Allow request-supplied chat templates</source>
        <translation>Chatvorlagen aus Anfragen erlauben</translation>
    </message>
    <message>
        <source>Start the endpoint with the app</source>
        <translation>Endpunkt mit der App starten</translation>
    </message>
    <message>
        <source>vLLM engine</source>
        <translation>vLLM-Engine</translation>
    </message>
    <message>
        <source>Stable ROCm builds only</source>
        <translation>Nur stabile ROCm-Builds</translation>
    </message>
    <message>
        <source>Your own vLLM command</source>
        <translation>Ihr eigener vLLM-Befehl</translation>
    </message>
    <message>
        <source>Unload idle models after</source>
        <translation>Untätige Modelle entladen nach</translation>
    </message>
    <message>
        <source>The language of the window and the tray: auto (the system&apos;s language) or the code of a language vLLM Tray ships, such as en.</source>
        <translation>Die Sprache von Fenster und Systemabschnitt: auto (die Sprache des Systems) oder der Code einer Sprache von vLLM Tray, etwa en.</translation>
    </message>
    <message>
        <source>Pre-warm models after download</source>
        <translation>Modelle nach dem Download vorwärmen</translation>
    </message>
    <message>
        <source>Memory for all models</source>
        <translation>Speicher für alle Modelle</translation>
    </message>
    <message>
        <source>RAM kept for the system</source>
        <translation>RAM-Reserve für das System</translation>
    </message>
    <message>
        <source>Sleep instead of unloading</source>
        <translation>Schlafen statt Entladen</translation>
    </message>
    <message>
        <source>Disk space for batch files</source>
        <translation>Speicherplatz für Batch-Dateien</translation>
    </message>
    <message>
        <source>Delete uploaded batch files after</source>
        <translation>Hochgeladene Batch-Dateien löschen nach</translation>
    </message>
    <message>
        <source>Start hidden in the tray</source>
        <translation>Verborgen im Systemabschnitt starten</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>Beim Anmelden starten</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>{family} family defaults</source>
        <translation>Voreinstellungen der Familie {family}</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app passes the model you load.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die App übergibt das Modell, das Sie laden.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app serves each model under its {setting}.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die App stellt jedes Modell unter seinem {setting} bereit.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app picks each model&apos;s address itself; the address clients use is the setting {setting}.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die App wählt die Adresse jedes Modells selbst; die Adresse für Clients ist die Einstellung {setting}.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app picks each model&apos;s port itself; the port clients use is the setting {setting}.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die App wählt den Port jedes Modells selbst; der Port für Clients ist die Einstellung {setting}.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the app reaches each model on a local port it picks; the port clients use is the setting {setting}.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die App erreicht jedes Modell über einen lokalen Port, den sie selbst wählt; der Port für Clients ist die Einstellung {setting}.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: the context length comes from the option {setting}.</source>
        <translation>Entfernen Sie {flag} aus {source}: Die Kontextlänge kommt aus der Option {setting}.</translation>
    </message>
    <message>
        <source>In {source}, remove {flag}: set the model&apos;s option {setting} instead (with gpus to choose the GPUs), so that the app plans memory on every GPU the model uses.</source>
        <translation>Entfernen Sie {flag} aus {source}: Setzen Sie stattdessen die Modelloption {setting} (mit gpus zur Wahl der GPUs), damit die App den Speicher auf jeder GPU plant, die das Modell nutzt.</translation>
    </message>
    <message>
        <source>In {source}, {token!r} is neither a flag nor the value of one: vLLM arguments are flags such as --max-num-seqs, each followed by its value.</source>
        <translation>In {source} ist {token!r} weder ein Flag noch dessen Wert: vLLM-Argumente sind Flags wie --max-num-seqs, jeweils gefolgt von ihrem Wert.</translation>
    </message>
    <message>
        <source>In {source}, a quotation mark is not closed, or the text ends with a lone backslash.</source>
        <translation>In {source} ist ein Anführungszeichen nicht geschlossen, oder der Text endet mit einem einzelnen Backslash.</translation>
    </message>
    <message>
        <source>{repo} has no weights vLLM can load (no .safetensors or PyTorch .bin files), so there is nothing to download for it.</source>
        <translation>{repo} hat keine Gewichte, die vLLM laden kann (keine .safetensors- oder PyTorch-.bin-Dateien), daher gibt es dafür nichts herunterzuladen.</translation>
    </message>
    <message>
        <source>{repo} is gated: Hugging Face only lets signed-in users who accepted its terms download it. Accept them on the model&apos;s page, add an access token with read access, then download again.</source>
        <translation>{repo} ist zugangsbeschränkt: Hugging Face lässt nur angemeldete Nutzer herunterladen, die seine Bedingungen akzeptiert haben. Akzeptieren Sie sie auf der Seite des Modells, fügen Sie ein Zugriffstoken mit Lesezugriff hinzu und laden Sie dann erneut herunter.</translation>
    </message>
    <message>
        <source>In {source}, {flag} is not a flag of vLLM {version}: its --help does not list it. Check the spelling, or remove it.</source>
        <translation>In {source} ist {flag} kein Flag von vLLM {version}: Sein --help führt es nicht auf. Prüfen Sie die Schreibweise, oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>Your Hugging Face token has no access to {repo}: accept the model&apos;s terms on its page with the account the token belongs to (or use a token with read access), then download again.</source>
        <translation>Ihr Hugging-Face-Token hat keinen Zugriff auf {repo}: Akzeptieren Sie die Bedingungen des Modells auf seiner Seite mit dem Konto, zu dem das Token gehört (oder verwenden Sie ein Token mit Lesezugriff), und laden Sie dann erneut herunter.</translation>
    </message>
    <message>
        <source>Hugging Face rejected the access token (it may be mistyped, revoked or expired). Replace it, then download {repo} again.</source>
        <translation>Hugging Face hat das Zugriffstoken abgelehnt (es ist vielleicht vertippt, widerrufen oder abgelaufen). Ersetzen Sie es, und laden Sie {repo} dann erneut herunter.</translation>
    </message>
    <message>
        <source>{repo} was not found on Hugging Face, or it is private. Check the name; if it is private, add an access token that can read it, then download again.</source>
        <translation>{repo} wurde auf Hugging Face nicht gefunden, oder es ist privat. Prüfen Sie den Namen; ist es privat, fügen Sie ein Zugriffstoken hinzu, das es lesen darf, und laden Sie dann erneut herunter.</translation>
    </message>
    <message>
        <source>There is no model {repo} on Hugging Face. Check the name.</source>
        <translation>Auf Hugging Face gibt es kein Modell {repo}. Prüfen Sie den Namen.</translation>
    </message>
    <message>
        <source>Hugging Face ({endpoint}) cannot be reached: {error}. Check the network connection and try again; finished files are kept.</source>
        <translation>Hugging Face ({endpoint}) ist nicht erreichbar: {error}. Prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut; fertige Dateien bleiben erhalten.</translation>
    </message>
    <message>
        <source>Downloads are switched off because HF_HUB_OFFLINE is set in the environment. Unset it to download models.</source>
        <translation>Downloads sind ausgeschaltet, weil HF_HUB_OFFLINE in der Umgebung gesetzt ist. Entfernen Sie die Variable, um Modelle herunterzuladen.</translation>
    </message>
    <message>
        <source>Not enough disk space: the download needs {needed_gb} GB more but only {free_gb} GB are free on {path}. Free some space (or point HF_HOME at a larger disk) and try again.</source>
        <translation>Nicht genug Speicherplatz: Der Download braucht noch {needed_gb} GB, aber auf {path} sind nur {free_gb} GB frei. Geben Sie Platz frei (oder lassen Sie HF_HOME auf eine größere Platte zeigen) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Downloading {repo} failed: {error}. Try again; finished files are kept.</source>
        <translation>Der Download von {repo} ist fehlgeschlagen: {error}. Versuchen Sie es erneut; fertige Dateien bleiben erhalten.</translation>
    </message>
    <message>
        <source>{file} disappeared from {repo} during the download. Try again.</source>
        <translation>{file} ist während des Downloads aus {repo} verschwunden. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{repo} has no revision {revision} on Hugging Face. Check the name.</source>
        <translation>{repo} hat auf Hugging Face keine Revision {revision}. Prüfen Sie den Namen.</translation>
    </message>
    <message>
        <source>There is no download {download_id}.</source>
        <translation>Es gibt keinen Download {download_id}.</translation>
    </message>
    <message>
        <source>{file} of {repo} arrived damaged twice (its checksum does not match). Try again later.</source>
        <translation>{file} aus {repo} kam zweimal beschädigt an (die Prüfsumme stimmt nicht). Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>Search unavailable: Hugging Face ({endpoint}) cannot be reached ({reason}). Models you already have keep working; try again when you are online.</source>
        <translation>Suche nicht verfügbar: Hugging Face ({endpoint}) ist nicht erreichbar ({reason}). Vorhandene Modelle funktionieren weiter; versuchen Sie es erneut, wenn Sie online sind.</translation>
    </message>
    <message>
        <source>Search unavailable: HF_HUB_OFFLINE is set in the environment, so nothing is asked of Hugging Face. Unset it to search for models.</source>
        <translation>Suche nicht verfügbar: HF_HUB_OFFLINE ist in der Umgebung gesetzt, daher wird Hugging Face nicht gefragt. Entfernen Sie die Variable, um nach Modellen zu suchen.</translation>
    </message>
    <message>
        <source>{repo} is gated and your Hugging Face token has no access to it yet: accept its terms on https://huggingface.co/{repo} with the account the token belongs to.</source>
        <translation>{repo} ist zugangsbeschränkt, und Ihr Hugging-Face-Token hat noch keinen Zugriff: Akzeptieren Sie die Bedingungen auf https://huggingface.co/{repo} mit dem Konto, zu dem das Token gehört.</translation>
    </message>
    <message>
        <source>{repo} is gated: accept its terms on https://huggingface.co/{repo}, then save a Hugging Face access token (vllm-tray config set-secret hf_token, or Settings) to see its details and download it.</source>
        <translation>{repo} ist zugangsbeschränkt: Akzeptieren Sie die Bedingungen auf https://huggingface.co/{repo} und speichern Sie dann ein Hugging-Face-Zugriffstoken (vllm-tray config set-secret hf_token, oder Einstellungen), um Einzelheiten zu sehen und es herunterzuladen.</translation>
    </message>
    <message>
        <source>There is no model {repo} on Hugging Face (or it is private).</source>
        <translation>Auf Hugging Face gibt es kein Modell {repo} (oder es ist privat).</translation>
    </message>
    <message>
        <source>The model folder {path} cannot be loaded: {what}. It needs config.json and the weights (*.safetensors) in the folder itself.</source>
        <translation>Der Modellordner {path} kann nicht geladen werden: {what}. Er braucht config.json und die Gewichte (*.safetensors) direkt im Ordner.</translation>
    </message>
    <message>
        <source>Some files of {model} are damaged ({files}). Download it again to repair them.</source>
        <translation>Einige Dateien von {model} sind beschädigt ({files}). Laden Sie es erneut herunter, um sie zu reparieren.</translation>
    </message>
    <message>
        <source>The model folder {path} does not exist (or is not a folder).</source>
        <translation>Der Modellordner {path} existiert nicht (oder ist kein Ordner).</translation>
    </message>
    <message>
        <source>{model} uses your folder {path} in place; vLLM Tray never deletes it. Remove the folder yourself if you no longer need it.</source>
        <translation>{model} nutzt Ihren Ordner {path} direkt; vLLM Tray löscht ihn nie. Entfernen Sie den Ordner selbst, wenn Sie ihn nicht mehr brauchen.</translation>
    </message>
    <message>
        <source>The download {download_id} failed.</source>
        <translation>Der Download {download_id} ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Changing where {model} takes its files from needs the endpoint&apos;s API key, and this request did not carry one. Change it on this computer (vllm-tray pull {model} --checkpoint {checkpoint} --replace), or set a key (vllm-tray config set-secret api_key).</source>
        <translation>Um zu ändern, woher {model} seine Dateien bezieht, braucht es den API-Schlüssel des Endpunkts, und diese Anfrage hatte keinen. Ändern Sie es auf diesem Computer (vllm-tray pull {model} --checkpoint {checkpoint} --replace), oder legen Sie einen Schlüssel fest (vllm-tray config set-secret api_key).</translation>
    </message>
    <message>
        <source>Adding the folder {checkpoint} as a model needs the endpoint&apos;s API key, and this request did not carry one. Add it on this computer (vllm-tray pull {model} --checkpoint {checkpoint}), or set a key (vllm-tray config set-secret api_key).</source>
        <translation>Um den Ordner {checkpoint} als Modell hinzuzufügen, braucht es den API-Schlüssel des Endpunkts, und diese Anfrage hatte keinen. Fügen Sie ihn auf diesem Computer hinzu (vllm-tray pull {model} --checkpoint {checkpoint}), oder legen Sie einen Schlüssel fest (vllm-tray config set-secret api_key).</translation>
    </message>
    <message>
        <source>An upload must be multipart/form-data with one &quot;file&quot; part and a &quot;purpose&quot; field.</source>
        <translation>Ein Upload muss multipart/form-data sein, mit einem Teil &quot;file&quot; und einem Feld &quot;purpose&quot;.</translation>
    </message>
    <message>
        <source>The form field {field} must be UTF-8 text of at most {limit} bytes.</source>
        <translation>Das Formularfeld {field} muss UTF-8-Text von höchstens {limit} Bytes sein.</translation>
    </message>
    <message>
        <source>limit must be a whole number; got {value}.</source>
        <translation>limit muss eine ganze Zahl sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The request needs a &quot;{field}&quot; field naming a model; available: {available}.</source>
        <translation>Die Anfrage braucht ein Feld &quot;{field}&quot;, das ein Modell nennt; verfügbar: {available}.</translation>
    </message>
    <message>
        <source>&quot;{field}&quot; must be {expected}.</source>
        <translation>&quot;{field}&quot; muss {expected} sein.</translation>
    </message>
    <message>
        <source>There is no model called {model}. Available models: {available}.</source>
        <translation>Es gibt kein Modell namens {model}. Verfügbare Modelle: {available}.</translation>
    </message>
    <message>
        <source>{model} is not downloaded yet. Download it with: vllm-tray pull {model}</source>
        <translation>{model} ist noch nicht heruntergeladen. Laden Sie es herunter mit: vllm-tray pull {model}</translation>
    </message>
    <message>
        <source>The endpoint failed unexpectedly; the details are in the app&apos;s log.</source>
        <translation>Der Endpunkt ist unerwartet ausgefallen; die Einzelheiten stehen im Protokoll der App.</translation>
    </message>
    <message>
        <source>The request is not valid HTTP/1.1: {detail}.</source>
        <translation>Die Anfrage ist kein gültiges HTTP/1.1: {detail}.</translation>
    </message>
    <message>
        <source>This endpoint speaks plain HTTP, not HTTPS: use http:// in its address.</source>
        <translation>Dieser Endpunkt spricht einfaches HTTP, kein HTTPS: Verwenden Sie http:// in seiner Adresse.</translation>
    </message>
    <message>
        <source>The request line or one of its headers is longer than {limit} bytes.</source>
        <translation>Die Anfragezeile oder einer ihrer Header ist länger als {limit} Bytes.</translation>
    </message>
    <message>
        <source>The request has more than {limit} headers.</source>
        <translation>Die Anfrage hat mehr als {limit} Header.</translation>
    </message>
    <message>
        <source>The request&apos;s method is not one this endpoint knows; use GET or POST.</source>
        <translation>Die Methode der Anfrage kennt dieser Endpunkt nicht; verwenden Sie GET oder POST.</translation>
    </message>
    <message>
        <source>The request&apos;s headers did not arrive within {timeout_s:g} s.</source>
        <translation>Die Header der Anfrage kamen nicht innerhalb von {timeout_s:g} s an.</translation>
    </message>
    <message>
        <source>The endpoint already has {limit} open connections, its limit; try again in a moment.</source>
        <translation>Der Endpunkt hat schon {limit} offene Verbindungen, seine Grenze; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The request body is not valid JSON: {reason}.</source>
        <translation>Der Anfragerumpf ist kein gültiges JSON: {reason}.</translation>
    </message>
    <message>
        <source>The request body must be a JSON object.</source>
        <translation>Der Anfragerumpf muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>The request body is larger than the limit of {limit_mib:g} MiB.</source>
        <translation>Der Anfragerumpf ist größer als die Grenze von {limit_mib:g} MiB.</translation>
    </message>
    <message>
        <source>There is no endpoint at {path}.</source>
        <translation>Unter {path} gibt es keinen Endpunkt.</translation>
    </message>
    <message>
        <source>{method} is not allowed on {path}; use {allowed}.</source>
        <translation>{method} ist auf {path} nicht erlaubt; verwenden Sie {allowed}.</translation>
    </message>
    <message>
        <source>This endpoint needs its API key, sent as the header &apos;Authorization: Bearer &lt;key&gt;&apos;; the key was missing or wrong.</source>
        <translation>Dieser Endpunkt braucht seinen API-Schlüssel, gesendet als Header &apos;Authorization: Bearer &lt;key&gt;&apos;; der Schlüssel fehlte oder war falsch.</translation>
    </message>
    <message>
        <source>Requests addressed to {host} are refused: only loopback names and the hosts listed in proxy.allowed_hosts are served (a defence against DNS rebinding).</source>
        <translation>Anfragen an {host} werden abgelehnt: Bedient werden nur Loopback-Namen und die in proxy.allowed_hosts aufgeführten Hosts (ein Schutz gegen DNS-Rebinding).</translation>
    </message>
    <message>
        <source>Requests from web pages at {origin} are refused; add the origin to proxy.cors_origins to allow them.</source>
        <translation>Anfragen von Webseiten unter {origin} werden abgelehnt; fügen Sie den Ursprung zu proxy.cors_origins hinzu, um sie zu erlauben.</translation>
    </message>
    <message>
        <source>Downloads are not available from this endpoint.</source>
        <translation>Downloads sind über diesen Endpunkt nicht verfügbar.</translation>
    </message>
    <message>
        <source>The request names the host {host}, which is not a valid host name with an optional port.</source>
        <translation>Die Anfrage nennt den Host {host}, der kein gültiger Hostname mit optionalem Port ist.</translation>
    </message>
    <message>
        <source>The request body arrived too slowly: {received} of {expected} bytes in {elapsed_s:g} s.</source>
        <translation>Der Anfragerumpf kam zu langsam an: {received} von {expected} Bytes in {elapsed_s:g} s.</translation>
    </message>
    <message>
        <source>The request body is not framed correctly: {detail}.</source>
        <translation>Der Anfragerumpf ist nicht korrekt begrenzt: {detail}.</translation>
    </message>
    <message>
        <source>The endpoint is holding as many request bodies as its memory budget of {budget_mib:g} MiB allows; try again in a moment.</source>
        <translation>Der Endpunkt hält so viele Anfragerümpfe, wie sein Speicherbudget von {budget_mib:g} MiB erlaubt; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The request body arrived too slowly: {received} bytes in {elapsed_s:g} s.</source>
        <translation>Der Anfragerumpf kam zu langsam an: {received} Bytes in {elapsed_s:g} s.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} stopped in the middle of its answer, so the answer is incomplete; the model may have crashed or been restarted.</source>
        <translation>Der vLLM-Server von {model} hat mitten in seiner Antwort aufgehört, die Antwort ist daher unvollständig; das Modell ist vielleicht abgestürzt oder wurde neu gestartet.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} stopped sending its answer for {timeout_s:g} s; it may be hung. The limit is the setting {setting}.</source>
        <translation>Der vLLM-Server von {model} hat {timeout_s:g} s lang nichts mehr von seiner Antwort gesendet; er hängt vielleicht. Die Grenze ist die Einstellung {setting}.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} answered {status}: {detail}</source>
        <translation>Der vLLM-Server von {model} antwortete {status}: {detail}</translation>
    </message>
    <message>
        <source>{model} does not offer {path}: its vLLM server has no such endpoint, which usually means the model cannot do this kind of request (for example embeddings from a chat model).</source>
        <translation>{model} bietet {path} nicht an: Sein vLLM-Server hat keinen solchen Endpunkt, was meist heißt, dass das Modell diese Art Anfrage nicht kann (zum Beispiel Embeddings von einem Chat-Modell).</translation>
    </message>
    <message>
        <source>The vLLM server of {model} refused the key the app gave it; unload the model and try again.</source>
        <translation>Der vLLM-Server von {model} hat den Schlüssel der App abgelehnt; entladen Sie das Modell und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} answered with a redirect ({status}) to {location}, which the endpoint does not follow; check the server&apos;s address.</source>
        <translation>Der vLLM-Server von {model} antwortete mit einer Weiterleitung ({status}) nach {location}, der der Endpunkt nicht folgt; prüfen Sie die Adresse des Servers.</translation>
    </message>
    <message>
        <source>{param} may be at most {limit} on this endpoint (the setting {setting}); this request asked for {value}.</source>
        <translation>{param} darf an diesem Endpunkt höchstens {limit} sein (die Einstellung {setting}); diese Anfrage verlangte {value}.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} could not be reached: {reason}.</source>
        <translation>Der vLLM-Server von {model} war nicht erreichbar: {reason}.</translation>
    </message>
    <message>
        <source>The vLLM server of {model} sent nothing for {timeout_s:g} s after the request; it may be hung. The limit is the setting {setting}.</source>
        <translation>Der vLLM-Server von {model} hat nach der Anfrage {timeout_s:g} s lang nichts gesendet; er hängt vielleicht. Die Grenze ist die Einstellung {setting}.</translation>
    </message>
    <message>
        <source>The header {header} must be {expected}; got {value}.</source>
        <translation>Der Header {header} muss {expected} sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>The endpoint would listen on {host}, where other computers can reach it, but no API key is set. Set an API key first, or set proxy.host back to 127.0.0.1.</source>
        <translation>Der Endpunkt würde auf {host} hören, wo andere Computer ihn erreichen können, aber es ist kein API-Schlüssel festgelegt. Legen Sie zuerst einen API-Schlüssel fest, oder setzen Sie proxy.host zurück auf 127.0.0.1.</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program, so the endpoint cannot start. Choose another port in the proxy.port setting.</source>
        <translation>Port {port} wird schon von einem anderen Programm verwendet, daher kann der Endpunkt nicht starten. Wählen Sie einen anderen Port in der Einstellung proxy.port.</translation>
    </message>
    <message>
        <source>The endpoint cannot listen on {host} port {port}: {reason}.</source>
        <translation>Der Endpunkt kann nicht auf {host} Port {port} hören: {reason}.</translation>
    </message>
    <message>
        <source>{reason}.</source>
        <translation>{reason}.</translation>
    </message>
    <message>
        <source>{address} cannot connect to this machine on port {port} ({reason}). The machines of a cluster must be able to connect to each other: check the firewall on this machine.</source>
        <translation>{address} kann sich nicht mit diesem Rechner auf Port {port} verbinden ({reason}). Die Rechner eines Clusters müssen sich gegenseitig erreichen können: Prüfen Sie die Firewall dieses Rechners.</translation>
    </message>
    <message>
        <source>The agent on {address} answered {reason} when asked about its worker. Look at the output of the join command on that machine.</source>
        <translation>Der Agent auf {address} antwortete auf die Frage nach seinem Worker mit {reason}. Sehen Sie sich die Ausgabe des Beitrittsbefehls auf diesem Rechner an.</translation>
    </message>
    <message>
        <source>Something answers on {address} port {port}, but it is not a vLLM Tray cluster agent (it answered HTTP {status}). Check the port given for that machine, and run the join command shown for it there.</source>
        <translation>Auf {address} Port {port} antwortet etwas, aber kein Cluster-Agent von vLLM Tray (es antwortete HTTP {status}). Prüfen Sie den für diesen Rechner angegebenen Port, und führen Sie dort den dafür gezeigten Beitrittsbefehl aus.</translation>
    </message>
    <message>
        <source>{address} does not answer on port {port} ({reason}). Is the join command running there, and does its firewall let this machine in?</source>
        <translation>{address} antwortet nicht auf Port {port} ({reason}). Läuft dort der Beitrittsbefehl, und lässt seine Firewall diesen Rechner durch?</translation>
    </message>
    <message>
        <source>{address} could not start its part of the model: {reason}. The output of the join command on that machine says more.</source>
        <translation>{address} konnte seinen Teil des Modells nicht starten: {reason}. Die Ausgabe des Beitrittsbefehls auf diesem Rechner sagt mehr.</translation>
    </message>
    <message>
        <source>The check of {address} failed: its agent answered {reason}. Look at the output of the join command on that machine, and start it again there if it stopped.</source>
        <translation>Die Prüfung von {address} ist fehlgeschlagen: Sein Agent antwortete {reason}. Sehen Sie sich die Ausgabe des Beitrittsbefehls auf diesem Rechner an, und starten Sie ihn dort erneut, falls er beendet wurde.</translation>
    </message>
    <message>
        <source>The agent on {address} answered {reason} when asked to stop its worker. Look at the output of the join command on that machine.</source>
        <translation>Der Agent auf {address} antwortete auf die Bitte, seinen Worker zu stoppen, mit {reason}. Sehen Sie sich die Ausgabe des Beitrittsbefehls auf diesem Rechner an.</translation>
    </message>
    <message>
        <source>{address} refused this cluster&apos;s token. Run the join command shown for it again (setting the cluster up again makes a new token).</source>
        <translation>{address} hat das Token dieses Clusters abgelehnt. Führen Sie den dafür gezeigten Beitrittsbefehl erneut aus (eine neue Einrichtung des Clusters erzeugt ein neues Token).</translation>
    </message>
    <message>
        <source>{address} was joined to another head address. Run the join command shown for it again.</source>
        <translation>{address} ist einer anderen Hauptrechner-Adresse beigetreten. Führen Sie den dafür gezeigten Beitrittsbefehl erneut aus.</translation>
    </message>
    <message>
        <source>{address} is not an address of this machine; give the address this machine has on the network the cluster uses.</source>
        <translation>{address} ist keine Adresse dieses Rechners; geben Sie die Adresse an, die dieser Rechner in dem Netzwerk des Clusters hat.</translation>
    </message>
    <message>
        <source>The engine command {command} cannot run as a cluster worker; use the CPU or ROCm engine, or a custom engine that starts with &apos;vllm serve&apos;.</source>
        <translation>Der Engine-Befehl {command} kann nicht als Cluster-Worker laufen; verwenden Sie die CPU- oder ROCm-Engine, oder eine eigene Engine, die mit &apos;vllm serve&apos; beginnt.</translation>
    </message>
    <message>
        <source>{model} is not running.</source>
        <translation>{model} läuft nicht.</translation>
    </message>
    <message>
        <source>No custom engine command is set. Set one with &apos;vllm-tray engine use COMMAND…&apos;.</source>
        <translation>Es ist kein Befehl für eine eigene Engine festgelegt. Legen Sie einen fest mit &apos;vllm-tray engine use COMMAND…&apos;.</translation>
    </message>
    <message>
        <source>Benchmarks go through vLLM Tray&apos;s endpoint, which is stopped. Start it first.</source>
        <translation>Benchmarks laufen über den Endpunkt von vLLM Tray, der gestoppt ist. Starten Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>{model} points at the folder {path}, which does not hold a usable model (config.json and weights are needed).</source>
        <translation>{model} verweist auf den Ordner {path}, der kein brauchbares Modell enthält (config.json und Gewichte werden gebraucht).</translation>
    </message>
    <message>
        <source>Part of vLLM Tray did not start: {reason}. The log has the details.</source>
        <translation>Ein Teil von vLLM Tray ist nicht gestartet: {reason}. Das Protokoll enthält die Einzelheiten.</translation>
    </message>
    <message>
        <source>The batch {batch_id} has already ended ({status}).</source>
        <translation>Der Batch {batch_id} ist schon beendet ({status}).</translation>
    </message>
    <message>
        <source>{file_id} was not uploaded with purpose &quot;batch&quot;.</source>
        <translation>{file_id} wurde nicht mit purpose &quot;batch&quot; hochgeladen.</translation>
    </message>
    <message>
        <source>{file_id} belongs to the batch {batch_id}, which is still running.</source>
        <translation>{file_id} gehört zum Batch {batch_id}, der noch läuft.</translation>
    </message>
    <message>
        <source>The endpoint at {url} stopped answering ({reason}). The results so far are kept; run the batch again to resume.</source>
        <translation>Der Endpunkt unter {url} antwortet nicht mehr ({reason}). Die bisherigen Ergebnisse bleiben erhalten; starten Sie den Batch erneut, um fortzufahren.</translation>
    </message>
    <message>
        <source>The batch stopped unexpectedly: {reason}. It is paused; resume it to try again.</source>
        <translation>Der Batch wurde unerwartet beendet: {reason}. Er ist angehalten; setzen Sie ihn fort, um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>Waiting for the endpoint: batch jobs run through it. Start it to go on.</source>
        <translation>Warten auf den Endpunkt: Batch-Aufträge laufen über ihn. Starten Sie ihn, um fortzufahren.</translation>
    </message>
    <message>
        <source>Tokens per second of {model} cannot be measured: its answers carry no token counts and its engine&apos;s /metrics has no vllm:generation_tokens_total.</source>
        <translation>Die Tokens pro Sekunde von {model} lassen sich nicht messen: Seine Antworten enthalten keine Tokenzahlen, und /metrics seiner Engine hat kein vllm:generation_tokens_total.</translation>
    </message>
    <message>
        <source>The tune cannot measure the tokens per second of {model}: its answers carry no token counts and its engine&apos;s /metrics has no vllm:generation_tokens_total, so nothing is proposed or saved.</source>
        <translation>Die Abstimmung kann die Tokens pro Sekunde von {model} nicht messen: Seine Antworten enthalten keine Tokenzahlen, und /metrics seiner Engine hat kein vllm:generation_tokens_total, daher wird nichts vorgeschlagen oder gespeichert.</translation>
    </message>
    <message>
        <source>{model} did not answer through the endpoint ({status}): {message}</source>
        <translation>{model} hat über den Endpunkt nicht geantwortet ({status}): {message}</translation>
    </message>
    <message>
        <source>{name} must be a whole number from 1 to {top}; got {value}.</source>
        <translation>{name} muss eine ganze Zahl von 1 bis {top} sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>{model} is being benchmarked or tuned already.</source>
        <translation>{model} wird bereits gemessen oder abgestimmt.</translation>
    </message>
    <message>
        <source>The endpoint at {url} did not answer: {reason}.</source>
        <translation>Der Endpunkt unter {url} hat nicht geantwortet: {reason}.</translation>
    </message>
    <message>
        <source>The endpoint is stopped, and the chat talks to models through it. Start the endpoint, then send the message again.</source>
        <translation>Der Endpunkt ist gestoppt, und der Chat spricht über ihn mit den Modellen. Starten Sie den Endpunkt und senden Sie die Nachricht dann erneut.</translation>
    </message>
    <message>
        <source>The endpoint at {url} did not answer ({reason}).</source>
        <translation>Der Endpunkt unter {url} hat nicht geantwortet ({reason}).</translation>
    </message>
    <message>
        <source>{message}</source>
        <translation>{message}</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Geben Sie zuerst eine Nachricht ein.</translation>
    </message>
    <message>
        <source>There is no message to answer.</source>
        <translation>Es gibt keine Nachricht zu beantworten.</translation>
    </message>
    <message>
        <source>{model} is still answering; stop that reply first.</source>
        <translation>{model} antwortet noch; stoppen Sie zuerst diese Antwort.</translation>
    </message>
    <message>
        <source>The worker on {address} ended (exit code {exit_code}), so the model was stopped. Its last output: {tail}</source>
        <translation>Der Worker auf {address} wurde beendet (Exit-Code {exit_code}), daher wurde das Modell gestoppt. Seine letzte Ausgabe: {tail}</translation>
    </message>
    <message>
        <source>{address} stopped answering ({reason}); the model was stopped.</source>
        <translation>{address} antwortet nicht mehr ({reason}); das Modell wurde gestoppt.</translation>
    </message>
    <message>
        <source>Stop the cluster before changing it.</source>
        <translation>Stoppen Sie den Cluster, bevor Sie ihn ändern.</translation>
    </message>
    <message>
        <source>Port {port} on {address} cannot be used ({reason}); choose another master port.</source>
        <translation>Port {port} auf {address} kann nicht verwendet werden ({reason}); wählen Sie einen anderen Master-Port.</translation>
    </message>
    <message>
        <source>{name} is not a secret vLLM Tray keeps (api_key or hf_token).</source>
        <translation>{name} ist kein Geheimnis, das vLLM Tray aufbewahrt (api_key oder hf_token).</translation>
    </message>
    <message>
        <source>The vLLM Tray running at {url} refused its API key. Save the key with `vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY.</source>
        <translation>Das vLLM Tray unter {url} hat den API-Schlüssel abgelehnt. Speichern Sie den Schlüssel mit `vllm-tray config set-secret api_key` oder setzen Sie VLLM_TRAY_API_KEY.</translation>
    </message>
    <message>
        <source>Give the command that starts your vLLM, e.g. &apos;vllm serve&apos;.</source>
        <translation>Geben Sie den Befehl an, der Ihr vLLM startet, z. B. &apos;vllm serve&apos;.</translation>
    </message>
    <message>
        <source>Installing the {kind} engine failed: {reason}</source>
        <translation>Die Installation der {kind}-Engine ist fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Lemonade&apos;s files or vLLM Tray&apos;s changed since the import was shown; nothing was imported. Look at the import again.</source>
        <translation>Die Dateien von Lemonade oder von vLLM Tray haben sich geändert, seit der Import angezeigt wurde; nichts wurde importiert. Sehen Sie sich den Import erneut an.</translation>
    </message>
    <message>
        <source>{model} gave no first token: {reason}</source>
        <translation>{model} hat kein erstes Token geliefert: {reason}</translation>
    </message>
    <message>
        <source>{model} was loaded already by someone else; measure again.</source>
        <translation>{model} wurde bereits von jemand anderem geladen; messen Sie erneut.</translation>
    </message>
    <message>
        <source>The load generator failed: {detail}. Its log is {log}.</source>
        <translation>Der Lastgenerator ist fehlgeschlagen: {detail}. Sein Protokoll ist {log}.</translation>
    </message>
    <message>
        <source>vLLM&apos;s benchmark cannot run with this engine: {detail}.</source>
        <translation>vLLMs Benchmark kann mit dieser Engine nicht laufen: {detail}.</translation>
    </message>
    <message>
        <source>The load generator must be one of {choices}; got {value}.</source>
        <translation>Der Lastgenerator muss einer von {choices} sein; erhalten: {value}.</translation>
    </message>
    <message>
        <source>{model} was not pre-warmed: {others} is loaded, and pre-warming must not take its memory. Load {model} when you need it.</source>
        <translation>{model} wurde nicht vorgewärmt: {others} ist geladen, und das Vorwärmen darf ihm keinen Speicher wegnehmen. Laden Sie {model}, wenn Sie es brauchen.</translation>
    </message>
    <message>
        <source>{model} is loaded already.</source>
        <translation>{model} ist bereits geladen.</translation>
    </message>
    <message>
        <source>{model} has loaded on this engine before.</source>
        <translation>{model} wurde auf dieser Engine schon einmal geladen.</translation>
    </message>
    <message>
        <source>{repo} holds no model weights (no .safetensors or .bin files).</source>
        <translation>{repo} enthält keine Modellgewichte (keine .safetensors- oder .bin-Dateien).</translation>
    </message>
    <message>
        <source>A model called user.{name} exists already (it is {checkpoint}). Choose another name.</source>
        <translation>Ein Modell namens user.{name} gibt es schon (es ist {checkpoint}). Wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <source>{repo} holds only GGUF files, which vLLM does not load from a Hugging Face repository. Look for the same model in safetensors format.</source>
        <translation>{repo} enthält nur GGUF-Dateien, die vLLM nicht aus einem Hugging-Face-Repository lädt. Suchen Sie dasselbe Modell im safetensors-Format.</translation>
    </message>
    <message>
        <source>vLLM&apos;s own start-up benchmark failed (exit {status}): {tail}</source>
        <translation>vLLMs eigener Start-Benchmark ist fehlgeschlagen (Exit {status}): {tail}</translation>
    </message>
    <message>
        <source>--max-num-seqs {value} is not what the last tune of {model} proposed; run the tune again and apply its result.</source>
        <translation>--max-num-seqs {value} ist nicht, was die letzte Abstimmung von {model} vorgeschlagen hat; führen Sie die Abstimmung erneut aus und übernehmen Sie ihr Ergebnis.</translation>
    </message>
    <message>
        <source>The tune used its {n} engine starts without an answer.</source>
        <translation>Die Abstimmung hat ihre {n} Engine-Starts ohne Ergebnis aufgebraucht.</translation>
    </message>
    <message>
        <source>Another request started {model} with its own settings while the tune was restarting it. Try again while nothing else uses the model.</source>
        <translation>Eine andere Anfrage hat {model} mit eigenen Einstellungen gestartet, während die Abstimmung es neu startete. Versuchen Sie es erneut, wenn nichts anderes das Modell nutzt.</translation>
    </message>
    <message>
        <source>Even one request at a time misses the latency objective (time to first token {ttft} ms, inter-token {itl} ms): nothing to tune. Loosen the objective or use a smaller model.</source>
        <translation>Schon eine einzelne Anfrage verfehlt das Latenzziel (Zeit bis zum ersten Token {ttft} ms, zwischen Tokens {itl} ms): Es gibt nichts abzustimmen. Lockern Sie das Ziel oder verwenden Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} exited with code {exit_code} while loading: {cause}</source>
        <translation>Der vLLM-Server von {model_id} wurde beim Laden mit Code {exit_code} beendet: {cause}</translation>
    </message>
    <message>
        <source>{model_id} was not ready after {timeout_s} seconds. A cold first load compiles kernels and can take many minutes; raise the load timeout and try again.</source>
        <translation>{model_id} war nach {timeout_s} Sekunden nicht bereit. Ein erster Kaltstart kompiliert Kernel und kann viele Minuten dauern; erhöhen Sie das Lade-Zeitlimit und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Loading {model_id} stalled: for {stall_s} seconds vLLM printed nothing and its processes used no CPU, so it was stopped. The log shows where it stopped.</source>
        <translation>Das Laden von {model_id} kam nicht voran: {stall_s} Sekunden lang gab vLLM nichts aus und seine Prozesse nutzten keine CPU, daher wurde es gestoppt. Das Protokoll zeigt, wo es stehen blieb.</translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} stopped responding ({misses} health checks in a row, about {silent_s} seconds) and was killed. The next request starts it again.</source>
        <translation>Der vLLM-Server von {model_id} reagierte nicht mehr ({misses} Zustandsabfragen in Folge, etwa {silent_s} Sekunden) und wurde beendet. Die nächste Anfrage startet ihn erneut.</translation>
    </message>
    <message>
        <source>{model_id} crashed {failures} times in a row, so the app stopped restarting it. Last time: {cause} Load it again, or change its options, to try again.</source>
        <translation>{model_id} ist {failures}-mal in Folge abgestürzt, daher startet die App es nicht mehr neu. Zuletzt: {cause} Laden Sie es erneut oder ändern Sie seine Optionen, um es wieder zu versuchen.</translation>
    </message>
    <message>
        <source>{model_id} failed to start {failures} times in a row, so the app stopped trying. Last time: {cause} Load it again, or change its options, to try again.</source>
        <translation>{model_id} ist {failures}-mal in Folge nicht gestartet, daher versucht die App es nicht mehr. Zuletzt: {cause} Laden Sie es erneut oder ändern Sie seine Optionen, um es wieder zu versuchen.</translation>
    </message>
    <message>
        <source>Something went wrong inside the app while handling {model_id}. The app&apos;s log has the details; stopping and loading the model again may help.</source>
        <translation>In der App ist bei der Arbeit mit {model_id} etwas schiefgegangen. Das Protokoll der App enthält die Einzelheiten; das Modell zu stoppen und erneut zu laden kann helfen.</translation>
    </message>
    <message>
        <source>The engine command {command} was not found. Install an engine with vllm-tray engine install, or set the custom engine command.</source>
        <translation>Der Engine-Befehl {command} wurde nicht gefunden. Installieren Sie eine Engine mit vllm-tray engine install, oder legen Sie den Befehl der eigenen Engine fest.</translation>
    </message>
    <message>
        <source>Loading {model_id} was stopped before it finished.</source>
        <translation>Das Laden von {model_id} wurde vor dem Ende gestoppt.</translation>
    </message>
    <message>
        <source>{model_id} cannot start: the app is shutting down.</source>
        <translation>{model_id} kann nicht starten: Die App wird beendet.</translation>
    </message>
    <message>
        <source>vLLM&apos;s engine core died (exit code {exit_code}): {cause}</source>
        <translation>Der Engine-Kern von vLLM ist abgestürzt (Exit-Code {exit_code}): {cause}</translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} stopped by itself (exit code {exit_code}): {cause}</source>
        <translation>Der vLLM-Server von {model_id} hat sich von selbst beendet (Exit-Code {exit_code}): {cause}</translation>
    </message>
    <message>
        <source>The engine command {command} exists but cannot be executed.</source>
        <translation>Der Engine-Befehl {command} existiert, kann aber nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>Set the load timeout to {value} s</source>
        <translation>Lade-Zeitlimit auf {value} s setzen</translation>
    </message>
    <message>
        <source>Downloading {url} failed: {reason}. Try again; finished parts are kept.</source>
        <translation>Der Download von {url} ist fehlgeschlagen: {reason}. Versuchen Sie es erneut; fertige Teile bleiben erhalten.</translation>
    </message>
    <message>
        <source>The engine archive was refused: its entry “{member}” {reason}. Nothing from it was installed.</source>
        <translation>Das Engine-Archiv wurde abgelehnt: sein Eintrag „{member}“ {reason}. Nichts daraus wurde installiert.</translation>
    </message>
    <message>
        <source>The engine archive {file} is damaged ({reason}). Download it again.</source>
        <translation>Das Engine-Archiv {file} ist beschädigt ({reason}). Laden Sie es erneut herunter.</translation>
    </message>
    <message>
        <source>There is not enough free disk space in {path} for the engine.</source>
        <translation>In {path} ist nicht genug freier Speicherplatz für die Engine.</translation>
    </message>
    <message>
        <source>The {kind} engine is not installed. Install it with: vllm-tray engine install {kind}</source>
        <translation>Die {kind}-Engine ist nicht installiert. Installieren Sie sie mit: vllm-tray engine install {kind}</translation>
    </message>
    <message>
        <source>Installing the {kind} engine was cancelled.</source>
        <translation>Die Installation der {kind}-Engine wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Installing the {kind} engine failed at step {phase}:
{detail}</source>
        <translation>Die Installation der {kind}-Engine ist beim Schritt {phase} fehlgeschlagen:
{detail}</translation>
    </message>
    <message>
        <source>The {kind} engine in {path} is incomplete. Reinstall it with: vllm-tray engine install {kind}</source>
        <translation>Die {kind}-Engine in {path} ist unvollständig. Installieren Sie sie neu mit: vllm-tray engine install {kind}</translation>
    </message>
    <message>
        <source>Engine defaults</source>
        <translation>Voreinstellungen der Engine</translation>
    </message>
    <message>
        <source>Settings for all models</source>
        <translation>Einstellungen für alle Modelle</translation>
    </message>
    <message>
        <source>This model&apos;s built-in arguments</source>
        <translation>Eingebaute Argumente dieses Modells</translation>
    </message>
    <message>
        <source>Extra vLLM arguments for every model</source>
        <translation>Zusätzliche vLLM-Argumente für jedes Modell</translation>
    </message>
    <message>
        <source>This model&apos;s vLLM arguments</source>
        <translation>vLLM-Argumente dieses Modells</translation>
    </message>
    <message>
        <source>GPUs and parallel sizes</source>
        <translation>GPUs und Parallelisierung</translation>
    </message>
    <message>
        <source>This start only</source>
        <translation>Nur dieser Start</translation>
    </message>
    <message>
        <source>The hub at {endpoint} listed a file of {repo} as {value}, which is not a safe name for a file in the model&apos;s folder; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation>Der Hub unter {endpoint} hat eine Datei von {repo} als {value} aufgeführt, was kein sicherer Name für eine Datei im Ordner des Modells ist; es wurde nichts heruntergeladen. Prüfen Sie HF_ENDPOINT.</translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the commit of {repo}, which is not a commit id; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation>Der Hub unter {endpoint} hat {value} als Commit von {repo} angegeben, was keine Commit-ID ist; es wurde nichts heruntergeladen. Prüfen Sie HF_ENDPOINT.</translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the checksum of a file of {repo}, which is not a checksum; the file was not downloaded. Check HF_ENDPOINT.</source>
        <translation>Der Hub unter {endpoint} hat {value} als Prüfsumme einer Datei von {repo} angegeben, was keine Prüfsumme ist; die Datei wurde nicht heruntergeladen. Prüfen Sie HF_ENDPOINT.</translation>
    </message>
    <message>
        <source>The hub at {endpoint} gave {value} as the size of a file of {repo}, which is not a size; nothing was downloaded. Check HF_ENDPOINT.</source>
        <translation>Der Hub unter {endpoint} hat {value} als Größe einer Datei von {repo} angegeben, was keine Größe ist; es wurde nichts heruntergeladen. Prüfen Sie HF_ENDPOINT.</translation>
    </message>
    <message>
        <source>The vLLM server of {model_id} was killed from outside the app, by another program or by the system when memory ran out.</source>
        <translation>Der vLLM-Server von {model_id} wurde von außerhalb der App beendet, durch ein anderes Programm oder durch das System, als der Speicher ausging.</translation>
    </message>
    <message>
        <source>Loading {model_id} failed: its vLLM server was killed from outside the app, by another program or by the system when memory ran out.</source>
        <translation>Das Laden von {model_id} ist fehlgeschlagen: Sein vLLM-Server wurde von außerhalb der App beendet, durch ein anderes Programm oder durch das System, als der Speicher ausging.</translation>
    </message>
    <message>
        <source>Install the {value} engine and load</source>
        <translation>Die {value}-Engine installieren und laden</translation>
    </message>
    <message>
        <source>No command is set for the custom engine.</source>
        <translation>Für die eigene Engine ist kein Befehl festgelegt.</translation>
    </message>
    <message>
        <source>The custom engine command “{program}” was not found.</source>
        <translation>Der Befehl der eigenen Engine „{program}“ wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>The custom engine command “{program}” is not executable.</source>
        <translation>Der Befehl der eigenen Engine „{program}“ ist nicht ausführbar.</translation>
    </message>
    <message>
        <source>The custom engine command “{command} --help” ended with exit code {exit_code}:
{tail}</source>
        <translation>Der Befehl der eigenen Engine „{command} --help“ endete mit Exit-Code {exit_code}:
{tail}</translation>
    </message>
    <message>
        <source>The custom engine command “{command} --help” did not finish within {seconds} seconds.</source>
        <translation>Der Befehl der eigenen Engine „{command} --help“ wurde nicht innerhalb von {seconds} Sekunden fertig.</translation>
    </message>
    <message>
        <source>“{command}” does not look like a vLLM server: its --help does not mention {missing}. Use e.g. “vllm serve” or “/path/to/python -m vllm.entrypoints.openai.api_server”.</source>
        <translation>„{command}“ sieht nicht wie ein vLLM-Server aus: Sein --help erwähnt {missing} nicht. Verwenden Sie z. B. „vllm serve“ oder „/pfad/zu/python -m vllm.entrypoints.openai.api_server“.</translation>
    </message>
    <message>
        <source>The ROCm engine {tag} has no {launcher}; it cannot be started.</source>
        <translation>Die ROCm-Engine {tag} hat kein {launcher}; sie kann nicht gestartet werden.</translation>
    </message>
    <message>
        <source>No AMD GPU was found, so the ROCm engine cannot be installed. Use the CPU engine or a custom engine instead.</source>
        <translation>Es wurde keine AMD-GPU gefunden, daher kann die ROCm-Engine nicht installiert werden. Verwenden Sie stattdessen die CPU-Engine oder eine eigene Engine.</translation>
    </message>
    <message>
        <source>There is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
        <translation>Für Ihre GPU ({target}) gibt es keine ROCm-Engine. Unterstützte GPU-Familien: {supported}. Verwenden Sie stattdessen die CPU-Engine oder eine eigene Engine.</translation>
    </message>
    <message>
        <source>Your GPU ({target}) needs a newer Linux kernel before the ROCm engine can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine was not installed.</source>
        <translation>Ihre GPU ({target}) braucht einen neueren Linux-Kernel, bevor die ROCm-Engine laufen kann: Ihrer KFD-Topologie fehlen cwsr_size und ctl_stack_size, die mit Kernel {required} oder neuer oder einem Distributionskernel mit dem Backport kommen. Ohne sie hängen ROCm-Arbeitslasten oder stürzen ab, daher wurde die Engine nicht installiert.</translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed; this GPU needs {wanted}.</source>
        <translation>Die ROCm-Engine {installed} ist installiert; diese GPU braucht {wanted}.</translation>
    </message>
    <message>
        <source>The release {tag} lists “{text}” as its number of parts.</source>
        <translation>Das Release {tag} gibt „{text}“ als Anzahl seiner Teile an.</translation>
    </message>
    <message>
        <source>{model} did not wake up from sleep ({detail}); it is loaded again instead.</source>
        <translation>{model} ist nicht aus dem Schlaf aufgewacht ({detail}); es wird stattdessen neu geladen.</translation>
    </message>
    <message>
        <source>{model} did not go to sleep ({detail}); it is unloaded instead.</source>
        <translation>{model} ist nicht eingeschlafen ({detail}); es wird stattdessen entladen.</translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but no AMD GPU was found, so it cannot run here. Use the CPU engine or a custom engine instead.</source>
        <translation>Die ROCm-Engine {installed} ist installiert, aber es wurde keine AMD-GPU gefunden, daher kann sie hier nicht laufen. Verwenden Sie stattdessen die CPU-Engine oder eine eigene Engine.</translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but there is no ROCm engine for your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine or a custom engine instead.</source>
        <translation>Die ROCm-Engine {installed} ist installiert, aber für Ihre GPU ({target}) gibt es keine ROCm-Engine. Unterstützte GPU-Familien: {supported}. Verwenden Sie stattdessen die CPU-Engine oder eine eigene Engine.</translation>
    </message>
    <message>
        <source>The ROCm engine {installed} is installed, but your GPU ({target}) needs a newer Linux kernel before it can run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with kernel {required} or newer or a distribution kernel that carries the backport. Without them ROCm workloads hang or crash, so the engine is not started.</source>
        <translation>Die ROCm-Engine {installed} ist installiert, aber Ihre GPU ({target}) braucht einen neueren Linux-Kernel, bevor sie laufen kann: Ihrer KFD-Topologie fehlen cwsr_size und ctl_stack_size, die mit Kernel {required} oder neuer oder einem Distributionskernel mit dem Backport kommen. Ohne sie hängen ROCm-Arbeitslasten oder stürzen ab, daher wird die Engine nicht gestartet.</translation>
    </message>
    <message>
        <source>Install the {value} engine again</source>
        <translation>Die Engine {value} erneut installieren</translation>
    </message>
    <message>
        <source>Install the newer {value} engine</source>
        <translation>Die neuere {value}-Engine installieren</translation>
    </message>
    <message>
        <source>Set GPU memory utilization to {value}</source>
        <translation>GPU-Speicherauslastung auf {value} setzen</translation>
    </message>
    <message>
        <source>The KV cache asks for {requested_gib} GiB of memory, but only {free_gib} of {total_gib} GiB is free. Make the KV cache smaller (VLLM_CPU_KVCACHE_SPACE or --kv-cache-memory-bytes; about {fits_gib} GiB fits now), or close other programs.</source>
        <translation>Der KV-Cache verlangt {requested_gib} GiB Speicher, aber nur {free_gib} von {total_gib} GiB sind frei. Verkleinern Sie den KV-Cache (VLLM_CPU_KVCACHE_SPACE oder --kv-cache-memory-bytes; etwa {fits_gib} GiB passen jetzt), oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>The KV cache holds fewer tokens than one request of the context size {ctx_size} needs ({needed_gib} GiB needed, {available_gib} GiB available). Lower the context size (at most {estimated_max} fits) or make the KV cache bigger.</source>
        <translation>Der KV-Cache fasst weniger Tokens, als eine Anfrage mit der Kontextlänge {ctx_size} braucht ({needed_gib} GiB nötig, {available_gib} GiB verfügbar). Senken Sie die Kontextlänge (höchstens {estimated_max} passt) oder vergrößern Sie den KV-Cache.</translation>
    </message>
    <message>
        <source>The model&apos;s weights left no memory for the KV cache. Raise GPU memory utilization or choose a smaller model.</source>
        <translation>Die Gewichte des Modells haben keinen Speicher für den KV-Cache übrig gelassen. Erhöhen Sie die GPU-Speicherauslastung oder wählen Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The context size {ctx_size} is larger than this model supports ({limit}, its {limit_key}). Set the context size to {limit} or less.</source>
        <translation>Die Kontextlänge {ctx_size} ist größer, als dieses Modell unterstützt ({limit}, sein {limit_key}). Setzen Sie die Kontextlänge auf {limit} oder weniger.</translation>
    </message>
    <message>
        <source>This vLLM build does not support the model&apos;s architecture ({architecture}).</source>
        <translation>Dieser vLLM-Build unterstützt die Architektur des Modells ({architecture}) nicht.</translation>
    </message>
    <message>
        <source>vLLM refused its command line: {message}</source>
        <translation>vLLM hat seine Befehlszeile abgelehnt: {message}</translation>
    </message>
    <message>
        <source>Another program took the port chosen for {model_id} before vLLM could use it, several times in a row. Try again.</source>
        <translation>Ein anderes Programm hat den für {model_id} gewählten Port mehrmals hintereinander belegt, bevor vLLM ihn nutzen konnte. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The engine command runs a Python without a working vLLM ({cause}). Reinstall the engine, or fix the custom engine command.</source>
        <translation>Der Engine-Befehl startet ein Python ohne funktionierendes vLLM ({cause}). Installieren Sie die Engine neu, oder korrigieren Sie den Befehl der eigenen Engine.</translation>
    </message>
    <message>
        <source>The GPU ran out of memory. Lower GPU memory utilization or the context size, or close what else uses the GPU.</source>
        <translation>Der GPU ist der Speicher ausgegangen. Senken Sie die GPU-Speicherauslastung oder die Kontextlänge, oder schließen Sie, was die GPU sonst nutzt.</translation>
    </message>
    <message>
        <source>Only {free_gib} of {total_gib} GiB of GPU memory was free, less than the {utilization} GPU memory utilization asks for. Use {safe} or less, or close what else uses the GPU.</source>
        <translation>Nur {free_gib} von {total_gib} GiB GPU-Speicher waren frei, weniger als die GPU-Speicherauslastung {utilization} verlangt. Verwenden Sie {safe} oder weniger, oder schließen Sie, was die GPU sonst nutzt.</translation>
    </message>
    <message>
        <source>Only {free_gib} of {total_gib} GiB of memory was free, less than the {utilization} memory utilization asks for (on the CPU engine GPU memory utilization is a share of RAM). Use {safe} or less, or close other programs.</source>
        <translation>Nur {free_gib} von {total_gib} GiB Speicher waren frei, weniger als die Speicherauslastung {utilization} verlangt (bei der CPU-Engine ist die GPU-Speicherauslastung ein Anteil des RAM). Verwenden Sie {safe} oder weniger, oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only {available_gib} GiB is available. Lower the context size or make the KV cache bigger (GPU memory utilization, or the KV cache size).</source>
        <translation>Die Kontextlänge {ctx_size} braucht {needed_gib} GiB KV-Cache, aber nur {available_gib} GiB sind verfügbar. Senken Sie die Kontextlänge oder vergrößern Sie den KV-Cache (GPU-Speicherauslastung oder KV-Cache-Größe).</translation>
    </message>
    <message>
        <source>The model folder {path} has no weights vLLM can load (no .safetensors or .bin files). Download the model again, or point the model at a complete folder.</source>
        <translation>Der Modellordner {path} hat keine Gewichte, die vLLM laden kann (keine .safetensors- oder .bin-Dateien). Laden Sie das Modell erneut herunter, oder lassen Sie es auf einen vollständigen Ordner verweisen.</translation>
    </message>
    <message>
        <source>The model&apos;s config.json in {path} cannot be read ({detail}). Download the model again, or repair the file.</source>
        <translation>Die config.json des Modells in {path} kann nicht gelesen werden ({detail}). Laden Sie das Modell erneut herunter, oder reparieren Sie die Datei.</translation>
    </message>
    <message>
        <source>This vLLM does not know the option {flags}. Remove it from the model&apos;s vLLM arguments (or the settings&apos; extra arguments).</source>
        <translation>Dieses vLLM kennt die Option {flags} nicht. Entfernen Sie sie aus den vLLM-Argumenten des Modells (oder den zusätzlichen Argumenten in den Einstellungen).</translation>
    </message>
    <message>
        <source>vLLM does not accept {value} for {flag}; it accepts {choices}. Change it in the model&apos;s vLLM arguments.</source>
        <translation>vLLM nimmt {value} für {flag} nicht an; es nimmt {choices} an. Ändern Sie den Wert in den vLLM-Argumenten des Modells.</translation>
    </message>
</context>
<context>
    <name>self.actions_</name>
    <message>
        <source>Loading {name}…</source>
        <translation>{name} wird geladen …</translation>
    </message>
</context>
</TS>
