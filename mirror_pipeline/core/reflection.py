"""The weekly reflection (Generative Agents' `reflect()`, section 12.3): insights drawn from the governed memories and
the person's own words of a period, stored as `inferred` memories with the evidence they rest on, never confirmed on
their own (they wait for the person, labelled inferred everywhere), written in the language of that evidence.

Offline and deterministic by default. An insight is a theme that recurs across sessions of the period, or a change
the period brought:

- a person or a place the memories know (a relation's name, a place name), mentioned in the person's own words in at
  least `min_sessions` sessions of the period;
- a feeling (emotion snapshots) said on at least `min_sessions` days;
- an activity: a content word shared by the memories of what the person does, likes or plans, said in at least
  `min_sessions` sessions (a word the person uses in most of everything they write says nothing: it is skipped);
- a change: a value the period replaced (a move, a new job), with both sides.

With a model configured (`reflection.with_model` and `extraction.model`), `adapters/reflection.py` may add the
model's insights, each checked here against the evidence it was shown (`accept_model_insights`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mirror_pipeline.core.conflicts import language_of, say
from mirror_pipeline.core.entities import USER_ALIASES, canonical, is_place
from mirror_pipeline.core.model import Language
from mirror_pipeline.core.text import stable_id

Row = dict[str, Any]


class ReflectionSettings(BaseModel):
    """`mirror.yaml` section `reflection` (the weekly review's insights)."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    window_days: int = Field(28, ge=1, description="the period the weekly reflection looks back over")
    min_sessions: int = Field(3, ge=2, description="a theme recurs when said in at least this many sessions (days)")
    max_insights: int = Field(5, ge=0, description="at most this many new or renewed insights a week")
    with_model: bool = Field(False, description="also ask the model of `extraction.model` (off: rules only)")


class InsightKind(StrEnum):
    PERSON = "person"
    PLACE = "place"
    FEELING = "feeling"
    ACTIVITY = "activity"
    CHANGE = "change"
    MODEL = "model"  # said by a model over the period's evidence (checked, still only inferred)


@dataclass(frozen=True)
class Insight:
    """One inferred memory: what was noticed, on which evidence, from which memories."""

    memory_id: str
    kind: InsightKind
    theme: str  # what the insight is about (its object): a name, a feeling, a word, "old -> new"
    content_text: str
    language: str
    evidence_ids: tuple[str, ...]
    source_memory_ids: tuple[str, ...]
    sessions: int
    first_seen: datetime
    last_seen: datetime
    sensitivity: str = "low"
    derived_by: str = "rules"
    extra: dict[str, Any] = field(default_factory=dict)

    def row(self, derived_at: datetime) -> Row:
        """Its row of the `reflections` table."""
        return {
            "memory_id": self.memory_id,
            "kind": str(self.kind),
            "theme": self.theme,
            "content_text": self.content_text,
            "language": self.language,
            "evidence_ids": list(self.evidence_ids),
            "source_memory_ids": list(self.source_memory_ids),
            "sessions": self.sessions,
            "first_seen": self.first_seen,
            "last_seen": self.last_seen,
            "sensitivity": self.sensitivity,
            "derived_by": self.derived_by,
            "derived_at": derived_at,
        }


TEXTS = {
    InsightKind.PERSON: {"zh": "这几周你常常提到{o}", "en": "You often talked about {o} in these weeks"},
    InsightKind.PLACE: {"zh": "这几周你常常说起{o}", "en": "{o} came up often in these weeks"},
    InsightKind.FEELING: {
        "zh": "这几周你好几天都说自己{o}",
        "en": "On several days in these weeks you said you felt {o}",
    },
    InsightKind.ACTIVITY: {
        "zh": "「{o}」是你这几周反复说到的事（比如：{e}）",
        "en": "“{o}” kept coming up in these weeks (for instance: {e})",
    },
    InsightKind.CHANGE: {
        "zh": "这几周有了变化：以前{a}，现在{b}",
        "en": "A change in these weeks: before, {a}; now, {b}",
    },
}
SENSITIVITY_RANK = {"low": 0, "medium": 1, "high": 2, "restricted": 3}
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{3,}")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _lang(texts: Iterable[str]) -> str:
    """The language of the evidence (mixed counts as Chinese, as every question does)."""
    return str(language_of(*texts))


def _ids(*parts: str) -> str:
    return stable_id("mem", "reflection", *parts)


def content_words(text: str) -> set[str]:
    """The words of a text that can name a theme: English words of four letters or more (lower-cased), Chinese
    words of two characters or more (rjieba); never the words a memory's sentence uses for the person ("the user",
    "用户": the system's, not theirs)."""
    words = {w.lower() for w in _WORD.findall(text)} - USER_ALIASES
    runs = _HAN_RUN.findall(text)
    if runs:
        import rjieba  # loaded only when there is Chinese text

        for run in runs:
            words |= {w for w in rjieba.cut(run) if len(w) >= 2}
    return words - USER_ALIASES


@dataclass(frozen=True)
class _Said:
    evidence_id: str
    session: str
    at: datetime
    text: str


def _said(evidence: Sequence[Row], start: datetime, end: datetime) -> list[_Said]:
    """The person's own words of the period (never an assistant's, never someone else's)."""
    out = []
    for e in evidence:
        at = e.get("timestamp")
        if at is None or (e.get("actor") or "user") != "user" or not (start <= at <= end):
            continue
        out.append(
            _Said(e["evidence_id"], str(e.get("session_id") or e["evidence_id"]), at, e.get("raw_content") or "")
        )
    return sorted(out, key=lambda s: (s.at, s.evidence_id))


def _sensitivity(memories: Iterable[Row]) -> str:
    ranks = [SENSITIVITY_RANK.get(str(m.get("sensitivity") or "low"), 0) for m in memories]
    top = max(ranks, default=0)
    return next(k for k, v in SENSITIVITY_RANK.items() if v == top)


def _insight(
    kind: InsightKind,
    theme: str,
    said: Sequence[_Said],
    sources: Sequence[Row],
    text_of: dict[str, str],
    key: str | None = None,
) -> Insight:
    lang = _lang(s.text for s in said) if said else _lang(m["content_text"] for m in sources)
    return Insight(
        memory_id=_ids(str(kind), key or canonical(theme)),
        kind=kind,
        theme=theme,
        content_text=text_of[lang],
        language=lang,
        evidence_ids=tuple(dict.fromkeys(s.evidence_id for s in said))[-12:],
        source_memory_ids=tuple(sorted({m["memory_id"] for m in sources})),
        sessions=len({s.session for s in said}),
        first_seen=min(s.at for s in said),
        last_seen=max(s.at for s in said),
        sensitivity=_sensitivity(sources),
    )


def _mentions(name: str, said: Sequence[_Said]) -> list[_Said]:
    """Where the person's words name it: a Latin-script name as a whole word ("Friend1" is not in "Friend10")."""
    if not name.strip():
        return []
    pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", re.IGNORECASE)
    return [s for s in said if pattern.search(s.text)]


def _named(memories: Sequence[Row], said: Sequence[_Said], min_sessions: int) -> list[Insight]:
    """People and places the memories know, mentioned in the person's words in enough sessions."""
    found: dict[tuple[InsightKind, str], tuple[str, list[Row]]] = {}
    for m in memories:
        obj = str(m.get("object") or "")
        if m.get("memory_type") == "relationship":
            kind = InsightKind.PERSON
        elif is_place(obj):
            kind = InsightKind.PLACE
        else:
            continue
        name, sources = found.setdefault((kind, canonical(obj)), (obj, []))
        sources.append(m)
    out = []
    for (kind, _), (name, sources) in sorted(found.items()):
        hits = _mentions(name, said)
        if len({s.session for s in hits}) >= min_sessions:
            texts = {lang: t.format(o=name) for lang, t in TEXTS[kind].items()}
            out.append(_insight(kind, name, hits, sources, texts))
    return out


def _feelings(memories: Sequence[Row], said: Sequence[_Said], min_sessions: int) -> list[Insight]:
    """The same feeling said on enough days (each day's feeling is its own emotion snapshot)."""
    by_feeling: dict[str, list[Row]] = defaultdict(list)
    for m in memories:
        if m.get("memory_type") == "emotion":
            by_feeling[canonical(str(m["object"]))].append(m)
    at = {s.evidence_id: s for s in said}
    out = []
    for _, sources in sorted(by_feeling.items()):
        hits = [at[e] for m in sources for e in m["evidence_ids"] if e in at]
        days = {s.at.date() for s in hits}
        if len(days) >= min_sessions:
            name = str(sources[0]["object"])
            texts = {lang: t.format(o=name) for lang, t in TEXTS[InsightKind.FEELING].items()}
            out.append(_insight(InsightKind.FEELING, name, sorted(hits, key=lambda s: s.at), sources, texts))
    return out


def _activities(
    memories: Sequence[Row], said: Sequence[_Said], everything: Sequence[str], min_sessions: int
) -> list[Insight]:
    """A content word shared by the memories of what the person does, likes or plans, in enough sessions. A word
    found in most of everything the person wrote (their "now", "really") names nothing and is skipped."""
    at = {s.evidence_id: s for s in said}
    by_word: dict[str, list[Row]] = defaultdict(list)
    for m in memories:
        if m.get("memory_type") in ("relationship", "emotion", "secret_reference", "opinion"):
            continue
        if not any(e in at for e in m["evidence_ids"]):
            continue
        for w in content_words(f"{m.get('object') or ''}"):
            by_word[w].append(m)
    if not by_word:
        return []
    common = _common_words(everything, set(by_word))
    out = []
    for word, sources in sorted(by_word.items()):
        if word in common:
            continue
        hits = sorted(
            {at[e] for m in sources for e in m["evidence_ids"] if e in at}, key=lambda s: (s.at, s.evidence_id)
        )
        if len({s.session for s in hits}) < min_sessions:
            continue
        latest = max(sources, key=lambda m: m.get("updated_at") or datetime.min.replace(tzinfo=hits[0].at.tzinfo))
        lang = _lang(s.text for s in hits)
        example = say(
            latest["content_text"], latest["predicate"], latest["object"], latest["memory_type"], Language(lang)
        )
        texts = {k: t.format(o=word, e=example) for k, t in TEXTS[InsightKind.ACTIVITY].items()}
        out.append(_insight(InsightKind.ACTIVITY, word, hits, sources, texts))
    # a word inside a longer one that says the same ("爬山" in "去爬山" ...): keep the one with most sessions first
    out.sort(key=lambda i: (-i.sessions, -len(i.theme), i.theme))
    kept: list[Insight] = []
    for i in out:
        if not any(set(i.evidence_ids) <= set(k.evidence_ids) for k in kept):
            kept.append(i)
    return kept


COMMON_SAMPLE = 5000
COMMON_AFTER = 20  # texts: below that, a word in most of them may well be the theme itself


def _common_words(texts: Sequence[str], words: set[str]) -> set[str]:
    """The words found in more than half of the person's texts, once there are enough texts for "most" to say
    something (in six texts, four about climbing make climbing the theme, not a function word)."""
    if len(texts) < COMMON_AFTER:
        return set()
    counts: dict[str, int] = defaultdict(int)
    for t in texts:
        for w in content_words(t) & words:
            counts[w] += 1
    return {w for w, n in counts.items() if n * 2 > len(texts)}


def _changes(versions: Sequence[Row], said: Sequence[_Said], start: datetime) -> list[Insight]:
    """A value the period replaced: the version superseded and the one that superseded it, said in the period."""
    at = {s.evidence_id: s for s in said}
    by_id = {v.get("version_id") or f"{v['memory_id']}@v{v['version']}": v for v in versions}
    out = []
    for new in versions:
        old = by_id.get(new.get("supersedes") or "")
        if old is None or old.get("state") != "superseded" or new.get("state") in ("superseded", "archived"):
            continue
        if canonical(str(old["object"])) == canonical(str(new["object"])):
            continue  # a new version of the same value (a choice, an edit of the wording) is not a change
        hits = [at[e] for e in new["evidence_ids"] if e in at]
        if not hits:
            continue
        before = [at[e] for e in old["evidence_ids"] if e in at]
        evidence = sorted({*before, *hits}, key=lambda s: (s.at, s.evidence_id))
        texts = {
            str(code): t.format(
                a=say(old["content_text"], old["predicate"], old["object"], old["memory_type"], Language(code)),
                b=say(new["content_text"], new["predicate"], new["object"], new["memory_type"], Language(code)),
            )
            for code, t in TEXTS[InsightKind.CHANGE].items()
        }
        theme = f"{old['object']} -> {new['object']}"
        key = f"{new['memory_id']}:{canonical(str(new['object']))}"
        out.append(_insight(InsightKind.CHANGE, theme, evidence, [old, new], texts, key=key))
    return out


def reflect(
    memories: Sequence[Row],
    versions: Sequence[Row],
    evidence: Sequence[Row],
    now: datetime,
    settings: ReflectionSettings | None = None,
) -> list[Insight]:
    """The period's insights, most supported first. `memories`: the served memories (rows); `versions`: their
    history (superseded versions too); `evidence`: the served evidence (the person's words, with session and time).
    Inferred memories are not reflected on again. A restricted source never makes an insight."""
    settings = settings or ReflectionSettings()
    if not settings.enabled or settings.max_insights == 0:
        return []
    start = now - timedelta(days=settings.window_days)
    said = _said(evidence, start, now)
    if not said:
        return []
    own = [m for m in memories if "inferred" not in (m.get("labels") or []) and m.get("state") != "archived"]
    history = [v for v in versions if not str(v.get("predicate", "")).startswith("inferred:")]
    # what "most of what the person writes" is, from their latest texts (a sample: a whole history need not be cut)
    everything = [str(e.get("raw_content") or "") for e in evidence if (e.get("actor") or "user") == "user"]
    everything = everything[-COMMON_SAMPLE:]
    found = [
        *_named(own, said, settings.min_sessions),
        *_feelings(own, said, settings.min_sessions),
        *_activities(own, said, everything, settings.min_sessions),
        *_changes(history, said, start),
    ]
    found = [i for i in found if i.sensitivity != "restricted"]
    found.sort(key=lambda i: (-i.sessions, -i.last_seen.timestamp(), i.memory_id))
    return found[: settings.max_insights]


def accept_model_insights(
    proposed: Sequence[Row], evidence: Sequence[Row], now: datetime, model: str, limit: int
) -> list[Insight]:
    """A model's insights, kept only when they cite evidence they were shown (ids checked) and hold no secret by
    the screening rules; each is an inferred memory like any other, in the language of its evidence."""
    from mirror_pipeline.core.screening import count_secrets

    shown = {e["evidence_id"]: e for e in evidence}
    out: list[Insight] = []
    for p in proposed:
        text = " ".join(str(p.get("text") or "").split())
        cited = [shown[e] for e in (p.get("evidence_ids") or []) if e in shown]
        if not text or not cited or count_secrets([text])[0]:
            continue
        times = [e["timestamp"] for e in cited if e.get("timestamp") is not None] or [now]
        out.append(
            Insight(
                memory_id=_ids(str(InsightKind.MODEL), canonical(text)),
                kind=InsightKind.MODEL,
                theme=text[:80],
                content_text=text,
                language=_lang(str(e.get("raw_content") or "") for e in cited),
                evidence_ids=tuple(dict.fromkeys(e["evidence_id"] for e in cited)),
                source_memory_ids=(),
                sessions=len({e.get("session_id") for e in cited}),
                first_seen=min(times),
                last_seen=max(times),
                derived_by=model,
            )
        )
    return out[:limit]
