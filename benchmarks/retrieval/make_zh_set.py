"""Write the Chinese / cross-lingual retrieval set (zh_sessions.json) as a LongMemEval-format file, so that
`mirror eval longmemeval` measures it with the same path and metrics as the public benchmark.

    python benchmarks/retrieval/make_zh_set.py /tmp/zh_longmemeval.json
    mirror eval longmemeval /tmp/zh_longmemeval.json --json

Every question searches the whole haystack (all sessions); `question_type` is the question's language pair
(zh->zh, en->zh, zh->en, en->en) by the language of the question and of its gold session.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent


def language(text: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def build() -> list[dict]:
    data = json.loads((HERE / "zh_sessions.json").read_text(encoding="utf-8"))
    sessions = data["sessions"]
    by_id = {s["id"]: s for s in sessions}
    items = []
    for q in data["questions"]:
        gold_lang = language(" ".join(t["content"] for g in q["gold"] for t in by_id[g]["turns"]))
        items.append(
            {
                "question_id": q["id"],
                "question_type": f"{q['lang']}->{gold_lang}",
                "question": q["question"],
                "question_date": "2025/03/10 (Mon) 12:00",
                "answer": "",
                "haystack_session_ids": [s["id"] for s in sessions],
                "haystack_dates": [s["date"] for s in sessions],
                "haystack_sessions": [s["turns"] for s in sessions],
                "answer_session_ids": q["gold"],
            }
        )
    return items


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "zh_longmemeval.json")
    out.write_text(json.dumps(build(), ensure_ascii=False), encoding="utf-8")
    print(f"wrote {out}")
