"""No sentence is glued together from translated pieces (scripts/translations.py `glued`,
part of `translations.py check`): the window's code passes, and the rule catches each way of
joining a translated text while leaving lines and Markdown emphasis alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "translations.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("translations_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def glued_lines(tmp_path: Path, body: str) -> list[str]:
    (tmp_path / "sample.py").write_text(body, encoding="utf-8")
    return load().glued(tmp_path)


def test_the_windows_code_glues_no_sentence() -> None:
    assert load().glued(ROOT / "app") == []


@pytest.mark.parametrize(
    "body",
    [
        'def f(self, text):\n    return text + " " + self.tr("The next request tries again.")\n',
        'def f(self, text):\n    text += " · " + translate("Ctx", "stalled")\n    return text\n',
        'def f(self):\n    t = self.tr("running")\n    return f"{t} · {speed}"\n',
        'def f(self, n):\n    return self.tr("{n} requests").format(n=n) + suffix\n',
        'def f(self):\n    return "⚠ " + self.tr("Kernel prerequisite: missing.")\n',
    ],
)
def test_a_translated_text_joined_to_another_is_found(tmp_path: Path, body: str) -> None:
    assert [line.split(":")[1] for line in glued_lines(tmp_path, body)] in (["2"], ["3"])


@pytest.mark.parametrize(
    "body",
    [
        'def f(self, lines):\n    return self.tr("Models in memory") + "\\n" + "\\n".join(lines)\n',
        'def f(self, why):\n    return why + "\\n\\n" + self.tr("Download anyway?")\n',
        'def f(self):\n    return "*" + translate("Chat", "(stopped)") + "*"\n',
        'def f(self, a):\n    return self.tr("{a} and {b}").format(a=a, b=self.tr("b"))\n',
        'def f(self, text):\n    return text + " " + other\n',
        'def f(self):\n    return ", ".join([self.tr("default"), self.tr("in use")])\n',
    ],
)
def test_whole_templates_lines_and_emphasis_pass(tmp_path: Path, body: str) -> None:
    assert glued_lines(tmp_path, body) == []
