"""What the person says to the one they are talking with, not of their own life (issue 10, MemoryBank).

A chat with an advisor or a companion ends its turns in the same few moves, whatever the topic: taking the advice
("我会去尝试一下", "我会认真考虑你的建议", "I'll give it a try", "I will keep that in mind"), and talking about the
talk itself ("我们下次再聊吧", "今天先到这里吧", "和你聊天让我收获很多", "Let's chat again tomorrow", "I've learned a
lot during our chat"). Read as statements they become "用户会去尝试一下": nothing of the person an agent
could use. The moves
are recognised by how the clause is built (a promise of effort with no thing of its own, or the conversation as
its topic), in both languages; what the person then does is the next clause's, read as any other.
"""

from __future__ import annotations

import re

from mirror_pipeline.core.model import MemoryCandidate, MemoryType

# a promise of effort or thought with nothing of its own: 会 + try / consider / take care / keep in mind, its
# object (if any) a pointer to what was said ("这些方法", "你的建议") or a bare "一下"
_ZH_EFFORT = (
    r"(?:试试|试一试|试一下|试着|尝试|尽力|尽量|努力|好好|认真|仔细|考虑|思考|琢磨|注意|记住|谨记|牢记|记下|践行|实践|遵守|照做|"
    r"去做|去看看|看看|去看一下|看一下|去找|找来看看|去试|去尝试|去了解)"
)
_ZH_ACCEPTING = re.compile(
    r"^(?:以后|之后|日后|今后|现在|那)?(?:我|我们)?(?:也|就|都|还|一定|肯定|以后|之后|日后|现在|会|先|再|真的)*(?:会|要|可以|愿意)(?:去|先|再|好好|认真)*"
    + _ZH_EFFORT
)
# what such a promise may take and still say nothing: a pointer, the advice, a vague "things"
_ZH_ONLY_POINTED = re.compile(
    r"^(?:[\u4e00-\u9fff]{0,4}?(?:这些|那些|这个|那个|这种|你的|你说的|你推荐的|你给的|一些你|其中|它们?|一下|看看|实践|"
    r"建议|方法|办法|事情|细节|话|指导|推荐|意见)|[\u4e00-\u9fff]{0,3}?[的了吧呢啊哦。！!~，,\s]*$)"
)
# the conversation as its own topic
_ZH_THE_TALK = re.compile(
    r"^我?(?:需要|想|想要|得)?(?:请你|你帮|麻烦你|你的帮助|帮忙)|"  # a request for the listener's help
    r"(?:下次|明天|以后|改天|有空|回头)(?:再|还可以|可以|继续)?(?:聊|见|谈)|再聊|再见|先到这里|聊天|保持联系|新话题|聊聊别的|"
    r"(?:和|跟|与)你(?:聊|说|分享|交流)|分享一下吧|记下来了|受益|收获很多|学到了很多|聊聊|谈谈|聊一下|"
    # a remark on what the listener just said: "听着是挺不错的", "听起来很有道理"
    r"^(?:听着|听起来|看起来|看着)"
)
_EN_ACCEPTING = re.compile(
    r"(?i)^(?:okay,?\s+|ok,?\s+|sure,?\s+|yes,?\s+)?(?:I|we)"
    r"(?:'ll| will| would| can| could| shall| am going to|'m going to)"
    r"(?: also| definitely| certainly| surely| really| seriously| just| then| now| first| still)*"
    r"\s+(?:try|give (?:it|them|that|this|these|those) a (?:try|shot|go)|consider|think about (?:it|that|this|them)|"
    r"keep (?:it|that|this|these|those|them|your \w+) in mind|take (?:a look|note|your advice)|"
    r"check (?:it|them|those|these|that) out|check out (?:these|those|them|it|that)|look into (?:it|that|this|them)|"
    r"do my best|follow (?:your|these|those|the)|"
    r"work hard|study hard|find (?:some )?time|seize|pay attention|remember)\b"
)
_EN_THE_TALK = re.compile(
    r"(?i)^(?:feel free|let me know|don't hesitate|please)\b"
    # a request for the listener's help: "I need help with the obituary", "I'd love your help writing it"
    r"|^(?:I|we)(?: really| just| also)? (?:need|want|'d like|would like|'d love|would love|could use) "
    r"(?:some |a little |your |a bit of )?(?:help|advice|a hand)\b"
    r"|\b(?:our (?:chat|conversation|talk)s?|chat(?:ting)? (?:with you|again)|talk(?:ing)? (?:to|with) you|"
    r"talk again|see you tomorrow|that's it for today|have a chat|new topics?|(?:the|this) conversation)\b"
)
# what such a promise may take and still say nothing: a pointer to the advice, "my best", "to relax"
_EN_ONLY_POINTED = re.compile(
    r"(?i)^(?:\s*(?:it|that|this|them|these|those|out|again|more|now|first|then|too|as well|soon|later|"
    r"(?:your|these|those|the|all|some of (?:these|those|your)) (?:\w+ )?(?:advice|suggestions?|methods?|tips|ideas?|"
    r"recommendations?|things|steps|points|books|movies)|advice|suggestions?|methods|tips|ideas|recommendations|"
    r"books|movies|films|songs|places|recipes|dishes|"
    r"(?:to|and) (?:relax|rest|do (?:that|it|so|them)|practi[cs]e (?:it|them|these)|implement (?:it|them|these)))\b)*"
    r"[\s.!,~]*(?:thank|thanks|$)"
)


