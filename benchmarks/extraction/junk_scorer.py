"""How likely a candidate is junk or wrong, from how it was built, never from its words (issue 10, precision).

The rules keep a true clause of a reply that says nothing of the person's life (a promise in answer to advice, a
remark on the talk, a pointer whose thing was named in an earlier turn) about as often as a statement of it, and
every word filter tried cost one captured statement per junk memory it dropped. This scorer reads the structure of
the candidate instead: its type and reader, how long its content is against the clause it rests on, whether its
content still holds a pointer, where its sentence stands in the message (the first of several, the one before a
question), whether the message opens with a discourse marker or turns to the listener (a second person, a question),
whether the clause is a promise (a modal of the future), whether the turn answered was a question, whether the
content names anything (a number, a name, a title) or carries a time. Each feature is a closed grammatical class or a
count, in both languages; `fit_scorer.py` fits a logistic regression on the judged labels and measures it across sets
(fit on LoCoMo, score MemoryBank and the diaries, and the reverse).

Measured (session 7): AUC 0.80 / 0.84 on the set it was fitted on, 0.67-0.68 on another; at every cut it would drop
one correct memory or more per bad one on the set it was not fitted on, so it is not wired into the extractor (a
drop, or an "uncertain" label, would move with the corpus, not with what a clause is about). Kept as the instrument.
"""

from __future__ import annotations

import math
import re

from mirror_pipeline.core.model import MemoryCandidate, MemoryType
from mirror_pipeline.core.text import CJK_CHAR, sentences

_TYPES = (MemoryType.FACT, MemoryType.EVENT, MemoryType.PREFERENCE, MemoryType.OPINION, MemoryType.EMOTION)
# a pointer left in the content: a demonstrative or a pronoun of a thing, a place word standing for a place named before
_EN_POINTER = re.compile(r"(?i)\b(?:this|that|these|those|it|its|they|them|their|there|he|him|his|she|her|others)\b")
_ZH_POINTER = re.compile(r"这|那|其|它|他|她|里面|当地|对方")
_EN_SECOND = re.compile(r"(?i)\b(?:you|your|yours|you're|you've|you'll)\b")
_ZH_SECOND = re.compile(r"你|您")
# a discourse marker opening the message: thanks, assent, an interjection, a greeting
_EN_MARKER = re.compile(
    r"(?i)^\W*(?:thanks?|thank you|ok(?:ay)?|yes|yeah|yep|sure|right|true|wow|oh|ah|aw+|haha\w*|hey|hi|hello|"
    r"great|cool|nice|awesome|sounds|that's|good|well|um+|hmm+)\b"
)
_ZH_MARKER = re.compile(r"^\W*(?:谢谢|感谢|好的|好啊|好吧|嗯|恩|哇|是啊|是的|对啊|对|哈哈|你好|嗨|没错|确实|真的)")
_EN_FUTURE = re.compile(r"(?i)\b(?:will|'ll|shall|going to|gonna)\b")
_ZH_FUTURE = re.compile(r"会|要|一定|争取|尽量|尽力")
_QUESTION = re.compile(r"[?？]|吗\s*$|呢\s*$")
_NAMED = re.compile(r"\d|[“\"《「][^”\"》」]+[”\"》」]|(?<=[a-z,] )[A-Z][a-z]+")
_EN_FIRST = re.compile(r"(?i)\b(?:I|I'm|I've|I'd|I'll|my|me|we|our|us)\b")
_ZH_FIRST = re.compile(r"我")
# the content's subject is the person ("The user ...", "最近用户 ..."), not a thing or someone else ("Movies can take
# the user ...", "Seeing the user's healthy self ...")
_LED_BY_USER = re.compile(r"^(?:The user\b|[\u4e00-\u9fff]{0,4}用户(?!的))")
_WITH_OTHERS = re.compile(r"The user and others|用户和同伴|用户都|用户们")

NAMES = (
    "bias",
    *(f"type_{t.value}" for t in _TYPES),
    "type_other",
    "reader_disclosure",
    "no_domain",
    "confidence",
    "content_units",
    "content_over_clause",
    "clause_over_sentence",
    "pointer_in_content",
    "names_something",
    "has_time",
    "first_of_several",
    "last_sentence",
    "sentences",
    "before_a_question",
    "message_asks",
    "second_person",
    "opens_with_marker",
    "future_modal",
    "first_person_said",
    "answers_a_question",
    "chinese",
    "not_led_by_the_user",
    "the_user_and_others",
)


def _units(s: str) -> float:
    """Words of English, characters of Chinese halved: about one unit per word in either language."""
    cjk = len(CJK_CHAR.findall(s))
    return cjk / 2 + len(re.findall(r"[A-Za-z0-9']+", s))


def features(c: MemoryCandidate, text: str, previous_turn: str = "") -> list[float]:
    """The structural features of `c` (its span in `text`, the message) in the order of NAMES."""
    zh = bool(CJK_CHAR.search(c.content_text))
    spans = sentences(text) or [(0, len(text))]
    at = next((n for n, (s, e) in enumerate(spans) if s <= c.span_start < max(e, s + 1)), len(spans) - 1)
    s_start, s_end = spans[at]
    sentence = text[s_start:s_end]
    said = text[c.span_start : c.span_end]
    content_units = _units(c.content_text)
    typed = [1.0 if c.memory_type is t else 0.0 for t in _TYPES]
    pointer = (_ZH_POINTER if zh else _EN_POINTER).search(c.content_text.replace("用户", "").replace("The user", ""))
    return [
        1.0,
        *typed,
        0.0 if any(typed) else 1.0,
        1.0 if ":" in c.predicate else 0.0,
        1.0 if c.predicate.endswith(":life") else 0.0,
        c.confidence,
        math.log1p(content_units),
        min(content_units / max(_units(said), 1.0), 2.0),
        min(_units(said) / max(_units(sentence), 1.0), 1.0),
        1.0 if pointer else 0.0,
        1.0 if _NAMED.search(c.content_text.replace("The user", "")) else 0.0,
        1.0 if c.time_expression else 0.0,
        1.0 if at == 0 and len(spans) > 1 else 0.0,
        1.0 if at == len(spans) - 1 else 0.0,
        math.log(len(spans)),
        1.0 if at + 1 < len(spans) and _QUESTION.search(text[spans[at + 1][0] : spans[at + 1][1]]) else 0.0,
        1.0 if _QUESTION.search(text) else 0.0,
        1.0 if (_ZH_SECOND if zh else _EN_SECOND).search(sentence) else 0.0,
        1.0 if (_ZH_MARKER if zh else _EN_MARKER).match(text) else 0.0,
        1.0 if (_ZH_FUTURE if zh else _EN_FUTURE).search(said) else 0.0,
        1.0 if (_ZH_FIRST if zh else _EN_FIRST).search(said) else 0.0,
        1.0 if previous_turn and _QUESTION.search(previous_turn) else 0.0,
        1.0 if zh else 0.0,
        0.0 if _LED_BY_USER.match(c.content_text) else 1.0,
        1.0 if _WITH_OTHERS.search(c.content_text) else 0.0,
    ]


def probability(weights: dict[str, float], values: list[float]) -> float:
    """The fitted probability that a candidate with these feature values is junk or wrong."""
    z = sum(weights.get(n, 0.0) * v for n, v in zip(NAMES, values, strict=True))
    return 1.0 / (1.0 + math.exp(-z))
