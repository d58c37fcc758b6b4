"""Governance (sections 10 and 11): candidates become versioned memories under a write policy.

Memory state is a pure function of the candidates (and, later, the person's decisions): re-running governance on the
same input gives the same memories, the same versions and the same issues.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta, tzinfo

import polars as pl

from mirror_pipeline.core.conflicts import (
    CANDIDATE_COLUMNS,
    LATER,
    EvidenceBrief,
    Suspect,
    about,
    agree,
    candidate_schema,
    cite,
    confirmation_question,
    evaluative,
    excerpt,
    in_script_of,
    interval,
    language_of,
    opinion_question,
    say,
    stale_question,
    suspects,
    two_versions_question,
    width,
    you,
)
from mirror_pipeline.core.decisions import Action, Decision, ordered
from mirror_pipeline.core.entities import canonical, people
from mirror_pipeline.core.extraction.restate import restated
from mirror_pipeline.core.identity import BY_MEANING, SlotKey, SlotStatement, Thresholds, identity_text, merges
from mirror_pipeline.core.model import (
    IssuePriority,
    IssueStatus,
    IssueType,
    Language,
    MemoryCandidate,
    MemoryIssue,
    MemoryObject,
    MemoryState,
    MemoryType,
    Scope,
    SecretReference,
    Sensitivity,
    SourceType,
    TimePrecision,
)
from mirror_pipeline.core.plans import CALLED_OFF, called_off, rescheduled
from mirror_pipeline.core.policy import Policy, Write
from mirror_pipeline.core.proposals import in_third_person
from mirror_pipeline.core.screening.questions import FoundIn, secret_question, secrets_question
from mirror_pipeline.core.states import legal_path, walk
from mirror_pipeline.core.text import local_day, stable_id
from mirror_pipeline.core.timeexpr import find_times, local_moment, resolve_anchored
from mirror_pipeline.core.versions import next_version, next_versions

# A person lives in one place and (for this first policy) works at one place, under one manager, at a time: a new
# value is a new version ("Kevin Zhou is my manager", then "刘洋是我领导" after a reorganisation: REVIEW-16 found both
# served as current); one job title at a time too ("data analyst", then "promoted to data platform lead")
SINGLE_VALUED = frozenset({"lives_in", "works_at", "manager", "has_role"})
DEFAULT_POLICY = Policy()


@dataclass(frozen=True)
class Extracted:
    """A candidate with the time the system first extracted it (system time, section 13.1)."""

    candidate: MemoryCandidate
    extracted_at: datetime


@dataclass(frozen=True)
class WriteDecision:
    state: MemoryState
    priority: IssuePriority | None
    reason: str
    reason_zh: str = ""


def write_policy(
    memory_type: MemoryType,
    predicate: str,
    sensitivity: Sensitivity,
    confidence: float,
    support: int,
    policy: Policy | None = None,
    from_person: bool = True,
) -> WriteDecision:
    """Section 10.2 through the policy table: auto-confirm (explicit, low risk), wait for the person, must confirm.
    `support` is in how many sessions it was said (a preference that recurs becomes long-term).

    An emotion snapshot is a record of what the person said they felt on a day (P4): kept as said, never asked
    about and never a fact."""
    rule = (policy or DEFAULT_POLICY).rule_for(memory_type, predicate, sensitivity, confidence, support)
    # class A is what the person said: a statement a tool or an agent proposed waits for the person, whatever the rule
    if rule.write in (Write.AUTO_CONFIRM, Write.KEEP_AS_SAID) and not from_person:
        return WriteDecision(MemoryState.PENDING_REVIEW, IssuePriority.LOW, "not said by you", "不是你自己说的")
    if rule.write in (Write.AUTO_CONFIRM, Write.KEEP_AS_SAID):
        return WriteDecision(MemoryState.CONFIRMED, None, rule.why_en or rule.name, rule.why_zh)
    return WriteDecision(MemoryState.PENDING_REVIEW, rule.priority, rule.why_en, rule.why_zh)


def slot_key(c: MemoryCandidate) -> tuple[str, ...]:
    if c.memory_type is MemoryType.EMOTION:
        # one snapshot per feeling and day: a state at a time never supersedes or merges into another day's
        return (c.subject, str(c.memory_type), c.predicate, canonical(c.object), c.valid_time_start or "")
    # "我住在世界上最美的城市": a judgement, not a value of where one lives; it stands apart (and becomes a question)
    if c.predicate in SINGLE_VALUED and not (c.memory_type is MemoryType.FACT and evaluative(c.object)):
        return (c.subject, c.predicate)
    return (c.subject, c.predicate, canonical(c.object))


def slot_statements(extracted: Sequence[Extracted]) -> list[SlotStatement]:
    """The slots that may be one identity with another by meaning (multi-valued, of a type that can be said twice in
    other words), each with its earliest-said statement: one text per slot, not per candidate (candidates with the
    same exact identity share it)."""
    slots: dict[SlotKey, list[Extracted]] = defaultdict(list)
    for e in extracted:
        c = e.candidate
        if c.memory_type in BY_MEANING and c.predicate not in SINGLE_VALUED:
            slots[slot_key(c)].append(e)
    out = []
    for key, group in slots.items():
        first = min(group, key=lambda e: (e.candidate.mention_time or e.extracted_at, e.candidate.candidate_id))
        c = first.candidate
        when = (c.mention_time or first.extracted_at).astimezone(UTC).isoformat()
        text = identity_text(c)
        out.append(SlotStatement(key, (c.subject, str(c.memory_type)), (when, key), text, str(language_of(text))))
    return out


def texts_to_embed(extracted: Sequence[Extracted]) -> list[str]:
    """What the governance asset embeds (cached by content hash): the statement of each slot that has another slot
    of its kind to be compared with."""
    found = slot_statements(extracted)
    kinds = defaultdict(int)
    for s in found:
        kinds[s.kind] += 1
    return sorted({s.text for s in found if kinds[s.kind] > 1})


def identities(
    extracted: Sequence[Extracted], vectors: Mapping[str, object] | None, policy: Policy | None = None
) -> dict[SlotKey, SlotKey]:
    """slot -> the slot whose identity it takes (only merged slots are keys): vectors in, mapping out."""
    if not vectors:
        return {}
    p = policy or DEFAULT_POLICY
    thresholds = Thresholds(p.identity_same_language, p.identity_cross_language)
    return merges(slot_statements(extracted), vectors, thresholds)  # type: ignore[arg-type]


def memory_key(c: MemoryCandidate, aliases: Mapping[SlotKey, SlotKey]) -> SlotKey:
    key = slot_key(c)
    return aliases.get(key, key)


@dataclass(frozen=True)
class Governed:
    versions: list[MemoryObject]  # every version, current ones included
    current: list[MemoryObject]
    issues: list[MemoryIssue]
    labels: dict[str, tuple[str, ...]]  # version_id -> labels shown to agents
    # what is left of forgotten memories and evidence: (target id, kind, decision) — never content
    tombstones: list[tuple[str, str, Decision]] = field(default_factory=list)
    outcomes: list[tuple[Decision, bool, str]] = field(default_factory=list)  # each decision: applied?, why
    quarantined: list[tuple[str, str, str]] = field(default_factory=list)  # (version_id, memory_id, check)
    # the first moment after `now` at which the same inputs govern otherwise (a confirmed fact turns stale); None:
    # never by time alone. Until then a run with the same candidates, decisions and policy can keep this result.
    next_change: datetime | None = None


def _local_day(moment: datetime | None, tz: tzinfo) -> str | None:
    return local_day(moment, tz)


def _said_day(c: MemoryCandidate, tz: tzinfo) -> str | None:
    """The day a candidate was said, on its evidence's own calendar (a Day One entry's zone), else the person's."""
    return local_day(local_moment(c.mention_time, c.source_timezone, tz))


def _order(tz: tzinfo):
    """Versions follow when things were true (the valid time said), else when they were said (the person's calendar
    day); within one message, the order of the words; the candidate id only makes the order total."""

    def key(e: Extracted) -> tuple:
        c = e.candidate
        effective = c.valid_time_start or _said_day(c, tz) or _local_day(e.extracted_at, tz)
        return (effective, c.mention_time or e.extracted_at, c.evidence_id, c.span_start, c.candidate_id)

    return key


def _runs(items: list[Extracted]) -> list[list[Extracted]]:
    """Consecutive candidates with the same object form one version."""
    runs: list[list[Extracted]] = []
    for item in items:
        if runs and canonical(runs[-1][-1].candidate.object) == canonical(item.candidate.object):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _said_order(e: Extracted) -> tuple:
    c = e.candidate
    return (c.mention_time or e.extracted_at, c.evidence_id, c.span_start, c.candidate_id)


