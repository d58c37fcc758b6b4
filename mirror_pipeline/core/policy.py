"""The write policy (sections 10.1, 10.2) as a typed table: one rule a record, first match wins.

Read from `mirror.yaml` section `policy` (every key optional; the defaults below are the policy):

    policy:
      max_questions_per_review: 7
      stale_after_days: {lives_in: 365, works_at: 365}
      archive_after_days: 540
      rules: [...]            # replaces the default rules when given
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mirror_pipeline.core.model import IssuePriority, MemoryType, Sensitivity


class Write(StrEnum):
    AUTO_CONFIRM = "auto_confirm"  # class A: explicit, low risk, from the person
    WAIT = "wait_for_person"  # class B: valuable, the person should confirm
    MUST_CONFIRM = "must_confirm"  # class C: never served as true before the person says so
    KEEP_AS_SAID = "keep_as_said"  # a dated feeling: recorded as said, never a long-term fact, never asked


class Rule(BaseModel):
    """Which memories a rule covers (every listed condition must hold; an empty list holds for all) and what it does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    write: Write
    memory_types: tuple[MemoryType, ...] = ()
    predicates: tuple[str, ...] = ()
    sensitivities: tuple[Sensitivity, ...] = ()
    below_confidence: float | None = None  # holds when confidence < this
    min_confidence: float | None = None  # holds when confidence >= this
    min_sessions: int = 1  # holds when said in at least this many sessions (a preference that recurs)
    priority: IssuePriority = IssuePriority.MEDIUM
    why_en: str = ""
    why_zh: str = ""

    def holds(
        self, memory_type: MemoryType, predicate: str, sensitivity: Sensitivity, confidence: float, sessions: int
    ) -> bool:
        return (
            (not self.memory_types or memory_type in self.memory_types)
            and (not self.predicates or predicate in self.predicates)
            and (not self.sensitivities or sensitivity in self.sensitivities)
            and (self.below_confidence is None or confidence < self.below_confidence)
            and (self.min_confidence is None or confidence >= self.min_confidence)
            and sessions >= self.min_sessions
        )


HEALTH_MONEY_IDENTITY = (
    "diagnosed_with",
    "health",
    "medication",
    "income",
    "salary",
    "debt",
    "owns_account",
    "identity",
    "nationality",
    "born_on",
    "gender",
)
CAREER = ("works_at", "joined", "left", "role", "job_title", "studies_at")
GOALS = ("goal", "plans_to", "wants_to")

