"""The domains a life has, one file each: the words (English and Chinese) that put a first-person clause in it.

A domain is one record built with keyword arguments: its words, its sensitivity and importance, and its own
acceptance rule (`accept`, given the clause body in lower case) where the words alone would say too much, or a
`veto` where its words are used in a sense that is no disclosure at all ("moved to React"). The engine
(`disclosure.py`) has no `if` on any domain's name; the first domain whose words a clause holds (in `DOMAINS` order,
most specific first) decides."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from mirror_pipeline.core.model import Sensitivity


@dataclass(frozen=True)
class Domain:
    name: str  # also the predicate's second part: "event:work", "state:health"
    en: tuple[str, ...] = ()  # words; a trailing * is a stem ("promot*")
    zh: tuple[str, ...] = ()  # substrings
    sensitivity: Sensitivity = Sensitivity.MEDIUM
    importance: float = 0.5
    accept: Callable[[str], bool] | None = None  # the clause body (lower case): False rejects this domain
    veto: Callable[[str], bool] | None = None  # the clause body (lower case): True drops the clause altogether
    # a Chinese clause of this domain with no subject is the writer's own, whatever its first word (a diary's
    # "尿酸偏高", "房贷还完了": nobody writes of another's body or debts without naming them)
    bare_is_writer: bool = False
    # a shape of a value the words cannot list, in the clause's lower case ("42k", "9 grand", "$12,000")
    en_shape: str = ""
    _en_re: re.Pattern[str] | None = field(default=None, compare=False, repr=False)

    def en_regex(self) -> re.Pattern[str] | None:
        if not self.en:
            return None
        parts = [re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in self.en]
        words = r"\b(?:" + "|".join(sorted(parts, key=len, reverse=True)) + r")\b"
        return re.compile(words + (f"|{self.en_shape}" if self.en_shape else ""))

    def zh_regex(self) -> re.Pattern[str] | None:
        return re.compile("|".join(map(re.escape, sorted(self.zh, key=len, reverse=True)))) if self.zh else None


def domains() -> tuple[Domain, ...]:
    """Most specific first; a clause in none of them is of the domain "life" (the engine's fallback name)."""
    from mirror_pipeline.core.extraction.domains import (
        education,
        family,
        health,
        hobbies,
        money,
        plans,
        possessions,
        residence,
        travel,
        work,
    )

    return (
        health.DOMAIN,
        money.DOMAIN,
        family.DOMAIN,
        family.PETS,
        education.DOMAIN,
        work.DOMAIN,
        residence.DOMAIN,
        travel.DOMAIN,
        possessions.DOMAIN,
        hobbies.DOMAIN,
        money.AMOUNTS,
        plans.DOMAIN,
    )
