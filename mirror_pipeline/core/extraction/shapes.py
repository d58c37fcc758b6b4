"""Clause shapes that say nothing an agent could use, whatever their words (issue 10's junk, judged strictly).

One record per shape, built with keyword arguments: its name (the generic cause), the language it reads and its own
test on the clause body (as said, before any rewriting). The disclosure reader drops a clause any shape holds. The
shapes are how a clause is built, not lists of sentences:
- a pronoun or a demonstrative standing for something the clause never names ("I needed to do it for my biz",
  "I see them at least once a week", "我送她的是一条项链"): the memory would not say what it is about;
- a subject that is a thing, left out ("Gives me a visual of my progress": "it" gives), or a thing named by a relative
  clause or a role ("回来的飞机晚点了", "面试官问了很多问题"), or the weather ("路上下了小雨");
- a general remark on an activity with nobody in it ("Taking a risk is scary", "learning another language is tough"),
  most often a reply to the other person's news;
- a result clause of a verb + 得 ("听得我头都大了"): it finishes a sentence about something else;
- a clause with no content left once its time words and particles are gone ("一年又过去了").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mirror_pipeline.core.extraction.aspects import ZH_EMOTIONS
from mirror_pipeline.core.extraction.clauses import PAST_IRREGULAR, zh_after_lead

EN_WORD = re.compile(r"[a-z][a-z'\-]+")
FILLER = frozenset(
    "the and but for with that this those these there here was were are been being have has had just really very "
    "much so too also still even some any all more most such what when then than them they their its it's it "
    "i'm i've i'll i'd me my myself we our us you your yeah yes wow oh cool nice great awesome amazing good "
    "fun love loved like glad happy excited sure know think agree hope wait see hear mean true right totally "
    "thing things stuff lot lots time times day today way kind sort pretty quite super thanks thank sorry okay "
    "definitely absolutely can't don't didn't won't not now got get gets going gonna gotta make makes made "
    "feel feels felt one something anything everything about from into out over back again well keep kept "
    # the words of encouragement and of slogans: "I'm gonna keep pushing to make my dreams happen", "We rock as a
    # team", "I'm staying determined and focused" hold no fact about the person
    "dream dreams dreaming goal goals best difference impact journey ride determined focused motivated motivation "
    "pushing push keeping follow rest worth happen happens happening team together chase chasing forward looking "
    "memories memory moment moments potential success proud grateful thankful support supportive encouragement "
    "effort efforts positive vibes crazy wild real huge big step steps whole rock rocks "
    "reach reaching give giving trying try believe believing myself ourselves "
    # adverbs, and the conversation itself ("been a while since we chatted")
    "first usually often sometimes ever already finally recently actually personally while since chat "
    "chatted talk talked spoke speak catch caught how we've we're we'll we'd heart hearts each other others "
    "staying that's there's here's what's key".split()
)


POINTER = "pointer without antecedent"


@dataclass(frozen=True)
class Shape:
    name: str
    zh: bool  # the language of the clauses it reads
    holds: Callable[[str], bool]  # the clause body, as said


# a third-person pronoun, or a demonstrative used as a pronoun (not "this week", not "that I ...", not "this book")
_EN_POINTER = re.compile(
    r"\b(?:it|them|him|her|his|their|theirs|they|he|she|there)\b|(?<=like )(?:that|this)\b"
    r"|\b(?:this|these|those)\b(?=\s*$|\s*[.,!?;:)\-–—]|\s+(?:is|was|'s|are|were|has|had|will|would|can|could|for|to|"
    r"with|in|on|at|so|too|really|very|and|but|of|from|up|out|about|because|when|as|again|one)\b)"
    r"|\bthat\b(?=\s*$|\s*[.,!?;:)\-–—]|\s+(?:is|was|'s|are|were|has|had|will|would|can|could|for|with|on|at|so|too|"
    r"really|very|and|but|of|from|up|out|about|again|one|feeling|stuff|thing)\b)",
    re.IGNORECASE,
)
# what a pointer may point back to inside the clause: a noun phrase (not the clause's own subject) or a name
_EN_ANTECEDENT = re.compile(r"(?i:(?<=\s)(?:a|an|the|my|our|some|his|her|their)\s+[a-z]{3,})|(?<=\s)[A-Z][a-z]{2,}")
_EN_NAME = re.compile(r"(?<=\s)[A-Z][a-z]{2,}")
_EN_TIME_THAT = re.compile(
    r"(?i)\b(?:this|that|these|those) (?:week|weekend|month|year|day|night|morning|afternoon|evening|time|summer|"
    r"spring|fall|autumn|winter|semester|season|past|last|next|few|couple)\b"
)
# a demonstrative and a bare noun closing the clause: "I'm reading this book", "a huge fan of this genre"
_EN_SHOWN_THING = re.compile(r"(?i)\b(?:this|that|these|those)(?:\s+[a-z\-]+){1,2}\s*[.!?~]*$")


# the pointer is the clause's object, at its end or before a closing adverb: "I've put lots of hard work into it",
# "I'm going to try making it tonight", "we chose to write about this": the words before it are the verb and its
# other objects, which it does not point back to; only a named noun phrase or a name can be what it stands for
_EN_OBJECT_POINTER = re.compile(
    r"(?i)\b(?:it|them|this|that|those|these|him|her)(?:\s+(?:too|again|now|tonight|today|soon|lately|anymore|"
    r"together|out|up|off|down|first|already|a lot|so much|every day|because\b.*))?\s*[.!?~]*$"
)


def _en_pointer(body: str) -> bool:
    return en_pointer_at(body) is not None


def en_pointer_at(body: str) -> re.Match[str] | None:
    """A pronoun right after the verb, before anything is named: "I pitched it to some producers", "I see them at
    least once a week"; one after a named thing may point back to it ("I'm doing kickboxing and it's giving me...").
    The pointer's match, or None (the conversation may name what it stands for: `antecedent.py`)."""
    m = _EN_POINTER.search(body) or _EN_SHOWN_THING.search(body)
    return m if m is not None and _en_points_nowhere(body, m) else None


