"""Throughput of two versions of the screening rules, timed in turn in one process (so that the load other processes
put on the machine weighs on both alike).

git show <rev>:mirror_pipeline/core/screening.py > /tmp/screening_old.py
python benchmarks/secrets/compare_versions.py /tmp/screening_old.py

or, since screening is a package, a copy of its folder whose imports name the copy:
git worktree add /tmp/old <rev> && cp -r /tmp/old/mirror_pipeline/core/screening /tmp/pkg/screening_old
sed -i 's/mirror_pipeline\.core\.screening/screening_old/g' /tmp/pkg/screening_old/*.py
python benchmarks/secrets/compare_versions.py /tmp/pkg/screening_old

Prints, for real chat turns (LoCoMo) and the corpus's ordinary lines, the best of 5 rounds in messages per second
of CPU time through `redact_sequence`, the old version first, and the ratio new / old.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).parent))

import bench_screening  # noqa: E402

from mirror_pipeline.core import screening  # noqa: E402


def load(path: Path) -> ModuleType:
    if path.is_dir():  # a copy of the package, its imports renamed to the folder's name
        sys.path.insert(0, str(path.parent))
        return importlib.import_module(path.name)
    spec = importlib.util.spec_from_file_location("screening_old", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules["screening_old"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main(old_path: Path, rounds: int = 5) -> None:
    old = load(old_path)
    cases = bench_screening.load_cases()
    sets = {
        "real chat turns (LoCoMo)": bench_screening.conversations(bench_screening.LOCOMO, []),
        "the corpus's ordinary lines (look-alikes)": bench_screening.conversations(None, cases),
    }
    for name, convs in sets.items():
        if not convs:
            print(f"{name}: not found")
            continue
        items = [[(text, f"c{i}#{k}") for k, text in enumerate(conv)] for i, conv in enumerate(convs)]
        total = sum(map(len, items))
        best = {"old": 0.0, "new": 0.0}
        for module in (old, screening):
            module.redact_sequence(items[0])  # loads the word lists
        for _ in range(rounds):
            for label, module in (("old", old), ("new", screening)):
                start = time.process_time()
                for conv in items:
                    module.redact_sequence(conv)
                best[label] = max(best[label], total / (time.process_time() - start))
        print(
            f"{name}: old {best['old']:,.0f} msg/s, new {best['new']:,.0f} msg/s, "
            f"new / old {best['new'] / best['old']:.3f} ({total:,} messages)"
        )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
