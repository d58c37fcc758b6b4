"""A figure of one of the person's attributes: "rent is 1,300 a month", "salary is now 10.8 lakh", "A1c is down to 6.9
now", "底薪涨到6500了", "甘油三酯降到一点九了", "这个月奖金八千".

The clause opens on the attribute (bare, as a chat says its own, or after my / 我的), then a verb of being or of change
and the figure (`core/values.py`: a number with its unit class; in Chinese the verb may be left out before a figure
said with its magnitude). It becomes a fact (`state:<domain>`) dated by the clause's own time words; governance makes
every figure of one attribute one memory whose latest figure stands (`core/versions.py`). Pure: a message's text and
its sentences' times in, candidates out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime

from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.extraction.disclosure import EXTRACTOR
from mirror_pipeline.core.extraction.disclosure import _domain as domain_of
from mirror_pipeline.core.extraction.patterns import EN_RELATIONS
from mirror_pipeline.core.extraction.sensitivity import of_clause as sensitivity_of
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Sensitivity
from mirror_pipeline.core.text import CJK_CHAR, sentences
from mirror_pipeline.core.timeexpr import TimeMention
from mirror_pipeline.core.values import FIGURE, time_fields, values_in
from mirror_pipeline.core.versions import EN_ATTRIBUTE_WORDS, EN_FIGURE_VERB, not_an_attribute

_EN_FIGURE_CLAUSE = re.compile(
    r"(?i)^\s*(?:(?:so|and|but|btw|update|also|oh|ok|okay|well|anyway|now)\b\W*)*"
    r"(?:(?P<own>my|our)\s+|(?P<the>the)\s+)?"
    rf"(?P<attr>{EN_ATTRIBUTE_WORDS})\s+(?P<verb>{EN_FIGURE_VERB})\s+(?:about\s+|around\s+|only\s+|just\s+)?$"
)
_ZH_FIGURE_CLAUSE = re.compile(
    r"^(?P<own>我们?的?)?(?P<attr>[\u4e00-\u9fffA-Za-z0-9]{2,5}?)(?:现在|已经|终于|也)?"
    r"(?P<verb>是|为|有|只有|才|涨到|降到|升到|掉到|跌到|变成|提到|加到|减到|回到|涨了|降了)?了?$"
)
# the quantities of the weather, the market and the place, not of a person (a closed class)
_ZH_OF_THE_WORLD = re.compile(r"气温|温度|湿度|降雨|雨量|风力|风速|房价|油价|金价|菜价|汇率|股价|指数|大盘|人口|PM2\.?5|空气")
_KIN = frozenset(EN_RELATIONS) | {"mum", "mummy", "mama", "mommy", "papa", "daddy", "granny", "grandma", "grandpa"}
# a clause: up to a comma or a stop that is not inside a figure ("1,450", "8.1")
_CLAUSE = re.compile(r"(?:[^,，;；。.!！?？]|(?<=\d)[,.](?=\d))+")


def read(
    evidence: Evidence,
    text: str,
    times_of: Callable[[str], list[TimeMention]],
    said_at: datetime | None,
    version: str,
    read: Sequence[MemoryCandidate] = (),
) -> list[MemoryCandidate]:
    """Every clause no reader `read` that gives a figure of an attribute of the person's, one candidate each."""
    out = []
    for s_start, s_end in sentences(text):
        sentence = text[s_start:s_end]
        times = times_of(sentence)
        for clause in _CLAUSE.finditer(sentence):
            c_start = clause.start() + len(clause.group(0)) - len(clause.group(0).lstrip())
            at, end = s_start + c_start, s_start + clause.end()
            if any(c.span_start < end and at < c.span_end for c in read):
                continue
            found = _figure(sentence, c_start, clause.end(), times, said_at)
            if found is not None:
                out.append(_candidate(evidence, text, s_start, c_start, clause.end(), times, *found, version))
    return out