def _en_points_nowhere(body: str, m: re.Match[str]) -> bool:
    if _EN_TIME_THAT.match(body, m.start()):
        return False
    said = m.group(0).lower()
    if _EN_DUMMY.match(body, m.start()) or _EN_NAME.match(body, m.end() + 1):
        return False  # "I feel it's important to...", "made it to the top"; "I named her Tilly"
    if said in _PERSONAL and _EN_PERSON_SUBJECT.match(body):
        return False  # "My one-year-old is so cute, his name is Kyle": the subject is who "his" is
    if said == "there":  # a place: only a name before it says which
        return not _EN_NAME.search(body, 0, m.start())
    if _EN_ANTECEDENT.search(body, 0, m.start()):
        return False
    if _EN_OBJECT_POINTER.match(body, m.start()) and not re.search(r"(?i)\ball (?:of )?$", body[: m.start()]):
        return said != "there"  # "..., all of that" closes a list
    # what is named before it, leaving out the verb that takes it and the past participles ("decided to include this")
    words = EN_WORD.findall(body[: m.start()].lower())
    if words and words[-1] not in FILLER:
        words = words[:-1]
    named = [w for w in words if w not in FILLER and len(w) > 2 and not w.endswith("ed")]
    return len(named) < 2


_EN_DUMMY = re.compile(
    r"(?i)it(?:'s| is| was) (?:\w+ )?(?:\w+) (?:to|that|how|when)\b|(?<=made )it to\b|(?<=make )it to\b"
)
_PERSONAL = frozenset(("he", "she", "his", "her", "him"))
_NOT_ONLY_PAST = {"read", "put", "set", "cut", "let", "hit", "hurt", "shut"}
_EN_PAST_WORD = re.compile(r"(?i)\b(?:" + "|".join(sorted(PAST_IRREGULAR - _NOT_ONLY_PAST)) + r")\b")
_EN_PERSON_SUBJECT = re.compile(r"(?i)^(?:my|our) [\w\-]+")


# a slogan: "I'm gonna make my dreams come true", "I'm going for my dreams", "We've put our hearts into our dreams"
_EN_SLOGAN = re.compile(r"(?i)\b(?:my|our|the)\s+(?:dreams?|goals?|best|potential|hearts?|passion)\b")


def _en_slogan(body: str) -> bool:
    if not _EN_SLOGAN.search(body):
        return False
    named = [w for w in EN_WORD.findall(body.lower()) if w not in FILLER and len(w) > 2]
    return len(named) < 3


