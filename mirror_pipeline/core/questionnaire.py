"""The first hour (section 17): the backbone questions, the form they are written in, and how its answers are read.

Pure: no I/O, no clock (the day is passed in). One record per question, in the order they are asked: the most useful
to an agent first (what you do now, where you live, who your family is), the most sensitive last (health, money).
Every question has a stable id (`now.role`): the same question in Chinese and English, in this version of the form
and any later one, so an answer keeps meaning the same thing whatever text the heading had when it was answered.

The form is Markdown a person can fill by hand:

    ## Where do you live now, and where did you live before? {#life.residence}
    > Life timeline · where you lived. e.g. "...": hints are quoted lines, never read as an answer

    I live in Tokyo.                      <- dated by the form's `filled_on`

    ### 2026-12-01                        <- an answer given later: a newer version of the same question
    I moved to Osaka in November.

An answer is never overwritten: a later one is appended under a dated sub-heading and the older stays as history.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from mirror_pipeline.core.model import MemoryCandidate, Sensitivity


class Axis(StrEnum):
    """The four axes of section 17.1."""

    LIFE = "life"  # 人生时间线主轴
    RELATIONS = "relations"  # 关系主轴
    PREFERENCES = "preferences"  # 长期偏好主轴
    NOW = "now"  # 当前状态主轴


class Domain(StrEnum):
    """What a question asks about: how its answers are typed downstream (a health answer is high sensitivity)."""

    EDUCATION = "education"
    WORK = "work"
    RESIDENCE = "residence"
    FAMILY_EVENTS = "family_events"
    HEALTH = "health"
    MONEY = "money"
    FAMILY = "family"
    FRIENDS = "friends"
    COLLEAGUES = "colleagues"
    LEARNING = "learning"
    WORK_STYLE = "work_style"
    COMMUNICATION = "communication"
    RISK = "risk"
    DECISIONS = "decisions"
    ROLE = "role"
    GOALS = "goals"
    PRESSURES = "pressures"
    CONSTRAINTS = "constraints"


class Lang(StrEnum):
    EN = "en"
    ZH = "zh"


@dataclass(frozen=True, kw_only=True)
class Question:
    id: str
    axis: Axis
    domain: Domain
    sensitivity: Sensitivity  # the least sensitivity an answer's memories get (extraction may find it higher)
    en: str
    zh: str
    example_en: str
    example_zh: str
    also_asked_as: tuple[str, ...] = ()  # headings of earlier versions of the form that asked this

    def text(self, lang: Lang) -> str:
        return self.zh if lang is Lang.ZH else self.en

    def example(self, lang: Lang) -> str:
        return self.example_zh if lang is Lang.ZH else self.example_en


LOW, MEDIUM, HIGH = Sensitivity.LOW, Sensitivity.MEDIUM, Sensitivity.HIGH

QUESTIONS: tuple[Question, ...] = (
    Question(
        id="now.role",
        axis=Axis.NOW,
        domain=Domain.ROLE,
        sensitivity=MEDIUM,
        en="What do you do now: your work or study, and your role in it?",
        zh="你现在做什么：工作还是学习，担任什么角色？",
        example_en="I have worked as a product manager at a logistics startup since 2023.",
        example_zh="2023年起我在一家物流创业公司做产品经理。",
        also_asked_as=("Current state: what is your role now, your goals, your constraints? (当前角色、目标、约束)",),
    ),
    Question(
        id="life.residence",
        axis=Axis.LIFE,
        domain=Domain.RESIDENCE,
        sensitivity=MEDIUM,
        en="Where do you live now, and where did you live before? Roughly when did you move?",
        zh="你现在住在哪里？以前住过哪些地方，大约什么时候搬的？",
        example_en="I moved to Shanghai around 2016; I live in Hangzhou now.",
        example_zh="2016年左右搬到上海，现在住在杭州。",
        also_asked_as=("Life timeline: where have you lived, and when did you move? (居住迁移)",),
    ),
    Question(
        id="relations.family",
        axis=Axis.RELATIONS,
        domain=Domain.FAMILY,
        sensitivity=HIGH,
        en="Who is your close family (partner, children, parents, brothers and sisters)?",
        zh="你的核心家庭有谁（伴侣、孩子、父母、兄弟姐妹）？",
        example_en="My wife is Lin. Our daughter was born in 2021.",
        example_zh="我老婆叫小林。女儿2021年出生。",
        also_asked_as=("Relations: who are the people closest to you? (核心家庭、重要亲友、同事)",),
    ),
    Question(
        id="life.work",
        axis=Axis.LIFE,
        domain=Domain.WORK,
        sensitivity=MEDIUM,
        en="Where have you worked, and roughly when?",
        zh="你在哪些地方工作过，大约什么时候？",
        example_en="From 2012 to 2016 I worked at a bank in Shanghai; after that I joined Alibaba.",
        example_zh="2012年到2016年在上海一家银行工作，之后去了阿里。",
        also_asked_as=("Life timeline: where have you worked, and when? (工作经历)",),
    ),
    Question(
        id="now.goals",
        axis=Axis.NOW,
        domain=Domain.GOALS,
        sensitivity=MEDIUM,
        en="What are you working towards now, this year or in the next few years?",
        zh="你现在的目标是什么（今年、未来几年）？",
        example_en="I plan to move back to Chengdu next year.",
        example_zh="我打算明年搬回成都。",
    ),
    Question(
        id="life.education",
        axis=Axis.LIFE,
        domain=Domain.EDUCATION,
        sensitivity=LOW,
        en="Where did you grow up, and where did you study?",
        zh="你在哪里长大，在哪里上学？",
        example_en="I grew up in Chengdu. I studied computer science in Wuhan and graduated around 2012.",
        example_zh="我在成都长大，在武汉读的计算机，2012年左右毕业。",
        also_asked_as=("Life timeline: where did you grow up and study? (成长与教育)",),
    ),
    Question(
        id="relations.friends",
        axis=Axis.RELATIONS,
        domain=Domain.FRIENDS,
        sensitivity=MEDIUM,
        en="Which friends and relatives matter most to you?",
        zh="哪些亲友对你最重要？",
        example_en="My best friend is Ayu; we met at university.",
        example_zh="我最好的朋友是阿玉，大学时认识的。",
    ),
    Question(
        id="relations.colleagues",
        axis=Axis.RELATIONS,
        domain=Domain.COLLEAGUES,
        sensitivity=MEDIUM,
        en="Who do you work with most closely (your manager, your team, collaborators)?",
        zh="你和谁合作最紧密（上级、团队、合作伙伴）？",
        example_en="My manager is Chen Jing.",
        example_zh="我的领导是陈静。",
    ),
    Question(
        id="prefs.communication",
        axis=Axis.PREFERENCES,
        domain=Domain.COMMUNICATION,
        sensitivity=LOW,
        en="How do you like to be communicated with?",
        zh="你喜欢怎样的沟通方式？",
        example_en="I prefer written messages to phone calls.",
        example_zh="我更喜欢文字沟通，不喜欢打电话。",
        also_asked_as=("Preferences: how do you like to learn, work and be spoken to? (学习、工作、沟通偏好)",),
    ),
    Question(
        id="prefs.work",
        axis=Axis.PREFERENCES,
        domain=Domain.WORK_STYLE,
        sensitivity=LOW,
        en="How do you like to work?",
        zh="你喜欢怎样工作？",
        example_en="I prefer deep work in the morning and no meetings before ten.",
        example_zh="我喜欢上午专注工作，十点前不开会。",
    ),
    Question(
        id="now.constraints",
        axis=Axis.NOW,
        domain=Domain.CONSTRAINTS,
        sensitivity=MEDIUM,
        en="What limits you at the moment (time, money, health, place, family)?",
        zh="你现在受哪些限制（时间、钱、健康、地点、家庭）？",
        example_en="I can't travel far while my daughter is small.",
        example_zh="女儿还小，我不能出远门。",
    ),
    Question(
        id="now.pressures",
        axis=Axis.NOW,
        domain=Domain.PRESSURES,
        sensitivity=MEDIUM,
        en="What is weighing on you at the moment?",
        zh="你目前的压力来自哪里？",
        example_en="A product launch in March, and my father's health.",
        example_zh="三月份的产品上线，还有父亲的身体。",
    ),
    Question(
        id="prefs.learning",
        axis=Axis.PREFERENCES,
        domain=Domain.LEARNING,
        sensitivity=LOW,
        en="How do you learn best?",
        zh="你用什么方式学得最好？",
        example_en="I prefer learning from books and by building things to watching videos.",
        example_zh="我喜欢看书和动手做，不喜欢看视频学。",
    ),
    Question(
        id="prefs.decisions",
        axis=Axis.PREFERENCES,
        domain=Domain.DECISIONS,
        sensitivity=LOW,
        en="How do you make big decisions?",
        zh="你怎样做重大决定？",
        example_en="I take my time, write down the pros and cons and talk it over with my wife.",
        example_zh="我会慢慢想，列出利弊，再和老婆商量。",
    ),
    Question(
        id="prefs.risk",
        axis=Axis.PREFERENCES,
        domain=Domain.RISK,
        sensitivity=LOW,
        en="How much risk are you comfortable with (money, career, travel)?",
        zh="你能接受多大的风险（钱、职业、出行）？",
        example_en="I prefer a stable job; I only buy index funds.",
        example_zh="我更喜欢稳定的工作；理财只买指数基金。",
    ),
    Question(
        id="life.family_events",
        axis=Axis.LIFE,
        domain=Domain.FAMILY_EVENTS,
        sensitivity=HIGH,
        en="Major family events: a marriage, a birth, a loss, the family moving?",
        zh="家庭重大事件：结婚、孩子出生、亲人离世、全家搬迁？",
        example_en="We got married in 2018. My grandfather died in early 2020.",
        example_zh="2018年结婚。爷爷2020年初去世。",
    ),
    Question(
        id="life.health",
        axis=Axis.LIFE,
        domain=Domain.HEALTH,
        sensitivity=HIGH,
        en="Health events you want your memory to know (only what you choose to share)?",
        zh="你希望记住的健康大事（只写你愿意写的）？",
        example_en="I had knee surgery around 2018.",
        example_zh="2018年左右做过膝盖手术。",
    ),
    Question(
        id="life.money",
        axis=Axis.LIFE,
        domain=Domain.MONEY,
        sensitivity=HIGH,
        en="Money milestones (a home bought, a large debt, investments)? Never an account number or a password.",
        zh="财务大事（买房、大额负债、投资）？不要写账号或密码。",
        example_en="We bought a flat in Hangzhou in 2021.",
        example_zh="2021年我们在杭州买了房。",
    ),
)
BY_ID: Mapping[str, Question] = {q.id: q for q in QUESTIONS}

AXIS_NAMES = {
    Axis.LIFE: {Lang.EN: "Life timeline", Lang.ZH: "人生时间线"},
    Axis.RELATIONS: {Lang.EN: "Relations", Lang.ZH: "关系"},
    Axis.PREFERENCES: {Lang.EN: "Long-term preferences", Lang.ZH: "长期偏好"},
    Axis.NOW: {Lang.EN: "Current state", Lang.ZH: "当前状态"},
}

FORM_VERSION = 2


class QuestionnaireSettings(BaseModel):
    """mirror.yaml `questionnaire:` (defaults here): the language the form and the interview speak."""

    model_config = ConfigDict(extra="forbid")
    language: Lang = Lang.EN


def guess_language(environ: Mapping[str, str]) -> Lang:
    """Chinese when the locale says so (LC_ALL, else LC_MESSAGES, else LANG; LANGUAGE's first choice wins over all),
    English otherwise."""
    first_choice = (environ.get("LANGUAGE") or "").split(":")[0]
    locale = first_choice or environ.get("LC_ALL") or environ.get("LC_MESSAGES") or environ.get("LANG") or ""
    return Lang.ZH if locale.lower().startswith("zh") else Lang.EN


# ---------------------------------------------------------------- writing the form

_INTRO = {
    Lang.EN: """# mi-mirror: the first questions

> The backbone of your memory, not your whole life story: answer what you like, in your own words, in Chinese or
> English, under each question; every answer is optional. Fuzzy times are welcome ("around 2019", "after college",
> "2019年左右"). Never write a password or a code here: write where it is kept ("my bank PIN is in 1Password").
> Then: `mirror import {path}` and `mirror run`. To change an answer later, do not overwrite it: add a line
> `### YYYY-MM-DD` under the question with the new answer below it. The newer answer supersedes the older one, which
> stays as history. `mirror init --interview` asks these questions one by one and does all this for you.
""",
    Lang.ZH: """# mi-mirror：最初的几个问题

> 先建立记忆的主干，不必写完整的人生：挑你愿意回答的，用自己的话（中文或英文）写在问题下面，每一题都可以不答。
> 时间模糊没关系（"2019年左右"、"毕业以后"、"around 2019"）。不要在这里写密码或验证码，只写它存放在哪里
> （"银行卡密码在 1Password 里"）。写完后：`mirror import {path}`，再 `mirror run`。以后答案变了，不要改掉原来的：
> 在问题下面加一行 `### YYYY-MM-DD`，把新答案写在它下面。新答案取代旧答案，旧答案留作历史。
> `mirror init --interview` 会一题一题地问你，并替你做好这些。
""",
}


def heading(question: Question, lang: Lang) -> str:
    return f"## {question.text(lang)} {{#{question.id}}}"


def _hint(question: Question, lang: Lang) -> str:
    axis = AXIS_NAMES[question.axis][lang]
    if lang is Lang.ZH:
        return f"> {axis} · 例：「{question.example_zh}」"
    return f'> {axis} · e.g. "{question.example_en}"'


def render_form(lang: Lang, today: date, path: str) -> str:
    """A blank questionnaire: front matter, the instructions, every question with its id and an example."""
    sections = "\n".join(f"{heading(q, lang)}\n{_hint(q, lang)}\n" for q in QUESTIONS)
    front = f"---\nmirror_form: bootstrap\nform_version: {FORM_VERSION}\nlanguage: {lang}\nfilled_on: {today}\n---\n"
    return front + _INTRO[lang].format(path=path) + "\n" + sections


def append_answer(form: str, question: Question, answer: str, on: date, lang: Lang) -> str:
    """The form with `answer` added under its question as a dated block; whatever was there stays (history). A form
    from an earlier version that lacks the question gets the question appended."""
    block = f"\n### {on.isoformat()}\n\n{answer.strip()}\n"
    sections = list(_sections(form))
    for qid, start, end in sections:
        if qid == question.id:
            body = form[start:end].rstrip("\n")
            return form[:start] + body + "\n" + block + ("\n" if end < len(form) else "") + form[end:]
    return form.rstrip("\n") + "\n\n" + heading(question, lang) + "\n" + _hint(question, lang) + "\n" + block


_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_QUESTION_ID = re.compile(r"\s*\{#([\w.:-]+)\}\s*$")
_DATED = re.compile(r"^(?:answered[ \t]+|回答于[ \t]*)?(\d{4})-(\d{1,2})-(\d{1,2})\b", re.IGNORECASE)
FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)


def _question_of_heading(text: str) -> tuple[str | None, str]:
    """(question id or None, the heading's words) of a question heading: by its {#id}, else by the words an earlier
    form used for that question; a heading of the person's own keeps no id."""
    found = _QUESTION_ID.search(text)
    words = _QUESTION_ID.sub("", text).strip()
    if found:
        return found.group(1), words
    for q in QUESTIONS:
        if words in (q.en, q.zh, *q.also_asked_as):
            return q.id, words
    return None, words


def _sections(form: str) -> list[tuple[str | None, int, int]]:
    """(question id, start, end) of each question's section in the text: from its heading to the next heading of
    level 1 or 2 (or the end)."""
    out: list[tuple[str | None, int, int]] = []
    offset = 0
    current: tuple[str | None, int] | None = None
    for line in form.splitlines(keepends=True):
        m = _HEADING.match(line.rstrip("\n"))
        if m and len(m.group(1)) <= 2:
            if current is not None:
                out.append((current[0], current[1], offset))
            current = (_question_of_heading(m.group(2))[0], offset) if len(m.group(1)) == 2 else None
        offset += len(line)
    if current is not None:
        out.append((current[0], current[1], offset))
    return out


@dataclass(frozen=True)
class Answer:
    """One paragraph of an answer, as written: which question, when it was answered (None: the form's own day)."""

    question_id: str | None
    question: str  # the heading's words, as the form had them
    text: str
    line: int
    answered_on: date | None = None


def read_form(text: str) -> list[Answer]:
    """Every answered paragraph of a form, in file order. Quoted lines (`>`) are hints, headings are structure; a
    `### YYYY-MM-DD` heading under a question dates the answer below it."""
    front = FRONT_MATTER.match(text)
    first_line = text[: front.end()].count("\n") + 1 if front else 1
    body = text[front.end() :] if front else text
    out: list[Answer] = []
    qid: str | None = None
    words = ""
    answered_on: date | None = None
    block: list[str] = []
    start = first_line

    def flush() -> None:
        paragraph = "\n".join(block).strip()
        if paragraph:
            out.append(Answer(qid, words, paragraph, start, answered_on))
        block.clear()

    for offset, line in enumerate(body.split("\n")):
        line_no = first_line + offset
        m = _HEADING.match(line.strip())
        if m:
            flush()
            level = len(m.group(1))
            if level <= 2:
                qid, words = _question_of_heading(m.group(2)) if level == 2 else (None, "")
                answered_on = None
            else:
                dated = _DATED.match(m.group(2))
                if dated:
                    answered_on = _date_or_none(*(int(g) for g in dated.groups())) or answered_on
            continue
        if not line.strip() or line.lstrip().startswith(">"):
            flush()
            continue
        if not block:
            start = line_no
        block.append(line.rstrip())
    flush()
    return out


def _date_or_none(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def latest_answers(answers: Sequence[Answer], filled_on: date | None) -> dict[str, Answer]:
    """The newest answer to each question (later in the file wins a tie): what the person last said."""
    latest: dict[str, Answer] = {}
    for a in answers:
        if a.question_id is None:
            continue
        previous = latest.get(a.question_id)
        day = a.answered_on or filled_on or date.min
        if previous is None or day >= (previous.answered_on or filled_on or date.min):
            latest[a.question_id] = a
    return latest


# ---------------------------------------------------------------- answers as evidence, typed by their question

SESSION_PREFIX = "form:"


def session_of(question_id: str | None, words: str) -> str:
    """The evidence session of an answer: one thread per question (all its versions), whatever language it had."""
    return f"{SESSION_PREFIX}{question_id}" if question_id else f"{SESSION_PREFIX}other:{words}"


def question_of_session(session_id: str | None) -> Question | None:
    """The question an evidence row answers (from its session id), or None for anything else."""
    if not session_id or not session_id.startswith(SESSION_PREFIX):
        return None
    return BY_ID.get(session_id.removeprefix(SESSION_PREFIX))


_RANK = {LOW: 0, MEDIUM: 1, HIGH: 2, Sensitivity.RESTRICTED: 3}


def answer_sensitivity(session_id: str | None, found: Sensitivity = LOW) -> Sensitivity:
    """At least the sensitivity of the question answered ("what health events..." -> high); never lower than found."""
    question = question_of_session(session_id)
    if question is None or _RANK[question.sensitivity] <= _RANK[found]:
        return found
    return question.sensitivity


def typed_by_question(candidate: MemoryCandidate, session_id: str | None) -> MemoryCandidate:
    """A candidate from an answer takes its question's sensitivity as a floor: "2018年做过一次手术" under the
    health question is high sensitivity (it waits for the person) even where no rule knows the word."""
    sensitivity = answer_sensitivity(session_id, candidate.sensitivity)
    return candidate if sensitivity is candidate.sensitivity else replace(candidate, sensitivity=sensitivity)
