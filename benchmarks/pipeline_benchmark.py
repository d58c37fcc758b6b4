"""A generated ChatGPT export of N messages, from nothing to a published snapshot: time and peak memory of each step.

python benchmarks/pipeline_benchmark.py              # 100,000 messages, work in /tmp/mirror-bench-pipeline
python benchmarks/pipeline_benchmark.py 20000        # another size

Each step is the real `mirror` command in its own process, measured by `/usr/bin/time -v` (wall clock and maximum
resident set size of that process), so a step's peak memory is its own: generate (benchmarks/
generate_chatgpt_export.py), init, import, the first run (every stage; must publish a snapshot), a second run with
nothing new (must publish nothing), then `context` and `search` on the snapshot. Embeddings are off
(`retrieval.dense: false` in the home's mirror.yaml), as issue 13 measures import and the first run: with them on, each
run embeds `retrieval.embed_budget` more texts and rightly publishes the vectors it added, so an idle run is not idle
until the backfill is done (`--dense` keeps them on and reports how many runs that took). Issue 9: before, a home of
this size could not be served at all (an evidence id read as a card number stopped every run); the script fails if a
run fails or the first one does not publish. The figures go in the README's Measured table with the machine's load.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = Path("/tmp/mirror-bench-pipeline")


def timed(step: str, *command: str) -> tuple[dict, str]:
    """Run `command` under /usr/bin/time -v; (its figures, its stdout)."""
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1"}
    env.pop("DAGSTER_HOME", None)
    result = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise SystemExit(f"{step} failed ({result.returncode}):\n{result.stderr[-3000:]}")
    peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", result.stderr).group(1)
    seconds = sum(float(part) * 60**i for i, part in enumerate(reversed(wall.split(":"))))
    return {"step": step, "seconds": round(seconds, 1), "peak_mb": round(peak_kb / 1024)}, result.stdout


def main(messages: int, dense: bool = False) -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    export, home = WORK / "conversations.json", WORK / "home"
    mirror = [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(home)]
    rows = []
    started = time.perf_counter()
    generator = HERE / "generate_chatgpt_export.py"
    rows.append(timed("generate", sys.executable, str(generator), str(messages), str(export))[0])
    rows.append(timed("init", *mirror, "init")[0])
    if not dense:
        with (home / "mirror.yaml").open("a") as f:
            f.write("retrieval:\n  dense: false\n")
    row, out = timed("import", *mirror, "import", str(export), "--json")
    rows.append(row | {"records": json.loads(out)["files"][0]["records"]})
    published: list[str | None] = []

    def run(step: str) -> None:
        row, out = timed(step, *mirror, "run", "--json")
        status = json.loads(timed("status", *mirror, "status", "--json")[1])
        published.append(status.get("snapshot_at"))
        (WORK / f"{step.replace(' ', '-')}.stdout").write_text(out)
        # the payload is the last line (DuckDB may draw a progress bar above it on a long query)
        rows.append(
            row | {"success": json.loads(out.strip().splitlines()[-1])["success"], "snapshot_at": published[-1]}
        )

    run("first run")
    if not published[0]:
        raise SystemExit("the first run published no snapshot")
    backfill = 0
    while dense and backfill < 500:  # each run embeds `retrieval.embed_budget` more texts and publishes them
        run(f"backfill {backfill + 1}")
        if published[-1] == published[-2]:
            break  # nothing was left to embed: this run was the idle one
        backfill += 1
    if not dense:
        run("second run")
        if published[-1] != published[-2]:
            raise SystemExit("the second run, with nothing new, published a snapshot")
    row, _ = timed("context", *mirror, "context", "plan a weekend trip", "--json")
    rows.append(row)
    row, _ = timed("search", *mirror, "search", "green tea", "--json")
    rows.append(row)
    total = time.perf_counter() - started
    size = export.stat().st_size / 1e6
    print(f"{messages} messages, export {size:.0f} MB, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for r in rows:
        extra = ", ".join(f"{k}={v}" for k, v in r.items() if k not in ("step", "seconds", "peak_mb"))
        print(f"{r['step']:12} {r['seconds']:7.1f} s {r['peak_mb']:6d} MB  {extra}")
    status = json.loads(timed("status", *mirror, "status", "--json")[1])
    print(f"total {total:.0f} s; status: {json.dumps(status, default=str)[:600]}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 100_000, dense="--dense" in sys.argv)
