"""The offline, rule-based extractor (section 9.3): a few high-value patterns, Chinese and English.

Trust over coverage: only what the user said can become a memory about the user; questions, hypotheticals,
negations and reported speech are left out rather than guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, tzinfo

from mirror_pipeline.core.entities import is_place
from mirror_pipeline.core.model import (
    Evidence,
    MemoryCandidate,
    MemoryType,
    Scope,
    Sensitivity,
    Speaker,
    TimePrecision,
)
from mirror_pipeline.core.screening import PLACEHOLDER_RE
from mirror_pipeline.core.text import normalize, sentences, stable_id
from mirror_pipeline.core.timeexpr import TimeMention, find_times

EXTRACTOR = "rules"
EXTRACTOR_VERSION = "rules-0.1.0"
USER = "user"

_ZH_STOP = (
    r"(?=$|[，。,.!！？?；;\s]|了|啦|呢|吧|的时候|以后|之后|工作|上班|住|生活|读书|念书"
    r"|[一二三四五六七八九十两几\d]+(?:年|个月|天|周|多年))"
)
# what may stand between 我 and the verb: times and adverbs ("我去年搬到了上海", "我2019年加入了腾讯"), never a person
_ZH_WHEN = (
    r"(?:[\d一二三四五六七八九十两〇零]+(?:年|月|日|号)|去年|今年|前年|上个?月|这个?月|上周|上个?星期|最近|刚刚|刚|已经|"
    r"终于|也|又|现在|目前|如今|底|初|中|左右|的?时候)*"
)
_ZH_OBJ = r"(?P<obj>[A-Za-z0-9\u4e00-\u9fff·\- ]{1,20}?)"
_EN_OBJ = r"(?P<obj>[A-Z][\w&.\-]*(?: [A-Z][\w&.\-]*){0,3})"
_EN_PHRASE = r"(?P<obj>[^.,;!?\n]{2,60}?)"
_EN_END = r"(?=$|[.,;!?\n)]| [a-z(])"

ZH_RELATIONS = {
    "表哥": "cousin",
    "表姐": "cousin",
    "表弟": "cousin",
    "表妹": "cousin",
    "堂哥": "cousin",
    "堂姐": "cousin",
    "哥哥": "brother",
    "弟弟": "brother",
    "姐姐": "sister",
    "妹妹": "sister",
    "妻子": "wife",
    "老婆": "wife",
    "丈夫": "husband",
    "老公": "husband",
    "爸爸": "father",
    "妈妈": "mother",
    "儿子": "son",
    "女儿": "daughter",
    "上司": "manager",
    "领导": "manager",
    "经理": "manager",
    "老板": "boss",
    "同事": "colleague",
    "朋友": "friend",
    "室友": "roommate",
    "女朋友": "girlfriend",
    "男朋友": "boyfriend",
    "导师": "advisor",
}
EN_RELATIONS = {
    r: r
    for r in (
        "manager",
        "boss",
        "wife",
        "husband",
        "brother",
        "sister",
        "cousin",
        "friend",
        "colleague",
        "roommate",
        "girlfriend",
        "boyfriend",
        "partner",
        "mother",
        "father",
        "son",
        "daughter",
        "advisor",
    )
}
EN_RELATIONS.update({"mom": "mother", "dad": "father", "best friend": "friend", "coworker": "colleague"})
FAMILY = {"cousin", "brother", "sister", "wife", "husband", "father", "mother", "son", "daughter", "partner"}
_ZH_REL = "|".join(sorted(ZH_RELATIONS, key=len, reverse=True))
_EN_REL = "|".join(sorted(EN_RELATIONS, key=len, reverse=True))


@dataclass(frozen=True)
class Pattern:
    name: str
    memory_type: MemoryType
    predicate: str
    regex: re.Pattern[str]
    confidence: float
    importance: float
    sensitivity: Sensitivity
    template: str


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "zh_moved",
        MemoryType.EVENT,
        "moved_to",
        re.compile(r"我(?:们)?" + _ZH_WHEN + r"搬(?:家)?(?:到|去)了?" + _ZH_OBJ + _ZH_STOP),
        0.85,
        0.8,
        Sensitivity.MEDIUM,
        "moved to {obj}",
    ),
    Pattern(
        "en_moved",
        MemoryType.EVENT,
        "moved_to",
        re.compile(r"\b(?:I|[Ww]e)(?:'ve| have)? (?:just |finally |recently )?moved to " + _EN_OBJ + _EN_END),
        0.85,
        0.8,
        Sensitivity.MEDIUM,
        "moved to {obj}",
    ),
    Pattern(
        "zh_lives",
        MemoryType.FACT,
        "lives_in",
        re.compile(r"我" + _ZH_WHEN + r"(?:住在|生活在|定居在)" + _ZH_OBJ + _ZH_STOP),
        0.9,
        0.8,
        Sensitivity.MEDIUM,
        "lives in {obj}",
    ),
    Pattern(
        "en_lives",
        MemoryType.FACT,
        "lives_in",
        re.compile(r"\bI(?: currently| now| still|'ve| have)? (?:live|lived|been living) in " + _EN_OBJ + _EN_END),
        0.9,
        0.8,
        Sensitivity.MEDIUM,
        "lives in {obj}",
    ),
    Pattern(
        "zh_works",
        MemoryType.FACT,
        "works_at",
        re.compile(r"我" + _ZH_WHEN + r"在" + _ZH_OBJ + r"(?:工作|上班|任职)"),
        0.85,
        0.75,
        Sensitivity.MEDIUM,
        "works at {obj}",
    ),
    Pattern(
        "zh_joined",
        MemoryType.EVENT,
        "joined",
        re.compile(r"我" + _ZH_WHEN + r"(?:加入了?|入职了?)" + _ZH_OBJ + _ZH_STOP),
        0.85,
        0.8,
        Sensitivity.MEDIUM,
        "joined {obj}",
    ),
    Pattern(
        "en_works",
        MemoryType.FACT,
        "works_at",
        re.compile(r"\bI(?: currently| now|'ve| have)? (?:work|worked|been working) (?:at|for) " + _EN_OBJ + _EN_END),
        0.85,
        0.75,
        Sensitivity.MEDIUM,
        "works at {obj}",
    ),
    Pattern(
        "en_joined",
        MemoryType.EVENT,
        "joined",
        re.compile(r"\bI(?:'ve| have)? (?:just |recently |finally )?joined " + _EN_OBJ + _EN_END),
        0.85,
        0.8,
        Sensitivity.MEDIUM,
        "joined {obj}",
    ),
    Pattern(
        "zh_prefer_from_now",
        MemoryType.PREFERENCE,
        "prefers",
        re.compile(r"以后(?P<obj>[^，。,.!！？?；;]{2,30}?)(?:都)?优先(?P<obj2>[^，。,.!！？?；;]{1,20})"),
        0.9,
        0.6,
        Sensitivity.LOW,
        "prefers {obj}: {obj2}",
    ),
    Pattern(
        "zh_prefer",
        MemoryType.PREFERENCE,
        "prefers",
        re.compile(r"我(?:更|比较|最|很|非常|一直|特别)?(?:喜欢|偏好|爱(?!人))(?P<obj>[^，。,.!！？?；;]{1,30})"),
        0.8,
        0.5,
        Sensitivity.LOW,
        "likes {obj}",
    ),
    Pattern(
        "en_prefer",
        MemoryType.PREFERENCE,
        "prefers",
        re.compile(
            r"\bI (?:really |much |strongly |usually |always )?(?:prefer|like|love|enjoy) "
            + _EN_PHRASE
            + r"(?=$|[.,;!?\n]| because| but| when)"
        ),
        0.8,
        0.5,
        Sensitivity.LOW,
        "likes {obj}",
    ),
    Pattern(
        "en_from_now",
        MemoryType.PREFERENCE,
        "prefers",
        re.compile(r"(?i)\bfrom now on,? (?:please )?" + _EN_PHRASE + r"(?=$|[.;!?\n])"),
        0.9,
        0.6,
        Sensitivity.LOW,
        "from now on: {obj}",
    ),
    Pattern(
        "zh_rel_is_my",
        MemoryType.RELATIONSHIP,
        "relation",
        re.compile(
            r"(?:^|[^A-Za-z\u4e00-\u9fff]|的)(?P<obj>[A-Za-z\u4e00-\u9fff]{1,4}?)是我(?:的)?(?P<rel>" + _ZH_REL + r")"
        ),
        0.85,
        0.7,
        Sensitivity.MEDIUM,
        "{obj} is the user's {rel}",
    ),
    Pattern(
        "zh_my_rel_named",
        MemoryType.RELATIONSHIP,
        "relation",
        re.compile(r"我(?:的)?(?P<rel>" + _ZH_REL + r")叫(?P<obj>[A-Za-z\u4e00-\u9fff]{1,4}?)" + _ZH_STOP),
        0.85,
        0.7,
        Sensitivity.MEDIUM,
        "{obj} is the user's {rel}",
    ),
    Pattern(
        "en_my_rel_named",
        MemoryType.RELATIONSHIP,
        "relation",
        re.compile(r"\b[Mm]y (?P<rel>" + _EN_REL + r"),? (?P<obj>[A-Z][a-z]+(?: [A-Z][a-z]+)?)\b"),
        0.85,
        0.7,
        Sensitivity.MEDIUM,
        "{obj} is the user's {rel}",
    ),
    Pattern(
        "en_is_my_rel",
        MemoryType.RELATIONSHIP,
        "relation",
        re.compile(r"\b(?P<obj>[A-Z][a-z]+(?: [A-Z][a-z]+)?) is my (?P<rel>" + _EN_REL + r")\b"),
        0.85,
        0.7,
        Sensitivity.MEDIUM,
        "{obj} is the user's {rel}",
    ),
)

# Sentences that do not assert something about the user as a fact.
_QUESTION = re.compile(
    r"[?？]\s*$|吗\s*[。.]?$|是不是|有没有|(?i:^(?:do|did|does|are|is|can|could|should|would|where|what|when|why|how)\b)"
)
_HYPOTHETICAL = re.compile(
    r"如果|假如|要是|假设|万一|(?i:\bif\b|\bwould\b|\bsuppose\b|\bimagine\b|\bwhat if\b|\bmaybe i'?ll\b)"
)
# Someone else's words: 朋友说, 他说, 据说; "my friend said", "she says"; "the hero says: ..." (but 我说 / "I said"
# are the user's own)
_REPORTED = re.compile(
    r"(?<![我小])说(?![明服])|据说|听说|"
    r"(?i:(?<!\bI )\b(?:said|says|told me|tells me|claims?|according to)\b)"
)
# Text the user pastes or asks about rather than asserts: translations, examples, stories, quotations
_NOT_ASSERTED = re.compile(
    r"翻译|造句|例句|举个例子|比如说|例如|写一[个篇段首]|假装|扮演|帮我回复|帮忙回复|替我回复|回复这封|帮我写|草稿|"
    r"(?i:\btranslat|\bfor example\b|\be\.g\.|\bwrite (?:a|an|me)\b|\bpretend\b|\brole-?play|\bstory\b|"
    r"\bquote\b|\breply to (?:this|him|her|them|the)\b|\bdraft\b|\bemail to\b)"
)
_PAST_CLAUSE = re.compile(r"\s*(?:的时候|那时|那会儿|时[，,])")
# "Mom: I live in Boston now", "妈妈：我住在上海。": a line given to someone else. "Update:", "今天：" are not people.
_SPEAKER_LABEL = re.compile(r"^\s*(?P<label>[A-Z][a-z]+(?: [A-Z][a-z]+)?|[\u4e00-\u9fff]{1,4})\s*[:：]\s*\S")
_NOT_A_SPEAKER = frozenset(
    "update note edit ps todo today tonight news summary reminder fyi btw question answer q a me i "
    "今天 昨天 明天 更新 备注 注意 总结 提醒 问题 回答 感想 日记 早上 晚上 下午 上午 我 补充 结论 计划 心情".split()
)
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|「[^」]*」")
_CLAUSE = re.compile(r"[，,；;：:]|然后|但是|所以|不过|(?i:\b(?:and|but|so|then)\b)")
# Words that are not names of people or organisations
_NOT_A_NAME = frozenset(
    "他 她 它 他们 她们 这 那 这个 那个 谁 这位 那位 this that he she it who here there they someone everyone "
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday january february march "
    "april may june july august september october november december".split()
)
_NOT_A_WORKPLACE = re.compile(r"^(?:想|忙|准备|考虑|找|做|努力|认真|专心|家|这|那|哪|外面|公司|单位|路上|床上)")
_NOT_A_LIKING = frozenset("it this that them you him her these those so much a lot 你 他 她 它 你们 他们 她们".split())
# "我喜欢上了一个女孩", "I love my wife": feelings for people are not preferences
_PERSON_OBJECT = re.compile(r"^(?:上了|上|你|他|她|一个(?:女孩|男孩|人)|(?i:my |her |his |you\b))")
_NEGATION_ZH = re.compile(r"不再|没有|没|不|别|未")
_NEGATION_EN = re.compile(r"(?i)\b(?:not|no longer|never|don't|doesn't|didn't|won't|can't|isn't|aren't|hardly)\b")
_HEDGE = re.compile(
    r"应该是|大概|可能|好像|也许|估计|(?i:\bI think\b|\bprobably\b|\bmaybe\b|\bI guess\b|\bI believe\b)"
)
_TRAILING = re.compile(r"[的了啦呢吧啊呀\s]+$")


def _clean(obj: str) -> str:
    obj = normalize(obj)
    obj = _TRAILING.sub("", obj)
    # "A 公司" and "A公司" are one entity: drop spaces between a Latin letter and a Chinese character
    obj = re.sub(r"(?<=[A-Za-z0-9]) (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) (?=[A-Za-z0-9])", "", obj)
    return obj.strip(" -·.")


def _plausible_object(pattern: Pattern, obj: str) -> bool:
    if not obj or (len(obj) < 2 and not re.match(r"[\u4e00-\u9fff]", obj)):
        return False
    if pattern.memory_type is MemoryType.RELATIONSHIP:
        return obj.lower() not in _NOT_A_NAME
    if pattern.predicate == "works_at":
        return not _NOT_A_WORKPLACE.match(obj)
    if pattern.memory_type is MemoryType.PREFERENCE:
        return obj.lower() not in _NOT_A_LIKING and not obj.startswith("的") and not _PERSON_OBJECT.match(obj)
    return True


def _nearest_time(
    sentence: str, times: list[TimeMention], span: tuple[int, int], same_clause_only: bool
) -> TimeMention | None:
    """The time said in the same clause as the statement, else (for events) the nearest one in the sentence.

    A fact takes no time from another clause: "我现在住在大阪，妹妹2015年就去东京了" says nothing of Osaka in 2015."""
    if not times:
        return None

    def clause(pos: int) -> int:
        return len(_CLAUSE.findall(sentence[:pos]))

    here = clause(span[0])
    same = [t for t in times if clause(t.span[0]) == here]
    pool = same or ([] if same_clause_only else times)
    if not pool:
        return None
    return min(pool, key=lambda t: min(abs(t.span[0] - span[0]), abs(t.span[1] - span[1])))


def _negated(sentence: str, match_start: int) -> bool:
    """A negative in the statement's own clause: "不对，我不在谷歌工作，我在Mercari工作" negates only Google."""
    starts = [m.end() for m in _CLAUSE.finditer(sentence, 0, match_start)]
    clause = sentence[starts[-1] if starts else 0 : match_start + 6]
    return bool(_NEGATION_ZH.search(clause) or _NEGATION_EN.search(clause))


