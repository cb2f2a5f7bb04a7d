"""Write app/core/data/rocm_qualification.json: the facts of the ROCm qualification feed.

    python scripts/rocm_feed_snapshot.py [INDEX_JSON]   (default: ../shared/data/…/index.json)

The app falls back to this snapshot when it has never reached the feed. Only facts are kept
(ids, tags, targets, channels, versions, dates, the verdict and the blocked tiers), not the
publisher's prose; the result must pass the app's own strict parser before it is written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.engines.rocm_feed import parse_feed  # noqa: E402

SOURCE = (
    "https://raw.githubusercontent.com/lemonade-sdk/vllm-rocm/qualification-data/"
    "qualification/index.json"
)
DEFAULT_INPUT = ROOT.parent.parent / "shared/data/vllm-rocm-qualification/index.json"
OUTPUT = ROOT / "app/core/data/rocm_qualification.json"
KEPT = (
    "build_id", "tag", "gfx_target", "channel", "generated_at", "vllm_version",
    "rocm_version", "torch_version", "qualified", "overall", "blocked_by",
)  # fmt: skip


def main() -> int:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_INPUT
    raw = source.read_bytes()
    parse_feed(raw)  # refuses what the app would refuse
    doc = json.loads(raw)
    snapshot = {
        "schema_version": doc["schema_version"],
        "updated_at": doc["updated_at"],
        "source": SOURCE,
        "builds": [{k: b[k] for k in KEPT if k in b} for b in doc["builds"]],
    }
    text = json.dumps(snapshot, indent=1, ensure_ascii=False) + "\n"
    parse_feed(text.encode())
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(snapshot['builds'])} builds as of {doc['updated_at']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
