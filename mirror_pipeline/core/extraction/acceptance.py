"""Candidates the engine refuses by how their sentence is built, after both readers (issue 10, precision): each
rule one function, in both languages; `refused` is the engine's one hook.

- `given_up`: a plan the message itself says was given up ("本来打算国庆去云南，后来还是决定不去了", "I was going to
  fly to Denver on Friday but we cancelled"): the plan said in a past that did not come true (本来 / 原本 / 原计划 /
  本想, "was going to", "had planned to", "were supposed to") and the message turning after it (但 / 后来 / 结果 /
  现在, "but", "then", "instead"). What is served is what holds: what was done instead is read as any other clause.
- `perceived_nothing`: what the person saw or heard with nothing named ("看到了很多美丽的花和绿树", "I see many people
  around me with clear goals"): a perception verb opening the clause, its object a quantity of something unnamed (一些
  / 很多 / 好多, "many", "lots of") and no name, number, title or people known to the person in it (看到了很多老同学
  is a meeting); "去了公园，看到了…" keeps the visit."""

from __future__ import annotations

import re
from dataclasses import replace

from mirror_pipeline.core.model import MemoryCandidate, MemoryType

# a plan said as a past that did not hold; 本来就 ("had meant to anyway") holds
_ZH_UNREALISED = re.compile(r"(?:本来|原本|原来|原先|本想|本打算)(?!就|是)|原计划|原定")
_EN_UNREALISED = re.compile(
    r"(?i)\b(?:was|were) (?:going|gonna|supposed|planning|meant|hoping) to\b|\b(?:was|were) gonna\b|"
    r"\bhad (?:planned|meant|intended|hoped|wanted) to\b"
)
_SENTENCE_END = re.compile(r"[。！？!?.\n]")
# the message turns after the plan
_ZH_TURN = re.compile(r"但|可是|可惜|不过|后来|结果|却|没想到|现在|最后|只能|只好|取消|泡汤|黄了|不去了|算了|放弃")
_EN_TURN = re.compile(
    r"(?i)\b(?:but|then|until|however|instead|cancel\w*|called off|fell through|postponed|decided (?:not|to stay))\b"
)


def refused(c: MemoryCandidate, text: str) -> bool:
    return given_up(c, text) or perceived_nothing(c, text) or garbled(c) or trifle(c)


# a Chinese content that ends on a coverb, its object cut away: "用户打算面试在" (the time it stood on was taken out)
# (a coverb, not the end of a word: 现在, 存在, 方向, 温和)
_ZH_OPEN_END = re.compile(
    r"[\u4e00-\u9fff](?:(?<![现存实自好正所])在|跟|给|把|被)[。！!~]*$"
    # or on a small count with the thing counted left out: "用户上班前喝了两碗" (two bowls of what)
    r"|了[一两俩仨三几半][碗杯瓶箱盒袋桶]$"  # (a weight or a length is itself what is said: "胖了三斤")
    # or on a verb of deciding with only its result after it: "用户打算好了", "用户和同伴商量好了", "用户计划定了"
    # (that a decision was made, not what it was: what was decided, if said, is its next clause's)
    # (the verb with its result or its 了: "小说" and "新的计划" end on the same characters, as nouns)
    r"|(?:(?:打算|计划|商量|决定|准备|安排)(?:[好定妥]了?|了)|说[好定妥]了?)[的啦哒呀吧]*[。！!~]*$"
)


# an English content ending on a verb that takes an object, with none: "The user and others are looking at buying,
# finally" (buying what, the message says elsewhere or not at all)
# (a gerund after a preposition, nothing after it: "the progress they've been making" has its object before it)
_EN_OPEN_END = re.compile(
    r"(?i)\b(?:at|about|on|into|of|for)\s+(?:buying|selling|getting|making|taking|bringing|finding|renting|booking)"
    r"(?:,?\s+(?:finally|now|again|soon|too|already|then|yet|at last))?\W*$"
)


def garbled(c: MemoryCandidate) -> bool:
    """The rendering lost the object its last word needs: nothing an agent could read."""
    said = c.content_text
    if said.startswith("用户"):
        return bool(_ZH_OPEN_END.search(said, max(0, len(said) - 8)))
    return "ing" in said and bool(_EN_OPEN_END.search(said, max(0, len(said) - 48)))


