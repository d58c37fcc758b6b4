"""What a first-person clause says of its time: a feeling, a liking, a view, a plan, a habit, a past event or a state.

One record per aspect, tried in order; each carries its cue words in both languages, the memory type it makes, its
time policy (what a clause without time words is dated by) and its own acceptance rule."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from mirror_pipeline.core.extraction import feelings as _feel
from mirror_pipeline.core.extraction.clauses import EN_OWN_HAPPENED, EN_OWN_THING, PAST_IRREGULAR
from mirror_pipeline.core.model import MemoryType, Scope

_PAST = (
    r"(?:(?!(?:need|feed|seed|speed|bleed|proceed|succeed|exceed|breed|indeed)\b)\w+ed|"
    + "|".join(sorted(PAST_IRREGULAR - {"read", "put", "set", "cut", "let", "hit", "hurt", "shut", "quit"}))
    # (a form also present is past when it befalls the writer's own body or thing: "i hurt my knee in the football")
    + r"|quit|put|hit|been to|(?:hurt|cut)(?= my\b))"
)


class TimePolicy(StrEnum):
    SAID_ELSE_NONE = "said_else_none"  # a state, a liking, a plan: the time said, else no valid time
    SAID_ELSE_BEFORE_MENTION = "said_else_before_mention"  # a past event: the time said, else "before the mention"
    SAID_ELSE_MENTION_DAY = "said_else_mention_day"  # a feeling: the day said ("yesterday"), else the day of saying
    PLANNED = "planned"  # a plan: the whole interval it is planned for ("明年春天"), else no valid time
    RECURRING = "recurring"  # a habit: only since when it holds ("从去年开始"); a day it recurs on is no valid time
    ENDED = "ended"  # a state that no longer holds ("used to", 以前): the range said, else "before the mention"


@dataclass(frozen=True)
class Aspect:
    name: str  # the predicate's first part: "event:work"
    memory_type: MemoryType
    en: re.Pattern[str] | None
    zh: re.Pattern[str] | None
    time: TimePolicy = TimePolicy.SAID_ELSE_NONE
    scope: Scope = Scope.LONG_TERM
    confidence: float = 0.0  # added to the subject's base confidence
    tags: tuple[str, ...] = ()
    accept: Callable[[str, bool], bool] | None = None  # (clause body, zh) -> keep


# (the feeling words every reader shares: `feelings`)
EN_EMOTIONS = _feel.EN_EMOTIONS + "|" + _feel.EN_WEAK_EMOTIONS + "|" + _feel.EN_FEELING_IDIOMS
ZH_EMOTIONS = _feel.ZH_EMOTIONS + "|" + _feel.ZH_EMOTIONS_WITH_COMPLEMENT
_NOT_ANTICIPATION = ("happy", "content", "calm", "low", "down", "lost", "stuck", "alive", "hurt")
_EN_DEGREE_WORDS = _feel.EN_DEGREE_WORDS
_EN_BARE_DEGREE = r"(?:(?:" + _EN_DEGREE_WORDS + r") )*"
_EN_OPENERS = _feel.EN_OPENERS
# what a thing or a person did to the writer's feeling, a clause of the writer's whatever its subject: "that call left
# me shaken", "work is making me miserable", "she made me so happy"
# (done, or being done: a thing that "makes me happy" in general is a liking, no feeling of a day; nor "makes us
# happy", said of people in general)
_EN_DID_TO_ME = (
    r"(?:left|made|got|drove|(?:is|'s|was|has been|'s been|have been|'ve been) (?:making|leaving|getting|driving)) me"
    r"(?: (?:feeling|feel))?(?: (?:" + _EN_DEGREE_WORDS + r"))* "
)
_EN_DONE_TO_MY_FEELING = r"\b" + _EN_DID_TO_ME + r"(?:" + _feel.EN_EMOTIONS + r")\b"
EN_DONE_TO_MY_FEELING = re.compile(_EN_DONE_TO_MY_FEELING, re.IGNORECASE)
# a clause opening with a verb of feeling or a relief, its subject left out: the writer's ("feeling a bit flat today",
# "felt so lonely when i first moved here", "what a relief")
EN_FEELING_OPENS = re.compile(r"(?i)" + _EN_OPENERS + r"(?:(?:been )?feeling|felt|(?:what|such) an? relief)\b")
# what follows a verb of feeling that is no state felt: a comparison, a clause, a thing felt, a manner
_NOT_FELT = (
    r"like|that|as|if|it|its|the|an?|this|these|those|my|your|his|her|our|their|free|for|about|up|to|of|you|me|"
    r"him|them|us|nothing|something|anything|everything|much|more|most|less|way|and|but|when|now|today|tonight|"
    r"then|there|here|bad for|sorry for|what|how|so|too|very|really|even|ever|still|again|since|after|with|at|"
    r"yesterday|this|last|all|the|same|differently|otherwise|strongly|similarly|deeply|sorry"
)
_EN_FEEL = re.compile(
    # a feeling said bare, its "I'm" left out: "Nervous.", "Kind of lonely since the move", "Scared but excited",
    # "absolutely shattered after the night shift", "properly raging about the fine" (a preposition, a time or the
    # end after it: the writer's state; a noun after it is what is described: "sad news", "happy coincidence")
    r"^" + _EN_OPENERS + _EN_BARE_DEGREE + r"(?P<bare>" + EN_EMOTIONS + r")\b" + _feel.EN_AFTER_BARE_FEELING
    # (how often or how surely between: "I always feel nervous", "I still feel confused")
    # under pressure or stress, as one is under it: "I have been under a lot of work pressure recently"
    + r"|^(?:I|we)(?:'ve| have)?(?: been| was| am|'m| were| are|'re)? under (?:a lot of |so much |too much |some |"
    r"a bit of |a great deal of |heavy |huge )?(?:work |financial |academic |exam )?(?P<bare2>pressure|stress)\b"
    # a feeling whose object follows it: "sick of this job tbh", "so tired of being broke", "dreading monday ngl"
    + r"|^" + _EN_OPENERS + r"(?:(?:I|we)(?:'m| am|'re| are| was| were|'ve been| have been| get| got)|im|been)?"
    + r"(?: (?:" + _EN_DEGREE_WORDS + r"))* ?(?P<bare3>" + _feel.EN_FEELINGS_OF + r")(?= (?!you\b|u\b|him\b|her\b|them\b)\w)"
    # a verb of feeling with an adjective after it is a feeling by its construction, whatever the adjective: "feeling
    # a bit flat today", "I felt weirdly hollow" (not "feel like", "feel that", a thing felt: "feel the heat")
    + r"|^" + _EN_OPENERS + r"(?:(?:I|we)(?: always| often| sometimes| still| usually| really| just| also)*"
    r"(?: feel| felt|'ve been feeling| have been feeling|'m feeling| am feeling)|feeling|been feeling|felt)"
    r"(?: (?:" + _EN_DEGREE_WORDS + r"))*"
    r"(?: [a-z]+ly)*"  # (how, in any adverb: "feeling oddly hollow")
    r" (?P<felt>(?!(?:" + _NOT_FELT + r")\b)[a-z]{3,}(?<!ing))\b" + _feel.EN_AFTER_BARE_FEELING
    # a feeling one comes into, of the strong words only ("got really emotional at the wedding"; not "got lost")
    + r"|^" + _EN_OPENERS + r"(?:(?:I|we)(?: just| really| also)* (?:get|got|'m getting| am getting| was getting)|got|getting)"
    r"(?: (?:" + _EN_DEGREE_WORDS + r"))* (?P<got>" + _feel.EN_EMOTIONS + r")\b(?! (?:for|that|by|to)\b)" + _feel.EN_NOT_OF
    # a relief said as an exclamation: "what a relief", "such a relief" (not "what a happy coincidence")
    + r"|^" + _EN_OPENERS + r"(?:what|such) a (?P<relief>relief)\b"
    # what a pointer did to the writer's feeling, the feeling alone ("it made me so happy": the user felt happy)
    + r"|^" + _EN_OPENERS + r"(?:(?:it|this|that|which|I) )?(?:(?:really|just|also|totally|honestly) )*"
    + _EN_DID_TO_ME + r"(?P<done>" + _feel.EN_EMOTIONS + r")\b"
    # a feeling said by the whole clause: the body's ("my heart sank", "my stomach's in knots"), or what a thing
    # did to the writer ("that call left me shaken", "work is making me miserable")
    + r"|(?P<whole>^" + _EN_OPENERS + r"(?:my )?(?:heart|stomach|chest|blood|gut)(?:'s| is| was| has been)?"
    r" (?:sank|sinks|dropped|drops|sunk|broke|breaks|melted|raced|racing|pounding|pounded|skipped a beat|boiled|"
    r"boiling|ran cold|churning|churned|turned|in (?:my (?:mouth|boots)|knots|bits))\b"
    # the writer's own state of feeling said as a thing that is some way: "my anxiety's been through the roof",
    # "my mood is rubbish", "my nerves are shot"
    r"|^" + _EN_OPENERS + r"my (?:anxiety|stress(?: levels?)?|mood|nerves|confidence|motivation|spirits|patience|head)"
    r"(?:'s| is| was| has been|'s been| have been| are| were|'re)\b(?! (?:a|an|the|my|about|that|to)\b)"
    r"|" + _EN_DONE_TO_MY_FEELING + ")"
    + r"|^" + _EN_OPENERS + r"(?:(?:I|we)(?: always| often| sometimes| still| usually| really| just| also| constantly)*"
    r"(?:'m| am|'re| are| was| were| feel| felt|'ve been| have been|'ve been feeling| have been feeling|"
    r"'m feeling| am feeling)|im|feeling|been feeling|felt|was)"
    r"(?: (?:" + _EN_DEGREE_WORDS + r"))*"
    # "anxious about the new job" is the feeling and what it is about; "excited to", "proud of", "happy for" are
    # not the writer's state alone (an anticipation, someone else's news)
    # (but "delighted with the flowers", "chuffed with how it went" are: not a weak word's "stuck with", "down with")
    r" (?P<emotion>" + EN_EMOTIONS + r")\b(?! (?:for|that|by)\b)" + _feel.EN_NOT_OF + r"(?!(?:(?<=" + ")|(?<=".join(_feel.EN_WEAK_EMOTIONS.split("|")) + r")) with\b)"
    # "stoked to start this new chapter", "nervous to ask": an anticipation is a feeling; "happy to help", "glad to
    # hear" are pleasantries
    # (but "so happy to be home", "glad to be back" are the writer's state)
    r"(?!(?:" + "|".join(f"(?<={w})" for w in _NOT_ANTICIPATION) + r") to\b(?! be (?:home|back|here|done|out)\b))",
    re.IGNORECASE,
)
ZH_FEEL = re.compile(
    # (how much, said as an exclamation: "甭提多高兴了", "好久没这么轻松了"; the whole self: "整个人都轻松了")
    r"(?:(?:整个人|一整天|整天)都?)?(?:甭提多|别提多|说不出的|(?:好久|很久|好久都|从来)没(?:有)?(?:这么|那么)|"
    r"有点|有些|很|好|特别|非常|超|太|真|挺|比较|十分|超级|这么|那么|真的|实在|越来越|还是很|心里很|感觉很|感到|觉得)?"
    r"(?P<emotion>" + _feel.ZH_EMOTIONS_AND_REDUPLICATED + r")"
)


# how a Chinese diary says a feeling without an emotion word nor 我, by the frame it stands in (each frame is one
# record: its name, then its pattern, anchored at the clause's end so the frame is what the clause says):
_ZH_END = r"[的了]?(?=(?:(?<!哗)[啊呀呢吧哟哦啦嘛])?[。！!~～…\s]*$)"  # (稀里哗啦's 啦 is its own)
_ZH_DEGREE = r"(?:有点|有些|挺|很|好|特别|非常|真|老|太|怪|还是|其实|倒|也|就|可|是|都|真是|一阵|一下子?)*"
ZH_FEELING_FRAMES: tuple[tuple[str, str], ...] = (
    # the heart said to be some way: "心里甜滋滋的", "心里七上八下的", "心头不巴适", "心里一块石头落了地"
    # (not what the heart knows or thinks: 心里清楚, 心里想, 心里有数; and a word of ZH_EMOTIONS is read as that word)
    (
        "heart",
        r"(?:心里头?|心头|心中|心底)" + _ZH_DEGREE
        + r"(?!想|清楚|明白|有数|知道|盘算|琢磨|念叨|默念|记|话|说|骂|算)"
        + r"(?:(?!(?<![发得])(?:" + ZH_EMOTIONS + r"))[\u4e00-\u9fff]){1,8}?" + _ZH_END,
    ),
    # a state + 得慌 (how badly it is felt): "累得慌", "闷得慌", "堵得慌"
    ("degree", r"[\u4e00-\u9fff]得慌" + _ZH_END),
    # an emotion word + a degree complement: "高兴坏了", "累坏了", "急死了", "开心得不行"
    # (or a clause of what it did to the writer: "紧张得手心冒汗", "气得睡不着")
    (
        "degree",
        r"(?:" + ZH_EMOTIONS + r")(?:" + _feel.ZH_FEELING_DEGREE + r"|得(?![到了])[\u4e00-\u9fff]{1,6}?)" + _ZH_END,
    ),
    # a breath let out: "总算松了口气", "松了一口气", "叹了口气"
    ("breath", r"(?:松|舒|叹)了(?:一|一大|一长)?口(?:长)?气"),
    # a part of the body that of a sudden goes some way: "鼻子一酸", "眼圈都红了", "嗓子都堵了", "腿都软了"
    (
        "body",
        r"(?:鼻子|鼻头|眼眶|眼圈|眼睛|嗓子|喉咙|心头|心里|心|腿)(?:都|就|也|一下子?|是)?一?(?:酸|热|暖|紧|沉|凉|颤|红|湿|堵|软)"
        + _ZH_END,
    ),
    # a degree + a state said as a denial of its opposite: "有点不好意思", "心里其实有点不情愿", "挺不是滋味的"
    # (not a denied modal or verb: "有点不想去", "有点不敢")
    (
        "denied",
        r"(?:有点|有些|挺|怪|老|真|是真|心里|心头)(?:不大|不太|不)(?!想|要|会|能|用|敢|让|肯|该|行|够|对|知道|懂|去|来)"
        + r"[\u4e00-\u9fff]{2,3}?" + _ZH_END,
    ),
    # a parting felt: "舍不得", "我是真舍不得"
    ("parting", r"舍不得" + _ZH_END),
    # a fright, by what it did (the dream or the noise that did it before it): "吓醒了", "做噩梦吓醒了", "吓了一跳"
    ("fright", r"(?:(?![我额俺])[\u4e00-\u9fff]{1,6}?)?(?<![惊恐])吓(?:[醒坏死懵哭傻]了|了一?大?跳|得[\u4e00-\u9fff]{1,6}?)" + _ZH_END),
)
# what may stand before a frame in its clause: the writer, how surely or when, and a verb of the day the feeling came
# after ("签完合同回来累得慌", "听得鼻子一酸", "从考场出来心里乐开了花"); never a person or a thing ("秀梅腿软":
# 秀梅's legs), whose feeling it would be
_ZH_FEEL_ADVERBS = (
    r"(?:总算|终于|真的?|还是|也|又|倒|是真|是|其实|就|都|可|顿时|一下子?|当时|今天|昨天|这几天|这两天|这些天|最近|"
    r"这阵子|这段时间|近来|那几天|晚上|夜里|早上|昨晚|那会儿|一路上|整个人|一整天|整天)*"
)
_ZH_FEEL_BEFORE = (
    r"^(?:我|俺|额(?![度外头]))?" + _ZH_FEEL_ADVERBS  # (陕西 额 is 我)
    # what the feeling came after or at (a moment: "看到成绩那一刻", "找工作那阵子"), or who did it to the writer
    # ("被客户气得半死")
    + r"(?:[\u4e00-\u9fff]{1,8}?(?:得我?|出来|回来|过来|下来|完[\u4e00-\u9fff]{0,3}?|时候?|后|那一刻|那一瞬间?|那阵子|那段时间|那几天|那会儿?)"
    r"|(?:半夜|夜里|早上|晚上|刚才)?被[\u4e00-\u9fff]{1,6}?(?=(?:" + _feel.ZH_EMOTIONS_WITH_COMPLEMENT + r")))?" + _ZH_FEEL_ADVERBS
)
ZH_FRAMED_FEEL = re.compile(
    _ZH_FEEL_BEFORE + "(?P<frame>" + "|".join(f"(?:{p})" for _, p in ZH_FEELING_FRAMES) + ")"
)


# "好久没这么轻松了", "从来没这么开心过": how much a feeling is felt now, said as never before; no denial
_ZH_NEVER_SO = re.compile(r"(?:好久|很久|好久都|很久都|从来)没(?:有)?(?:这么|那么)(?=(?:" + ZH_EMOTIONS + r"))")


# a word of feeling that holds a 不 of its own (闷闷不乐, 坐立不安, 不安 itself stays a denial's business: "我不安" is
# unease, read by the lexicon; "心里不安" too)
_ZH_WORD_WITH_NOT = re.compile(r"闷闷不乐|郁郁寡欢|忐忑不安|坐立不安|六神无主|气不过|提不起劲|打不起精神")


def without_frame(body: str) -> str:
    """The clause without the feeling its frame says ("有点不好意思" holds no denial), nor a "never so" of degree."""
    body = _ZH_NEVER_SO.sub("", body)
    body = _ZH_WORD_WITH_NOT.sub("", body)  # "闷闷不乐", "忐忑不安": the 不 is the word's own
    m = ZH_FRAMED_FEEL.search(body)
    return body[: m.start("frame")] + body[m.end("frame") :] if m else body


# what a clause before a feeling says that makes it a scene of its own time, not a thing done the feeling came after:
# no act done (了, 过; "got", "finished"), and in English a state had then ("couldn't sleep last night, worried sick")
_ZH_DONE_IN = re.compile(r"[了过]")
_EN_SCENE = re.compile(r"(?i)^\W*(?:(?:I|we)\s+)?(?:couldn't|could not|couldnt|didn't|didnt|wasn't|was|were|been|kept|barely)\b")


def scene_time(sentence: str, times: list, at: int, said: date | None, zh: bool) -> object | None:
    """The time of the scene a feeling said with no time of its own is felt in: a past time said earlier in its
    sentence, in a clause that tells no act done ("上个月天天失眠，焦虑得不行", "昨晚想起外婆，哭得稀里哗啦",
    "couldn't sleep last night, worried sick"); None when there is none (an act done before a feeling, "辞职了，很后悔",
    leaves the feeling at the telling)."""
    before = [t for t in times if t.span[1] <= at and t.anchor is None and t.start is not None and t.end is not None]
    if not before:
        return None
    t = before[-1]
    if said is not None and t.end > said:
        return None  # a time to come: the feeling about it is felt at the telling
    if zh:
        return None if _ZH_DONE_IN.search(sentence, t.span[1], at) else t
    clause_open = max(sentence.rfind(",", 0, t.span[0]), sentence.rfind(".", 0, t.span[0])) + 1
    return t if _EN_SCENE.match(sentence, clause_open) else None


_WEEKDAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_RECURRING_UNIT = r"(?:day|week|morning|night|evening|weekend|month|year|summer|winter|spring|fall|" + _WEEKDAYS + ")"


# a feeling word used as a verb, what the clause goes to do: "去旅游放松一下", "想缓解焦虑" (no feeling said)
_ZH_FEELING_AS_VERB = re.compile(
    r"(?:去|想(?![到起])|能|可以|缓解|舒缓|释放|减轻|克服)[\u4e00-\u9fff]{0,4}?(?:" + ZH_EMOTIONS + r")"
    r"|(?:" + ZH_EMOTIONS + r")(?:一下|下)"
)


def _short_zh(body: str, zh: bool) -> bool:
    return not zh or (len(body) <= 14 and not _ZH_FEELING_AS_VERB.search(body))


# a Chinese verb + 了 + a span of months or years, or a span + 了 closing the clause: "在北京待了六年", "干了三年销售",
# "入坑飞盘三个月了": a state held over that span (where they lived, what they did), not a one-off event; a span of
# days is one ("在成都待了五天": a trip), and so is a time ago ("三年前")
ZH_SPAN = r"(?:快|近|将近|整整|差不多|足足)?[\d一二三四五六七八九十两几半]+多?个?多?(?:年|个月)(?!前|级|后|底|初|代)"
_ZH_LASTED = re.compile(r"[\u4e00-\u9fff]了" + ZH_SPAN + r"|" + ZH_SPAN + r"了")


# a diary's act of the day, said with no 了: taking someone somewhere or going there to do a thing ("送琪琪去六中报到",
# "重阳节带姆妈到协和复查", "跟老于去古文化街看灯", "今日去汕头大学考试"): a serial-verb clause that opens (after its
# time words) on the going, an event of that day, not a lasting state
_ZH_TRIP = (
    r"(?:^|(?<=[天日节午昼晚早]))(?:我们?)?(?:又|再|先|就|也|还|一起)?"
    r"(?:(?:送|带|陪|领|接|跟|和|同)[\u4e00-\u9fff]{1,4}?)?(?:去|到|回)(?![年过了来])[\u4e00-\u9fff]{2,12}?"
    r"(?:报到|复查|检查|看病|体检|考试|面试|看灯|逛|玩|拜年|上坟|扫墓|吃饭|看|办|拿|买|参加|开会|报名|签|交|取)"
)
ASPECTS: tuple[Aspect, ...] = (
    Aspect(
        name="feels",
        memory_type=MemoryType.EMOTION,
        en=_EN_FEEL,
        zh=re.compile(ZH_FRAMED_FEEL.pattern + "|" + ZH_FEEL.pattern),
        time=TimePolicy.SAID_ELSE_MENTION_DAY,
        scope=Scope.SESSION,
        confidence=0.1,
        tags=("state",),
        accept=_short_zh,
    ),
    Aspect(
        name="prefers",
        memory_type=MemoryType.PREFERENCE,
        en=re.compile(
            r"^(?:I|we)(?: really| just| also| totally| absolutely| still| truly| do| always| sure)*"
            r" (?:love|loved|like|liked|enjoy|enjoyed|prefer|adore|'m into|am into|'m a (?:big |huge )?fan of)\b"
            r"|^(?:really |just |also )?(?:love|enjoy)\b"
            # "My favorite dance style is...", "Harry Potter is my favorite book"; not "writing my favorite memories"
            r"|(?:^|\b(?:is|are|was|were|'s|be) )(?:my|our) (?:(?:all-time |absolute )?favou?rite|fave|top pick)\b"
            r"|\btop pick\b"
            r"|\b(?:passionate about|passion for|love for|obsessed with|can't get enough of|crazy about)\b"
            # a thing said to hold the writer up: "summer nights on the lake is the only thing that keeps me sane"
            r"|\bkeeps? (?:me|us) (?:sane|going|grounded|happy)\b|\b(?:is|are) (?:my|our) happy place\b",
            re.IGNORECASE,
        ),
        # (爱 before a verb of taking something in is a taste: "还是爱吃肉粽", "爱听评书"; not 可爱, 恋爱)
        zh=re.compile(r"喜欢|热爱|最爱|爱上|偏爱|讨厌|受不了|迷上|(?<![可恋热亲心])爱(?=吃|喝|看|听|玩|穿|逛|唱)"),
    ),
    Aspect(
        name="thinks",
        memory_type=MemoryType.OPINION,
        en=re.compile(
            r"^(?:I|we)(?:'ve| have)? (?:always )?(?:think|believe|reckon|feel like|feel that|realized|realised|"
            r"learned|learnt|found that|know that)\b",
            re.IGNORECASE,
        ),
        zh=re.compile(r"^(?:我)?(?:一直)?(?:觉得|认为|相信|感觉(?!很?(?:" + ZH_EMOTIONS + r")))"),
    ),
    Aspect(
        name="past",
        memory_type=MemoryType.FACT,
        en=re.compile(
            # "used to" as a past state, not "I'm used to the cold" (the word before, looked at once "used to" is found)
            r"\bused to\b(?<!\bam used to)(?<!'m used to)(?<!\bare used to)(?<!'re used to)(?<!\bis used to)"
            r"(?<!\bget used to)(?<!\bgot used to)(?<!\bbe used to)(?<!\bgetting used to)"
            r"|\b(?:as a (?:kid|child|boy|girl|teen|teenager|student)|back then|back in the day|once upon)\b"
            r"|\bwhen I was (?:a kid|a child|young|little|small|a teen|a teenager|in (?:school|college|high school))\b",
            re.IGNORECASE,
        ),
        # (not 过去 after a verb of going: "把猫也带过去" is taking it over there)
        zh=re.compile(
            r"(?<![年月天周前之])以前|曾经|小时候|当年|早年|(?<![年月天带拿送搬走跑飞开转寄调嫁赶传递回追游爬跳冲扔])过去(?![了的])"
        ),
        time=TimePolicy.ENDED,
        tags=("past_state",),
    ),
    Aspect(
        name="plans",
        memory_type=MemoryType.FACT,
        en=re.compile(
            r"\b(?:gonna|going to|will|'ll|plan to|plans to|planning|want to|wanting to|wanna|hope to|hoping to|aim to|"
            r"aiming|intend|thinking of|thinking about|considering|can't wait to|looking forward|getting ready|"
            r"preparing|prepping|next (?:week|month|year|summer|spring|fall|winter)|soon|upcoming"
            r"|dream of|dreaming of|(?:would|'d) (?:(?:also|really|so|just) )*(?:like|love) to)\b",
            re.IGNORECASE,
        ),
        zh=re.compile(
            r"(?<![在回冥思理感幻联构设猜])想(?![想起到家念法])|打算|计划|准备|决定|要去|明年|下个月|下周|以后|将来|目标"
            r"|希望|争取|考虑(?!到|过)"
            # 要 right after the writer, before what they will do: "我要带他月底去复查", "我也要去考个证" (not 要是,
            # 要不, 要么, 要命, 要紧, 要求, 要好; nor 要 of another, whose clause is not the writer's)
            r"|^(?:我|我们)?(?:还|也|就|都|一定|必须|得)?要(?![是不么命紧求好然])(?=[\u4e00-\u9fff])"
            # a resolve: "我是该锻炼了", "真该戒烟了" (its 了 says the time has come, not that it is done)
            r"|(?<!活)该(?=[\u4e00-\u9fff]{1,6}了)"
        ),
        time=TimePolicy.PLANNED,
        tags=("goal",),
    ),
    Aspect(
        name="habit",
        memory_type=MemoryType.FACT,
        en=re.compile(
            r"\b(?:usually|always|often|normally|typically|every (?:single |other )?" + _RECURRING_UNIT + r"|"
            r"each (?:day|week|morning|night|" + _WEEKDAYS + r")|on (?:" + _WEEKDAYS + r")s|"
            r"(?:" + _WEEKDAYS + r")s? (?:nights|mornings|evenings|afternoons)|"
            r"regularly|weekly|daily|nightly|on weekends|tend to|whenever|most (?:days|nights|mornings|weekends))\b",
            re.IGNORECASE,
        ),
        zh=re.compile(
            r"每(?:个|一)?(?:天|日|周|星期|礼拜|晚|早|个?月|年|次|逢)|经常|总是|习惯|坚持|平时|常常|一向|一般都|通常"
        ),
        time=TimePolicy.RECURRING,
        tags=("habit",),
    ),
    Aspect(name="state", memory_type=MemoryType.FACT, en=None, zh=_ZH_LASTED, accept=lambda _b, zh: zh),
    Aspect(
        name="event",
        memory_type=MemoryType.EVENT,
        en=re.compile(
            r"^(?!(?:I|we)(?:'ve| have) got\b)(?:(?:I|we|(?-i:[A-Z][a-z]+) and I)(?:'ve| have)?"
            r"(?: (?:just|finally|recently|also|already|even|actually|totally|officially|eventually|once))* "
            + _PAST
            + r"\b|(?:just |finally |recently |also )*"
            + _PAST
            + r"\b"
            # the writer's own thing done, said as a chat's headline: "keys collected!!", "visa approved", "passport
            # renewed", "the interview went good" (a thing called off or put back is a state of the plan: "the trip
            # is cancelled")
            + r"|^(?:(?:the|our|my)\s+)?(?:[\w\-]+\s+){0,2}?"
            + EN_OWN_THING
            + r"(?:\s+(?:is|was|are|were|got|has been|have been))?\s+(?:(?:finally|officially|just|all|already)\s+)?"
            + EN_OWN_HAPPENED
            + r"\b)",
            re.IGNORECASE,
        ),
        zh=re.compile(r"了|(?<=[\u4e00-\u9fff])过(?![年节敏去来日子])|是.{2,30}的[。！!~…]*$|" + _ZH_TRIP),
        time=TimePolicy.SAID_ELSE_BEFORE_MENTION,
    ),
    Aspect(name="state", memory_type=MemoryType.FACT, en=None, zh=None),  # whatever else holds now
)
