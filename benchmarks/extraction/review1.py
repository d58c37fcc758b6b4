"""REVIEW-1's lines as written and >= 20 new ones in their spirit (`review1.jsonl`, written before any rule changed).

A line is right when every expected memory is there (type, and a domain word its predicate holds), a line expecting
none gives none, and every English content is a third-person sentence about the user (`bad_english`).

`python benchmarks/extraction/review1.py [--misses] [--subjects] [--set=benchmarks/extraction/review2.jsonl]`
(`--subjects`: an expectation with a `subject` also needs a memory about that person: see `_whose`.)

`review2.jsonl`: every user message of the session-5 reviewer's own files that tells something about their life
(or, with no expected memory, tells nothing), as written; the expectations were written from the reviewer's
`expected.md` before any rule changed.

`review4.jsonl` (session 6): the same for the session-6 reviewer's files (REVIEW-4: a Singapore QA manager's Markdown
diary, WhatsApp, Claude, ChatGPT and Day One, English and Chinese), written before any rule changed. First run on main
(a0961b8, rules-0.3.5): 8/38 (0.211): the honest estimate of what the extractor reads of a new person's life.

`review5.jsonl` (session 7): the same for REVIEW-5 (a Chengdu pharmacist; WeChat, Telegram, WhatsApp, ChatGPT, Claude,
Day One, diary, notes, and questionnaire answers read in their question's session, `session`); `none` expects no
memory of the user's in the predicates named (her father's stay, her son's allergy are not her health). First run on
unchanged code (f1d66bf): 31/67 (0.463).
`review6.jsonl` (session 8): REVIEW-6's findings 2, 3, 6, 9, 10 (a Taipei-born sound engineer in Berlin): her
sentences as the review quotes them (`rv`) or rebuilt around the quoted words (`own`), with their `mention_time`; an
expectation may name the `start` / `end` its memory's valid time opens with. First run on unchanged code (15de93d):
4/30 (0.133).
`en_chat1.jsonl` (session 7, origin "writer": a retired engineer in Ohio, written by the s7 writer from the
specification alone; 40 messages, 15 with nothing to keep): first run on main (9f2d189): 18/40 (0.450): the 15 empty
ones right (no junk), 3 of the 25 with something to keep: the honest estimate.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import evidence_of  # noqa: E402

from mirror_pipeline.core.extraction import extract  # noqa: E402
from mirror_pipeline.core.extraction.clauses import PAST_IRREGULAR  # noqa: E402
from mirror_pipeline.core.model import MemoryCandidate  # noqa: E402

SET = Path(__file__).with_name("review1.jsonl")
# a domain word and the predicates that say it (patterns' vocabulary and the disclosure reader's kind:domain)
DOMAINS = {
    "work": ("work", "works_at", "has_role", "joined", "left"),
    "residence": ("residence", "lives_in", "moved_to", "hometown"),
    "family": ("family", "relation", "has_", "sister", "partner"),
    "plan": ("plan", "goal"),
}
# a first-person word outside quotes, a lower-case "i", "You i"
FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|myself|we|our|ours|us)\b|(?:^|\s)i(?:\s|$)|^You i\b")
# a sentence that opens with a verb and no subject: a past form ("Told the user's boss"), a request ("Give the
# user a taper plan", "Check out the user's painting"), a bare state ("Glad to have ...")
_ADVERB = r"(?:(?:just|finally|recently|also|still|really|even|only|now)\s+)*"
VERB_FIRST = re.compile(
    r"(?i)^"
    + _ADVERB
    + r"(?:[a-z]+ed|"
    + "|".join(sorted(PAST_IRREGULAR - {"read", "set", "cut", "hit", "put"}))
    + r"|give|tell|help|show|send|check|look|make|write|let|find|remind|list|explain|suggest|recommend|create|"
    r"translate|fix|teach|draft|keep|glad|happy|excited|proud|grateful|nervous|scared|anxious|lonely|tired)\b"
)


def bad_english(content: str) -> str | None:
    unquoted = re.sub(r"[\"“][^\"”]*[\"”]", "", content)
    if FIRST_PERSON.search(unquoted):
        return "first person"
    if VERB_FIRST.match(unquoted):
        return "no subject"
    return None


def _matches(exp: dict[str, str], c: MemoryCandidate, subjects: bool = False) -> bool:
    if exp["type"] != "any" and c.memory_type.value != exp["type"]:
        return False
    if subjects and "subject" in exp and not _whose(exp, c):
        return False
    if exp["type"] == "relationship" and exp["domain"] == "family" and c.memory_type.value == "relationship":
        return True  # a relationship's predicate is its relation ("wife", "son"), never the word "family"
    for bound, said in (("start", c.valid_time_start), ("end", c.valid_time_end)):  # a time the memory must hold
        if bound in exp and not (said or "").startswith(exp[bound]):
            return False
    return not exp["domain"] or any(w in c.predicate for w in DOMAINS.get(exp["domain"], (exp["domain"],)))


def _whose(exp: dict[str, str], c: MemoryCandidate) -> bool:
    """`--subjects`: the memory is about whom the line says: the user for "self"; for a relationship, one that names
    the person; else anyone but the user (a kin's subject is "user's mother", a named person's their name)."""
    if exp["subject"] == "self":
        return c.subject == "user"
    if exp["type"] == "relationship":
        return exp["subject"].lower() in f"{c.object} {c.content_text}".lower()
    return c.subject != "user"


def judge(row: dict, subjects: bool = False) -> tuple[bool, list[str]]:
    # (a line's own `date`, where its set gives one: en_chat13)
    ev = evidence_of({"speaker": "user", "mention_time": row.get("date", "2026-09-01T12:00:00+08:00"), **row})
    if "session" in row:  # a questionnaire answer ("form:relations.family"): read as its question asks
        ev = replace(ev, session_id=row["session"])
    found = extract(ev)
    notes = [f"{c.memory_type.value}:{c.predicate} | {c.content_text}" for c in found]
    ok = True
    left = list(found)
    for exp in row["expected"]:
        if exp["type"] == "!":
            ok &= not any(c.content_text == exp["domain"] for c in found)
            continue
        if exp["type"] == "none":  # no memory of the user's in these predicates ("health|allergic_to")
            bad = [c for c in found if any(w in c.predicate for w in exp["domain"].split("|"))]
            ok &= not bad
            notes += [f"NOT HERS {c.predicate} | {c.content_text}" for c in bad]
            continue
        hit = next((c for c in left if _matches(exp, c, subjects)), None)
        if hit is None:
            ok = False
            notes.append(f"MISSING {exp['type']}:{exp['domain']}")
        else:
            left.remove(hit)
    if not row["expected"] and found:
        ok = False
    for c in found:
        if not re.search(r"[\u4e00-\u9fff]", c.content_text) and (why := bad_english(c.content_text)):
            ok = False
            notes.append(f"BAD ENGLISH ({why}): {c.content_text}")
    return ok, notes


def main(argv: list[str]) -> int:
    path = next((Path(a.split("=", 1)[1]) for a in argv if a.startswith("--set=")), SET)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    right: dict[str, list[int]] = {"rv": [0, 0], "own": [0, 0]}
    for row in rows:
        ok, notes = judge(row, "--subjects" in argv)
        right.setdefault(row["origin"], [0, 0])  # another set's own origin ("writer": en_chat1)
        right[row["origin"]][0] += ok
        right[row["origin"]][1] += 1
        if "--misses" in argv and not ok:
            print(f"WRONG {row['id']} {row['text']}\n    " + "\n    ".join(notes or ["(nothing)"]))
    total = [sum(v[0] for v in right.values()), sum(v[1] for v in right.values())]
    for name, (a, b) in {**right, "all": total}.items():
        if b:
            print(f"{name}: {a}/{b} ({a / b:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