# what makes a day's doing more than the day's: a place gone to, someone with or for, a kin of the user's, a name
_ZH_BEYOND_THE_DAY = re.compile(
    r"(?:去|回|到|来|飞|搬|住|在)(?![\u4e00-\u9fff]?了|[个趟次下回])[\u4e00-\u9fffA-Za-z]{2}|用户的|跟|和|陪|给|替|帮|带|为|[A-Z]"
    r"|第一次|头一回|终于|开始|以后|往后|每|一直|[年月]"
    # a figure in the hundreds or more: a day's takings, a sum earned ("卖了四百一十碗", "一共挣了四万九")
    r"|[百千万]|\d{3,}|的"
)
# a small count of a thing had or used up, the day's: "剃了个头", "喝了两碗", "置办了两箱牛奶一箱苹果"
_ZH_SMALL_COUNT = re.compile(r"了(?:个|[一两俩仨三几半][个碗箱斤杯瓶盒顿份根件双袋包兜口块张])")


def trifle(c: MemoryCandidate) -> bool:
    """A one-off of one day that no domain of a life holds (`event:life`), a small count of a thing had or used up,
    with no place, no one and nothing lasting in it: "晌午去剃了个头，十五块", "置办了两箱牛奶一箱苹果" (its words stay in the episodic slot)."""
    if c.memory_type is not MemoryType.EVENT or c.predicate != "event:life" or not c.content_text.startswith("用户"):
        return False
    one_day = c.valid_time_start is None or c.valid_time_start[:10] == (c.valid_time_end or "")[:10]
    said = c.content_text
    return one_day and bool(_ZH_SMALL_COUNT.search(said)) and not _ZH_BEYOND_THE_DAY.search(said, 2)


# an English plan's opening as said in the past that did not hold: "The user was gonna fly to Mexico with Rick"
_EN_PLAN_SAID = re.compile(
    r"^The user (?:and others )?(?:was|were) (?:going|gonna|supposed|planning|meant|hoping) to |"
    r"^The user (?:and others )?(?:was|were) gonna |^The user had (?:planned|meant|intended|hoped|wanted) to "
)


def called_off(c: MemoryCandidate, text: str) -> MemoryCandidate | None:
    """An English plan the message gives up (`given_up`), kept as what it now is: a plan called off, dated as the
    plan was ("i was gonna fly to Mexico with Rick in February but thats off" -> "The user called off a plan to fly
    to Mexico with Rick", February); None for any other candidate, or one whose plan cannot be said so."""
    if not given_up(c, text):
        return None
    said = _EN_PLAN_SAID.match(c.content_text)
    if said is None:
        return None
    content = "The user called off a plan to " + c.content_text[said.end() :]
    # (its own predicate: governance's "called_off" ends an earlier plan; this one holds its plan in itself)
    return replace(c, memory_type=MemoryType.FACT, predicate="gave_up_plan", object=content, content_text=content)


_ZH_PERCEIVED = re.compile(
    r"^(?:我们?)?(?:也|还|都|就)?(?:看到|看见|见到|听到|遇到|碰到)了?(?:很多|许多|一些|不少|好多|各种|些|一片|满)"
)
# (English: a present "I see many people ..." is an observation; "I saw some old friends at the reunion" is a meeting)
_EN_PERCEIVED = re.compile(
    r"(?i)^(?:I|we)\s+(?:also\s+|even\s+)?(?:see|notice)\s+"
    r"(?:so many|many|lots of|a lot of|some|plenty of|all sorts of|all kinds of|tons of)\b"
)
# a name, a number, a title, or people the person knows (seeing old classmates is meeting them)
_NAMED_THING = re.compile(
    r"\d|[\"“《「]|(?<=[a-z,] )[A-Z][a-z]+|[一二三四五六七八九十两]+[个只条座家]"
    r"|同学|朋友|亲戚|老乡|同事|家人|(?i:\b(?:friends?|classmates?|relatives?|colleagues?|family)\b)"
)


def perceived_nothing(c: MemoryCandidate, text: str) -> bool:
    """The clause is a perception of an unnamed quantity of things: nothing an agent could use."""
    said = text[c.span_start : c.span_end].strip()
    if not (_ZH_PERCEIVED.match(said) or _EN_PERCEIVED.match(said)):
        return False
    return not _NAMED_THING.search(said, 3)


def given_up(c: MemoryCandidate, text: str) -> bool:
    """`c` is a plan whose own sentence says it in a past that did not hold, and the message turns after it."""
    if not c.predicate.startswith("plans"):
        return False
    opened = max((m.end() for m in _SENTENCE_END.finditer(text, 0, c.span_start)), default=0)
    lead = text[opened : c.span_end]
    zh = bool(re.search(r"[\u4e00-\u9fff]", lead))
    if not (_ZH_UNREALISED if zh else _EN_UNREALISED).search(lead):
        return False
    return bool((_ZH_TURN if zh else _EN_TURN).search(text, c.span_end))
