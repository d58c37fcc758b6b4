"""The offline extractor (section 9.3): no model, no network. A package along its seams:

- `patterns.py`: structured attributes (where the person lives and works, roles, schools, relations, children,
  health, money, plans, likings, views, feelings), one record per pattern, each with a subject / predicate / object
  governance can compare across versions;
- `disclosure.py`: the general first-person self-disclosure reader, clause by clause, over the domains of a life
  (`domains/`, one file each), with the aspect of each clause (`aspects.py`) and its subject (`clauses.py`);
- `rewrite.py`: content in the third person, in the evidence's language;
- `candidate.py`: the one constructor of a candidate's evidence-derived fields (also used by the LLM extractor).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, tzinfo

from mirror_pipeline.core.extraction import (
    acceptance,
    answers,
    antecedent,
    appositions,
    casual,
    corrections,
    disclosure,
    figures,
    others,
    patterns,
    questions,
    replies,
    reschedule,
    rewrite,
    shapes,
)
from mirror_pipeline.core.extraction.clauses import EN_BARE_STATE, EN_OWN_DONE, PAST_IRREGULAR, fold_dialect
from mirror_pipeline.core.extraction.patterns import (
    _HEDGE,
    _SPEAKER_LABEL,
    EN_RELATIONS,
    EXTRACTOR,
    EXTRACTOR_VERSION,
    FAMILY,
    PATTERNS,
    ZH_RELATIONS,
    Pattern,
)
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Speaker
from mirror_pipeline.core.questionnaire import SESSION_PREFIX
from mirror_pipeline.core.screening import PLACEHOLDER_RE
from mirror_pipeline.core.script import fold_script, is_traditional, to_traditional
from mirror_pipeline.core.text import CJK_CHAR, sentences
from mirror_pipeline.core.timeexpr import TimeMention, local_moment

__all__ = [
    "EN_RELATIONS",
    "EXTRACTOR",
    "EXTRACTOR_VERSION",
    "FAMILY",
    "PATTERNS",
    "ZH_RELATIONS",
    "Pattern",
    "extract",
]

import re

# a sentence given to someone else ("Mom: ..."), one that held a secret, or a quotation opening it
_SKIP = re.compile(
    PLACEHOLDER_RE.pattern + r"|^\s*[“\"「]|[?？吗]\s*$|^\s*(?:帮我|请|麻烦|给我|告诉我|能不能|可以帮)"
    r"|(?i:^\s*(?:can you|could you|please|what(?! an? (?:\w+ )?relief\b)|how|why|where|when|which|who|do|does|is|are)\b)"
    # (an exclamation of feeling is no question: "what a relief")
)
# the disclosure reader looks only at text that could speak of its writer: a Chinese text (a diary's clauses have
# no subject), or an English one with a first-person word
_SHORT_PAST = ("got", "had", "met", "saw", "won", "ran")
_MAY_DISCLOSE = re.compile(
    r"[\u4e00-\u9fff]|\b(?:I|[Mm]y|[Mm]e|[Ww]e|[Oo]ur|us)\b"
    # or a sentence opening with a verb, its subject left out: "Started hitting the gym", "Searching for investors"
    # (any past form, in a chat's lower case too: "Flew back from Perth", "signed up for Spanish 101"; no (?i) here,
    # which costs every message a slower search)
    r"|(?:^|[.!?]\s+)(?:(?:Just|Finally|Recently|Still|Also) \w+|[A-Z][a-z]+ing|[A-Za-z][a-z]+ed|Gonna|Gotta|"
    + "|".join(sorted(f"{w}|{w.capitalize()}" for w in PAST_IRREGULAR if len(w) > 3 or w in _SHORT_PAST))
    + r")\b"
    # or what was done to the writer, or the writer's own thing in the passive: "they let me go", "trip is cancelled"
    # ("they let me go" has its "me"; the passive must hold its participle, said in lower case)
    r"|\b" + EN_OWN_DONE + r"\b"
    # or a job offer announced: "offer!", "Brightwell offer came!!"
    r"|\b[Oo]ffer\b"
    # or news said as a noun phrase: "First day at Lumen Robotics today", "New job at a bank downtown"
    r"|(?:^|[.!?]\s+)(?i:(?:my )?(?:first|last) (?:[a-z]+ )?(?:day|week|shift|trip|flight|class|lesson)"
    r"|(?:a )?new (?:job|role|position))\b"
    # or the writer's parent named bare, as a family says it: "dad had a small stroke last week"
    r"|(?:^|[.!?]\s+)(?i:mom|mum|dad|grandma|grandpa)\s+[a-z]"
    # or a verb of feeling, its subject left out ("feeling a bit flat today"), or a relief said ("what a relief")
    r"|(?:^|[.!?]\s+)(?i:(?:been )?feeling|felt|what a relief|such a relief)\b"
    # or a state said bare: "Nervous.", "Kind of lonely since the move"
    r"|(?:^|[.!?]\s+)(?i:" + EN_BARE_STATE.pattern.removeprefix("(?i)^") + ")"
)


def extract(
    evidence: Evidence,
    tz: tzinfo = UTC,
    previous: Evidence | None = None,
    creole_voice: bool = False,
    people: frozenset[str] = frozenset(),
) -> list[MemoryCandidate]:
    """Candidates the user's own words support: the patterns' structured ones, then the disclosure reader's for the
    clauses no pattern read. `tz` is the person's timezone (relative times resolve on their calendar). A terse
    answer to a known question ("杭州" to "你现在住在哪里？") is read in the sentence its question asks for.
    `previous`: the turn just before this message in its conversation (either speaker's), where what a pointer
    stands for may be named ("So, what about your script now?"). `creole_voice`: the person writes an English creole
    (`creole.writes_creole` of their messages), so a message with one of its words is read through it too.
    `people`: the names the person's messages give their people beside a kin word (`others.known_names`), so a
    line opening with the name alone ("anjali transfer come thru!", "红霞的面馆转出去咧") is read as that person's."""
    if evidence.actor != Speaker.USER:
        return []
    # the rules read Chinese in Simplified (驗證碼 as 验证码: core/script.py, one character for one, so spans hold);
    # what they give back is in the person's own characters; and a chat's English with its apostrophes ("im",
    # "dont", "shes": casual.py), its spans moved back onto what was written
    written = evidence.raw_content
    folded = fold_dialect(fold_script(written))  # (a region's 俺 as 我, 哒 as 了: clauses.fold_dialect)
    text, back = casual.spelled(folded, creole_voice)
    if text != written:  # most messages: nothing to change, and a copy of the evidence costs a tenth of the reading
        evidence = replace(evidence, raw_content=text)
    turn = previous.raw_content if previous is not None and previous.session_id == evidence.session_id else ""
    found = _extract(evidence, tz, casual.spelled(fold_dialect(fold_script(turn)))[0], people)
    if evidence.session_id.startswith(SESSION_PREFIX):
        # an item its question reads ("成都高新区" of "成都高新区，2026年10月从双流搬过来的") stands for its span of
        # the answer; what the answer says beyond its items stays as the extractor read it
        framed = answers.read(evidence, lambda framed: _extract(framed, tz))
        found = framed + [
            c for c in found if not any(f.span_start < c.span_end and c.span_start < f.span_end for f in framed)
        ]
    # (an answer about the one the turn before asked of is read in what was written: the "I" a chat line is read
    # with, "moved to Perth last month" after "How is your brother?", is not the writer's)
    found = [c for c in casual.to_written(found, back) if not replies.about_the_asked(c, written, turn)]
    return _as_written(found, written, folded)


def _as_written(found: list[MemoryCandidate], written: str, folded: str) -> list[MemoryCandidate]:
    """Candidates in the characters the person wrote: each character the fold changed goes back to the one it was
    (one way only: a character written two ways in the message, 台 and 臺, stays as the rules read it), and in a
    message written in Traditional the extractor's own words are too ("用户住在臺北" -> "用戶住在臺北")."""
    if written == folded:
        return found
    forms: dict[str, set[str]] = {}
    for f, w in zip(folded, written, strict=True):
        forms.setdefault(f, set()).add(w)
    back = str.maketrans({f: ws.pop() for f, ws in forms.items() if len(ws) == 1 and f not in ws})
    traditional = is_traditional(written)

    def shown(value: str) -> str:
        value = value.translate(back)
        return to_traditional(value) if traditional else value

    return [
        replace(
            c,
            object=c.object.translate(back),
            content_text=shown(c.content_text),
            time_expression=c.time_expression and c.time_expression.translate(back),
        )
        for c in found
    ]


def _extract(
    evidence: Evidence, tz: tzinfo, previous_turn: str = "", people: frozenset[str] = frozenset()
) -> list[MemoryCandidate]:
    text = patterns.normalised(evidence.raw_content)
    memo: dict[str, list[TimeMention]] = {}  # one message's sentences' times, read once for every reader
    said_at = local_moment(evidence.timestamp, evidence.source_timezone, tz)
    found = _read(evidence, tz, text, memo, said_at, previous_turn, people)
    if patterns.not_asserted(text):
        return found  # a translation or a draft
    # a correction ("不是12号，是14号"): the reading of its new value is tagged as one, or it is read alone
    found, alone = corrections.read(
        evidence,
        text,
        found,
        lambda s: patterns.memo_times(memo, s, said_at),
        said_at,
        EXTRACTOR_VERSION,
        lambda again: _read(replace(evidence, raw_content=again), tz, again, memo, said_at, previous_turn, people),
    )
    return _over(found, alone) + alone


def _read(
    evidence: Evidence,
    tz: tzinfo,
    text: str,
    memo: dict[str, list[TimeMention]],
    said_at: datetime,
    previous_turn: str,
    people: frozenset[str] = frozenset(),
) -> list[MemoryCandidate]:
    cut = questions.cut_questions(text, sentences(text))  # once, for both readers; a closing question cut off
    found = [
        settled
        for c in patterns.extract_patterns(evidence, tz, memo, (text, cut))
        if not _shown(c, text) and (settled := _settled(c, text, previous_turn)) is not None
    ]
    # a planned thing moved to another time ("面试改到下周五了") is read as that, and no other reader reads its words
    times_of = lambda s: patterns.memo_times(memo, s, said_at)  # noqa: E731
    moved = reschedule.read(evidence, text, times_of, EXTRACTOR_VERSION, said_at)
    if patterns.not_asserted(text):
        return found  # a translation or a draft
    if not _MAY_DISCLOSE.search(text):
        # English with no first person in it at all, but a measure of the writer's own may be ("hb is 12.1 now")
        cued = others.cued(text, cut, people)
        of_others = _of_others(evidence, text, cued, said_at, found + moved, times_of, people=people)
        of_others += _of_others(
            evidence, text, cued, said_at, found + moved + of_others, times_of, after=True, people=people
        )
        kept = _over(found, moved) + moved + of_others
        return kept + figures.read(evidence, text, times_of, said_at, EXTRACTOR_VERSION, kept)
    spans = [
        (s, e)
        for s, e in cut
        if not (m := _SPEAKER_LABEL.match(text[s:e])) or m.group("label").lower() in patterns._NOT_A_SPEAKER
    ]
    spans = [(s, e) for s, e in spans if not any(a <= 0 < b for a, b in patterns.quoted_spans(text[s:e]))]
    taken = [(c.span_start, c.span_end) for c in found if patterns.OF_AN_EVENT not in c.tags]
    # a clause whose subject is a thing or a person of the writer's life ("hb is 12.1 now", "人事说下个月给我转正")
    cued = others.cued(text, spans, people)  # the sentences a reading of others may read, split once for both passes
    read = _of_others(evidence, text, cued, said_at, found + moved, times_of, people=people)
    taken += _spans(read)
    read += disclosure.read(
        evidence, text, spans, said_at, EXTRACTOR_VERSION, taken, _HEDGE, _SKIP, memo, previous_turn
    )
    read += _of_others(evidence, text, cued, said_at, found + moved + read, times_of, after=True, people=people)
    kept = [acceptance.called_off(c, text) or c for c in _over(found + read, moved) + moved]  # a plan given up
    # a figure of an attribute no reader read ("rent went up to 1,450", "底薪涨到6500了")
    kept += figures.read(evidence, text, times_of, said_at, EXTRACTOR_VERSION, kept)
    return [
        appositions.extend(_zh_settled(c, text, previous_turn), text)
        for c in kept
        if not replies.to_the_listener(c, text)
        and not replies.of_the_congratulated(c, text)
        and not _ironic(c, text)
        and not acceptance.refused(c, text)
    ]


def _of_others(
    evidence: Evidence,
    text: str,
    cued: list[others.Sentence],
    said_at: datetime,
    found: list[MemoryCandidate],
    times_of: Callable[[str], list[TimeMention]],
    after: bool = False,
    people: frozenset[str] = frozenset(),
) -> list[MemoryCandidate]:
    """`others.read` of the clauses no reader read before (a relationship the patterns read leaves its clause open:
    "我女儿朵朵这次月考考了五百九十二分" is the daughter and her score)."""
    if not cued:
        return []
    named = [c for c in found if c.memory_type is MemoryType.RELATIONSHIP]
    unnamed = [c for c in found if c.memory_type is not MemoryType.RELATIONSHIP and patterns.OF_AN_EVENT not in c.tags]
    return others.read(
        evidence, text, cued, said_at, EXTRACTOR_VERSION, _spans(unnamed), times_of, _spans(named), after, people
    )


def _spans(found: list[MemoryCandidate]) -> list[tuple[int, int]]:
    return [(c.span_start, c.span_end) for c in found]


def _over(found: list[MemoryCandidate], moved: list[MemoryCandidate]) -> list[MemoryCandidate]:
    """`found` less what reads the words of a planned thing moved and no more ("用户打算面试改到…"); a reading that
    goes on past them stays ("changed my flight home to feb 2 and skipped the Penang part")."""
    return [c for c in found if not any(m.span_start <= c.span_start and c.span_end <= m.span_end + 2 for m in moved)]


def _zh_settled(c: MemoryCandidate, text: str, previous_turn: str) -> MemoryCandidate:
    """A Chinese candidate whose place word or demonstrative stands for what the message named before ("当地的文化"
    after "我计划在西班牙待两周"): rewritten with it (`antecedent.zh_rewrite`); as said when nothing is named."""
    if not CJK_CHAR.search(c.content_text):
        return c
    content = antecedent.zh_rewrite(c.content_text, text[: c.span_start], previous_turn)
    if content == c.content_text:
        return c
    return replace(c, content_text=content, object=antecedent.zh_rewrite(c.object, text[: c.span_start], previous_turn))


_CONTENT_POINTER = r"(?i)\b{}\b"


def _settled(c: MemoryCandidate, text: str, previous_turn: str) -> MemoryCandidate | None:
    """A pattern's English candidate whose span still holds a pointer to nothing it names ("I'm hoping to get it on
    the big screen"): rewritten with what the message or the turn answered names, dropped when that is the other
    person's own thing or nothing is found (the words stay searchable in the episodic slot)."""
    if CJK_CHAR.search(c.content_text) or c.memory_type is MemoryType.EMOTION:
        return c
    said = text[c.span_start : c.span_end]
    at = shapes.en_pointer_at(said)
    if at is None:
        return c
    word = re.escape(at.group(0).strip().rstrip(".!?~ "))
    if not re.search(_CONTENT_POINTER.format(word), c.content_text):
        return c  # the pointer is in a clause the content left out ("…underrated, most bugs come from them")
    found = antecedent.resolve(said, at, text[: c.span_start], previous_turn, text[c.span_end :])
    if found is None or found.antecedent.whose is antecedent.Whose.OTHERS:
        return None
    thing = rewrite.pronouns_of_the_user(found.antecedent.text)
    content = re.sub(_CONTENT_POINTER.format(word), thing, c.content_text, count=1)
    if content == c.content_text:
        return None  # the pattern's content does not carry the pointer's words: nothing to rewrite
    obj = re.sub(_CONTENT_POINTER.format(word), thing, c.object, count=1)
    return replace(c, content_text=content, object=obj)


_ECHO = re.compile(r"(?i)^\W*(?:too|as well|also|for (?:you|him|her|them)|about (?:it|that|this))\b")
_ABOUT_THE_OTHER = re.compile(
    r"(?i)\b(?:too|as well)\W*$|\b(?:you|your|you're|you've)\b|\b(?:for|about|of|with) (?:them|him|her|it|that|this)\b"
)
_CLAUSE_END = re.compile(r"[.!?;,，。！？；]|\s[-–—]\s|\b(?:but|and|so)\b")


# irony: a mock assent opening the message, then an evaluation shouted or a superlative ("Sure, I LOVE getting up at
# 4am to drink a gallon of colonoscopy prep. best day ever", "oh great, another Monday, I'm SO thrilled")
_IRONIC_ASSENT = re.compile(
    r"(?i)^\W*(?:(?:lol|lmao|oh|yeah|ya|ah)\W+)?(?:sure|great|right|fantastic|wonderful|perfect)\b\W"
)
_SHOUTED_OR_SUPERLATIVE = re.compile(
    r"\b[A-Z]{3,}\b|(?i:\b(?:best|greatest|most fun) \w+ ever\b|\bjust what I needed\b)"
)


def _ironic(c: MemoryCandidate, text: str) -> bool:
    """A taste, a feeling or a view said in mock assent: irony, not the person's."""
    if c.memory_type not in (MemoryType.PREFERENCE, MemoryType.EMOTION, MemoryType.OPINION):
        return False
    if not _IRONIC_ASSENT.match(text):
        return False
    return bool(_SHOUTED_OR_SUPERLATIVE.search(text[c.span_start :]))


def _shown(c: MemoryCandidate, text: str) -> bool:
    """'I love all the yellow leaves' (of the other's photo), 'I love all dances, but ...': not a taste;
    'I'm excited too!', 'so happy for you': an echo of the other's news, not the person's own feeling."""
    if c.memory_type is MemoryType.EMOTION:
        # the rest of the feeling's clause: "I'm so happy they gave you a warm welcome", "excited about them too"
        rest = _CLAUSE_END.split(text[c.span_end : c.span_end + 80], maxsplit=1)[0]
        return bool(_ECHO.match(rest) or _ABOUT_THE_OTHER.search(rest))
    if c.memory_type in (MemoryType.PREFERENCE, MemoryType.OPINION) and shapes.points_nowhere(
        c.object, bool(CJK_CHAR.search(c.object))
    ):
        return True  # "I love their work": whose, the memory would not say
    if c.memory_type is not MemoryType.PREFERENCE:
        return False
    said = text[c.span_start : c.span_end + 40]
    return bool(disclosure.SHOWN.search(said) or re.search(r"\ball\b[^.!?]*,?\s+but\b", said))
