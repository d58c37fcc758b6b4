"""One identity for one statement across languages and paraphrase ("I love hiking" and "我很喜欢徒步" are one memory
with two pieces of evidence).

Exact identity first (subject, predicate and the normalised object: `governance.slot_key`); what is left is compared
by meaning: the multilingual embedding of each slot's statement, computed outside (the governance asset, cached by
content hash) and passed in as a mapping text -> vector. Pure and deterministic: the same slots and vectors give the
same mapping; no vector, no merge (the embedding backend stays optional).

A slot joins the earliest-said slot of its kind (same subject and memory type) whose statement is at least
`threshold` alike; it never joins through a chain (tea ~ green tea ~ black tea stays three unless each is near the
first). Statements of opposite polarity ("I love spicy food" / "我不喜欢吃辣") never merge, however near.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from mirror_pipeline.core.model import MemoryCandidate, MemoryType

# which memories may be one statement said twice; a relation's object is a name (the entity layer unifies names), a
# feeling is a dated snapshot, one-at-a-time facts (where one lives) are one slot already
BY_MEANING = frozenset({MemoryType.PREFERENCE, MemoryType.OPINION, MemoryType.FACT, MemoryType.EVENT})

SlotKey = tuple[str, ...]

# a negated statement says the opposite of its plain form: "不喜欢", "没有", "don't", "never", "not"
_NEGATION = re.compile(
    r"不|没有|没|别|\b(?:not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|hate|hates|dislike"
    r"|dislikes)\b|n't\b",
    re.IGNORECASE,
)


# words that hold 不 / 别 / 没 and deny nothing: 特别喜欢 is 喜欢 said strongly, 不错 is good, 别人 is other people
_NOT_DENIAL = re.compile(
    r"特别|区别|分别|类别|级别|告别|性别|个别|识别|辨别|差别|鉴别|派别|别人|别的|别处|"
    r"不错|不少|差不多|不过|不断|了不起|不得不|不仅|不管|不论|不久|要不然|不然|没准|没错"
)


def negated(text: str) -> bool:
    return bool(_NEGATION.search(_NOT_DENIAL.sub("", text)))


def identity_text(c: MemoryCandidate) -> str:
    """What a memory says, as the person's statement (the extractor's sentence: "The user prefers hiking")."""
    return c.content_text


@dataclass(frozen=True)
class SlotStatement:
    """A slot that may merge by meaning: its kind, when it was first said, and its statement."""

    key: SlotKey
    kind: tuple[str, str]  # (subject, memory type)
    first_said: tuple  # orders slots: the earliest said is the one others join
    text: str
    language: str = ""  # "zh" or "en": statements of two languages are compared apart (see `merges`)


@dataclass(frozen=True)
class Thresholds:
    """How alike two statements must be to be one. The multilingual model puts any two sentences of one language
    nearer than a sentence and its translation ("I like tea" / "I like coffee" 0.92, "I love hiking" / "我很喜欢徒步"
    0.86), so one cosine cannot serve both: within a language only a near-copy merges; across languages a pair
    merges when each is the other's nearest statement in the other language and the cosine clears a floor."""

    same_language: float
    cross_language: float


def merges(
    found: Sequence[SlotStatement], vectors: Mapping[str, np.ndarray], thresholds: Thresholds
) -> dict[SlotKey, SlotKey]:
    """slot -> the slot it is one identity with (only slots that merge are keys). Vectors keyed by statement text;
    a statement without a vector stays itself."""
    groups: dict[tuple[str, str], list[SlotStatement]] = defaultdict(list)
    for s in found:
        if s.text in vectors:
            groups[s.kind].append(s)
    out: dict[SlotKey, SlotKey] = {}
    for kind in sorted(groups):
        group = sorted(groups[kind], key=lambda s: s.first_said)
        if len(group) < 2:
            continue
        matrix = np.stack([np.asarray(vectors[s.text], dtype=np.float32) for s in group])
        polarity = np.array([negated(s.text) for s in group])
        language = np.array([s.language for s in group])
        near = _near_earlier(matrix, polarity, language, thresholds)
        head_of = list(range(len(group)))  # each slot's identity: the index of its first slot
        for i, earlier in enumerate(near):
            hit = next((head_of[j] for j in earlier), None)  # the earliest identity it is near
            if hit is not None:
                head_of[i] = hit
                out[group[i].key] = group[hit].key
    return out


def _near_earlier(
    matrix: np.ndarray, polarity: np.ndarray, language: np.ndarray, thresholds: Thresholds, block: int = 1024
) -> list[list[int]]:
    """For each row, the earlier rows it is one statement with (ascending): same polarity, and a near-copy in its
    own language or the mutual nearest of the other language above the floor. One matrix product per block of rows,
    so thousands of statements cost a fraction of a second."""
    n = len(matrix)
    # each row's nearest statement in the other language (mutual nearest neighbours across languages)
    nearest = np.full(n, -1)
    for start in range(0, n, block):
        sims = matrix[start : start + block] @ matrix.T
        other = language[None, :] != language[start : start + block, None]
        masked = np.where(other, sims, -np.inf)
        has = other.any(axis=1)
        nearest[start : start + block] = np.where(has, masked.argmax(axis=1), -1)
    out: list[list[int]] = []
    for start in range(0, n, block):
        sims = matrix[start : start + block] @ matrix[: start + block].T
        for r in range(sims.shape[0]):
            i = start + r
            row = sims[r, :i]
            same_lang = language[:i] == language[i]
            mutual = (nearest[:i] == i) & (np.arange(i) == nearest[i])
            ok = np.where(same_lang, row >= thresholds.same_language, mutual & (row >= thresholds.cross_language))
            js = np.nonzero(ok & (polarity[:i] == polarity[i]))[0]
            out.append(js.tolist())
    return out
