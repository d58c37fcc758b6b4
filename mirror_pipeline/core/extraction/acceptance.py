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
    return given_up(c, text) or perceived_nothing(c, text)


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
