"""The offline, rule-based extractor (section 9.3): patterns in Chinese and English, no model, no network.

Trust over coverage: only what the user said can become a memory about the user; questions, hypotheticals,
negations, reported speech, quoted or pasted text and other people's words are left out rather than guessed at.
Opinions are kept as opinions and emotions as dated snapshots of the user's state (P4), never as facts.

Speed: one combined regular expression of cue words tells which few patterns can possibly match a sentence; a
message with no cue at all costs one scan.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, tzinfo
from functools import cache

from mirror_pipeline.core.entities import is_place
from mirror_pipeline.core.extraction import feelings as _feel
from mirror_pipeline.core.extraction import tense
from mirror_pipeline.core.extraction.aspects import scene_time
from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.extraction.clauses import EN_ROLE_WORDS as _EN_ROLE_WORDS
from mirror_pipeline.core.extraction.clauses import NOT_A_TWIN_NAME as _NOT_A_TWIN_NAME
from mirror_pipeline.core.extraction.clauses import ZH_KIN_CANON as _ZH_KIN_CANON
from mirror_pipeline.core.extraction.clauses import ZH_SURNAMES
from mirror_pipeline.core.extraction.clauses import ZH_TIME_LEAD as _ZH_TIME_LEAD
from mirror_pipeline.core.extraction.sensitivity import of_clause as sensitivity_of
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
from mirror_pipeline.core.text import CJK_CHAR, normalize, sentences, stable_id
from mirror_pipeline.core.timeexpr import (
    Tense,
    TimeMention,
    as_absolute,
    clause_tense,
    compared,
    find_times,
    local_moment,
    may_recur,
    opening_time,
    told_day,
    without_relative_times,
)

EXTRACTOR = "rules"
# 0.3.19: session 21 merged (relationships said once with a kin word and a name, names taken up across messages,
# clauses that go on with a person; a month without a year by whether it has begun; feelings by their construction);
# 0.3.8: session 7 merged (recall: verbless news, passives, what an employer did to the writer, more Chinese
# diary verbs; precision: replies that take advice, Chinese pointers, diary names; REVIEW-5: named subjects, patient
# records, negated diagnoses, questionnaire items; time: rescheduled days, day ranges);
# 0.3.7: session 6 merged (time: days said without their week, month or year dated by the clause's tense, notes'
# --when; recall: questions, replies, appositions on MemoryBank; precision: pointers read from the conversation; lead:
# kin topic chains, moves to unknown names, own-document requests, Latin names in Chinese prose);
# 0.3.5: session 5 (Chinese clause shapes, tense); 0.3.4: English clause roles (issue 10 precision); 0.3.3: REVIEW-1
# (English subjects, records, kin lists, avoids); 0.3.2: shapes
EXTRACTOR_VERSION = "rules-0.3.19"
MAX_SENTENCE = 400  # characters
USER = "user"

F, E, OP, P, R, M = (
    MemoryType.FACT,
    MemoryType.EVENT,
    MemoryType.OPINION,
    MemoryType.PREFERENCE,
    MemoryType.RELATIONSHIP,
    MemoryType.EMOTION,
)
LOW, MEDIUM, HIGH = Sensitivity.LOW, Sensitivity.MEDIUM, Sensitivity.HIGH

_ZH_STOP = (
    r"(?=$|[，。,.!！？?；;、\s]|了|啦|呢|吧|的|以后|之后|工作|上班|住|生活|读书|念书|读|念|学习|出生|长大"
    r"|挺|很|真的|比较|非常|特别|还是|离|快|已经"  # 住在北京挺好的: the place ends where its description starts
    r"|[一二三四五六七八九十两几\d]+(?:年|个月|天|周|多年))"
)
# the user as the subject of a Chinese clause: 我 / 我们, or nothing after a comma when the sentence began with the
# user ("我已经不住在北京了，现在住在天津"); `_elided_ok` checks that second case
# 我 as the object of someone else's verb is not the user speaking of self: 妈妈让我搬到上海, 他问我住在哪
# (or nothing opening a diary's sentence: "从浦东搬到了徐汇", read when its first clause has no subject)
_ZH_I = r"(?:(?<![问让叫帮替给跟和对劝逼求望教请催骗])我们?(?:家|一家|俩)?|(?P<cont>(?<=[，,；;])\s?|^))"
# what may stand between 我 and the verb: times and adverbs ("我去年搬到了上海", "我2015年到2018年在微软工作")
_ZH_WHEN = (
    r"(?:[\d一二三四五六七八九十两〇零]+(?:年|月份?|日|号)|去年|今年|前年|今天|昨天|前天|刚才|周末|上周末|不得不|只好|上个?月|这个?月|上周|上个?星期|最近|刚刚|刚|已经|"
    r"终于|也|又|现在|目前|如今|底|初|中|左右|的?时候|一直|还|仍然|依然|应该是|大概|可能|好像|是|从|到|至|本科|硕士|"
    r"研究生|博士|那年|当年|春节后|春节前|前后)*"
)
_ZH_OBJ = r"(?P<obj>[A-Za-z0-9\u4e00-\u9fff·\- ]{1,20}?)"
_ZH_PHRASE = r"(?P<obj>[^，。,.!！？?；;\n]{1,30})"
_EN_OBJ = r"(?P<obj>[A-Z][\w&.\-]*(?: [A-Z][\w&.\-]*){0,3})"
# a place as typed in a hurry ("i live in tokyo"): lower case only for a place the gazetteer knows (checked later)
_EN_PLACE = r"(?P<obj>(?:[A-Z][\w&.\-]*(?: [A-Z][\w&.\-]*){0,3}|[a-z][a-z]+(?: [a-z]+){0,2}?))"
_EN_ORG = r"(?P<obj>[A-Z][\w&.\-]*(?: (?:of |de |for |and |the )?[A-Z][\w&.\-]*){0,4})"
_EN_PHRASE = r"(?P<obj>[^.,;!?\n]{2,60}?)"
_EN_END = r"(?=$|[.,;!?\n)]| [a-z(])"
_EN_PHRASE_END = r"(?=$|[.,;!?\n]| because| but| when| since| so that| if| and (?:I|I'|we|my|she|he|they)\b)"
_EN_I = r"\b(?:I|[Ww]e)"
# verbs of a state, not of something one sets out to do: "不住在东京了", "不在谷歌工作了", "不喜欢吃辣了",
# "不疼了" end a state (the tense reader's), they call off no plan
_ZH_STATIVE = r"在|住|是|有|喜欢|爱|讨厌|认识|知道|会|能|行|疼|痛|舒服|难受|好|对|错|累|怕|像|属于|需要|用"
# a change of mind said as such: "not going to ... anymore / after all" (without it, a plain negative)
_EN_OFF_END = r"(?: anymore| any more| after all)" + _EN_PHRASE_END

ZH_RELATIONS = {
    "表哥": "cousin",
    "表姐": "cousin",
    "表弟": "cousin",
    "表妹": "cousin",
    "堂哥": "cousin",
    "堂姐": "cousin",
    "堂弟": "cousin",
    "堂妹": "cousin",
    "哥哥": "brother",
    "弟弟": "brother",
    "姐姐": "sister",
    "妹妹": "sister",
    "妻子": "wife",
    "老婆": "wife",
    "太太": "wife",
    "丈夫": "husband",
    "老公": "husband",
    "先生": "husband",
    "爸爸": "father",
    "父亲": "father",
    "妈妈": "mother",
    "母亲": "mother",
    "儿子": "son",
    "女儿": "daughter",
    "上司": "manager",
    "领导": "manager",
    "经理": "manager",
    "主管": "manager",
    "组长": "manager",
    "老板": "boss",
    "同事": "colleague",
    "朋友": "friend",
    "好朋友": "friend",
    "闺蜜": "friend",
    "室友": "roommate",
    "女朋友": "girlfriend",
    "男朋友": "boyfriend",
    "导师": "advisor",
    "前夫": "ex-husband",
    "前妻": "ex-wife",
    # kin by marriage, as a diary names them ("我家婆", "小姑子凤芝", "我弟媳秋红"); 婆婆 / 公公 of a married writer
    "家婆": "mother-in-law",
    "婆婆": "mother-in-law",
    "岳母": "mother-in-law",
    "丈母娘": "mother-in-law",
    "家公": "father-in-law",
    "公公": "father-in-law",
    "岳父": "father-in-law",
    "老丈人": "father-in-law",
    # a region's words for a wife and a daughter (陕西 婆娘, 北方 媳妇儿, 闺女), a friend since childhood
    "婆娘": "wife",
    "媳妇": "wife",
    "媳妇儿": "wife",
    "闺女": "daughter",
    "发小": "friend",
    "老同学": "friend",
    "小姑子": "sister-in-law",
    "嫂子": "sister-in-law",
    "弟媳": "sister-in-law",
    "小叔子": "brother-in-law",
    "姐夫": "brother-in-law",
    "妹夫": "brother-in-law",
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
        "ex-husband",
        "ex-wife",
        # the animals a household keeps are its members too ("my dog Laddoo", "our cat Miso")
        "dog",
        "cat",
    )
}
EN_RELATIONS.update(
    {"mom": "mother", "dad": "father", "best friend": "friend", "coworker": "colleague", "co-worker": "colleague"}
)
FAMILY = {"cousin", "brother", "sister", "wife", "husband", "father", "mother", "son", "daughter", "partner"} | {
    "mother-in-law",
    "father-in-law",
    "sister-in-law",
    "brother-in-law",
}
_ZH_REL = "|".join(sorted(ZH_RELATIONS, key=len, reverse=True))
_EN_REL = "|".join(sorted(EN_RELATIONS, key=len, reverse=True))
_ZH_KIN_IN = (
    "爸妈|父母|爸爸|妈妈|哥哥|弟弟|姐姐|妹妹|表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|老婆|老公|女朋友|男朋友|"
    "儿子|女儿|爷爷|奶奶|外公|外婆"
)
_ZH_AVOID = r"(?:不太能|不能|不怎么|不敢|从不|不)(?:吃|喝|碰)[^，。,.!！？?；;]{1,8}"
_EN_AVOID = (
    r"(?:don't|do not|can't|cannot|never) (?:eat|drink|touch) [^,.;!?]{2,30}?(?=$|[,.;!?]| and\b)"
    r"|(?:can't|cannot) handle (?:spicy|dairy|gluten|alcohol|caffeine|lactose|heat)[^,.;!?]{0,20}?(?=$|[,.;!?]| and\b)"
    # a chat's "I don't do coffee after noon anymore": a thing the writer keeps away from (not "don't do well", "don't
    # do that", "don't do much": no thing named)
    r"|(?:don't|do not) do (?!(?:well|that|it|this|these|those|anything|much|enough|so|a|an|the|my|any|what|it's|"
    r"them|stuff|things)\b)[a-z][^,.;!?]{1,30}?(?=$|[,.;!?]| and\b)"
)
# A Chinese personal name: a common surname and one or two characters, or 小王 / 老张 / 阿杰, or 张老师
_SURNAMES = ZH_SURNAMES
_NAME_STOP = (
    r"(?=$|[，。,.!！？?、；;\s]|一起|今天|昨天|明天|最近|在|是|和|跟|也|都|的|要|会|去|来|搬|刚|已经|就|还|又|说|叫|人|很"
    r"|特别|非常|今年|去年|明年|每天|正在|正|上了|上学|读|念)"
)
_ZH_NAME = (
    rf"(?P<obj>(?:[小老阿][\u4e00-\u9fff]|[{_SURNAMES}](?:老师|教授|总|经理|医生|哥|姐)|[{_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
    rf"|[A-Z][a-z]+){_NAME_STOP}"
)
_EN_NAME = r"(?P<obj>[A-ZÀ-Þ][a-zß-ÿ]+(?: [A-ZÀ-Þ][a-zß-ÿ]+)?)\b"  # "Daniel Krüger", "Frau Öztürk"
_ZH_FAMILY_REL = "|".join(
    sorted((r for r, en in ZH_RELATIONS.items() if en in FAMILY and r not in ("先生", "太太")), key=len, reverse=True)
)
# a nickname said after a kin word: 阿 / 小 and one character ("阿杰", "小燕"), or a Latin name; not a word that opens
# with the same character (小时候, 小学, 阿姨)
_ZH_NICKNAME = (
    r"(?P<obj>(?!小(?:时|学|区|孩|店|吃|姐|心|事|说|组|朋|伙|的|时候))(?!阿姨)[阿小][\u4e00-\u9fff]|[A-Z][a-z]+)"
)
_ZH_ROLE_WORDS = (
    "工程师|经理|设计师|医生|护士|老师|教师|律师|会计|程序员|研究员|分析师|顾问|架构师|总监|主管|销售|记者|编辑|作家|"
    "创始人|科学家|教授|司机|厨师|运营|产品|实习生|警察|公务员|翻译|摄影师|药剂师|咨询师|画家|演员|CEO|CTO|COO|CFO"
    # a trade named by its 师 (录音师, 调音师, 理疗师, 营养师): the suffix says it is a profession
    "|师"
)
_ZH_ROLE = rf"(?P<obj>[\u4e00-\u9fffA-Za-z]{{0,8}}?(?:{_ZH_ROLE_WORDS}))"
_EN_ROLE = rf"(?P<obj>(?:[a-z][a-z\-]* ){{0,3}}?(?:{_EN_ROLE_WORDS}))\b"
# the role a promotion names: a role word, or a team's lead or head ("data platform lead", "head of logistics")
_EN_PROMOTED_ROLE = (
    rf"(?P<obj>(?:[a-z][a-z\-]* ){{0,3}}?(?:{_EN_ROLE_WORDS}|lead|head)"
    r"(?: of (?:the )?[a-z][a-z\-]*(?: [a-z][a-z\-]*)?)?)\b"
)
# a promotion's role in Chinese: a role word, or a post named by its 长 (店长, 组长, 科长) or 主任 / 负责人
_ZH_PROMOTED_ROLE = rf"(?P<obj>[\u4e00-\u9fffA-Za-z]{{0,8}}?(?:{_ZH_ROLE_WORDS}|长|主任|负责人|主管))"
_ZH_SCHOOL = (
    r"(?P<obj>(?![上读念考])(?:[^\s\d读念上考，。,.!！？?、]{1,12}?(?:大学|学院|学校|中学|高中|小学)|北大|清华|复旦|浙大|"
    r"交大|人大|南大|中大|哈工大|北航|北邮|同济|武大|华科|中科大|港大|港科大|港中文)(?:[\u4e00-\u9fff]{1,6}?(?:系|专业|学院))?)"
)
_ZH_SCHOOL_WORDS = (
    "大学|学院|学校|中学|高中|小学|北大|清华|复旦|浙大|交大|人大|南大|中大|哈工大|北航|北邮|同济|武大|华科|中科大|港大|"
    "港科大|港中文"
)
_EN_SCHOOL = r"(?P<obj>(?:the )?[A-Z][\w&.\-]*(?: (?:of |de |for |and |the )?[A-Z][\w&.\-]*){0,5})"
_ZH_DISEASE = (
    # (not a kin word: "我爸生病了" is the father's illness, the kin reader's, not the writer's diagnosis)
    r"(?!我?的?(?:爸|妈|父|母|哥|姐|弟|妹|老公|老婆|儿|女儿|奶奶|爷爷|外公|外婆|姥|孩子|丈夫|妻子|女朋友|男朋友))"
    # (no illness said: "没什么大病", "无大病", "啥病都没有"; a figure of speech for a habit: "职业病", "拖延症")
    r"(?![没无不]|什么|啥|并无|[^，。,.!！？?]{0,3}(?:职业病|懒癌|拖延症|强迫症犯|选择困难症|尴尬癌|公主病|中二病))"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{0,8}?(?:病|症|癌|炎|高血压|低血压|高血糖|高血脂|哮喘|流感|骨折|肿瘤|结石|综合征|"
    r"障碍|过敏性鼻炎|新冠|甲亢|甲减|贫血|痛风|结节|囊肿|息肉|积液))"
)
_EN_CONDITIONS = (
    r"asthma|(?:type [12] )?diabetes|hypertension|high blood pressure|migraines?|epilepsy|depression|"
    r"an anxiety disorder|adhd|autism|celiac disease|arthritis|eczema|psoriasis|ibs|crohn's(?: disease)?|lupus|"
    r"long covid|sleep apnea|"
    r"[a-z ]{0,20}?(?:cancer|syndrome|disorder|disease)"
)
# (the feeling words every reader shares: `feelings`; the cue, the words each begins with)
_ZH_EMOTIONS = _feel.ZH_EMOTIONS_AND_REDUPLICATED
_ZH_EMOTION_WORDS = _feel.literal_heads(_ZH_EMOTIONS)
_ZH_DEGREE = r"(?:一直|好|很|特别|非常|有点|有些|超|太|真|挺|比较|十分|超级|这么|那么|真的|实在|越来越)"
EN_EMOTIONS = _feel.EN_EMOTIONS + "|" + _feel.EN_FEELING_IDIOMS  # (the words every reader shares: `feelings`)
_EN_DEGREE = r"(?: (?:" + _feel.EN_DEGREE_WORDS + r"|damn|hella|real))*"
_ZH_AMOUNT = (
    r"(?:[\d.,]+\s*(?:万|千|k|K|w|W)?(?:元|块|人民币|美元|日元)?|[一二三四五六七八九十两百千]+(?:万|千)(?:元|块)?)"
)
_CHILDREN = {"一": "1", "两": "2", "二": "2", "三": "3", "四": "4", "五": "5", "one": "1", "two": "2", "three": "3"}
_CHILDREN.update({"four": "4", "five": "5", "a": "1", "an": "1"})


def _count(obj: str) -> str:
    return _CHILDREN.get(obj.lower(), obj)


@dataclass(frozen=True)
class Pattern:
    name: str
    memory_type: MemoryType
    predicate: str
    cue: str  # a cheap regex every match contains: patterns whose cue is absent are not run
    regex: re.Pattern[str]
    confidence: float
    importance: float
    sensitivity: Sensitivity
    scope: Scope = Scope.LONG_TERM
    value: Callable[[str], str] | None = None  # the object as stored ("两" -> "2")
    negation_in_cue: bool = False  # 不喜欢, "I hate": the negative is the meaning, not a denial
    needs_time: bool = False  # "I'm going to ..." is a plan only with a time said ("next month")
    # what the pattern's object must be, beyond matching: each rule takes the `Found` and may refuse it
    accept: tuple[Callable[[Found], bool], ...] = ()
    # a naming said before someone else's words holds whatever they say ("儿子阿杰没回来，说深圳那边…"): the pattern
    # still reads the sentence up to where the report begins
    before_report: bool = False
    # a relationship dated by the time said with it: a role the writer takes when it comes ("a grandpa in april")
    dated: bool = False
    # the attribute an event changes ("升为店长" -> has_role 店长): the clause stays open to the disclosure reader,
    # which reads the event itself beside it (candidates tagged `OF_AN_EVENT` take no span)
    of_an_event: bool = False


OF_AN_EVENT = "of_an_event"


@dataclass(frozen=True)
class Found:
    """What a pattern matched, as its acceptance rules see it."""

    obj: str  # cleaned
    raw: str  # as typed
    sentence: str
    end: int  # where the match ends in the sentence
    times: list[TimeMention]
    said_at: datetime | None


# a role as the content names it: "gonna be a grandpa" -> "a grandfather", "parents" -> "a parent"
_ROLE_WORDS = {"grandpa": "grandfather", "granddad": "grandfather", "grandma": "grandmother", "dad": "father"}
_ROLE_WORDS |= {"mom": "mother", "mum": "mother"}


def _p(
    name: str,
    memory_type: MemoryType,
    predicate: str,
    cue: str,
    regex: str,
    confidence: float,
    importance: float,
    sensitivity: Sensitivity,
    **kw: object,
) -> Pattern:
    compiled = re.compile(_numbered(regex))
    return Pattern(name, memory_type, predicate, cue, compiled, confidence, importance, sensitivity, **kw)  # type: ignore[arg-type]


def _numbered(regex: str) -> str:
    """Alternatives of one pattern may each name their object: the second `obj` becomes obj2, and so on."""
    seen: dict[str, int] = {}

    def rename(m: re.Match[str]) -> str:
        base = m.group(1).rstrip("0123456789")
        seen[base] = seen.get(base, 0) + 1
        return f"(?P<{base}{seen[base] if seen[base] > 1 else ''}>"

    return re.sub(r"\(\?P<([a-z]+\d*)>", rename, regex)


_ZH_TEMPLATES = {
    "moved_to": "用户搬到了{obj}",
    "lives_in": "用户住在{obj}",
    "hometown": "用户的老家是{obj}",
    "born_in": "用户出生在{obj}",
    "birth_year": "用户{obj}年出生",
    "works_at": "用户在{obj}工作",
    "joined": "用户加入了{obj}",
    "left": "用户离开了{obj}",
    "has_role": "用户是{obj}",
    "has_child": "用户有一个{obj}",
    "studied_at": "用户在{obj}读书",
    "graduated_from": "用户毕业于{obj}",
    "child_born": "用户的{obj}出生了",
    "has_children": "用户有{obj}个孩子",
    "allergic_to": "用户对{obj}过敏",
    "diagnosed_with": "用户患有{obj}",
    "health_event": "用户经历了{obj}",
    "plans_to": "用户打算{obj}",
    "called_off": "用户决定不{obj}了",
    "income": "用户的收入是{obj}",
    "debt": "用户有{obj}",
    "prefers": "用户喜欢{obj}",
    "named": "用户名叫{obj}",
    "dislikes": "用户不喜欢{obj}",
    "thinks": "用户认为{obj}",
    "feels": "用户当时感到{obj}",
    "fears": "用户怕{obj}",
    "relation": "{obj}是用户的{rel}",
    "relation_to_come": "用户要当{obj}了",
}
_EN_TEMPLATES = {
    "moved_to": "The user moved to {obj}",
    "lives_in": "The user lives in {obj}",
    "hometown": "The user grew up in {obj}",
    "born_in": "The user was born in {obj}",
    "birth_year": "The user was born in {obj}",
    "works_at": "The user works at {obj}",
    "joined": "The user joined {obj}",
    "left": "The user left {obj}",
    "has_role": "The user is a {obj}",
    "has_child": "The user has a {obj}",
    "studied_at": "The user studied at {obj}",
    "graduated_from": "The user graduated from {obj}",
    "child_born": "The user's {obj} was born",
    "has_children": "The user has {obj} children",
    "allergic_to": "The user is allergic to {obj}",
    "diagnosed_with": "The user has {obj}",
    "health_event": "The user had {obj}",
    "plans_to": "The user plans to {obj}",
    "called_off": "The user decided not to {obj}",
    "income": "The user earns {obj}",
    "debt": "The user has {obj}",
    "prefers": "The user prefers {obj}",
    "named": "The user's name is {obj}",
    "dislikes": "The user dislikes {obj}",
    "thinks": "The user thinks {obj}",
    "feels": "The user felt {obj}",
    "fears": "The user is afraid of {obj}",
    "relation": "{obj} is the user's {rel}",
    "relation_to_come": "The user is going to be a {obj}",
}


@dataclass(frozen=True)
class _Cues:
    """Every pattern's cue words (lower-cased literals), found with set lookups rather than a regex scan: a message's
    words and characters are intersected with the cues' first word or character, and only those cues are checked."""

    owners: dict[str, frozenset[int]]  # cue -> the patterns it fires
    by_key: dict[str, tuple[str, ...]]  # first word's first 3 letters, or first character (Chinese) -> its cues

    def present(self, lowered: str) -> list[str]:
        keys = {w[:3] for w in _LATIN_WORD.findall(lowered)} | set(lowered)
        return [cue for key in keys & self.by_key.keys() for cue in self.by_key[key] if cue in lowered]

    def fired(self, lowered: str, cues: list[str]) -> list[Pattern]:
        hits = {i for cue in cues if cue in lowered for i in self.owners[cue]}
        return [PATTERNS[i] for i in sorted(hits)]