# a noun phrase of the writer's with no verb: "my own dance studio", "my own grit" (a fragment cut from a sentence)
_EN_VERB = re.compile(
    r"(?i)\b(?:am|is|are|was|were|be|been|being|has|have|had|do|does|did|will|would|can|could|should|shall|may|"
    r"might|must|gonna|wanna|gotta|need|needs|want|wants|get|gets|got|give|gives|gave|make|makes|made|keep|keeps|"
    r"kept|feel|feels|felt|go|goes|went|take|takes|took|mean|means|meant|\w+ed)\b|'(?:s|re|m|ve|ll|d)\b"
)
_EN_POSSESSIVE_HEAD = re.compile(r"(?i)^(?:my|our)\s")


def _en_fragment(body: str) -> bool:
    return bool(_EN_POSSESSIVE_HEAD.match(body)) and not _EN_VERB.search(body) and not _EN_PAST_WORD.search(body)


# an exclamation about a moment: an -ing subject judged with a superlative ("Seeing my mentee's face light up was
# the best!", "Realizing I can be me was the best part", "Being around people who back me up is beyond words"): it
# ranks a moment, it states nothing an agent could use
_EN_MOMENT_RANKED = re.compile(
    r"(?i)^\w+ing\b.*\b(?:is|was|were|are|has been|'s been)\s+(?:(?:definitely|really|truly|just|so|by far)\s+)*"
    r"(?:the best(?: part| thing| feeling| moment)?|(?:my|our) (?:favou?rite|best) (?:part|moment|thing)|"
    r"beyond words|(?:the )?highlight)\b"
)
# "we" with a modal of ability or need, and no time: "We can tackle life's challenges together", "We need to show our
# support however we can", "we can always count on them": an exhortation to the listener, not something that happened
_EN_EXHORTATION = re.compile(
    r"(?i)^we\s+(?:(?:all|both|really|always|just|definitely|totally|still|sure)\s+)*"
    r"(?:can|could|should|must|need to|have to|gotta|get to|ought to)\b"
)


# a promise to go on, said back to encouragement: "I'll keep plugging away and stay optimistic", "I'm gonna keep
# grinding and moving ahead", "I'll make sure to have a safe trip": what would go on is not named
_EN_PROMISE = re.compile(
    r"(?i)^(?:I|we)(?:'ll| will|'m gonna|'m going to| am going to| am gonna|'re gonna|'re going to)"
    r"(?:\s+(?:just|definitely|always|really|totally|still|sure))*\s+(?:keep|stay|continue|make sure|never give up)\b"
)
_RESOLVE = frozenset(
    "plugging away optimistic hopeful grinding moving ahead strong working hard pushing fighting hustling going "
    "safe sure mind trip positive head stay staying continue never".split()
)


def _en_promise(body: str) -> bool:
    if not _EN_PROMISE.match(body):
        return False
    named = [w for w in EN_WORD.findall(body.lower()) if w not in FILLER and w not in _RESOLVE and len(w) > 2]
    return not named  # "I'm going to keep writing" names what goes on


# an object named only vaguely, with nothing else said: "I've been working on a project lately", "Also picked up
# new skills", "We had some really nice family time", "I'm learning a ton": what the project or the skills are is
# the memory, and it is not there
_VAGUE = frozenset(
    "project projects something skills skill stuff things thing funds money time ton lot lots challenges challenge "
    "energy purpose surge progress ideas idea experience experiences exciting new different lately".split()
)


def _en_vague(body: str) -> bool:
    words = EN_WORD.findall(body.lower())
    if not any(w in _VAGUE for w in words):
        return False
    named = [w for w in words if w not in FILLER and w not in _VAGUE and len(w) > 2]
    return len(named) < 2


