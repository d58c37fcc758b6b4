"""Clauses whose grammatical subject is not the writer but a thing or a person of the writer's life (issue 10).

One record per way such a clause is built (`READINGS`), each naming what its subject slot holds and what follows it:
- a measure of a body or of money and its value ("hb is 12.1 now", "my dad's creatinine is up to 160", "空腹血糖今天
  六点一", "我爸的肌酐升到一百六了"): a state of its owner;
- an organisation or a role telling the writer what will happen to them ("HR says I'll be made permanent in January",
  "人事说下个月给我转正", "协和那边说要复查") or doing something to them or their thing ("they've offered me the
  role", "the bank turned down my loan", "公司给我涨了八百"): the writer's plan (at its time) or event;
- the writer's own thing and what happened to it ("my visa came through", "我的签证下来了"): the writer's event;
- a kin's body and how it is ("她膝盖肿得像个馒头"), a kin named with their news ("我女儿朵朵这次月考考了五百九十二
  分": the relationship too), a diary's named person and what a life's domain holds of them ("老于真让码头给裁了").
Whose it is: the writer when the clause says "my" / "我的" or says a measure bare (nobody gives another's lab value
without naming whose) and no one else was named before it in the sentence; else the kin its possessive names, the
kin or person the sentence named before it ("家婆去医院量血压，高压一百六十八"), or the one a pronoun points at. A
kin's subject is that person (`entities.person_of`: "user's mother"), a named person's their name (governance attaches
it to the relationship that names them): never the writer's own state. (The served `relationships` table lists a kin
known only by what is said of them: `serving.relationships`.)"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from mirror_pipeline.core.entities import KIN_RELATIONS, gender_of, is_place, kin_relation, person_of
from mirror_pipeline.core.extraction import clauses, creole, disclosure, rewrite, sensitivity
from mirror_pipeline.core.extraction.candidate import from_evidence
from mirror_pipeline.core.model import Evidence, MemoryCandidate, MemoryType, Sensitivity, TimePrecision
from mirror_pipeline.core.text import CJK_CHAR
from mirror_pipeline.core.timeexpr import TimeMention

EXTRACTOR = "rules"
USER = "user"

_EN_KIN = "|".join(
    sorted((w for words in KIN_RELATIONS.values() for w in words.split() if w.isascii()), key=len, reverse=True)
)
_ZH_KIN = "|".join(
    sorted((w for words in KIN_RELATIONS.values() for w in words.split() if not w.isascii()), key=len, reverse=True)
)
# what a measure of a body looks like in English: a lab's short name (no vowel, or a digit in it: "hb", "LDL", "a1c",
# "b12"; or in capitals: "PSA") or a word of the body's figures; of money, a figure an account or a bill holds
_EN_LAB = r"(?-i:[A-Z][A-Za-z0-9]{1,5})|[b-df-hj-np-tv-z]{2,4}|[a-z]{0,4}\d[a-z0-9]{0,3}"
_EN_BODY = (
    r"(?:blood |fasting |morning |resting )?(?:sugar|glucose|pressure|heart rate|pulse|weight|bmi)|cholesterol|"
    r"triglycerides|ferritin|ha?emoglobin|creatinine|uric acid|platelets|iron|vitamin [a-z]\d{0,2}|"
    r"blood (?:type|group)|oxygen|sats|thyroid"
)
_EN_MONEY = r"credit score|savings|rent|pension|(?:bank |account )?balance|mortgage rate|debt"
# (a kin's possessive may be bare, as a family says it: "Mummy A1c drop to 7.6")
_EN_OWNER = r"^(?:(?P<my>my|our)\s+|(?P<pron>her|his)\s+)?(?:(?P<kin>" + _EN_KIN + r")(?:'s|s')?\s+)?"
_EN_CHANGE = (
    r"(?:'s)?(?:(?:\s+(?:is|was|are|were|has|have|been|came|back|went|gone|dropped|rose|fell|jumped|climbed|crept|"
    r"drops?|rises?|falls?|goes|go|comes?|reach(?:ed|es)?|hit|stays?|stayed|"
    r"up|down|to|at|as|now|still|finally|only|just|again|about|around|this|morning|today|reading|from|"
    r"[\d.,/]+|by|a|bit|all|the|way))*)"
)
_EN_VALUE = (
    r"\s+(?P<value>\d[\d.,/]*(?:\s*(?:%|mg|mmol|g/dl|kg|kgs|lbs?|k|bpm))?|(?:a|b|ab|o)\s*(?:positive|negative|pos|neg)"
    r"|normal|high|low|borderline)\b"
)
_ZH_BODY = (
    r"空腹血糖|餐后血糖|血糖|糖化血红蛋白|糖化|血压|高压|低压|尿酸|肌酐|血脂|甘油三酯|胆固醇|低密度|血红蛋白|血色素|"
    r"转氨酶|体重|心率|血型|血氧|眼压|骨密度|血小板"
)
_ZH_MONEY = r"房租|房贷|月供|存款|公积金|余额|花呗|信用卡"
_ZH_OWNER = (
    r"^(?:(?:今天|昨天|最近|这两天|这几天|早上|今早)[，,]?)?(?:(?P<my>我的?)|(?P<pron>[他她])的?|(?P<kin>(?:我的?)?(?:"
    + _ZH_KIN
    + r"))的?)?"
)
_ZH_NUMBER = r"[\d.／/]+|[零一二两三四五六七八九十百千万点]{2,}|[ABO]+型"
_ZH_VALUE = (
    r"(?:又|也|还|都|已经|终于|才|今天|这两天|早上|今早|空腹|一直|有点|有些|稍微|又是)*"
    r"(?:(?:降到|升到|涨到|掉到|降了|升了|涨了|到了|是|有|在|才|只有|还有|为|达到|高到|低到|回到|落到|控制在|"
    r"稳定在)?(?P<value>" + _ZH_NUMBER + r")|(?P<state>高了|低了|偏高|偏低|正常了|正常|超标|上去了|下来了|降了|升了|"
    r"高得很|好多了|高咗|高))"
)
# an organisation or a role of the writer's life, as the subject that acts on or tells the writer
_EN_AGENT = (
    r"^(?P<agent>they|hr|HR|(?:the|my|our)\s+(?:company|firm|school|university|uni|college|bank|employer|boss|"
    r"manager|agency|clinic|hospital|council|landlord|surgery|embassy|office|panel|recruiter)|(?:the\s+)?"
    r"(?:doc|doctor|dr|gp|consultant|nurse))"
)
_EN_TOLD = re.compile(
    _EN_AGENT + r"\s+(?:(?:has|have|just|finally)\s+)*(?P<said>says?|said|told me|wrote|emailed|called|confirmed)"
    r"(?:\s+(?:again|back|today|to say))*,?\s+(?:that\s+)?(?P<rest>I\b.*)$",
    re.IGNORECASE,
)
# the writer's own thing, and what happened to it: "my visa came through", "the van failed its MOT again" (a thing
# of someone else's has its owner said: "Kemi's flat")
_EN_THING_DOMAIN = (
    ("travel", r"visa|passport|permit|flight|trip|booking"),
    ("work", r"offer|contract|interview|promotion|transfer|application"),
    ("money", r"loan|mortgage|claim|account|pension"),
    ("residence", r"flat|house|apartment|condo|lease|tenancy|boiler"),
    ("possessions", r"car|van|bike|motorbike|scooter|truck|phone|laptop"),
)
_EN_PAST = (
    r"(?:[a-z]+ed|"
    + "|".join(sorted(clauses.PAST_IRREGULAR - {"read", "set", "put", "let", "was", "were", "had", "did", "been"}))
    + r")"
)
_EN_MINE_HAPPENED = re.compile(
    r"^(?:my|our|the)\s+(?:new\s+|old\s+)?(?P<thing>" + "|".join(w for _, w in _EN_THING_DOMAIN) + r")s?\s+"
    r"(?:(?:has|have|had|just|finally|also|again)\s+)*(?P<verb>" + _EN_PAST + r")\b",
    re.IGNORECASE,
)
_ZH_THING_DOMAIN = (
    ("travel", r"签证|护照|通行证|机票"),
    ("work", r"offer|合同|调令|申请"),
    ("money", r"贷款|房贷|车贷|公积金|社保|医保|报销"),
    ("residence", r"房子|房本|居住证|户口|租房合同"),
    ("possessions", r"车|电动车|驾照|手机|电脑"),
)
# what happened to it, said as a diary says it: "下来了", "批了", "没过", "被拒了"
_ZH_MINE_HAPPENED = re.compile(
    r"^(?:我的?|我们的?|我家的?)?(?P<thing>" + "|".join(w for _, w in _ZH_THING_DOMAIN) + r")"
    r"(?P<rest>(?:年检|审批|手续|审核|面签|过户)?(?:又|也|终于|总算|还是|已经)?"
    r"(?:没过|过了|通过了|下来了|批了|批下来了|办好了|办下来了|到账了|到了|被拒了|被拒|坏了|卖了|丢了|被偷了|撞了))"
)
# a kin's body and how it is, the kin named or pointed at ("她膝盖肿得像个馒头" after 姆妈; "my mother in Bedok her
# knee very bad"): a fact of that person's health (the writer's own body is the disclosure reader's)
_ZH_KIN_BODY = re.compile(
    r"^(?:(?P<pron>[他她])|(?P<kin>(?:我的?)?(?:" + _ZH_KIN + r")))的?(?P<thing>" + disclosure.ZH_BODY_PART + r")"
    r"(?:又|也|还|有点|有些|特别|很|好|一直|老是|开始|都)*(?:痛|疼|酸|肿|麻|不舒服|发炎|骨裂|骨折|不好|不行|扭了|受伤)"
)
_EN_KIN_BODY = re.compile(
    r"^(?:(?:my|our)\s+)?(?:(?P<kin>" + _EN_KIN + r")(?:'s)?(?:\s+(?:in|at|from)\s+[A-Z][\w\-]+)?\s+)?"
    r"(?P<pron>her|his)?\s*(?P<thing>knees?|back|hips?|legs?|eyes?|heart|chest|hands?|feet|foot|shoulders?|neck|"
    r"wrists?|ankles?)\s+(?:(?:is|are|was|still|very|so|quite|really|getting|gotten|got)\s+)*"
    r"(?:bad|swollen|sore|painful|aching|hurting|worse|weak|broken|not good)\b",
    re.IGNORECASE,
)
# an organisation acting on the writer's own thing: "the bank turned down my loan", "the council approved my plans"
_EN_DID_TO_MINE = re.compile(
    r"^(?P<agent>they|hr|doc|doctor|(?:the|my|our)\s+[a-z]+)\s+(?:(?:have|has|had|just|finally)\s+)*(?P<verb>"
    + _EN_PAST
    + r")(?:\s+(?:down|up|back|through|out|off))?\s+(?P<whose>my|the)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
# an organisation or a role doing something to the writer: "they've offered me the role", "they moved me up to senior"
_EN_DID_TO_ME = re.compile(
    _EN_AGENT
    + r"(?P<aux>(?:'ve|'d|\s+have|\s+has|\s+had|\s+just|\s+finally)*)\s+(?P<verb>"
    + _EN_PAST
    + r")\s+me\b(?P<rest>.*)$",
    re.IGNORECASE,
)
_ZH_AGENT = (
    r"^(?P<agent>(?:[\u4e00-\u9fffA-Za-z]{0,6}?(?:人事|HR|hr|公司|单位|厂里|厂长|老板|领导|经理|主任|医院|医生|大夫|学校|"
    r"银行|房东|中介|大使馆)|[\u4e00-\u9fff]{2,4}?(?:那边|这边)))(?:的人)?"
)
_ZH_TOLD = re.compile(
    _ZH_AGENT
    + r"(?:又|也|刚|今天|昨天)?(?:打电话来|打电话|来电话|发消息|发短信|通知)?(?P<said>说|讲|通知)(?P<rest>.+)$"
)
_ZH_GAVE_ME = re.compile(_ZH_AGENT + r"(?:又|也|刚|终于|今天|昨天)?(?P<said>给我|帮我|让我|批了我|同意我)(?P<rest>.+)$")
_ZH_AHEAD = re.compile(r"要|会|将|准备|打算|下个?[月周礼拜星]|明[天年]|后天|年底|月底|年后|过了年|开春")
_EN_AHEAD = re.compile(r"(?i)\b(?:will|'ll|going to|gonna|be|next|from)\b")
_WORK = re.compile(
    r"(?i)\b(?:offer\w*|role|job|post|position|promot\w*|permanent|contract|interview\w*|salary|pay|raise|start\w*|"
    r"probation|confirmed|moved up|senior)\b|转正|涨|工资|面试|入职|offer|岗|升职|合同|试用期|加薪|奖金"
)
_HEALTH = re.compile(
    r"(?i)\b(?:scan|surgery|operation|test\w*|results?|check-?up|review|appointment|biopsy|x-?ray|mri)\b"
    r"|复查|检查|手术|住院|化验|体检|报告|拍片|做个"
)
_CARE = re.compile(
    r"(?i)\b(?:tablets?|pills?|meds|medication|statin|insulin|ferrous|iron|dose|treatment|injections?)\b"
)
_MONEYISH = re.compile(r"(?i)\b(?:loan|mortgage|account|credit)\b|贷款|额度|放款")


class Said(NamedTuple):
    """What a reading says: its content, "kind:domain" and whose it is. Kind "relation" is a relationship of the
    writer's ("relation:daughter"), its `name` the person's."""

    content: str
    predicate: str
    subject: str
    name: str = ""
    length: int = 0  # the characters of the clause it rests on, when not all ("hb is 12.1, doc has stopped...")


@dataclass(frozen=True)
class Reading:
    """One way a clause with another subject is built: its pattern (groups `agent` / `kin`, `value` / `rest`), in
    which language, what the memory is, and what it says of whom (`build`: content, predicate, subject)."""

    name: str
    pattern: re.Pattern[str]
    zh: bool
    build: Callable[[re.Match[str], str, str], Said | list[Said] | None]  # (match, clause, the text before)
    # read after the disclosure reader, on what it left: a Chinese clause of the writer's own thing is its reading
    # first ("车卖了，卖了六万二" joins the figure)
    after: bool = False


def _measured(m: re.Match[str]) -> str:
    return "health" if m.group("health") else "money"


# where a measure's words end: the next comma ("my blood group is O positive, remember it if i ask")
_EN_CLAUSE_END = re.compile(r"[,;]\s(?!(?:down|up|better|worse) (?:from|than)\b|from\b|compared\b)")


def _to_comma(clause: str, start: int) -> tuple[str, int]:
    """The clause's words from `start` to its next comma, and how many characters of the clause they reach."""
    cut = _EN_CLAUSE_END.search(clause, start)
    end = cut.start() if cut else len(clause)
    return clause[start:end].strip().rstrip(".!~,;"), end