def _turns(items: list[Extracted]) -> list[list[Extracted]]:
    """Consecutive statements that a plan holds, or that it is off, form one version; a move of the planned thing to
    another time is a version of its own (the same move said again joins it)."""
    runs: list[list[Extracted]] = []
    for item in items:
        c, last = item.candidate, runs[-1][-1].candidate if runs else None
        if (
            last is not None
            and (last.predicate == CALLED_OFF) == (c.predicate == CALLED_OFF)
            and (not rescheduled(c) or (rescheduled(last) and last.valid_time_start == c.valid_time_start))
            and (not next_version(c) or (next_version(last) and _same_value(last, c)))
        ):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _same_value(a: MemoryCandidate, b: MemoryCandidate) -> bool:
    return a.valid_time_start == b.valid_time_start and canonical(a.object) == canonical(b.object)


def _time_clusters(items: list[Extracted]) -> list[list[Extracted]]:
    """Accounts of one event grouped by whether their times agree (precision-aware: "2021" holds "2021-06"); an
    account without a time agrees with any. Two or more groups are two versions of when it happened."""
    timed = sorted(
        (e for e in items if interval(e.candidate.valid_time_start, e.candidate.valid_time_end)),
        key=lambda e: interval(e.candidate.valid_time_start, e.candidate.valid_time_end),
    )
    clusters: list[list[Extracted]] = []
    spans: list[tuple[date, date]] = []
    for e in timed:
        span = interval(e.candidate.valid_time_start, e.candidate.valid_time_end)
        assert span is not None
        hit = next((i for i, s in enumerate(spans) if agree(s, span)), None)
        if hit is None:
            clusters.append([e])
            spans.append(span)
        else:
            clusters[hit].append(e)
            spans[hit] = (min(spans[hit][0], span[0]), max(spans[hit][1], span[1]))
    timed_ids = {id(e) for e in timed}
    untimed = [e for e in items if id(e) not in timed_ids]
    if not clusters:
        return [items]
    clusters[0] = clusters[0] + untimed
    return clusters


def _sessions(run: list[Extracted], evidence: dict[str, EvidenceBrief]) -> int:
    sessions = {
        evidence[e.candidate.evidence_id].session_id if e.candidate.evidence_id in evidence else e.candidate.evidence_id
        for e in run
    }
    return len(sessions)


def _from_person(run: list[Extracted]) -> bool:
    """Said by the person at least once (not only proposed by a tool or an agent)."""
    return any(e.candidate.speaker == "user" and e.candidate.source_type is not SourceType.TOOL for e in run)


def _move(m: MemoryObject, *targets: MemoryState, **changes) -> MemoryObject:
    """A memory through legal moves only (7.2), each recorded in its state path."""
    state = walk(m.state, *targets)
    path = (m.state_path or (str(m.state),)) + tuple(str(t) for t in targets)
    return replace(m, state=state, state_path=path, **changes)


def _version(
    memory_id: str,
    version: int,
    run: list[Extracted],
    supersedes: str | None,
    policy: Policy,
    evidence: dict[str, EvidenceBrief],
    own_key: SlotKey | None = None,
) -> MemoryObject:
    # a memory merged from statements in two languages (`own_key`: its identity's slot) keeps the words of the first
    # said, so what a decision saw stays its value; the others add their evidence
    own = ([e for e in run if slot_key(e.candidate) == own_key] or run) if own_key else run
    best = max(own, key=lambda e: (e.candidate.confidence, e.candidate.valid_time_start is not None))
    c = best.candidate
    evidence_ids = tuple(dict.fromkeys(e.candidate.evidence_id for e in run))
    sessions = _sessions(run, evidence)
    decision = write_policy(
        c.memory_type, c.predicate, c.sensitivity, c.confidence, sessions, policy, _from_person(run)
    )
    # the most precise of the times that agree ("2021" and "2021-06": June 2021)
    timed_all = [e.candidate for e in run if interval(e.candidate.valid_time_start, e.candidate.valid_time_end)]
    timed = min(
        timed_all,
        key=lambda t: (width(interval(t.valid_time_start, t.valid_time_end)), t.valid_time_end is None),  # type: ignore[arg-type]
        default=None,
    )
    # "2021年之前" / "before I moved": an upper bound without a start is kept (the tightest one said), never dropped
    bounded = None
    if timed is None:
        bounded = min(
            (e.candidate for e in run if e.candidate.valid_time_end and not e.candidate.valid_time_start),
            key=lambda t: (t.valid_time_end, t.candidate_id),
            default=None,
        )
    said = [e.candidate for e in run if e.candidate.time_expression]
    path = (MemoryState.CAPTURED, MemoryState.EXTRACTED, MemoryState.INFERRED, decision.state)
    # a preference said in two sessions is long-term; a feeling of one day never is
    scope = c.scope
    if c.memory_type is MemoryType.PREFERENCE:
        scope = Scope.LONG_TERM if sessions >= 2 else Scope.CROSS_SESSION  # long-term once it recurs
    if c.memory_type is MemoryType.EMOTION:
        scope = Scope.SESSION
    return MemoryObject(
        memory_id=memory_id,
        memory_type=c.memory_type,
        state=walk(*path),
        subject=c.subject,
        predicate=c.predicate,
        object=c.object,
        content_text=c.content_text,
        confidence=max(e.candidate.confidence for e in run),
        importance=max(e.candidate.importance for e in run),
        sensitivity=c.sensitivity,
        scope=scope,
        source_type=c.source_type,
        evidence_ids=evidence_ids,
        created_at=min(e.extracted_at for e in run),
        updated_at=max(e.extracted_at for e in run),
        valid_time_start=timed.valid_time_start if timed else None,
        valid_time_end=timed.valid_time_end if timed else (bounded.valid_time_end if bounded else None),
        time_precision=(timed or bounded or c).time_precision,
        # an unresolved time keeps its words ("疫情后不久"): said, not invented
        time_expression=(timed or bounded).time_expression  # type: ignore[union-attr]
        if (timed or bounded)
        else (said[0].time_expression if said else None),
        version=version,
        supersedes=supersedes,
        confirmed_by="auto" if decision.state is MemoryState.CONFIRMED else None,
        state_path=tuple(str(p) for p in path),
    )


# Which events of the person's own timeline date an anchored time ("孩子出生前几个月", "after I graduated")
ANCHOR_EVENTS = {"child_born": "child_born", "graduated_from": "graduation", "married": "marriage"}


def known_anchor_events(extracted: Sequence[Extracted]) -> dict[str, tuple[date, date]]:
    """The interval of each anchor event the timeline knows: the earliest dated event of that kind."""
    known: dict[str, tuple[date, date]] = {}
    for e in extracted:
        c = e.candidate
        anchor = ANCHOR_EVENTS.get(c.predicate)
        if c.memory_type is not MemoryType.EVENT or anchor is None or not c.valid_time_start:
            continue
        interval = (date.fromisoformat(c.valid_time_start), date.fromisoformat(c.valid_time_end or c.valid_time_start))
        if anchor not in known or interval < known[anchor]:
            known[anchor] = interval
    return known


def resolve_event_anchors(extracted: Sequence[Extracted]) -> list[Extracted]:
    """Times said relative to an event ("孩子出生前几个月我换了工作") get a rough interval once that event is on the
    timeline; until then they stay unresolved, with their words kept. Pure: the same candidates give the same result."""
    known = known_anchor_events(extracted)
    out = []
    for e in extracted:
        c = e.candidate
        if known and c.time_expression and not c.valid_time_start and not c.valid_time_end:
            mentions = [t for t in find_times(c.time_expression, None) if t.anchor]
            resolved = resolve_anchored(mentions[0], known) if mentions else None
            if resolved is not None and resolved.resolved:
                end = resolved.end_iso if c.memory_type is MemoryType.EVENT else None
                c = replace(
                    c, valid_time_start=resolved.start_iso, valid_time_end=end, time_precision=TimePrecision.ROUGH
                )
                e = replace(e, candidate=c)
        out.append(e)
    return out


# a duration said as still true: "搬到杭州三年了", "已经两年", "for three years", "since 2021"
_STILL_TRUE = re.compile(
    r"[年月周天]了|已经|至今|到现在|\bfor (?:\d+|a|an|one|two|three|four|five|six|several|many) "
    r"(?:years?|months?|weeks?)\b|\bsince\b",
    re.IGNORECASE,
)


def still_true(time_expression: str | None) -> bool:
    return bool(time_expression and _STILL_TRUE.search(time_expression))


def _mention_day(run: list[Extracted], tz: tzinfo) -> str | None:
    said = [e.candidate for e in run if e.candidate.mention_time]
    return _said_day(max(said, key=lambda c: c.mention_time), tz) if said else None