# a noun whose sense lies in what it is of or for, said with nothing it names: "paid 1,850 euro deposit already"
# (a deposit on what), "I want second opinion" (on what), "I read wrong the booking", "I am goalkeeper because I am
# slowest" (of which team): the thing that makes the memory worth keeping is elsewhere (the clause or sentence before,
# or a message the memory does not hold). A complement after the noun ("deposit on the flat", "goalkeeper for Cabra
# United", "second opinion from a mechanic") or a name before it ("the Ryanair booking") names it.
_EN_RELATIONAL = (
    r"(?:deposit|down ?payment|fee|fees|instal(?:l)?ment|refund|fine|(?:second )?opinion|advice|feedback|decision|"
    r"booking|reservation|goalkeeper|goalie|keeper|captain|striker|defender|midfielder|treasurer|secretary|"
    r"member|referee|sub|substitute)"
)
# (the verb and its adverbs before the noun: no preposition or determiner among them, which would name another thing
# first: "joined the choir as a member")
_EN_VERB_WORD = r"(?!(?:of|for|on|in|at|with|from|about|to|as|the|a|an|my|our|that|this|his|her|their)\b)[a-z']+"
_EN_BARE_RELATIONAL = re.compile(
    r"(?i)^(?:I|we)\b(?:'m|'ve|\s+" + _EN_VERB_WORD + r"){1,4}?\s+"
    r"(?:(?:the|a|an|my|our|that|this)\s+)?(?:[\d.,]+\s*(?:k|euro|euros|eur|dollars?|pounds?|€|\$)?\s+)?"
    + _EN_RELATIONAL
    + r"\b(?P<rest>.*)$"
)
_EN_COMPLEMENT = re.compile(r"(?i)\b(?:of|for|on|at|in|with|from|about|to|towards)\s+\S")


def en_bare_referent(body: str) -> bool:
    """The writer's clause (its I / we said, or left out) whose object or role is a relational noun with nothing it
    names (`_EN_RELATIONAL`): kept only joined to a memory that names it."""
    m = _EN_BARE_RELATIONAL.match(body if re.match(r"(?i)(?:I|we)\b", body) else "I " + body)
    return m is not None and _EN_COMPLEMENT.search(m["rest"]) is None


# a phrase opening with a preposition, no statement in it: "After my last run", "For my birthday"
_EN_PHRASE = re.compile(r"(?i)^(?:after|before|during|with|for|from|at|in|on|of|until|about|like|as)\b")


# "Gives me a visual", "Helps me keep track": a verb in the third person opens the clause, its subject ("it") left out
_EN_IT_LEFT_OUT = re.compile(r"^(?:also |really |just |still |always )?[A-Za-z]+[^s\W]s (?:me|my|us|our)\b")
# "Taking a risk is scary", "Having support like that is so important": an activity in general, judged
_EN_GENERAL = re.compile(
    r"(?i)^(?:\w+ing)\b(?:(?!\b(?:I|me|my|myself)\b)[^,;])*?\b(?:is|are|can be|must be|'s|was|were)\b"
)
_EN_SELF = re.compile(r"(?i)\b(?:I|me|my|myself)\b")  # "ourselves", "our" in a general remark are anyone's

_ZH_PERSON_NOUN = re.compile(
    r"[妈爸哥姐弟妹婆公爷奶舅姨叔伯姑儿女友事学生师板导人家猫狗]|老公|老婆|对象|孩子|先生|太太|同伴|宝宝"
)
_ZH_POINTER = re.compile(r"(?<!其)[他她它](?!们的?家)")
# a demonstrative closing the clause with only a word of kind: "喜欢那种感觉", "就是这样": what it is, said before
_ZH_DEICTIC_END = re.compile(r"[这那](?:种|样|个)(?:的)?(?:感觉|感受|氛围|状态|事|东西|样子)?[的了啊呀吧。！!~]*$")


def _zh_pointer(body: str) -> bool:
    if _ZH_DEICTIC_END.search(body):
        return True
    m = _ZH_POINTER.search(body)
    return m is not None and not _ZH_PERSON_NOUN.search(body, 0, m.start())