_LATIN_WORD = re.compile(r"[a-z]+")


def _cue_index(patterns: tuple[Pattern, ...]) -> _Cues:
    owners: dict[str, set[int]] = {}
    for i, p in enumerate(patterns):
        for word in p.cue.lower().split("|"):
            owners.setdefault(word, set()).add(i)
    by_key: dict[str, list[str]] = {}
    for word in owners:
        latin = _LATIN_WORD.search(word) if word.isascii() else None
        key = (
            latin.group(0)[:3] if latin else word[0]
        )  # "'m a" through "m", "planning" through "pla", "喜欢" through "喜"
        by_key.setdefault(key, []).append(word)
    return _Cues({w: frozenset(ids) for w, ids in owners.items()}, {k: tuple(v) for k, v in by_key.items()})


# Instructions read better as what the user asked for than as "likes X"
_BY_PATTERN = {
    "zh_prefer_from_now": "用户希望以后{obj}优先{obj2}",
    "zh_prefer_instruction": "用户希望以后{obj}",
    "en_from_now": "From now on, the user wants: {obj}",
    "en_prefer_answers": "The user prefers that the assistant {obj}",
    "zh_avoids": "用户{obj}",
    "en_avoids": "The user {obj}",
    "zh_kin_in": "用户的{obj}",
    "zh_household_nickname": "{obj}是用户的家人",
    "en_kin_in": "The user's {obj}",
    "zh_plan_cancelled": "用户取消了{obj}",
    "en_trip_off": "The user decided not to go {obj}",
    "en_plan_dropped": "The user gave up on {obj}",
}
_EN_PRONOUNS = {
    "i": "they",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
    "i'm": "they're",
    "our": "their",  # "build our daughter Jess a cedar chest": the user's daughter
    "ours": "theirs",
}
_EN_PRONOUN = re.compile(r"(?i)\b(?:i'm|i|me|my|mine|myself|our|ours)\b")


_AN = re.compile(r"\b([Aa]) (?=[aeiouAEIOU][a-z])")


def _third_person(text: str) -> str:
    """'The user thinks management is not for me' -> '... not for them': content speaks of the user, not as them."""
    return _EN_PRONOUN.sub(lambda m: _EN_PRONOUNS[m.group(0).lower()], text)


# Sentences that do not assert something about the user as a fact.
_QUESTION = re.compile(
    r"[?？]\s*$|吗\s*[。.]?$|是不是|有没有|(?i:^(?:do|did|does|are|is|can|could|should|would|where|what|when|why|how|"
    r"which|who|will|shall|am)\b)"
)
_HYPOTHETICAL = re.compile(
    r"如果|假如|(?<![主只需重必想])要是|假设|万一"  # 主要是 / 只要是 / 需要是 hold 要是 and suppose nothing
    r"|(?i:\bif\b|\bwould\b|\bsuppose\b|\bimagine\b|\bwhat if\b|\bmaybe i'?ll\b|\bi'd\b)"
)
# Someone else's words: 朋友说, 他说, 据说; "my friend said", "she says"; "the hero says: ..." (but 我说 / "I said"
# are the user's own)
_REPORTED = re.compile(
    # (讲 is 说 in the south-west and in Guangxi: "他讲他不可能去广州"; not 讲究, 讲座, 讲课, 演讲 …)
    r"(?<![我小实])说(?![明服实真白话])|(?<![我演])讲(?!究|座|课|解|台|义|师|价|理|述|得|的是|话)|据说|听说|以为|"
    r"(?i:(?<!\bI )\b(?:said|says|told me|tells me|claims?|according to|wrote|writes)\b)|"
    # someone else's belief about the user: "my parents think I work at Google", 他们以为我住在北京
    r"(?<!\bI )\b(?:[Tt]hinks?|[Tt]hought|[Bb]elieves?|[Aa]ssumed?|[Aa]ssumes) (?:that )?I\b|(?<![我])(?:觉得|认为)我"
)
# Text the user pastes or asks about rather than asserts: translations, examples, stories, quotations
_NOT_ASSERTED = re.compile(
    r"翻译|造句|例句|举个例子|比如说|例如|写一[个篇段首]|假装|扮演|帮我回复|帮忙回复|替我回复|回复这封|帮我写|草稿|"
    r"润色|改写|改一下|修改一下|校对|"
    r"(?i:\btranslat|\bfor example\b|\be\.g\.|\bwrite (?:a|an|me)\b|\bpretend\b|\brole-?play|"
    # a story asked for or told as fiction, not one the person says they write ("It's a love story")
    r"\b(?:write|tell|make up|invent) (?:me )?(?:a|an|the) (?:short |bedtime |funny )?story\b|\bonce upon a time\b|"
    r"\bquote\s*:|\breply to (?:this|him|her|them|the)\b|\bdraft\b|\bemail to\b|\bmy character\b|\brewrite\b|"
    r"\brephrase\b|\bproofread|\bpolish (?:this|my)\b|\bparaphrase|\bgrammar\b|\bsummari[sz]e\b)"
)
# a request to rework the person's own document, named as theirs, with nothing pasted for it ("can you help me rewrite
# my resume summary?", "帮我改一下我的简历"): the other sentences are the person telling their situation ("I got laid
# off yesterday after 7 years"), not the draft; a request that points at text ("rewrite this", "润色下面这段", a colon)
# or asks for fiction keeps the whole message out
_OWN_DOCUMENT = re.compile(
    r"(?i)^(?:rewrite|write|rephrase|proofread|polish|draft|paraphrase|summari[sz]e|润色|改写|改一下|修改一下|校对|帮我写)"
    # (a document about the writer, asked for with what it should say: "I'm a pharmacy tech since 2018, help me write
    # a cover letter", "can help me write one appeal letter": the facts around it are the writer's own)
    r"[a-z]*\s*(?:up |out )?(?:me )?(?:my|a|an|one|我的?)\s*(?:new |updated |short )?(?:resume|cv|bio|summary|"
    r"cover letter|profile|linkedin|appeal letter|appeal|application letter|personal statement"
    r"|简历|个人简介|求职信)"
)
_POINTS_AT_TEXT = re.compile(r"(?i)\b(?:this|these|the following|below|above)\b|[:：]|这段|这篇|下面|以下|如下|上面")