def _last_said(run: list[Extracted]) -> datetime:
    return max(e.candidate.mention_time or e.extracted_at for e in run)


def value_key(obj: str) -> str:
    """Which value of a memory a decision was about, in a form that survives re-extraction ("A公司" = "A Company")."""
    return stable_id("val", canonical(obj))  # a digest: a decision file never holds a memory's words


def pick_token(m: MemoryObject) -> str:
    return f"pick\x1f{m.memory_id}\x1f{value_key(m.object)}\x1f{m.valid_time_start or ''}"


@dataclass
class Effects:
    """The person's decisions, replayed in order, as what they do to each memory and issue."""

    confirms: dict[str, list[tuple[str | None, Decision]]] = field(default_factory=lambda: defaultdict(list))
    rejects: dict[str, list[tuple[str | None, Decision]]] = field(default_factory=lambda: defaultdict(list))
    edits: dict[str, Decision] = field(default_factory=dict)
    picks: dict[str, tuple[str, str, Decision]] = field(default_factory=dict)  # memory -> (value, start, decision)
    kinds: dict[str, tuple[str, Decision]] = field(default_factory=dict)  # "as_opinion" / "as_fact" / ...
    forgotten: dict[str, Decision] = field(default_factory=dict)
    forgotten_evidence: dict[str, Decision] = field(default_factory=dict)
    deferred: dict[str, tuple[str, Decision]] = field(default_factory=dict)
    dismissed: dict[str, Decision] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)  # decision id -> what it did
    next_change: datetime | None = None  # the earliest moment a rule's outcome turns by time alone (Governed's)

    def changes_at(self, moment: datetime) -> None:
        if self.next_change is None or moment < self.next_change:
            self.next_change = moment

    @staticmethod
    def of(decisions: Sequence[Decision]) -> Effects:
        fx = Effects()
        for d in ordered(decisions):
            fx._add(d)
        return fx

    def _add(self, d: Decision) -> None:
        if d.action is Action.CONFIRM:
            self.confirms[d.target].append((d.object_key, d))
        elif d.action is Action.REJECT:
            self.rejects[d.target].append((d.object_key, d))
        elif d.action is Action.EDIT and d.text:
            self.edits[d.target] = d
        elif d.action is Action.FORGET:
            self.forgotten[d.target] = d
        elif d.action is Action.FORGET_EVIDENCE:
            self.forgotten_evidence[d.target] = d
        elif d.action is Action.LATER:
            self.deferred[d.target] = (d.evidence_key or "", d)
        elif d.action is Action.DISMISS:
            self.dismissed[d.target] = d
        elif d.action is Action.CHOOSE:
            self._choose(d)

    def _choose(self, d: Decision) -> None:
        """An answer to a question: what its option did, recorded with the decision (`extra.effect`), so it still
        applies when the question's id or wording changes."""
        effect = str(d.extra.get("effect", ""))
        memory_ids = [str(m) for m in d.extra.get("memory_ids", [])]
        keys = d.extra.get("object_keys", {}) or {}
        if effect == "later":
            self.deferred[d.target] = (d.evidence_key or "", d)
        elif effect in ("confirm", "still", "both", "as_fact"):
            for m in memory_ids:
                self.confirms[m].append((keys.get(m), d))
        elif effect in ("reject", "no_longer"):
            for m in memory_ids:
                self.rejects[m].append((keys.get(m), d))
        elif effect == "as_opinion":
            for m in memory_ids:
                self.kinds[m] = ("as_opinion", d)
        elif effect == "edit" and d.text and len(memory_ids) == 1:  # a wording is of one memory, never of all three
            self.edits[memory_ids[0]] = d
        elif effect.startswith("pick\x1f"):
            _, memory_id, value, start = effect.split("\x1f")
            self.picks[memory_id] = (value, start, d)
            self.confirms[memory_id].append((value, d))  # the account chosen is confirmed by the person
            for other in memory_ids:  # a relation said two ways: the other account is not right
                if other != memory_id:
                    self.rejects[other].append((None, d))

    def confirmed(self, m: MemoryObject) -> Decision | None:
        hits = [d for key, d in self.confirms.get(m.memory_id, []) if key in (None, value_key(m.object))]
        return hits[-1] if hits else None

    def rejected(self, memory_id: str, obj: str) -> Decision | None:
        hits = [d for key, d in self.rejects.get(memory_id, []) if key in (None, value_key(obj))]
        return hits[-1] if hits else None


def _mark_used(fx: Effects, d: Decision | None, what: str) -> None:
    if d is not None:
        fx.used.setdefault(d.decision_id, what)


def _superseding(
    head: MemoryObject, decision: Decision, changes: dict, target: MemoryState = MemoryState.CONFIRMED
) -> MemoryObject:
    """A new version made by the person (an edit, a choice): it supersedes the head, says who and when."""
    base = replace(
        head,
        version=head.version + 1,
        supersedes=head.version_id,
        state=MemoryState.INFERRED,
        state_path=(str(MemoryState.CAPTURED), str(MemoryState.EXTRACTED), str(MemoryState.INFERRED)),
        updated_at=decision.at,
        changed_by=decision.by,
        decision_id=decision.decision_id,
        **changes,
    )
    return _move(base, target, last_confirmed_at=decision.at, confirmed_by="user")


def _people_linked(items: list[Extracted]) -> list[Extracted]:
    """Each statement about a person named or nicknamed ("阿斌", "老于") attached to the person a relationship the
    user stated names (`entities.people`: subject "user's husband"); one of a name no relationship names stays as
    said."""
    index = people(
        (e.candidate.predicate, e.candidate.object) for e in items if e.candidate.memory_type is MemoryType.RELATIONSHIP
    )
    out = []
    for e in items:
        c = e.candidate
        who = None if c.subject == "user" or c.subject.startswith("user's ") else index.subject_of(c.subject)
        out.append(e if who is None else replace(e, candidate=replace(c, subject=who)))
    return out


def govern(
    extracted: Sequence[Extracted],
    tz: tzinfo = UTC,
    *,
    decisions: Sequence[Decision] = (),
    policy: Policy | None = None,
    now: datetime | None = None,
    evidence: dict[str, EvidenceBrief] | None = None,
    user_names: Sequence[str] = (),
    vectors: Mapping[str, object] | None = None,
) -> Governed:
    """All memories, their versions and the issues they raise: a pure function of the candidates, the person's
    decisions, the policy and `now` (one per run). `tz` is the person's timezone: "said the same day" and the end of
    a superseded version are days of the person's calendar. `vectors` (statement text -> embedding, from
    `texts_to_embed`) lets one statement said in two languages or two ways be one memory; without them only exact
    identities merge."""
    policy = policy or DEFAULT_POLICY
    # briefs on the person's clock: a question cites the day they lived (a diary of 06-30, 00:00 Shanghai, not 06-29)
    evidence = {
        k: replace(b, timestamp=local_moment(b.timestamp, b.source_timezone, tz)) for k, b in (evidence or {}).items()
    }
    forgotten_evidence = {d.target for d in decisions if d.action is Action.FORGET_EVIDENCE}
    items = [e for e in resolve_event_anchors(extracted) if e.candidate.evidence_id not in forgotten_evidence]
    items = _people_linked(items)  # "阿斌" said later is the husband of "我老公阿斌": one subject, one person
    # one identity for one statement said in two languages or two ways (vectors in, mapping out)
    aliases = identities(items, vectors, policy)
    # a change of mind ("成都不去了") is the next version of the plan it is about
    items, off = called_off(items, lambda c: memory_key(c, aliases))
    aliases = {**aliases, **off}
    # a correction ("不是12号，是14号") and a new figure of an attribute ("rent went up to 1,450") are the next version
    # of the memory holding the value they change
    items, changed = next_versions(items, lambda c: memory_key(c, aliases))
    aliases = {**aliases, **changed}
    # a decision about a memory that is now one with another applies to the one it joined
    redirect = {stable_id("mem", *k): stable_id("mem", *v) for k, v in aliases.items()}
    fx = Effects.of([_redirected(d, redirect) for d in decisions] if redirect else decisions)
    # evidence that says a change happened ("I moved", "我入职了"): a new value there is a change, not a doubt
    change_evidence = {e.candidate.evidence_id for e in items if e.candidate.memory_type is MemoryType.EVENT}
    slots: dict[tuple[str, ...], list[Extracted]] = defaultdict(list)
    for e in items:
        slots[memory_key(e.candidate, aliases)].append(e)
    suspected = suspects(_candidate_frame(slots, tz))
    merged_heads = set(aliases.values())

    versions: list[MemoryObject] = []
    current: list[MemoryObject] = []
    issues: list[MemoryIssue] = []
    tombstones: list[tuple[str, str, Decision]] = []
    for evidence_id, d in sorted(fx.forgotten_evidence.items()):
        tombstones.append((evidence_id, "evidence", d))
        _mark_used(fx, d, "evidence forgotten")
    for memory_id, d in sorted(fx.forgotten.items()):
        tombstones.append((memory_id, "memory", d))
        _mark_used(fx, d, "memory forgotten: a content-free tombstone stays")
    pending: list[tuple[MemoryObject, list[Extracted]]] = []
    for key in sorted(slots):
        memory_id = stable_id("mem", *key)
        if memory_id in fx.forgotten:
            continue
        chain, head, slot_issues = _govern_slot(
            memory_id,
            key,
            slots[key],
            tz,
            fx,
            policy,
            evidence,
            now,
            change_evidence,
            pending,
            suspected.get(memory_id, frozenset()),
            key in merged_heads,
        )
        versions.extend(chain)
        if head is not None:
            current.append(head)
        issues.extend(slot_issues)
    current, versions = _ended_by_events(current, versions, slots, tz)
    current, relation_issues, versions = _relation_conflicts(
        current, versions, fx, evidence, user_names, {m for m, k in suspected.items() if Suspect.RELATION in k}
    )
    issues.extend(relation_issues)
    in_conflict = {m.memory_id for m in current if m.state is MemoryState.CONFLICTED}
    issues.extend(
        _grouped_confirmations([p for p in pending if p[0].memory_id not in in_conflict], evidence, policy, tz)
    )
    versions, current, quarantined, check_issues = quarantine(versions, current)
    issues.extend(check_issues)
    issues = [_in_their_script(i, evidence) for i in _ration(issues, fx)]
    labels = {m.version_id: memory_labels(m, user_names) for m in versions}
    outcomes = [
        (d, d.decision_id in fx.used, fx.used.get(d.decision_id) or _unmatched_reason(d)) for d in ordered(decisions)
    ]
    return Governed(versions, current, issues, labels, tombstones, outcomes, quarantined, fx.next_change)


