"""The model table: words and bars per state, raw-value sorting, filtering, the bar delegate."""

from __future__ import annotations

import re
import time
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from app.core.events import (
    DownloadProgressed,
    LoadProgressed,
    MetricsSampled,
    ProcessStateChanged,
)
from app.core.problems.problems import Problem
from app.core.states import LoadPhase, ProcessState
from app.gui.app import GuiApp
from app.gui.delegates import TEXT_PADDING, fill_color
from app.gui.elide import elide_words
from app.gui.model_state import StateKind, load_text
from app.gui.model_table import KIND_ROLE, PROGRESS_ROLE, SORT_ROLE, Column
from tests.gui.fake_facade import FakeFacade, load_events, memory_problem

RUNNING = "Qwen3.5-4B-FP16-vLLM"
LOADING = "Qwen3.5-0.8B-FP16-vLLM"
FAILED = "Qwen3.5-9B-FP16-vLLM"
DOWNLOADING = "GLM-4.7-Flash-FP16-vLLM"


def cell(gui: GuiApp, model_id: str, column: Column, role: int = Qt.ItemDataRole.DisplayRole):
    return gui.window.table_model.index_of(model_id, column).data(role)


def script_states(fake: FakeFacade) -> None:
    fake.publish_from_thread(
        *load_events(RUNNING),
        MetricsSampled(RUNNING, 0.12, 2, 0, 40.0),
        *load_events(LOADING)[:3],
        LoadProgressed(LOADING, LoadPhase.LOADING_WEIGHTS, 0.3125, 0.375, shard=(3, 8)),
        DownloadProgressed("dl-1", DOWNLOADING, 42, 100, speed_bps=120e6),
        ProcessStateChanged(FAILED, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(
            FAILED, ProcessState.STARTING, ProcessState.FATAL, problem=memory_problem()
        ),
    )


def test_each_state_in_words_and_as_a_bar(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    script_states(fake)
    qtbot.waitUntil(lambda: cell(gui, FAILED, Column.STATE).startswith("failed"))
    assert cell(gui, RUNNING, Column.STATE) == "running, KV cache 12 % · 2 requests"
    assert cell(gui, LOADING, Column.STATE) == "loading: loading weights 38 %"
    assert cell(gui, DOWNLOADING, Column.STATE) == "downloading 42 % · 114 MiB/s"
    assert cell(gui, FAILED, Column.STATE) == (
        "failed: Free memory on the GPU (76.45 GiB) is less than the 88.32 GiB that "
        "gpu-memory-utilization 0.92 asks for. Lower it to 0.78."
    )
    assert cell(gui, "Qwen3.6-27B-FP8-vLLM-lowconc", Column.STATE) == "not downloaded"
    assert cell(gui, "user.my-llama", Column.STATE) == "local folder"

    assert cell(gui, DOWNLOADING, Column.STATE, PROGRESS_ROLE) == 0.42
    assert cell(gui, LOADING, Column.STATE, PROGRESS_ROLE) == 0.3125
    assert cell(gui, RUNNING, Column.STATE, PROGRESS_ROLE) is None
    assert cell(gui, FAILED, Column.STATE, PROGRESS_ROLE) is None
    assert cell(gui, FAILED, Column.NAME, KIND_ROLE) == StateKind.FAILED

    tooltip = cell(gui, RUNNING, Column.STATE, Qt.ItemDataRole.ToolTipRole)
    assert "KV cache 180,224 tokens" in tooltip and "22.0× concurrency at 8,192" in tooltip


def test_counts_are_whole_numbers_with_grouping(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    # Prometheus gauges are floats: 2433.0 running requests is "2,433 requests".
    fake.publish_from_thread(*load_events(RUNNING), MetricsSampled(RUNNING, 0.5, 2433.0, 0, 9.0))
    qtbot.waitUntil(lambda: "requests" in cell(gui, RUNNING, Column.STATE))
    assert cell(gui, RUNNING, Column.STATE) == "running, KV cache 50 % · 2,433 requests"


def test_a_load_shows_its_phase_percentage_and_estimate(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    now = time.time()
    fake.publish_from_thread(
        ProcessStateChanged(LOADING, ProcessState.STOPPED, ProcessState.STARTING),
        LoadProgressed(
            LOADING,
            LoadPhase.COMPILING,
            0.62,
            0.4,
            detail="Compiling a graph for dynamic shape takes 41.2 s",
            ts=now,
            elapsed_s=125.0,
            expected_s=660.0,
            last_cold_s=700.0,
            cold=True,
        ),
    )
    qtbot.waitUntil(lambda: "compiling" in cell(gui, LOADING, Column.STATE))
    assert cell(gui, LOADING, Column.STATE) == (
        "loading: compiling kernels 40 % · cold load: 2 min of about 11 min "
        "(last cold load 11 min 40 s)"
    )
    tooltip = cell(gui, LOADING, Column.STATE, Qt.ItemDataRole.ToolTipRole)
    assert tooltip.startswith("loading: compiling kernels 40 %")
    assert "Last step: Compiling a graph for dynamic shape takes 41.2 s" in tooltip

    # A silent compile step still shows time passing: the elapsed time counts on.
    row = gui.store.row(LOADING)
    assert "3 min of about 11 min" in load_text(row.progress, now=now + 60)
    # A warm load (the compile cache holds this model's graphs) says so, with the time the
    # warm loads took.
    assert row.progress is not None
    warm = replace(row.progress, cold=False, expected_s=200.0, last_warm_s=190.0)
    assert load_text(warm, now=now).endswith(
        "· warm load: 2 min of about 3 min (last cold load 11 min 40 s, last warm load 3 min 10 s)"
    )


def test_state_text_is_cut_at_a_word(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    metrics = gui.window.table.fontMetrics()
    text = "failed: Free memory on the GPU (76.45 GiB) is less than the 88.32 GiB"
    for width in range(40, metrics.horizontalAdvance(text), 7):
        cut = elide_words(text, metrics, width)
        assert metrics.horizontalAdvance(cut) <= width or " " not in cut
        if cut != text and " " in cut:
            kept = cut.removesuffix("…").rstrip(" ,;:·—-")
            assert text.startswith(kept) and text[len(kept)] in " ,;:·—-"


def test_builtin_models_are_marked_experimental(gui: GuiApp) -> None:
    assert cell(gui, RUNNING, Column.LABELS).startswith("experimental, chat")
    assert "experimental" not in cell(gui, "user.my-llama", Column.LABELS)
    assert "experimental" in cell(gui, RUNNING, Column.NAME, Qt.ItemDataRole.ToolTipRole)
    assert cell(gui, "user.my-llama", Column.NAME) == "user.my-llama"


def visible_names(gui: GuiApp) -> list[str]:
    proxy = gui.window.proxy
    return [proxy.index(r, Column.NAME).data() for r in range(proxy.rowCount())]


def test_sorting_uses_raw_values(gui: GuiApp) -> None:
    table = gui.window.table
    table.sortByColumn(Column.SIZE, Qt.SortOrder.DescendingOrder)
    sizes = [
        gui.window.proxy.index(r, Column.SIZE).data(SORT_ROLE)
        for r in range(gui.window.proxy.rowCount())
    ]
    assert sizes == sorted(sizes, reverse=True)
    # As text "9.34 GB" would sort above "62.5 GB"; as numbers it does not.
    assert visible_names(gui)[:2] == ["GLM-4.7-Flash-FP16-vLLM", "Qwen3.6-27B-FP8-vLLM-lowconc"]


def test_filter_box_and_downloaded_only(qtbot: QtBot, gui: GuiApp) -> None:
    qtbot.keyClicks(gui.window.filter, "qwen3.5")
    assert sorted(visible_names(gui)) == [LOADING, RUNNING, FAILED]
    gui.window.filter.clear()
    qtbot.keyClicks(gui.window.filter, "TOOL-calling")  # labels match too, any case
    assert DOWNLOADING in visible_names(gui) and LOADING not in visible_names(gui)
    gui.window.filter.clear()
    gui.window.downloaded_only.setChecked(True)
    assert DOWNLOADING not in visible_names(gui)
    assert "user.my-llama" in visible_names(gui)
    assert len(visible_names(gui)) == 4


def highlight_share(image: QImage, rect, color: QColor) -> float:
    """Share of the pixels in `rect` close to `color`."""
    hits = total = 0
    for x in range(rect.left() + 3, rect.right() - 3, 2):
        for y in range(rect.top() + 4, rect.bottom() - 4, 2):
            pixel = image.pixelColor(x, y)
            total += 1
            if all(
                abs(a - b) < 40 for a, b in zip(pixel.getRgb()[:3], color.getRgb()[:3], strict=True)
            ):
                hits += 1
    return hits / max(total, 1)


def test_the_delegate_draws_a_bar_filled_to_the_progress(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    script_states(fake)
    qtbot.waitUntil(lambda: cell(gui, DOWNLOADING, Column.STATE, PROGRESS_ROLE) == 0.42)
    table = gui.window.table
    table.clearSelection()
    table.setCurrentIndex(QModelIndex())
    image = table.viewport().grab().toImage()
    highlight = fill_color(table.palette())  # the done part: the highlight, tinted

    def state_rect(model_id: str):
        source = gui.window.table_model.index_of(model_id, Column.STATE)
        return table.visualRect(gui.window.proxy.mapFromSource(source))

    downloading = state_rect(DOWNLOADING)
    left = downloading.adjusted(0, 0, -downloading.width() // 2, 0)
    right = downloading.adjusted(downloading.width() * 3 // 4, 0, 0, 0)
    assert highlight_share(image, left, highlight) > 0.5  # 42 %: most of the left half filled
    assert highlight_share(image, right, highlight) < 0.05  # the right quarter is empty
    # No bar on a row without progress (a few grey pixels of its text come close to the
    # light tint).
    assert highlight_share(image, state_rect("Qwen3.6-27B-FP8-vLLM-lowconc"), highlight) < 0.02


def test_the_state_bar_draws_its_text_once_in_one_colour_from_the_left(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 20.5: the style's bar drew the text twice, in two colours and at two places,
    over the done part and the rest ("loadi|ng: loading weights 50 %")."""
    script_states(fake)
    qtbot.waitUntil(lambda: cell(gui, DOWNLOADING, Column.STATE, PROGRESS_ROLE) == 0.42)
    table = gui.window.table
    source = gui.window.table_model.index_of(DOWNLOADING, Column.STATE)
    index = gui.window.proxy.mapFromSource(source)
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = QRect(0, 0, 420, table.visualRect(index).height())
    # Telling colours: the text in red, the text on a highlight (the style's second copy)
    # in green, so that each copy of the text is found on the picture.
    palette = QPalette(option.palette)
    palette.setColor(QPalette.ColorRole.Text, QColor(255, 0, 0))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor(0, 255, 0))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(255, 0, 0))
    option.palette = palette
    image = QImage(option.rect.size(), QImage.Format.Format_RGB32)
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    table.itemDelegateForIndex(index).paint(painter, option, index)
    painter.end()

    def columns(red: bool) -> list[int]:
        found = []
        for x in range(image.width()):
            for y in range(image.height()):
                r, g, b, _ = image.pixelColor(x, y).getRgb()
                if (r > 180 and g < 90 and b < 120) if red else (g > 180 and r < 90 and b < 90):
                    found.append(x)
                    break
        return found

    text, second = columns(red=True), columns(red=False)
    assert text and not second  # one colour: no copy of the text drawn in another
    assert min(text) <= 2 + TEXT_PADDING + 2  # from the left, as every other cell's text
    done = round(0.42 * (option.rect.width() - 5))
    assert min(text) < done < max(text)  # one text running over the done part and the rest


def engine_died() -> Problem:
    return Problem("load.engine_dead", "vLLM's engine process died while it started.", {})


def start_and_fail(
    fake: FakeFacade,
    model_id: str,
    old: ProcessState,
    new: ProcessState,
    *,
    ran: bool = False,
    **counts: object,
) -> None:
    """A start from `old` that ends in `new` (after running, with `ran`), and the
    supervisor's counts as they are after it: the engine counts when the start fails, and
    the GUI reads the counts from the next snapshot."""
    events = [ProcessStateChanged(model_id, old, ProcessState.STARTING)]
    if ran:
        events.append(ProcessStateChanged(model_id, ProcessState.STARTING, ProcessState.RUNNING))
    fake.publish_from_thread(*events)
    fake.rows[model_id] = replace(fake.rows[model_id], **counts)  # type: ignore[arg-type]
    before = ProcessState.RUNNING if ran else ProcessState.STARTING
    fake.publish_from_thread(ProcessStateChanged(model_id, before, new, problem=engine_died()))


def test_a_crash_loop_says_how_often_in_words(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    """Issue 11: the row and the banner say how often the model failed or was restarted,
    and that the next request (not the app by itself) tries again, after how long."""
    tooltip = Qt.ItemDataRole.ToolTipRole
    banner = gui.window.banner
    gui.window.select_model(FAILED)
    # Two failed starts in a row; the back-off keeps the next start 30 s away.
    start_and_fail(
        fake,
        FAILED,
        ProcessState.STOPPED,
        ProcessState.BACKOFF,
        failures=2,
        next_retry_at=time.time() + 30.4,
    )
    qtbot.waitUntil(lambda: gui.store.row(FAILED).failures == 2)
    assert cell(gui, FAILED, Column.STATE) == (
        "failed to start 2 times in a row: vLLM's engine process died while it started."
    )
    waiting = (
        r"Failed to start 2 times in a row\. The next request tries again, after waiting "
        r"(29|30) s; Load tries at once\."
    )
    assert re.fullmatch(
        r"failed to start 2 times in a row: .*\n" + waiting,
        cell(gui, FAILED, Column.STATE, tooltip),
    )
    assert banner.title.text() == f"{FAILED} failed to start 2 times in a row"
    assert banner.message.text() == "vLLM's engine process died while it started."
    assert re.fullmatch(waiting, banner.detail.text()) and banner.detail.isVisible()
    assert "retry" not in cell(gui, FAILED, Column.STATE, tooltip).casefold()  # never by itself

    # It started again, ran, and crashed: the first crash restarts at once.
    start_and_fail(
        fake,
        FAILED,
        ProcessState.BACKOFF,
        ProcessState.EXITED,
        ran=True,
        failures=1,
        restarts=1,
        next_retry_at=None,
    )
    qtbot.waitUntil(lambda: gui.store.row(FAILED).restarts == 1)
    assert cell(gui, FAILED, Column.STATE).startswith("stopped unexpectedly: ")
    assert cell(gui, FAILED, Column.STATE, tooltip).endswith(
        "\nCrashed once. The next request starts it again."
    )
    assert banner.title.text() == f"{FAILED} stopped unexpectedly"
    assert banner.detail.text() == "Crashed once. The next request starts it again."

    start_and_fail(
        fake, FAILED, ProcessState.EXITED, ProcessState.EXITED, ran=True, failures=2, restarts=2
    )
    qtbot.waitUntil(lambda: gui.store.row(FAILED).failures == 2)
    assert cell(gui, FAILED, Column.STATE).startswith("crashed 2 times in a row: vLLM's engine")
    assert banner.title.text() == f"{FAILED} crashed 2 times in a row"

    # Running again after three restarts: said in the cell and, in full, in the tooltip.
    fake.rows[FAILED] = replace(fake.rows[FAILED], restarts=3)
    fake.publish_from_thread(
        ProcessStateChanged(FAILED, ProcessState.EXITED, ProcessState.STARTING),
        ProcessStateChanged(FAILED, ProcessState.STARTING, ProcessState.RUNNING),
    )
    qtbot.waitUntil(lambda: gui.store.row(FAILED).restarts == 3)
    qtbot.waitUntil(lambda: gui.store.row(FAILED).process == ProcessState.RUNNING)
    assert cell(gui, FAILED, Column.STATE) == "running · restarted 3 times"
    assert cell(gui, FAILED, Column.STATE, tooltip) == (
        "running · restarted 3 times\nRestarted 3 times after crashing or failing to start."
    )
    assert not banner.isVisible()

    # An unload clears the counts, as the supervisor does.
    fake.publish_from_thread(
        ProcessStateChanged(FAILED, ProcessState.RUNNING, ProcessState.STOPPING),
        ProcessStateChanged(FAILED, ProcessState.STOPPING, ProcessState.STOPPED),
    )
    qtbot.waitUntil(lambda: cell(gui, FAILED, Column.STATE) == "downloaded")
    assert cell(gui, FAILED, Column.STATE, tooltip) == "downloaded"


def test_the_countdown_to_the_next_try_runs_without_an_event(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Nothing happens in the engine when a back-off ends; the words count down anyway."""
    gui.window.select_model(FAILED)
    start_and_fail(
        fake,
        FAILED,
        ProcessState.STOPPED,
        ProcessState.BACKOFF,
        failures=1,
        next_retry_at=time.time() + 3.5,
    )
    detail = gui.window.banner.detail
    qtbot.waitUntil(lambda: "after waiting" in detail.text())
    first = detail.text()
    qtbot.waitUntil(lambda: detail.text() != first, timeout=2500)  # a second later
    assert "after waiting" in detail.text()
    qtbot.waitUntil(
        lambda: detail.text() == "Failed to start once. The next request tries again.",
        timeout=5000,
    )
    tooltip = cell(gui, FAILED, Column.STATE, Qt.ItemDataRole.ToolTipRole)
    assert tooltip.endswith("\nFailed to start once. The next request tries again.")
    qtbot.waitUntil(lambda: not gui.store._countdown.isActive(), timeout=2500)


def test_a_given_up_model_says_only_a_load_tries_again(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    given_up = Problem(
        "load.given_up",
        "{model_id} crashed {failures} times in a row, so the app stopped restarting it. "
        "Last time: {cause} Load it again, or change its options, to try again.",
        {
            "model_id": FAILED,
            "failures": 3,
            "crashed": True,
            "cause_code": "load.engine_dead",
            "cause": "vLLM's engine process died.",
        },
    )
    gui.window.select_model(FAILED)
    notes: list[str] = []
    gui.tray.notified.connect(lambda title, text: notes.append(title))
    fake.publish_from_thread(
        ProcessStateChanged(FAILED, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(FAILED, ProcessState.STARTING, ProcessState.RUNNING),
        ProcessStateChanged(
            FAILED, ProcessState.RUNNING, ProcessState.EXITED, problem=engine_died()
        ),
        ProcessStateChanged(FAILED, ProcessState.EXITED, ProcessState.FATAL, problem=given_up),
    )
    qtbot.waitUntil(lambda: gui.store.row(FAILED).process == ProcessState.FATAL)
    sentence = (
        f"{FAILED} crashed 3 times in a row, so the app stopped restarting it. Last time: "
        "vLLM's engine process died. Load it again, or change its options, to try again."
    )
    assert cell(gui, FAILED, Column.STATE) == f"given up: {sentence}"
    banner = gui.window.banner
    assert banner.title.text() == f"The app stopped restarting {FAILED}"
    assert banner.message.text() == sentence
    assert not banner.detail.isVisible()  # the sentence says how often
    assert banner.retry_button.isVisible() and banner.retry_button.text() == "&Load again"
    assert gui.window.actions_.load.isEnabled()
    assert notes[-1] == f"The app stopped restarting {FAILED}"  # the tray's words too