_EN_KIN_SAID = re.compile(r"(?i)\b(?:my\s+)?(" + _EN_KIN + r")\b")


def _his_or_her(pronoun: str, before: str) -> str | None:
    """The kin a possessive pronoun points at: the last one of its gender the message named before it ("mum called
    from Siaya, her sugar was 11")."""
    for said in reversed(_EN_KIN_SAID.findall(before)):
        relation = kin_relation(said)
        if relation is not None and gender_of(relation) == ("female" if pronoun.lower() == "her" else "male"):
            return said.lower()
    return None


_EN_WRITER = re.compile(r"(?i)\b(?:I|I'm|my|me)\b")


def _en_kin_before(before: str) -> str | None:
    """The kin the sentence named last before a measure said bare, unless the writer comes after them."""
    sentence = re.split(r"[.!?\n]\s", before)[-1]
    said = list(_EN_KIN_SAID.finditer(sentence))
    if not said or _EN_WRITER.search(sentence, said[-1].end()):
        return None
    return said[-1].group(1).lower()


def _someone_else_before(before: str) -> bool:
    """Whether the sentence before a measure said bare is about someone other than the writer (a clause with a
    subject of its own, and no "I" / "my" after it): the measure is theirs, not the writer's."""
    sentence = re.split(r"[.!?\n]\s", before)[-1]
    if not sentence.strip() or _EN_WRITER.search(sentence):
        return False
    return any(c.subject is clauses.Subject.OTHER for c in clauses.read(sentence))


