<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ClusterCounts</name>
    <message numerus="yes">
        <source>Not ready: %n problem(s) to fix first.</source>
        <translation>
            <numerusform>Not ready: %n problem to fix first.</numerusform>
            <numerusform>Not ready: %n problems to fix first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more in the table above.</source>
        <translation>
            <numerusform>…and %n more in the table above.</numerusform>
            <numerusform>…and %n more in the table above.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checking the %n machine(s)…</source>
        <translation>
            <numerusform>Checking the machine…</numerusform>
            <numerusform>Checking the %n machines…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)…</source>
        <translation>
            <numerusform>Loading the model on %n machine…</numerusform>
            <numerusform>Loading the model across %n machines…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loading the model across %n machine(s)… ({elapsed} so far; the model list shows its progress)</source>
        <translation>
            <numerusform>Loading the model on %n machine… ({elapsed} so far; the model list shows its progress)</numerusform>
            <numerusform>Loading the model across %n machines… ({elapsed} so far; the model list shows its progress)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterWindow</name>
    <message numerus="yes">
        <source>Serving across %n machine(s).</source>
        <translation>
            <numerusform>Serving across %n machine.</numerusform>
            <numerusform>Serving across %n machines.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Starting across %n machine(s)…</source>
        <translation>
            <numerusform>Starting across %n machine…</numerusform>
            <numerusform>Starting across %n machines…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeleteQuestion</name>
    <message numerus="yes">
        <source>Delete the downloaded files of {name} ({size})? %n other model(s) use the same files and would need them downloaded again too: {others}.</source>
        <translation>
            <numerusform>Delete the downloaded files of {name} ({size})? One other model uses the same files and would need them downloaded again too: {others}.</numerusform>
            <numerusform>Delete the downloaded files of {name} ({size})? %n other models use the same files and would need them downloaded again too: {others}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove {name} from the list? Its downloaded files stay: %n other model(s) use them: {others}.</source>
        <translation>
            <numerusform>Remove {name} from the list? Its downloaded files stay: another model uses them: {others}.</numerusform>
            <numerusform>Remove {name} from the list? Its downloaded files stay: %n other models use them: {others}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EnginePanel</name>
    <message numerus="yes">
        <source>vLLM {version} has %n known security advisory(s); the worst is {severity}.</source>
        <translation>
            <numerusform>vLLM {version} has %n known security advisory; it is {severity}.</numerusform>
            <numerusform>vLLM {version} has %n known security advisories; the worst is {severity}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LemonadeImportDialog</name>
    <message numerus="yes">
        <source>Imported %n change(s) from Lemonade.</source>
        <translation>
            <numerusform>Imported %n change from Lemonade.</numerusform>
            <numerusform>Imported %n changes from Lemonade.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelSearchPanel</name>
    <message numerus="yes">
        <source>No text-generation model matches “{query}”. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation>
            <numerusform>No text-generation model matches “{query}”. %n result from Hugging Face could not be read and is left out.</numerusform>
            <numerusform>No text-generation model matches “{query}”. %n results from Hugging Face could not be read and are left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result(s) from Hugging Face could not be read and are left out.</source>
        <translation>
            <numerusform>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result from Hugging Face could not be read and is left out.</numerusform>
            <numerusform>{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n results from Hugging Face could not be read and are left out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RemotesWindow</name>
    <message numerus="yes">
        <source>{name} was added with %n model(s).</source>
        <translation>
            <numerusform>{name} was added with %n model.</numerusform>
            <numerusform>{name} was added with %n models.</numerusform>
        </translation>
    </message>
</context>
</TS>
