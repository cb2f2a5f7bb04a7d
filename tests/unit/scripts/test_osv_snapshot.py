"""scripts/osv_snapshot.py: OSV files in, the app's snapshot of facts out (never the prose)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.core.engines.advisories import AdvisoryDB

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "osv_snapshot.py"

RECORD = """\
id: PYSEC-2026-226
published: "2026-06-22T23:16:30.873Z"
aliases:
- CVE-2026-48746
details: From 0.3.0 until 0.22.0, an authentication bypass of the API key check. PROSE-MARK
affected:
- package: {name: vllm, ecosystem: PyPI}
  ranges:
  - type: ECOSYSTEM
    events: [{introduced: 0.3.0}, {fixed: 0.22.0}]
severity:
- {type: CVSS_V3, score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N"}
"""


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_records_become_facts_with_the_date_taken(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "PYSEC-2026-226.yaml").write_text(RECORD)
    (records / "broken.json").write_text(json.dumps({"id": "no good", "affected": []}))
    out = tmp_path / "osv_vllm.json"
    argv = ["--records", str(records), "--later", "", "--taken", "2026-12-07", "--out", str(out)]
    done = run(*argv)
    assert done.returncode == 0, done.stderr
    assert "refused (not a usable vllm record): no good" in done.stderr
    text = out.read_text()
    assert "PROSE-MARK" not in text and "authentication" not in text
    db = AdvisoryDB.from_json(json.loads(text), source="snapshot")
    (advisory,) = db.advisories
    assert (db.taken, advisory.name, advisory.kind, advisory.severity) == (
        "2026-12-07",
        "CVE-2026-48746",
        "access",
        "critical",
    )
    assert run(*argv, "--check").returncode == 0
    (records / "PYSEC-2026-226.yaml").write_text(RECORD.replace("0.22.0", "0.22.1"))
    assert run(*argv, "--check").returncode == 1
