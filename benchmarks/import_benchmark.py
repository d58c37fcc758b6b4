"""Messages per second and peak memory of importing a ChatGPT export, at two sizes (memory must not grow with size).

python benchmarks/import_benchmark.py                 # 100,000 and 1,000,000 messages, files in /tmp/mirror-bench
python benchmarks/import_benchmark.py 20000 200000    # other sizes

For each size it writes a synthetic export (benchmarks/generate_chatgpt_export.py: zh and en, user turns of a sentence
or two, assistant turns of a few paragraphs, regenerated answers on side branches, real-export metadata) and measures,
each in a fresh process so peak memory is that step's own:
- import: `mirror import`'s admission of the file (stream it, screen every string, write the redacted file to the
  inbox, hash it), screened in this process; importx2: the same screened by 2 worker processes (what `mirror import`
  does for a file over 32 MB on this machine);
- parse: reading the admitted inbox file into messages (what the run's `screened_evidence` reads before screening).
Messages are those of the active branches (the evidence the run gets); peak memory is the max RSS of the process (or
of any one worker), Python and the package imports included (the `baseline` row: importing the code and doing nothing).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = Path("/tmp/mirror-bench")
WORKERS = 2  # `mirror import` screens a large export in min(4, cores) processes; this machine has 2


def _peak_mb() -> float:
    """The largest RSS of this process or of any worker it ran (ru_maxrss is in KiB on Linux)."""
    return max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024


def child(step: str, source: Path, inbox_dir: Path) -> dict:
    from zoneinfo import ZoneInfo

    from mirror_pipeline.adapters import inbox
    from mirror_pipeline.adapters.formats import parse_path

    started = time.perf_counter()
    if step == "baseline":
        messages = 0
    elif step.startswith("import"):
        workers = int(step.partition("x")[2] or 1)
        outcome = inbox.import_file(inbox_dir, source, workers=workers)
        if outcome.status != "accepted":
            raise SystemExit(f"import refused: {outcome.reason}")
        messages = outcome.records
    else:
        (stored,) = [p for p in inbox.inbox_files(inbox_dir)]
        messages = sum(1 for _ in parse_path(stored, "chatgpt", ZoneInfo("UTC")))
    seconds = time.perf_counter() - started
    return {"step": step, "messages": messages, "seconds": round(seconds, 2), "peak_rss_mb": round(_peak_mb())}


def run(step: str, source: Path, inbox_dir: Path) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", step, str(source), str(inbox_dir)],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise SystemExit(f"{step} of {source.name} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)


def main(sizes: list[int]) -> None:
    sys.path.insert(0, str(HERE))
    from generate_chatgpt_export import write_export

    WORK.mkdir(parents=True, exist_ok=True)
    rows = [run("baseline", WORK, WORK)]
    for size in sizes:
        source = WORK / f"conversations-{size}.json"
        if not source.exists():
            with open(source, "w", encoding="utf-8") as f:
                write_export(size, f)
        inbox_dir = WORK / f"inbox-{size}"
        ledger = inbox_dir.parent / "admissions.jsonl"
        for step in (f"importx{WORKERS}", "import", "parse"):  # parse reads the inbox copy the last import wrote
            for old in inbox_dir.rglob("*") if inbox_dir.exists() and step != "parse" else []:
                if old.is_file():
                    old.unlink()
            if step != "parse":
                ledger.unlink(missing_ok=True)
            row = run(step, source, inbox_dir)
            row.update(size_mb=round(source.stat().st_size / 1e6))
            rows.append(row)
    print(f"{'step':9} {'messages':>10} {'file MB':>8} {'seconds':>8} {'msg/s':>9} {'peak RSS MB':>12}")
    for r in rows:
        rate = f"{r['messages'] / r['seconds']:,.0f}" if r["messages"] else "-"
        print(
            f"{r['step']:9} {r['messages']:>10,} {r.get('size_mb', '-'):>8} {r['seconds']:>8} {rate:>9} "
            f"{r['peak_rss_mb']:>12}"
        )
    print(json.dumps(rows))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(child(sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4]))))
    else:
        main([int(a) for a in sys.argv[1:]] or [100_000, 1_000_000])