# an event that ends a state: "my last day at Beichen", "我从北辰离职了" ends "works at Beichen" from that day (REVIEW-16
# #3: the old employer was served as current after the person left it)
ENDED_BY = {"left": "works_at"}


def _ended_by_events(
    current: list[MemoryObject], versions: list[MemoryObject], slots: Mapping[SlotKey, list[Extracted]], tz: tzinfo
) -> tuple[list[MemoryObject], list[MemoryObject]]:
    """A current state whose ending event was said after the state's last mention is superseded, its valid time
    closed on the event's day; the event stays on the timeline. A state said again after the event holds."""
    said = {stable_id("mem", *key): run for key, run in slots.items()}
    endings: dict[tuple[str, str, str], list[MemoryObject]] = defaultdict(list)
    for m in current:
        if m.predicate in ENDED_BY:
            endings[(m.subject, ENDED_BY[m.predicate], canonical(m.object))].append(m)
    if not endings:
        return current, versions
    # each ending event's first telling
    first = {
        e.memory_id: min(said[e.memory_id], key=_said_at) for es in endings.values() for e in es if e.memory_id in said
    }
    closed: dict[str, MemoryObject] = {}
    for m in current:
        if m.state not in (MemoryState.CONFIRMED, MemoryState.PENDING_REVIEW) or m.memory_id not in said:
            continue
        last = _last_said(said[m.memory_id])
        after = [
            e
            for e in endings.get((m.subject, m.predicate, canonical(m.object)), ())
            if e.memory_id in first and _said_at(first[e.memory_id]) > last
        ]
        if after:
            ended = min(after, key=lambda e: _said_at(first[e.memory_id]))
            end = ended.valid_time_start or _said_day(first[ended.memory_id].candidate, tz)
            closed[m.version_id] = _move(m, MemoryState.SUPERSEDED, valid_time_end=end)
    if not closed:
        return current, versions
    return (
        [m for m in current if m.version_id not in closed],
        [closed.get(m.version_id, m) for m in versions],
    )


def _candidate_frame(slots: Mapping[SlotKey, list[Extracted]], tz: tzinfo) -> pl.DataFrame:
    """Every candidate as a row under the memory it belongs to, for the conflict joins (`conflicts.suspects`)."""
    cols: dict[str, list] = {name: [] for name in CANDIDATE_COLUMNS}
    for key, group in slots.items():
        memory_id = stable_id("mem", *key)
        single = key[1] in SINGLE_VALUED and len(key) == 2
        for e in group:
            c = e.candidate
            cols["memory_id"].append(memory_id)
            cols["memory_type"].append(str(c.memory_type))
            cols["subject"].append(c.subject)
            cols["predicate"].append(c.predicate)
            cols["object_key"].append(key[2] if len(key) == 3 else canonical(c.object))
            cols["object"].append(c.object)
            cols["start"].append(c.valid_time_start)
            cols["end"].append(c.valid_time_end)
            cols["day"].append(_said_day(c, tz))
            cols["single"].append(single)
    return pl.DataFrame(cols, schema=candidate_schema())


def _redirected(d: Decision, redirect: Mapping[str, str]) -> Decision:
    target = redirect.get(d.target, d.target)
    ids = d.extra.get("memory_ids")
    if target == d.target and not (ids and any(str(m) in redirect for m in ids)):
        return d
    extra = dict(d.extra)
    if ids:
        extra["memory_ids"] = list(dict.fromkeys(redirect.get(str(m), str(m)) for m in ids))
        keys = extra.get("object_keys") or {}
        # a merged memory's value is its identity's (many-valued: the value is part of the identity)
        extra["object_keys"] = {k: v for k, v in keys.items() if k not in redirect}
    effect = str(extra.get("effect", ""))
    if effect.startswith("pick\x1f"):
        parts = effect.split("\x1f")
        parts[1] = redirect.get(parts[1], parts[1])
        extra["effect"] = "\x1f".join(parts)
    object_key = None if target != d.target else d.object_key
    return replace(d, target=target, extra=extra, object_key=object_key)


def _unmatched_reason(d: Decision) -> str:
    if d.action in (Action.LATER, Action.DISMISS) or (d.action is Action.CHOOSE and d.extra.get("effect") == "later"):
        return "no such question now"
    return "kept: no current memory it applies to (it applies again if the memory comes back)"


