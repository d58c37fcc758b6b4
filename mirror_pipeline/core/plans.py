"""A plan called off (sections 11.1, 11.2): "decided not to move to Porto", "成都不去了", "算了，不换了".

The extractor reads a change of mind as a `called_off` candidate whose object is what the clause names (often only
the verb: "不去了" names 去). Here each is tied to the plan it is about: among the plans the person said before it,
the one that shares the most of its content words (a verb shared alone reaches only the plans of the last month, the
most recent first). The change of mind then takes the plan's identity, so governance makes it the plan's next
version and the plan is superseded from then on; a change of mind that is about no plan said is not kept ("头不疼了"
is no plan). Pure: candidates in, candidates and identities out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Protocol, TypeVar

from mirror_pipeline.core.model import MemoryCandidate

CALLED_OFF = "called_off"
# the tag of a planned thing moved to another time ("面试改到下周五了": extraction/reschedule.py): a plan itself
# (`plans:<domain>`), the next version of the plan it is about
RESCHEDULED = "rescheduled"


def rescheduled(c: MemoryCandidate) -> bool:
    return RESCHEDULED in c.tags

# a plan said this long before the change of mind can still be the one it is about (by its content words), and
# this long when only a verb is shared ("算了，不换了")
_WITHIN = timedelta(days=365)
_WITHIN_BY_VERB = timedelta(days=30)

_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[a-z][a-z'-]+")
# the words of a plan that say it is one, or carry no content of their own
_ZH_FUNCTION = frozenset("了的不要想打算准备计划再就也还是我们你他她它个一下上这那会年月日天周号点")
_EN_FUNCTION = frozenset(
    "the a an to of for and or with my our your their it this that next after all anymore any more about idea plan "
    "plans going gonna go get be is are was were year month week weekend summer winter spring autumn fall".split()
)


class _HasCandidate(Protocol):
    @property
    def candidate(self) -> MemoryCandidate: ...


T = TypeVar("T", bound=_HasCandidate)
Key = tuple[str, ...]


def content_words(text: str) -> frozenset[str]:
    """A plan's content words: Han characters one by one, Latin words by their first five letters ("learning" and
    "learn" are one), function words left out."""
    lowered = text.lower()
    han = {ch for ch in _HAN.findall(lowered) if ch not in _ZH_FUNCTION}
    latin = {w[:5] for w in _LATIN.findall(lowered) if w not in _EN_FUNCTION and len(w) > 2}
    return frozenset(han | latin)


def is_plan(predicate: str) -> bool:
    """A plan's predicate: the patterns' `plans_to`, the disclosure reader's `plans:<domain>`."""
    return predicate == "plans_to" or predicate.startswith("plans:")


def called_off(items: Sequence[T], key_of: Callable[[MemoryCandidate], Key]) -> tuple[list[T], dict[Key, Key]]:
    """(the items, less the changes of mind about no plan; the identity of each change of mind, and of each planned
    thing moved to another time, -> its plan's). A thing moved that no plan said before is kept as its own plan."""
    plans = [e for e in items if is_plan(e.candidate.predicate) and not rescheduled(e.candidate)]
    kept: list[T] = []
    aliases: dict[Key, Key] = {}
    for e in items:
        c = e.candidate
        if c.predicate != CALLED_OFF and not rescheduled(c):
            kept.append(e)
            continue
        plan = _about(c, plans)
        if plan is not None:
            aliases[key_of(c)] = key_of(plan.candidate)
        if plan is not None or rescheduled(c):
            kept.append(e)
    return kept, aliases


def _about(off: MemoryCandidate, plans: Sequence[T]) -> T | None:
    words = content_words(off.object)
    best, best_rank = None, None
    for p in plans:
        plan = p.candidate
        if plan.subject != off.subject or not _before(plan, off):
            continue
        shared = len(words & content_words(plan.object))
        gap = (off.mention_time - plan.mention_time) if off.mention_time and plan.mention_time else timedelta(0)
        if shared == 0 or gap > (_WITHIN if shared > 1 else _WITHIN_BY_VERB):
            continue
        rank = (shared, plan.mention_time.timestamp() if plan.mention_time else 0.0, plan.span_start)
        if best_rank is None or rank > best_rank:
            best, best_rank = p, rank
    return best


def _before(plan: MemoryCandidate, off: MemoryCandidate) -> bool:
    """Said before the change of mind: earlier, or earlier in the same message."""
    if plan.evidence_id == off.evidence_id:
        return plan.span_start < off.span_start
    if plan.mention_time is None or off.mention_time is None:
        return False
    return plan.mention_time <= off.mention_time