def not_asserted(text: str) -> bool:
    """A translation, an example, a draft or a story: not the user speaking of self (`_NOT_ASSERTED`), unless the
    request is only to rework the person's own document and points at no text (`_OWN_DOCUMENT`)."""
    m = _NOT_ASSERTED.search(text)
    if m is None:
        return False
    end = min((i for i in (text.find(c, m.end()) for c in ".?!。？！\n") if i >= 0), default=len(text))
    request = text[m.start() : end]
    return not (_OWN_DOCUMENT.match(request) and not _POINTS_AT_TEXT.search(request))


_PAST_CLAUSE = re.compile(r"\s*(?:的时候|那时|那会儿|时[，,])")
_EN_PAST_CLAUSE = re.compile(r"(?i)\bwhen (?:I|we)\b")
# "Mom: I live in Boston now", "妈妈：我住在上海。": a line given to someone else. "Update:", "今天：" are not people.
_SPEAKER_LABEL = re.compile(
    r"^\s*(?P<label>[A-Z][a-z]+(?: [A-Z][a-z]+)?|[\u4e00-\u9fff]{1,4}"
    # a heading is no speaker: "新年目标：", "2024年计划：", "上半年总结：" (what follows is the writer's own list)
    r"(?<!目标)(?<!计划)(?<!总结)(?<!清单)(?<!愿望)(?<!心愿)(?<!复盘)(?<!感想))\s*[:：]\s*\S"
)
_NOT_A_SPEAKER = frozenset(
    "update note edit ps todo today tonight news summary reminder fyi btw question answer q a me i big "
    "今天 昨天 明天 更新 备注 注意 总结 提醒 问题 回答 感想 日记 早上 晚上 下午 上午 我 补充 结论 计划 心情".split()
)
_QUOTED = re.compile(
    r"“[^”]*”|\"[^\"]*\"|「[^」]*」|‘[^’]*’"
    # in single quotes, as chat quotes a phrase or a sentence handed in ("make this less passive aggressive: 'as per
    # my last message...'", "the whole 'career change in 12 weeks' thing"): not an apostrophe ("kids'", "can't")
    r"|(?<!\w)'(?=\w)(?:[^'\n]|(?<=\w)'(?=\w))+(?<=[\w.!?,])'(?!\w)"
)
# "so" joins clauses only after a comma ("I was so tired yesterday" is one clause)
# (a parenthesis is an aside, a clause of its own: "works at Lantu Health (lead since 2026-08)" says no job's start)
_CLAUSE = re.compile(r"[，,；;：:()（）]|然后|但是|所以|不过|(?i:\b(?:and|but|then)\b|(?<=[,;] )so\b)")
# Words that are not names of people or organisations
_NOT_A_NAME = frozenset(
    "他 她 它 他们 她们 这 那 这个 那个 谁 这位 那位 this that he she it who here there they someone everyone "
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday january february march "
    "april may june july august september october november december english chinese american japanese great "
    "amazing awesome nice home back not also "
    # an interjection that opens an address is no name ("Thanks, my friend", "Hi, my dear")
    "thanks thank hi hello hey yes yeah no sorry ok okay well oh wow bye cheers congrats please dear".split()
)
_ROLE_ONLY = re.compile(rf"(?:一名|一个|一位|个|名)?[\u4e00-\u9fff]{{0,4}}?(?:{_ZH_ROLE_WORDS})")
_NOT_A_WORKPLACE = re.compile(
    r"^(?:想|忙|准备|考虑|找|做|努力|认真|专心|家|这|那|哪|外面|公司|单位|路上|床上|一家)"
    # "互联网公司", "外企": a kind of employer, not one
    r"|^(?:某|一个|小|大)?(?:互联网|科技|游戏|创业|外资|咨询|金融|广告|教育|医药|物流|软件|电商|投资|国有)?"
    r"(?:公司|企业|外企|国企|央企|私企|银行|工厂|医院|学校)$"
)
_NOT_A_LIKING = frozenset(
    "it this that them you him her these those so much a lot to it too that too what how doing "
    "你 他 她 它 你们 他们 她们".split()
)
# "我喜欢上了一个女孩", "I love my wife": feelings for people are not preferences
_PERSON_OBJECT = re.compile(
    r"^(?:上了|上|你|他|她|一个(?:女孩|男孩|人)|的人|(?i:my |her |his |your |you\b|him\b|them\b|that\b|this\b|it\b|"
    r"how\b|what\b|when\b|seeing you|hearing|talking to you|to hear))"
)
# "I think I joined Google": a hedge on the user's own statement, not an opinion; "I think you should": advice
_NOT_AN_OPINION = re.compile(
    r"^(?:我|你|他|她|是|不是|吧|可以|应该|这样|有点|很|好|(?i:i\b|i'm|i've|i'd|we\b|you\b|it was|so\b|not\b|maybe\b|"
    r"it's time|he\b|she\b|they\b|this is|that's|there|in\b|about\b|of\b|it\b|it's\b|a little\b|your\b))"
)
# 不久, 不少, 不错, 不得不, 没多久 and 特别 hold a negative character without denying anything
_NEGATION_ZH = re.compile(
    r"不再|没有(?!多久)|没(?!多久)|(?<!得)不(?!久|少|错|同|断|仅|管|过|停|一定|得不)|(?<![特分区类级性派告离识辨差鉴个])别|未|从来"
)
_NEGATION_EN = re.compile(
    r"(?i)\b(?:not|no longer|never|don't|doesn't|didn't|won't|can't|isn't|aren't|hardly|haven't|hasn't|wasn't|"
    r"weren't|anymore)\b|n't\b"
)
_HEDGE = re.compile(
    r"应该是|大概|可能|好像|也许|估计|印象中|记得是|(?i:\bI think\b|\bprobably\b|\bmaybe\b|\bI guess\b|\bI believe\b|"
    r"\bif I remember\b|\bI'm not sure\b|\bsomething like\b)"
)
_USER_SUBJECT = re.compile(
    r"^(?:我们?|I\b|[Ww]e\b)(?!的|们的|[妈爸哥姐弟妹老儿女表堂舅姨叔伯姑爷奶外]|爱人|朋友|同事|同学|室友|领导|上司|家)"
)
_FUTURE = re.compile(
    r"打算|计划|准备|将要|明年|下个月|下周|(?i:\bwill\b|\bgoing to\b|\bplan|\bnext (?:year|month|week)\b)"
)
_TRAILING = re.compile(r"[的了啦呢吧啊呀\s]+$")
_EN_LEADING = re.compile(r"^(?:the|a|an) ")


_TRAILING_EN = re.compile(r"(?i) (?:too|as well|also|a lot|so much|very much)$")
_MIXED_SPACE = re.compile(r"(?<=[A-Za-z0-9]) (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) (?=[A-Za-z0-9])")
_A_FEELING = re.compile(_ZH_DEGREE + "*(?:" + _ZH_EMOTIONS + ")")  # 我感觉很累 is a feeling, not a view


def _clean(obj: str) -> str:
    obj = normalize(obj)
    obj = _TRAILING.sub("", obj)
    obj = _TRAILING_EN.sub("", obj)
    # "A 公司" and "A公司" are one entity: drop spaces between a Latin letter and a Chinese character
    obj = _MIXED_SPACE.sub("", obj)
    return obj.strip(" -·.")


def _plausible_object(obj: str) -> bool:
    return bool(obj) and not (len(obj) < 2 and not re.match(r"[\u4e00-\u9fff\d]", obj))


# Acceptance rules, named in the patterns that use them
def _a_name(f: Found) -> bool:
    """ "我爸爸是医生": an occupation is not a name ("张老师" is)."""
    return f.obj.lower() not in _NOT_A_NAME and not (_ROLE_ONLY.fullmatch(f.obj) and f.obj[0] not in _SURNAMES)


def _no_dictionary_word(f: Found) -> bool:
    """A given name is rarely a word of the dictionary (诗雨, 秀梅, 冠宇; not 学习, 成绩, 今年): some names are (建国,
    婷婷) and are missed, never the other way round."""
    import rjieba  # its dictionary loads once, on the first Chinese kin word followed by two characters

    if rjieba.has_word(f.obj):
        # a name the dictionary holds as a name (红霞, 志强, 丽丽: tagged nr), or a character said twice as a child's
        # name is (牛牛, 乐乐; not 慢慢, 天天), after the kin word: still a name
        tag = rjieba.tag(f.obj)
        twin = len(f.obj) == 2 and f.obj[0] == f.obj[1] and f.obj[0] not in _NOT_A_TWIN_NAME
        return twin or (len(tag) == 1 and tag[0][1].startswith("nr"))
    # nor the head of a longer word: "我女儿学钢琴" cuts 学 | 钢琴, not 学钢
    rest = f.sentence[f.end - len(f.obj) : f.end + 8]
    return next(iter(rjieba.cut(rest)), "") == f.obj


def _a_workplace(f: Found) -> bool:
    return not _NOT_A_WORKPLACE.match(f.obj) and not is_place(f.obj)


def _not_a_place(f: Found) -> bool:
    return not is_place(f.obj)  # "I left Tokyo" is a move away, not a job left


# a fear with its object said ("I'm scared of the rides", "我从小就怕狗"): a standing aversion, no feeling of the day;
# a fear of what may happen ("我怕赶不上", "怕他生气", "I'm afraid I'll be late") is a worry, read as said
_FEAR_WORDS = re.compile(r"^(?:scared|afraid|terrified|frightened|害怕|怕|恐惧)$")
_ZH_FEARED_THING = re.compile(r"^[\u4e00-\u9fff]")
# what may go wrong is a worry of the day, not a thing feared: "afraid of accidents" (in a speech), "of failing"
_EN_WHAT_MAY_HAPPEN = re.compile(
    r"(?i)^\s+of\s+(?:(?:an?|the|any|my|our)\s+)?(?:accidents?|mistakes?|failures?|fail\w*|los(?:e|ing)\b|mess\w*|"
    r"screw\w*|being\b|getting\b|making\b|doing\b|what\b|how\b|something|anything|outcomes?|results?)"
)
_ZH_NOT_A_THING = re.compile(
    r"^(?:了|得|的|极|死|啊|呀|呢|吧|啦|哦|会|要|被|他|她|你|我|它|自己|万一|不|没|赶|来不及|出|以后|将来|这|那|到时)"
)


# a sentence opening on someone else (a kin, he or she): a feeling after its comma with no 我 goes on with them
# ("弟弟考砸了，很沮丧", "我妈这两天血压高，心情不太好": theirs, never the writer's)
_ZH_ANOTHER_OPENS = re.compile(
    r"^(?:" + _ZH_TIME_LEAD.pattern.removeprefix("^") + r")?(?:我的?|咱)?(?:"
    + "|".join(sorted(_ZH_KIN_CANON, key=len, reverse=True))
    + r"|他们?|她们?)(?![们的说])"
)


def _not_anothers(f: Found) -> bool:
    """A Chinese feeling said after a clause of someone else's, with no 我 of its own, is theirs."""
    head = f.sentence[: f.end - len(f.raw)]
    cut = max(head.rfind("，"), head.rfind(","))
    if cut < 0 or "我" in head[cut:]:
        return True
    return not _ZH_ANOTHER_OPENS.match(head.lstrip())


def _a_feeling_of_the_day(f: Found) -> bool:
    """Not a standing fear: a fear word whose object follows ("scared of the rides", "害怕坐飞机")."""
    if not _FEAR_WORDS.match(f.obj.lower()):
        return True
    after = f.sentence[f.end :]
    if re.match(r"\s+of\b", after):
        return bool(_EN_WHAT_MAY_HAPPEN.match(after))
    return not (_ZH_FEARED_THING.match(after) and not _ZH_NOT_A_THING.match(after))


def _a_feared_thing(f: Found) -> bool:
    return not _ZH_NOT_A_THING.match(f.obj) and not _EN_WHAT_MAY_HAPPEN.match(" of " + f.obj) and _a_liking(f)


def _a_liking(f: Found) -> bool:
    return f.obj.lower() not in _NOT_A_LIKING and not f.obj.startswith("的") and not _PERSON_OBJECT.match(f.obj)


# a view said whole, then a comma and a clause of its own ("e2e tests are overrated honestly, most flakiness comes
# from them"): the view is the first clause (what follows gives its reason, and its "them" points back into it); a
# list before its verb ("Tokyo, Osaka and Kyoto are great") has no verb before the comma and stays whole
_EN_VERB = re.compile(
    r"\b(?:is|are|was|were|'s|'re|comes?|goes?|makes?|has|have|does|do|gets?|seems?|feels?|gives?|takes?|means?"
    r"|helps?|works?|costs?|saves?|lets?)\b"
)


def _view(obj: str) -> str:
    head, comma, rest = obj.partition(", ")
    if comma and _EN_VERB.search(head) and _EN_VERB.search(rest) and not re.match(r"(?:and|or|but)\b", rest):
        return head
    return obj


# a name is told where the person introduces themselves: a greeting, "nice to meet you", or "my name" said outright
_INTRODUCTION = re.compile(r"你好|您好|大家好|嗨|哈喽|认识你|认识您|自我介绍|名字")
_NOT_A_NAME_ZH = re.compile(r"^(?:外卖|快递|车|醒|人|了|他|她|你|什么|它)")


def _introduced(f: Found) -> bool:
    return bool(_INTRODUCTION.search(f.sentence)) and not _NOT_A_NAME_ZH.match(f.obj)


# 是 inside a word of its own (但是, 可是, 还是, 就是, 总是 …): "但是我的朋友们都很忙" names no one 但
_SHI_WORD_HEAD = re.compile(r"(?:但|可|就|还|只|要|于|总|像|正|真|也|都|倒|硬|老|而|凡|若|不|算|而且)$")


def _not_a_shi_word(f: Found) -> bool:
    return not _SHI_WORD_HEAD.search(f.raw)


def _a_view(f: Found) -> bool:
    return not _NOT_AN_OPINION.match(f.obj) and not _A_FEELING.match(f.obj)


def _a_named_place(f: Found) -> bool:
    return f.obj.lower() not in _NOT_A_NAME and not _WHERE.match(f.obj)


def _known_if_lower_case(f: Found) -> bool:
    return not f.raw[:1].islower() or is_place(f.obj)  # "I live in fear", "moved to react"


def _not_lodging(f: Found) -> bool:
    """ "住在洱海边的民宿": a night on a trip, not where the person lives."""
    return not _ZH_LODGING.search(f.sentence, max(0, f.end - len(f.raw) - 1), f.end + 8)


_ZH_LODGING = re.compile(r"民宿|酒店|宾馆|客栈|旅馆|青旅|招待所")


def _not_a_short_stay(f: Found) -> bool:
    """ "我在北京住了三天": a stay of days is a trip, not where the person lives (months or years are a home)."""
    return not _ZH_SHORT_STAY.match(f.sentence, f.end)


_ZH_SHORT_STAY = re.compile(
    r"了?(?:快|近|将近|整整|差不多)?[\d一二三四五六七八九十两几半]+多?(?:天|晚|夜|周|个星期|星期|个礼拜)"
)