def _govern_slot(
    memory_id: str,
    key: tuple[str, ...],
    items: list[Extracted],
    tz: tzinfo,
    fx: Effects,
    policy: Policy,
    evidence: dict[str, EvidenceBrief],
    now: datetime | None,
    change_evidence: set[str],
    pending: list[tuple[MemoryObject, list[Extracted]]],
    suspect: frozenset[Suspect] = frozenset(),
    merged: bool = False,
) -> tuple[list[MemoryObject], MemoryObject | None, list[MemoryIssue]]:
    """One memory: its versions, its head (None when nothing of it is served), its questions; a head that waits
    for a plain confirmation goes to `pending` (asked together with what the same message said)."""
    own_key = key if merged else None
    ordered_items = sorted(items, key=_order(tz))
    first = ordered_items[0].candidate
    if any(e.candidate.predicate == CALLED_OFF or rescheduled(e.candidate) or next_version(e.candidate) for e in items):
        # a plan and the changes of mind about it, in the order they were said (a plan for next year is called off
        # this year): each turn is a version, the newest stands
        ordered_items = sorted(items, key=_said_order)
        runs = _turns(ordered_items)
        kind = "plan"
    elif key[1] in SINGLE_VALUED and first.memory_type is not MemoryType.EMOTION:
        runs = _runs(ordered_items)
        kind = "single"
    elif first.memory_type is MemoryType.EVENT:
        runs = _time_clusters(ordered_items)
        kind = "event"
    else:
        runs = [ordered_items]
        kind = "plain"
    # what the person said is wrong is kept as history, never served
    kept: list[list[Extracted]] = []
    rejected: list[tuple[list[Extracted], Decision]] = []
    for run in runs:
        d = fx.rejected(memory_id, run[0].candidate.object)
        if d is not None:
            rejected.append((run, d))
        else:
            kept.append(run)
    chain: list[MemoryObject] = []
    for number, run in enumerate(kept, start=1):
        chain.append(
            _version(memory_id, number, run, chain[-1].version_id if chain else None, policy, evidence, own_key)
        )
    archived: list[MemoryObject] = []
    for number, (run, d) in enumerate(rejected, start=len(kept) + 1):
        v = _version(memory_id, number, run, None, policy, evidence, own_key)
        archived.append(
            _move(v, MemoryState.ARCHIVED, decision_id=d.decision_id, changed_by=d.by, tags=(*v.tags, "rejected"))
        )
        _mark_used(fx, d, "rejected")
    if not chain:
        return archived, None, []

    issues: list[MemoryIssue] = []
    # only what the joins suspect is looked at (a superset of what can be contested)
    may_conflict = bool(suspect & {Suspect.TIMELINE, Suspect.SAME_DAY, Suspect.VALUES})
    contested = _contested(kind, kept, chain, tz, fx, change_evidence) if may_conflict else None
    conflict_kind = contested[0] if contested else None
    pick = fx.picks.get(memory_id)
    picked_index = None
    if contested and pick is not None:
        value, start, d = pick
        for i in contested[1]:
            if value_key(chain[i].object) == value and (chain[i].valid_time_start or "") == start:
                picked_index = i

    # the end of a version is where the next begins; a duration said as still true ("搬到杭州三年了") holds
    # through its mention
    def close(i: int) -> None:
        nxt = chain[i + 1]
        end = chain[i].valid_time_end or nxt.valid_time_start or _mention_day(kept[i + 1], tz)
        held = _mention_day(kept[i], tz) if still_true(chain[i].time_expression) else None
        if held and end and held > end:
            end = held
        chain[i] = _move(chain[i], MemoryState.SUPERSEDED, valid_time_end=end)

    if contested and picked_index is not None:
        d = pick[2]
        for i in range(len(chain) - 1):
            if kind == "single" and i not in contested[1]:
                close(i)
            else:
                chain[i] = _move(chain[i], MemoryState.SUPERSEDED)
        chosen = chain[picked_index]
        head = chain[-1]
        if head.state is not MemoryState.SUPERSEDED:
            chain[-1] = _move(head, MemoryState.SUPERSEDED)
        new = _superseding(chain[-1], d, _content_of(chosen))
        chain.append(new)
        _mark_used(fx, d, f"chose version {picked_index + 1}")
    elif contested and conflict_kind is not None:
        idx = contested[1]
        for i in range(len(chain)):
            if i in idx:
                continue
            if kind == "single" and i < idx[0]:
                close(i)
            elif i < len(chain) - 1:
                chain[i] = _move(chain[i], MemoryState.SUPERSEDED)
        for i in idx:
            if chain[i].state is not MemoryState.SUPERSEDED:
                chain[i] = _move(chain[i], MemoryState.CONFLICTED)
        issue = _conflict_issue(conflict_kind, [chain[i] for i in idx], [kept[i] for i in idx], evidence)
        if issue.issue_id in fx.dismissed:
            _mark_used(fx, fx.dismissed[issue.issue_id], "dismissed: the newest account stands")
            # not a real conflict, says the person: the newest account stands, the older are history
            for i in idx[:-1]:
                chain[i] = _move(chain[i], MemoryState.SUPERSEDED)
            chain[idx[-1]] = _move(chain[idx[-1]], MemoryState.PENDING_REVIEW)
        else:
            issues.append(issue)
    else:
        for i in range(len(chain) - 1):
            close(i)

    head = chain[-1]
    head, extra_versions = _apply_to_head(head, fx, kept[-1], tz)
    chain[-1:] = extra_versions or [head]
    head = chain[-1]
    head, stale_issue = _staleness(head, kept[-1], fx, policy, now, evidence, tz)
    chain[-1] = head
    if stale_issue:
        issues.append(stale_issue)
    head, opinion_issue, more = (
        _opinion_as_fact(head, kept[-1], fx, evidence)
        if Suspect.OPINION in suspect or head.memory_id in fx.kinds
        else (head, None, [])
    )
    chain[-1:] = more or [head]
    head = chain[-1]
    if opinion_issue:
        issues.append(opinion_issue)
    if head.state is MemoryState.PENDING_REVIEW and not any(
        i.issue_type is IssueType.OPINION_FACT_CONFUSION for i in issues
    ):
        pending.append((head, kept[-1]))
    if head.state is MemoryState.ARCHIVED:
        return chain + archived, None, issues
    return chain + archived, head, issues


def _content_of(m: MemoryObject) -> dict:
    return {
        "object": m.object,
        "content_text": m.content_text,
        "memory_type": m.memory_type,
        "valid_time_start": m.valid_time_start,
        "valid_time_end": m.valid_time_end,
        "time_precision": m.time_precision,
        "time_expression": m.time_expression,
        "evidence_ids": m.evidence_ids,
    }


def _contested(
    kind: str,
    runs: list[list[Extracted]],
    chain: list[MemoryObject],
    tz: tzinfo,
    fx: Effects,
    change_evidence: set[str],
) -> tuple[str, list[int]] | None:
    """Which versions contradict each other, and how: two times of one event (timeline), two values said the same
    day (fact), or what the person confirmed against a newer account that says no change happened (stale vs
    recent). A move or a new job said as such is a change, not a conflict."""
    if kind == "event" and len(chain) >= 2:
        return ("timeline", list(range(len(chain))))
    if kind != "single" or len(chain) < 2:
        return None
    if _mention_day(runs[-1], tz) == _mention_day(runs[-2], tz) and not chain[-1].valid_time_start:
        return ("fact", [len(chain) - 2, len(chain) - 1])
    older_confirmed = fx.confirmed(chain[-2])
    newest_says_change = chain[-1].valid_time_start or any(e.candidate.evidence_id in change_evidence for e in runs[-1])
    if older_confirmed is not None and older_confirmed.at < _last_said(runs[-1]) and not newest_says_change:
        return ("recent", [len(chain) - 2, len(chain) - 1])
    return None


def _apply_to_head(
    head: MemoryObject, fx: Effects, run: list[Extracted], tz: tzinfo = UTC
) -> tuple[MemoryObject, list[MemoryObject]]:
    """Confirm and edit: a confirmation changes the state (who and when recorded); an edit is a new version."""
    d = fx.confirmed(head)
    if d is not None and (d.at >= _last_said(run) or head.confirmed_by != "user"):
        if head.state in (MemoryState.PENDING_REVIEW, MemoryState.CONFLICTED):
            head = _move(
                head, MemoryState.CONFIRMED, last_confirmed_at=d.at, confirmed_by="user", decision_id=d.decision_id
            )
        elif head.state is MemoryState.CONFIRMED:
            head = replace(head, last_confirmed_at=d.at, confirmed_by="user", decision_id=d.decision_id)
        _mark_used(fx, d, "confirmed")
    edit = fx.edits.get(head.memory_id)
    if edit is not None and edit.text and edit.object_key in (None, value_key(head.object)):
        text = edit.text.strip()
        old = _move(head, MemoryState.SUPERSEDED) if head.state is not MemoryState.SUPERSEDED else head
        # the structure says what the person's new words say ("用户患有爸生病" edited to the father's stroke is no
        # longer the user's diagnosis), read on the day the memory's evidence was said
        said = next((e.candidate for e in reversed(run)), None)
        at = local_moment(said.mention_time, said.source_timezone, tz) if said else None
        read = restated(text, head.memory_type, head.subject, at)
        # served in the third person, every time phrase kept: an agent reads the person's "I" as itself
        served = in_third_person(text)
        changes = {"subject": read.subject, "predicate": read.predicate, "object": read.object, "content_text": served}
        changes.update(_edited_time(text, head, at, read.read))
        new = _superseding(old, edit, changes)
        _mark_used(fx, edit, "edited: a new version")
        return new, [old, new]
    return head, []


def _edited_time(text: str, head: MemoryObject, at: datetime | None, read: MemoryCandidate | None = None) -> dict:
    """The time an edit's own words say ("我2026年10月3日搬到了…", "下周一入职"), resolved on the day the memory's
    evidence was said (`at`), as extraction dates a statement; none said: the memory keeps its time. Where the words
    set a known attribute (`read`, the candidate it was read from), the time is the one said of it, never the first
    time word of another clause ("works at Lantu Health (lead since 2026-08); left Beichen on 2025-03-14")."""
    if read is not None:
        if not read.time_expression or not (read.valid_time_start or read.valid_time_end):
            return {}
        return {
            "valid_time_start": read.valid_time_start,
            "valid_time_end": read.valid_time_end,
            "time_precision": read.time_precision,
            "time_expression": read.time_expression,
        }
    found = [t for t in find_times(text, at) if t.resolved]
    if not found:
        return {}
    time = found[0]
    # an event (a feeling, a plan) is its interval; a state said with a closed range ended then, else holds on
    whole = head.memory_type in (MemoryType.EVENT, MemoryType.EMOTION) or head.predicate.startswith("plans")
    return {
        "valid_time_start": time.start_iso,
        "valid_time_end": time.end_iso if whole or time.closed_range else None,
        "time_precision": time.precision,
        "time_expression": time.expression,
    }


