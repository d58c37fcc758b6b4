"""The general first-person self-disclosure reader: every clause the person says of themselves, in any domain.

For each sentence and clause of the person's own words: who the clause is about (`clauses.py`); whether it asserts
anything (not a question, a hypothetical, reported speech, a pleasantry or a compliment to the listener); what it says
of time (`aspects.py`: a feeling, a liking, a view, a plan, a habit, a past event or a state); which domain of a life
it is in (`domains/`); then one candidate whose content is the clause in the third person in its own language
(`rewrite.py`), dated by the clause's own time words. Structured attributes (where the person lives, works, who is
who) are the patterns' (`patterns.py`); this reader adds what no template foresaw, at a lower confidence."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from functools import cache

from mirror_pipeline.core.entities import kin_relation, person_of
from mirror_pipeline.core.extraction import antecedent, clauses, rewrite, shapes, tense
from mirror_pipeline.core.extraction import feelings as _feel
from mirror_pipeline.core.extraction.aspects import ASPECTS, EN_DONE_TO_MY_FEELING, EN_FEELING_OPENS, ZH_FEEL, scene_time, ZH_FRAMED_FEEL, ZH_SPAN, Aspect, without_frame
from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.extraction.clauses import Clause, Subject
from mirror_pipeline.core.extraction.domains import Domain, domains
from mirror_pipeline.core.extraction.patterns import _ABOUT_THE_CHAT as ABOUT_THE_CHAT
from mirror_pipeline.core.extraction.patterns import ahead_frame_time, memo_times, quoted_spans, shared_frame_time
from mirror_pipeline.core.extraction.sensitivity import of_clause as sensitivity_of
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Sensitivity, TimePrecision
from mirror_pipeline.core.text import CJK_CHAR
from mirror_pipeline.core.timeexpr import (
    THINGS_VERB_BEFORE,
    Tense,
    TimeMention,
    as_absolute,
    clause_tense,
    compared,
    opening_time,
    time_as_object,
    time_is_predicate,
    told_day,
    weekly,
    zh_weekly,
)

EXTRACTOR = "rules"
USER = "user"
MAX_CLAUSE = 220  # characters: longer runs are pasted text
BASE = {Subject.FIRST: 0.7, Subject.POSSESSIVE: 0.65, Subject.OMITTED: 0.6, Subject.OBJECT: 0.6}

_EN_QUESTION = re.compile(
    # (not an exclamation of feeling: "what a relief")
    r"^(?:do|did|does|are|is|was|were|can|could|should|would|where|what(?! an? (?:\w+ )?relief\b)|when|why|how|which|who|will|shall|am|have|"
    r"has|any|anything|wanna|want)\b",
    re.IGNORECASE,
)
_ZH_QUESTION = re.compile(r"吗(?:$|\s)|呢$|么$|是不是|有没有|什么|怎么|为什么|哪|谁|多少|(?<![这那前头过好])几[个点天]")
_HYPOTHETICAL = re.compile(
    # ("I would also like to attend…", "I'd love to visit…": a want, read as a plan, not a supposition)
    r"\b(?:if|would(?! (?:(?:also|really|so|just|very much) )*(?:like|love) to)|could|might|wish|suppose|imagine|"
    r"unless|whether|maybe|perhaps)\b|\b\w+'d\b(?! (?:(?:also|really|so|just) )*(?:like|love) to)"
    r"|\bmust(?:'ve| have)? be(?:en)?\b"  # "Must've been an amazing experience": a guess at the other's state
    r"|如果|假如|(?<![主只需重必想])要是|假设|万一|的话|也许|或许|说不定|应该|估计|看来|可能是|好像|似乎"
    r"|每当",  # "每当我来到自然环境中，就会感到…": a condition and what follows on it, no statement of a day
    re.IGNORECASE,
)
_REPORTED = re.compile(
    # (小说 is a novel, 实说 of 老实说 the writer's own: no one else's words)
    # (讲 is 说 in the south-west and in Guangxi: "他讲他不可能去广州"; not 讲究, 讲座, 讲课, 演讲 …)
    r"(?<![我小实])(?:说(?!错|漏嘴)|听说|据说|告诉我)|(?<![我演])讲(?!究|座|课|解|台|义|师|价|理|述|得|的是|话)"
    r"|\b(?:said|says|told me|tells me|according to|claims?|asked me)\b"
    # a talk with the doctor, then what they found ("我跟医生谈了是脑梗"): the doctor's finding, of whoever is ill
    r"|(?:跟|和)(?:医生|大夫|主任|护士)(?:谈|聊|沟通|确认)了?|问了?(?:医生|大夫|护士)",
    re.IGNORECASE,
)
# the writer telling someone, not someone's words reported: "跟领导说好了这两周远程办公", "跟CPO说了yes"
# (or oneself: "回来路上跟自己讲，今年考研一定要再考一次" is the writer's resolve)
_ZH_TOLD = re.compile(
    r"^(?:我)?(?:跟|和|对|向)[^，。,说讲]{1,10}(?:说|讲)(?:好了|了|过|定了)|[^，。]{0,6}?(?:跟|对)自己(?:说|讲)"
)


# what the writer said to someone in the day's talk ("我说值班回不去", "我讲那你自己定"): words in a dialogue, not a
# statement made to the diary (the writer telling someone a thing settled is `_ZH_TOLD`'s)
_ZH_I_SAID = re.compile(r"^我们?(?:就|也|还|又|只|都|便|一直)?(?:说|讲)(?![好定过了出起])")


def _reported(body: str, zh: bool) -> bool:
    if not zh and _EN_CARER_REPORT.search(body) and _EN_OF_THE_WRITER.search(body):
        # what the writer's own clinician found, in a clause of the writer's own body ("my back's been bad since the
        # night shifts, physio says it's SI joint"): the writer's health, said through them; anyone else's words
        # in the clause still make it a report
        return bool(_REPORTED.search(_EN_CARER_REPORT.sub("", body)))
    if zh and _ZH_I_SAID.match(clauses.zh_after_lead(body)):
        return True
    return bool(_REPORTED.search(body)) and not (zh and _ZH_TOLD.match(clauses.zh_after_lead(body)))


# the writer's clinician reporting (not another's: "my mom's doctor says ..."): "physio says", "the doc told me"
_EN_CARER_REPORT = re.compile(
    r"(?i)(?<!'s )(?<!’s )\b(?:my\s+|the\s+)?(?:doc|doctor|physio|physiotherapist|dentist|gp|"
    r"surgeon|specialist|cardiologist|dermatologist|neurologist|chiro|chiropractor|optometrist|audiologist|"
    r"rheumatologist|ortho|orthopedist)\s+(?:says|said|told me|tells me|thinks|reckons)\b"
)
# the writer's own body or state in the same clause: "my back", "I have", "me"
_EN_OF_THE_WRITER = re.compile(r"\b(?:[Mm]y|I|I'm|I've|me)\b")


_LISTENER = re.compile(r"\b(?:you|your|yours|you're|you've|you'll|ya|u)\b|你|您", re.IGNORECASE)
# glad / happy / proud FOR someone else is their news, not the person's own state
_FOR_OTHERS = re.compile(
    # ("for her wedding": her before a noun is whose the thing is, not whom the feeling is for)
    # (an envy of another is the writer's own feeling: "jealous of her")
    r"\b(?:for|(?<!jealous )(?<!envious )of) (?:him|them|his|their|everyone|all of)\b"
    r"|\b(?:for|(?<!jealous )(?<!envious )of) her\b(?! (?!(?:too|now|today|and|but|so|"
    r"because|though|as|for|after|when)\b)[a-z]{3,})|\b(?:hope|bet|guess|mean|know|agree|wonder|"
    r"appreciate|see what)\b|为[他她你]|替[他她你]",
    re.IGNORECASE,
)
# "I love all the yellow leaves", "I like that": a liking of something shown in the conversation, not a taste
SHOWN = re.compile(
    r"\b(?:love|loved|like|liked|adore|enjoy)\s+(?:all\s+)?(?:the|that|this|those|these|it|how|what|seeing|hearing|"
    r"reading about)\b",
    re.IGNORECASE,
)
from mirror_pipeline.core.extraction.shapes import EN_WORD as _EN_WORD  # noqa: E402
from mirror_pipeline.core.extraction.shapes import FILLER as _FILLER  # noqa: E402

_ZH_CONTENT = re.compile(r"[\u4e00-\u9fffA-Za-z0-9]")
# what opens a Chinese diary clause whose subject is the writer: a verb (after its time words and adverbs)
_ZH_VERB = re.compile(
    r"^(?:入|搬|考|收到|读|开|决定|参加|回|去|见|吃|做|领|报|拒|把|和|跟|在|坐|买|学|看|写|跑|养|租|涨|换|订|带|加班|"
    r"失眠|睡|胖|瘦|住|离|辞|升|毕业|结婚|求婚|上|过|办|存|赚|花|练|玩|逛|爬|拿|得|通过|完成|送|接|想|打算|计划|准备|"
    r"喜欢|爱|讨厌|觉得|认为|感觉|有点|挺|很|被|从|向|遇|碰|发|找|面试|约|聊|听|唱|弹|画|拍|种|修|装|搞|忙|熬|哭|"
    r"笑|病|迷|算|已经|还没|没|不|终于|刚|又|也|就|都|一直|从小|第一次|开始|正在|在|连续|每|坚持|尝试|试|申请|交|"
    r"签|换|辞|被|拿到|收|认识|遇到|参观|体验|经历|成为|当上|当了|成了|变|长|醒|希望|争取|出差|调|远程|请假|值班|"
    # a going said with its modal, a plan ("下周要去北京出差", "月底要搬"); moving through the air, a body's care
    r"要(?=去|回|搬|换|带|考|办|参加|开始)|飞|拔|量|测|抽血|复查|打针|挂号|招(?=了|到|人|个|聘)|雇|"
    # a role in the family reached ("当外婆了", "当爸爸了"), not 当时 / 当天
    r"当(?![时天年初晚中然地面下场])|扫墓)"
)
# a diary clause opening with the writer's own attribute: 血压有点高, 工资涨了, 体检报告出来了, 专业是计算机
_ZH_OWN = re.compile(
    r"^(?:体检|血压|血糖|体重|身体|工资|收入|房租|薪资|存款|新公司|新房子|新家|新工作|驾照|成绩|论文|专业|学历|老家|"
    r"新店|店里|生意"
    # the writer's body: "体检报告出来了，甲状腺有个结节" (its own subject, not the report's going on)
    r"|甲状腺|乳腺|肺上|肺部|胃里|肝上|肾上|心脏|颈椎|腰椎|膝盖|子宫|卵巢|胆囊"
    # the writer's home, car or shop and what was done with it: "老房子租出去了", "车卖了", "铺子转出去了"
    r"|(?:老|新|旧|原来的?|那套|这套|家里的?)?(?:房子|车子?|铺子|门面|店面)"
    r"(?=(?:也|已经|终于|总算|还是)?(?:租|卖|过户|转|装修|交|抵押)))"
)
# how a Chinese clause shows its verb, whatever the verb is (not a list of verbs):
# - V + 了/过 + what it took: "干了三年销售", "垫了快两万块", "请了两天假", "折腾了一整天" (a noun + 了 closes a clause:
#   "今年五岁了", "天黑了": nothing follows it);
# - a resultative complement + what it took: "扣完房贷", "考出CPA", "改到六点";
# - 把 + its object + the verb: "咬咬牙把车买了", "把驾照考下来了";
# - a thing of the writer's + 被 + the verb + 了: "钱包被偷了" (the writer's loss)
_ZH_VERB_SHAPE = re.compile(
    r"^(?!是)[\u4e00-\u9fff]{1,2}(?:了|过)(?=[\u4e00-\u9fff\dA-Za-z])(?![了吧吗呢啊的])"
    r"|^(?!是)[\u4e00-\u9fff]{1,2}(?:完|出|到)(?!美|全|整|善|底|处|时)(?=[\u4e00-\u9fffA-Za-z]{2})"
    r"|^[\u4e00-\u9fff]{0,4}把[\u4e00-\u9fff]{1,6}(?:了|下来|掉|完|好)"
    r"|^[\u4e00-\u9fff]{1,3}被[\u4e00-\u9fff]{1,3}了"
    # serial verbs: a verb, then going or coming, then what for ("转岗去做市场", "出差回来一周了")
    # (not a modal before them: "要去上课了" is the plan's, read with its time by the aspects)
    r"|^(?![要想会能得是该])[\u4e00-\u9fff]{1,2}回?(?:去|来)(?=[\u4e00-\u9fff])"
)


# a clause that is only a feeling: 心里很难受, 挺有成就感的
# (after how often or how surely: "总感觉很紧张", "有时候会感到焦虑和心烦", "还是会感到迷茫和无助")
_ZH_FEELING = re.compile(
    r"^(?:总是?|老是|一直|经常|常常|时常|时不时|有时候?|偶尔|还是|也|又|都|就|真的|确实|会)*(?:心里|感觉|感到|觉得)?(?:还是)?"
    + r"(?:工作|生活|学习|心理)?"
    + ZH_FEEL.pattern
    + r"(?:(?:和|又|、|而且)(?:"
    + ZH_FEEL.pattern.replace("(?P<emotion>", "(?:")
    + r"))?"
)


@cache
def _domains() -> tuple[tuple[Domain, re.Pattern[str] | None, re.Pattern[str] | None], ...]:
    return tuple((d, d.en_regex(), d.zh_regex()) for d in domains())


@cache
def _any_domain(zh: bool) -> re.Pattern[str]:
    """Every domain's words in one alternation: most clauses are in none, and one search says so."""
    return re.compile("|".join(f"(?:{w.pattern})" for _, en, zh_words in _domains() if (w := zh_words if zh else en)))


