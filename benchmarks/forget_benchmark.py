"""A forget in a large inbox: how long the run's inbox step takes and how many files it reads whole and rewrites.

python benchmarks/forget_benchmark.py                 # 2,000 WhatsApp chats x 50 messages = 100,000 messages
python benchmarks/forget_benchmark.py 500 40          # another size (chats, messages a chat)

Builds an inbox of generated chats (each admitted by the real `import_file`), one of them exported twice (a second
export with one message more) and once renamed, and a warehouse whose `evidence` and `inbox_files` rows are what the
run writes (`screen_message` over the parsed files; the first file that holds a message owns its row). Then forgets one
message of the twice-exported chat with `forgetting.forget_in_inbox`, the step the run's governance calls, and reports
the time, the files rewritten (they must be exactly the three that hold it) and the bytes of the other files left
untouched. Work in /tmp/mirror-bench-forget.
"""

from __future__ import annotations

import shutil
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb

from mirror_pipeline.adapters import warehouse
from mirror_pipeline.adapters.forgetting import forget_in_inbox
from mirror_pipeline.adapters.formats import parse_path
from mirror_pipeline.adapters.inbox import Ledger, file_sha256, import_file
from mirror_pipeline.contracts.tables import EVIDENCE, INBOX_FILES
from mirror_pipeline.core.evidence import screen_message
from mirror_pipeline.core.rows import as_row

WORK = Path("/tmp/mirror-bench-forget")
TZ = ZoneInfo("Asia/Singapore")
WORDS = "market river lantern garden window harbour pepper violin basket meadow copper ferry".split()


SYLLABLES = "ka lo mi ne su ra to vi ze pu do fa".split()


def name(n: int, m: int) -> str:
    """A word of this message's own (a place, a person, a dish: what makes a real message unlike the others)."""
    x = n * 7919 + m * 104729 + 12345
    return "".join(SYLLABLES[(x // 12**i) % 12] for i in range(5)).capitalize()


def chat(n: int, messages: int) -> str:
    lines = []
    for m in range(messages):
        day, minute = 1 + m // 600, m % 600
        who = "Wei" if m % 2 else f"Friend{n}"
        said = " ".join(WORDS[(n * 7 + m * k) % len(WORDS)] for k in (1, 3, 5, 7))
        lines.append(f"11/{day:02d}/26, {8 + minute // 60}:{minute % 60:02d} AM - {who}: {said} {name(n, m)} {n}-{m}")
    return "\n".join(lines) + "\n"


def main(chats: int = 2000, messages: int = 50) -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    exports, inbox = WORK / "exports", WORK / "home" / "inbox"
    exports.mkdir(parents=True)
    inbox.mkdir(parents=True)
    started = time.perf_counter()
    sources = []
    for n in range(chats):
        path = exports / f"WhatsApp Chat with Friend{n}.txt"
        path.write_text(chat(n, messages), encoding="utf-8")
        sources.append(path)
    (exports / "newer").mkdir()
    newer = exports / "newer" / sources[0].name
    newer.write_text(chat(0, messages) + "12/05/26, 9:10 AM - Friend0: one more\n", encoding="utf-8")
    renamed = exports / "WhatsApp Chat with F0.txt"
    renamed.write_text(chat(0, messages), encoding="utf-8")
    sources += [newer, renamed]
    con = duckdb.connect(str(WORK / "home" / "warehouse.duckdb"))
    warehouse.ensure(con, EVIDENCE)
    warehouse.ensure(con, INBOX_FILES)
    ledger, now, files, rows = Ledger.read(inbox), datetime.now(UTC), [], []
    for source in sources:
        outcome = import_file(inbox, source, ledger=ledger)
        rel = str(outcome.stored_as)
        digest = file_sha256(inbox / rel)
        files.append({"file_path": rel, "file_hash": digest, "format": outcome.format, "status": "accepted"})
        files[-1] |= {"reason": None, "records": outcome.records, "secrets_redacted": 0, "size_bytes": 0}
        files[-1]["seen_at"] = now
        for m in parse_path(inbox / rel, str(outcome.format), TZ):
            e = screen_message(m, source_format=str(outcome.format), file_path=rel, file_hash=digest).evidence
            rows.append(as_row(e, captured_at=now))
    warehouse.append_new(con, INBOX_FILES, INBOX_FILES.frame(files), key="file_path")
    warehouse.append_new(con, EVIDENCE, EVIDENCE.frame(rows), key="evidence_id")
    total = con.execute("select count(*) from evidence").fetchone()[0]
    size = sum(p.stat().st_size for p in inbox.rglob("*") if p.is_file())
    built = time.perf_counter() - started
    print(f"built {len(files):,} files, {total:,} evidence rows, {size / 1e6:.1f} MB in {built:.0f} s")

    (target,) = con.execute("select evidence_id from evidence where raw_content like '% 0-17'").fetchall()[0:1]
    before = {p: p.stat().st_mtime_ns for p in inbox.rglob("*") if p.is_file()}
    started = time.perf_counter()
    done = forget_in_inbox(con, inbox, [target[0]], TZ)
    took = time.perf_counter() - started
    after = {p: p.stat().st_mtime_ns for p in inbox.rglob("*") if p.is_file()}
    touched = sorted(str(p.relative_to(inbox)) for p in after if before.get(p) != after[p])
    holding = sorted(str(p.relative_to(inbox)) for p in after if b" 0-17\n" in p.read_bytes())
    print(f"forget of 1 message: {took:.2f} s; read whole {done['files_read']} files")
    print(f"rewritten {len(done['changed'])} files: {', '.join(done['changed'])}")
    print(f"files whose bytes changed: {len(touched)} of {len(after):,}; still holding the words: {holding or 'none'}")
    if holding or len(done["changed"]) != 3 or len(touched) != 3:
        sys.exit("FAILED: the forget must rewrite exactly the three files that hold the message")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