def _staleness(
    head: MemoryObject,
    run: list[Extracted],
    fx: Effects,
    policy: Policy,
    now: datetime | None,
    evidence: dict[str, EvidenceBrief],
    tz: tzinfo = UTC,
) -> tuple[MemoryObject, MemoryIssue | None]:
    """A current-state fact not said again nor confirmed for its type's time may no longer hold (events never)."""
    days = policy.stale_after_days.get(head.predicate)
    if (
        now is None
        or days is None
        or head.memory_type is not MemoryType.FACT
        or head.state is not MemoryState.CONFIRMED
    ):
        return head, None
    last = max([_last_said(run)] + ([head.last_confirmed_at] if head.last_confirmed_at else []))
    stale_from = last + timedelta(days=days + 1)  # the first moment (now - last).days > days
    if now < stale_from:
        fx.changes_at(stale_from)
        return head, None
    head = _move(head, MemoryState.STALE)
    no_longer = fx.rejected(head.memory_id, head.object)
    if no_longer is not None:  # handled as a rejection before: unreachable, kept for clarity
        return head, None
    # in the language of the person's words ("我现在住在东京" asks in Chinese, though the sentence is English)
    lang = _lang([run], evidence, head.content_text)
    question, options = stale_question(_say(head, lang), lang, str(_local_day(last, tz)))
    issue = MemoryIssue(
        issue_id=stable_id("iss", head.memory_id, IssueType.STALE_MEMORY),
        issue_type=IssueType.STALE_MEMORY,
        priority=IssuePriority.LOW,
        status=IssueStatus.OPEN,
        memory_ids=(head.memory_id,),
        question=question,
        options=options,
        evidence_ids=head.evidence_ids,
        created_at=head.updated_at,
        choices=("still", "no_longer", "later"),
        impact=head.importance,
        language=str(lang),
        evidence_key=_evidence_key(head.evidence_ids),
    )
    return head, issue


def _opinion_as_fact(
    head: MemoryObject, run: list[Extracted], fx: Effects, evidence: dict[str, EvidenceBrief]
) -> tuple[MemoryObject, MemoryIssue | None, list[MemoryObject]]:
    """19.2: a judgement ("Python is the best language") is never stored as a fact: it waits as a question."""
    if head.memory_type is not MemoryType.FACT or not evaluative(head.object):
        return head, None, []
    choice = fx.kinds.get(head.memory_id)
    if choice is not None:
        old = _move(head, MemoryState.SUPERSEDED) if head.state is not MemoryState.SUPERSEDED else head
        new = _superseding(old, choice[1], {"memory_type": MemoryType.OPINION})
        _mark_used(fx, choice[1], "stored as your view")
        return new, None, [old, new]
    if head.confirmed_by == "user":
        return head, None, []  # the person said it is a fact
    if head.state is MemoryState.CONFIRMED:
        head = replace(
            head,
            state=MemoryState.PENDING_REVIEW,
            confirmed_by=None,
            state_path=(*head.state_path[:-1], str(MemoryState.PENDING_REVIEW)),
        )
    lang = _lang([run], evidence, head.content_text)
    question, options = opinion_question(_say(head, lang), lang, _citation(run[-1], evidence, lang))
    issue = MemoryIssue(
        issue_id=stable_id("iss", head.memory_id, IssueType.OPINION_FACT_CONFUSION),
        issue_type=IssueType.OPINION_FACT_CONFUSION,
        priority=IssuePriority.MEDIUM,
        status=IssueStatus.OPEN,
        memory_ids=(head.memory_id,),
        question=question,
        options=options,
        evidence_ids=head.evidence_ids,
        created_at=head.created_at,
        choices=("as_opinion", "as_fact", "later"),
        impact=head.importance,
        language=str(lang),
        evidence_key=_evidence_key(head.evidence_ids),
    )
    return head, issue, []


def _citation(e: Extracted, evidence: dict[str, EvidenceBrief], lang: Language) -> str:
    c = e.candidate
    brief = evidence.get(c.evidence_id)
    words = excerpt(brief.text, c.span_start, c.span_end) if brief else c.content_text
    when = (brief.timestamp if brief else None) or c.mention_time
    return cite(when, words, lang)


def _say(m: MemoryObject, lang: Language) -> str:
    return say(m.content_text, m.predicate, m.object, str(m.memory_type), lang)


def _lang(runs: Sequence[list[Extracted]], evidence: dict[str, EvidenceBrief], *fallback: str) -> Language:
    """The language the person used: of their own words (the evidence), else of the memory's sentence."""
    words = [evidence[e.candidate.evidence_id].text for run in runs for e in run if e.candidate.evidence_id in evidence]
    return language_of(*words) if words else language_of(*fallback)


def _evidence_key(evidence_ids: Sequence[str]) -> str:
    return stable_id("evk", *sorted(set(evidence_ids)))


def _relation_conflicts(
    current: list[MemoryObject],
    versions: list[MemoryObject],
    fx: Effects,
    evidence: dict[str, EvidenceBrief],
    user_names: Sequence[str],
    suspected: set[str] | None = None,
) -> tuple[list[MemoryObject], list[MemoryIssue], list[MemoryObject]]:
    """11.1 relation_conflict: one person recorded as two relations (a friend and a direct manager). Both stay,
    marked conflicted, until the person says which (or both). `suspected`: the memories the joins found under a
    name said two ways (None: every relation is looked at)."""
    by_other: dict[str, list[MemoryObject]] = defaultdict(list)
    for m in current:
        if suspected is not None and m.memory_id not in suspected:
            continue
        if m.memory_type is MemoryType.RELATIONSHIP and m.state is not MemoryState.ARCHIVED:
            by_other[canonical(m.object)].append(m)
    issues: list[MemoryIssue] = []
    replaced: dict[str, MemoryObject] = {}
    for other in sorted(by_other):
        group = sorted(by_other[other], key=lambda m: m.memory_id)
        if len({m.predicate for m in group}) < 2:
            continue
        if all(m.confirmed_by == "user" for m in group):
            continue  # the person said each of them: both hold
        words = [evidence[e].text for m in group for e in m.evidence_ids if e in evidence]
        lang = language_of(*(words or [m.content_text for m in group]))
        cites = []
        for m in group:
            brief = evidence.get(m.evidence_ids[0])
            words = excerpt(brief.text) if brief else m.content_text
            cites.append(
                f"{_say(m, lang)}（{cite(brief.timestamp if brief else None, words, lang)}）"
                if lang is Language.ZH
                else f"{you(m.content_text, lang)} ({cite(brief.timestamp if brief else None, words, lang)})"
            )
        question, options = two_versions_question("relation", group[0].object, cites, lang)
        issue = MemoryIssue(
            issue_id=stable_id("iss", *(m.memory_id for m in group), IssueType.RELATION_CONFLICT),
            issue_type=IssueType.RELATION_CONFLICT,
            priority=IssuePriority.HIGH,
            status=IssueStatus.OPEN,
            memory_ids=tuple(m.memory_id for m in group),
            question=question,
            options=options,
            evidence_ids=tuple(dict.fromkeys(e for m in group for e in m.evidence_ids)),
            created_at=max(m.created_at for m in group),
            choices=(*(pick_token(m) for m in group), "both", "later"),
            impact=max(m.importance for m in group) + 0.1 * len(group),
            language=str(lang),
            evidence_key=_evidence_key([e for m in group for e in m.evidence_ids]),
        )
        if issue.issue_id in fx.dismissed:
            _mark_used(fx, fx.dismissed[issue.issue_id], "dismissed")
            continue
        issues.append(issue)
        for m in group:
            if m.state in (MemoryState.PENDING_REVIEW, MemoryState.CONFIRMED):
                replaced[m.version_id] = _move(m, MemoryState.CONFLICTED)
    if not replaced:
        return current, issues, versions
    # a conflicted relation's own confirmation question is settled by the conflict's answer
    issues_out = issues
    current = [replaced.get(m.version_id, m) for m in current]
    versions = [replaced.get(m.version_id, m) for m in versions]
    return current, issues_out, versions