# the message takes what the listener said before the clause: thanks, assent, "you're right"
_ZH_ACKNOWLEDGED = re.compile(
    r"谢谢|感谢|多谢|好的|好吧|^\W*嗯|^\W*恩|你说得(?:对|很对|没错|有道理|很有道理)|有道理|没错|明白了|知道了|好主意|好建议"
)
_EN_ACKNOWLEDGED = re.compile(
    r"(?i)\bthanks?\b|\bthank you\b|^\W*(?:okay|ok|sure|alright|all right|yes|yeah)\b|\byou're right\b|"
    r"\bthat makes (?:a lot of |so much )?sense\b|\b(?:good|great|nice) (?:idea|suggestion|advice|point)s?\b|"
    r"\bsounds (?:good|great|like a good)\b"
)
_ZH_OPENER = re.compile(r"^(?:嗯+|恩+|好的|好吧|对了|其实|不过|但是|而且|所以|另外|那|哇+)[，,！!。~\s]*")
_SENTENCE_END = re.compile(r"[。！？!?.\n]")


def to_the_listener(c: MemoryCandidate, text: str) -> bool:
    """The candidate's span is the person taking the listener's advice or talking about the talk. After thanks or
    assent ("谢谢你的建议，我会尽力去改变自己的态度", "Thank you, I will work hard to find my strengths"), a promise of
    effort is the advice taken whatever it names, and so is the rest of the promise's sentence ("…努力工作，找出自己的
    优点")."""
    if c.memory_type is MemoryType.RELATIONSHIP:
        return False
    said = text[c.span_start : c.span_end].strip()
    opened = max((m.end() for m in _SENTENCE_END.finditer(text, 0, c.span_start)), default=0)
    lead = text[opened : c.span_start].strip()  # the sentence before the clause (a promise the clause goes on with)
    if re.search(r"[\u4e00-\u9fff]", said):
        said = _ZH_OPENER.sub("", said)
        if _ZH_THE_TALK.search(said):
            return True
        m = _ZH_ACCEPTING.match(said)
        if m and _ZH_ONLY_POINTED.match(said[m.end() :]):
            return True
        promise = m or _ZH_ACCEPTING.match(_ZH_OPENER.sub("", lead))
        return bool(promise and _ZH_ACKNOWLEDGED.search(text, 0, c.span_start))
    if _EN_THE_TALK.search(said):
        return True
    m = _EN_ACCEPTING.match(said)
    if m and _EN_ONLY_POINTED.match(said[m.end() :]):
        return True
    promise = m or _EN_ACCEPTING.match(lead)
    return bool(promise and _EN_ACKNOWLEDGED.search(text, 0, c.span_start))


