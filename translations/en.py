"""English plural forms: the translations scripts/fill_translation.py writes into vllm_tray_en.ts.

Only messages with %n are in that catalogue (lupdate -pluralonly): Qt shows the source with
%n replaced where no catalogue gives a message's forms, so "1 model(s)". Each entry is the
English source and its (singular, plural) forms; `make lint` fails on a %n message missing here.
"""

from __future__ import annotations

UI: dict[str, str | tuple[str, str]] = {
    "Serving across %n machine(s).": (
        "Serving across %n machine.",
        "Serving across %n machines.",
    ),
    "Starting across %n machine(s)…": (
        "Starting across %n machine…",
        "Starting across %n machines…",
    ),
    "Not ready: %n problem(s) to fix first.": (
        "Not ready: %n problem to fix first.",
        "Not ready: %n problems to fix first.",
    ),
    "…and %n more in the table above.": (
        "…and %n more in the table above.",
        "…and %n more in the table above.",
    ),
    "Checking the %n machine(s)…": ("Checking the machine…", "Checking the %n machines…"),
    "Loading the model across %n machine(s)…": (
        "Loading the model on %n machine…",
        "Loading the model across %n machines…",
    ),
    "Delete the downloaded files of {name} ({size})? %n other model(s) use the same files and would need them downloaded again too: {others}.": (
        "Delete the downloaded files of {name} ({size})? One other model uses the same files and would need them downloaded again too: {others}.",
        "Delete the downloaded files of {name} ({size})? %n other models use the same files and would need them downloaded again too: {others}.",
    ),
    "Remove {name} from the list? Its downloaded files stay: %n other model(s) use them: {others}.": (
        "Remove {name} from the list? Its downloaded files stay: another model uses them: {others}.",
        "Remove {name} from the list? Its downloaded files stay: %n other models use them: {others}.",
    ),
    "{name} was added with %n model(s).": (
        "{name} was added with %n model.",
        "{name} was added with %n models.",
    ),
}
UI |= {
    "vLLM {version} has %n known security advisory(s); the worst is {severity}.": (
        "vLLM {version} has %n known security advisory; it is {severity}.",
        "vLLM {version} has %n known security advisories; the worst is {severity}.",
    ),
}
# lemonade-dialog
UI |= {
    "Imported %n change(s) from Lemonade.": (
        "Imported %n change from Lemonade.",
        "Imported %n changes from Lemonade.",
    ),
}
# joints-core
UI |= {
    "Loading the model across %n machine(s)… ({elapsed} so far; the model list shows its progress)": (
        "Loading the model on %n machine… ({elapsed} so far; the model list shows its progress)",
        "Loading the model across %n machines… ({elapsed} so far; the model list shows its progress)",
    ),
    "No text-generation model matches “{query}”. %n result(s) from Hugging Face could not be read and are left out.": (
        "No text-generation model matches “{query}”. %n result from Hugging Face could not be read and is left out.",
        "No text-generation model matches “{query}”. %n results from Hugging Face could not be read and are left out.",
    ),
    "{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result(s) from Hugging Face could not be read and are left out.": (
        "{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n result from Hugging Face could not be read and is left out.",
        "{count} models. Select one to see what it needs; sizes and fit are read from each repository. %n results from Hugging Face could not be read and are left out.",
    ),
}