def quarantine(
    versions: list[MemoryObject], current: list[MemoryObject]
) -> tuple[list[MemoryObject], list[MemoryObject], list[tuple[str, str, str]], list[MemoryIssue]]:
    """The governance checks on every version (section 7.2 and P2). A broken memory is withheld from serving (its
    versions are kept) and the person gets a question; the home never stops."""
    found = governance_violations(versions, {m.version_id for m in current})
    if not found:
        return versions, current, [], []
    bad = {memory_id for _, memory_id, _ in found}
    issues = []
    for memory_id, check in sorted({(m, c) for _, m, c in found}):
        mine = [m for m in versions if m.memory_id == memory_id]
        head = max(mine, key=lambda m: m.version)
        lang = language_of(head.content_text)
        why_zh, why_en = _CHECK_WORDS.get(check, ("没通过一致性检查", "it failed a consistency check"))
        if lang is Language.ZH:
            question, options = (
                f"「{you(head.content_text, lang)}」这条记忆暂时搁置了：{why_zh}。还要保留吗？",
                (
                    "保留",
                    "不要了",
                    LATER[lang],
                ),
            )
        else:
            question, options = (
                f"“{you(head.content_text, lang)}” was set aside: {why_en}. Keep it?",
                (
                    "keep it",
                    "drop it",
                    LATER[lang],
                ),
            )
        issues.append(
            MemoryIssue(
                issue_id=stable_id("iss", memory_id, "quarantine"),
                issue_type=IssueType.CONFIRMATION_NEEDED,
                priority=IssuePriority.HIGH,
                status=IssueStatus.OPEN,
                memory_ids=(memory_id,),
                question=question,
                options=options,
                evidence_ids=tuple(dict.fromkeys(e for m in mine for e in m.evidence_ids)),
                created_at=min(m.created_at for m in mine),
                choices=("confirm", "reject", "later"),
                impact=head.importance,
                language=str(lang),
                evidence_key=_evidence_key([e for m in mine for e in m.evidence_ids]),
            )
        )
    current = [m for m in current if m.memory_id not in bad]
    versions = [replace(m, tags=(*m.tags, "quarantined")) if m.memory_id in bad else m for m in versions]
    return versions, current, found, issues


# what each governance check means to the person (never the check's internal name)
_CHECK_WORDS = {
    "transitions_legal": ("它的状态变化不合规则", "its history of states breaks the rules"),
    "confirmed_has_evidence_or_decision": ("它被确认了，却没有出处也没有你的决定", "it is confirmed with no source"),
    "no_opinion_stored_as_fact": ("它像是看法，却被当成了事实", "it reads as a view but was kept as a fact"),
    "supersede_chain_acyclic": ("它的版本链绕成了圈", "its versions point at each other in a circle"),
    "one_current_version": ("它同时有两个当前版本", "it has two current versions"),
}


def governance_violations(versions: Sequence[MemoryObject], current_ids: set[str]) -> list[tuple[str, str, str]]:
    """(version_id, memory_id, check) for every broken rule: states legal, every recorded move legal, one current
    version per memory, supersede chains acyclic, every confirmed memory has evidence or a decision, no opinion
    stored as a confirmed fact."""
    out: list[tuple[str, str, str]] = []
    by_id = {m.version_id: m for m in versions}
    heads: dict[str, int] = defaultdict(int)
    for m in versions:
        if m.state_path and not legal_path(m.state_path):
            out.append((m.version_id, m.memory_id, "transitions_legal"))
        if m.version_id in current_ids:
            heads[m.memory_id] += 1
        if m.state is MemoryState.CONFIRMED and not m.evidence_ids and m.decision_id is None:
            out.append((m.version_id, m.memory_id, "confirmed_has_evidence_or_decision"))
        if (
            m.state is MemoryState.CONFIRMED
            and m.memory_type is MemoryType.FACT
            and m.confirmed_by != "user"
            and evaluative(m.object)
        ):
            out.append((m.version_id, m.memory_id, "no_opinion_stored_as_fact"))
        seen = {m.version_id}
        step = m.supersedes
        while step is not None:
            if step in seen:
                out.append((m.version_id, m.memory_id, "supersede_chain_acyclic"))
                break
            seen.add(step)
            step = by_id[step].supersedes if step in by_id else None
    out += [("", memory_id, "one_current_version") for memory_id, n in heads.items() if n > 1]
    return out


PRIORITY_RANK = {IssuePriority.CRITICAL: 0, IssuePriority.HIGH: 1, IssuePriority.MEDIUM: 2, IssuePriority.LOW: 3}


def _ration(issues: list[MemoryIssue], fx: Effects) -> list[MemoryIssue]:
    """12.1: most pressing first (priority, then impact); a question put off ("later") sleeps until something new
    bears on it (its evidence changes); a dismissed one is not asked again."""
    out = []
    for issue in issues:
        if issue.issue_id in fx.dismissed:
            _mark_used(fx, fx.dismissed[issue.issue_id], "dismissed")
            issue = replace(issue, status=IssueStatus.DISMISSED, resolved_at=fx.dismissed[issue.issue_id].at)
        elif issue.issue_id in fx.deferred:
            key, d = fx.deferred[issue.issue_id]
            if key == issue.evidence_key:
                _mark_used(fx, d, "put off until something new bears on it")
                issue = replace(issue, status=IssueStatus.DEFERRED)
            else:
                _mark_used(fx, d, "asked again: something new bears on it")
        out.append(issue)
    return sorted(out, key=lambda i: (PRIORITY_RANK[i.priority], -i.impact, i.created_at, i.issue_id))


def memory_labels(memory: MemoryObject, user_names: Sequence[str] = ()) -> tuple[str, ...]:
    """What an agent must know before it relies on a memory."""
    labels = [str(memory.state)]
    if memory.state in (MemoryState.CONFIRMED, MemoryState.STALE):
        labels.append("confirmed by you" if memory.confirmed_by == "user" else "auto-confirmed")
    if memory.state is MemoryState.PENDING_REVIEW:
        labels.append("unconfirmed")
    if memory.state is MemoryState.CONFLICTED:
        labels.append("in conflict: do not rely on it")
    if memory.state is MemoryState.STALE:
        labels.append("may be out of date")
    if memory.memory_type is MemoryType.OPINION:
        labels.append("opinion")
    if memory.memory_type is MemoryType.EMOTION:
        labels.append(f"emotion snapshot of {memory.valid_time_start or 'an unknown day'}, not a fact")
    if memory.confidence < 0.7 and memory.confirmed_by != "user":  # the person's word outweighs the reader's doubt
        labels.append("uncertain")
    if memory.sensitivity in (Sensitivity.HIGH, Sensitivity.RESTRICTED):
        labels.append("sensitive")
    if memory.memory_type is MemoryType.RELATIONSHIP and canonical(memory.object) in {canonical(n) for n in user_names}:
        # "my cousin Wei" when the person is also called Wei: another person of the same name
        labels.append(f"another person named {memory.object}, not you")
    return tuple(labels)


def _confirmation_issue(
    group: list[tuple[MemoryObject, list[Extracted]]], evidence: dict[str, EvidenceBrief], policy: Policy
) -> MemoryIssue:
    """One question for the memories one message said (12.1: one answer settles every memory it can)."""
    rules = [
        write_policy(
            m.memory_type, m.predicate, m.sensitivity, m.confidence, _sessions(run, evidence), policy, _from_person(run)
        )
        for m, run in group
    ]
    priority = min((r.priority or IssuePriority.MEDIUM for r in rules), key=PRIORITY_RANK.__getitem__)
    runs = [run for _, run in group]
    lang = _lang(runs, evidence, *(m.content_text for m, _ in group))
    whys = list(dict.fromkeys((r.reason_zh if lang is Language.ZH else r.reason) for r in rules))
    why = ("、" if lang is Language.ZH else ", ").join(w for w in whys if w)
    sources = {run[-1].candidate.evidence_id for run in runs}
    # statements of several messages: each cites its own; of one message, the message is cited once
    each = None
    if len(sources) > 1:  # a message is cited after the last of its statements
        ids = [run[-1].candidate.evidence_id for run in runs]
        each = [
            _citation(run[-1], evidence, lang) if i + 1 == len(ids) or ids[i + 1] != ids[i] else ""
            for i, run in enumerate(runs)
        ]
    question, options = confirmation_question(
        [_say(m, lang) for m, _ in group], why, lang, "" if each else _citation(runs[0][-1], evidence, lang), each
    )
    memory_ids = tuple(m.memory_id for m, _ in group)
    evidence_ids = tuple(dict.fromkeys(e for m, _ in group for e in m.evidence_ids))
    return MemoryIssue(
        issue_id=stable_id("iss", *memory_ids, IssueType.CONFIRMATION_NEEDED),
        issue_type=IssueType.CONFIRMATION_NEEDED,
        priority=priority,
        status=IssueStatus.OPEN,
        memory_ids=memory_ids,
        question=question,
        options=options,
        evidence_ids=evidence_ids,
        created_at=min(m.created_at for m, _ in group),
        choices=("confirm", "reject", "edit", "later"),
        impact=max(m.importance for m, _ in group) + 0.1 * (len(group) - 1),
        language=str(lang),
        evidence_key=_evidence_key(evidence_ids),
    )