_VETOED = Domain(name="vetoed")
_PERSON_LIKED = re.compile(r"^(?:上了|上|你|他|她|一个(?:女孩|男孩|人)|的人|(?i:you|him|her|them|each other)\b)")


def _a_person(liked: str) -> bool:
    liked = liked.lstrip()
    return bool(_PERSON_LIKED.match(liked) or clauses.EN_KIN.match(liked))


# an organisation's (or a place's) name: two or more capitalised words in a row ("Lantu Health", "Pelgrim Medical
# Systems", "Harbour Savings Bank"); a domain's word inside it names the organisation, not what the clause is about
# ("first day at Corvane Health" is work, neither health nor sensitive). "I" is no word of a name; a name whose head
# is a place of care ("Mercy Hospital", "Northside Clinic") is where a body is looked after, and keeps its words.
_EN_NAME = re.compile(
    r"\b(?!I\b)[A-Z][\w&'-]*(?:\s+(?!I\b)[A-Z][\w&'-]*)+(?<!Hospital)(?<!Clinic)(?<!Infirmary)(?![\w&'-])"
)


def _domain(body: str, zh: bool) -> Domain | None:
    """The first domain whose words the clause holds (outside the names in it) and whose rule accepts it;
    `_VETOED` when a domain's veto says the clause is no disclosure at all."""
    if not zh:
        body = _EN_NAME.sub(" ", body)
    low = body.lower()
    if not _any_domain(zh).search(body if zh else low):
        return None
    for d, en, zh_words in _domains():
        words = zh_words if zh else en
        hit = bool(words and words.search(body if zh else low))
        if hit and d.veto is not None and d.veto(low):
            return _VETOED
        if hit and (d.accept is None or d.accept(low)):
            return d
    return None


def life_domain(body: str, zh: bool) -> Domain | None:
    """The domain of a life a clause is in (None when none, or a domain's veto says it is no disclosure)."""
    found = _domain(body, zh)
    return None if found is _VETOED else found


def _aspect(body: str, zh: bool) -> tuple[Aspect, re.Match[str] | None]:
    for a in ASPECTS:
        cue = a.zh if zh else a.en
        m = cue.search(body) if cue is not None else None
        if (cue is None or m) and (a.accept is None or a.accept(body, zh)):
            return a, m
    return ASPECTS[-1], None


# "I don't live in Tokyo anymore", "我不难过": a denial is the patterns' to read as an ended state, never a statement
# read as if it were positive; the reader keeps out of it (trust over coverage)
_NEGATED = re.compile(
    r"(?i)\b(?:not|no longer|never|don't|doesn't|didn't|won't|can't|isn't|aren't|haven't|hasn't|wasn't|weren't|"
    r"anymore|nobody|nothing|neither|nor)\b|n't\b"
)
# V不C is a potential complement, not a denial ("提不起劲", "睡不着", "吃不完", "去不了": what the writer cannot do)
_ZH_NEGATED = re.compile(
    r"不再|没有|没|(?<!得)(?<![\u4e00-\u9fff](?=不(?:起|动|着|完|住|透|懂|了(?!解))))不(?!久|少|错|同|断|仅|管|过|停|一定|得不|行)"
    r"|从来|未|(?<![特区分告差级类个性离识辨派鉴])别"  # (not 特别, 区别, 分别)
    # the south's and the south-west's 冇 (没有, 没): "结节冇长", "我硬是冇敢上"; 莫 is 别 ("莫自己吓自己")
    r"|冇|(?<![\u4e00-\u9fff])莫(?!名)|(?<=[我你他她就也都])莫"
)
_ZH_THEN = re.compile(r"的时候|那时候?|那会儿|的过程中")
_ECHO = re.compile(r"(?i)\b(?:too|as well|also|me too)\W*$")


# results a person waits on (a test's, an exam's): no answer of the chat's ("worried sick about the results")
_RESULTS_AWAITED = re.compile(r"(?i)\b(?:about|abt|over|for|on) (?:the|my) results\b")


def _asserted(sentence: str, clause: Clause, body: str, last: bool) -> bool:
    if len(body) > MAX_CLAUSE:
        return False
    ends_question = sentence.rstrip().endswith(("?", "？")) and last
    if ends_question or (_ZH_QUESTION.search(body) if clause.zh else _EN_QUESTION.match(body)):
        return False
    if _HYPOTHETICAL.search(body) or _reported(body, clause.zh) or _LISTENER.search(body):
        return False
    # (a feeling said by a frame holding 不 is no denial: "心里不是滋味", "有点不好意思", "舍不得")
    if (_ZH_NEGATED if clause.zh else _NEGATED).search(without_frame(body) if clause.zh else body):
        return False
    if clause.zh and (then := _ZH_THEN.search(body)) and "了" not in body[then.end() :]:
        return False  # "我住在北京的时候…": a time in the past that dates what follows, not a statement of now
        # (an event told in the clause after it stands: "在图书馆学习的时候发现了一本小说")
    if _REQUEST.match(clauses.zh_after_lead(body) if clause.zh else body) or (
        ABOUT_THE_CHAT.search(body) and not _RESULTS_AWAITED.search(body)
    ):
        return False
    return not _FOR_OTHERS.search(body)


def _content_words(body: str, zh: bool) -> int:
    if zh:
        return len(_ZH_CONTENT.findall(body))
    return sum(1 for w in _EN_WORD.findall(body.lower()) if w not in _FILLER and len(w) > 2)


# "It helps me stay motivated", "That's me in that photo", "They make all the difference": its subject is something
# the conversation pointed at, which the memory would not name
_PRAISED = re.compile(
    r"(?i)^(?:that's|that is|sounds|looks|it's|so) (?:so |really |super )?(?:awesome|great|cool|amazing|"
    r"nice|fun|impressive|wonderful|fantastic|inspiring|incredible)"
)
_EN_POINTED = re.compile(r"(?i)^(?:it|it's|its|this|that|that's|these|those|they|they're|they've|there|here)\b")
# V得 + a judgement opening a diary clause: "写得很好" judges a thing (the book), it says nothing of the writer
_ZH_JUDGED = re.compile(r"^[\u4e00-\u9fff]得(?:很|非常|特别|挺|太|真|不)?(?:好|棒|不错|差|烂|精彩|一般)")


def _thing_led(clause: Clause, body: str) -> bool:
    return clause.zh and clause.subject is Subject.OMITTED and bool(_ZH_OWN.match(clauses.zh_after_lead(body)))


# not a statement of the writer's, whatever its verb:
# - a distance from a place ("离公司骑车十分钟"): where something else (the flat just found) stands;
# - a count of days into something past its first ("搬家第三天"): a diary's date line, the event was told before;
# - an action of the moment ("马上订票回合肥", "这就去问"): a reply to news, gone once done
_ZH_NOT_THE_WRITERS = re.compile(
    r"^离(?![开职婚])[\u4e00-\u9fffA-Za-z]{1,8}?(?:很|挺|比较|只有|就|大概|骑车|走路|步行|开车|坐|打车|地铁|近|远|[\d一二三四五六七八九十两几半])"
    r"|^[\u4e00-\u9fff]{1,4}第(?!一)[\d一二三四五六七八九十两几]+(?:天|周|个月|年)[。！!~]*$"
    r"|^我?(?:马上|立刻|立马|这就|现在就|等下|待会儿?)"
    # - a done verb whose object is only a code ("订好了 CZ3539"): a flight or a ticket, nothing without what it is
    r"|^[\u4e00-\u9fff]{1,3}了\s*[A-Z]{1,3}\d{3,6}[。！!~]*$"
    # - a label and a code, or what was set and a code, nothing else: "发票号码 04596631", "我设的 5831" (a number
    #   kept for later, never a statement about the writer; the figure of an amount stays: "首付 78 万")
    r"|^我?[\u4e00-\u9fff]{0,5}(?:号|号码|编号|单号|码|的)\s*(?:是|[:：])?\s*[A-Za-z0-9#@!_\-]*\d[A-Za-z0-9#@!_\-]{2,}"
    r"[。！!~]*$"
    # - someone else's act done for the writer, said with 是…的: "是秀梅替我回的周口" (hers, not the writer's)
    r"|^是(?!我)[\u4e00-\u9fff]{1,4}?(?:替|帮|给|陪|代)我"
    # - a noun phrase naming a meeting, no verb: "和华西药学部的讨论", "跟老王的饭局"
    r"|^(?:和|跟|与)[^，。,\s在过了把去来]{1,12}的[\u4e00-\u9fff]{2,4}[。！!~]*$"
)


# a patient's stay, said with no subject: a bed, an inpatient number, a discharge summary, a transfer, a follow-up's
# result ("现在在神经内科 12楼 1208床", "出院小结拿到了", "下周一转到康复医院"): the one who says it in a chat is the
# one who looks after the patient as often as the patient; with no 我 it is never stored as the writer's own
_ZH_PATIENT_RECORD = re.compile(
    r"住院号|病案号|床号|[\d一二三四五六七八九十]+床|床位|病房|出院(?:小结|记录|证明)|转(?:到|去|入)?[^，。,\s]{0,6}医院|转院"
    r"|陪床|陪护|探视|复查结果|押金"
)


def _as_passive(body: str, agent: bool = False) -> str:
    """An English clause whose object is the writer, said of the writer: "they laid me off" -> "I was laid off";
    `agent`: with its agent, for the domain's words ("the team gave me a farewell dinner" is of work)."""
    done = clauses.EN_DONE_TO_ME.match(body)
    if done is None:
        return body
    return f"I {clauses.done_to_me(done)}" + (f" by {done.group('agent')}" if agent else "")


def _writer_clause(clause: Clause, body: str, someone_before: bool = False) -> bool:
    """Only the writer's clauses; in Chinese an omitted subject must open with a verb or the writer's attribute."""
    if clause.subject is Subject.OTHER:
        return False
    if clause.zh and _ZH_NOT_THE_WRITERS.match(clauses.zh_after_lead(body) or body):
        return False
    if clause.subject is Subject.OBJECT and not clause.zh:
        if EN_DONE_TO_MY_FEELING.search(body):
            return True  # "that call left me shaken": whatever did it, the feeling is the writer's
        if clauses.EN_DONE_TO_ME.match(body):
            # "they let me go": the employer, unnamed, did it to the writer; only of what a life's domain holds
            # ("they boosted me through tough times" is their kindness, not the writer's news)
            return _domain(_as_passive(body, agent=True), False) not in (None, _VETOED)
        return not _EN_POINTED.match(body) and bool(re.search(r"\b(?:[Mm]y|[Mm]e)\b", body))
    if clause.zh and clause.subject is Subject.OMITTED and _ZH_JUDGED.match(clauses.zh_after_lead(body)):
        return False
    if clause.zh and clause.subject is Subject.OMITTED:
        rest = clauses.zh_after_lead(body)
        if not rest or _ZH_PATIENT_RECORD.search(rest):
            return False
        rest = _ZH_WRITER_LEAD.sub("", rest, count=1) or rest
        feeling = _ZH_FEELING.match(rest)
        return bool(
            _ZH_SYMPTOM.match(rest)
            or _ZH_VERB.match(rest)
            or ZH_FRAMED_FEEL.search(rest)  # "心里甜滋滋的", "累得慌", "总算松了口气": the writer's own feeling
            or _ZH_HELD_SPAN.match(rest)
            or _ZH_OWN.match(rest)
            or _ZH_VERB_SHAPE.match(rest)
            or (feeling and feeling.end() >= len(rest) - 2)
            or (not someone_before and _bare_is_writer(rest))
        )
    return True