def _figure(
    sentence: str, start: int, end: int, times: list[TimeMention], said_at: datetime | None
) -> tuple[str, str, str, str, bool] | None:
    """(the attribute, the verb, the figure, the rest of the clause, Chinese?) of a clause that gives a figure of an
    attribute of the person's."""
    # a time opening the clause ("这个月奖金八千", "in May my rent was") is its time, not its attribute
    opening = next((t for t in times if t.span[0] == start), None)
    begin = opening.span[1] if opening is not None else start
    clause = sentence[begin:end]
    zh = bool(CJK_CHAR.search(clause))
    figure = next((v for v in values_in(clause, said_at, []) if v.kind == FIGURE), None)
    if figure is None:
        return None
    before, rest = clause[: figure.span[0]], clause[figure.span[1] :].strip()
    if zh:
        m = _ZH_FIGURE_CLAUSE.match(before.lstrip())
        if m is None or not_an_attribute(m["attr"], True):
            return None
        if not (m["own"] or m["verb"] or opening is not None):
            # said as the writer's (我的体重), with a verb (底薪是) or dated (这个月奖金八千): not "首付三十万"
            return None
        if not m["own"] and _ZH_OF_THE_WORLD.search(m["attr"]):
            return None  # "今天气温三十一度", "油价又涨了": said bare, a figure of the world, not of the person's
        if not m["verb"] and not (figure.unit or not figure.said[0].isdigit() or figure.number >= 100):
            return None  # "体检3次": with no verb, only a figure said as one (a unit, a magnitude, three digits)
        return (
            ("的" if m["own"] and m["own"].endswith("的") else "") + m["attr"],
            before.lstrip()[m.end("attr") :],
            figure.said,
            rest,
            True,
        )
    m = _EN_FIGURE_CLAUSE.match(before)
    if m is None or not_an_attribute(m["attr"], False):
        return None
    if not (m["own"] or m["the"]) and sum(v.kind == FIGURE for v in values_in(sentence, said_at, [])) > 1:
        return None  # "salary is 61k, in Aer Lingus I have 55k": a bare attribute beside the writer's own figure
    if not m["own"] and _someone(sentence[:start]):
        return None  # "Mummy sugar test come back, the A1c a 8.9": the attribute of the one named before it
    if m["the"] and not (figure.unit == "money" or (figure.number or 0) >= 100 or domain_of(m["attr"], False)):
        return None  # "the bus was 20": "the" names the person's own in a domain of a life or with a sum
    return m["attr"], " ".join(m["verb"].split()), figure.said, rest, False


def _someone(before: str) -> bool:
    """Someone other than the writer is named before the clause: a kin word or a name (a capitalised word past the
    first)."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", before)
    return any(w.lower() in _KIN for w in words) or any(w[0].isupper() and w != "I" for w in words[1:])


def _candidate(
    evidence: Evidence,
    text: str,
    s_start: int,
    c_start: int,
    c_end: int,
    times: list[TimeMention],
    attr: str,
    verb: str,
    figure: str,
    rest: str,
    zh: bool,
    version: str,
) -> MemoryCandidate:
    if zh:
        content = f"用户{attr}{verb}{figure}{rest}"  # (attr holds the 的 the writer said)
    else:
        content = f"The user's {_lowered(attr)} {verb} {figure}" + (f" {rest}" if rest else "")
    attr = attr.removeprefix("的")
    domain = domain_of(attr, zh)
    name = domain.name if domain is not None and domain.name != "vetoed" else None
    t = next((t for t in times if c_start <= t.span[0] < c_end and t.start is not None and not t.anchor), None)
    clause = text[s_start + c_start : s_start + c_end]
    return from_evidence(
        evidence,
        key=("figure", attr),
        memory_type=MemoryType.FACT,
        subject="user",
        predicate=f"state:{name or ('money' if _money(figure) else 'life')}",
        object=content,
        content_text=content,
        confidence=0.75,
        importance=0.6,
        sensitivity=sensitivity_of(clause, Sensitivity.LOW),
        span=(s_start + c_start, s_start + c_end),
        extractor=EXTRACTOR,
        extractor_version=version,
        **time_fields(t, open_end=t is not None and (t.relative or not t.closed_range)),
    )


def _lowered(attr: str) -> str:
    """ "Rent" opening a sentence is "rent"; "LDL" and "A1c" stay as written."""
    return attr[0].lower() + attr[1:] if attr[1:2].islower() and attr[1:].islower() else attr


def _money(figure: str) -> bool:
    return any(v.unit == "money" for v in values_in(figure, None, []))
