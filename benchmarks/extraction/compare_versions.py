"""Throughput of the offline extractor now against an earlier commit, timed in turn in one process.

python benchmarks/extraction/compare_versions.py [REF] [--rounds 5] [--messages 60000]

REF (default `main`): a git ref whose `mirror_pipeline` package is unpacked into a temporary directory and imported
beside the working tree's. Both read the same evidence objects: `run.py`'s chat mix (half the turns an assistant's,
a third of the user's from the labelled set, the rest everyday chat) and LoCoMo's real turns, all read as the
user's. Each round times the old and the new version one after the other (CPU time, so other jobs on a shared
machine count less); the best round of each is reported, with the ratio.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import run  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _version(where: Path | None):  # noqa: ANN202 - the module of one version
    for name in [m for m in sys.modules if m == "mirror_pipeline" or m.startswith("mirror_pipeline.")]:
        del sys.modules[name]
    if where is not None:
        sys.path.insert(0, str(where))
    try:
        return importlib.import_module("mirror_pipeline.core.extraction")
    finally:
        if where is not None:
            sys.path.remove(str(where))


def _unpack(ref: str, into: Path) -> None:
    data = subprocess.run(["git", "archive", ref, "mirror_pipeline"], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(data.stdout)) as tar:
        tar.extractall(into, filter="data")


def _rate(extract, stream: list) -> float:  # noqa: ANN001
    started = time.process_time()
    for ev in stream:
        extract(ev)
    return len(stream) / max(time.process_time() - started, 1e-9)


def main(argv: list[str]) -> int:
    ref = next((a for a in argv if not a.startswith("--") and not a.isdigit()), "main")
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 5
    messages = int(argv[argv.index("--messages") + 1]) if "--messages" in argv else 60_000
    rows = run.load(run.LABELLED)
    labelled = [run.evidence_of(r, i) for i, r in enumerate(rows)]
    chat = [
        run.evidence_of({"id": f"chat{i}", "speaker": sp, "mention_time": rows[0]["mention_time"], "text": t}, i)
        for i, (sp, t) in enumerate([("assistant", t) for t in run._CHAT[:2]] + [("user", t) for t in run._CHAT[2:]])
    ]
    mix = [
        chat[i % 2] if i % 2 else labelled[i % len(labelled)] if i % 6 == 0 else chat[2 + i % 4]
        for i in range(messages)
    ]
    locomo = json.loads(Path("/work/shared/benchmarks/locomo10.json").read_text(encoding="utf-8"))
    turns = [
        t["text"]
        for s in locomo
        for k, v in s["conversation"].items()
        if k.startswith("session_") and isinstance(v, list)
        for t in v
    ]
    real = [
        run.evidence_of({"id": f"t{i}", "speaker": "user", "mention_time": rows[0]["mention_time"], "text": t}, i)
        for i, t in enumerate(turns)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        _unpack(ref, Path(tmp))
        old = _version(Path(tmp))
        new = _version(None)
        best: dict[str, dict[str, float]] = {}
        for _ in range(rounds):
            for name, version in (("old", old), ("new", new)):
                for stream_name, stream in (("chat_mix", mix), ("locomo_turns", real)):
                    rate = _rate(version.extract, stream)
                    slot = best.setdefault(stream_name, {})
                    slot[name] = max(slot.get(name, 0.0), rate)
    report = {
        "ref": ref,
        "old_version": old.EXTRACTOR_VERSION,
        "new_version": new.EXTRACTOR_VERSION,
        "rounds": rounds,
        **{
            s: {"old": round(v["old"]), "new": round(v["new"]), "ratio": round(v["new"] / v["old"], 3)}
            for s, v in best.items()
        },
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
