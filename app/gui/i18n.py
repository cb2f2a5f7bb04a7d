"""Translation and number formatting for the GUI: problems, fixes, sizes, speeds, translators."""

from __future__ import annotations

import functools
import logging
import os
import re
import string
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDateTime, QLibraryInfo, QLocale, QTranslator

from app.core.models.vllm_args import ArgLayer, layer_label
from app.core.problems.problems import TRANSLATION_CONTEXT, Fix, Problem
from app.core.settings.field_labels import field_labels

log = logging.getLogger(__name__)

LANG_ENV = "VLLM_TRAY_LANG"  # e.g. "de" or the pseudo-locale "en_XA"
# A folder of compiled catalogues used instead of the installed ones: a translator tries a
# translation without installing it, a test brings its own.
QM_DIR_ENV = "VLLM_TRAY_TRANSLATIONS"
AUTO = "auto"  # the setting gui.language's value for "the system's language"
PSEUDO_LOCALE = "en_XA"
# The catalogue of English plural forms (scripts/translations.py): loaded under every language.
ENGLISH_PLURALS = "en"
QM_PREFIX = "vllm_tray_"

_GIB = 1024**3
_MIB = 1024**2
_KIB = 1024


# Direct translate("Format", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate


class _LocaleFormatter(string.Formatter):
    """str.format, with a float parameter's decimal mark the locale's ("12,50 GB" in German):
    the core's sentences format numbers as the CLI prints them."""

    def format_field(self, value: object, format_spec: str) -> str:
        text = str(super().format_field(value, format_spec))
        point = QLocale().decimalPoint()
        if isinstance(value, float) and point and point != ".":
            return text.replace(".", point)
        return text


_LOCALE_FORMAT = _LocaleFormatter()


def problem_text(problem: Problem) -> str:
    """The problem's sentence in the user's language, with its parameters filled in, naming
    options and settings by the labels the window shows (see `in_user_words`)."""
    template = QCoreApplication.translate(TRANSLATION_CONTEXT, problem.template)
    try:
        return in_user_words(_LOCALE_FORMAT.format(template, **problem.params))
    except (KeyError, IndexError, ValueError):
        # A broken translation must not hide the problem: fall back to the English template.
        log.warning("translation of %s does not fit its parameters", problem.code)
    try:
        return in_user_words(problem.english())
    except (KeyError, IndexError, ValueError):
        return problem.template  # a problem raised without its parameters: still say something


@functools.cache
def _key_words() -> tuple[re.Pattern[str], dict[str, str]]:
    labels = field_labels()
    keys = sorted(labels, key=len, reverse=True)  # the longest key first where two overlap
    words = "|".join(re.escape(k) for k in keys)
    # Whole words only: not inside a flag (--max-num-seqs), a path or a longer key.
    return re.compile(rf"(?<![\w.{{/-])(?:{words})(?![\w/-]|\.\w)"), labels


def in_user_words(text: str) -> str:
    """`text` with every option and setting key (`gpus`, `tensor_parallel_size`,
    `proxy.port`) replaced by its label ("GPUs", "Tensor parallel size", "Endpoint port").

    One sentence serves the CLI and the window: on the command line the key is what the
    user types (`vllm-tray options set … gpus=0,1`), in the window the label is what the
    user sees beside the field. So the core's templates and causes name keys, and this is
    the one place the window turns them into labels — for every problem, including a
    sentence quoted inside another (a give-up's last cause)."""
    pattern, labels = _key_words()
    return pattern.sub(
        lambda m: QCoreApplication.translate(TRANSLATION_CONTEXT, labels[m.group(0)]), text
    )