# what may open a diary clause of the writer's before its verb, besides time words: "起" after a time ("下月一号起当
# 组长": from then on), the first time ("头一天去新单位报到"), and the writer's household said as one ("一家人去了趟
# 黄山", "两口子在江边吃了顿烧烤", "娘俩去的"): the writer is in it
_ZH_WRITER_LEAD = re.compile(
    r"^(?:(?:起|开始)(?=[\u4e00-\u9fff])|头一(?:天|回|次|趟)"
    # (the household's doing told as done, not its evening's routine: "晚上一家人吃汤圆")
    r"|(?:我们)?(?:一家人|一家[三四五六]口|全家人?|两口子|娘儿?俩|爷儿?俩|我俩)(?:一起|一块儿?)?(?=[^，。]*(?:了|过|趟)))"
)
_ZH_FROM_THEN = re.compile(r"起(?!来|床|码|身|飞|步)|开始(?=[\u4e00-\u9fff])")
_ZH_FIRST_TIME = re.compile(r"^头一(?:天|回|次|趟)(?=[\u4e00-\u9fff])")
# what the writer has done, or been, for a span that still runs, the span closing the clause: "干电梯维保十六年了",
# "退伍都二十六年了", "来深圳快五年了" (a verb and its object, then how long: the writer's lasting state)
_ZH_HELD_SPAN = re.compile(r"^(?![这那它到算至])[\u4e00-\u9fff]{2,8}?(?:都|快|已经|整整|有|足足)?" + ZH_SPAN + r"了[。！!~]*$")


_FAMILY = next(d for d in domains() if d.name == "family")
_HEALTH = next(d for d in domains() if d.name == "health")
# a part of the body and what ails it, opening a diary's clause: "腰疼", "手腕子痛", "膝盖又肿了", "胃有点不舒服"
# (the writer's own body: a diary names whose it is when it is someone else's)
ZH_BODY_PART = (
    r"(?:头|腰|腿|脚|手|背|胃|肚子|牙|眼睛|嗓子|喉咙|膝盖|肩膀|肩|脖子|颈椎|腰椎|手腕|手指|脚踝|脚脖子|关节|屁股|胸口|"
    r"心口|耳朵|鼻子|皮肤|腰杆|手臂|胳膊|大腿|小腿|后背|嘴巴|眼)(?:子|杆|杆子|儿)?"
)
_ZH_SYMPTOM = re.compile(
    r"^(?:我的?)?" + ZH_BODY_PART + r"(?:又|也|还|有点|有些|特别|很|好|一直|老是|开始|都)*"
    r"(?:痛|疼|酸|肿|麻|痒|胀|不舒服|难受|发炎|出血|扭了|扭到了|抽筋|受伤|起泡|长了)"
)
# a clause that says a plan: "我想明年…", "打算…", "计划…"
_ZH_PLAN_OPENS = re.compile(r"^(?:我们?)?(?:明年|下个?月|以后|今年|年底)?(?:想|打算|计划|准备|决定要)")
_ZH_LASTING = re.compile(r"一直|老是|经常|常常|总是|多年|好几年|几个月|好久|老毛病")
# a change of state said bare of someone named: "怀孕了", "退休了", "出院了"
_ZH_CHANGED = re.compile(r"^(?:已经|刚|又|终于|也)?[\u4e00-\u9fff]{2,5}了[。！!~]*$")
_ZH_AGE_REACHED = re.compile(r"[\d一二三四五六七八九十百两]+岁?了[。！!~]*$")
_NOT_OF_KIN = (MemoryType.EMOTION, MemoryType.PREFERENCE, MemoryType.OPINION)


# a kin's death said short: "my mom passed in 2019", "dad died last spring" (not "passed the exam", "passed by")
_EN_KIN_DIED = re.compile(r"(?i)^\s*(?:just |sadly )?(?:passed|died)\b(?! (?:the|my|his|her|their|a|an|by|through)\b)")


def _person(kin: str) -> str:
    """The subject key of the kin a clause is about ("母亲", "mum" -> "user's mother"): what is said is theirs."""
    return person_of(kin_relation(kin) or kin)


def _kin(clause: Clause, body: str, chained: str | None = None) -> tuple[str, str] | None:
    """(kin word, what is said of them) when the clause's subject is the writer's kin or partner (`chained`: the kin
    an earlier clause of the sentence named, whose subject this one leaves out) and what follows is a statement (a
    Chinese one opens with a verb or a state, as a diary's writer's clause would)."""
    found = clauses.kin_subject(body, clause.zh) if chained is None else (chained, body)
    if found is None or not found[1].strip():
        return None
    # "我爸生病了我要回合肥": the writer takes the word back after the kin's news (their own plan is another clause)
    rest = re.split(r"(?<=了)(?=我(?:要|想|就|也|还|得|会|打算|准备|决定|马上|明天|今天))", found[1], maxsplit=1)[0]
    found = (found[0], rest)
    # what is kept of a kin is what a life's domain holds (their health, work, a move, a wedding): "My mom called
    # today", "我妈很啰嗦" say nothing the person would want remembered
    if _domain(rest, clause.zh) in (None, _VETOED) and not (not clause.zh and _EN_KIN_DIED.match(rest)):
        return None
    if clause.zh and not (_ZH_CHANGED.match(rest) or _writer_clause(replace(clause, subject=Subject.OMITTED), rest)):
        return None
    return found


# a verb of talking or deciding with its result and nothing after: what was agreed is the next clause
_ZH_INTRODUCES = re.compile(
    r"(?:商量|说|谈|讲|想|约|定|决定)(?:定|好)了[。！!~]*$|^(?:今天|昨天)?决定了$"
    # how long it was weighed, before what was decided: "想了一个礼拜，还是不去了"
    r"|^(?:想|考虑|纠结|犹豫|琢磨)了[^，。]{0,6}(?:天|周|礼拜|星期|个月|晚上|宿)$"
    # a verb of saying with nothing said, to someone or to oneself: "回来路上跟自己讲，今年考研…", "我跟我妈讲，…"
    r"|(?:跟|和|对)[^，。]{1,6}(?:说|讲)[。！!~]*$"
)
# a clause that is only how long something has gone on: "坚持一个多月了", "已经三年了", "算起来十二年了"
_ZH_ONLY_A_SPAN = re.compile(
    r"^(?:算起来|算下来|算一算|算算|数一数|前前后后|到现在|到今年|至今)?(?:已经|都|也|才)?(?:坚持|持续|做|干|练|学|过)?了?(?:快|近|有|差不多)?[一二两三四五六七八九十几半\d]+[个多]*"
    r"(?:年|月|周|星期|礼拜|天|个月)(?:多)?了?[。！!~]*$"
)
# a clause that is only whom something was done with: "跟楼下李姐一起", "和老同学们一起的"
_ZH_COMPANY = re.compile(
    r"^(?:是|都是|也是)?(?:跟|和|同|与)[\u4e00-\u9fffA-Za-z]{1,10}?一起(?:的|去的|弄的)?[。！!~]*$"
)


# whom with and a bare verb with 的, nothing it names: "我跟浩浩两个人吃的", "和老同学几个人去的"
_ZH_ONLY_WITH_WHOM_DONE = re.compile(
    r"^(?:我们?)?(?:跟|和|同|与)[^，。的是在]{1,10}?(?:一起|两个人|俩|几个人)?[\u4e00-\u9fff]{1,2}的[。！!~]*$"
)
# a thing done said with where or with whom and 的 before what it was (the 是…的 of the past, 是 left out): "在婆婆
# 屋头吃的团年饭", "跟同学在海边拍的婚纱照": a past one-off, not a lasting fact
_ZH_DONE_WHERE_DE = re.compile(
    r"^(?:在|跟|和|同)[^，。的]{1,10}?[\u4e00-\u9fff]的(?!是|时候|话)[\u4e00-\u9fff]{2,8}[。！!~]*$"
)
# a state told of one part of the day: "晚上睡不着", "昨晚胃胀" (that night's, not a standing insomnia)
_ZH_THESE_DAYS = re.compile(r"最近|近来|天天|每天|每晚|这段时间|这阵子|这些天|这几天|这两天|经常|老是|一直|总是")
_ZH_PART_OF_DAY = re.compile(r"^(?:今天|昨天)?(?:晚上|今晚|昨晚|夜里|半夜|早上|今早|中午|下午|上午)")


def _joined(c: MemoryCandidate, part: str, end: int) -> MemoryCandidate:
    """`c` with the clause after it said as its own part ("…走一个钟头" + "跟楼下李姐一起"), its span to `end`."""
    tail = "，" + part.rstrip("。！!~")
    return replace(c, content_text=c.content_text + tail, object=c.object + tail, span_end=end)


# a clause applying for a job, and the role a next clause names for it
_ZH_APPLIED = re.compile(r"面试|应聘|投了?简历|申请|笔试|招聘|猎头")
_ZH_ROLE_SOUGHT = re.compile(r"^(?:是|应聘|面的?是?|申请的?是?)?(?:做|当|岗位|职位|的岗位|的职位)")


# the writer's heart opening a clause: "我爸当年也是高血压走的，心里有点怕" (a kin's feeling names them: 妈妈心里…)
_ZH_HEART = re.compile(r"^(?:心里|心头|心中|心里头)")


def _kin_chain(parts: list[Clause], sentence: str, current: str | None = None) -> list[str | None]:
    """Per clause, the kin its left-out subject goes on with: "我妈妈七十一岁，二型糖尿病十年了，刚做完髋骨手术" and
    "my mum is 71 and just had hip surgery" are all about the mother (a topic chain), never the writer's own news.
    A clause that names its subject (我, she, a name) ends the chain. `current`: the kin the sentence before ended
    on, whom a Chinese sentence opening with its subject left out goes on with ("我弟回来了。想在县城开个铺子")."""
    out: list[str | None] = []
    for c in parts:
        if c.subject is Subject.OMITTED and current is not None and not _ZH_HEART.match(c.text(sentence).strip()):
            out.append(current)
            continue
        out.append(None)
        text = c.text(sentence).strip()
        found = clauses.kin_subject(text, c.zh)
        current = found[0] if found else clauses.kin_alone(text, c.zh)
        if current is None and c.zh and c.subject is Subject.OTHER and "我" not in text:
            # "阿芳辞职了，去深圳做跨境电商": a named person's clause goes on with them too (`_named_chain`)
            named = clauses.ZH_NAMED.match(clauses.zh_after_lead(text) or text)
            current = named.group(0) if named else None
    return out


def _named_chain(chained: str | None) -> bool:
    """Whether a topic chain goes on with a named person, not a kin (what is said is theirs: `others` reads it)."""
    return chained is not None and kin_relation(chained) is None


# a Chinese sentence opening on a modal, an adverb or a verb of going has no subject of its own, and goes on with the
# one before ("我弟回来了。想在县城开个铺子"); one opening on a noun or a time ("老弟米粉店…", "明天请假…") may name
# its own, unread, and is not carried
_ZH_GOES_ON = re.compile(r"^(?:想|要|打算|准备|说|又|也|还|刚|才|已经|一直|就|去|回|来|在|住|开|病|查出|做了|得了)")


def _kin_after(parts: list[Clause], sentence: str, chain: list[str | None]) -> str | None:
    """The kin a sentence ends on as the subject (its last clause names them or goes on with them), which the next
    Chinese sentence with its subject left out goes on with; a clause naming anyone else ends it."""
    if not parts:
        return None
    last = parts[-1]
    if chain[-1] is not None:
        return chain[-1]
    if last.subject not in (Subject.OTHER, Subject.OMITTED) or not last.zh:
        return None
    text = last.text(sentence).strip()
    found = clauses.kin_subject(text, True)
    return found[0] if found else clauses.kin_alone(text, True)


# a liking said of a fronted thing: "文艺复兴时期的艺术风格我也非常喜欢"
_ZH_LIKED = re.compile(r"^(?:非常|特别|很|挺|超|最|真的|一直)*(?:喜欢|热爱|爱|讨厌|受不了)")


# a person and a coverb before 我 is who did it for or with the writer, no topic: "秀梅替我回的周口"
_ZH_COVERB_END = re.compile(r"[替帮给陪让叫被跟和同]$")


def _fronted(clause: Clause, body: str) -> str | None:
    """The memory's content when a diary clause fronts its object before the writer ("日本那个旅行我取消了" ->
    "用户取消了日本那个旅行") or before a done verb with no subject ("Lumen Pay那边的offer签了" ->
    "用户签了Lumen Pay的offer"); None when the clause is not built so."""
    if (
        (m := clauses.ZH_FRONTED_I.match(body))
        and not _ZH_COVERB_END.search(m.group("topic"))
        and (topic := clauses.zh_topic(m.group("topic")))
    ):
        comment = clauses.zh_after_lead(m.group("rest")) or m.group("rest")
        if _ZH_LIKED.match(comment):
            return "用户" + m.group("rest").rstrip("。！!~ ") + topic  # the liking, then what is liked
        if (
            _ZH_VERB.match(comment)
            or _ZH_LIKED.match(comment)
            or _ZH_VERB_SHAPE.match(comment)
            or _ZH_CHANGED.match(comment)
            or rewrite.ZH_DONE_BARE.match(comment)
        ):
            return rewrite.zh_fronted(topic, m.group("rest"))
    m = clauses.ZH_FRONTED_DONE.match(body)
    if m and "我" not in m.group("topic") and (topic := clauses.zh_topic(m.group("topic"))):
        return f"用户{m.group('verb')}了{topic}"
    return None


