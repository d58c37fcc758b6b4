"""detect-secrets 1.5.0 (its non-eager line scan, what a file scan does, default plugins) on the same corpus, for the
decision recorded in the README: not a dependency; `pip install detect-secrets==1.5.0` to rerun.

python benchmarks/secrets/compare_detect_secrets.py
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

from detect_secrets.core.scan import _process_line_based_plugins
from detect_secrets.settings import default_settings

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("bench_screening", HERE / "bench_screening.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def flags(messages: list[str]) -> bool:
    lines = [line for m in messages for line in m.split("\n")]
    return any(True for _ in _process_line_based_plugins(lines=list(enumerate(lines, start=1)), filename="chat.txt"))


def main() -> None:
    cases = bench.load_cases()
    secrets = [c for c in cases if c["label"] == "secret"]
    ordinary = [c for c in cases if c["label"] == "ordinary"]
    with default_settings():
        start = time.process_time()
        caught = sum(flags(c["messages"]) for c in secrets)
        false = sum(flags(c["messages"]) for c in ordinary)
        seconds = time.process_time() - start
    lines = sum(len(c["messages"]) for c in cases)
    print(f"detect-secrets non-eager: secret cases flagged {caught}/{len(secrets)} ({caught / len(secrets):.3f}), ")
    rate = lines / seconds
    print(f"ordinary cases flagged {false}/{len(ordinary)} ({false / len(ordinary):.4f}); {rate:,.0f} msg/s CPU")
    print("(flagged means any finding in the case; it does not say which span, so redaction recall is at most this)")


if __name__ == "__main__":
    main()