def fix_text(fix: Fix) -> str:
    """The label of the button that applies `fix`."""
    if fix.label_template:
        template = QCoreApplication.translate(TRANSLATION_CONTEXT, fix.label_template)
        try:
            return in_user_words(_LOCALE_FORMAT.format(template, value=fix.value, **fix.params))
        except (KeyError, IndexError, ValueError):
            return in_user_words(fix.english())
    generic = {
        "set_setting": QCoreApplication.translate("Fix", "Set {target} to {value}"),
        "set_model_option": QCoreApplication.translate(
            "Fix", "Set this model's {target} to {value}"
        ),
        "install_engine": QCoreApplication.translate("Fix", "Install the engine"),
        "reset_model": QCoreApplication.translate("Fix", "Reset the model and try again"),
    }
    text = generic.get(fix.kind, QCoreApplication.translate("Fix", "Apply the fix"))
    return in_user_words(text.format(target=fix.target, value=fix.value))


def layer_text(layer: ArgLayer) -> str:
    """What the window calls a source of a model's arguments ("Qwen3 family defaults"), in
    the user's language."""
    template, params = layer_label(layer)
    text = QCoreApplication.translate(TRANSLATION_CONTEXT, template)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English label
        return template.format(**params)


def format_bytes(n: int | float | None) -> str:
    """Binary units, the one family the whole GUI uses: "12.3 GiB", "512 MiB".

    GiB rather than GB because vLLM's own messages, which diagnoses quote, and the GPU
    tools people compare with (rocm-smi, amdgpu_top) speak GiB.
    """
    if n is None:
        return translate("Format", "unknown")
    locale = QLocale()
    if abs(n) >= _GIB:
        return translate("Format", "{0} GiB").format(locale.toString(float(n) / _GIB, "f", 1))
    if abs(n) >= _MIB:
        return translate("Format", "{0} MiB").format(locale.toString(float(n) / _MIB, "f", 0))
    return translate("Format", "{0} KiB").format(locale.toString(float(n) / _KIB, "f", 0))


def format_gb(size_gb: float | None) -> str:
    """A catalog size (decimal GB, as Lemonade and Hugging Face give it) in the GUI's GiB."""
    if size_gb is None:
        return "—"
    return format_bytes(size_gb * 1e9)


def format_speed(bytes_per_s: float | None) -> str:
    if bytes_per_s is None or bytes_per_s <= 0:
        return ""
    locale = QLocale()
    if bytes_per_s >= _GIB:
        return translate("Format", "{0} GiB/s").format(locale.toString(bytes_per_s / _GIB, "f", 1))
    if bytes_per_s >= _MIB:
        return translate("Format", "{0} MiB/s").format(locale.toString(bytes_per_s / _MIB, "f", 0))
    return translate("Format", "{0} KiB/s").format(locale.toString(bytes_per_s / _KIB, "f", 0))


def format_percent(fraction: float) -> str:
    return translate("Format", "{0} %").format(round(max(0.0, min(1.0, fraction)) * 100))


def format_number(x: float, decimals: int) -> str:
    return QLocale().toString(float(x), "f", decimals)


def format_compact(value: float) -> str:
    """A number with only the digits it needs ("120", "12.5", "0.25"; "12,5" in German)."""
    decimals = 0 if abs(value) >= 100 else 1 if abs(value) >= 10 else 2
    locale = QLocale()
    text = locale.toString(float(value), "f", decimals)
    point = locale.decimalPoint()
    return text.rstrip("0").rstrip(point) if decimals and point in text else text


def format_datetime(timestamp: float) -> str:
    """A moment as the user's locale writes it, short form ("11/20/26 10:00 AM" in the US,
    "20.11.26 10:00" in Germany)."""
    moment = QDateTime.fromSecsSinceEpoch(int(timestamp))
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def format_int(n: int) -> str:
    """A whole number with the locale's grouping: "2,433" (en), "2.433" (de)."""
    return QLocale().toString(int(n))


