"""The Limits page: the endpoint's caps and timeouts (connections, request bodies, answers)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from app.core.problems.problems import ProblemError
from app.core.settings.setting_rules import SettingValue, check_together
from app.gui.forms import SettingField, wrap
from app.gui.i18n import problem_text
from app.gui.settings.page import SettingsPage
from app.runtime.api.services import Facade


class LimitsPage(SettingsPage):
    """Each field takes what is typed and says the rule it breaks (app.core.settings.setting_rules);
    the memory for bodies is also checked against the largest request, with the sentence
    the engine would refuse the pair with."""

    keys = (
        "proxy.max_connections",
        "proxy.idle_timeout_s",
        "proxy.header_timeout_s",
        "proxy.body_timeout_s",
        "proxy.max_body_mb",
        "proxy.body_budget_mb",
        "proxy.upstream_first_byte_timeout_s",
        "proxy.upstream_idle_timeout_s",
    )

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        seconds = self.tr("seconds")
        mib = self.tr("MiB")
        intro = wrap(
            QLabel(
                self.tr(
                    "These keep clients that hold connections open or send too much from "
                    "using up the endpoint. The defaults suit most uses."
                )
            )
        )
        self.form.addRow(intro)

        self.form.addRow(self._heading(self.tr("Client connections")))
        self.max_connections = self.add_field(
            self.tr("Most open &connections:"),
            SettingField("proxy.max_connections", unit=self.tr("connections"), numeric=True),
        )
        self.idle_timeout = self.add_field(
            self.tr("Close &idle connections after:"),
            SettingField("proxy.idle_timeout_s", unit=seconds, numeric=True),
        )
        self.header_timeout = self.add_field(
            self.tr("Time to send &headers:"),
            SettingField("proxy.header_timeout_s", unit=seconds, numeric=True),
        )
        self.body_timeout = self.add_field(
            self.tr("Time to send a &body:"),
            SettingField(
                "proxy.body_timeout_s",
                unit=self.tr("seconds, plus 1 per 64 KiB received"),
                numeric=True,
            ),
        )

        self.form.addRow(self._heading(self.tr("Request bodies")))
        self.max_body = self.add_field(
            self.tr("&Largest request:"),
            SettingField("proxy.max_body_mb", unit=mib, numeric=True),
        )
        self.body_budget = self.add_field(
            self.tr("&Memory for all bodies at once:"),
            SettingField("proxy.body_budget_mb", unit=mib, numeric=True, check=self._check_budget),
        )
        # The budget's rule names the largest request: a change there may make it (in)valid.
        self.max_body.changed.connect(self.body_budget.update_hint)

        self.form.addRow(self._heading(self.tr("Answers from models")))
        no_limit = self.tr("seconds (0: no limit)")
        self.first_byte_timeout = self.add_field(
            self.tr("Wait for an answer to &start:"),
            SettingField("proxy.upstream_first_byte_timeout_s", unit=no_limit, numeric=True),
        )
        self.pause_timeout = self.add_field(
            self.tr("Longest &pause within an answer:"),
            SettingField("proxy.upstream_idle_timeout_s", unit=no_limit, numeric=True),
        )

    def title(self) -> str:
        return self.tr("Limits")

    def _heading(self, text: str) -> QLabel:
        label = QLabel(text)
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        return label

    def _check_budget(self, value: SettingValue) -> str:
        largest = self.max_body.value()
        if largest is None:
            return ""  # the largest request's own field says what is wrong with it
        try:
            check_together({"proxy.body_budget_mb": value, "proxy.max_body_mb": largest})
        except ProblemError as exc:
            return problem_text(exc.problem)
        return ""