def _bare_is_writer(rest: str) -> bool:
    """A clause with no subject in a domain whose every bare statement is the writer's own ("尿酸偏高", "房贷还完了",
    "腰椎间盘突出又犯了"): a diary does not speak of someone else's body or debts without naming them (the engine
    asks this only when nobody else was named before it). A noun and an amount ("首付十万", "贷款五年") states no
    more than a figure of something said elsewhere."""
    if _ZH_NOUN_AMOUNT.match(rest):
        return False
    return any(d.bare_is_writer and zh and zh.search(rest) for d, _, zh in _domains())


_ZH_PASSIVE_DONE = re.compile(r"^(?:又|也|还是|终于|直接)?被[\u4e00-\u9fff]{1,3}了[。！!~]*$")
_ZH_NOUN_AMOUNT = re.compile(r"^[\u4e00-\u9fff]{1,4}[\d一两三四五六七八九十百千万几半]+[万千块元年月天个]*[。！!~]*$")
# someone else named in the message: what follows with no subject may be theirs ("爸爸住院了，胆结石，要做个小手术")
_ZH_SOMEONE = re.compile(
    r"[他她]|[爸妈哥姐弟妹爷奶婆公舅姨叔伯姑]|父亲|母亲|老公|老婆|儿子|女儿|孩子|朋友|同事|对象|男友|女友"
)


# a naming clause ("取名叫土豆", "它叫豆包") after an animal the sentence named ("一只橘猫", "那只狗")
_ZH_NAMING = re.compile(r"^(?:它|他|她)?(?:的名字)?(?:取名|起名|名字)?叫(?P<name>[\u4e00-\u9fffA-Za-z]{1,4})[。！!~]*$")
_ZH_ANIMAL = re.compile(r"[只条头匹](?P<animal>[\u4e00-\u9fff]{0,2}?(?:猫|狗|兔子?|仓鼠|鹦鹉|龟|柯基|柴犬|金毛|泰迪))")


def _zh_named_pet(sentence: str, clause: Clause, body: str) -> tuple[Clause, str] | None:
    """The writer's animal and its name, as the writer would say it ("我家橘猫叫土豆")."""
    m = _ZH_NAMING.match(body)
    animals = list(_ZH_ANIMAL.finditer(sentence, 0, clause.start)) if m else []
    if not m or not animals:
        return None
    return replace(clause, subject=Subject.FIRST), f"我家{animals[-1].group('animal')}叫{m.group('name')}"


# a pronoun whose person the sentence named before it, by gender: "爸爸下个月要做手术，我请了三天假回去陪他"
_ZH_HE = re.compile(r"爸爸|老爸|父亲|哥哥|弟弟|老公|儿子|爷爷|外公|男朋友|公公|岳父")
_ZH_SHE = re.compile(r"妈妈|老妈|母亲|姐姐|妹妹|老婆|女儿|奶奶|外婆|女朋友|婆婆|岳母")


def _zh_antecedent(body: str, before: str) -> str:
    """他 / 她 in the clause, read as the one kin word of that gender the sentence named before it; else as said."""
    for pronoun, kin in (("他", _ZH_HE), ("她", _ZH_SHE)):
        if pronoun in body and "们" not in body[body.index(pronoun) + 1 : body.index(pronoun) + 2]:
            named = {m.group(0) for m in kin.finditer(before)}
            if len(named) == 1:
                body = body.replace(pronoun, named.pop(), 1)
    return body


# "每年春节都要…", "every summer": a recurring time says how often, not when the statement holds
_RECURRING = re.compile(r"每(?:个|一|年|月|周|星期|逢)?$|(?i:\b(?:every|each)(?: year| month| week)?,?\s*)$")


def _recurring(sentence: str, t: TimeMention) -> bool:
    return (
        bool(_RECURRING.search(sentence[max(0, t.span[0] - 6) : t.span[0]]))
        or weekly(sentence, t)
        or zh_weekly(sentence, t)
    )


_EN_CORRECTION = re.compile(r"(?i)(?:well|or rather|I mean)\s")
# a comment tacked on after the statement, a wish or a verdict with no verb of the writer's: "..., hope its enough",
# ", hope so", ", good for her honestly", ", not bad lol", ", best money i ever spent": it hedges or judges, it does
# not take the statement back (the statement is read without it; its "hope" is no news of the listener's hoped for)
_EN_AFTERTHOUGHT = re.compile(
    r"(?i),\s*(?:(?:i|and|but)\s+)?(?:hope|hoping|fingers crossed|knock on wood|good for (?:her|him|them)|"
    r"not bad|could be worse)\b(?:\s+(?:so|not|its|it(?:'s| is| will| works| lasts)?|that(?:'s| is)?|honestly|lol|haha|"
    r"enough|ok(?:ay)?|for now|[a-z]+ing)){0,4}\W*$"
    # or a superlative verdict on it: ", best money i ever spent", ", worst week ever"
    r"|,\s*(?:the\s+)?(?:best|worst)\s+[a-z]+(?:\s+(?:i|we|I|[a-z]+)){0,4}\s+ever(?:\s+[a-z]+)?\W*$"
)


# a measure said as a noun phrase, no verb ("16 footer", "3 bedroom", "7 lb 2 oz"): a description of the thing
# talked of, not a subject the next clause goes on with ("16 footer, bought her used off a guy in Ponoka")
_EN_MEASURE_PHRASE = re.compile(r"(?i)^\d[\w.\-]*(?:\s+(?!is\b|was\b|are\b|were\b)[a-z\-]+){0,3}\W*$")


# a plan's steps told after the trip or the stay they happen in: "gonna see dad first then go down to cebu",
# "while there i'll ...", "after that ...": the words that tie the plan to what the sentence before arranged
_EN_STEPS = re.compile(
    r"(?i)\b(?:first|then|after that|once (?:i'm |we're |i get |we get )?there|while (?:i'm |we're )?there)\b"
)


def _steps_window(
    body: str, before: str, said_at: datetime | None, memo: dict[str, list[TimeMention]]
) -> TimeMention | None:
    """The window a plan's steps fall in, when the plan says none and its steps are tied to the sentence before,
    which arranged days ahead of the mention ("booked YYZ to MNL for dec 18, back jan 6"): from the first of those
    days to the last; None when the plan is not told as steps or nothing ahead was said before it."""
    if said_at is None or not _EN_STEPS.search(body):
        return None
    times = memo_times(memo, before, said_at)
    ahead = [t for t in times if t.start is not None and t.start > said_at.date()]
    if not ahead:
        return None
    first, last = ahead[0], ahead[-1]
    end = max((t.end or t.start) for t in ahead if (t.end or t.start) is not None)
    expression = first.expression if first is last else f"{first.expression} - {last.expression}"
    return replace(first, end=end, expression=expression, closed_range=first is not last)


# a thing in or on a part of the writer's body, opening the clause: "hearing aid in my left ear makes calls a pain",
# "the pins in my ankle ache when it rains" (its article is left out of what is said of the writer's)
_EN_ON_MY_BODY = re.compile(
    r"(?i)^(?P<article>(?:the|a|an|this|that)\s+)?[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}\s+(?:in|on)\s+my\s+"
    r"(?:(?:left|right|lower|upper|bad)\s+)?(?:ears?|eyes?|knees?|hips?|back|neck|shoulders?|wrists?|ankles?|feet|foot|"
    r"hands?|arms?|legs?|teeth|tooth|spine|chest|lungs?|heart|skin|face|thyroid|liver|kidneys?)\b"
)


def _joins_next(clause: Clause, parts: list[Clause], n: int, sentence: str) -> bool:
    """An English clause of the writer's too thin to stand alone (though it names a thing done), then another with
    its subject left out after a comma: one run of what the writer did, read whole ("passed the program, got my
    certificate friday"); a clause that says nothing ("Been hectic, got a new puppy") is not carried on."""
    if clause.zh or n + 1 >= len(parts) or clause.subject not in (Subject.OMITTED, Subject.FIRST):
        return False
    after = parts[n + 1]
    return after.subject is Subject.OMITTED and sentence[clause.end : after.body_start].strip() == ","


def _afterthought_cut(body: str) -> int:
    """Where a tacked-on comment starts in an English clause (`_EN_AFTERTHOUGHT`), else the clause's length."""
    m = _EN_AFTERTHOUGHT.search(body)
    return m.start() if m else len(body)


def _of_a_thing(sentence: str, times: list[TimeMention], start: int, t: TimeMention) -> bool:
    """`t` is, or follows in its clause (from `start`), the day a booking or a move is for ("booked YYZ to MNL for
    dec 18, back jan 6", "改到周日"): the thing's day, kept in its words, not when the clause's verb happened."""
    if THINGS_VERB_BEFORE.search(sentence[max(start, t.span[0] - 40) : t.span[0]]):
        return True  # "signed up for the program at Red Deer Polytechnic, starts in January": the program starts
    return any(
        start <= o.span[0] <= t.span[0] and time_as_object(sentence[start : o.span[0]], sentence[o.span[1] :])
        for o in times
    )


def _own_time(
    sentence: str, times: list[TimeMention], span: tuple[int, int], said: date | None = None
) -> TimeMention | None:
    """The first time the clause says of itself (not an anchor, not a time compared with, not a recurring one),
    else a time said alone before the sentence's clauses ("上个月，我血压150/90")."""
    mine = [
        t
        for t in times
        if span[0] <= t.span[0] < span[1]
        and not t.anchor
        and not compared(sentence, t)
        and not _recurring(sentence, t)
        and not _of_a_thing(sentence, times, span[0], t)
    ]
    own = mine[0] if mine else None
    # "we go to Kraków for christmas, 20 december until 3 january": the days said, christmas among them
    own = next((t for t in mine[1:] if _within(own, t)), own)
    opening = opening_time(sentence, times)
    opening = opening if opening is not None and opening.span[1] <= span[0] else None
    if own is not None and opening is not None and _ZH_FESTIVAL_AS_PURPOSE.match(sentence, own.span[0]):
        return opening  # "腊月二十七，接我妈来青岛过年": the day said is when; 过年 is what she came for
    if own is None and opening is None:
        # "明年想考个PMP，也想再学好一点粤语": 明年 of both; "去了趟香港，周六去周日回": the days of the trip
        # "今年过年不回老家，把爸妈接过来过": a plan's frame ahead, said at the head of the clause before
        return (
            shared_frame_time(sentence, times, span[0])
            or ahead_frame_time(sentence, times, span[0], said)
            or _coda_time(sentence, times, span[1])
        )
    coda = _coda_time(sentence, times, span[1]) if own is not None else None
    if coda is not None and (_within(own, coda) or _ZH_FOCUSED_WHEN.match(coda.expression or "")):
        # "回成都过年，腊月二十八到正月初六": the days, the festival among them; "国庆去恩施看儿子，是10月2号走的":
        # the 是…的 of the past says when the act itself was
        return coda
    return own if own is not None else opening


def _within(inner: TimeMention, outer: TimeMention) -> bool:
    """`outer` spans more than `inner` and holds it."""
    if inner.start is None or inner.end is None or outer.start is None or outer.end is None:
        return False
    holds = outer.start <= inner.start and inner.end <= outer.end
    return holds and (inner.start, inner.end) != (outer.start, outer.end)


# a clause of times alone, with at most the going and coming back between them ("周六去周日回", "三号走", "20 december
# until 3 january", "back on the 9th"): it dates the clause before it, said as an afterthought
_ZH_CODA_END = re.compile(r"[，,；;。！!？?]|$")
_ZH_CODA_WORDS = frozenset("去回来走到出发返程 是的")
_ZH_FOCUSED_WHEN = re.compile(r"^是[^，。]*的$")
_EN_CODA_WORDS = frozenset(
    "from to until till through thru and back on the of - – returning return leaving leave flying fly coming".split()
)


def _coda_time(sentence: str, times: list[TimeMention], end: int) -> TimeMention | None:
    head = re.match(r"[，,]\s*", sentence[end:])
    if head is None:
        return None
    zh = bool(CJK_CHAR.search(sentence[:end]))
    start = end + head.end()
    stop = _ZH_CODA_END.search(sentence, start).start()
    inside = [t for t in times if start <= t.span[0] and t.span[1] <= stop and t.resolved]
    rest = "".join(sentence[a:b] for a, b in _gaps(start, stop, [t.span for t in inside]))
    if not inside or not (set(rest) <= _ZH_CODA_WORDS if zh else set(rest.lower().split()) <= _EN_CODA_WORDS):
        return None
    first, last = inside[0], inside[-1]
    if first.start is None or last.end is None or last.end < first.start:
        return None
    return replace(first, expression=sentence[start:stop], span=(start, stop), end=last.end)