def format_duration(seconds: float, *, coarse: bool = False) -> str:
    """ "40 s", "11 min 40 s", "1 h 5 min"; `coarse` drops the seconds past a minute."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return translate("Format", "{0} s").format(seconds)
    if seconds < 3600:
        minutes, rest = divmod(seconds, 60)
        if coarse or rest == 0:
            return translate("Format", "{0} min").format(round(seconds / 60) if coarse else minutes)
        return translate("Format", "{0} min {1} s").format(minutes, rest)
    hours, rest = divmod(seconds, 3600)
    return translate("Format", "{0} h {1} min").format(hours, rest // 60)


# ---- translators ---------------------------------------------------------------------------


def number_locale(language: str) -> QLocale:
    """How numbers are written for `language`. An unconfigured system ("C" or "POSIX", common
    on servers and minimal desktops) gets English with digit grouping ("2,433"), not C's
    bare digits."""
    locale = QLocale(language)
    if locale.language() in (QLocale.Language.C, QLocale.Language.AnyLanguage):
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return locale


def qm_dir() -> Path:
    """Where the compiled catalogues are: $VLLM_TRAY_TRANSLATIONS, else the package's."""
    override = os.environ.get(QM_DIR_ENV)
    if override:
        return Path(override)
    return Path(str(resources.files("app.gui").joinpath("translations")))


def chosen_language(setting: str = AUTO) -> str:
    """The language to load: $VLLM_TRAY_LANG, else the setting gui.language unless it is
    "auto", else the system locale's name (from LANG / LC_MESSAGES, e.g. "de_DE")."""
    explicit = os.environ.get(LANG_ENV) or (setting if setting not in ("", AUTO) else "")
    return explicit or QLocale.system().name()


def install_translators(app: QCoreApplication, language: str | None = None) -> list[QTranslator]:
    """Load Qt's own and the app's translations for `language`; returns what was installed.

    The app's catalogue is tried as "de_DE", then "de" (QTranslator.load does that fallback).
    A missing catalogue is normal (English needs none), so it is not an error.
    """
    language = language or chosen_language()
    log.info("interface language: %s", language)
    installed: list[QTranslator] = []
    qt_translator = QTranslator(app)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_translator.load("qtbase_" + language, qt_dir):
        app.installTranslator(qt_translator)
        installed.append(qt_translator)
    # English plural forms first: a language's own catalogue, installed after, comes first.
    plurals = QTranslator(app)
    if language != PSEUDO_LOCALE and plurals.load(QM_PREFIX + ENGLISH_PLURALS, str(qm_dir())):
        app.installTranslator(plurals)
        installed.append(plurals)
    own = QTranslator(app)
    if own.load(QM_PREFIX + language, str(qm_dir())):
        app.installTranslator(own)
        installed.append(own)
        log.info("translation loaded: %s", own.filePath())
    elif language == PSEUDO_LOCALE:
        # No compiled catalogue (a source checkout): stretch strings in-process instead.
        pseudo = PseudoTranslator(app)
        app.installTranslator(pseudo)
        installed.append(pseudo)
    elif not language.startswith(("en", "C")):
        log.info("no translation for %s in %s", language, qm_dir())
    return installed


# ---- pseudo-locale -------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# Placeholders and markup that must survive unchanged: {name}, {0:g}, %n, %1, <b>, &amp;.
_KEEP = re.compile(r"\{[^{}]*\}|%n|%L?\d|<[^<>]+>|&[a-zA-Z]+;|&&")
STRETCH = 0.4  # translations run ~30-40 % longer than English; stretch by that much


def pseudo_translate(text: str) -> str:
    """Accented, 40 % longer and bracketed: clipped or untranslated text stands out."""
    out: list[str] = []
    pos = 0
    for match in _KEEP.finditer(text):
        out.append(text[pos : match.start()].translate(_ACCENTED))
        out.append(match.group(0))
        pos = match.end()
    out.append(text[pos:].translate(_ACCENTED))
    body = "".join(out)
    padding = "~" * max(1, round(len(text) * STRETCH))
    return f"[{body}{padding}]"


class PseudoTranslator(QTranslator):
    """Translates every string with `pseudo_translate`, without a compiled catalogue."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        del context, disambiguation, n
        return pseudo_translate(source)

    def isEmpty(self) -> bool:
        return False
