"""A statement the person makes before the question they ask (issue 10, MemoryBank).

People in chat tell something of themselves and then ask about it in one breath:
"我很喜欢绘画、弹钢琴和品茶，你觉得有什么好的书可以推荐给我吗？",
"最近我在学习英语，有没有什么生动的方式可以提升我的听力和口语？",
"I'm having some difficulty studying Chinese lately, can you think of any ways to improve my Chinese?".
Read whole, the sentence is a question
and says nothing; cut where the question begins, its head is a statement like any other.

The cut is by how a sentence is built, not by its words: a sentence that ends as a question ('?', '？', 吗 or 呢 at
its end) is split at its clause punctuation; from its end backwards, every clause that asks (a question word, the
listener, a request) is the question; what stands before them is the head. A sentence whose first clause already
asks is a question whole; a head that is itself a supposition or a request is dropped by the readers as before.
"""

from __future__ import annotations

import re

# a sentence that asks: its last character (after closing quotes and emoji-free trailing spaces)
_ASKS_AT_END = re.compile(r"(?:[?？]+|[吗呢嘛][。.~～]*)\s*$")
# where a Chinese or English clause ends inside a sentence
_CLAUSE_CUT = re.compile(r"[，,；;]\s*|\s[-–—]\s")
# a clause that is the question (or addressed to the listener): it asks, it names the listener, or it requests
_ZH_ASKS = re.compile(
    r"吗|呢|么|是不是|有没有|能不能|可不可以|可以不|要不要|什么|怎么|怎样|如何|为什么|哪|谁|多少|几[个种点天本部]|"
    r"你|您|请|帮我|给我|推荐|建议|觉得呢"
)
# the head's first clause asking too makes the sentence a question whole ("你呢，平时都做些什么？"); one that only
# names the listener does not ("你的建议很有帮助，我决定先去爬山，…有什么注意事项吗？")
_ZH_QUESTION_WORD = re.compile(r"吗|呢|么|是不是|有没有|能不能|可不可以|什么|怎么|为什么|哪|谁|多少|^你呢|^您呢")
_EN_ASKS = re.compile(
    r"(?i)^\s*(?:(?:and|but|so|or)\s+)?(?:do|did|does|are|is|was|were|can|could|should|would|will|shall|may|might|"
    r"what|when|where|why|how|which|who|whom|whose|any|anything|got|have you|has)\b"
    r"|\b(?:you|your|yours|please|recommend|suggest|advice|tips?)\b"
)


def statement_head(sentence: str) -> int | None:
    """The length of the statement before a sentence's closing question, or None when the sentence is no question
    (nothing to cut) or is a question from its first clause."""
    if not _ASKS_AT_END.search(sentence):
        return None
    cuts = [m for m in _CLAUSE_CUT.finditer(sentence) if 0 < m.start() < len(sentence) - 1]
    if not cuts:
        return 0
    zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
    asks = _ZH_ASKS if zh else _EN_ASKS
    head = len(sentence)
    for m in reversed(cuts):
        tail = sentence[m.end() : head]
        if not asks.search(tail):
            break  # a statement clause: the question begins after it
        head = m.start()
    if head == len(sentence):
        return 0  # the last clause does not ask though the sentence does ("…，对吧？" is read as one): leave it whole
    first = _CLAUSE_CUT.split(sentence[:head], maxsplit=1)[0]
    return 0 if (_ZH_QUESTION_WORD if zh else _EN_ASKS).search(first) or not first.strip() else head


def cut_questions(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentence spans with each closing question cut off its statement head (a question whole stays, for the
    readers to skip as before)."""
    out: list[tuple[int, int]] = []
    for s, e in spans:
        head = statement_head(text[s:e])
        if head:
            while head > 0 and text[s + head - 1].isspace():
                head -= 1
            out.append((s, s + head))
        else:
            out.append((s, e))
    return out
