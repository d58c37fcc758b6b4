"""Context assembly (sections 14.3, 14.4): what an agent pastes into its prompt for one task.

The nine slots of 14.3, in order, with opinions and the person's own words in slots of their own:

    System Policy, Task Goal, Current Session Summary, Relevant Stable Facts, Relevant Preferences,
    Relevant Relationships, Relevant Recent Events, (Opinions), (In Your Own Words), Open Constraints / Risks,
    Open Memory Issues

- Confirmed memories first; unconfirmed, conflicted and stale ones only with a label in the person's language
  ("两种说法" / "two accounts of this", "可能已过时" / "may be outdated").
- A pinned identity and the most important confirmed memories are always on (MemPalace L0/L1, Letta core memory).
- When memories do not cover the task, the most relevant excerpts of the person's OWN words (never the assistant's,
  never someone else's), dated and attributed ("the user wrote on 2024-03-02: ..."), never presented as confirmed.
- One token budget shared by priority: pinned, then confirmed, then labelled and episodic items; evidence ids on
  every item; a sensitivity ceiling per task (restricted never; high only when the task is about it).

Pure: the ranked candidates come in (from `api.Memory`), the context goes out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from enum import StrEnum
from typing import Any

from mirror_pipeline.core import when as timing
from mirror_pipeline.core.model import Language
from mirror_pipeline.core.proposals import PROPOSED_LABEL
from mirror_pipeline.core.script import fold_script
from mirror_pipeline.core.settings import FORBID_EXTRA, knob
from mirror_pipeline.core.text import detect_language, estimate_tokens, local_day

Row = dict[str, Any]


class Slot(StrEnum):
    SYSTEM_POLICY = "System Policy"
    TASK_GOAL = "Task Goal"
    SESSION = "Current Session Summary"
    FACTS = "Relevant Stable Facts"
    PREFERENCES = "Relevant Preferences"
    RELATIONSHIPS = "Relevant Relationships"
    EVENTS = "Relevant Recent Events"
    PLANS = "Relevant Plans and Goals (intended, not done)"
    OPINIONS = "Relevant Opinions (the person's views, not facts)"
    EPISODES = "In the Person's Own Words (excerpts, not confirmed facts)"
    RISKS = "Open Constraints / Risks"
    ISSUES = "Open Memory Issues"


SLOT_ORDER = tuple(Slot)
SLOT_OF_TYPE = {
    "fact": Slot.FACTS,
    "preference": Slot.PREFERENCES,
    "relationship": Slot.RELATIONSHIPS,
    "event": Slot.EVENTS,
    "opinion": Slot.OPINIONS,
    "emotion": Slot.EVENTS,  # a dated snapshot of a feeling: an event of a day, labelled as such
}
SENSITIVITY_RANK = {"low": 0, "medium": 1, "high": 2, "restricted": 3}


@dataclass(frozen=True)
class Label:
    """A label an agent reads: the machine name and its words in each language."""

    name: str
    en: str
    zh: str


LABELS = {
    label.name: label
    for label in (
        Label("confirmed", "confirmed", "已确认"),
        # confirmed by the write policy (explicit, low risk), not by the person (REVIEW-16: both read "confirmed")
        Label("as_said", "taken as they said it; they have not confirmed it", "按本人所说记下，本人未亲自确认"),
        Label("pending_review", "unconfirmed: ask before relying on it", "未确认，使用前请先问"),
        Label("conflicted", "two accounts of this: ask which holds", "两种说法，请先确认"),
        Label("stale", "may be outdated", "可能已过时"),
        Label("outdated", "may be outdated", "可能已过时"),
        Label("newer_account", "a newer account exists: may be outdated", "有更新的说法，可能已过时"),
        Label("past_plan", "its time has passed: may be done or dropped", "计划的时间已过，可能已完成或取消"),
        Label("old_plan", "said long ago: may be done or dropped", "很久以前说的，可能已完成或取消"),
        Label("opinion", "an opinion, not a fact", "观点，不是事实"),
        Label("emotion", "how they felt that day, not a fact", "当天的感受，不是事实"),
        Label("own_words", "their own words, not a confirmed fact", "本人原话，不是已确认的事实"),
        Label("pinned", "core", "核心"),
        Label("sensitive", "sensitive: use only for this task", "敏感：仅用于本任务"),
        Label("inferred", "inferred from their records, not said by them", "由记录推断，不是本人说的"),
        Label("proposed", "proposed by an agent, not said by the person", "由助手提议，不是本人说的"),
    )
}

POLICY = {
    Language.EN: (
        "Memories of the person this agent serves. Rely on confirmed items; items taken as they said them may be "
        "used but are not verified; an item with any other label is uncertain and must be checked with the person "
        "before it is treated as true. Opinions are views, not facts. "
        "Excerpts are what the person said, dated, not confirmed facts. Cite evidence ids when you use an item."
    ),
    Language.ZH: (
        "以下是你所服务的这个人的记忆。已确认的可以依赖；按本人所说记下的可以使用，但未经核实；带其他标签的不确定，"
        "当作事实之前先向本人确认。观点不是事实。"
        "原话摘录是本人当时说的话（带日期），不是已确认的事实。使用某条时请引用其证据编号。"
    ),
}
WROTE = {Language.EN: "the user wrote on {day}: ", Language.ZH: "用户在 {day} 写道："}  # an agent reads it
LEFT_OUT = {
    Language.EN: "({n} more relevant items did not fit in a budget of {budget} tokens)",
    Language.ZH: "（还有 {n} 条相关内容超出了 {budget} 个 token 的预算）",
}
NOTHING = {Language.EN: "(nothing relevant is known yet)", Language.ZH: "（暂时没有相关的记忆）"}
# a task about a password, a PIN, a code or a key (where it is kept, what it is): secrets never enter this memory and
# their references take no part in retrieval (spec 6.6); the agent is told so and where the person finds them, instead
# of being handed a line that mentions a password (REVIEW-2, REVIEW-4: "where is my Singpass password kept?")
_ABOUT_A_SECRET = re.compile(
    r"(?i)\b(?:password|passcode|passphrase|pin|otp|2fa|recovery (?:code|key)|backup codes?|seed phrase|api key|"
    r"private key|credentials?|login details)\b|密码|口令|验证码|恢复码|备用码|助记词|私钥|密钥|PIN码"
)
SECRETS_ELSEWHERE = {
    Language.EN: (
        "Secrets (passwords, PINs, codes, keys) are never kept in this memory, only a note that one exists and where "
        "the person keeps it; the person lists those with `mirror secrets`. Ask them; do not guess or search for it."
    ),
    Language.ZH: (
        "密码、PIN、验证码、密钥等秘密从不存入这份记忆，只记有这样一项及其保存位置；"
        "本人可用 `mirror secrets` 查看。请直接问本人，不要猜测或搜索。"
    ),
}


@dataclass(frozen=True)
class RiskKind:
    """A kind of constraint or risk (14.3 "Open Constraints / Risks"): the predicates and their domains that are of
    it, the words of a memory that make it one (an allergy said in free text, read in either script), and its label
    in both languages. `within`: the domain it is a narrower kind of (an allergy is health that a dinner needs, a
    surgery is health it does not); `swept`: a confirmed memory of it is looked for beyond the ranked candidates
    when a task needs it (a constraint's words are too common for that)."""

    name: str
    predicates: frozenset[str]
    domains: frozenset[str]  # the part after ":" of a predicate ("state:health", "event:money")
    cues: re.Pattern[str]
    en: str
    zh: str
    within: str = ""
    swept: bool = True
    private: bool = True  # a line naming it is served as an excerpt only to a task that needs or names it


RISK_KINDS = (
    RiskKind(
        name="drug_allergy",
        predicates=frozenset(),
        domains=frozenset(),
        # an allergy to a medicine: a prescription needs it, a dinner does not (the sentence names both)
        cues=re.compile(
            r"(?is)^(?=.*(?:\ballerg|过敏))(?=.*(?:penicillin|amoxicillin|antibiotic|aspirin|ibuprofen|sulfa|codeine"
            r"|\bdrugs?\b|medicat|青霉素|盘尼西林|阿莫西林|抗生素|阿司匹林|布洛芬|磺胺|药))"
        ),
        en="drug allergy: bears on this task",
        zh="药物过敏：与本任务有关",
        within="health",
    ),
    RiskKind(
        name="allergy",
        predicates=frozenset({"allergic_to"}),
        domains=frozenset(),
        cues=re.compile(r"\ballerg\w*|\bintoleran\w*|\banaphyla\w*|过敏|不耐受", re.I),
        en="allergy: bears on this task",
        zh="过敏：与本任务有关",
        within="health",
    ),
    RiskKind(
        name="diet",
        predicates=frozenset({"diet"}),
        domains=frozenset({"diet"}),
        cues=re.compile(
            r"\bvegetarian\b|\bvegan\b|\bpescatarian\b|\bhalal\b|\bkosher\b|\bgluten[- ]free\b|\bdiet(?:ary)?\b"
            # a verb of eating or drinking negated, whatever the modal ("can't eat shellfish", "mustn't drink")
            r"|\b(?:(?:do(?:es)?|wo|ca|must|should|could|may)n['’]?t|never|cannot|not|no longer|unable to"
            r"|(?:can|must|should|may) not) (?:eat|drink)\b|\b(?:stopp(?:ed|ing)|quit|gave up) (?:eating|drinking)\b"
            r"|吃素|素食|茹素|吃斋|清真|忌口|不(?:再|太|能)?吃|戒了?(?:肉|荤|糖|酒)",
            re.I,
        ),
        en="diet: bears on this task",
        zh="饮食：与本任务有关",
        within="health",
    ),
    RiskKind(
        name="injury",
        predicates=frozenset(),
        domains=frozenset(),
        # a body's limit an activity must respect (a hurt knee, a bad back): a hike needs it, a blood pressure or a
        # family history it does not (REVIEW-16 #11)
        cues=re.compile(
            r"\binjur\w*|\bsprain\w*|\bfractur\w*|\bbroken (?:arm|leg|wrist|ankle|foot|toe|rib)\b"
            r"|\bdis[ck] herniation\b|\bslipped dis[ck]\b|\b(?:bad|hurt|sore) (?:back|knee|knees|ankle|shoulder|hip)\b"
            r"|\bback pain\b|\bknee pain\b"
            r"|\barthroscop\w*|\bcrutches\b|\bphysio\w*|\brehab\w*|\brange of motion\b|\bROM\b"
            r"|受伤|扭伤|骨折|腰椎|椎间盘|膝盖疼|腰疼|腰痛|拄拐|韧带|康复|理疗",
            re.I,
        ),
        en="injury: bears on this task",
        zh="伤病：与本任务有关",
        within="health",
    ),
    RiskKind(
        name="health",
        predicates=frozenset({"diagnosed_with", "medication", "health", "health_event"}),
        domains=frozenset({"health"}),
        cues=re.compile(
            r"\bdiabet\w*|\basthma\b|\binjur\w*|\bsurger(?:y|ies)\b|\barthroscop\w*|\bfractur\w*|\bpregnan\w*"
            r"|\bmedicat\w*|\bdiagnos\w*|糖尿病|哮喘|受伤|手术|开刀|骨折|怀孕|吃药|确诊",
            re.I,
        ),
        en="health: bears on this task",
        zh="健康：与本任务有关",
    ),
    RiskKind(
        name="money",
        predicates=frozenset({"debt", "income", "salary", "budget", "owns_account"}),
        domains=frozenset({"money"}),
        cues=re.compile(
            r"\bdebts?\b|\bloans?\b|\bbudget\w*|\bmortgage\b|\bcan'?t afford\b|贷款|欠款|负债|预算|房贷", re.I
        ),
        en="money: bears on this task",
        zh="财务：与本任务有关",
    ),
    RiskKind(
        name="legal",
        predicates=frozenset({"visa", "residence_permit", "lawsuit", "contract"}),
        domains=frozenset({"legal"}),
        cues=re.compile(
            r"\bvisa\b|\bresidence permit\b|\blawsuit\b|\bcourt\b|\blawyer\b|\bprobation\b"
            r"|签证|居留|起诉|官司|律师|合同纠纷",
            re.I,
        ),
        en="legal: bears on this task",
        zh="法律：与本任务有关",
    ),
    RiskKind(
        name="constraint",
        predicates=frozenset({"cannot", "avoids", "must"}),
        domains=frozenset(),
        # what the person cannot or must not do: a limit any plan has to respect
        cues=re.compile(
            r"\bcan(?:no|')t\b|\bcannot\b|\bmust(?:n't| not)?\b|\bnever\b|\bavoid\w*|\bnot allowed\b"
            r"|不能|不可以|不许|必须|不喝|避免|禁止",
            re.I,
        ),
        en="a constraint to respect",
        zh="需要遵守的限制",
        swept=False,
        private=False,
    ),
)


def risk_kind(row: Row) -> RiskKind | None:
    """The constraint or risk a memory is (None: an ordinary memory). Its predicate says so first; words naming a
    narrower kind of its domain refine it (a peanut allergy filed as `state:health` is an allergy); words alone say
    so for a memory of another domain (用户對盤尼西林過敏 filed as `state:life`)."""
    if row.get("kind") != "memory" or row.get("memory_type") in ("opinion", "emotion", "secret_reference"):
        return None
    predicate = str(row.get("predicate") or "")
    domain = predicate.split(":", 1)[1] if ":" in predicate else ""
    said = risk_said(str(row.get("text") or ""))
    if named := next((k for k in RISK_KINDS if predicate in k.predicates), None):
        # a predicate that names only a limit of any kind (`avoids`) is refined by words naming a kind a task is
        # handed wherever it ranks ("can't eat shellfish" is a diet a dinner needs, REVIEW-20 #1)
        return said if not named.swept and said is not None and said.swept else named
    filed = next((k for k in RISK_KINDS if domain in k.domains), None)
    return filed if filed is not None and (said is None or said.within != filed.name) else said


def risk_said(text: str) -> RiskKind | None:
    """The constraint or risk words name, read in either script (a memory's sentence, a line of evidence)."""
    folded = fold_script(text)
    return next((k for k in RISK_KINDS if k.cues.search(folded)), None)


# what a kind of task must respect (`ranking.TASK_TYPES` by name), narrower than its `risks` there: a dinner needs
# an allergy or a diet, not a knee surgery; a family visit needs no health of the person (REVIEW-6: a knee
# arthroscopy was served to "what should I cook for dinner?")
TASK_NEEDS = {
    # an outing needs what the body cannot do and what the person cannot eat, not a blood pressure (REVIEW-16 #11)
    "plan_activity": frozenset({"injury", "drug_allergy", "allergy", "diet", "legal", "constraint"}),
    "spending": frozenset({"money", "constraint"}),
    "family": frozenset({"constraint"}),
    "gift_or_food": frozenset({"allergy", "diet", "constraint"}),
}
# tasks the ranking has no type for, by what they are about: care (a doctor, a prescription: the allergies and the
# medical history) and a meal (whatever its words: 晚餐, 煮, lunch, a recipe)
NEED_CUES = (
    (
        re.compile(
            r"\b(?:doctors?|dentists?|physio\w*|therapist|nurse|surgeon|hospital|clinic|pharmac\w*|prescri\w*"
            r"|antibiotics?|medicines?|medications?|vaccin\w*|treatment|check-?up)\b"
            r"|医生|大夫|牙医|医院|诊所|药|抗生素|处方|看病|体检|疫苗|治疗|复健|理疗",
            re.I,
        ),
        frozenset({"drug_allergy", "allergy", "injury", "health"}),
    ),
    (
        re.compile(
            r"\b(?:meals?|lunch|breakfast|dinner|brunch|recipes?|menu|cook\w*|bak(?:e|ing))\b"
            r"|晚餐|午餐|早餐|晚饭|午饭|早饭|做饭|煮|做菜|菜谱|食谱|吃什么|点菜|请客",
            re.I,
        ),
        frozenset({"allergy", "diet", "constraint"}),
    ),
)


# where what a message to write is about begins, besides what it says (`ranking._SAYING`): "an email to the
# Finanzamt about my payment plan" asks for no plan (REVIEW-6: a tax email was handed a knee surgery)
_ABOUT = re.compile(r"\b(?:about|regarding|concerning)\b|关于|有关", re.I)


def task_needs(task: str) -> frozenset[str]:
    """The risk kinds (`RISK_KINDS` names) a task needs whether or not it names them: of the task itself, read in
    either script, not of what a message it asks for says ("draft a text saying I'll be at dinner" needs no diet)."""
    from mirror_pipeline.core.ranking import _COMPOSE, _SAYING, task_types

    head = fold_script(task)
    if m := _COMPOSE.search(head):
        ends = [x.start() for x in (_SAYING.search(head, m.end()), _ABOUT.search(head, m.end())) if x]
        head = head[: min(ends)] if ends else head
    needs = {r for t in task_types(head) for r in TASK_NEEDS.get(t.name, t.risks)}
    needs.update(r for cue, kinds in NEED_CUES if cue.search(head) for r in kinds)
    return frozenset(needs)


def standing_risks(confirmed: Sequence[Row]) -> list[Row]:
    """The confirmed memories a task needing their kind is served wherever they rank (`RiskKind.swept`)."""
    return [r for r in confirmed if (k := risk_kind(r)) is not None and k.swept]


_THE_USER = re.compile(r"\bthe user(?:'s)?\b|用户", re.I)


def _as_said_by_them(text: str) -> str:
    """A memory's sentence as the person would say it ("The user got promoted" -> "I got promoted"), so that the
    shapes a domain's statement is read by (`LifeDomain.states`, written for the person's lines) read it too."""
    return _THE_USER.sub(lambda m: "我" if m.group(0) == "用户" else ("my" if m.group(0).endswith("s") else "I"), text)


def _single_domain(row: Row) -> Any:
    """The one-value-at-a-time life domain (`LifeDomain.single`: work, home) a memory is filed under, by its
    predicate (`works_at`, `plans:work`, `state:residence`), or None."""
    from mirror_pipeline.core.ranking import LIFE_DOMAINS

    predicate = str(row.get("predicate") or "")
    head, _, tail = predicate.partition(":")
    return next(
        (d for d in LIFE_DOMAINS if d.single and (predicate in d.predicates or (tail and tail in d.predicates))), None
    )


def needs_said_day(row: Row) -> bool:
    """Whether a memory is dated by when it was said (`newer_accounts`, `plan_label`): a memory of a one-value
    domain or a plan; only those are looked up (each evidence row found costs a few parsed rows)."""
    return timing.kind(row) == timing.PLAN or _single_domain(row) is not None or _states_a_single_domain(row)


def _states_a_single_domain(row: Row) -> bool:
    from mirror_pipeline.core.ranking import LIFE_DOMAINS

    text = _as_said_by_them(str(row.get("text") or ""))
    return any(d.single and d.states is not None and d.states.search(text) for d in LIFE_DOMAINS)


def newer_accounts(rows: Sequence[Row], said: Mapping[str, str]) -> dict[str, tuple[str, Row]]:
    """The standing memories (facts, habits, plans) of a one-value-at-a-time domain that a newer account of that
    domain makes possibly out of date, by id: "left_out" when the newer one is the same attribute and the person
    confirmed it while this one is not (the old employer beside a confirmed new one), else "newer_account" (a label);
    with the newest such account (served beside it, so an agent reads what changed).
    A newer account: a memory of the same subject that is the domain's attribute (`works_at`) or states the domain's
    fact by its shape ("got promoted to ... at", "搬进了..."), dated later than this one (its valid time, else the
    day its evidence was last said: `said`); an undated unconfirmed memory is older than any dated account.
    REVIEW-16 #3, #6: "works at Beichen" served beside "promoted at Lantu", the Beijing rent beside the move."""
    from mirror_pipeline.core.ranking import LIFE_DOMAINS

    singles = [d for d in LIFE_DOMAINS if d.single]

    def day(row: Row) -> str:
        return str(row.get("valid_time_start") or row.get("valid_time_end") or said.get(row["doc_id"]) or "")[:10]

    accounts: dict[tuple[str, str], list[tuple[str, Row]]] = {}
    for row in rows:
        if row.get("kind") != "memory" or row.get("state") in ("superseded", "archived"):
            continue
        filed = _single_domain(row)
        text = _as_said_by_them(str(row.get("text") or ""))
        for d in singles:
            attribute = str(row.get("predicate") or "") in d.predicates and row.get("memory_type") != "event"
            stated = d.states is not None and bool(d.states.search(text)) and (filed is None or filed is d)
            if (attribute or stated) and (when := day(row)):
                accounts.setdefault((str(row.get("subject") or "user"), d.name), []).append((when, row))
    out: dict[str, tuple[str, Row]] = {}
    for row in rows:
        d = _single_domain(row)
        if d is None or row.get("kind") != "memory" or row.get("memory_type") in ("event", "emotion", "opinion"):
            continue
        if timing.kind(row) not in (timing.STATE, timing.HABIT, timing.PLAN):
            continue
        when, confirmed = day(row), row.get("state") == "confirmed"
        newer = [
            n
            for at, n in accounts.get((str(row.get("subject") or "user"), d.name), [])
            if n["doc_id"] != row["doc_id"]
            and (n.get("state") == "confirmed" or not confirmed)  # what the person confirmed yields to a confirmed one
            and (_later(at, when) if when else not confirmed)
        ]
        if not newer:
            continue
        same = any(n.get("predicate") == row.get("predicate") and n.get("state") == "confirmed" for n in newer)
        newest = max(newer, key=lambda n: (n.get("state") == "confirmed", day(n), str(n["doc_id"])))
        out[row["doc_id"]] = ("left_out" if same and not confirmed else "newer_account", newest)
    return out


def _later(a: str, b: str) -> bool:
    """Whether day `a` is after day `b` at the coarser of their precisions ("2026-08-12" is not after "2026-08")."""
    n = min(len(a), len(b))
    return a[:n] > b[:n]


def plan_label(row: Row, today: date | None, said_day: str | None, fresh_days: int) -> str | None:
    """The label "past_plan" for a plan whose time has passed, "old_plan" for an undated one said more than
    `fresh_days` ago (REVIEW-16 #6: a job change planned in 2024, done in 2025, served in 2026 as intended), else
    None."""
    if today is None or timing.kind(row) != timing.PLAN:
        return None
    end = str(row.get("valid_time_end") or row.get("valid_time_start") or "")
    if end:
        return "past_plan" if end < today.isoformat()[: len(end)] else None
    if said_day:
        try:
            age = (today - date.fromisoformat(said_day[:10])).days
        except ValueError:
            return None
        return "old_plan" if age > fresh_days else None
    return None


@dataclass
class ContextPolicy:
    """`mirror.yaml` section `context`: budget and what is always on."""

    __pydantic_config__ = FORBID_EXTRA

    budget: int = knob(800, ge=1)
    pinned_importance: float = knob(0.8, description="confirmed memories at least this important are always on")
    pinned_max: int = knob(5, description="at most this many always-on memories (the L1 of MemPalace)")
    identity: str = knob("", description="a short pinned identity (L0), in the person's own words")
    sensitivity_ceiling: str = knob("medium", description="served without the task being about them")
    episodes_when_fewer_than: int = knob(3, description="add the person's own words when fewer memories fit")
    max_episodes: int = 4
    plan_fresh_days: int = knob(
        365, description="an undated plan said longer ago than this is labelled 'said long ago'"
    )
    excerpt_chars: int = 240

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> ContextPolicy:
        """The `context` section of a checked config (see `RetrievalConfig.from_config`)."""
        return cls(**(config.get("context") or {}))


@dataclass
class Candidate:
    """A ranked document (memory or evidence) with its score, relevance signals and ranking labels."""

    row: Row
    score: float
    relevant: bool
    strongly_relevant: bool = False  # the task itself names it (a lexical hit): lifts the sensitivity ceiling
    labels: list[str] = field(default_factory=list)


def language_of(task: str) -> Language:
    lang = detect_language(task)
    return Language.ZH if lang in (Language.ZH, Language.MIXED) else Language.EN


def _words(names: Sequence[str], lang: Language) -> list[str]:
    out = []
    for n in dict.fromkeys(names):
        label = LABELS.get(n)
        out.append(label.zh if lang == Language.ZH else label.en) if label else out.append(n)
    return out


for _kind in RISK_KINDS:
    LABELS[f"risk:{_kind.name}"] = Label(f"risk:{_kind.name}", _kind.en, _kind.zh)


def _memory_labels(row: Row, extra: Sequence[str]) -> list[str]:
    state = str(row.get("state"))
    if state == "confirmed" and (row.get("confirmed_by") == "auto" or "auto-confirmed" in (row.get("labels") or [])):
        state = "as_said"
    names = [state] if state in LABELS else []
    if row.get("memory_type") in ("opinion", "emotion"):
        names.append(str(row["memory_type"]))
    if row.get("sensitivity") == "high":
        names.append("sensitive")
    if PROPOSED_LABEL in (row.get("labels") or []):
        names.append("proposed")
    names.extend(x for x in extra if x in LABELS)
    if "inferred" in (row.get("labels") or []):  # a weekly reflection's insight (core/lifecycle.py)
        names.append("inferred")
    return names


def _servable(row: Row, ceiling: int, strongly: bool) -> bool:
    rank = SENSITIVITY_RANK.get(str(row.get("sensitivity") or "low"), 0)
    if rank >= SENSITIVITY_RANK["restricted"]:
        return False  # restricted is never served
    return rank <= ceiling or (strongly and rank <= SENSITIVITY_RANK["high"])


def _excerpt_servable(c: Candidate, task: str, ceiling: int, needs: frozenset[str]) -> bool:
    """An excerpt of the person's words obeys the rule of a memory: a line naming a health, money or legal matter
    (an allergy, a diet) reaches only a task that needs that kind or says its words ("my surgery"), and its
    sensitivity (at least that of the memories made from it: `serving.served_search_documents`) is lifted only
    then. A word shared with the task is not enough: a Traditional-Chinese dinner (「晚餐要煮什麼」) was handed
    「十月要開刀」 for its 要."""
    risk = risk_said(str(c.row.get("text") or ""))
    needed = risk is not None and (risk.name in needs or bool(risk.cues.search(fold_script(task))))
    if risk is not None and risk.private and not needed:
        return False
    return _servable(c.row, ceiling, c.strongly_relevant or needed)


def _day(row: Row, tz: tzinfo | None) -> str:
    when = row.get("timestamp")  # the day on the person's calendar (`tz`), not UTC's
    return (local_day(when, tz) if isinstance(when, datetime) else str(when)[:10]) if when else "?"


def assemble(
    task: str,
    candidates: Sequence[Candidate],
    pinned: Sequence[Row],
    issues: Sequence[Row],
    policy: ContextPolicy,
    budget: int | None = None,
    session_summary: str = "",
    needed_risks: Sequence[str] | None = None,
    tz: tzinfo | None = None,
    standing: Sequence[Row] = (),
    now: datetime | None = None,
    said: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The context for `task` from ranked `candidates` (best first), the always-on `pinned` memories and the open
    `issues`; within `budget` tokens (headings and the policy counted). `session_summary`: what the agent's current
    session is about (the Current Session Summary slot); `needed_risks`: the risk kinds (`RISK_KINDS` names) the
    task needs whether or not it names them (default: `task_needs`); `standing`: confirmed memories that are risks
    of a swept kind (`standing_risks`), served when the task needs their kind wherever they rank. `now`: today, for
    a plan whose time has passed; `said`: the day each memory's evidence was last said (`newer_accounts`)."""
    budget = budget or policy.budget
    said = said or {}
    today = (local_day(now, tz) if now is not None else None) or None
    today_date = date.fromisoformat(today) if today else None
    lang = language_of(task)
    ceiling = SENSITIVITY_RANK.get(policy.sensitivity_ceiling, 1)
    items: dict[Slot, list[Row]] = {s: [] for s in SLOT_ORDER}
    fixed = [
        (Slot.SYSTEM_POLICY, {"id": "policy", "text": POLICY[lang], "labels": [], "evidence_ids": []}),
        (Slot.TASK_GOAL, {"id": "task", "text": task, "labels": [], "evidence_ids": []}),
    ]
    if session_summary:
        fixed.append((Slot.SESSION, {"id": "session", "text": session_summary, "labels": [], "evidence_ids": []}))
    if _ABOUT_A_SECRET.search(task):
        fixed.append(
            (Slot.SYSTEM_POLICY, {"id": "secrets", "text": SECRETS_ELSEWHERE[lang], "labels": [], "evidence_ids": []})
        )
    if policy.identity:
        fixed.append(
            (Slot.FACTS, {"id": "identity", "text": policy.identity, "labels": ["pinned"], "evidence_ids": []})
        )
    used = estimate_tokens("# ")
    for slot, item in fixed:
        used += _cost(item, not items[slot], slot)
        items[slot].append(item)

    # priority tiers: pinned core, then confirmed relevant, then labelled relevant (unconfirmed / conflicted / stale)
    queue: list[tuple[int, int, Slot, Row]] = []
    seen: set[str] = set()
    # a constraint or risk of a kind the task needs (an allergy for a dinner) bears on it even when the task does
    # not name it; that need also lifts the ceiling to high (never to restricted)
    needs = task_needs(task) if needed_risks is None else frozenset(needed_risks)
    newer = newer_accounts([*pinned, *(c.row for c in candidates if c.row.get("kind") == "memory")], said)

    def currency(row: Row) -> list[str]:  # what time has done to it: a newer account, a plan's time passed
        found = [newer[row["doc_id"]][0]] if row["doc_id"] in newer and row.get("state") != "stale" else []
        plan = plan_label(row, today_date, said.get(row["doc_id"]), policy.plan_fresh_days)
        return found + ([plan] if plan else [])

    for n, row in enumerate(pinned):
        if _servable(row, ceiling, False) and "left_out" not in currency(row):
            # an always-on allergy a dinner needs is served once, under Risks, not among the facts (14.3)
            slot, extra = _placed(row, ["pinned", *currency(row)], needs, False)
            queue.append((0, n, slot, _item(row, extra, lang)))
            seen.add(row["doc_id"])
    memories = [
        c
        for c in candidates
        if c.row.get("kind") == "memory" and (c.relevant or getattr(risk_kind(c.row), "name", None) in needs)
    ]
    # a confirmed memory of a kind the task needs bears on it however far down the ranking it is (a penicillin
    # allergy for an antibiotics task shares no word with it): after the ranked ones, in their tier
    ranked = {c.row["doc_id"] for c in memories}
    memories += [
        Candidate(row, 0.0, False)
        for row in standing
        if row["doc_id"] not in ranked and getattr(risk_kind(row), "name", None) in needs
    ]
    # the newer account that dates a served memory is served beside it, in its place in the ranking
    memories = [
        x
        for c in memories
        for x in (
            (c, Candidate(newer[c.row["doc_id"]][1], c.score, True))
            if c.row["doc_id"] in newer and newer[c.row["doc_id"]][1].get("kind") == "memory"
            else (c,)
        )
    ]
    for n, c in enumerate(memories):
        row = c.row
        risk = risk_kind(row)
        needed = risk is not None and risk.name in needs
        if row["doc_id"] in seen or not _servable(row, ceiling, c.strongly_relevant or needed):
            continue
        if row.get("memory_type") == "secret_reference" or row.get("state") == "archived":
            continue  # an archived memory is found by search, never put in a context unasked
        seen.add(row["doc_id"])
        later = currency(row)
        if "left_out" in later:
            continue  # the person confirmed a newer value of the same attribute
        # a confirmed memory time may have overtaken waits behind the current ones, with its label
        tier = 1 if row.get("state") == "confirmed" and not later else 2
        slot, extra = _placed(row, [*c.labels, *later], needs, c.strongly_relevant)
        queue.append((tier, n, slot, _item(row, extra, lang)))
    covered = sum(1 for t, *_ in queue if t in (1, 2))
    if covered < policy.episodes_when_fewer_than:
        behind = {e for *_, item in queue for e in item.get("evidence_ids") or []}  # a served memory's own lines
        own = [
            c
            for c in candidates
            if c.row.get("kind") == "evidence"
            and c.relevant
            and c.row["doc_id"] not in behind
            and (c.row.get("speaker") or "user") == "user"  # never the assistant's text, never someone else's
            and "outdated" not in (c.row.get("labels") or [])
            and _excerpt_servable(c, task, ceiling, needs)
        ]
        for n, c in enumerate(own[: policy.max_episodes]):
            queue.append((3, n, Slot.EPISODES, _episode(c.row, lang, policy.excerpt_chars, tz)))
    queue.sort(key=lambda q: (q[0], q[1]))

    left_out = 0
    for _, _, slot, item in queue:
        cost = _cost(item, not items[slot], slot)
        if used + cost > budget:
            left_out += 1
            continue
        items[slot].append(item)
        used += cost
    # issues about what is served: the questions to ask before relying on it
    served_ids = {i["id"] for s in items.values() for i in s}
    for issue in issues:
        if not served_ids & set(issue.get("memory_ids") or []):
            continue
        item = {
            "id": issue["issue_id"],
            "text": str(issue.get("question") or ""),
            "labels": [str(issue.get("issue_type") or "")],
            "evidence_ids": list(issue.get("evidence_ids") or []),
            "memory_ids": list(issue.get("memory_ids") or []),
        }
        cost = _cost(item, not items[Slot.ISSUES], Slot.ISSUES)
        if used + cost <= budget:
            items[Slot.ISSUES].append(item)
            used += cost
        else:
            left_out += 1
    slots = [{"name": s.value, "items": v} for s, v in items.items() if v]
    lines = [f"# mi-mirror: {task}"]
    for slot in slots:
        lines.append(f"## {slot['name']}")
        lines.extend(_line(i) for i in slot["items"])
    if left_out:
        lines.append(LEFT_OUT[lang].format(n=left_out, budget=budget))
    if not any(s["name"] not in (Slot.SYSTEM_POLICY, Slot.TASK_GOAL) for s in slots):
        lines.append(NOTHING[lang])
    return {
        "task": task,
        "budget": budget,
        "used": used,
        "language": str(lang),
        "slots": slots,
        "text": "\n".join(lines),
        "left_out": left_out,
    }


def _placed(row: Row, labels: Sequence[str], needs: frozenset[str], named: bool) -> tuple[Slot, list[str]]:
    """The slot a memory is served in and its labels. 14.3: constraints, health / money / legal risks and open
    conflicts that bear on the task go to Risks: a risk of a kind the task `needs` or names (`named`); a relevant
    memory of another kind is served as what it is, never labelled as bearing on the task (REVIEW-6, "health: bears
    on this task" on a tax letter)."""
    slot = SLOT_OF_TYPE.get(str(row.get("memory_type")), Slot.FACTS)
    slot = Slot.PLANS if timing.kind(row) == timing.PLAN else slot  # a plan is intended, not a standing fact
    extra = list(labels)
    risk = risk_kind(row)
    bears = risk is not None and (risk.name in needs or named)
    if bears or row.get("state") == "conflicted":
        slot = Slot.RISKS
        if bears:
            extra.append(f"risk:{risk.name}")
    return slot, extra


def _item(row: Row, extra: Sequence[str], lang: Language) -> Row:
    names = _memory_labels(row, extra)
    return {
        "id": row["doc_id"],
        "text": row["text"],
        "labels": _words(names, lang),
        "label_codes": list(dict.fromkeys(names)),
        "evidence_ids": list(row.get("evidence_ids") or []),
        "memory_type": row.get("memory_type"),
        "predicate": row.get("predicate"),
        "state": row.get("state"),
        "valid_time_start": row.get("valid_time_start"),
        "valid_time_end": row.get("valid_time_end"),
        "time_precision": row.get("time_precision"),
        "time_expression": row.get("time_expression"),
    }


def _episode(row: Row, lang: Language, chars: int, tz: tzinfo | None = None) -> Row:
    text = str(row["text"]).strip()
    if len(text) > chars:
        text = text[: chars - 1] + "…"
    return {
        "id": row["doc_id"],
        "text": WROTE[lang].format(day=_day(row, tz)) + text,
        "labels": _words(["own_words"], lang),
        "label_codes": ["own_words"],
        "evidence_ids": list(row.get("evidence_ids") or [row["doc_id"]]),
        "kind": "evidence",
        "said_at": _day(row, tz),
    }


def _line(item: Row) -> str:
    said = timing.render(item, item.get("said_on"))  # a plan as planned for, an undated past event before its mention
    labels = f" [{'; '.join(item['labels'])}]" if item.get("labels") else ""
    cite = f" (evidence: {', '.join(item['evidence_ids'][:3])})" if item.get("evidence_ids") else ""
    return f"- {item['text']}{said}{labels}{cite}"


def _cost(item: Row, first_in_slot: bool, slot: Slot) -> int:
    return estimate_tokens(_line(item)) + (estimate_tokens(f"## {slot.value}") if first_in_slot else 0)