def extract(evidence: Evidence, tz: tzinfo = UTC) -> list[MemoryCandidate]:
    """Candidates the user's own words support, each tied to its evidence and character span.

    `tz` is the person's timezone: "yesterday" said at 01:00 in Tokyo is resolved on Tokyo's calendar, not UTC's."""
    if evidence.actor != Speaker.USER:
        return []
    text = evidence.raw_content
    if _NOT_ASSERTED.search(text):
        return []  # a translation, an example, a story, a draft for someone else: not the user speaking of self
    out: list[MemoryCandidate] = []
    for s_start, s_end in sentences(text):
        sentence = text[s_start:s_end]
        label = _SPEAKER_LABEL.match(sentence)
        if label and label.group("label").lower() not in _NOT_A_SPEAKER:
            continue  # "Mom: I live in Boston now", "妈妈：我住在上海。" quote someone
        if PLACEHOLDER_RE.search(sentence):
            continue  # a sentence that held a secret is the secret reference's, not a memory's
        if any(p.search(sentence) for p in (_QUESTION, _HYPOTHETICAL, _REPORTED, _NOT_ASSERTED)):
            continue
        quoted = [m.span() for m in _QUOTED.finditer(sentence)]
        hedge = bool(_HEDGE.search(sentence))
        times = find_times(sentence, evidence.timestamp.astimezone(tz) if evidence.timestamp else None)
        for pattern in PATTERNS:
            for m in pattern.regex.finditer(sentence):
                if _negated(sentence, m.start()) or any(a <= m.start() < b for a, b in quoted):
                    continue
                if _PAST_CLAUSE.match(sentence, m.end()):
                    continue  # "我住在北京的时候…", "when I lived in…": a time in the past, not a current fact
                groups = m.groupdict()
                obj = _clean(groups.get("obj") or "")
                if not _plausible_object(pattern, obj):
                    continue
                rel = groups.get("rel")
                relation = (ZH_RELATIONS.get(rel) or EN_RELATIONS.get(rel.lower(), rel)) if rel else None
                predicate = relation if relation else pattern.predicate
                extra = _clean(groups.get("obj2") or "")
                content = pattern.template.format(obj=obj, rel=relation or "", obj2=extra)
                object_value = f"{obj}: {extra}" if extra else obj
                # a relationship is not dated by a time said in passing ("My sister Lily moved to Berlin last year")
                time = (
                    None
                    if pattern.memory_type is MemoryType.RELATIONSHIP
                    else _nearest_time(sentence, times, m.span(), pattern.memory_type is not MemoryType.EVENT)
                )
                sensitivity = Sensitivity.HIGH if relation in FAMILY else pattern.sensitivity
                span = (s_start + m.start(), s_start + m.end())
                out.append(
                    MemoryCandidate(
                        candidate_id=stable_id("cand", evidence.evidence_id, EXTRACTOR_VERSION, pattern.name, span),
                        memory_type=pattern.memory_type,
                        subject=USER,
                        predicate=predicate,
                        object=object_value,
                        content_text=f"The user {content}" if not relation else content,
                        confidence=round(pattern.confidence * (0.7 if hedge else 1.0), 3),
                        importance=pattern.importance,
                        sensitivity=sensitivity,
                        scope=Scope.LONG_TERM,
                        speaker=evidence.actor,
                        evidence_id=evidence.evidence_id,
                        span_start=span[0],
                        span_end=span[1],
                        mention_time=evidence.timestamp,
                        valid_time_start=time.start_iso if time else None,
                        valid_time_end=(time.end_iso if time and pattern.memory_type is MemoryType.EVENT else None),
                        time_precision=time.precision if time else TimePrecision.UNKNOWN,
                        time_expression=time.expression if time else None,
                        extractor=EXTRACTOR,
                        extractor_version=EXTRACTOR_VERSION,
                        source_type=evidence.source_type,
                    )
                )
    return _derived(out)


def _derived(candidates: list[MemoryCandidate]) -> list[MemoryCandidate]:
    """A move to a place is also a change of residence: 'I moved to Osaka' supports 'lives in Osaka' from then on.
    A move to something that is not known as a place ('moved to React', '搬到了新办公室') stays an uncertain event."""
    out = []
    for c in candidates:
        if c.predicate == "moved_to" and not is_place(c.object):
            c = replace(c, confidence=round(min(c.confidence, 0.6), 3))
        elif c.predicate == "lives_in" and not is_place(c.object):
            # "我住在公司附近" is worth keeping, not worth confirming without the person
            c = replace(c, confidence=round(min(c.confidence, 0.75), 3))
        out.append(c)
    have = {(c.predicate, c.object) for c in out}
    for c in list(out):
        if c.predicate == "moved_to" and is_place(c.object) and ("lives_in", c.object) not in have:
            out.append(
                MemoryCandidate(
                    **{
                        **c.__dict__,
                        "candidate_id": stable_id("cand", c.candidate_id, "lives_in"),
                        "memory_type": MemoryType.FACT,
                        "predicate": "lives_in",
                        "content_text": f"The user lives in {c.object}",
                        "valid_time_end": None,
                    }
                )
            )
    return out