def _gaps(start: int, stop: int, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out, at = [], start
    for a, b in sorted(spans):
        out.append((at, a))
        at = b
    return [*out, (at, stop)]


# a festival said as what one comes or goes for, closing its clause: 来青岛过年, 回老家过节
_ZH_FESTIVAL_AS_PURPOSE = re.compile(r"过(?:年|节)(?=[，。,！!；;]|$)")


_BY_NAME = {a.name: a for a in ASPECTS}
_PLANS = _BY_NAME["plans"]


def _on_a_past_day(
    times: list[TimeMention], span: tuple[int, int], said_at: datetime | None, own: TimeMention | None = None
) -> bool:
    """A Chinese clause has no tense: its own day or week, over by the day it was said, says it happened
    ("周六一早去医院看奶奶", "上周单位组织体检", "腊月二十七，接我妈来青岛": `own`, said alone before the clause); a
    past month or year may hold a state ("去年在华为")."""
    day = said_at.date() if said_at else None
    for t in times:
        if not (day and t.start and t.end_iso and (span[0] <= t.span[0] < span[1] or t is own)):
            continue
        end = date.fromisoformat(t.end_iso[:10])
        if end <= day and (end - t.start).days <= 7:
            return True
    return False


_EVENT = _BY_NAME["event"]
# a Chinese clause without an aspect word that tells what happened: a verb of one stroke (咯噔一下, 看了一眼 has its
# 了), or a verb and where it ended (晕在菜市场, 摔到地上) after a clause that said it was done
_ZH_ONE_STROKE = re.compile(r"[\u4e00-\u9fff]一(?:下|趟|顿|回)(?![午子来去])")
_ZH_VERB_WHERE = re.compile(r"[\u4e00-\u9fff](?:在|到|进|出)(?:了)?[\u4e00-\u9fff]")
_ZH_NOT_TOLD = re.compile(
    r"^(?:还|也|都|就)?(?:是|有|在|住|没|不|会|能|可以|想|要|得|该|应该|打算|准备)|很|太|挺|特别|非常|比较|真|更"
)
_ZH_DONE_BEFORE = re.compile(r"了[，,]\s*$")  # the clause just before


# a diary's sentence naming the day it is: "新公司第一天。", "在医院的最后一天" (the first or last day of something),
# "第一天上班。", "最后一天上学" (the first or last day of doing it)
_ZH_FIRST_DAY = re.compile(
    r"^(?:在?(?P<what>[\u4e00-\u9fffA-Za-z]{2,10}?)的?(?P<day>第一天|最后一天|头一天)"
    r"|(?P<day2>第一天|最后一天|头一天)(?P<doing>[\u4e00-\u9fff]{2,6}?))[。！!~…]*$"
)


# a wish asked of someone, then granted: "跟罗总提了，想一周在家办公一天。他居然同意了。"
_ZH_ASKED = re.compile(r"(?:提|申请|请示|问|说|商量)(?:了|过)[。！!~]*$")
_ZH_GRANTED = re.compile(r"^\s*(?:他|她|他们|领导|老板|公司)?(?:居然|竟然|终于|也|都|就)?(?:同意|答应|批准|批|准)了")


def _zh_granted(body: str, asked: str, after: str) -> bool:
    """A wish (想…) told right after asking for it, when what follows the sentence says it was granted."""
    return body.startswith("想") and bool(_ZH_ASKED.search(asked) and _ZH_GRANTED.match(after))


def _zh_narrated(body: str, before: str) -> bool:
    """A bare Chinese clause that tells an event: a verb of one stroke ("心里咯噔一下"), or a verb and where it ended
    right after a clause that said it was done ("我妈住院了，低血糖晕在菜市场"), or a visit opening the sentence
    ("复查结节，没变大"); not a state, a wish or a negation ("还是三类", "没变大", "想一周在家办公一天")."""
    rest = clauses.zh_after_lead(body)
    if _ZH_NOT_TOLD.search(rest):
        return False
    if not before.strip() and _ZH_VISIT.match(rest):
        return True  # "复查结节，没变大": a diary's sentence opening with the visit it tells of
    return bool(_ZH_ONE_STROKE.search(rest) or (_ZH_VERB_WHERE.search(rest) and _ZH_DONE_BEFORE.search(before)))


def _zh_visit_found(parts: list[Clause], sentence: str) -> tuple[str, int]:
    """(what the clauses after a visit found, said short and with no subject of their own, "，没变大，还是三类", a
    reading "，高压158", or what the clinician said of it, "，医生说药不能停", and what follows it the same way; where
    it ends in the sentence)."""
    found, end = "", parts[0].end
    for part in parts[1:]:
        said = part.text(sentence).strip().rstrip("。！!~")
        clinician = _ZH_CLINICIAN_SAID.match(said)
        if not said or len(said) > (20 if clinician else 12):
            break
        if part.subject is not Subject.OMITTED and not clinician:
            break
        found, end = found + "，" + said, part.end
    return found, end


# a value a clause holds: a figure in digits ("总分376", "0.6公分"), or a number in words with what it counts
# ("一百二十多单", "一千六一个月", "两个班一百零四个人"), a price or a span of hours ("一个钟一百五", "各三个钟");
# not 一 as an article or adverb (一下, 一起, 一直, 一个人)
_ZH_VALUE = re.compile(
    r"\d"
    r"|[一二两三四五六七八九十]*[十百千万][一二两三四五六七八九十百千万零]*(?:多|来|出头|左右)?"
    r"|(?<![第统唯])[两三四五六七八九几半][一二两三四五六七八九十]*(?:多)?(?:个|块|元|万|千|百|斤|度|岁|单|分|次|天|年|周|"
    r"公里|公分|平|套|间|钟|小时|礼拜|星期|人|张|本|篇)"
)
# what opens a clause that is not a complement of the one before: a turn, a verdict, a question, a supposition, a
# subject of its own said with 是 ("十一万是…"), someone's words
_ZH_NOT_A_COMPLEMENT = re.compile(
    r"^(?:但是|可是|不过|但|可|所以|结果|反正|其实|可能|应该|估计|好像|哈+|唉|还好|幸好|就是)|[吗呢?？]|是(?!最)|说|讲|万一"
)
# a price said with 是…的 after a clause that bought, sold or rented the thing: "买了台二手面包车，跑了八万公里，是三万二
# 拿下的" (the price goes on with the purchase; after any other clause it is no complement)
_ZH_PRICE_SAID = re.compile(
    r"^是(?:花了?|用了?)?[\d一二两三四五六七八九十几][^，。]*(?:拿下|买|卖|租|花|付|交)[^，。]*的$"
)
_ZH_BOUGHT = re.compile(r"买|换了|租|卖|拿下|入手|盘下|订了")


def _zh_values_after(parts: list[Clause], n: int, sentence: str, times: list[TimeMention]) -> tuple[str, int]:
    """(what the clauses after clause `n` add to it, said short, with no subject of their own and each holding a value:
    "开通了外卖，一个礼拜接了一百二十多单", "兼职带初中数学，周六周日各三个钟，一个钟一百五"; where it ends in the
    sentence), or ("", its own end). The writer's omitted subject goes on; a new subject, a turn (但是), a question, a
    verdict without a figure ("划不来", "累惨") ends it; so does a clause with a time of its own ("到今年正好十年了",
    "十月一号早上的航班": a statement of its own time) or one that only says how long the one before went on."""
    grown, end = "", parts[n].end
    for part in parts[n + 1 :]:
        said = part.text(sentence).strip().rstrip("。！!~")
        if (
            not said
            or len(said) > 16
            or part.subject is not Subject.OMITTED
            or (
                _ZH_NOT_A_COMPLEMENT.search(said)
                and not (_ZH_PRICE_SAID.match(said) and _ZH_BOUGHT.search(parts[n].text(sentence)))
            )
            or not _ZH_VALUE.search(said)
            or _ZH_ONLY_A_SPAN.match(said)
            or any(part.start <= t.span[0] < part.end and t.start_iso and not zh_weekly(sentence, t) for t in times)
        ):
            break
        grown, end = grown + "，" + said, part.end
    return grown, end


# a doctor's visit said bare, the verb and what it was of: 复查结节, 复查血压, 抽血, 拍片, 产检; a reading taken
# (量血压, 测了下血糖, 称体重); or its report come back (体检报告出来了: what it found follows)
_ZH_VISIT = re.compile(
    r"^(?:去医院)?(?:复查|复诊|化验|抽血|拍片|拍了片|产检|做B超|做CT|做胃镜|看牙|拔牙|洗牙|打疫苗)"
    r"|^(?:量|测|称|查)了?(?:一?下|个)?(?:血压|血糖|血脂|体重|体温|心率|血氧|尿酸|视力)"
    # (whose check it was may lead: "单位体检报告出来了", "年度体检结果出来了")
    r"|^(?:单位|公司|学校|年度|今年的?|入职)?(?:体检|检查|化验|病理|活检)(?:报告|结果|单子)?(?:出来|拿到|取回来)了"
)
# what the writer's clinician said at the visit: "社区医生说是高血压", "医生说药不能停", "大夫讲要少吃盐"
_ZH_CLINICIAN_SAID = re.compile(
    # (what they did as they said it may stand between: "医生指着单子说脂肪肝中度")
    r"^[\u4e00-\u9fff]{0,4}?(?:医生|大夫|护士|主任|专家)(?:也|还|就|都)?(?:[^，。,说讲]{1,6}?(?<![对跟和给])(?=说|讲))?"
    r"(?:说|讲|讲了|说了|建议)"
)


_ZH_DECIDED = re.compile(r"决定[^，。]*了[。！!~]*$")


def _before(times: list[TimeMention], clause: Clause, said_at: datetime | None) -> bool:
    """The clause's own time is over by the day it was said."""
    day = said_at.date() if said_at else None
    return any(
        day and t.end_iso and date.fromisoformat(t.end_iso[:10]) <= day and clause.start <= t.span[0] < clause.end
        for t in times
    )


# a heading that makes the list after it a list of plans: "明年的目标：", "2024年计划：", "新年flag:"
_ZH_PLAN_HEADING = re.compile(r"(?:目标|计划|打算|愿望|心愿|flag|想做的|要做的|想做的事)$", re.IGNORECASE)
# a plan said bare, with nothing that says it is one ("明年申请英国的研究生"): its content must say it is a plan
_ZH_PLAN_SAID = re.compile(r"想|打算|计划|准备|要|目标|决定|争取|希望|将|会|愿望")


_EN_ABOUT = (
    r"(?:\s+(?P<how>about|abt|to|with|over)|(?<=\bof)|(?<=\bdreading))\s+(?P<what>[^,;.!?]{3,90}?)"
    r"(?:\s+(?:tbh|ngl|lol|rn|atm|honestly|tho|though))?\s*(?:$|[,;.!?])"
)


_EN_ABOUT_SHOWN = re.compile(r"(?i)\babout (?:this|that|it|them)\s*[.!?~]*$")
_EN_COMMENT = re.compile(r"(?i)^(?:it|that|this)(?:'s|\s)")


_A_POINTER_ALONE = re.compile(r"(?i)(?:it|this|that|them|him|her|you|u|all this)(?:\s+(?:tbh|ngl|lol|rn|already|now))*")


def _content(body: str, clause: Clause, aspect: Aspect, emotion: str | None) -> tuple[str, str]:
    """(content, object): a feeling reads as the patterns' snapshot does, so the two merge in governance; an English
    feeling keeps what it is about ("Feeling anxious about the new job": "The user felt anxious about the new job")
    unless that is only a pointer ("excited about it")."""
    if aspect.memory_type is MemoryType.EMOTION and emotion:
        about = None if clause.zh else re.search(rf"(?i)\b{re.escape(emotion)}{_EN_ABOUT}", body)
        what = rewrite.pronouns_of_the_user(about.group("what")) if about else ""
        # (a feeling that needs its object, "sick of", "dreading", keeps it whatever it is: "sick of dis rota")
        needs_object = bool(re.fullmatch(_feel.EN_FEELINGS_OF, emotion.lower()))
        pointer = about is not None and (
            bool(_A_POINTER_ALONE.fullmatch(about.group("what")))
            if needs_object
            else shapes.points_nowhere(" " + about.group("what"), False)
        )
        if about and not pointer and not _LISTENER.search(what):
            how = (about.group("how") or "").lower().replace("abt", "about")
            felt = "The user was" if emotion.lower().endswith("ing") else "The user felt"  # "was dreading the dentist"
            return " ".join((felt, emotion.lower(), how, what)).replace("  ", " "), emotion.lower()
        if clause.zh and ZH_FRAMED_FEEL.fullmatch(emotion):  # (the frame alone, nothing before it)
            # "用户当时心里甜滋滋的": the frame says how it was felt ("气死我了": its 我 is the user, 气死了)
            emotion = emotion.replace("死我了", "死了")
            return f"用户当时{emotion}", emotion
        if needs_object:  # its object only a pointer ("sick of it"): the feeling without the preposition it needs
            emotion = "dread" if emotion.lower() == "dreading" else "fed up"
        return (f"用户当时感到{emotion}" if clause.zh else f"The user felt {emotion.lower()}"), emotion.lower()
    if clause.zh and aspect is _PLANS and clause.subject is Subject.OMITTED and not _ZH_PLAN_SAID.search(body):
        body = "打算" + body  # "明年申请英国的研究生" is a plan: without it the memory would read as done
    text = (rewrite.chinese if clause.zh else rewrite.english)(body, clause.subject)
    return text, text


# an outcome said bare, its other party left for what follows: "got hired!!", "I got the job", "got accepted",
# "got an offer", "got in"; and the word that joins the party to it
_EN_BARE_OUTCOME = re.compile(
    r"(?i)\b(?:(?P<by>got hired|was hired|been hired)|(?P<at>got the job|landed the job|got a job|landed a job)"
    r"|(?P<from>got an offer|got the offer|got a job offer)|(?P<to>got accepted|was accepted|got in|got admitted))"
    r"\W*$"
)
# the party, named in the next sentence as a noun phrase with no verb: "Parkland Electric in Red Deer, mostly
# residential" (a capitalised name of up to five words, and the place it is in)
_EN_PARTY_NEXT = re.compile(
    r"[\s!.~]*(?P<party>(?-i:[A-Z][\w&'’.\-]*)(?:\s+(?:(?-i:[A-Z][\w&'’.\-]*)|of|and|&)){0,4}"
    r"(?:\s+in\s+(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)?)(?=\s*(?:[,.;!:\-–—]|$))"
)
_OUTCOME_JOIN = {"by": " by ", "at": " at ", "from": " from ", "to": " to "}


def _en_outcome_named(body: str, text: str, sentence_end: int) -> tuple[str, int] | None:
    """ "got hired!! Parkland Electric in Red Deer, ...": the outcome with its party, and where the party ends in
    `text`; None when the clause is no bare outcome or what follows is not a name standing alone (a clause with
    its own subject and verb, "Tyler got on at Suncor", is not: its verb follows the name)."""
    outcome = _EN_BARE_OUTCOME.search(body)
    if outcome is None:
        return None
    party = _EN_PARTY_NEXT.match(text, sentence_end)
    if party is None or party["party"].split()[0].lower() in _NOT_A_PARTY:
        return None
    kind = next(k for k, v in outcome.groupdict().items() if v)
    return _OUTCOME_JOIN[kind] + party["party"], party.end("party")


# words that open a sentence in capitals and name no party: pronouns, time words, interjections
_NOT_A_PARTY = frozenset(
    "i i'm i've we so and but the it it's this that they he she my our yes yeah omg wow lol finally today tomorrow "
    "yesterday now then thanks thank start starting monday tuesday wednesday thursday friday saturday sunday".split()
)


# the writer's own value said in a place or with an employer named, after a comma: ", in Dublin Bus I have 46k"
_EN_VALUE_THERE = re.compile(
    r",\s+(?:in|at|with|for)\s+(?:the\s+)?(?:[A-Z][\w'\-]*\s+){1,3}(?:I|we)\s+(?:have|had|get|got|make|made|earn|earned|"
    r"pay|paid)\s+[^.!?]*\d"
)


def _en_value_of_elsewhere(clause: Clause, body: str, sentence: str) -> bool:
    """An attribute said bare, with no "my" ("salary is 52k"), then the writer's own value of it somewhere named:
    the first is the value of what is talked about (an offer, a place looked at), not the writer's."""
    return (
        clause.subject is Subject.POSSESSIVE
        and clauses.EN_OWN_ATTRIBUTE.match(body) is not None
        and _EN_VALUE_THERE.match(sentence, clause.end) is not None
    )


_EN_SUBJECT_SAID = re.compile(r"^The user(?:'s| and others)?\b")
# a verb that is a whole event of a life with nothing after it: "I graduated", "we got married", "I retired"
_EN_WHOLE_ALONE = re.compile(
    r"(?i)^(?:graduated|retired|resigned|married|divorced|engaged|got (?:married|engaged|divorced|hired|fired|promoted)"
    r"|was (?:hired|fired|promoted|laid off)|passed|failed|won|quit)$"
)


def _en_bare_verb(content: str, time: TimeMention | None) -> bool:
    """The writer's memory left with its verb alone once its time is taken out ("we move on the 1st of october" ->
    "The user and others move"): where or what the verb is of is not in it (a whole event, "I graduated", is)."""
    said = _EN_SUBJECT_SAID.match(content)
    if said is None or time is None or said.group(0) == "The user's":
        return False
    rest = content[said.end() :].strip(" .!~")
    return bool(re.fullmatch(r"[a-z]+(?: (?:up|out|in|back|away|off|on|over))?", rest)) and not _EN_WHOLE_ALONE.match(
        rest
    )


def _en_grown(out: list[MemoryCandidate], content: str, text: str, span: tuple[int, int]) -> MemoryCandidate | None:
    """The message's last memory grown with `content` (the writer's clause right after it, no other words between:
    "The user and others play 5 a side every friday in Cabra; the user is goalkeeper"), None when there is none to
    grow (what the clause's noun is of was said nowhere the memory holds)."""
    if (
        not out
        or out[-1].memory_type is MemoryType.EMOTION
        or not (prev := _EN_SUBJECT_SAID.match(out[-1].content_text))
    ):
        return None
    if (
        out[-1].span_end > span[0]
        or text[out[-1].span_end : span[0]].strip(" \t\n.,;!~")
        or "\n" in text[out[-1].span_end : span[0]]
    ):
        return None
    said = _EN_SUBJECT_SAID.match(content)
    if said is not None and said.group(0) == prev.group(0) and said.group(0) != "The user's":
        tail = ", and" + content[said.end() :]  # the same subject goes on: "…per week, and paid 1,850 euro deposit"
    else:
        tail = "; " + content[:1].lower() + content[1:]
    last = out[-1]
    return replace(
        last,
        content_text=last.content_text.rstrip(".!~ ") + tail,
        object=last.object.rstrip(".!~ ") + tail,
        span_end=span[1],
    )


def _without(body: str, time: TimeMention) -> str:
    """The clause without its resolved time words where they open or close it: the time is in the memory's valid
    time, and "yesterday" in a stored sentence would be wrong tomorrow. Time words inside stay (removing them would
    break the sentence); time words that are what "is" says ("my surgery was yesterday") are said as their date."""
    expression = time.expression
    at = body.find(expression)
    if at < 0:
        return body
    if time_is_predicate(body[:at], body[at + len(expression) :]):
        day = time.start_iso if time.relative and time.precision is TimePrecision.DAY else None
        return body[:at] + day + body[at + len(expression) :] if day else body
    end = at + len(expression)
    if at == 0:
        out = re.sub(r"^之?前(?=[想要得把就会])", "", body[end:])  # "年底前想把…还清": by then, in the valid time
        out = re.sub(r"^(?:起|开始)(?=[\u4e00-\u9fff])", "", out)  # "下个月起调到城北站": from then on, the same
    elif re.match(r"(?i)(?:for|since|about|over|almost|nearly)\b", expression) or re.search(r"[了多]$", expression):
        return body  # a duration ("for 4 years", "三年了") is what the sentence says: it stays
    elif body[end:].strip(" .!,，。！") == "" and not re.search(r"[\u4e00-\u9fff]", body):
        out = _EN_BACK_THEN.sub("", _EN_TIME_PREP.sub("", body[:at]))
    elif body.startswith("在" + expression + "的时候", at - 1):
        out = body[: at - 1] + body[end + 3 :]
    else:
        return body
    out = out.strip(" ,，")
    return re.sub(r"\s{2,}", " ", out) if len(out) > 2 else body


_EN_TIME_PREP = re.compile(r"(?i)\s+(?:in|on|at|during|since|from|around|by|until|for)(?: the| a)?\s*$")
# "back in 2019" said of a day: "back" goes with the time (not with a verb of return: "came back in May")
_EN_BACK_THEN = re.compile(
    r"(?i)(?<!\bcame)(?<!\bwent)(?<!\bmoved)(?<!\bgot)(?<!\bflew)(?<!\bdrove)(?<!\bcome)(?<!\bgo)(?<!\bmove)"
    r"(?<!\bheaded)(?<!\bbeen)(?<!\bwas)\s+(?:way\s+)?back\s*$"
)
# a request to the listener, not a statement: 帮我列一下, 请给我, "help me", "please"
_REQUEST = re.compile(
    r"(?i)^(?:帮我|帮忙|请|麻烦|给我|告诉我|help me|please|let me know|tell me)"
    r"|^我?(?:正?在想|想着|想想|在琢磨|在思考)"  # musing: "我在想工作的事" asserts nothing
)


# a request opening a sentence that goes on with news of the writer's own: "can you help me write a thank you note
# to the guys at work, they threw me a retirement lunch friday", "please remind me to call mom, I have a dentist
# appointment friday" (a question, a quotation or a secret keeps the whole sentence out)
_OPENS_A_REQUEST = re.compile(r"(?i)^\s*(?:can (?:you|u)|could (?:you|u)|please|pls)\b")


def _news_after_request(sentence: str, skip: re.Pattern[str]) -> bool:
    opening = _OPENS_A_REQUEST.match(sentence)
    if opening is None or sentence.rstrip().endswith(("?", "？")):
        return False
    return skip.search(sentence[opening.end() :]) is None


def read(
    evidence: Evidence,
    text: str,
    sentence_spans: list[tuple[int, int]],
    said_at: datetime | None,
    version: str,
    taken: list[tuple[int, int]],
    hedged: re.Pattern[str],
    skip: re.Pattern[str],
    memo: dict[str, list[TimeMention]],
    previous_turn: str = "",
) -> list[MemoryCandidate]:
    """Candidates from the clauses of `text` no pattern has taken (`taken`: spans already read). `previous_turn`:
    the text of the turn just before this message in its conversation (either speaker's), where a pointer's thing
    may be named."""
    out: list[MemoryCandidate] = []
    listed_until = -1
    before: str | None = None  # the sentence before this one in the message (its times may date a plan's steps)
    kin_before: str | None = None  # the kin the sentence before ended on, as its subject (a topic chain's)
    for s_start, s_end in sentence_spans:
        sentence, before_this = text[s_start:s_end], before
        before = sentence
        asked = skip.search(sentence) is not None
        if asked and not _news_after_request(sentence, skip):
            continue
        parts = clauses.read(sentence)
        times: list[TimeMention] | None = None
        previous: Aspect | None = None
        reported = (
            False  # "猎头找我，说有个外企的机会，薪资能到三万": what follows 说 is the report's, to the full stop
        )
        thing_led = [_thing_led(c, c.text(sentence).strip()) for c in parts]
        carried = [False] * len(parts)  # the clause's left-out subject is a person named clauses before
        opens_on_verb = bool(parts) and parts[0].zh and bool(_ZH_GOES_ON.match(parts[0].text(sentence).strip()))
        chain = _kin_chain(parts, sentence, kin_before if opens_on_verb else None)
        kin_before = _kin_after(parts, sentence, chain)
        heading: str | None = None  # a topic the previous clause named ("房子的事情：")
        # after a heading of plans ("明年的目标："), to the end of its line: each item is one of the writer's plans
        listed = s_start < listed_until
        quoted = quoted_spans(sentence)
        plan_clause: Clause | None = None  # a plan a pattern read, which the clauses after it may go on with
        grown_to = -1  # where an ailment grown over the clauses after it ends: those clauses are in it
        for n, clause in enumerate(parts):
            if s_start + clause.end <= grown_to:
                continue
            body = clause.text(sentence).strip()
            if not clause.zh and (cut_at := _afterthought_cut(body)) < len(body):
                said = clause.text(sentence)
                clause = replace(clause, end=clause.body_start + len(said) - len(said.lstrip()) + cut_at)
                body = clause.text(sentence).strip()
            span = (s_start + clause.body_start, s_start + clause.end)
            if not body or any(a < span[1] and span[0] < b for a, b in taken):
                if clause.zh and body:
                    # a report another reader took goes on all the same ("燕子讲她谈了个男朋友，姓周，在花溪开修车铺的":
                    # the shop is the boyfriend's, never the writer's)
                    reported = reported and clause.subject is Subject.OMITTED or _reported(body, True)
                if clause.zh and _ZH_PLAN_OPENS.match(clauses.zh_after_lead(body)):
                    # "我想明年把铺子交给老周看，自己专心搞抖音和外卖": a pattern read the plan; the writer's clause
                    # after it goes on with it, and with its time
                    previous, plan_clause = _PLANS, clause
                continue
            if any(a <= clause.body_start and clause.end <= b + 1 for a, b in quoted):
                continue  # a sentence handed in to reword: someone's words (a title opening a clause is its subject)
            if not clause.zh and n > 0 and _EN_CORRECTION.match(sentence, clause.start):
                continue  # "…an aunt and uncle, well i'm an aunt": a gloss on the clause before, which holds it
            if asked and (n == 0 or clause.subject is Subject.OMITTED):
                continue  # the request itself, and what goes on with it ("…, make it short")
            if clause.zh and reported and clause.subject is Subject.OMITTED and not _ZH_HEART.match(body):
                # the report goes on; "…她说想养一只猫，我其实对猫毛过敏": 我 takes the word back, and so does the
                # writer's heart ("讲是她攒钱买的，心里甜滋滋的")
                continue
            if (
                clause.zh
                and n > 0
                and clause.subject is Subject.OMITTED
                and _ZH_ROLE_SOUGHT.match(body)
                and _ZH_APPLIED.search(parts[n - 1].text(sentence))
            ):
                continue  # "今天面试了 Brightwell，做 test lead": the role applied for, not the one held
            reported = clause.zh and _reported(body, True)
            if _HYPOTHETICAL.search(body):
                break  # "假如我在谷歌工作，我会很开心": the rest of the sentence stands on the supposition
            if clause.zh and _ZH_PLAN_HEADING.search(body) and len(body) <= 12:
                previous = _PLANS  # "明年的目标：考出CPA，带爸妈出国玩一次": what the heading lists are plans
                line_end = text.find("\n", span[1])
                listed, listed_until = True, line_end if line_end >= 0 else len(text)
                continue
            # after a clause whose subject is someone else or a thing ("It's made me grow, and even got me out of
            # ..."), a clause with its subject left out goes on with that subject, not the writer
            continued = (
                n > 0
                and not thing_led[n]  # a clause naming its own thing of the writer's goes on with nothing before
                and (parts[n - 1].subject in (Subject.OTHER, Subject.OBJECT) or thing_led[n - 1])
                and not (not clause.zh and _EN_MEASURE_PHRASE.match(parts[n - 1].text(sentence).strip()))
            )
            # a Chinese subject left out goes on through a run of such clauses, until a clause names its own
            # ("我家老黄每天早上四点起来熬汤，熬了这么多年，腰一到冬天就痛": the back is 老黄's)
            carried[n] = (
                clause.zh
                and n > 0
                and (
                    parts[n - 1].subject is Subject.OTHER
                    or (parts[n - 1].subject is Subject.OMITTED and carried[n - 1] and not chain[n - 1])
                )
            )
            continued = continued or (carried[n] and clause.subject is Subject.OMITTED)
            # (news said as a noun phrase has no verb to go on with: "Brightwell called — offer!"; the writer's heart
            # is the writer's: "妈妈住院了，心里很难受"; so is a feeling after a thing's clause, which a thing cannot
            # feel: "体检结果都正常，总算松了一口气")
            news_or_heart = (
                (_ZH_HEART.match(body) or (n > 0 and thing_led[n - 1] and ZH_FRAMED_FEEL.search(body)))
                if clause.zh
                else clauses.EN_NEWS_PHRASE.match(body)
            )
            continued = continued and not news_or_heart
            heads = sentence[clause.end : clause.end + 1] in "：:" and not body.endswith(("事", "事情", "边", "面"))
            if clause.zh and clauses.zh_frame(body):
                continue  # "报告出来了", "跟老战友郭卫东说了": the content is the next clause's, or nothing
            if (
                clause.zh
                and n > 0
                and out
                and out[-1].span_end == s_start + parts[n - 1].end
                and clauses.ZH_BARE_THING.search(out[-1].content_text.split("，")[0])
                and clauses.zh_describes(body)
            ):
                # "换了个车，二手的比亚迪秦，2021年的，跑了六万公里": what the thing is belongs to its clause
                out[-1] = _joined(out[-1], body, span[1])
                continue
            if clause.zh and n + 1 < len(parts) and (heads or _ZH_INTRODUCES.search(body)):
                if _ZH_PLAN_SAID.search(body):  # "明年想做的：一、考驾照", "跟自己说好了：明年开春去考驾照"
                    previous = _PLANS  # what follows is planned
                continue  # a heading, or a decision whose content is the next clause's ("跟老黄商量定了，店还是搬")
            if clause.zh and n > 0 and clause.subject is Subject.OMITTED and _ZH_ONLY_A_SPAN.match(body):
                continue  # "…去江边走一个钟头，坚持一个多月了": how long the clause before has gone on, not a statement
            if clause.zh and _ZH_ONLY_WITH_WHOM_DONE.match(body):
                continue  # "我跟浩浩两个人吃的": whom with and a bare verb; what was done is in the clause before
            if clause.zh and n > 0 and clause.subject is Subject.OMITTED and _ZH_COMPANY.match(body):
                # "开始每天早上去浣花溪走一个钟头，跟楼下李姐一起": whom the clause before was done with, its own part
                if out and out[-1].span_end == s_start + parts[n - 1].end:
                    out[-1] = _joined(out[-1], body, span[1])
                continue
            if (
                clause.subject is Subject.OMITTED
                and not clause.zh
                and n + 1 < len(parts)
                and _PRAISED.match(parts[n + 1].text(sentence))
            ):
                continue  # "Making videos about gaming - that's awesome!": the other person's doing, praised
            if not clause.zh and _en_value_of_elsewhere(clause, body, sentence):
                continue  # "salary is 52k, in Dublin Bus I have 46k": the 52k is not what the writer has (an offer's)
            if clause.zh and (named := _zh_named_pet(sentence, clause, body)) is not None:
                clause, body = named  # "领养了一只橘猫，取名叫土豆": the name is the animal's, the animal the writer's
            elif clause.subject is Subject.OMITTED and continued and chain[n] is None:
                continue  # "It's made me grow, and even got me out of...", "工资涨了，从一万五涨到了两万"
            someone_before = clause.zh and bool(_ZH_SOMEONE.search(text, 0, span[0]))
            whole = body
            topic, heading = heading, None
            if (
                clause.zh
                and n + 1 < len(parts)
                and body.endswith(("事", "事情", "边", "面"))
                and (h := clauses.ZH_TOPIC_HEADING.match(body))
            ):
                heading = clauses.zh_topic(h.group("topic"))  # "咖啡的事情：我投降了": the next clause's topic
                if heading is not None:
                    continue
            kin = _kin(clause, body) if clause.subject in (Subject.OTHER, Subject.OMITTED) else None
            if kin is None and _named_chain(chain[n]):
                continue  # "阿芳辞职了，去深圳做跨境电商": 阿芳 goes to 深圳, never the writer
            if kin is None and chain[n] is not None:
                kin = _kin(clause, body, chain[n])
                if kin is None:
                    continue  # the kin's clause goes on, with nothing a life's domain holds: never the writer's
                whole = f"{kin[0]}{whole}" if clause.zh else f"my {kin[0]} {whole}"  # its subject, said before
            # "日本那个旅行我取消了", "Lumen Pay那边的offer签了": a topic the writer fronted, then their comment on it
            fronted = (
                _fronted(clause, body)
                if clause.zh and clause.subject is Subject.OMITTED and not kin and ("我" in body or "了" in body)
                else None
            )
            if (
                kin is None
                and not clause.zh
                and clause.subject is Subject.OTHER
                and (worn := _EN_ON_MY_BODY.match(body))
            ):
                # "a cyst on my wrist is getting bigger": what is in or on the writer's body is the writer's
                body = whole = body[worn.end("article") if worn["article"] else 0 :]
                clause = replace(clause, subject=Subject.POSSESSIVE)
            if kin is None and not clause.zh and clause.subject is Subject.OTHER:
                if EN_DONE_TO_MY_FEELING.search(body):
                    clause = replace(clause, subject=Subject.OBJECT)  # "that call left me shaken": the writer's feeling
                elif EN_FEELING_OPENS.match(body):
                    clause = replace(clause, subject=Subject.OMITTED)  # "feeling a bit flat today": the writer's
            if kin is not None:
                body = kin[1]  # "我爸生病了": what is said of the writer's father, read as a clause of its own
                clause = replace(clause, subject=Subject.POSSESSIVE)
            elif (
                fronted is None
                and not (listed and clause.subject is Subject.OMITTED)
                and not _writer_clause(clause, body, someone_before)
            ):
                continue
            if not _asserted(sentence, clause, whole, n == len(parts) - 1):
                continue
            # "they let me go today" is read as what it says of the writer: "I was let go today"
            said_of_me = body if clause.zh else _as_passive(body)
            aspect, cue = _aspect(said_of_me, clause.zh)
            if aspect is ASPECTS[-1] and not clause.zh and (news := clauses.EN_NEWS_PHRASE.match(body)) and news["had"]:
                aspect = _EVENT  # "First work trip for Brightwell, Sydney": a day of the writer's, had
            if kin is not None and aspect.memory_type in _NOT_OF_KIN:
                continue  # "我妈很开心", "my dad loves jazz": their feeling or taste, not a fact of the family
            going_on = clause.subject is Subject.OMITTED or (clause.zh and body.startswith("自己"))
            if aspect is ASPECTS[-1] and going_on and previous is not None:
                aspect = previous  # "明年想存够首付，在上海买套小房子": the plan goes on
            elif listed and (aspect.name == "habit" or aspect is ASPECTS[-1]):
                aspect = _PLANS  # "目标：…每个月带爸妈出去吃一次饭": a habit the writer means to take up
            if clause.zh:
                body = said_of_me = _zh_antecedent(body, sentence[: clause.start])
            # (a kin clause is checked whole: "his" in "my dad broke his hip" points at the dad)
            shape = (
                # ("they let me go": "they" is the writer's employer, unnamed; what was done is what is checked)
                shapes.empty(whole if kin is not None else said_of_me, clause.zh)
                if not fronted and aspect.memory_type is not MemoryType.EMOTION
                else None
            )
            if shape is not None and shape.name == shapes.POINTER and not clause.zh and kin is None:
                # what the pointer stands for, named earlier in the message or in the turn answered: the clause is
                # rewritten with it; the other person's own thing (their recipe, their photo) makes it a reply
                at = shapes.en_pointer_at(body)
                found = antecedent.resolve(body, at, text[: span[0]], previous_turn, text[span[1] :]) if at else None
                if found is None or found.antecedent.whose is antecedent.Whose.OTHERS:
                    continue
                body = whole = found.body
                shape = shapes.empty(body, False)
            if shape is not None:
                continue  # a pronoun with nothing it points at, a thing's doing, a remark in general
            if aspect.memory_type is MemoryType.PREFERENCE and SHOWN.search(body):
                continue
            if aspect.memory_type is MemoryType.PREFERENCE and re.search(r"\ball\b", body) and n + 1 < len(parts):
                continue  # "I love all dances, but contemporary is my top pick": the next clause says which
            # (the pointer's thing, if it was resolved; the agent of what was done to the writer)
            said_of_me = body if clause.zh else _as_passive(body, agent=True)
            symptom = clause.zh and kin is None and _ZH_SYMPTOM.match(clauses.zh_after_lead(body)) is not None
            domain = (
                _FAMILY if kin is not None else _HEALTH if symptom else _domain((topic or "") + said_of_me, clause.zh)
            )
            if domain is _VETOED:
                continue
            if aspect.memory_type is MemoryType.PREFERENCE and cue is not None and _a_person(body[cue.end() :]):
                continue  # "I love my wife", "我喜欢上了一个女孩": a feeling for a person is no taste
            words = _content_words((topic or "") + whole, clause.zh)
            if symptom:
                words += 3  # "腰疼", "手腕子痛": a part of the writer's body and what ails it, a whole statement
            if clause.zh and _ZH_PASSIVE_DONE.match(clauses.zh_after_lead(whole) or whole):
                words += 1  # "被裁了", "被偷了": the writer's passive, a whole event in three characters
            if topic:
                words += 3  # a topic and a comment on it: a statement, however short the comment ("我投降了")
            news = None if clause.zh else clauses.EN_NEWS_PHRASE.match(body)
            if news is not None and news["had"] and re.match(r"\s+(?:at|in|with|for|as)\s+\w", body[news.end() :]):
                words += 2  # "last day in Broadstone today": a day of the writer's, had, where it was had named
            if not clause.zh and n + 1 < len(parts) and _EN_COMMENT.match(parts[n + 1].text(sentence)):
                # "I had a little doll like this and it always made me feel better": the comment is on this clause's
                # thing, and says how much the clause meant
                words += _content_words(parts[n + 1].text(sentence), False)
            # "开通了美团外卖，一个礼拜接了一百二十多单", "成绩出来了，总分412": the values after the clause are its own
            if clause.zh and times is None:
                times = memo_times(memo, sentence, said_at)
            valued, valued_end = (
                _zh_values_after(parts, n, sentence, times or [])
                if clause.zh
                and kin is None
                and not symptom
                and aspect.memory_type is not MemoryType.EMOTION  # (a feeling has no figures: "吓得一身汗，…当了八年")
                and not _ZH_VISIT.match(clauses.zh_after_lead(body))
                else ("", clause.end)
            )
            if valued and len(CJK_CHAR.findall(valued)) >= 2:
                words += 3  # (a bare figure, "，598", says nothing of what it measures nor whose: it lifts no clause)
            need = (3 if clause.zh else 1) if domain else (6 if clause.zh else 3)
            if aspect.memory_type is MemoryType.EMOTION:
                if _EN_ABOUT_SHOWN.search(body):
                    continue  # "Wow, Gina, I'm stoked about this!": a reply to what the other person said
                if _ECHO.search(body):
                    continue  # "Wow, I'm excited too!": an echo of the other's news
                need = 0
            if words < need + (1 if clause.zh else 0):
                if not clause.zh and clause.subject is Subject.OMITTED and kin is None and re.search(r"\d", body):
                    # "I bought second hand Skoda Octavia 2017, 142k km, paid 9,400": a value the writer goes on to
                    # give, too thin alone, is the memory's just before it
                    grown = _en_grown(out, rewrite.english(body, clause.subject), text, span)
                    if grown is not None:
                        out[-1] = grown
                        continue
                if words >= 2 and _joins_next(clause, parts, n, sentence):
                    parts[n + 1] = replace(parts[n + 1], body_start=clause.body_start, subject=clause.subject)
                continue  # "Wow, I'm excited too!", "Been hectic": nothing said
            emotion = (
                (
                    cue.groupdict().get("frame")
                    or cue.group("emotion")
                    or cue.groupdict().get("bare")
                    or cue.groupdict().get("bare2")
                    or cue.groupdict().get("bare3")
                    or cue.groupdict().get("felt")  # "feeling a bit flat": the adjective a verb of feeling takes
                    or cue.groupdict().get("relief")
                    or cue.groupdict().get("done")
                    or cue.groupdict().get("got")  # (a clause that says the feeling whole is rewritten as said)
                )
                if cue is not None and "emotion" in cue.re.groupindex
                else None
            )
            if times is None:
                times = memo_times(memo, sentence, said_at)
            own = _own_time(sentence, times, (clause.start, clause.end), said_at.date() if said_at else None)
            if own is None and aspect is _PLANS and plan_clause is not None and going_on:
                own = _own_time(sentence, times, (plan_clause.start, plan_clause.end))  # the plan's time, said before
            if own is None and aspect is _PLANS:
                # "我们把婚礼定在明年3月": the day a planned thing is set for is the plan's time, and stays in its
                # words as its date
                own = next(
                    (
                        t
                        for t in times
                        if clause.start <= t.span[0] < clause.end
                        and t.start
                        and not t.anchor
                        and _of_a_thing(sentence, times, clause.start, t)
                    ),
                    None,
                )
                if own is not None:
                    body = as_absolute(body, own)
            said_day = said_at.date() if said_at else None
            if own is None and not times and not clause.zh and aspect is _PLANS and before_this is not None:
                own = _steps_window(body, before_this, said_at, memo)  # "booked ... for dec 18, back jan 6. gonna ..."
            first_day = clause.zh and own is None and len(parts) == 1 and _ZH_FIRST_DAY.match(body) is not None
            if first_day:
                aspect = _EVENT  # "新公司第一天。": the day the diary is written is that first day
            elif (
                clause.zh and aspect is ASPECTS[-1] and _on_a_past_day(times, (clause.start, clause.end), said_at, own)
            ):
                aspect = _EVENT  # "周六一早去医院看奶奶": a Chinese clause's own past day says it happened
            elif clause.zh and aspect is ASPECTS[-1] and own is None and _ZH_FIRST_TIME.match(clauses.zh_after_lead(body)):
                aspect = _EVENT  # "头一天去新单位报到": the first time, had (the diary's own day, or before it)
            elif clause.zh and aspect is ASPECTS[-1] and own is None and _zh_narrated(body, sentence[: clause.start]):
                aspect = _EVENT  # "我妈住院了，低血糖晕在菜市场", "心里咯噔一下": what happened, in the telling
            elif clause.zh and aspect is _PLANS and _ZH_DECIDED.search(body) and _before(times, clause, said_at):
                aspect = _EVENT  # "上个月终于决定回老家西安了": a decision taken, dated; not a plan still ahead
            elif (
                clause.zh
                and aspect is _PLANS
                and n > 0
                and _zh_granted(body, parts[n - 1].text(sentence), text[s_end:])
            ):
                aspect, body = ASPECTS[-1], body[1:]  # "跟罗总提了，想一周在家办公一天…他居然同意了": it holds now
            if symptom and aspect is ASPECTS[-1] and not _ZH_LASTING.search(body):
                aspect = _EVENT  # "手腕子痛，贴了膏药": the day's ailment, told; "一直腰疼" is a state
            elif (
                clause.zh
                and aspect is ASPECTS[-1]
                and own is None
                and (
                    _ZH_DONE_WHERE_DE.match(clauses.zh_after_lead(body))
                    or (_ZH_PART_OF_DAY.match(body) and not _ZH_THESE_DAYS.search(text))
                )
                and not _ZH_LASTING.search(body)
            ):
                # "在婆婆屋头吃的团年饭": a thing done, where; "晚上睡不着": that night's, not lasting (but
                # "最近压力很大，天天加班到十一点。晚上失眠": the nights of these days)
                aspect = _EVENT
            aspect = _BY_NAME[tense.settle(aspect.name, body, clause.zh, own, said_day)]
            if kin is not None and clause.zh and _ZH_AGE_REACHED.search(body):
                aspect = ASPECTS[-1]  # "奶奶今年八十五了": an age reached is a state, not an event
            if own is None and aspect.memory_type is MemoryType.EMOTION and clause_tense(body) is Tense.PAST:
                own = told_day(text, said_at)  # "last tuesday I got the offer and I was thrilled": felt then
            if own is None and aspect.memory_type is MemoryType.EMOTION and times:
                own = scene_time(sentence, times, clause.start, said_day, clause.zh)  # "昨晚想起外婆，哭得稀里哗啦"
            # (a Chinese sentence's 最近 scopes its later clauses: "最近老是睡不着，心里发毛")
            said_so = sentence[: clause.end] if clause.zh else body
            lasting = aspect.memory_type is MemoryType.EMOTION and bool(tense.LASTING_FEELING.search(said_so))
            if aspect.memory_type is MemoryType.EMOTION:
                own = tense.felt_then(own, said_day, body)
            start, end, precision, expression, tags = tense.interval(aspect.time, own, said_day, lasting)
            if clause.zh and own is not None and aspect in (_EVENT, _PLANS) and _ZH_FROM_THEN.match(sentence, own.span[1]):
                # "4月1号起当班长": from that day on, a state that holds from then (not an event of that day), or a
                # plan for then on (not for that day alone)
                aspect, end = (ASPECTS[-1] if aspect is _EVENT else aspect), None
            if first_day and said_day is not None:
                start = end = said_day.isoformat()
                precision, tags = TimePrecision.DAY, ()
            previous = aspect if aspect.name in ("plans", "habit") else None
            said = next(
                (
                    t
                    for t in times
                    if clause.start <= t.span[0] < clause.end
                    and t.start_iso
                    and not _of_a_thing(sentence, times, clause.start, t)
                    and not compared(sentence, t)  # "up from 6.8 last year": the compared value's time stays
                ),
                None,
            )
            if said and clause.subject is not Subject.OBJECT:
                body = _without(body, said)
            if clause.zh and n == 0 and aspect is _EVENT and (symptom or _ZH_VISIT.match(clauses.zh_after_lead(body))):
                # "复查结节，没变大，还是三类": what it found; "手腕子痛，贴了膏药": what was done for it
                found, found_end = _zh_visit_found(parts, sentence)
                if found:
                    body, span = body + found, (span[0], s_start + found_end)
                    # (what was done for an ailment is in it; what a visit found may stand as a fact of its own too)
                    grown_to = span[1] if symptom else grown_to
            if valued:
                body, span = body + valued, (span[0], s_start + valued_end)
                grown_to = span[1]
            if not clause.zh and n == len(parts) - 1 and (named := _en_outcome_named(body, text, s_end)) is not None:
                # "got hired!! Parkland Electric in Red Deer": the party the next sentence names
                body, span = body.rstrip("!.~ ") + named[0], (span[0], named[1])
            visit = _EN_VISIT_FOUND.match(body) if not clause.zh and aspect is _EVENT and kin is None else None
            if visit is not None:
                body = visit["visit"]  # "had my annual physical today, cholesterol is a bit high": the visit, ...
            content, obj = _content(body, replace(clause, subject=Subject.OMITTED) if kin else clause, aspect, emotion)
            bare_verb = not clause.zh and kin is None and _en_bare_verb(content, said)
            if not clause.zh and kin is None and (bare_verb or shapes.en_bare_referent(body)):
                # "…in Griffith College, start in september. paid 1,850 euro deposit already": the deposit is the
                # diploma's; said alone it names nothing (kept only in the memory just before it, a bare verb with
                # its time said: "…with a garden for the cat, and move on the 1st of october")
                tail = content
                if bare_verb and said is not None:
                    when = re.search(
                        r"(?i)(?:\b(?:on|in|at|by|from|until)\s+(?:the\s+)?)?" + re.escape(said.expression),
                        clause.text(sentence),
                    )
                    tail = f"{content} {when.group(0) if when else said.expression}"
                if (grown := _en_grown(out, tail, text, span)) is not None:
                    out[-1] = grown
                continue
            said_as_plan = plan_clause is not None and aspect is _PLANS and going_on and content.startswith("用户")
            if said_as_plan and not _ZH_PLAN_SAID.search(body):
                content = "用户打算" + content.removeprefix("用户")  # said as the plan it goes on with
            if first_day and (day_of := _ZH_FIRST_DAY.match(body)):
                content = obj = (
                    f"用户在{day_of['what']}的{day_of['day']}"  # 用户在新公司的第一天
                    if day_of["what"]
                    else f"用户{day_of['day2']}{day_of['doing']}"  # 用户第一天上班
                )
            elif kin is not None:
                content = obj = rewrite.of_kin(content, kin[0], clause.zh)
            elif fronted is not None:
                content = obj = fronted
            elif topic and clause.zh and aspect.memory_type is not MemoryType.EMOTION:
                content = obj = f"关于{topic}，{content}"
            confidence = BASE[clause.subject] + aspect.confidence + (0.05 if domain else 0.0)
            if hedged.search(body):
                confidence *= 0.7
            sensitivity = sensitivity_of(body, domain.sensitivity if domain else Sensitivity.MEDIUM)
            predicate = "feels" if aspect.memory_type is MemoryType.EMOTION else f"{aspect.name}:"
            predicate += "" if aspect.memory_type is MemoryType.EMOTION else (domain.name if domain else "life")
            out.append(
                from_evidence(
                    evidence,
                    key=("disclosure", predicate),
                    memory_type=aspect.memory_type,
                    subject=USER if kin is None else _person(kin[0]),
                    predicate=predicate,
                    object=obj,
                    content_text=content,
                    confidence=min(confidence, 0.8),
                    importance=domain.importance if domain else 0.4,
                    sensitivity=sensitivity if aspect.memory_type is not MemoryType.EMOTION else Sensitivity.MEDIUM,
                    span=span,
                    extractor=EXTRACTOR,
                    extractor_version=version,
                    scope=aspect.scope,
                    valid_time_start=start,
                    valid_time_end=end,
                    time_precision=precision,
                    time_expression=expression,
                    tags=aspect.tags + tags,
                )
            )
            if visit is not None:  # ... and what it found, which holds from that day on
                found = rewrite.english("my " + visit["found"], Subject.POSSESSIVE)
                out.append(
                    from_evidence(
                        evidence,
                        key=("disclosure", "state:" + (domain.name if domain else "life"), "found"),
                        memory_type=MemoryType.FACT,
                        subject=USER,
                        predicate="state:" + (domain.name if domain else "life"),
                        object=found,
                        content_text=found,
                        confidence=min(confidence, 0.8),
                        importance=domain.importance if domain else 0.4,
                        sensitivity=sensitivity,
                        span=span,
                        extractor=EXTRACTOR,
                        extractor_version=version,
                        valid_time_start=start,
                        valid_time_end=None,
                        time_precision=precision,
                        time_expression=expression,
                    )
                )
    return out


# a visit for the body's check, then what it found after a comma: "had my annual physical today, cholesterol is a bit
# high", "got my bloodwork back, vitamin D is low": an event (the visit, dated) and a fact (the finding, from then on)
_EN_VISIT_FOUND = re.compile(
    r"(?i)^(?P<visit>.*\b(?:physical|check-?up|bloodwork|blood work|blood tests?|labs|scan|mri|x-rays?|ultrasound|"
    r"mammogram|colonoscopy|biopsy|results?)\b[^,;]*?)[,;]\s*(?:and\s+)?(?:my\s+)?"
    r"(?P<found>(?!it\b|that\b|they\b|this\b|everything\b|all\b)[a-z][\w\- ]{1,30}?\s+(?:is|are|was|were|came back)"
    r"\s+[^,;]{2,50}?)\W*$"
)