DEFAULT_RULES: tuple[Rule, ...] = (
    Rule(
        name="feelings_are_dated_snapshots",
        write=Write.KEEP_AS_SAID,
        memory_types=(MemoryType.EMOTION,),
        why_en="a feeling of one day, kept as said",
        why_zh="某一天的感受，按原话保留",
    ),
    Rule(
        name="sensitive_must_be_confirmed",
        write=Write.MUST_CONFIRM,
        sensitivities=(Sensitivity.HIGH, Sensitivity.RESTRICTED),
        priority=IssuePriority.HIGH,
        why_en="sensitive",
        why_zh="涉及敏感信息",
    ),
    Rule(
        name="health_money_identity_must_be_confirmed",
        write=Write.MUST_CONFIRM,
        predicates=HEALTH_MONEY_IDENTITY,
        priority=IssuePriority.HIGH,
        why_en="health, money or identity",
        why_zh="涉及健康、财务或身份",
    ),
    Rule(
        # a hedged or loosely read statement ("maybe I like hiking", "搬家花了三天") is not served as true, but it is
        # a small question (12.1: ask when it matters): it waits, asked last
        name="uncertain_waits",
        write=Write.WAIT,
        below_confidence=0.7,
        priority=IssuePriority.LOW,
        why_en="not said clearly",
        why_zh="说法不够明确",
    ),
    Rule(
        name="career_waits",
        write=Write.WAIT,
        predicates=CAREER,
        priority=IssuePriority.MEDIUM,
        why_en="your work",
        why_zh="关于你的工作",
    ),
    Rule(
        name="relations_wait",
        write=Write.WAIT,
        memory_types=(MemoryType.RELATIONSHIP,),
        priority=IssuePriority.MEDIUM,
        why_en="someone close to you",
        why_zh="关于你身边的人",
    ),
    Rule(
        name="family_whereabouts_wait",  # "我哥哥在苏州工作", "My grandparents are in Harbin"
        write=Write.WAIT,
        predicates=("family_in",),
        priority=IssuePriority.MEDIUM,
        why_en="where your family are",
        why_zh="关于你的家人在哪里",
    ),
    Rule(
        name="goals_wait",
        write=Write.WAIT,
        predicates=GOALS,
        priority=IssuePriority.MEDIUM,
        why_en="a long-term goal",
        why_zh="关于长期目标",
    ),
    Rule(
        name="where_you_live_is_low_risk",  # "我现在住东京" (10.2 class A), and the move that says so
        write=Write.AUTO_CONFIRM,
        memory_types=(MemoryType.FACT, MemoryType.EVENT),
        predicates=("lives_in", "moved_to"),
        min_confidence=0.85,
    ),
    Rule(
        # "I really prefer quiet places on weekends", "我喜欢早上六点起床跑步": the person's own explicit words, low
        # risk (10.2 class A); a hedge ("maybe", "可能") reads below 0.8. Long-term only once it recurs (see scope)
        name="explicit_preference",
        write=Write.AUTO_CONFIRM,
        memory_types=(MemoryType.PREFERENCE,),
        min_confidence=0.8,
    ),
    Rule(
        name="recurring_preference",
        write=Write.AUTO_CONFIRM,
        memory_types=(MemoryType.PREFERENCE,),
        min_sessions=2,
    ),
    Rule(
        # "我不喝咖啡", "I don't drink alcohol" said loosely or once: a limit a plan must respect (a dinner, a trip)
        name="what_you_avoid_waits",
        write=Write.WAIT,
        memory_types=(MemoryType.PREFERENCE,),
        predicates=("avoids",),
        priority=IssuePriority.MEDIUM,
        why_en="something you avoid",
        why_zh="你避开的东西",
    ),
    Rule(
        name="one_off_preference_waits",
        write=Write.WAIT,
        memory_types=(MemoryType.PREFERENCE,),
        priority=IssuePriority.LOW,
        why_en="said once",
        why_zh="只提到过一次",
    ),
    Rule(
        # "I think the management track is not for me": the person's view in their own words, kept as a view
        # (labelled an opinion, never a fact)
        name="explicit_view",
        write=Write.AUTO_CONFIRM,
        memory_types=(MemoryType.OPINION,),
        min_confidence=0.8,
    ),
    Rule(
        name="opinions_wait",
        write=Write.WAIT,
        memory_types=(MemoryType.OPINION,),
        priority=IssuePriority.LOW,
        why_en="your view",
        why_zh="你的看法",
    ),
)

FALLBACK = Rule(name="default_waits", write=Write.WAIT, why_en="worth keeping", why_zh="值得记住")


class Policy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rules: tuple[Rule, ...] = DEFAULT_RULES
    max_questions_per_review: int = Field(default=7, ge=1)
    # one confirmation question asks about what one conversation (session) said, at most this many statements
    max_memories_per_question: int = Field(default=5, ge=1)
    # a current-state fact not said again nor confirmed for this long may no longer hold (events never go stale)
    stale_after_days: dict[str, int] = Field(
        default_factory=lambda: {"lives_in": 365, "works_at": 365, "role": 365, "goal": 180, "plans_to": 180}
    )
    # a memory not mentioned for this long is proposed for archiving in the monthly review
    archive_after_days: int = Field(default=540, ge=1)
    # two statements of one kind (subject, memory type) are one memory ("I love hiking" / "我很喜欢徒步") when their
    # multilingual embeddings are this alike: in one language (a near-copy), across languages (each the other's
    # nearest, above this floor); calibrated on benchmarks/governance/identity_pairs.jsonl
    identity_same_language: float = Field(default=0.99, ge=0.0, le=1.0)
    identity_cross_language: float = Field(default=0.85, ge=0.0, le=1.0)
    # new statements embedded per run at most (~50 a second on 2 cores); the rest are compared on later runs
    identity_embed_budget: int = Field(default=2000, ge=0)

    def rule_for(
        self, memory_type: MemoryType, predicate: str, sensitivity: Sensitivity, confidence: float, sessions: int
    ) -> Rule:
        return _first_rule(self.rules, memory_type, predicate, sensitivity, confidence, sessions)


@lru_cache(maxsize=65536)
def _first_rule(
    rules: tuple[Rule, ...],
    memory_type: MemoryType,
    predicate: str,
    sensitivity: Sensitivity,
    confidence: float,
    sessions: int,
) -> Rule:
    """First match wins; cached by the rules themselves (frozen), so thousands of memories cost a few lookups."""
    for rule in rules:
        if rule.holds(memory_type, predicate, sensitivity, confidence, sessions):
            return rule
    return FALLBACK


def policy_from_config(section: dict[str, Any] | None) -> Policy:
    return Policy.model_validate(section or {})
