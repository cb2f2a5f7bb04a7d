"""Make app/core/data/osv_vllm.json: the OSV records of vLLM the app ships, as facts only.

Reads the PyPA advisory database's records of vllm (a folder of `*.yaml` / `*.json` OSV files,
by default ../shared/data/osv-vllm) and scripts/data/osv_vllm_later.json (later records
transcribed from osv.dev), keeps of each what app.core.engines.osv.parse_record keeps (ids, aliases,
ranges, severity, published date, kind of weakness, osv.dev URL; never the prose) and writes
them with the date the snapshot was taken.

    python scripts/osv_snapshot.py [--records DIR] [--later FILE] [--taken YYYY-MM-DD]
                                   [--out FILE] [--check]

`--check` compares instead of writing (exit 1 when the shipped file differs). YAML needs
PyYAML, a development tool here; the app itself reads only the JSON this writes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.core.engines.advisories import SNAPSHOT_FILE, AdvisoryDB, dedupe  # noqa: E402
from app.core.engines.osv import parse_record  # noqa: E402

OUT = ROOT / "app" / "core" / "data" / SNAPSHOT_FILE
RECORDS = ROOT.parent / "shared" / "data" / "osv-vllm"
LATER = ROOT / "scripts" / "data" / "osv_vllm_later.json"


def read_records(folder: Path) -> list[Any]:
    records: list[Any] = []
    for path in sorted(folder.iterdir()):
        if path.suffix in (".yaml", ".yml"):
            import yaml

            records.append(yaml.safe_load(path.read_text("utf-8")))
        elif path.suffix == ".json":
            records.append(json.loads(path.read_text("utf-8")))
    return records


def snapshot(records: list[Any], taken: str) -> dict[str, Any]:
    kept, refused = [], []
    for record in records:
        fields = parse_record(record)
        (kept if fields else refused).append(fields or record.get("id", "?"))
    if refused:
        print(
            f"refused (not a usable vllm record): {', '.join(map(str, refused))}", file=sys.stderr
        )
    kept = dedupe(kept)
    kept.sort(key=lambda f: (f["published"] or "", f["id"]), reverse=True)
    doc = {"taken": taken, "records": kept}
    AdvisoryDB.from_json(doc, source="snapshot")  # what the app will read back must pass
    return doc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=Path, default=RECORDS)
    parser.add_argument("--later", default=str(LATER), help="'' for none")
    parser.add_argument("--taken", default=dt.datetime.now(dt.UTC).date().isoformat())
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args()
    records = read_records(args.records)
    if args.later:
        records += json.loads(Path(args.later).read_text("utf-8"))["records"]
    doc = snapshot(records, args.taken)
    text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
    if args.check:
        shipped = json.loads(args.out.read_text("utf-8"))
        same = shipped["records"] == doc["records"]
        print("the shipped snapshot is current" if same else "the shipped snapshot differs")
        return 0 if same else 1
    args.out.write_text(text, "utf-8")
    print(f"{args.out}: {len(doc['records'])} advisories, taken {args.taken}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
