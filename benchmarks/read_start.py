"""How fast a read command answers from a cold shell (issue 12: `mirror context` / `mirror search` <= 0.5 s on the
samples): each command run N times in a fresh process, CPU (user + sys of the child) and wall per run, medians and
minima, with the machine's load beside them (on 2 shared cores wall is CPU only when a core is free).

    python benchmarks/read_start.py                 # a new home on data/samples (init, import, run: ~1 min), then reads
    python benchmarks/read_start.py --home DIR      # an existing home with a served snapshot
    python benchmarks/read_start.py --runs 15 --json
    python benchmarks/read_start.py --home DIR --mirror /path/to/other/venv/bin/mirror   # another install, same home

The first run of each command is not counted: it writes the compiled-pattern cache (adapters/regex_cache.py) and the
interpreter's bytecode, which every later start of the same install reuses. `--no-regex-cache` measures without the
pattern cache (MIRROR_REGEX_CACHE=0), for a before / after on the same code."""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
READS = {
    "context": ["context", "plan a weekend near home"],
    "context-zh": ["context", "我下周回家看妈妈，帮我准备"],
    "search": ["search", "where do I live"],
    "timeline": ["timeline"],
}


def _mirror(given: str | None = None) -> list[str]:
    if given:
        return [given]
    found = shutil.which("mirror", path=str(Path(sys.executable).parent)) or shutil.which("mirror")
    return [found] if found else [sys.executable, "-c", "from mirror_pipeline.cli import run_cli; run_cli()"]


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def _home_on_samples(root: Path, env: dict[str, str]) -> Path:
    home = root / "home"
    for step in (["init"], ["import", str(REPO / "data" / "samples")], ["run"]):
        subprocess.run([*_mirror(), "--home", str(home), *step], env=env, check=True, stdout=subprocess.DEVNULL)
    return home


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--home", type=Path, help="a home with a served snapshot (default: a new one on the samples)")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--no-regex-cache", action="store_true", help="compile every pattern in every process")
    parser.add_argument("--mirror", help="the command to time (another install, for a before / after)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = {**os.environ, "DAGSTER_DISABLE_TELEMETRY": "1"}
    if args.no_regex_cache:
        env["MIRROR_REGEX_CACHE"] = "0"
    with tempfile.TemporaryDirectory(prefix="mirror-read-start-") as tmp:
        env.setdefault("MIRROR_CACHE", str(Path(tmp) / "cache"))
        home = args.home or _home_on_samples(Path(tmp), env)
        report: dict = {
            "home": str(home),
            "mirror": _mirror(args.mirror),
            "runs": args.runs,
            "regex_cache": not args.no_regex_cache,
            "reads": {},
        }
        load_before = os.getloadavg()[0]
        for name, read in READS.items():
            argv = [*_mirror(args.mirror), "--home", str(home), *read]
            _once(argv, env)  # writes the pattern cache and bytecode: not counted
            cpu, wall = zip(*(_once(argv, env) for _ in range(args.runs)), strict=True)
            report["reads"][name] = {
                "cpu_median_s": round(statistics.median(cpu), 3),
                "cpu_min_s": round(min(cpu), 3),
                "wall_median_s": round(statistics.median(wall), 3),
                "wall_min_s": round(min(wall), 3),
            }
        report["load_1min"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
        report["cores"] = os.cpu_count()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.runs} fresh processes per read, load {report['load_1min'][0]} -> {report['load_1min'][1]}")
    for name, r in report["reads"].items():
        print(
            f"{name:11} CPU median {r['cpu_median_s']:.3f} s (min {r['cpu_min_s']:.3f}), "
            f"wall median {r['wall_median_s']:.3f} s (min {r['wall_min_s']:.3f})"
        )


if __name__ == "__main__":
    main()