def _a_place_moved_to(f: Found) -> bool:
    # "moved to React", "搬到了新办公室": not a change of home; a name the gazetteer does not know is a home when the
    # sentence is about one ("Moved to Tampines for the reno", "moved back to Punggol", "we moved to Punggol in 2017",
    # "搬进了萧山的新家": a Chinese name has no capital; the home beside it says it is one), or when it is shaped as a
    # place's name in a sentence about no software ("I moved to Bristol", "moved to Mona Heights last year"; not
    # "moved to GitHub Actions", "moved to AWS", "moved to Notion for my notes")
    if _place_like(f.obj, f.sentence, f.end):
        return True
    if not (f.obj[:1].isupper() or CJK_CHAR.match(f.obj)):
        return False
    if _A_HOME_MOVE.search(f.sentence):
        return True
    came_from = _MOVED_FROM.search(f.sentence)  # "moved to React from Vue": two names, neither known, say no home
    return (
        _PLACE_NAME_SHAPE.fullmatch(f.obj) is not None
        and _SOFTWARE_TALK.search(f.sentence) is None
        and (came_from is None or is_place(came_from["name"]))
    )


# a place's name as people write it: capitalised words, none an acronym or joined in CamelCase, no digit or dot
_PLACE_NAME_SHAPE = re.compile(r"[A-Z][a-z'’\-]+(?: (?:[A-Z][a-z'’\-]+|upon|on|de|la|le|del|of))*")
_MOVED_FROM = re.compile(r"\bfrom (?P<name>[A-Z][\w'’\-]*(?: [A-Z][\w'’\-]*)*)")
_SOFTWARE_TALK = re.compile(
    r"(?i)\b(?:app|apps|software|framework|library|code|codebase|stack|tool|tools|platform|server|cloud|version|"
    r"migrat\w*|repo|database|notes|plugin|editor|browser|provider|plan|tier|subscription|api|sdk|team|role|"
    r"department|shift|channel|workspace)\b"
)


_A_HOME_MOVE = re.compile(
    r"(?i)\bmoved back\b|\b(?:home|house|flat|apartment|condo|reno\w*|parents|in-laws|family|kids|rent\w*|landlord"
    r"|lease|neighbou?rhood|boxes|movers)\b|\bin (?:19|20)\d\d\b|\byears? ago\b"
    r"|新家|新房|新住处|新公寓|房东|房租|租的房"
)


def _ahead(f: Found) -> bool:
    return not _past_plan(f.obj, f.times, f.said_at)  # "I decided to take a break yesterday": done, not a plan


