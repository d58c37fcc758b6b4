"""A terse answer to a known question (`mirror init --interview`, the questionnaire): "杭州" to "你现在住在哪里？".

The question says what the answer is: a place lived in, a workplace, a role, a school, a relation, a plan. One record
per question kind, built with keyword arguments: the question ids it serves and, per language, the sentence the
answer completes ("我住在{answer}" / "I live in {answer}"), with an optional shape the answer must have (a kin word
and a name: "老婆小林", "wife Lin"). An answer the extractor reads on its own is left as it is; one it cannot read is
cut into its items (`，`, `、`, `;`, a new line), each item is put in its question's sentence and read by the same
extractor, and every candidate found rests on the item's own span of the answer, in the answer's language. The frame
adds no words of its own to a memory: the patterns still decide what a place, a company or a name is."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from mirror_pipeline.core.extraction.patterns import EN_RELATIONS, ZH_RELATIONS
from mirror_pipeline.core.model import Evidence, MemoryCandidate
from mirror_pipeline.core.questionnaire import question_of_session
from mirror_pipeline.core.text import CJK_CHAR, stable_id

MAX_ITEM = 40  # characters: a longer answer is a sentence of its own, not a terse one


def _kin(words: dict[str, str]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


@dataclass(frozen=True, kw_only=True)
class AnswerFrame:
    kind: str
    questions: tuple[str, ...]  # question ids (core/questionnaire.py)
    zh: str  # the sentence a Chinese answer completes: {answer}, or the shape's named groups
    en: str
    zh_shape: re.Pattern[str] | None = None  # the answer must match it (its groups fill the sentence)
    en_shape: re.Pattern[str] | None = None
    a_value: bool = True  # the answer names a thing (a place, a company, a role), it is no clause of its own
    # a clause item is the writer's own, its subject left out ("不喜欢打电话" -> "我不喜欢打电话"), where the question
    # asks how they are, not for a value
    clauses: bool = False
    zh_join: str = ""  # what joins two parts a space separates ("药渡智联 医学事务经理" -> "药渡智联的医学事务经理")

    def sentence(self, item: str) -> str | None:
        zh = bool(CJK_CHAR.search(item))
        if self.a_value and (_ZH_CLAUSE if zh else _EN_CLAUSE).search(item):
            if not self.clauses or re.match(r"(?i)我|I\b|不知道|没有?$|no\b|none\b", item):
                return None  # "之前在上海", "不知道", "I don't know": a clause, not the value asked for
            return f"我{item}" if zh else f"I {item[:1].lower()}{item[1:]}"
        if zh and self.zh_shape is None:
            item = re.sub(r"\s*[（(][^）)]{1,16}[）)]$", "", item)  # "（2026年8月起）": an aside, not the value
            if self.zh_join:
                item = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", self.zh_join, item)
        if not zh and "a {answer}" in self.en:
            item = _EN_ARTICLE.sub("", item)  # "a product manager" in "I am a {answer}"
        shape = self.zh_shape if zh else self.en_shape
        if shape is None:
            return (self.zh if zh else self.en).format(answer=item)
        m = shape.fullmatch(item)
        return (self.zh if zh else self.en).format(**m.groupdict()) if m else None


# words a clause has and a bare value has not: a verb of being or doing, a negation, a time, a question
_ZH_CLAUSE = re.compile(r"[不没了过吗呢吧？?]|之前|以前|后来|现在|目前|知道|觉得|想|在|是|住|去|搬|做|说")
_EN_CLAUSE = re.compile(
    r"(?i)\b(?:I|not|no|don't|do|does|did|was|were|is|am|are|used|before|now|know|think|maybe|live|lived|work|"
    r"worked|moved)\b|\?"
)
_EN_ARTICLE = re.compile(r"(?i)^(?:a|an)\s+")
# what may follow a name in a list of kin: an age ("儿子小墨8岁", "son Leo, 8"), a bracket ("女儿（在读大学）")
_ASIDE = r"(?:\s*(?:[\d一二三四五六七八九十两]{1,3}\s*(?:岁了?|years? old)?)|\s*[（(][^）)]{1,16}[）)])?"

FRAMES: tuple[AnswerFrame, ...] = (
    AnswerFrame(kind="residence", questions=("life.residence",), zh="我住在{answer}", en="I live in {answer}"),
    AnswerFrame(kind="workplace", questions=("life.work",), zh="我在{answer}工作", en="I work at {answer}"),
    AnswerFrame(kind="role", questions=("now.role",), zh="我是{answer}", en="I am a {answer}", zh_join="的"),
    AnswerFrame(kind="school", questions=("life.education",), zh="我在{answer}读书", en="I studied at {answer}"),
    AnswerFrame(kind="plan", questions=("now.goals",), zh="我打算{answer}", en="I plan to {answer}", a_value=False),
    AnswerFrame(
        kind="preference",
        questions=("prefs.communication", "prefs.work", "prefs.learning"),
        zh="我喜欢{answer}",
        en="I prefer {answer}",
        clauses=True,
    ),
    AnswerFrame(
        kind="relation",
        questions=("relations.family", "relations.friends", "relations.colleagues"),
        zh="我{rel}叫{name}",
        en="My {rel} is {name}",
        zh_shape=re.compile(
            rf"(?:我的?)?(?:[\u4e00-\u9fff]{{1,4}}?的?)??(?P<rel>{_kin(ZH_RELATIONS)})\s*(?:是|叫|[:：])?\s*(?P<name>[\u4e00-\u9fff]{{1,4}}?)"
            + _ASIDE
        ),
        en_shape=re.compile(
            rf"(?i:(?:my )?(?P<rel>{_kin(EN_RELATIONS)}))\s*(?:is|:|-|,)?\s*(?P<name>[A-Z][\w'\-]+(?: [A-Z][\w'\-]+)?)"
            + _ASIDE
        ),
    ),
)
_BY_QUESTION = {q: f for f in FRAMES for q in f.questions}
_ITEM = re.compile(r"[^，,、;；\n]+")


def read(evidence: Evidence, reader: Callable[[Evidence], list[MemoryCandidate]]) -> list[MemoryCandidate]:
    """Candidates of a terse answer, each item read in its question's sentence by `reader` (the extractor)."""
    question = question_of_session(evidence.session_id)
    frame = _BY_QUESTION.get(question.id) if question else None
    if frame is None:
        return []
    out: list[MemoryCandidate] = []
    for m in _ITEM.finditer(evidence.raw_content):
        item = m.group(0).strip().rstrip("。.!！")
        if not item or len(item) > MAX_ITEM:
            continue
        sentence = frame.sentence(item)
        if sentence is None:
            continue
        start = m.start() + m.group(0).index(item)
        span = (start, start + len(item))
        for c in reader(replace(evidence, raw_content=sentence)):
            out.append(
                replace(
                    c,
                    candidate_id=stable_id("cand", c.candidate_id, "answer", frame.kind, span),
                    span_start=span[0],
                    span_end=span[1],
                    tags=(*c.tags, f"answer:{frame.kind}"),
                )
            )
    return out
