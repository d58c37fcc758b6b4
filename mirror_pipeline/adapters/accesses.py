"""Section 16.3: the access log (`audit/accesses.jsonl`, appended by every context, search and MCP call) folded into
one row per memory: how often and when it was last served. A malformed line is skipped, never fatal."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import polars as pl

SCHEMA = {"memory_id": pl.String, "access_count": pl.Int64, "last_accessed_at": pl.Datetime("us", "UTC")}


def fold(path: Path) -> pl.DataFrame:
    counts: dict[str, int] = {}
    last: dict[str, datetime] = {}
    if path.exists():
        with path.open(encoding="utf-8") as f:
            for line in f:
                try:
                    entry = json.loads(line)
                    at = datetime.fromisoformat(entry["at"])
                    ids = list(entry.get("memory_ids") or [])
                except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                    continue
                for mid in ids:
                    counts[mid] = counts.get(mid, 0) + 1
                    if mid not in last or at > last[mid]:
                        last[mid] = at
    return pl.DataFrame(
        {
            "memory_id": list(counts),
            "access_count": list(counts.values()),
            "last_accessed_at": [last[m] for m in counts],
        },
        schema=SCHEMA,
    ).sort("memory_id")
