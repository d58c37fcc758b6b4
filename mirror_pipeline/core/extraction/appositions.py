"""What the next clause adds to a statement's thing: its name, its examples, the rest of its list (issue 10).

A clause that only names or lists the thing the statement before it took has no verb of its own, so it is no
statement; the fact it carries belongs to the statement it follows:
- a name: "今天我学了一道新的菜，叫做清蒸鲈鱼" (the dish is 清蒸鲈鱼), "发现了一本小说，叫《百年孤独》";
- examples or the one picked out: "想学习一些新的技能，比如画画、唱歌等", "我还很喜欢听音乐，特别是爵士乐",
  "I've been looking to learn some new skills, like painting and singing";
- the rest of a list a liking began: "我喜欢唱歌跳舞，健身，旅游，电影，摄影" (each item a bare noun of a few
  characters).
The statement's content (and its object where it is the content or a liking's thing) grows by the clause, and its
span by the clause's characters, so the memory's evidence still shows what it says.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mirror_pipeline.core.model import MemoryCandidate, MemoryType
from mirror_pipeline.core.text import CJK_CHAR

_ZH_NAMED = re.compile(
    r"[，,]\s*(?:它|这|那)?(?:叫做|叫作|名叫|名字叫|叫)(?P<x>《[^》]{1,30}》|[^，。！？!?,；;、\s]{2,12})(?=[，。！？!?,；;~\s]|$)"
)
# a name is the last thing the statement counted ("学了一道新的菜", "看了一部文艺片"), not whatever noun it ends on
# ("带那只橘猫去打了疫苗，叫豆包": the name is the cat's, the pet rule's)
_ZH_COUNTED_LAST = re.compile(r"[一两几][道本部首家个位件款种场篇张台辆][^，。！？!?,；;了]{0,10}$")
_ZH_EXAMPLES = re.compile(
    r"[，,]\s*(?P<lead>比如说?|譬如|像是?|例如|包括|特别是|尤其是)(?P<x>[^，。！？!?,；;]{1,30}?)(?P<etc>等等?|之类的?)?"
    r"(?=[。！？!?；;~]|$)"
)
# the rest of a list of likings: bare items of one to four characters, comma after comma, to the sentence's end
_ZH_LIST_TAIL = re.compile(r"(?P<x>(?:[，,、]\s*[\u4e00-\u9fffA-Za-z]{1,4}){1,8})(?=[。！!~…]*$|[。！!~])")
_ZH_VERBISH = re.compile(r"[了着过吗呢吧啊是在有没不很也都会要想]")
_EN_EXAMPLES = re.compile(
    r"(?i)^,\s*(?P<lead>especially|particularly|such as|like|including|called)\s+(?P<x>[^,.;!?]{2,60}?)\s*(?=[.;!?]|$)"
)
_EN_FIRST_PERSON = re.compile(r"(?i)\b(?:I|me|my|mine|we|our)\b")
# the rest of a list of likings: ", playing piano and tea tasting", ", basketball, military history research, and rock
# climbing" (items of one to four words, none a clause of its own), up to the sentence's end
_EN_LIST_TAIL = re.compile(
    r"^(?P<x>(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)[^,.;!?]{1,40}(?:,[^,.;!?]{1,40})*?)(?=[.;!?]|$)"
)
_EN_NOT_AN_ITEM = re.compile(
    r"(?i)\b(?:I|me|my|we|our|you|your|he|she|it|they|them|their|this|that|these|those|is|are|was|were|am|be|been|"
    r"have|has|had|do|does|did|will|would|can|could|but|so|because|which|who|since|though|variety|etc|lot|"
    # a sentence adverb after the comma is no item ("I prefer tea over coffee, still.")
    r"still|too|anyway|again|now|then|lol|haha|honestly|really|actually|tbh|right|though|either|yet|ever)\b"
)
_LIKING = (MemoryType.PREFERENCE,)


def extend(c: MemoryCandidate, text: str) -> MemoryCandidate:
    """The candidate with the naming, examples or list tail that follows its span, if one does."""
    after = text[c.span_end :]
    zh = bool(CJK_CHAR.search(text, c.span_start, c.span_end))
    if zh:
        if (m := _ZH_NAMED.match(after)) and _ZH_COUNTED_LAST.search(text, c.span_start, c.span_end):
            return _grown(c, f"，叫{m.group('x')}", m.group("x"), m.end())
        if m := _ZH_EXAMPLES.match(after):
            x = m.group("x").replace("我", "自己")
            return _grown(c, f"，{m.group('lead')}{x}{m.group('etc') or ''}", x, m.end())
        if c.memory_type in _LIKING and (m := _ZH_LIST_TAIL.match(after)):
            items = [i.strip() for i in re.split(r"[，,、]", m.group("x")) if i.strip()]
            if items and not any(_ZH_VERBISH.search(i) for i in items):
                return _grown(c, "、" + "、".join(items), "、" + "、".join(items), m.end(), joined=True)
        return c
    if (m := _EN_EXAMPLES.match(after)) and not _EN_FIRST_PERSON.search(m.group("x")):
        return _grown(c, f", {m.group('lead').lower()} {m.group('x')}", m.group("x"), m.end())
    if c.memory_type in _LIKING and (m := _EN_LIST_TAIL.match(after)):
        items = [i for i in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group("x")) if i.strip()]
        kept: list[str] = []
        for item in items:
            if _EN_NOT_AN_ITEM.search(item) or len(item.split()) > 4:
                break
            kept.append(item.strip())
        if len(kept) == 1 and not re.match(r"\s*,?\s*(?:and|or)\s", m.group("x")):
            kept = []  # one item after a bare comma is an afterthought, not the rest of a list
        if kept:
            added = f" and {kept[0]}" if len(kept) == 1 else ", " + ", ".join(kept[:-1]) + ", and " + kept[-1]
            return _grown(c, added, added, after.find(kept[-1]) + len(kept[-1]), joined=True)
    return c


def _grown(c: MemoryCandidate, added: str, thing: str, length: int, joined: bool = False) -> MemoryCandidate:
    if thing in c.content_text:
        return c
    obj = c.object
    if obj == c.content_text:
        obj = c.content_text + added
    elif c.memory_type in _LIKING:
        obj = obj + (added if joined else f"（{thing}）")
    return replace(c, content_text=c.content_text + added, object=obj, span_end=c.span_end + length)
