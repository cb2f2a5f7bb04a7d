"""scripts/text_fit.py finds text that does not fit its widget, and names the widget."""

from __future__ import annotations

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from scripts.text_fit import clipped_texts

LONG = "A sentence far too long for the little room this widget was given"


def window(qtbot: QtBot) -> QWidget:
    top = QWidget()
    top.setObjectName("top")
    qtbot.addWidget(top)
    QVBoxLayout(top)
    return top


def test_text_that_fits_is_not_reported(qtbot: QtBot) -> None:
    top = window(qtbot)
    top.layout().addWidget(QLabel("Short"))
    top.layout().addWidget(QPushButton("&OK"))
    top.resize(400, 200)
    top.show()
    assert clipped_texts(top) == []


def test_a_narrow_label_button_and_check_box_are_named(qtbot: QtBot) -> None:
    top = window(qtbot)
    label = QLabel(LONG)
    label.setObjectName("intro")
    label.setFixedWidth(60)
    button = QPushButton(LONG)
    button.setFixedWidth(60)
    box = QCheckBox(LONG)
    box.setFixedWidth(60)
    wrapped = QLabel(LONG + " " + LONG)
    wrapped.setWordWrap(True)
    wrapped.setFixedSize(80, 20)
    for widget in (label, button, box, wrapped):
        top.layout().addWidget(widget)
    top.show()
    found = clipped_texts(top)
    assert len(found) == 4, found
    assert found[0].startswith(f"QWidget#top/QLabel#intro {LONG!r}: needs ")
    assert any(line.startswith("QWidget#top/QPushButton ") for line in found)
    assert any(line.startswith("QWidget#top/QCheckBox ") for line in found)
    assert any("px of height" in line for line in found)


def test_a_header_section_narrower_than_its_title(qtbot: QtBot) -> None:
    top = window(qtbot)
    model = QStandardItemModel(1, 2)
    model.setHorizontalHeaderLabels(["Name", LONG])
    table = QTableView()
    table.setModel(model)
    table.horizontalHeader().resizeSection(1, 40)
    top.layout().addWidget(table)
    top.resize(500, 300)
    top.show()
    found = clipped_texts(top)
    assert len(found) == 1 and LONG in found[0] and "QHeaderView" in found[0], found