def _en_measure(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    kin = m.group("kin")
    if m.group("pron"):
        if kin:
            return None  # "her mum's sugar": someone else's kin
        kin = _his_or_her(m.group("pron"), before)
        if kin is None:
            return None  # "his BP is 150": whose, the message does not say
    if not kin and not m.group("my"):
        if not m.group("health"):
            return None  # "rent is 1,450" says rents in general; the writer's own is "my rent"
        kin = _en_kin_before(before)  # "took mum for her check, sugar was 11": hers
        if kin is None and _someone_else_before(before):
            return None  # "the da was in with the gp yesterday, bp 168 over 98": his, whoever "the da" is
    owner = person_of(kin_relation(kin) or kin) if kin else USER
    body, length = _to_comma(clause, m.start("thing"))
    body = re.sub(r"^([\w ]+?)'s\b", r"\1 is", body, count=1)  # "hb's up to 11.9" -> "hb is up to 11.9"
    if body[1:2].islower():
        body = body[:1].lower() + body[1:]  # "Cholesterol was 6.1" -> "The user's cholesterol was 6.1" (not "LDL")
    body = rewrite.pronouns_of_the_user(body)
    whose = "The user's " + (kin.lower() + "'s " if kin else "")
    return Said(whose + body, "state:" + _measured(m), owner, length=length)


_ZH_SENTENCE_END = re.compile(r"[。！？!?\n]")
_ZH_KIN_SAID = re.compile(_ZH_KIN)


def _zh_person_before(before: str, pronoun: bool) -> str | None:
    """The kin or the named person a clause that leaves its owner out (or says 他 / 她) goes on with: the last one
    the sentence named ("家婆去峡山医院量血压，高压一百六十八", "带家婆去复查，高压落到一百四十二": 家婆's), or for a
    pronoun the message; None when the writer comes after them ("妈妈陪我去体检，血脂偏高": the writer's)."""
    said = before if pronoun else _ZH_SENTENCE_END.split(before)[-1]
    found: tuple[int, str] | None = None
    for piece in re.finditer(r"[^，,；;]+", said):
        named = clauses.ZH_NAMED.match(piece.group(0))
        if named is not None:
            found = (piece.start() + named.end(), named.group(0).removeprefix("我家"))
        for kin in _ZH_KIN_SAID.finditer(piece.group(0)):
            if piece.start() + kin.end() > (found[0] if found else -1):
                found = (piece.start() + kin.end(), kin.group(0))
    if found is None or (not pronoun and "我" in said[found[0] :]):
        return None
    return found[1]


def _zh_measure(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    kin = re.sub(r"^我的?", "", m.group("kin") or "")
    if not kin and not m.group("my"):
        kin = _zh_person_before(before, pronoun=bool(m.group("pron"))) or ""
        if m.group("pron") and not kin:
            return None  # "他血压高": whose, the message does not say
    body = _zh_mine(clause[m.start("thing") :])
    # as written: "我的尿酸" -> "用户的尿酸", "血脂偏高" -> "用户血脂偏高"; a kin's is theirs: "用户的母亲血压";
    # a named person's is theirs too: "阿婷血压偏高"
    relation = kin_relation(kin) if kin else None
    if kin and relation is None:
        return Said(kin + body, "state:" + _measured(m), kin)
    whose = "用户的" if kin or clause[: m.start("thing")].endswith("的") else "用户"
    whose += clauses.ZH_KIN_CANON.get(kin, kin)
    return Said(whose + body, "state:" + _measured(m), person_of(relation) if relation else USER)


def _zh_mine(body: str) -> str:
    return re.sub(r"[。！!~，,；;]+$", "", body.strip()).replace("我们", "用户和家人").replace("我", "用户")


def _domain(rest: str) -> str | None:
    for name, words in (("work", _WORK), ("health", _HEALTH), ("health", _CARE), ("money", _MONEYISH)):
        if words.search(rest):
            return name
    return None


def _en_told(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    rest = m.group("rest").strip().rstrip(".!~,;")
    domain = _domain(rest)
    if domain is None:
        return None
    said = rewrite.english(rest, clauses.Subject.FIRST)
    agent = m.group("agent")
    agent = agent.upper() if agent.lower() == "hr" else agent[:1].upper() + agent[1:]
    verb = m.group("said").lower()
    content = f"{agent} {verb} {said[:1].lower()}{said[1:]}" if said.startswith("The user") else None
    if content is None:
        return None
    kind = "plans" if _EN_AHEAD.search(rest) else "event"
    return Said(content, f"{kind}:{domain}", USER)


def _zh_told(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    rest = m.group("rest").strip("，,：: ")
    domain = _domain(rest)
    if domain is None or re.match(r"(?:他|她|他们|她们)", rest):
        return None  # what they said of someone else
    said = m.group("said")
    rest = _zh_mine(rest)
    if said in ("说", "讲", "通知") and "用户" not in rest:
        rest = "用户" + rest  # "协和那边说要复查": the one who will is the writer
    kind = "plans" if _ZH_AHEAD.search(rest) else "event"
    return Said(f"{m.group('agent')}{_zh_mine(said)}{rest}", f"{kind}:{domain}", USER)


_EN_MEASURE = re.compile(
    _EN_OWNER
    + r"(?P<thing>(?P<health>"
    + _EN_BODY
    + "|"
    + _EN_LAB
    + r")|(?P<money>"
    + _EN_MONEY
    + r"))\b"
    + _EN_CHANGE
    + _EN_VALUE,
    re.IGNORECASE,
)
_ZH_MEASURE = re.compile(
    _ZH_OWNER + r"(?P<thing>(?P<health>" + _ZH_BODY + r")|(?P<money>" + _ZH_MONEY + r"))" + _ZH_VALUE
)


def _thing_domain(table: tuple[tuple[str, str], ...], thing: str) -> str | None:
    """The domain of a thing of the writer's ("visa" -> travel, "房贷" -> money), by its table."""
    return next((name for name, words in table if re.fullmatch(f"(?:{words})s?", thing.lower())), None)


def _en_mine_happened(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    body = rewrite.pronouns_of_the_user(clause[m.start("thing") :].strip().rstrip(".!~,;"))
    return Said("The user's " + body, f"event:{_thing_domain(_EN_THING_DOMAIN, m.group('thing'))}", USER)


def _en_did_to_mine(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    rest = m.group("rest").strip().rstrip(".!~,;")
    thing = re.match(r"(?:new\s+|old\s+)?(\w+)", rest)
    domain = _domain(rest) or (_thing_domain(_EN_THING_DOMAIN, thing.group(1)) if thing else None)
    if domain is None:
        return None
    said = clause[: m.start("rest")].strip()
    said = said[:1].upper() + re.sub(r"\bmy$", "the user's", said[1:])  # "the ferrous": the writer's, as said
    return Said(f"{said} {rewrite.pronouns_of_the_user(rest)}", "event:" + domain, USER)


def _en_did_to_me(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    if clauses.EN_DONE_TO_ME.match(clause):
        return None  # "My manager promoted me": the disclosure reader's, in the passive
    rest = m.group("rest").strip().rstrip(".!~,;")
    domain = _domain(f"{m.group('verb')} {rest}")
    if domain is None or not re.match(r"\w", rest):
        return None  # "they have offered me!": offered what, the memory would not say
    agent = m.group("agent")
    agent = agent.upper() if agent.lower() == "hr" else agent[:1].upper() + agent[1:]
    aux = m.group("aux").replace("'ve", " have").replace("'d", " had")
    return Said(f"{agent}{aux} {m.group('verb')} the user {rest}".strip(), "event:" + domain, USER)


# what a named person's clause goes on with when it is theirs to keep: not an object or a coverb ("老万的车",
# "阿豪跟我说"), and not what they said of another (a "说" not of themselves: "老万说他..." is 老万's own)
# (a passive of what was done to them is theirs: "小雨被复旦录取了"; done by the writer, it is the writer's)
_ZH_NAMED_NOT = re.compile(r"^(?:的|和|跟|给|把|让|叫|被我|对|同|帮|替|怕|想|觉得|喜欢|说(?![他她]))")
# the domains a fact of someone else's life is kept in (their job, body, schooling, home, money, family), and an
# exam's result said of them ("琪琪期末数学考了一百一十二", "于航录到南开了")
_OF_A_PERSON = frozenset({"work", "health", "education", "residence", "money", "family"})
_ZH_EXAM = re.compile(r"考(?!虑)|分数|成绩|录取|录到|名次|第[一二三四五六七八九十\d]+名")
_ZH_FIGURE = re.compile(r"[\d]|[一二两三四五六七八九十百千万]{2,}|[一二两三四五六七八九十百千万][分块元岁年]")
_ZH_DONE = re.compile(r"了|过(?![年节])")


def _zh_named(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    name = m.group(0).removeprefix("我家")
    rest = re.sub(r"^[佢他她](?![们的])", "", clause[m.end() :])  # "阿明佢转咗工": the name taken up again
    if _ZH_NAMED_NOT.match(rest):
        return None
    # "老万说他干了四年货拉拉", "阿婷打电话说她公司要派她去杭州": of themselves
    told = re.match(r"^(?:打电话|来电话|发消息)?来?说(?=[他她])", rest)
    if told:
        rest = re.sub(r"[他她]", name, rest[told.end() :])
        rest = rest.removeprefix(name)
    domain = disclosure.life_domain(rest, True)
    figure = _ZH_FIGURE.search(rest)
    if domain is not None and domain.name not in _OF_A_PERSON:
        domain = None  # "老万买了一束花回来": a day's doing, not a fact of their life
    if domain is None and not (_ZH_EXAM.search(rest) and (figure or _ZH_DONE.search(rest))):
        return None  # "琪琪只吃了两个": a day's trifle; what a life's domain holds, or an exam's result, is kept
    if not figure and re.search(r"出来", rest):
        return None  # "琪琪中考分数出来了": the result is the next clause's figure, no news alone
    kind = "state" if figure else "plans" if _ZH_AHEAD.match(rest) else "event" if _ZH_DONE.search(rest) else "state"
    predicate = f"{kind}:{domain.name if domain else 'education'}"
    relation = kin_relation(name)  # a kin word said as a name is ("婆婆在屋里滑了一跤"): the writer's kin
    if relation is not None:
        return Said("用户的" + name + _zh_mine(rest), predicate, person_of(relation))
    return Said(name + _zh_mine(rest), predicate, name)


# the writer's kin named, then what is said of them: "我女儿朵朵这次月考考了五百九十二分", "my son Kofi got into
# Achimota": the relationship, and the news as theirs
_EN_CALENDAR = (
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|(?:January|February|March|April|May|June|July|August|September|"
    r"October|November|December|Today|Tonight|Yesterday|Tomorrow)\b"
)
_ZH_KIN_NAMED = re.compile(r"^(?:我的?|我家)?(?P<kin>" + _ZH_KIN + r")(?=[\u4e00-\u9fff])")
# a person's name in English, by its shape: capitalised ("Chidi", "Wei Ling": a second capitalised word is the same
# name), or typed lowercase with a letter English words do not have ("sinéad", "oisín"), and not a word that opens
# sentences, a day or a month; a kin word said with it, before ("my wee sister Kirsty", "the other half Morag") or
# after ("Tunde my brother"), is the relationship. Lowercase names typed plain ("shane") are names only beside a kin.
_EN_KIN_PHRASE = {"other half": "partner", "missus": "wife", "mrs": "wife", "young lad": "son", "young one": "child"}
_EN_KIN_ADJ = r"(?:(?:wee|young|little|big|older|younger|eldest|oldest|youngest|kid|twin|step)\s+)*"
_EN_ANY_KIN = r"(?:" + "|".join(k.replace(" ", r"\s+") for k in _EN_KIN_PHRASE) + "|" + _EN_KIN + r")\b(?!')"
_EN_NOT_NAME = (
    r"(?!(?:" + _EN_CALENDAR + r"|(?:I|I'm|I've|I'd|I'll|The|This|That|These|Those|There|Then|It|It's|My|Our|His|"
    r"Her|Their|We|You|They|He|She|A|An|So|But|And|Or|Just|Also|Still|Now|Got|Had|Was|Is|Has|Have|Did|Do|Does|Can|"
    r"Will|What|When|Where|Why|How|Who|Which|If|Not|No|Yes|Oh|Ok|Okay|Lol|Well|Sure|Actually|Anyway|Btw|Tbh|Honestly|"
    r"Finally|Apparently|Sadly|Luckily|After|Before|Since|Last|Next|Every|Some|All|Both|One|Two|Hi|Hey|Thanks|Please|"
    r"In|At|On|From|For|With|Who|Doc|Dr|Boss|" + _EN_KIN + r")\b))"
)
# (an adverb by its ending is no name: "Recently", "Happily"; "Emily" and "Kelly" stay names)
_EN_NAME = r"(?!\w{4,}(?:tly|ely|ally|ously|ily)\b)(?-i:[A-Z][a-zà-ÿ\-]+(?:\s+[A-Z][a-zà-ÿ]+)?|[a-z]*[à-ÿ][a-zà-ÿ]*)"
_EN_NAME_LOWER = r"[a-zà-ÿ]+"  # beside a kin word, either case
# what a person's clause opens with: a verb of their life, past or present, or a copula ("is a midwife")
_EN_LIFE_VERB = (
    r"(?:(?:has|have|had|is|was|will|just|finally|also|been|don|done|now|'s|'ll)\s*)*(?:"
    + _EN_PAST
    + r"|(?-i:[a-z]+s)|is|was|got|gets|get|go|travel|start|move|quit|pass|marry|sell|buy|expecting|turning|have)\b"
)
# whose a kin is, said before the kin word: "my", and a creole's "me" / "meh" / "mi" / "ma" / "we" (Trinidad's "me
# wife anjali", "we daughter ria", "meh pardner marlon"); a kin word said bare opens a chat's line too ("hubby Tomasz",
# "wifey Chioma"), with a capitalised name only
_EN_POSS = r"(?P<poss>my|our|the|me|meh|mi|ma|we)\s+"
_EN_NAMED = re.compile(
    r"^(?:(?:" + _EN_POSS + r")?"
    + _EN_KIN_ADJ
    + r"(?P<kin>"
    + _EN_ANY_KIN
    + r")\s+(?P<kname>"
    + _EN_NOT_NAME
    + r"(?!"
    + _EN_LIFE_VERB
    + r")"
    + _EN_NAME_LOWER
    + r"(?:\s+(?-i:[A-Z][a-z]+))?)|"
    + _EN_NOT_NAME
    + r"(?!"
    + _EN_LIFE_VERB
    + r")(?P<name>"
    + _EN_NAME
    + r")(?:,?\s+(?:my|our)\s+"
    + _EN_KIN_ADJ
    + r"(?P<after>"
    + _EN_ANY_KIN
    + r"),?)?|(?P<lname>"
    + _EN_NAME_LOWER
    + r"),?\s+(?:my|our)\s+"
    + _EN_KIN_ADJ
    + r"(?P<lafter>"
    + _EN_ANY_KIN
    + r"),?)"
    + r"(?P<rest>(?:'s(?=\s+(?:"
    + _EN_PAST
    + r"|been|got|gotten|just|finally|also|now|still|a|an|\d)\b))?\s+(?P<verb>"
    + _EN_LIFE_VERB
    + r").*)$",
    re.IGNORECASE,
)
_EN_SCHOOLING = re.compile(
    r"(?i)\b(?:got into|place (?:at|in)|admitted|school|grade|form (?:one|two|three|four|\d)|class|university|"
    r"uni|college|exams?|passed|results?|scored|marks)\b"
)


def _zh_kin_named(m: re.Match[str], clause: str, before: str = "") -> list[Said] | None:
    named = clauses.ZH_NAMED.match(clause[m.end() :])
    relation = kin_relation(m.group("kin"))
    if named is None or relation is None:
        return None
    name = named.group(0)
    said = _zh_named(named, clause[m.end() :])
    out = [Said(f"{name}是用户的{m.group('kin')}", "relation:" + relation, USER, name)]
    if said is not None:
        out.append(said._replace(subject=person_of(relation)))
    return out


def _en_kin_relation(kin: str) -> str | None:
    kin = re.sub(r"\s+", " ", kin.lower()).removesuffix("'s")
    return _EN_KIN_PHRASE.get(kin) or kin_relation(kin)


_EN_PERSON_KIND = (
    ("plans", re.compile(r"(?i)\b(?:will|'ll|going to|gonna|next|starts?\s+\w+\s+in|from)\b")),
    ("state", re.compile(r"(?i)^(?:'s\s+|\s+)(?:is|'s|was|has been)\s+(?:a|an|the|\d+|in|at|now|still|\w+ing)\b")),
)


# a turn of a life that no domain's words hold, by its verb: a family's ("engaged", "12 weeks"), a job's ("got the
# transfer", "started in"), a thing bought or sold ("has sold the boda"), a move
_EN_TURNS = (
    (
        "family",
        re.compile(
            r"(?i)\b(?:expecting|pregnant|engaged|married|born|divorced|separated|passed away|died|buried|"
            r"\d+ weeks(?: gone| along)?$|due (?:the |on |in )|gave birth)\b"
        ),
    ),
    ("work", re.compile(r"(?i)\b(?:transfer\w*|retired|enlisted|resigned|hired|promoted|fired|laid off|joined)\b")),
    ("education", re.compile(r"(?i)^\s*(?:'s\s+)?(?:has\s+)?start(?:ed|s)\s+(?:in|at)\b|\bgraduated\b")),
    ("possessions", re.compile(r"(?i)\b(?:sold|bought|selling|buying)\s+(?:the|a|an|his|her|their)\b")),
    ("residence", re.compile(r"(?i)\b(?:moved|moving|emigrated|relocated)\b")),
)


def _en_named(m: re.Match[str], clause: str, before: str = "") -> list[Said] | None:
    """A named person's clause (and the kin said beside the name): theirs, the object kept; a kin with no news of a
    life's domain is the relationship alone."""
    name = m.group("name") or m.group("kname") or m.group("lname")
    kin = m.group("kin") or m.group("after") or m.group("lafter")
    relation = _en_kin_relation(kin) if kin else None
    if not kin and disclosure.life_domain(name.lower(), False) is not None:
        return None  # "Mortgage finally paid off", "Condo is paid off": a word a life's domain holds is no name
    if m.group("kname") and not m.group("poss") and not name[:1].isupper():
        return None  # "mum dave said": a bare kin word takes a capitalised name only ("hubby Tomasz")
    if kin and relation is None or is_place(name) or not _a_name(name):
        return None
    if _EN_REPORTS.match(m.group("rest")):
        return None
    if _EN_WRITER.search(m.group("rest")):
        # (with the writer in it, "Wei is my cousin", "Kemi lent me 20k", it is the patterns' to read; the kin said
        # with the name is still the relationship: "me wife anjali an me married 4 yrs")
        return [_relationship(name, kin, relation)] if relation else None
    name = name[:1].upper() + name[1:]
    rest = m.group("rest")
    body = rest.strip().rstrip(".!~,;")
    body = re.sub(r"^'s\s+", "has ", body)
    out = [_relationship(name, kin, relation)] if relation else []
    domain = disclosure.life_domain(body, False)
    what = (
        "education" if _EN_SCHOOLING.search(body) else domain.name if domain and domain.name in _OF_A_PERSON else None
    )
    if what is None:
        what = next((d for d, turn in _EN_TURNS if turn.search(body)), None)
    kind = next((k for k, p in _EN_PERSON_KIND if p.search(rest)), "event")
    if what is None and relation and kind == "state":
        what = "family"  # "my young lad oisín is 5, in junior infants": how the kin is, with the relationship
    if what is not None:
        whose = person_of(relation) if relation else name
        out.append(Said(f"{name} {rewrite.pronouns_of_the_user(body)}", f"{kind}:{what}", whose))
    return out or None


# a word that is no name, typed in lower case beside a kin word ("me wife and me", "my son just", "we daughter doh"):
# function words of English and of the Caribbean creoles, and the shapes of verbs and adverbs
_NOT_A_LOWER_NAME = frozenset(
    "and an a the is was be been being has have had do does did say says said get got go goes went come came buy "
    "sold sell want just also still now then so but or in on at by for from of to wid with de di dem dey doh cyah eh "
    "ah me my mi meh we you he she they it its dis dat who whose when where what how why not no yes ok here there all "
    "both too very real really only even ever never always again back home well one two three four five six seven "
    "eight nine ten first last next new old big little good bad sick out up down over off away".split()
)


def _a_name(name: str) -> bool:
    """A word typed beside a kin word that can be the kin's name: no function word, and, in lower case, no verb by
    the lexicon or by its ending ("my wife keeps me sane", "my son works", "me wife doh")."""
    low = name.lower()
    if low in _NOT_A_LOWER_NAME or len(low) < 2:
        return False
    if name[:1].isupper():
        return True
    return creole.base(low) is None and not re.fullmatch(r"[a-z]+(?:s|ed|ing|ly)", low) and low not in clauses.PAST_IRREGULAR


# a named person's report opening what follows the name ("My friend Jake told me he moved to Portland"): their words,
# and an English naming before them is not read (as the patterns do)
_EN_REPORTS = re.compile(r"(?i)\s*(?:(?:has|had|just|also)\s+)*(?:told|tells|said|says|asked|texted|messaged)\b")


def _relationship(name: str, kin: str, relation: str) -> Said:
    """The writer's relationship with a person their kin word names: "Anjali is the user's wife" (the kin word as
    written, "hubby", "pardner"), structured as (user, relation, name)."""
    said_kin = re.sub(r"\s+", " ", kin.lower())
    name = name[:1].upper() + name[1:]
    return Said(f"{name} is the user's {said_kin}", "relation:" + relation, USER, name)


# a kin word and the name that follows it, whatever the clause goes on with ("me wife anjali an me married 4 yrs",
# "brother-in-law Femi, 14 years at the refinery"): the relationship alone, when no reading of the person's news
# read it
_EN_APPOSITION = re.compile(
    r"^(?:"
    + _EN_POSS
    + r")?"
    + _EN_KIN_ADJ
    + r"(?P<kin>"
    + _EN_ANY_KIN
    + r")\s+(?P<name>"
    + _EN_NOT_NAME
    + r"(?:(?-i:[A-Z][a-zà-ÿ\-]+)|"
    + _EN_NAME_LOWER
    + r"))(?=$|[\s,.!?;:)])",
    re.IGNORECASE,
)


def _en_apposition(m: re.Match[str], clause: str, before: str = "") -> list[Said] | None:
    name, kin = m.group("name"), m.group("kin")
    relation = _en_kin_relation(kin)
    if relation is None or is_place(name) or not _a_name(name):
        return None
    if not m.group("poss") and not name[:1].isupper():
        return None  # "mammy in couva", "dad got": a bare kin word takes a capitalised name only
    if _EN_REPORTS.match(clause, m.end()):
        return None
    return [_relationship(name, kin, relation)._replace(length=m.end())]


# the writer's kin as a clause's subject, said bare or with a creole's possessive, where they live said on the way:
# "mammy in couva have cataract in de left eye", "meh brother in toronto get he PR" (the kin's news, theirs)
_EN_KIN_CLAUSE = re.compile(
    r"^(?:(?P<poss>my|our|me|meh|mi|we)\s+)?"
    + _EN_KIN_ADJ
    + r"(?P<kin>"
    + _EN_ANY_KIN
    + r")(?P<where>\s+(?:in|from|down in|up in|over in)\s+[A-Za-z][\w\-]*(?:\s+[A-Z][\w\-]*)?)?"
    + r"\s+(?P<rest>(?:just\s+|finally\s+|now\s+)*(?:have|has|had|got|get|gettin|getting|went|gone|start\w*|pass(?:ed)?|"
    r"retir\w*|move[ds]?|moving|sell|sold|buy|bought|diagnos\w*|admitted|in hospital|operat\w*)\b.*)$",
    re.IGNORECASE,
)


def _en_kin_clause(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    relation = _en_kin_relation(m.group("kin"))
    rest = m.group("rest").strip().rstrip(".!~,;")
    if relation is None or _EN_WRITER.search(rest):
        return None
    creole_said = (m.group("poss") or "").lower() in ("me", "meh", "mi", "we") or re.match(r"(?i)(?:have|get)\b", rest)
    if not (m.group("where") or creole_said):
        return None  # "mum had the hip surgery on the 8th": the disclosure reader's, with its time
    domain = disclosure.life_domain(rest, False)
    what = domain.name if domain and domain.name in _OF_A_PERSON else None
    what = what or next((d for d, turn in _EN_TURNS if turn.search(rest)), None)
    if what is None and re.search(r"(?i)\b(?:cataract|surgery|operation|stroke|cancer|diabetes|pressure|sugar|"
                                  r"hospital|clinic)\b", rest):
        what = "health"
    if what is None:
        return None
    kin = re.sub(r"\s+", " ", m.group("kin").lower())
    where = re.sub(r"\s+", " ", m.group("where") or "")
    rest = re.sub(r"(?i)^(have|get)\b", lambda h: {"have": "has", "get": "got"}[h.group(1).lower()], rest)
    said = f"The user's {kin}{where} {rewrite.pronouns_of_the_user(rest)}"
    return Said(said, f"{'state' if what == 'health' else 'event'}:{what}", person_of(relation))


def _zh_mine_happened(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    thing = m.group("thing")
    return Said("用户的" + thing + m.group("rest"), f"event:{_thing_domain(_ZH_THING_DOMAIN, thing)}", USER)


def _zh_kin_body(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    kin = re.sub(r"^我的?", "", m.group("kin") or "") or _zh_person_before(before, pronoun=True) or ""
    relation = kin_relation(kin) if kin else None
    if relation is None:
        return None  # "他膝盖疼": whose, the message does not say (or a named person: not the writer's kin)
    return Said("用户的" + kin + _zh_mine(clause[m.start("thing") :]), "state:health", person_of(relation))


def _en_kin_body(m: re.Match[str], clause: str, before: str = "") -> Said | None:
    kin = m.group("kin")
    if kin is None:
        kin = _his_or_her(m.group("pron"), before) if m.group("pron") else None
    relation = kin_relation(kin) if kin else None
    if relation is None:
        return None
    body, length = _to_comma(clause, m.start("thing"))
    body = rewrite.pronouns_of_the_user(body)
    return Said(f"The user's {kin.lower()}'s {body}", "state:health", person_of(relation), length=length)


READINGS = (
    Reading(name="measure", pattern=_EN_MEASURE, zh=False, build=_en_measure),
    Reading(name="measure", pattern=_ZH_MEASURE, zh=True, build=_zh_measure),
    Reading(name="told", pattern=_EN_TOLD, zh=False, build=_en_told),
    Reading(name="kin_body", pattern=_EN_KIN_BODY, zh=False, build=_en_kin_body),
    Reading(name="done_to_me", pattern=_EN_DID_TO_ME, zh=False, build=_en_did_to_me),
    Reading(name="mine_happened", pattern=_EN_MINE_HAPPENED, zh=False, build=_en_mine_happened),
    Reading(name="done_to_mine", pattern=_EN_DID_TO_MINE, zh=False, build=_en_did_to_mine),
    Reading(name="told", pattern=_ZH_TOLD, zh=True, build=_zh_told),
    Reading(name="done_to_me", pattern=_ZH_GAVE_ME, zh=True, build=_zh_told),
    Reading(name="mine_happened", pattern=_ZH_MINE_HAPPENED, zh=True, build=_zh_mine_happened, after=True),
    Reading(name="kin_body", pattern=_ZH_KIN_BODY, zh=True, build=_zh_kin_body),
    Reading(name="kin_named", pattern=_ZH_KIN_NAMED, zh=True, build=_zh_kin_named),
    Reading(name="named", pattern=clauses.ZH_NAMED, zh=True, build=_zh_named),
    Reading(name="named", pattern=_EN_NAMED, zh=False, build=_en_named),
    Reading(name="apposition", pattern=_EN_APPOSITION, zh=False, build=_en_apposition),
    Reading(name="kin_clause", pattern=_EN_KIN_CLAUSE, zh=False, build=_en_kin_clause),
)
_EN_READINGS = tuple(r for r in READINGS if not r.zh)
# a clause opening with a name the person gave one of their people (`known_names`), read by `_zh_known` / `_en_known`
_KNOWN = Reading(name="known", pattern=re.compile(""), zh=False, build=lambda m, c, b: None)
# the readings of a person's Chinese clause that the clauses going on with them join (`_zh_goes_on`)
_GOES_ON_WITH = frozenset({"named", "kin_named", "known"})
# what every reading needs somewhere in the sentence: a figure or a state word (a measure), or a telling or a giving
# what every reading needs somewhere in the sentence: a figure or a state word (a measure), a telling or a giving,
# the writer as an object, a thing of theirs, a kin (a set of words, not one alternation: most sentences have none)
_ZH_CUE = re.compile(
    r"\d|[一二两三四五六七八九十百千了痛疼肿酸麻高低]|说|讲|给我|让我|通知|正常|上去|下来|超标|不好|不行"
)
_EN_CUE_WORDS = frozenset(
    "positive negative normal high low borderline say says said told wrote emailed called confirmed bad sore swollen "
    "worse weak me they hr doc doctor dr gp nurse consultant company firm school university uni college bank employer "
    "boss manager agency clinic hospital council landlord surgery embassy office panel recruiter".split()
    + [w for _, words in _EN_THING_DOMAIN for w in words.split("|")]
    + [w for words in KIN_RELATIONS.values() for w in words.split() if w.isascii() and w.isalpha()]
)
_EN_WORD = re.compile(r"[a-z]+")


# a name's shape: a capitalised word other than "I", or a letter English words do not have
_EN_NAME_CUE = re.compile(r"\b(?!I\b)[A-Z][a-z]|[à-ÿ]")


def _cued(sentence: str) -> bool:
    return (
        bool(_ZH_CUE.search(sentence))
        or not _EN_CUE_WORDS.isdisjoint(_EN_WORD.findall(sentence.lower()))
        or bool(_EN_NAME_CUE.search(sentence))
    )


_TYPE_OF = {"event": MemoryType.EVENT, "relation": MemoryType.RELATIONSHIP}


def _time(
    kind: str, sentence: str, times: list[TimeMention], said_at: datetime
) -> tuple[str | None, str | None, TimePrecision, str | None, tuple[str, ...]]:
    """(start, end, precision, expression, tags): a plan at the future time its sentence names; a state from the day
    said; an event by the day said."""
    day = said_at.date().isoformat()
    if kind == "relation":
        return None, None, TimePrecision.UNKNOWN, None, ()
    if kind == "plans":
        ahead = next((t for t in times if t.start is not None and t.start_iso > day), None)
        if ahead is not None:
            return ahead.start_iso, ahead.end_iso, ahead.precision, ahead.expression, ()
        return None, None, TimePrecision.UNKNOWN, None, ()
    if kind == "event":
        return None, day, TimePrecision.UNKNOWN, None, ("before_mention",)
    return None, None, TimePrecision.UNKNOWN, None, ()  # a state: its figure, said on the day the memory keeps


_EN_COMMA = re.compile(r"[,;]\s+")


class Sentence(NamedTuple):
    """A sentence some reading may read (`cued`), split once for both passes."""

    start: int  # in the message's text
    text: str
    zh: bool
    parts: list[tuple[int, int]]  # its clauses, in the sentence


def cued(text: str, spans: list[tuple[int, int]], people: frozenset[str] = frozenset()) -> list[Sentence]:
    """The sentences of `spans` that hold what some reading needs (most hold none: one look says so), or open a
    clause with one of the person's `people` (`known_names`)."""
    return [
        Sentence(s, sentence, bool(CJK_CHAR.search(sentence)), clauses.split(sentence))
        for s, e in spans
        if _cued(sentence := text[s:e]) or (people and _names_one(sentence, people))
    ]


def _names_one(sentence: str, people: frozenset[str]) -> bool:
    low = sentence.lower()
    return any(name in low for name in people)


# the names a person gives their people beside a kin word, anywhere in their messages: "me wife anjali", "meh
# pardner marlon", "my sister Dana", 额婆娘秀琴, 我妹红霞, 老公建国 (a Chinese given name: two characters no word of
# the dictionary is, or one it tags a name, or a character said twice); a later line opening with the name alone is
# that person's ("anjali transfer come thru!", "红霞的面馆转出去咧")
_EN_KIN_THEN_NAME = re.compile(
    r"(?:^|[.!?,;:]\s*|\b(?:and|an|wid|with|to|for)\s+)(?:"
    + _EN_POSS
    + r")"
    + _EN_KIN_ADJ
    + r"(?P<kin>"
    + _EN_ANY_KIN
    + r")\s+(?P<name>"
    + _EN_NOT_NAME
    + _EN_NAME_LOWER
    + r")\b",
    re.IGNORECASE,
)
_ZH_KIN_THEN_NAME = re.compile(
    r"(?:(?:我的?|我家)|(?:^|(?<=[，,；;。！!\s])))(?P<kin>" + _ZH_KIN + r")(?P<name>[\u4e00-\u9fff]{2})"
)
_ZH_NOT_NAME_START = re.compile(r"[在说也都和跟去来要会不没很又还就刚已正把被给让对从到是的了着过吗呢吧啊呀今昨明前后每这那们家]")


def _zh_given_name(name: str) -> bool:
    """Two characters after a kin word that are a given name: no word of the dictionary, one it tags a name (红霞,
    志强), or a character said twice (牛牛; not 慢慢)."""
    if _ZH_NOT_NAME_START.match(name) or _ZH_KIN_SAID.search(name):
        return False
    import rjieba  # its dictionary loads once, on the first Chinese kin word followed by two characters

    if name[0] == name[1]:
        return name[0] not in clauses.NOT_A_TWIN_NAME
    if not rjieba.has_word(name):
        return True
    tag = rjieba.tag(name)
    return len(tag) == 1 and tag[0][1].startswith("nr")


def known_names(texts: Sequence[str]) -> frozenset[str]:
    """The names (lower case) the person's messages say beside a kin word of theirs (`_EN_KIN_THEN_NAME`,
    `_ZH_KIN_THEN_NAME`)."""
    out: set[str] = set()
    for text in texts:
        if CJK_CHAR.search(text):
            folded = clauses.fold_dialect(text)
            for m in _ZH_KIN_THEN_NAME.finditer(folded):
                if kin_relation(m.group("kin")) is not None and _zh_given_name(m.group("name")):
                    out.add(m.group("name"))
            continue
        for m in _EN_KIN_THEN_NAME.finditer(text):
            if _en_kin_relation(m.group("kin")) is not None and _a_name(m.group("name")) and not is_place(m.group("name")):
                out.add(m.group("name").lower())
    return frozenset(out)


def _known_opening(clause: str, zh: bool, names: frozenset[str]) -> tuple[str, str] | None:
    """(the name, the clause from it) when the clause opens with one of `names` (after a diary's time words)."""
    body = (clauses.zh_after_lead(clause) or clause) if zh else clause
    low = body.lower()
    for name in names:
        if low.startswith(name) and (zh or not low[len(name) : len(name) + 1].isalpha()):
            return name, body
    return None


def _zh_known(name: str, body: str) -> Said | None:
    """A clause opening with a name the person gave one of their people: what a life's domain holds of them, their
    thing's news ("红霞的面馆转出去咧") or their own words of themselves ("红霞说年后把面馆转出去") is theirs."""
    rest = body[len(name) :]
    if re.match(r"^(?:又|也|就)?(?:问|骂|劝|怪|求|催)|.*[“”\"「」?？]", rest):
        return None  # "秀琴问额“要是物流公司干不好咋办”": a question, a scolding, a quotation: no news of theirs
    # of themselves: "燕子讲她谈了个男朋友" (the pronoun that takes the name up is left out)
    told = re.match(r"^(?:打电话|来电话|发消息)?来?[说讲](?=[他她](?![们的]))", rest)
    # (the words as said; what they say is read without the verb and the pronoun)
    plain_of_told = rest[told.end() + 1 :] if told else None
    said = re.match(r"^(?:打电话|来电话|发消息)?来?[说讲](?![他她我你])", rest)
    plain = plain_of_told if plain_of_told is not None else rest[said.end() :] if said else rest
    if re.match(r"^(?:的[\u4e00-\u9fff]{1,4}?(?:又|也|已经|终于|还是)?(?:转|卖|关|开|搬|涨|降|黄|倒|租|装|修|考|出|查|住|办))", plain):
        plain = plain  # "红霞的面馆转出去咧": her thing, and what became of it
    elif _ZH_NAMED_NOT.match(plain):
        return None
    domain = disclosure.life_domain(plain, True)
    figure = _ZH_FIGURE.search(plain)
    if domain is not None and domain.name not in _OF_A_PERSON | {"possessions", "travel"}:
        domain = None
    if domain is None and not (_ZH_EXAM.search(plain) and (figure or _ZH_DONE.search(plain))):
        # their thing and what became of it ("红霞的面馆转出去咧"); their words of their own plan or figure ("红霞说年后
        # 把面馆转出去，转让费要八万"; not "丽丽讲够过年了")
        thing = plain.startswith("的") and (figure or _ZH_DONE.search(plain))
        told_of = (said or told) and (figure or _ZH_AHEAD.search(plain))
        if not (thing or told_of):
            return None
    ahead = _ZH_AHEAD.search(plain) and not _ZH_DONE.search(plain[:4])
    kind = "plans" if ahead else "state" if figure else "event" if _ZH_DONE.search(plain) else "state"
    return Said(name + _zh_mine(rest), f"{kind}:{domain.name if domain else 'family'}", name)


def _en_known(name: str, body: str) -> Said | None:
    """An English line opening with a name the person gave one of their people ("anjali transfer come thru!",
    "ria startin standard 1 in september"): what a life's domain or a turn of a life holds of them is theirs."""
    rest = body[len(name) :]
    if _EN_WRITER.search(rest) or not rest.strip() or not re.match(r"(?:'s)?\s+[a-z]", rest):
        return None
    if re.match(r"(?i)(?:'s)?\s+(?:" + _EN_ANY_KIN + r"|friends?|mate|neighbou?r|boss|cousin)", rest):
        return None  # "anjali friend hostin a baby shower", "marlon cousin get lock up": someone of theirs
    text = rest.strip().rstrip(".!~,;")
    domain = disclosure.life_domain(text, False)
    what = "education" if _EN_SCHOOLING.search(text) else domain.name if domain and domain.name in _OF_A_PERSON else None
    what = what or next((d for d, turn in _EN_TURNS if turn.search(text)), None)
    if what is None:
        return None
    kind = next((k for k, p in _EN_PERSON_KIND if p.search(rest)), "event")
    shown = name[:1].upper() + name[1:]
    text = rewrite.pronouns_of_the_user(re.sub(r"^'s\s+", "has ", text))
    return Said(f"{shown} {text}", f"{kind}:{what}", shown)


# what goes on with a person's Chinese clause: the clauses after it that leave their subject out and carry a figure,
# or open on an adverb or a verb ("牛牛期末考出来咧，数学九十一，英语七十四", "红霞的面馆转出去咧，实际转了七万二",
# "牛牛中考完咧，自己估分六百五"), or take the person up again with 他 / 她; never the writer's (我, 心里), nor a clause
# naming someone else
_ZH_GOES_ON = re.compile(
    r"^(?:自己(?!的)|实际|可是|但是|不过|结果|还|又|也|都|已经|一直|就|才|刚|要|想|打算|准备|去|回|来|在|住|开|病|查出|"
    r"[他她](?![们的]))"
)
_ZH_WRITER_BACK = re.compile(r"我|心里|心头|[你您]")


def _zh_goes_on(sentence: Sentence, end: int, names: frozenset[str]) -> int:
    """Where a person's clause ending at `end` (in the sentence) stops, with the clauses that go on with them."""
    until = end
    at = bisect.bisect_left(sentence.parts, (end, -1))
    for a, b in sentence.parts[at : at + 4]:
        piece = sentence.text[a:b].strip()
        lead = sentence.text[a:b].lstrip("，,；; ")
        if not piece or _ZH_WRITER_BACK.search(piece) or clauses.kin_subject(lead, True) or _ZH_KIN_SAID.match(lead):
            break
        if clauses.ZH_NAMED.match(lead) or any(lead.startswith(n) for n in names):
            break
        if not (_ZH_FIGURE.search(piece) or _ZH_GOES_ON.match(lead)):
            break
        until = b
        if until - end > 30:
            break
    return until


def _pieces(sentence: Sentence, after: bool) -> list[tuple[tuple[int, int], tuple[Reading, ...]]]:
    """The sentence's clauses (in the message's text) with the readings for them; `after` the disclosure reader, the
    clauses with the readings that wait for it, and an English clause's pieces after its commas with every reading: a
    subject slot opens after a comma the clause reader goes on across ("mum called from Siaya, her sugar was 11")."""
    out = []
    s, zh = sentence.start, sentence.zh
    for a, b in sentence.parts:
        out.append(((s + a, s + b), tuple(r for r in READINGS if r.zh == zh and r.after == after)))
        if after and not zh:
            cuts = [m.end() for m in _EN_COMMA.finditer(sentence.text, a, b)] + [b]
            out += [((s + x, s + y), _EN_READINGS) for x, y in zip(cuts, cuts[1:], strict=False) if x < y]
    return out


def read(
    evidence: Evidence,
    text: str,
    sentences: list[Sentence],
    said_at: datetime,
    version: str,
    taken: list[tuple[int, int]],
    times_of: Callable[[str], list[TimeMention]],
    related: Sequence[tuple[int, int]] = (),
    after: bool = False,
    people: frozenset[str] = frozenset(),
) -> list[MemoryCandidate]:
    """Candidates of the clauses of `sentences` (of `text`, from `cued`) another reader has not `taken`, built one of
    the `READINGS`' ways; a relationship only where the patterns named none (`related`: their spans). `after`: the
    readings that wait for the disclosure reader, and the pieces after an English clause's commas."""
    out: list[MemoryCandidate] = []
    # the names the message gives its people beside a kin word, with the person's (once per message)
    names = people | known_names([text]) if sentences and not after else people
    for one in sentences:
        sentence = one.text
        for (start, end), readings in _pieces(one, after):
            if any(x < end and start < y for x, y in taken):
                continue
            clause = text[start:end].strip()
            lead = len(text[start:end]) - len(text[start:end].lstrip())
            known = _known_opening(clause, one.zh, names) if names and not after else None
            # a person's Chinese clause and the clauses that go on with them ("牛牛期末考出来咧，数学九十一")
            on = one.start + _zh_goes_on(one, end - one.start, names) if one.zh else end
            longer = clause + text[end:on].rstrip("，,；;。！!") if on > end else clause
            for reading in (_KNOWN, *readings) if known else readings:
                goes_to = on if reading.name in _GOES_ON_WITH else end
                said = longer if goes_to > end else clause
                if reading is _KNOWN:
                    built = (_zh_known if one.zh else _en_known)(known[0], (known[1] + said[len(clause) :]))
                else:
                    m = reading.pattern.match(said)
                    built = reading.build(m, said, text[:start]) if m else None
                if not built:
                    continue
                if goes_to > end and (built[-1] if isinstance(built, list) else built).subject == USER:
                    goes_to = end  # (the writer's own: the clauses after are read on their own)
                for content, predicate, subject, name, length in built if isinstance(built, list) else [built]:
                    kind, what = predicate.split(":", 1)
                    if kind == "relation" and any(x < end and start < y for x, y in related):
                        continue  # the patterns named them already
                    vs, ve, precision, expression, tags = _time(kind, sentence, times_of(sentence), said_at)
                    out.append(
                        from_evidence(
                            evidence,
                            key=("others", reading.name, predicate),
                            memory_type=_TYPE_OF.get(kind, MemoryType.FACT),
                            subject=subject,
                            predicate=what if kind == "relation" else predicate,
                            object=name or content,
                            content_text=content,
                            confidence=0.65,
                            importance=0.6,
                            sensitivity=sensitivity.of_clause(clause, Sensitivity.MEDIUM),
                            span=(start + lead, start + lead + length if length else goes_to),
                            extractor=EXTRACTOR,
                            extractor_version=version,
                            valid_time_start=vs,
                            valid_time_end=ve,
                            time_precision=precision,
                            time_expression=expression,
                            tags=tags,
                        )
                    )
                break
    return out
