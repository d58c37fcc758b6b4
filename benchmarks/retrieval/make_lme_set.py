"""Write a small LongMemEval_S-format set (lme_sessions.json -> a LongMemEval file) for `mirror eval longmemeval`.

The real LongMemEval data is not on this machine. This set imitates its shape: one person's multi-session chat
history with an assistant, where personal facts come up in passing inside sessions about something else (booking,
cooking, code, shopping), the assistant talks at length, facts change over time (knowledge updates), some answers
need two or three sessions (multi-session), some need the date (temporal), some ask what the assistant said.
Distractor sessions share the vocabulary of the questions without holding the answer.

Written before any retrieval tuning of issue 12 (its first-run figures are the honest estimate); do not tune
retrieval on it and then report it as held out.

    python benchmarks/retrieval/make_lme_set.py /tmp/lme.json
    mirror eval longmemeval /tmp/lme.json --json

`--second` writes the second set (`lme_sessions2.json`, session 5): 44 longer sessions (the assistant answers at
length, ~1,250 characters a session), 42 questions over the six LongMemEval types, asked in other words than the
sessions use ("What does my wife do for work?" against "Hannah's on nights again at the maternity ward"). It was
written and committed before that round's ranking changes: its first run is the honest estimate.

    python benchmarks/retrieval/make_lme_set.py --second /tmp/lme2.json

`--third` writes the third set (`lme_sessions3.json`, session 6): 49 sessions in another voice (a terse, lower-case
user; the assistant at length, ~1,300 characters a session), facts in passing inside sessions about something else,
several sessions sharing each topic (three races, two homes, three jobs, diplomas, pets, classes) and distractors that
share the topic words without the answer; 45 questions, most of them multi-session, knowledge-update and
temporal-reasoning. Written and committed before session 6's ranking changes: its first run is the honest estimate
(`lme_sessions3.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --third /tmp/lme3.json

`--fourth` writes the fourth set (`lme_sessions4.json`, session 7): 44 sessions of a chatty bilingual person in
Manchester (10 sessions in Chinese), facts in passing and in other words than the questions use, distractors sharing
the topic words; 43 questions, 23 needing two or more sessions, 13 Chinese or cross-lingual, temporal "when did I" and
"what did I say first / last". Written and committed before session 7's ranking changes: its first run is the honest
estimate (`lme_sessions4.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --fourth /tmp/lme4.json

`--fifth` writes the fifth set (`lme_sessions5.json`, written in session 8, first scored in session 9): 40 sessions of
a glaciology PhD student in Bern from Kunming (10 in Chinese), 40 questions over the six types, 11 asked in Chinese
and 5 cross-lingual. Written from the specification alone and committed before any run; its first run, on session
9's branch after `named_days` landed and before any further tuning, is the honest estimate
(`lme_sessions5.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --fifth /tmp/lme5.json

`--sixth` writes the sixth set (`lme_sessions6.json`, session 8): 30 sessions of a picture-book illustrator in
Melbourne (a toddler, a greyhound, bouldering, a house bought, a job at a game studio, a mother's diabetes), facts in
passing and in other words than the questions use; 25 questions, 15 of them multi-session, knowledge-update (the old
and the new session both gold) and temporal. Written and committed before session 8's ranking changes: its first run
is the honest estimate (`lme_sessions6.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --sixth /tmp/lme6.json

`--seventh` writes the seventh set (`lme_sessions7.json`, session 9's writer, from the specification alone): 25
sessions of a Penang-born pastry chef opening a bakery in Melbourne (9 in Chinese), 25 questions over the six types,
7 asked in Chinese. Scored once on session 9's merge before any rule saw it (`lme_sessions7.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --seventh /tmp/lme7.json

`--eighth` writes the eighth set (`lme_sessions8.json`, session 10's writer, from the specification alone): 25
sessions of a Hong Kong architect in Manchester (9 in Cantonese / Traditional Chinese), 25 questions over the six
types, 7 asked in Chinese, four cross-lingual. Scored once on main 01fb35a before any rule of session 10
(`lme_sessions8.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --eighth /tmp/lme8.json

`--ninth` writes the ninth set (`lme_sessions9.json`, session 10's second writer, from the specification alone): 25
sessions of a Taichung-born court interpreter in Auckland (9 in Traditional Chinese), 25 questions. Scored once on
session 10's merge before any rule saw it.

    python benchmarks/retrieval/make_lme_set.py --ninth /tmp/lme9.json

`--tenth` writes the tenth set (`lme_sessions10.json`, session 12's writer, from the specification alone): 25
sessions of a Shanghai-born small-animal vet in Vancouver (9 in Simplified Chinese with 上海话 words), 26 questions, 8
asked in Chinese. Scored once on session 11's merge before any rule of session 12 (`lme_sessions10.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --tenth /tmp/lme10.json

`--eleventh` writes the eleventh set (`lme_sessions11.json`, session 15's writer, from the specification alone): 25
sessions of a 厦门-born hotel revenue manager in Portugal over a year (9 in Chinese, 闽南 words), 27 questions (8 asked in
Chinese, 5 cross-lingual, 7 with 3+ gold sessions). Scored once on main 9696d53 before any rule of session 15
(`lme_sessions11.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --eleventh /tmp/lme11.json

`--twelfth` writes the twelfth set (`lme_sessions12.json`, session 16's writer, from the specification alone): 40
sessions of a Lanzhou-born wind-turbine technician in Denmark (11 in Chinese, 9 distractors), 30 questions (7 asked in
Chinese, 6 cross-lingual). Scored once on main 4924a53 before any rule of session 16 (`lme_sessions12.first-run.json`).

    python benchmarks/retrieval/make_lme_set.py --twelfth /tmp/lme12.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent


def build(name: str = "lme_sessions.json") -> list[dict]:
    data = json.loads((HERE / name).read_text(encoding="utf-8"))
    sessions = data["sessions"]
    ids = {s["id"] for s in sessions}
    items = []
    for q in data["questions"]:
        missing = [g for g in q["gold"] if g not in ids]
        if missing:
            raise SystemExit(f"{name}: question {q['id']} names unknown sessions {missing}")
        items.append(
            {
                "question_id": q["id"],
                "question_type": q["type"],
                "question": q["question"],
                "question_date": q.get("date", data["question_date"]),
                "answer": q.get("answer", ""),
                "haystack_session_ids": [s["id"] for s in sessions],
                "haystack_dates": [s["date"] for s in sessions],
                "haystack_sessions": [s["turns"] for s in sessions],
                "answer_session_ids": q["gold"],
            }
        )
    return items


if __name__ == "__main__":
    args = sys.argv[1:]
    sets = {
        "--second": "lme_sessions2.json",
        "--third": "lme_sessions3.json",
        "--fourth": "lme_sessions4.json",
        "--fifth": "lme_sessions5.json",
        "--sixth": "lme_sessions6.json",
        "--seventh": "lme_sessions7.json",
        "--eighth": "lme_sessions8.json",
        "--ninth": "lme_sessions9.json",
        "--tenth": "lme_sessions10.json",
        "--eleventh": "lme_sessions11.json",
        "--twelfth": "lme_sessions12.json",
        "--thirteenth": "lme_sessions13.json",
        "--thirteenth-b": "lme_sessions13b.json",
        "--fourteenth": "lme_sessions14.json",
        "--fourteenth-b": "lme_sessions14b.json",
        "--fifteenth": "lme_sessions15.json",
        "--sixteenth": "lme_sessions16.json",
        "--seventeenth": "lme_sessions17.json",
    }
    chosen = [sets[a] for a in args if a in sets]
    args = [a for a in args if a not in sets]
    out = Path(args[0] if args else "lme_longmemeval.json")
    items = build(chosen[-1] if chosen else "lme_sessions.json")
    out.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    print(f"wrote {out}")
