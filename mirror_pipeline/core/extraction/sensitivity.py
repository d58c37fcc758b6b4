"""How sensitive what a clause says is, by what it is about (specification 10.2 C: health and money are for the
person to confirm; so are a family's quarrels and a sex life), not only by the pattern or domain that read it.

A topic record per kind, words in both languages; the highest topic a clause touches wins over its reader's base
sensitivity, and a device chore (setting up a phone, a router, a backup) with no sensitive topic in it is low,
whoever it was done for. Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mirror_pipeline.core.model import Sensitivity

RANK = {Sensitivity.LOW: 0, Sensitivity.MEDIUM: 1, Sensitivity.HIGH: 2, Sensitivity.RESTRICTED: 3}


@dataclass(frozen=True)
class Topic:
    name: str
    sensitivity: Sensitivity
    words: re.Pattern[str]  # matched case-insensitively, all topics of a sensitivity at once (`_BY_SENSITIVITY`)


TOPICS = (
    Topic(
        name="health",
        sensitivity=Sensitivity.HIGH,
        words=re.compile(
            r"\b(?:blood (?:pressure|sugar|test|thinner)s?|cholesterol|diagnos\w*|surgery|hospital\w*|clinic|"
            r"doctor|dentist|therap(?:y|ist)|psychiatrist|medication|meds|pills?|prescri\w+|symptoms?|"
            r"depress\w*|anxiety disorder|cancer|diabet\w*|asthma|allerg\w*|injur\w*|pregnan\w*|miscarr\w*|"
            r"rehab|sober|smok(?:e|ed|es|ing)|cigarettes?|alcohol\w*|insomnia|"
            r"(?:quit|stopped|stop|quitting|cut back on|cutting back on|gave up|give up) drinking|"
            r"bpm|\d{2,3}\s*(?:over|/)\s*\d{2,3})\b"
            r"|血压|血糖|血脂|体检|医院|医生|门诊|看病|生病|手术|住院|吃药|药物|处方|确诊|诊断|复查|化疗|癌|糖尿病|哮喘|过敏|"
            r"抑郁|焦虑症|失眠|心理咨询|咨询师|怀孕|流产|智齿|牙医|拔牙|抽.{0,4}烟|吸烟|戒烟|烟瘾|戒酒|酗酒|\d{2,3}/\d{2,3}"
        ),
    ),
    Topic(
        name="money",
        sensitivity=Sensitivity.HIGH,
        words=re.compile(
            r"\b(?:salary|pay ?(?:raise|cut|check)|(?:got|get|a) raise|wages?|income|debts?|loans?|mortgage|"
            r"savings|credit card|owe[sd]?|bankrupt\w*|broke|rent money|paycheck|bonus|invest\w*|stocks?|"
            r"crypto|tax(?:es)?)\b"
            r"|工资|薪水|薪资|涨薪|加薪|降薪|收入|奖金|存款|积蓄|房贷|车贷|贷款|欠款|负债|借钱|还款|还钱|信用卡|理财|"
            r"股票|基金|亏了|赔了|欠了"
        ),
    ),
    Topic(
        name="family_conflict",
        sensitivity=Sensitivity.HIGH,
        words=re.compile(
            r"\b(?:fight|fought|argu(?:e|ed|ing|ment)|quarrel\w*|divorc\w*|separat(?:ed|ion)|"
            r"couples? (?:therapy|counseling)|cheat(?:ed|ing)|affair|custody|estranged|not speaking)\b"
            r"|吵架|吵了|吵起来|冷战|离婚|分居|出轨|闹翻|闹矛盾|翻脸|家暴|断绝关系"
        ),
    ),
    Topic(
        name="sex",
        sensitivity=Sensitivity.HIGH,
        words=re.compile(
            r"\b(?:sex|sexual\w*|intimacy|libido|erectile|contracepti\w+|condoms?|std|sti)\b"
            r"|性生活|性爱|做爱|同房|避孕|性功能"
        ),
    ),
)

# a chore on a device: a set-up, an install, an update, a backup, a fix; low unless a topic above is in it
_DEVICE = re.compile(
    r"(?i)\b(?:i?phone|ipad|android|laptop|computer|pc|mac(?:book)?|router|wi-?fi|modem|printer|tv|"
    r"smart ?watch|tablet|kindle|app|apps|os|firmware|backup|password manager|hard drive|ssd)\b"
    r"|手机|电脑|笔记本|平板|路由器|wifi|WiFi|网络|打印机|电视|手表|系统|软件|固件|硬盘|备份"
)
_CHORE = re.compile(
    r"(?i)\b(?:set(?:ting)? up|setup|install\w*|reinstall\w*|updat\w*|upgrad\w*|back(?:ed|ing)? up|"
    r"fix(?:ed|ing)?|reset\w*|configur\w*|replac\w*|swap\w*|pair\w*|charg\w*|wip(?:e|ed|ing)|format\w*|"
    r"migrat\w*|transferr?\w*)\b"
    r"|设置|装好|安装|装了|重装|更新|升级|备份|修好|修了|重置|配置|换了|换成|配对|迁移|刷机|设好"
)


# every topic's words in one alternation per sensitivity (most clauses touch none: one search says so)
_BY_SENSITIVITY = tuple(
    (level, re.compile("|".join(f"(?:{t.words.pattern})" for t in TOPICS if t.sensitivity is level), re.I))
    for level in sorted({t.sensitivity for t in TOPICS}, key=RANK.__getitem__, reverse=True)
)


# the first letters of every English topic word: a clause none of whose words opens with one touches no topic in
# English (one C call per word instead of a long alternation at every position; LoCoMo's turns are English)
_EN_STEMS = (
    "blood", "cholesterol", "diagnos", "surgery", "hospital", "clinic", "doctor", "dentist", "therap", "psychiatr",
    "medicat", "prescri", "symptom", "depress", "anxiety", "cancer", "diabet", "asthma", "allerg", "injur",
    "pregnan", "miscarr", "rehab", "sober", "smok", "cigarette", "alcohol", "insomnia", "salary", "wage", "income",
    "debt", "loan", "mortgage", "savings", "credit", "bankrupt", "invest", "crypto", "quarrel", "divorc", "separat",
    "cheat", "affair", "custody", "estranged", "sexual", "intima", "libido", "erectile", "contracepti", "condom",
)  # fmt: skip
# short topic words, whole: "pay" (not "payload"), "sti" (not "still"), "couples" (not "a couple of")
_EN_WORDS = frozenset(
    "meds pill pills drinking bpm pay raise owe owed owes broke rent bonus stock stocks tax taxes fight fought argue "
    "argued arguing argument couples speaking sex std sti".split()
)
_WORD = re.compile(r"[a-z]+")
_CHINESE_OR_READING = re.compile(r"[\u3400-\u9fff]|\d\s*(?:/|over)\s*\d")


def _may_touch_a_topic(text: str) -> bool:
    if _CHINESE_OR_READING.search(text):
        return True  # Chinese (or a reading "150/95"): the full words decide
    return any(w in _EN_WORDS or w.startswith(_EN_STEMS) for w in _WORD.findall(text.lower()))


def of_clause(text: str, base: Sensitivity) -> Sensitivity:
    """The sensitivity of a memory read from `text` by a reader whose own sensitivity is `base`."""
    if base is Sensitivity.RESTRICTED:
        return base
    topic = None
    if _may_touch_a_topic(text):
        topic = next((level for level, words in _BY_SENSITIVITY if words.search(text)), None)
    if topic is not None:
        return topic if RANK[topic] > RANK[base] else base
    if _DEVICE.search(text) and _CHORE.search(text):
        return Sensitivity.LOW  # setting up a phone for one's mother is a chore, not a family matter
    return base