def _grouped_confirmations(
    pending: list[tuple[MemoryObject, list[Extracted]]],
    evidence: dict[str, EvidenceBrief],
    policy: Policy,
    tz: tzinfo = UTC,
) -> list[MemoryIssue]:
    """12.1: one answer settles every memory it can, and a question asks about related things only. What one
    conversation (a chat, a journal) said on one day (the person's) is asked together, in the language it was said,
    at most `policy.max_memories_per_question` statements a question (a question must stay easy to answer), in the
    order they were said. A message with a sensitive statement is asked on its own (REVIEW-6: a father's death was
    bundled with an allergy, a move and two other days' statements)."""
    sensitive = {
        run[-1].candidate.evidence_id
        for m, run in pending
        if m.sensitivity in (Sensitivity.HIGH, Sensitivity.RESTRICTED)
    }
    groups: dict[tuple[str, str, str], list[tuple[MemoryObject, list[Extracted]]]] = defaultdict(list)
    for m, run in pending:
        last = run[-1].candidate
        brief = evidence.get(last.evidence_id)
        session = brief.session_id if brief and brief.session_id else last.evidence_id
        if last.evidence_id in sensitive:
            together = last.evidence_id
        else:
            together = _said_day(last, tz) or _local_day(run[-1].extracted_at, tz) or ""
        groups[(session, together, str(_lang([run], evidence, m.content_text)))].append((m, run))
    size = policy.max_memories_per_question
    out = []
    for _, g in sorted(groups.items()):
        g = sorted(
            g,
            key=lambda x: (
                _said_at(x[1][-1]),
                x[1][-1].candidate.evidence_id,
                x[1][-1].candidate.span_start,
                x[0].memory_id,
            ),
        )
        out += [_confirmation_issue(g[i : i + size], evidence, policy) for i in range(0, len(g), size)]
    return out


def _in_their_script(issue: MemoryIssue, evidence: Mapping[str, EvidenceBrief | FoundIn]) -> MemoryIssue:
    """A Chinese question about words written in Traditional characters, asked in them."""
    if issue.language != str(Language.ZH):
        return issue
    texts = [evidence[e].text for e in issue.evidence_ids if e in evidence]
    question, *options = in_script_of(texts, issue.question, *issue.options)
    return replace(issue, question=question, options=tuple(options))


def _said_at(e: Extracted) -> datetime:
    return e.candidate.mention_time or e.extracted_at


_KIND_TYPE = {
    "timeline": IssueType.TIMELINE_CONFLICT,
    "fact": IssueType.FACT_CONFLICT,
    "recent": IssueType.STALE_VS_RECENT_CONFLICT,
}


def _conflict_issue(
    kind: str, sides: list[MemoryObject], runs: list[list[Extracted]], evidence: dict[str, EvidenceBrief]
) -> MemoryIssue:
    """Both versions stay; the question cites each side's evidence (date and a short excerpt)."""
    head = sides[-1]
    lang = _lang(runs, evidence, *(m.content_text for m in sides))
    options = []
    for m, run in zip(sides, runs, strict=True):
        said = m.time_expression or m.valid_time_start or "" if kind == "timeline" else m.object
        options.append(
            f"{said}（{_citation(run[-1], evidence, lang)}）"
            if lang is Language.ZH
            else f"{said} ({_citation(run[-1], evidence, lang)})"
        )
    question, shown = two_versions_question(
        kind, about(head.predicate, head.object, head.content_text, lang), options, lang
    )
    # the career and where one lives weigh more than the rest
    impact = max(m.importance for m in sides) + (
        0.5 if head.predicate in ("works_at", "lives_in", "left", "joined") else 0.0
    )
    return MemoryIssue(
        issue_id=stable_id("iss", head.memory_id, _KIND_TYPE[kind]),
        issue_type=_KIND_TYPE[kind],
        priority=IssuePriority.HIGH,
        status=IssueStatus.OPEN,
        memory_ids=(head.memory_id,),
        question=question,
        options=shown,
        evidence_ids=tuple(dict.fromkeys(e for m in sides for e in m.evidence_ids)),
        created_at=max(m.created_at for m in sides),
        choices=(*(pick_token(m) for m in sides), "later"),
        impact=impact,
        language=str(lang),
        evidence_key=_evidence_key([e for m in sides for e in m.evidence_ids]),
    )


def secret_reference_issues(
    refs: Sequence[SecretReference], found: Mapping[str, FoundIn] | None = None
) -> list[MemoryIssue]:
    """Section 10.2 puts every secret reference in the must-confirm class: each one waits for the person, who says
    whether it is what it seems and where the secret is kept (never the secret itself). `found`: where each
    reference's evidence stands (by evidence id): the question then names the date, the source and a masked excerpt
    (core/screening/questions.py), in the evidence's language. The references of one kind are one question (one
    answer settles them all; `mirror secrets` lists each), and a low-priority one: where a password is kept matters
    less to a memory than whether what it says of the person is right (REVIEW-6: 14 of the first 29 questions)."""
    groups: dict[tuple[str, Language], list[tuple[SecretReference, str]]] = defaultdict(list)
    for ref in refs:
        if ref.state is not MemoryState.PENDING_REVIEW:
            continue
        question, lang = secret_question(
            ref.secret_ref_id, ref.kind, ref.label, ref.hint, (found or {}).get(ref.evidence_id)
        )
        groups[(ref.kind, lang)].append((ref, question))
    out = []
    for (kind, lang), group in groups.items():
        several = len(group) > 1
        if several:
            question = secrets_question(
                kind, [(r.secret_ref_id, (found or {}).get(r.evidence_id)) for r, _ in group], lang
            )
        else:
            question = group[0][1]
        if lang is Language.ZH:
            options = ("都对" if several else "对", "有不是秘密的（选哪几条）" if several else "不是秘密")
            options += ("记下保存位置（都一样）" if several else "记下保存位置", LATER[lang])
        else:
            options = (
                "yes, all" if several else "yes",
                "some are not secrets (say which)" if several else "not a secret",
            )
            options += (
                "set where they are kept (the same for all)" if several else "set where it is kept",
                LATER[lang],
            )
        ids = tuple(r.secret_ref_id for r, _ in group)
        evidence_ids = tuple(dict.fromkeys(r.evidence_id for r, _ in group))
        out.append(
            MemoryIssue(
                issue_id=stable_id("iss", *sorted(ids), IssueType.CONFIRMATION_NEEDED),
                issue_type=IssueType.CONFIRMATION_NEEDED,
                priority=IssuePriority.LOW,
                status=IssueStatus.OPEN,
                memory_ids=ids,
                question=question,
                options=options,
                evidence_ids=evidence_ids,
                created_at=min(r.created_at or datetime(1970, 1, 1, tzinfo=UTC) for r, _ in group),
                choices=("confirm", "reject", "set_vault", "later"),
                impact=1.0,
                language=str(lang),
                evidence_key=_evidence_key(list(evidence_ids)),
            )
        )
    return [
        _in_their_script(i, {r.evidence_id: f for r in refs if (f := (found or {}).get(r.evidence_id))}) for i in out
    ]


def apply_to_secret_references(
    refs: Sequence[SecretReference], decisions: Sequence[Decision]
) -> tuple[list[SecretReference], set[str]]:
    """The person confirms a secret reference, says where it is kept and gives a hint (already validated by
    `hints.checked_hint` when the decision was made), or says it is not a secret. Returns the references and the
    decisions applied."""
    by_id = {r.secret_ref_id: r for r in refs}
    used: set[str] = set()
    for d in ordered(decisions):
        # an answer to a question names the question; the references it asked about are in the answer (a vault
        # given for a question about several names the first and the others)
        targets = list(d.extra.get("memory_ids") or [])
        targets = targets if d.action is Action.CHOOSE else [d.target, *targets]
        for target in targets:
            ref = by_id.get(target)
            if ref is None:
                continue
            if d.action in (Action.CONFIRM, Action.SET_VAULT) or (
                d.action is Action.CHOOSE and d.extra.get("effect") == "confirm"
            ):
                changes: dict = {"state": MemoryState.CONFIRMED}
                if d.vault:
                    changes["vault"] = d.vault
                if d.hint:
                    changes["hint"] = d.hint
                by_id[target] = replace(ref, **changes)
                used.add(d.decision_id)
            elif d.action is Action.REJECT or (d.action is Action.CHOOSE and d.extra.get("effect") == "reject"):
                by_id[target] = replace(ref, state=MemoryState.ARCHIVED)
                used.add(d.decision_id)
    return [by_id[r.secret_ref_id] for r in refs], used