# a thing as the subject: a relative clause ("回来的飞机", "做出来的碗"), a role ("面试官", "售货员"), the weather
_ZH_THING_SUBJECT = re.compile(
    # "回来的飞机", "做出来的碗"; not "读的是金融" (what the writer reads), not "把闲置的次卧租出去" (a preposition)
    # (not the writer's own: "我跟我的朋友一起去看了电影")
    r"^(?![把被给跟和在从对为向])(?![\u4e00-\u9fff]{0,2}我的)[\u4e00-\u9fff]{1,3}的(?=[\u4e00-\u9fff])(?!时候|话|是)"
    r"|^[\u4e00-\u9fff]{1,3}(?:官|员|师傅|师|生)(?=[问说让给叫要把帮跟对])"
)
_ZH_WEATHER = re.compile(
    r"下(?:了|起了?)?(?:一场)?(?:大|小|中|暴|毛毛)?[雨雪]|下(?:了|起了?)[^，。]{0,6}?[雨雪]|刮(?:了|起了?)?(?:大)?风|打雷|起雾"
    r"|飘(?:了|起了?)?(?:点|些|一阵)?(?:小|毛毛)?[雨雪]"
)
# V得 + its result: "听得我头都大了", "写得很好"; a feeling's own 得 ("累得不行") says how the writer felt
_ZH_RESULT = re.compile(r"^(?!(?:" + ZH_EMOTIONS + r"))[\u4e00-\u9fff]得")
# a line of one day's timetable (流水账): a clock time it ran to, or the body's routine (a meal, a nap, a wash, the
# commute, the phone): "回来洗完澡已经十点了", "中午在医院食堂随便吃了点", "下午回来补觉补到五点"
_ZH_ROUTINE = re.compile(
    r"(?:已经|到|至)(?:早上|上午|中午|下午|傍晚|晚上|半夜|夜里)?[一二三四五六七八九十两\d]{1,3}点|"
    r"凌晨[一二三四五六七八九十两\d]{1,3}点|刷到|"
    # a part of one day spent on something: "搞了一晚上PPT"
    r"了(?:一|整整一|一整)(?:个)?(?:晚上|下午|上午|早上|整天|天|夜|通宵)|"
    r"(?<![想爱])吃了(?![^，。]*药)|随便吃|补觉|午睡|到账|"
    r"[洗冲](?:完|了)?(?:个)?(?:冷水|热水)?澡|洗漱|起床|[赶挤]地铁|刷(?:了)?(?:会儿?|一会儿?)?手机|躺(?:在)?床上|点了外卖|[跑去]了一趟|"
    r"[一二三四五六七八九十两\d]点(?:多|半)?(?:就|才)?起(?:床|来)"
)
# a pain said with no part of the body it is in ("坐久了就疼"): the part was named in an earlier clause
_ZH_PAIN_NOWHERE = re.compile(
    r"^(?!.*(?:头|腰|腿|膝|胃|牙|肚|背|脖|肩|眼|嗓|喉|手|脚|胸|颈|关节)).*(?:疼|痛)[了的啊]?[。！!~]*$"
)
_ZH_PARTICLES = re.compile(r"[了的着过也又还就都很挺太真啊呀吧呢嘛啦哦去来]")


def _zh_empty(body: str) -> bool:
    rest = zh_after_lead(body)
    return len(_ZH_PARTICLES.sub("", re.sub(r"[^\u4e00-\u9fffA-Za-z0-9]", "", rest))) < 2


# a record's identifier: an order / parcel / tracking number, a version, a commit, a ticket, a build ("订单号
# DB20260720158834", "torch 2.4.1+cu121, commit a3f9c2e1, ticket LUM-4821", "release 4.18.2, build 20261105.3"):
# a clause that carries one is a line of a record, not something the person said about themselves
_RECORD_ID = re.compile(
    r"(?<![\w.])(?:[A-Z]{2,}\d{8,}|v?\d+\.\d+\.\d+(?:[+\-.][\w.]+)?|\d{8}\.\d+|[A-Z][A-Z\d]+-\d{3,}|#\s?[\w-]*\d{3,}[\w-]*)(?![\w.])"
    r"|(?i:\b(?:commit|sha|hash|build|ticket|order|tracking|pr)\s*#?\s*[0-9a-f]{6,}\b)"
    r"|(?:订单号|单号|运单号|快递单号|工单|提交|版本号?)\s*[:：]?\s*[A-Za-z\d][\w.\-]{3,}"
)
# a verb whose object was left in an earlier clause, with only how often or how much after it: "每天早上量一次"
_ZH_OBJECT_LOST = re.compile(
    r"^[\u4e00-\u9fff]{1,2}(?:了|过)?[一两三四五六七八九十几\d]+(?:次|下|遍|回)$"
    # or a verb with only how long it took or how much it cost: "花了小半年", "折腾了一整天", "聊了一个半小时",
    # "备考了三个月" (for which exam: the clause before says), "垫了快两万块" (for what)
    r"|^[\u4e00-\u9fff]{1,2}了(?:快|近|小|大|整整|足足)?[一两三四五六七八九十几半\d]*个?半?多?整?"
    r"(?:天|年|个月|周|小时|晚上|下午|上午|万块|千块|块钱|块|万|千|元)$"
    # or with only "a little" of it: "跟老婆商量了一下", "看了看"
    r"|^(?:(?:跟|和|陪|与|给)[\u4e00-\u9fff]{1,3})?[\u4e00-\u9fff]{1,2}了一下$"
    # or a verb closing the clause after "together", its object named before: "跟队里的人一起练"
    r"|.*(?:一起|一块儿?)[练学玩打踢做弄搞]$"
    # or only keeping it up: "希望能坚持下来" (what, the clause before says)
    r"|^(?:希望|想|要|打算|争取)?能?(?:坚持|继续|撑|熬)(?:下来|下去|住)(?:了|吧)?$"
)