PATTERNS: tuple[Pattern, ...] = (
    # residence and moves
    _p(
        "zh_moved",
        E,
        "moved_to",
        "搬|迁居|移居",
        _ZH_I
        + _ZH_WHEN
        + r"(?:从[^，。,.!！？?]{1,12}?)?(?:(?:搬(?:家)?|迁居|移居)(?:到|去|至)了?"
        # a home moved into is named by its place: "搬进了萧山的新家", "搬进余杭的新房子"
        + r"|搬进了?(?=[^，。,.!！？?的]{1,20}的新(?:家|房|住处|公寓)))"
        + _ZH_OBJ
        + _ZH_STOP,
        0.85,
        0.8,
        MEDIUM,
        accept=(
            _known_if_lower_case,
            _a_place_moved_to,
        ),
    ),
    _p(
        "en_moved",
        E,
        "moved_to",
        "moved|relocated",
        # a diary leaves the writer out: "Moved back to Punggol yesterday" opens its sentence with the verb
        r"(?:"
        + _EN_I
        + r"(?:'ve| have)? |(?:^|(?<=[.!?] )|(?<=\n))(?=[A-Z]))"
        + r"(?:[Jj]ust |[Ff]inally |[Rr]ecently |[Ee]ventually )?(?:[Mm]oved|[Rr]elocated) (?:back "
        + r")?(?:to |into (?:my|our|the|a) (?:new )?(?:place|flat|apartment|house|home|condo|studio) in )"
        + _EN_PLACE
        + _EN_END,
        0.85,
        0.8,
        MEDIUM,
        accept=(
            _known_if_lower_case,
            _a_place_moved_to,
        ),
    ),
    _p(
        "zh_lives",
        F,
        "lives_in",
        "住|生活|定居",
        _ZH_I + _ZH_WHEN + r"(?:住在|生活在|定居在|定居于)" + _ZH_OBJ + _ZH_STOP,
        0.9,
        0.8,
        MEDIUM,
        accept=(
            _a_named_place,
            _known_if_lower_case,
            _not_lodging,
        ),
    ),
    _p(
        "zh_lives_at",
        F,
        "lives_in",
        "住|生活",
        _ZH_I + _ZH_WHEN + r"在" + _ZH_OBJ + r"(?:住|生活)(?!院)",
        0.85,
        0.8,
        MEDIUM,
        accept=(
            _a_named_place,
            _known_if_lower_case,
            _not_a_short_stay,
            _not_lodging,
        ),
    ),
    _p(
        "en_lives",
        F,
        "lives_in",
        "live|living|lived",
        r"\b(?:I|[Ww]e)(?: currently| now| still|'ve| have)? (?:live|lived|been living) in " + _EN_PLACE + _EN_END,
        0.9,
        0.8,
        MEDIUM,
        accept=(
            _a_named_place,
            _known_if_lower_case,
        ),
    ),
    _p(
        "zh_hometown",
        F,
        "hometown",
        "老家|长大",
        r"我(?:的)?老家(?:是|在)" + _ZH_OBJ + _ZH_STOP + r"|我(?:是)?(?:从小|小时候)?在" + _ZH_OBJ + r"长大",
        0.85,
        0.6,
        HIGH,
        accept=(_a_named_place,),
    ),
    _p(
        "en_hometown",
        F,
        "hometown",
        "grew up|originally from|raised in",
        r"\bI (?:grew up in|am originally from|'m originally from|was (?:born and )?raised in)"
        + r" "
        + _EN_OBJ
        + _EN_END
        + r"|\bI'm originally from "
        + _EN_OBJ
        + _EN_END,
        0.85,
        0.6,
        HIGH,
        accept=(_a_named_place,),
    ),
    _p(
        "zh_born_in",
        F,
        "born_in",
        "出生",
        # (a date may stand before 在: "我1990年5月2日在台南出生", "我叫…，1990年在台南出生")
        _ZH_I + _ZH_WHEN + r"(?:出生(?:在|于)" + _ZH_OBJ + _ZH_STOP + r"|在" + _ZH_OBJ + r"出生)",
        0.85,
        0.6,
        HIGH,
        accept=(_a_named_place,),
    ),
    _p(
        "en_born_in",
        F,
        "born_in",
        "born",
        r"\bI was born in " + _EN_OBJ + _EN_END,
        0.85,
        0.6,
        HIGH,
        accept=(_a_named_place,),
    ),
    _p(
        "zh_birth_year",
        F,
        "birth_year",
        "出生|年生",
        r"我(?:是)?(?P<obj>(?:19|20)\d\d)年(?:出生|生)",
        0.9,
        0.6,
        HIGH,
    ),
    _p(
        "en_birth_year",
        F,
        "birth_year",
        "born",
        r"\bI was born in (?P<obj>(?:19|20)\d\d)\b",
        0.9,
        0.6,
        HIGH,
    ),
    # work
    _p(
        "zh_works",
        F,
        "works_at",
        "工作|上班|任职|干|实习",
        _ZH_I + _ZH_WHEN + r"在" + _ZH_OBJ + r"(?:工作|上班|任职|实习|干(?=了|活))",
        0.85,
        0.75,
        MEDIUM,
        accept=(_a_workplace,),
    ),
    _p(
        "en_works",
        F,
        "works_at",
        "work",
        r"\bI(?: currently| now|'ve| have)? (?:work|worked|been working) (?:at|for) " + _EN_OBJ + _EN_END,
        0.85,
        0.75,
        MEDIUM,
        accept=(_a_workplace,),
    ),
    _p(
        "en_been_at",
        F,
        "works_at",
        "been at",
        r"\bI(?:'ve| have) been at "
        + _EN_OBJ
        + r"(?= for (?:about |almost |over |nearly )?(?:\d+|a|one|two|three|four|"
        r"five|six|seven|eight|nine|ten|a few|several) (?:year|month)s?\b)",
        0.8,
        0.75,
        MEDIUM,
        accept=(_a_workplace,),
    ),
    _p(
        "zh_joined",
        E,
        "joined",
        "加入|入职|跳槽",
        _ZH_I
        + _ZH_WHEN
        # (not a count of days: "入职第五天" names no employer)
        + r"(?:加入了?|入职(?:了|的)?|跳槽到了?|跳槽去了?)(?!第[\d一二三四五六七八九十两几])"
        + _ZH_OBJ
        + _ZH_STOP,
        0.85,
        0.8,
        MEDIUM,
    ),
    _p(
        "en_joined",
        E,
        "joined",
        "joined|started|hired by|job at",
        r"\bI(?:'ve| have)? (?:just |recently |finally )?(?:joined|started at|started (?:a |my )?(?:new )?job at|"
        + r"started working at|got a job at|was hired by|got hired by|got hired at) "
        + _EN_OBJ
        + _EN_END,
        0.85,
        0.8,
        MEDIUM,
    ),
    _p(
        "en_first_day",  # the first day at a place of work is the day the job began ("my first day at Qiantu went ok")
        E,
        "joined",
        "first day|first week",
        r"\b(?:[Mm]y|I had my|I start my) first (?:day|week) (?:at|with) "
        + _EN_OBJ
        + _EN_END,
        0.8,
        0.8,
        MEDIUM,
        accept=(_not_a_place,),
    ),
    _p(
        "zh_first_day",  # 去X上班的第一天 / 第一天去X上班 / 到X报到
        E,
        "joined",
        "第一天|报到",
        _ZH_I
        + _ZH_WHEN
        + r"(?:(?:第一天)?(?:去|到|在)"
        + _ZH_OBJ
        + r"(?:上班|报到)(?:的第一天)?)(?=$|[，。,.!！？?；;\s了])",
        0.8,
        0.8,
        MEDIUM,
        accept=(_not_a_place,),
    ),
    _p(
        "en_last_day",  # the last day at a place of work is the day the job ended
        E,
        "left",
        "last day",
        r"\b(?:[Mm]y|I had my) last day (?:at|with) "
        + _EN_OBJ
        + _EN_END,
        0.8,
        0.8,
        MEDIUM,
        accept=(_not_a_place,),
    ),
    _p(
        "zh_left",
        E,
        "left",
        "离职|辞职|离开|退出",
        _ZH_I
        + _ZH_WHEN
        + r"(?:从"
        + _ZH_OBJ
        + r"(?:离职|辞职|离开|退出)|(?:离开了|辞去了"
        + r"|(?:离开|辞去)(?=[^，。,.!！？?了]{1,20}?的(?:$|[，。,.!！；;])))"  # 是…的: 我是…离开A公司的
        + r"(?P<obj2>[A-Za-z0-9\u4e00-\u9fff·\- ]{1,20}"
        + r"?)"
        + _ZH_STOP
        + r")",
        0.85,
        0.8,
        MEDIUM,
        accept=(_not_a_place,),
    ),
    _p(
        "en_left",
        E,
        "left",
        "left|quit|resigned|laid off",
        r"\bI (?:just |recently |finally )?(?:left|quit(?: my (?:job|position|role) at)?|resig"
        + r"ned from|was laid off from|got laid off from) "
        + _EN_OBJ
        + _EN_END,
        0.85,
        0.8,
        MEDIUM,
        accept=(_not_a_place,),
    ),
    _p(
        "zh_role",
        F,
        "has_role",
        _ZH_ROLE_WORDS,
        _ZH_I
        + r"(?:现在|目前|如今|是)*是(?:一名|一个|一位|名|个)?(?:[A-Za-z0-9\u4e00-\u9fff ]{1,12}?"
        + r"的)?"
        + _ZH_ROLE
        + r"(?=$|[，。,.!！？?；;\s])",
        0.85,
        0.6,
        MEDIUM,
    ),
    _p(
        "zh_role_in",
        F,
        "has_role",
        "做|当|担任",
        _ZH_I
        + _ZH_WHEN
        + r"在[^，。,.!！？?]{1,15}?(?:做|当|担任)(?:一名|一个)?"
        + _ZH_ROLE
        + r"(?=$|[，。,.!！？?；;\s])",
        0.8,
        0.6,
        MEDIUM,
    ),
    _p(
        "zh_role_at",
        F,
        "works_at",
        _ZH_ROLE_WORDS,
        _ZH_I
        + r"(?:现在|目前|如今)*是"
        + _ZH_OBJ
        + r"的(?:一名)?[\u4e00-\u9fffA-Za-z]{0,8}?(?:"
        + _ZH_ROLE_WORDS
        + r")",
        0.8,
        0.75,
        MEDIUM,
        accept=(_a_workplace,),
    ),
    _p(
        "en_role",
        F,
        "has_role",
        _EN_ROLE_WORDS,  # (every match names a role word; "'m " alone would run it on every "I'm")
        r"\bI(?:'m| am| work as| now work as) (?:a|an) "
        + _EN_ROLE
        # (the article left out, as a second language says it: "i am dentist from brazil", "I am nurse")
        # (not a verb's -ing: "I'm dreading the dentist", "I'm seeing a therapist" do not say a role)
        + r"|\bI(?:'m| am) (?!(?:a|an|the|my|not|no)\b)(?![a-z]+ing\b)"
        + _EN_ROLE
        + r"(?!['’]s)",
        0.85,
        0.6,
        MEDIUM,
    ),
    # a role one is raised to is the role from then on ("got promoted to data platform lead", "I was made head of
    # logistics", "升为店长", "当上了区域经理"); a chat leaves the writer out ("Got promoted to ...")
    _p(
        "en_role_became",
        F,
        "has_role",
        "promoted|made",
        r"(?:\bI |(?:^|(?<=[.!?] )|(?<=\n))(?=[A-Z]))(?:[Jj]ust |[Ff]inally )?(?:(?:[Gg]ot|[Ww]as|have been|'ve been) "
        r"promoted to|[Ww]as made) (?:a |an |the )?"
        + _EN_PROMOTED_ROLE,
        0.85,
        0.6,
        MEDIUM,
        of_an_event=True,
    ),
    _p(
        "zh_role_became",
        F,
        "has_role",
        "升|当上|提拔|晋升",
        _ZH_I
        + _ZH_WHEN
        + r"(?:被)?(?:升为|升任|升职为|升职成|升成|提拔为|提拔成|晋升为|当上了?)"
        + _ZH_PROMOTED_ROLE
        + _ZH_STOP,
        0.85,
        0.6,
        MEDIUM,
        of_an_event=True,
    ),
    _p(
        "en_role_at",
        F,
        "works_at",
        "'m a|am a|'m an|am an",
        r"\bI(?:'m| am) (?:a|an) (?:[a-z][a-z\-]* ){0,3}?(?:" + _EN_ROLE_WORDS + r") (?:at|for) " + _EN_OBJ + _EN_END,
        0.8,
        0.75,
        MEDIUM,
        accept=(_a_workplace,),
    ),
    # education
    _p(
        "zh_studied",
        F,
        "studied_at",
        _ZH_SCHOOL_WORDS,
        _ZH_I + _ZH_WHEN + r"(?:在|考上了?|考进了?)" + _ZH_SCHOOL + r"(?:读|念|上学|学习|上大学|$|[，。！])",
        0.85,
        0.7,
        MEDIUM,
    ),
    _p(
        "zh_graduated",
        E,
        "graduated_from",
        "毕业",
        _ZH_I
        + _ZH_WHEN
        + r"(?:毕业于"
        + _ZH_SCHOOL
        + r"|(?:从)?"
        + _ZH_SCHOOL.replace("?P<obj>", "?P<obj2>")
        + r"毕业)",
        0.85,
        0.7,
        MEDIUM,
    ),
    _p(
        "en_graduated",
        E,
        "graduated_from",
        "graduated|degree from|master's from|phd from|mba from",
        r"\bI (?:just |finally )?(?:graduated from|got my (?:[a-z']+ )?(?:degree|master's|masters|PhD|phd|MBA|diploma)"
        r"(?: degree)? from) " + _EN_SCHOOL + _EN_END,
        0.85,
        0.7,
        MEDIUM,
    ),
    _p(
        "en_studied",
        F,
        "studied_at",
        "studied|student|did my|went to",
        r"\bI(?: studied [a-z ]{0,40}?at| did my (?:phd|PhD|Ph\.D\.|master's|masters|MBA|degre"
        + r"e|undergrad|bachelor's|postdoc)(?: [a-z ]{0,20}?)? at|'m an? (?:\w+ )?student at| am"
        + r" an? (?:\w+ )?student at) "
        + _EN_SCHOOL
        + _EN_END
        + r"|\bI went to (?P<obj2>(?:the )?(?:[A-Z][\w&.\-]* ){0,3}(?:University|College|Institu"
        + r"te|School|Academy)(?: (?:of |for )?[A-Z][\w&.\-]*){0,3})"
        + _EN_END,
        0.85,
        0.7,
        MEDIUM,
    ),
    # relations
    # a kin word opening a clause of the writer's own list, its 我的 left out: "姐姐陈思琪在墨尔本，女朋友林悦"
    _p(
        "zh_kin_listed",
        R,
        "relation",
        _ZH_REL,
        r"(?:^|(?<=[，,、；;]))(?:还有|另外)?(?P<rel>" + _ZH_REL + r")" + _ZH_NAME,
        0.75,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    # where a kin of the writer is: "爸妈在杭州", "我哥哥在成都", "表妹王可在伦敦读书"
    _p(
        "zh_kin_in",
        F,
        "family_in",
        "在",
        r"(?:^|(?<=[，,、；;])|我的?)(?P<obj>(?:" + _ZH_KIN_IN + r")(?:[" + _SURNAMES + r"][\u4e00-\u9fff]{1,2}?)?"
        r"(?:现在|都|也|一直|还)?(?:住)?在(?!开|上|睡|吃|忙|家|做|学|看|玩|等|写|准备|路上|一起|这|那)"
        r"[\u4e00-\u9fffA-Za-z]{2,8}?(?:读书|上学|工作|上班|生活)?)(?=$|[，,。；;！!、])",
        0.75,
        0.6,
        MEDIUM,
    ),
    _p(
        "en_kin_in",
        F,
        "family_in",
        "my",
        r"\b[Mm]y (?P<obj>(?:parents|mom|dad|mother|father|sister|brother|grandparents|grandma|grandpa|son|daughter|"
        r"wife|husband|girlfriend|boyfriend|partner)(?: [A-Z][a-z]+)? "
        # (her age and how she lives said on the way: "my mom is 78 and still lives alone in Vegreville")
        r"(?:(?:is|are) \d{1,3}(?: now)?,? and )?"
        r"(?:(?:still|both|now) )?(?:is|are|lives|live)(?: (?:alone|together|nearby|on (?:her|his|their) own))? in "
        r"[A-Z][\w.\-]*(?: [A-Z][\w.\-]*){0,2})",
        0.75,
        0.6,
        MEDIUM,
    ),
    # what the writer does not eat or drink: "我不吃香菜，也不太能吃辣", "I don't eat pork"
    _p(
        "zh_avoids",
        P,
        "avoids",
        "吃|喝",
        r"(?:^|我)(?:也|还|从来|一直|基本|平时|从小)*(?P<obj>"
        + _ZH_AVOID
        + r"(?:[，,](?:也|还|而且|更)?"
        + _ZH_AVOID
        + r")*)",
        0.8,
        0.5,
        LOW,
        negation_in_cue=True,
    ),
    _p(
        "en_avoids",
        P,
        "avoids",
        "eat|drink|handle|don't do|do not do",
        r"^(?:I|We) (?:also |just |really )*(?P<obj>" + _EN_AVOID + r"(?:,? and (?:I )?(?:also )?" + _EN_AVOID + r")?)",
        0.8,
        0.5,
        LOW,
        negation_in_cue=True,
        value=lambda o: re.sub(r"\bdon't\b", "doesn't", re.sub(r"\bdo not\b", "does not", o)).replace(" I ", " "),
        before_report=True,  # "I don't do coffee after noon anymore, doc said it messes my sleep"
    ),
    _p(
        "zh_rel_is_my",
        R,
        "relation",
        "是我",
        r"(?:^|[^A-Za-z\u4e00-\u9fff]|的)(?P<obj>[A-Za-z\u4e00-\u9fff]{1,4}?)是我(?:的)?(?:最"
        + r"好的|好|亲|大学|高中|初中|研究生|以前的|之前的|前)?(?:的)?(?P<rel>"
        + _ZH_REL
        + r")",
        0.85,
        0.7,
        MEDIUM,
        accept=(_a_name, _not_a_shi_word),
    ),
    _p(
        "zh_my_rel_named",
        R,
        "relation",
        _ZH_REL,
        r"我(?:的|有(?:一个|个|一位|位)?)?(?:直属|顶头|现在的|新)?(?P<rel>" + _ZH_REL + r")(?:叫|名叫|是)" + _ZH_NAME,
        0.85,
        0.7,
        MEDIUM,
        accept=(_a_name,),
        before_report=True,
    ),
    _p(
        # a diary names the writer's people with no 我的: "部门主管叫李娜", "新同事叫小周" (a clause opening with the
        # role; "他的主管叫李娜" has a possessor before it and is not read)
        "zh_rel_named_bare",
        R,
        "relation",
        _ZH_REL,
        r"(?:^|(?<=[，,；;。！!]))(?:部门|直属|顶头|现在的|新来的|新|组里的?|公司的?)?(?P<rel>"
        + _ZH_REL
        # (or is a surname and a title: "导师是陈教授", "主管是刘经理")
        + rf")(?:叫|名叫|是(?=[{_SURNAMES}](?:老师|教授|医生|经理|总)))"
        + _ZH_NAME,
        0.8,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    _p(
        "zh_my_rel_name",
        R,
        "relation",
        _ZH_REL,
        r"我(?:的|和我的?|跟我的?)?(?P<rel>" + _ZH_REL + r")" + _ZH_NAME,
        0.8,
        0.7,
        MEDIUM,
        accept=(_a_name,),
        before_report=True,
    ),
    _p(
        # a sibling named by a kin word said short and a given name alone ("我哥冠宇也要一起", "我妹思琪在读研"): two
        # characters that are no time word nor adverb, then a verb or an adverb
        "zh_my_kin_given_name",
        R,
        "relation",
        "哥|姐|弟|妹",
        r"我(?P<rel>哥|姐|弟|妹)(?!哥|姐|弟|妹|们|夫|家)"
        + r"(?P<obj>(?!今天|昨天|明天|前天|后天|最近|已经|现在|一直|刚才|刚刚|上个|下个|今年|去年|明年|每天"
        + r"|也是|还是|就是|真的|非常|特别|他们|她们|总是|经常|突然|终于|居然)[\u4e00-\u9fff]{2})"
        + r"(?=也|都|还|在|要|会|说|去|来|刚|又|就|今年|最近|下个|上个|住|是|和|跟|[，。,.!！？?\s])",
        0.75,
        0.7,
        MEDIUM,
        accept=(_a_name,),
        before_report=True,
    ),
    _p(
        # a diary names its people by a kin word and a nickname, with no 我: "儿子阿杰没回来", "女儿小燕从桂林打视频
        # 回来" (a clause opening with the kin word; "他儿子阿明" has a possessor before it and is not read)
        "zh_rel_nickname_bare",
        R,
        "relation",
        _ZH_REL,
        r"(?:^|(?<=[，,；;。！!\s]))"
        + _ZH_TIME_LEAD.pattern.removeprefix("^")
        + r"?(?:我家的?)?(?:大|小|二)?(?P<rel>"
        + _ZH_FAMILY_REL
        + r")"
        + _ZH_NICKNAME,
        0.75,
        0.7,
        MEDIUM,
        before_report=True,
    ),
    _p(
        # a child, a parent or a spouse named by a kin word and a given name alone, with 我 or at a diary clause's
        # start: "我女儿诗雨今年中考", "老公秀峰在店里" (two characters that are no word of the dictionary: "我儿子学习也
        # 不错", "女儿成绩很好" name no one)
        "zh_kin_given_name",
        R,
        "relation",
        _ZH_FAMILY_REL,
        r"(?:我的?|(?:^|(?<=[，,；;。！!\s]))"
        + _ZH_TIME_LEAD.pattern.removeprefix("^")
        + r"?(?:我家的?)?)(?P<rel>"
        + _ZH_FAMILY_REL
        # (not a clause's next word opening with a function character: "老公在店里", "女儿也说", "儿子把碗")
        + r")(?![在说也都和跟去来要会不没很又还就刚已正把被给让对从到是的了着过吗呢吧啊呀今昨明前后每])"
        + r"(?P<obj>[\u4e00-\u9fff]{2})(?=[\u4e00-\u9fff]|[，。,.!！？?\s]|$)",
        0.7,
        0.7,
        MEDIUM,
        accept=(_a_name, _no_dictionary_word),
        before_report=True,
    ),
    _p(
        # someone the writer took on, then named: "招了个帮工，叫阿梅", "请了一个保姆，叫小芳" (the role is what they
        # are to the writer)
        "zh_took_on_named",
        R,
        "relation",
        "叫",
        r"(?:招|请|雇|找)(?:到|了)?(?:一)?[个位名](?P<rel>[\u4e00-\u9fff]{1,3}?)[，,]?(?P<named>(?:名字)?(?:叫|名叫)"
        + _ZH_NAME.replace("(?P<obj>", "(?:(?P<obj>", 1).replace(_NAME_STOP, "", 1)
        + "))(?=[，,。！!\s]|$)",
        0.7,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    _p(
        # "我家老黄每天早上四点起来熬汤": 我家 and a nickname is one of the writer's household (a spouse, as a rule)
        "zh_household_nickname",
        R,
        "relation",
        "我家",
        r"我家(?P<obj>老[\u4e00-\u9fff])(?=[\u4e00-\u9fff，,。！!\s]|$)(?!(?<=老家)|(?<=老人)|(?<=老小)|(?<=老师)|(?<=老板))",
        0.7,
        0.7,
        MEDIUM,
        before_report=True,
    ),
    _p(
        "en_my_rel_named",
        R,
        "relation",
        _EN_REL,
        r"\b(?:[Mm]y|[Oo]ur) (?P<rel>" + _EN_REL + r")(?![\w'’-]),? " + _EN_NAME,
        0.85,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    _p(
        "en_my_rel_is",
        R,
        "relation",
        _EN_REL,
        # (one to come: "my boss will be Daniel Krüger", "my new manager is going to be Priya")
        r"\b[Mm]y (?:new )?(?P<rel>"
        + _EN_REL
        + r") (?:is|will be|is going to be|'s going to be) "
        + _EN_NAME
        + r"(?=$|[.,;!?\n])",
        0.85,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    _p(
        "en_name_my_rel",  # a name and then who they are: "This is Arjun, my husband", "went with Meera, my sister"
        R,
        "relation",
        "my",
        r"\b" + _EN_NAME + r", (?:my|our) (?:best |closest |close |good |old )?(?P<rel>" + _EN_REL + r")(?![\w'’-])"
        + r"(?=$|[.,;!?\n)]| (?:and|who|from|in)\b)",
        0.8,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    _p(
        "en_is_my_rel",
        R,
        "relation",
        "is my",
        r"\b" + _EN_NAME + r" is my (?:best |closest |close |good |old )?(?P<rel>" + _EN_REL + r")\b(?![\w'’-])",
        0.85,
        0.7,
        MEDIUM,
        accept=(_a_name,),
    ),
    # a relation stated through the role the writer is about to take: "gonna be a grandpa", "I'm going to be an
    # aunt!", "we're becoming parents": a child or a grandchild on the way, said of the writer
    _p(
        "en_role_to_come",
        R,
        "relation_to_come",
        "gonna be|going to be|ll be|will be|becoming",
        r"(?:\b(?:I'm|I am|[Ww]e're|[Ww]e are)\s+"
        r"(?:(?:gonna|going to)\s+(?:finally\s+)?be(?:come)?|(?:finally\s+)?becoming)"
        r"|\b(?:I|[Ww]e)(?:'ll| will)\s+(?:finally\s+)?be(?:come)?"
        r"|(?:^|(?<=[.!?,;:]\s))(?i:gonna|going to)\s+(?:finally\s+)?be(?:come)?)"
        r"\s+(?:an?\s+)?(?:first[- ]time\s+|great[- ])?(?P<obj>grandpa|grandma|grandfather|grandmother|granddad|"
        r"grandparents?|dad|father|mom|mum|mother|parents|aunt|uncle|big (?:sister|brother))\b(?![\w'’-])"
        # (two roles of a pair, "we're gonna be an aunt and uncle", are the reader's to say whole)
        r"(?!\s+(?:and|&)\s+(?:an?\s+)?(?:grand|dad|father|mom|mum|mother|parent|aunt|uncle|big))",
        0.75,
        0.8,
        MEDIUM,
        value=lambda o: _ROLE_WORDS.get(o.lower(), o.lower().removesuffix("s")),
        dated=True,
    ),
    # births and children
    _p(
        "zh_child_born",
        E,
        "child_born",
        "出生|出世|生了",
        r"我(?:们)?(?:家)?(?:的)?(?P<obj>女儿|儿子|孩子|宝宝|老大|老二|老三|小女儿|大女儿|小儿"
        + r"子|大儿子)(?:是)?"
        + _ZH_WHEN
        + r"(?:出生|出世)"
        + r"|我(?:老婆|妻子|太太|爱人)?"
        + _ZH_WHEN
        + r"生了(?:个|一个)?(?P<obj2>女儿|儿子|孩子|宝宝|双胞胎)",
        0.85,
        0.9,
        HIGH,
    ),
    _p(
        "en_child_born",
        E,
        "child_born",
        "born",
        r"\b(?:[Mm]y|[Oo]ur) (?P<obj>son|daughter|baby|kid|child|first child|second child|twin"
        + r"s|baby girl|baby boy)(?: [A-Z][a-z]+)? (?:was|were) born",
        0.85,
        0.9,
        HIGH,
    ),
    # a child said as one has them ("有一个15岁的女儿", "I have a 15-year-old daughter"): the child is the attribute
    _p(
        "zh_has_child",
        F,
        "has_child",
        "女儿|儿子",
        _ZH_I
        + r"(?:还|也)?有(?:一个|一位|个|一)"
        + r"(?P<obj>(?:[\d一二三四五六七八九十两]+岁(?:的)?|刚出生的|上[\u4e00-\u9fff]{1,3}的)?(?:女儿|儿子))"
        + r"(?=$|[，。,.!！？?；;\s])",
        0.85,
        0.8,
        HIGH,
    ),
    _p(
        "en_has_child",
        F,
        "has_child",
        "daughter|son",
        r"\b(?:I|[Ww]e) (?:also )?have (?:a|one) (?P<obj>(?:\d{1,2}[- ](?:year|month)[- ]old |little |baby |teenage )?"
        r"(?:daughter|son))\b(?! (?:who|that)\b)",
        0.85,
        0.8,
        HIGH,
    ),
    _p(
        "zh_children",
        F,
        "has_children",
        "孩子|小孩|娃",
        r"我(?:们)?(?:有|生了)(?P<obj>[一两二三四五\d])个(?:孩子|小孩|娃)",
        0.85,
        0.8,
        HIGH,
        value=_count,
    ),
    _p(
        "en_children",
        F,
        "has_children",
        "kids|children",
        r"\b(?:I|[Ww]e) have (?P<obj>one|two|three|four|five|\d) (?:kids|children)\b",
        0.85,
        0.8,
        HIGH,
        value=_count,
    ),
    # health
    _p(
        "zh_allergy",
        F,
        "allergic_to",
        "过敏",
        r"我(?:对)(?P<obj>[^，。,.!！？?\s]{1,10}?)过敏",
        0.9,
        0.9,
        HIGH,
    ),
    _p(
        "en_allergy",
        F,
        "allergic_to",
        "allergic",
        r"\bI(?:'m| am) (?:severely |very |mildly |a bit )?allergic to " + _EN_PHRASE + _EN_PHRASE_END,
        0.9,
        0.9,
        HIGH,
    ),
    _p(
        "zh_diagnosed",
        F,
        "diagnosed_with",
        "诊断|确诊|查出|病|症|癌|炎|血压|血糖|血脂|哮喘|流感|骨折|肿瘤|结石|综合征|障碍|新冠|甲亢|甲减|贫血|痛风",
        _ZH_I
        + _ZH_WHEN
        + r"(?:被)?(?:确诊|诊断出?|查出来?)?(?:了|有|患有|得了|为)?(?:得过|得了|患有|患上了?|有)?"
        + _ZH_DISEASE
        + _ZH_STOP,
        0.85,
        0.9,
        HIGH,
    ),
    _p(
        "en_diagnosed",
        F,
        "diagnosed_with",
        "diagnosed|asthma|diabetes|hypertension|blood pressure|migraine|epilepsy|depression|anxiety|adhd|autism|"
        "celiac|arthritis|eczema|psoriasis|ibs|crohn|lupus|long covid|apnea|cancer|syndrome|disorder|disease",
        r"\bI (?:was|got|have been|'ve been) diagnosed with "
        + _EN_PHRASE
        + _EN_PHRASE_END
        + r"|\bI(?: have|'ve had| have had| suffer from) (?P<obj2>"
        + _EN_CONDITIONS
        + r")"
        + _EN_PHRASE_END,
        0.85,
        0.9,
        HIGH,
    ),
    _p(
        "zh_health_event",
        E,
        "health_event",
        "手术|住院|骨折|晕倒|胃镜|肠镜|体检|化疗|透析",
        _ZH_I
        + _ZH_WHEN
        + r"(?:做了|做完|做过|动了|动过|接受了)(?P<obj>[\u4e00-\u9fff]{0,6}(?:手术|胃镜|肠镜|体检|化疗|透析))|"
        + _ZH_I
        + _ZH_WHEN
        + r"(?P<obj2>住院|骨折|晕倒)了",
        0.85,
        0.9,
        HIGH,
    ),
    _p(
        "en_health_event",
        E,
        "health_event",
        "surgery|operation|broke my|tore my|sprained my|hospitali|hospital|removed|replaced|taken out|operated",
        r"\bI (?:had|underwent|got) (?P<obj>(?:a |an )?[a-z ]{0,20}?(?:surgery|operation))|\bI"
        + r" (?P<obj2>(?:broke|tore|sprained|fractured) my (?:arm|leg|wrist|ankle|hand|foot|nose|collarbone|rib"
        + r"|finger|toe|knee|shoulder|back|acl|ACL|meniscus|achilles|Achilles))"
        + r"|\bI was (?P<obj3>hospitali[sz]ed|admitted to (?:the )?hospital)"
        + r"|\bI had (?P<obj4>my (?:[a-z]+ ){0,2}?(?:removed|replaced|taken out|operated on))",
        0.85,
        0.9,
        HIGH,
    ),
    # money: always sensitive
    _p(
        "zh_income",
        F,
        "income",
        "月薪|年薪|工资|收入",
        r"我(?:的|现在的?|目前的?)?(?:月薪|年薪|工资|收入)(?:是|有|大概|差不多|大约|才|只有|税前|税后)*(?P<obj>"
        + _ZH_AMOUNT
        + r")",
        0.8,
        0.6,
        HIGH,
    ),
    _p(
        "en_income",
        F,
        "income",
        "make|earn",
        r"\bI (?:make|earn) (?:about |around |roughly )?(?P<obj>\$[\d,.]+k?(?: (?:a|per) (?:year|month|hour))?)",
        0.8,
        0.6,
        HIGH,
    ),
    _p(
        "zh_debt",
        F,
        "debt",
        "贷|欠|债",
        r"我(?:还)?(?:欠了?|有|背着|背了)(?P<obj>" + _ZH_AMOUNT + r"(?:的)?(?:房贷|车贷|贷款|外债|债|信用卡))",
        0.8,
        0.6,
        HIGH,
    ),
    _p(
        "en_debt",
        F,
        "debt",
        "owe|debt|loan|mortgage",
        r"\bI (?:have|owe|still owe|'ve got) (?:about |around )?(?P<obj>\$[\d,.]+k? (?:in |of )?(?:student loans?|"
        r"debt|credit card debt|mortgage|car loan))",
        0.8,
        0.6,
        HIGH,
    ),
    # goals and plans
    _p(
        "zh_plan",
        F,
        "plans_to",
        "打算|计划|准备|决定|想要|一直想|目标|梦想|要入职|要搬|要换|要结婚|要考|要读|要辞职|要离职|要出国|要买|要开始|要学",
        _ZH_I
        + r"(?:今年|明年|下个?月|下周|以后|将来)?(?:打算|计划|准备|决定|想要|一直想|要(?=入职|搬"
        + r"|换|结婚|考|读|辞职|离职|出国|买房|买车|开始|学))"
        + _ZH_WHEN
        + _ZH_PHRASE
        + r"|我(?:今年|明年|的)*(?:的)?(?:目标|梦想|计划)是(?P<obj2>[^，。,.!！？?；;\n]{1,30})",
        0.8,
        0.7,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        accept=(_ahead,),
    ),
    _p(
        "en_plan",
        F,
        "plans_to",
        "plan|hoping|aiming|hope to|aim to|decided|goal|intend",
        r"\bI(?:'m| am) (?:planning|hoping|aiming) to "
        + _EN_PHRASE
        + _EN_PHRASE_END
        + r"|\bI (?:plan|intend|hope|aim) to (?P<obj2>[^.,;!?\n]{2,60}?)"
        + _EN_PHRASE_END
        + r"|\bI(?:'ve| have) decided to (?P<obj3>[^.,;!?\n]{2,60}?)"
        + _EN_PHRASE_END
        + r"|\b[Mm]y (?:main |big )?goal(?: for| this)?(?: \w+)? is to (?P<obj4>[^.,;!?\n]{2,60}"
        + r"?)"
        + _EN_PHRASE_END,
        0.8,
        0.7,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        accept=(_ahead,),
    ),
    _p(
        "zh_plan_dated",
        F,
        "plans_to",
        "想",
        r"我(?:今年|明年|下个?月|以后|将来)?想(?!要)(?P<obj>[^，。,.!！？?；;\n]{2,30})",
        0.7,
        0.7,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        needs_time=True,
        accept=(_ahead,),
    ),
    _p(
        "en_plan_dated",
        F,
        "plans_to",
        "going to|want to",
        # "I'm going to a transgender conference": a motion to somewhere, not "going to" + a verb
        r"\bI(?:'m| am) going to (?!(?:a|an|the|my|our|this|that|some|see|visit)\b)(?P<obj>[^.,;!?\n]{2,60}?)"
        + _EN_PHRASE_END
        + r"|\bI want to (?P<obj2>[^.,;!?\n]{2,60}?)"
        + _EN_PHRASE_END,
        0.75,
        0.7,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        needs_time=True,
        accept=(_ahead,),
    ),
    # a plan called off: a change of mind about something planned. Chinese says it with 不 + the verb + a
    # sentence-final 了 (a state that changed: "不去了", "成都不去了", "算了，不换了"), or 取消 / 放弃; English with
    # "decided not to", "not going to ... anymore / after all", "no longer plan to", "called off", "gave up on the
    # idea of". What is called off is found by governance among the plans said before (`governance.called_off`);
    # a change of mind that matches no plan is not kept ("不疼了" is no plan)
    _p(
        "zh_plan_off",
        F,
        "called_off",
        "了",
        r"(?:^|(?<=[，,；;。！!]))\s?(?:算了[，,]?\s?)?(?:我们?|咱们?)?(?P<topic>[\u4e00-\u9fff]{1,8}?)??"
        # (not a degree said with 得: "高兴得不得了", "累得不行了")
        r"(?:还是|就|也|最后|决定|已经|想了想|想想)*(?<!得)不"
        r"(?!(?:打算|想|准备|要|再)?(?:" + _ZH_STATIVE + r"))(?:打算|想|准备|要|再)?"
        r"(?P<obj>[\u4e00-\u9fff]{1,12}?)了"
        r"(?=$|[，,。.!！；;~～\s]|啊|吧|呀|哈)",
        0.75,
        0.6,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        negation_in_cue=True,
    ),
    _p(
        "zh_plan_cancelled",
        F,
        "called_off",
        "取消|放弃",
        r"(?:^|(?<=[，,；;。！!]))\s?(?:我们?)?(?:决定|已经|还是|最后)*(?:取消|放弃)了?(?P<obj>[\u4e00-\u9fff]{2,12})"
        r"(?=$|[，,。.!！；;\s])",
        0.75,
        0.6,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
    ),
    _p(
        "en_plan_off",
        F,
        "called_off",
        "decided not|chose not|not going|not gonna|not planning|no longer|don't want|do not want",
        r"(?:^|\b(?:I|[Ww]e)(?:'ve| have)? )(?:[Dd]ecided|[Cc]hose) not to "
        + _EN_PHRASE
        + r"(?: anymore| any more| after all)?"
        + _EN_PHRASE_END
        + r"|\b(?:I|[Ww]e)(?:'m| am|'re| are) not (?:going to|gonna|planning to) (?![A-Z]|(?:the|a|an|my|our)\b)"
        r"(?P<obj2>[^.,;!?\n]{2,60}?)"
        + _EN_OFF_END
        + r"|\b(?:I|[Ww]e) (?:no longer|don't|do not) (?:plan|want|intend) to (?P<obj3>[^.,;!?\n]{2,60}?)"
        + _EN_OFF_END,
        0.75,
        0.6,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        negation_in_cue=True,
    ),
    _p(
        "en_trip_off",
        F,
        "called_off",
        "not going|not gonna",
        r"\b(?:I|[Ww]e)(?:'m| am|'re| are) not (?:going|gonna go) (?P<obj>to (?:the |a |my |our )?[^.,;!?\n]{2,60}?)"
        + _EN_OFF_END,
        0.75,
        0.6,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
        negation_in_cue=True,
    ),
    _p(
        "en_plan_dropped",
        F,
        "called_off",
        "called off|cancel|scrapped|gave up|given up|changed my mind|changed our mind",
        r"\b(?:I|[Ww]e)(?:'ve| have)? (?:called off|cancell?ed|scrapped|given up on|gave up on|changed (?:my|our) mind "
        r"about) (?:the idea of |the plan to )?(?P<obj>[^.,;!?\n]{2,60}?)" + _EN_PHRASE_END,
        0.75,
        0.6,
        MEDIUM,
        scope=Scope.CROSS_SESSION,
    ),
    # preferences
    _p(
        "zh_prefer_from_now",
        P,
        "prefers",
        "优先",
        r"以后(?P<obj>[^，。,.!！？?；;]{2,30}?)(?:都)?优先(?P<obj2>[^，。,.!！？?；;]{1,20})",
        0.9,
        0.6,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "zh_prefer_instruction",
        P,
        "prefers",
        "以后",
        r"(?:请|麻烦)?以后(?:都|请|麻烦)?(?P<obj>(?:回复|回答|用|说|写|给我|叫我|称呼我|别|不"
        + r"要)[^，。,.!！？?；;]{1,20})",
        0.85,
        0.6,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "zh_prefer",
        P,
        "prefers",
        "喜欢|偏好|爱",
        r"我(?:更|比较|最|很|非常|一直|特别|超|挺)?(?:喜欢|偏好|爱(?![人你他她]))(?P<obj>[^，"
        + r"。,.!！？?；;]{1,30})",
        0.8,
        0.5,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "zh_named",
        F,
        "named",
        "我叫|名字",
        # an introduction: "你好，我叫张曼婷，很高兴认识你", "我的名字是王峰" (a name, then the sentence goes on)
        r"(?:^|(?<=[，,。！!\s]))我(?:的名字)?(?:叫做?|的名字是|名字是)"
        r"(?P<obj>[\u4e00-\u9fff]{2,4}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)"
        r"(?=$|[，。,.!！；;\s~])",
        0.8,
        0.6,
        LOW,
        accept=(_introduced,),
    ),
    _p(
        "en_named",
        F,
        "named",
        "name",
        r"\b[Mm]y name is (?P<obj>[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?=$|[,.!;\s])",
        0.8,
        0.6,
        LOW,
    ),
    _p(
        "zh_favourite",
        P,
        "prefers",
        "最喜欢的",
        # the noun may be left out, the writer too after a comma: "我最喜欢的是《听妈妈的话》",
        # "最喜欢的是一件丝绸手工艺品"
        r"(?:我|(?:^|(?<=[，,]))(?=最))最喜欢的(?:[\u4e00-\u9fff]{1,6}?)?是(?P<obj>[^，。,.!！？?；;]{1,20})",
        0.85,
        0.5,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "zh_habit",
        P,
        "prefers",
        "习惯",
        r"我(?:平时|一般|通常|一直)?习惯(?:于)?(?P<obj>[^，。,.!！？?；;]{1,20})",
        0.75,
        0.5,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "zh_dislike",
        P,
        "dislikes",
        "不喜欢|不太喜欢|不怎么喜欢|讨厌|受不了|反感",
        r"我(?:(?:特别|真的|非常|最|一直|就是)?(?:不太|不怎么|不|很不|一点也不|真的不)喜欢|(?:很|特别|非常|真的|超|最|挺)?(?:讨厌|受不了|反感))"
        + r"(?P<obj>[^，。,.!！？?；;]{1,30})",
        0.8,
        0.5,
        LOW,
        negation_in_cue=True,
        accept=(_a_liking,),
    ),
    _p(
        "en_prefer",
        P,
        "prefers",
        "prefer|like|love|enjoy",
        r"\bI (?:really |much |strongly |usually |always |generally )?(?:prefer|like|love|enjo"
        + r"y) "
        + _EN_PHRASE
        + _EN_PHRASE_END,
        0.8,
        0.5,
        LOW,
        accept=(_a_liking,),
    ),
    # how the writer wants the assistant to answer: "I prefer you answer me short, with points, not long text", "I like
    # it when you use examples" (a lasting preference about the talk itself, its reason after it left out; "I want you
    # to tell me ..." is a request of the day, not a taste)
    _p(
        "en_prefer_answers",
        P,
        "prefers",
        "prefer|when you",
        r"\bI (?:really |much |always |usually )?(?:prefer(?: it)?(?: when| if| that)?|like(?: it)? when) you "
        r"(?:to )?(?P<obj>(?:answer|reply|respond|write|explain|keep|give|talk|speak|use|send|tell|make)\b"
        r"[^.;!?\n]{2,80}?)"
        r"(?=$|[.;!?\n]|,\s*(?:I|we|because|since|as)\b| because\b| since\b)",
        0.8,
        0.6,
        LOW,
    ),
    _p(
        "en_fan",
        P,
        "prefers",
        "fan of",
        r"\bI(?:'m| am) (?:a )?(?:big |huge |massive )?fan of " + _EN_PHRASE + _EN_PHRASE_END,
        0.8,
        0.5,
        LOW,
        accept=(_a_liking,),
    ),
    _p(
        "en_dislike",
        P,
        "dislikes",
        "hate|dislike|detest|stand|don't like|do not like|don't enjoy|do not enjoy",
        r"\bI (?:really |absolutely |just )?(?:hate|dislike|detest|can't stand|cannot stand|do"
        + r"n't like|do not like|don't enjoy|do not enjoy) "
        + _EN_PHRASE
        + _EN_PHRASE_END,
        0.8,
        0.5,
        LOW,
        negation_in_cue=True,
        accept=(_a_liking,),
    ),
    _p(
        "en_from_now",
        P,
        "prefers",
        "from now on",
        r"(?i)\bfrom now on,? (?:please )?"
        + _EN_PHRASE
        + r"(?=$|[.;!?\n])|(?i:\bplease )(?:always )?(?P<obj2>[^.,;!?\n]{2,60}?),? from now on\b",
        0.9,
        0.6,
        LOW,
        accept=(_a_liking,),
    ),
    # opinions: the user's views, kept as views
    _p(
        "zh_opinion",
        OP,
        "thinks",
        "觉得|认为|看来|看法",
        r"(?:我(?:个人)?(?:觉得|认为|相信)|在我看来，?|我的看法是，?)(?P<obj>[^。！？!?；;\n]{" + r"2,40})",
        0.8,
        0.4,
        LOW,
        accept=(_a_view,),
    ),
    _p(
        "en_opinion",
        OP,
        "thinks",
        "think|believe|feel that|opinion|view",
        r"(?:\bI (?:really |honestly |personally |strongly |do )?(?:think|believe|feel)(?: tha"
        + r"t)?|\b[Ii]n my (?:opinion|view)|\bIMO),? (?P<obj>[^.!?;\n]{3,120})",
        0.8,
        0.4,
        LOW,
        accept=(_a_view,),
        value=_view,
    ),
    # a standing fear of a thing: an aversion, not a feeling of the day (`_a_feeling_of_the_day`)
    _p(
        "zh_fear",
        P,
        "fears",
        "怕",
        r"我(?:从小|一直|向来|特别|很|最|真的|有点|就|也|还|比较|挺|超)*(?:害怕|恐惧|怕)(?P<obj>[^，。,.!！？?；;]{1,20})",
        0.75,
        0.5,
        LOW,
        accept=(_a_feared_thing,),
    ),
    _p(
        "en_fear",
        P,
        "fears",
        "scared of|afraid of|terrified of|frightened of",
        r"\bI(?:'m| am|'ve always been| have always been|'ve been| have been| get| always get)"
        + _EN_DEGREE
        + r" (?:scared|afraid|terrified|frightened) of (?!you\b|your\b|him\b|her\b|them\b|it\b|that\b|this\b)"
        + _EN_PHRASE
        + _EN_PHRASE_END,
        0.75,
        0.5,
        LOW,
        accept=(_a_feared_thing,),
    ),
    # emotions: dated snapshots of the user's state
    _p(
        "zh_emotion",
        M,
        "feels",
        _ZH_EMOTION_WORDS,
        r"我(?:今天|昨天|最近|这几天|这阵子|现在|真的|真是|也|又)*" + _ZH_DEGREE + r"*(?P<obj>" + _ZH_EMOTIONS + r")",
        0.8,
        0.3,
        MEDIUM,
        scope=Scope.SESSION,
        accept=(_a_feeling_of_the_day,),
    ),
    _p(
        "zh_emotion_bare",
        M,
        "feels",
        _ZH_EMOTION_WORDS,
        r"(?:^|(?<=[，,]))(?:今天|昨天|最近|这几天|这阵子|现在)?(?:我)?(?:一直|总是|总|老是|终于|也|又|还是)?"
        + _ZH_DEGREE
        + r"*(?P<obj>"
        + _ZH_EMOTIONS
        + r")(?=$|[，。！!~～…\s]|了|啊|呀|死|极|得|哦|呢|吧|啦)",
        0.75,
        0.3,
        MEDIUM,
        scope=Scope.SESSION,
        accept=(_a_feeling_of_the_day, _not_anothers),
    ),
    _p(
        "en_emotion",
        M,
        "feels",
        re.sub(r"\(\?:[^)]*\)\??", "", EN_EMOTIONS),
        r"\bI(?:'m| am|'ve been| have been| was| feel| felt|'m feeling| am feeling)"
        + _EN_DEGREE
        + r" (?P<obj>"
        + EN_EMOTIONS
        # (nor one said with what it is about, "anxious about the new job": the clause reader keeps the whole)
        + r")\b(?! to \w| for (?:you|your|u|ya|him|her|them|the two)| of (?:you|your|him|her|them)"
        + r"| (?:about|abt|with|over) (?!it\b|not\b|this\b|that\b|them\b|you\b|u\b)\w)",
        0.8,
        0.3,
        MEDIUM,
        scope=Scope.SESSION,
        accept=(_a_feeling_of_the_day,),
    ),
)

_CUES = _cue_index(PATTERNS)


_LOWER_I = re.compile(r"(?<![\w'-])i(?=['\s])")
_TO_THE_LISTENER = re.compile(r"(?i)\byou\b|\byour\b|你")


def _past_plan(obj: str, times: list[TimeMention], said_at: datetime | None) -> bool:
    """A plan whose time is already over when it was said, or an intent about the conversation itself."""
    if _TO_THE_LISTENER.search(obj):
        return True
    ends = [t.end for t in times if t.end is not None]
    return bool(said_at and ends and max(ends) < said_at.date())


# "我喜欢这个答案", "I prefer the first one", "I think this code has a bug": about what is on the screen, not a lasting
# liking or view of the person's
_ABOUT_THE_CHAT = re.compile(
    r"(?:这|那|上面的?|下面的?|你的?|第[一二三四五六七八九十\d]+)(?:个|种|段|版|条|次)?[\u4e00-\u9fff]{0,4}?"
    r"(?:答案|回答|回复|方案|方法|代码|版本|选项|例子|建议|解释|思路|写法|问题|结果|输出)|"
    r"(?i:\b(?:this|that|these|those|the|your)\s+(?:(?:first|second|third|last|other|latter|former|above|previous|"
    r"next|new|final|updated|current)\s+)?(?:answer|response|reply|suggestion|code|solution|option|approach|version|"
    r"example|idea|one|explanation|output|result|bug|draft|function|script|query|error)s?\b|"
    r"\b(?:first|second|third|last|other|latter|former) (?:one|option|version)\b)"
)
_WHERE = re.compile(r"^(?:哪|什么地方|何处|(?i:where\b))")


def _place_like(obj: str, sentence: str, end: int) -> bool:
    """A known place, or a name followed by its region ("Bozeman, Montana"): enough to call a move a move."""
    return is_place(obj) or bool(re.match(r",\s*[A-Z][a-z]+", sentence[end:]))


def quoted_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the sentence quotes someone's words or a title (`_QUOTED`)."""
    return [m.span() for m in _QUOTED.finditer(sentence)]


def memo_times(
    memo: dict[str, list[TimeMention]] | None, sentence: str, said_at: datetime | None
) -> list[TimeMention]:
    """`sentence_times`, read once per message for every reader when a `memo` is given."""
    if memo is None:
        return sentence_times(sentence, said_at)
    times = memo.get(sentence)
    if times is None:
        times = memo[sentence] = sentence_times(sentence, said_at)
    return times


def sentence_times(sentence: str, said_at: datetime | None) -> list[TimeMention]:
    """The times a sentence says of itself: not one inside a quotation ("bootcamps oversell the whole 'career change
    in 12 weeks' thing" is no time of the opinion), nor one a thing is compared with ("better than last year")."""
    quoted = quoted_spans(sentence)
    return [
        t
        for t in find_times(sentence, said_at)
        if not any(a <= t.span[0] < b for a, b in quoted) and not _COMPARED.search(sentence, 0, t.span[0])
    ]


# a time a thing is compared with is not the time of what is said: "this year quite tiring, better than last year"
_COMPARED = re.compile(r"(?i)\bthan\s+$")


def _nearest_time(
    sentence: str, times: list[TimeMention], span: tuple[int, int], same_clause_only: bool
) -> TimeMention | None:
    """The time said in the same clause as the statement, else (for events) the nearest one in the sentence.

    A fact takes no time from another clause: "我现在住在大阪，妹妹2015年就去东京了" says nothing of Osaka in 2015."""
    times = [t for t in times if not compared(sentence, t)]  # "better than last year": the compared thing's time
    if not times:
        return None

    def clause(pos: int) -> int:
        return len(_CLAUSE.findall(sentence[:pos]))

    here = clause(span[0])
    same = [t for t in times if clause(t.span[0]) == here or span[0] <= t.span[0] < span[1]]
    pool = same or ([] if same_clause_only else times)
    if not pool and (shared := shared_frame_time(sentence, times, span[0])):
        return shared
    if not pool:
        opening = opening_time(sentence, times)  # "Last year, I lived in Leeds": said alone before the clause
        return opening if opening is not None and opening.span[1] <= span[0] else None
    return min(pool, key=lambda t: min(abs(t.span[0] - span[0]), abs(t.span[1] - span[1])))


# a Chinese clause that opens with 也 / 还 / 又 (after an omitted or repeated 我) goes on with the clause before it, its
# subject and its frame: "明年想考个PMP，也想再学好一点粤语" says 明年 of both wishes
_ZH_GOES_ON = re.compile(r"[\s，,；;]*(?:我)?(?:也|还|又)(?:想|要|打算|准备|会|得|在|是|有)")


def shared_frame_time(sentence: str, times: list[TimeMention], pos: int) -> TimeMention | None:
    """The one time of the clause just before, for the Chinese clause holding `pos` if it goes on with it (above)."""
    cuts = [m for m in _CLAUSE.finditer(sentence, 0, pos) if m.end() <= pos]
    if not cuts or not _ZH_GOES_ON.match(sentence, cuts[-1].end()):
        return None
    first = cuts[-2].end() if len(cuts) > 1 else 0
    before = [t for t in times if first <= t.span[0] < cuts[-1].start() and t.resolved]
    return before[0] if len(before) == 1 else None


# a Chinese clause that opens a wish or a plan of its own (想 / 要 / 打算 ...), not going on with the one before
_ZH_OWN_WISH = re.compile(r"[\s，,；;]*(?:我们|我)?(?:还|也|又)?(?:想|要|打算|准备|计划|希望|争取|决定)")


def ahead_frame_time(sentence: str, times: list[TimeMention], pos: int, said: date | None) -> TimeMention | None:
    """The time ahead of the mention that opens the Chinese clause just before the one holding `pos`: a plan's frame,
    which the clause after it goes on in ("今年过年不回老家，把爸妈接过来过": the coming 春节 of both). Never a time
    past (a past clause's time says nothing of the next one's: "我现在住在大阪，妹妹2015年就去东京了")."""
    if said is None:
        return None
    cuts = [m for m in _CLAUSE.finditer(sentence, 0, pos) if m.end() <= pos]
    if not cuts or _ZH_OWN_WISH.match(sentence, cuts[-1].end()):
        return None  # "明年想考个PMP，想学游泳": a wish of its own, its own frame (no time said)
    first = cuts[-2].end() if len(cuts) > 1 else 0
    head = re.match(r"[\s，,；;]*(?:我们|我)?", sentence[first:]).end() + first
    opening = next((t for t in times if t.span[0] == head and t.span[1] <= cuts[-1].start()), None)
    if opening is None or opening.start is None or opening.start <= said or not CJK_CHAR.search(opening.expression):
        return None
    return opening


def _negated(sentence: str, match_start: int, until: int) -> bool:
    """A negative in the statement's own clause, before its object: "不对，我不在谷歌工作，我在Mercari工作" negates
    only Google, and "我认为AI不会取代程序员" is an opinion with a negative in it, not a denial."""
    starts = [m.end() for m in _CLAUSE.finditer(sentence, 0, match_start)]
    clause = sentence[starts[-1] if starts else 0 : max(until, match_start)]
    return bool(_NEGATION_ZH.search(clause) or _NEGATION_EN.search(clause))


def _object_span(m: re.Match[str]) -> tuple[str, int]:
    """The object group that matched (patterns with alternatives name them obj, obj2, ...) and where it starts."""
    for name in m.re.groupindex:
        if name.startswith("obj") and m.group(name) is not None:
            return m.group(name), m.start(name)
    return "", m.end()


def _zh_writer_opens(sentence: str) -> bool:
    """A Chinese sentence whose first clause has no subject is the diary writer's ("周末搬家了，从浦东搬到了徐汇")."""
    if not CJK_CHAR.search(sentence):
        return False
    from mirror_pipeline.core.extraction.clauses import Subject, read

    first = read(sentence)[:1]
    return bool(first) and first[0].subject is Subject.OMITTED


def _elided(m: re.Match[str]) -> bool:
    return any(name.startswith("cont") and m.group(name) is not None for name in m.re.groupindex)


def _fired(sentence: str) -> list[Pattern]:
    """The patterns whose cue occurs in the sentence, in table order."""
    lowered = sentence.lower()
    return _CUES.fired(lowered, _CUES.present(lowered))


def _skip_sentence(sentence: str) -> bool:
    label = _SPEAKER_LABEL.match(sentence)
    if label and label.group("label").lower() not in _NOT_A_SPEAKER:
        return True  # "Mom: I live in Boston now", "妈妈：我住在上海。" quote someone
    if PLACEHOLDER_RE.search(sentence):
        return True  # a sentence that held a secret is the secret reference's, not a memory's
    return bool(_NOT_A_STATEMENT().search(sentence))


@cache
def _NOT_A_STATEMENT() -> re.Pattern[str]:  # noqa: N802 - one compiled alternation of the four, searched once
    return re.compile("|".join(f"(?:{p.pattern})" for p in (_QUESTION, _HYPOTHETICAL, _REPORTED, _NOT_ASSERTED)))


@cache
def _NOT_A_STATEMENT_BUT_A_REPORT() -> re.Pattern[str]:  # noqa: N802
    return re.compile("|".join(f"(?:{p.pattern})" for p in (_QUESTION, _HYPOTHETICAL, _NOT_ASSERTED)))


def _report_starts(sentence: str) -> int | None:
    """Where someone else's words begin, when they alone make the sentence no statement of the writer's."""
    if _SPEAKER_LABEL.match(sentence) or PLACEHOLDER_RE.search(sentence):
        return None
    if _NOT_A_STATEMENT_BUT_A_REPORT().search(sentence):
        return None
    report = _REPORTED.search(sentence)
    return report.start() if report else None


def normalised(raw: str) -> str:
    """Phones write ’ for ': one character for another, so every span still points into the evidence; and a
    lower-case "i" like "I"."""
    return _LOWER_I.sub("I", raw.replace("’", "'"))


def extract_patterns(
    evidence: Evidence,
    tz: tzinfo = UTC,
    memo: dict[str, list[TimeMention]] | None = None,
    read: tuple[str, list[tuple[int, int]]] | None = None,
) -> list[MemoryCandidate]:
    """Candidates the user's own words support, each tied to its evidence and character span.

    `tz` is the person's timezone: "yesterday" said at 01:00 in Tokyo is resolved on Tokyo's calendar, not UTC's.
    `read`: the text already normalised and cut into sentences (the engine does it once for both readers)."""
    if evidence.actor != Speaker.USER:
        return []
    text = read[0] if read else normalised(evidence.raw_content)
    cues = _CUES.present(text.lower())
    if not cues or not_asserted(text):
        return []  # nothing a rule could use; or a translation, an example, a draft: not the user speaking of self
    said_at = local_moment(evidence.timestamp, evidence.source_timezone, tz)
    out: list[MemoryCandidate] = []
    told: TimeMention | None | bool = False  # the day the telling opens with, read once a feeling needs it
    for s_start, s_end in read[1] if read else sentences(text):
        if s_end - s_start > MAX_SENTENCE:
            continue  # a run of text that long is pasted (a log, code, a document), not someone speaking of self
        sentence = text[s_start:s_end]
        fired = _CUES.fired(sentence.lower(), cues)
        limit = len(sentence)
        if fired and _skip_sentence(sentence):
            fired = [p for p in fired if p.before_report]  # a naming before a report still holds
            limit = (_report_starts(sentence) or 0) if fired else 0
            fired = fired if limit else []
        if not fired:
            continue
        quoted = quoted_spans(sentence)
        hedge = bool(_HEDGE.search(sentence))
        times: list[TimeMention] | None = None
        taken: list[tuple[int, int, str]] = []
        for pattern in fired:
            for m in pattern.regex.finditer(sentence, 0, limit):
                raw, obj_start = _object_span(m)
                if _elided(m) and not (_USER_SUBJECT.match(sentence) or _zh_writer_opens(sentence)):
                    continue  # a clause without a subject continues someone else's sentence
                rel_start = m.start("rel") if "rel" in m.re.groupindex and m.group("rel") else 0
                until = m.start() if pattern.negation_in_cue else max(obj_start, rel_start)
                if _negated(sentence, m.start(), until) or any(a <= m.start() < b for a, b in quoted):
                    continue
                if _PAST_CLAUSE.match(sentence, m.end()) or (
                    pattern.memory_type is not E and _EN_PAST_CLAUSE.search(sentence, 0, m.start())
                ):
                    continue  # "我住在北京的时候…", "when I lived in…": a time in the past, not a current fact
                if pattern.memory_type is MemoryType.EVENT and _FUTURE.search(sentence, 0, m.start()):
                    continue  # "我打算明年搬到新加坡": a plan, not a move
                if pattern.memory_type in (P, OP) and _ABOUT_THE_CHAT.search(raw):
                    continue
                obj = _clean(raw)
                if pattern.value:
                    obj = pattern.value(obj)
                if pattern.memory_type is not MemoryType.RELATIONSHIP and not CJK_CHAR.match(obj):
                    obj = _EN_LEADING.sub("", obj)
                if not _plausible_object(obj):
                    continue
                if any(p == pattern.predicate and a < m.end() and m.start() < b for a, b, p in taken):
                    continue  # two phrasings of one statement
                if times is None:
                    times = memo_times(memo, sentence, said_at)
                if pattern.needs_time and not times:
                    continue
                if pattern.memory_type is E and tense.ahead_of_mention(
                    sentence,
                    bool(CJK_CHAR.search(sentence)),
                    _nearest_time(sentence, times, m.span(), False),
                    said_at.date() if said_at else None,
                ):
                    continue  # "我8号入职新公司" said on the 26th: a plan (the disclosure reader's), not a join
                found = Found(obj, raw, sentence, m.end(), times, said_at)
                if not all(rule(found) for rule in pattern.accept):
                    continue
                if any(t.anchor and t.span[0] <= m.start() < t.span[1] for t in times):
                    continue  # "before my daughter was born" dates something else by that birth
                taken.append((m.start(), m.end(), pattern.predicate))
                if pattern.memory_type is MemoryType.EMOTION and told is False:
                    told = told_day(text, said_at)
                out.append(
                    _candidate(evidence, pattern, m, obj, sentence, s_start, times, hedge, said_at, told or None)
                )
    return _derived(out, text)


def _candidate(
    evidence: Evidence,
    pattern: Pattern,
    m: re.Match[str],
    obj: str,
    sentence: str,
    s_start: int,
    times: list[TimeMention],
    hedge: bool,
    said_at: datetime | None,
    told: TimeMention | None = None,
) -> MemoryCandidate:
    """`told`: the past day the message's telling opens with (`timeexpr.told_day`), for a feeling that names none."""
    groups = m.groupdict()
    rel = groups.get("rel") or groups.get("rel2")
    if rel and len(rel) == 1 and rel * 2 in ZH_RELATIONS:
        rel = rel * 2  # a kin word said short is its doubled form: 哥 is 哥哥
    relation = (ZH_RELATIONS.get(rel) or EN_RELATIONS.get(rel.lower(), rel)) if rel else None
    predicate = relation if relation else pattern.predicate
    extra = _clean(groups.get("obj2") or "") if pattern.name == "zh_prefer_from_now" else ""
    object_value = f"{obj}: {extra}" if extra else obj
    if groups.get("topic") and not any(t.span[0] < m.end("topic") and m.start("topic") < t.span[1] for t in times):
        obj = object_value = obj + groups["topic"]  # "成都不去了": the topic is what the verb is about (去成都)
    zh = bool(CJK_CHAR.search(m.group(0)))
    template = (
        _BY_PATTERN.get(pattern.name)
        or (_ZH_TEMPLATES if zh else _EN_TEMPLATES)["relation" if relation else pattern.predicate]
    )
    content = template.format(obj=obj if extra else object_value, obj2=extra, rel=(rel if zh else relation) or "")
    if zh:  # "用户认为管理岗不适合我" -> "...不适合自己": the content speaks of the user, never as them
        content = content.replace("我们", "他们").replace("我的", "自己的").replace("我", "自己")
    else:
        content = _AN.sub(r"\1n ", _third_person(content))  # "The user is an assistant manager"
    kind = pattern.memory_type
    # a relationship is not dated by a time said in passing ("My sister Lily moved to Berlin last year")
    time = (
        None
        if kind is MemoryType.RELATIONSHIP and not pattern.dated
        else _nearest_time(sentence, times, m.span(), kind is not E)
    )
    if kind is M and time is None:
        # "上个月天天失眠，焦虑得不行": felt in the scene its sentence's earlier clause sets
        time = scene_time(sentence, times, m.start(), said_at.date() if said_at else None, zh)
    if kind is M:
        time = tense.felt_then(time, said_at.date() if said_at else None, _clause_of(sentence, m))
    if time is not None and may_recur(time) and (kind is P or predicate.startswith("habit")):
        time = None  # "我喜欢周末爬山", "I hike on weekends": when it recurs, not since when it holds
    start = time.start_iso if time else None
    # an event (and a feeling) is its interval; a fact said with a closed range ("2015年到2018年在微软工作") ended then
    # a plan is for the whole interval it is planned for ("明年春天"), never "since" its first day
    end = time.end_iso if time and (kind in (E, M) or time.closed_range or pattern.predicate == "plans_to") else None
    if time is not None and time.ongoing and kind is E:
        end = None  # "我搬到上海三年了": the move was three years ago; what holds through the mention is the state
    if kind is M and end is not None and said_at is not None and end[:10] > said_at.date().isoformat():
        end = said_at.date().isoformat()  # "on edge all week": felt up to the telling
    precision = time.precision if time else TimePrecision.UNKNOWN
    expression = time.expression if time else None
    if time is not None and time.relative and time.expression in content:
        # "用户打算明年换工作": the time is in the valid time; one the content cannot lose is written as its date
        content = as_absolute(without_relative_times(content), time)
    past_state = kind is MemoryType.FACT and pattern.predicate != "plans_to" and tense.ended(m.group(0), zh, time)
    if past_state:  # "I lived in Nairobi as a kid": it held before the mention, and is not where the person lives
        predicate, content = tense.past_fact(predicate, object_value, content, zh)
        if end is None and said_at is not None:
            end = said_at.date().isoformat()
    if kind is MemoryType.EMOTION and time is None and told is not None and clause_tense(_clause_of(sentence, m)) is Tense.PAST:
        # "yesterday my HOD shouted at me ... i was so upset": felt the day the telling is of
        start, end, precision, expression = told.start_iso, told.end_iso, told.precision, told.expression
    elif kind is MemoryType.EMOTION and time is None and said_at is not None:
        # a state on the day it was said, on the person's calendar; one said to have lasted up to then ("so homesick
        # lately"), since when unsaid
        lasting = bool(tense.LASTING_FEELING.search(_clause_of(sentence, m)))
        start, end, precision, _, _ = tense.interval(tense.TimePolicy.SAID_ELSE_MENTION_DAY, None, said_at.date(), lasting)
    sensitivity = sensitivity_of(m.group(0), HIGH if relation in FAMILY else pattern.sensitivity)
    # (a pattern may say where the statement it reads begins: "招了个帮工，叫阿梅" rests on "叫阿梅", the hiring is a
    # clause of its own the disclosure reader reads)
    begin = m.start("named") if "named" in m.re.groupindex and m.group("named") is not None else m.start()
    span = (s_start + begin, s_start + m.end())
    confidence = pattern.confidence
    if hedge and kind is not MemoryType.OPINION:
        confidence *= 0.7
    if time is not None and time.anchor and not time.resolved:
        confidence *= 0.9  # "疫情后不久": when, exactly, waits for the timeline
    return from_evidence(
        evidence,
        key=(pattern.name,),
        memory_type=kind,
        subject=USER,
        predicate=predicate,
        object=object_value,
        content_text=content,
        confidence=confidence,
        importance=pattern.importance,
        sensitivity=sensitivity,
        span=span,
        extractor=EXTRACTOR,
        extractor_version=EXTRACTOR_VERSION,
        scope=pattern.scope,
        valid_time_start=start,
        valid_time_end=end,
        time_precision=precision,
        time_expression=expression,
        tags=("state",)
        if kind is MemoryType.EMOTION
        else ("goal",)
        if pattern.predicate == "plans_to"
        else ("past_state",)
        if past_state
        else (OF_AN_EVENT,)
        if pattern.of_an_event
        else (),
    )


# a join that is a job: the verb says so ("入职", "跳槽到", "started at", "got a job at", "was hired by"), or what was
# joined is an organisation by its name ("joined Lantu Health", "加入了澜图科技"), not a club or a gym ("joined a
# choir", "加入了读书会")
_JOB_VERB = re.compile(r"(?i)入职|跳槽|\bstarted (?:at|working at|a |my )|\bgot (?:a job at|hired)|\bwas hired|\bhired by")
_EN_ORGANISATION = re.compile(r"^(?!(?:A|An|The|My|Our)\b)[A-Z][\w&.'-]*(?: [A-Z&][\w&.'-]*)*$")
_ZH_ORGANISATION = re.compile(r"(?:公司|集团|科技|银行|医院|大学|学院|学校|研究院|研究所|事务所|工作室|中心|局|厂|网络|健康|传媒|证券|保险)$")


def _a_job(c: MemoryCandidate, text: str) -> bool:
    said = text[c.span_start : c.span_end]
    if _JOB_VERB.search(said):
        return True
    return bool(_EN_ORGANISATION.match(c.object) or _ZH_ORGANISATION.search(c.object))


def _clause_of(sentence: str, m: re.Match[str]) -> str:
    """The clause of the sentence a match stands in (between the clause marks around it): "上礼拜体检查出来血糖高，…，
    心里倍儿别扭" has a past checkup and a feeling of today."""
    starts = [c.end() for c in _CLAUSE.finditer(sentence, 0, m.start())]
    end = _CLAUSE.search(sentence, m.end())
    return sentence[starts[-1] if starts else 0 : end.start() if end else len(sentence)]


def _derived(candidates: list[MemoryCandidate], text: str = "") -> list[MemoryCandidate]:
    """A move to a place is also a change of residence: 'I moved to Osaka' supports 'lives in Osaka' from then on;
    and a job taken is a change of workplace: 'I joined Lantu Health' supports 'works at Lantu Health' from then on,
    so the workplace said before is superseded (REVIEW-16: the old employer stayed current beside the new job)."""
    out = list(candidates)
    have = {(c.predicate, c.object) for c in out}
    for c in list(out):
        implied = (
            "lives_in"
            if c.predicate == "moved_to"
            else "works_at"
            if c.predicate == "joined" and not _NOT_A_WORKPLACE.match(c.object) and _a_job(c, text)
            else None
        )
        if implied and (implied, c.object) not in have:
            zh = bool(CJK_CHAR.search(c.content_text))
            out.append(
                replace(
                    c,
                    candidate_id=stable_id("cand", c.candidate_id, implied),
                    memory_type=MemoryType.FACT,
                    predicate=implied,
                    content_text=(_ZH_TEMPLATES if zh else _EN_TEMPLATES)[implied].format(obj=c.object),
                    valid_time_end=None,
                )
            )
    return [
        # "我住在公司附近", "moved to Mona Heights": worth keeping, not worth confirming without the person when the
        # gazetteer does not know the place
        replace(c, confidence=round(min(c.confidence, 0.75), 3))
        if c.predicate == "lives_in" and not is_place(c.object)
        else c
        for c in out
    ]
