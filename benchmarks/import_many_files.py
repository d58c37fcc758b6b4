"""`mirror import` of a folder of many small files (daily notes), timed: files per second and peak memory.

python benchmarks/import_many_files.py 5000

Each note is a short entry of two paragraphs (Chinese and English), named by its day. The import runs as a user runs
it (`mirror init`, then `mirror import <folder>`), in a fresh process; the figure includes the command's start-up.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path


def write_notes(folder: Path, count: int) -> None:
    folder.mkdir(parents=True)
    first = date(2000, 1, 1)
    for i in range(count):
        day = first + timedelta(days=i)
        text = f"今天是第{i}天，去公园散步了。\n\nHad coffee with Alice and talked about the trip, day {i}.\n"
        (folder / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")


def main(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        notes, home = Path(tmp) / "notes", Path(tmp) / "home"
        write_notes(notes, count)
        mirror = [sys.executable, "-m", "mirror_pipeline.cli", "--home", str(home)]
        subprocess.run([*mirror, "init"], check=True, capture_output=True)
        started = time.monotonic()
        done = subprocess.run([*mirror, "import", str(notes), "--json"], check=True, capture_output=True, text=True)
        seconds = time.monotonic() - started
        accepted = done.stdout.count('"status": "accepted"')
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"{count} files, {accepted} accepted: {seconds:.1f} s, {count / seconds:.0f} files/s, peak {peak:.0f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