def _zh_object_lost(body: str) -> bool:
    rest = zh_after_lead(re.sub(r"^(?:我们|我)?(?:自己)?", "", body))
    rest = re.sub(r"^(?:早上|晚上|中午|下午|上午|都|也|会|要|再)+", "", rest)
    return bool(_ZH_OBJECT_LOST.match(_ZH_END_MARKS.sub("", rest)))


_ZH_END_MARKS = re.compile(r"[。！!~～…\s]+$")


def _record(body: str) -> bool:
    return bool(_RECORD_ID.search(body))


SHAPES: tuple[Shape, ...] = (
    Shape(name="a record's identifier", zh=False, holds=_record),
    Shape(name="a record's identifier", zh=True, holds=_record),
    Shape(name="a verb whose object is elsewhere", zh=True, holds=_zh_object_lost),
    Shape(name=POINTER, zh=False, holds=_en_pointer),
    Shape(name="subject 'it' left out", zh=False, holds=lambda b: bool(_EN_IT_LEFT_OUT.match(b))),
    Shape(name="a slogan", zh=False, holds=_en_slogan),
    Shape(name="a fragment with no verb", zh=False, holds=_en_fragment),
    Shape(name="an exclamation about a moment", zh=False, holds=lambda b: bool(_EN_MOMENT_RANKED.match(b))),
    Shape(name="an exhortation", zh=False, holds=lambda b: bool(_EN_EXHORTATION.match(b))),
    Shape(name="a promise to go on", zh=False, holds=_en_promise),
    Shape(name="an object named only vaguely", zh=False, holds=_en_vague),
    Shape(
        name="a phrase, no statement",
        zh=False,
        holds=lambda b: bool(_EN_PHRASE.match(b)) and len(b.split()) <= 6,
    ),
    Shape(
        name="a general remark on an activity",
        zh=False,
        holds=lambda b: bool(_EN_GENERAL.match(b)) and not _EN_SELF.search(b),
    ),
    Shape(name=POINTER, zh=True, holds=_zh_pointer),
    Shape(name="a thing as the subject", zh=True, holds=lambda b: bool(_ZH_THING_SUBJECT.match(zh_after_lead(b)))),
    Shape(name="the weather", zh=True, holds=lambda b: bool(_ZH_WEATHER.search(b))),
    Shape(name="a day's routine", zh=True, holds=lambda b: bool(_ZH_ROUTINE.search(b))),
    Shape(name="a pain with no part of the body", zh=True, holds=lambda b: bool(_ZH_PAIN_NOWHERE.match(b))),
    Shape(name="a result clause", zh=True, holds=lambda b: bool(_ZH_RESULT.match(zh_after_lead(b)))),
    Shape(name="nothing left but time words and particles", zh=True, holds=_zh_empty),
)
_BY_LANGUAGE = {zh: tuple(s for s in SHAPES if s.zh is zh) for zh in (True, False)}


def empty(body: str, zh: bool) -> Shape | None:
    """The first shape that holds of the clause: it says nothing an agent could use."""
    return next((s for s in _BY_LANGUAGE[zh] if s.holds(body)), None)


def points_nowhere(text: str, zh: bool) -> bool:
    """A liked thing or a view that is only a pointer: "their work", "it", "这个" (a pattern's object)."""
    return _zh_pointer(text) or text in ("这个", "那个", "这些", "那些") if zh else _en_pointer(text)