# a message that opens by congratulating someone: what follows without the writer's own I is that one's news
# ("congrats to your brother!! new job in google", "恭喜你哥！新工作在谷歌"), not the writer's ("congrats to me",
# "恭喜我吧" are the writer's own; "thanks for the congrats" is no opening)
_CONGRATULATING = re.compile(
    r"(?i)^\W*(?:(?:hey|oh|omg|wow|aw+|yay)\W+)*(?:congrats|congratulations|congratz|恭喜|祝贺|恭賀|祝賀)"
    r"(?!\s*(?:to\s+)?(?:me|myself|us)\b|我|自己)"
)
_FIRST_PERSON = re.compile(r"(?i)\b(?:I|me|my|mine|myself|we|our|us|im|ive)\b|\b(?-i:mi|ma)\b|我")


def of_the_congratulated(c: MemoryCandidate, text: str) -> bool:
    """The message opens by congratulating someone else and the candidate's clause, after the congratulation, says
    nothing in the first person: the news congratulated on, not the writer's life."""
    opening = _CONGRATULATING.match(text)
    return (
        opening is not None
        and c.span_start >= opening.end()
        and not _FIRST_PERSON.search(text[c.span_start : c.span_end])
    )


# the one a question asks about when it is not the person: "你爸爸平时有高血压吗？", "他手术做完了吗", "how is your
# mum's knee?", "did your brother get the job?": a kin or role word after 你(的) / your, or a third-person pronoun
_ZH_ASKED_ABOUT = re.compile(
    r"(?:你|您)(?:的|家)?(?:爸爸|爸|妈妈|妈|父亲|母亲|老爸|老妈|老公|老婆|丈夫|妻子|太太|先生|儿子|女儿|孩子|宝宝|哥哥|哥|"
    r"姐姐|姐|弟弟|弟|妹妹|妹|爷爷|奶奶|外公|外婆|姥姥|姥爷|公公|婆婆|岳父|岳母|朋友|男朋友|女朋友|同事|领导|老板|室友|邻居)"
    r"|(?:^|[，,。！？\s])(?:他|她|他们|她们)(?=[^们的])"
)
_EN_ASKED_ABOUT = re.compile(
    r"(?i)\b(?:your|his|her|their)\s+(?:(?:\w+'s\s+)?(?:dad|father|mom|mum|mother|parents?|husband|wife|partner|"
    r"son|daughter|kids?|child|children|baby|brother|sister|grand(?:ma|pa|mother|father)|friend|boyfriend|girlfriend|"
    r"colleague|boss|manager|roommate|neighbou?r|in-laws?))\b|\b(?:is|was|does|did|has|will|can)\s+(?:he|she|they)\b"
)
_ASKING = re.compile(r"[？?]\s*$|[吗呢么]\s*[？?。]?\s*$")


def about_the_asked(c: MemoryCandidate, text: str, previous_turn: str) -> bool:
    """The turn just before asked about someone else ("你爸爸平时有高血压吗？") and the candidate's sentence answers
    it without a first person of its own ("有，高血压十几年了，一直吃药。"): the answer is about the one asked about,
    so "用户患有高血压" would be the father's health stored as the person's (REVIEW-16)."""
    asked = previous_turn.strip()
    if not asked or not _ASKING.search(asked):
        return False
    if not (_ZH_ASKED_ABOUT.search(asked) or _EN_ASKED_ABOUT.search(asked)):
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, c.span_start)), default=0)
    end = next((m.start() for m in _SENTENCE_END.finditer(text, c.span_end)), len(text))
    return not _FIRST_PERSON.search(text[start:end])
